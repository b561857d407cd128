//! Rows a value the question names picks, told apart by the column the
//! question asks for by its key: "which files had a private key?" gets
//! each file once, with its count, however long its path.

use super::answer;

#[test]
fn picked_rows_are_told_apart_by_the_column_asked_for() {
    let files = [
        (
            "services/payment-gateway/src/test/resources/certs/client-key.pem",
            1,
        ),
        ("infra/terraform/bastion/keys/bastion_ed25519", 3),
        ("deploy/ansible/roles/app/files/deploy_id_rsa", 2),
        ("docker/nginx/ssl/shop.example.de.key", 1),
    ];
    let mut picked = files.iter().flat_map(|&(f, n)| std::iter::repeat_n(f, n));
    let findings: Vec<serde_json::Value> = (0..400u32)
        .map(|i| {
            let (rule, file) = match (i % 50 == 17).then(|| picked.next()).flatten() {
                Some(f) => ("private-key", f.to_string()),
                None => (
                    "generic-api-key",
                    format!("src/module{}/settings.py", i % 37),
                ),
            };
            let author = ["Clara Wagner", "Jonas Richter", "Felix Braun"][i as usize % 3];
            serde_json::json!({
                "Description": "Identified a secret",
                "StartLine": i % 90, "EndLine": i % 90 + 2, "File": file,
                "Commit": format!("{:040x}", u128::from(i) * 0x9e37_79b9_7f4a_7c15),
                "Author": author,
                "RuleID": rule,
            })
        })
        .collect();
    let out = serde_json::to_string_pretty(&findings).unwrap();
    // Asked with or without a word naming another column (`Commit`): the
    // files, repeated, group the rows; they never name them.
    for question in [
        "Has anyone ever committed a private key? Which files had one? All of them.",
        "Which files had a private key? All of them.",
    ] {
        let body = answer(&out, question);
        for (file, n) in files {
            let rows = if n == 1 { "row" } else { "rows" };
            assert!(
                body.contains(&format!("File={file}: {n} {rows}\n")),
                "{question} {file}: {body}"
            );
        }
    }
}

/// Rows are named by the key holding more of the question's words:
/// "their incident numbers" is `incident_number`, not `incident_key`.
#[test]
fn rows_are_named_by_the_key_holding_most_of_the_question_s_words() {
    let open = [48252, 48259, 48292];
    let incidents: Vec<serde_json::Value> = (48100..48350u32)
        .map(|n| {
            let status = if open.contains(&n) {
                "triggered"
            } else {
                "resolved"
            };
            serde_json::json!({
                "incident_number": n,
                "title": format!("Disk almost full on host-{}", n % 17),
                "status": status,
                "incident_key": format!("{:032x}", u128::from(n) * 0x9e37_79b9),
                "type": "incident",
            })
        })
        .collect();
    let out = serde_json::to_string_pretty(&incidents).unwrap();
    let body = answer(
        &out,
        "Which incidents are still triggered? Give me all of their incident numbers.",
    );
    // Their `incident_key`, a value a row, groups nothing.
    let section = super::section_holding(&body, "The rows whose status is \"triggered\"");
    assert_eq!(
        section,
        "[The rows whose status is \"triggered\", as the question names it: 3 rows, by their other values, the rarest first, with the incident_number of its rows]\n\
         3 rows\n  incident_number of its rows: 48252, 48259, 48292",
        "{body}"
    );
}

#[test]
fn which_files_is_answered_by_the_member_holding_a_path_whatever_its_key() {
    // A scanner that keys each finding by an id and its file `component`.
    let issues: Vec<serde_json::Value> = (0..300u32)
        .map(|i| {
            let message = match i % 60 {
                7 => "Change this code to not construct SQL queries from user data.",
                _ => "Define and throw a dedicated exception instead of a generic one.",
            };
            serde_json::json!({
                "key": format!("AZ{:018x}", u64::from(i) * 0x9e37_79b9),
                "rule": format!("java:S{}", 1000 + i % 7),
                "component": format!("shop:src/main/java/de/shop/module{i}/Dao{i}.java"),
                "project": "shop",
                "line": i % 200,
                "status": "OPEN",
                "message": message,
                "effort": "10min",
                "author": "k.jung@example.de",
                "tags": ["cwe", "cert"],
                "creationDate": "2026-08-24T19:23:08+0000",
                "type": "VULNERABILITY",
            })
        })
        .collect();
    let out = serde_json::to_string_pretty(&serde_json::json!({ "issues": issues })).unwrap();
    let body = answer(
        &out,
        "Which files still have an SQL injection problem? I need every one of them.",
    );
    for i in [7, 67, 127, 187, 247] {
        assert!(
            body.contains(&format!("module{i}/Dao{i}.java")),
            "{i}: {body}"
        );
    }
}

#[test]
fn a_long_json_line_shows_the_member_asked_for_past_the_views_wrap() {
    // A gateway's access log: each record's headers run past the view's
    // wrap, and the client's address comes after them, after the upstream's.
    let out: String = (0..200u32)
        .map(|i| {
            let headers: serde_json::Map<String, serde_json::Value> = (0..90)
                .map(|h| (format!("x-header-{h}"), format!("value-{i}-{h}").into()))
                .collect();
            let uri = match i {
                120 => "/v1/customers/export?scope=all&format=csv".to_string(),
                _ => format!("/v1/customers/cus_{i:05}"),
            };
            let record = serde_json::json!({
                "response": {"status": 200, "size": 2000 + i, "headers": headers},
                "tries": [{"ip": format!("10.244.1.{}", i % 200), "port": 8080}],
                "upstream_uri": uri,
                "client_ip": format!("185.107.{}.{}", i / 100, i % 100 + 7),
            });
            format!("{record}\n")
        })
        .collect();
    assert!(out.lines().all(|l| l.len() > 2500));
    let body = answer(
        &out,
        "Someone downloaded our entire customer list. From what client IP address did it come?",
    );
    assert!(body.contains("\"client_ip\":\"185.107.1.27\""), "{body}");
}

#[test]
fn a_value_every_row_holds_picks_none_and_rows_are_named_by_their_title() {
    // `az storage account list`: "accounts" names the value every
    // account's encryption holds (`"keyType": "Account"`); "TLS 1.0"
    // names the `minimumTlsVersion` of five. Every account has an `id`
    // (a resource path all share the start of) before its `name`.
    let old = [3, 41, 77, 118, 160];
    let accounts: Vec<serde_json::Value> = (0..200u32)
        .map(|i| {
            let name = format!("st{}prod{i:03}", ["crm", "erp", "bi", "wms"][i as usize % 4]);
            let tls = match i {
                i if old.contains(&i) => "TLS1_0",
                i if i % 9 == 4 => "TLS1_1",
                _ => "TLS1_2",
            };
            let kind = ["StorageV2", "BlobStorage"][i as usize % 2];
            let access = ["Enabled", "Disabled"][i as usize % 3 / 2];
            serde_json::json!({
                "encryption": {"keySource": "Microsoft.Storage",
                    "services": {"blob": {"enabled": true, "keyType": "Account"}}},
                "id": format!("/subscriptions/8c1f2e47-3d5a-4b9e-a6c0-71e2d9f43b18/resourceGroups/rg-{i}/providers/Microsoft.Storage/storageAccounts/{name}"),
                "kind": kind,
                "minimumTlsVersion": tls,
                "name": name,
                "publicNetworkAccess": access,
            })
        })
        .collect();
    let out = serde_json::to_string_pretty(&accounts).unwrap();
    let body = answer(
        &out,
        "Which of our storage accounts still accept TLS 1.0? I need every one.",
    );
    assert!(!body.contains("The rows whose keyType"), "{body}");
    let section = super::section_holding(&body, "The rows whose minimumTlsVersion is \"TLS1_0\"");
    assert!(
        section.starts_with("[The rows whose minimumTlsVersion is \"TLS1_0\", as the question names it: 5 rows, by their other values, the rarest first, with the name of its rows]\n"),
        "{body}"
    );
    for i in old {
        let name = format!(
            "st{}prod{i:03}",
            ["crm", "erp", "bi", "wms"][i as usize % 4]
        );
        assert!(section.contains(&name), "{name}: {body}");
    }
}
