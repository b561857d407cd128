//! More outputs made of records: `go test -v`, a scraped product page,
//! `npm audit --json`.

use super::super::heldout::h;
use super::Case;

pub(super) fn cases() -> Vec<Case> {
    vec![go_test(), product_page(), npm_audit()]
}

/// `go test -v ./...`: thousands of passing tests, some named after
/// failures, one failing with its comparison.
fn go_test() -> Case {
    let pkgs = ["money", "settle", "ledger", "audit", "fx", "report"];
    let names = [
        "ParseAmount",
        "RetryAfterFailure",
        "RoundHalfEven",
        "FailFastDisabled",
        "Convert",
        "Checksum",
        "Totals",
        "Export",
    ];
    let mut out = String::new();
    let mut n = 0;
    for (p, pkg) in pkgs.iter().enumerate() {
        for t in 0..680 {
            n += 1;
            let name = format!("Test{}{}", names[t % names.len()], t / names.len());
            if p == 1 && t == 301 {
                out.push_str("=== RUN   TestSettlementRounding\n    settlement_test.go:88: rounding mismatch for batch 7: got 1000.01, want 1000.00\n--- FAIL: TestSettlementRounding (0.00s)\n");
                continue;
            }
            out.push_str(&format!("=== RUN   {name}\n"));
            if t % 8 == 1 {
                out.push_str(&format!(
                    "    {pkg}_test.go:{}: simulated failure injected (expected), attempt {}\n",
                    40 + t % 50,
                    1 + t % 3
                ));
            }
            if t % 4 == 0 {
                out.push_str(&format!(
                    "=== RUN   {name}/case_{}\n    --- PASS: {name}/case_{} (0.00s)\n",
                    t % 7,
                    t % 7
                ));
            }
            out.push_str(&format!("--- PASS: {name} (0.{:02}s)\n", h(n, 70) % 40));
        }
        if p == 1 {
            out.push_str(&format!(
                "FAIL\nFAIL\tgithub.com/acme/ledger/internal/{pkg}\t0.{:03}s\n",
                h(p, 71) % 900
            ));
        } else {
            out.push_str(&format!(
                "PASS\nok  \tgithub.com/acme/ledger/internal/{pkg}\t0.{:03}s\n",
                h(p, 71) % 900
            ));
        }
    }
    out.push_str("FAIL\n");
    Case {
        name: "go test -v, one test failing",
        output: out,
        question: "Which test broke, and what did it expect versus what it actually got?",
        line: "--- FAIL: TestSettlementRounding",
        facts: vec!["TestSettlementRounding", "got 1000.01, want 1000.00"],
        not_between: vec![],
    }
}

const PRODUCTS: &[&str] = &[
    "Oak Bookend Pair",
    "Linen Desk Mat",
    "Brass Cable Clips",
    "Felt Laptop Sleeve",
    "Ceramic Pen Cup",
    "Cork Coaster Set",
    "Steel Letter Tray",
    "Ash Phone Stand",
    "Wool Seat Pad",
    "Glass Paperweight",
];

/// A scraped product listing page: 470 products in stock, a few low on
/// stock, one sold out (schema.org availability and a badge).
fn product_page() -> Case {
    let mut out = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n  <meta charset=\"utf-8\">\n  <title>Desk Accessories | Acme Home</title>\n  <link rel=\"stylesheet\" href=\"/assets/app.3f9c2a.css\">\n</head>\n<body class=\"catalog\">\n  <main id=\"content\">\n    <h1>Desk Accessories</h1>\n    <ul class=\"product-grid\">\n",
    );
    for i in 0..470 {
        let sku = 10_000 + i;
        let (title, availability, badge, button) = if i == 263 {
            (
                "Walnut Monitor Riser".to_string(),
                "OutOfStock",
                "<span class=\"badge badge--soldout\">Sold out</span>",
                "<button class=\"btn btn--notify\" data-action=\"notify-me\" disabled>Email me when it's back</button>",
            )
        } else if h(i, 80).is_multiple_of(60) {
            (
                format!("{} {}", PRODUCTS[i % PRODUCTS.len()], i / 10),
                "LimitedAvailability",
                "<span class=\"badge badge--low\">Only 2 left</span>",
                "<button class=\"btn btn--add\" data-action=\"add-to-cart\">Add to cart</button>",
            )
        } else {
            (
                format!("{} {}", PRODUCTS[i % PRODUCTS.len()], i / 10),
                "InStock",
                "<span class=\"badge badge--stock\">In stock</span>",
                "<button class=\"btn btn--add\" data-action=\"add-to-cart\">Add to cart</button>",
            )
        };
        let slug = title.to_lowercase().replace(' ', "-");
        let price = format!("{}.{:02}", 9 + h(i, 81) % 120, [0, 50, 90, 95, 99][i % 5]);
        out.push_str(&format!(
            "      <li class=\"product-card\" data-sku=\"SKU-{sku}\">\n        <a href=\"/p/{slug}-{sku}\" class=\"product-card__link\">\n          <img src=\"/img/{sku}-400.webp\" alt=\"{title}\" loading=\"lazy\" width=\"400\" height=\"400\">\n          <h3 class=\"product-card__title\">{title}</h3>\n        </a>\n        <div class=\"product-card__price\" itemprop=\"offers\" itemscope itemtype=\"https://schema.org/Offer\">\n          <meta itemprop=\"priceCurrency\" content=\"EUR\">\n          <span itemprop=\"price\" content=\"{price}\">€{price}</span>\n          <link itemprop=\"availability\" href=\"https://schema.org/{availability}\">\n          {badge}\n        </div>\n        {button}\n      </li>\n"
        ));
    }
    out.push_str("    </ul>\n    <nav class=\"pagination\"><a href=\"?page=2\" rel=\"next\">Next</a></nav>\n  </main>\n  <script src=\"/assets/app.8d1e77.js\" defer></script>\n</body>\n</html>\n");
    Case {
        name: "scraped product page, one sold out",
        output: out,
        question: "Which product is currently unavailable?",
        line: "Walnut Monitor Riser",
        facts: vec!["Walnut Monitor Riser", "OutOfStock"],
        not_between: vec!["</li>"],
    }
}

/// `npm audit --json`: 480 advisories of low, moderate and high severity
/// and one critical.
fn npm_audit() -> Case {
    let mut out = String::from("{\n  \"auditReportVersion\": 2,\n  \"vulnerabilities\": {\n");
    let severities = ["low", "moderate", "moderate", "high"];
    let words = [
        "parse", "glob", "yaml", "semver", "path", "url", "json", "tar", "ws", "qs",
    ];
    for i in 0..480 {
        let (name, severity, title, score) = if i == 277 {
            (
                "shell-quote".to_string(),
                "critical",
                "Improper Neutralization of Special Elements used in a Command in Shell-quote"
                    .to_string(),
                9.8,
            )
        } else {
            let sev = severities[h(i, 90) as usize % 4];
            (
                format!(
                    "{}-{}{}",
                    words[i % 10],
                    words[i / 10 % 10],
                    if i >= 100 {
                        format!("-{}", i / 100)
                    } else {
                        String::new()
                    }
                ),
                sev,
                format!(
                    "{} vulnerable to Regular Expression Denial of Service",
                    words[i % 10]
                ),
                match sev {
                    "low" => 3.1,
                    "moderate" => 5.3,
                    _ => 7.5,
                },
            )
        };
        let ghsa = format!(
            "GHSA-{:04x}-{:04x}-{:04x}",
            h(i, 91) as u16,
            h(i, 92) as u16,
            h(i, 93) as u16
        );
        out.push_str(&format!(
            "    \"{name}\": {{\n      \"name\": \"{name}\",\n      \"severity\": \"{severity}\",\n      \"isDirect\": {},\n      \"via\": [\n        {{\n          \"source\": {},\n          \"name\": \"{name}\",\n          \"dependency\": \"{name}\",\n          \"title\": \"{title}\",\n          \"url\": \"https://github.com/advisories/{ghsa}\",\n          \"severity\": \"{severity}\",\n          \"cwe\": [\n            \"CWE-{}\"\n          ],\n          \"cvss\": {{\n            \"score\": {score},\n            \"vectorString\": \"CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H\"\n          }},\n          \"range\": \"<{}.{}.{}\"\n        }}\n      ],\n      \"effects\": [],\n      \"range\": \"<{}.{}.{}\",\n      \"nodes\": [\n        \"node_modules/{name}\"\n      ],\n      \"fixAvailable\": true\n    }}{}\n",
            i % 7 == 0, 1_090_000 + h(i, 94) % 10_000, [400, 1333, 94, 1321][i % 4],
            1 + i % 5, i % 20, i % 9, 1 + i % 5, i % 20, i % 9,
            if i == 479 { "" } else { "," }
        ));
    }
    out.push_str("  },\n  \"metadata\": {\n    \"vulnerabilities\": {\n      \"info\": 0,\n      \"low\": 100,\n      \"moderate\": 239,\n      \"high\": 140,\n      \"critical\": 1,\n      \"total\": 480\n    },\n    \"dependencies\": {\n      \"prod\": 812,\n      \"dev\": 1204,\n      \"optional\": 31,\n      \"peer\": 0,\n      \"peerOptional\": 0,\n      \"total\": 2046\n    }\n  }\n}\n");
    Case {
        name: "npm audit --json, one critical",
        output: out,
        question: "Which package has the most serious vulnerability?",
        line: "shell-quote",
        facts: vec!["\"shell-quote\": {", "\"severity\": \"critical\""],
        not_between: vec!["\"fixAvailable\""],
    }
}
