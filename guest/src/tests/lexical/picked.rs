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
    let body = answer(
        &out,
        "Has anyone ever committed a private key? Which files had one? All of them.",
    );
    for (file, n) in files {
        let rows = if n == 1 { "row" } else { "rows" };
        assert!(
            body.contains(&format!("File={file}: {n} {rows}\n")),
            "{file}: {body}"
        );
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
    assert!(
        body.contains(
            "status=triggered: 3 rows\n  incident_number of its rows: 48252, 48259, 48292\n"
        ),
        "{body}"
    );
}
