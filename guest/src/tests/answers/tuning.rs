//! The tuning set of issue 30: sixteen outputs of tools no other test
//! uses, each with a user's question and the answer its generator planted.
//! The answer code may be tuned on these (the held-out set is [`unseen`]).
//!
//! One fact: a JUnit XML report (the one slow test), a Shopify products
//! page (the variant out of stock), a Prometheus federation scrape (the
//! one bad p99), `adb logcat` (a crash under a thousand error lines), a
//! MySQL slow query log (the slowest query), `ls -laR` (the one
//! world-writable file), `strace -f -tt -T` (the slow call under ENOENT
//! noise), k6's JSON output (the request over 5 s).
//! Every item: `cargo nextest run` (failing tests, flaky ones not),
//! `docker ps -a` (non-zero exits), `trivy image --format json` (CRITICAL
//! findings), `ps aux` (processes over 90 % CPU), `systemctl list-units
//! --all` (failed units), `eslint -f json` (files with errors),
//! `kafka-consumer-groups --describe` (groups lagging over 10,000), `rg
//! --json` (files where a timeout is zero).
//! Added for issue 30's general classes (questions of kinds, not tools):
//! `pytest -rA` (a negation: the tests that did not pass), `kubectl get
//! pods -A -o wide` (a count: pods still waiting), `git log --stat` (a
//! comparison: the biggest commit), a GitHub Actions log (an error buried
//! mid-output among warnings).
//! Added after the held-out set's figures, for the classes of its misses
//! (JSON records asked about by a field's value): `gcloud compute instances
//! list --format=json` (a negation over a state field: the instances not
//! running), Envoy's JSON access log (a comparison over a duration field in
//! milliseconds with no unit in its name: requests over 3 s), `kubectl get
//! pods -A -o json` (the same negation over a nested state, the name in
//! another nested object, words of the state elsewhere in every record).
//! Added for the held-out set's class of a quantity the question names by
//! a word, not the output's (written before the code, missed by it):
//! `sensors` every 2 s ("did the CPU overheat": a temperature known by its
//! unit alone) and `kubectl top pods -A` ("the most memory", in `Mi`/`Gi`).
//! And for the class of long JSON lines whose naming member is far from the
//! start: `pino-http` request logs (requests over 2 s; the URL inside a
//! nested `req`, the time in ms at the end of a 600-byte line).
//! And for the held-out set's class of a record found but not named (its
//! naming member past a line's cut, or behind other names): a Jira search
//! (the summary after 40 lines of the issue), `aws ec2 describe-volumes`
//! (a foreign id ahead of the volume's own), a kube-apiserver audit log
//! (the user 300 bytes into a JSON line).
//!
//! [`unseen`]: super::unseen

use serde_json::{Value, json};

use super::super::heldout::{h, hms};
use super::super::questions::lines_until;
use super::{Case, jq_string, pick, pretty};

pub(super) fn cases() -> Vec<Case> {
    vec![
        junit_slow_test(),
        shopify_sold_out(),
        prometheus_p99(),
        logcat_crash(),
        mysql_slowest(),
        ls_world_writable(),
        strace_slow_call(),
        k6_slow_request(),
        nextest_failures(),
        docker_ps_exits(),
        trivy_critical(),
        ps_busy(),
        systemctl_failed(),
        eslint_errors(),
        kafka_lag(),
        rg_zero_timeout(),
        pytest_not_passed(),
        kubectl_pending(),
        git_log_largest(),
        actions_build_error(),
        gcloud_not_running(),
        envoy_slow_requests(),
        kubectl_pods_json_not_running(),
        sensors_overheat(),
        kubectl_top_memory(),
        pino_slow_requests(),
        jira_regression(),
        ebs_unattached(),
        k8s_audit_secret_delete(),
    ]
}

/// A JUnit XML report of a Gradle build's tests (merged `TEST-*.xml`):
/// thousands of test cases under 3 s, one taking 412 s; a failing test
/// (a decoy more error-like than the answer) elsewhere.
fn junit_slow_test() -> Case {
    let pkgs = [
        "orders", "payments", "catalog", "shipping", "accounts", "search", "pricing", "returns",
    ];
    let kinds = [
        "ServiceTest",
        "RepositoryTest",
        "ControllerTest",
        "MapperTest",
        "ValidatorTest",
    ];
    let nouns = [
        "Order", "Invoice", "Customer", "Address", "Refund", "Coupon", "Shipment", "Basket",
        "Price", "Token",
    ];
    let verbs = [
        "creates",
        "updates",
        "rejects",
        "maps",
        "finds",
        "lists",
        "cancels",
        "computes",
        "validates",
        "serializes",
    ];
    let conds = [
        "WhenValid",
        "WhenFieldMissing",
        "ForGuest",
        "WithDiscount",
        "AfterTimeout",
        "InBatch",
        "OnRetry",
        "ForEmptyInput",
    ];
    let (mut body, mut tests, mut skipped, mut total_ms) = (String::new(), 0, 0, 0u64);
    let suites = 330;
    for s in 0..suites {
        let class = format!(
            "com.acme.{}.{}{}",
            pkgs[s % 8],
            nouns[s / 8 % 10],
            kinds[s / 80 % 5]
        );
        let n = 8 + (h(s, 1) % 9) as usize;
        let mut cases = String::new();
        let (mut suite_ms, mut failures, mut suite_skipped) = (0u64, 0, 0);
        for t in 0..n {
            let k = s * 31 + t;
            let name = format!(
                "{}{}{}",
                verbs[k % 10],
                nouns[(k / 10 + s) % 10],
                conds[(k / 7) % 8]
            );
            let ms = if s == 181 && t == 3 {
                412_337
            } else {
                1 + h(k, 2) % 2_900
            };
            suite_ms += ms;
            let time = format!("{}.{:03}", ms / 1000, ms % 1000);
            if s == 181 && t == 3 {
                cases.push_str(&format!(
                    "    <testcase name=\"importsFullCatalogueFromSupplierFeed\" classname=\"{class}\" time=\"{time}\"/>\n"
                ));
            } else if s == 97 && t == 5 {
                failures += 1;
                cases.push_str(&format!(
                    "    <testcase name=\"rejectsExpiredCard\" classname=\"{class}\" time=\"{time}\">\n      <failure message=\"expected: &lt;REJECTED&gt; but was: &lt;ACCEPTED&gt;\" type=\"org.opentest4j.AssertionFailedError\">org.opentest4j.AssertionFailedError: expected: &lt;REJECTED&gt; but was: &lt;ACCEPTED&gt;\n\tat app//org.junit.jupiter.api.AssertionFailureBuilder.build(AssertionFailureBuilder.java:151)\n\tat app//org.junit.jupiter.api.AssertionFailureBuilder.buildAndThrow(AssertionFailureBuilder.java:132)\n\tat app//org.junit.jupiter.api.AssertEquals.failNotEqual(AssertEquals.java:197)\n\tat app//org.junit.jupiter.api.AssertEquals.assertEquals(AssertEquals.java:182)\n\tat app//org.junit.jupiter.api.Assertions.assertEquals(Assertions.java:1156)\n\tat app//{class}.rejectsExpiredCard({}.java:88)\n\tat java.base@21.0.5/java.lang.reflect.Method.invoke(Method.java:580)\n</failure>\n    </testcase>\n",
                    class.rsplit('.').next().unwrap()
                ));
            } else if h(k, 3).is_multiple_of(97) {
                suite_skipped += 1;
                cases.push_str(&format!(
                    "    <testcase name=\"{name}\" classname=\"{class}\" time=\"0.000\">\n      <skipped message=\"flaky on CI, see ACME-{}\"/>\n    </testcase>\n",
                    4000 + h(k, 4) % 900
                ));
            } else {
                cases.push_str(&format!(
                    "    <testcase name=\"{name}\" classname=\"{class}\" time=\"{time}\"/>\n"
                ));
            }
        }
        tests += n;
        skipped += suite_skipped;
        total_ms += suite_ms;
        let out = if h(s, 5).is_multiple_of(4) {
            format!(
                "<![CDATA[10:4{}:{:02}.{:03} [Test worker] INFO  o.s.t.c.s.DefaultTestContextBootstrapper - Loaded default TestExecutionListener class names from location [META-INF/spring.factories]\n10:4{}:{:02}.{:03} [Test worker] INFO  {class} - Started {} in {}.{:03} seconds (process running for {})\n]]>",
                s % 10,
                h(s, 6) % 60,
                h(s, 7) % 1000,
                s % 10,
                h(s, 8) % 60,
                h(s, 9) % 1000,
                class.rsplit('.').next().unwrap(),
                h(s, 10) % 4,
                h(s, 11) % 1000,
                10 + h(s, 12) % 50
            )
        } else {
            "<![CDATA[]]>".to_string()
        };
        body.push_str(&format!(
            "  <testsuite name=\"{class}\" tests=\"{n}\" skipped=\"{suite_skipped}\" failures=\"{failures}\" errors=\"0\" timestamp=\"2026-11-23T10:{:02}:{:02}\" hostname=\"ci-runner-7\" time=\"{}.{:03}\">\n    <properties/>\n{cases}    <system-out>{out}</system-out>\n    <system-err><![CDATA[]]></system-err>\n  </testsuite>\n",
            s / 6 % 60,
            h(s, 13) % 60,
            suite_ms / 1000,
            suite_ms % 1000
        ));
    }
    let output = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"acme-shop:test\" tests=\"{tests}\" skipped=\"{skipped}\" failures=\"1\" errors=\"0\" time=\"{}.{:03}\">\n{body}</testsuites>\n",
        total_ms / 1000,
        total_ms % 1000
    );
    Case::fact(
        "JUnit XML, one test takes 412 s",
        output,
        "Which test is making the test run so slow?",
        &["importsFullCatalogueFromSupplierFeed", "412.337"],
    )
}

/// A Shopify Admin API products page (`GET /admin/api/2024-10/products.json
/// ?limit=250`, compact JSON): one variant of one product has an
/// inventory of 0; the stock is a level below the array's items.
fn shopify_sold_out() -> Case {
    let adjs = [
        "Linen", "Oak", "Woven", "Brushed", "Glazed", "Matte", "Cork", "Wool", "Copper", "Rattan",
    ];
    let mats = ["Sand", "Moss", "Slate", "Ivory", "Rust"];
    let nouns = ["Deck Chair", "Side Table", "Floor Lamp", "Throw", "Planter"];
    let sizes = ["S", "M", "L"];
    let colors = ["SAND", "MOSS", "SLATE"];
    let (mut products, mut sold_out) = (Vec::new(), Vec::new());
    for i in 0..250 {
        let id = 7_301_000_000_000u64 + i as u64 * 7919;
        let title = format!(
            "{} {} {}",
            adjs[i % 10],
            mats[i / 10 % 5],
            nouns[i / 50 % 5]
        );
        let handle = title.to_lowercase().replace(' ', "-");
        let created = format!(
            "2026-0{}-{:02}T09:{:02}:00-05:00",
            1 + i % 9,
            1 + i % 28,
            i % 60
        );
        let nvar = if i == 163 { 3 } else { 2 + h(i, 1) % 3 };
        let mut variants = Vec::new();
        for v in 0..nvar as usize {
            let vid = 44_100_000_000_000u64 + i as u64 * 101 + v as u64;
            let qty = if i == 163 && v == 2 {
                0
            } else {
                3 + h(i * 7 + v, 2) % 238
            };
            let sku = format!("AC-{}-{}-{}", 1000 + i, sizes[v % 3], colors[(v + i) % 3]);
            if qty == 0 {
                sold_out.push(sku.clone());
            }
            variants.push(json!({
                "id": vid, "product_id": id,
                "title": format!("{} / {}", sizes[v % 3], colors[(v + i) % 3]),
                "price": format!("{}.00", 39 + h(i, 3) % 400),
                "position": v + 1, "inventory_policy": "deny", "compare_at_price": null,
                "option1": sizes[v % 3], "option2": colors[(v + i) % 3], "option3": null,
                "created_at": created, "updated_at": "2026-11-22T18:04:11-05:00",
                "taxable": true, "barcode": format!("0{}", 600_000_000_000u64 + vid % 100_000_000_000),
                "fulfillment_service": "manual", "grams": 800 + h(i, 4) % 9000,
                "inventory_management": "shopify", "requires_shipping": true, "sku": sku,
                "weight": 1.5, "weight_unit": "kg", "inventory_item_id": 46_200_000_000_000u64 + vid % 1_000_000,
                "inventory_quantity": qty, "old_inventory_quantity": qty,
                "admin_graphql_api_id": format!("gid://shopify/ProductVariant/{vid}"),
                "image_id": null
            }));
        }
        let image_id = 36_500_000_000_000u64 + i as u64 * 13;
        products.push(json!({
            "id": id, "title": title,
            "body_html": format!("<p>The {} is made to last: {} materials, finished by hand in our Porto workshop. Each piece varies slightly in tone.</p>", title, adjs[i % 10].to_lowercase()),
            "vendor": "Acme Living", "product_type": nouns[i / 50 % 5],
            "created_at": created, "handle": handle, "updated_at": "2026-11-22T18:04:11-05:00",
            "published_at": created, "template_suffix": "", "published_scope": "global",
            "tags": format!("{}, {}, outdoor, new-in", adjs[i % 10].to_lowercase(), mats[i / 10 % 5].to_lowercase()),
            "status": "active",
            "admin_graphql_api_id": format!("gid://shopify/Product/{id}"),
            "variants": variants,
            "options": [
                {"id": 9_800_000_000_000u64 + i as u64 * 2, "product_id": id, "name": "Size", "position": 1, "values": ["S", "M", "L"]},
                {"id": 9_800_000_000_001u64 + i as u64 * 2, "product_id": id, "name": "Color", "position": 2, "values": ["SAND", "MOSS", "SLATE"]}
            ],
            "images": [{"id": image_id, "alt": null, "position": 1, "product_id": id, "created_at": created, "updated_at": created,
                "admin_graphql_api_id": format!("gid://shopify/ProductImage/{image_id}"), "width": 2048, "height": 2048,
                "src": format!("https://cdn.shopify.com/s/files/1/0611/4411/0123/files/{handle}.jpg?v=17{:08}", h(i, 5) % 100_000_000),
                "variant_ids": []}],
            "image": {"id": image_id, "alt": null, "position": 1, "product_id": id, "created_at": created, "updated_at": created,
                "admin_graphql_api_id": format!("gid://shopify/ProductImage/{image_id}"), "width": 2048, "height": 2048,
                "src": format!("https://cdn.shopify.com/s/files/1/0611/4411/0123/files/{handle}.jpg?v=17{:08}", h(i, 5) % 100_000_000),
                "variant_ids": []}
        }));
    }
    let output = json!({ "products": products }).to_string();
    assert_eq!(sold_out, ["AC-1163-L-SAND"]);
    Case::fact(
        "Shopify products JSON, one variant sold out",
        output,
        "Is anything out of stock right now?",
        &["AC-1163-L-SAND", "\"inventory_quantity\": 0"],
    )
    .with_jq(
        ".products[] | .variants[] | select(.inventory_quantity == 0) | .sku",
        vec![jq_string("AC-1163-L-SAND")],
    )
}

/// `curl prometheus:9090/federate?match[]={job="shop-api"}`: summaries of
/// request latency per handler and instance; one series' 0.99 quantile is
/// 7.9 s where the others are under a second. Error counters (status 500)
/// are a decoy.
fn prometheus_p99() -> Case {
    let handlers = [
        "/v1/orders",
        "/v1/orders/{id}",
        "/v1/cart",
        "/v1/cart/items",
        "/v1/checkout",
        "/v1/checkout/confirm",
        "/v1/payments",
        "/v1/payments/refund",
        "/v1/products",
        "/v1/products/{id}",
        "/v1/search",
        "/v1/users/me",
        "/v1/users/{id}/addresses",
        "/v1/coupons/apply",
        "/v1/shipping/quote",
        "/v1/inventory/{sku}",
        "/v1/reviews",
        "/v1/wishlist",
        "/v1/recommendations",
        "/v1/session",
        "/healthz",
        "/metrics",
    ];
    let methods = ["GET", "POST"];
    let ts = 1_763_894_467_123u64;
    let instances = 26;
    let mut out = String::from("# TYPE http_request_duration_seconds summary\n");
    for (hi, handler) in handlers.iter().enumerate() {
        for inst in 0..instances {
            let method = methods[hi % 2];
            let k = hi * 100 + inst;
            let labels = format!(
                "handler=\"{handler}\",instance=\"api-{inst}:9102\",job=\"shop-api\",method=\"{method}\""
            );
            let p50 = 0.004 + (h(k, 1) % 60) as f64 / 1000.0;
            let p90 = p50 + (h(k, 2) % 150) as f64 / 1000.0;
            let p99 = if *handler == "/v1/checkout/confirm" && inst == 17 {
                7.912
            } else {
                p90 + (h(k, 3) % 600) as f64 / 1000.0
            };
            let count = 10_000 + h(k, 4) % 900_000;
            for (q, v) in [("0.5", p50), ("0.9", p90), ("0.99", p99)] {
                out.push_str(&format!(
                    "http_request_duration_seconds{{{labels},quantile=\"{q}\"}} {} {ts}\n",
                    fmt_float(v)
                ));
            }
            out.push_str(&format!(
                "http_request_duration_seconds_sum{{{labels}}} {} {ts}\n",
                fmt_float(count as f64 * p50 * 1.3)
            ));
            out.push_str(&format!(
                "http_request_duration_seconds_count{{{labels}}} {count} {ts}\n"
            ));
        }
    }
    out.push_str("# TYPE http_requests_total counter\n");
    for (hi, handler) in handlers.iter().enumerate() {
        for inst in 0..instances {
            let k = hi * 100 + inst;
            let method = methods[hi % 2];
            for code in ["200", "404", "500"] {
                let n = match code {
                    "200" => 10_000 + h(k, 4) % 900_000,
                    "404" => h(k, 5) % 900,
                    _ if *handler == "/v1/payments/refund" => 2_000 + h(k, 6) % 900,
                    _ => h(k, 7) % 4,
                };
                out.push_str(&format!(
                    "http_requests_total{{code=\"{code}\",handler=\"{handler}\",instance=\"api-{inst}:9102\",job=\"shop-api\",method=\"{method}\"}} {n} {ts}\n"
                ));
            }
        }
    }
    for (name, kind) in [
        ("go_goroutines", "gauge"),
        ("process_resident_memory_bytes", "gauge"),
        ("process_cpu_seconds_total", "counter"),
    ] {
        out.push_str(&format!("# TYPE {name} {kind}\n"));
        for inst in 0..instances {
            let v = match name {
                "go_goroutines" => (40 + h(inst, 8) % 300).to_string(),
                "process_resident_memory_bytes" => format!("{}e+08", 2 + h(inst, 9) % 6),
                _ => fmt_float((h(inst, 10) % 90_000) as f64 / 100.0),
            };
            out.push_str(&format!(
                "{name}{{instance=\"api-{inst}:9102\",job=\"shop-api\"}} {v} {ts}\n"
            ));
        }
    }
    Case::fact(
        "Prometheus federation, one bad p99",
        out,
        "Which endpoint has a terrible p99 latency?",
        &["/v1/checkout/confirm", "7.912"],
    )
}

/// A float as Prometheus prints it: the shortest form, no trailing zeros.
fn fmt_float(v: f64) -> String {
    let s = format!("{v:.6}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

/// `adb logcat -v threadtime` of a phone running the shop app: the app
/// crashes once (FATAL EXCEPTION) while a handful of error templates
/// (property access denied, Bluetooth, GMS) repeat thousands of times.
fn logcat_crash() -> Case {
    let line = |i: usize| {
        let t = format!("11-23 {}", hms(i, 180));
        let (pid, tid, lvl, tag, msg) = match h(i, 1) % 12 {
            0 | 1 => (
                612,
                612 + h(i, 2) % 40,
                'E',
                "libc",
                format!(
                    "Access denied finding property \"{}\"",
                    pick(
                        &[
                            "vendor.camera.aux.packagelist",
                            "ro.vendor.display.type",
                            "persist.vendor.radio.adb_log_on",
                        ],
                        i,
                        3
                    )
                ),
            ),
            2 => (
                2311,
                2398,
                'E',
                "BluetoothAdapter",
                "getBluetoothService() called with no BluetoothManagerCallback".to_string(),
            ),
            3 => (
                4120,
                4177,
                'E',
                "GmsClient",
                "unable to connect to service: com.google.android.gms.measurement.START on com.google.android.gms".to_string(),
            ),
            4 | 5 => (
                8123,
                8123 + h(i, 4) % 30,
                'D',
                "OkHttp",
                format!(
                    "<-- 200 https://api.acme-shop.com/v2/products?page={}&size=40 ({}ms, {}-byte body)",
                    h(i, 5) % 90,
                    20 + h(i, 6) % 400,
                    1000 + h(i, 7) % 60_000
                ),
            ),
            6 => (
                1432,
                1460 + h(i, 8) % 20,
                'I',
                "ActivityManager",
                format!(
                    "Start proc {}:com.google.android.gms.persistent/u0a{} for service {{com.google.android.gms/com.google.android.gms.chimera.PersistentBoundBrokerService}}",
                    20_000 + h(i, 9) % 9000,
                    100 + h(i, 10) % 90
                ),
            ),
            7 => (
                1432,
                1501,
                'D',
                "ConnectivityService",
                format!(
                    "NetworkAgentInfo [WIFI () - {}] validation passed",
                    100 + h(i, 11) % 30
                ),
            ),
            8 => (
                8123,
                8151,
                'I',
                "chatty",
                "uid=10231(com.acme.shop) RenderThread identical 4 lines".to_string(),
            ),
            9 => (
                8123,
                8123,
                'V',
                "FA",
                format!("Activity resumed, time: {}", 400_000 + i * 37),
            ),
            10 => (
                1432,
                1478,
                'W',
                "BroadcastQueue",
                "Background execution not allowed: receiving Intent { act=android.net.conn.CONNECTIVITY_CHANGE flg=0x4200010 } to com.acme.shop/.sync.NetReceiver".to_string(),
            ),
            _ => (
                8123,
                8123,
                'D',
                "CartViewModel",
                format!(
                    "totals recomputed: items={} subtotal={}.{:02}",
                    1 + h(i, 12) % 9,
                    h(i, 13) % 400,
                    h(i, 14) % 100
                ),
            ),
        };
        format!("{t} {pid:>5} {tid:>5} {lvl} {tag:<8}: {msg}")
    };
    let mut lines = lines_until(380_000, line);
    let at = lines.len() * 56 / 100;
    let when = hms(at, 180);
    let t = format!("11-23 {when}  8123  8123 E AndroidRuntime: ");
    let mut crash: Vec<String> = [
        "FATAL EXCEPTION: main",
        "Process: com.acme.shop, PID: 8123",
        "java.lang.IllegalStateException: Fragment CartFragment{5d1e2a7} (0b5c9e1a-4f7d-4b1e-9d2c-7e1f3a2b4c5d) not attached to a context.",
        "\tat androidx.fragment.app.Fragment.requireContext(Fragment.java:972)",
        "\tat androidx.fragment.app.Fragment.getResources(Fragment.java:1036)",
        "\tat com.acme.shop.cart.CartFragment.renderTotals(CartFragment.kt:214)",
        "\tat com.acme.shop.cart.CartFragment.access$renderTotals(CartFragment.kt:41)",
        "\tat com.acme.shop.cart.CartFragment$onViewCreated$3.invokeSuspend(CartFragment.kt:118)",
        "\tat kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith(ContinuationImpl.kt:33)",
        "\tat kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:108)",
        "\tat android.os.Handler.handleCallback(Handler.java:958)",
        "\tat android.os.Handler.dispatchMessage(Handler.java:99)",
        "\tat android.os.Looper.loopOnce(Looper.java:205)",
        "\tat android.os.Looper.loop(Looper.java:294)",
        "\tat android.app.ActivityThread.main(ActivityThread.java:8177)",
        "\tat java.lang.reflect.Method.invoke(Native Method)",
        "\tat com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:552)",
        "\tat com.android.internal.os.ZygoteInit.main(ZygoteInit.java:971)",
    ]
    .iter()
    .map(|l| format!("{t}{l}"))
    .collect();
    crash.push(format!("11-23 {when}  1432  1478 W ActivityTaskManager:   Force finishing activity com.acme.shop/.MainActivity"));
    crash.push(format!(
        "11-23 {when}  8123  8123 I Process : Sending signal. PID: 8123 SIG: 9"
    ));
    crash.push(format!("11-23 {when}  1432  1501 I ActivityManager: Process com.acme.shop (pid 8123) has died: fg  TOP "));
    lines.splice(at..at, crash);
    Case::fact(
        "adb logcat, the app crashes once",
        lines.join("\n") + "\n",
        "Why did the shop app crash?",
        &[
            "FATAL EXCEPTION: main",
            "java.lang.IllegalStateException: Fragment CartFragment",
        ],
    )
}

/// A MySQL slow query log: every entry took 1–10 s but one took 187 s;
/// the query itself is two lines below its `# Query_time:` line.
fn mysql_slowest() -> Case {
    let queries = [
        "SELECT o.id, o.total, o.status FROM orders o WHERE o.customer_id = {n} ORDER BY o.created_at DESC LIMIT 20;",
        "UPDATE inventory SET reserved = reserved + 1 WHERE sku = 'AC-{n}' AND warehouse_id = 3;",
        "SELECT COUNT(*) FROM sessions WHERE last_seen < NOW() - INTERVAL 30 DAY;",
        "SELECT c.email FROM customers c LEFT JOIN newsletter_optins n ON n.customer_id = c.id WHERE n.id IS NULL AND c.id > {n} LIMIT 1000;",
        "DELETE FROM cart_items WHERE cart_id IN (SELECT id FROM carts WHERE updated_at < '2026-10-01') LIMIT 5000;",
        "SELECT * FROM products WHERE MATCH(title, description) AGAINST ('oak table' IN NATURAL LANGUAGE MODE) LIMIT 50;",
    ];
    let mut out = String::from(
        "/usr/sbin/mysqld, Version: 8.0.36 (MySQL Community Server - GPL). started with:\nTcp port: 3306  Unix socket: /var/run/mysqld/mysqld.sock\nTime                 Id Command    Argument\n",
    );
    let n = 1650;
    for i in 0..n {
        let planted = i == n * 62 / 100;
        let t = millis_iso(i);
        let q_ms = if planted {
            187_402_311
        } else {
            1_000_000 + h(i, 1) % 8_999_999
        };
        let (sent, examined) = if planted {
            (12, 48_213_377)
        } else {
            (h(i, 2) % 1000, 1000 + h(i, 3) % 2_000_000)
        };
        let query = if planted {
            "SELECT p.category_id, SUM(oi.quantity * oi.unit_price) AS revenue FROM order_items oi JOIN products p ON p.id = oi.product_id WHERE oi.created_at >= '2026-01-01' GROUP BY p.category_id ORDER BY revenue DESC;".to_string()
        } else {
            pick(&queries, i, 4).replace("{n}", &(10_000 + h(i, 5) % 90_000).to_string())
        };
        out.push_str(&format!(
            "# Time: {t}\n# User@Host: {}[{}] @  [10.0.{}.{}]  Id: {}\n# Query_time: {}.{:06}  Lock_time: 0.{:06} Rows_sent: {sent}  Rows_examined: {examined}\n{}SET timestamp={};\n{query}\n",
            pick(&["app", "reporting", "cron"], i, 6),
            pick(&["app", "reporting", "cron"], i, 6),
            h(i, 7) % 8,
            2 + h(i, 8) % 250,
            80_000 + h(i, 9) % 9_000,
            q_ms / 1_000_000,
            q_ms % 1_000_000,
            h(i, 10) % 2000,
            if i == 0 { "use shop;\n" } else { "" },
            1_763_892_000 + i * 9
        ));
    }
    Case::fact(
        "MySQL slow query log, one query took 187 s",
        out,
        "Which query took the longest, and how long did it take?",
        &["Query_time: 187.402311", "GROUP BY p.category_id"],
    )
}

/// `2026-11-23T10:00:00.000000Z` of entry `i`, about 9 s apart.
fn millis_iso(i: usize) -> String {
    format!("2026-11-23T{}{:03}Z", hms(i, 9000), h(i, 77) % 1000)
}

/// One `ls -l` entry.
struct Entry {
    mode: String,
    links: u64,
    size: u64,
    date: String,
    name: String,
}

/// `ls -laR /srv/app`: a deployed Node app (releases, node_modules,
/// shared config). One file among thousands is `-rw-rw-rw-`; the
/// directory that names it is ~70 lines above. Symlinks (`lrwxrwxrwx`)
/// look world-writable but are not.
fn ls_world_writable() -> Case {
    let date = |k: usize| {
        if h(k, 1).is_multiple_of(3) {
            format!(
                "{} {:>2}  2025",
                pick(&["Mar", "Apr", "Jun", "Sep"], k, 2),
                1 + h(k, 3) % 28
            )
        } else {
            format!(
                "Nov {:>2} {:02}:{:02}",
                1 + h(k, 4) % 23,
                h(k, 5) % 24,
                h(k, 6) % 60
            )
        }
    };
    let file = |k: usize, name: String, mode: &str| Entry {
        mode: mode.to_string(),
        links: 1,
        size: 40 + h(k, 7) % 60_000,
        date: date(k),
        name,
    };
    let dir = |k: usize, name: String| Entry {
        mode: "drwxr-xr-x".into(),
        links: 2 + h(k, 8) % 6,
        size: 4096,
        date: date(k),
        name,
    };
    let mut out = String::new();
    let mut k = 0usize;
    let mut emit = |path: &str, entries: &mut Vec<Entry>, k: &mut usize| {
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        *k += 1;
        let mut all = vec![dir(*k, ".".into()), dir(*k + 1, "..".into())];
        all.append(entries);
        let lw = all.iter().map(|e| e.links.to_string().len()).max().unwrap();
        let sw = all.iter().map(|e| e.size.to_string().len()).max().unwrap();
        let total: u64 = all.iter().map(|e| e.size.div_ceil(4096) * 4).sum();
        out.push_str(&format!("{path}:\ntotal {total}\n"));
        for e in &all {
            out.push_str(&format!(
                "{} {:>lw$} deploy deploy {:>sw$} {} {}\n",
                e.mode, e.links, e.size, e.date, e.name
            ));
        }
        out.push('\n');
    };
    let syll = [
        "ba", "lo", "ke", "mi", "tra", "zo", "fen", "rix", "pu", "dal", "sor", "vi", "nor", "qua",
    ];
    let pkg_name = |p: usize| {
        format!(
            "{}{}{}",
            syll[p % 14],
            syll[p / 14 % 14],
            if p.is_multiple_of(3) { "-utils" } else { "" }
        )
    };
    let mut root = vec![
        Entry {
            mode: "lrwxrwxrwx".into(),
            links: 1,
            size: 33,
            date: date(1),
            name: "current -> /srv/app/releases/20261123_0912".into(),
        },
        dir(2, "releases".into()),
        dir(3, "shared".into()),
    ];
    emit("/srv/app", &mut root, &mut k);
    let releases = ["20261120_1530", "20261123_0912"];
    let mut rel: Vec<Entry> = releases
        .iter()
        .enumerate()
        .map(|(r, n)| dir(10 + r, n.to_string()))
        .collect();
    emit("/srv/app/releases", &mut rel, &mut k);
    for (r, release) in releases.iter().enumerate() {
        let base = format!("/srv/app/releases/{release}");
        let mut top = vec![
            file(20 + r, "package.json".into(), "-rw-r--r--"),
            file(22 + r, "package-lock.json".into(), "-rw-r--r--"),
            dir(24 + r, "node_modules".into()),
            dir(26 + r, "dist".into()),
        ];
        emit(&base, &mut top, &mut k);
        let mut dist: Vec<Entry> = (0..40)
            .map(|f| {
                file(
                    1000 * r + f,
                    format!("chunk-{:08x}.js", h(f + r * 40, 9) as u32),
                    "-rw-r--r--",
                )
            })
            .collect();
        emit(&format!("{base}/dist"), &mut dist, &mut k);
        let pkgs = 170;
        let mut nm: Vec<Entry> = (0..pkgs).map(|p| dir(5000 + p, pkg_name(p))).collect();
        nm.push(dir(4999, ".bin".into()));
        emit(&format!("{base}/node_modules"), &mut nm, &mut k);
        let mut bin: Vec<Entry> = (0..60)
            .map(|p| Entry {
                mode: "lrwxrwxrwx".into(),
                links: 1,
                size: 20 + (p % 20) as u64,
                date: date(p),
                name: format!("{} -> ../{}/bin/cli.js", pkg_name(p * 3), pkg_name(p * 3)),
            })
            .collect();
        emit(&format!("{base}/node_modules/.bin"), &mut bin, &mut k);
        let mut names: Vec<String> = (0..pkgs).map(pkg_name).collect();
        names.sort();
        for (p, name) in names.iter().enumerate() {
            let mut e = vec![
                file(p * 11, "package.json".into(), "-rw-r--r--"),
                file(p * 11 + 1, "README.md".into(), "-rw-r--r--"),
                file(p * 11 + 2, "LICENSE".into(), "-rw-r--r--"),
                file(p * 11 + 3, "index.js".into(), "-rw-r--r--"),
                dir(p * 11 + 4, "lib".into()),
            ];
            if p.is_multiple_of(4) {
                e.push(dir(p * 11 + 5, "bin".into()));
            }
            emit(&format!("{base}/node_modules/{name}"), &mut e, &mut k);
            if p.is_multiple_of(4) {
                let mut b = vec![file(p * 11 + 6, "cli.js".into(), "-rwxr-xr-x")];
                emit(&format!("{base}/node_modules/{name}/bin"), &mut b, &mut k);
            }
            let n = 3 + h(p + r, 10) % 9;
            let mut lib: Vec<Entry> = (0..n as usize)
                .map(|f| {
                    file(
                        p * 100 + f,
                        format!(
                            "{}.js",
                            pick(
                                &[
                                    "parse", "format", "index", "utils", "stream", "errors",
                                    "compat", "types", "cache", "encode", "decode", "async"
                                ],
                                p * 13 + f,
                                11
                            )
                        ),
                        "-rw-r--r--",
                    )
                })
                .collect();
            lib.sort_by(|a, b| a.name.cmp(&b.name));
            lib.dedup_by(|a, b| a.name == b.name);
            emit(&format!("{base}/node_modules/{name}/lib"), &mut lib, &mut k);
        }
    }
    let mut shared = vec![
        dir(30, "config".into()),
        dir(31, "logs".into()),
        dir(32, "uploads".into()),
    ];
    emit("/srv/app/shared", &mut shared, &mut k);
    let services = [
        "accounts",
        "billing",
        "cart",
        "catalog",
        "checkout",
        "inventory",
        "mailer",
        "orders",
        "payments",
        "pricing",
        "reports",
        "search",
        "shipping",
        "users",
    ];
    let exts = [
        ".env",
        ".json",
        ".yml",
        ".local.env",
        ".staging.env",
        ".staging.yml",
        ".prod.yml",
        ".test.yml",
    ];
    let mut config = Vec::new();
    for (s, svc) in services.iter().enumerate() {
        for (e, ext) in exts.iter().enumerate() {
            let name = format!("{svc}{ext}");
            let mode = if name == "payments.env" {
                "-rw-rw-rw-"
            } else if ext.ends_with("env") {
                "-rw-r-----"
            } else {
                "-rw-r--r--"
            };
            config.push(file(700 + s * 8 + e, name, mode));
        }
    }
    emit("/srv/app/shared/config", &mut config, &mut k);
    let mut logs: Vec<Entry> = (0..90)
        .map(|d| {
            file(
                900 + d,
                format!("app-2026-{:02}-{:02}.log.gz", 8 + d / 30, 1 + d % 30),
                "-rw-r-----",
            )
        })
        .collect();
    emit("/srv/app/shared/logs", &mut logs, &mut k);
    let mut uploads: Vec<Entry> = (0..200)
        .map(|u| file(1200 + u, format!("{:016x}.jpg", h(u, 12)), "-rw-r--r--"))
        .collect();
    emit("/srv/app/shared/uploads", &mut uploads, &mut k);
    Case::fact(
        "ls -laR, one world-writable file",
        out,
        "Is there any file that everyone can write to?",
        &["-rw-rw-rw-", "payments.env", "/srv/app/shared/config:"],
    )
}

/// `strace -f -tt -T python3 manage.py sync_catalogue`: thousands of
/// imports failing with ENOENT (as every Python start does), all calls
/// under 0.06 s but one `connect` taking 3 s.
fn strace_slow_call() -> Case {
    let mods = [
        "requests",
        "urllib3",
        "idna",
        "charset_normalizer",
        "certifi",
        "django",
        "psycopg",
        "sqlparse",
        "asgiref",
        "zoneinfo",
        "yaml",
        "jwt",
        "redis",
        "celery",
        "kombu",
        "vine",
        "billiard",
        "click",
        "pytz",
        "dateutil",
    ];
    let pids = [41822, 41822, 41822, 41830, 41831, 41832];
    let line = |i: usize| {
        let pid = pids[(h(i, 1) % 6) as usize];
        let t = format!("{}{:03}", hms(i, 40), h(i, 2) % 1000);
        let dur = format!("<0.{:06}>", 3 + h(i, 3) % 400);
        let call = match h(i, 4) % 10 {
            0..=3 => format!(
                "openat(AT_FDCWD, \"/usr/lib/python3.12/site-packages/{}/{}.cpython-312-x86_64-linux-gnu.so\", O_RDONLY|O_CLOEXEC) = -1 ENOENT (No such file or directory) {dur}",
                pick(&mods, i, 5),
                pick(
                    &["__init__", "_compat", "exceptions", "utils", "models"],
                    i,
                    6
                )
            ),
            4 => format!(
                "newfstatat(AT_FDCWD, \"/usr/lib/python3.12/site-packages/{}\", {{st_mode=S_IFDIR|0755, st_size=4096, ...}}, 0) = 0 {dur}",
                pick(&mods, i, 7)
            ),
            5 => format!(
                "read({}, \"\\x6f\\x0d\\x0d\\x0a\\x00\\x00\\x00\\x00\"..., {}) = {} {dur}",
                3 + h(i, 8) % 6,
                8192,
                1 + h(i, 9) % 8192
            ),
            6 => format!(
                "futex(0x7f{:010x}, FUTEX_WAKE_PRIVATE, 1) = {} {dur}",
                h(i, 10) % 0xff_ffff_ffff,
                h(i, 11) % 2
            ),
            7 => format!(
                "epoll_wait(4, [], 1024, {}) = 0 <0.0{:05}>",
                h(i, 12) % 50,
                h(i, 13) % 50_000
            ),
            8 => format!(
                "sendto(7, \"\\x00\\x00\\x00\\x{:02x}Q\\x00\\x00\\x00\"..., {}, MSG_NOSIGNAL, NULL, 0) = {} {dur}",
                h(i, 14) % 256,
                40 + h(i, 15) % 300,
                40 + h(i, 15) % 300
            ),
            _ => format!(
                "recvfrom(7, \"T\\x00\\x00\\x00\\x{:02x}\\x00\\x03id\\x00\"..., 16384, 0, NULL, NULL) = {} {dur}",
                h(i, 16) % 256,
                20 + h(i, 17) % 4000
            ),
        };
        format!("[pid {pid}] {t} {call}")
    };
    let mut lines = lines_until(400_000, line);
    let at = lines.len() * 71 / 100;
    lines.insert(at, format!("[pid 41822] {}117 connect(9, {{sa_family=AF_INET, sin_port=htons(443), sin_addr=inet_addr(\"151.101.0.223\")}}, 16) = 0 <3.021877>", hms(at, 40)));
    Case::fact(
        "strace -f -T, one slow call under ENOENT noise",
        lines.join("\n") + "\n",
        "Which system call took the longest?",
        &["inet_addr(\"151.101.0.223\")", "<3.021877>"],
    )
}

/// `k6 run --out json=-`: JSON lines of two kinds (`Metric` declarations
/// and `Point` samples, tags nested under `data`); one request took 8.1 s,
/// the rest under a second; a few 503s are a decoy.
fn k6_slow_request() -> Case {
    let paths = [
        "/api/products?page={n}",
        "/api/products/{n}",
        "/api/cart",
        "/api/search?q=oak+table&page={n}",
        "/api/reviews?product={n}",
    ];
    let mut out = String::new();
    let mut declared: Vec<&str> = Vec::new();
    let mut declare = |out: &mut String, metric: &'static str, kind: &str, contains: &str| {
        if !declared.contains(&metric) {
            declared.push(metric);
            out.push_str(&format!(
                "{{\"type\":\"Metric\",\"data\":{{\"type\":\"{kind}\",\"contains\":\"{contains}\",\"tainted\":null,\"thresholds\":[],\"submetrics\":null}},\"metric\":\"{metric}\"}}\n"
            ));
        }
    };
    let mut ns = 0u64;
    for r in 0..158 {
        let planted = r == 97;
        let url = if planted {
            "https://shop.test/api/search?q=garden+chairs&page=40".to_string()
        } else {
            format!(
                "https://shop.test{}",
                pick(&paths, r, 1).replace("{n}", &(1 + h(r, 2) % 300).to_string())
            )
        };
        let failed = !planted && h(r, 3).is_multiple_of(25);
        let status = if failed { "503" } else { "200" };
        let duration = if planted {
            8123.41
        } else {
            (20_000 + h(r, 4) % 880_000) as f64 / 1000.0
        };
        ns += 400_000_000 + h(r, 5) % 600_000_000;
        let time = format!(
            "2026-11-23T10:{:02}:{:02}.{:09}Z",
            ns / 60_000_000_000 % 60,
            ns / 1_000_000_000 % 60,
            ns % 1_000_000_000
        );
        let tags = format!(
            "{{\"expected_response\":\"{}\",\"group\":\"\",\"method\":\"GET\",\"name\":\"{url}\",\"proto\":\"HTTP/1.1\",\"scenario\":\"browse\",\"status\":\"{status}\",\"tls_version\":\"tls1.3\",\"url\":\"{url}\"}}",
            !failed
        );
        let blocked = (h(r, 6) % 3000) as f64 / 1000.0;
        let waiting = duration - 1.204;
        let samples: [(&'static str, &str, &str, String); 9] = [
            ("http_reqs", "counter", "default", "1".into()),
            ("http_req_duration", "trend", "time", fmt3(duration)),
            ("http_req_blocked", "trend", "time", fmt3(blocked)),
            ("http_req_connecting", "trend", "time", fmt3(blocked / 2.0)),
            ("http_req_tls_handshaking", "trend", "time", "0".into()),
            ("http_req_sending", "trend", "time", "0.081".into()),
            ("http_req_waiting", "trend", "time", fmt3(waiting)),
            ("http_req_receiving", "trend", "time", "1.123".into()),
            (
                "http_req_failed",
                "rate",
                "default",
                if failed { "1" } else { "0" }.into(),
            ),
        ];
        for (metric, kind, contains, value) in samples {
            declare(&mut out, metric, kind, contains);
            out.push_str(&format!(
                "{{\"type\":\"Point\",\"data\":{{\"time\":\"{time}\",\"value\":{value},\"tags\":{tags}}},\"metric\":\"{metric}\"}}\n"
            ));
        }
        let it_tags = "{\"group\":\"\",\"scenario\":\"browse\"}";
        for (metric, kind, contains, value) in [
            (
                "data_sent",
                "counter",
                "data",
                (90 + h(r, 7) % 60).to_string(),
            ),
            (
                "data_received",
                "counter",
                "data",
                (2000 + h(r, 8) % 60_000).to_string(),
            ),
            (
                "iteration_duration",
                "trend",
                "time",
                fmt3(duration + 1000.0),
            ),
            ("iterations", "counter", "default", "1".to_string()),
        ] {
            declare(&mut out, metric, kind, contains);
            out.push_str(&format!(
                "{{\"type\":\"Point\",\"data\":{{\"time\":\"{time}\",\"value\":{value},\"tags\":{it_tags}}},\"metric\":\"{metric}\"}}\n"
            ));
        }
        if r.is_multiple_of(5) {
            declare(&mut out, "vus", "gauge", "default");
            out.push_str(&format!(
                "{{\"type\":\"Point\",\"data\":{{\"time\":\"{time}\",\"value\":{},\"tags\":null}},\"metric\":\"vus\"}}\n",
                10 + r / 10
            ));
        }
    }
    Case::fact(
        "k6 JSON output, one request over 5 s",
        out,
        "Which request took longer than 5 seconds?",
        &["garden+chairs&page=40", "8123.41"],
    )
    .with_jq(
        ".[] | select(.type == \"Point\" and .metric == \"http_req_duration\" and .data.value > 5000) | .data.tags.url",
        vec![jq_string("https://shop.test/api/search?q=garden+chairs&page=40")],
    )
}

/// A number with up to three decimals, as k6 writes a float.
fn fmt3(v: f64) -> String {
    let s = format!("{v:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `cargo nextest run --workspace --no-fail-fast --retries 1`: 4,600
/// tests, five fail (with their captured output), two fail once then pass
/// (flaky: not failures).
fn nextest_failures() -> Case {
    let crates = [
        "acme-core",
        "acme-ledger",
        "acme-sync",
        "acme-api",
        "acme-auth",
        "acme-search",
        "acme-store",
        "acme-jobs",
    ];
    let modules = [
        "parse", "balance", "replay", "routes", "tokens", "index", "cache", "queue", "errors",
        "config",
    ];
    let verbs = [
        "handles", "rejects", "accepts", "rounds", "merges", "splits", "reports", "retries",
        "encodes", "decodes", "sorts", "limits",
    ];
    let objs = [
        "empty_input",
        "nested_keys",
        "half_even",
        "stale_entries",
        "unicode_names",
        "large_batches",
        "missing_fields",
        "expired_tokens",
        "duplicate_ids",
        "failure_cleanly",
    ];
    let name = |t: usize| {
        format!(
            "tests::{}::{}_{}_{}",
            modules[t % 10],
            verbs[t / 10 % 12],
            objs[t / 120 % 10],
            t / 1200
        )
    };
    let binary = |t: usize| {
        let c = crates[(t * 7 + t / 10) % 8];
        if t.is_multiple_of(5) {
            format!("{c}::integration")
        } else {
            c.to_string()
        }
    };
    let failing = [613usize, 1411, 2222, 3030, 4102];
    let flaky = [905usize, 3777];
    let total = 4600;
    let mut out = String::from(
        "    Finished `test` profile [unoptimized + debuginfo] target(s) in 2m 41s\n------------\n Nextest run ID 4c8e1f2a-9b3d-4e6f-a1c7-5d2e8f0b3a91 with nextest profile: ci\n    Starting 4600 tests across 40 binaries (14 tests skipped)\n",
    );
    for t in 0..total {
        let (b, n) = (binary(t), name(t));
        let secs = format!("{:>4}.{:03}s", 0, 1 + h(t, 1) % 999);
        if failing.contains(&t) {
            let msg = match t {
                613 => format!(
                    "thread '{n}' panicked at crates/core/src/parse.rs:212:9:\nassertion `left == right` failed\n  left: Some(\"\")\n right: None"
                ),
                1411 => format!(
                    "thread '{n}' panicked at crates/ledger/src/balance.rs:88:5:\nassertion `left == right` failed\n  left: 1.005\n right: 1.01"
                ),
                2222 => format!(
                    "thread '{n}' panicked at crates/sync/src/replay.rs:140:22:\ncalled `Result::unwrap()` on an `Err` value: Timeout(Duration {{ secs: 5, nanos: 0 }})"
                ),
                3030 => format!(
                    "thread '{n}' panicked at crates/api/src/routes.rs:57:9:\nexpected status 404, got 500"
                ),
                _ => format!(
                    "thread '{n}' panicked at crates/store/src/cache.rs:301:13:\nindex out of bounds: the len is 3 but the index is 3"
                ),
            };
            out.push_str(&format!(
                "        FAIL [{secs}] {b} {n}\n\n--- STDOUT:              {b} {n} ---\n\nrunning 1 test\ntest {n} ... FAILED\n\nfailures:\n\nfailures:\n    {n}\n\ntest result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 211 filtered out; finished in 0.03s\n\n\n--- STDERR:              {b} {n} ---\n{msg}\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n\n"
            ));
        } else if flaky.contains(&t) {
            out.push_str(&format!(
                "  TRY 1 FAIL [{secs}] {b} {n}\n\n--- TRY 1 STDOUT:        {b} {n} ---\n\nrunning 1 test\ntest {n} ... FAILED\n\nfailures:\n\nfailures:\n    {n}\n\ntest result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 98 filtered out; finished in 1.00s\n\n\n--- TRY 1 STDERR:        {b} {n} ---\nthread '{n}' panicked at crates/jobs/src/queue.rs:77:9:\nconnection reset by peer (os error 104)\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n\n  TRY 2 PASS [{secs}] {b} {n}\n"
            ));
        } else {
            out.push_str(&format!("        PASS [{secs}] {b} {n}\n"));
        }
    }
    out.push_str("------------\n     Summary [  81.224s] 4600 tests run: 4595 passed (2 flaky), 5 failed, 14 skipped\n");
    for t in flaky {
        out.push_str(&format!(
            "   FLAKY 2/2 [   0.412s] {} {}\n",
            binary(t),
            name(t)
        ));
    }
    for t in failing {
        out.push_str(&format!(
            "        FAIL [   0.{:03}s] {} {}\n",
            1 + h(t, 1) % 999,
            binary(t),
            name(t)
        ));
    }
    out.push_str("error: test run failed\n");
    Case::items(
        "cargo nextest, five failures and two flaky",
        out,
        "List every test that failed.",
        failing.iter().map(|&t| name(t)).collect(),
    )
}

/// `docker ps -a` on a CI host: 2,600 containers, most jobs exited 0, five
/// exited with a non-zero code; a few running ones are `(unhealthy)` (a
/// decoy: not exited).
fn docker_ps_exits() -> Case {
    let images = [
        "registry.acme.io/ci/runner:2026.11",
        "node:20-bookworm",
        "postgres:16.4",
        "redis:7.4-alpine",
        "registry.acme.io/shop/api:2026.11.23-3",
        "python:3.12-slim",
    ];
    let cmds = [
        "\"/usr/bin/dumb-init …\"",
        "\"docker-entrypoint.s…\"",
        "\"npm run test:ci\"",
        "\"python -m pytest -…\"",
        "\"/bin/sh -c ./ci.sh\"",
    ];
    let stages = ["build", "lint", "unit", "integration", "e2e", "package"];
    let bad = [
        (412usize, 137u32),
        (977, 1),
        (1530, 139),
        (2011, 2),
        (2480, 255),
    ];
    let unhealthy = [300usize, 1200, 2300];
    let mut rows = Vec::new();
    for i in 0..2600 {
        let name = if i < 12 {
            format!(
                "svc-{}-{}",
                ["postgres", "redis", "api", "worker"][i % 4],
                i / 4 + 1
            )
        } else {
            format!("ci-{}-{}", 48_000 + i, stages[i % 6])
        };
        let ago = |k: u64| match k % 4 {
            0 => format!("{} minutes ago", 5 + k % 50),
            1 => format!("{} hours ago", 2 + k % 22),
            2 => "About an hour ago".to_string(),
            _ => format!("{} days ago", 1 + k % 6),
        };
        let status = if let Some((_, code)) = bad.iter().find(|(b, _)| *b == i) {
            format!("Exited ({code}) {}", ago(h(i, 1)))
        } else if unhealthy.contains(&i) || i < 12 {
            format!(
                "Up {}{}",
                ago(h(i, 2)).replace(" ago", ""),
                if unhealthy.contains(&i) {
                    " (unhealthy)"
                } else {
                    " (healthy)"
                }
            )
        } else if h(i, 3).is_multiple_of(60) {
            "Created".to_string()
        } else {
            format!("Exited (0) {}", ago(h(i, 1)))
        };
        let ports = if i < 12 {
            format!(
                "0.0.0.0:{}->{}/tcp",
                15_000 + i,
                [5432, 6379, 8080, 9000][i % 4]
            )
        } else {
            String::new()
        };
        rows.push([
            format!("{:012x}", h(i, 4) % (1 << 48)),
            images[(h(i, 5) % 6) as usize].to_string(),
            cmds[(h(i, 6) % 5) as usize].to_string(),
            ago(h(i, 7)),
            status,
            ports,
            name,
        ]);
    }
    let header = [
        "CONTAINER ID",
        "IMAGE",
        "COMMAND",
        "CREATED",
        "STATUS",
        "PORTS",
        "NAMES",
    ];
    let widths: Vec<usize> = (0..7)
        .map(|c| {
            (rows.iter().map(|r| r[c].chars().count()))
                .chain([header[c].len()])
                .max()
                .unwrap()
        })
        .collect();
    let render = |cells: &[String]| {
        let mut l = String::new();
        for (c, cell) in cells.iter().enumerate() {
            if c == 6 {
                l.push_str(cell);
            } else {
                l.push_str(cell);
                l.push_str(&" ".repeat(widths[c] - cell.chars().count() + 3));
            }
        }
        l
    };
    let mut out = render(&header.map(String::from)) + "\n";
    for r in &rows {
        out.push_str(&render(r));
        out.push('\n');
    }
    Case::items(
        "docker ps -a, five non-zero exits",
        out,
        "Which containers exited with an error code?",
        bad.iter().map(|(i, _)| rows[*i][6].clone()).collect(),
    )
}

/// `trivy image --format json`: 480 findings over OS and language
/// packages, six CRITICAL; a finding's id is ~20 lines above its severity;
/// some descriptions say "critical section".
fn trivy_critical() -> Case {
    let os_pkgs = [
        "libssl3",
        "openssl",
        "libc6",
        "zlib1g",
        "libexpat1",
        "libxml2",
        "curl",
        "libcurl4",
        "perl-base",
        "libgnutls30",
        "libsqlite3-0",
        "tar",
        "login",
        "passwd",
        "libsystemd0",
    ];
    let node_pkgs = [
        "express",
        "lodash",
        "axios",
        "jsonwebtoken",
        "semver",
        "tough-cookie",
        "ws",
        "follow-redirects",
        "path-to-regexp",
        "body-parser",
    ];
    let critical = [37usize, 122, 209, 288, 351, 433];
    let mut ids = Vec::new();
    let mut results = Vec::new();
    for (target, class, typ, range, pkgs) in [
        (
            "registry.acme.io/shop/api:2026.11.23 (debian 12.8)",
            "os-pkgs",
            "debian",
            0..300usize,
            &os_pkgs[..],
        ),
        (
            "app/package-lock.json",
            "lang-pkgs",
            "npm",
            300..480,
            &node_pkgs[..],
        ),
    ] {
        let mut vulns = Vec::new();
        for v in range {
            let id = format!("CVE-20{}-{}", 21 + h(v, 1) % 5, 10_000 + v * 37 % 40_000);
            let severity = if critical.contains(&v) {
                "CRITICAL"
            } else {
                ["LOW", "MEDIUM", "HIGH", "MEDIUM", "LOW", "UNKNOWN"][(h(v, 2) % 6) as usize]
            };
            if severity == "CRITICAL" {
                ids.push(id.clone());
            }
            let pkg = pkgs[(h(v, 3) % pkgs.len() as u64) as usize];
            let ver = format!("{}.{}.{}", 1 + h(v, 4) % 3, h(v, 5) % 20, h(v, 6) % 10);
            let fixed = format!("{}.{}.{}", 1 + h(v, 4) % 3, h(v, 5) % 20, 1 + h(v, 6) % 10);
            let score = match severity {
                "CRITICAL" => 9.8,
                "HIGH" => 7.5,
                "MEDIUM" => 5.3,
                _ => 3.1,
            };
            let desc = if h(v, 7).is_multiple_of(9) {
                format!(
                    "A race in the critical section of {pkg}'s connection pool can lead to a use-after-free when a handle is released twice."
                )
            } else {
                format!(
                    "An issue was discovered in {pkg} before {fixed}. A crafted input can cause excessive memory use or a crash when parsed."
                )
            };
            let purl = if typ == "npm" {
                format!("pkg:npm/{pkg}@{ver}")
            } else {
                format!("pkg:deb/debian/{pkg}@{ver}?arch=amd64&distro=debian-12.8")
            };
            vulns.push(json!({
                "VulnerabilityID": id,
                "PkgID": format!("{pkg}@{ver}"),
                "PkgName": pkg,
                "PkgIdentifier": {"PURL": purl, "UID": format!("{:016x}", h(v, 8))},
                "InstalledVersion": ver,
                "FixedVersion": fixed,
                "Status": "fixed",
                "Layer": {"Digest": format!("sha256:{:016x}{:016x}", h(v, 9), h(v, 10)), "DiffID": format!("sha256:{:016x}{:016x}", h(v, 11), h(v, 12))},
                "SeveritySource": "nvd",
                "PrimaryURL": format!("https://avd.aquasec.com/nvd/{}", id.to_lowercase()),
                "DataSource": {"ID": typ, "Name": if typ == "npm" { "GitHub Security Advisory npm" } else { "Debian Security Tracker" }, "URL": if typ == "npm" { "https://github.com/advisories?query=type%3Areviewed+ecosystem%3Anpm" } else { "https://salsa.debian.org/security-tracker-team/security-tracker" }},
                "Title": format!("{pkg}: {}", pick(&["denial of service via crafted input", "out-of-bounds read in parser", "improper certificate validation", "prototype pollution", "integer overflow in length handling"], v, 13)),
                "Description": desc,
                "Severity": severity,
                "CweIDs": [format!("CWE-{}", pick(&["125", "787", "400", "1321", "190", "295"], v, 14))],
                "VendorSeverity": {"nvd": match severity { "CRITICAL" => 4, "HIGH" => 3, "MEDIUM" => 2, _ => 1 }, "redhat": 2},
                "CVSS": {"nvd": {"V3Vector": "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", "V3Score": score}},
                "References": [
                    format!("https://nvd.nist.gov/vuln/detail/{id}"),
                    format!("https://security-tracker.debian.org/tracker/{id}")
                ],
                "PublishedDate": format!("2024-0{}-1{}T15:15:0{}.000Z", 1 + v % 9, v % 10, v % 10),
                "LastModifiedDate": "2026-11-21T17:15:04.120Z"
            }));
        }
        results
            .push(json!({"Target": target, "Class": class, "Type": typ, "Vulnerabilities": vulns}));
    }
    let doc = json!({
        "SchemaVersion": 2,
        "CreatedAt": "2026-11-23T10:41:07.512238913Z",
        "ArtifactName": "registry.acme.io/shop/api:2026.11.23",
        "ArtifactType": "container_image",
        "Metadata": {
            "Size": 218_103_808,
            "OS": {"Family": "debian", "Name": "12.8"},
            "ImageID": "sha256:4f1c2a9b8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a",
            "RepoTags": ["registry.acme.io/shop/api:2026.11.23"],
            "ImageConfig": {"architecture": "amd64", "os": "linux", "config": {"Env": ["PATH=/usr/local/bin:/usr/bin:/bin", "NODE_ENV=production"], "WorkingDir": "/app"}}
        },
        "Results": results
    });
    let output = pretty(&doc, b"  ") + "\n";
    let expected = ids.iter().map(|id| jq_string(id)).collect();
    Case::items(
        "trivy image JSON, six CRITICAL findings",
        output,
        "List every critical vulnerability in the image.",
        ids,
    )
    .with_jq(
        ".Results[].Vulnerabilities[] | select(.Severity == \"CRITICAL\") | .VulnerabilityID",
        expected,
    )
}

/// `ps aux` on a busy build host: 3,600 processes, four over 90 % CPU
/// (one at 312 %), one at exactly 90.0 (not more), zombies as a decoy.
fn ps_busy() -> Case {
    let busy = [
        (
            711usize,
            312.0,
            "ffmpeg -hide_banner -i /data/in/cam07.mp4 -c:v libx264 -preset slow /data/out/cam07.mkv",
        ),
        (1502, 97.3, "python3 /opt/etl/rebuild_index.py --shard 12"),
        (
            2410,
            94.8,
            "/usr/lib/jvm/java-21-openjdk-amd64/bin/java -Xmx8g -jar /opt/reports/report-renderer.jar --month 2026-10",
        ),
        (
            3001,
            99.9,
            "node /srv/app/releases/20261123_0912/dist/worker.js --queue thumbnails",
        ),
    ];
    let edge = (1900usize, "python3 /opt/etl/rebuild_index.py --shard 7");
    let mut out = String::from(
        "USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n",
    );
    let n = 3600;
    for i in 0..n {
        let pid = 1 + i as u64 * 7 + h(i, 1) % 7;
        let (user, cmd, cpu, stat): (&str, String, f64, &str) = if let Some((_, c, cmd)) =
            busy.iter().find(|(b, _, _)| *b == i)
        {
            ("build", cmd.to_string(), *c, "Rl")
        } else if i == edge.0 {
            ("build", edge.1.to_string(), 90.0, "R")
        } else if i < 40 {
            (
                "root",
                format!("[kworker/{}:{}-events]", i % 16, i % 3),
                0.0,
                "I<",
            )
        } else if h(i, 2).is_multiple_of(300) {
            ("build", "[node] <defunct>".into(), 0.0, "Z")
        } else {
            let cpu = (h(i, 3) % 600) as f64 / 10.0;
            let (u, c) = match h(i, 4) % 6 {
                0 => ("www-data", "php-fpm: pool www".to_string()),
                1 => (
                    "postgres",
                    format!(
                        "postgres: 16/main: app shop 10.0.{}.{}({}) idle",
                        h(i, 5) % 8,
                        h(i, 6) % 250,
                        30_000 + h(i, 7) % 30_000
                    ),
                ),
                2 => (
                    "build",
                    format!(
                        "python3 /opt/etl/rebuild_index.py --shard {}",
                        20 + h(i, 8) % 80
                    ),
                ),
                3 => (
                    "build",
                    format!(
                        "/usr/lib/jvm/java-21-openjdk-amd64/bin/java -Xmx2g -cp /opt/gradle/lib/gradle-launcher-8.10.jar:/opt/gradle/lib/gradle-api-8.10.jar org.gradle.launcher.daemon.bootstrap.GradleDaemon 8.10 --job {}",
                        h(i, 9) % 9000
                    ),
                ),
                4 => (
                    "build",
                    format!(
                        "node /srv/app/releases/20261123_0912/dist/worker.js --queue {}",
                        pick(&["emails", "exports", "webhooks", "search-sync"], i, 10)
                    ),
                ),
                _ => (
                    "root",
                    "sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups".to_string(),
                ),
            };
            (u, c, cpu, if cpu > 10.0 { "S" } else { "Ss" })
        };
        let mem = (h(i, 11) % 40) as f64 / 10.0;
        let vsz = 10_000 + h(i, 12) % 9_000_000;
        let rss = 1_000 + h(i, 13) % 2_000_000;
        let start = if h(i, 14).is_multiple_of(3) {
            "Nov20".to_string()
        } else {
            format!("{:02}:{:02}", 8 + h(i, 15) % 4, h(i, 16) % 60)
        };
        let time = format!("{}:{:02}", h(i, 17) % 300, h(i, 18) % 60);
        out.push_str(&format!(
            "{user:<8} {pid:>7} {:>4} {:>4} {vsz:>6} {rss:>5} ?        {stat:<4} {start:>5} {time:>6} {cmd}\n",
            pcpu(cpu),
            format!("{mem:.1}")
        ));
    }
    Case::items(
        "ps aux, four processes over 90 % CPU",
        out,
        "Which processes are using more than 90% CPU?",
        busy.iter().map(|(_, _, c)| c.to_string()).collect(),
    )
}

/// `%CPU` as procps prints it: one decimal under 100, none from 100.
fn pcpu(v: f64) -> String {
    if v >= 100.0 {
        format!("{}", v as u64)
    } else {
        format!("{v:.1}")
    }
}

/// `systemctl list-units --all` on a Kubernetes node: thousands of
/// mounts and container scopes, four failed services; `not-found` units
/// are a decoy.
fn systemctl_failed() -> Case {
    let failed = [
        "acme-sync@eu-west.service",
        "node-problem-detector.service",
        "logrotate-hourly.service",
        "fstrim.service",
    ];
    let mut units: Vec<(String, &str, &str, &str, String)> = Vec::new();
    for i in 0..1900 {
        let pod = format!(
            "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
            h(i, 1) as u32,
            h(i, 2) as u16,
            h(i, 3) as u16,
            h(i, 4) as u16,
            h(i, 5) % (1 << 48)
        );
        match i % 3 {
            0 => {
                let vol = format!("kube-api-access-{:05x}", h(i, 6) % 0xfffff);
                units.push((
                    format!(
                        "var-lib-kubelet-pods-{}-volumes-kubernetes.io\\x7eprojected-{}.mount",
                        pod.replace('-', "\\x2d"),
                        vol.replace('-', "\\x2d")
                    ),
                    "loaded",
                    "active",
                    "mounted",
                    format!("/var/lib/kubelet/pods/{pod}/volumes/kubernetes.io~projected/{vol}"),
                ));
            }
            1 => {
                let cid = format!("{:016x}{:016x}{:016x}{:016x}", h(i, 7), h(i, 8), h(i, 9), h(i, 10));
                units.push((
                    format!("cri-containerd-{cid}.scope"),
                    "loaded",
                    "active",
                    "running",
                    format!("libcontainer container {cid}"),
                ));
            }
            _ => units.push((
                format!("run-containerd-io.containerd.runtime.v2.task-k8s.io-{:016x}{:016x}-rootfs.mount", h(i, 11), h(i, 12)),
                "loaded",
                "active",
                "mounted",
                format!("/run/containerd/io.containerd.runtime.v2.task/k8s.io/{:016x}{:016x}/rootfs", h(i, 11), h(i, 12)),
            )),
        }
    }
    for (i, svc) in [
        "containerd",
        "kubelet",
        "ssh",
        "systemd-journald",
        "systemd-logind",
        "cron",
        "chrony",
        "rsyslog",
        "dbus",
        "acme-sync@us-east",
        "acme-sync@ap-south",
        "systemd-udevd",
        "systemd-networkd",
        "systemd-resolved",
        "polkit",
        "unattended-upgrades",
        "snapd",
    ]
    .iter()
    .enumerate()
    {
        units.push((
            format!("{svc}.service"),
            "loaded",
            "active",
            "running",
            format!("{} daemon", svc.replace('-', " ")),
        ));
        if i.is_multiple_of(4) {
            units.push((
                format!("{svc}-helper.service"),
                "not-found",
                "inactive",
                "dead",
                format!("{svc}-helper.service"),
            ));
        }
    }
    for (k, f) in failed.iter().enumerate() {
        let desc = [
            "Acme sync worker (eu-west)",
            "Kubernetes node problem detector",
            "Rotate log files hourly",
            "Discard unused blocks on filesystems from /etc/fstab",
        ][k];
        units.push((
            f.to_string(),
            "loaded",
            "failed",
            "failed",
            desc.to_string(),
        ));
    }
    units.sort_by(|a, b| a.0.cmp(&b.0));
    let w = units.iter().map(|u| u.0.len()).max().unwrap();
    let mut out = format!(
        "  {:<w$} LOAD      ACTIVE   SUB       DESCRIPTION\n",
        "UNIT"
    );
    for (unit, load, active, sub, desc) in &units {
        let mark = if *active == "failed" { "●" } else { " " };
        out.push_str(&format!(
            "{mark} {unit:<w$} {load:<9} {active:<8} {sub:<9} {desc}\n"
        ));
    }
    out.push_str(&format!(
        "\nLegend: LOAD   → Reflects whether the unit definition was properly loaded.\n        ACTIVE → The high-level unit activation state, i.e. generalization of SUB.\n        SUB    → The low-level unit activation state, values depend on unit type.\n\n{} loaded units listed.\nTo show all installed unit files use 'systemctl list-unit-files'.\n",
        units.len()
    ));
    Case::items(
        "systemctl list-units --all, four failed",
        out,
        "Which services failed?",
        failed.iter().map(|s| s.to_string()).collect(),
    )
}

/// `eslint -f json .`: 1,100 files with warnings (many of them
/// "Expected error to be handled."), five with errors (severity 2); the
/// messages are a level below the array's items.
fn eslint_errors() -> Case {
    let dirs = ["api", "ui", "store", "jobs", "lib", "hooks", "pages"];
    let with_errors = [131usize, 377, 602, 849, 1051];
    let mut files = Vec::new();
    let mut paths = Vec::new();
    for i in 0..1100 {
        let path = format!(
            "/home/ci/shop/src/{}/{}{}.ts",
            dirs[i % 7],
            pick(
                &[
                    "order", "cart", "user", "price", "search", "stock", "invoice"
                ],
                i,
                1
            ),
            i
        );
        let mut messages = Vec::new();
        let n = 1 + h(i, 2) % 3;
        for m in 0..n as usize {
            let k = i * 3 + m;
            let (rule, msg) = match h(k, 3) % 3 {
                0 => (
                    "n/handle-callback-err",
                    "Expected error to be handled.".to_string(),
                ),
                1 => (
                    "@typescript-eslint/no-unused-vars",
                    format!(
                        "'{}' is defined but never used.",
                        pick(&["res", "err", "ctx", "opts"], k, 4)
                    ),
                ),
                _ => ("no-console", "Unexpected console statement.".to_string()),
            };
            let line = 1 + h(k, 5) % 400;
            let col = 1 + h(k, 6) % 40;
            messages.push(json!({"ruleId": rule, "severity": 1, "message": msg, "line": line, "column": col, "nodeType": "Identifier", "messageId": "unexpected", "endLine": line, "endColumn": col + 3}));
        }
        let errors = if with_errors.contains(&i) {
            let line = 10 + h(i, 7) % 300;
            messages.push(json!({"ruleId": "react-hooks/rules-of-hooks", "severity": 2, "message": "React Hook \"useEffect\" is called conditionally. React Hooks must be called in the exact same order in every component render.", "line": line, "column": 5, "nodeType": "Identifier", "endLine": line, "endColumn": 14}));
            paths.push(path.clone());
            1
        } else {
            0
        };
        let warnings = n;
        files.push(json!({
            "filePath": path,
            "messages": messages,
            "suppressedMessages": [],
            "errorCount": errors,
            "fatalErrorCount": 0,
            "warningCount": warnings,
            "fixableErrorCount": 0,
            "fixableWarningCount": 0,
            "usedDeprecatedRules": []
        }));
    }
    let output = Value::Array(files).to_string();
    let expected = paths.iter().map(|p| jq_string(p)).collect();
    Case::items(
        "eslint JSON, five files with errors",
        output,
        "Which files have lint errors, not just warnings?",
        paths,
    )
    .with_jq(".[] | select(.errorCount > 0) | .filePath", expected)
}

/// `kafka-consumer-groups.sh --describe --all-groups`: one table per
/// group; four groups have a partition more than 10,000 messages behind,
/// one is exactly 10,000 behind (not more), some have no active members.
fn kafka_lag() -> Case {
    let topics = [
        "orders.v1",
        "payments.v2",
        "inventory.events",
        "emails.outbox",
        "search.index",
        "audit.log",
    ];
    let roles = [
        "enricher",
        "indexer",
        "mailer",
        "auditor",
        "projector",
        "notifier",
        "archiver",
        "scorer",
    ];
    let lagging = [
        (131usize, 48_213u64),
        (402, 1_203_344),
        (655, 10_512),
        (903, 250_000),
    ];
    let at_edge = 777usize;
    let mut out = String::new();
    let mut items = Vec::new();
    for g in 0..1000 {
        let group = format!(
            "{}-{}-{}",
            pick(&["shop", "billing", "ops", "data"], g, 1),
            roles[g % 8],
            g
        );
        let topic = topics[(h(g, 2) % 6) as usize];
        let parts = 2 + h(g, 3) % 3;
        let inactive =
            h(g, 4).is_multiple_of(40) && !lagging.iter().any(|(l, _)| *l == g) && g != at_edge;
        let mut rows = Vec::new();
        for p in 0..parts {
            let end = 1_000_000 + h(g * 10 + p as usize, 5) % 90_000_000;
            let lag = match lagging.iter().find(|(l, _)| *l == g) {
                Some((_, lag)) if p == 1 => *lag,
                _ if g == at_edge && p == 0 => 10_000,
                _ => h(g * 10 + p as usize, 6) % 900,
            };
            let (cid, host, client) = if inactive {
                ("-".to_string(), "-".to_string(), "-".to_string())
            } else {
                (
                    format!(
                        "consumer-{group}-{}-{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
                        1 + p,
                        h(g, 7) as u32,
                        h(g, 8) as u16,
                        h(g, 9) as u16,
                        h(g, 10) as u16,
                        h(g + p as usize, 11) % (1 << 48)
                    ),
                    format!("/10.0.{}.{}", h(g, 12) % 8, 2 + h(g + p as usize, 13) % 250),
                    format!("consumer-{group}-{}", 1 + p),
                )
            };
            rows.push([
                group.clone(),
                topic.to_string(),
                p.to_string(),
                (end - lag).to_string(),
                end.to_string(),
                lag.to_string(),
                cid,
                host,
                client,
            ]);
        }
        if lagging.iter().any(|(l, _)| *l == g) {
            items.push(group.clone());
        }
        if inactive {
            out.push_str(&format!(
                "\nConsumer group '{group}' has no active members.\n"
            ));
        }
        let header = [
            "GROUP",
            "TOPIC",
            "PARTITION",
            "CURRENT-OFFSET",
            "LOG-END-OFFSET",
            "LAG",
            "CONSUMER-ID",
            "HOST",
            "CLIENT-ID",
        ];
        let widths: Vec<usize> = (0..9)
            .map(|c| {
                (rows.iter().map(|r| r[c].len()))
                    .chain([header[c].len()])
                    .max()
                    .unwrap()
            })
            .collect();
        let render = |cells: Vec<&str>| {
            let mut l = String::new();
            for (c, cell) in cells.iter().enumerate() {
                if c == 8 {
                    l.push_str(cell);
                } else {
                    l.push_str(&format!("{cell:<w$} ", w = widths[c]));
                }
            }
            l
        };
        out.push('\n');
        out.push_str(&render(header.to_vec()));
        out.push('\n');
        for r in &rows {
            out.push_str(&render(r.iter().map(String::as_str).collect()));
            out.push('\n');
        }
    }
    Case::items(
        "kafka consumer groups, four lagging over 10k",
        out,
        "Which consumer groups are more than 10,000 messages behind?",
        items,
    )
}

/// `rg --json -i timeout` over a monorepo: JSON lines of four kinds
/// (begin, match, end, summary), the matched text two levels down; in four
/// files a timeout is set to 0.
fn rg_zero_timeout() -> Case {
    // (file, its kind: the index in `plain` and `exts`, the line).
    let zero = [
        (141usize, 0usize, "    timeout: 0\n"),
        (388, 1, "export const UPSTREAM_TIMEOUT_MS = 0;\n"),
        (502, 2, "        .timeout(Duration::from_secs(0))\n"),
        (655, 3, "    resp = session.get(url, timeout=0)\n"),
    ];
    let plain = [
        "    timeout: 30s\n",
        "export const REQUEST_TIMEOUT_MS = 5000;\n",
        "        .timeout(Duration::from_secs(15))\n",
        "    resp = session.get(url, timeout=12)\n",
        "  // retry after a timeout with exponential backoff\n",
        "func (c *Client) SetTimeout(d time.Duration) { c.timeout = d }\n",
    ];
    let exts = ["yaml", "ts", "rs", "py", "ts", "go"];
    let mut out = String::new();
    let mut paths = Vec::new();
    let (mut matches, mut bytes) = (0u64, 0u64);
    for f in 0..700 {
        let planted = zero.iter().find(|(z, _, _)| *z == f);
        let kind = planted.map_or((h(f, 1) % 6) as usize, |(_, k, _)| *k);
        let path = format!(
            "{}/{}/{}_{f}.{}",
            pick(&["services", "libs", "tools", "deploy"], f, 2),
            pick(&["billing", "search", "gateway", "catalog", "auth"], f, 3),
            pick(&["client", "config", "server", "worker"], f, 4),
            exts[kind]
        );
        let jpath = jq_string(&path);
        out.push_str(&format!(
            "{{\"type\":\"begin\",\"data\":{{\"path\":{{\"text\":{jpath}}}}}}}\n"
        ));
        let n = 1 + h(f, 5) % 3;
        let mut offset = 0u64;
        for m in 0..n {
            let text = match planted {
                Some((_, _, t)) if m == 0 => {
                    paths.push(path.clone());
                    t.to_string()
                }
                // A TypeScript file's other lines are a constant or a comment.
                _ if kind == 1 || kind == 4 => {
                    plain[[1, 4][(h(f * 3 + m as usize, 6) % 2) as usize]].to_string()
                }
                _ => plain[kind].to_string(),
            };
            let line = 3 + h(f * 3 + m as usize, 7) % 400;
            offset += 100 + h(f * 3 + m as usize, 8) % 4000;
            let start = text.to_lowercase().find("timeout").unwrap();
            matches += 1;
            out.push_str(&format!(
                "{{\"type\":\"match\",\"data\":{{\"path\":{{\"text\":{jpath}}},\"lines\":{{\"text\":{}}},\"line_number\":{line},\"absolute_offset\":{offset},\"submatches\":[{{\"match\":{{\"text\":{}}},\"start\":{start},\"end\":{}}}]}}}}\n",
                jq_string(&text),
                jq_string(&text[start..start + 7]),
                start + 7
            ));
        }
        let size = 2000 + h(f, 9) % 20_000;
        bytes += size;
        let nanos = 20_000 + h(f, 10) % 70_000;
        out.push_str(&format!(
            "{{\"type\":\"end\",\"data\":{{\"path\":{{\"text\":{jpath}}},\"binary_offset\":null,\"stats\":{{\"elapsed\":{{\"secs\":0,\"nanos\":{nanos},\"human\":\"0.{:06}s\"}},\"searches\":1,\"searches_with_match\":1,\"bytes_searched\":{size},\"bytes_printed\":{},\"matched_lines\":{n},\"matches\":{n}}}}}}}\n",
            nanos / 1000,
            300 * n
        ));
    }
    out.push_str(&format!(
        "{{\"data\":{{\"elapsed_total\":{{\"human\":\"0.412345s\",\"nanos\":412345678,\"secs\":0}},\"stats\":{{\"bytes_printed\":{},\"bytes_searched\":{bytes},\"elapsed\":{{\"human\":\"1.203311s\",\"nanos\":203311000,\"secs\":1}},\"matched_lines\":{matches},\"matches\":{matches},\"searches\":9120,\"searches_with_match\":700}}}},\"type\":\"summary\"}}\n",
        matches * 300
    ));
    let expected = paths.iter().map(|p| jq_string(p)).collect();
    Case::items(
        "rg --json, four zero timeouts",
        out,
        "In which files is a timeout set to zero?",
        paths,
    )
    .with_jq(
        ".[] | select(.type == \"match\" and (.data.lines.text | test(\"\\\\b0\\\\b\"))) | .data.path.text",
        expected,
    )
}

/// `pytest -rA` of a large suite: per-file progress lines, then the short
/// test summary with one line per test, all `PASSED` but five (three
/// `FAILED`, two `ERROR`); many passing tests are named for failures
/// (`test_refund_fails_when_expired`). A negation: which did not pass.
fn pytest_not_passed() -> Case {
    let dirs = ["api", "billing", "catalog", "auth", "search", "worker"];
    let subjects = [
        "order", "refund", "invoice", "session", "token", "cart", "price", "webhook",
    ];
    let verbs = [
        "creates",
        "rejects",
        "fails_when_expired",
        "retries_on_error",
        "serializes",
        "raises_on_missing_field",
        "lists",
        "handles_timeout",
    ];
    let n = 5400;
    let name = |i: usize| {
        format!(
            "tests/{}/test_{}.py::test_{}_{}[case{}]",
            dirs[i % 6],
            subjects[i / 6 % 8],
            subjects[i / 48 % 8],
            verbs[i / 7 % 8],
            i % 13
        )
    };
    let failed = [613usize, 1877, 3311];
    let errored = [1240usize, 2702];
    let mut out = String::from(
        "============================= test session starts ==============================\nplatform linux -- Python 3.12.7, pytest-8.3.3, pluggy-1.5.0\nrootdir: /home/runner/work/shop/shop\nconfigfile: pyproject.toml\nplugins: xdist-3.6.1, cov-5.0.0, asyncio-0.24.0\ncollected 5400 items\n\n",
    );
    for chunk in 0..n / 60 {
        let marks: String = (chunk * 60..chunk * 60 + 60)
            .map(|i| {
                if failed.contains(&i) {
                    'F'
                } else if errored.contains(&i) {
                    'E'
                } else {
                    '.'
                }
            })
            .collect();
        out.push_str(&format!(
            "tests/{}/test_{}.py {marks} [{:3}%]\n",
            dirs[chunk % 6],
            subjects[chunk % 8],
            (chunk + 1) * 60 * 100 / n
        ));
    }
    out.push_str(
        "\n==================================== ERRORS ====================================\n",
    );
    for &i in &errored {
        out.push_str(&format!(
            "_________________ ERROR at setup of {} _________________\nfile /home/runner/work/shop/shop/{}, line 41\n  @pytest.fixture\n  def ledger(db, clock):\nE       fixture 'clock' not found\n\n",
            name(i).rsplit("::").next().unwrap(),
            name(i).split("::").next().unwrap()
        ));
    }
    out.push_str(
        "=================================== FAILURES ===================================\n",
    );
    for &i in &failed {
        out.push_str(&format!(
            "_________________ {} _________________\n\n    def test_case(client):\n        resp = client.post(\"/v1/orders\", json=payload)\n>       assert resp.status_code == 201\nE       assert 500 == 201\n\n{}:88: AssertionError\n",
            name(i).rsplit("::").next().unwrap(),
            name(i).split("::").next().unwrap()
        ));
    }
    out.push_str("==================================== PASSES ====================================\n=========================== short test summary info ============================\n");
    for i in 0..n {
        if failed.contains(&i) {
            out.push_str(&format!("FAILED {} - assert 500 == 201\n", name(i)));
        } else if errored.contains(&i) {
            out.push_str(&format!("ERROR {} - fixture 'clock' not found\n", name(i)));
        } else {
            out.push_str(&format!("PASSED {}\n", name(i)));
        }
    }
    out.push_str(
        "============ 3 failed, 5395 passed, 2 errors in 312.44s (0:05:12) =============\n",
    );
    let mut items: Vec<usize> = failed.iter().chain(&errored).copied().collect();
    items.sort_unstable();
    Case::items(
        "pytest -rA, five tests did not pass",
        out,
        "Which tests did not pass?",
        items.into_iter().map(name).collect(),
    )
}

/// `kubectl get pods -A -o wide` over a large cluster: thousands of
/// `Running` pods, a few `Completed` jobs, four `Pending` (no node yet:
/// `<none>`). A count: how many are waiting to be scheduled.
fn kubectl_pending() -> Case {
    let namespaces = [
        "shop",
        "payments",
        "search",
        "monitoring",
        "ingest",
        "batch",
    ];
    let apps = [
        "api", "worker", "frontend", "indexer", "exporter", "consumer", "gateway",
    ];
    let pending = [377usize, 1290, 2044, 2871];
    let mut rows = Vec::new();
    for i in 0..3200 {
        let ns = namespaces[i % 6];
        let name = format!(
            "{}-{}-{:x}-{}",
            apps[i / 6 % 7],
            ns,
            0x5d4f_6000 + h(i, 1) % 0xfff,
            ["x7k2p", "q9mzt", "b4wnc", "r8hjd", "t2lfs"][i % 5]
        );
        let (ready, status, restarts, ip, node) = if pending.contains(&i) {
            (
                "0/1".to_string(),
                "Pending",
                "0".to_string(),
                "<none>".to_string(),
                "<none>".to_string(),
            )
        } else if h(i, 2).is_multiple_of(40) {
            (
                "0/1".to_string(),
                "Completed",
                "0".to_string(),
                format!("10.42.{}.{}", h(i, 3) % 40, 2 + h(i, 4) % 250),
                format!("ip-10-0-{}-{}.ec2.internal", h(i, 5) % 16, h(i, 6) % 250),
            )
        } else {
            let r = h(i, 7) % 3;
            (
                "1/1".to_string(),
                "Running",
                if r == 0 {
                    "0".to_string()
                } else {
                    format!("{} ({}h ago)", r, 1 + h(i, 8) % 40)
                },
                format!("10.42.{}.{}", h(i, 3) % 40, 2 + h(i, 4) % 250),
                format!("ip-10-0-{}-{}.ec2.internal", h(i, 5) % 16, h(i, 6) % 250),
            )
        };
        rows.push([
            ns.to_string(),
            name,
            ready,
            status.to_string(),
            restarts,
            format!("{}d", 1 + h(i, 9) % 90),
            ip,
            node,
            "<none>".to_string(),
            "<none>".to_string(),
        ]);
    }
    let header = [
        "NAMESPACE",
        "NAME",
        "READY",
        "STATUS",
        "RESTARTS",
        "AGE",
        "IP",
        "NODE",
        "NOMINATED NODE",
        "READINESS GATES",
    ];
    let widths: Vec<usize> = (0..10)
        .map(|c| {
            (rows.iter().map(|r| r[c].len()))
                .chain([header[c].len()])
                .max()
                .unwrap()
        })
        .collect();
    let render = |cells: &[String]| {
        let mut l = String::new();
        for (c, cell) in cells.iter().enumerate() {
            l.push_str(cell);
            if c < 9 {
                l.push_str(&" ".repeat(widths[c] - cell.len() + 3));
            }
        }
        l
    };
    let mut out = render(&header.map(String::from)) + "\n";
    for r in &rows {
        out.push_str(&render(r));
        out.push('\n');
    }
    Case::items(
        "kubectl get pods -o wide, four Pending",
        out,
        "How many pods are still waiting to be scheduled, and which ones?",
        pending.iter().map(|&i| rows[i][1].clone()).collect(),
    )
}

/// `git log --stat` of a busy repository: thousands of small commits,
/// one vendoring a dependency (412 files, 98,311 insertions). A
/// comparison: the largest change.
fn git_log_largest() -> Case {
    let authors = [
        ("Ana Ruiz", "ana@acme.io"),
        ("Ben Okafor", "ben@acme.io"),
        ("Chen Wei", "chen@acme.io"),
        ("Dara Novak", "dara@acme.io"),
    ];
    let subjects = [
        "Fix off-by-one in pagination",
        "Add retry to webhook sender",
        "Bump eslint to 9.14",
        "Refactor price rounding",
        "Document the refund flow",
        "Handle empty carts in checkout",
        "Speed up catalog search",
    ];
    let files = [
        "src/api/orders.ts",
        "src/api/refunds.ts",
        "src/lib/money.ts",
        "src/search/index.ts",
        "docs/refunds.md",
        "package.json",
        "test/orders.test.ts",
    ];
    let planted = 1133;
    let mut out = String::new();
    for i in 0..2300 {
        let (name, email) = authors[i % 4];
        out.push_str(&format!(
            "commit {:016x}{:024x}\nAuthor: {name} <{email}>\nDate:   Mon Nov {} {} 2026 +0100\n\n",
            h(i, 1),
            h(i, 2) >> 32,
            1 + i / 100 % 28,
            &hms(i, 60_000)[..8],
        ));
        if i == planted {
            out.push_str("    Vendor the PDF renderer\n\n vendor/pdfkit/README.md | 212 +\n vendor/pdfkit/lib/document.js | 4127 ++++++++++\n ...\n 412 files changed, 98311 insertions(+), 12 deletions(-)\n\n");
            continue;
        }
        out.push_str(&format!("    {}\n\n", pick(&subjects, i, 3)));
        let nf = 1 + h(i, 4) % 4;
        let (mut ins, mut del) = (0, 0);
        for f in 0..nf as usize {
            let (a, d) = (h(i * 7 + f, 5) % 60, h(i * 7 + f, 6) % 30);
            ins += a;
            del += d;
            out.push_str(&format!(
                " {:<22} | {:>3} {}{}\n",
                files[(i + f) % 7],
                a + d,
                "+".repeat((a / 4) as usize),
                "-".repeat((d / 4) as usize)
            ));
        }
        out.push_str(&format!(
            " {nf} file{} changed, {ins} insertions(+), {del} deletions(-)\n\n",
            if nf == 1 { "" } else { "s" }
        ));
    }
    Case::fact(
        "git log --stat, one commit vendors 412 files",
        out,
        "Which commit was the biggest change?",
        &["Vendor the PDF renderer", "98311 insertions"],
    )
}

/// A GitHub Actions job log: setup, `npm ci` with deprecation warnings,
/// lint with warnings, then a TypeScript build whose one real error sits
/// mid-log among thousands of build lines (and words like `errorHandler`),
/// then teardown and `Process completed with exit code 2`.
fn actions_build_error() -> Case {
    let mut out = String::new();
    let stamp = |i: usize| format!("2026-11-23T{}0000Z", hms(i, 40));
    let mut i = 0;
    for l in [
        "##[group]Run actions/checkout@v4",
        "Syncing repository: acme/shop",
        "##[endgroup]",
        "##[group]Run actions/setup-node@v4",
        "Found in cache @ /opt/hostedtoolcache/node/20.18.0/x64",
        "##[endgroup]",
        "##[group]Run npm ci",
    ] {
        out.push_str(&format!("{} {l}\n", stamp(i)));
        i += 1;
    }
    let modules = [
        "errorHandler",
        "orders",
        "refunds",
        "money",
        "search",
        "webhooks",
        "errors/index",
    ];
    for k in 0..4600 {
        let line = if k < 300 {
            format!(
                "npm WARN deprecated {}@{}.{}.0: This package is no longer supported.",
                pick(&["inflight", "glob", "rimraf", "uuid", "querystring"], k, 1),
                h(k, 2) % 9,
                h(k, 3) % 20
            )
        } else if k < 1200 {
            format!(
                "/home/runner/work/shop/shop/src/{}.ts\n  {}:{}  warning  Unexpected any. Specify a different type  @typescript-eslint/no-explicit-any",
                pick(&modules, k, 4),
                h(k, 5) % 400,
                h(k, 6) % 60
            )
        } else if k == 2950 {
            "src/api/refunds.ts(214,31): error TS2345: Argument of type 'string | undefined' is not assignable to parameter of type 'string'.".to_string()
        } else {
            format!(
                "[tsc] compiled src/{}/{}.ts -> dist/{}/{}.js ({} ms, 0 errors so far)",
                pick(&["api", "lib", "search", "workers"], k, 7),
                pick(&modules, k, 8),
                pick(&["api", "lib", "search", "workers"], k, 7),
                pick(&modules, k, 8),
                h(k, 9) % 90
            )
        };
        for l in line.lines() {
            out.push_str(&format!("{} {l}\n", stamp(i)));
            i += 1;
        }
        if k == 299 {
            out.push_str(&format!(
                "{} added 1412 packages in 41s\n{} ##[endgroup]\n{} ##[group]Run npm run lint\n",
                stamp(i),
                stamp(i + 1),
                stamp(i + 2)
            ));
            i += 3;
        } else if k == 1199 {
            out.push_str(&format!(
                "{} ✖ 900 problems (0 errors, 900 warnings)\n{} ##[endgroup]\n{} ##[group]Run npm run build\n",
                stamp(i),
                stamp(i + 1),
                stamp(i + 2)
            ));
            i += 3;
        }
    }
    for l in [
        "##[endgroup]",
        "##[error]Process completed with exit code 2.",
        "Post job cleanup.",
        "Cleaning up orphan processes",
    ] {
        out.push_str(&format!("{} {l}\n", stamp(i)));
        i += 1;
    }
    Case::fact(
        "GitHub Actions log, one TypeScript error mid-build",
        out,
        "Why did the CI job fail?",
        &["error TS2345", "src/api/refunds.ts(214,31)"],
    )
}

/// `gcloud compute instances list --format=json`: 640 instances, every
/// one `"status": "RUNNING"` but five (TERMINATED, STOPPING, SUSPENDED),
/// and every one carrying `"onHostMaintenance": "TERMINATE"` and a
/// `"lastStartTimestamp"` (words of the answer's kind, everywhere).
fn gcloud_not_running() -> Case {
    let zones = [
        "us-central1-a",
        "us-central1-b",
        "europe-west1-c",
        "asia-east1-a",
    ];
    let types = ["e2-medium", "n2-standard-4", "c3-highcpu-8", "e2-small"];
    let roles = ["web", "api", "worker", "cache", "batch", "search"];
    let stopped: [(usize, &str); 5] = [
        (61, "TERMINATED"),
        (190, "STOPPING"),
        (302, "TERMINATED"),
        (470, "SUSPENDED"),
        (598, "TERMINATED"),
    ];
    let mut items = Vec::new();
    let mut instances = Vec::new();
    for i in 0..640 {
        let zone = pick(&zones, i, 1);
        let name = format!(
            "{}-{}-{:04x}",
            pick(&roles, i, 2),
            &zone[..zone.len() - 2],
            h(i, 3) % 0xffff
        );
        let status = stopped
            .iter()
            .find(|(at, _)| *at == i)
            .map_or("RUNNING", |(_, s)| *s);
        if status != "RUNNING" {
            items.push(name.clone());
        }
        let ip = format!(
            "10.{}.{}.{}",
            h(i, 4) % 64,
            h(i, 5) % 256,
            2 + h(i, 6) % 250
        );
        let mut instance = json!({
            "canIpForward": false,
            "cpuPlatform": "Intel Cascade Lake",
            "creationTimestamp": format!("2026-0{}-1{}T0{}:12:44.512-07:00", 1 + h(i, 7) % 9, h(i, 8) % 10, h(i, 9) % 10),
            "deletionProtection": false,
            "disks": [{
                "autoDelete": true,
                "boot": true,
                "deviceName": name,
                "diskSizeGb": (10 + h(i, 10) % 8 * 10).to_string(),
                "index": 0,
                "interface": "SCSI",
                "kind": "compute#attachedDisk",
                "mode": "READ_WRITE",
                "type": "PERSISTENT"
            }],
            "id": format!("{}", 1_000_000_000_000_000_000u64 + h(i, 11) % 8_000_000_000_000_000_000),
            "kind": "compute#instance",
            "labels": {"role": pick(&roles, i, 2), "env": if i % 3 == 0 { "staging" } else { "prod" }},
            "lastStartTimestamp": format!("2026-11-{:02}T0{}:41:0{}.118-08:00", 1 + h(i, 12) % 26, h(i, 13) % 10, h(i, 14) % 10),
            "machineType": format!("https://www.googleapis.com/compute/v1/projects/acme-prod/zones/{zone}/machineTypes/{}", pick(&types, i, 15)),
            "name": name,
            "networkInterfaces": [{
                "kind": "compute#networkInterface",
                "name": "nic0",
                "network": "https://www.googleapis.com/compute/v1/projects/acme-prod/global/networks/default",
                "networkIP": ip,
                "stackType": "IPV4_ONLY"
            }],
            "scheduling": {
                "automaticRestart": true,
                "onHostMaintenance": "TERMINATE",
                "preemptible": false,
                "provisioningModel": "STANDARD"
            },
            "selfLink": format!("https://www.googleapis.com/compute/v1/projects/acme-prod/zones/{zone}/instances/{name}"),
            "status": status,
            "zone": format!("https://www.googleapis.com/compute/v1/projects/acme-prod/zones/{zone}")
        });
        if status != "RUNNING" {
            instance["lastStopTimestamp"] = json!("2026-11-26T22:03:19.004-08:00");
        }
        instances.push(instance);
    }
    let expected = items.iter().map(|n| jq_string(n)).collect();
    Case::items(
        "gcloud compute instances list JSON, five not running",
        pretty(&Value::Array(instances), b"  ") + "\n",
        "Which instances are not running?",
        items,
    )
    .with_jq(".[] | select(.status != \"RUNNING\") | .name", expected)
}

/// Envoy's JSON access log (one object a line, `duration` in milliseconds
/// as Envoy writes it, no unit in the name): 2,400 requests under a second
/// but six that took 3.2–9.8 s, among bigger numbers (`bytes_sent`) and
/// quick 503s (decoys more error-like than the answer).
fn envoy_slow_requests() -> Case {
    let paths = [
        "/api/v1/products?page={n}",
        "/api/v1/products/{n}",
        "/api/v1/cart",
        "/api/v1/users/{n}/orders",
        "/healthz",
    ];
    let slow: [(usize, &str, u64); 6] = [
        (212, "/api/v1/reports/export?month=2026-10", 9817),
        (655, "/api/v1/search?q=walnut+desk", 3204),
        (1104, "/api/v1/invoices/8841/pdf", 4410),
        (1577, "/api/v1/recommendations?user=5512", 3561),
        (1901, "/api/v1/reports/export?month=2026-09", 7702),
        (2255, "/api/v1/images/resize?id=77120", 5128),
    ];
    let mut out = String::new();
    let mut items = Vec::new();
    for i in 0..2400 {
        let planted = slow.iter().find(|(at, _, _)| *at == i);
        let path = match planted {
            Some((_, p, _)) => p.to_string(),
            None => pick(&paths, i, 1).replace("{n}", &(1 + h(i, 2) % 900).to_string()),
        };
        let duration = match planted {
            Some((_, _, d)) => *d,
            None => 2 + h(i, 3) % 640,
        };
        if planted.is_some() {
            items.push(path.clone());
        }
        let code = if planted.is_none() && h(i, 4).is_multiple_of(60) {
            503
        } else {
            200
        };
        let flags = if code == 503 { "UF,URX" } else { "-" };
        let ms = i as u64 * 613 + h(i, 5) % 400;
        out.push_str(&format!(
            "{{\"start_time\":\"2026-11-27T14:{:02}:{:02}.{:03}Z\",\"method\":\"{}\",\"path\":\"{path}\",\"protocol\":\"HTTP/1.1\",\"response_code\":{code},\"response_flags\":\"{flags}\",\"bytes_received\":{},\"bytes_sent\":{},\"duration\":{duration},\"upstream_service_time\":\"{}\",\"x_forwarded_for\":\"203.0.113.{}\",\"user_agent\":\"okhttp/4.12.0\",\"request_id\":\"{:08x}-{:04x}-4{:03x}-a{:03x}-{:012x}\",\"authority\":\"api.shop.test\",\"upstream_host\":\"10.8.{}.{}:8080\"}}\n",
            ms / 60_000 % 60,
            ms / 1000 % 60,
            ms % 1000,
            if path.contains("cart") && i % 2 == 0 { "POST" } else { "GET" },
            if path.contains("cart") { 180 + h(i, 6) % 300 } else { 0 },
            1200 + h(i, 7) % 480_000,
            duration.saturating_sub(1 + h(i, 8) % 2),
            1 + h(i, 9) % 254,
            h(i, 10) as u32,
            h(i, 11) % 0xffff,
            h(i, 12) % 0xfff,
            h(i, 13) % 0xfff,
            h(i, 14) % 0xffff_ffff_ffff,
            h(i, 15) % 8,
            2 + h(i, 16) % 250,
        ));
    }
    let expected = items.iter().map(|p| jq_string(p)).collect();
    Case::items(
        "Envoy JSON access log, six requests over 3 s",
        out,
        "Which requests took longer than 3 seconds?",
        items,
    )
    .with_jq(".[] | select(.duration > 3000) | .path", expected)
}

/// `kubectl get pods -A -o json`: 380 pods, each a nested object (its name
/// under `metadata`, its phase under `status`, beside conditions and
/// container statuses whose own `"state"` keys say `running`), every one
/// `"phase": "Running"` but five (Pending, Failed, Unknown).
fn kubectl_pods_json_not_running() -> Case {
    let namespaces = ["shop", "payments", "search", "monitoring", "kube-system"];
    let apps = [
        "api", "worker", "frontend", "indexer", "exporter", "gateway",
    ];
    let odd: [(usize, &str); 5] = [
        (34, "Pending"),
        (109, "Failed"),
        (200, "Pending"),
        (297, "Unknown"),
        (361, "Failed"),
    ];
    let mut items = Vec::new();
    let mut pods = Vec::new();
    for i in 0..380 {
        let ns = pick(&namespaces, i, 1);
        let app = pick(&apps, i, 2);
        let name = format!("{app}-{:08x}-{:05x}", h(i, 3) as u32, h(i, 4) % 0xfffff);
        let phase = odd
            .iter()
            .find(|(at, _)| *at == i)
            .map_or("Running", |(_, p)| *p);
        if phase != "Running" {
            items.push(name.clone());
        }
        let ready = phase == "Running";
        let state = if ready {
            json!({"running": {"startedAt": "2026-11-26T08:14:02Z"}})
        } else {
            json!({"waiting": {"reason": "ContainerCreating"}})
        };
        pods.push(json!({
            "apiVersion": "v1",
            "kind": "Pod",
            "metadata": {
                "creationTimestamp": "2026-11-26T08:13:40Z",
                "labels": {"app": app, "pod-template-hash": format!("{:08x}", h(i, 3) as u32)},
                "name": name,
                "namespace": ns,
                "resourceVersion": format!("{}", 8_000_000 + h(i, 5) % 900_000),
                "uid": format!("{:08x}-{:04x}-4{:03x}-9{:03x}-{:012x}", h(i, 6) as u32, h(i, 7) % 0xffff, h(i, 8) % 0xfff, h(i, 9) % 0xfff, h(i, 10) % 0xffff_ffff_ffff)
            },
            "spec": {
                "containers": [{
                    "image": format!("registry.acme.test/{app}:1.{}.{}", h(i, 11) % 9, h(i, 12) % 20),
                    "imagePullPolicy": "IfNotPresent",
                    "name": app,
                    "resources": {"limits": {"cpu": "500m", "memory": "512Mi"}, "requests": {"cpu": "100m", "memory": "128Mi"}}
                }],
                "nodeName": format!("node-{}", h(i, 13) % 40),
                "restartPolicy": "Always",
                "schedulerName": "default-scheduler"
            },
            "status": {
                "conditions": [
                    {"lastTransitionTime": "2026-11-26T08:13:40Z", "status": "True", "type": "PodScheduled"},
                    {"lastTransitionTime": "2026-11-26T08:14:02Z", "status": if ready { "True" } else { "False" }, "type": "Ready"}
                ],
                "containerStatuses": [{
                    "image": format!("registry.acme.test/{app}:1.{}.{}", h(i, 11) % 9, h(i, 12) % 20),
                    "name": app,
                    "ready": ready,
                    "restartCount": h(i, 14) % 3,
                    "started": ready,
                    "state": state
                }],
                "hostIP": format!("10.0.{}.{}", h(i, 15) % 4, 2 + h(i, 16) % 250),
                "phase": phase,
                "podIP": format!("10.244.{}.{}", h(i, 17) % 40, 2 + h(i, 18) % 250),
                "qosClass": "Burstable",
                "startTime": "2026-11-26T08:13:40Z"
            }
        }));
    }
    let doc = json!({"apiVersion": "v1", "items": pods, "kind": "List", "metadata": {"resourceVersion": ""}});
    let expected = items.iter().map(|n| jq_string(n)).collect();
    Case::items(
        "kubectl get pods -A -o json, five not running",
        pretty(&doc, b"    ") + "\n",
        "Which pods are not running?",
        items,
    )
    .with_jq(
        ".items[] | select(.status.phase != \"Running\") | .metadata.name",
        expected,
    )
}

/// `while sleep 2; do date; sensors; done` for 21 minutes: every block a
/// date, the CPU package and four cores (each line with its `high` and
/// `crit` thresholds, decoys of the same unit above any normal reading), an
/// NVMe drive and an ACPI zone; once, the package and one core reach
/// +99.0°C. No line says "overheat" or "CPU".
fn sensors_overheat() -> Case {
    let planted = 411;
    let mut out = String::new();
    let mut when = String::new();
    for i in 0..640 {
        let s = 2 * i;
        let date = format!("Mon Nov 23 10:{:02}:{:02} UTC 2026", 20 + s / 60, s % 60);
        if i == planted {
            when = date[11..19].to_string();
        }
        let t = |core: usize| 52 + h(i * 5 + core, 1) % 21;
        let package = if i == planted { 99 } else { t(4) + 2 };
        out.push_str(&format!(
            "{date}\ncoretemp-isa-0000\nAdapter: ISA adapter\n"
        ));
        out.push_str(&format!(
            "Package id 0:  +{package}.0°C  (high = +80.0°C, crit = +100.0°C)\n"
        ));
        for core in 0..4 {
            let v = if i == planted && core == 2 {
                99
            } else {
                t(core)
            };
            out.push_str(&format!(
                "Core {core}:        +{v}.0°C  (high = +80.0°C, crit = +100.0°C)\n"
            ));
        }
        out.push_str(&format!(
            "\nnvme-pci-0100\nAdapter: PCI adapter\nComposite:    +{}.{}°C  (low  = -273.1°C, high = +81.8°C)\n                       (crit = +84.8°C)\n\nacpitz-acpi-0\nAdapter: ACPI interface\ntemp1:        +27.8°C  (crit = +105.0°C)\n\n",
            38 + h(i, 2) % 6,
            h(i, 3) % 10
        ));
    }
    Case::fact(
        "sensors every 2 s, the CPU reaches 99 °C once",
        out,
        "Did the CPU overheat at any point, and when?",
        &["+99.0°C", &when],
    )
}

/// `kubectl top pods -A`: 4,900 pods using 3–900 MiB and a few cores'
/// thousandths, memory in Kubernetes' own units (`Mi`, one `Gi`); one pod
/// holds 14 GiB. Another uses the most CPU (a decoy on the other column).
fn kubectl_top_memory() -> Case {
    let namespaces = ["shop", "payments", "search", "monitoring", "kube-system"];
    let apps = [
        "api",
        "worker",
        "frontend",
        "indexer",
        "prometheus",
        "coredns",
        "redis",
    ];
    let mut out = format!(
        "{:<14}{:<40}{:<13}{}\n",
        "NAMESPACE", "NAME", "CPU(cores)", "MEMORY(bytes)"
    );
    let planted = 2870;
    let mut name_of = String::new();
    for i in 0..4900 {
        let name = format!(
            "{}-{:08x}-{:05x}",
            pick(&apps, i, 1),
            h(i, 2) as u32,
            h(i, 3) % 0xfffff
        );
        let cpu = if i == 950 { 3810 } else { 1 + h(i, 4) % 400 };
        let memory = if i == planted {
            "14Gi".to_string()
        } else {
            format!("{}Mi", 3 + h(i, 5) % 900)
        };
        if i == planted {
            name_of = name.clone();
        }
        out.push_str(&format!(
            "{:<14}{:<40}{:<13}{}\n",
            pick(&namespaces, i, 6),
            name,
            format!("{cpu}m"),
            memory
        ));
    }
    Case::fact(
        "kubectl top pods -A, one pod holds 14 GiB",
        out,
        "Which pod is using the most memory?",
        &[&name_of, "14Gi"],
    )
}

/// A Node service's `pino-http` JSON lines: each request's `req` object
/// (method, url, headers with a long user agent) comes first, its
/// `responseTime` in milliseconds last, some 600 bytes in; six requests
/// take over 2 s. Lines of other kinds (startup, a warning) have no time.
fn pino_slow_requests() -> Case {
    let urls = [
        "/api/cart",
        "/api/products?page={n}",
        "/api/products/{n}",
        "/api/users/{n}/wishlist",
        "/health",
    ];
    let slow: [(usize, &str, f64); 6] = [
        (130, "/api/checkout/confirm?order=88412", 2841.7),
        (377, "/api/reports/sales.csv?range=90d", 9112.3),
        (512, "/api/search?q=oak%20table&sort=price", 2214.9),
        (640, "/api/checkout/confirm?order=88977", 4408.0),
        (811, "/api/images/thumb?id=55120&w=1200", 3050.2),
        (902, "/api/reports/stock.csv?range=30d", 6720.5),
    ];
    let mut out = String::from(
        "{\"level\":30,\"time\":1764240000000,\"pid\":7,\"hostname\":\"shop-api-6d9c\",\"msg\":\"listening on :3000\"}\n",
    );
    let mut items = Vec::new();
    for i in 0..980 {
        let planted = slow.iter().find(|(at, _, _)| *at == i);
        let url = match planted {
            Some((_, u, _)) => u.to_string(),
            None => pick(&urls, i, 1).replace("{n}", &(1 + h(i, 2) % 700).to_string()),
        };
        let ms = match planted {
            Some((_, _, t)) => *t,
            None => (2 + h(i, 3) % 1400) as f64 + (h(i, 4) % 10) as f64 / 10.0,
        };
        if planted.is_some() {
            items.push(url.clone());
        }
        if i % 97 == 50 {
            out.push_str(&format!(
                "{{\"level\":40,\"time\":{},\"pid\":7,\"hostname\":\"shop-api-6d9c\",\"msg\":\"pool nearly exhausted\",\"idle\":{}}}\n",
                1764240000000u64 + i as u64 * 700,
                h(i, 5) % 3
            ));
        }
        let status = if planted.is_none() && h(i, 6).is_multiple_of(40) {
            404
        } else {
            200
        };
        out.push_str(&format!(
            "{{\"level\":30,\"time\":{},\"pid\":7,\"hostname\":\"shop-api-6d9c\",\"req\":{{\"id\":{},\"method\":\"{}\",\"url\":\"{url}\",\"query\":{{}},\"params\":{{}},\"headers\":{{\"host\":\"api.shop.test\",\"user-agent\":\"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15\",\"accept\":\"application/json\",\"accept-encoding\":\"gzip, br\",\"x-request-id\":\"{:016x}\"}},\"remoteAddress\":\"10.2.{}.{}\",\"remotePort\":{}}},\"res\":{{\"statusCode\":{status},\"headers\":{{\"content-type\":\"application/json; charset=utf-8\",\"content-length\":\"{}\"}}}},\"responseTime\":{ms:.1},\"msg\":\"request completed\"}}\n",
            1764240000000u64 + i as u64 * 700,
            i + 1,
            if url.contains("cart") && i % 3 == 0 { "POST" } else { "GET" },
            h(i, 7),
            h(i, 8) % 16,
            1 + h(i, 9) % 254,
            30000 + h(i, 10) % 30000,
            200 + h(i, 11) % 90000,
        ));
    }
    Case::items(
        "pino-http JSON lines, six requests over 2 s",
        out,
        "Which requests took more than 2 seconds?",
        items,
    )
}

/// A Jira search (`/rest/api/2/search`, pretty-printed): 150 issues whose
/// `fields` hold the summary after 40 lines of people, statuses and a
/// description; one labelled `regression`, several whose description says
/// "not a regression" (decoys holding the question's word in text).
fn jira_regression() -> Case {
    let labels = [
        "frontend",
        "backend",
        "tech-debt",
        "customer-reported",
        "ux",
    ];
    let people = [
        "Ana Ruiz",
        "Bo Chen",
        "Kofi Mensah",
        "Lena Vogel",
        "Ravi Iyer",
    ];
    let statuses = ["To Do", "In Progress", "In Review", "Done"];
    let planted = 97;
    let summary = "Checkout total ignores the gift card balance after a currency switch";
    let mut issues = Vec::new();
    for i in 0..150 {
        let key = format!("SHOP-{}", 4100 + i);
        let mut tags = vec![pick(&labels, i, 1)];
        if i == planted {
            tags.push("regression");
        }
        let person = |salt| {
            let who = pick(&people, i, salt);
            let login = who.to_lowercase().replace(' ', ".");
            json!({
                "self": format!("https://acme.atlassian.net/rest/api/2/user?accountId={:x}", h(i, salt + 50)),
                "accountId": format!("{:x}", h(i, salt + 50)),
                "emailAddress": format!("{login}@acme.example"),
                "displayName": who,
                "active": true,
                "timeZone": "Europe/Berlin"
            })
        };
        let description = if i % 23 == 5 && i != planted {
            "Not a regression: this never worked on Safari. Steps: open the cart, apply a coupon, reload."
        } else {
            "Steps to reproduce are in the linked support ticket. Seen on staging and production."
        };
        let title = if i == planted {
            summary.to_string()
        } else {
            format!(
                "{} {} on the {} page",
                pick(&["Improve", "Fix", "Refactor", "Add tracking to"], i, 2),
                pick(&["loading state", "error copy", "layout", "caching"], i, 3),
                pick(&["product", "cart", "account", "search"], i, 4)
            )
        };
        issues.push(json!({
            "expand": "operations,versionedRepresentations,editmeta,changelog,renderedFields",
            "id": (21000 + i * 7).to_string(),
            "self": format!("https://acme.atlassian.net/rest/api/2/issue/{}", 21000 + i * 7),
            "key": key,
            "fields": {
                "issuetype": {"self": "https://acme.atlassian.net/rest/api/2/issuetype/10004", "id": "10004", "name": if i % 4 == 0 { "Bug" } else { "Story" }, "subtask": false},
                "project": {"self": "https://acme.atlassian.net/rest/api/2/project/10000", "id": "10000", "key": "SHOP", "name": "Shop"},
                "fixVersions": [],
                "resolution": null,
                "priority": {"self": "https://acme.atlassian.net/rest/api/2/priority/3", "name": pick(&["Medium", "High", "Low"], i, 5), "id": "3"},
                "labels": tags,
                "status": {"self": "https://acme.atlassian.net/rest/api/2/status/3", "name": pick(&statuses, i, 6), "id": "3", "statusCategory": {"id": 4, "key": "indeterminate", "name": "In Progress"}},
                "components": [{"self": "https://acme.atlassian.net/rest/api/2/component/10010", "id": "10010", "name": "Web"}],
                "creator": person(7),
                "reporter": person(8),
                "assignee": person(9),
                "created": format!("2026-10-{:02}T09:{:02}:11.000+0100", 1 + h(i, 10) % 28, h(i, 11) % 60),
                "updated": format!("2026-11-{:02}T16:{:02}:40.000+0100", 1 + h(i, 12) % 26, h(i, 13) % 60),
                "description": description,
                "summary": title
            }
        }));
    }
    let out = json!({"expand": "schema,names", "startAt": 0, "maxResults": 150, "total": 150, "issues": issues});
    Case::fact(
        "Jira search JSON, one labelled regression",
        pretty(&out, b"  ") + "\n",
        "Which ticket is flagged as a regression, and what is it about?",
        &["SHOP-4197", summary],
    )
    .with_jq(
        ".issues[] | select(.fields.labels | index(\"regression\")) | .key",
        vec![jq_string("SHOP-4197")],
    )
}

/// `aws ec2 describe-volumes` (4-space indent, as the CLI prints): 320
/// volumes, each's `SnapshotId` ahead of its own `VolumeId`, the attached
/// ones naming their instance's id in `Attachments`; four `available`
/// (attached to nothing) among them.
fn ebs_unattached() -> Case {
    let free = [44, 130, 201, 287];
    let mut items = Vec::new();
    let mut volumes = Vec::new();
    for i in 0..320 {
        let id = format!("vol-0{:016x}", h(i, 1) % (1 << 60));
        let attached = !free.contains(&i);
        if !attached {
            items.push(id.clone());
        }
        let attachments = if attached {
            json!([{
                "AttachTime": format!("2026-0{}-{:02}T08:{:02}:31+00:00", 1 + h(i, 2) % 9, 1 + h(i, 3) % 28, h(i, 4) % 60),
                "Device": pick(&["/dev/xvda", "/dev/sdf", "/dev/sdg"], i, 5),
                "InstanceId": format!("i-0{:016x}", h(i / 2, 6) % (1 << 60)),
                "State": "attached",
                "VolumeId": id,
                "DeleteOnTermination": i % 3 == 0
            }])
        } else {
            json!([])
        };
        let size = [8, 20, 50, 100, 500][(h(i, 11) % 5) as usize];
        volumes.push(json!({
            "Attachments": attachments,
            "AvailabilityZone": pick(&["eu-west-1a", "eu-west-1b", "eu-west-1c"], i, 7),
            "CreateTime": format!("2025-{:02}-{:02}T11:{:02}:02.118000+00:00", 1 + h(i, 8) % 12, 1 + h(i, 9) % 28, h(i, 10) % 60),
            "Encrypted": true,
            "KmsKeyId": "arn:aws:kms:eu-west-1:412233445566:key/0b7c1e1e-5a55-4b0a-9a61-22b3cf5d9a10",
            "Size": size,
            "SnapshotId": format!("snap-0{:016x}", h(i, 12) % (1 << 60)),
            "State": if attached { "in-use" } else { "available" },
            "VolumeId": id,
            "Iops": 3000,
            "Tags": [
                {"Key": "Name", "Value": format!("{}-{}", pick(&["web", "db", "batch", "logs"], i, 13), i)},
                {"Key": "team", "Value": pick(&["shop", "data", "platform"], i, 14)}
            ],
            "VolumeType": "gp3",
            "MultiAttachEnabled": false,
            "Throughput": 125
        }));
    }
    let expected = items.iter().map(|v| jq_string(v)).collect();
    Case::items(
        "aws ec2 describe-volumes JSON, four not attached",
        pretty(&json!({"Volumes": volumes}), b"    ") + "\n",
        "Which volumes aren't attached to any instance?",
        items,
    )
    .with_jq(
        ".Volumes[] | select(.Attachments | length == 0) | .VolumeId",
        expected,
    )
}

/// A kube-apiserver audit log (JSON lines of 700–900 bytes): thousands of
/// reads of secrets by controllers, pods deleted by the ReplicaSet
/// controller (decoys holding the question's verb), and one person who
/// deleted a secret, their name 300 bytes into the line.
fn k8s_audit_secret_delete() -> Case {
    let planted = 555;
    let mut out = String::new();
    for i in 0..860 {
        let (verb, resource, name, user) = if i == planted {
            (
                "delete",
                "secrets",
                "payments-db-credentials".to_string(),
                "dana.whitfield@acme.example",
            )
        } else if i % 61 == 7 {
            (
                "delete",
                "pods",
                format!("checkout-{:x}-{:05x}", h(i, 1) % 0xfffff, h(i, 2) % 0xfffff),
                "system:serviceaccount:kube-system:replicaset-controller",
            )
        } else {
            (
                pick(&["get", "list", "watch", "get"], i, 3),
                pick(&["secrets", "configmaps", "secrets", "endpoints"], i, 4),
                format!(
                    "{}-{}",
                    pick(&["api", "worker", "web", "cron"], i, 5),
                    pick(&["tls", "env", "token", "config"], i, 6)
                ),
                pick(
                    &[
                        "system:serviceaccount:kube-system:namespace-controller",
                        "system:kube-controller-manager",
                        "system:serviceaccount:argocd:argocd-application-controller",
                    ],
                    i,
                    7,
                ),
            )
        };
        let ns = pick(&["payments", "shop", "default", "monitoring"], i, 8);
        let ns = if i == planted { "payments" } else { ns };
        let uri = if verb == "list" || verb == "watch" {
            format!("/api/v1/namespaces/{ns}/{resource}?limit=500&resourceVersion=0")
        } else {
            format!("/api/v1/namespaces/{ns}/{resource}/{name}")
        };
        let s = i * 2;
        let t = format!("{:02}:{:02}:{:02}", 8 + s / 3600, s / 60 % 60, s % 60);
        out.push_str(&format!(
            "{{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"Metadata\",\"auditID\":\"{:08x}-{:04x}-4{:03x}-a{:03x}-{:012x}\",\"stage\":\"ResponseComplete\",\"requestURI\":\"{uri}\",\"verb\":\"{verb}\",\"user\":{{\"username\":\"{user}\",\"uid\":\"{:08x}-5d1c-4a8e-9a55-0c2f6b7e9d31\",\"groups\":[\"system:authenticated\",\"{}\"]}},\"sourceIPs\":[\"10.0.{}.{}\"],\"userAgent\":\"{}\",\"objectRef\":{{\"resource\":\"{resource}\",\"namespace\":\"{ns}\",\"name\":\"{name}\",\"apiVersion\":\"v1\"}},\"responseStatus\":{{\"metadata\":{{}},\"code\":200}},\"requestReceivedTimestamp\":\"2026-11-27T{t}.{:06}Z\",\"stageTimestamp\":\"2026-11-27T{t}.{:06}Z\",\"annotations\":{{\"authorization.k8s.io/decision\":\"allow\",\"authorization.k8s.io/reason\":\"RBAC: allowed by ClusterRoleBinding \\\"{}\\\" of ClusterRole \\\"{}\\\" to User \\\"{user}\\\"\"}}}}\n",
            h(i, 9) as u32, h(i, 10) % 0xffff, h(i, 11) % 0xfff, h(i, 12) % 0xfff, h(i, 13) % (1 << 48),
            h(i, 14) as u32,
            if user.contains('@') { "oidc:platform-admins" } else { "system:serviceaccounts" },
            h(i, 15) % 8, 2 + h(i, 16) % 250,
            if user.contains('@') { "kubectl/v1.31.2 (linux/amd64) kubernetes/5864a46" } else { "kube-controller-manager/v1.31.2 (linux/amd64) kubernetes/5864a46/system:serviceaccount:kube-system:generic-garbage-collector" },
            h(i, 17) % 1_000_000, h(i, 18) % 1_000_000,
            if user.contains('@') { "platform-admins" } else { "system:controller:generic" },
            if user.contains('@') { "cluster-admin" } else { "system:controller:generic" },
        ));
    }
    Case::fact(
        "kube-apiserver audit log JSON lines, one secret deleted by a person",
        out,
        "Who deleted a secret, and which one?",
        &["dana.whitfield@acme.example", "payments-db-credentials"],
    )
    .with_jq(
        ".[] | select(.verb == \"delete\" and .objectRef.resource == \"secrets\") | .user.username",
        vec![jq_string("dana.whitfield@acme.example")],
    )
}
