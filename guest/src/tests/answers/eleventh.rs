//! An ELEVENTH HELD-OUT SET of issue 30, written by someone who had not
//! read the answer code and never run against it while being written:
//! eight outputs of tools no other set uses, each with a question in a
//! user's words and the answer its generator planted. Measure it, never
//! tune on it.
//!
//! One fact: `ausearch -i` over a night of a database server's audit log
//! (who wrote to `/etc/sudoers`, and when, among an unprivileged user's
//! refused attempt, an admin who only read it through sudo, writes to
//! `/etc/shadow` under another watch, and thousands of cron, sshd and
//! chrony records), a Celery worker's log over a night (the task killed
//! for its hard time limit, and the limit, among the same task's hourly
//! runs that succeed, a report that hit its soft limit and failed, a
//! worker lost to SIGKILL for memory, retries and tracebacks), `restic
//! snapshots --json` of a backup repository (the host whose nightly
//! backups stopped, and its last one, among a weekly host, manual
//! snapshots and look-alike host names), Okta's System Log API through
//! `jq .` (who reset every MFA factor of whose account, among single
//! factors reset by the helpdesk, users resetting their own, denied
//! pushes and locked accounts).
//! Every item: `ldapsearch -LLL` of Active Directory's staff (the accounts
//! locked out, among failed password counts under the threshold, accounts
//! unlocked since, disabled leavers and a group and a service named for
//! lockouts), `openstack server list --all-projects --long -f json` (the
//! servers in `ERROR`, among shut-off, building, resizing, migrating and
//! shelved ones and servers named for errors), coverage.py's `coverage
//! xml` (the files no test ran a line of, among files barely run, empty
//! `__init__.py` files and files named for zero), a HAR file Chrome saved
//! of three page loads of a shop (the requests that got no response at
//! all, among 404s, 500s, 503s, redirects, beacons and an endpoint named
//! for errors).
//!
//! Every expected jq result was checked with the real jq.

use serde_json::{Value, json};

use super::super::heldout::{DAY, clock, h, hex, letters, range, uuid};
use super::{Case, jq_string, named_elsewhere, pick, pretty};

pub(super) fn cases() -> Vec<Case> {
    vec![
        ausearch_sudoers_write(),
        celery_hard_time_limit(),
        restic_backups_stopped(),
        okta_mfa_reset(),
        ldap_locked_accounts(),
        openstack_error_servers(),
        coverage_untested_files(),
        har_no_response(),
    ]
}

/// One audit event: its time (ms after midnight of 27 Nov) and its
/// records (type, fields as `ausearch -i` interprets them).
type AuditEvent = (u64, Vec<(&'static str, String)>);

/// `ausearch -i --start yesterday 22:00` on `db-07`, a PostgreSQL server
/// (auditd 3.0, rules of the CIS benchmark): a record per PAM step of
/// cron's sessions, admins' and Ansible's SSH sessions and their sudo
/// commands, failed SSH logins from the internet, systemd starting and
/// stopping units, chronyd adjusting the clock (`key=time-change`). The
/// watch `-w /etc/sudoers -p wa -k sudoers` fires twice: at 01:12 `jdoe`
/// (no root) tries to open it for writing and is refused, at 02:47:13
/// `mkovacs`, logged in over SSH and root through `sudo -i`, writes it
/// with vim. `tbauer` reads it with `sudo cat` and checks it with
/// `visudo -c`; Ansible changes a password, which writes `/etc/shadow`
/// (`key=identity`).
fn ausearch_sudoers_write() -> Case {
    let mut events: Vec<AuditEvent> = Vec::new();
    let planted_ms: u64 = (2 * 3600 + 47 * 60 + 13) * 1000 + 412;
    let mut ses: u64 = 3_900;
    let mut t: u64 = 0;
    let mut i = 0usize;
    let mut bytes = 0usize;
    // A PAM record.
    let pam = |pid: u64,
               uid: &str,
               auid: &str,
               ses: &str,
               op: &str,
               grantors: &str,
               acct: &str,
               exe: &str,
               host: &str,
               terminal: &str,
               res: &str| {
        format!(
            "pid={pid} uid={uid} auid={auid} ses={ses} subj=unconfined msg='op={op} grantors={grantors} acct={acct} exe={exe} hostname={host} addr={host} terminal={terminal} res={res}'"
        )
    };
    let admins = ["tbauer", "lwinter", "rpatel", "deploy", "ansible"];
    let ssh_from = [
        "10.8.0.21",
        "10.8.0.33",
        "10.8.0.14",
        "10.20.1.5",
        "10.20.1.6",
    ];
    let sudo_cmds = [
        "systemctl reload pgbouncer",
        "/usr/local/bin/pg_backup.sh --verify",
        "journalctl -u postgresql@16-main --since -1h",
        "tail -n 200 /var/log/postgresql/postgresql-16-main.log",
        "systemctl status postgresql@16-main",
        "apt-get install -y --only-upgrade postgresql-16",
        "du -sh /var/lib/postgresql/16/main/pg_wal",
        "/usr/bin/python3 /root/.ansible/tmp/ansible-tmp-1795731221/AnsiballZ_setup.py",
    ];
    let units = [
        "apt-daily",
        "apt-daily-upgrade",
        "logrotate",
        "man-db",
        "sysstat-collect",
        "fstrim",
        "motd-news",
        "phpsessionclean",
        "pg-backup",
    ];
    // A whole SSH session with sudo commands: (start ms, user, from,
    // commands), each command's ms after the start.
    let session = |events: &mut Vec<AuditEvent>,
                   ses: &mut u64,
                   at: u64,
                   user: &str,
                   from: &str,
                   cmds: &[(u64, &str)],
                   end: u64,
                   j: usize| {
        *ses += 1;
        let s = ses.to_string();
        let pid = 30_000 + h(j, 2001) % 30_000;
        let pts = h(j, 2002) % 4;
        let sshd = "/usr/sbin/sshd";
        events.push((
            at,
            vec![(
                "USER_AUTH",
                format!(
                    "pid={pid} uid=root auid=unset ses=unset subj=unconfined msg='op=pubkey acct={user} exe={sshd} hostname=? addr={from} terminal=ssh res=success'"
                ),
            )],
        ));
        events.push((
            at + 9,
            vec![(
                "USER_ACCT",
                pam(
                    pid,
                    "root",
                    "unset",
                    "unset",
                    "PAM:accounting",
                    "pam_permit",
                    user,
                    sshd,
                    from,
                    "ssh",
                    "success",
                ),
            )],
        ));
        events.push((
            at + 15,
            vec![(
                "CRED_ACQ",
                pam(
                    pid,
                    "root",
                    "unset",
                    "unset",
                    "PAM:setcred",
                    "pam_permit",
                    user,
                    sshd,
                    from,
                    "ssh",
                    "success",
                ),
            )],
        ));
        events.push((
            at + 16,
            vec![(
                "LOGIN",
                format!(
                    "pid={pid} uid=root subj=unconfined old-auid=unset auid={user} tty=(none) old-ses=4294967295 ses={s} res=yes"
                ),
            )],
        ));
        events.push((
            at + 40,
            vec![(
                "USER_START",
                pam(
                    pid,
                    "root",
                    user,
                    &s,
                    "PAM:session_open",
                    "pam_loginuid,pam_keyinit,pam_permit,pam_umask,pam_unix,pam_systemd,pam_mail,pam_limits,pam_env,pam_env",
                    user,
                    sshd,
                    from,
                    "ssh",
                    "success",
                ),
            )],
        ));
        events.push((
            at + 61,
            vec![(
                "USER_LOGIN",
                format!(
                    "pid={pid} uid=root auid={user} ses={s} subj=unconfined msg='op=login id={user} exe={sshd} hostname={from} addr={from} terminal=/dev/pts/{pts} res=success'"
                ),
            )],
        ));
        for (k, (after, cmd)) in cmds.iter().enumerate() {
            let spid = pid + 40 + k as u64 * 7;
            let c = at + after;
            let sudo = "/usr/bin/sudo";
            let term = format!("/dev/pts/{pts}");
            events.push((
                c,
                vec![(
                    "USER_ACCT",
                    pam(
                        spid,
                        user,
                        user,
                        &s,
                        "PAM:accounting",
                        "pam_permit",
                        user,
                        sudo,
                        "?",
                        &term,
                        "success",
                    ),
                )],
            ));
            events.push((
                c + 1,
                vec![(
                    "USER_CMD",
                    format!(
                        "pid={spid} uid={user} auid={user} ses={s} subj=unconfined msg='cwd=/home/{user} cmd={cmd} exe={sudo} terminal=pts/{pts} res=success'"
                    ),
                )],
            ));
            events.push((
                c + 2,
                vec![(
                    "CRED_REFR",
                    pam(
                        spid,
                        "root",
                        user,
                        &s,
                        "PAM:setcred",
                        "pam_permit",
                        "root",
                        sudo,
                        "?",
                        &term,
                        "success",
                    ),
                )],
            ));
            events.push((
                c + 3,
                vec![(
                    "USER_START",
                    pam(
                        spid,
                        "root",
                        user,
                        &s,
                        "PAM:session_open",
                        "pam_limits,pam_permit,pam_unix",
                        "root",
                        sudo,
                        "?",
                        &term,
                        "success",
                    ),
                )],
            ));
            let done = c + 900 + h(j * 8 + k, 2003) % 40_000;
            events.push((
                done,
                vec![(
                    "USER_END",
                    pam(
                        spid,
                        "root",
                        user,
                        &s,
                        "PAM:session_close",
                        "pam_limits,pam_permit,pam_unix",
                        "root",
                        sudo,
                        "?",
                        &term,
                        "success",
                    ),
                )],
            ));
            events.push((
                done + 1,
                vec![(
                    "CRED_DISP",
                    pam(
                        spid,
                        "root",
                        user,
                        &s,
                        "PAM:setcred",
                        "pam_permit",
                        "root",
                        sudo,
                        "?",
                        &term,
                        "success",
                    ),
                )],
            ));
        }
        events.push((
            at + end,
            vec![(
                "USER_END",
                pam(
                    pid,
                    "root",
                    user,
                    &s,
                    "PAM:session_close",
                    "pam_loginuid,pam_keyinit,pam_permit,pam_umask,pam_unix,pam_systemd,pam_mail,pam_limits,pam_env,pam_env",
                    user,
                    sshd,
                    from,
                    "ssh",
                    "success",
                ),
            )],
        ));
        events.push((
            at + end + 2,
            vec![(
                "CRED_DISP",
                pam(
                    pid,
                    "root",
                    user,
                    &s,
                    "PAM:setcred",
                    "pam_permit",
                    user,
                    sshd,
                    from,
                    "ssh",
                    "success",
                ),
            )],
        ));
        (*ses, pid)
    };
    // A write watched by a rule: the event's records, newest first as
    // `ausearch -i` prints them.
    let syscall = |title: &str,
                   paths: &[(&str, &str, &str)],
                   cwd: &str,
                   call: &str,
                   ok: bool,
                   ids: (&str, &str, u64, u64, &str),
                   comm: &str,
                   exe: &str,
                   key: &str,
                   j: usize| {
        let (auid, uid, ses, pid, tty) = ids;
        let mut recs: Vec<(&'static str, String)> =
            vec![("PROCTITLE", format!("proctitle={title}"))];
        for (k, (name, mode, nametype)) in paths.iter().enumerate().rev() {
            recs.push((
                "PATH",
                format!(
                    "item={k} name={name} inode={} dev=fd:00 mode={mode} ouid=root ogid=root rdev=00:00 nametype={nametype} cap_fp=none cap_fi=none cap_fe=0 cap_fver=0 cap_frootid=0",
                    1_835_009 + h(j * 4 + k, 2004) % 400_000
                ),
            ));
        }
        recs.push(("CWD", format!("cwd={cwd}")));
        let (success, exit) = if ok {
            ("yes", "3")
        } else {
            ("no", "EACCES(Permission denied)")
        };
        let gid = if uid == "root" { "root" } else { uid };
        recs.push((
            "SYSCALL",
            format!(
                "arch=x86_64 syscall={call} success={success} exit={exit} a0=AT_FDCWD a1=0x{:x} a2=O_WRONLY|O_CREAT|O_TRUNC a3=0x1a4 items={} ppid={} pid={pid} auid={auid} uid={uid} gid={gid} euid={uid} suid={uid} fsuid={uid} egid={gid} sgid={gid} fsgid={gid} tty={tty} ses={ses} comm={comm} exe={exe} subj=unconfined key={key}",
                0x55d0_0000_0000u64 + h(j, 2005) % 0xffff_ffff,
                paths.len(),
                pid - 1 - h(j, 2006) % 40
            ),
        ));
        recs
    };
    // The fixed sessions of the night.
    session(
        &mut events,
        &mut ses,
        (3600 + 9 * 60 + 2) * 1000,
        "jdoe",
        "10.8.0.52",
        &[],
        11 * 60 * 1000,
        9001,
    );
    events.push((
        (3600 + 12 * 60 + 40) * 1000 + 118,
        syscall(
            "vim /etc/sudoers",
            &[
                ("/etc/", "dir,755", "PARENT"),
                ("/etc/sudoers", "file,440", "NORMAL"),
            ],
            "/home/jdoe",
            "openat",
            false,
            ("jdoe", "jdoe", ses, 48_813, "pts2"),
            "vim",
            "/usr/bin/vim.basic",
            "sudoers",
            9002,
        ),
    ));
    let (mk_ses, mk_pid) = session(
        &mut events,
        &mut ses,
        (2 * 3600 + 39 * 60 + 52) * 1000,
        "mkovacs",
        "10.8.0.14",
        &[(75_000, "-i")],
        14 * 60 * 1000,
        9003,
    );
    events.push((
        planted_ms,
        syscall(
            "vim /etc/sudoers",
            &[
                ("/etc/", "dir,755", "PARENT"),
                ("/etc/sudoers", "file,440", "NORMAL"),
            ],
            "/root",
            "openat",
            true,
            ("mkovacs", "root", mk_ses, mk_pid + 190, "pts1"),
            "vim",
            "/usr/bin/vim.basic",
            "sudoers",
            9004,
        ),
    ));
    session(
        &mut events,
        &mut ses,
        (3 * 3600 + 28 * 60 + 5) * 1000,
        "tbauer",
        "10.8.0.21",
        &[
            (50_000, "cat /etc/sudoers"),
            (95_000, "visudo -c"),
            (140_000, "systemctl status postgresql@16-main"),
        ],
        6 * 60 * 1000,
        9005,
    );
    let (an_ses, an_pid) = session(
        &mut events,
        &mut ses,
        (4 * 3600 + 2 * 60 + 31) * 1000,
        "ansible",
        "10.20.1.5",
        &[(
            4_000,
            "/bin/sh -c echo BECOME-SUCCESS-qzkyhvbwmjtrenpxaclfoudgis ; /usr/bin/python3 /home/ansible/.ansible/tmp/ansible-tmp-1795752151.2-1187-2349/AnsiballZ_user.py",
        )],
        50_000,
        9006,
    );
    events.push((
        (4 * 3600 + 2 * 60 + 37) * 1000 + 602,
        syscall(
            "/usr/sbin/usermod -p ******** svc-reporting",
            &[
                ("/etc/", "dir,755", "PARENT"),
                ("/etc/shadow+", "file,640", "CREATE"),
            ],
            "/home/ansible",
            "openat",
            true,
            ("ansible", "root", an_ses, an_pid + 61, "(none)"),
            "usermod",
            "/usr/sbin/usermod",
            "identity",
            9007,
        ),
    ));
    // The night's routine.
    while bytes < 560_000 {
        let before = events.len();
        t += 18_000 + h(i, 2010) % 44_000;
        let roll = h(i, 2011) % 100;
        let pid = 50_000 + h(i, 2012) % 40_000;
        if roll < 30 {
            // A cron job of root.
            ses += 1;
            let s = ses.to_string();
            let cron = "/usr/sbin/cron";
            let mut r =
                |d: u64, ty: &'static str, body: String| events.push((t + d, vec![(ty, body)]));
            r(
                0,
                "USER_ACCT",
                pam(
                    pid,
                    "root",
                    "unset",
                    "unset",
                    "PAM:accounting",
                    "pam_permit",
                    "root",
                    cron,
                    "?",
                    "cron",
                    "success",
                ),
            );
            r(
                1,
                "CRED_ACQ",
                pam(
                    pid,
                    "root",
                    "unset",
                    "unset",
                    "PAM:setcred",
                    "pam_permit,pam_cap",
                    "root",
                    cron,
                    "?",
                    "cron",
                    "success",
                ),
            );
            r(
                2,
                "LOGIN",
                format!(
                    "pid={pid} uid=root subj=unconfined old-auid=unset auid=root tty=(none) old-ses=4294967295 ses={s} res=yes"
                ),
            );
            r(
                3,
                "USER_START",
                pam(
                    pid,
                    "root",
                    "root",
                    &s,
                    "PAM:session_open",
                    "pam_loginuid,pam_env,pam_env,pam_permit,pam_unix,pam_limits",
                    "root",
                    cron,
                    "?",
                    "cron",
                    "success",
                ),
            );
            let d = 300 + h(i, 2013) % 4_000;
            r(
                d,
                "CRED_DISP",
                pam(
                    pid,
                    "root",
                    "root",
                    &s,
                    "PAM:setcred",
                    "pam_permit,pam_cap",
                    "root",
                    cron,
                    "?",
                    "cron",
                    "success",
                ),
            );
            r(
                d + 1,
                "USER_END",
                pam(
                    pid,
                    "root",
                    "root",
                    &s,
                    "PAM:session_close",
                    "pam_loginuid,pam_env,pam_env,pam_permit,pam_unix,pam_limits",
                    "root",
                    cron,
                    "?",
                    "cron",
                    "success",
                ),
            );
        } else if roll < 55 {
            // chronyd slews the clock.
            events.push((
                t,
                vec![
                    ("PROCTITLE", "proctitle=/usr/sbin/chronyd -F 1".to_string()),
                    (
                        "SYSCALL",
                        format!(
                            "arch=x86_64 syscall=clock_adjtime success=yes exit=TIME_OK a0=CLOCK_REALTIME a1=0x7ffd{:08x} a2=0x0 a3=0x0 items=0 ppid=1 pid=712 auid=unset uid=_chrony gid=_chrony euid=_chrony suid=_chrony fsuid=_chrony egid=_chrony sgid=_chrony fsgid=_chrony tty=(none) ses=unset comm=chronyd exe=/usr/sbin/chronyd subj=unconfined key=time-change",
                            h(i, 2014) % 0xffff_ffff
                        ),
                    ),
                ],
            ));
        } else if roll < 80 {
            // A guess from the internet.
            let ip = format!(
                "{}.{}.{}",
                pick(
                    &["45.148", "193.32", "141.98", "80.94", "218.92", "61.177"],
                    i,
                    2015
                ),
                h(i, 2016) % 256,
                1 + h(i, 2017) % 254
            );
            let user = pick(
                &[
                    "root",
                    "admin",
                    "postgres",
                    "ubuntu",
                    "oracle",
                    "test",
                    "(unknown)",
                ],
                i,
                2019,
            );
            let acct = if user == "(unknown)" {
                "(unknown)".to_string()
            } else {
                user.to_string()
            };
            events.push((
                t,
                vec![(
                    "USER_AUTH",
                    format!("pid={pid} uid=root auid=unset ses=unset subj=unconfined msg='op=PAM:authentication grantors=? acct={acct} exe=/usr/sbin/sshd hostname={ip} addr={ip} terminal=ssh res=failed'"),
                )],
            ));
            events.push((
                t + 2_100,
                vec![(
                    "USER_LOGIN",
                    format!("pid={pid} uid=root auid=unset ses=unset subj=unconfined msg='op=login acct={acct} exe=/usr/sbin/sshd hostname=? addr={ip} terminal=ssh res=failed'"),
                )],
            ));
        } else if roll < 92 {
            let unit = pick(&units, i, 2020);
            for (d, ty) in [
                (0, "SERVICE_START"),
                (1_800 + h(i, 2021) % 9_000, "SERVICE_STOP"),
            ] {
                events.push((
                    t + d,
                    vec![(
                        ty,
                        format!("pid=1 uid=root auid=unset ses=unset subj=unconfined msg='unit={unit} comm=systemd exe=/usr/lib/systemd/systemd hostname=? addr=? terminal=? res=success'"),
                    )],
                ));
            }
        } else {
            // An admin or a deploy looks in.
            let user = pick(&admins, i, 2022);
            let n = 1 + (h(i, 2023) % 3) as usize;
            let cmds: Vec<(u64, &str)> = (0..n)
                .map(|k| {
                    (
                        70_000 + k as u64 * 41_000,
                        pick(&sudo_cmds, i * 3 + k, 2024),
                    )
                })
                .collect();
            session(
                &mut events,
                &mut ses,
                t,
                user,
                pick(&ssh_from, i, 2025),
                &cmds,
                (3 + h(i, 2026) % 9) * 60 * 1000,
                i,
            );
        }
        bytes += (events[before..].iter())
            .map(|e| e.1.iter().map(|r| r.1.len() + 60).sum::<usize>() + 5)
            .sum::<usize>();
        i += 1;
    }
    assert!(t > 5 * 3600 * 1000, "{t}");
    // Nothing else at the second of the planted write.
    events.retain(|e| e.0 == planted_ms || e.0 / 1000 != planted_ms / 1000);
    events.sort_by_key(|e| e.0);
    let mut out = String::new();
    let mut serial: u64 = 88_013;
    for (k, (ms, recs)) in events.iter().enumerate() {
        serial += 1 + h(k, 2027) % 3;
        let s = ms / 1000;
        let stamp = format!("11/27/2026 {}.{:03}:{serial}", clock(s), ms % 1000);
        out.push_str("----\n");
        for (ty, body) in recs {
            out.push_str(&format!("type={ty} msg=audit({stamp}) : {body}\n"));
        }
    }
    Case::fact(
        "ausearch -i, who wrote the sudoers file",
        out,
        "Someone edited the sudoers file on this database server during the night. Who was it, and at what time?",
        &["mkovacs", "02:47:13"],
    )
}

/// A Celery task: name, seconds it takes (range), how often it goes
/// wrong.
struct Task {
    name: &'static str,
    secs: (u64, u64),
    /// One in this many runs is retried or fails.
    trouble: u64,
}

/// Python's float in a log: `41.220193714001` seconds.
fn py_secs(i: usize, salt: u64, lo: u64, hi: u64) -> String {
    let whole = range(i, salt, lo, hi);
    format!("{whole}.{:012}", h(i, salt + 1) % 1_000_000_000_000)
        .trim_end_matches('0')
        .to_string()
}

/// The log of `celery -A shop worker -Q celery,reports,billing -c 8
/// --loglevel=INFO` (Celery 5.3, prefork) on `worker-2` from 22:00 to
/// morning: the banner and task list, then each task received and
/// succeeded, retried (stock sync timeouts, webhook 502s) or raising
/// (SMTP disconnects with their tracebacks); `billing.tasks.
/// reconcile_payouts` runs every hour in about a minute; a CSV export hits
/// its soft time limit at 01:30 and fails with `SoftTimeLimitExceeded`;
/// the lookbook renderer's worker is killed at 04:10 (`WorkerLostError`,
/// signal 9, out of memory). The payout reconciliation of 03:00 passes its
/// soft limit (1500 s), then its hard limit (1800 s): the main process
/// kills its worker.
fn celery_hard_time_limit() -> Case {
    let tasks = [
        Task {
            name: "shop.tasks.sync_stock",
            secs: (0, 3),
            trouble: 9,
        },
        Task {
            name: "mail.tasks.send_order_confirmation",
            secs: (0, 1),
            trouble: 25,
        },
        Task {
            name: "images.tasks.make_thumbnails",
            secs: (0, 8),
            trouble: 0,
        },
        Task {
            name: "search.tasks.reindex_product",
            secs: (0, 0),
            trouble: 0,
        },
        Task {
            name: "webhooks.tasks.deliver",
            secs: (0, 2),
            trouble: 12,
        },
        Task {
            name: "shop.tasks.expire_carts",
            secs: (1, 5),
            trouble: 0,
        },
        Task {
            name: "mail.tasks.send_shipping_update",
            secs: (0, 1),
            trouble: 0,
        },
        Task {
            name: "images.tasks.render_lookbook",
            secs: (20, 140),
            trouble: 0,
        },
    ];
    let start: u64 = 22 * 3600 * 1000;
    let mut lines: Vec<(u64, String)> = Vec::new();
    let stamp = |ms: u64| {
        let day = 26 + ms / 86_400_000;
        format!("2026-11-{day:02} {},{:03}", clock(ms / 1000), ms % 1000)
    };
    let log = |ms: u64, level: &str, proc_: &str, msg: &str| {
        format!("[{}: {level}/{proc_}] {msg}", stamp(ms))
    };
    let worker = |i: usize| format!("ForkPoolWorker-{}", 1 + h(i, 2101) % 8);
    let tb = |frames: &[(&str, u64, &str, &str)], last: &str| {
        let mut s = String::from("Traceback (most recent call last):");
        for (file, line, func, code) in frames {
            s.push_str(&format!(
                "\n  File \"{file}\", line {line}, in {func}\n    {code}"
            ));
        }
        s.push('\n');
        s.push_str(last);
        s
    };
    let site = "/usr/local/lib/python3.11/site-packages";
    let trace = (
        format!("{site}/celery/app/trace.py"),
        477u64,
        "trace_task",
        "R = retval = fun(*args, **kwargs)",
    );
    let trace2 = (
        format!("{site}/celery/app/trace.py"),
        760u64,
        "__protected_call__",
        "return self.run(*args, **kwargs)",
    );
    let mut t = start + 9_000;
    let mut i = 0usize;
    let mut bytes = 0usize;
    let mut next_hour = start + 3600 * 1000;
    let mut planted = false;
    let (mut exported, mut lost) = (false, false);
    while bytes < 600_000 {
        t += 2_000 + h(i, 2102) % 22_000;
        // The hourly payout reconciliation.
        if t >= next_hour {
            let at = next_hour + 1_000 + h(i, 2103) % 900;
            let id = uuid(i, 2104);
            let name = "billing.tasks.reconcile_payouts";
            let w = worker(i);
            lines.push((
                at,
                log(
                    at,
                    "INFO",
                    "MainProcess",
                    &format!("Task {name}[{id}] received"),
                ),
            ));
            if (next_hour - start) / 3_600_000 == 5 {
                // 03:00: past the soft limit, then the hard one.
                planted = true;
                let soft = at + 1_500_000 + 3;
                lines.push((
                    soft,
                    log(
                        soft,
                        "WARNING",
                        "MainProcess",
                        &format!("Soft time limit (1500s) exceeded for {name}[{id}]"),
                    ),
                ));
                let hard = at + 1_800_000 + 7;
                lines.push((
                    hard,
                    log(
                        hard,
                        "ERROR",
                        "MainProcess",
                        &format!("Hard time limit (1800s) exceeded for {name}[{id}]"),
                    ),
                ));
                lines.push((
                    hard + 4,
                    log(
                        hard + 4,
                        "ERROR",
                        "MainProcess",
                        &format!(
                            "Process '{w}' pid:{} exited with 'signal 9 (SIGKILL)'",
                            48_000 + h(i, 2105) % 9_000
                        ),
                    ),
                ));
            } else {
                let done = at + 38_000 + h(i, 2106) % 50_000;
                lines.push((
                    done,
                    log(
                        done,
                        "INFO",
                        &w,
                        &format!(
                            "Task {name}[{id}] succeeded in {}s: {{'merchants': {}, 'payouts': {}, 'mismatches': 0}}",
                            py_secs(i, 2107, (done - at) / 1000, (done - at) / 1000),
                            200 + h(i, 2108) % 30,
                            900 + h(i, 2109) % 700
                        ),
                    ),
                ));
            }
            next_hour += 3600 * 1000;
        }
        let id = uuid(i, 2111);
        let w = worker(i);
        if !exported && t > start + (3 * 3600 + 30 * 60) * 1000 {
            // 01:30: the nightly CSV export, past its soft limit.
            exported = true;
            let name = "reports.tasks.export_orders_csv";
            lines.push((
                t,
                log(
                    t,
                    "INFO",
                    "MainProcess",
                    &format!("Task {name}[{id}] received"),
                ),
            ));
            let soft = t + 600_000 + 2;
            lines.push((
                soft,
                log(
                    soft,
                    "WARNING",
                    "MainProcess",
                    &format!("Soft time limit (600s) exceeded for {name}[{id}]"),
                ),
            ));
            let body = tb(
                &[
                    (trace.0.as_str(), trace.1, trace.2, trace.3),
                    (trace2.0.as_str(), trace2.1, trace2.2, trace2.3),
                    (
                        "/app/reports/tasks.py",
                        88,
                        "export_orders_csv",
                        "for row in rows(qs.iterator(chunk_size=2000)):",
                    ),
                    (
                        "/app/reports/csv.py",
                        41,
                        "rows",
                        "yield [fmt(o, c) for c in COLUMNS]",
                    ),
                    (
                        &format!("{site}/billiard/pool.py"),
                        229,
                        "soft_timeout_sighandler",
                        "raise SoftTimeLimitExceeded()",
                    ),
                ],
                "billiard.exceptions.SoftTimeLimitExceeded: SoftTimeLimitExceeded()",
            );
            lines.push((
                soft + 31,
                log(
                    soft + 31,
                    "ERROR",
                    &w,
                    &format!(
                        "Task {name}[{id}] raised unexpected: SoftTimeLimitExceeded()\n{body}"
                    ),
                ),
            ));
            i += 1;
            continue;
        }
        let task = &tasks[(h(i, 2110) % tasks.len() as u64) as usize];
        lines.push((
            t,
            log(
                t,
                "INFO",
                "MainProcess",
                &format!("Task {}[{id}] received", task.name),
            ),
        ));
        let secs = py_secs(i, 2112, task.secs.0, task.secs.1);
        let whole: u64 = secs.split('.').next().unwrap().parse().unwrap();
        let done = t + (whole * 1000 + h(i, 2113) % 1000).max(12);
        let trouble = task.trouble > 0 && h(i, 2114).is_multiple_of(task.trouble);
        let (level, proc_, msg) = if task.name == "images.tasks.render_lookbook"
            && !lost
            && t >= start + (6 * 3600 + 10 * 60) * 1000
        {
            // 04:10: the renderer's worker killed for memory.
            lost = true;
            let job = 3_000 + h(i, 2115) % 900;
            let body = tb(
                &[(
                    &format!("{site}/billiard/pool.py"),
                    1264,
                    "mark_as_worker_lost",
                    "raise WorkerLostError(",
                )],
                &format!(
                    "billiard.exceptions.WorkerLostError: Worker exited prematurely: signal 9 (SIGKILL) Job: {job}."
                ),
            );
            (
                "ERROR",
                "MainProcess".to_string(),
                format!(
                    "Task handler raised error: WorkerLostError('Worker exited prematurely: signal 9 (SIGKILL) Job: {job}.')\n{body}"
                ),
            )
        } else if trouble && task.name == "shop.tasks.sync_stock" {
            (
                "INFO",
                w,
                format!(
                    "Task {}[{id}] retry: Retry in {}s: ReadTimeout(ReadTimeoutError(\"HTTPSConnectionPool(host='api.lager-nord.example', port=443): Read timed out. (read timeout=10)\"))",
                    task.name,
                    pick(&["30", "60", "120"], i, 2116)
                ),
            )
        } else if trouble && task.name == "webhooks.tasks.deliver" {
            (
                "INFO",
                w,
                format!(
                    "Task {}[{id}] retry: Retry in {}s: HTTPError('502 Server Error: Bad Gateway for url: https://hooks.{}.example/shop/orders')",
                    task.name,
                    pick(&["10", "40", "160", "640"], i, 2117),
                    pick(&["erp-kunde", "fulfil", "lagerpro", "crm-hub"], i, 2118)
                ),
            )
        } else if trouble {
            let body = tb(
                &[
                    (trace.0.as_str(), trace.1, trace.2, trace.3),
                    (trace2.0.as_str(), trace2.1, trace2.2, trace2.3),
                    (
                        "/app/mail/tasks.py",
                        54,
                        "send_order_confirmation",
                        "conn.send_messages([msg])",
                    ),
                    (
                        &format!("{site}/django/core/mail/backends/smtp.py"),
                        128,
                        "send_messages",
                        "sent = self._send(message)",
                    ),
                    (
                        "/usr/local/lib/python3.11/smtplib.py",
                        398,
                        "getreply",
                        "raise SMTPServerDisconnected(\"Connection unexpectedly closed\")",
                    ),
                ],
                "smtplib.SMTPServerDisconnected: Connection unexpectedly closed",
            );
            (
                "ERROR",
                w,
                format!(
                    "Task {}[{id}] raised unexpected: SMTPServerDisconnected('Connection unexpectedly closed')\n{body}",
                    task.name
                ),
            )
        } else {
            let result = match task.name {
                "shop.tasks.sync_stock" => format!(
                    "{{'updated': {}, 'unchanged': {}}}",
                    h(i, 2119) % 90,
                    300 + h(i, 2120) % 4000
                ),
                "images.tasks.make_thumbnails" => "['400w', '800w', '1600w']".to_string(),
                "shop.tasks.expire_carts" => (h(i, 2121) % 60).to_string(),
                "images.tasks.render_lookbook" => format!(
                    "'s3://nordwind-media/lookbooks/{}.pdf'",
                    letters(i, 2122, 8)
                ),
                _ => "None".to_string(),
            };
            (
                "INFO",
                w,
                format!("Task {}[{id}] succeeded in {secs}s: {result}", task.name),
            )
        };
        lines.push((done, log(done, level, &proc_, &msg)));
        if h(i, 2123).is_multiple_of(150) {
            lines.push((
                t + 500,
                log(
                    t + 500,
                    "INFO",
                    "MainProcess",
                    &format!(
                        "missed heartbeat from celery@worker-{}",
                        pick(&["1", "3"], i, 2124)
                    ),
                ),
            ));
        }
        bytes = lines.iter().map(|l| l.1.len() + 1).sum();
        i += 1;
    }
    assert!(exported && lost);
    assert!(planted && t > start + 7 * 3600 * 1000, "{t}");
    lines.sort_by_key(|l| l.0);
    let mut out = String::from(
        " \n -------------- celery@worker-2 v5.3.6 (emerald-rush)\n--- ***** ----- \n-- ******* ---- Linux-5.15.0-1051-aws-x86_64-with-glibc2.36 2026-11-26 22:00:03\n- *** --- * --- \n- ** ---------- [config]\n- ** ---------- .> app:         shop:0x7f3a2c1d5e10\n- ** ---------- .> transport:   redis://redis.internal:6379/0\n- ** ---------- .> results:     redis://redis.internal:6379/1\n- *** --- * --- .> concurrency: 8 (prefork)\n-- ******* ---- .> task events: OFF (enable -E to monitor tasks in this worker)\n--- ***** ----- \n -------------- [queues]\n                .> billing          exchange=billing(direct) key=billing\n                .> celery           exchange=celery(direct) key=celery\n                .> reports          exchange=reports(direct) key=reports\n\n[tasks]\n",
    );
    let mut names: Vec<&str> = tasks.iter().map(|t| t.name).collect();
    names.extend([
        "billing.tasks.reconcile_payouts",
        "billing.tasks.send_invoice_reminders",
        "reports.tasks.export_orders_csv",
        "reports.tasks.build_daily_sales",
    ]);
    names.sort_unstable();
    for n in names {
        out.push_str(&format!("  . {n}\n"));
    }
    out.push('\n');
    for (ms, msg) in [
        (start + 4_120, "Connected to redis://redis.internal:6379/0"),
        (start + 4_133, "mingle: searching for neighbors"),
        (start + 5_150, "mingle: sync with 2 nodes"),
        (start + 5_151, "mingle: sync complete"),
        (start + 5_170, "celery@worker-2 ready."),
    ] {
        out.push_str(&log(ms, "INFO", "MainProcess", msg));
        out.push('\n');
    }
    for (_, l) in &lines {
        out.push_str(l);
        out.push('\n');
    }
    Case::fact(
        "Celery worker log, the task killed for running too long",
        out,
        "One of last night's background jobs ran so long that the worker had to kill it. Which job was it, and what limit did it run into?",
        &["billing.tasks.reconcile_payouts", "Hard time limit (1800s)"],
    )
}

/// `2026-MM-DD` of `d` days after 1 May 2026.
fn date_after_may(d: u64) -> String {
    let months = [
        (5, 31),
        (6, 30),
        (7, 31),
        (8, 31),
        (9, 30),
        (10, 31),
        (11, 30),
    ];
    let mut d = d;
    for (m, len) in months {
        if d < len {
            return format!("2026-{m:02}-{:02}", d + 1);
        }
        d -= len;
    }
    panic!("past November")
}

/// `restic -r sftp:backup@nas-01:/srv/restic/servers snapshots --json`
/// (restic 0.17, its one line of JSON, oldest first) of the repository
/// thirty servers back up to every night at 01:00 (tagged `nightly`),
/// after `forget --keep-daily 14 --keep-weekly 6 --keep-monthly 3`: each
/// host's last fourteen nights, Sundays before them and month ends, each
/// with its summary. `db-archive` backs up on Sundays only (`weekly`);
/// some hosts have `manual` snapshots taken before upgrades. `files-02`
/// has had no snapshot since the night of 15 November.
fn restic_backups_stopped() -> Case {
    let mut hosts: Vec<String> = Vec::new();
    for (kind, n) in [
        ("web", 6),
        ("app", 8),
        ("db", 3),
        ("files", 3),
        ("mail", 2),
        ("ci-runner", 3),
        ("ldap", 2),
    ] {
        for k in 1..=n {
            hosts.push(format!("{kind}-{k:02}"));
        }
    }
    hosts.extend(["monitor-01".into(), "vpn-01".into(), "db-archive".into()]);
    // Days after 1 May: 27 Nov is day 210 (a Friday), Sunday 22 Nov day
    // 205; 31 Oct, 30 Sep and 31 Aug are days 183, 152 and 122.
    let today = 210u64;
    let month_ends = [183u64, 152, 122];
    // (seconds after 1 May, host, tags)
    let mut snaps: Vec<(u64, String, Vec<&str>)> = Vec::new();
    for (k, host) in hosts.iter().enumerate() {
        let at = 3600 + k as u64 * 140;
        let mut days: Vec<u64> = Vec::new();
        if host == "db-archive" {
            let mut d = 205;
            while days.len() < 12 {
                days.push(d);
                d -= 7;
            }
        } else {
            let last = if host == "files-02" { 198 } else { today };
            for d in (last - 13)..=last {
                days.push(d);
            }
            let mut sunday = 205;
            while sunday >= last - 13 {
                sunday -= 7;
            }
            for _ in 0..6 {
                days.push(sunday);
                sunday -= 7;
            }
            for m in month_ends {
                if !days.contains(&m) {
                    days.push(m);
                }
            }
        }
        for d in days {
            let s = d * 86_400 + at + h(k * 400 + d as usize, 2201) % 600;
            let tag = if host == "db-archive" {
                "weekly"
            } else {
                "nightly"
            };
            snaps.push((s, host.clone(), vec![tag]));
        }
        if h(k, 2202).is_multiple_of(3) {
            let d = 150 + h(k, 2203) % 58;
            let s = d * 86_400 + 10 * 3600 + h(k, 2204) % 20_000;
            snaps.push((s, host.clone(), vec!["manual", "pre-upgrade"]));
        }
    }
    snaps.sort_by_key(|s| s.0);
    let stamp = |s: u64, n: u64| {
        format!(
            "{}T{}.{:09}+01:00",
            date_after_may(s / 86_400),
            clock(s % 86_400),
            n % 1_000_000_000
        )
    };
    let mut last_tree: std::collections::BTreeMap<String, String> = Default::default();
    let mut arr: Vec<Value> = Vec::new();
    for (k, (s, host, tags)) in snaps.iter().enumerate() {
        let id = hex(k, 2205, 64);
        let tree = hex(k, 2206, 64);
        let paths: Vec<&str> = if host.starts_with("db") {
            vec!["/etc", "/root", "/var/backups/postgresql"]
        } else if host.starts_with("files") {
            vec!["/etc", "/srv/share"]
        } else {
            vec!["/etc", "/home", "/opt", "/root", "/srv"]
        };
        let files = if host.starts_with("files") {
            range(k, 2207, 1_400_000, 1_600_000)
        } else {
            range(k, 2207, 9_000, 240_000)
        };
        let changed = range(k, 2208, 3, 900);
        let new = range(k, 2209, 0, 400);
        let dur = range(k, 2210, 20, 2_400);
        let time = stamp(*s, h(k, 2211));
        let mut m = serde_json::Map::new();
        m.insert("time".into(), json!(time));
        if let Some(p) = last_tree.get(host) {
            m.insert("parent".into(), json!(p));
        }
        m.insert("tree".into(), json!(tree));
        m.insert("paths".into(), json!(paths));
        m.insert("hostname".into(), json!(host));
        m.insert("username".into(), json!("root"));
        m.insert("uid".into(), json!(0));
        m.insert("gid".into(), json!(0));
        m.insert(
            "excludes".into(),
            json!(["/var/cache", "/var/tmp", "*.swp", "/srv/*/node_modules"]),
        );
        m.insert("tags".into(), json!(tags));
        m.insert("program_version".into(), json!("restic 0.17.3"));
        m.insert(
            "summary".into(),
            json!({
                "backup_start": time,
                "backup_end": stamp(s + dur, h(k, 2212)),
                "files_new": new,
                "files_changed": changed,
                "files_unmodified": files - new - changed,
                "dirs_new": h(k, 2213) % 12,
                "dirs_changed": range(k, 2214, 2, 300),
                "dirs_unmodified": files / 9,
                "data_blobs": changed + new + h(k, 2215) % 200,
                "tree_blobs": range(k, 2216, 3, 310),
                "data_added": range(k, 2217, 40_000, 4_000_000_000),
                "data_added_packed": range(k, 2218, 20_000, 2_000_000_000),
                "total_files_processed": files,
                "total_bytes_processed": range(k, 2219, 800_000_000, 900_000_000_000)
            }),
        );
        m.insert("id".into(), json!(id));
        m.insert("short_id".into(), json!(&id[..8]));
        last_tree.insert(host.clone(), id.clone());
        arr.push(Value::Object(m));
    }
    let last = (arr.iter())
        .filter(|a| a["hostname"] == "files-02" && a["tags"][0] == "nightly")
        .map(|a| a["time"].as_str().unwrap().to_string())
        .max()
        .unwrap();
    assert!(last.starts_with("2026-11-15T01:"), "{last}");
    let fact = last[..19].to_string();
    Case::fact(
        "restic snapshots --json, the host whose backups stopped",
        Value::Array(arr).to_string() + "\n",
        "Have any of our servers quietly stopped getting their nightly backup? Which one, and when did its last backup run?",
        &["files-02", fact.as_str()],
    )
    .with_jq(
        "[.[] | select(.tags | index(\"nightly\"))] | group_by(.hostname) | map(max_by(.time)) | .[] | select(.time < \"2026-11-26\") | .hostname + \" \" + .time",
        vec![jq_string(&format!("files-02 {last}"))],
    )
}

/// An Okta user: id, login, display name.
struct OktaUser {
    id: String,
    login: String,
    name: String,
}

/// `curl -s -H "Authorization: SSWS …" "https://nordwind.okta.com/api/v1/
/// logs?since=2026-11-27T00:00:00Z&limit=1000" | jq .` of a company's
/// Okta org over a working day: sign-ins (some with a wrong password),
/// SSO into its apps, sign-on policy evaluations, Okta Verify pushes sent,
/// accepted and now and then denied, factors enrolled, accounts locked
/// after too many tries, password changes. The helpdesk resets single
/// factors of users who lost a phone (`user.mfa.factor.deactivate`,
/// "Reset factor for user"), some users reset their own. Once,
/// `m.ortiz@nordwind.io` of the helpdesk resets every factor of
/// `k.lindqvist@nordwind.io` (`user.mfa.factor.reset_all`).
fn okta_mfa_reset() -> Case {
    let first = [
        "anna", "jonas", "lena", "max", "sophie", "paul", "mia", "felix", "laura", "tim", "julia",
        "karl", "nina", "omar", "ida", "lars", "eva", "noah", "sara", "ben", "clara", "emil",
        "hanna", "leo",
    ];
    let last = [
        "becker", "schulz", "hoffmann", "bauer", "richter", "wolf", "neumann", "braun", "koch",
        "krueger", "yilmaz", "jensen", "nowak", "larsen", "meyer", "vogel", "fischer", "haas",
    ];
    let mut users: Vec<OktaUser> = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for k in 0..140usize {
        let f = pick(&first, k, 2301);
        let l = pick(&last, k, 2302);
        let login = format!("{}.{l}@nordwind.io", &f[..1]);
        if !seen.insert(login.clone()) {
            continue;
        }
        let cap = |s: &str| s[..1].to_uppercase() + &s[1..];
        users.push(OktaUser {
            id: format!("00u{}", letters(k, 2303, 17)),
            login,
            name: format!("{} {}", cap(f), cap(l)),
        });
    }
    let mk = |login: &str, name: &str, k: usize| OktaUser {
        id: format!("00u{}", letters(900 + k, 2303, 17)),
        login: login.to_string(),
        name: name.to_string(),
    };
    let ortiz = mk("m.ortiz@nordwind.io", "Marta Ortiz", 1);
    let lindqvist = mk("k.lindqvist@nordwind.io", "Kristin Lindqvist", 2);
    let helpdesk = [
        mk("t.akin@nordwind.io", "Tarik Akin", 3),
        mk("s.brandt@nordwind.io", "Svenja Brandt", 4),
    ];
    let apps = [
        ("Slack", "slack"),
        ("Google Workspace", "google"),
        ("Atlassian Cloud", "atlassian"),
        ("GitHub Enterprise Cloud", "github_enterprise"),
        ("AWS IAM Identity Center", "aws_sso"),
        ("Salesforce.com", "salesforce"),
        ("Zoom", "zoom"),
        ("Personio", "personio"),
    ];
    let cities = [
        (
            "Hamburg",
            "Hamburg",
            "20095",
            53.5511,
            9.9937,
            "deutsche telekom ag",
            3320,
        ),
        (
            "Berlin",
            "Land Berlin",
            "10115",
            52.52,
            13.405,
            "vodafone gmbh",
            3209,
        ),
        (
            "Kiel",
            "Schleswig-Holstein",
            "24103",
            54.3233,
            10.1228,
            "telefonica germany gmbh & co.ohg",
            6805,
        ),
        (
            "Copenhagen",
            "Capital Region",
            "1050",
            55.6761,
            12.5683,
            "tdc holding a/s",
            3292,
        ),
    ];
    let agents = [
        (
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
            "Mac OS X",
            "CHROME",
        ),
        (
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
            "Windows 10",
            "EDGE_CHROMIUM",
        ),
        (
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0",
            "Mac OS X",
            "FIREFOX",
        ),
        (
            "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
            "iOS",
            "SAFARI",
        ),
    ];
    let actor = |u: &OktaUser| json!({"id": u.id, "type": "User", "alternateId": u.login, "displayName": u.name, "detailEntry": null});
    let target_user = |u: &OktaUser| json!({"id": u.id, "type": "User", "alternateId": u.login, "displayName": u.name, "detailEntry": null});
    let factors = [
        ("push", "Okta Verify"),
        ("token:software:totp", "Google Authenticator"),
        ("webauthn", "Security Key or Biometric"),
        ("sms", "SMS Authentication"),
    ];
    let mut events: Vec<Value> = Vec::new();
    let mut bytes = 0usize;
    let mut i = 0usize;
    let mut ms: u64 = 6 * 3600 * 1000;
    while bytes < 560_000 {
        ms += 20_000 + h(i, 2304) % 90_000;
        let u = if i == 130 || i == 207 {
            &lindqvist
        } else if i == 95 || i == 250 {
            &ortiz
        } else {
            &users[(h(i, 2305) % users.len() as u64) as usize]
        };
        let c = cities[(h(i, 2306) % 4) as usize];
        let ip = format!(
            "{}.{}.{}.{}",
            pick(&["93.184", "87.123", "217.84", "62.107"], i, 2307),
            h(i, 2308) % 256,
            h(i, 2309) % 256,
            1 + h(i, 2310) % 254
        );
        let ua = agents[(h(i, 2311) % 4) as usize];
        let roll = h(i, 2312) % 100;
        // (actor, event type, legacy type, display message, result,
        // reason, severity, targets, request URI)
        let (who, etype, legacy, display, result, reason, severity, targets, uri): (
            Value,
            &str,
            Value,
            String,
            &str,
            Value,
            &str,
            Vec<Value>,
            String,
        ) = if i == 173 {
            (
                actor(&ortiz),
                "user.mfa.factor.reset_all",
                json!("core.user.factor.reset_all"),
                "Reset all factors for user".into(),
                "SUCCESS",
                Value::Null,
                "INFO",
                vec![target_user(&lindqvist)],
                format!("/api/v1/users/{}/lifecycle/reset_factors", lindqvist.id),
            )
        } else if roll < 24 {
            let ok = !h(i, 2313).is_multiple_of(9);
            (
                actor(u),
                "user.session.start",
                json!(if ok {
                    "core.user_auth.login_success"
                } else {
                    "core.user_auth.login_failed"
                }),
                "User login to Okta".into(),
                if ok { "SUCCESS" } else { "FAILURE" },
                if ok {
                    Value::Null
                } else {
                    json!("INVALID_CREDENTIALS")
                },
                if ok { "INFO" } else { "WARN" },
                vec![],
                "/idp/idx/identify".into(),
            )
        } else if roll < 50 {
            let (app, key) = apps[(h(i, 2314) % apps.len() as u64) as usize];
            (
                actor(u),
                "user.authentication.sso",
                json!("app.auth.sso"),
                "User single sign on to app".into(),
                "SUCCESS",
                Value::Null,
                "INFO",
                vec![
                    json!({"id": format!("0oa{}", letters(i % 8, 2315, 17)), "type": "AppInstance", "alternateId": app, "displayName": app, "detailEntry": {"signOnModeType": "SAML_2_0"}}),
                    json!({"id": format!("0ua{}", letters(i, 2316, 17)), "type": "AppUser", "alternateId": u.login, "displayName": u.name, "detailEntry": null}),
                ],
                format!("/app/{key}/exk{}/sso/saml", letters(i % 8, 2317, 17)),
            )
        } else if roll < 64 {
            (
                actor(u),
                "policy.evaluate_sign_on",
                Value::Null,
                "Evaluation of sign-on policy".into(),
                "ALLOW",
                json!("Sign-on policy evaluation resulted in ALLOW"),
                "INFO",
                vec![
                    json!({"id": format!("rul{}", letters(1, 2318, 17)), "type": "Rule", "alternateId": "unknown", "displayName": "Require MFA outside office", "detailEntry": null}),
                ],
                "/idp/idx/introspect".into(),
            )
        } else if roll < 78 {
            (
                actor(u),
                "system.push.send_factor_verify_push",
                Value::Null,
                "A push verification was sent".into(),
                "SUCCESS",
                Value::Null,
                "INFO",
                vec![target_user(u)],
                "/idp/idx/challenge".into(),
            )
        } else if roll < 88 {
            let denied = h(i, 2319).is_multiple_of(12);
            (
                actor(u),
                if denied {
                    "user.mfa.okta_verify.deny_push"
                } else {
                    "user.authentication.auth_via_mfa"
                },
                json!(if denied {
                    "core.user.factor.attempt_fail"
                } else {
                    "core.user.factor.attempt_success"
                }),
                if denied {
                    "User rejected Okta push verify".into()
                } else {
                    "Authentication of user via MFA".into()
                },
                if denied { "FAILURE" } else { "SUCCESS" },
                if denied {
                    json!("User rejected Okta push verify")
                } else {
                    Value::Null
                },
                if denied { "WARN" } else { "INFO" },
                vec![],
                "/idp/idx/authenticators/poll".into(),
            )
        } else if roll < 93 {
            let (ftype, fname) = factors[(h(i, 2320) % 4) as usize];
            let by_helpdesk = h(i, 2321).is_multiple_of(2);
            let (etype, legacy, display) = match h(i, 2322) % 3 {
                0 => (
                    "user.mfa.factor.activate",
                    "core.user.factor.activate",
                    "Activate factor for user",
                ),
                _ => (
                    "user.mfa.factor.deactivate",
                    "core.user.factor.deactivate",
                    "Reset factor for user",
                ),
            };
            let a = if by_helpdesk && etype.ends_with("deactivate") {
                actor(&helpdesk[(h(i, 2323) % 2) as usize])
            } else {
                actor(u)
            };
            (
                a,
                etype,
                json!(legacy),
                display.into(),
                "SUCCESS",
                Value::Null,
                "INFO",
                vec![
                    target_user(u),
                    json!({"id": format!("opf{}", letters(i, 2324, 17)), "type": "Factor", "alternateId": ftype, "displayName": fname, "detailEntry": null}),
                ],
                format!("/api/v1/users/{}/factors/opf{}", u.id, letters(i, 2324, 17)),
            )
        } else if roll < 96 {
            (
                actor(u),
                "user.account.lock",
                json!("core.user_auth.account_locked"),
                "Max sign in attempts exceeded".into(),
                "FAILURE",
                json!("LOCKED_OUT"),
                "WARN",
                vec![],
                "/idp/idx/challenge/answer".into(),
            )
        } else {
            (
                actor(u),
                "user.account.update_password",
                json!("core.user.config.password_update.success"),
                "User update password for Okta".into(),
                "SUCCESS",
                Value::Null,
                "INFO",
                vec![target_user(u)],
                "/idp/idx/challenge/answer".into(),
            )
        };
        let ev = json!({
            "actor": who,
            "client": {
                "userAgent": {"rawUserAgent": ua.0, "os": ua.1, "browser": ua.2},
                "zone": "null",
                "device": if ua.1 == "iOS" { "Mobile" } else { "Computer" },
                "id": null,
                "ipAddress": ip,
                "geographicalContext": {
                    "city": c.0,
                    "state": c.1,
                    "country": if c.0 == "Copenhagen" { "Denmark" } else { "Germany" },
                    "postalCode": c.2,
                    "geolocation": {"lat": c.3, "lon": c.4}
                }
            },
            "device": null,
            "authenticationContext": {
                "authenticationProvider": null,
                "credentialProvider": null,
                "credentialType": null,
                "issuer": null,
                "interface": null,
                "authenticationStep": 0,
                "externalSessionId": format!("102{}", letters(i, 2325, 22))
            },
            "displayMessage": display,
            "eventType": etype,
            "outcome": {"result": result, "reason": reason},
            "published": format!("2026-11-27T{}.{:03}Z", clock(ms / 1000), ms % 1000),
            "securityContext": {"asNumber": c.6, "asOrg": c.5, "isp": c.5, "domain": if c.6 == 3320 { "t-ipconnect.de" } else { "." }, "isProxy": false},
            "severity": severity,
            "debugContext": {"debugData": {
                "requestId": format!("{}AAAB{}", letters(i, 2326, 14), h(i, 2327) % 1000),
                "requestUri": uri,
                "url": format!("{uri}?"),
                "dtHash": hex(i, 2328, 64)
            }},
            "legacyEventType": legacy,
            "transaction": {"type": "WEB", "id": format!("{}AAAB{}", letters(i, 2326, 14), h(i, 2327) % 1000), "detail": {}},
            "uuid": uuid(i, 2329),
            "version": "0",
            "request": {"ipChain": [{"ip": ip, "geographicalContext": {"city": c.0, "state": c.1, "country": if c.0 == "Copenhagen" { "Denmark" } else { "Germany" }, "postalCode": c.2, "geolocation": {"lat": c.3, "lon": c.4}}, "version": "V4", "source": null}]},
            "target": targets
        });
        bytes += pretty(&ev, b"  ").len();
        events.push(ev);
        i += 1;
    }
    assert!(i > 210, "{i} events");
    let resets = (events.iter())
        .filter(|e| e["eventType"] == "user.mfa.factor.reset_all")
        .count();
    assert_eq!(resets, 1);
    Case::fact(
        "Okta System Log, who reset all of someone's MFA",
        pretty(&Value::Array(events), b"  ") + "\n",
        "Did anyone wipe all of somebody's two-step login methods today, so they could set them up from scratch? Who did it, and to whose account?",
        &["m.ortiz@nordwind.io", "k.lindqvist@nordwind.io"],
    )
    .with_jq(
        ".[] | select(.eventType == \"user.mfa.factor.reset_all\") | .actor.alternateId + \" reset \" + .target[0].alternateId",
        vec![jq_string("m.ortiz@nordwind.io reset k.lindqvist@nordwind.io")],
    )
}

/// An LDIF line folded as ldapsearch folds it: 76 columns, then
/// continuation lines of a space and 75.
fn ldif_fold(line: &str) -> String {
    if line.len() <= 76 {
        return line.to_string() + "\n";
    }
    let mut out = line[..76].to_string() + "\n";
    let mut rest = &line[76..];
    while !rest.is_empty() {
        let n = rest.len().min(75);
        out.push(' ');
        out.push_str(&rest[..n]);
        out.push('\n');
        rest = &rest[n..];
    }
    out
}

/// A Windows FILETIME (100 ns since 1601) of `s` seconds after 27 Nov
/// 2026, 00:00 UTC (negative: before).
fn filetime(s: i64) -> u64 {
    ((DAY as i64 + 11_644_473_600 + s) as u64) * 10_000_000
        + (s.unsigned_abs() * 7_919) % 10_000_000
}

/// `ldapsearch -LLL -H ldaps://dc01.corp.nordwind.io -D 'svc-ldapread@corp
/// .nordwind.io' -y pw -b 'OU=Staff,DC=corp,DC=nordwind,DC=io'
/// '(&(objectCategory=person)(objectClass=user))' title displayName
/// memberOf department userAccountControl badPwdCount pwdLastSet
/// lockoutTime sAMAccountName lastLogonTimestamp mail` of a company's
/// 900 staff accounts in their departments' OUs, in the attribute order
/// AD returns them, long lines folded. `badPwdCount` of 1–4 on many
/// accounts (the threshold is 5), `lockoutTime: 0` on accounts locked and
/// unlocked before, disabled accounts (514, 66050) of leavers, a group
/// `GG-Lockout-Exempt` and a service account `svc-lockout-report`. Six
/// accounts have a `lockoutTime` of this morning: locked out.
fn ldap_locked_accounts() -> Case {
    let first = [
        "Julia", "Jonas", "Lena", "Max", "Sophie", "Paul", "Mia", "Felix", "Laura", "Tim", "Anna",
        "Karl", "Nina", "Omar", "Ida", "Lars", "Eva", "Noah", "Sara", "Ben", "Clara", "Emil",
        "Hanna", "Leo", "Marta", "Yusuf", "Greta", "Jan", "Kira", "Timo", "Ole", "Pia",
    ];
    let last = [
        "Wagner", "Schulz", "Hoffmann", "Bauer", "Richter", "Wolf", "Neumann", "Braun", "Koch",
        "Krueger", "Yilmaz", "Jensen", "Nowak", "Larsen", "Meyer", "Vogel", "Fischer", "Haas",
        "Schmitt", "Lange", "Hartmann", "Kaiser", "Peters", "Berger", "Frank", "Albrecht", "Roth",
        "Busch", "Engel", "Horn", "Sauer", "Arnold", "Seidel", "Brandt", "Ernst", "Kuhn",
    ];
    let depts = [
        (
            "Finance",
            &[
                "Accountant",
                "Controller",
                "Head of Finance",
                "Payroll Specialist",
            ][..],
        ),
        (
            "Sales",
            &["Account Executive", "Sales Manager", "Inside Sales Rep"][..],
        ),
        (
            "Engineering",
            &[
                "Software Engineer",
                "Senior Software Engineer",
                "Engineering Manager",
                "QA Engineer",
            ][..],
        ),
        (
            "Logistics",
            &["Dispatcher", "Logistics Coordinator", "Fleet Manager"][..],
        ),
        ("HR", &["HR Business Partner", "Recruiter"][..]),
        (
            "IT",
            &[
                "Systems Administrator",
                "Helpdesk Technician",
                "Account Lockout Analyst",
                "Network Engineer",
            ][..],
        ),
        ("Support", &["Support Agent", "Team Lead Support"][..]),
        (
            "Marketing",
            &["Content Manager", "Performance Marketer", "Designer"][..],
        ),
        (
            "Warehouse",
            &["Warehouse Operative", "Shift Lead", "Forklift Operator"][..],
        ),
    ];
    let groups = [
        "GG-All-Staff",
        "GG-VPN-Users",
        "GG-M365-E3",
        "GG-Wifi-Corp",
        "GG-Lockout-Exempt",
        "GG-Printers-HH",
        "GG-Printers-Kiel",
        "GG-SSO-Atlassian",
        "GG-SSO-Salesforce",
        "GG-Share-Finance-RW",
        "GG-Share-Finance-RO",
        "GG-Share-Engineering",
        "GG-Remote-Desktop-Users",
    ];
    let base = "DC=corp,DC=nordwind,DC=io";
    let locked_at = [60usize, 211, 377, 498, 640, 803];
    let mut sams: Vec<String> = Vec::new();
    let mut items: Vec<String> = Vec::new();
    let mut out = String::new();
    for k in 0..900usize {
        let f = pick(&first, k, 2401);
        let l = pick(&last, k, 2402);
        let mut sam = format!("{}{}", f[..1].to_lowercase(), l.to_lowercase());
        let mut n = 2;
        while sams.contains(&sam) {
            sam = format!("{}{}{n}", f[..1].to_lowercase(), l.to_lowercase());
            n += 1;
        }
        sams.push(sam.clone());
        let (dept, titles) = depts[(h(k, 2403) % depts.len() as u64) as usize];
        let title = pick(titles, k, 2404);
        let roll = h(k, 2405) % 100;
        let leaver = roll < 6;
        let ou = if leaver {
            "OU=Leavers,OU=Staff".to_string()
        } else {
            format!("OU={dept},OU=Staff")
        };
        let display = if n > 2 {
            format!("{f} {l} ({dept})")
        } else {
            format!("{f} {l}")
        };
        let dn = format!("CN={display},{ou},{base}");
        out.push_str(&ldif_fold(&format!("dn: {dn}")));
        out.push_str(&ldif_fold(&format!("title: {title}")));
        out.push_str(&ldif_fold(&format!("displayName: {display}")));
        if !leaver {
            let mut gs: Vec<&str> = vec!["GG-All-Staff"];
            for g in 0..(2 + h(k, 2406) % 4) as usize {
                let gr = pick(&groups, k * 5 + g, 2407);
                if !gs.contains(&gr) {
                    gs.push(gr);
                }
            }
            let own = match dept {
                "Finance" => "GG-Share-Finance-RW",
                "Engineering" => "GG-Share-Engineering",
                _ => "GG-VPN-Users",
            };
            if !gs.contains(&own) {
                gs.push(own);
            }
            for g in gs {
                out.push_str(&ldif_fold(&format!("memberOf: CN={g},OU=Groups,{base}")));
            }
        }
        out.push_str(&ldif_fold(&format!("department: {dept}")));
        let uac = if leaver {
            pick(&["514", "66050"], k, 2408)
        } else {
            pick(&["512", "512", "512", "66048"], k, 2409)
        };
        out.push_str(&format!("userAccountControl: {uac}\n"));
        let locked = locked_at.contains(&k);
        let bad = if locked {
            5
        } else if roll < 30 {
            1 + h(k, 2410) % 4
        } else {
            0
        };
        out.push_str(&format!("badPwdCount: {bad}\n"));
        out.push_str(&format!(
            "pwdLastSet: {}\n",
            filetime(-((1 + h(k, 2411) % 170) as i64) * 86_400 - (h(k, 2412) % 86_400) as i64)
        ));
        if locked {
            out.push_str(&format!(
                "lockoutTime: {}\n",
                filetime((7 * 3600 + h(k, 2413) % 10_800) as i64)
            ));
            items.push(sam.clone());
        } else if (30..41).contains(&roll) {
            out.push_str("lockoutTime: 0\n");
        }
        out.push_str(&format!("sAMAccountName: {sam}\n"));
        if !(leaver && h(k, 2414).is_multiple_of(2)) {
            out.push_str(&format!(
                "lastLogonTimestamp: {}\n",
                filetime(-((h(k, 2415) % 14) as i64) * 86_400 - (h(k, 2416) % 86_400) as i64)
            ));
        }
        out.push_str(&ldif_fold(&format!(
            "mail: {}.{}@nordwind.io",
            f.to_lowercase(),
            l.to_lowercase()
        )));
        out.push('\n');
    }
    // Service accounts at the end of the OU.
    for (k, (sam, desc)) in [
        ("svc-lockout-report", "Service - Lockout Report"),
        ("svc-backup", "Service - Backup"),
        ("svc-scanner", "Service - Scan to Mail"),
    ]
    .iter()
    .enumerate()
    {
        out.push_str(&ldif_fold(&format!(
            "dn: CN={desc},OU=Service Accounts,OU=Staff,{base}"
        )));
        out.push_str(&format!("title: Service account\ndisplayName: {desc}\n"));
        out.push_str(&ldif_fold(&format!(
            "memberOf: CN=GG-Lockout-Exempt,OU=Groups,{base}"
        )));
        out.push_str("department: IT\nuserAccountControl: 66048\nbadPwdCount: 0\n");
        out.push_str(&format!(
            "pwdLastSet: {}\n",
            filetime(-(400 + k as i64 * 31) * 86_400)
        ));
        out.push_str("lockoutTime: 0\n");
        out.push_str(&format!(
            "sAMAccountName: {sam}\nlastLogonTimestamp: {}\n\n",
            filetime(-(k as i64 + 1) * 86_400)
        ));
        sams.push(sam.to_string());
    }
    for s in &items {
        assert!(!named_elsewhere(s, &sams), "{s}");
    }
    assert_eq!(items.len(), 6);
    Case::items(
        "ldapsearch LDIF of AD staff, accounts locked out",
        out,
        "Which staff accounts in our Active Directory are locked out right now? I need every username so the helpdesk can unlock them.",
        items,
    )
}

/// `openstack server list --all-projects --long -f json` (OpenStack
/// client 6, cliff's two-space JSON) of a private cloud's 900 servers:
/// Kubernetes workers, CI runners, databases, search nodes, build agents
/// and tenants' VMs, booted from images or volumes, on 40 compute hosts.
/// Most are `ACTIVE`; some `SHUTOFF`, a few `BUILD` (spawning), resizing
/// (`VERIFY_RESIZE`), `MIGRATING`, `PAUSED` or `SHELVED_OFFLOADED`;
/// servers named `sentry-errors-01`, `errorpages-cdn-02` run fine and a
/// property notes an error fixed long ago. Six servers are in `ERROR`,
/// some never scheduled (no host), some failed on their host.
fn openstack_error_servers() -> Case {
    let planted: [(usize, &str, bool); 6] = [
        (57, "k8s-worker-prod-23", false),
        (190, "gitlab-runner-07", true),
        (344, "pg-replica-stage-2", true),
        (512, "elastic-data-05", false),
        (689, "jenkins-agent-win-3", true),
        (841, "batch-etl-11", false),
    ];
    let roles = [
        ("k8s-worker-prod", "m1.xlarge", "prod-net"),
        ("k8s-worker-stage", "m1.large", "stage-net"),
        ("gitlab-runner", "c1.xlarge", "ci-net"),
        ("pg-replica-stage", "r1.large", "stage-net"),
        ("pg-prod", "r1.2xlarge", "prod-net"),
        ("elastic-data", "r1.xlarge", "prod-net"),
        ("jenkins-agent-win", "c1.large", "ci-net"),
        ("batch-etl", "c1.2xlarge", "data-net"),
        ("tenant-vm", "m1.medium", "tenant-net"),
        ("redis-cache", "m1.large", "prod-net"),
        ("kafka-broker", "r1.xlarge", "data-net"),
        ("bastion", "m1.small", "dmz-net"),
    ];
    let images = [
        "ubuntu-22.04-20261101",
        "ubuntu-24.04-20261101",
        "rocky-9.4-20261015",
        "windows-server-2022-20261010",
        "debian-12-20261020",
    ];
    let mut counters = std::collections::BTreeMap::new();
    let mut names: Vec<String> = Vec::new();
    let mut servers: Vec<Value> = Vec::new();
    for i in 0..900usize {
        let plant = planted.iter().find(|p| p.0 == i);
        let (role, flavor, net) = match plant {
            Some(p) => *roles.iter().find(|r| p.1.starts_with(r.0)).unwrap(),
            None => roles[(h(i, 2501) % roles.len() as u64) as usize],
        };
        let name = match plant {
            Some(p) => p.1.to_string(),
            None if i == 300 => "sentry-errors-01".to_string(),
            None if i == 610 => "errorpages-cdn-02".to_string(),
            None => {
                let n = counters.entry(role).or_insert(0u64);
                *n += 1;
                let mut name = if role == "pg-replica-stage" || role == "jenkins-agent-win" {
                    format!("{role}-{}", *n)
                } else {
                    format!("{role}-{:02}", *n)
                };
                if planted.iter().any(|p| p.1 == name) {
                    *n += 1;
                    name = if role == "pg-replica-stage" || role == "jenkins-agent-win" {
                        format!("{role}-{}", *n)
                    } else {
                        format!("{role}-{:02}", *n)
                    };
                }
                name
            }
        };
        let roll = h(i, 2502) % 100;
        let (status, task, power, has_host) = match plant {
            Some(p) if p.2 => ("ERROR", Value::Null, "Running", true),
            Some(_) => ("ERROR", Value::Null, "NOSTATE", false),
            None => match roll {
                0..=7 => ("SHUTOFF", Value::Null, "Shutdown", true),
                8..=9 => (
                    "BUILD",
                    json!(pick(
                        &["spawning", "block_device_mapping", "networking"],
                        i,
                        2503
                    )),
                    "NOSTATE",
                    true,
                ),
                10 => ("VERIFY_RESIZE", Value::Null, "Running", true),
                11 => ("MIGRATING", json!("migrating"), "Running", true),
                12 => ("PAUSED", Value::Null, "Paused", true),
                13 => ("SHELVED_OFFLOADED", Value::Null, "Shutdown", false),
                14 => ("ACTIVE", json!("rebooting"), "Running", true),
                _ => ("ACTIVE", Value::Null, "Running", true),
            },
        };
        let windows = role.contains("win");
        let image = if windows {
            images[3]
        } else {
            images[[0, 1, 2, 4][(h(i, 2504) % 4) as usize]]
        };
        let bfv = role.starts_with("pg") || role.starts_with("elastic");
        let ip = format!(
            "10.{}.{}.{}",
            40 + roles.iter().position(|r| r.0 == role).unwrap(),
            h(i, 2505) % 32,
            2 + h(i, 2506) % 250
        );
        let mut networks = serde_json::Map::new();
        if status != "ERROR" || has_host {
            networks.insert(net.to_string(), json!([ip]));
        }
        let mut props = serde_json::Map::new();
        props.insert("role".into(), json!(role));
        if h(i, 2507).is_multiple_of(4) {
            props.insert(
                "owner".into(),
                json!(pick(&["platform", "data", "ci", "tenant-support"], i, 2508)),
            );
        }
        if i == 455 {
            props.insert(
                "note".into(),
                json!("was in ERROR after host compute-17 crashed on 2026-10-02, rebuilt"),
            );
        }
        servers.push(json!({
            "ID": uuid(i, 2509),
            "Name": name,
            "Status": status,
            "Task State": task,
            "Power State": power,
            "Networks": networks,
            "Image Name": if bfv { "N/A (booted from volume)" } else { image },
            "Image ID": if bfv { String::new() } else { uuid(images.iter().position(|x| *x == image).unwrap(), 2510) },
            "Flavor Name": flavor,
            "Flavor ID": uuid(flavor.len() * 7 + flavor.as_bytes()[1] as usize, 2511),
            "Availability Zone": if status == "ERROR" && !has_host { "" } else { pick(&["nova", "az-hh-1", "az-hh-2"], i, 2512) },
            "Host": if has_host { json!(format!("compute-{:02}", 1 + h(i, 2513) % 40)) } else { Value::Null },
            "Properties": props
        }));
        names.push(name);
    }
    let items: Vec<String> = planted.iter().map(|p| p.1.to_string()).collect();
    for s in &items {
        assert!(!named_elsewhere(s, &names), "{s}");
        assert_eq!(names.iter().filter(|n| *n == s).count(), 1, "{s}");
    }
    let expected = items.iter().map(|s| jq_string(s)).collect();
    Case::items(
        "openstack server list JSON, servers in ERROR",
        pretty(&Value::Array(servers), b"  ") + "\n",
        "Which of our virtual machines on the OpenStack cloud have failed and are sitting there broken, not just switched off? Give me every one by name.",
        items,
    )
    .with_jq(".[] | select(.Status == \"ERROR\") | .Name", expected)
}

/// A file of the coverage report: its path and each statement's line and
/// hits.
type FileLines = (String, Vec<(u64, u64)>);

/// A rate as coverage.py writes it (`%.4g`): `0.8123`, `0.0217`, `1`, `0`.
fn rate4g(hit: usize, total: usize) -> String {
    if total == 0 || hit == total {
        return "1".to_string();
    }
    if hit == 0 {
        return "0".to_string();
    }
    let r = hit as f64 / total as f64;
    let decimals = (3 - r.log10().floor() as i32).max(0) as usize;
    let s = format!("{r:.decimals$}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

/// `coverage xml` (coverage.py 7.4, no branch coverage) after the test
/// suite of a Django shop, `src/`: packages by directory, a class per
/// file, every statement's line with its hits, tabs as coverage.py
/// indents. Most files are well covered; some barely (a line or two of
/// imports run); empty `__init__.py` files count as fully covered; files
/// named `zero_stock_alerts.py` and `null_payment.py` are covered. Five
/// files were never imported by any test: every line has no hits.
fn coverage_untested_files() -> Case {
    let planted = [
        "shop/integrations/paypal_classic.py",
        "shop/legacy/xml_export.py",
        "shop/reports/vat_oss.py",
        "shop/management/commands/backfill_slugs.py",
        "shop/payments/giropay.py",
    ];
    let barely = [
        "shop/integrations/dhl_legacy.py",
        "shop/reports/intrastat.py",
    ];
    let packages: [(&str, &[&str]); 14] = [
        (
            "shop",
            &[
                "__init__.py",
                "apps.py",
                "settings.py",
                "urls.py",
                "wsgi.py",
                "celery.py",
            ],
        ),
        (
            "shop.accounts",
            &[
                "__init__.py",
                "admin.py",
                "forms.py",
                "models.py",
                "serializers.py",
                "signals.py",
                "views.py",
                "tokens.py",
            ],
        ),
        (
            "shop.billing",
            &[
                "__init__.py",
                "invoices.py",
                "models.py",
                "numbering.py",
                "pdf.py",
                "tasks.py",
                "taxes.py",
                "views.py",
            ],
        ),
        (
            "shop.cart",
            &[
                "__init__.py",
                "models.py",
                "pricing.py",
                "serializers.py",
                "services.py",
                "views.py",
                "vouchers.py",
            ],
        ),
        (
            "shop.catalog",
            &[
                "__init__.py",
                "admin.py",
                "filters.py",
                "models.py",
                "search.py",
                "serializers.py",
                "slugs.py",
                "views.py",
            ],
        ),
        (
            "shop.checkout",
            &[
                "__init__.py",
                "flow.py",
                "forms.py",
                "models.py",
                "shipping.py",
                "views.py",
                "address.py",
            ],
        ),
        (
            "shop.integrations",
            &[
                "__init__.py",
                "dhl.py",
                "dhl_legacy.py",
                "paypal.py",
                "paypal_classic.py",
                "stripe_client.py",
                "webhooks.py",
                "sendcloud.py",
            ],
        ),
        (
            "shop.inventory",
            &[
                "__init__.py",
                "models.py",
                "reservations.py",
                "sync.py",
                "zero_stock_alerts.py",
                "tasks.py",
            ],
        ),
        (
            "shop.legacy",
            &["__init__.py", "csv_import.py", "xml_export.py", "compat.py"],
        ),
        (
            "shop.management.commands",
            &[
                "__init__.py",
                "backfill_slugs.py",
                "rebuild_index.py",
                "expire_carts.py",
                "import_products.py",
            ],
        ),
        (
            "shop.payments",
            &[
                "__init__.py",
                "giropay.py",
                "klarna.py",
                "models.py",
                "null_payment.py",
                "providers.py",
                "refunds.py",
                "stripe.py",
            ],
        ),
        (
            "shop.reports",
            &[
                "__init__.py",
                "daily_sales.py",
                "exports.py",
                "intrastat.py",
                "vat_oss.py",
                "views.py",
            ],
        ),
        (
            "shop.search",
            &[
                "__init__.py",
                "documents.py",
                "indexer.py",
                "query.py",
                "signals.py",
            ],
        ),
        (
            "shop.utils",
            &[
                "__init__.py",
                "cache.py",
                "dates.py",
                "money.py",
                "retry.py",
                "text.py",
            ],
        ),
    ];
    // (package, [(file, [(line, hits)])])
    let mut pkgs: Vec<(String, Vec<FileLines>)> = Vec::new();
    let mut k = 0usize;
    for (pkg, files) in packages {
        let dir = pkg.replace('.', "/");
        let mut classes = Vec::new();
        let mut sorted: Vec<&str> = files.to_vec();
        sorted.sort_unstable();
        for f in sorted {
            k += 1;
            let path = format!("{dir}/{f}");
            let statements = if f == "__init__.py" {
                if pkg == "shop" { 3 } else { 0 }
            } else {
                range(k, 2601, 40, 420)
            };
            let mut lines = Vec::new();
            let mut n = 1u64;
            let never = planted.contains(&path.as_str());
            let few = barely.contains(&path.as_str());
            let cover = range(k, 2602, 62, 100);
            for s in 0..statements {
                n += 1 + h(k * 1000 + s as usize, 2603) % 3;
                let hits = if never {
                    0
                } else if few {
                    u64::from(s < 9)
                } else if s < 12 || h(k * 1000 + s as usize, 2604) % 100 < cover {
                    1 + h(k * 1000 + s as usize, 2605) % 40
                } else {
                    0
                };
                lines.push((n, hits));
            }
            classes.push((path, lines));
        }
        pkgs.push((pkg.to_string(), classes));
    }
    let count = |ls: &[(u64, u64)]| (ls.iter().filter(|l| l.1 > 0).count(), ls.len());
    let (mut hit, mut valid) = (0, 0);
    for (_, cs) in &pkgs {
        for (_, ls) in cs {
            let (a, b) = count(ls);
            hit += a;
            valid += b;
        }
    }
    let mut out = format!(
        "<?xml version=\"1.0\" ?>\n<coverage version=\"7.4.4\" timestamp=\"{}\" lines-valid=\"{valid}\" lines-covered=\"{hit}\" line-rate=\"{}\" branches-covered=\"0\" branches-valid=\"0\" branch-rate=\"0\" complexity=\"0\">\n\t<!-- Generated by coverage.py: https://coverage.readthedocs.io/en/7.4.4 -->\n\t<!-- Based on https://raw.githubusercontent.com/cobertura/web/master/htdocs/xml/coverage-04.dtd -->\n\t<sources>\n\t\t<source>/builds/nordwind/shop/src</source>\n\t</sources>\n\t<packages>\n",
        (DAY + 9 * 3600) * 1000 + 417,
        rate4g(hit, valid)
    );
    for (pkg, cs) in &pkgs {
        let (a, b) = cs.iter().fold((0, 0), |acc, c| {
            let (x, y) = count(&c.1);
            (acc.0 + x, acc.1 + y)
        });
        out.push_str(&format!(
            "\t\t<package name=\"{pkg}\" line-rate=\"{}\" branch-rate=\"0\" complexity=\"0\">\n\t\t\t<classes>\n",
            rate4g(a, b)
        ));
        for (path, ls) in cs {
            let (x, y) = count(ls);
            let file = path.rsplit('/').next().unwrap();
            out.push_str(&format!(
                "\t\t\t\t<class name=\"{file}\" filename=\"{path}\" complexity=\"0\" line-rate=\"{}\" branch-rate=\"0\">\n\t\t\t\t\t<methods/>\n",
                rate4g(x, y)
            ));
            if ls.is_empty() {
                out.push_str("\t\t\t\t\t<lines/>\n");
            } else {
                out.push_str("\t\t\t\t\t<lines>\n");
                for (n, hits) in ls {
                    out.push_str(&format!(
                        "\t\t\t\t\t\t<line number=\"{n}\" hits=\"{hits}\"/>\n"
                    ));
                }
                out.push_str("\t\t\t\t\t</lines>\n");
            }
            out.push_str("\t\t\t\t</class>\n");
        }
        out.push_str("\t\t\t</classes>\n\t\t</package>\n");
    }
    out.push_str("\t</packages>\n</coverage>\n");
    let paths: Vec<String> = (pkgs.iter())
        .flat_map(|p| p.1.iter().map(|c| c.0.clone()))
        .collect();
    for (_, cs) in &pkgs {
        for (path, ls) in cs {
            let none = !ls.is_empty() && ls.iter().all(|l| l.1 == 0);
            assert_eq!(none, planted.contains(&path.as_str()), "{path}");
        }
    }
    let items: Vec<String> = planted.iter().map(|s| s.to_string()).collect();
    for s in &items {
        assert!(!named_elsewhere(s, &paths), "{s}");
    }
    Case::items(
        "coverage.py XML, files no test ever ran",
        out,
        "According to the coverage report, which of our Python files did the test suite never run even a single line of? List every one.",
        items,
    )
}

/// A HAR header.
fn hv(name: &str, value: &str) -> Value {
    json!({"name": name, "value": value})
}

/// A HAR file Chrome 131 saved (`Save all as HAR (sanitized)`, two-space
/// indents) of three page loads of a shop (home, a category, a product):
/// documents, scripts, styles, fonts, images, XHR and beacons, each with
/// its request and response headers and timings, served by the shop's
/// CDN and a dozen third parties. Redirects, 304s from the CDN, 404s for
/// missing product images, a 500 and a 503 from the API, 204 beacons and
/// an error-reporting endpoint answering 204. Six requests got no
/// response at all (status 0 and a `net::ERR_…`): a web font whose host
/// does not resolve, the tag manager an ad blocker stopped, a review
/// badge with an expired certificate, a hero image whose connection was
/// reset, the stock API timing out and the support chat refusing.
fn har_no_response() -> Case {
    let planted: [(usize, usize, &str, &str, &str); 6] = [
        (
            0,
            7,
            "https://fonts.nordwind-cdn.de/inter/inter-var-latin.woff2",
            "font",
            "net::ERR_NAME_NOT_RESOLVED",
        ),
        (
            0,
            21,
            "https://www.googletagmanager.com/gtm.js?id=GTM-K7Q2ZP",
            "script",
            "net::ERR_BLOCKED_BY_CLIENT",
        ),
        (
            1,
            12,
            "https://widgets.trustbadge.example/badge/v4/nordwind.js",
            "script",
            "net::ERR_CERT_DATE_INVALID",
        ),
        (
            1,
            48,
            "https://img.nordwind-cdn.de/c/jackets/hero-1600.avif",
            "image",
            "net::ERR_CONNECTION_RESET",
        ),
        (
            2,
            33,
            "https://api.nordwind-outdoor.de/v2/stock/availability?sku=48213-BLK-M",
            "fetch",
            "net::ERR_CONNECTION_TIMED_OUT",
        ),
        (
            2,
            50,
            "https://chat.supportdesk.example/api/v1/widget/session",
            "xhr",
            "net::ERR_CONNECTION_REFUSED",
        ),
    ];
    let pages = [
        (
            "https://www.nordwind-outdoor.de/",
            "Nordwind Outdoor – Jacken, Schuhe & Ausrüstung",
        ),
        (
            "https://www.nordwind-outdoor.de/c/jacken",
            "Jacken | Nordwind Outdoor",
        ),
        (
            "https://www.nordwind-outdoor.de/p/down-parka-2210",
            "Daunenparka Fjell 2210 | Nordwind Outdoor",
        ),
    ];
    let ua = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
    let t0: u64 = 9 * 3600 * 1000 + 14 * 60 * 1000 + 5_000;
    let iso = |ms: u64| format!("2026-11-27T{}.{:03}Z", clock(ms / 1000), ms % 1000);
    let mut entries: Vec<Value> = Vec::new();
    let mut page_list: Vec<Value> = Vec::new();
    let mut urls: Vec<String> = Vec::new();
    let mut failed: Vec<String> = Vec::new();
    for (p, (page, title)) in pages.iter().enumerate() {
        let start = t0 + p as u64 * 41_000;
        let pid = format!("page_{}", p + 1);
        page_list.push(json!({
            "startedDateTime": iso(start),
            "id": pid,
            "title": title,
            "pageTimings": {"onContentLoad": 900.0 + (h(p, 2701) % 90_000) as f64 / 100.0, "onLoad": 2400.0 + (h(p, 2702) % 300_000) as f64 / 100.0}
        }));
        let n = 52 + (h(p, 2703) % 8) as usize;
        for r in 0..n {
            let j = p * 1000 + r;
            let plant = planted.iter().find(|x| x.0 == p && x.1 == r);
            // (url, resource type, status, mime, size)
            let (url, kind, status, mime, size): (String, &str, u64, &str, u64) = if let Some(x) =
                plant
            {
                (x.2.to_string(), x.3, 0, "x-unknown", 0)
            } else if r == 0 {
                (
                    page.to_string(),
                    "document",
                    200,
                    "text/html",
                    range(j, 2704, 60_000, 180_000),
                )
            } else {
                let roll = h(j, 2705) % 100;
                match roll {
                    0..=11 => (
                        format!(
                            "https://www.nordwind-outdoor.de/static/js/{}.{}.js",
                            pick(
                                &["app", "vendor", "checkout", "search", "carousel", "consent"],
                                j,
                                2706
                            ),
                            hex(j, 2707, 8)
                        ),
                        "script",
                        if h(j, 2708).is_multiple_of(5) {
                            304
                        } else {
                            200
                        },
                        "application/javascript",
                        range(j, 2709, 4_000, 380_000),
                    ),
                    12..=17 => (
                        format!(
                            "https://www.nordwind-outdoor.de/static/css/{}.{}.css",
                            pick(&["main", "pdp", "plp", "fonts"], j, 2710),
                            hex(j, 2711, 8)
                        ),
                        "stylesheet",
                        200,
                        "text/css",
                        range(j, 2712, 2_000, 90_000),
                    ),
                    18..=52 => {
                        let missing = h(j, 2713).is_multiple_of(30);
                        (
                            format!(
                                "https://img.nordwind-cdn.de/p/{}/{}-{}.webp",
                                1000 + h(j, 2714) % 9000,
                                pick(&["front", "back", "detail", "model"], j, 2715),
                                pick(&["400", "800", "1200"], j, 2716)
                            ),
                            "image",
                            if missing {
                                404
                            } else if h(j, 2717).is_multiple_of(4) {
                                304
                            } else {
                                200
                            },
                            if missing { "text/html" } else { "image/webp" },
                            if missing {
                                1_245
                            } else {
                                range(j, 2718, 3_000, 240_000)
                            },
                        )
                    }
                    53..=58 => (
                        format!(
                            "https://fonts.nordwind-cdn.de/inter/inter-{}.woff2",
                            pick(&["regular", "semibold", "bold", "italic"], j, 2719)
                        ),
                        "font",
                        200,
                        "font/woff2",
                        range(j, 2720, 20_000, 110_000),
                    ),
                    59..=70 => {
                        let path = pick(
                            &[
                                "cart",
                                "session",
                                "recommendations",
                                "prices?skus=2210,9481,3370",
                                "wishlist",
                                "stock/availability?sku=9481-GRN-L",
                                "consent/config",
                            ],
                            j,
                            2721,
                        );
                        let status = if path == "recommendations" && h(j, 2722).is_multiple_of(3) {
                            500
                        } else if path == "wishlist" && h(j, 2723).is_multiple_of(3) {
                            503
                        } else {
                            200
                        };
                        (
                            format!("https://api.nordwind-outdoor.de/v2/{path}"),
                            "fetch",
                            status,
                            "application/json",
                            range(j, 2724, 80, 24_000),
                        )
                    }
                    71..=76 => (
                        format!(
                            "https://www.google-analytics.com/g/collect?v=2&tid=G-8Q2NW4KX1R&gtm=45je4bq0&_p={}&en=page_view&_s={}",
                            h(j, 2725) % 2_000_000_000,
                            r
                        ),
                        "ping",
                        204,
                        "text/plain",
                        0,
                    ),
                    77..=79 => (
                        "https://api.nordwind-outdoor.de/v2/client-errors".to_string(),
                        "fetch",
                        204,
                        "text/plain",
                        0,
                    ),
                    80..=83 => (
                        format!(
                            "https://www.nordwind-outdoor.de/go/{}",
                            pick(&["sale", "neu", "marken", "outlet"], j, 2726)
                        ),
                        "document",
                        302,
                        "text/html",
                        0,
                    ),
                    84..=89 => (
                        format!(
                            "https://connect.facebook.net/signals/config/{}?v=2.9.176&r=stable",
                            100_000_000_000_000u64 + h(j, 2727) % 900_000_000_000_000
                        ),
                        "script",
                        200,
                        "application/x-javascript",
                        range(j, 2728, 30_000, 160_000),
                    ),
                    90..=94 => (
                        format!(
                            "https://static.klarna.example/lib/v1/{}.js",
                            pick(&["api", "osm", "badge"], j, 2729)
                        ),
                        "script",
                        200,
                        "application/javascript",
                        range(j, 2730, 9_000, 70_000),
                    ),
                    _ => (
                        "https://www.nordwind-outdoor.de/static/img/offline-no-connection.svg"
                            .to_string(),
                        "image",
                        200,
                        "image/svg+xml",
                        1_802,
                    ),
                }
            };
            let at = start + r as u64 * 23 + h(j, 2731) % 900;
            let (authority, path) = {
                let rest = url.trim_start_matches("https://");
                let (a, b) = rest.split_once('/').unwrap_or((rest, ""));
                (a.to_string(), format!("/{b}"))
            };
            let method = if kind == "ping"
                || url.ends_with("client-errors")
                || url.ends_with("widget/session")
            {
                "POST"
            } else {
                "GET"
            };
            let mut req_headers = vec![
                hv(":authority", &authority),
                hv(":method", method),
                hv(":path", &path),
                hv(":scheme", "https"),
                hv(
                    "accept",
                    match kind {
                        "document" => {
                            "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8"
                        }
                        "image" => {
                            "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"
                        }
                        "stylesheet" => "text/css,*/*;q=0.1",
                        "fetch" | "xhr" => "application/json",
                        _ => "*/*",
                    },
                ),
                hv("accept-encoding", "gzip, deflate, br, zstd"),
                hv("accept-language", "de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7"),
            ];
            if r > 0 {
                req_headers.push(hv("referer", page));
            }
            req_headers.extend([
                hv(
                    "sec-ch-ua",
                    "\"Google Chrome\";v=\"131\", \"Chromium\";v=\"131\", \"Not_A Brand\";v=\"24\"",
                ),
                hv("sec-ch-ua-mobile", "?0"),
                hv("sec-ch-ua-platform", "\"macOS\""),
                hv(
                    "sec-fetch-dest",
                    match kind {
                        "document" => "document",
                        "fetch" | "xhr" | "ping" => "empty",
                        "stylesheet" => "style",
                        k => k,
                    },
                ),
                hv(
                    "sec-fetch-mode",
                    match kind {
                        "document" => "navigate",
                        "fetch" | "xhr" => "cors",
                        "ping" => "no-cors",
                        "font" => "cors",
                        _ => "no-cors",
                    },
                ),
                hv(
                    "sec-fetch-site",
                    if authority == "www.nordwind-outdoor.de" {
                        "same-origin"
                    } else if authority.ends_with("nordwind-cdn.de")
                        || authority.ends_with("nordwind-outdoor.de")
                    {
                        "same-site"
                    } else {
                        "cross-site"
                    },
                ),
                hv("user-agent", ua),
            ]);
            let query: Vec<Value> = url
                .split_once('?')
                .map(|(_, q)| {
                    q.split('&')
                        .map(|kv| {
                            let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
                            hv(k, v)
                        })
                        .collect()
                })
                .unwrap_or_default();
            let wait = (range(j, 2732, 8_000, 420_000)) as f64 / 1000.0;
            let receive = (range(j, 2733, 100, 90_000)) as f64 / 1000.0;
            let (response, server_ip, timings, time) = if let Some(x) = plant {
                failed.push(url.clone());
                let waited = if x.4.ends_with("TIMED_OUT") {
                    30_012.446
                } else {
                    (range(j, 2734, 3_000, 260_000)) as f64 / 1000.0
                };
                (
                    json!({
                        "status": 0, "statusText": "", "httpVersion": "", "headers": [], "cookies": [],
                        "content": {"size": 0, "mimeType": "x-unknown"},
                        "redirectURL": "", "headersSize": -1, "bodySize": -1, "_transferSize": 0,
                        "_error": x.4, "_fetchedViaServiceWorker": false
                    }),
                    String::new(),
                    json!({"blocked": -1, "dns": -1, "ssl": -1, "connect": -1, "send": 0, "wait": 0, "receive": 0, "_blocked_queueing": -1}),
                    waited,
                )
            } else {
                let server = match authority.as_str() {
                    "www.google-analytics.com" => "Golfe2",
                    "connect.facebook.net" => "proxygen-bolt",
                    _ => "nginx",
                };
                let mut hs = vec![
                    hv("age", &(h(j, 2735) % 80_000).to_string()),
                    hv(
                        "cache-control",
                        if kind == "document" || kind == "fetch" {
                            "no-store"
                        } else {
                            "public, max-age=31536000, immutable"
                        },
                    ),
                    hv("content-length", &size.to_string()),
                    hv("content-type", mime),
                    hv(
                        "date",
                        &format!("Fri, 27 Nov 2026 {} GMT", clock(at / 1000)),
                    ),
                    hv("server", server),
                    hv(
                        "strict-transport-security",
                        "max-age=63072000; includeSubDomains; preload",
                    ),
                    hv("vary", "Accept-Encoding"),
                    hv("via", "1.1 varnish"),
                    hv("x-cache", pick(&["HIT", "HIT", "MISS"], j, 2736)),
                ];
                if status == 302 {
                    hs.push(hv(
                        "location",
                        "https://www.nordwind-outdoor.de/c/jacken?utm_source=nav",
                    ));
                }
                if status == 200 && kind != "fetch" {
                    hs.push(hv("etag", &format!("\"{}\"", hex(j, 2737, 16))));
                }
                (
                    json!({
                        "status": status, "statusText": "", "httpVersion": "h2", "headers": hs, "cookies": [],
                        "content": {"size": size, "mimeType": mime, "compression": if size > 1000 { (size / 3) as i64 } else { 0 }},
                        "redirectURL": if status == 302 { "https://www.nordwind-outdoor.de/c/jacken?utm_source=nav" } else { "" },
                        "headersSize": -1, "bodySize": -1, "_transferSize": size * 2 / 3 + 310,
                        "_error": null, "_fetchedViaServiceWorker": false
                    }),
                    pick(
                        &[
                            "151.101.2.132",
                            "151.101.66.132",
                            "172.64.155.9",
                            "142.250.185.78",
                            "157.240.20.15",
                        ],
                        j,
                        2738,
                    )
                    .to_string(),
                    json!({
                        "blocked": (h(j, 2739) % 4_000) as f64 / 1000.0,
                        "dns": -1, "ssl": -1, "connect": -1,
                        "send": 0.118, "wait": wait, "receive": receive,
                        "_blocked_queueing": (h(j, 2740) % 3_000) as f64 / 1000.0,
                        "_workerStart": -1, "_workerReady": -1, "_workerFetchStart": -1, "_workerRespondWithSettled": -1
                    }),
                    wait + receive + 0.118,
                )
            };
            urls.push(url.clone());
            entries.push(json!({
                "_initiator": if r == 0 { json!({"type": "other"}) } else { json!({"type": "parser", "url": page, "lineNumber": 10 + h(j, 2741) % 400}) },
                "_priority": match kind { "document" | "stylesheet" | "font" => "VeryHigh", "script" | "fetch" | "xhr" => "High", _ => "Low" },
                "_resourceType": kind,
                "cache": {},
                "connection": (400_000 + h(j, 2742) % 90_000).to_string(),
                "pageref": pid,
                "request": {
                    "method": method,
                    "url": url,
                    "httpVersion": "http/2.0",
                    "headers": req_headers,
                    "queryString": query,
                    "cookies": [],
                    "headersSize": -1,
                    "bodySize": if method == "POST" { 180 + h(j, 2743) % 900 } else { 0 }
                },
                "response": response,
                "serverIPAddress": server_ip,
                "startedDateTime": iso(at),
                "time": (time * 1000.0).round() / 1000.0,
                "timings": timings
            }));
        }
    }
    entries.sort_by(|a, b| {
        a["startedDateTime"]
            .as_str()
            .cmp(&b["startedDateTime"].as_str())
    });
    let items: Vec<String> = planted.iter().map(|x| x.2.to_string()).collect();
    assert_eq!(failed.len(), items.len());
    for s in &items {
        assert!(!named_elsewhere(s, &urls), "{s}");
    }
    let expected = (entries.iter())
        .filter(|e| e["response"]["status"] == 0)
        .map(|e| jq_string(e["request"]["url"].as_str().unwrap()))
        .collect();
    let doc = json!({"log": {
        "version": "1.2",
        "creator": {"name": "WebInspector", "version": "537.36"},
        "pages": page_list,
        "entries": entries
    }});
    Case::items(
        "Chrome HAR of three page loads, requests with no response",
        pretty(&doc, b"  ") + "\n",
        "This is a browser recording of our shop loading. Which requests never got any answer back from a server at all, not even an error page? List every URL.",
        items,
    )
    .with_jq(
        ".log.entries[] | select(.response.status == 0) | .request.url",
        expected,
    )
}
