//! A TWENTY-SIXTH HELD-OUT SET of issue 30, written by someone who had
//! not read the answer code and never run against it while being
//! written: eight outputs of tools no other set uses, each with a
//! question in a user's words and the answer its generator planted.
//! Written before being measured, and measured unread at e9e79c7.
//! Measure it, never tune on it.
//!
//! One fact: `/var/log/pacman.log` of an Arch laptop from January to
//! November (the kernel version its owner went back to when the Wi-Fi
//! broke in the summer, and when, among the firmware downgraded the same
//! evening, the upgrade that broke it two days before, a `mesa`
//! downgrade in March, `linux-lts` upgrades and some sixty upgrades with
//! mkinitcpio's images), rkhunter's `rkhunter.log` of a web server over
//! a week (the system program changed behind its back and when its file
//! was modified, among `lwp-request` replaced by a script and a hidden
//! `/etc/.java` every night, and `curl`, `ssh` and `sshd` changed by the
//! weekend's updates), ClickHouse's `system.query_log` as `JSONEachRow`
//! (whose query took the server's memory, and its id, among the Grafana
//! and Metabase queries refused for the memory limit, an analyst's query
//! over its own limit, the night's ETL insert of 12 GiB and a full scan
//! that read the most rows), Sentry's organization issues API (the new
//! error the shop API's deploy brought and how many users it hit, among
//! API issues first seen earlier that day and that week, an old one that
//! regressed after the deploy and hit more users, an older `KeyError`
//! and the storefront's own new error about the same field).
//! Every item: a FortiGate's forward traffic log of an office day (the
//! PCs that tried to send mail to the internet directly, among the mail
//! relay's own port-25 traffic, geo-blocked inbound mail, PCs denied on
//! SMB and IRC, SMTPS allowed and a PC whose address ends in .25),
//! `CBS.log` of a Windows file server (the files `sfc /scannow` could
//! not repair this morning, among three it repaired, a file it could not
//! repair two weeks before that DISM fixed, the closing line that says
//! all were repaired, and thousands of Windows Update lines),
//! cucumber-js's JSON report of a nightly acceptance run (the scenarios
//! that failed, among undefined and pending ones, steps skipped after a
//! failure and passing scenarios named for failures), `az storage
//! account list` (the accounts that still accept TLS 1.0, among accounts
//! on TLS 1.1, accounts tagged for the TLS review and one named for a
//! TLS 1.0 migration).
//!
//! The jq program of the JSON-lines output (ClickHouse) reads the
//! records as one array, as the fourth set's do. Every expected jq
//! result was checked with the real jq (`jq -s` for that one).

use serde_json::{Map, Value, json};

use super::super::heldout::{DAY, civil, clock, h, hex, letters, uuid};
use super::{Case, jq_string, named_elsewhere, pick, pretty, whole};

pub(super) fn cases() -> Vec<Case> {
    vec![
        pacman_kernel_rollback(),
        rkhunter_changed_program(),
        clickhouse_memory_hog(),
        sentry_new_error_after_deploy(),
        fortigate_direct_smtp(),
        cbs_unrepaired_files(),
        cucumber_failed_scenarios(),
        az_storage_tls10(),
    ]
}

/// `2026-11-27` of `t` seconds since the epoch.
fn ymd(t: u64) -> String {
    let (y, m, d) = civil(t / 86_400);
    format!("{y}-{m:02}-{d:02}")
}

/// Days since 1 Jan 1970 of `y-m-d`.
fn days_from_civil(y: u64, m: u64, d: u64) -> u64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y / 400;
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Seconds Central European time is ahead of UTC at `t`: summer time
/// from 29 March to 25 October 2026 (01:00 UTC).
fn cet_offset(t: u64) -> u64 {
    let start = days_from_civil(2026, 3, 29) * 86_400 + 3_600;
    let end = days_from_civil(2026, 10, 25) * 86_400 + 3_600;
    if (start..end).contains(&t) {
        7_200
    } else {
        3_600
    }
}

const WEEKDAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

// ------------------------------------------------------------------ pacman

/// `[2026-07-14T21:03:55+0200]`: pacman's stamp of `t` (UTC seconds) in
/// the laptop's local time.
fn pacman_stamp(t: u64) -> String {
    let off = cet_offset(t);
    let l = t + off;
    format!(
        "[{}T{}{}]",
        ymd(l),
        clock(l % 86_400),
        if off == 7_200 { "+0200" } else { "+0100" }
    )
}

/// The packages of a KDE laptop and the version each had on 1 January:
/// name, major, minor, patch.
const ARCH_PKGS: [(&str, u64, u64, u64); 118] = [
    ("acl", 2, 3, 2),
    ("alsa-lib", 1, 2, 14),
    ("alsa-ucm-conf", 1, 2, 14),
    ("archlinux-keyring", 20260101, 0, 1),
    ("at-spi2-core", 2, 58, 1),
    ("audit", 4, 1, 1),
    ("bash", 5, 3, 3),
    ("bluez", 5, 84, 1),
    ("bluez-libs", 5, 84, 1),
    ("brotli", 1, 1, 0),
    ("btrfs-progs", 6, 17, 1),
    ("ca-certificates-mozilla", 3, 119, 1),
    ("cairo", 1, 18, 4),
    ("coreutils", 9, 9, 1),
    ("cryptsetup", 2, 8, 1),
    ("curl", 8, 17, 0),
    ("dbus", 1, 16, 2),
    ("dbus-broker", 37, 0, 1),
    ("device-mapper", 2, 3, 36),
    ("docker", 29, 1, 3),
    ("dolphin", 25, 12, 0),
    ("e2fsprogs", 1, 47, 3),
    ("efibootmgr", 18, 0, 1),
    ("expat", 2, 7, 3),
    ("ffmpeg", 8, 0, 1),
    ("file", 5, 46, 1),
    ("findutils", 4, 10, 0),
    ("firefox", 146, 0, 1),
    ("flatpak", 1, 16, 2),
    ("fontconfig", 2, 17, 1),
    ("freetype2", 2, 14, 1),
    ("fwupd", 2, 0, 17),
    ("gawk", 5, 3, 2),
    ("gcc", 15, 2, 1),
    ("gcc-libs", 15, 2, 1),
    ("gdk-pixbuf2", 2, 44, 4),
    ("git", 2, 52, 0),
    ("glib2", 2, 86, 3),
    ("glibc", 2, 42, 1),
    ("gnupg", 2, 4, 8),
    ("gnutls", 3, 8, 11),
    ("go", 1, 25, 5),
    ("gpgme", 2, 0, 1),
    ("grep", 3, 12, 1),
    ("gstreamer", 1, 26, 8),
    ("gst-plugins-base-libs", 1, 26, 8),
    ("gtk3", 3, 24, 51),
    ("gtk4", 4, 20, 3),
    ("harfbuzz", 12, 2, 0),
    ("hwdata", 0, 401, 1),
    ("icu", 78, 1, 1),
    ("intel-ucode", 20251111, 0, 1),
    ("iproute2", 6, 18, 0),
    ("iptables-nft", 1, 8, 11),
    ("kate", 25, 12, 0),
    ("kbd", 2, 9, 0),
    ("keepassxc", 2, 7, 11),
    ("kmod", 34, 2, 1),
    ("konsole", 25, 12, 0),
    ("krb5", 1, 22, 1),
    ("kwin", 6, 5, 4),
    ("lib32-mesa", 25, 3, 1),
    ("libarchive", 3, 8, 4),
    ("libcups", 2, 4, 15),
    ("libdrm", 2, 4, 129),
    ("libinput", 1, 29, 2),
    ("libjpeg-turbo", 3, 1, 2),
    ("libnm", 1, 54, 3),
    ("libpipewire", 1, 4, 9),
    ("libpng", 1, 6, 52),
    ("libreoffice-fresh", 25, 8, 3),
    ("libsecret", 0, 21, 7),
    ("libsoup3", 3, 6, 5),
    ("libva", 2, 22, 0),
    ("libx11", 1, 8, 12),
    ("libxkbcommon", 1, 13, 0),
    ("libxml2", 2, 15, 1),
    ("llvm-libs", 21, 1, 6),
    ("lvm2", 2, 3, 36),
    ("mesa", 25, 3, 1),
    ("mkinitcpio", 40, 0, 1),
    ("nano", 8, 7, 0),
    ("ncurses", 6, 5, 2),
    ("networkmanager", 1, 54, 3),
    ("nodejs", 25, 2, 1),
    ("nss", 3, 118, 1),
    ("openssh", 10, 2, 1),
    ("openssl", 3, 6, 0),
    ("p11-kit", 0, 25, 10),
    ("pacman", 7, 1, 0),
    ("pacman-mirrorlist", 20251230, 0, 1),
    ("pam", 1, 7, 1),
    ("pango", 1, 57, 0),
    ("perl", 5, 42, 0),
    ("pipewire", 1, 4, 9),
    ("pipewire-pulse", 1, 4, 9),
    ("plasma-desktop", 6, 5, 4),
    ("plasma-workspace", 6, 5, 4),
    ("polkit", 126, 0, 1),
    ("python", 3, 14, 2),
    ("qt6-base", 6, 10, 1),
    ("qt6-declarative", 6, 10, 1),
    ("qt6-wayland", 6, 10, 1),
    ("rust", 1, 92, 0),
    ("sof-firmware", 2025, 12, 1),
    ("sqlite", 3, 51, 1),
    ("sudo", 1, 9, 17),
    ("systemd", 258, 3, 1),
    ("systemd-libs", 258, 3, 1),
    ("thunderbird", 146, 0, 1),
    ("tzdata", 2025, 3, 1),
    ("util-linux", 2, 41, 3),
    ("vim", 9, 1, 1990),
    ("vulkan-intel", 25, 3, 1),
    ("wireplumber", 0, 5, 12),
    ("xdg-desktop-portal", 1, 20, 3),
    ("xz", 5, 8, 1),
    ("zstd", 1, 5, 7),
];

/// One package's version as Arch writes it.
fn arch_version(name: &str, v: (u64, u64, u64), rel: u64) -> String {
    if name.starts_with("archlinux-keyring")
        || name.starts_with("intel-ucode")
        || name.starts_with("pacman-mirrorlist")
    {
        return format!("{}-{rel}", v.0);
    }
    if name == "tzdata" {
        return format!("{}{}-{rel}", v.0, (b'a' + v.1 as u8 % 26) as char);
    }
    format!("{}.{}.{}-{rel}", v.0, v.1, v.2)
}

/// The log of one pacman command: its lines, from `t`.
struct PacLog {
    out: String,
    t: u64,
}

impl PacLog {
    fn line(&mut self, kind: &str, text: &str) {
        self.out
            .push_str(&format!("{} [{kind}] {text}\n", pacman_stamp(self.t)));
    }

    /// The image mkinitcpio builds for one preset.
    fn mkinitcpio(&mut self, kernel: &str, uname: &str, preset: &str) {
        let (image, extra) = if preset == "default" {
            (format!("/boot/initramfs-{kernel}.img"), "")
        } else {
            (
                format!("/boot/initramfs-{kernel}-fallback.img"),
                " -S autodetect",
            )
        };
        self.line(
            "ALPM-SCRIPTLET",
            &format!(
                "==> Building image from preset: /etc/mkinitcpio.d/{kernel}.preset: '{preset}'"
            ),
        );
        self.line(
            "ALPM-SCRIPTLET",
            "==> Using default configuration file: '/etc/mkinitcpio.conf'",
        );
        self.line(
            "ALPM-SCRIPTLET",
            &format!("  -> -k /boot/vmlinuz-{kernel} -g {image}{extra}"),
        );
        self.line("ALPM-SCRIPTLET", &format!("==> Starting build: '{uname}'"));
        for hook in [
            "base",
            "systemd",
            "autodetect",
            "microcode",
            "modconf",
            "kms",
            "keyboard",
            "sd-vconsole",
            "block",
            "sd-encrypt",
            "filesystems",
            "fsck",
        ] {
            if preset == "fallback" && hook == "autodetect" {
                continue;
            }
            self.line(
                "ALPM-SCRIPTLET",
                &format!("  -> Running build hook: [{hook}]"),
            );
            if preset == "fallback" && hook == "block" {
                for module in [
                    "aic94xx",
                    "bfa",
                    "qed",
                    "qla1280",
                    "qla2xxx",
                    "wd719x",
                    "xhci_pci_renesas",
                ] {
                    self.line(
                        "ALPM-SCRIPTLET",
                        &format!("==> WARNING: Possibly missing firmware for module: '{module}'"),
                    );
                }
            }
            self.t += u64::from(hook == "systemd" || hook == "block");
        }
        self.line("ALPM-SCRIPTLET", "==> Generating module dependencies");
        self.line(
            "ALPM-SCRIPTLET",
            &format!("==> Creating zstd-compressed initcpio image: '{image}'"),
        );
        self.t += 2;
        self.line(
            "ALPM-SCRIPTLET",
            "  -> Early uncompressed CPIO image generation successful",
        );
        self.line("ALPM-SCRIPTLET", "==> Initcpio image generation successful");
    }

    /// The hooks after a transaction; the images of both kernels when a
    /// kernel or firmware changed.
    fn hooks(&mut self, images: Option<(&str, &str)>) {
        self.t += 1;
        for hook in [
            "20-systemd-sysusers.hook",
            "30-systemd-daemon-reload-system.hook",
            "30-systemd-tmpfiles.hook",
            "30-systemd-udev-reload.hook",
            "30-systemd-update.hook",
        ] {
            self.line("ALPM", &format!("running '{hook}'..."));
        }
        if let Some((linux, lts)) = images {
            self.line("ALPM", "running '90-mkinitcpio-install.hook'...");
            self.mkinitcpio("linux", linux, "default");
            self.mkinitcpio("linux", linux, "fallback");
            self.mkinitcpio("linux-lts", lts, "default");
            self.mkinitcpio("linux-lts", lts, "fallback");
        }
        for hook in [
            "dbus-reload.hook",
            "gtk-update-icon-cache.hook",
            "update-desktop-database.hook",
        ] {
            self.line("ALPM", &format!("running '{hook}'..."));
        }
    }
}

/// `/var/log/pacman.log` of a developer's KDE laptop from January to
/// November 2026: a full upgrade every few days, each with its hooks and,
/// when a kernel or firmware changed, mkinitcpio's images of both
/// kernels (`linux` and `linux-lts`). On 12 July an upgrade took `linux`
/// from 7.1.2 to 7.1.3; on the evening of 14 July the owner first
/// downgraded `linux-firmware-intel` (which did not help), then at
/// 21:03:55 downgraded `linux` back to 7.1.2.arch1-1: the answer. Decoys:
/// the firmware downgrade the same evening, a `mesa` downgrade in March,
/// `linux-lts` upgrades, and hundreds of kernel upgrades before and after.
fn pacman_kernel_rollback() -> Case {
    let mut vers: Vec<(u64, u64, u64)> = ARCH_PKGS.iter().map(|p| (p.1, p.2, p.3)).collect();
    let mut rels: Vec<u64> = vec![1; ARCH_PKGS.len()];
    // linux by month: the series Arch shipped.
    let series = |month: u64| -> (u64, u64) {
        match month {
            1 => (6, 18),
            2 | 3 => (6, 19),
            4 | 5 => (7, 0),
            6 | 7 => (7, 1),
            8 | 9 => (7, 2),
            _ => (7, 3),
        }
    };
    let mut linux = (6u64, 18u64, 3u64);
    let mut lts = (6u64, 12u64, 63u64);
    let mut fw = (20_251_212u64, hex(0, 9001, 8));
    let mut log = PacLog {
        out: String::new(),
        t: 0,
    };
    // Sessions: every three to eight days, in the evening.
    let mut days: Vec<u64> = Vec::new();
    let mut d = days_from_civil(2026, 1, 3);
    let end = days_from_civil(2026, 11, 26);
    let (jul9, jul20) = (days_from_civil(2026, 7, 9), days_from_civil(2026, 7, 20));
    let jul12 = days_from_civil(2026, 7, 12);
    let jul14 = days_from_civil(2026, 7, 14);
    let aug2 = days_from_civil(2026, 8, 2);
    let mut k = 0usize;
    while d <= end {
        if !(jul9..=jul20).contains(&d) {
            days.push(d);
        }
        k += 1;
        d += 3 + h(k, 9002) % 5;
    }
    days.push(jul12);
    days.sort_unstable();
    let mut downgrade_at = 0u64;
    let mut fw_june = (0u64, String::new());
    for (s, &day) in days.iter().enumerate() {
        let (_, month, _) = civil(day);
        let local = 18 * 3_600 + h(s, 9003) % (4 * 3_600);
        log.t = day * 86_400 + local - cet_offset(day * 86_400 + local);
        let yay = h(s, 9004).is_multiple_of(3);
        if yay {
            log.line(
                "PACMAN",
                "Running 'pacman -S -y -u --config /etc/pacman.conf --'",
            );
        } else {
            log.line("PACMAN", "Running 'pacman -Syu'");
        }
        log.line("PACMAN", "synchronizing package lists");
        log.t += 2 + h(s, 9005) % 4;
        log.line("PACMAN", "starting full system upgrade");
        log.t += 20 + h(s, 9006) % 90;
        // What this session upgrades, in pacman's (alphabetical) order.
        let mut changes: Vec<(String, String, String)> = Vec::new();
        let mut images = false;
        // The kernel: Arch's next point release, except around July (held
        // back with IgnorePkg after the rollback until August).
        let held = day > jul12 && day < aug2;
        let (smaj, smin) = series(month);
        let june = day > days_from_civil(2026, 6, 1) && day < jul12;
        let kernel_due = day == jul12
            || june
            || (!held && (!h(s, 9007).is_multiple_of(3) || (smaj, smin) != (linux.0, linux.1)));
        if kernel_due {
            let next = if day == jul12 {
                (7, 1, 3)
            } else if june {
                if (linux.0, linux.1) != (7, 1) {
                    (7, 1, 1)
                } else {
                    (7, 1, 2)
                }
            } else if (smaj, smin) != (linux.0, linux.1) {
                (smaj, smin, 1 + h(s, 9008) % 2)
            } else {
                (linux.0, linux.1, linux.2 + 1 + h(s, 9009) % 2)
            };
            if next != linux {
                changes.push((
                    "linux".into(),
                    format!("{}.{}.{}.arch1-1", linux.0, linux.1, linux.2),
                    format!("{}.{}.{}.arch1-1", next.0, next.1, next.2),
                ));
                linux = next;
                images = true;
            }
        }
        if h(s, 9010) % 5 < 2 {
            let next = (lts.0, lts.1, lts.2 + 1 + h(s, 9011) % 3);
            changes.push((
                "linux-lts".into(),
                format!("{}.{}.{}-1", lts.0, lts.1, lts.2),
                format!("{}.{}.{}-1", next.0, next.1, next.2),
            ));
            lts = next;
            images = true;
        }
        // Firmware once a month, in the first session after the 8th.
        let (_, _, dom) = civil(day);
        let fw_month = (fw.0 / 100) % 100;
        if (dom >= 8 && fw_month != month) || day == jul12 {
            let (y, _, _) = civil(day);
            let next = (
                y * 10_000 + month * 100 + 8 + h(s, 9012) % 3,
                hex(s, 9013, 8),
            );
            for part in [
                "linux-firmware-intel",
                "linux-firmware-other",
                "linux-firmware-whence",
            ] {
                changes.push((
                    part.into(),
                    format!("{}.{}-1", fw.0, fw.1),
                    format!("{}.{}-1", next.0, next.1),
                ));
            }
            if day == jul12 {
                fw_june = fw.clone();
            }
            fw = next;
            images = true;
        }
        for (p, pkg) in ARCH_PKGS.iter().enumerate() {
            if h(s * 131 + p, 9014) % 100 >= 34 {
                continue;
            }
            let from = arch_version(pkg.0, vers[p], rels[p]);
            if pkg.1 > 10_000 {
                // A date for a version: the day it was packaged.
                let (y, m, d) = civil(day - 1 - h(s * 131 + p, 9019) % 2);
                vers[p].0 = y * 10_000 + m * 100 + d;
                rels[p] = 1;
            } else if pkg.0 == "tzdata" {
                vers[p].1 += 1;
                rels[p] = 1;
            } else if h(s * 131 + p, 9015).is_multiple_of(4) {
                rels[p] += 1;
            } else {
                vers[p].2 += 1;
                rels[p] = 1;
            }
            changes.push((
                pkg.0.to_string(),
                from,
                arch_version(pkg.0, vers[p], rels[p]),
            ));
            images |= pkg.0 == "mkinitcpio" || pkg.0 == "systemd";
        }
        changes.sort();
        log.line("ALPM", "transaction started");
        if images {
            log.line("ALPM", "running '60-mkinitcpio-remove.hook'...");
        }
        for (name, from, to) in &changes {
            log.t += u64::from(h(log.t as usize, 9016).is_multiple_of(3));
            log.line("ALPM", &format!("upgraded {name} ({from} -> {to})"));
            if name == "pacman-mirrorlist" && h(s, 9017).is_multiple_of(2) {
                log.line(
                    "ALPM",
                    "warning: /etc/pacman.d/mirrorlist installed as /etc/pacman.d/mirrorlist.pacnew",
                );
            }
        }
        log.line("ALPM", "transaction completed");
        let uname = format!("{}.{}.{}-arch1-1", linux.0, linux.1, linux.2);
        let lts_uname = format!("{}.{}.{}-1-lts", lts.0, lts.1, lts.2);
        log.hooks(if images {
            Some((&uname, &lts_uname))
        } else {
            None
        });
        // March: mesa 25.3 breaks video playback; back to the cached one.
        if day
            == days
                .iter()
                .copied()
                .find(|&x| x >= days_from_civil(2026, 3, 12))
                .unwrap()
        {
            log.t += 1_800 + h(s, 9018) % 1_800;
            let m = ARCH_PKGS.iter().position(|p| p.0 == "mesa").unwrap();
            let cur = arch_version("mesa", vers[m], rels[m]);
            let old = arch_version("mesa", (vers[m].0, vers[m].1, vers[m].2 - 1), 1);
            log.line(
                "PACMAN",
                &format!("Running 'pacman -U /var/cache/pacman/pkg/mesa-{old}-x86_64.pkg.tar.zst'"),
            );
            log.t += 3;
            log.line("ALPM", "transaction started");
            log.line("ALPM", &format!("downgraded mesa ({cur} -> {old})"));
            log.line("ALPM", "transaction completed");
            log.hooks(None);
            vers[m].2 -= 1;
        }
        // 14 July: the Wi-Fi is gone since the 12th. First the firmware,
        // then the kernel.
        if day == jul12 {
            log.t = jul14 * 86_400 + 20 * 3_600 + 41 * 60 + 12 - 7_200;
            let prev = format!("{}.{}", fw_june.0, fw_june.1);
            log.line(
                "PACMAN",
                &format!("Running 'pacman -U /var/cache/pacman/pkg/linux-firmware-intel-{prev}-1-any.pkg.tar.zst'"),
            );
            log.t += 4;
            log.line("ALPM", "transaction started");
            log.line("ALPM", "running '60-mkinitcpio-remove.hook'...");
            log.t += 1;
            log.line(
                "ALPM",
                &format!(
                    "downgraded linux-firmware-intel ({}.{}-1 -> {prev}-1)",
                    fw.0, fw.1
                ),
            );
            log.line("ALPM", "transaction completed");
            log.hooks(Some((&uname, &lts_uname)));
            // 21:03: the kernel.
            log.t = jul14 * 86_400 + 21 * 3_600 + 3 * 60 + 51 - 7_200;
            log.line(
                "PACMAN",
                "Running 'pacman -U /var/cache/pacman/pkg/linux-7.1.2.arch1-1-x86_64.pkg.tar.zst'",
            );
            log.t += 2;
            log.line("ALPM", "transaction started");
            log.line("ALPM", "running '60-mkinitcpio-remove.hook'...");
            log.t += 2;
            downgrade_at = log.t;
            log.line("ALPM", "downgraded linux (7.1.3.arch1-1 -> 7.1.2.arch1-1)");
            log.t += 1;
            log.line("ALPM", "transaction completed");
            linux = (7, 1, 2);
            log.hooks(Some(("7.1.2-arch1-1", &lts_uname)));
        }
    }
    let out = log.out;
    let when = pacman_stamp(downgrade_at);
    let when = when
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_string();
    assert_eq!(when, "2026-07-14T21:03:55+0200");
    assert_eq!(whole(&out, &when), 1);
    assert_eq!(out.matches("] [ALPM] downgraded linux (").count(), 1);
    assert_eq!(
        out.matches("upgraded linux (7.1.2.arch1-1 -> 7.1.3.arch1-1)")
            .count(),
        1
    );
    let at = out.find("downgraded linux (").unwrap();
    assert!(
        at > out.len() / 4 && at < out.len() * 3 / 4,
        "{at} of {}",
        out.len()
    );
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::fact(
        "pacman.log of a laptop, the kernel rolled back in the summer and when",
        out,
        "Back in the summer my Wi-Fi stopped working after an update and I went back to an older kernel to get it working again. Which kernel version did I go back to, and when exactly did I do that?",
        &["2026-07-14T21:03:55+0200", "7.1.2.arch1-1"],
    )
}

// ---------------------------------------------------------------- rkhunter

/// The files rkhunter's property check covers on Debian 12, in its order.
const RKH_FILES: [&str; 150] = [
    "/usr/sbin/adduser",
    "/usr/sbin/chroot",
    "/usr/sbin/cron",
    "/usr/sbin/depmod",
    "/usr/sbin/fsck",
    "/usr/sbin/groupadd",
    "/usr/sbin/groupdel",
    "/usr/sbin/groupmod",
    "/usr/sbin/grpck",
    "/usr/sbin/ifconfig",
    "/usr/sbin/init",
    "/usr/sbin/insmod",
    "/usr/sbin/ip",
    "/usr/sbin/lsmod",
    "/usr/sbin/modinfo",
    "/usr/sbin/modprobe",
    "/usr/sbin/nologin",
    "/usr/sbin/pwck",
    "/usr/sbin/rmmod",
    "/usr/sbin/route",
    "/usr/sbin/rsyslogd",
    "/usr/sbin/runlevel",
    "/usr/sbin/sshd",
    "/usr/sbin/sulogin",
    "/usr/sbin/sysctl",
    "/usr/sbin/useradd",
    "/usr/sbin/userdel",
    "/usr/sbin/usermod",
    "/usr/sbin/vipw",
    "/usr/sbin/unhide",
    "/usr/sbin/unhide-linux",
    "/usr/sbin/unhide-posix",
    "/usr/sbin/unhide-tcp",
    "/usr/bin/awk",
    "/usr/bin/basename",
    "/usr/bin/bash",
    "/usr/bin/cat",
    "/usr/bin/chattr",
    "/usr/bin/chmod",
    "/usr/bin/chown",
    "/usr/bin/cp",
    "/usr/bin/curl",
    "/usr/bin/cut",
    "/usr/bin/date",
    "/usr/bin/df",
    "/usr/bin/diff",
    "/usr/bin/dirname",
    "/usr/bin/dmesg",
    "/usr/bin/dpkg",
    "/usr/bin/dpkg-query",
    "/usr/bin/du",
    "/usr/bin/echo",
    "/usr/bin/ed",
    "/usr/bin/egrep",
    "/usr/bin/env",
    "/usr/bin/fgrep",
    "/usr/bin/file",
    "/usr/bin/find",
    "/usr/bin/fuser",
    "/usr/bin/GET",
    "/usr/bin/grep",
    "/usr/bin/groups",
    "/usr/bin/head",
    "/usr/bin/id",
    "/usr/bin/ip",
    "/usr/bin/ipcs",
    "/usr/bin/kill",
    "/usr/bin/killall",
    "/usr/bin/last",
    "/usr/bin/lastlog",
    "/usr/bin/ldd",
    "/usr/bin/less",
    "/usr/bin/locate",
    "/usr/bin/logger",
    "/usr/bin/login",
    "/usr/bin/ls",
    "/usr/bin/lsattr",
    "/usr/bin/lsmod",
    "/usr/bin/lsof",
    "/usr/bin/mail",
    "/usr/bin/md5sum",
    "/usr/bin/mktemp",
    "/usr/bin/more",
    "/usr/bin/mount",
    "/usr/bin/mv",
    "/usr/bin/netstat",
    "/usr/bin/newgrp",
    "/usr/bin/passwd",
    "/usr/bin/perl",
    "/usr/bin/pgrep",
    "/usr/bin/ping",
    "/usr/bin/pkill",
    "/usr/bin/ps",
    "/usr/bin/pstree",
    "/usr/bin/pwd",
    "/usr/bin/readlink",
    "/usr/bin/rkhunter",
    "/usr/bin/runcon",
    "/usr/bin/sed",
    "/usr/bin/sh",
    "/usr/bin/sha1sum",
    "/usr/bin/sha224sum",
    "/usr/bin/sha256sum",
    "/usr/bin/sha384sum",
    "/usr/bin/sha512sum",
    "/usr/bin/size",
    "/usr/bin/sort",
    "/usr/bin/ssh",
    "/usr/bin/stat",
    "/usr/bin/strace",
    "/usr/bin/strings",
    "/usr/bin/su",
    "/usr/bin/sudo",
    "/usr/bin/tail",
    "/usr/bin/telnet",
    "/usr/bin/test",
    "/usr/bin/top",
    "/usr/bin/touch",
    "/usr/bin/tr",
    "/usr/bin/uname",
    "/usr/bin/uniq",
    "/usr/bin/users",
    "/usr/bin/vmstat",
    "/usr/bin/w",
    "/usr/bin/watch",
    "/usr/bin/wc",
    "/usr/bin/wget",
    "/usr/bin/whatis",
    "/usr/bin/whereis",
    "/usr/bin/which",
    "/usr/bin/who",
    "/usr/bin/whoami",
    "/usr/bin/numfmt",
    "/usr/bin/kmod",
    "/usr/bin/systemctl",
    "/usr/bin/gawk",
    "/usr/bin/lwp-request",
    "/usr/bin/bsd-mailx",
    "/usr/bin/dash",
    "/usr/bin/x86_64-linux-gnu-size",
    "/usr/bin/x86_64-linux-gnu-strings",
    "/usr/bin/telnet.netkit",
    "/usr/bin/which.debianutils",
    "/usr/bin/mawk",
    "/usr/bin/w.procps",
    "/usr/bin/nc.openbsd",
    "/usr/bin/ncat",
    "/usr/bin/ss",
    "/usr/lib/systemd/systemd",
    "/usr/local/bin/rkhunter",
];

/// The rootkits rkhunter knows, in its order.
const RKH_ROOTKITS: [&str; 80] = [
    "55808 Trojan - Variant A",
    "ADM Worm",
    "AjaKit Rootkit",
    "Adore Rootkit",
    "aPa Kit",
    "Apache Worm",
    "Ambient (ark) Rootkit",
    "Balaur Rootkit",
    "BeastKit Rootkit",
    "beX2 Rootkit",
    "BOBKit Rootkit",
    "cb Rootkit",
    "CiNIK Worm (Slapper.B variant)",
    "Danny-Boy's Abuse Kit",
    "Devil RootKit",
    "Diamorphine LKM",
    "Dica-Kit Rootkit",
    "Dreams Rootkit",
    "Duarawkz Rootkit",
    "Ebury backdoor",
    "Enye LKM",
    "Flea Linux Rootkit",
    "FreeBSD Rootkit",
    "Fu Rootkit",
    "GasKit Rootkit",
    "Heroin LKM",
    "HjC Kit",
    "ignoKit Rootkit",
    "IntoXonia-NG Rootkit",
    "Irix Rootkit",
    "Jynx Rootkit",
    "Jynx2 Rootkit",
    "KBeast Rootkit",
    "Kitko Rootkit",
    "Knark Rootkit",
    "ld-linuxv.so Rootkit",
    "Li0n Worm",
    "Lockit / LJK2 Rootkit",
    "Mokes backdoor",
    "Mood-NT Rootkit",
    "MRK Rootkit",
    "Ni0 Rootkit",
    "Ohhara Rootkit",
    "Optic Kit (Tux) Worm",
    "Oz Rootkit",
    "Phalanx Rootkit",
    "Phalanx2 Rootkit",
    "Phalanx2 Rootkit (extended tests)",
    "Portacelo Rootkit",
    "R3dstorm Toolkit",
    "RH-Sharpe's Rootkit",
    "RSHA's Rootkit",
    "Scalper Worm",
    "Sebek LKM",
    "Shutdown Rootkit",
    "SHV4 Rootkit",
    "SHV5 Rootkit",
    "Sin Rootkit",
    "Slapper Worm",
    "Sneakin Rootkit",
    "'Spanish' Rootkit",
    "Suckit Rootkit",
    "Superkit Rootkit",
    "TBD (Telnet BackDoor)",
    "TeLeKiT Rootkit",
    "T0rn Rootkit",
    "trNkit Rootkit",
    "Trojanit Kit",
    "Tuxtendo Rootkit",
    "URK Rootkit",
    "Vampire Rootkit",
    "VcKit Rootkit",
    "Volc Rootkit",
    "Xzibit Rootkit",
    "zaRwT.KiT Rootkit",
    "ZK Rootkit",
    "Zyxel backdoor",
    "XOR.DDoS Malware",
    "Linux.Xor.DDoS Malware",
    "Bvp47 Backdoor",
];

/// One night's rkhunter run, appended to the log.
struct RkhRun<'a> {
    out: &'a mut String,
    t: u64,
    n: usize,
}

impl RkhRun<'_> {
    fn line(&mut self, text: &str) {
        self.out
            .push_str(&format!("[{}] {text}\n", clock(self.t % 86_400)));
        self.n += 1;
        if h(self.n, 9101).is_multiple_of(7) {
            self.t += 1;
        }
    }

    fn blank(&mut self) {
        self.out
            .push_str(&format!("[{}]\n", clock(self.t % 86_400)));
    }

    fn check(&mut self, text: &str, result: &str) {
        self.line(&format!("{text:<49} [ {result} ]"));
    }
}

/// `1795909633 (23-Nov-2026 23:47:13)`: a file time as rkhunter shows it.
fn rkh_mtime(t: u64) -> String {
    let l = t + cet_offset(t);
    let (y, m, d) = civil(l / 86_400);
    format!(
        "{t} ({d:02}-{}-{y} {})",
        MONTHS[m as usize - 1],
        clock(l % 86_400)
    )
}

/// A changed file's warning block.
fn rkh_changed(run: &mut RkhRun, file: &str, i: usize, size: (u64, u64), mtime: (u64, u64)) {
    run.check(file, "Warning");
    run.line("Warning: The file properties have changed:");
    run.line(&format!("         File: {file}"));
    run.line(&format!("         Current hash: {}", hex(i, 9102, 64)));
    run.line(&format!("         Stored hash : {}", hex(i, 9103, 64)));
    run.line(&format!(
        "         Current inode: {}    Stored inode: {}",
        1_048_000 + h(i, 9104) % 90_000,
        1_048_000 + h(i, 9105) % 90_000
    ));
    run.line(&format!(
        "         Current size: {}    Stored size: {}",
        size.0, size.1
    ));
    run.line(&format!(
        "         Current file modification time: {}",
        rkh_mtime(mtime.0)
    ));
    run.line(&format!(
        "         Stored file modification time : {}",
        rkh_mtime(mtime.1)
    ));
}

/// `/var/log/rkhunter.log` of a shop's web server, `--cronjob
/// --appendlog` every night at 03:10 for a week (Saturday 21 to Friday 27
/// November). Every night: `lwp-request` replaced by a script and the
/// hidden `/etc/.java` (Debian's usual two). Sunday's run, after
/// Saturday's updates: `curl`, `ssh` and `sshd` changed (their build
/// times), accepted with `--propupd` on Sunday. From Tuesday on:
/// `/usr/bin/ps` changed, its file modified on Monday 23 November at
/// 23:47:13, bigger, no update behind it: the answer.
fn rkhunter_changed_program() -> Case {
    let mut out = String::new();
    let tampered = days_from_civil(2026, 11, 23) * 86_400 + 22 * 3_600 + 47 * 60 + 13;
    let mut n = 0usize;
    for night in 0..7u64 {
        let day = DAY / 86_400 - 6 + night;
        let start = 3 * 3_600 + 10 * 60 + 1 + h(night as usize, 9110) % 3;
        let mut run = RkhRun {
            out: &mut out,
            t: start,
            n,
        };
        let (y, m, d) = civil(day);
        let date = |t: u64| {
            format!(
                "{} {} {d:2} {} CET {y}",
                WEEKDAYS[(day % 7) as usize],
                MONTHS[m as usize - 1],
                clock(t % 86_400)
            )
        };
        run.line("Running Rootkit Hunter version 1.4.6 on web-02");
        run.blank();
        run.line(&format!("Info: Start date is {}", date(start)));
        run.blank();
        run.line("Checking configuration file and command-line options...");
        for info in [
            "Info: Detected operating system is 'Linux'",
            "Info: Found O/S name: Debian GNU/Linux 12 (bookworm)",
            "Info: Command line is /usr/bin/rkhunter --cronjob --report-warnings-only --appendlog",
            "Info: Environment shell is /bin/sh; rkhunter is using dash",
            "Info: Using configuration file '/etc/rkhunter.conf'",
            "Info: Installation directory is '/usr'",
            "Info: Using language 'en'",
            "Info: Using '/var/lib/rkhunter/db' as the database directory",
            "Info: Using '/usr/share/rkhunter/scripts' as the support script directory",
            "Info: Using '/usr/local/sbin /usr/local/bin /usr/sbin /usr/bin /sbin /bin /usr/libexec' as the command directories",
            "Info: Using '/var/lib/rkhunter/tmp' as the temporary directory",
            "Info: Emailing warnings to 'root' using command '/usr/bin/mail -s \"[rkhunter] Warnings found for ${HOST_NAME}\"'",
            "Info: Using second color set",
        ] {
            run.line(info);
        }
        for cmd in [
            "basename",
            "diff",
            "file",
            "find",
            "ifconfig",
            "ip",
            "ldd",
            "lsattr",
            "lsmod",
            "lsof",
            "mktemp",
            "netstat",
            "numfmt",
            "perl",
            "ps",
            "pwd",
            "readlink",
            "sort",
            "ss",
            "stat",
            "strings",
            "uniq",
            "unhide",
            "unhide-tcp",
        ] {
            let dir = if ["ifconfig", "lsmod", "unhide", "unhide-tcp"].contains(&cmd) {
                "/usr/sbin"
            } else {
                "/usr/bin"
            };
            run.line(&format!("Info: Found the '{cmd}' command: {dir}/{cmd}"));
        }
        for info in [
            "Info: Found the 'unhide' command: /usr/sbin/unhide (version 20220611)",
            "Info: System is not using prelinking",
            "Info: Using the '/usr/bin/sha256sum' command for the file hash checks",
            "Info: Stored hash values used hash function '/usr/bin/sha256sum'",
            "Info: Stored hash values did not use a package manager",
            "Info: No package manager specified: using hash function '/usr/bin/sha256sum'",
            "Info: Previous file attributes were stored",
            "Info: Enabled tests are: all",
            "Info: Disabled tests are: suspscan hidden_ports hidden_procs deleted_files packet_cap_apps apps",
            "Info: Found ksym file '/proc/kallsyms'",
        ] {
            run.line(info);
        }
        run.blank();
        run.line("Checking if the O/S has changed since last time...");
        run.line("Info: Nothing seems to have changed.");
        run.blank();
        run.line("Starting system checks...");
        run.blank();
        run.line("Checking system commands...");
        run.line("Info: Starting test name 'system_commands'");
        run.blank();
        run.line("Performing 'strings' command checks");
        run.line("Info: Starting test name 'strings'");
        run.check("Checking 'strings' command", "OK");
        run.blank();
        run.line("Performing 'shared libraries' checks");
        run.line("Info: Starting test name 'shared_libs'");
        run.check("Checking for preloading variables", "None found");
        run.check("Checking for preloaded libraries", "None found");
        run.line("Info: Starting test name 'shared_libs_path'");
        run.check("Checking LD_LIBRARY_PATH variable", "Not found");
        run.blank();
        run.line("Performing file properties checks");
        run.line("Info: Starting test name 'properties'");
        run.check("Checking for prerequisites", "OK");
        let mut suspect = 0;
        for (f, file) in RKH_FILES.iter().enumerate() {
            let i = f + 1_000 * night as usize;
            if *file == "/usr/bin/lwp-request" {
                suspect += 1;
                run.check(file, "Warning");
                run.line("Warning: The command '/usr/bin/lwp-request' has been replaced by a script: /usr/bin/lwp-request: Perl script text executable");
                continue;
            }
            // Sunday: Saturday's updates (curl, OpenSSH), accepted with
            // --propupd on Sunday morning.
            let updated = [
                (
                    "/usr/bin/curl",
                    2_917_376u64,
                    2_912_744u64,
                    (11, 18, 9, 41, 27),
                ),
                ("/usr/bin/ssh", 1_207_048, 1_202_952, (11, 19, 14, 2, 55)),
                ("/usr/sbin/sshd", 1_321_992, 1_317_896, (11, 19, 14, 2, 55)),
            ];
            if night == 1
                && let Some(u) = updated.iter().find(|u| u.0 == *file)
            {
                suspect += 1;
                let (mo, dd, hh, mi, ss) = u.3;
                let built = days_from_civil(2026, mo, dd) * 86_400 + hh * 3_600 + mi * 60 + ss;
                let old = days_from_civil(2026, 8, 14) * 86_400
                    + 7 * 3_600
                    + 12 * 60
                    + h(f, 9111) % 3_600;
                rkh_changed(&mut run, file, i, (u.1, u.2), (built, old));
                continue;
            }
            if *file == "/usr/bin/ps" && night >= 3 {
                suspect += 1;
                let old = days_from_civil(2024, 10, 18) * 86_400 + 16 * 3_600 + 34 * 60 + 2;
                rkh_changed(&mut run, file, 777, (158_816, 137_688), (tampered, old));
                continue;
            }
            run.check(file, "OK");
            if [
                "/usr/sbin/adduser",
                "/usr/bin/egrep",
                "/usr/bin/fgrep",
                "/usr/bin/ldd",
                "/usr/bin/which.debianutils",
            ]
            .contains(file)
            {
                run.line(&format!(
                    "Info: Found file '{file}': it is whitelisted for the 'script replacement' check."
                ));
            }
        }
        run.blank();
        run.line("Checking for rootkits...");
        run.line("Info: Starting test name 'rootkits'");
        run.blank();
        run.line("Performing check of known rootkit files and directories");
        run.line("Info: Starting test name 'known_rkts'");
        run.blank();
        let dirs = [
            "/usr/lib",
            "/dev",
            "/tmp",
            "/usr/share",
            "/lib",
            "/usr/sbin",
            "/etc",
            "/var/run",
            "/usr/include",
            "/usr/bin",
            "/var/lib",
            "/usr/local/bin",
        ];
        for (r, kit) in RKH_ROOTKITS.iter().enumerate() {
            run.line(&format!("Checking for {kit}..."));
            let files = 1 + h(r, 9112) % 9;
            let hidden = format!(".{}", letters(r, 9113, 3 + r % 4));
            for j in 0..files {
                let dir = dirs[(h(r * 16 + j as usize, 9114) % dirs.len() as u64) as usize];
                let name = letters(
                    r * 16 + j as usize,
                    9115,
                    2 + (h(r * 16 + j as usize, 9116) % 6) as usize,
                );
                let kind = if j + 1 == files && files > 2 {
                    "directory"
                } else {
                    "file"
                };
                let path = if kind == "directory" {
                    format!("{dir}/{hidden}")
                } else if j % 2 == 0 {
                    format!("{dir}/{hidden}/{name}")
                } else {
                    format!("{dir}/{name}")
                };
                run.check(&format!("  Checking for {kind} '{path}'"), "Not found");
            }
            run.check(kit, "Not found");
            run.blank();
        }
        run.line("Performing additional rootkit checks");
        run.line("Info: Starting test name 'additional_rkts'");
        run.blank();
        run.line("  Performing Suckit Rootkit additional checks");
        run.check("    Checking /proc/1/maps for suspicious strings", "OK");
        run.check("    Checking for hidden file extensions", "None found");
        run.check("  Suckit Rootkit additional checks", "OK");
        run.blank();
        run.line("  Performing check of possible rootkit files and directories");
        run.line("Info: Starting test name 'possible_rkt_files'");
        for f in [
            "/dev/sdr0",
            "/tmp/.syshackfile",
            "/tmp/.bash_history",
            "/usr/info/.clib",
            "/usr/sbin/tcp.log",
            "/usr/bin/take/pid",
            "/sbin/create",
            "/dev/ttypz",
        ] {
            run.check(&format!("    Checking for file '{f}'"), "Not found");
        }
        run.check(
            "  Checking for possible rootkit files and directories",
            "None found",
        );
        run.blank();
        run.line("  Performing check for possible rootkit strings");
        run.line("Info: Starting test name 'possible_rkt_strings'");
        for s in [
            "backdoor",
            "vt200",
            "/usr/bin/xstat",
            "L4m3r0x",
            "/dev/sgk",
            "psniff",
            "promiscuous",
            "in.inetd",
            "bin/xchk",
            "bin/xsf",
        ] {
            run.check(&format!("    Checking for string '{s}'"), "Not found");
        }
        run.check("  Checking for possible rootkit strings", "None found");
        run.blank();
        run.line("Performing malware checks");
        run.line("Info: Starting test name 'malware'");
        run.blank();
        run.line("Info: Test 'deleted_files' disabled at users request.");
        run.line("Info: Starting test name 'running_procs'");
        run.check(
            "  Checking running processes for suspicious files",
            "None found",
        );
        run.blank();
        run.line("Info: Test 'hidden_procs' disabled at users request.");
        run.blank();
        run.line("Info: Test 'suspscan' disabled at users request.");
        run.blank();
        run.line("  Performing check for login backdoors");
        run.line("Info: Starting test name 'other_malware'");
        run.check("    Checking for '/bin/.login'", "Not found");
        run.check("    Checking for '/sbin/.login'", "Not found");
        run.check("  Checking for login backdoors", "None found");
        run.blank();
        run.check("  Checking for software intrusions", "Skipped");
        run.line("Info: Check skipped - tripwire not installed");
        run.blank();
        run.line("Performing trojan specific checks");
        run.line("Info: Starting test name 'trojans'");
        run.check("  Checking for enabled inetd services", "Skipped");
        run.line("Info: Check skipped - file '/etc/inetd.conf' does not exist.");
        run.check("  Checking for Apache backdoor", "Not found");
        run.blank();
        run.line("Performing Linux specific checks");
        run.line("Info: Starting test name 'os_specific'");
        run.check("  Checking loaded kernel modules", "OK");
        run.line("Info: Using modules pathname of '/lib/modules/6.1.0-41-amd64'");
        run.check("  Checking kernel module names", "OK");
        run.blank();
        run.line("Checking the network...");
        run.line("Info: Starting test name 'network'");
        run.blank();
        run.line("Performing checks on the network ports");
        run.line("Info: Starting test name 'ports'");
        run.check("  Checking for backdoor ports", "None found");
        run.blank();
        run.line("Performing checks on the network interfaces");
        run.line("Info: Starting test name 'promisc'");
        run.check("  Checking for promiscuous interfaces", "None found");
        run.blank();
        run.line("Checking the local host...");
        run.line("Info: Starting test name 'local_host'");
        run.blank();
        run.line("Performing system boot checks");
        run.line("Info: Starting test name 'startup_files'");
        run.check("  Checking for local host name", "Found");
        run.check("  Checking for system startup files", "Found");
        run.check("  Checking system startup files for malware", "None found");
        run.blank();
        run.line("Performing group and account checks");
        run.line("Info: Starting test name 'group_accounts'");
        run.check("  Checking for passwd file", "Found");
        run.line("Info: Found password file: /etc/passwd");
        run.check(
            "  Checking for root equivalent (UID 0) accounts",
            "None found",
        );
        run.line("Info: Found shadow file: /etc/shadow");
        run.check("  Checking for passwordless accounts", "None found");
        run.line("Info: Starting test name 'passwd_changes'");
        run.check("  Checking for passwd file changes", "None found");
        run.line("Info: Starting test name 'group_changes'");
        run.check("  Checking for group file changes", "None found");
        run.check("  Checking root account shell history files", "OK");
        run.blank();
        run.line("Performing system configuration file checks");
        run.line("Info: Starting test name 'system_configs'");
        run.check("  Checking for an SSH configuration file", "Found");
        run.line("Info: Found SSH configuration file: /etc/ssh/sshd_config");
        run.check("  Checking if SSH root access is allowed", "Not allowed");
        run.check("  Checking if SSH protocol v1 is allowed", "Not allowed");
        run.check(
            "  Checking for other suspicious configuration settings",
            "None found",
        );
        run.check("  Checking for a running system logging daemon", "Found");
        run.check(
            "  Checking for a system logging configuration file",
            "Found",
        );
        run.check(
            "  Checking if syslog remote logging is allowed",
            "Not allowed",
        );
        run.blank();
        run.line("Performing filesystem checks");
        run.line("Info: Starting test name 'filesystem'");
        run.line("Info: SCAN_MODE_DEV set to 'THOROUGH'");
        run.check("  Checking /dev for suspicious file types", "None found");
        run.check("  Checking for hidden files and directories", "Warning");
        run.line("Warning: Hidden directory found: /etc/.java");
        run.blank();
        run.line("System checks summary");
        run.line("=====================");
        run.blank();
        run.line("File properties checks...");
        run.line(&format!("Files checked: {}", RKH_FILES.len()));
        run.line(&format!("Suspect files: {suspect}"));
        run.blank();
        run.line("Rootkit checks...");
        run.line("Rootkits checked : 498");
        run.line("Possible rootkits: 0");
        run.blank();
        run.line("Applications checks...");
        run.line("All checks skipped");
        run.blank();
        let took = run.t - start;
        run.line(&format!(
            "The system checks took: {} minute and {} seconds",
            took / 60,
            took % 60
        ));
        run.blank();
        let end = run.t;
        run.line(&format!("Info: End date is {}", date(end)));
        n = run.n;
    }
    let when = "23-Nov-2026 23:47:13";
    assert_eq!(
        rkh_mtime(tampered).split_once(" (").unwrap().1,
        format!("{when})")
    );
    assert_eq!(out.matches(when).count(), 4);
    assert!(!out.contains("'/usr/bin/ps'"));
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::fact(
        "rkhunter.log of a week, the program changed behind rkhunter's back",
        out,
        "Since Tuesday rkhunter on web-02 has been warning every night that one of the system programs was changed, but nobody installed updates after the weekend. Which program is it, and when was the file actually changed?",
        &["/usr/bin/ps", when],
    )
}

// -------------------------------------------------------------- ClickHouse

/// One query of `system.query_log`: what its rows share.
struct ChQuery {
    start_ms: u64,
    duration_ms: u64,
    /// `QueryFinish`, `ExceptionWhileProcessing` or `ExceptionBeforeStart`.
    end: &'static str,
    read: (u64, u64),
    written: (u64, u64),
    result: (u64, u64),
    memory: u64,
    db: &'static str,
    query: String,
    kind: &'static str,
    tables: Vec<&'static str>,
    exception: Option<(i64, String)>,
    user: &'static str,
    query_id: String,
    address: &'static str,
    client: (&'static str, &'static str, u64),
    agent: &'static str,
}

/// `2026-11-26 14:03:11` of `ms` milliseconds after the day's midnight.
fn ch_time(day: u64, ms: u64) -> String {
    let t = day * 86_400 + ms / 1000;
    format!("{} {}", ymd(t), clock(t % 86_400))
}

/// One row as `FORMAT JSONEachRow` prints it: 64-bit integers quoted.
fn ch_row(day: u64, q: &ChQuery, i: usize, start: bool) -> String {
    let zero = |x: u64| {
        if start {
            "0".to_string()
        } else {
            x.to_string()
        }
    };
    let (code, text) = match (&q.exception, start) {
        (Some((c, e)), false) => (*c, e.clone()),
        _ => (0, String::new()),
    };
    let databases: Vec<&str> = if q.tables.is_empty() {
        Vec::new()
    } else {
        vec![q.db]
    };
    let row = json!({
        "type": if start { "QueryStart" } else { q.end },
        "event_date": ymd(day * 86_400),
        "event_time": ch_time(day, if start { q.start_ms } else { q.start_ms + q.duration_ms }),
        "query_start_time": ch_time(day, q.start_ms),
        "query_duration_ms": zero(q.duration_ms),
        "read_rows": zero(q.read.0),
        "read_bytes": zero(q.read.1),
        "written_rows": zero(q.written.0),
        "written_bytes": zero(q.written.1),
        "result_rows": zero(q.result.0),
        "result_bytes": zero(q.result.1),
        "memory_usage": zero(q.memory),
        "current_database": q.db,
        "query": q.query,
        "query_kind": q.kind,
        "databases": databases,
        "tables": q.tables,
        "exception_code": code,
        "exception": text,
        "user": q.user,
        "query_id": q.query_id,
        "address": q.address,
        "port": 30_000 + h(i, 9201) % 30_000,
        "client_hostname": q.client.0,
        "client_name": q.client.1,
        "interface": q.client.2,
        "http_user_agent": q.agent
    });
    serde_json::to_string(&row).expect("serializes")
}

/// `clickhouse-client --query "SELECT type, event_date, … FROM
/// system.query_log WHERE event_date = yesterday() ORDER BY
/// event_time_microseconds FORMAT JSONEachRow"` of a shop's analytics
/// server: Grafana's panels every few minutes, Metabase's questions, the
/// night's ETL, health checks and analysts' ad-hoc queries, a start and
/// an end row each. At 13:58 an analyst's `groupArray` over the year's
/// page views took 26.9 GiB and ran 14 minutes; from 14:04 the server
/// refused Grafana and Metabase queries for its total memory limit. The
/// analyst's query is the answer. Decoys: the refused queries (their
/// exceptions say the memory ran out), an analyst's query over its own
/// 9.31 GiB limit at 11:20, the ETL's 12.4 GiB insert at night, a full
/// scan that read the most rows with little memory.
fn clickhouse_memory_hog() -> Case {
    let day = DAY / 86_400 - 1;
    let grafana = ("", "", 2u64);
    let jdbc = "ClickHouse-JdbcDriver/0.6.5 (Linux/6.1.0-41-amd64; OpenJDK 64-Bit Server VM/21.0.5+11-LTS; rv:0.6.5)";
    let mut qs: Vec<ChQuery> = Vec::new();
    let hog_start = (13 * 3_600 + 58 * 60 + 2) * 1000 + 417;
    let hog_end = (14 * 3_600 + 11 * 60 + 47) * 1000 + 96;
    let pressure = |ms: u64| (14 * 3_600 + 4 * 60) * 1000 <= ms && ms < hog_end;
    let services = [
        "checkout", "catalog", "search", "cart", "accounts", "payments",
    ];
    // Grafana: a dashboard's panels, refreshed every two to three minutes.
    let mut ms = 6 * 3_600 * 1000u64;
    let mut i = 0usize;
    while ms < 20 * 3_600 * 1000 {
        i += 1;
        // Under memory pressure the panels time out and people reload.
        ms += if pressure(ms) {
            12_000 + h(i, 9202) % 25_000
        } else {
            110_000 + h(i, 9202) % 80_000
        };
        let svc = pick(&services, i, 9203);
        let to = day * 86_400 + ms / 1000 - 3_600;
        let from = to - 6 * 3_600;
        let (query, tables) = match h(i, 9204) % 4 {
            0 => (
                format!("SELECT toStartOfMinute(ts) AS t, count() AS requests FROM logs.http_requests WHERE ts >= toDateTime({from}) AND ts <= toDateTime({to}) AND service = '{svc}' GROUP BY t ORDER BY t"),
                vec!["logs.http_requests"],
            ),
            1 => (
                format!("SELECT toStartOfMinute(ts) AS t, quantile(0.95)(duration_ms) AS p95 FROM logs.http_requests WHERE ts >= toDateTime({from}) AND ts <= toDateTime({to}) AND service = '{svc}' GROUP BY t ORDER BY t"),
                vec!["logs.http_requests"],
            ),
            2 => (
                format!("SELECT toStartOfFiveMinutes(created_at) AS t, count() AS orders, sum(total_eur) AS revenue FROM shop.orders WHERE created_at >= toDateTime({from}) AND created_at <= toDateTime({to}) GROUP BY t ORDER BY t"),
                vec!["shop.orders"],
            ),
            _ => (
                "SELECT status, count() AS n FROM logs.http_requests WHERE ts >= now() - INTERVAL 15 MINUTE GROUP BY status ORDER BY status".to_string(),
                vec!["logs.http_requests"],
            ),
        };
        let refused = pressure(ms);
        let read = 2_000_000 + h(i, 9205) % 40_000_000;
        qs.push(ChQuery {
            start_ms: ms,
            duration_ms: if refused { 1_000 + h(i, 9206) % 9_000 } else { 40 + h(i, 9206) % 900 },
            end: if refused { "ExceptionWhileProcessing" } else { "QueryFinish" },
            read: (read, read * (18 + h(i, 9207) % 20)),
            written: (0, 0),
            result: if refused { (0, 0) } else { (360, 360 * 16) },
            memory: 8_000_000 + h(i, 9208) % 240_000_000,
            db: "default",
            query,
            kind: "Select",
            tables,
            exception: refused.then(|| {
                (241, format!(
                    "Code: 241. DB::Exception: Memory limit (total) exceeded: would use {}.{:02} GiB (attempt to allocate chunk of {} bytes), maximum: 27.94 GiB. OvercommitTracker decision: Waiting timeout for memory to be freed is reached.: While executing AggregatingTransform. (MEMORY_LIMIT_EXCEEDED) (version 24.8.4.13 (official build))",
                    27 + h(i, 9209) % 2,
                    h(i, 9210) % 100,
                    1 << (20 + h(i, 9211) % 6)
                ))
            }),
            user: "grafana",
            query_id: uuid(i, 9212),
            address: "::ffff:10.40.2.15",
            client: grafana,
            agent: "Grafana/11.3.1",
        });
    }
    // Metabase's questions during the day.
    for j in 0..40usize {
        let ms = (8 * 3_600 + h(j, 9220) % (10 * 3_600)) * 1000 + h(j, 9221) % 1000;
        let refused = pressure(ms) || j == 17;
        let ms = if j == 17 {
            (14 * 3_600 + 7 * 60 + 31) * 1000 + 208
        } else {
            ms
        };
        let read = 50_000_000 + h(j, 9222) % 900_000_000;
        let col = pick(
            &[
                "country",
                "payment_method",
                "shipping_carrier",
                "channel",
                "voucher_code",
            ],
            j,
            9223,
        );
        qs.push(ChQuery {
            start_ms: ms,
            duration_ms: 300 + h(j, 9224) % 12_000,
            end: if refused { "ExceptionWhileProcessing" } else { "QueryFinish" },
            read: (read, read * 24),
            written: (0, 0),
            result: if refused { (0, 0) } else { (12 + h(j, 9225) % 200, 4_000 + h(j, 9226) % 20_000) },
            memory: 120_000_000 + h(j, 9227) % 1_400_000_000,
            db: "shop",
            query: format!("SELECT \"shop\".\"orders\".\"{col}\" AS \"{col}\", count(*) AS \"count\", sum(\"shop\".\"orders\".\"total_eur\") AS \"sum\" FROM \"shop\".\"orders\" WHERE (\"shop\".\"orders\".\"created_at\" >= toStartOfMonth(now()) - INTERVAL {} MONTH) GROUP BY \"shop\".\"orders\".\"{col}\" ORDER BY \"sum\" DESC LIMIT 2000", 1 + h(j, 9228) % 12),
            kind: "Select",
            tables: vec!["shop.orders"],
            exception: refused.then(|| {
                (241, format!(
                    "Code: 241. DB::Exception: Memory limit (total) exceeded: would use 27.{:02} GiB (attempt to allocate chunk of 4194304 bytes), maximum: 27.94 GiB. OvercommitTracker decision: Waiting timeout for memory to be freed is reached.: While executing AggregatingTransform. (MEMORY_LIMIT_EXCEEDED) (version 24.8.4.13 (official build))",
                    95 + h(j, 9229) % 5
                ))
            }),
            user: "metabase",
            query_id: uuid(j, 9230),
            address: "::ffff:10.40.2.22",
            client: grafana,
            agent: jdbc,
        });
    }
    // Health checks every half hour.
    for j in 0..48usize {
        qs.push(ChQuery {
            start_ms: (j as u64 * 1_800 + 7) * 1000 + h(j, 9240) % 1000,
            duration_ms: 1,
            end: "QueryFinish",
            read: (1, 1),
            written: (0, 0),
            result: (1, 128),
            memory: 0,
            db: "default",
            query: "SELECT 1".to_string(),
            kind: "Select",
            tables: vec![],
            exception: None,
            user: "default",
            query_id: uuid(j, 9241),
            address: "::1",
            client: ("", "", 2),
            agent: "curl/7.88.1",
        });
    }
    // The night's ETL.
    let etl = [
        (
            "INSERT INTO analytics.daily_sessions SELECT toDate(ts) AS day, session_id, any(customer_id) AS customer_id, min(ts) AS started, max(ts) AS ended, count() AS hits, groupUniqArray(page_type) AS page_types FROM analytics.page_views WHERE toDate(ts) = yesterday() - 1 GROUP BY day, session_id",
            13_314_398_208u64,
            "analytics.daily_sessions",
            "analytics.page_views",
            2_412_000,
        ),
        (
            "INSERT INTO analytics.daily_revenue SELECT toDate(created_at) AS day, country, channel, count() AS orders, sum(total_eur) AS revenue FROM shop.orders WHERE toDate(created_at) = yesterday() - 1 GROUP BY day, country, channel",
            612_448_256,
            "analytics.daily_revenue",
            "shop.orders",
            1_800,
        ),
        (
            "INSERT INTO analytics.product_views_daily SELECT toDate(ts) AS day, product_id, count() AS views, uniqExact(session_id) AS sessions FROM analytics.page_views WHERE toDate(ts) = yesterday() - 1 AND page_type = 'product' GROUP BY day, product_id",
            4_871_225_344,
            "analytics.product_views_daily",
            "analytics.page_views",
            96_000,
        ),
        (
            "OPTIMIZE TABLE analytics.daily_sessions PARTITION 202611 FINAL",
            2_310_017_024,
            "analytics.daily_sessions",
            "analytics.daily_sessions",
            0,
        ),
    ];
    for (j, (query, memory, into, from, rows)) in etl.iter().enumerate() {
        let read = 80_000_000 + h(j, 9250) % 300_000_000;
        qs.push(ChQuery {
            start_ms: (2 * 3_600 + j as u64 * 600 + 3) * 1000 + h(j, 9251) % 1000,
            duration_ms: 40_000 + h(j, 9252) % 400_000,
            end: "QueryFinish",
            read: (read, read * 60),
            written: (*rows, rows * 90),
            result: (*rows, rows * 90),
            memory: *memory,
            db: "analytics",
            query: query.to_string(),
            kind: if query.starts_with("OPTIMIZE") {
                "Optimize"
            } else {
                "Insert"
            },
            tables: vec![into, from],
            exception: None,
            user: "etl",
            query_id: uuid(j, 9253),
            address: "::ffff:10.40.3.7",
            client: ("airflow-worker-2", "ClickHouse client", 1),
            agent: "",
        });
    }
    // Analysts' ad-hoc queries over the day.
    let analysts = [
        ("sara.ng", "::ffff:10.8.0.14"),
        ("tim.hofer", "::ffff:10.8.0.22"),
        ("jonas.weber", "::ffff:10.8.0.31"),
        ("lea.brandt", "::ffff:10.8.0.9"),
    ];
    let adhoc = [
        "SELECT customer_id, count() AS orders, sum(total_eur) AS spent FROM shop.orders WHERE created_at >= '2026-10-01' GROUP BY customer_id ORDER BY spent DESC LIMIT 50",
        "SELECT page_type, count() FROM analytics.page_views WHERE ts >= today() - 7 GROUP BY page_type",
        "SELECT voucher_code, count() AS uses, sum(discount_eur) AS discount FROM shop.orders WHERE voucher_code != '' AND created_at >= '2026-11-01' GROUP BY voucher_code ORDER BY uses DESC",
        "SELECT toStartOfHour(ts) AS h, countIf(status >= 500) / count() AS error_rate FROM logs.http_requests WHERE ts >= now() - INTERVAL 2 DAY AND service = 'checkout' GROUP BY h ORDER BY h",
        "SELECT product_id, uniqExact(session_id) AS sessions FROM analytics.page_views WHERE page_type = 'product' AND ts >= '2026-11-20' GROUP BY product_id ORDER BY sessions DESC LIMIT 100",
        "SELECT country, avg(total_eur) FROM shop.orders WHERE created_at >= '2026-01-01' GROUP BY country",
    ];
    for j in 0..60usize {
        let (user, address) = analysts[(h(j, 9260) % analysts.len() as u64) as usize];
        let ms = (8 * 3_600 + h(j, 9261) % (9 * 3_600)) * 1000 + h(j, 9262) % 1000;
        if pressure(ms) || (hog_start..hog_end).contains(&ms) {
            continue;
        }
        let read = 10_000_000 + h(j, 9263) % 2_000_000_000;
        let syntax = h(j, 9264).is_multiple_of(23);
        let query = adhoc[(h(j, 9265) % adhoc.len() as u64) as usize];
        qs.push(ChQuery {
            start_ms: ms,
            duration_ms: if syntax { 0 } else { 200 + h(j, 9266) % 30_000 },
            end: if syntax { "ExceptionBeforeStart" } else { "QueryFinish" },
            read: if syntax { (0, 0) } else { (read, read * 30) },
            written: (0, 0),
            result: if syntax { (0, 0) } else { (5 + h(j, 9267) % 200, 2_000 + h(j, 9268) % 40_000) },
            memory: if syntax { 0 } else { 30_000_000 + h(j, 9269) % 3_800_000_000 },
            db: "default",
            query: if syntax { query.replacen("GROUP BY", "GROUPBY", 1) } else { query.to_string() },
            kind: "Select",
            tables: if query.contains("shop.orders") { vec!["shop.orders"] } else if query.contains("page_views") { vec!["analytics.page_views"] } else { vec!["logs.http_requests"] },
            exception: syntax.then(|| {
                (62, "Code: 62. DB::Exception: Syntax error: failed at position 120 ('GROUPBY'): GROUPBY. Expected one of: token, Comma, FROM, PREWHERE, WHERE, GROUP BY, WITH, HAVING, WINDOW, QUALIFY, ORDER BY, LIMIT, OFFSET, SETTINGS, UNION, EXCEPT, INTERSECT, INTO OUTFILE, FORMAT, end of query. (SYNTAX_ERROR) (version 24.8.4.13 (official build))".to_string())
            }),
            user,
            query_id: uuid(j, 9270),
            address,
            client: ("", "", 2),
            agent: "DBeaver 24.2.5 - SQLEditor",
        });
    }
    // A full scan: the most rows of the day, little memory.
    qs.push(ChQuery {
        start_ms: (10 * 3_600 + 5 * 60 + 40) * 1000 + 12,
        duration_ms: 48_112,
        end: "QueryFinish",
        read: (18_734_556_120, 74_938_224_480),
        written: (0, 0),
        result: (1, 8),
        memory: 48_234_496,
        db: "default",
        query: "SELECT count() FROM analytics.page_views WHERE url LIKE '%utm_source=newsletter%'"
            .to_string(),
        kind: "Select",
        tables: vec!["analytics.page_views"],
        exception: None,
        user: "tim.hofer",
        query_id: uuid(1, 9280),
        address: "::ffff:10.8.0.22",
        client: ("", "", 2),
        agent: "DBeaver 24.2.5 - SQLEditor",
    });
    // 11:20: an analyst's join over its own limit.
    qs.push(ChQuery {
        start_ms: (11 * 3_600 + 20 * 60 + 9) * 1000 + 730,
        duration_ms: 21_904,
        end: "ExceptionWhileProcessing",
        read: (611_203_448, 39_118_020_672),
        written: (0, 0),
        result: (0, 0),
        memory: 9_994_170_368,
        db: "default",
        query: "SELECT o.customer_id, v.session_id, v.url FROM shop.orders AS o INNER JOIN analytics.page_views AS v ON v.customer_id = o.customer_id WHERE o.created_at >= '2026-06-01'".to_string(),
        kind: "Select",
        tables: vec!["analytics.page_views", "shop.orders"],
        exception: Some((241, "Code: 241. DB::Exception: Memory limit (for query) exceeded: would use 9.32 GiB (attempt to allocate chunk of 134217728 bytes), maximum: 9.31 GiB.: While executing JoiningTransform. (MEMORY_LIMIT_EXCEEDED) (version 24.8.4.13 (official build))".to_string())),
        user: "sara.ng",
        query_id: uuid(2, 9280),
        address: "::ffff:10.8.0.14",
        client: ("", "", 2),
        agent: "DBeaver 24.2.5 - SQLEditor",
    });
    // 13:58: the query that takes the memory.
    let hog_id = uuid(3, 9280);
    qs.push(ChQuery {
        start_ms: hog_start,
        duration_ms: hog_end - hog_start,
        end: "QueryFinish",
        read: (4_123_918_337, 309_293_875_275),
        written: (0, 0),
        result: (100, 1_842_116),
        memory: 28_853_121_024,
        db: "default",
        query: "SELECT session_id, groupArray(url) AS path, count() AS hits FROM analytics.page_views WHERE ts >= '2026-01-01' GROUP BY session_id ORDER BY hits DESC LIMIT 100".to_string(),
        kind: "Select",
        tables: vec!["analytics.page_views"],
        exception: None,
        user: "jonas.weber",
        query_id: hog_id.clone(),
        address: "::ffff:10.8.0.31",
        client: ("", "", 2),
        agent: "DBeaver 24.2.5 - SQLEditor",
    });
    // The rows, in time order: a start row each (not for queries that
    // never started), an end row each.
    let mut rows: Vec<(u64, String)> = Vec::new();
    for (k, q) in qs.iter().enumerate() {
        if q.end != "ExceptionBeforeStart" {
            rows.push((q.start_ms * 10, ch_row(day, q, k, true)));
        }
        rows.push((
            (q.start_ms + q.duration_ms) * 10 + 1,
            ch_row(day, q, k, false),
        ));
    }
    rows.sort_by_key(|r| r.0);
    let out: String = rows.iter().map(|r| r.1.clone() + "\n").collect();
    let parsed: Vec<Value> = (out.lines())
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    let top = (parsed.iter())
        .max_by_key(|r| r["memory_usage"].as_str().unwrap().parse::<u64>().unwrap())
        .unwrap();
    assert_eq!(top["query_id"].as_str(), Some(hog_id.as_str()));
    let expected = vec![jq_string(&hog_id), jq_string("jonas.weber")];
    assert_eq!(whole(&out, &hog_id), 2);
    let at = out.find(&hog_id).unwrap();
    assert!(
        at > out.len() / 4 && at < out.len() * 3 / 4,
        "{at} of {}",
        out.len()
    );
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::fact(
        "clickhouse system.query_log as JSONEachRow, whose query took the memory",
        out,
        "Yesterday afternoon our ClickHouse server ran out of memory and half of the Grafana dashboards broke. Whose query was eating all the memory? I need the query id and who ran it.",
        &[&hog_id, "jonas.weber"],
    )
    .with_jq("max_by(.memory_usage | tonumber) | .query_id, .user", expected)
}

// ------------------------------------------------------------------ Sentry

/// `2026-11-26T14:22:07.318000Z` of `t` seconds and `us` microseconds.
fn sentry_time(t: u64, us: u64) -> String {
    format!("{}T{}.{us:06}Z", ymd(t), clock(t % 86_400))
}

/// One issue as `GET /api/0/organizations/{org}/issues/` returns it.
#[allow(clippy::too_many_arguments)]
fn sentry_issue(
    id: u64,
    project: (&str, &str, u64, &str),
    short: u64,
    title: &str,
    culprit: &str,
    level: &str,
    substatus: &str,
    count: u64,
    users: u64,
    first: u64,
    last: u64,
    hourly: &[u64],
    now_hour: u64,
) -> Value {
    let (slug, name, pid, platform) = project;
    let (etype, evalue) = title.split_once(": ").unwrap_or((title, ""));
    let short_id = format!("{}-{}", slug.to_uppercase(), radix36(short));
    let stats: Vec<Value> = (hourly.iter().enumerate())
        .map(|(k, c)| json!([now_hour - (23 - k as u64) * 3_600, c]))
        .collect();
    let (file, function) = culprit.split_once(" in ").unwrap_or((culprit, "?"));
    json!({
        "id": id.to_string(),
        "shareId": null,
        "shortId": short_id,
        "title": title,
        "culprit": culprit,
        "permalink": format!("https://kaffeekontor.sentry.io/issues/{id}/"),
        "logger": null,
        "level": level,
        "status": "unresolved",
        "statusDetails": {},
        "substatus": substatus,
        "isPublic": false,
        "platform": platform,
        "project": {"id": pid.to_string(), "name": name, "slug": slug, "platform": platform},
        "type": "error",
        "metadata": {
            "value": evalue,
            "type": etype,
            "filename": file,
            "function": function,
            "display_title_with_tree_label": false,
            "in_app_frame_mix": "mixed"
        },
        "numComments": 0,
        "assignedTo": null,
        "isBookmarked": false,
        "isSubscribed": false,
        "subscriptionDetails": null,
        "hasSeen": false,
        "annotations": [],
        "issueType": "error",
        "issueCategory": "error",
        "priority": if level == "fatal" || users > 500 { "high" } else if users > 50 { "medium" } else { "low" },
        "priorityLockedAt": null,
        "isUnhandled": level != "warning",
        "count": count.to_string(),
        "userCount": users,
        "firstSeen": sentry_time(first, h(id as usize, 9301) % 1_000_000),
        "lastSeen": sentry_time(last, h(id as usize, 9302) % 1_000_000),
        "stats": {"24h": stats}
    })
}

/// A short id's counter as Sentry writes it (base 36, upper case).
fn radix36(mut n: u64) -> String {
    let digits = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut s = Vec::new();
    loop {
        s.push(digits[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    s.reverse();
    String::from_utf8(s).expect("ascii")
}

/// Sentry's unresolved issues of a coffee roaster's web shop (`curl -s -H
/// "Authorization: Bearer …" 'https://sentry.io/api/0/organizations/
/// kaffeekontor/issues/?query=is:unresolved&statsPeriod=24h&limit=100'
/// | jq .`, three pages put together), Friday 09:00 UTC. The shop API was
/// deployed on Thursday at 15:00 local time (14:00 UTC); one issue of
/// the API was first seen after that: `KeyError: 'vat_rate'`, 1,873
/// users. Decoys: API issues first seen earlier that day and that week
/// (also "new"), an old issue that regressed right after the deploy and
/// has hit more users, an older `KeyError: 'vat_id'`, the storefront's
/// own new error about `vatRate` an hour later, issues of the workers and
/// the apps.
fn sentry_new_error_after_deploy() -> Case {
    let now = DAY + 9 * 3_600;
    let now_hour = now - now % 3_600;
    let deploy = DAY - 86_400 + 14 * 3_600;
    let projects = [
        ("shop-api", "shop-api", 4_508_112u64, "python"),
        ("shop-web", "shop-web", 4_508_117, "javascript-nextjs"),
        ("shop-worker", "shop-worker", 4_508_121, "python"),
        (
            "roastery-erp-sync",
            "roastery-erp-sync",
            4_508_130,
            "python",
        ),
        ("app-ios", "app-ios", 4_508_144, "apple-ios"),
        ("app-android", "app-android", 4_508_151, "android"),
    ];
    let titles: [&[(&str, &str)]; 6] = [
        &[
            (
                "OperationalError: could not connect to server: Connection timed out",
                "django.db.backends.postgresql.base in get_new_connection",
            ),
            (
                "ReadTimeout: HTTPSConnectionPool(host='api.dhl.com', port=443): Read timed out. (read timeout=10)",
                "shipping.carriers.dhl in create_label",
            ),
            (
                "ValidationError: {'postcode': ['Enter a valid postcode.']}",
                "accounts.forms in clean_address",
            ),
            (
                "IntegrityError: duplicate key value violates unique constraint \"orders_order_number_key\"",
                "orders.services.numbering in next_number",
            ),
            (
                "DoesNotExist: Voucher matching query does not exist.",
                "vouchers.views in redeem",
            ),
            (
                "ConnectionError: Error 111 connecting to redis-cache:6379. Connection refused.",
                "django_redis.client.default in get",
            ),
            (
                "AttributeError: 'NoneType' object has no attribute 'billing_address'",
                "orders.serializers in to_representation",
            ),
            (
                "CardError: Your card has insufficient funds.",
                "payments.stripe in capture",
            ),
            (
                "SoftTimeLimitExceeded: SoftTimeLimitExceeded()",
                "orders.tasks in send_confirmation",
            ),
            (
                "JSONDecodeError: Expecting value: line 1 column 1 (char 0)",
                "payments.paypal in parse_webhook",
            ),
            (
                "PermissionDenied: You do not have permission to perform this action.",
                "rest_framework.views in permission_denied",
            ),
            (
                "ZeroDivisionError: division by zero",
                "catalog.pricing in unit_price",
            ),
        ],
        &[
            ("TypeError: Failed to fetch", "app/checkout/page"),
            (
                "ChunkLoadError: Loading chunk 5127 failed.",
                "webpack/runtime/jsonp chunk loading",
            ),
            (
                "Error: Hydration failed because the initial UI does not match what was rendered on the server.",
                "app/product/[slug]/page",
            ),
            (
                "TypeError: Cannot read properties of null (reading 'addEventListener')",
                "components/MiniCart",
            ),
            (
                "AbortError: The user aborted a request.",
                "lib/api in request",
            ),
            ("Error: Minified React error #418", "app/layout"),
        ],
        &[
            (
                "SMTPServerDisconnected: Connection unexpectedly closed",
                "notifications.mail in send",
            ),
            (
                "TimeLimitExceeded: TimeLimitExceeded(300,)",
                "catalog.tasks in rebuild_search_index",
            ),
            (
                "OperationalError: server closed the connection unexpectedly",
                "django.db.backends.utils in _execute",
            ),
        ],
        &[
            (
                "HTTPError: 502 Server Error: Bad Gateway for url: https://erp.roesterei.local/api/v2/stock",
                "erp_sync.client in fetch_stock",
            ),
            ("KeyError: 'warehouse_id'", "erp_sync.mapping in map_stock"),
        ],
        &[
            (
                "NSURLErrorDomain: The request timed out.",
                "APIClient.send(_:)",
            ),
            (
                "EXC_BAD_ACCESS: KERN_INVALID_ADDRESS at 0x0000000000000010",
                "CartViewModel.refresh()",
            ),
        ],
        &[
            (
                "SocketTimeoutException: timeout",
                "okhttp3.internal.http2.Http2Stream$StreamTimeout in newTimeoutException",
            ),
            (
                "IllegalStateException: Fragment CheckoutFragment not attached to a context.",
                "de.kaffeekontor.app.checkout.CheckoutFragment in onPaymentResult",
            ),
        ],
    ];
    let mut issues: Vec<Value> = Vec::new();
    let mut id = 6_012_448_003u64;
    let mut shorts = [0x2A0u64, 0x1F4, 0xC8, 0x60, 0x140, 0x150];
    let quiet = |i: usize, scale: u64| -> Vec<u64> {
        (0..24).map(|k| h(i * 24 + k, 9303) % (scale + 1)).collect()
    };
    for i in 0..240usize {
        let p = match h(i, 9304) % 20 {
            0..=8 => 0,
            9..=13 => 1,
            14..=15 => 2,
            16 => 3,
            17 | 18 => 4,
            _ => 5,
        };
        let list = titles[p];
        let (title, culprit) = list[(h(i, 9305) % list.len() as u64) as usize];
        // Older than the week, most of them; some first seen this week
        // (Sentry's "new" for seven days), none after the deploy.
        let age = if h(i, 9306).is_multiple_of(6) {
            3_600 * (30 + h(i, 9307) % (6 * 24 - 30))
        } else {
            86_400 * (8 + h(i, 9308) % 200)
        };
        let first = deploy - age - h(i, 9318) % 86_400;
        let hourly = quiet(i, 3 + h(i, 9309) % 30);
        let total: u64 = hourly.iter().sum();
        let count = total + h(i, 9310) % 5_000;
        let users = (count / (2 + h(i, 9311) % 6)).min(1_870);
        let users = if users == 1_873 { 1_874 } else { users };
        id += 1 + h(i, 9312) % 40_000;
        shorts[p] += 1 + h(i, 9313) % 4;
        issues.push(sentry_issue(
            id,
            projects[p],
            shorts[p],
            title,
            culprit,
            pick(&["error", "error", "error", "warning", "fatal"], i, 9314),
            if age < 7 * 86_400 { "new" } else { "ongoing" },
            count,
            users,
            first,
            if h(i, 9315).is_multiple_of(2) {
                now - 1 - h(i, 9316) % 900
            } else {
                now - 900 - h(i, 9316) % 80_000
            },
            &hourly,
            now_hour,
        ));
    }
    // The API's issues around the deploy.
    let after = |k: usize, from: u64, rate: u64| -> Vec<u64> {
        (0..24)
            .map(|j| {
                let hour = now_hour - (23 - j as u64) * 3_600;
                if hour + 3_600 <= from {
                    0
                } else {
                    rate / 2 + h(k * 24 + j, 9317) % rate
                }
            })
            .collect()
    };
    let api = projects[0];
    let new_first = deploy + 22 * 60 + 7;
    let planted: Vec<Value> = vec![
        sentry_issue(
            6_071_203_551,
            api,
            0x5F2,
            "KeyError: 'vat_rate'",
            "orders.services.pricing in apply_vat",
            "error",
            "new",
            6_214,
            1_873,
            new_first,
            now - 412,
            &after(1, new_first, 330),
            now_hour,
        ),
        sentry_issue(
            5_388_017_224,
            api,
            0x3B1,
            "KeyError: 'vat_id'",
            "accounts.serializers in validate_company",
            "error",
            "ongoing",
            912,
            288,
            deploy - 56 * 86_400,
            now - 5_200,
            &quiet(2, 4),
            now_hour,
        ),
        sentry_issue(
            5_902_441_907,
            api,
            0x4C9,
            "ProgrammingError: column orders_order.gift_wrap does not exist",
            "orders.views in OrderDetailView.get",
            "error",
            "regressed",
            40_377,
            2_411,
            deploy - 73 * 86_400,
            now - 12,
            &after(3, deploy + 4 * 60, 900),
            now_hour,
        ),
        sentry_issue(
            6_070_988_120,
            api,
            0x5F1,
            "ReadTimeout: HTTPSConnectionPool(host='api.klarna.com', port=443): Read timed out. (read timeout=15)",
            "payments.klarna in create_session",
            "error",
            "new",
            133,
            97,
            deploy - 11 * 60 - 20,
            now - 3_900,
            &after(4, deploy - 3_600, 8),
            now_hour,
        ),
        sentry_issue(
            6_066_501_377,
            api,
            0x5E4,
            "AttributeError: 'NoneType' object has no attribute 'vat_rate'",
            "orders.services.pricing in net_price",
            "error",
            "new",
            58,
            41,
            deploy - 2 * 86_400 - 5 * 3_600,
            now - 30_000,
            &quiet(5, 3),
            now_hour,
        ),
        sentry_issue(
            6_071_388_004,
            projects[1],
            0x2F7,
            "TypeError: Cannot read properties of undefined (reading 'vatRate')",
            "components/CheckoutSummary",
            "error",
            "new",
            3_320,
            1_250,
            deploy + 2 * 3_600 + 5 * 60 + 31,
            now - 77,
            &after(6, deploy + 2 * 3_600, 180),
            now_hour,
        ),
    ];
    issues.extend(planted);
    // Sentry's default order: last seen first.
    issues.sort_by(|a, b| b["lastSeen"].as_str().cmp(&a["lastSeen"].as_str()));
    let doc = Value::Array(issues);
    let out = pretty(&doc, b"  ") + "\n";
    let title = "KeyError: 'vat_rate'";
    assert_eq!(whole(&out, title), 1);
    assert_eq!(whole(&out, "1873"), 1);
    let cut = sentry_time(deploy, 0);
    let expected: Vec<String> = (doc.as_array().unwrap().iter())
        .filter(|i| {
            i["project"]["slug"] == "shop-api" && i["firstSeen"].as_str().unwrap() >= cut.as_str()
        })
        .flat_map(|i| {
            [
                jq_string(i["title"].as_str().unwrap()),
                i["userCount"].to_string(),
            ]
        })
        .collect();
    assert_eq!(expected, [jq_string(title), "1873".to_string()]);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::fact(
        "Sentry organization issues API, the new error since the API's deploy",
        out,
        "We deployed the shop API yesterday at 3 pm. Did that deploy bring in a new error? Which one, and how many customers has it hit so far?",
        &[title, "1873"],
    )
    .with_jq(
        ".[] | select(.project.slug == \"shop-api\" and .firstSeen >= \"2026-11-26T14:00\") | .title, .userCount",
        expected,
    )
}

// --------------------------------------------------------------- FortiGate

/// A public address of the internet, fixed by the hash of `i`.
fn public_ip(i: usize, salt: u64) -> String {
    let firsts = [
        5u64, 13, 20, 23, 31, 34, 35, 40, 45, 46, 52, 62, 77, 78, 80, 85, 91, 104, 142, 146, 151,
        157, 162, 172, 185, 193, 194, 195, 212, 213, 217,
    ];
    let a = firsts[(h(i, salt) % firsts.len() as u64) as usize];
    format!(
        "{a}.{}.{}.{}",
        h(i, salt + 1) % 256,
        h(i, salt + 2) % 256,
        1 + h(i, salt + 3) % 254
    )
}

/// A MAC address of a staff PC, from its last octet.
fn staff_mac(host: u64) -> String {
    format!(
        "e4:54:e8:{:02x}:{:02x}:{:02x}",
        h(host as usize, 9401) % 256,
        h(host as usize, 9402) % 256,
        host % 256
    )
}

/// One forward traffic log line of FortiOS 7.4.
struct FgtTraffic<'a> {
    t: u64,
    srcip: String,
    srcname: Option<String>,
    srcport: u64,
    srcintf: &'a str,
    dstip: String,
    dstport: u64,
    dstintf: &'a str,
    proto: u64,
    action: &'a str,
    policy: (u64, &'a str),
    service: &'a str,
    country: (&'a str, &'a str),
    nat: Option<String>,
    bytes: (u64, u64),
}

/// The FortiGate's serial number.
const FGT_DEVID: &str = "FG100FTK23004817";

fn fgt_line(f: &FgtTraffic, session: u64, i: usize) -> String {
    let local = f.t + 3_600;
    let mut s = format!(
        "date={} time={} devname=\"FGT-HQ-01\" devid=\"{FGT_DEVID}\" eventtime={}{:09} tz=\"+0100\" logid=\"0000000013\" type=\"traffic\" subtype=\"forward\" level=\"notice\" vd=\"root\" srcip={}",
        ymd(local),
        clock(local % 86_400),
        f.t,
        h(i, 9403) % 1_000_000_000,
        f.srcip
    );
    if let Some(n) = &f.srcname {
        s.push_str(&format!(" srcname=\"{n}\""));
    }
    let role = |intf: &str| match intf {
        "lan" => "lan",
        "srv" => "dmz",
        _ => "wan",
    };
    s.push_str(&format!(
        " srcport={} srcintf=\"{}\" srcintfrole=\"{}\" dstip={} dstport={} dstintf=\"{}\" dstintfrole=\"{}\" srccountry=\"{}\" dstcountry=\"{}\" sessionid={session} proto={} action=\"{}\" policyid={}",
        f.srcport,
        f.srcintf,
        role(f.srcintf),
        f.dstip,
        f.dstport,
        f.dstintf,
        role(f.dstintf),
        f.country.0,
        f.country.1,
        f.proto,
        f.action,
        f.policy.0
    ));
    s.push_str(" policytype=\"policy\"");
    if f.policy.0 != 0 {
        s.push_str(&format!(
            " poluuid=\"{}\" policyname=\"{}\"",
            uuid(f.policy.0 as usize, 9404),
            f.policy.1
        ));
    }
    s.push_str(&format!(" service=\"{}\"", f.service));
    if f.action == "deny" {
        s.push_str(" trandisp=\"noop\" duration=0 sentbyte=0 rcvdbyte=0 sentpkt=0 appcat=\"unscanned\" crscore=30 craction=131072 crlevel=\"high\"");
    } else {
        match &f.nat {
            Some(n) if f.srcintf.starts_with("wan") => s.push_str(&format!(
                " trandisp=\"dnat\" tranip={n} tranport={}",
                f.dstport
            )),
            Some(n) => s.push_str(&format!(
                " trandisp=\"snat\" transip={n} transport={}",
                f.srcport
            )),
            None => s.push_str(" trandisp=\"noop\""),
        }
        s.push_str(&format!(
            " appcat=\"unscanned\" duration={} sentbyte={} rcvdbyte={} sentpkt={} rcvdpkt={}",
            1 + h(i, 9405) % 240,
            f.bytes.0,
            f.bytes.1,
            1 + f.bytes.0 / 900,
            1 + f.bytes.1 / 1_300
        ));
    }
    if f.srcintf == "lan" && f.srcname.is_some() {
        let host: u64 = f.srcip.rsplit('.').next().unwrap().parse().unwrap();
        let mac = staff_mac(host + 1_000 * u64::from(f.srcip.starts_with("10.20.32.")));
        s.push_str(&format!(
            " srcmac=\"{mac}\" mastersrcmac=\"{mac}\" srcserver=0 devtype=\"Windows PC\" osname=\"Windows\""
        ));
    }
    s
}

/// The FortiGate's traffic log of a tax adviser's office for Thursday
/// 26 November, 07:00 to 18:30 (downloaded raw from the GUI): staff PCs
/// browsing, the domain controller's DNS forwarders, Teams calls, the
/// mail relay sending and receiving mail, an office PC using its
/// provider's SMTPS, the internet knocking on the relay (some of it
/// geo-blocked on port 25). Policy 7, `Block-SMTP-Out`, stops PCs from
/// mailing the world on port 25; five PCs, infected, tried it again and
/// again in the middle of the day: the answer. Decoys: the relay's own
/// port-25 traffic, the geo-blocked inbound port-25 attempts, PCs denied
/// on SMB and IRC by the implicit deny, SMTPS allowed, and a PC whose
/// address ends in .25.
fn fortigate_direct_smtp() -> Case {
    let public = "203.0.113.10";
    let relay = "10.20.40.25";
    let dc = "10.20.40.10";
    let depts = [
        "EMPFANG", "BUCHH", "LOHN", "STEUER", "PRUEF", "SEKR", "IT", "GF",
    ];
    let infected = [
        ("10.20.30.57", "PC-BUCHH-07"),
        ("10.20.30.112", "PC-STEUER-12"),
        ("10.20.32.44", "NB-PRUEF-04"),
        ("10.20.30.9", "PC-EMPFANG-01"),
        ("10.20.30.131", "PC-LOHN-03"),
    ];
    let pc = |n: u64| -> (String, String) {
        let ip = if n >= 200 {
            format!("10.20.32.{}", n - 200)
        } else {
            format!("10.20.30.{n}")
        };
        let name = infected.iter().find(|x| x.0 == ip).map_or_else(
            || {
                let dept = depts[(h(n as usize, 9410) % depts.len() as u64) as usize];
                let kind = if n >= 200 { "NB" } else { "PC" };
                format!("{kind}-{dept}-{:02}", 1 + h(n as usize, 9411) % 19)
            },
            |x| x.1.to_string(),
        );
        (ip, name)
    };
    let hosts: Vec<u64> = (9..=140).chain(210..=260).collect();
    let web = [
        ("52.97.", "Netherlands"),
        ("13.107.", "United States"),
        ("20.190.", "Ireland"),
        ("142.250.", "United States"),
        ("151.101.", "United States"),
        ("104.18.", "United States"),
        ("185.15.", "Germany"),
        ("217.160.", "Germany"),
        ("194.25.", "Germany"),
        ("91.198.", "Germany"),
        ("81.169.", "Germany"),
    ];
    let mx = [
        ("104.47.", "United States"),
        ("142.250.", "United States"),
        ("67.195.", "United States"),
        ("212.227.", "Germany"),
        ("194.25.", "Germany"),
        ("5.9.", "Germany"),
        ("77.88.", "Russian Federation"),
        ("202.96.", "China"),
        ("186.202.", "Brazil"),
        ("41.203.", "Nigeria"),
    ];
    let mut lines: Vec<(u64, FgtTraffic)> = Vec::new();
    let day = DAY - 86_400;
    let open = day + 6 * 3_600; // 07:00 local
    let close = day + 17 * 3_600 + 30 * 60;
    let mut t = open;
    let mut i = 0usize;
    while t < close {
        i += 1;
        t += 10 + h(i, 9412) % 70;
        let kind = h(i, 9413) % 100;
        let host = hosts[(h(i, 9414) % hosts.len() as u64) as usize];
        let (ip, name) = pc(host);
        let port = 49_152 + h(i, 9415) % 16_000;
        let f = if kind < 55 {
            let (pre, country) = web[(h(i, 9416) % web.len() as u64) as usize];
            let https = !h(i, 9417).is_multiple_of(10);
            FgtTraffic {
                t,
                srcip: ip,
                srcname: Some(name),
                srcport: port,
                srcintf: "lan",
                dstip: format!("{pre}{}.{}", h(i, 9418) % 256, 1 + h(i, 9419) % 254),
                dstport: if https { 443 } else { 80 },
                dstintf: "wan1",
                proto: 6,
                action: pick(
                    &[
                        "close",
                        "close",
                        "close",
                        "timeout",
                        "client-rst",
                        "server-rst",
                    ],
                    i,
                    9420,
                ),
                policy: (3, "LAN-Internet"),
                service: if https { "HTTPS" } else { "HTTP" },
                country: ("Reserved", country),
                nat: Some(public.to_string()),
                bytes: (900 + h(i, 9421) % 60_000, 2_000 + h(i, 9422) % 2_400_000),
            }
        } else if kind < 67 {
            FgtTraffic {
                t,
                srcip: dc.to_string(),
                srcname: None,
                srcport: port,
                srcintf: "srv",
                dstip: pick(&["1.1.1.1", "9.9.9.9", "1.0.0.1"], i, 9423).to_string(),
                dstport: 53,
                dstintf: "wan1",
                proto: 17,
                action: "accept",
                policy: (4, "DNS-Forwarders"),
                service: "DNS",
                country: ("Reserved", "Australia"),
                nat: Some(public.to_string()),
                bytes: (60 + h(i, 9424) % 80, 90 + h(i, 9425) % 400),
            }
        } else if kind < 74 {
            FgtTraffic {
                t,
                srcip: ip,
                srcname: Some(name),
                srcport: 50_000 + h(i, 9426) % 20,
                srcintf: "lan",
                dstip: format!("52.112.{}.{}", h(i, 9427) % 256, 1 + h(i, 9428) % 254),
                dstport: 3_478 + h(i, 9429) % 4,
                dstintf: "wan1",
                proto: 17,
                action: "accept",
                policy: (5, "Teams-Media"),
                service: "MS-Teams-UDP",
                country: ("Reserved", "Netherlands"),
                nat: Some(public.to_string()),
                bytes: (
                    200_000 + h(i, 9430) % 9_000_000,
                    200_000 + h(i, 9431) % 9_000_000,
                ),
            }
        } else if kind < 84 {
            let (pre, country) = mx[(h(i, 9432) % 6) as usize];
            FgtTraffic {
                t,
                srcip: relay.to_string(),
                srcname: None,
                srcport: port,
                srcintf: "srv",
                dstip: format!("{pre}{}.{}", h(i, 9433) % 256, 1 + h(i, 9434) % 254),
                dstport: 25,
                dstintf: "wan1",
                proto: 6,
                action: "close",
                policy: (6, "Mailrelay-Out"),
                service: "SMTP",
                country: ("Reserved", country),
                nat: Some(public.to_string()),
                bytes: (4_000 + h(i, 9435) % 3_000_000, 1_200 + h(i, 9436) % 4_000),
            }
        } else if kind < 93 {
            // The internet sending mail to the relay; some of it from
            // countries the office blocks.
            let blocked = h(i, 9437).is_multiple_of(3);
            FgtTraffic {
                t,
                srcip: public_ip(i, 9438),
                srcname: None,
                srcport: port,
                srcintf: "wan1",
                dstip: public.to_string(),
                dstport: 25,
                dstintf: "srv",
                proto: 6,
                action: if blocked { "deny" } else { "close" },
                policy: if blocked {
                    (10, "Geo-Block-In")
                } else {
                    (9, "WAN-Mailrelay-In")
                },
                service: "SMTP",
                country: (
                    if blocked {
                        pick(
                            &[
                                "Russian Federation",
                                "China",
                                "Brazil",
                                "Viet Nam",
                                "Nigeria",
                            ],
                            i,
                            9439,
                        )
                    } else {
                        pick(
                            &[
                                "United States",
                                "Germany",
                                "Ireland",
                                "Netherlands",
                                "France",
                            ],
                            i,
                            9440,
                        )
                    },
                    "Reserved",
                ),
                nat: Some(relay.to_string()),
                bytes: (3_000 + h(i, 9441) % 800_000, 900 + h(i, 9442) % 2_000),
            }
        } else if kind < 96 {
            // An office PC sending through its provider on 465.
            let (ip, name) = pc(25);
            FgtTraffic {
                t,
                srcip: ip,
                srcname: Some(name),
                srcport: port,
                srcintf: "lan",
                dstip: format!("212.227.15.{}", 160 + h(i, 9443) % 30),
                dstport: 465,
                dstintf: "wan1",
                proto: 6,
                action: "close",
                policy: (3, "LAN-Internet"),
                service: "SMTPS",
                country: ("Reserved", "Germany"),
                nat: Some(public.to_string()),
                bytes: (2_000 + h(i, 9444) % 900_000, 3_000 + h(i, 9445) % 9_000),
            }
        } else {
            // The implicit deny: SMB and IRC to the internet.
            let (ip, name, dport, service) = if h(i, 9446).is_multiple_of(2) {
                let (a, b) = pc(88);
                (a, b, 445, "SMB")
            } else {
                let (a, b) = pc(64);
                (a, b, 6_667, "tcp/6667")
            };
            FgtTraffic {
                t,
                srcip: ip,
                srcname: Some(name),
                srcport: port,
                srcintf: "lan",
                dstip: public_ip(i, 9447),
                dstport: dport,
                dstintf: "wan1",
                proto: 6,
                action: "deny",
                policy: (0, ""),
                service,
                country: (
                    "Reserved",
                    pick(
                        &["United States", "Netherlands", "Romania", "Ukraine"],
                        i,
                        9448,
                    ),
                ),
                nat: None,
                bytes: (0, 0),
            }
        };
        lines.push((t * 10, f));
    }
    // The infected PCs: bursts of direct SMTP between 09:40 and 15:20.
    let mut items: Vec<String> = Vec::new();
    for (k, (ip, name)) in infected.iter().enumerate() {
        items.push(ip.to_string());
        let first = day + 8 * 3_600 + 40 * 60 + h(k, 9450) % (4 * 3_600);
        for b in 0..(3 + h(k, 9451) % 6) {
            let t = first + b * (300 + h(k * 16 + b as usize, 9452) % 1_500);
            let (pre, country) = mx[(h(k * 16 + b as usize, 9453) % mx.len() as u64) as usize];
            lines.push((
                t * 10 + 1,
                FgtTraffic {
                    t,
                    srcip: ip.to_string(),
                    srcname: Some(name.to_string()),
                    srcport: 49_152 + h(k * 16 + b as usize, 9454) % 16_000,
                    srcintf: "lan",
                    dstip: format!(
                        "{pre}{}.{}",
                        h(k * 16 + b as usize, 9455) % 256,
                        1 + h(k * 16 + b as usize, 9456) % 254
                    ),
                    dstport: 25,
                    dstintf: "wan1",
                    proto: 6,
                    action: "deny",
                    policy: (7, "Block-SMTP-Out"),
                    service: "SMTP",
                    country: ("Reserved", country),
                    nat: None,
                    bytes: (0, 0),
                },
            ));
        }
    }
    lines.sort_by_key(|l| l.0);
    let mut out = String::new();
    let mut session = 41_872_233u64;
    for (n, (_, f)) in lines.iter().enumerate() {
        session += 1 + h(n, 9460) % 29;
        out.push_str(&fgt_line(f, session, n));
        out.push('\n');
    }
    let names: Vec<String> = hosts.iter().map(|&n| pc(n).0).collect();
    for it in &items {
        assert!(!named_elsewhere(it, &names), "{it}");
        assert!(whole(&out, it) >= 3, "{it}");
    }
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "FortiGate traffic log of a day, the PCs that tried to send mail out directly",
        out,
        "Our internet provider says spam went out from our office address yesterday. The firewall is supposed to stop ordinary computers from sending mail to the outside directly. Which of our computers tried to do that? I need every one of them.",
        items,
    )
}

// ----------------------------------------------------------------- CBS.log

/// `C:\Windows\Logs\CBS\CBS.log` as TrustedInstaller writes it.
struct CbsLog {
    out: String,
    /// Local time, seconds since the epoch.
    t: u64,
    csi: u64,
    n: usize,
}

impl CbsLog {
    fn line(&mut self, level: &str, source: &str, text: &str) {
        self.n += 1;
        if h(self.n, 9501).is_multiple_of(4) {
            self.t += 1;
        }
        self.out.push_str(&format!(
            "{} {}, {level:<22}{source:<7}{text}\n",
            ymd(self.t),
            clock(self.t % 86_400)
        ));
    }

    fn cbs(&mut self, text: &str) {
        self.line("Info", "CBS", text);
    }

    fn csi(&mut self, text: &str) {
        self.csi += 1;
        let seq = format!("{:08x}", self.csi);
        self.line("Info", "CSI", &format!("{seq} {text}"));
    }

    /// A CSI line with its own UTC stamp, as the first ones of a session.
    fn csi_at(&mut self, text: &str) {
        self.csi += 1;
        let utc = self.t - 3_600;
        let (y, m, d) = civil(utc / 86_400);
        let seq = format!(
            "{:08x}@{y}/{m}/{d}:{}.{:03}",
            self.csi,
            clock(utc % 86_400),
            h(self.n, 9502) % 1000
        );
        self.line("Info", "CSI", &format!("{seq} {text}"));
    }

    /// TrustedInstaller starting, with a servicing session of `client`.
    fn start(&mut self, client: &str, boot: &str) -> String {
        self.csi = 0;
        self.cbs("TI: --- Initializing Trusted Installer ---");
        self.cbs(&format!("TI: Last boot time: {boot}"));
        self.cbs("Starting TrustedInstaller initialization.");
        self.cbs("Lock: New lock added: CCbsPublicSessionClassFactory, level: 30, total lock:4");
        self.cbs("Lock: New lock added: CCbsPublicSessionClassFactory, level: 30, total lock:5");
        self.cbs("Ending TrustedInstaller initialization.");
        self.cbs("Starting the TrustedInstaller main loop.");
        self.cbs("TrustedInstaller service starts successfully.");
        self.cbs(
            "No startup processing required, TrustedInstaller service was not set as autostart",
        );
        self.cbs("Startup processing thread terminated normally");
        self.cbs("Starting TiWorker initialization.");
        self.cbs("Lock: New lock added: TiWorkerClassFactory, level: 30, total lock:6");
        self.cbs("Ending TiWorker initialization.");
        self.cbs("Starting the TiWorker main loop.");
        self.cbs("TiWorker starts successfully.");
        let utc = self.t - 3_600;
        self.cbs(&format!(
            "Universal Time is: {} {}.{:03}",
            ymd(utc),
            clock(utc % 86_400),
            h(self.n, 9503) % 1000
        ));
        self.cbs("Loaded Servicing Stack v10.0.20348.2840 with Core: C:\\Windows\\winsxs\\amd64_microsoft-windows-servicingstack_31bf3856ad364e35_10.0.20348.2840_none_7a1c3e8d5c2b9f41\\cbscore.dll");
        self.csi_at("WcpInitialize: wcp.dll version 0.0.0.6 (0x00007ffd4e2a0000)");
        self.cbs("SQM: Initializing online with Windows opt-in: False");
        self.cbs("SQM: Cleaning up report files older than 10 days.");
        self.cbs("SQM: Requesting upload of all unsent reports.");
        self.cbs("SQM: Failed to start upload with file pattern: C:\\Windows\\servicing\\sqm\\*_std.sqm, flags: 0x2 [HRESULT = 0x80004005 - E_FAIL]");
        self.cbs("SQM: Failed to start standard sample upload. [HRESULT = 0x80004005 - E_FAIL]");
        let session = format!(
            "{}_{}",
            31_133_700 + h(self.n, 9504) % 90,
            1_000_000_000 + h(self.n, 9505) % 3_000_000_000
        );
        self.cbs(&format!(
            "Session: {session} initialized by client {client}, external staging directory: (null), external registry directory: (null)"
        ));
        session
    }

    fn stop(&mut self) {
        self.t += 40 + h(self.n, 9506) % 200;
        self.cbs("Ending the TiWorker main loop.");
        self.cbs("Starting TiWorker finalization.");
        self.cbs("Ending TiWorker finalization.");
        self.cbs("Ending the TrustedInstaller main loop.");
        self.cbs("Starting TrustedInstaller finalization.");
        self.cbs("Ending TrustedInstaller finalization.");
        self.cbs("Trusted Installer is shutting down because: SHUTDOWN_REASON_AUTOSTOP");
    }

    /// Windows Update's scan: every package's applicability, read back.
    fn scan(&mut self, packages: &[String], boot: &str) {
        let session = self.start("WindowsUpdateAgent", boot);
        for p in packages {
            self.cbs(&format!(
                "Read out cached package applicability for package: {p}, ApplicableState: 112, CurrentState:112"
            ));
        }
        self.cbs(&format!(
            "Session: {session} finalized. Reboot required: no [HRESULT = 0x00000000 - S_OK]"
        ));
        self.stop();
    }
}

/// One corrupt file of the component store: its name, component, folder
/// and the package that references it.
struct CbsFile {
    name: &'static str,
    component: &'static str,
    dir: &'static str,
    package: &'static str,
}

fn cbs_hashes(log: &mut CbsLog, f: &CbsFile, i: usize) {
    log.csi(&format!(
        "Hashes for file member [l:{}]'{}' do not match.\n Expected: {{l:32 ml:33 b:{}}}.\n Actual: {{l:32 b:{}}}.",
        f.name.len(),
        f.name,
        hex(i, 9510, 64),
        hex(i, 9511, 64)
    ));
}

fn cbs_cannot(log: &mut CbsLog, f: &CbsFile) {
    log.csi(&format!(
        "[SR] Cannot repair member file [l:{}]'{}' of {}, version 10.0.20348.2849, arch amd64, nonSxS, pkt {{l:8 b:31bf3856ad364e35}} in the store, hash mismatch",
        f.name.len(),
        f.name,
        f.component
    ));
    log.csi(&format!(
        "[SR] This component was referenced by [l:{}]'{}'",
        f.package.len(),
        f.package
    ));
}

/// One `sfc /scannow`: verification in batches of 100 components, the
/// corrupt files found in the batches given, then their repair.
fn cbs_sfc(
    log: &mut CbsLog,
    components: u64,
    corrupt: &[(u64, &CbsFile, bool)],
    boot: &str,
    salt: usize,
) {
    log.start("WinMgmt", boot);
    log.csi_at("CSI Transaction @0x1d7f4a3c120 initialized for deployment engine {d16d444c-56d8-11d5-882d-0080c847b195} with flags 0x00000002 and client id [10]\"TI5.0_0:0/\"");
    log.csi_at("CSI Transaction @0x1d7f4a3c120 destroyed");
    let batches = components.div_ceil(100);
    for b in 0..batches {
        let n = if b + 1 == batches {
            components - b * 100
        } else {
            100
        };
        log.csi(&format!("[SR] Verifying {n} components"));
        log.csi("[SR] Beginning Verify and Repair transaction");
        for (k, (at, f, fixable)) in corrupt.iter().enumerate() {
            if *at != b {
                continue;
            }
            cbs_hashes(log, f, salt + k);
            if *fixable {
                log.csi(&format!(
                    "[SR] Repairing file \\??\\C:\\Windows\\{}\\\\{} from store",
                    f.dir, f.name
                ));
            } else {
                cbs_cannot(log, f);
            }
        }
        log.t += 2 + h(salt + b as usize, 9512) % 9;
        log.csi("[SR] Verify complete");
    }
    log.csi(&format!("[SR] Repairing {} components", corrupt.len()));
    log.csi("[SR] Beginning Verify and Repair transaction");
    for (k, (_, f, fixable)) in corrupt.iter().enumerate() {
        cbs_hashes(log, f, salt + k);
        if *fixable {
            log.csi(&format!(
                "[SR] Repairing corrupted file \\??\\C:\\Windows\\{}\\\\{} from store",
                f.dir, f.name
            ));
        } else {
            log.csi(&format!(
                "[SR] Could not reproject corrupted file \\??\\C:\\Windows\\{}\\\\{}; source file in store is also corrupted",
                f.dir, f.name
            ));
            cbs_cannot(log, f);
        }
    }
    log.csi("[SR] Repair complete");
    log.csi("[SR] Committing transaction");
    log.csi("Creating NT transaction (seq 1), objectname [6]\"(null)\"");
    log.csi("Created NT transaction (seq 1) result 0x00000000, handle @0x2d4");
    log.csi_at("Beginning NT transaction commit...");
    log.csi_at("End NT transaction commit.");
    log.csi_at("CSI perf trace:\nCSIPERF:TXCOMMIT;26112");
    log.csi("[SR] Verify and Repair Transaction completed. All files and registry keys listed in this transaction  have been successfully repaired");
    log.stop();
}

/// `CBS.log` of an office's Windows Server 2022 file server over two
/// weeks: Windows Update's scan every night (a few hundred packages read
/// back each time, SQM's `E_FAIL`s), November's update installed, and
/// three runs of `sfc /scannow`. On the 13th one could not repair
/// `sppsvc.exe`; DISM's `/RestoreHealth` fixed the store and a second run
/// repaired it. This morning's run found eight corrupt files, repaired
/// three and could not repair five: the answer. Decoys: the 13th's
/// `sppsvc.exe`, the three files repaired this morning, the closing line
/// that says every file was repaired, and the scans after it.
fn cbs_unrepaired_files() -> Case {
    let mut log = CbsLog {
        out: String::new(),
        t: days_from_civil(2026, 11, 12) * 86_400 + 3 * 3_600 + 2 * 60 + 11,
        csi: 0,
        n: 0,
    };
    let features = [
        "Microsoft-Windows-Server-Features-Package01",
        "Microsoft-Windows-FileServer-Package",
        "Microsoft-Windows-FileServerVSSAgent-Package",
        "Microsoft-Windows-DFSN-Server-Package",
        "Microsoft-Windows-DFSR-Core-Package",
        "Microsoft-Windows-Dedup-Package",
        "Microsoft-Windows-SMB1-Package",
        "Microsoft-Windows-Storage-Replica-Package",
        "Microsoft-Windows-BitLocker-Package",
        "Microsoft-Windows-Defender-Server-Package",
        "Microsoft-Windows-NetFx4-Package",
        "Microsoft-Windows-NetFx3-OnDemand-Package",
        "Microsoft-Windows-PowerShell-ISE-FOD-Package",
        "Microsoft-Windows-ServerCore-AppCompatibility-FOD-Package",
        "Microsoft-Windows-SNMP-FOD-Package",
        "Microsoft-Windows-WMI-SNMP-Provider-FOD-Package",
        "Microsoft-Windows-Hyper-V-Guest-Package",
        "Microsoft-Windows-IIS-WebServer-Core-Package",
        "Microsoft-Windows-RemoteAccess-Server-Package",
        "Microsoft-Windows-TerminalServices-Licensing-Package",
        "Microsoft-Windows-TerminalServices-Licensing-UI-Package",
        "Microsoft-Windows-Printing-PrintToPDFServices-Package",
        "Microsoft-Windows-Printing-XPSServices-Package",
        "Microsoft-Windows-MSMQ-Server-Package",
        "Microsoft-Windows-Telnet-Client-Package",
        "Microsoft-Windows-TFTP-Client-Package",
        "Microsoft-Windows-Backup-Package",
        "Microsoft-Windows-Foundation-Package",
        "Microsoft-OneCore-ApplicationModel-Sync-Desktop-FOD-Package",
        "Microsoft-Windows-LanguageFeatures-Basic-de-de-Package",
        "Microsoft-Windows-LanguageFeatures-Basic-en-us-Package",
        "Microsoft-Windows-Server-LanguagePack-Package",
        "OpenSSH-Client-Package",
        "OpenSSH-Server-Package",
        "Microsoft-Windows-WirelessNetworking-FoD-Package",
        "Microsoft-Windows-InternetExplorer-Optional-Package",
        "Microsoft-Windows-MediaPlayer-Package",
        "Microsoft-Windows-StepsRecorder-Package",
        "Microsoft-Windows-WordPad-FoD-Package",
        "Microsoft-Windows-Notepad-System-FoD-Package",
    ];
    let mut packages: Vec<String> = Vec::new();
    for (i, f) in features.iter().enumerate() {
        let locale = if f.contains("LanguagePack") || f.contains("LanguageFeatures") {
            if f.contains("en-us") {
                "en-US"
            } else {
                "de-DE"
            }
        } else {
            ""
        };
        let builds = 1 + h(i, 9520) % 4;
        for b in 0..builds {
            let ver = if b == 0 {
                "10.0.20348.1".to_string()
            } else {
                format!("10.0.20348.{}", 2_400 + h(i * 8 + b as usize, 9521) % 449)
            };
            packages.push(format!("{f}~31bf3856ad364e35~amd64~{locale}~{ver}"));
            if h(i * 8 + b as usize, 9522).is_multiple_of(2) {
                packages.push(format!("{f}~31bf3856ad364e35~wow64~{locale}~{ver}"));
            }
        }
    }
    for (k, kb) in [
        5_031_364u64,
        5_032_198,
        5_033_118,
        5_034_129,
        5_035_857,
        5_036_909,
        5_037_782,
        5_039_227,
        5_040_437,
        5_041_160,
        5_041_773,
        5_042_881,
        5_044_281,
        5_046_616,
        5_048_654,
        5_049_983,
        5_051_979,
        5_053_886,
        5_055_526,
        5_058_385,
        5_060_526,
        5_062_572,
        5_065_306,
        5_066_782,
        5_068_787,
        5_070_884,
    ]
    .iter()
    .enumerate()
    {
        let build = 2_113 + k as u64 * 29;
        packages.push(format!(
            "Package_for_KB{kb}~31bf3856ad364e35~amd64~~20348.{build}.1.{}",
            1 + h(k, 9523) % 12
        ));
        packages.push(format!(
            "Package_for_RollupFix~31bf3856ad364e35~amd64~~20348.{build}.1.{}",
            2 + h(k, 9524) % 10
        ));
        packages.push(format!(
            "Package_for_ServicingStack_{}~31bf3856ad364e35~amd64~~20348.{}.1.{}",
            build - 1,
            build - 1,
            1 + h(k, 9525) % 5
        ));
    }
    packages.sort();
    let boot = "2026-11-08 22:14:03.500";
    let files = |name, component, dir, package| CbsFile {
        name,
        component,
        dir,
        package,
    };
    let spp = files(
        "sppsvc.exe",
        "Microsoft-Windows-Security-SPP",
        "System32",
        "Microsoft-Windows-Security-SPP-Component-Package~31bf3856ad364e35~amd64~~10.0.20348.2849.SPP",
    );
    let broken = [
        files(
            "dnsapi.dll",
            "Microsoft-Windows-DNS-Client",
            "System32",
            "Microsoft-Windows-DNS-Client-Package~31bf3856ad364e35~amd64~~10.0.20348.2849.DNS-Client",
        ),
        files(
            "wuaueng.dll",
            "Microsoft-Windows-WindowsUpdateClient-Core",
            "System32",
            "Microsoft-Windows-WindowsUpdateClient-Package~31bf3856ad364e35~amd64~~10.0.20348.2849.WindowsUpdateClient",
        ),
        files(
            "rdpcorets.dll",
            "Microsoft-Windows-TerminalServices-RDP-WinStationExtensions",
            "System32",
            "Microsoft-Windows-TerminalServices-Package~31bf3856ad364e35~amd64~~10.0.20348.2849.RDS-Core",
        ),
        files(
            "msxml6.dll",
            "Microsoft-Windows-MSXML60",
            "System32",
            "Microsoft-Windows-MSXML-Package~31bf3856ad364e35~amd64~~10.0.20348.2849.MSXML60",
        ),
        files(
            "LServer_PKConfig.xml",
            "Microsoft-Windows-TerminalServices-LicenseServer-LRWIZDLL",
            "System32",
            "Microsoft-Windows-TerminalServices-Licensing-Package~31bf3856ad364e35~amd64~~10.0.20348.2849.Licensing",
        ),
    ];
    let repaired = [
        files(
            "wmiutils.dll",
            "Microsoft-Windows-WMI-Core",
            "System32\\wbem",
            "Microsoft-Windows-WMI-Core-Package~31bf3856ad364e35~amd64~~10.0.20348.2849.WMI-Core",
        ),
        files(
            "netlogon.dll",
            "Microsoft-Windows-Security-Netlogon",
            "System32",
            "Microsoft-Windows-Security-Netlogon-Package~31bf3856ad364e35~amd64~~10.0.20348.2849.Netlogon",
        ),
        files(
            "srvsvc.dll",
            "Microsoft-Windows-SMBServer-Service",
            "System32",
            "Microsoft-Windows-SMBServer-Package~31bf3856ad364e35~amd64~~10.0.20348.2849.SMBServer",
        ),
    ];
    let components = 7_814;
    let night = |d: u64, log: &mut CbsLog| {
        log.t = days_from_civil(2026, 11, d) * 86_400 + 3 * 3_600 + 60 + h(d as usize, 9526) % 600;
    };
    // The 12th: the nightly scan.
    log.scan(&packages, boot);
    // The 13th: sfc, DISM, sfc again.
    night(13, &mut log);
    log.scan(&packages, boot);
    log.t = days_from_civil(2026, 11, 13) * 86_400 + 9 * 3_600 + 14 * 60 + 40;
    cbs_sfc(&mut log, components - 3, &[(33, &spp, false)], boot, 100);
    log.t += 1_200;
    let session = log.start("DISM Package Manager Provider", boot);
    log.cbs(&format!(
        "Exec: Processing started.  Client: DISM Package Manager Provider, Session: {session}, Package: Microsoft-Windows-Foundation-Package~31bf3856ad364e35~amd64~~10.0.20348.1, Action: 1, Flags: 0x00000000"
    ));
    log.cbs("Repr: CBS Store check completes");
    log.cbs("Checking System Update Readiness.");
    log.cbs("(p)\tCSI Payload Corrupt\t(Fixed)\tamd64_microsoft-windows-security-spp_31bf3856ad364e35_10.0.20348.2849_none_4c1d9e2a1f7bd0a3\\sppsvc.exe");
    log.cbs("Summary:");
    for l in [
        "Operation: Detect and Repair ",
        "Operation result: 0x0",
        "Last Successful Step: Entire operation completes.",
        "Total Detected Corruption:\t1",
        "\tCBS Manifest Corruption:\t0",
        "\tCBS Metadata Corruption:\t0",
        "\tCSI Manifest Corruption:\t0",
        "\tCSI Metadata Corruption:\t0",
        "\tCSI Payload Corruption:\t1",
        "Total Repaired Corruption:\t1",
        "\tCBS Manifest Repaired:\t0",
        "\tCSI Manifest Repaired:\t0",
        "\tCSI Payload Repaired:\t1",
        "\tCSI Store Metadata refreshed:\tTrue",
        "Total Operation Time: 1124 seconds.",
    ] {
        log.cbs(l);
    }
    log.cbs(&format!(
        "Exec: Processing complete, session(Corruption Repairing): {session} [HRESULT = 0x00000000 - S_OK]"
    ));
    log.cbs(&format!(
        "Session: {session} finalized. Reboot required: no [HRESULT = 0x00000000 - S_OK]"
    ));
    log.stop();
    log.t += 900;
    cbs_sfc(&mut log, components - 3, &[(33, &spp, true)], boot, 200);
    // The nightly scans since; November's update on the 19th.
    for d in (15..=26u64).step_by(2) {
        night(d, &mut log);
        log.scan(&packages, boot);
        if d == 19 {
            let session = log.start("WindowsUpdateAgent", boot);
            for (k, p) in [
                "Package_for_ServicingStack_2848~31bf3856ad364e35~amd64~~20348.2848.1.2",
                "Package_for_RollupFix~31bf3856ad364e35~amd64~~20348.2849.1.11",
                "Package_for_KB5070884~31bf3856ad364e35~amd64~~20348.2849.1.4",
            ]
            .iter()
            .enumerate()
            {
                log.cbs(&format!(
                    "Exec: Installing Package: {p}, Update: {}, InstallDeployment: amd64_{}",
                    if k == 0 {
                        "ServicingStack"
                    } else {
                        "RollupFix"
                    },
                    hex(k, 9527, 40)
                ));
                for _ in 0..30 {
                    log.cbs(&format!("Appl: Selfupdate, Component: amd64_microsoft-windows-{}_31bf3856ad364e35_10.0.20348.2849_none_{}, elevation:2, lower version revision holder: 10.0.20348.2762", letters(log.n, 9528, 6 + log.n % 9), hex(log.n, 9529, 16)));
                }
            }
            log.cbs("Pended: Reboot required. [HRESULT = 0x00000000 - S_OK]");
            log.cbs(&format!(
                "Session: {session} finalized. Reboot required: yes [HRESULT = 0x00000000 - S_OK]"
            ));
            log.stop();
        }
    }
    // This morning: the night's scan, sfc, two scans after it.
    night(27, &mut log);
    log.scan(&packages, "2026-11-20 04:31:17.213");
    log.t = DAY + 7 * 3_600 + 12 * 60 + 44;
    let corrupt: Vec<(u64, &CbsFile, bool)> = vec![
        (6, &repaired[0], true),
        (14, &broken[0], false),
        (22, &broken[1], false),
        (31, &repaired[1], true),
        (38, &broken[2], false),
        (47, &broken[3], false),
        (55, &repaired[2], true),
        (63, &broken[4], false),
    ];
    cbs_sfc(
        &mut log,
        components,
        &corrupt,
        "2026-11-20 04:31:17.213",
        300,
    );
    log.t = DAY + 8 * 3_600 + 3 * 60 + 9;
    log.scan(&packages, "2026-11-20 04:31:17.213");
    log.t = DAY + 8 * 3_600 + 47 * 60 + 31;
    log.scan(&packages, "2026-11-20 04:31:17.213");
    let out = log.out;
    let items: Vec<String> = broken.iter().map(|f| f.name.to_string()).collect();
    let names: Vec<String> = (broken.iter().chain(repaired.iter()))
        .map(|f| f.name.to_string())
        .chain(["sppsvc.exe".to_string()])
        .collect();
    for it in &items {
        assert!(!named_elsewhere(it, &names), "{it}");
        assert_eq!(
            out.matches(&format!("Cannot repair member file [l:{}]'{it}'", it.len()))
                .count(),
            2
        );
    }
    let at = out
        .find("[SR] Cannot repair member file [l:10]'dnsapi.dll'")
        .unwrap();
    assert!(
        at > out.len() / 4 && at < out.len() * 9 / 10,
        "{at} of {}",
        out.len()
    );
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "CBS.log of a file server, the files sfc could not repair this morning",
        out,
        "I ran sfc /scannow on the file server this morning and it says it found corrupt files but was unable to fix some of them. Which files couldn't it fix? I need every one.",
        items,
    )
}

// ---------------------------------------------------------------- Cucumber

/// A feature of the shop's acceptance tests: its folder, name, the step
/// definitions file and the scenarios' names.
const CUKE_FEATURES: [(&str, &str, &str, &[&str]); 24] = [
    (
        "checkout",
        "Checkout",
        "checkout",
        &[
            "Pay by invoice as a returning customer",
            "Pay with PayPal Express",
            "Pay with a credit card that needs 3-D Secure",
            "Declined card shows a payment failed message",
            "Checkout fails gracefully when the stock runs out",
            "Guest checkout asks for an e-mail address",
            "Pay with a saved SEPA mandate",
            "Pay with Klarna in 30 days",
            "Order confirmation shows the delivery estimate",
            "Checkout keeps the cart after a failed payment",
        ],
    ),
    (
        "cart",
        "Shopping cart",
        "cart",
        &[
            "Add a bag of beans to the cart",
            "Change the grind of an item in the cart",
            "Remove the last item empties the cart",
            "Cart total includes the deposit for a tin",
            "Cart remembers items after login",
            "Mini cart shows the item count",
        ],
    ),
    (
        "vouchers",
        "Vouchers and discounts",
        "vouchers",
        &[
            "Redeem a ten percent voucher",
            "Expired voucher is refused",
            "Voucher cannot be combined with a sale price",
            "Apply a staff discount on top of a sale price",
            "Free shipping voucher removes the shipping fee",
            "Voucher with a minimum order value",
            "A voucher code is not case sensitive",
        ],
    ),
    (
        "account",
        "Customer account",
        "account",
        &[
            "Register with an e-mail address",
            "Failed login locks the account after five attempts",
            "Reset a forgotten password",
            "Change the default delivery address",
            "Delete the account and all personal data",
            "Log in with Google",
            "Newsletter consent can be withdrawn",
        ],
    ),
    (
        "orders",
        "Order history",
        "orders",
        &[
            "See the last ten orders",
            "Download an invoice as a PDF",
            "Reorder from the order history",
            "Cancel an order that has not shipped yet",
            "Track a parcel from the order page",
        ],
    ),
    (
        "subscriptions",
        "Coffee subscriptions",
        "subscriptions",
        &[
            "Subscribe to a monthly espresso box",
            "Skip the next delivery of a subscription",
            "Pause a subscription for two months",
            "Change the grind of a subscription",
            "Cancel a subscription at the end of the term",
            "Subscription renews with the saved card",
        ],
    ),
    (
        "delivery",
        "Delivery slots",
        "delivery",
        &[
            "Choose a delivery slot for tomorrow",
            "Slots are hidden for addresses outside Berlin",
            "Change the delivery slot after checkout",
            "A full slot cannot be chosen",
            "Same-day delivery closes at noon",
        ],
    ),
    (
        "catalog",
        "Catalogue",
        "catalog",
        &[
            "Filter beans by roast level",
            "Sort products by price",
            "Search finds a product by its origin",
            "Out-of-stock products show a notify-me button",
            "Product page shows tasting notes",
            "Compare two espresso blends",
            "Category page paginates after 24 products",
        ],
    ),
    (
        "giftcards",
        "Gift cards",
        "giftcards",
        &[
            "Buy a gift card for 50 euros",
            "Redeem a gift card in checkout",
            "Gift card balance is shown in the account",
            "Gift cards can be split across two orders",
            "An empty gift card is refused",
        ],
    ),
    (
        "admin/orders",
        "Back office: orders",
        "admin_orders",
        &[
            "Search orders by customer e-mail",
            "Refund one item of an order",
            "Mark an order as shipped",
            "Export invoices as a ZIP for a date range",
            "Resend the order confirmation",
        ],
    ),
    (
        "admin/catalog",
        "Back office: catalogue",
        "admin_catalog",
        &[
            "Create a product with two grinds",
            "Upload a product image",
            "Schedule a price change",
            "Hide a product from the shop",
            "Bulk edit stock levels from a CSV",
        ],
    ),
    (
        "admin/customers",
        "Back office: customers",
        "admin_customers",
        &[
            "Find a customer by phone number",
            "Merge two customer accounts",
            "Block a customer for fraud",
            "Export a customer's data on request",
        ],
    ),
    (
        "wholesale",
        "Wholesale accounts",
        "wholesale",
        &[
            "A café sees wholesale prices",
            "Wholesale order needs a minimum of 5 kg",
            "Pay a wholesale order on account",
            "Wholesale prices exclude VAT",
        ],
    ),
    (
        "tax",
        "Taxes",
        "tax",
        &[
            "Prices include German VAT",
            "Austrian customers pay Austrian VAT",
            "A company with a VAT ID pays no VAT",
            "Reduced VAT applies to coffee beans",
            "Invoice shows the VAT per rate",
        ],
    ),
    (
        "shipping",
        "Shipping",
        "shipping",
        &[
            "Shipping is free from 39 euros",
            "Express shipping costs extra",
            "Packstation address is accepted",
            "Shipping to Switzerland shows customs notice",
            "Heavy orders are split into two parcels",
        ],
    ),
    (
        "reviews",
        "Product reviews",
        "reviews",
        &[
            "Write a review after delivery",
            "A review needs at least 20 characters",
            "Reviews are sorted by helpfulness",
            "Report an abusive review",
        ],
    ),
    (
        "newsletter",
        "Newsletter",
        "newsletter",
        &[
            "Sign up with double opt-in",
            "Unsubscribe from the footer link",
            "Signing up twice shows a friendly message",
        ],
    ),
    (
        "search",
        "Search",
        "search",
        &[
            "Search suggests products while typing",
            "Search with a typo still finds espresso",
            "No results page suggests bestsellers",
        ],
    ),
    (
        "i18n",
        "Languages",
        "i18n",
        &[
            "Switch the shop to English",
            "Prices are formatted for Austria",
            "Dates on invoices use the customer's language",
        ],
    ),
    (
        "returns",
        "Returns",
        "returns",
        &[
            "Request a return label",
            "Return one bag of a multi-item order",
            "Refund arrives on the original payment method",
            "Opened bags cannot be returned",
        ],
    ),
    (
        "loyalty",
        "Loyalty points",
        "loyalty",
        &[
            "Earn points for an order",
            "Redeem points for a free bag",
            "Points expire after two years",
            "Points are taken back after a return",
        ],
    ),
    (
        "cookies",
        "Cookie consent",
        "cookies",
        &[
            "Reject all cookies keeps the shop working",
            "Accept analytics cookies",
            "Consent is remembered for a year",
        ],
    ),
    (
        "roastery",
        "Roastery tours",
        "roastery",
        &[
            "Book a roastery tour",
            "Cancel a tour booking",
            "A full tour shows a waiting list",
            "Tour voucher can be given as a present",
        ],
    ),
    (
        "accessibility",
        "Accessibility",
        "accessibility",
        &[
            "Checkout can be completed with the keyboard",
            "Product images have alternative texts",
            "Error messages are announced to screen readers",
        ],
    ),
];

/// Steps every scenario of a feature draws from: keyword, text.
const CUKE_STEPS: [(&str, &str); 24] = [
    ("Given ", "a signed-in customer with a saved address"),
    ("Given ", "a guest visitor on the home page"),
    (
        "Given ",
        "the product \"Ethiopia Yirgacheffe 250 g\" is in stock",
    ),
    (
        "Given ",
        "the cart contains 2 bags of \"Espresso Classico\"",
    ),
    (
        "Given ",
        "the back-office user \"support@kaffeekontor.de\" is signed in",
    ),
    ("And ", "the shop is open for delivery in Berlin"),
    ("When ", "I open the product page"),
    ("When ", "I go to the checkout"),
    ("When ", "I choose \"Standard\" shipping"),
    ("When ", "I enter the voucher code \"HERBST10\""),
    ("When ", "I submit the form"),
    ("When ", "I open the order history"),
    ("And ", "I confirm the dialog"),
    ("And ", "I wait for the page to load"),
    ("Then ", "I see the message \"Thank you for your order\""),
    ("Then ", "the cart total is \"27,80 €\""),
    ("Then ", "I see the error \"Your card was declined\""),
    ("Then ", "an e-mail is sent to the customer"),
    ("Then ", "the order status is \"paid\""),
    ("And ", "the page has no accessibility violations"),
    ("And ", "the stock of the product is reduced"),
    ("Then ", "I see a list of results"),
    ("And ", "the invoice is stored in the archive"),
    ("Then ", "the request is answered with status 200"),
];

fn cuke_step(keyword: &str, name: &str, line: u64, location: Option<&str>, result: Value) -> Value {
    let mut s = Map::new();
    s.insert("arguments".into(), json!([]));
    s.insert("keyword".into(), json!(keyword));
    s.insert("line".into(), json!(line));
    s.insert("name".into(), json!(name));
    if let Some(l) = location {
        s.insert("match".into(), json!({ "location": l }));
    }
    s.insert("result".into(), result);
    Value::Object(s)
}

fn cuke_hook(keyword: &str, ms: u64) -> Value {
    json!({"keyword": keyword, "hidden": true, "result": {"status": "passed", "duration": ms * 1_000_000}})
}

/// `npx cucumber-js --format json:reports/cucumber.json` of a coffee
/// shop's nightly acceptance run: two dozen features, a Before and an
/// After hook around every scenario. Five scenarios fail: the answer.
/// Decoys: scenarios whose steps are not written yet (`undefined`) or
/// `pending`, steps skipped after a failure, passing scenarios named for
/// failures and errors ("Declined card shows a payment failed message",
/// "Failed login locks the account…") and passing steps that expect an
/// error message.
fn cucumber_failed_scenarios() -> Case {
    let failing: [(&str, &str, &str); 5] = [
        (
            "Pay with a saved SEPA mandate",
            "AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n+ actual - expected\n\n+ 'pending_payment'\n- 'paid'\n    at World.<anonymous> (/builds/shop/e2e/features/step_definitions/checkout.steps.ts:141:12)",
            "the order status is \"paid\"",
        ),
        (
            "Apply a staff discount on top of a sale price",
            "Error: expect(received).toBe(expected) // Object.is equality\n\nExpected: \"21,59 €\"\nReceived: \"23,99 €\"\n    at World.<anonymous> (/builds/shop/e2e/features/step_definitions/vouchers.steps.ts:77:35)",
            "the cart total is \"21,59 €\"",
        ),
        (
            "Reorder from the order history",
            "TimeoutError: locator.click: Timeout 30000ms exceeded.\nCall log:\n  - waiting for getByRole('button', { name: 'Buy again' })\n\n    at World.<anonymous> (/builds/shop/e2e/features/step_definitions/orders.steps.ts:52:41)",
            "I click \"Buy again\" on the last order",
        ),
        (
            "Change the delivery slot after checkout",
            "AssertionError: expected 'Saturday 08:00–10:00' to equal 'Saturday 10:00–12:00'\n    at World.<anonymous> (/builds/shop/e2e/features/step_definitions/delivery.steps.ts:96:48)",
            "the delivery slot is \"Saturday 10:00–12:00\"",
        ),
        (
            "Export invoices as a ZIP for a date range",
            "AxiosError: Request failed with status code 500\n    at settle (/builds/shop/e2e/node_modules/axios/lib/core/settle.js:19:12)\n    at IncomingMessage.handleStreamEnd (/builds/shop/e2e/node_modules/axios/lib/adapters/http.js:599:11)\n    at World.<anonymous> (/builds/shop/e2e/features/step_definitions/admin_orders.steps.ts:63:22)",
            "the ZIP file contains an invoice for every order",
        ),
    ];
    let undefined = [
        (
            "Gift cards can be split across two orders",
            "I split the gift card balance across my next two orders",
        ),
        (
            "Merge two customer accounts",
            "I merge the account into \"anna.berger@example.org\"",
        ),
        (
            "Heavy orders are split into two parcels",
            "the order is shipped as two parcels",
        ),
    ];
    let pending = [
        "Pay with Klarna in 30 days",
        "Points are taken back after a return",
    ];
    let mut features: Vec<Value> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    let mut k = 0usize;
    for (dir, title, steps_file, scenarios) in CUKE_FEATURES.iter() {
        let slug = title.to_lowercase().replace([' ', ':'], "-");
        let uri = format!("features/{dir}/{}.feature", steps_file.replace('_', "-"));
        let mut elements: Vec<Value> = Vec::new();
        let mut line = 6u64;
        for (s, name) in scenarios.iter().enumerate() {
            k += 1;
            names.push(name.to_string());
            let nsteps = 4 + h(k, 9601) % 5;
            let fail = failing.iter().find(|x| x.0 == *name);
            let fail_at = fail.map(|_| nsteps - 1 - h(k, 9602) % 2);
            let undef = undefined.iter().find(|u| u.0 == *name);
            let undef_at = undef.map(|_| nsteps - 1);
            let pend_at = pending.contains(name).then_some(1);
            let mut steps = vec![cuke_hook("Before", 40 + h(k, 9603) % 900)];
            // The feature's Background, run before every scenario.
            for (b, (kw, text)) in [
                ("Given ", "the shop runs against the staging database"),
                ("And ", "the e2e test customer exists"),
            ]
            .iter()
            .enumerate()
            {
                steps.push(cuke_step(
                        kw,
                        text,
                        4 + b as u64,
                        Some(&format!("features/step_definitions/common.steps.ts:{}", 12 + b * 9)),
                        json!({"status": "passed", "duration": (3 + h(k * 2 + b, 9612) % 300) * 1_000_000}),
                    ));
            }
            let mut stopped = false;
            line += 1;
            let sc_line = line;
            for j in 0..nsteps {
                line += 1;
                let (kw, text) = if j == 0 {
                    CUKE_STEPS[(h(k, 9604) % 5) as usize]
                } else if j + 1 == nsteps {
                    CUKE_STEPS[14 + (h(k * 8 + j as usize, 9605) % 10) as usize]
                } else {
                    CUKE_STEPS[5 + (h(k * 8 + j as usize, 9606) % 9) as usize]
                };
                let loc = format!(
                    "features/step_definitions/{}.steps.ts:{}",
                    if j == 0 { "common" } else { steps_file },
                    5 + h(k * 8 + j as usize, 9607) % 180
                );
                let result = if stopped {
                    json!({"status": "skipped", "duration": 0})
                } else if Some(j) == fail_at {
                    stopped = true;
                    json!({"status": "failed", "duration": (800 + h(k, 9608) % 30_000) * 1_000_000, "error_message": fail.unwrap().1})
                } else if Some(j) == undef_at {
                    stopped = true;
                    json!({"status": "undefined", "duration": 0})
                } else if Some(j) == pend_at {
                    stopped = true;
                    json!({"status": "pending", "duration": (1 + h(k, 9609) % 5) * 1_000_000})
                } else {
                    json!({"status": "passed", "duration": (5 + h(k * 8 + j as usize, 9610) % 4_000) * 1_000_000})
                };
                let (kw, name_text, loc) = if Some(j) == undef_at {
                    ("Then ", undef.unwrap().1, None)
                } else if Some(j) == fail_at {
                    ("Then ", fail.unwrap().2, Some(loc.as_str()))
                } else {
                    (kw, text, Some(loc.as_str()))
                };
                steps.push(cuke_step(kw, name_text, line, loc, result));
            }
            steps.push(cuke_hook("After", 20 + h(k, 9611) % 600));
            let mut tags = vec![
                json!({"name": format!("@{}", steps_file.replace('_', "-")), "line": sc_line - 1}),
            ];
            if pend_at.is_some() {
                tags.push(json!({"name": "@wip", "line": sc_line - 1}));
            }
            if s % 3 == 0 {
                tags.push(json!({"name": "@smoke", "line": sc_line - 1}));
            }
            let sid = name.to_lowercase().replace(' ', "-");
            elements.push(json!({
                "description": "",
                "id": format!("{slug};{sid}"),
                "keyword": "Scenario",
                "line": sc_line,
                "name": name,
                "steps": steps,
                "tags": tags,
                "type": "scenario"
            }));
            line += 1;
        }
        features.push(json!({
            "description": "  As a customer of Kaffeekontor",
            "elements": elements,
            "id": slug,
            "line": 2,
            "keyword": "Feature",
            "name": title,
            "tags": [{"name": format!("@{}", dir.replace('/', "-")), "line": 1}],
            "uri": uri
        }));
    }
    let doc = Value::Array(features);
    let out = pretty(&doc, b"  ") + "\n";
    let items: Vec<String> = failing.iter().map(|f| f.0.to_string()).collect();
    for it in &items {
        assert!(!named_elsewhere(it, &names), "{it}");
        assert_eq!(whole(&out, it), 1, "{it}");
    }
    let expected: Vec<String> = (doc.as_array().unwrap().iter())
        .flat_map(|f| f["elements"].as_array().unwrap().iter())
        .filter(|e| {
            e["steps"]
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s["result"]["status"] == "failed")
        })
        .map(|e| jq_string(e["name"].as_str().unwrap()))
        .collect();
    assert_eq!(expected.len(), 5);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "cucumber-js JSON report of a nightly run, the scenarios that failed",
        out,
        "Last night's acceptance test run of the shop went red. Which scenarios actually broke? Don't count the ones that just aren't implemented yet. I need all of them.",
        items,
    )
    .with_jq(
        ".[].elements[] | select(any(.steps[]; .result.status == \"failed\")) | .name",
        expected,
    )
}

// ------------------------------------------------------- az storage account

/// `2025-03-14T09:12:44.5312817+00:00`: a time as the Azure CLI prints it.
fn az_time(t: u64, frac: u64) -> String {
    format!("{}T{}.{frac:07}+00:00", ymd(t), clock(t % 86_400))
}

/// One storage account of `az storage account list`, its keys in the
/// CLI's (alphabetical) order.
fn az_account(i: usize, name: &str, rg: &str, tls: &str, tags: Value, sub: &str) -> Value {
    let location = pick(
        &[
            "westeurope",
            "westeurope",
            "westeurope",
            "northeurope",
            "germanywestcentral",
        ],
        i,
        9701,
    );
    let created = DAY - 86_400 * (20 + h(i, 9702) % 2_400) + h(i, 9703) % 86_400;
    let frac = h(i, 9704) % 10_000_000;
    let kind = pick(
        &[
            "StorageV2",
            "StorageV2",
            "StorageV2",
            "StorageV2",
            "BlobStorage",
            "FileStorage",
        ],
        i,
        9705,
    );
    let premium = kind == "FileStorage";
    let sku = if premium {
        "Premium_LRS"
    } else {
        pick(
            &[
                "Standard_LRS",
                "Standard_LRS",
                "Standard_GRS",
                "Standard_RAGRS",
                "Standard_ZRS",
            ],
            i,
            9706,
        )
    };
    let geo = sku.contains("GRS");
    let secondary = match location {
        "westeurope" => "northeurope",
        "northeurope" => "westeurope",
        _ => "germanynorth",
    };
    let endpoints = |suffix: &str| {
        let n = format!("{name}{suffix}");
        json!({
            "blob": format!("https://{n}.blob.core.windows.net/"),
            "dfs": format!("https://{n}.dfs.core.windows.net/"),
            "file": format!("https://{n}.file.core.windows.net/"),
            "internetEndpoints": null,
            "microsoftEndpoints": null,
            "queue": format!("https://{n}.queue.core.windows.net/"),
            "table": format!("https://{n}.table.core.windows.net/"),
            "web": format!("https://{n}.z6.web.core.windows.net/")
        })
    };
    let enc_time = az_time(created + 1, frac);
    let private = h(i, 9707).is_multiple_of(3);
    let mut a = Map::new();
    a.insert(
        "accessTier".into(),
        if premium {
            Value::Null
        } else {
            json!(pick(&["Hot", "Hot", "Cool"], i, 9708))
        },
    );
    a.insert("allowBlobPublicAccess".into(), json!(false));
    a.insert("allowCrossTenantReplication".into(), json!(false));
    a.insert(
        "allowSharedKeyAccess".into(),
        if h(i, 9709).is_multiple_of(4) {
            json!(false)
        } else {
            Value::Null
        },
    );
    a.insert("allowedCopyScope".into(), Value::Null);
    a.insert("azureFilesIdentityBasedAuthentication".into(), Value::Null);
    a.insert("blobRestoreStatus".into(), Value::Null);
    a.insert("creationTime".into(), json!(az_time(created, frac)));
    a.insert("customDomain".into(), Value::Null);
    a.insert(
        "defaultToOAuthAuthentication".into(),
        json!(h(i, 9710).is_multiple_of(3)),
    );
    a.insert("dnsEndpointType".into(), json!("Standard"));
    a.insert("enableHttpsTrafficOnly".into(), json!(true));
    a.insert("enableNfsV3".into(), json!(false));
    a.insert(
        "encryption".into(),
        json!({
            "encryptionIdentity": null,
            "keySource": "Microsoft.Storage",
            "keyVaultProperties": null,
            "requireInfrastructureEncryption": null,
            "services": {
                "blob": {"enabled": true, "keyType": "Account", "lastEnabledTime": enc_time},
                "file": {"enabled": true, "keyType": "Account", "lastEnabledTime": enc_time},
                "queue": null,
                "table": null
            }
        }),
    );
    a.insert("extendedLocation".into(), Value::Null);
    a.insert("failoverInProgress".into(), Value::Null);
    a.insert("geoReplicationStats".into(), Value::Null);
    a.insert(
        "id".into(),
        json!(format!("/subscriptions/{sub}/resourceGroups/{rg}/providers/Microsoft.Storage/storageAccounts/{name}")),
    );
    a.insert("identity".into(), Value::Null);
    a.insert("immutableStorageWithVersioning".into(), Value::Null);
    a.insert("isHnsEnabled".into(), json!(h(i, 9711).is_multiple_of(5)));
    a.insert("isLocalUserEnabled".into(), Value::Null);
    a.insert("isSftpEnabled".into(), json!(false));
    a.insert(
        "keyCreationTime".into(),
        json!({"key1": az_time(created, frac), "key2": az_time(created, frac)}),
    );
    a.insert("keyPolicy".into(), Value::Null);
    a.insert("kind".into(), json!(kind));
    a.insert(
        "largeFileSharesState".into(),
        if premium {
            json!("Enabled")
        } else {
            Value::Null
        },
    );
    a.insert("lastGeoFailoverTime".into(), Value::Null);
    a.insert("location".into(), json!(location));
    a.insert("minimumTlsVersion".into(), json!(tls));
    a.insert("name".into(), json!(name));
    a.insert(
        "networkRuleSet".into(),
        json!({
            "bypass": "AzureServices",
            "defaultAction": if private { "Deny" } else { "Allow" },
            "ipRules": if private { json!([{"action": "Allow", "ipAddressOrRange": "198.51.100.24"}]) } else { json!([]) },
            "ipv6Rules": [],
            "resourceAccessRules": null,
            "virtualNetworkRules": []
        }),
    );
    a.insert("primaryEndpoints".into(), endpoints(""));
    a.insert("primaryLocation".into(), json!(location));
    a.insert("privateEndpointConnections".into(), json!([]));
    a.insert("provisioningState".into(), json!("Succeeded"));
    a.insert(
        "publicNetworkAccess".into(),
        if private {
            json!("Disabled")
        } else {
            json!("Enabled")
        },
    );
    a.insert("resourceGroup".into(), json!(rg));
    a.insert("routingPreference".into(), Value::Null);
    a.insert("sasPolicy".into(), Value::Null);
    a.insert(
        "secondaryEndpoints".into(),
        if sku == "Standard_RAGRS" {
            endpoints("-secondary")
        } else {
            Value::Null
        },
    );
    a.insert(
        "secondaryLocation".into(),
        if geo { json!(secondary) } else { Value::Null },
    );
    a.insert(
        "sku".into(),
        json!({"name": sku, "tier": if premium { "Premium" } else { "Standard" }}),
    );
    a.insert("statusOfPrimary".into(), json!("available"));
    a.insert(
        "statusOfSecondary".into(),
        if geo { json!("available") } else { Value::Null },
    );
    a.insert("storageAccountSkuConversionStatus".into(), Value::Null);
    a.insert("tags".into(), tags);
    a.insert("type".into(), json!("Microsoft.Storage/storageAccounts"));
    Value::Object(a)
}

/// `az storage account list -o json` of a logistics company's production
/// subscription: some 200 accounts of its applications, each with its
/// tags. Five still accept TLS 1.0 (`minimumTlsVersion: TLS1_0`): the
/// answer. Decoys: accounts on TLS 1.1, accounts tagged for the TLS
/// review (`"tls-review": "TLS1_0 disabled 2026-10"`), an account named
/// for a TLS 1.0 migration, accounts closed to the internet.
fn az_storage_tls10() -> Case {
    let sub = "8c1f2e47-3d5a-4b9e-a6c0-71e2d9f43b18";
    let apps = [
        "crm",
        "erp",
        "wms",
        "tms",
        "edi",
        "portal",
        "billing",
        "hr",
        "payroll",
        "bi",
        "dwh",
        "backup",
        "logs",
        "scan",
        "docs",
        "fleet",
        "telematics",
        "customs",
        "tracking",
        "api",
        "web",
        "cdn",
        "ml",
        "etl",
        "archive",
        "mail",
        "ftp",
        "sap",
        "iot",
        "cctv",
    ];
    let envs = ["prod", "prod", "prod", "stg", "dev"];
    let regions = ["weu", "neu", "gwc"];
    let mut accounts: Vec<Value> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    let mut i = 0usize;
    let tls10 = [
        ("stlegacyftpweu01", "rg-ftp-prod-weu", 31usize),
        ("stscaninboxweu", "rg-scan-prod-weu", 77),
        ("stsapbwexportweu", "rg-sap-prod-weu", 104),
        ("stcctvarchivegwc", "rg-cctv-prod-gwc", 139),
        ("stoldintranetneu", "rg-web-prod-neu", 171),
    ];
    let tls11 = [48usize, 92, 126, 158, 183, 197];
    let reviewed = [12usize, 55, 88, 117, 150, 176, 190];
    for (a, app) in apps.iter().enumerate() {
        for (e, env) in envs.iter().enumerate() {
            if h(a * 8 + e, 9720) % 10 < 2 {
                continue;
            }
            let region = regions[(h(a * 8 + e, 9721) % 3) as usize];
            for n in 1..=(1 + h(a * 8 + e, 9722) % 2) {
                if let Some(t) = tls10.iter().find(|t| t.2 == i) {
                    let tags = json!({"app": t.0.trim_start_matches("st"), "env": "prod", "owner": "it-infrastruktur@nordkurier-logistik.de", "costcenter": "4100"});
                    accounts.push(az_account(i, t.0, t.1, "TLS1_0", tags, sub));
                    names.push(t.0.to_string());
                    i += 1;
                }
                let name = format!("st{app}{env}{region}{n:02}");
                let rg = format!("rg-{app}-{env}-{region}");
                let tls = if tls11.contains(&i) {
                    "TLS1_1"
                } else {
                    "TLS1_2"
                };
                let mut tags = Map::new();
                tags.insert("app".into(), json!(app));
                tags.insert("env".into(), json!(env));
                tags.insert(
                    "owner".into(),
                    json!(format!("team-{app}@nordkurier-logistik.de")),
                );
                tags.insert("costcenter".into(), json!(format!("{}", 4_100 + a * 10)));
                if reviewed.contains(&i) {
                    tags.insert("tls-review".into(), json!("TLS1_0 disabled 2026-10"));
                }
                if h(i, 9723).is_multiple_of(4) {
                    tags.insert("backup".into(), json!("daily"));
                }
                accounts.push(az_account(i, &name, &rg, tls, Value::Object(tags), sub));
                names.push(name);
                i += 1;
            }
        }
    }
    // Named for the migration away from TLS 1.0; it is on 1.2.
    accounts.insert(
        140,
        az_account(
            900,
            "sttls10migrationweu",
            "rg-platform-prod-weu",
            "TLS1_2",
            json!({"app": "platform", "env": "prod", "purpose": "TLS 1.0 client migration logs"}),
            sub,
        ),
    );
    names.push("sttls10migrationweu".into());
    let doc = Value::Array(accounts);
    let out = pretty(&doc, b"  ") + "\n";
    let items: Vec<String> = tls10.iter().map(|t| t.0.to_string()).collect();
    for it in &items {
        assert!(!named_elsewhere(it, &names), "{it}");
    }
    let expected: Vec<String> = (doc.as_array().unwrap().iter())
        .filter(|a| a["minimumTlsVersion"] == "TLS1_0")
        .map(|a| jq_string(a["name"].as_str().unwrap()))
        .collect();
    assert_eq!(expected.len(), 5);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "az storage account list, the accounts that still accept TLS 1.0",
        out,
        "Our auditors say some of our Azure storage accounts still accept connections over TLS 1.0. Which accounts are those? I need every one of them.",
        items,
    )
    .with_jq(
        ".[] | select(.minimumTlsVersion == \"TLS1_0\") | .name",
        expected,
    )
}
