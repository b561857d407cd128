//! Which view lines look like a failure (and start an error block), and
//! which lines continue a block. One home for the words and markers, so
//! the streaming sink and the message's shrink order agree.

use std::sync::LazyLock;

use regex::bytes::{Match, Regex};

/// Lines that look like a failure, wherever they are: what a model most
/// needs and a head+tail cut most often loses.
static ERROR_LINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?i-u)\b(?:error|exception|fatal|panic(?:ked)?|traceback|fail(?:ed|ure)?|segmentation fault|abort(?:ed)?",
        // How a process dies on Linux and Kubernetes: the kernel's OOM
        // killer, a segfault, a core dump.
        r"|out of memory|oom-kill(?:ed|er)?|oomkilled|segfault|core dumped",
        // German, French, Spanish, Portuguese (ASCII-folded forms too).
        r"|fehler|fehlgeschlagen|erreur|echec|fallo|erro|falha|excecao)\b",
        // Accented, Russian, Chinese, Japanese, Korean (no ASCII word
        // boundaries in these scripts).
        r"|(?u:échec|falló|exceção|ошибка|ошибки|сбой|错误|錯誤|失败|異常|异常|致命|エラー|例外|失敗|오류|실패|에러)",
        // pytest's assertion detail lines; HTTP 5xx in an access log, as
        // text or as a JSON or logfmt status field.
        r#"|(?m:^E {2,}\S)|" 5\d\d \d|"(?:status|status_?code)" ?: ?"?5\d\d\b|\bstatus=5\d\d\b"#,
        // A mail server's failure reply, with its enhanced status code
        // (RFC 3463): `554 5.7.1`, `452 4.3.1`.
        r"|\b[45]\d\d[ -][45]\.\d{1,3}\.\d{1,3}\b",
        // An exception named at the start of a line, as JavaScript, Python
        // and Java print it: `TypeError: …`, `java.io.IOException`.
        // Not indented: a docstring's `    ValueError: if …` is no failure.
        r"|(?m-i:^(?:Uncaught |Unhandled )?(?:[A-Za-z_$][\w$]*\.)*[A-Z]\w*(?:Error|Exception)(?::|[ \t]*$))",
        // Severities above error, as Python logging, syslog and JUL name
        // them: upper case (`critical path` in prose is none), or a level field.
        r#"|(?-i:\b(?:CRITICAL|CRIT|EMERG|SEVERE)\b)|\blevel"? ?[=:] ?"?(?:crit|critical|emerg|alert)\b"#,
        // One-letter severity prefixes: kotlinc and apt `e: ` (apt's also
        // indented, quoted by a config tool's report), glog/klog
        // `E1123 10:04:17`, `F…` fatal.
        r"|(?m:^e: |^[EF]\d{4} \d\d:\d\d:\d\d)|(?m-i:^[ \t]+E: [A-Z][a-z])",
        // Data a check found damaged: hdfs fsck's `CORRUPT blockpool`,
        // `Status: CORRUPT` (upper case: `corrupt_blocks: 0` is a count).
        r"|(?-i:\bCORRUPT\b)",
        // npm's error marker (`npm ERR! code ERESOLVE`).
        r"|(?-i:\bERR!)",
        // A linker's failures, which name what is missing before `collect2`
        // says `ld returned 1`: GNU ld's and lld's undefined symbols, a
        // library not found, a symbol defined twice.
        r"|\bundefined (?:reference|symbol)\b|\bcannot find -l|\bmultiple definition of\b",
    ))
    .expect("static regex")
});

/// A JSON member that only *names* an error field, empty: `"error": null,`.
static EMPTY_ERROR_FIELD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i-u)^\s*"[a-z_]*(?:error|errors|exception|failure|failed)[a-z_]*"\s*:\s*(?:null|\[\s*\]|\{\s*\}|false|0|""|\[|\{)?\s*,?\s*$"#,
    )
    .expect("static regex")
});

/// A line's own level, declared lower than an error, where the line's
/// words begin: `warning: unused variable`, `warning[unused]:`,
/// `[WARNING]`, `WARN`. An error word after it is what the warning is
/// about (`immutable value 'error' was never used`), not a failure.
static WARNING_LEVEL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?i-u)(?:^|[\s:])warning(?:\[[^\]]*\])?: |\[warn(?:ing)?\]",
        r"|(?-i:\bWARN(?:ING)?\b)",
    ))
    .expect("static regex")
});

/// A whole line declared a warning, wherever the error words are: a
/// compiler's `src/Error.swift:12:5: warning:` (a path first, then the
/// level), a level field anywhere (`{"error":"timeout","level":"warning"}`,
/// `msg="retry failed" level=warn`).
static WARNING_LINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?i-u)^\s*\S+:\d+(?::\d+)?: warning(?:\[[^\]]*\])?:",
        r#"|\blevel"? ?[=:] ?"?warn"#,
    ))
    .expect("static regex")
});

/// Lines that continue an error block: pytest `E` lines, indented frames
/// (`  File …`, `    at …`, `\tat …`), rustc's `  --> src/…`, ` |`, `12 | …`,
/// `  = note`, and lines indented by four spaces or a tab.
static CONTINUATION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?-u)^(?:E\s|\t|    |\s*(?:File |at |--> |\||\d+ *\||= |\^|Caused by))")
        .expect("static regex")
});

/// Where error-looking spots start in `text` (any number of lines): one
/// scan of a piece instead of a regex run per line.
pub fn error_spots(text: &str) -> impl Iterator<Item = usize> + '_ {
    ERROR_LINE.find_iter(text.as_bytes()).map(|m| m.start())
}

/// Whether `line` looks like a failure: an error word or marker that is
/// not an empty JSON error field (`"error": null`), a zero count
/// (`0 failed`, `Failures: 0`), a method call in source (`log.error(`),
/// prose about errors (`The call returns an error when …`), a word of a
/// path (`/var/log/error.log`) or what a
/// warning is about (after its level: [`WARNING_LEVEL`], [`WARNING_LINE`]).
pub fn looks_like_error(line: &[u8]) -> bool {
    // Where a warning's level is declared: error words after it are what
    // it warns about (all of them, for a line declared a warning whole).
    let warning = match WARNING_LINE.is_match(line) {
        true => 0,
        false => WARNING_LEVEL.find(line).map_or(usize::MAX, |m| m.start()),
    };
    !EMPTY_ERROR_FIELD.is_match(line)
        && ERROR_LINE.find_iter(line).any(|m| {
            m.start() < warning
                && !zero_count(line, &m)
                && !method_call(line, &m)
                && !prose_mention(line, &m)
                && !in_path(line, &m)
        })
}

/// `\\fs01\Projekte\error-codes_Lueftung.pdf`, `/var/log/nginx/error.log`,
/// `https://shop/api/errors/42`: a word of a file's or a page's path, which
/// names the thing, not a failure.
fn in_path(line: &[u8], m: &Match) -> bool {
    // A marker (`" 502 1`) is not a word.
    m.as_bytes().first().is_some_and(u8::is_ascii_alphabetic) && path_word(line, m.start())
}

/// Whether the word at byte `at` of `line` is part of a path: a `/` or `\`
/// before it in its token (a token ends at a space, a quote, `(`, `=`,
/// `[`). The one rule for the error detector and the search's related
/// words: `Failed_Pruefbericht.pdf` in a copied file's path says nothing
/// failed.
pub fn path_word(line: &[u8], at: usize) -> bool {
    let before = &line[..at.min(line.len())];
    let token = before
        .rsplit(|b| b.is_ascii_whitespace() || matches!(b, b'"' | b'\'' | b'(' | b'=' | b'['))
        .next()
        .unwrap_or(before);
    token.iter().any(|&b| b == b'/' || b == b'\\')
}

/// Documentation that talks about errors: the word after an article or a
/// preposition (`returns an error when`, `the section on error handling`)
/// in a line of prose, a capitalised sentence of eight words or more ending
/// in a full stop (markdown list and quote markers allowed). A log line
/// that reports a failure is rarely shaped like that: it starts with a
/// time, a level or a name, or names the error first.
fn prose_mention(line: &[u8], m: &Match) -> bool {
    let text = line.trim_ascii();
    let text = [&b"- "[..], b"* ", b"> "]
        .iter()
        .find_map(|marker| text.strip_prefix(*marker))
        .unwrap_or(text);
    let words = text.split(|&b| b == b' ').filter(|w| !w.is_empty()).count();
    let sentence =
        text.first().is_some_and(u8::is_ascii_uppercase) && text.ends_with(b".") && words >= 8;
    let before = &line[..m.start()];
    let Some(word) = before.strip_suffix(b" ") else {
        return false;
    };
    let word = word.rsplit(|&b| b == b' ').next().unwrap_or(word);
    let mentions = [&b"a"[..], b"an", b"the", b"on", b"of", b"for", b"any"]
        .iter()
        .any(|w| word.eq_ignore_ascii_case(w));
    sentence && mentions
}

/// Where the first error word or marker of `line` ends, if it has one.
pub fn first_error_end(line: &[u8]) -> Option<usize> {
    ERROR_LINE.find(line).map(|m| m.end())
}

pub fn is_continuation(line: &[u8]) -> bool {
    CONTINUATION.is_match(line)
}

/// `0 failed`, `failures: 0`, `"errors": 0`: a counter saying nothing failed.
fn zero_count(line: &[u8], m: &Match) -> bool {
    // A `0` that is a whole number (not `0.5`, `10`, `0x1f`).
    let lone_zero = |s: &[u8]| {
        s.first() == Some(&b'0')
            && !s
                .get(1)
                .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'.')
    };
    let lone_zero_end = |s: &[u8]| {
        s.last() == Some(&b'0')
            && !s[..s.len() - 1]
                .last()
                .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'.')
    };
    let before = &line[..m.start()];
    let word_before = before.trim_ascii_end();
    let zero_before = word_before.len() < before.len() && lone_zero_end(word_before);
    let rest = &line[m.end()..];
    let rest = rest.strip_prefix(b"s").unwrap_or(rest);
    let value = rest.trim_ascii_start();
    let value = value
        .iter()
        .position(|b| !matches!(b, b':' | b'=' | b'"' | b' '))
        .map_or(&value[value.len()..], |at| &value[at..]);
    let separated = value.len() < rest.len();
    // `Failures: 0, Errors: 0`, `errors=0 retried=3`; not `failed: 0 bytes
    // written`, where the zero says what failed.
    let ends_counter = |after: &[u8]| match after.first() {
        None | Some(b',' | b';' | b')' | b']' | b'}' | b'|' | b'"') => true,
        Some(_) => {
            let next = after.trim_ascii_start().split(|&b| b == b' ').next();
            next.is_some_and(|w| w.contains(&b'=') || w.ends_with(b":"))
        }
    };
    zero_before || (separated && lone_zero(value) && ends_counter(&value[1..]))
}

/// `log.error(`, `console.error(`: a method call in source code.
fn method_call(line: &[u8], m: &Match) -> bool {
    m.start() > 0 && line[m.start() - 1] == b'.' && line.get(m.end()) == Some(&b'(')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routine_mentions_are_not_errors() {
        for line in [
            r#"  "error": null,"#,
            r#""errors": [],"#,
            r#"  "last_error": {}"#,
            r#""failed": 0,"#,
            "Everything fine, 200 served",
            "10.0.3.77 - - \"GET /x HTTP/1.1\" 200 5023",
            "Eine Zeile ohne Problem",
            "test result: ok. 250 passed; 0 failed; 0 ignored; 0 measured",
            "[INFO] Tests run: 12, Failures: 0, Errors: 0, Skipped: 1",
            "jobs done=120 errors=0 retried=3",
            "        log.error(\"no node for key %s\", key)",
            "    except KeyError:",
            "        ValueError: if the port is out of range.",
            "Errors: 0 Warnings: 2",
            "The critical path of the build is the linker.",
            "    raise ValueError(f\"bad {x}\")",
            // Documentation about errors.
            "The function returns an error when the key is missing from the table.",
            "- See the section on error handling for how failures reach the caller.",
            r#"{"status":"200","request_time":"0.500"}"#,
            // A warning about something named error.
            "/ci/Shop/Cart.swift:386:14: warning: immutable value 'error' was never used",
            "warning[unused_variables]: unused variable: `error`",
            "[WARNING] Failed to build parent project for com.acme:shop",
            "2026-11-23 10:41:07 WARN retry 2 of 5 after error: timeout",
            r#"{"level":"warn","msg":"request failed, retrying"}"#,
            r#"{"error":"timeout","level":"warning","msg":"retrying"}"#,
            "src/Errors/Error.swift:12:5: warning: 'x' was never mutated",
            // A count of damaged data, and a key named `E`.
            " Corrupt blocks:\t\t0",
            "  corrupt_blocks: 0",
            "    E: 2.718",
            // A word of a path: a file a copy names, a log file, a page.
            "\t    New File  \t\t   3.1 m\t2026/11/22 07:45:27\t\\\\fs01\\Projekte\\error-codes_Lueftung.pdf",
            "-rw-r--r-- 1 www www 48213 Nov 23 10:41 /var/log/nginx/error.log",
            "10.0.3.77 - - \"GET /api/errors/42 HTTP/1.1\" 200 157",
            // A mail server's success replies; a version number.
            "S: 250 2.1.0 Ok",
            "S: 221 2.0.0 Bye",
            "openssl 3.0.13 4.5.1 build",
        ] {
            assert!(!looks_like_error(line.as_bytes()), "{line}");
        }
    }

    #[test]
    fn failures_in_many_forms_are_errors() {
        for line in [
            r#"  "error": "connection reset by peer","#,
            "error[E0433]: failed to resolve",
            "Traceback (most recent call last):",
            "thread 'main' panicked at src/main.rs:3:5",
            "致命错误: 数据库连接失败",
            "エラー: 接続がタイムアウトしました",
            "오류: 파일을 찾을 수 없습니다",
            "Fehler beim Schreiben",
            "Erreur : échec de la connexion",
            "ошибка: нет доступа",
            "falha ao conectar",
            "E       assert 27 == 30",
            "10.0.3.77 - - \"POST /checkout HTTP/1.1\" 502 157",
            // Counts that are not zero, and a zero beside a real failure.
            "test result: FAILED. 211 passed; 1 failed; 0 ignored",
            "[ERROR] Tests run: 9, Failures: 0, Errors: 1",
            "10 failed, 0.5 errors",
            "error 0x80004005: access denied",
            "upload failed: 0 bytes written",
            // Exceptions named at the start of a line.
            "TypeError: Cannot read properties of undefined (reading 'id')",
            "java.lang.IllegalStateException: Failed to load ApplicationContext",
            "Uncaught ReferenceError: x is not defined",
            "java.lang.NullPointerException",
            // Structured and one-letter severities; process deaths.
            r#"{"time":"x","status":"504","request_time":"60.001"}"#,
            r#"{"status": 503, "path": "/x"}"#,
            "ts=2026-11-23 method=GET status=502 dur=3s",
            "e: file:///src/Ledger.kt:42:13 Unresolved reference 'fooBar'.",
            "E1123 10:04:17.482311    1 reflector.go:147] failed to list",
            "kernel: Out of memory: Killed process 48213 (java)",
            "2026-11-23 10:41:07,882 CRITICAL [worker] Disk quota exceeded",
            "Nov 23 10:41:07 db-1 postgres[7]: [7-1] CRIT: could not write to file",
            r#"{"level":"critical","msg":"replica lost"}"#,
            "ts=10:41:07 level=emerg msg=\"power failure\"",
            "kernel: worker[3312]: segfault at 0 ip 000055d4c1a2b3c4",
            "npm ERR! code ERESOLVE",
            // apt's error quoted indented by a config tool; a check's
            // damaged data.
            "                    E: You don't have enough free space in /var/cache/apt/archives/.",
            "/data/events/part-00002.parquet: CORRUPT blockpool BP-1473 block blk_1073741889",
            "The filesystem under path '/data' is CORRUPT",
            // A linker's failures.
            "/home/ci/src/tls/session_cache.c:88:(.text+0x1a4): undefined reference to `nw_sha256_final'",
            "ld.lld: error: undefined symbol: nw_sha256_final",
            "/usr/bin/ld: cannot find -lzstd: No such file or directory",
            "/usr/bin/ld: b.o: multiple definition of `main'; a.o: first defined here",
            // A mail server's failure replies, as a capture or a client shows them.
            "  953 95.779304 10.40.0.25 → 10.40.2.13 SMTP 130 S: 554 5.7.1 <a@b.de>: Relay access denied",
            "<- 452-4.3.1 Insufficient system storage",
            // Not prose: a log line, a message without a full stop, an
            // error named first.
            "2026-11-23 10:41:07 Process exited with an error.",
            "The upload of the nightly backup ended with an error",
            "Error: the connection to the database was refused by the server.",
            // An error declared first, whatever warns after it.
            "/ci/Shop/Pay.swift:142:31: error: value of type 'Cart' has no member 'totalAmount'",
            "error: could not compile `shop` (lib) due to 2 previous errors; 3 warnings emitted",
        ] {
            assert!(looks_like_error(line.as_bytes()), "{line}");
        }
    }
}
