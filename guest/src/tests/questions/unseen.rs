//! The unseen set: outputs of the same classes in other formats (kubectl
//! JSON, a Python exception chain, a Rust `Caused by:` list, a CSV export,
//! a CI log, a .NET inner exception, a Go panic), written before any
//! tuning and measured only at the end: the figure for outputs the
//! changes were not fitted to.

use super::super::heldout::{h, hms};
use super::{Case, lines_until};

pub(super) fn cases() -> Vec<Case> {
    vec![
        deployments_json(),
        python_chain(),
        rust_cause_list(),
        csv_negative_price(),
        ci_step_killed(),
        dotnet_inner(),
        go_panic(),
    ]
}

/// `kubectl get deployments -A -o json`: one rollout past its deadline.
fn deployments_json() -> Case {
    let teams = ["billing", "search", "identity", "media", "growth", "ops"];
    let kinds = ["api", "worker", "cron", "gateway", "web"];
    let mut items = Vec::new();
    for i in 0..205 {
        let name = if i == 97 {
            "billing-api".to_string()
        } else {
            format!("{}-{}-{}", teams[i % 6], kinds[i / 6 % 5], i / 30)
        };
        let ns = teams[i % 6];
        let replicas = 2 + h(i, 1) % 4;
        let (available, conditions) = if i == 97 {
            (
                "\"replicas\": 4, \"unavailableReplicas\": 4, \"updatedReplicas\": 1".to_string(),
                format!(
                    "{{\"lastTransitionTime\": \"2026-11-23T09:12:40Z\", \"lastUpdateTime\": \"2026-11-23T09:12:40Z\", \"message\": \"Deployment does not have minimum availability.\", \"reason\": \"MinimumReplicasUnavailable\", \"status\": \"False\", \"type\": \"Available\"}}, {{\"lastTransitionTime\": \"2026-11-23T09:22:41Z\", \"lastUpdateTime\": \"2026-11-23T09:22:41Z\", \"message\": \"ReplicaSet \\\"{name}-7b9f6c5d48\\\" has timed out progressing.\", \"reason\": \"ProgressDeadlineExceeded\", \"status\": \"False\", \"type\": \"Progressing\"}}"
                ),
            )
        } else {
            (
                format!(
                    "\"availableReplicas\": {replicas}, \"readyReplicas\": {replicas}, \"replicas\": {replicas}, \"updatedReplicas\": {replicas}"
                ),
                format!(
                    "{{\"lastTransitionTime\": \"2026-11-2{}T08:00:00Z\", \"lastUpdateTime\": \"2026-11-2{}T08:00:00Z\", \"message\": \"Deployment has minimum availability.\", \"reason\": \"MinimumReplicasAvailable\", \"status\": \"True\", \"type\": \"Available\"}}, {{\"lastTransitionTime\": \"2026-11-20T08:00:00Z\", \"lastUpdateTime\": \"2026-11-2{}T08:01:10Z\", \"message\": \"ReplicaSet \\\"{name}-{:x}\\\" has successfully progressed.\", \"reason\": \"NewReplicaSetAvailable\", \"status\": \"True\", \"type\": \"Progressing\"}}",
                    h(i, 2) % 4,
                    h(i, 2) % 4,
                    h(i, 3) % 4,
                    h(i, 4) % 0xffff_ffff
                ),
            )
        };
        items.push(format!(
            "{{\"apiVersion\": \"apps/v1\", \"kind\": \"Deployment\", \"metadata\": {{\"annotations\": {{\"deployment.kubernetes.io/revision\": \"{}\"}}, \"creationTimestamp\": \"2026-10-0{}T12:00:00Z\", \"generation\": {}, \"labels\": {{\"app\": \"{name}\", \"team\": \"{ns}\"}}, \"name\": \"{name}\", \"namespace\": \"{ns}\", \"resourceVersion\": \"{}\", \"uid\": \"{:08x}-{:04x}-{:04x}-{:04x}-{:012x}\"}}, \"spec\": {{\"progressDeadlineSeconds\": 600, \"replicas\": {replicas}, \"revisionHistoryLimit\": 10, \"selector\": {{\"matchLabels\": {{\"app\": \"{name}\"}}}}, \"strategy\": {{\"rollingUpdate\": {{\"maxSurge\": \"25%\", \"maxUnavailable\": \"25%\"}}, \"type\": \"RollingUpdate\"}}, \"template\": {{\"metadata\": {{\"labels\": {{\"app\": \"{name}\"}}}}, \"spec\": {{\"containers\": [{{\"image\": \"registry.acme.io/{ns}/{name}:2026.11.{}\", \"name\": \"{name}\", \"ports\": [{{\"containerPort\": 8080, \"protocol\": \"TCP\"}}], \"resources\": {{\"limits\": {{\"cpu\": \"1\", \"memory\": \"1Gi\"}}, \"requests\": {{\"cpu\": \"250m\", \"memory\": \"512Mi\"}}}}}}], \"restartPolicy\": \"Always\", \"terminationGracePeriodSeconds\": 30}}}}}}, \"status\": {{{available}, \"conditions\": [{conditions}], \"observedGeneration\": {}}}}}",
            1 + h(i, 5) % 40, 1 + h(i, 6) % 9, 1 + h(i, 7) % 40, 9_000_000 + h(i, 8) % 900_000,
            h(i, 9) as u32, h(i, 10) as u16, h(i, 11) as u16, h(i, 12) as u16, h(i, 13) % (1 << 48),
            1 + h(i, 14) % 28, 1 + h(i, 7) % 40,
        ));
    }
    // kubectl prints JSON indented by four spaces; the view re-indents it.
    let output = format!(
        "{{\"apiVersion\": \"v1\", \"items\": [{}], \"kind\": \"List\", \"metadata\": {{\"resourceVersion\": \"\"}}}}\n",
        items.join(", ")
    );
    let output = output.replace(", \"", ",\n    \"");
    Case {
        name: "unseen: kubectl deployments JSON",
        output,
        question: "Which deployment is stuck and never finishes rolling out?",
        line: "ProgressDeadlineExceeded",
        facts: vec!["\"name\": \"billing-api\"", "ProgressDeadlineExceeded"],
        not_between: vec!["\"apiVersion\": \"apps/v1\""],
    }
}

/// A Python worker's log: a task crashes with a chain of three
/// exceptions; the first printed is the root.
fn python_chain() -> Case {
    let mut lines = lines_until(360_000, |i| {
        format!(
            "2026-11-23 {},{:03} INFO [worker-{}] billing.tasks: task {}[{:08x}] succeeded in {}.{:03}s",
            &hms(i, 6000)[..8],
            h(i, 20) % 1000,
            1 + h(i, 21) % 4,
            ["send_receipt", "charge_invoice", "sync_ledger"][i % 3],
            h(i, 22) as u32,
            h(i, 23) % 3,
            h(i, 24) % 1000
        )
    });
    let at = lines.len() * 58 / 100;
    lines.insert(at, r#"2026-11-23 13:21:40,517 ERROR [worker-2] billing.tasks: task charge_invoice[5be1c0d2] raised unexpected exception
Traceback (most recent call last):
  File "/srv/app/billing/gateway.py", line 73, in charge
    resp = self.session.post(self.url, json=payload, timeout=5)
  File "/usr/lib/python3.12/site-packages/requests/sessions.py", line 637, in post
    return self.request("POST", url, data=data, json=json, **kwargs)
  File "/usr/lib/python3.12/site-packages/urllib3/connection.py", line 198, in _new_conn
    sock = connection.create_connection(
  File "/usr/lib/python3.12/site-packages/urllib3/util/connection.py", line 73, in create_connection
    sock.connect(sa)
ConnectionRefusedError: [Errno 111] Connection refused

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/usr/lib/python3.12/site-packages/requests/adapters.py", line 667, in send
    resp = conn.urlopen(
  File "/usr/lib/python3.12/site-packages/urllib3/connectionpool.py", line 841, in urlopen
    retries = retries.increment(
requests.exceptions.ConnectionError: HTTPConnectionPool(host='payments.internal', port=8443): Max retries exceeded with url: /v1/charges

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/srv/app/billing/tasks.py", line 41, in charge_invoice
    gateway.charge(invoice)
  File "/srv/app/billing/gateway.py", line 79, in charge
    raise PaymentGatewayError("charge failed") from exc
billing.errors.PaymentGatewayError: charge failed"#.into());
    Case {
        name: "unseen: Python exception chain",
        output: lines.join("\n") + "\n",
        question: "What was the underlying cause of the task crash?",
        line: "ConnectionRefusedError: [Errno 111] Connection refused",
        facts: vec![
            "ConnectionRefusedError: [Errno 111] Connection refused",
            "File \"/srv/app/billing/gateway.py\", line 73, in charge",
        ],
        not_between: vec![],
    }
}

/// A Rust deploy tool rolling out to many clusters: one rollout fails
/// with an anyhow `Caused by:` list; the others go on.
fn rust_cause_list() -> Case {
    let clusters = [
        "us-east-1",
        "us-west-2",
        "eu-central-1",
        "ap-south-1",
        "sa-east-1",
    ];
    let mut lines = lines_until(360_000, |i| {
        let t = format!("2026-11-23T{}Z", hms(i, 4000));
        match h(i, 30) % 4 {
            0 => format!(
                "{t}  INFO deployctl::rollout: cluster={} replica set web-{:x} scaled ({}/{} ready)",
                clusters[i % 5],
                h(i, 31) % 0xffffff,
                h(i, 32) % 4,
                3
            ),
            1 => format!(
                "{t}  INFO deployctl::health: cluster={} probe /healthz ok latency_ms={}",
                clusters[i % 5],
                h(i, 33) % 80
            ),
            2 => format!(
                "{t} DEBUG deployctl::upload: part {} of bundle uploaded ({} KiB)",
                h(i, 34) % 64,
                h(i, 35) % 8192
            ),
            _ => format!(
                "{t}  WARN deployctl::rollout: cluster={} slow rollout: {} pods pending for {}s",
                clusters[i % 5],
                1 + h(i, 36) % 3,
                30 + h(i, 37) % 60
            ),
        }
    });
    let at = lines.len() / 2;
    lines.insert(at, "2026-11-23T12:14:09.004Z ERROR deployctl: rollout to eu-west-1 aborted: Error: failed to roll out release 2026.11.23-3 to cluster eu-west-1\n\nCaused by:\n    0: could not upload the bundle to s3://acme-releases/web/2026.11.23-3.tar.zst\n    1: writing the local cache /var/cache/deployctl/bundles/web-2026.11.23-3.tar.zst\n    2: Permission denied (os error 13)\n2026-11-23T12:14:09.010Z  INFO deployctl: continuing with the remaining clusters".into());
    Case {
        name: "unseen: Rust Caused by list",
        output: lines.join("\n") + "\n",
        question: "What ultimately made the eu-west-1 rollout fail?",
        line: "2: Permission denied (os error 13)",
        facts: vec!["2: Permission denied (os error 13)"],
        not_between: vec![],
    }
}

/// A product export as CSV: one row has a negative price.
fn csv_negative_price() -> Case {
    let cats = ["stationery", "furniture", "lighting", "storage", "textiles"];
    let mut out = String::from("sku,name,category,price,qty_on_hand,warehouse\n");
    for i in 0..6600 {
        let price = if i == 4444 {
            "-14.90".to_string()
        } else {
            format!("{}.{:02}", 2 + h(i, 40) % 300, [0, 49, 90, 95, 99][i % 5])
        };
        out.push_str(&format!(
            "SKU-{:06},{} {} {},{},{price},{},{}\n",
            200_000 + i,
            ["Matte", "Oiled", "Brushed", "Woven", "Glazed"][i % 5],
            ["Oak", "Steel", "Linen", "Cork", "Glass"][i / 5 % 5],
            ["Tray", "Lamp", "Shelf", "Box", "Mat"][i / 25 % 5],
            cats[i % 5],
            h(i, 41) % 400,
            ["AMS-1", "RTM-2", "BER-1"][h(i, 42) as usize % 3]
        ));
    }
    Case {
        name: "unseen: CSV with a negative price",
        output: out,
        question: "Does any item have a price that makes no sense?",
        line: "-14.90",
        facts: vec!["SKU-204444", "-14.90"],
        not_between: vec![],
    }
}

/// A GitHub Actions job log: a step is killed (exit code 137) while the
/// lint output around it is full of rule names with "error" in them.
fn ci_step_killed() -> Case {
    let ts = |i: usize| format!("2026-11-23T{}0000Z", hms(i, 200));
    let mut lines = vec!["2026-11-23T10:00:00.0000000Z ##[group]Run npm run lint".to_string()];
    lines.extend(lines_until(200_000, |i| format!("{} /home/runner/work/shop/shop/src/{}/{}.ts\n{}   {}:{}  warning  Prefer the error-first callback style  node/no-callback-literal", ts(i), ["api", "ui", "store"][i % 3], h(i, 50) % 900, ts(i), 1 + h(i, 51) % 300, 1 + h(i, 52) % 40)));
    lines.push("2026-11-23T10:05:00.0000000Z ##[endgroup]".into());
    lines.push("2026-11-23T10:05:01.0000000Z ##[group]Run ./scripts/integration.sh".into());
    lines.extend(lines_until(150_000, |i| {
        format!(
            "{} seed: inserted batch {} of 5000 ({} rows/s)",
            ts(i + 50_000),
            i,
            9000 + h(i, 53) % 900
        )
    }));
    lines.push("2026-11-23T10:09:31.5512938Z ./scripts/integration.sh: line 42:  2817 Killed                  node dist/seed.js --rows 5000000".into());
    lines
        .push("2026-11-23T10:09:31.5601142Z ##[error]Process completed with exit code 137.".into());
    lines.push("2026-11-23T10:09:31.5700000Z ##[endgroup]".into());
    lines.extend(lines_until(20_000, |i| {
        format!(
            "{} Post job cleanup: removing /home/runner/work/_temp/{:08x}",
            ts(i + 90_000),
            h(i, 54) as u32
        )
    }));
    Case {
        name: "unseen: CI step killed",
        output: lines.join("\n") + "\n",
        question: "Which step of the CI job broke, and why?",
        line: "Process completed with exit code 137",
        facts: vec![
            "Run ./scripts/integration.sh",
            "Process completed with exit code 137",
        ],
        not_between: vec![],
    }
}

/// ASP.NET Core console logs: one request fails with nested inner
/// exceptions (` ---> `).
fn dotnet_inner() -> Case {
    let mut lines = lines_until(360_000, |i| {
        format!(
            "info: Microsoft.AspNetCore.Hosting.Diagnostics[2]\n      Request finished HTTP/1.1 GET http://orders:8080/api/orders/{:08x}-{:04x} - 200 {} application/json {}.{:04}ms",
            h(i, 60) as u32,
            h(i, 61) as u16,
            h(i, 62) % 9000,
            h(i, 63) % 90,
            h(i, 64) % 10_000
        )
    });
    let at = lines.len() * 4 / 10;
    lines.insert(at, "fail: Microsoft.AspNetCore.Diagnostics.ExceptionHandlerMiddleware[1]
      An unhandled exception has occurred while executing the request.
      System.InvalidOperationException: An exception has been raised that is likely due to a transient failure.
       ---> Npgsql.NpgsqlException (0x80004005): Failed to connect to 10.0.4.12:5432
       ---> System.Net.Sockets.SocketException (111): Connection refused
         at System.Net.Sockets.Socket.AwaitableSocketAsyncEventArgs.ThrowException(SocketError error, CancellationToken cancellationToken)
         at Npgsql.Internal.NpgsqlConnector.ConnectAsync(NpgsqlTimeout timeout, CancellationToken cancellationToken)
         --- End of inner exception stack trace ---
         at Npgsql.Internal.NpgsqlConnector.Connect(NpgsqlTimeout timeout)
         at Acme.Orders.Data.OrderRepository.GetAsync(Guid id) in /src/Orders/Data/OrderRepository.cs:line 44
         --- End of inner exception stack trace ---
         at Microsoft.EntityFrameworkCore.Storage.ExecutionStrategy.ExecuteAsync[TState,TResult](TState state)
         at Acme.Orders.Api.OrdersController.Get(Guid id) in /src/Orders/Api/OrdersController.cs:line 31".into());
    Case {
        name: "unseen: .NET inner exceptions",
        output: lines.join("\n") + "\n",
        question: "What's the underlying error behind the unhandled exception?",
        line: "SocketException (111): Connection refused",
        facts: vec!["System.Net.Sockets.SocketException (111): Connection refused"],
        not_between: vec![],
    }
}

/// A Go service's logfmt log: it panics (goroutine dump) and is restarted.
fn go_panic() -> Case {
    let line = |i: usize| {
        format!(
            "time=2026-11-23T{}Z level=INFO msg=\"request served\" method={} path=/v1/stock/{} status=200 duration={}ms",
            hms(i, 3000),
            ["GET", "GET", "POST"][i % 3],
            h(i, 70) % 90_000,
            h(i, 71) % 40
        )
    };
    let mut lines = lines_until(360_000, line);
    let at = lines.len() * 63 / 100;
    let mut dump = vec![
        "panic: assignment to entry in nil map".to_string(),
        String::new(),
        "goroutine 187 [running]:".into(),
        "github.com/acme/inventory/internal/cache.(*Store).Put(0xc0001a2000, {0xc000512a80, 0x11}, {0x9a3e40, 0xc0004f6150})".into(),
        "\t/src/internal/cache/store.go:118 +0x1e5".into(),
        "github.com/acme/inventory/internal/api.(*Handler).Reserve(0xc00013c0f0, {0xb1c2d8, 0xc0002a61c0}, 0xc000231e00)".into(),
        "\t/src/internal/api/reserve.go:57 +0x2c4".into(),
        "net/http.HandlerFunc.ServeHTTP(0xc000231d00?, {0xb1c2d8?, 0xc0002a61c0?}, 0x0?)".into(),
        "\t/usr/local/go/src/net/http/server.go:2171 +0x29".into(),
        "net/http.serverHandler.ServeHTTP({0xc0001b6f30?}, {0xb1c2d8?, 0xc0002a61c0?}, 0x6?)".into(),
        "\t/usr/local/go/src/net/http/server.go:3142 +0x8e".into(),
        "created by net/http.(*Server).Serve in goroutine 1".into(),
        "\t/usr/local/go/src/net/http/server.go:3290 +0x4b4".into(),
        String::new(),
    ];
    for g in 0..40 {
        dump.push(format!("goroutine {} [IO wait]:", 200 + g));
        dump.push("internal/poll.runtime_pollWait(0x7f1c2c0a1e28, 0x72)".into());
        dump.push("\t/usr/local/go/src/runtime/netpoll.go:351 +0x85".into());
        dump.push("net.(*conn).Read(0xc000118010, {0xc00022c000?, 0x1000?, 0x1000?})".into());
        dump.push("\t/usr/local/go/src/net/net.go:194 +0x45".into());
        dump.push(String::new());
    }
    dump.push(
        "time=2026-11-23T13:10:44.002Z level=INFO msg=\"starting inventory\" version=1.9.2".into(),
    );
    lines.splice(at..at, dump);
    Case {
        name: "unseen: Go panic with goroutines",
        output: lines.join("\n") + "\n",
        question: "Where in our code did the service panic, and why?",
        line: "panic: assignment to entry in nil map",
        facts: vec![
            "panic: assignment to entry in nil map",
            "/src/internal/cache/store.go:118",
        ],
        not_between: vec![],
    }
}
