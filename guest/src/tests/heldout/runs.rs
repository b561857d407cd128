//! Held-out test runs, builds and plans: Go, Maven, cargo, Gradle and
//! terraform output, each with one failure among thousands of routine lines.

use super::super::corpus::flood;
use super::{Needle, h, hms};

pub(super) fn needles() -> Vec<Needle> {
    vec![
        go_test_panic(),
        maven_cause_chain(),
        cargo_test_panic(),
        gradle_kotlin(),
        terraform_replace(),
    ]
}

/// `go test ./... -v` where one test panics with its goroutine trace.
fn go_test_panic() -> Needle {
    let pkgs = [
        "route", "store", "auth", "cache", "queue", "billing", "metrics",
    ];
    let output = flood(
        |i| {
            let pkg = pkgs[i / 400 % pkgs.len()];
            let name = format!("Test{}Case{:04}", capitalise(pkg), h(i, 1) % 10_000);
            let mut s = format!(
                "=== RUN   {name}\n=== RUN   {name}/empty_input\n    --- PASS: {name}/empty_input (0.00s)\n--- PASS: {name} (0.{:02}s)",
                h(i, 2) % 40
            );
            if i % 400 == 399 {
                s += &format!(
                    "\nPASS\nok  \tgithub.com/acme/shipd/pkg/{pkg}\t{}.{:03}s",
                    h(i, 3) % 3,
                    h(i, 4) % 1000
                );
            }
            s
        },
        "=== RUN   TestShardRebalance\n\
--- FAIL: TestShardRebalance (0.00s)\n\
panic: runtime error: index out of range [5] with length 5 [recovered]\n\
\tpanic: runtime error: index out of range [5] with length 5\n\
\n\
goroutine 34 [running]:\n\
testing.tRunner.func1.2({0x6d7a80, 0xc0000a2348})\n\
\t/usr/local/go/src/testing/testing.go:1632 +0x230\n\
testing.tRunner.func1()\n\
\t/usr/local/go/src/testing/testing.go:1635 +0x35e\n\
panic({0x6d7a80?, 0xc0000a2348?})\n\
\t/usr/local/go/src/runtime/panic.go:785 +0x132\n\
github.com/acme/shipd/pkg/shard.(*Ring).Rebalance(0xc0001b2000, 0x6)\n\
\t/home/ci/shipd/pkg/shard/ring.go:88 +0x1d4\n\
github.com/acme/shipd/pkg/shard.TestShardRebalance(0xc000103a00)\n\
\t/home/ci/shipd/pkg/shard/ring_test.go:57 +0x8b\n\
testing.tRunner(0xc000103a00, 0x74b2c8)\n\
\t/usr/local/go/src/testing/testing.go:1690 +0xf4\n\
created by testing.(*T).Run in goroutine 1\n\
\t/usr/local/go/src/testing/testing.go:1743 +0x390\n\
FAIL\tgithub.com/acme/shipd/pkg/shard\t0.031s",
        0.45,
    );
    Needle {
        name: "go test, one panic",
        output,
        must_show: vec![
            "--- FAIL: TestShardRebalance",
            "panic: runtime error: index out of range [5] with length 5",
        ],
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}

/// A Maven build whose one failing test has a Java `Caused by:` chain; the
/// root cause is 30 lines below the first exception line.
fn maven_cause_chain() -> Needle {
    let frames = |pkg: &str, n: usize| -> String {
        (0..n)
            .map(|k| format!("\n\tat {pkg}.Frame{k}.invoke(Frame{k}.java:{})", 40 + k * 7))
            .collect()
    };
    let needle = format!(
        "[ERROR] Tests run: 9, Failures: 0, Errors: 1, Skipped: 0, Time elapsed: 3.214 s <<< FAILURE! -- in com.acme.billing.LedgerRepositoryIT\n\
[ERROR] com.acme.billing.LedgerRepositoryIT.loadsContext -- Time elapsed: 0.012 s <<< ERROR!\n\
java.lang.IllegalStateException: Failed to load ApplicationContext for [MergedContextConfiguration@5e1a2b3c testClass = com.acme.billing.LedgerRepositoryIT]{}\n\
Caused by: org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'dataSource' defined in class path resource [com/acme/billing/DbConfig.class]{}\n\
\t... 45 more\n\
Caused by: org.postgresql.util.PSQLException: Connection to db.internal:5432 refused. Check that the hostname and port are correct and that the postmaster is accepting TCP/IP connections.{}\n\
\t... 61 more\n\
Caused by: java.net.ConnectException: Connection refused{}\n\
\t... 70 more",
        frames("org.springframework.test.context.cache", 14),
        frames("org.springframework.beans.factory.support", 10),
        frames("org.postgresql.core.v3", 8),
        frames("java.base/sun.nio.ch", 4),
    );
    let output = flood(
        |i| {
            let class = format!("com.acme.billing.Service{:03}Test", h(i, 5) % 600);
            match i % 6 {
                0 => format!("[INFO] Running {class}"),
                1 => format!(
                    "{}T{}Z  INFO 4121 --- [           main] c.a.b.Service{:03}Test          : Started Service{:03}Test in {}.{:02} seconds (process running for {}.{})",
                    "2026-11-23",
                    hms(i, 40),
                    h(i, 5) % 600,
                    h(i, 5) % 600,
                    h(i, 6) % 4,
                    h(i, 7) % 100,
                    10 + h(i, 8) % 50,
                    h(i, 9) % 10
                ),
                2 => format!(
                    "[INFO] Tests run: {}, Failures: 0, Errors: 0, Skipped: {}, Time elapsed: {}.{:03} s -- in {class}",
                    1 + h(i, 10) % 30,
                    h(i, 11) % 2,
                    h(i, 12) % 5,
                    h(i, 13) % 1000
                ),
                3 => format!(
                    "[INFO] Downloading from central: https://repo.maven.apache.org/maven2/org/acme/lib-{}/1.{}.{}/lib-{}-1.{}.{}.pom",
                    h(i, 14) % 900,
                    h(i, 15) % 9,
                    h(i, 16) % 20,
                    h(i, 14) % 900,
                    h(i, 15) % 9,
                    h(i, 16) % 20
                ),
                4 => format!(
                    "[INFO] Downloaded from central: https://repo.maven.apache.org/maven2/org/acme/lib-{}/1.{}.{}/lib-{}-1.{}.{}.pom ({} kB at {} kB/s)",
                    h(i, 14) % 900,
                    h(i, 15) % 9,
                    h(i, 16) % 20,
                    h(i, 14) % 900,
                    h(i, 15) % 9,
                    h(i, 16) % 20,
                    1 + h(i, 17) % 40,
                    100 + h(i, 18) % 900
                ),
                _ => format!(
                    "{}T{}Z DEBUG 4121 --- [           main] o.s.t.c.c.DefaultCacheAwareContextLoaderDelegate : Storing ApplicationContext [{}] in cache under key [[MergedContextConfiguration@{:08x}]]",
                    "2026-11-23",
                    hms(i, 40),
                    h(i, 19) % 100_000,
                    h(i, 20) as u32
                ),
            }
        },
        &needle,
        0.55,
    );
    Needle {
        name: "maven, Java Caused by: chain",
        output,
        must_show: vec![
            "Caused by: org.postgresql.util.PSQLException: Connection to db.internal:5432 refused",
        ],
    }
}

/// `cargo test --workspace --no-fail-fast` where one test panics; the
/// panic message is printed with the crate's results, mid-output.
fn cargo_test_panic() -> Needle {
    let output = flood(
        |i| {
            let module = ["codec", "ring", "store", "wire", "plan"][i / 250 % 5];
            let mut s = String::new();
            if i % 250 == 0 {
                s += &format!(
                    "     Running unittests src/lib.rs (target/debug/deps/{module}-{:016x})\n\nrunning 250 tests\n",
                    h(i, 21)
                );
            }
            s += &format!(
                "test {module}::tests::case_{:05}_{} ... ok",
                h(i, 22) % 100_000,
                ["roundtrip", "empty", "overflow", "unicode", "ordering"][i % 5]
            );
            if i % 250 == 249 {
                s += &format!(
                    "\n\ntest result: ok. 250 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.{:02}s\n",
                    h(i, 23) % 100
                );
            }
            s
        },
        "test ring::tests::rebalance_keeps_order ... FAILED\n\
test ring::tests::rebalance_empty ... ok\n\
\n\
failures:\n\
\n\
---- ring::tests::rebalance_keeps_order stdout ----\n\
\n\
thread 'ring::tests::rebalance_keeps_order' panicked at crates/ring/src/rebalance.rs:212:9:\n\
assertion `left == right` failed: shard moved twice\n  left: 3\n right: 4\n\
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n\
\n\
\n\
failures:\n    ring::tests::rebalance_keeps_order\n\
\n\
test result: FAILED. 211 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.37s\n\
\n\
error: test failed, to rerun pass `-p ring --lib`",
        0.5,
    ) + "error: 1 target failed:\n    `-p ring --lib`\n";
    Needle {
        name: "cargo test, one panic",
        output,
        must_show: vec![
            "panicked at crates/ring/src/rebalance.rs:212:9",
            "assertion `left == right` failed: shard moved twice",
        ],
    }
}

/// `gradle build --continue --info` where one Kotlin file fails to compile
/// (Kotlin marks errors with an `e: ` prefix).
fn gradle_kotlin() -> Needle {
    let output = flood(
        |i| {
            let module = format!("module-{:03}", i / 6);
            match i % 6 {
                0 => format!("> Task :{module}:compileKotlin UP-TO-DATE"),
                1 => format!(
                    "Skipping task ':{module}:compileKotlin' as it is up-to-date.\nResolving global dependency management for project '{module}'"
                ),
                2 => format!(
                    "Caching disabled for task ':{module}:compileJava' because:\n  Build cache is disabled\n> Task :{module}:compileJava NO-SOURCE"
                ),
                3 => format!("> Task :{module}:processResources UP-TO-DATE"),
                4 => format!("Excluding [] from {module}.jar\n> Task :{module}:classes UP-TO-DATE"),
                _ => format!(
                    "> Task :{module}:jar UP-TO-DATE\nFile access took {}ms for {} files",
                    h(i, 66) % 90,
                    h(i, 67) % 400
                ),
            }
        },
        "> Task :billing:compileKotlin\n\
e: file:///home/ci/app/billing/src/main/kotlin/com/acme/billing/Ledger.kt:42:13 Unresolved reference 'fooBar'.\n\
> Task :billing:compileKotlin FAILED",
        0.5,
    ) + "\nFAILURE: Build failed with an exception.\n\n* What went wrong:\nExecution failed for task ':billing:compileKotlin'.\n> A failure occurred while executing org.jetbrains.kotlin.compilerRunner.GradleCompilerRunnerWithWorkers$GradleKotlinCompilerWorkAction\n   > Compilation error. See log for more details\n\nBUILD FAILED in 4m 12s\n";
    Needle {
        name: "gradle, Kotlin e: line",
        output,
        must_show: vec!["Ledger.kt:42:13 Unresolved reference 'fooBar'."],
    }
}

/// `terraform plan` where thousands of records are updated in place and
/// one database must be replaced.
fn terraform_replace() -> Needle {
    let refresh = |i: usize| {
        format!(
            "module.dns.aws_route53_record.svc[\"svc-{:04}\"]: Refreshing state... [id=Z0{:012X}_svc-{:04}.internal.acme.io_A]",
            i % 10_000,
            h(i, 68) % 0xFFFF_FFFF_FFFF,
            i % 10_000
        )
    };
    let block = |i: usize| {
        format!(
            "  # module.dns.aws_route53_record.svc[\"svc-{:04}\"] will be updated in-place\n  ~ resource \"aws_route53_record\" \"svc\" {{\n        id      = \"Z0{:012X}_svc-{:04}.internal.acme.io_A\"\n        name    = \"svc-{:04}.internal.acme.io\"\n      ~ ttl     = 300 -> 60\n        # (5 unchanged attributes hidden)\n    }}\n",
            i % 10_000,
            h(i, 68) % 0xFFFF_FFFF_FFFF,
            i % 10_000,
            i % 10_000
        )
    };
    let mut refreshes: Vec<String> = (0..1500).map(refresh).collect();
    refreshes.push(String::new());
    let head = refreshes.join("\n")
        + "Terraform used the selected providers to generate the following execution\nplan. Resource actions are indicated with the following symbols:\n  ~ update in-place\n-/+ destroy and then create replacement\n\nTerraform will perform the following actions:\n\n";
    let needle = [
        "  # aws_db_instance.main must be replaced",
        "-/+ resource \"aws_db_instance\" \"main\" {",
        "      ~ address                = \"main.c9x2k.eu-west-1.rds.amazonaws.com\" -> (known after apply)",
        "      ~ id                     = \"db-4XQ2KZ7R3M\" -> (known after apply)",
        "      ~ storage_encrypted      = false -> true # forces replacement",
        "        # (41 unchanged attributes hidden)",
        "    }\n",
    ]
    .join("\n");
    let blocks: Vec<String> = (0..1500).map(block).collect();
    let output = head
        + &blocks[..700].concat()
        + &needle
        + &blocks[700..].concat()
        + "\nPlan: 1 to add, 1500 to change, 1 to destroy.\n";
    Needle {
        name: "terraform plan, one replacement",
        output,
        must_show: vec!["aws_db_instance.main must be replaced"],
    }
}
