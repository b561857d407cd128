//! Logs, traces and tables: a Spring Boot log with a long nested trace, a
//! psql table, `tsc` output, a Russian PostgreSQL log with CRLF line ends,
//! PowerShell errors, and a log whose only "error" words are harmless.

use super::super::heldout::{h, hms};
use super::{Case, lines_until};

pub(super) fn cases() -> Vec<Case> {
    vec![
        java_nested_trace(),
        psql_table(),
        tsc_errors(),
        postgres_russian(),
        powershell_errors(),
        harmless_error_words(),
    ]
}

fn spring_line(i: usize) -> String {
    let (level, logger, msg) = match h(i, 1) % 6 {
        0 => (
            "DEBUG",
            "o.s.web.servlet.DispatcherServlet",
            format!("Completed 200 OK in {} ms", h(i, 2) % 90),
        ),
        1 => (
            "INFO",
            "c.a.billing.web.InvoiceController",
            format!("GET /api/invoices/{} served from cache", h(i, 3) % 90_000),
        ),
        2 => (
            "DEBUG",
            "org.hibernate.SQL",
            "select c1_0.id,c1_0.email,c1_0.name from customer c1_0 where c1_0.id=?".to_string(),
        ),
        3 => (
            "INFO",
            "c.a.billing.service.CustomerService",
            format!("Customer {} updated", h(i, 4) % 90_000),
        ),
        4 => (
            "WARN",
            "com.zaxxer.hikari.pool.HikariPool",
            "HikariPool-1 - Thread starvation or clock leap detected (housekeeper delta=1m2s)."
                .to_string(),
        ),
        _ => (
            "INFO",
            "c.a.billing.web.CustomerController",
            format!("POST /api/customers/{}/address 204", h(i, 5) % 90_000),
        ),
    };
    let level = if level == "WARN" && !h(i, 6).is_multiple_of(9) {
        "INFO"
    } else {
        level
    };
    format!(
        "2026-11-23 {} {level:>5} 1 --- [nio-8080-exec-{}] {logger:<40} : {msg}",
        hms(i, 7000),
        1 + h(i, 7) % 10
    )
}

/// A Spring Boot service log: a registration fails with a three-deep
/// `Caused by:` chain whose root is a unique-constraint violation.
fn java_nested_trace() -> Case {
    let mut lines = lines_until(360_000, spring_line);
    let mut trace = vec![
        "2026-11-23 13:02:44.917 ERROR 1 --- [nio-8080-exec-4] c.a.billing.web.CustomerController       : Registration failed for request 9f3c2a71".to_string(),
        "org.springframework.dao.DataIntegrityViolationException: PreparedStatementCallback; SQL [insert into customer (email, name, plan) values (?, ?, ?)]; constraint [uk_customer_email]".to_string(),
        "\tat org.springframework.jdbc.support.SQLStateSQLExceptionTranslator.doTranslate(SQLStateSQLExceptionTranslator.java:104)".to_string(),
        "\tat org.springframework.jdbc.support.AbstractFallbackSQLExceptionTranslator.translate(AbstractFallbackSQLExceptionTranslator.java:70)".to_string(),
        "\tat org.springframework.jdbc.core.JdbcTemplate.translateException(JdbcTemplate.java:1575)".to_string(),
        "\tat org.springframework.jdbc.core.JdbcTemplate.execute(JdbcTemplate.java:674)".to_string(),
        "\tat org.springframework.jdbc.core.JdbcTemplate.update(JdbcTemplate.java:1005)".to_string(),
        "\tat com.acme.billing.persistence.CustomerDao.insert(CustomerDao.java:88)".to_string(),
        "\tat com.acme.billing.service.CustomerService.register(CustomerService.java:64)".to_string(),
    ];
    for k in 0..38 {
        trace.push(format!(
            "\tat org.springframework.{}.{}(Frame{k}.java:{})",
            [
                "aop.framework.ReflectiveMethodInvocation",
                "transaction.interceptor.TransactionInterceptor",
                "web.servlet.FrameworkServlet",
                "security.web.FilterChainProxy"
            ][k % 4],
            ["proceed", "invoke", "doFilter", "service"][k % 4],
            100 + k * 7
        ));
    }
    trace.push(
        "\tat org.apache.tomcat.util.threads.TaskThread$WrappingRunnable.run(TaskThread.java:61)"
            .into(),
    );
    trace.push("\tat java.base/java.lang.Thread.run(Thread.java:1583)".into());
    trace.push("Caused by: org.springframework.transaction.UnexpectedRollbackException: Transaction silently rolled back because it has been marked as rollback-only".into());
    for k in 0..12 {
        trace.push(format!("\tat org.springframework.transaction.support.AbstractPlatformTransactionManager.processCommit(AbstractPlatformTransactionManager.java:{})", 700 + k));
    }
    trace.push("\t... 51 common frames omitted".into());
    trace.push("Caused by: org.postgresql.util.PSQLException: ERROR: duplicate key value violates unique constraint \"uk_customer_email\"".into());
    trace.push("  Detail: Key (email)=(m.okafor@example.org) already exists.".into());
    for f in [
        "org.postgresql.core.v3.QueryExecutorImpl.receiveErrorResponse(QueryExecutorImpl.java:2713)",
        "org.postgresql.core.v3.QueryExecutorImpl.processResults(QueryExecutorImpl.java:2401)",
        "org.postgresql.core.v3.QueryExecutorImpl.execute(QueryExecutorImpl.java:368)",
        "org.postgresql.jdbc.PgStatement.executeInternal(PgStatement.java:498)",
        "org.postgresql.jdbc.PgPreparedStatement.executeUpdate(PgPreparedStatement.java:152)",
        "com.zaxxer.hikari.pool.HikariProxyPreparedStatement.executeUpdate(HikariProxyPreparedStatement.java)",
        "org.springframework.jdbc.core.JdbcTemplate.lambda$update$2(JdbcTemplate.java:965)",
        "com.acme.billing.persistence.CustomerDao.insert(CustomerDao.java:88)",
        "com.acme.billing.service.CustomerService.register(CustomerService.java:64)",
    ] {
        trace.push(format!("\tat {f}"));
    }
    trace.push("\t... 44 common frames omitted".into());
    let at = lines.len() * 6 / 10;
    lines.splice(at..at, trace);
    // An earlier, harmless exception: a client that hung up.
    lines.insert(at / 3, "2026-11-23 11:14:02.118  WARN 1 --- [nio-8080-exec-9] o.a.c.c.C.[Tomcat].[localhost]           : Exception Processing ErrorPage: org.apache.catalina.connector.ClientAbortException: java.io.IOException: Broken pipe".into());
    Case {
        name: "Spring log, nested Caused by chain",
        output: lines.join("\n") + "\n",
        question: "What is the root cause of the failed customer registration?",
        line: "PSQLException: ERROR: duplicate key value violates unique constraint",
        facts: vec![
            "Caused by: org.postgresql.util.PSQLException: ERROR: duplicate key value violates unique constraint \"uk_customer_email\"",
            "at com.acme.billing.persistence.CustomerDao.insert(CustomerDao.java:88)",
        ],
        not_between: vec![],
    }
}

const FIRST: &[&str] = &[
    "Amelia", "Noah", "Sofia", "Liam", "Yara", "Mateo", "Ines", "Kenji", "Zoe", "Ravi",
];
const LAST: &[&str] = &[
    "Hughes", "Novak", "Moreau", "Okafor", "Silva", "Kowalski", "Haddad", "Berg", "Ito", "Quinn",
];

/// `psql` printing a users table: one row has an empty email.
fn psql_table() -> Case {
    let mut out = String::from(
        "  id   |             email              |      full_name       |  plan   |       created_at       \n-------+--------------------------------+----------------------+---------+------------------------\n",
    );
    let rows = 4200;
    for i in 0..rows {
        let id = 10_001 + i;
        let (first, last) = if i == 3376 {
            ("Tobias", "Lindqvist")
        } else {
            (FIRST[i % 10], LAST[i / 10 % 10])
        };
        let email = if i == 3376 {
            String::new()
        } else {
            format!(
                "{}.{}{}@example.com",
                first.to_lowercase(),
                last.to_lowercase(),
                i / 100
            )
        };
        let name = format!("{first} {last}");
        out.push_str(&format!(
            " {id:>5} | {email:<30} | {name:<20} | {:<7} | 2026-{:02}-{:02} {:02}:{:02}:{:02}+00\n",
            ["free", "pro", "team", "pro"][h(i, 20) as usize % 4],
            1 + h(i, 21) % 11,
            1 + h(i, 22) % 28,
            h(i, 23) % 24,
            h(i, 24) % 60,
            h(i, 25) % 60
        ));
    }
    out.push_str(&format!("({rows} rows)\n\n"));
    Case {
        name: "psql table, one empty email",
        output: out,
        question: "Which customer has no email address on file?",
        line: "Tobias Lindqvist",
        facts: vec!["13377 |", "Tobias Lindqvist"],
        not_between: vec![],
    }
}

/// `tsc --noEmit`: thousands of type errors of a few kinds, one module
/// that cannot be found.
fn tsc_errors() -> Case {
    let files = [
        "src/components/Cart/CartItem.tsx",
        "src/api/client.ts",
        "src/pages/Orders.tsx",
        "src/hooks/useSession.ts",
        "src/store/catalog.ts",
        "src/utils/format.ts",
    ];
    let mut lines = lines_until(380_000, |i| {
        let file = files[h(i, 30) as usize % files.len()];
        let (row, col) = (1 + h(i, 31) % 400, 1 + h(i, 32) % 60);
        match h(i, 33) % 5 {
            0 => format!(
                "{file}({row},{col}): error TS2339: Property '{}' does not exist on type '{}'.",
                ["quantity", "total", "sku", "currency"][i % 4],
                ["LineItem", "Order", "Session"][i % 3]
            ),
            1 => format!(
                "{file}({row},{col}): error TS7006: Parameter '{}' implicitly has an 'any' type.",
                ["res", "item", "e", "acc"][i % 4]
            ),
            2 => format!(
                "{file}({row},{col}): error TS2322: Type 'string | undefined' is not assignable to type 'string'.\n  Type 'undefined' is not assignable to type 'string'."
            ),
            3 => format!(
                "{file}({row},{col}): error TS2305: Module '\"./{}\"' has no exported member '{}'.",
                ["utils", "types", "constants"][i % 3],
                ["formatPrice", "OrderState", "MAX_ITEMS"][i % 3]
            ),
            _ => format!(
                "{file}({row},{col}): error TS18048: '{}' is possibly 'undefined'.",
                ["order.items", "session.user", "cart.total"][i % 3]
            ),
        }
    });
    let at = lines.len() * 45 / 100;
    lines.insert(at, "src/pages/Checkout.tsx(3,28): error TS2307: Cannot find module '@acme/payments-sdk' or its corresponding type declarations.".into());
    let n = lines.len();
    lines.push(String::new());
    lines.push(format!("Found {n} errors in 7 files."));
    Case {
        name: "tsc, one missing module",
        output: lines.join("\n") + "\n",
        question: "Which import can't be resolved?",
        line: "Cannot find module '@acme/payments-sdk'",
        facts: vec![
            "src/pages/Checkout.tsx(3,28)",
            "Cannot find module '@acme/payments-sdk'",
        ],
        not_between: vec![],
    }
}

/// A PostgreSQL server log in a Russian locale, CRLF line ends: one insert
/// fails because the disk is full; checkpoint warnings are frequent.
fn postgres_russian() -> Case {
    let mut lines = lines_until(370_000, |i| {
        let t = format!(
            "2026-11-23 {} MSK [{}]",
            hms(i, 7000),
            48_000 + h(i, 40) % 900
        );
        match h(i, 41) % 9 {
            0 => format!(
                "{t} app@shop СООБЩЕНИЕ:  подключение авторизовано: пользователь=app база=shop приложение=orders-api"
            ),
            1 => format!("{t} СООБЩЕНИЕ:  начата контрольная точка: time"),
            2 if h(i, 42).is_multiple_of(4) => format!(
                "{t} ПРЕДУПРЕЖДЕНИЕ:  контрольные точки происходят слишком часто (через {} сек.)\r\n{t} ПОДСКАЗКА:  Возможно, стоит увеличить параметр \"max_wal_size\".",
                10 + h(i, 43) % 20
            ),
            3 => format!(
                "{t} СООБЩЕНИЕ:  контрольная точка завершена: записано буферов: {} ({}.{}%)",
                h(i, 44) % 9000,
                h(i, 45) % 30,
                h(i, 46) % 10
            ),
            _ => format!(
                "{t} app@shop СООБЩЕНИЕ:  продолжительность: {}.{:03} мс  оператор: INSERT INTO order_events (order_id, kind, payload) VALUES ({}, 'status', '{{}}')",
                h(i, 47) % 40,
                h(i, 48) % 1000,
                h(i, 49) % 900_000
            ),
        }
    });
    let at = lines.len() * 7 / 10;
    lines.insert(at, [
        "2026-11-23 13:37:12.004 MSK [48390] app@shop ОШИБКА:  не удалось расширить файл \"base/16384/24721.3\": На устройстве не осталось свободного места",
        "2026-11-23 13:37:12.004 MSK [48390] app@shop ПОДСКАЗКА:  Проверьте, есть ли место на диске.",
        "2026-11-23 13:37:12.004 MSK [48390] app@shop ОПЕРАТОР:  INSERT INTO order_events (order_id, kind, payload) VALUES ($1, $2, $3)",
    ].join("\r\n"));
    Case {
        name: "PostgreSQL log in Russian, CRLF",
        output: lines.join("\r\n") + "\r\n",
        question: "Why did inserts start failing? Is the server running out of storage?",
        line: "На устройстве не осталось свободного места",
        facts: vec!["На устройстве не осталось свободного места"],
        not_between: vec![],
    }
}

/// A PowerShell archiving script: thousands of verbose copies, some files
/// locked by another process, one copy denied.
fn powershell_errors() -> Case {
    let locked = |n: u64| {
        format!(
            "Copy-Item : The process cannot access the file '\\\\fs01\\exports\\2026-11\\invoice-{n:05}.pdf' because it is being used by another process.\nAt C:\\ops\\archive-invoices.ps1:57 char:9\n+         Copy-Item -Path $file.FullName -Destination $target -Force\n+         ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n    + CategoryInfo          : WriteError: (\\\\fs01\\exports\\...voice-{n:05}.pdf:FileInfo) [Copy-Item], IOException\n    + FullyQualifiedErrorId : CopyFileInfoItemIOError,Microsoft.PowerShell.Commands.CopyItemCommand\n"
        )
    };
    let mut lines = lines_until(360_000, |i| {
        if h(i, 50).is_multiple_of(400) {
            return locked(i as u64);
        }
        format!(
            "VERBOSE: Performing the operation \"Copy File\" on target \"Item: \\\\fs01\\exports\\2026-11\\invoice-{i:05}.pdf Destination: D:\\archive\\2026-11\\invoice-{i:05}.pdf\"."
        )
    });
    let at = lines.len() * 55 / 100;
    lines.insert(at, "Copy-Item : Access to the path 'D:\\archive\\2026-11\\payroll-summary.xlsx' is denied.\nAt C:\\ops\\archive-invoices.ps1:57 char:9\n+         Copy-Item -Path $file.FullName -Destination $target -Force\n+         ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n    + CategoryInfo          : PermissionDenied: (D:\\archive\\2026-11\\payroll-summary.xlsx:String) [Copy-Item], UnauthorizedAccessException\n    + FullyQualifiedErrorId : System.UnauthorizedAccessException,Microsoft.PowerShell.Commands.CopyItemCommand\n".into());
    Case {
        name: "PowerShell, one copy denied",
        output: lines.join("\n") + "\n",
        question: "Which file couldn't be copied because of a permissions problem?",
        line: "payroll-summary.xlsx' is denied",
        facts: vec!["payroll-summary.xlsx' is denied"],
        not_between: vec![],
    }
}

/// A service log full of harmless "error" words (zero counters, error
/// budgets, an error reporter); requests slow down when the database pool
/// is exhausted, said in a warning with no error word.
fn harmless_error_words() -> Case {
    let mut lines = lines_until(370_000, |i| {
        let t = format!("2026-11-23T{}Z", hms(i, 5000));
        match h(i, 60) % 5 {
            0 => format!(
                "{t} debug cache  hit_ratio=0.{} evictions=0 error_budget_remaining={}.{}%",
                80 + h(i, 61) % 19,
                97 + h(i, 62) % 3,
                h(i, 63) % 10
            ),
            1 => format!("{t} info  sentry flushed events=0 errors=0 dropped=0"),
            2 => format!(
                "{t} info  worker job=reindex-{} done in {}ms retries=0 on_error=skip",
                h(i, 64) % 900,
                h(i, 65) % 400
            ),
            _ => format!(
                "{t} info  http   GET /api/search?q={} 200 {}ms errors=0",
                ["desk", "lamp", "chair", "mat"][i % 4],
                20 + h(i, 66) % 90
            ),
        }
    });
    // Mid-log, at about 14:05: the pool runs dry and requests queue.
    let at = lines
        .iter()
        .position(|l| l.contains("T14:05:"))
        .unwrap_or(lines.len() / 2);
    lines.insert(at, "2026-11-23T14:05:02.311Z warn  db     pool exhausted: 50/50 connections in use, 212 requests waiting (max_wait=5s)".into());
    for k in 1..=30 {
        let l = &mut lines[at + k * 3];
        if let Some(ms) = l.find(" 200 ") {
            l.replace_range(ms.., &format!(" 200 {}ms errors=0", 4200 + k * 37));
        }
    }
    Case {
        name: "service log, harmless error words",
        output: lines.join("\n") + "\n",
        question: "Why were requests so slow shortly after 14:05?",
        line: "pool exhausted: 50/50 connections in use",
        facts: vec!["pool exhausted: 50/50 connections in use"],
        not_between: vec![],
    }
}
