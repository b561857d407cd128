//! A second held-out set, written after the detector was fixed against the
//! first and measured once as written (not tuned on): the figure for
//! outputs the fixes have not seen.

use super::super::corpus::flood;
use super::{Needle, h, hms};

pub(super) fn needles() -> Vec<Needle> {
    vec![
        dotnet_unhandled(),
        ansible_fatal(),
        python_critical(),
        haproxy_down(),
        kubectl_table_crashloop(),
        df_full(),
        elixir_crash(),
        jest_fail(),
    ]
}

/// ASP.NET Core console logs (`info:`/`fail:` levels, message indented
/// on the next line) with one unhandled exception.
fn dotnet_unhandled() -> Needle {
    let output = flood(
        |i| {
            format!(
                "info: Microsoft.AspNetCore.Hosting.Diagnostics[2]\n      Request finished HTTP/1.1 GET http://api:8080/orders/{} - 200 {} application/json {}.{:04}ms",
                h(i, 1) % 90_000,
                h(i, 2) % 9000,
                h(i, 3) % 90,
                h(i, 4) % 10_000
            )
        },
        &[
            "fail: Microsoft.AspNetCore.Server.Kestrel[13]",
            "      Connection id \"0HMV9K2L3QF1A\", Request id \"0HMV9K2L3QF1A:00000007\": An unhandled exception was thrown by the application.",
            "      System.InvalidOperationException: Sequence contains no elements",
            "         at System.Linq.ThrowHelper.ThrowNoElementsException()",
            "         at Acme.Orders.OrderService.Latest(Int32 customerId) in /src/Orders/OrderService.cs:line 57",
        ]
        .join("\n"),
        0.5,
    );
    Needle {
        name: "fresh: .NET unhandled exception",
        output,
        must_show: vec!["System.InvalidOperationException: Sequence contains no elements"],
    }
}

/// `ansible-playbook` over hundreds of hosts, one unreachable.
fn ansible_fatal() -> Needle {
    let output = flood(
        |i| {
            let host = format!("web-{:03}", i % 400);
            match i / 400 % 3 {
                0 => format!("ok: [{host}]"),
                1 => format!(
                    "changed: [{host}] => (item=/etc/nginx/conf.d/site-{}.conf)",
                    h(i, 5) % 40
                ),
                _ => format!(
                    "skipping: [{host}] => (item={{'name': 'cache-{}', 'enabled': False}})",
                    h(i, 6) % 9
                ),
            }
        },
        "fatal: [db-03]: UNREACHABLE! => {\"changed\": false, \"msg\": \"Failed to connect to the host via ssh: ssh: connect to host 10.0.7.3 port 22: Connection timed out\", \"unreachable\": true}",
        0.5,
    );
    Needle {
        name: "fresh: ansible, one host unreachable",
        output,
        must_show: vec!["fatal: [db-03]: UNREACHABLE!"],
    }
}

/// Python `logging` with one `CRITICAL` record among `INFO` ones.
fn python_critical() -> Needle {
    let output = flood(
        |i| {
            format!(
                "2026-11-23 {},{:03} INFO [celery.worker] Task tasks.resize_image[{:08x}-{:04x}] succeeded in {}.{:03}s: None",
                &hms(i, 120)[..8],
                h(i, 7) % 1000,
                h(i, 8) as u32,
                h(i, 9) as u16,
                h(i, 10) % 3,
                h(i, 11) % 1000
            )
        },
        "2026-11-23 10:41:07,882 CRITICAL [celery.worker] Disk quota exceeded on /var/lib/media; refusing new tasks",
        0.5,
    );
    Needle {
        name: "fresh: Python CRITICAL record",
        output,
        must_show: vec!["Disk quota exceeded on /var/lib/media"],
    }
}

/// HAProxy logs where one backend server goes DOWN.
fn haproxy_down() -> Needle {
    let output = flood(
        |i| {
            format!(
                "Nov 23 {} lb-1 haproxy[{}]: 10.0.{}.{}:{} [23/Nov/2026:{}] fe_https~ be_api/api-{} 0/0/1/{}/{} 200 {} - - ---- {}/{}/0/0/0 0/0 \"GET /v1/items/{} HTTP/1.1\"",
                &hms(i, 100)[..8],
                700 + h(i, 12) % 10,
                h(i, 13) % 8,
                h(i, 14) % 250,
                30_000 + h(i, 15) % 30_000,
                hms(i, 100),
                1 + h(i, 16) % 4,
                h(i, 17) % 90,
                h(i, 18) % 120,
                h(i, 19) % 9000,
                h(i, 20) % 400,
                h(i, 21) % 400,
                h(i, 22) % 90_000
            )
        },
        "Nov 23 10:41:07 lb-1 haproxy[703]: Server be_api/api-3 is DOWN, reason: Layer4 timeout, check duration: 2001ms. 3 active and 0 backup servers left. 0 sessions active, 0 requeued, 0 remaining in queue.",
        0.5,
    );
    Needle {
        name: "fresh: haproxy, one server DOWN",
        output,
        must_show: vec!["Server be_api/api-3 is DOWN"],
    }
}

/// `kubectl get pods -A` (the table, not JSON) with one crash-looping pod.
fn kubectl_table_crashloop() -> Needle {
    let output = "NAMESPACE   NAME                          READY   STATUS    RESTARTS   AGE\n"
        .to_string()
        + &flood(
            |i| {
                format!(
                    "prod        api-7d9f8b6c5d-{:05x}          1/1     Running   0          {}d",
                    h(i, 23) % 0xF_FFFF,
                    1 + h(i, 24) % 30
                )
            },
            "prod        billing-5c8d7f9b4-q2x7z          0/1     CrashLoopBackOff   41 (2m ago)   3d",
            0.5,
        );
    Needle {
        name: "fresh: kubectl table, one CrashLoopBackOff",
        output,
        must_show: vec!["billing-5c8d7f9b4-q2x7z"],
    }
}

/// `df -h` on a host with thousands of mounts, one full.
fn df_full() -> Needle {
    let output = "Filesystem      Size  Used Avail Use% Mounted on\n".to_string()
        + &flood(
            |i| {
                let used = 10 + h(i, 25) % 60;
                format!(
                    "/dev/loop{}      {}G  {}G  {}G  {}% /var/lib/containers/storage/overlay/{:016x}/merged",
                    i,
                    100,
                    used,
                    100 - used,
                    used,
                    h(i, 26)
                )
            },
            "/dev/nvme1n1    500G  500G     0 100% /var/lib/postgresql",
            0.5,
        );
    Needle {
        name: "fresh: df -h, one filesystem full",
        output,
        must_show: vec!["100% /var/lib/postgresql"],
    }
}

/// An Elixir/Phoenix log with one crashed request process.
fn elixir_crash() -> Needle {
    let output = flood(
        |i| {
            format!(
                "{} request_id=F{:015x} [info] GET /api/orders/{}\n{} request_id=F{:015x} [info] Sent 200 in {}ms",
                hms(i, 90),
                h(i, 27) % 0xFFF_FFFF_FFFF_FFFF,
                h(i, 28) % 90_000,
                hms(i, 90),
                h(i, 27) % 0xFFF_FFFF_FFFF_FFFF,
                h(i, 29) % 400
            )
        },
        &[
            "10:41:07.882 request_id=F1A2B3C4D5E6F7A8 [error] ** (Ecto.NoResultsError) expected at least one result but got none in query:",
            "",
            "from o0 in Acme.Orders.Order,",
            "  where: o0.id == ^4821",
            "",
            "    (ecto 3.11.2) lib/ecto/repo/queryable.ex:164: Ecto.Repo.Queryable.one!/3",
            "    (acme 0.1.0) lib/acme_web/controllers/order_controller.ex:21: AcmeWeb.OrderController.show/2",
        ]
        .join("\n"),
        0.5,
    );
    Needle {
        name: "fresh: Elixir, one crashed request",
        output,
        must_show: vec!["** (Ecto.NoResultsError) expected at least one result"],
    }
}

/// A Jest run with one failing test and its assertion.
fn jest_fail() -> Needle {
    let output = flood(
        |i| {
            format!(
                "PASS src/{}/{}{}.test.ts ({}.{:03} s)",
                ["orders", "cart", "users", "search"][i % 4],
                ["model", "service", "util"][i % 3],
                i,
                h(i, 30) % 3,
                h(i, 31) % 1000
            )
        },
        &[
            "FAIL src/orders/total.test.ts",
            "  ● Orders › total › applies the coupon once",
            "",
            "    expect(received).toBe(expected) // Object.is equality",
            "",
            "    Expected: 90",
            "    Received: 80",
        ]
        .join("\n"),
        0.5,
    );
    Needle {
        name: "fresh: jest, one failing test",
        output,
        must_show: vec!["FAIL src/orders/total.test.ts", "Expected: 90"],
    }
}
