//! Held-out service and system logs: a Node crash, Japanese and Korean
//! `docker compose` logs, a systemd journal, each with one failure among
//! thousands of routine lines.

use super::super::corpus::flood;
use super::{Needle, h, hms};

pub(super) fn needles() -> Vec<Needle> {
    vec![
        node_type_error(),
        compose_japanese(),
        compose_korean(),
        journal_oom(),
    ]
}

/// An Express server's access log (morgan) where the process dies of a
/// `TypeError` and nodemon restarts it.
fn node_type_error() -> Needle {
    let output = flood(
        |i| {
            let path = [
                "/api/orders/",
                "/api/customers/",
                "/api/items/",
                "/healthz?",
            ][i % 4];
            format!(
                "{} - - [23/Nov/2026:{} +0000] \"GET {path}{} HTTP/1.1\" {} {} \"-\" \"node-fetch/1.0\" {}.{:03} ms",
                format_args!("10.0.{}.{}", h(i, 24) % 8, h(i, 25) % 250),
                &hms(i, 90)[..8],
                h(i, 26) % 90_000,
                [200, 200, 200, 304, 404][h(i, 27) as usize % 5],
                h(i, 28) % 9000,
                h(i, 29) % 90,
                h(i, 30) % 1000
            )
        },
        // Joined, not `\`-continued: a continued literal drops indents.
        &[
            "/app/src/services/orders.js:88",
            "    const customerId = order.customer.id;",
            "                                      ^",
            "",
            "TypeError: Cannot read properties of undefined (reading 'id')",
            "    at OrderService.total (/app/src/services/orders.js:88:39)",
            "    at async /app/src/routes/orders.js:41:19",
            "    at async Promise.all (index 3)",
            "    at async handler (/app/src/routes/orders.js:37:5)",
            "",
            "Node.js v20.11.1",
            "[nodemon] app crashed - waiting for file changes before starting...",
            "[nodemon] restarting due to changes...",
            "[nodemon] starting `node src/server.js`",
            "Server listening on :3000",
        ]
        .join("\n"),
        0.6,
    );
    Needle {
        name: "node, TypeError with frames",
        output,
        must_show: vec![
            "TypeError: Cannot read properties of undefined (reading 'id')",
            "at OrderService.total (/app/src/services/orders.js:88:39)",
        ],
    }
}

/// `docker compose logs` of a Tomcat in a Japanese locale (JUL levels are
/// translated: 情報 = INFO, 重大 = SEVERE) where one context fails to start.
fn compose_japanese() -> Needle {
    let output = flood(
        |i| match i % 3 {
            0 | 1 => format!(
                "web-1  | 23-Nov-2026 {} 情報 [http-nio-8080-exec-{}] com.acme.shop.web.RequestLog.log GET /shop/items/{} 200 {}ms",
                hms(i, 70),
                1 + h(i, 31) % 10,
                h(i, 32) % 50_000,
                h(i, 33) % 300
            ),
            _ => format!(
                "db-1   | 2026-11-23 {} JST [{}] LOG:  checkpoint complete: wrote {} buffers ({}.{}%); 0 WAL file(s) added, 0 removed, {} recycled",
                hms(i, 70),
                60 + h(i, 34) % 9,
                h(i, 35) % 400,
                h(i, 36) % 3,
                h(i, 37) % 10,
                h(i, 38) % 3
            ),
        },
        "web-1  | 23-Nov-2026 10:41:07.882 重大 [main] org.apache.catalina.core.StandardContext.startInternal 以前のエラーのためにコンテキストの起動が失敗しました [/shop]",
        0.5,
    );
    Needle {
        name: "compose logs, Japanese SEVERE",
        output,
        must_show: vec!["以前のエラーのためにコンテキストの起動が失敗しました [/shop]"],
    }
}

/// `docker compose logs` of a Korean-locale PostgreSQL (로그 = LOG,
/// 치명적오류 = FATAL) and an API whose logs are in Korean.
fn compose_korean() -> Needle {
    let output = flood(
        |i| match i % 4 {
            0 => format!(
                "db-1   | 2026-11-23 {} KST [{}] 로그:  체크포인트 시작: time",
                hms(i, 60),
                60 + h(i, 39) % 9
            ),
            1 => format!(
                "db-1   | 2026-11-23 {} KST [{}] 로그:  체크포인트 완료: {}개 버퍼 씀 ({}.{}%); 0개 WAL 파일 추가됨, 0개 지웠음, {}개 재활용; 쓰기={}.{:03} s",
                hms(i, 60),
                60 + h(i, 39) % 9,
                h(i, 40) % 500,
                h(i, 41) % 3,
                h(i, 42) % 10,
                h(i, 43) % 3,
                h(i, 44) % 30,
                h(i, 45) % 1000
            ),
            _ => format!(
                "api-1  | [2026-11-23 {}] 정보: GET /v1/orders/{} 200 {}ms 사용자={}",
                &hms(i, 60)[..8],
                h(i, 46) % 90_000,
                h(i, 47) % 400,
                h(i, 48) % 5000
            ),
        },
        "db-1   | 2026-11-23 10:41:07.882 KST [1187] 치명적오류:  \"orders\" 데이터베이스 없음",
        0.5,
    );
    Needle {
        name: "compose logs, Korean FATAL",
        output,
        must_show: vec!["치명적오류:  \"orders\" 데이터베이스 없음"],
    }
}

/// `journalctl` of a web host where the kernel's OOM killer kills the JVM.
fn journal_oom() -> Needle {
    let output = flood(
        |i| {
            let t = hms(i, 500);
            let at = format!("Nov 23 {} web-03", &t[..8]);
            match i % 5 {
                0 => format!(
                    "{at} systemd[1]: Started session-{}.scope - Session {} of User deploy.",
                    4000 + i,
                    4000 + i
                ),
                1 => format!(
                    "{at} sshd[{}]: Accepted publickey for deploy from 10.0.3.{} port {} ssh2: ED25519 SHA256:{:016x}",
                    20_000 + h(i, 49) % 9000,
                    h(i, 50) % 250,
                    30_000 + h(i, 51) % 30_000,
                    h(i, 52)
                ),
                2 => format!(
                    "{at} CRON[{}]: pam_unix(cron:session): session opened for user root(uid=0) by (uid=0)",
                    20_000 + h(i, 53) % 9000
                ),
                3 => format!(
                    "{at} kernel: [UFW BLOCK] IN=eth0 OUT= MAC=52:54:00:{:02x}:{:02x}:{:02x} SRC=185.{}.{}.{} DST=10.0.3.7 LEN=40 TOS=0x00 PREC=0x00 TTL={} ID={} PROTO=TCP SPT={} DPT=23 WINDOW=1024 RES=0x00 SYN URGP=0",
                    h(i, 54) % 256,
                    h(i, 55) % 256,
                    h(i, 56) % 256,
                    h(i, 57) % 256,
                    h(i, 58) % 256,
                    h(i, 59) % 256,
                    40 + h(i, 60) % 200,
                    h(i, 61) % 65_000,
                    1024 + h(i, 62) % 60_000
                ),
                _ => format!(
                    "{at} billing[812]: {} INFO  [http-nio-8080-exec-{}] c.a.b.api.InvoiceController - GET /invoices/{} 200 {}ms",
                    t,
                    1 + h(i, 63) % 10,
                    h(i, 64) % 90_000,
                    h(i, 65) % 400
                ),
            }
        },
        "Nov 23 10:10:45 web-03 kernel: java invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0\n\
Nov 23 10:10:45 web-03 kernel: Out of memory: Killed process 48213 (java) total-vm:8123456kB, anon-rss:6123456kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:14000kB oom_score_adj:0\n\
Nov 23 10:10:45 web-03 systemd[1]: billing.service: A process of this unit has been killed by the OOM killer.\n\
Nov 23 10:10:45 web-03 systemd[1]: billing.service: Main process exited, code=killed, status=9/KILL\n\
Nov 23 10:10:45 web-03 systemd[1]: billing.service: Failed with result 'oom-kill'.",
        0.5,
    );
    Needle {
        name: "journal, OOM killer",
        output,
        must_show: vec!["Out of memory: Killed process 48213 (java)"],
    }
}
