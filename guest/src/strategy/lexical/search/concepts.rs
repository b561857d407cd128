//! Words an operator uses for one thing that outputs say another way: a
//! question about "storage" is answered by a line about the disk, "turned
//! off" by `false`, "why did it fail" by `ОШИБКА`. Small and general on
//! purpose: everyday operations vocabulary, and the error words of the
//! languages the preview's error detector knows, never one output's words.

/// Groups of words that stand for each other in a question. A question
/// word whose stem is one group's word also searches for the others, with
/// less weight than its own forms.
const GROUPS: &[&[&str]] = &[
    &[
        "error",
        "fail",
        "failure",
        "fault",
        "exception",
        "broke",
        "broken",
        "problem",
        "ошибка",
        "сбой",
        "fehler",
        "erreur",
        "échec",
        "falha",
        "erro",
        "错误",
        "失败",
        "エラー",
        "오류",
    ],
    &[
        "crash", "panic", "fatal", "abort", "killed", "segfault", "sigsegv", "died",
    ],
    &[
        "storage",
        "disk",
        "volume",
        "space",
        "device",
        "filesystem",
        "quota",
        "inode",
        "место",
        "диск",
        "устройство",
    ],
    &["memory", "oom", "heap", "ram", "oomkilled"],
    &[
        "delete", "remove", "destroy", "drop", "purge", "erase", "deletion",
    ],
    &["disable", "off", "false", "skip", "bypass", "insecure"],
    &["enable", "true"],
    &["verify", "verification", "check", "validate", "validation"],
    &[
        "permission",
        "denied",
        "access",
        "forbidden",
        "unauthorized",
        "eacces",
        "eperm",
        "privilege",
    ],
    &[
        "slow",
        "latency",
        "duration",
        "timeout",
        "waiting",
        "wait",
        "queued",
        "exhausted",
        "delay",
    ],
    &[
        "network",
        "connection",
        "connect",
        "socket",
        "dns",
        "unreachable",
        "refused",
    ],
    &["unavailable", "outofstock", "soldout", "offline", "down"],
    &[
        "serious", "severe", "critical", "severity", "grave", "worst",
    ],
    &[
        "vulnerability",
        "advisory",
        "cve",
        "ghsa",
        "exploit",
        "security",
    ],
    &["import", "module", "require", "package", "dependency"],
    &["resolve", "find", "found", "locate", "missing", "exist"],
    &["expect", "want", "expected"],
    &["got", "actual", "received"],
    &["cause", "reason", "because", "caused", "root"],
    &["restart", "reboot", "backoff"],
    &["insert", "write", "save"],
    &["email", "mail"],
];

/// The other words of every group holding a word with stem `stem`
/// (`stem_of` stems a group's words the way the question was stemmed).
pub(super) fn related(stem: &str, stem_of: impl Fn(&str) -> String) -> Vec<&'static str> {
    let mut out = Vec::new();
    for group in GROUPS {
        if group.iter().any(|w| stem_of(w) == stem) {
            out.extend(group.iter().filter(|w| stem_of(w) != stem));
        }
    }
    out
}
