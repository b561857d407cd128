//! Lexical answers to a question asking for an extreme: the field chosen
//! is the one whose name says the end asked for (`maximum` for "the
//! biggest"), read from keys of several words (`Compacted partition
//! maximum bytes`), and a sudden high ("when did it spike") is a largest.

use super::answer;

/// `nodetool tablestats`: per table, sizes under keys of four words.
fn tablestats() -> String {
    let mut out = String::from("Total number of tables: 60\n----------------\nKeyspace : shop\n");
    for t in 0..60u64 {
        let max = if t == 41 {
            2_874_382_626
        } else {
            1_000_000 + t * 7919 % 90_000_000
        };
        out.push_str(&format!(
            "\t\tTable: table_{t}\n\t\tSpace used (live): {}\n\t\tNumber of partitions (estimate): {}\n\
             \t\tLocal read count: {}\n\t\tLocal read latency: {}.{:03} ms\n\
             \t\tCompacted partition minimum bytes: {}\n\t\tCompacted partition maximum bytes: {max}\n\
             \t\tCompacted partition mean bytes: {}\n\n",
            t * 104_729 % 900_000_000,
            t * 31 % 7000,
            t * 977_137 % 140_000_000,
            t % 9,
            t * 37 % 1000,
            // The smallest partitions of the biggest table are big too.
            if t == 41 { 1_629_722 } else { 100 + t },
            max / 2 + t,
        ));
    }
    out
}

#[test]
fn the_biggest_is_read_from_the_field_named_maximum() {
    let out = tablestats();
    let body = answer(
        &out,
        "Reads on one of our tables keep timing out. Which table has the biggest partition, and \
         how big does it get?",
    );
    let section = body
        .split("\n[")
        .find(|s| s.starts_with("the largest values of Compacted partition maximum bytes ("))
        .unwrap_or_else(|| panic!("{body}"));
    assert!(section.contains("Table: table_41"), "{section}");
    assert!(
        section.contains("Compacted partition maximum bytes: 2874382626"),
        "{section}"
    );
}

#[test]
fn a_spike_asks_for_the_largest() {
    let mut out = String::from("day         hour  service        cost\n");
    for d in 1..=28u32 {
        for h in 0..24 {
            for (s, base) in [("nat-gateway", 40), ("ec2", 900), ("s3", 120)] {
                let spike = d == 19 && h == 14 && s == "nat-gateway";
                let cost = if spike { 1873 } else { base + (d + h) % 7 };
                out.push_str(&format!("2026-11-{d:02}  {h:>4}  {s:<13}  {cost}\n"));
            }
        }
    }
    let body = answer(
        &out,
        "On which day did our costs spike, and how much were they?",
    );
    assert!(body.contains("[the largest values of cost"), "{body}");
    assert!(
        body.contains("2026-11-19    14  nat-gateway    1873"),
        "{body}"
    );
}

/// `iperf3 -J`: per second, the streams and their `sum`, an object of a
/// few members. Asked for the worst second of the throughput: the
/// smallest `bits_per_second` of a `sum`, shown with its object's other
/// members, `"start"` and `"end"` among them (what "which second" asks).
#[test]
fn a_rates_worst_is_its_smallest_shown_with_its_objects_members() {
    let mut intervals = Vec::new();
    for i in 0..300u32 {
        let bps = if i == 211 {
            2_097_321.5
        } else {
            9.0e8 + f64::from(i * 7919 % 1000) * 1.0e5
        };
        let stream = |s: u32| {
            format!(
                r#"{{"socket": {s}, "start": {i}.0001, "end": {}.0001, "seconds": 1.0001, "bytes": {}, "bits_per_second": {}, "retransmits": 0}}"#,
                i + 1,
                (bps / 16.0) as u64,
                bps / 2.0
            )
        };
        intervals.push(format!(
            r#"{{"streams": [{}, {}], "sum": {{"start": {i}.000139, "end": {}.000139, "seconds": 1.000139, "bytes": {}, "bits_per_second": {bps}, "retransmits": 0, "omitted": false, "sender": true}}}}"#,
            stream(5),
            stream(7),
            i + 1,
            (bps / 8.0) as u64
        ));
    }
    let out = format!(
        r#"{{"start": {{"version": "iperf 3.16"}}, "intervals": [{}], "end": {{}}}}"#,
        intervals.join(", ")
    );
    let body = answer(
        &out,
        "In which one-second stretch was the combined throughput at its worst, and how low did it get?",
    );
    let section = (body.split("\n\n"))
        .find(|s| s.contains("smallest values of bits_per_second") && s.contains("2097321.5"))
        .unwrap_or_else(|| panic!("{body}"));
    assert!(section.contains("\"start\": 211.000139,"), "{body}");
    assert!(section.contains("\"end\": 212.000139,"), "{body}");
}
