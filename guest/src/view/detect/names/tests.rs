//! Which line or member names a record best, and how a long line is cut
//! so as to keep it.

use super::*;

#[test]
fn a_list_item_own_id_ranks_first_and_a_foreign_id_last() {
    let rank = |line: &str, list| name_rank(line, list);
    assert_eq!(rank("\"VolumeId\": \"vol-1\",", Some("Volumes")), Some(0));
    assert_eq!(
        rank("\"VulnerabilityID\": \"CVE-1\",", Some("Vulnerabilities")),
        Some(0)
    );
    assert_eq!(rank("\"InstanceId\": \"i-1\",", Some("Instances")), Some(0));
    assert_eq!(
        rank("\"ImageId\": \"ami-1\",", Some("Instances")),
        Some(ID_RANK)
    );
    assert_eq!(
        rank("\"KmsKeyId\": \"arn:…\",", Some("Volumes")),
        Some(ID_RANK)
    );
    assert_eq!(rank("\"title\": \"Cookie without Secure\",", None), Some(1));
    assert_eq!(rank("\"summary\": \"Checkout total\",", None), Some(1));
    assert_eq!(rank("\"url\": \"https://…\",", None), Some(2));
    assert_eq!(rank("\"uri\": \"/api/x\",", None), Some(2));
    assert_eq!(rank("\"State\": \"available\",", Some("Volumes")), None);
    // A list's name alone is no member of its item.
    assert_eq!(rank("\"s\": 1", Some("s")), None);
    // A member with no value names nothing.
    assert_eq!(rank("\"host\": null,", None), None);
    assert_eq!(rank("name: \"\"", None), None);
    assert_eq!(rank("\"Node\": \"ip-10-2-31-118\",", None), Some(2));
}

/// A Consul check: its `Node` and `Name` name it, and so does one id (its
/// `CheckID`, the instance), not a second (`ServiceID`).
#[test]
fn a_record_named_by_names_keeps_one_id() {
    let check = "[\n  {\n    \"Node\": \"ip-10-2-31-118\",\n    \"CheckID\": \"service:ledger-writer-2\",\n    \"Name\": \"Service 'ledger-writer' check\",\n    \"ServiceID\": \"ledger-writer-2\",\n    \"Status\": \"critical\",\n";
    assert_eq!(
        names_of(check, 7),
        [
            "\"Node\": \"ip-10-2-31-118\",",
            "\"CheckID\": \"service:ledger-writer-2\",",
            "\"Name\": \"Service 'ledger-writer' check\","
        ]
    );
}

#[test]
fn of_many_names_the_record_own_and_best_ranked_come_first() {
    let named = |depth, rank, at, by_id| Named {
        depth,
        rank,
        at,
        by_id,
    };
    // A Jira issue: `id`, `key` at its level; `summary` in `fields`; a
    // project `name` deeper.
    let best = best_of(vec![
        named(6, ID_RANK, 0, true),
        named(6, 2, 1, false),
        named(10, 1, 2, false),
        named(8, 1, 3, false),
    ]);
    assert_eq!(best, vec![1, 3, 0]);
}

#[test]
fn a_cut_line_keeps_its_parts_after_as_much_head_as_fits() {
    let line = format!(
        "{{\"head\":1,{},\"tail\":\"name-42\"}}",
        "\"x\":0,".repeat(60)
    );
    let tail = line.find("\"tail\"").unwrap();
    let name = tail..line.len() - 1;
    let cut = clip_keeping(&line, std::slice::from_ref(&name), 120);
    assert!(cut.len() <= 120, "{cut}");
    assert!(cut.starts_with("{\"head\":1,\"x\":0"), "{cut}");
    // The one closing brace left is shown, not marked.
    assert!(cut.ends_with("…\"tail\":\"name-42\"}"), "{cut}");
    // A part the head shows is not repeated.
    assert_eq!(
        clip_keeping(&line, &[1..8, 2..9], 120),
        crate::view::preview::clip(&line, 120)
    );
    // Parts too long for the head's share go, the least wanted (last) first.
    let big = clip_keeping(&line, &[tail..line.len() - 1, 200..300], 120);
    assert!(
        big.contains("name-42") && !big.contains(&line[200..300]),
        "{big}"
    );
}

#[test]
fn a_long_json_line_is_cut_so_as_to_show_what_names_its_record() {
    let line = format!(
        "{{\"status\":\"oom\",\"id\":\"{}\",\"from\":\"acme/report:3.2\",\"Actor\":{{\"ID\":\"{}\",\"Attributes\":{{\"image\":\"acme/report:3.2\",\"user_id\":\"\",\"name\":\"report-renderer-2\"}}}},\"time\":1763900000}}",
        "9c1f".repeat(16),
        "9c1f".repeat(16)
    );
    let cut = clip_named(&line, None, 240);
    assert!(cut.len() <= 240 + 8, "{cut}");
    assert!(cut.contains("…\"name\":\"report-renderer-2\"…"), "{cut}");
    assert!(
        !cut.contains("user_id"),
        "an empty value names nothing: {cut}"
    );
    // Cut again, shorter (the handle message's width): the name stays.
    let again = clip_named(&cut, None, 120);
    assert!(again.contains("\"name\":\"report-renderer-2\""), "{again}");
    // A compared field far in is kept too, to its member's end.
    let at = line.find("\"time\"").unwrap();
    let with_at = clip_named(&line, Some(at), 240);
    assert!(with_at.ends_with("\"time\":1763900000}"), "{with_at}");
    assert!(with_at.contains("report-renderer-2"), "{with_at}");
    // Not JSON: an end cut, and a compared field far in is kept past
    // its own commas.
    let text = "x ".repeat(200);
    assert_eq!(
        clip_named(&text, None, 100),
        crate::view::preview::clip(&text, 100)
    );
    let slow = format!("{}took: 1,234 ms, then idle", "x ".repeat(200));
    let at = slow.find("took:").unwrap();
    assert!(clip_named(&slow, Some(at), 240).contains("…took: 1,234 ms"));
}

#[test]
fn a_long_xml_event_is_cut_so_as_to_show_its_message() {
    // `wevtutil qe System /f:RenderedXml`: one event a line, its message
    // after a kilobyte of ids and flags.
    let line = format!(
        "<Event xmlns='http://schemas.microsoft.com/win/2004/08/events/event'><System><Provider \
         Name='Microsoft-Windows-WER-SystemErrorReporting' EventSourceName='BugCheck'/><EventID>1001</EventID>{}\
         <EventData><Data Name='param1'>0x000000d1 (0x0, 0x2)</Data></EventData><RenderingInfo \
         Culture='en-US'><Message>The computer has rebooted from a bugcheck.  The bugcheck was: \
         0x000000d1 (0x0, 0x2). A dump was saved in: C:\\Windows\\MEMORY.DMP.</Message><Level>Error</Level>\
         </RenderingInfo></Event>",
        "<Keywords>0x80000000000000</Keywords>".repeat(20)
    );
    let cut = clip_named(&line, None, 240);
    assert!(cut.len() <= 240 + 8, "{cut}");
    assert!(cut.starts_with("<Event xmlns="), "{cut}");
    assert!(
        cut.contains(
            "…<Message>The computer has rebooted from a bugcheck.  The bugcheck was: 0x000000d1"
        ),
        "{cut}"
    );
    // An element of no words (`<Level>Error</Level>`, a name alone) is no
    // message; with none, the line is cut at its end.
    let quiet = format!(
        "<Event>{}<Message>0x1</Message></Event>",
        "<Level>Error</Level>".repeat(20)
    );
    assert_eq!(
        clip_named(&quiet, None, 100),
        crate::view::preview::clip(&quiet, 100)
    );
}

fn names_of(text: &str, number: u64) -> Vec<String> {
    let mut names = Names::default();
    for (i, line) in text.lines().enumerate() {
        let n = i as u64 + 1;
        if n == number {
            let indent = line.len() - line.trim_start().len();
            return names
                .of(indent, n)
                .into_iter()
                .map(|l| l.text.trim().to_string())
                .collect();
        }
        names.see(n, line);
    }
    panic!("no line {number}");
}

#[test]
fn an_item_is_named_by_its_own_id_not_the_last_item_or_a_foreign_id() {
    let volumes = r#"{
    "Volumes": [
        {
            "KmsKeyId": "key-a",
            "SnapshotId": "snap-a",
            "State": "in-use",
            "VolumeId": "vol-a"
        },
        {
            "Attachments": [],
            "KmsKeyId": "key-b",
            "SnapshotId": "snap-b",
            "State": "available",
            "VolumeId": "vol-b"
        }
    ]
}"#;
    // The second volume's `Attachments` comes before any of its names:
    // the first volume's do not name it.
    assert_eq!(names_of(volumes, 10), Vec::<String>::new());
    let named = names_of(&format!("{volumes}\n"), 14);
    assert!(
        named.contains(&"\"KmsKeyId\": \"key-b\",".to_string()),
        "{named:?}"
    );
    // Once seen, the volume's own id is its best name.
    let mut names = Names::default();
    for (i, line) in volumes.lines().take(14).enumerate() {
        names.see(i as u64 + 1, line);
    }
    let best = names.slots[12]
        .as_ref()
        .map(|s| s.first.text.trim().to_string());
    assert_eq!(best.as_deref(), Some("\"VolumeId\": \"vol-b\""));
}

#[test]
fn an_html_card_keeps_its_heading_past_its_next_element() {
    let page = "<li class=\"card\">\n  <a href=\"/p/1\">\n    <h3 class=\"title\">Walnut Riser</h3>\n  </a>\n  <div class=\"price\">\n    <span class=\"badge\">Sold out</span>\n  </div>\n</li>\n";
    let named = names_of(page, 6);
    assert!(
        named.iter().any(|n| n.contains("Walnut Riser")),
        "{named:?}"
    );
}

/// The naming lines of `lines`' line `of` (1-based), as a caller asks
/// while seeing it.
fn named_of(lines: &[&str], of: usize) -> Vec<u64> {
    let mut names = Names::default();
    for (i, line) in lines[..of - 1].iter().enumerate() {
        names.see(i as u64 + 1, line);
    }
    let line = lines[of - 1];
    let indent = line.len() - line.trim_start().len();
    let found = names.of(indent, of as u64).iter().map(|l| l.line).collect();
    names.see(of as u64, line);
    found
}

#[test]
fn a_name_in_a_closed_part_names_the_record_only_when_nothing_open_does() {
    // A node of `kubectl get nodes -o json`: its name is in `metadata`,
    // closed before `spec` (whose `providerID` is an id) and `status`.
    let node = [
        "    {",
        "        \"metadata\": {",
        "            \"name\": \"ip-10-20-87-150\",",
        "            \"uid\": \"0b6f\"",
        "        },",
        "        \"spec\": {",
        "            \"providerID\": \"aws:///eu-west-1a/i-004e\"",
        "        },",
        "        \"status\": {",
        "            \"conditions\": [",
        "                {",
        "                    \"reason\": \"KubeletNotReady\",",
        "                    \"status\": \"False\"",
    ];
    // (with its one id, `uid`).
    assert_eq!(named_of(&node, 12), [3, 4]);
    // An EC2 instance: its own `InstanceId` is open; the `GroupName` of
    // its closed `Placement` is no name of its `State`.
    let instance = [
        "        {",
        "            \"InstanceId\": \"i-0540\",",
        "            \"Placement\": {",
        "                \"GroupName\": \"\",",
        "                \"Tenancy\": \"default\"",
        "            },",
        "            \"State\": {",
        "                \"Code\": 80,",
        "                \"Name\": \"stopped\"",
    ];
    assert_eq!(named_of(&instance, 9), [2]);
    // A pod: its closed `metadata.name` names a container's state beside
    // the open container's own `name`.
    let pod = [
        "    {",
        "        \"metadata\": {",
        "            \"name\": \"web-7f9c\",",
        "        },",
        "        \"spec\": {",
        "            \"restartPolicy\": \"Always\",",
        "        },",
        "        \"status\": {",
        "            \"containerStatuses\": [",
        "                {",
        "                    \"name\": \"app\",",
        "                    \"reason\": \"OOMKilled\",",
    ];
    assert_eq!(named_of(&pod, 12), [3, 11]);
}

#[test]
fn a_cut_json_line_keeps_what_happened_after_its_names() {
    let line = format!(
        "{{\"__CURSOR\":\"{}\",\"PRIORITY\":\"2\",\"SYSLOG_IDENTIFIER\":\"postgres\",\"MESSAGE\":\"PANIC: could not write to file: No space left on device\",\"_PID\":\"1841\"}}",
        "s=8f1c;".repeat(40)
    );
    let cut = clip_named(&line, line.find("\"PRIORITY\""), 360);
    assert!(cut.len() <= 360, "{cut}");
    for kept in [
        "\"PRIORITY\":\"2\"",
        "\"SYSLOG_IDENTIFIER\":\"postgres\"",
        "No space left on device\"",
    ] {
        assert!(cut.contains(kept), "{kept} in {cut}");
    }
    // A one-word value tells nothing: `"error": "none"`, compact or not.
    assert_eq!(telling_member("{\"error\":\"none\",\"a\":1}"), None);
    assert_eq!(telling_member("{\"error\": \"none\", \"a\": 1}"), None);
}

#[test]
fn an_xml_element_alone_on_its_line_is_a_member() {
    assert_eq!(
        element("<uri>https://shop.example/suche?q=zelt</uri>"),
        Some(("uri", "https://shop.example/suche?q=zelt"))
    );
    assert_eq!(naming_key("<uri>https://shop.example/</uri>"), Some("uri"));
    assert_eq!(
        element("<riskdesc>High (Medium)</riskdesc>"),
        Some(("riskdesc", "High (Medium)"))
    );
    // Not an element: another inside, none closed, a different tag, empty.
    assert_eq!(element("<p><b>x</b></p>"), None);
    assert_eq!(element("<uri>https://shop.example/"), None);
    assert_eq!(element("<a>x</b>"), None);
    assert_eq!(element("<otherinfo></otherinfo>"), None);
}

#[test]
fn a_key_that_is_a_name_opens_a_named_block() {
    for key in [
        "\"https://shop.example/c/tents\": [",
        "\"/data/events\": {",
        "\"pkg-4\": {",
        "web-07.example.net:",
        "shop-web-07:",
        "\"alice@example.com\": {",
        "File[/etc/hosts]: !ruby/object:Puppet::Resource::Status",
        "Service[pgbouncer]: !ruby/object:Puppet::Resource::Status",
    ] {
        assert!(name_key(key), "{key}");
    }
    for line in [
        "\"results\": {",
        "\"ipv4\": {",
        "spec:",
        "\"https://shop.example/c/tents\": \"ok\",",
        "- web-07:",
        "Summary for shop-web-07:",
        "Status: CORRUPT",
        "10.0.0.1: ok",
        "resources: !ruby/object:Puppet::Util::Metric",
        "File[/etc/hosts]: !ruby/object:Puppet resource",
        "tags[0]: x",
    ] {
        assert!(!name_key(line), "{line}");
    }
}

/// pa11y's results, an object keyed by page: an issue 600 lines into a
/// page's list is that page's, past [`NAME_REACH`]; the next page's key
/// closes it.
#[test]
fn a_line_deep_in_a_block_under_a_name_is_named_by_its_key() {
    let issue = "      {\n        \"code\": \"WCAG2AA.H37\",\n        \"message\": \"Img element missing an alt attribute.\"\n      },\n";
    let text = format!(
        "{{\n  \"results\": {{\n    \"https://shop.example/c/tents\": [\n{}      {{}}\n    ],\n    \"https://shop.example/p/7712\": [\n{}      {{}}\n    ]\n  }}\n}}\n",
        issue.repeat(150),
        issue.repeat(2)
    );
    let deep = 3 + 150 * 4 - 1;
    assert_eq!(
        names_of(&text, deep),
        ["\"https://shop.example/c/tents\": ["]
    );
    let next = 3 + 150 * 4 + 3 + 3;
    assert_eq!(
        names_of(&text, next),
        ["\"https://shop.example/p/7712\": ["]
    );
    // Past the list, `}` at the object's indent: no page names it.
    let lines = text.lines().count() as u64;
    assert!(names_of(&text, lines).is_empty());
}

/// Puppet's report: resource statuses keyed by the resource, each a Ruby
/// object with its own `resource:` and `title:`, its events an indentless
/// list. A line after the events is named by its own resource, never by
/// the `title:` of the resource before it.
#[test]
fn a_block_under_a_name_drops_the_names_of_the_block_before() {
    let status = |r: &str, t: &str| {
        format!(
            "  {r}: !ruby/object:Puppet::Resource::Status\n    resource: {r}\n    line: 40\n    events:\n    - !ruby/object:Puppet::Transaction::Event\n      name: :content_changed\n      status: success\n    title: {t}\n    corrective_change: false\n"
        )
    };
    let text = format!(
        "resource_statuses:\n{}{}",
        status("Package[postgresql-14]", "postgresql-14"),
        status(
            "File[/etc/postgresql/14/main/pg_hba.conf]",
            "/etc/postgresql/14/main/pg_hba.conf"
        )
    );
    // The second status's `corrective_change`, its last line.
    let last = text.lines().count() as u64;
    let names = names_of(&text, last);
    assert!(
        names
            .iter()
            .all(|n| !n.contains("postgresql-14\"") && !n.contains("Package[")),
        "{names:?}"
    );
    assert!(
        names
            .iter()
            .any(|n| n.contains("resource: File[/etc/postgresql/14/main/pg_hba.conf]")),
        "{names:?}"
    );
}

/// Salt's highstate: a minion's id over its states, each between rules of
/// dashes, its own `ID:` nearest.
#[test]
fn a_salt_state_is_named_by_its_minion_and_its_id() {
    let state = "----------\n          ID: php-fpm-packages\n    Function: pkg.installed\n      Result: False\n     Comment: Problem encountered installing package(s).\n              errors:\n                  - E: You don't have enough free space in /var/cache/apt/archives/.\n";
    let text = format!(
        "shop-web-06:\n{}Summary for shop-web-06\nshop-web-07:\n{}{}",
        state.repeat(2),
        state.repeat(60),
        "Summary for shop-web-07\n"
    );
    let error = 3 + 7 * 2 + 7 * 60;
    assert_eq!(
        names_of(&text, error as u64),
        ["shop-web-07:", "ID: php-fpm-packages"]
    );
}

/// Junos's `show interfaces diagnostics optics`: each port's readings are
/// indented under the line naming it, with no key that names; a reading
/// is named by its port's line, a YAML `spec:` opening a block names
/// nothing, and a line at the heading's own indent ends it.
#[test]
fn an_indented_reading_is_named_by_its_outline_heading() {
    let optics = "Physical interface: xe-0/0/6\n    Laser rx power low alarm      :  Off\nPhysical interface: xe-0/0/7\n    Laser bias current            :  8.117 mA\n\n    Laser rx power low alarm      :  On\nSummary: 2 ports\n";
    assert_eq!(names_of(optics, 2), ["Physical interface: xe-0/0/6"]);
    assert_eq!(names_of(optics, 6), ["Physical interface: xe-0/0/7"]);
    assert_eq!(names_of(optics, 7), Vec::<String>::new());
    let yaml = "spec:\n  replicas: 3\n  paused: true\n";
    assert_eq!(names_of(yaml, 3), Vec::<String>::new());
    let list = "- image: web:1\n  pull: Always\n";
    assert_eq!(names_of(list, 2), Vec::<String>::new());
}

/// Robot Framework's `output.xml`, not indented: a keyword's failure is
/// named by its keyword and its test, the test's status by its test; a
/// closed keyword and a line's own element name nothing, nor does a void
/// HTML element.
#[test]
fn an_xml_line_is_named_by_its_open_named_elements() {
    let xml = [
        "<suite id=\"s1\" name=\"E2E\">",
        "<test id=\"s1-t8\" name=\"Pay With PayPal As Guest\" line=\"124\">",
        "<kw name=\"Go To\" library=\"SeleniumLibrary\">",
        "<arg>https://shop/</arg>",
        "</kw>",
        "<kw name=\"Wait Until Element Is Visible\" library=\"SeleniumLibrary\">",
        "<arg>id:paypal-button</arg>",
        "<msg level=\"FAIL\">Element 'id:paypal-button' not visible after 10 seconds.</msg>",
        "</kw>",
        "<status status=\"FAIL\">Element 'id:paypal-button' not visible after 10 seconds.</status>",
        "</test>",
        "<input name=\"q\">",
        "<status status=\"PASS\"/>",
    ];
    assert_eq!(named_of(&xml, 8), [2, 6]);
    assert_eq!(named_of(&xml, 10), [2]);
    assert_eq!(named_of(&xml, 13), [1]);
}

/// Hostile markup: a line of a hundred thousand tags, tags a megabyte
/// long and tens of thousands of elements never closed are read in
/// bounded time and memory, and still name nothing wrongly.
#[test]
fn hostile_markup_is_read_in_bounds() {
    let mut names = Names::default();
    names.see(1, &"<a name=\"x\">".repeat(100_000));
    names.see(2, &format!("<{} name=\"y\">", "t".repeat(1 << 20)));
    for n in 3..30_000 {
        names.see(n, "<e name=\"z\">");
    }
    assert!(names.elements.len() <= MAX_ELEMENTS);
    assert!(names.elements.iter().all(|(tag, _)| tag.len() <= KEY_BYTES));
    assert_eq!(names.of(0, 30_000).len(), 1);
}
