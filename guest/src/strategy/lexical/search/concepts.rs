//! Words an operator uses for one thing that outputs say another way: a
//! question about "storage" is answered by a line about the disk, "turned
//! off" by `false`, "why did it fail" by `ОШИБКА`. Small and general on
//! purpose: everyday operations vocabulary, and the error words of the
//! languages the preview's error detector knows, never one output's words.

use std::sync::OnceLock;

use super::stem::Stems;

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
        // A health state: Argo CD's and Kubernetes' `Degraded`, `Unhealthy`.
        "degraded",
        "unhealthy",
        // A CI run that "went red".
        "red",
        // A part that "died": a power supply's `Failure detected`.
        "died",
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
        "crash",
        "panic",
        "fatal",
        "abort",
        "killed",
        "segfault",
        "sigsegv",
        // Killed by the kernel or a supervisor: `signal 9 (SIGKILL)`.
        "sigkill",
        "died",
        "anr",
        "tombstone",
        "sigabrt",
        // What a crash is made of, before it happens: a linter's or a
        // runtime's `nil pointer dereference`, `NullPointerException`.
        "dereference",
        "nullpointerexception",
        "segmentation",
        // Windows' word for its own crash (a blue screen): `The computer
        // has rebooted from a bugcheck`, Kernel-Power's `BugcheckCode`.
        "bugcheck",
        "bsod",
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
    // A machine's recovery system: a cloud's `rescue` boot (Hetzner's
    // `rescue_enabled`), a BIOS's or a phone's recovery mode.
    &["recovery", "recover", "rescue"],
    // What an audit calls the problems it raised, apart from its tips:
    // Lynis's `Warning:` lines before its `Suggestion:` ones.
    &["problem", "warning"],
    // A column's short names for reading and writing: `pidstat`'s
    // `kB_rd/s` and `kB_wr/s`, `iostat`'s `kB_wrtn/s`.
    &["write", "writing", "wr", "wrtn"],
    &["read", "reading", "rd"],
    &["temperature", "temp", "thermal", "heat", "overheat", "hot"],
    // Gone on purpose: a table "wiped out" is a `DROP TABLE`, a vault that
    // "vanished" a `vaults/delete`.
    &[
        "delete",
        "remove",
        "destroy",
        "drop",
        "purge",
        "erase",
        "deletion",
        "wipe",
        "truncate",
        "vanish",
        "disappear",
    ],
    &["disable", "off", "false", "skip", "bypass", "insecure"],
    &["enable", "true"],
    &["verify", "verification", "check", "validate", "validation"],
    // A credential or a key that still works: a scanner says `Verified`.
    &["valid", "verified", "live", "active", "working"],
    &[
        "permission",
        "denied",
        "access",
        "forbidden",
        "unauthorized",
        "eacces",
        "eperm",
        "privilege",
        // A request someone was refused: `permission denied`.
        "refused",
        "rejected",
    ],
    &[
        "slow",
        "sluggish",
        "latency",
        "duration",
        "timeout",
        "waiting",
        "wait",
        "queued",
        "exhausted",
        "delay",
        "took",
        "taking",
        "elapsed",
        "time",
        // "Cut off for taking too long": `Task timed out`.
        "long",
    ],
    // Everything at once: an API's `?scope=all`, a `full` backup or dump.
    &["entire", "whole", "complete", "full", "all"],
    // Data taken out in bulk: an `export`, a `dump`.
    &["download", "export", "dump"],
    // A machine's load as `sar -q`, `uptime` and exporters write it.
    &["load", "ldavg", "loadavg"],
    // Work that does not finish, and what ends it: a test runner's
    // `***Timeout`, a job "killed for running too long".
    &[
        "stuck", "hang", "hung", "stalled", "blocked", "deadline", "progress", "frozen", "timeout",
    ],
    // An application held still: a JVM's stop-the-world GC `Pause`, a
    // process `stopped` or `halted` ("the service froze").
    &[
        "pause", "paused", "stop", "stopped", "freeze", "froze", "frozen", "halt", "halted",
    ],
    // Work not started yet: a pod waiting to be scheduled is `Pending`.
    &[
        "pending",
        "waiting",
        "queued",
        "unscheduled",
        "scheduled",
        "enqueued",
    ],
    // Copies that are "not the same": `md5 differ`, `checksum mismatch`.
    &[
        "same",
        "identical",
        "differ",
        "different",
        "mismatch",
        "mismatched",
        "diverged",
    ],
    // Data gone for good: a file system check's `MISSING` blocks, a
    // `CORRUPT` file, packets `lost`.
    &[
        "lost",
        "loss",
        "missing",
        "corrupt",
        "corrupted",
        "corruption",
        "unrecoverable",
        "vanish",
        "disappear",
    ],
    // A pool or a resource that "ran out": dhcpd's `no free leases`,
    // `No space left on device`, a `full` table, an `exhausted` pool.
    &["depleted", "exhausted", "free", "full", "left", "remaining"],
    // A password, a certificate or a lease that "ran out": `expired`.
    &["depleted", "expired", "expiry"],
    // An agent or a peer that stopped reporting: SSM's `ConnectionLost`,
    // a node `NotReady`, a monitor's `unreachable` ("gone quiet", "can't
    // be reached"), a scrape target's health `down`.
    &[
        "reach",
        "down",
        "quiet",
        "silent",
        "lost",
        "offline",
        "unresponsive",
        "unreachable",
        "disconnected",
        "inactive",
    ],
    // Behind in a queue or a replica.
    &["lag", "behind", "backlog", "lagging"],
    // Stock in a shop.
    &[
        "stock",
        "inventory",
        "quantity",
        "available",
        "availability",
        "soldout",
        "outofstock",
    ],
    // Who may write a file: `-rw-rw-rw-`, mode 666/777, `o+w`.
    &[
        "writable",
        "write",
        "everyone",
        "world",
        "rw",
        "rwx",
        "permission",
        "mode",
    ],
    // Open to all: an image or a bucket `Public`, S3's `AllUsers`, a
    // resource "shared with the whole world".
    &[
        "public",
        "world",
        "anyone",
        "everyone",
        "anonymous",
        "allusers",
    ],
    // Metrics taken from a target: Prometheus `scrape`s it.
    &["collect", "scrape", "poll"],
    // A person typing into a machine: Falco's `A shell was spawned … with
    // an attached terminal`, a `tty`, a `console` login.
    &["interactive", "shell", "terminal", "tty", "console"],
    // A drive, as outputs name one: a pool's `device`, `/dev/disk/by-id`.
    &["drive", "disk", "device", "hdd", "ssd", "nvme"],
    // A part a system stopped using ("ZFS gave up on it"): a pool's
    // `FAULTED`, `UNAVAIL` or `REMOVED` device.
    &["faulted", "unavail", "unavailable", "removed", "offline"],
    // Abbreviations outputs use for a question's words.
    &["production", "prod", "prd"],
    &["request", "req"],
    &["response", "resp"],
    &["message", "msg"],
    &["connection", "conn"],
    &["configuration", "config", "cfg"],
    &["database", "db"],
    &["process", "proc", "pid"],
    &["memory", "mem", "rss"],
    &["processor", "cpu"],
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
        "serious", "severe", "critical", "severity", "grave", "worst", "priority", "urgency",
        "urgent", "crit", "emerg",
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
    &["link", "url", "href", "uri"],
    // A CI run that "went green".
    &["green", "success", "succeeded", "passed"],
    // A health check's state: Consul's and Nagios' `critical`.
    &["broken", "unhealthy", "critical", "failing", "down"],
    // What runs a service: a record's `Node`, `instance`, `host`.
    &[
        "machine", "host", "hostname", "node", "server", "instance", "vm",
    ],
    // Where a request went: an access log's `RequestPath`, `route`; a
    // web page, by its address (a scanner's `<uri>`).
    &["endpoint", "route", "path", "url", "uri", "page"],
    // A machine's address, as outputs key it: `TailscaleIPs`, `inet`,
    // `addr`, `ip_address`.
    &["address", "ip", "ips", "ipv4", "ipv6", "addr", "inet"],
    // A web site, by the name it is served under: a scanner's `host`, a
    // web server's `vhost`, a certificate's `domain`.
    &["website", "host", "hostname", "vhost", "domain"],
    // A request refused for its rate: HTTP's `429 Too Many Requests`.
    &[
        "throttle",
        "throttled",
        "throttling",
        "ratelimit",
        "ratelimited",
        "429",
    ],
    // An alert or a check someone muted: Alertmanager's `silencedBy`,
    // `inhibitedBy`, a `suppressed` state.
    &[
        "mute",
        "muted",
        "silence",
        "silenced",
        "inhibit",
        "inhibited",
        "suppress",
        "suppressed",
        "snooze",
        "snoozed",
        "acknowledged",
    ],
    // A sum over many runs: pg_stat_statements' `total_exec_time`.
    &[
        "total",
        "overall",
        "sum",
        "cumulative",
        "altogether",
        "aggregate",
    ],
    // A connection turned away: a `reset` (TCP's RST), `refused`.
    &["refused", "reset", "rst", "rejected"],
    // Wiped to start over: Okta's `user.mfa.factor.reset_all`.
    &[
        "wipe", "wiped", "erase", "erased", "reset", "clear", "cleared",
    ],
    // A second factor of a login, however it is said ("two-step" is
    // looked up as written, without its `-`).
    &[
        "mfa",
        "2fa",
        "twofactor",
        "twostep",
        "multifactor",
        "factor",
        "otp",
        "totp",
        "authenticator",
    ],
    // Money taken back by the card holder's bank: Stripe's `disputed`,
    // a processor's `chargeback` ("clawed back").
    // What a secret is called where a scanner finds it in code: gosec's
    // `Potential hardcoded credentials`, for "passwords or tokens".
    &[
        "credential",
        "password",
        "passwd",
        "secret",
        "token",
        "apikey",
    ],
    &["chargeback", "dispute", "disputed", "claw", "clawback"],
    // What a thread waits on another for: a thread dump's `- locked <0x…>`
    // held by the thread "holding everything up".
    &[
        "hold", "holding", "held", "lock", "locked", "mutex", "monitor",
    ],
    // Traffic stopped on its way: a firewall's `DROP`, `REJECT`, a flow
    // log's `DROPPED`, `POLICY_DENIED`.
    &[
        "blocked", "block", "drop", "dropped", "deny", "denied", "reject",
    ],
    // A resource made again: Pulumi's `replace`, Terraform's "must be
    // replaced", CloudFormation's `Replacement` ("torn down and built
    // again from scratch").
    &[
        "replace",
        "replaced",
        "replacement",
        "recreate",
        "recreated",
        "rebuild",
        "tear",
        "scratch",
    ],
    // What a server lets a client use: testssl's `offered`, a cipher
    // `supported`, a protocol `allowed`.
    &[
        "accept",
        "accepted",
        "offer",
        "offered",
        "support",
        "supported",
        "allow",
        "allowed",
        "permit",
    ],
    // What stands behind a Kubernetes service: its pods, as kube-proxy's
    // rules and `kubectl get endpoints` name them.
    &["pod", "endpoint", "backend"],
    // A user's login name: Active Directory's `sAMAccountName`.
    &["username", "samaccountname", "userprincipalname"],
    // Made anew: a record `added`, a user by `useradd` or `adduser`.
    &[
        "create", "created", "creation", "add", "added", "useradd", "adduser",
    ],
    // A change undone: a configuration tool's `corrective_change` (a file
    // edited by hand, "put back"), a `drift` corrected, a deploy `rolled
    // back`, a package "gone back" to an older version (pacman's and
    // apt's `downgraded`).
    &[
        "revert",
        "reverted",
        "restore",
        "restored",
        "corrective",
        "drift",
        "drifted",
        "rollback",
        "undo",
        "downgrade",
        "downgraded",
    ],
    // The kernel as a package manager and the boot log name it: pacman's
    // `linux`, `linux-lts`, dpkg's `linux-image-…`, `Linux version`.
    &["kernel", "linux"],
    // Services by their well-known ports, as packet captures and socket
    // listings name them (`10.0.1.20.5432`).
    &["postgres", "postgresql", "5432"],
    &["mysql", "mariadb", "3306"],
    &["redis", "6379"],
    &["mongodb", "mongo", "27017"],
    &["kafka", "9092"],
    &["elasticsearch", "9200"],
    &["memcached", "11211"],
    &["rabbitmq", "amqp", "5672"],
];

/// The groups' words as stems, made once: a question's words are compared
/// with them by stem.
fn stemmed() -> &'static [Vec<String>] {
    static STEMMED: OnceLock<Vec<Vec<String>>> = OnceLock::new();
    STEMMED.get_or_init(|| {
        let stems = Stems::new();
        (GROUPS.iter())
            .map(|group| group.iter().map(|w| stems.of(w).into_owned()).collect())
            .collect()
    })
}

/// Whether the word with stem `stem` names a failure: it is in the first
/// two groups (errors, crashes).
pub(super) fn names_failure(stem: &str) -> bool {
    stemmed()[..2].iter().any(|g| g.iter().any(|w| w == stem))
}

/// The stems of the other words of every group holding a word with stem
/// `stem`, each once.
pub(super) fn related(stem: &str) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for group in stemmed().iter().filter(|g| g.iter().any(|w| w == stem)) {
        for w in group {
            if w != stem && !out.contains(&w.as_str()) {
                out.push(w);
            }
        }
    }
    out
}
