//! A SIXTH HELD-OUT SET of issue 30, written by someone who had not read
//! the answer code and never run against it while being written: eight
//! outputs of tools no other set uses, each with a question in a user's
//! words and the answer its generator planted. Measured unread over two
//! stops; its misses were read since, for their classes.
//!
//! One fact: `apt-get dist-upgrade` of a thousand packages (the one
//! package whose setup failed and why, among a package that depends on it
//! left unconfigured, packages named for errors and units named for
//! failures), `rsync -avh --delete` to a backup NAS (the one file it could
//! not read, among files and tickets named like it), `docker inspect` of
//! every container on a host (the one that mounts the Docker socket, among
//! mounts of Docker's own directories and other sockets), `aws rds
//! describe-db-instances` (the one database with automated backups off,
//! among read replicas that have none by design).
//! Every item: `smartctl -a` over a 60-bay shelf (the serial numbers of
//! the drives with reallocated or pending sectors, among huge raw error
//! rates that are normal and cable CRC errors), `/var/log/fail2ban.log`
//! (the addresses the recidive jail banned, among addresses it saw fewer
//! times and old bans it lifted), Jenkins' `api/json?depth=1` (the jobs
//! whose last build failed, among unstable, aborted and green jobs with
//! failures in their history), `osv-scanner --format json` (the packages
//! with a critical vulnerability, among dozens rated high).

use std::collections::BTreeSet;

use serde_json::{Value, json};

use super::super::heldout::{h, hex, thousands, uuid};
use super::{Case, jq_string, pick, pretty};

pub(super) fn cases() -> Vec<Case> {
    vec![
        apt_failed_postinst(),
        rsync_unreadable_file(),
        docker_socket_mount(),
        rds_without_backups(),
        smartctl_bad_sectors(),
        fail2ban_repeat_offenders(),
        jenkins_failing_jobs(),
        osv_critical_packages(),
    ]
}

/// `n` characters of `alphabet`, fixed by the hash of `i`.
fn chars(i: usize, salt: u64, n: usize, alphabet: &[u8]) -> String {
    (0..n)
        .map(|k| alphabet[(h(i * 977 + k, salt) % alphabet.len() as u64) as usize] as char)
        .collect()
}

/// A size as apt prints it: `840 B`, `62.5 kB`, `351 kB`, `1,905 kB`,
/// `12.3 MB`.
fn apt_size(b: u64) -> String {
    if b < 1000 {
        format!("{b} B")
    } else if b < 10_000 {
        format!("{:.1} kB", b as f64 / 1000.0)
    } else if b < 1_000_000 {
        format!("{} kB", b / 1000)
    } else if b < 10_000_000 {
        let kb = b / 1000;
        format!("{},{:03} kB", kb / 1000, kb % 1000)
    } else {
        format!("{:.1} MB", b as f64 / 1e6)
    }
}

/// One package of an upgrade.
struct Deb {
    name: String,
    /// `amd64` or `all`.
    arch: &'static str,
    /// Multi-Arch: same (dpkg names it `name:amd64`).
    multi: bool,
    old: String,
    new: String,
    /// `http://… jammy-updates/main`
    origin: String,
    size: u64,
    /// Newly installed (a kernel), not upgraded.
    fresh: bool,
}

impl Deb {
    fn dpkg_name(&self) -> String {
        if self.multi {
            format!("{}:amd64", self.name)
        } else {
            self.name.clone()
        }
    }
    fn file(&self) -> String {
        format!(
            "{}_{}_{}.deb",
            self.name,
            self.new.replace(':', "%3a"),
            self.arch
        )
    }
}

/// The packages an Ubuntu 22.04 build and PHP host has installed: the base
/// system, libraries, Perl, Python and Node modules, PHP from a PPA.
fn jammy_packages() -> Vec<String> {
    let base = [
        "accountsservice",
        "acl",
        "adduser",
        "apparmor",
        "apport",
        "apt",
        "apt-utils",
        "base-files",
        "bash",
        "bash-completion",
        "bcache-tools",
        "bind9-dnsutils",
        "bind9-host",
        "bind9-libs",
        "binutils",
        "binutils-common",
        "binutils-x86-64-linux-gnu",
        "bolt",
        "bsdextrautils",
        "bsdutils",
        "btrfs-progs",
        "busybox-initramfs",
        "busybox-static",
        "byobu",
        "ca-certificates",
        "cloud-guest-utils",
        "cloud-init",
        "command-not-found",
        "composer",
        "coreutils",
        "cpio",
        "cron",
        "cryptsetup",
        "cryptsetup-bin",
        "curl",
        "dbus",
        "dbus-user-session",
        "debconf",
        "debianutils",
        "dirmngr",
        "distro-info",
        "distro-info-data",
        "dmeventd",
        "dmidecode",
        "dmsetup",
        "dnsutils",
        "dpkg",
        "dpkg-dev",
        "e2fsprogs",
        "ethtool",
        "fdisk",
        "file",
        "findutils",
        "friendly-recovery",
        "ftp",
        "fuse3",
        "fwupd",
        "g++",
        "g++-11",
        "gawk",
        "gcc",
        "gcc-11",
        "gcc-11-base",
        "gcc-12-base",
        "gdisk",
        "gettext-base",
        "git",
        "git-man",
        "gnupg",
        "gnupg-l10n",
        "gnupg-utils",
        "gpg",
        "gpg-agent",
        "gpg-wks-client",
        "gpg-wks-server",
        "gpgconf",
        "gpgsm",
        "gpgv",
        "grep",
        "groff-base",
        "grub-common",
        "grub-efi-amd64-bin",
        "grub-efi-amd64-signed",
        "grub-pc",
        "grub-pc-bin",
        "grub2-common",
        "gzip",
        "hdparm",
        "hostname",
        "htop",
        "info",
        "init",
        "init-system-helpers",
        "initramfs-tools",
        "initramfs-tools-bin",
        "initramfs-tools-core",
        "install-info",
        "iproute2",
        "iptables",
        "iputils-ping",
        "iputils-tracepath",
        "irqbalance",
        "isc-dhcp-client",
        "isc-dhcp-common",
        "jq",
        "kbd",
        "keyboard-configuration",
        "klibc-utils",
        "kmod",
        "kpartx",
        "landscape-common",
        "less",
        "linux-base",
        "linux-firmware",
        "linux-generic",
        "linux-headers-generic",
        "linux-image-generic",
        "locales",
        "login",
        "logrotate",
        "lsb-base",
        "lsb-release",
        "lshw",
        "lsof",
        "lvm2",
        "make",
        "man-db",
        "manpages",
        "manpages-dev",
        "mawk",
        "mdadm",
        "motd-news-config",
        "mount",
        "mtr-tiny",
        "multipath-tools",
        "mysql-client-8.0",
        "mysql-client-core-8.0",
        "mysql-common",
        "nano",
        "needrestart",
        "netcat-openbsd",
        "netplan.io",
        "networkd-dispatcher",
        "nftables",
        "nodejs",
        "npm",
        "ntfs-3g",
        "open-iscsi",
        "open-vm-tools",
        "openssh-client",
        "openssh-server",
        "openssh-sftp-server",
        "openssl",
        "os-prober",
        "overlayroot",
        "packagekit",
        "packagekit-tools",
        "parted",
        "passwd",
        "pastebinit",
        "patch",
        "pci.ids",
        "pciutils",
        "perl",
        "perl-base",
        "perl-modules-5.34",
        "php-common",
        "php-fpm",
        "php-igbinary",
        "php-imagick",
        "php-memcached",
        "php-msgpack",
        "php-redis",
        "pinentry-curses",
        "plymouth",
        "plymouth-theme-ubuntu-text",
        "polkitd",
        "pollinate",
        "powermgmt-base",
        "procps",
        "psmisc",
        "publicsuffix",
        "python-apt-common",
        "python3",
        "python3-minimal",
        "python3.10",
        "python3.10-minimal",
        "readline-common",
        "redis-server",
        "redis-tools",
        "rsync",
        "rsyslog",
        "run-one",
        "sbsigntool",
        "screen",
        "secureboot-db",
        "sed",
        "sensible-utils",
        "shared-mime-info",
        "snapd",
        "software-properties-common",
        "sosreport",
        "squashfs-tools",
        "ssh-import-id",
        "strace",
        "sudo",
        "systemd",
        "systemd-hwe-hwdb",
        "systemd-sysv",
        "systemd-timesyncd",
        "sysvinit-utils",
        "tar",
        "tcpdump",
        "telnet",
        "thin-provisioning-tools",
        "time",
        "tmux",
        "tnftp",
        "tpm-udev",
        "tzdata",
        "ubuntu-advantage-tools",
        "ubuntu-drivers-common",
        "ubuntu-keyring",
        "ubuntu-minimal",
        "ubuntu-pro-client",
        "ubuntu-pro-client-l10n",
        "ubuntu-release-upgrader-core",
        "ubuntu-server",
        "ubuntu-standard",
        "ucf",
        "udev",
        "ufw",
        "unattended-upgrades",
        "unzip",
        "update-manager-core",
        "update-notifier-common",
        "usb.ids",
        "usbutils",
        "usrmerge",
        "util-linux",
        "uuid-runtime",
        "vim",
        "vim-common",
        "vim-runtime",
        "vim-tiny",
        "wget",
        "whiptail",
        "xauth",
        "xdg-user-dirs",
        "xfsprogs",
        "xkb-data",
        "xxd",
        "xz-utils",
        "zerofree",
        "zlib1g",
        "zlib1g-dev",
        "zstd",
        "libc6",
        "libc-bin",
        "libc6-dev",
        "libc-dev-bin",
        "libgpg-error0",
        "liberror-perl",
        "libssl3",
        "libssl-dev",
        "libsystemd0",
        "libudev1",
        "libnss-systemd",
        "libpam-systemd",
        "libpam-modules",
        "libpam-modules-bin",
        "libpam-runtime",
        "libpam0g",
        "libpython3.10",
        "libpython3.10-minimal",
        "libpython3.10-stdlib",
        "libcurl4",
        "libcurl3-gnutls",
        "libgnutls30",
        "libxml2",
        "libexpat1",
        "libsqlite3-0",
        "libzstd1",
        "libglib2.0-0",
        "libglib2.0-data",
        "libglib2.0-bin",
    ];
    let stems = [
        "aio",
        "archive",
        "asound",
        "atk1.0",
        "avahi-client",
        "blkid",
        "brotli",
        "bsd",
        "bz2",
        "cairo",
        "cap2",
        "cap-ng",
        "cbor",
        "cups2",
        "db5.3",
        "drm",
        "dw",
        "edit",
        "elf",
        "event",
        "fdisk",
        "ffi",
        "fontconfig",
        "freetype",
        "fribidi",
        "gd",
        "gdbm",
        "gmp",
        "graphite2",
        "gssapi-krb5-",
        "harfbuzz",
        "hogweed",
        "icu",
        "idn2-",
        "isc-export",
        "jansson",
        "jbig",
        "jpeg-turbo8",
        "json-c",
        "k5crypto",
        "keyutils",
        "krb5-",
        "lcms2-",
        "ldap-",
        "lz4-",
        "lzma",
        "magic",
        "mnl",
        "mpdec",
        "mpfr",
        "ncursesw",
        "netfilter-conntrack",
        "nettle",
        "nghttp2-",
        "nl-3-",
        "npth",
        "numa",
        "onig",
        "p11-kit",
        "pango-1.0-",
        "pcap0.8",
        "pcre2-8-",
        "pixman-1-",
        "png16-",
        "popt",
        "psl",
        "readline",
        "rtmp",
        "sasl2-",
        "seccomp",
        "selinux",
        "semanage",
        "sepol",
        "smartcols",
        "sodium",
        "ss",
        "ssh-",
        "tasn1-",
        "tinfo",
        "uuid",
        "uv",
        "wrap",
        "xau",
        "xcb",
        "xdmcp",
        "xext",
        "xpm",
        "xslt",
        "yaml-0-",
        "zip",
        "apr",
        "aprutil",
        "argon2-",
        "evdev",
        "fuse3-",
        "gcc-s",
        "gpgme",
        "hiredis",
        "jq",
        "kmod",
        "lua5.3-",
        "maxminddb",
        "memcached",
        "mysqlclient",
        "pq",
        "protobuf-c",
        "snappy",
        "tcmalloc-minimal",
        "unwind",
        "uring",
        "webp",
        "x11-",
        "xmlsec",
        "zip4",
        "acl",
        "attr",
        "audit",
        "bpf",
        "brotlienc",
        "cryptsetup",
        "curl",
        "dbus-1-",
        "devmapper",
        "efivar",
        "fido2-",
        "fwupd",
        "gcrypt",
        "gudev-1.0-",
        "hcrypto",
        "hx509-",
        "ipc-system-simple",
        "isns",
        "jcat",
        "mbim-glib",
        "mm-glib",
        "newt",
        "parted",
        "plymouth",
        "polkit-gobject-1-",
        "qmi-glib",
        "rados",
        "sgutils2-",
        "slang2",
        "snapd-glib",
        "tdb",
        "tss2-esys-3.0.2-",
        "usb-1.0-",
        "volume-key",
        "wind",
        "xmlb",
        "xtables",
    ];
    let sonames = ["0", "1", "2", "3", "4", "5", "6", "7", "8"];
    let python = [
        "apt",
        "attr",
        "automat",
        "babel",
        "bcrypt",
        "blinker",
        "certifi",
        "chardet",
        "click",
        "colorama",
        "commandnotfound",
        "configobj",
        "constantly",
        "cryptography",
        "dbus",
        "debconf",
        "debian",
        "distro",
        "distro-info",
        "distutils",
        "gdbm",
        "gi",
        "hamcrest",
        "httplib2",
        "hyperlink",
        "idna",
        "importlib-metadata",
        "incremental",
        "jeepney",
        "jinja2",
        "json-pointer",
        "jsonpatch",
        "jsonschema",
        "jwt",
        "keyring",
        "launchpadlib",
        "lazr.restfulclient",
        "lazr.uri",
        "lib2to3",
        "markupsafe",
        "more-itertools",
        "netifaces",
        "newt",
        "oauthlib",
        "openssl",
        "pexpect",
        "pkg-resources",
        "problem-report",
        "ptyprocess",
        "pyasn1",
        "pyasn1-modules",
        "pyparsing",
        "pyrsistent",
        "serial",
        "service-identity",
        "setuptools",
        "six",
        "software-properties",
        "systemd",
        "twisted",
        "tz",
        "update-manager",
        "urllib3",
        "requests",
        "wadllib",
        "yaml",
        "zipp",
        "zope.interface",
        "pip",
        "wheel",
        "packaging",
        "psutil",
        "docutils",
        "pygments",
        "simplejson",
        "toml",
        "tomli",
        "xdg",
    ];
    let perl = [
        "algorithm-diff",
        "algorithm-merge",
        "auth-sasl",
        "clone",
        "data-dump",
        "dbi",
        "digest-hmac",
        "encode-locale",
        "exporter-tiny",
        "file-basedir",
        "file-listing",
        "font-afm",
        "html-form",
        "html-format",
        "html-parser",
        "html-tagset",
        "html-tree",
        "http-cookies",
        "http-daemon",
        "http-date",
        "http-message",
        "http-negotiate",
        "io-html",
        "io-socket-ssl",
        "ipc-system-simple",
        "json",
        "libwww",
        "list-moreutils",
        "locale-gettext",
        "lwp-mediatypes",
        "lwp-protocol-https",
        "mailtools",
        "net-http",
        "net-smtp-ssl",
        "net-ssleay",
        "regexp-ipv6",
        "text-charwidth",
        "text-iconv",
        "text-wrapi18n",
        "timedate",
        "try-tiny",
        "uri",
        "www-robotrules",
        "xml-parser",
        "yaml-tiny",
        "term-readkey",
        "sub-override",
        "mime-types",
        "dbd-mysql",
        "cgi",
        "fcgi",
        "html-template",
        "template",
        "class-accessor",
        "params-util",
        "sub-install",
        "data-optlist",
        "sub-exporter",
        "devel-stacktrace",
        "exception-class",
    ];
    let node = [
        "abbrev",
        "agent-base",
        "ajv",
        "ampproject-remapping",
        "ansi-escapes",
        "ansi-regex",
        "ansi-styles",
        "anymatch",
        "aproba",
        "archy",
        "are-we-there-yet",
        "argparse",
        "arrify",
        "asap",
        "asynckit",
        "balanced-match",
        "binary-extensions",
        "brace-expansion",
        "braces",
        "browserslist",
        "builtins",
        "busboy",
        "cacache",
        "camelcase",
        "caniuse-lite",
        "chalk",
        "chownr",
        "chokidar",
        "ci-info",
        "cjs-module-lexer",
        "clean-stack",
        "cli-boxes",
        "cli-cursor",
        "cli-table3",
        "cliui",
        "clone",
        "color-convert",
        "color-name",
        "colors",
        "columnify",
        "combined-stream",
        "commander",
        "commondir",
        "concat-map",
        "concat-stream",
        "console-control-strings",
        "convert-source-map",
        "core-util-is",
        "cross-spawn",
        "debug",
        "decamelize",
        "deep-equal",
        "deep-is",
        "defaults",
        "define-properties",
        "del",
        "delayed-stream",
        "delegates",
        "depd",
        "diff",
        "encoding",
        "end-of-stream",
        "err-code",
        "escape-string-regexp",
        "esprima",
        "estraverse",
        "esutils",
        "events",
        "execa",
        "fast-deep-equal",
        "fast-levenshtein",
        "fetch",
        "file-entry-cache",
        "fill-range",
        "find-up",
        "flatted",
        "foreground-child",
        "fs-minipass",
        "fs.realpath",
        "function-bind",
        "gauge",
        "get-caller-file",
        "get-stream",
        "glob",
        "glob-parent",
        "globals",
        "got",
        "graceful-fs",
        "gyp",
        "has-flag",
        "has-unicode",
        "hosted-git-info",
        "http-proxy-agent",
        "https-proxy-agent",
        "iconv-lite",
        "ignore",
        "imurmurhash",
        "indent-string",
        "inflight",
        "inherits",
        "ini",
        "ip",
        "ip-regex",
        "is-binary-path",
        "is-buffer",
        "is-extglob",
        "is-glob",
        "is-number",
        "is-path-cwd",
        "is-plain-obj",
        "is-stream",
        "is-typedarray",
        "isarray",
        "isexe",
        "js-tokens",
        "js-yaml",
        "jsesc",
        "json-parse-better-errors",
        "json-schema",
        "json-schema-traverse",
        "json-stable-stringify",
        "json5",
        "jsonparse",
        "kind-of",
        "levn",
        "locate-path",
        "lodash",
        "lru-cache",
        "make-dir",
        "make-fetch-happen",
        "micromatch",
        "mime",
        "mime-types",
        "mimic-fn",
        "minimatch",
        "minimist",
        "minipass",
        "minipass-collect",
        "minipass-fetch",
        "minipass-flush",
        "minipass-pipeline",
        "mkdirp",
        "ms",
        "mute-stream",
        "negotiator",
        "nopt",
        "normalize-package-data",
        "normalize-path",
        "npm-bundled",
        "npm-package-arg",
        "npm-packlist",
        "npm-run-path",
        "npmlog",
        "object-assign",
        "once",
        "optimist",
        "optionator",
        "os-tmpdir",
        "p-limit",
        "p-locate",
        "p-map",
        "path-exists",
        "path-is-absolute",
        "path-key",
        "picocolors",
        "picomatch",
        "pify",
        "prelude-ls",
        "process-nextick-args",
        "promise-inflight",
        "promise-retry",
        "promzard",
        "punycode",
        "read",
        "read-package-json",
        "readable-stream",
        "readdirp",
        "require-directory",
        "resolve",
        "resolve-from",
        "retry",
        "rimraf",
        "safe-buffer",
        "semver",
        "set-blocking",
        "shebang-command",
        "shebang-regex",
        "signal-exit",
        "slash",
        "source-map",
        "source-map-support",
        "spdx-correct",
        "spdx-exceptions",
        "spdx-expression-parse",
        "spdx-license-ids",
        "sprintf-js",
        "ssri",
        "string-width",
        "string_decoder",
        "strip-ansi",
        "strip-bom",
        "strip-json-comments",
        "supports-color",
        "tar",
        "text-table",
        "through",
        "to-regex-range",
        "type-check",
        "typedarray",
        "typedarray-to-buffer",
        "unique-filename",
        "unique-slug",
        "universalify",
        "uri-js",
        "util-deprecate",
        "validate-npm-package-license",
        "validate-npm-package-name",
        "wcwidth",
        "which",
        "wide-align",
        "wrap-ansi",
        "wrappy",
        "write-file-atomic",
        "y18n",
        "yallist",
        "yargs",
        "yargs-parser",
    ];
    let ruby = [
        "actionmailer",
        "actionpack",
        "actionview",
        "activejob",
        "activemodel",
        "activerecord",
        "activesupport",
        "addressable",
        "builder",
        "bundler",
        "coderay",
        "concurrent-ruby",
        "crass",
        "did-you-mean",
        "erubi",
        "faraday",
        "globalid",
        "i18n",
        "json",
        "loofah",
        "mail",
        "method-source",
        "mini-mime",
        "minitest",
        "multi-json",
        "net-http-persistent",
        "net-scp",
        "net-ssh",
        "nokogiri",
        "power-assert",
        "public-suffix",
        "pry",
        "rack",
        "rack-test",
        "rails-html-sanitizer",
        "railties",
        "rake",
        "rb-inotify",
        "rexml",
        "rubygems-integration",
        "sass",
        "sqlite3",
        "test-unit",
        "thor",
        "tzinfo",
        "webrick",
        "xmlrpc",
        "zeitwerk",
        "unicode-display-width",
        "rouge",
        "kramdown",
        "redcarpet",
        "mustermann",
        "sinatra",
        "tilt",
        "ffi",
        "pg",
        "mysql2",
        "puma",
        "nio4r",
    ];
    let golang = [
        "golang-1.18",
        "golang-1.18-doc",
        "golang-1.18-go",
        "golang-1.18-src",
        "golang-go",
        "golang-src",
        "golang-doc",
        "golang-1.21",
        "golang-1.21-go",
        "golang-1.21-src",
        "docker.io",
        "containerd",
        "runc",
        "pigz",
        "bridge-utils",
        "ubuntu-fan",
        "dns-root-data",
        "dnsmasq-base",
        "git-lfs",
        "subversion",
        "mercurial",
        "mercurial-common",
        "openjdk-17-jre-headless",
        "openjdk-17-jdk-headless",
        "openjdk-17-jre",
        "openjdk-11-jre-headless",
        "ca-certificates-java",
        "java-common",
        "maven",
        "ant",
        "gradle",
        "ruby3.0",
        "ruby3.0-dev",
        "ruby3.0-doc",
        "ruby",
        "rubygems-integration",
        "rake",
        "ri",
        "python3-dev",
        "python3.10-dev",
        "python3-venv",
        "python3.10-venv",
        "python3-pip",
        "python3-wheel",
        "cmake",
        "cmake-data",
        "ninja-build",
        "autoconf",
        "automake",
        "autotools-dev",
        "libtool",
        "m4",
        "pkg-config",
        "pkgconf",
        "bison",
        "flex",
        "gettext",
        "intltool-debian",
        "po-debconf",
        "debhelper",
        "dh-autoreconf",
        "dh-strip-nondeterminism",
        "dwz",
        "fakeroot",
        "build-essential",
        "ccache",
        "clang-14",
        "llvm-14",
        "llvm-14-runtime",
        "llvm-14-linker-tools",
        "lld-14",
        "gdb",
        "valgrind",
        "shellcheck",
        "sqlite3",
        "postgresql-client-14",
        "postgresql-client-common",
        "imagemagick",
        "imagemagick-6-common",
        "imagemagick-6.q16",
        "ghostscript",
        "poppler-utils",
        "graphviz",
        "fonts-dejavu-core",
        "fonts-liberation",
        "fonts-noto-mono",
        "fontconfig",
        "fontconfig-config",
        "x11-common",
        "xdg-utils",
        "p7zip-full",
        "zip",
        "bzip2",
        "lz4",
        "brotli",
    ];
    let php = [
        "bcmath",
        "bz2",
        "cli",
        "common",
        "curl",
        "fpm",
        "gd",
        "gmp",
        "igbinary",
        "imagick",
        "intl",
        "mbstring",
        "memcached",
        "msgpack",
        "mysql",
        "opcache",
        "readline",
        "redis",
        "soap",
        "sqlite3",
        "xml",
        "zip",
        "ldap",
        "apcu",
    ];
    let mut names: BTreeSet<String> = base.iter().map(|s| s.to_string()).collect();
    for (k, stem) in stems.iter().enumerate() {
        let lib = if stem.ends_with('-') || stem.ends_with(|c: char| c.is_ascii_digit()) {
            let so = pick(&sonames, k, 1001);
            if stem.ends_with('-') {
                format!("lib{stem}{so}")
            } else {
                format!("lib{stem}-{so}")
            }
        } else {
            format!("lib{stem}{}", pick(&sonames, k, 1001))
        };
        names.insert(lib);
        let dev = stem.trim_end_matches('-');
        if !h(k, 1002).is_multiple_of(3) {
            names.insert(format!("lib{dev}-dev"));
        }
        if h(k, 1003).is_multiple_of(7) {
            names.insert(format!("lib{dev}-common"));
        }
    }
    names.extend(python.iter().map(|m| format!("python3-{m}")));
    names.extend(perl.iter().map(|m| format!("lib{m}-perl")));
    names.extend(node.iter().map(|m| format!("node-{m}")));
    names.extend(php.iter().map(|e| format!("php8.1-{e}")));
    names.extend(ruby.iter().map(|m| format!("ruby-{m}")));
    names.extend(golang.iter().map(|m| m.to_string()));
    names.into_iter().collect()
}

/// `sudo DEBIAN_FRONTEND=noninteractive apt-get -y -o
/// Dpkg::Options::=--force-confold dist-upgrade` on an Ubuntu 22.04 build
/// and PHP host that had not been upgraded for months: a thousand
/// packages from the archive, the security pocket and a PHP PPA, a new
/// kernel, essential packages unpacked and set up one by one, the rest
/// unpacked, then set up with their own chatter (kept config files,
/// certificates, units "not running, not starting it", initramfs and
/// GRUB), and the triggers. One setup fails: php8.1-fpm's restart, its
/// pool config naming an entry PHP does not know (the status and journal
/// lines printed inline); `php-fpm`, which depends on it, is left
/// unconfigured. As decoys: packages named for errors (`libgpg-error0`,
/// `liberror-perl`), `snapd.failure.service`, rehash and firmware warnings.
fn apt_failed_postinst() -> Case {
    let host = "app-03";
    let mut debs: Vec<Deb> = Vec::new();
    for (k, name) in jammy_packages().into_iter().enumerate() {
        let all = name.starts_with("node-")
            || (name.starts_with("python3-") && name != "python3-minimal")
            || name.ends_with("-perl")
            || name.ends_with("-common")
            || name.ends_with("-data")
            || name.ends_with("-l10n")
            || name.ends_with("-doc")
            || name.ends_with("-src")
            || name.starts_with("ruby-")
            || name.starts_with("fonts-")
            || [
                "tzdata",
                "ca-certificates",
                "git-man",
                "manpages",
                "manpages-dev",
                "pci.ids",
                "usb.ids",
                "debconf",
                "adduser",
                "ucf",
                "distro-info-data",
                "linux-base",
                "linux-firmware",
                "publicsuffix",
                "xkb-data",
                "needrestart",
                "sensible-utils",
                "lsb-base",
                "lsb-release",
                "landscape-common",
                "init-system-helpers",
                "perl-modules-5.34",
                "composer",
                "sosreport",
                "ssh-import-id",
                "software-properties-common",
                "unattended-upgrades",
                "ubuntu-advantage-tools",
                "python-apt-common",
                "npm",
                "byobu",
                "command-not-found",
                "friendly-recovery",
                "motd-news-config",
                "keyboard-configuration",
                "cloud-init",
                "pollinate",
                "run-one",
                "pastebinit",
                "ubuntu-release-upgrader-core",
                "update-manager-core",
                "usrmerge",
                "secureboot-db",
                "powermgmt-base",
                "overlayroot",
                "libtool",
                "autoconf",
                "automake",
                "autotools-dev",
                "debhelper",
                "dh-autoreconf",
                "po-debconf",
                "intltool-debian",
                "ca-certificates-java",
                "java-common",
                "maven",
                "ant",
                "gradle",
                "rubygems-integration",
                "rake",
                "cmake-data",
                "xdg-utils",
                "postgresql-client-common",
                "x11-common",
                "imagemagick-6-common",
                "fontconfig-config",
                "mercurial-common",
                "dns-root-data",
                "build-essential",
            ]
            .contains(&name.as_str());
        let multi = name.starts_with("lib") && !all && !name.ends_with("-bin");
        let php = name.starts_with("php");
        let (old, new, origin) = if php {
            let v = if name.starts_with("php8.1") {
                "8.1.30-1+ubuntu22.04.1+deb.sury.org+1".to_string()
            } else {
                format!("2:{}+ubuntu22.04.1+deb.sury.org+1", 90 + h(k, 1004) % 6)
            };
            let n = if name.starts_with("php8.1") {
                "8.1.31-1+ubuntu22.04.1+deb.sury.org+1".to_string()
            } else {
                v.replacen("+ubuntu22.04.1", "+ubuntu22.04.2", 1)
            };
            (
                v,
                n,
                "https://ppa.launchpadcontent.net/ondrej/php/ubuntu jammy/main".to_string(),
            )
        } else {
            let (maj, min, patch) = (h(k, 1005) % 12, h(k, 1006) % 30, h(k, 1007) % 20);
            let deb = 1 + h(k, 1008) % 6;
            let r = 1 + h(k, 1009) % 9;
            let security = h(k, 1010).is_multiple_of(3);
            let (old, new) = match h(k, 1011) % 3 {
                0 => (
                    format!("{maj}.{min}.{patch}-{deb}ubuntu0.22.04.{r}"),
                    format!("{maj}.{min}.{patch}-{deb}ubuntu0.22.04.{}", r + 1),
                ),
                1 => (
                    format!("{maj}.{min}-{deb}ubuntu{r}"),
                    format!("{maj}.{min}-{deb}ubuntu{r}.1"),
                ),
                _ => (
                    format!("{maj}.{min}.{patch}-{deb}build{r}"),
                    format!("{maj}.{min}.{patch}-{deb}ubuntu0.{r}"),
                ),
            };
            let component = if name.starts_with("node-")
                || name.starts_with("lib") && h(k, 1012).is_multiple_of(4)
            {
                "universe"
            } else {
                "main"
            };
            let origin = if security {
                format!("http://security.ubuntu.com/ubuntu jammy-security/{component}")
            } else {
                format!("http://archive.ubuntu.com/ubuntu jammy-updates/{component}")
            };
            (old, new, origin)
        };
        let (old, new) = if name == "openssh-server"
            || name == "openssh-client"
            || name == "openssh-sftp-server"
        {
            (
                "1:8.9p1-3ubuntu0.10".to_string(),
                "1:8.9p1-3ubuntu0.11".to_string(),
            )
        } else {
            (old, new)
        };
        let size = match h(k, 1013) % 10 {
            0..=3 => 2_000 + h(k, 1014) % 60_000,
            4..=7 => 60_000 + h(k, 1015) % 900_000,
            8 => 900_000 + h(k, 1016) % 4_000_000,
            _ => 300 + h(k, 1017) % 1_500,
        };
        let size = if name == "linux-firmware" {
            262_512_118
        } else {
            size
        };
        debs.push(Deb {
            name,
            arch: if all { "all" } else { "amd64" },
            multi,
            old,
            new,
            origin,
            size,
            fresh: false,
        });
    }
    let upgraded = debs.len();
    let kernel = "5.15.0-126";
    for (name, size) in [
        (format!("linux-modules-{kernel}-generic"), 23_412_880u64),
        (format!("linux-image-{kernel}-generic"), 11_688_512),
        (format!("linux-modules-extra-{kernel}-generic"), 63_902_214),
        (format!("linux-headers-{kernel}"), 12_871_340),
        (format!("linux-headers-{kernel}-generic"), 2_861_032),
    ] {
        debs.push(Deb {
            arch: if name == format!("linux-headers-{kernel}") {
                "all"
            } else {
                "amd64"
            },
            name,
            multi: false,
            old: String::new(),
            new: "5.15.0-126.136".to_string(),
            origin: "http://archive.ubuntu.com/ubuntu jammy-updates/main".to_string(),
            size,
            fresh: true,
        });
    }
    let at = |name: &str| debs.iter().position(|d| d.name == name).expect("a package");
    let mut out = String::from(
        "Reading package lists...\nBuilding dependency tree...\nReading state information...\nCalculating upgrade...\n",
    );
    let wrap = |out: &mut String, names: &[String]| {
        let mut line = String::from(" ");
        for n in names {
            if line.len() + 1 + n.len() > 79 {
                out.push_str(&line);
                out.push('\n');
                line = String::from(" ");
            }
            line.push(' ');
            line.push_str(n);
        }
        out.push_str(&line);
        out.push('\n');
    };
    out.push_str("The following NEW packages will be installed:\n");
    let fresh: Vec<String> = (debs.iter().filter(|d| d.fresh))
        .map(|d| d.name.clone())
        .collect();
    wrap(&mut out, &fresh);
    out.push_str("The following packages will be upgraded:\n");
    let up: Vec<String> = (debs.iter().filter(|d| !d.fresh))
        .map(|d| d.name.clone())
        .collect();
    wrap(&mut out, &up);
    let total: u64 = debs.iter().map(|d| d.size).sum();
    out.push_str(&format!(
        "{upgraded} upgraded, {} newly installed, 0 to remove and 0 not upgraded.\nNeed to get {} MB of archives.\nAfter this operation, 412 MB of additional disk space will be used.\n",
        fresh.len(),
        total / 1_000_000
    ));
    // Downloads in apt's order: by origin, then name.
    let mut order: Vec<usize> = (0..debs.len()).collect();
    order.sort_by_key(|&k| (h(k, 1018) % 7, debs[k].name.clone()));
    for (n, &k) in order.iter().enumerate() {
        let d = &debs[k];
        out.push_str(&format!(
            "Get:{} {} amd64 {} {} {} [{}]\n",
            n + 1,
            d.origin,
            d.name,
            d.arch,
            d.new,
            apt_size(d.size)
        ));
    }
    out.push_str(&format!(
        "Fetched {} MB in 41s ({:.1} MB/s)\nExtracting templates from packages: 100%\nPreconfiguring packages ...\n",
        total / 1_000_000,
        total as f64 / 41e6
    ));
    let mut files = 214_523u64;
    let essential = [
        "base-files",
        "bash",
        "bsdutils",
        "dpkg",
        "grep",
        "libc6",
        "libc-bin",
        "login",
        "perl-base",
        "tar",
        "util-linux",
    ];
    for name in essential {
        let d = &debs[at(name)];
        out.push_str(&format!(
            "(Reading database ... {files} files and directories currently installed.)\nPreparing to unpack .../{} ...\nUnpacking {} ({}) over ({}) ...\nSetting up {} ({}) ...\n",
            d.file(),
            d.dpkg_name(),
            d.new,
            d.old,
            d.dpkg_name(),
            d.new
        ));
        files += h(files as usize, 1019) % 4;
        if name == "base-files" {
            for f in ["/etc/issue", "/etc/issue.net", "/etc/lsb-release"] {
                out.push_str(&format!("Installing new version of config file {f} ...\n"));
            }
        }
        if name == "bash" {
            out.push_str("update-alternatives: using /usr/share/man/man7/bash-builtins.7.gz to provide /usr/share/man/man7/builtins.7.gz (builtins.7.gz) in auto mode\n");
        }
    }
    // The rest, unpacked in one run.
    let rest: Vec<usize> = (order.iter().copied())
        .filter(|&k| !essential.contains(&debs[k].name.as_str()))
        .collect();
    out.push_str(&format!(
        "(Reading database ... {files} files and directories currently installed.)\n"
    ));
    let width = rest.len().to_string().len();
    for (n, &k) in rest.iter().enumerate() {
        let d = &debs[k];
        if d.fresh {
            out.push_str(&format!(
                "Selecting previously unselected package {}.\nPreparing to unpack .../{n:0width$}-{} ...\nUnpacking {} ({}) ...\n",
                d.dpkg_name(),
                d.file(),
                d.dpkg_name(),
                d.new
            ));
        } else {
            out.push_str(&format!(
                "Preparing to unpack .../{n:0width$}-{} ...\nUnpacking {} ({}) over ({}) ...\n",
                d.file(),
                d.dpkg_name(),
                d.new,
                d.old
            ));
        }
        if d.name == "python3-setuptools" || d.name == "python3-cryptography" {
            out.push_str(&format!(
                "dpkg: warning: unable to delete old directory '/usr/lib/python3/dist-packages/{}/_vendor/packaging/__pycache__': Directory not empty\n",
                d.name.trim_start_matches("python3-")
            ));
        }
    }
    // Then set up, in dpkg's order; php-fpm waits for php8.1-fpm.
    let mut setup: Vec<usize> = rest.clone();
    setup.sort_by_key(|&k| {
        let d = &debs[k];
        let tier = if d.name.starts_with("lib") {
            0
        } else if d.name.starts_with("linux-") {
            2
        } else {
            1
        };
        (tier, h(k, 1020))
    });
    let fpm = at("php8.1-fpm");
    let meta = at("php-fpm");
    setup.retain(|&k| k != fpm && k != meta);
    let place = setup.len() * 11 / 20;
    setup.insert(place, fpm);
    setup.insert(place + 9, meta);
    let mut processed = 0usize;
    for &k in &setup {
        let d = &debs[k];
        processed += 1;
        if k == meta {
            out.push_str("dpkg: dependency problems prevent configuration of php-fpm:\n php-fpm depends on php8.1-fpm; however:\n  Package php8.1-fpm is not configured yet.\n\ndpkg: error processing package php-fpm (--configure):\n dependency problems - leaving unconfigured\n");
            continue;
        }
        out.push_str(&format!("Setting up {} ({}) ...\n", d.dpkg_name(), d.new));
        match d.name.as_str() {
            "php8.1-fpm" => out.push_str(&format!(
                "Job for php8.1-fpm.service failed because the control process exited with error code.\n\
                 See \"systemctl status php8.1-fpm.service\" and \"journalctl -xeu php8.1-fpm.service\" for details.\n\
                 invoke-rc.d: initscript php8.1-fpm, action \"restart\" failed.\n\
                 × php8.1-fpm.service - The PHP 8.1 FastCGI Process Manager\n     \
                 Loaded: loaded (/lib/systemd/system/php8.1-fpm.service; enabled; vendor preset: enabled)\n     \
                 Active: failed (Result: exit-code) since Fri 2026-11-27 03:41:17 UTC; 9ms ago\n       \
                 Docs: man:php-fpm8.1(8)\n    \
                 Process: 61822 ExecStart=/usr/sbin/php-fpm8.1 --nodaemonize --fpm-config /etc/php/8.1/fpm/php-fpm.conf (code=exited, status=78)\n    \
                 Process: 61823 ExecStopPost=/usr/lib/php/php-fpm-socket-helper remove /run/php/php-fpm.sock /etc/php/8.1/fpm/pool.d/www.conf 81 (code=exited, status=0/SUCCESS)\n   \
                 Main PID: 61822 (code=exited, status=78)\n        \
                 CPU: 41ms\n\n\
                 Nov 27 03:41:17 {host} systemd[1]: Starting The PHP 8.1 FastCGI Process Manager...\n\
                 Nov 27 03:41:17 {host} php-fpm8.1[61822]: [27-Nov-2026 03:41:17] ERROR: [/etc/php/8.1/fpm/pool.d/shop.conf:41] unknown entry 'pm.process_idle_timout'\n\
                 Nov 27 03:41:17 {host} php-fpm8.1[61822]: [27-Nov-2026 03:41:17] ERROR: Unable to include /etc/php/8.1/fpm/pool.d/shop.conf from /etc/php/8.1/fpm/php-fpm.conf at line 143\n\
                 Nov 27 03:41:17 {host} php-fpm8.1[61822]: [27-Nov-2026 03:41:17] ERROR: failed to load configuration file '/etc/php/8.1/fpm/php-fpm.conf'\n\
                 Nov 27 03:41:17 {host} php-fpm8.1[61822]: [27-Nov-2026 03:41:17] ERROR: FPM initialization failed\n\
                 Nov 27 03:41:17 {host} systemd[1]: php8.1-fpm.service: Main process exited, code=exited, status=78/CONFIG\n\
                 Nov 27 03:41:17 {host} systemd[1]: php8.1-fpm.service: Failed with result 'exit-code'.\n\
                 Nov 27 03:41:17 {host} systemd[1]: Failed to start The PHP 8.1 FastCGI Process Manager.\n\
                 dpkg: error processing package php8.1-fpm (--configure):\n \
                 installed php8.1-fpm package post-installation script subprocess returned error exit status 1\n"
            )),
            "snapd" => out.push_str(
                "Installing new version of config file /etc/apparmor.d/usr.lib.snapd.snap-confine.real ...\n\
                 snapd.failure.service is a disabled or a static unit not running, not starting it.\n\
                 snapd.snap-repair.service is a disabled or a static unit not running, not starting it.\n",
            ),
            "fwupd" => out.push_str(
                "fwupd-offline-update.service is a disabled or a static unit not running, not starting it.\n\
                 fwupd-refresh.service is a disabled or a static unit not running, not starting it.\n\
                 fwupd.service is a disabled or a static unit not running, not starting it.\n",
            ),
            "openssh-server" => out.push_str(
                "rescue-ssh.target is a disabled or a static unit not running, not starting it.\n\
                 ssh.socket is a disabled or a static unit not running, not starting it.\n",
            ),
            "rsyslog" => out.push_str(
                "\nConfiguration file '/etc/rsyslog.conf'\n \
                 ==> Modified (by you or by a script) since installation.\n \
                 ==> Package distributor has shipped an updated version.\n \
                 ==> Keeping old config file as default.\n\
                 info: The user `syslog' is already a member of `adm'.\n",
            ),
            "logrotate" | "redis-server" | "cron" | "ufw" | "mdadm" | "sudo" => {
                let file = match d.name.as_str() {
                    "logrotate" => "/etc/logrotate.conf",
                    "redis-server" => "/etc/redis/redis.conf",
                    "cron" => "/etc/crontab",
                    "ufw" => "/etc/ufw/before.rules",
                    "mdadm" => "/etc/mdadm/mdadm.conf",
                    _ => "/etc/sudoers",
                };
                out.push_str(&format!(
                    "\nConfiguration file '{file}'\n ==> Modified (by you or by a script) since installation.\n ==> Package distributor has shipped an updated version.\n ==> Keeping old config file as default.\n"
                ));
                if d.name == "mdadm" {
                    out.push_str("update-initramfs: deferring update (trigger activated)\n");
                }
            }
            "ca-certificates" => out.push_str(
                "Updating certificates in /etc/ssl/certs...\n\
                 rehash: warning: skipping ca-certificates.crt,it does not contain exactly one certificate or CRL\n\
                 0 added, 0 removed; done.\n",
            ),
            "tzdata" => out.push_str(
                "\nCurrent default time zone: 'Etc/UTC'\n\
                 Local time is now:      Fri Nov 27 03:38:52 UTC 2026.\n\
                 Universal Time is now:  Fri Nov 27 03:38:52 UTC 2026.\n\
                 Run 'dpkg-reconfigure tzdata' if you wish to change it.\n\n",
            ),
            "linux-firmware" => {
                out.push_str("update-initramfs: deferring update (trigger activated)\n")
            }
            "packagekit" => out.push_str(
                "packagekit.service is a disabled or a static unit not running, not starting it.\n",
            ),
            "cloud-init" => out.push_str(
                "Installing new version of config file /etc/cloud/templates/sources.list.ubuntu.deb822.tmpl ...\n",
            ),
            x if x == format!("linux-image-{kernel}-generic") => out.push_str(&format!(
                "I: /boot/vmlinuz is now a symlink to vmlinuz-{kernel}-generic\nI: /boot/initrd.img is now a symlink to initrd.img-{kernel}-generic\n"
            )),
            _ => {}
        }
        if processed.is_multiple_of(170) {
            out.push_str("Processing triggers for libc-bin (2.35-0ubuntu3.8) ...\n");
        }
    }
    out.push_str(&format!(
        "Processing triggers for install-info (6.8-4build1) ...\n\
         Processing triggers for mailcap (3.70+nmu1ubuntu1) ...\n\
         Processing triggers for libc-bin (2.35-0ubuntu3.8) ...\n\
         Processing triggers for systemd (249.11-0ubuntu3.12) ...\n\
         Processing triggers for man-db (2.10.2-1) ...\n\
         Processing triggers for dbus (1.12.20-2ubuntu4.1) ...\n\
         Processing triggers for ufw (0.36.1-4ubuntu0.1) ...\n\
         Processing triggers for php8.1-cli (8.1.31-1+ubuntu22.04.1+deb.sury.org+1) ...\n\
         Processing triggers for linux-image-{kernel}-generic (5.15.0-126.136) ...\n\
         /etc/kernel/postinst.d/initramfs-tools:\n\
         update-initramfs: Generating /boot/initrd.img-{kernel}-generic\n\
         W: Possible missing firmware /lib/firmware/ast_dp501_fw.bin for module ast\n\
         /etc/kernel/postinst.d/zz-update-grub:\n\
         Sourcing file `/etc/default/grub'\n\
         Sourcing file `/etc/default/grub.d/init-select.cfg'\n\
         Generating grub configuration file ...\n\
         Found linux image: /boot/vmlinuz-{kernel}-generic\n\
         Found initrd image: /boot/initrd.img-{kernel}-generic\n\
         Found linux image: /boot/vmlinuz-5.15.0-119-generic\n\
         Found initrd image: /boot/initrd.img-5.15.0-119-generic\n\
         Warning: os-prober will not be executed to detect other bootable partitions.\n\
         Systems on them will not be added to the GRUB boot configuration.\n\
         Check GRUB_DISABLE_OS_PROBER documentation entry.\n\
         done\n\
         Processing triggers for initramfs-tools (0.140ubuntu13.5) ...\n\
         update-initramfs: Generating /boot/initrd.img-{kernel}-generic\n\
         W: Possible missing firmware /lib/firmware/ast_dp501_fw.bin for module ast\n\
         Errors were encountered while processing:\n \
         php8.1-fpm\n \
         php-fpm\n\
         needrestart is being skipped since dpkg has failed\n\
         E: Sub-process /usr/bin/dpkg returned an error code (1)\n"
    ));
    Case::fact(
        "apt-get dist-upgrade, the package whose setup failed",
        out,
        "The overnight upgrade on app-03 finished with errors. Which package couldn't be set up, and what was actually wrong?",
        &[
            "error processing package php8.1-fpm",
            "unknown entry 'pm.process_idle_timout'",
        ],
    )
}

/// `rsync -avh --delete /srv/data/ backup@nas-02:/volume1/backups/app-03/data/`
/// of a small agency's file server, the nightly run: a day of media
/// uploads (each image with its sizes), client projects, invoices, home
/// directories, rotated logs, IT tickets saved as mail, deletions of
/// expired caches, a socket skipped and directories it would not delete.
/// The sender cannot open one payroll export (its permissions were
/// tightened), so the run ends with code 23. As decoys: the other payroll
/// files of November, a ticket about a payroll export that would not open,
/// a report of denied logins.
fn rsync_unreadable_file() -> Case {
    let planted = "finance/payroll/2026-11-payroll-export.xlsx";
    let mut dirs: std::collections::BTreeMap<String, Vec<String>> =
        std::collections::BTreeMap::new();
    let mut add = |path: String| {
        let (dir, file) = path.rsplit_once('/').unwrap_or(("", &path));
        dirs.entry(dir.to_string())
            .or_default()
            .push(file.to_string());
    };
    for i in 0..1_260usize {
        let day = if i < 1_050 { 26 } else { 27 };
        let id = hex(i, 2001, 16);
        let ext = pick(&["jpg", "jpg", "jpg", "png", "jpeg"], i, 2002);
        add(format!("media/uploads/2026/11/{day}/{id}.{ext}"));
        for size in ["320x320", "800x800", "1600x1600"] {
            add(format!("media/uploads/2026/11/{day}/{id}-{size}.webp"));
        }
    }
    let clients = [
        "acme-site",
        "borealis-rebrand",
        "cedar-health",
        "dunmore-annual-report-2026",
        "evergreen-app",
        "fjord-outdoor",
        "greenleaf-packaging",
        "harbor-bank-campaign",
    ];
    let phases = ["01-brief", "02-concepts", "03-design", "04-final", "assets"];
    let docs = [
        "moodboard",
        "wireframes",
        "homepage",
        "logo",
        "brand-guidelines",
        "storyboard",
        "copy-deck",
        "banner-300x250",
        "banner-728x90",
        "social-post",
        "presentation",
        "invoice-estimate",
        "timeline",
        "photo-selects",
    ];
    for i in 0..820usize {
        let client = pick(&clients, i, 2003);
        let phase = pick(&phases, i, 2004);
        let doc = pick(&docs, i, 2005);
        let ext = pick(
            &["pdf", "psd", "ai", "indd", "docx", "png", "fig", "mp4"],
            i,
            2006,
        );
        add(format!(
            "projects/{client}/{phase}/{doc}_v{}.{ext}",
            1 + h(i, 2007) % 14
        ));
    }
    let mut invoice = 4_180u64;
    for _ in 0..420usize {
        invoice += 1;
        add(format!(
            "finance/invoices/2026/11/INV-2026-{invoice:05}.pdf"
        ));
    }
    for f in [
        "2026-11-payroll-summary.pdf",
        "2026-11-timesheets.csv",
        "2026-11-bonus-adjustments.xlsx",
        "2026-11-payroll-export.xlsx",
        "2026-11-pension-contributions.csv",
        "2026-10-payroll-export-corrected.xlsx",
    ] {
        add(format!("finance/payroll/{f}"));
    }
    for f in [
        "2026-11-bank-reconciliation.xlsx",
        "2026-11-vat-return-draft.pdf",
        "2026-11-expenses.csv",
        "ledger-2026.gnucash",
    ] {
        add(format!("finance/ledger/{f}"));
    }
    let users = ["anna", "bjorn", "chloe", "dmitri", "elif", "farid", "greta"];
    let home = [
        "Documents/notes.md",
        "Documents/meeting-notes-{}.docx",
        "Downloads/IMG_{}.HEIC",
        "Downloads/statement-{}.pdf",
        "Pictures/Screenshot from 2026-11-26 {}.png",
        ".bash_history",
        ".config/Code/User/settings.json",
        "Desktop/todo.txt",
        "Documents/drafts/draft-{}.txt",
    ];
    for i in 0..640usize {
        let user = pick(&users, i, 2008);
        let f = pick(&home, i, 2009).replace("{}", &format!("{:04}", h(i, 2010) % 9_000));
        add(format!("home/{user}/{f}"));
    }
    let slugs = [
        "printer-offline-2nd-floor",
        "vpn-drops-every-hour",
        "new-laptop-for-elif",
        "password-reset-anna",
        "nas-quota-warning",
        "wifi-guest-network",
        "outlook-calendar-sync",
        "adobe-licence-renewal",
        "phishing-report",
        "monitor-flickers",
        "shared-drive-access-request",
    ];
    for i in 0..230usize {
        add(format!(
            "it/tickets/{}-{}.eml",
            4_180 + i,
            pick(&slugs, i, 2011)
        ));
    }
    add("it/tickets/4411-cannot-open-payroll-export.eml".into());
    add("it/reports/access-denied-logins-2026-11.csv".into());
    add("it/reports/failed-backups-2026-q3.xlsx".into());
    let services = [
        "shop-api",
        "shop-worker",
        "crm-sync",
        "mailer",
        "imgproxy",
        "cron",
    ];
    for service in services {
        for n in 1..=48usize {
            add(format!("logs/{service}/{service}.log.{n}.gz"));
        }
        add(format!("logs/{service}/{service}.log"));
    }
    for db in ["shop", "crm", "wiki", "matomo"] {
        add(format!("db-dumps/{db}-2026-11-27T0200.sql.gz"));
    }
    let mut deletions: std::collections::BTreeMap<String, Vec<String>> =
        std::collections::BTreeMap::new();
    for i in 0..310usize {
        let dir = pick(
            &[
                "media/cache/thumbs",
                "media/cache/og-images",
                "db-dumps",
                "projects/acme-site/assets",
            ],
            i,
            2012,
        );
        let name = if dir == "db-dumps" {
            format!(
                "{}-2026-11-{:02}T0200.sql.gz",
                pick(&["shop", "crm", "wiki", "matomo"], i, 2013),
                1 + i % 19
            )
        } else {
            format!("{}.webp", hex(i, 2014, 16))
        };
        deletions.entry(dir.to_string()).or_default().push(name);
    }
    let mut out = String::from("sending incremental file list\n./\n");
    let mut media = false;
    let all_dirs: BTreeSet<String> = dirs.keys().chain(deletions.keys()).cloned().collect();
    for dir in &all_dirs {
        if dir.starts_with("media/") && !media {
            media = true;
            out.push_str("media/\nmedia/current -> uploads/2026/11\n");
        }
        if let Some(gone) = deletions.get_mut(dir) {
            gone.sort();
            gone.dedup();
            for g in gone.iter() {
                out.push_str(&format!("deleting {dir}/{g}\n"));
            }
        }
        match dir.as_str() {
            "media/cache/og-images" => {
                out.push_str("cannot delete non-empty directory: media/cache/og-images/tmp\n")
            }
            "projects/acme-site/assets" => out.push_str(
                "cannot delete non-empty directory: projects/acme-site/assets/.sass-cache\n",
            ),
            "logs/shop-api" => {
                out.push_str("skipping non-regular file \"logs/shop-api/shop-api.sock\"\n")
            }
            "it/tickets" => out.push_str("skipping non-regular file \"shared/run/collab.sock\"\n"),
            _ => {}
        }
        out.push_str(&format!("{dir}/\n"));
        let Some(files) = dirs.get_mut(dir) else {
            continue;
        };
        files.sort();
        files.dedup();
        for f in files.iter() {
            let path = format!("{dir}/{f}");
            if path == planted {
                out.push_str(&format!(
                    "rsync: [sender] send_files failed to open \"/srv/data/{planted}\": Permission denied (13)\n"
                ));
                continue;
            }
            out.push_str(&path);
            out.push('\n');
        }
    }
    out.push_str(
        "\nsent 21.84G bytes  received 318.27K bytes  48.31M bytes/sec\n\
         total size is 1.42T  speedup is 64.97\n\
         rsync error: some files/attrs were not transferred (see previous errors) (code 23) at main.c(1338) [sender=3.2.7]\n",
    );
    Case::fact(
        "rsync -avh --delete to the NAS, the file it could not read",
        out,
        "Last night's backup to the NAS ended with an error. Which file didn't make it into the backup, and why?",
        &[
            "/srv/data/finance/payroll/2026-11-payroll-export.xlsx",
            "Permission denied (13)",
        ],
    )
}

/// One Compose service of the host: what `docker inspect` shows of it.
struct Service {
    project: &'static str,
    service: &'static str,
    replicas: usize,
    image: &'static str,
    entrypoint: &'static [&'static str],
    cmd: &'static [&'static str],
    env: &'static [&'static str],
    /// (host path or volume name, container path, mode)
    mounts: &'static [(&'static str, &'static str, &'static str)],
    /// (container port, host port, host address); host port 0: exposed only.
    ports: &'static [(u16, u16, &'static str)],
    /// The health check's command and what it prints.
    health: Option<(&'static str, &'static str)>,
    user: &'static str,
    workdir: &'static str,
    host_network: bool,
}

const PATH_ENV: &str = "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

fn host_services() -> Vec<Service> {
    let api_env: &'static [&'static str] = &[
        PATH_ENV,
        "DJANGO_SETTINGS_MODULE=shop.settings.production",
        "DATABASE_URL=postgres://shop:Pq7vN2xKwL9s@postgres:5432/shop",
        "REDIS_URL=redis://redis:6379/0",
        "CELERY_BROKER_URL=amqp://shop:Rb4mT8cYq2Vn@rabbitmq:5672/shop",
        "MEILI_URL=http://meilisearch:7700",
        "MEDIA_ROOT=/app/media",
        "SENTRY_DSN=https://3f9c1e27b4d84a6f9e0b5c2d7a1f4e88@o4507718.ingest.de.sentry.io/4508122",
        "LANG=C.UTF-8",
        "GPG_KEY=A035C8C19219BA821ECEA86B64E628F8D684696D",
        "PYTHON_VERSION=3.12.7",
        "PYTHON_SHA256=24887b92e2afd4a2ac602419ad4b596372f67ac9b077190f459aba390faf5550",
        "PYTHONDONTWRITEBYTECODE=1",
        "PYTHONUNBUFFERED=1",
    ];
    vec![
        Service {
            project: "shop",
            service: "edge",
            replicas: 1,
            image: "caddy:2.8.4-alpine",
            entrypoint: &[],
            cmd: &[
                "caddy",
                "run",
                "--config",
                "/etc/caddy/Caddyfile",
                "--adapter",
                "caddyfile",
            ],
            env: &[
                PATH_ENV,
                "CADDY_VERSION=v2.8.4",
                "XDG_CONFIG_HOME=/config",
                "XDG_DATA_HOME=/data",
            ],
            mounts: &[
                ("/srv/compose/shop/Caddyfile", "/etc/caddy/Caddyfile", "ro"),
                ("caddy_data", "/data", "rw"),
                ("caddy_config", "/config", "rw"),
            ],
            ports: &[(80, 80, ""), (443, 443, ""), (2019, 0, "")],
            health: None,
            user: "",
            workdir: "/srv",
            host_network: false,
        },
        Service {
            project: "shop",
            service: "web",
            replicas: 4,
            image: "ghcr.io/acme/storefront-web:2026.11.3",
            entrypoint: &["docker-entrypoint.sh"],
            cmd: &["node", "server.js"],
            env: &[
                PATH_ENV,
                "NODE_ENV=production",
                "PORT=3000",
                "HOSTNAME=0.0.0.0",
                "NEXT_TELEMETRY_DISABLED=1",
                "API_URL=http://api:8000",
                "IMGPROXY_URL=https://img.acme-shop.eu",
                "NODE_VERSION=20.18.0",
                "YARN_VERSION=1.22.22",
            ],
            mounts: &[],
            ports: &[(3000, 0, "")],
            health: Some((
                "wget -qO- http://127.0.0.1:3000/api/health || exit 1",
                "{\"status\":\"ok\"}",
            )),
            user: "nextjs",
            workdir: "/app",
            host_network: false,
        },
        Service {
            project: "shop",
            service: "api",
            replicas: 5,
            image: "ghcr.io/acme/shop-api:2026.11.3",
            entrypoint: &["/app/docker/entrypoint.sh"],
            cmd: &[
                "gunicorn",
                "shop.wsgi:application",
                "--bind",
                "0.0.0.0:8000",
                "--workers",
                "4",
                "--timeout",
                "60",
            ],
            env: api_env,
            mounts: &[("media", "/app/media", "rw")],
            ports: &[(8000, 0, "")],
            health: Some(("curl -fsS http://localhost:8000/healthz || exit 1", "ok")),
            user: "app",
            workdir: "/app",
            host_network: false,
        },
        Service {
            project: "shop",
            service: "worker",
            replicas: 10,
            image: "ghcr.io/acme/shop-api:2026.11.3",
            entrypoint: &["/app/docker/entrypoint.sh"],
            cmd: &[
                "celery",
                "-A",
                "shop",
                "worker",
                "-l",
                "INFO",
                "-Q",
                "default,emails,images",
                "--concurrency",
                "4",
            ],
            env: api_env,
            mounts: &[("media", "/app/media", "rw")],
            ports: &[(8000, 0, "")],
            health: Some((
                "celery -A shop inspect ping -d celery@$HOSTNAME || exit 1",
                "->  celery@HOST: OK\n        pong\n\n1 node online.\n",
            )),
            user: "app",
            workdir: "/app",
            host_network: false,
        },
        Service {
            project: "shop",
            service: "beat",
            replicas: 1,
            image: "ghcr.io/acme/shop-api:2026.11.3",
            entrypoint: &["/app/docker/entrypoint.sh"],
            cmd: &[
                "celery",
                "-A",
                "shop",
                "beat",
                "-l",
                "INFO",
                "--schedule",
                "/tmp/celerybeat-schedule",
            ],
            env: api_env,
            mounts: &[],
            ports: &[(8000, 0, "")],
            health: None,
            user: "app",
            workdir: "/app",
            host_network: false,
        },
        Service {
            project: "shop",
            service: "postgres",
            replicas: 1,
            image: "postgres:16.4-bookworm",
            entrypoint: &["docker-entrypoint.sh"],
            cmd: &[
                "postgres",
                "-c",
                "config_file=/etc/postgresql/conf.d/postgresql.conf",
            ],
            env: &[
                "POSTGRES_USER=shop",
                "POSTGRES_DB=shop",
                "POSTGRES_PASSWORD=Pq7vN2xKwL9s",
                PATH_ENV,
                "GOSU_VERSION=1.17",
                "LANG=en_US.utf8",
                "PG_MAJOR=16",
                "PG_VERSION=16.4-1.pgdg120+2",
                "PGDATA=/var/lib/postgresql/data",
            ],
            mounts: &[
                ("pgdata", "/var/lib/postgresql/data", "rw"),
                (
                    "/srv/compose/shop/postgres/conf.d",
                    "/etc/postgresql/conf.d",
                    "ro",
                ),
                ("/var/run/postgresql", "/var/run/postgresql", "rw"),
            ],
            ports: &[(5432, 0, "")],
            health: Some((
                "pg_isready -U shop -d shop",
                "/var/run/postgresql:5432 - accepting connections\n",
            )),
            user: "",
            workdir: "",
            host_network: false,
        },
        Service {
            project: "shop",
            service: "redis",
            replicas: 1,
            image: "redis:7.4.1-alpine",
            entrypoint: &["docker-entrypoint.sh"],
            cmd: &[
                "redis-server",
                "--appendonly",
                "yes",
                "--maxmemory",
                "2gb",
                "--maxmemory-policy",
                "allkeys-lru",
            ],
            env: &[
                PATH_ENV,
                "REDIS_DOWNLOAD_URL=http://download.redis.io/releases/redis-7.4.1.tar.gz",
                "REDIS_DOWNLOAD_SHA=bc34ac13e3d6d8b6a0a5d1dd4fa2e9de2b5c7f3e1a1d6b0c8e8f7d5c4b3a2918",
            ],
            mounts: &[("redisdata", "/data", "rw")],
            ports: &[(6379, 0, "")],
            health: Some(("redis-cli ping", "PONG\n")),
            user: "",
            workdir: "/data",
            host_network: false,
        },
        Service {
            project: "shop",
            service: "meilisearch",
            replicas: 1,
            image: "getmeili/meilisearch:v1.11.1",
            entrypoint: &["tini", "--"],
            cmd: &["/bin/sh", "-c", "/bin/meilisearch"],
            env: &[
                "MEILI_ENV=production",
                "MEILI_MASTER_KEY=mK3vQ9pL2xW7nB5tR8cY4jH6",
                "MEILI_NO_ANALYTICS=true",
                PATH_ENV,
                "MEILI_HTTP_ADDR=0.0.0.0:7700",
                "MEILI_SERVER_PROVIDER=docker",
            ],
            mounts: &[("meili_data", "/meili_data", "rw")],
            ports: &[(7700, 0, "")],
            health: Some((
                "curl -fsS http://localhost:7700/health",
                "{\"status\":\"available\"}",
            )),
            user: "",
            workdir: "/meili_data",
            host_network: false,
        },
        Service {
            project: "shop",
            service: "rabbitmq",
            replicas: 1,
            image: "rabbitmq:3.13.7-management-alpine",
            entrypoint: &["docker-entrypoint.sh"],
            cmd: &["rabbitmq-server"],
            env: &[
                "RABBITMQ_DEFAULT_USER=shop",
                "RABBITMQ_DEFAULT_PASS=Rb4mT8cYq2Vn",
                "RABBITMQ_DEFAULT_VHOST=shop",
                PATH_ENV,
                "ERLANG_INSTALL_PATH_PREFIX=/opt/erlang",
                "OPENSSL_INSTALL_PATH_PREFIX=/opt/openssl",
                "RABBITMQ_DATA_DIR=/var/lib/rabbitmq",
                "RABBITMQ_VERSION=3.13.7",
                "RABBITMQ_HOME=/opt/rabbitmq",
                "HOME=/var/lib/rabbitmq",
                "LANG=C.UTF-8",
            ],
            mounts: &[("rabbitmq", "/var/lib/rabbitmq", "rw")],
            ports: &[(5672, 0, ""), (15672, 15672, "127.0.0.1")],
            health: Some(("rabbitmq-diagnostics -q ping", "Ping succeeded\n")),
            user: "",
            workdir: "",
            host_network: false,
        },
        Service {
            project: "shop",
            service: "imgproxy",
            replicas: 2,
            image: "ghcr.io/imgproxy/imgproxy:v3.26.1",
            entrypoint: &["entrypoint.sh"],
            cmd: &["imgproxy"],
            env: &[
                "IMGPROXY_KEY=943b421c9eb07c830af81030552c86009268de4e532ba2ee2eab8247c6da0881",
                "IMGPROXY_SALT=520f986b998545b4785e0defbc4f3c1203f22de2374a3d53cb7a7fe9fea309c5",
                "IMGPROXY_LOCAL_FILESYSTEM_ROOT=/media",
                "IMGPROXY_ENABLE_WEBP_DETECTION=true",
                PATH_ENV,
                "IMGPROXY_MALLOC=jemalloc",
            ],
            mounts: &[("media", "/media", "ro")],
            ports: &[(8080, 0, "")],
            health: Some(("imgproxy health", "imgproxy is healthy\n")),
            user: "imgproxy",
            workdir: "/home/imgproxy",
            host_network: false,
        },
        Service {
            project: "monitoring",
            service: "prometheus",
            replicas: 1,
            image: "prom/prometheus:v2.55.0",
            entrypoint: &["/bin/prometheus"],
            cmd: &[
                "--config.file=/etc/prometheus/prometheus.yml",
                "--storage.tsdb.path=/prometheus",
                "--storage.tsdb.retention.time=30d",
                "--web.enable-lifecycle",
            ],
            env: &[PATH_ENV],
            mounts: &[
                (
                    "/srv/compose/monitoring/prometheus",
                    "/etc/prometheus",
                    "ro",
                ),
                ("prometheus_data", "/prometheus", "rw"),
            ],
            ports: &[(9090, 9090, "127.0.0.1")],
            health: None,
            user: "nobody",
            workdir: "/prometheus",
            host_network: false,
        },
        Service {
            project: "monitoring",
            service: "grafana",
            replicas: 1,
            image: "grafana/grafana:11.3.0",
            entrypoint: &["/run.sh"],
            cmd: &[],
            env: &[
                "GF_SECURITY_ADMIN_PASSWORD__FILE=/run/secrets/grafana_admin",
                "GF_SERVER_ROOT_URL=https://grafana.acme-shop.eu",
                "GF_USERS_ALLOW_SIGN_UP=false",
                PATH_ENV,
                "GF_PATHS_CONFIG=/etc/grafana/grafana.ini",
                "GF_PATHS_DATA=/var/lib/grafana",
                "GF_PATHS_HOME=/usr/share/grafana",
                "GF_PATHS_LOGS=/var/log/grafana",
                "GF_PATHS_PLUGINS=/var/lib/grafana/plugins",
                "GF_PATHS_PROVISIONING=/etc/grafana/provisioning",
            ],
            mounts: &[
                ("grafana_data", "/var/lib/grafana", "rw"),
                (
                    "/srv/compose/monitoring/grafana/provisioning",
                    "/etc/grafana/provisioning",
                    "ro",
                ),
                (
                    "/srv/compose/monitoring/secrets/grafana_admin",
                    "/run/secrets/grafana_admin",
                    "ro",
                ),
            ],
            ports: &[(3000, 3001, "127.0.0.1")],
            health: None,
            user: "472",
            workdir: "/usr/share/grafana",
            host_network: false,
        },
        Service {
            project: "monitoring",
            service: "loki",
            replicas: 1,
            image: "grafana/loki:3.2.1",
            entrypoint: &["/usr/bin/loki"],
            cmd: &["-config.file=/etc/loki/local-config.yaml"],
            env: &[PATH_ENV],
            mounts: &[
                ("loki_data", "/loki", "rw"),
                (
                    "/srv/compose/monitoring/loki/config.yaml",
                    "/etc/loki/local-config.yaml",
                    "ro",
                ),
            ],
            ports: &[(3100, 0, "")],
            health: None,
            user: "10001",
            workdir: "",
            host_network: false,
        },
        Service {
            project: "monitoring",
            service: "promtail",
            replicas: 1,
            image: "grafana/promtail:3.2.1",
            entrypoint: &["/usr/bin/promtail"],
            cmd: &["-config.file=/etc/promtail/config.yml"],
            env: &[PATH_ENV],
            mounts: &[
                (
                    "/var/lib/docker/containers",
                    "/var/lib/docker/containers",
                    "ro",
                ),
                ("/var/log", "/var/log", "ro"),
                (
                    "/srv/compose/monitoring/promtail/config.yml",
                    "/etc/promtail/config.yml",
                    "ro",
                ),
                ("promtail_positions", "/tmp/positions", "rw"),
            ],
            ports: &[(9080, 0, "")],
            health: None,
            user: "",
            workdir: "",
            host_network: false,
        },
        Service {
            project: "monitoring",
            service: "node-exporter",
            replicas: 1,
            image: "prom/node-exporter:v1.8.2",
            entrypoint: &["/bin/node_exporter"],
            cmd: &[
                "--path.rootfs=/host",
                "--collector.filesystem.mount-points-exclude=^/(sys|proc|dev|host|etc)($|/)",
            ],
            env: &[PATH_ENV],
            mounts: &[("/", "/host", "ro,rslave")],
            ports: &[(9100, 0, "")],
            health: None,
            user: "nobody",
            workdir: "",
            host_network: true,
        },
        Service {
            project: "monitoring",
            service: "alertmanager",
            replicas: 1,
            image: "prom/alertmanager:v0.27.0",
            entrypoint: &["/bin/alertmanager"],
            cmd: &[
                "--config.file=/etc/alertmanager/alertmanager.yml",
                "--storage.path=/alertmanager",
            ],
            env: &[PATH_ENV],
            mounts: &[
                (
                    "/srv/compose/monitoring/alertmanager",
                    "/etc/alertmanager",
                    "ro",
                ),
                ("alertmanager_data", "/alertmanager", "rw"),
            ],
            ports: &[(9093, 0, "")],
            health: None,
            user: "nobody",
            workdir: "/alertmanager",
            host_network: false,
        },
        Service {
            project: "monitoring",
            service: "blackbox",
            replicas: 1,
            image: "prom/blackbox-exporter:v0.25.0",
            entrypoint: &["/bin/blackbox_exporter"],
            cmd: &["--config.file=/config/blackbox.yml"],
            env: &[PATH_ENV],
            mounts: &[("/srv/compose/monitoring/blackbox", "/config", "ro")],
            ports: &[(9115, 0, "")],
            health: None,
            user: "nobody",
            workdir: "",
            host_network: false,
        },
        Service {
            project: "monitoring",
            service: "postgres-exporter",
            replicas: 1,
            image: "quay.io/prometheuscommunity/postgres-exporter:v0.15.0",
            entrypoint: &["/bin/postgres_exporter"],
            cmd: &[],
            env: &[
                "DATA_SOURCE_NAME=postgresql://exporter:Ex9wQ2mZ7kP4@postgres:5432/shop?sslmode=disable",
                PATH_ENV,
            ],
            mounts: &[],
            ports: &[(9187, 0, "")],
            health: None,
            user: "nobody",
            workdir: "",
            host_network: false,
        },
        Service {
            project: "monitoring",
            service: "redis-exporter",
            replicas: 1,
            image: "oliver006/redis_exporter:v1.66.0",
            entrypoint: &["/redis_exporter"],
            cmd: &[],
            env: &["REDIS_ADDR=redis://redis:6379", PATH_ENV],
            mounts: &[],
            ports: &[(9121, 0, "")],
            health: None,
            user: "59000:59000",
            workdir: "",
            host_network: false,
        },
        Service {
            project: "ops",
            service: "deploy-hook",
            replicas: 1,
            image: "ghcr.io/acme/deploy-hook:1.4.2",
            entrypoint: &["/usr/local/bin/deploy-hook"],
            cmd: &["--listen", ":9000", "--compose-dir", "/srv/compose"],
            env: &[
                "HOOK_SECRET_FILE=/srv/compose/ops/secrets/hook",
                "COMPOSE_PROJECTS=shop,monitoring",
                "REGISTRY=ghcr.io/acme",
                PATH_ENV,
            ],
            mounts: &[
                ("/var/run/docker.sock", "/var/run/docker.sock", "rw"),
                ("/srv/compose", "/srv/compose", "ro"),
            ],
            ports: &[(9000, 9000, "127.0.0.1")],
            health: None,
            user: "",
            workdir: "/",
            host_network: false,
        },
        Service {
            project: "ops",
            service: "backup",
            replicas: 1,
            image: "ghcr.io/acme/pg-backup:2.3.0",
            entrypoint: &["/usr/local/bin/supercronic"],
            cmd: &["/etc/crontab"],
            env: &[
                "PGHOST=/var/run/postgresql",
                "PGUSER=backup",
                "PGDATABASE=shop",
                "RESTIC_REPOSITORY=sftp:backup@nas-02:/volume1/restic/app-03",
                "RESTIC_PASSWORD_FILE=/run/secrets/restic",
                PATH_ENV,
            ],
            mounts: &[
                ("/srv/backups", "/backups", "rw"),
                ("/var/run/postgresql", "/var/run/postgresql", "rw"),
                (
                    "/srv/compose/ops/secrets/restic",
                    "/run/secrets/restic",
                    "ro",
                ),
            ],
            ports: &[],
            health: None,
            user: "",
            workdir: "/",
            host_network: false,
        },
        Service {
            project: "ops",
            service: "uptime-kuma",
            replicas: 1,
            image: "louislam/uptime-kuma:1.23.15",
            entrypoint: &["/usr/bin/dumb-init", "--"],
            cmd: &["node", "server/server.js"],
            env: &[PATH_ENV, "NODE_VERSION=18.20.4", "YARN_VERSION=1.22.19"],
            mounts: &[("uptime_kuma", "/app/data", "rw")],
            ports: &[(3001, 3002, "127.0.0.1")],
            health: Some(("extra/healthcheck", "")),
            user: "",
            workdir: "/app",
            host_network: false,
        },
        Service {
            project: "ops",
            service: "mailpit",
            replicas: 1,
            image: "axllent/mailpit:v1.21.2",
            entrypoint: &["/mailpit"],
            cmd: &[],
            env: &[PATH_ENV, "TZ=Europe/Amsterdam"],
            mounts: &[],
            ports: &[(1025, 0, ""), (8025, 8025, "127.0.0.1")],
            health: Some(("/mailpit readyz", "")),
            user: "",
            workdir: "",
            host_network: false,
        },
        Service {
            project: "ops",
            service: "minio",
            replicas: 1,
            image: "minio/minio:RELEASE.2024-11-07T00-52-20Z",
            entrypoint: &["/usr/bin/docker-entrypoint.sh"],
            cmd: &["server", "/data", "--console-address", ":9001"],
            env: &[
                "MINIO_ROOT_USER=ops",
                "MINIO_ROOT_PASSWORD=Mn5rT2vX8qL3wK9p",
                PATH_ENV,
                "MINIO_ACCESS_KEY_FILE=access_key",
                "MINIO_SECRET_KEY_FILE=secret_key",
                "MC_CONFIG_DIR=/tmp/.mc",
            ],
            mounts: &[("minio_data", "/data", "rw")],
            ports: &[(9000, 0, ""), (9001, 9001, "127.0.0.1")],
            health: None,
            user: "",
            workdir: "",
            host_network: false,
        },
    ]
}

/// Docker's timestamp, `s` seconds after 2026-11-01T00:00:00Z, with
/// nanoseconds.
fn docker_time(s: u64, nanos: u64) -> String {
    format!(
        "2026-11-{:02}T{:02}:{:02}:{:02}.{:09}Z",
        1 + s / 86_400,
        s / 3600 % 24,
        s / 60 % 60,
        s % 60,
        nanos % 1_000_000_000
    )
}

/// `a` with the members of `b` after its own.
fn merge(a: Value, b: Value) -> Value {
    match (a, b) {
        (Value::Object(mut a), Value::Object(b)) => {
            a.extend(b);
            Value::Object(a)
        }
        (a, _) => a,
    }
}

/// `docker inspect $(docker ps -q)` on a Compose host (Docker's 4-space
/// JSON, newest container first): a shop (edge proxy, web, API, workers,
/// Postgres, Redis, search, broker, image proxy), its monitoring (with
/// promtail reading `/var/lib/docker/containers` and node-exporter the
/// host's root) and ops tools. Each with its state, health log, host
/// config, overlay layers, mounts, config and network. One container, a
/// deploy webhook, mounts the Docker socket; as decoys, Postgres's socket
/// directory shared with the backup container, Docker's container logs,
/// `/var/run/docker/netns` sandboxes in every container.
fn docker_socket_mount() -> Case {
    let services = host_services();
    let masked = json!([
        "/proc/asound",
        "/proc/acpi",
        "/proc/kcore",
        "/proc/keys",
        "/proc/latency_stats",
        "/proc/timer_list",
        "/proc/timer_stats",
        "/proc/sched_debug",
        "/proc/scsi",
        "/sys/firmware",
        "/sys/devices/virtual/powercap"
    ]);
    let readonly = json!([
        "/proc/bus",
        "/proc/fs",
        "/proc/irq",
        "/proc/sys",
        "/proc/sysrq-trigger"
    ]);
    let mut containers: Vec<(u64, Value)> = Vec::new();
    let mut n = 0usize;
    for (p, svc) in services.iter().enumerate() {
        let project_index = ["shop", "monitoring", "ops"]
            .iter()
            .position(|x| *x == svc.project)
            .unwrap_or(0);
        let network = format!("{}_default", svc.project);
        let network_id = hex(project_index, 3001, 64);
        let image_id = format!("sha256:{}", hex(p, 3002, 64));
        let config_hash = hex(p, 3003, 64);
        let deployed = 17 * 86_400 + (p as u64) * 3_917 + h(p, 3004) % 40_000;
        for replica in 1..=svc.replicas {
            n += 1;
            let id = hex(n, 3005, 64);
            let short = &id[..12];
            let name = format!("{}-{}-{replica}", svc.project, svc.service);
            let created = deployed + replica as u64 * 3;
            let started = created + 1;
            let layer = hex(n, 3006, 64);
            let lower: Vec<String> =
                std::iter::once(format!("/var/lib/docker/overlay2/{layer}-init/diff"))
                    .chain((0..6 + h(p, 3007) % 12).map(|l| {
                        format!(
                            "/var/lib/docker/overlay2/{}/diff",
                            hex(p * 40 + l as usize, 3008, 64)
                        )
                    }))
                    .collect();
            let mut binds = Vec::new();
            let mut mounts = Vec::new();
            for &(source, dest, mode) in svc.mounts {
                if source.starts_with('/') {
                    binds.push(json!(format!("{source}:{dest}:{mode}")));
                    mounts.push(json!({
                        "Type": "bind",
                        "Source": source,
                        "Destination": dest,
                        "Mode": mode,
                        "RW": !mode.starts_with("ro"),
                        "Propagation": if mode.contains("rslave") { "rslave" } else { "rprivate" }
                    }));
                } else {
                    let volume = format!("{}_{source}", svc.project);
                    binds.push(json!(format!("{volume}:{dest}:{mode}")));
                    mounts.push(json!({
                        "Type": "volume",
                        "Name": volume,
                        "Source": format!("/var/lib/docker/volumes/{volume}/_data"),
                        "Destination": dest,
                        "Driver": "local",
                        "Mode": mode,
                        "RW": mode != "ro",
                        "Propagation": ""
                    }));
                }
            }
            let mut port_bindings = serde_json::Map::new();
            let mut net_ports = serde_json::Map::new();
            let mut exposed = serde_json::Map::new();
            for &(cport, hport, addr) in svc.ports {
                let key = format!("{cport}/tcp");
                exposed.insert(key.clone(), json!({}));
                if hport == 0 {
                    net_ports.insert(key, Value::Null);
                } else {
                    port_bindings.insert(
                        key.clone(),
                        json!([{"HostIp": addr, "HostPort": hport.to_string()}]),
                    );
                    let bound = if addr.is_empty() {
                        json!([{"HostIp": "0.0.0.0", "HostPort": hport.to_string()}, {"HostIp": "::", "HostPort": hport.to_string()}])
                    } else {
                        json!([{"HostIp": addr, "HostPort": hport.to_string()}])
                    };
                    net_ports.insert(key, bound);
                }
            }
            let mut state = json!({
                "Status": "running",
                "Running": true,
                "Paused": false,
                "Restarting": false,
                "OOMKilled": false,
                "Dead": false,
                "Pid": 2_100 + h(n, 3009) % 900_000,
                "ExitCode": 0,
                "Error": "",
                "StartedAt": docker_time(started, h(n, 3010)),
                "FinishedAt": "0001-01-01T00:00:00Z"
            });
            let mut healthcheck = Value::Null;
            if let Some((test, output)) = svc.health {
                let log: Vec<Value> = (0..5u64)
                    .map(|k| {
                        let t = 26 * 86_400 + 9 * 3600 + 41 * 60 + k * 30 + h(n, 3011) % 30;
                        let start = h(n * 5 + k as usize, 3012) % 500_000_000;
                        let took = 40_000_000 + h(n * 5 + k as usize, 3013) % 400_000_000;
                        json!({
                            "Start": docker_time(t, start),
                            "End": docker_time(t, start + took),
                            "ExitCode": 0,
                            "Output": output.replace("HOST", short)
                        })
                    })
                    .collect();
                state["Health"] = json!({"Status": "healthy", "FailingStreak": 0, "Log": log});
                healthcheck = json!({
                    "Test": ["CMD-SHELL", test],
                    "Interval": 30_000_000_000u64,
                    "Timeout": 5_000_000_000u64,
                    "Retries": 3
                });
            }
            let depends = match (svc.project, svc.service) {
                ("shop", "api" | "worker" | "beat") => {
                    "postgres:service_healthy:false,redis:service_healthy:false,rabbitmq:service_healthy:false"
                }
                ("shop", "web") => "api:service_healthy:false",
                ("shop", "edge") => {
                    "web:service_started:false,api:service_started:false,imgproxy:service_started:false"
                }
                ("monitoring", "grafana") => {
                    "prometheus:service_started:false,loki:service_started:false"
                }
                ("monitoring", "promtail") => "loki:service_started:false",
                _ => "",
            };
            let mut labels = json!({
                "com.docker.compose.config-hash": config_hash,
                "com.docker.compose.container-number": replica.to_string(),
                "com.docker.compose.depends_on": depends,
                "com.docker.compose.image": image_id,
                "com.docker.compose.oneoff": "False",
                "com.docker.compose.project": svc.project,
                "com.docker.compose.project.config_files": format!("/srv/compose/{}/docker-compose.yml", svc.project),
                "com.docker.compose.project.working_dir": format!("/srv/compose/{}", svc.project),
                "com.docker.compose.service": svc.service,
                "com.docker.compose.version": "2.29.7"
            });
            if svc.image.starts_with("ghcr.io/acme") {
                labels["org.opencontainers.image.created"] = json!("2026-11-19T16:02:44Z");
                labels["org.opencontainers.image.revision"] = json!(hex(p, 3014, 40));
                labels["org.opencontainers.image.source"] = json!(format!(
                    "https://github.com/acme/{}",
                    svc.image
                        .trim_start_matches("ghcr.io/acme/")
                        .split(':')
                        .next()
                        .unwrap_or("")
                ));
                labels["org.opencontainers.image.version"] =
                    json!(svc.image.rsplit(':').next().unwrap_or(""));
            } else if svc.image.starts_with("grafana") || svc.image.starts_with("prom/") {
                labels["maintainer"] =
                    json!("The Prometheus Authors <prometheus-developers@googlegroups.com>");
            }
            let ip = format!("172.{}.0.{}", 18 + project_index, 2 + n % 200);
            let mac = format!("02:42:ac:{:02x}:00:{:02x}", 18 + project_index, 2 + n % 200);
            let networks = if svc.host_network {
                json!({"host": {
                    "IPAMConfig": null, "Links": null, "Aliases": null, "MacAddress": "", "DriverOpts": null,
                    "NetworkID": hex(99, 3001, 64), "EndpointID": hex(n, 3015, 64), "Gateway": "", "IPAddress": "",
                    "IPPrefixLen": 0, "IPv6Gateway": "", "GlobalIPv6Address": "", "GlobalIPv6PrefixLen": 0, "DNSNames": null
                }})
            } else {
                let mut m = serde_json::Map::new();
                m.insert(
                    network.clone(),
                    json!({
                        "IPAMConfig": null,
                        "Links": null,
                        "Aliases": [name.clone(), svc.service],
                        "MacAddress": mac,
                        "DriverOpts": null,
                        "NetworkID": network_id,
                        "EndpointID": hex(n, 3015, 64),
                        "Gateway": format!("172.{}.0.1", 18 + project_index),
                        "IPAddress": ip,
                        "IPPrefixLen": 16,
                        "IPv6Gateway": "",
                        "GlobalIPv6Address": "",
                        "GlobalIPv6PrefixLen": 0,
                        "DNSNames": [name.clone(), svc.service, short]
                    }),
                );
                Value::Object(m)
            };
            let (path, args): (String, Vec<&str>) =
                if let Some((first, rest)) = svc.entrypoint.split_first() {
                    (
                        first.to_string(),
                        rest.iter().chain(svc.cmd.iter()).copied().collect(),
                    )
                } else if let Some((first, rest)) = svc.cmd.split_first() {
                    (first.to_string(), rest.to_vec())
                } else {
                    (String::new(), Vec::new())
                };
            let mut config = json!({
                "Hostname": if svc.host_network { "app-03" } else { short },
                "Domainname": "",
                "User": svc.user,
                "AttachStdin": false,
                "AttachStdout": true,
                "AttachStderr": true,
                "ExposedPorts": if exposed.is_empty() { Value::Null } else { Value::Object(exposed) },
                "Tty": false,
                "OpenStdin": false,
                "StdinOnce": false,
                "Env": svc.env,
                "Cmd": if svc.cmd.is_empty() { Value::Null } else { json!(svc.cmd) },
            });
            if !healthcheck.is_null() {
                config["Healthcheck"] = healthcheck;
            }
            for (k, v) in [
                ("Image", json!(svc.image)),
                ("Volumes", Value::Null),
                ("WorkingDir", json!(svc.workdir)),
                (
                    "Entrypoint",
                    if svc.entrypoint.is_empty() {
                        Value::Null
                    } else {
                        json!(svc.entrypoint)
                    },
                ),
                ("OnBuild", Value::Null),
                ("Labels", labels),
            ] {
                config[k] = v;
            }
            let host_config = json!({
                "Binds": if binds.is_empty() { Value::Null } else { Value::Array(binds) },
                "ContainerIDFile": "",
                "LogConfig": {"Type": "json-file", "Config": {"max-file": "5", "max-size": "20m"}},
                "NetworkMode": if svc.host_network { "host".to_string() } else { network.clone() },
                "PortBindings": port_bindings,
                "RestartPolicy": {"Name": "unless-stopped", "MaximumRetryCount": 0},
                "AutoRemove": false,
                "VolumeDriver": "",
                "VolumesFrom": null,
                "ConsoleSize": [0, 0],
                "CapAdd": null,
                "CapDrop": null,
                "CgroupnsMode": "private",
                "Dns": [],
                "DnsOptions": [],
                "DnsSearch": [],
                "ExtraHosts": [],
                "GroupAdd": null,
                "IpcMode": "private",
                "Cgroup": "",
                "Links": null,
                "OomScoreAdj": 0,
                "PidMode": if svc.host_network { "host" } else { "" },
                "Privileged": false,
                "PublishAllPorts": false,
                "ReadonlyRootfs": false,
                "SecurityOpt": null,
                "UTSMode": "",
                "UsernsMode": "",
                "ShmSize": 67_108_864,
                "Runtime": "runc",
                "Isolation": ""
            });
            let limits = json!({
                "CpuShares": 0,
                "Memory": if svc.service == "worker" { 2_147_483_648u64 } else { 0 },
                "NanoCpus": 0,
                "CgroupParent": "",
                "BlkioWeight": 0,
                "BlkioWeightDevice": null,
                "BlkioDeviceReadBps": null,
                "BlkioDeviceWriteBps": null,
                "BlkioDeviceReadIOps": null,
                "BlkioDeviceWriteIOps": null,
                "CpuPeriod": 0,
                "CpuQuota": 0,
                "CpuRealtimePeriod": 0,
                "CpuRealtimeRuntime": 0,
                "CpusetCpus": "",
                "CpusetMems": "",
                "Devices": null,
                "DeviceCgroupRules": null,
                "DeviceRequests": null,
                "MemoryReservation": 0,
                "MemorySwap": if svc.service == "worker" { 4_294_967_296u64 } else { 0 },
                "MemorySwappiness": null,
                "OomKillDisable": null,
                "PidsLimit": null,
                "Ulimits": null,
                "CpuCount": 0,
                "CpuPercent": 0,
                "IOMaximumIOps": 0,
                "IOMaximumBandwidth": 0,
                "MaskedPaths": masked,
                "ReadonlyPaths": readonly
            });
            let host_config = merge(host_config, limits);
            let container = json!({
                "Id": id,
                "Created": docker_time(created, h(n, 3016)),
                "Path": path,
                "Args": args,
                "State": state,
                "Image": image_id,
                "ResolvConfPath": format!("/var/lib/docker/containers/{id}/resolv.conf"),
                "HostnamePath": format!("/var/lib/docker/containers/{id}/hostname"),
                "HostsPath": format!("/var/lib/docker/containers/{id}/hosts"),
                "LogPath": format!("/var/lib/docker/containers/{id}/{id}-json.log"),
                "Name": format!("/{name}"),
                "RestartCount": 0,
                "Driver": "overlay2",
                "Platform": "linux",
                "MountLabel": "",
                "ProcessLabel": "",
                "AppArmorProfile": "docker-default",
                "ExecIDs": null,
                "HostConfig": host_config,
                "GraphDriver": {
                    "Data": {
                        "LowerDir": lower.join(":"),
                        "MergedDir": format!("/var/lib/docker/overlay2/{layer}/merged"),
                        "UpperDir": format!("/var/lib/docker/overlay2/{layer}/diff"),
                        "WorkDir": format!("/var/lib/docker/overlay2/{layer}/work")
                    },
                    "Name": "overlay2"
                },
                "Mounts": mounts,
                "Config": config,
                "NetworkSettings": {
                    "Bridge": "",
                    "SandboxID": hex(n, 3017, 64),
                    "SandboxKey": if svc.host_network { "/var/run/docker/netns/default".to_string() } else { format!("/var/run/docker/netns/{}", &hex(n, 3017, 64)[..12]) },
                    "Ports": net_ports,
                    "HairpinMode": false,
                    "LinkLocalIPv6Address": "",
                    "LinkLocalIPv6PrefixLen": 0,
                    "SecondaryIPAddresses": null,
                    "SecondaryIPv6Addresses": null,
                    "EndpointID": "",
                    "Gateway": "",
                    "GlobalIPv6Address": "",
                    "GlobalIPv6PrefixLen": 0,
                    "IPAddress": "",
                    "IPPrefixLen": 0,
                    "IPv6Gateway": "",
                    "MacAddress": "",
                    "Networks": networks
                }
            });
            containers.push((created, container));
        }
    }
    containers.sort_by_key(|c| std::cmp::Reverse(c.0));
    let all: Vec<Value> = containers.into_iter().map(|c| c.1).collect();
    Case::fact(
        "docker inspect of every container, the Docker socket",
        pretty(&Value::Array(all), b"    ") + "\n",
        "Have we given any of the containers on this host access to the Docker socket? Which one?",
        &["ops-deploy-hook-1", "/var/run/docker.sock"],
    )
    .with_jq(
        ".[] | select(.Mounts[] | .Source == \"/var/run/docker.sock\") | .Name",
        vec![jq_string("/ops-deploy-hook-1")],
    )
}

/// An AWS CLI timestamp: `s` seconds after 2023-01-01T00:00:00Z, with
/// microseconds, in months of 28 days to keep it simple and valid.
fn aws_time(s: u64, micros: u64) -> String {
    let day = s / 86_400;
    format!(
        "{}-{:02}-{:02}T{:02}:{:02}:{:02}.{:06}+00:00",
        2023 + day / 336,
        1 + day / 28 % 12,
        1 + day % 28,
        s / 3600 % 24,
        s / 60 % 60,
        s % 60,
        micros % 1_000_000
    )
}

/// One RDS instance of the account.
struct Rds {
    id: String,
    engine: &'static str,
    version: &'static str,
    class: &'static str,
    env: &'static str,
    storage: u64,
    multi_az: bool,
    retention: u64,
    replica_of: Option<String>,
    cluster: Option<&'static str>,
    status: &'static str,
    team: &'static str,
}

/// `aws rds describe-db-instances` of a shop's account in eu-west-1 (the
/// CLI's 4-space JSON): about eighty instances of Postgres, MySQL,
/// MariaDB, SQL Server and Aurora across production, staging, QA and dev,
/// each with its subnets, parameter and option groups, monitoring and
/// tags. Production keeps backups 7–35 days, staging 7, dev 1; the read
/// replicas keep none (`BackupRetentionPeriod` 0), as RDS has them. One
/// production database that is not a replica has its backups switched off.
fn rds_without_backups() -> Case {
    let planted = "pricing-prod";
    // (service, engine, version, class, storage, team)
    let services: [(&str, &str, &str, &str, u64, &str); 22] = [
        (
            "orders",
            "postgres",
            "15.7",
            "db.r6g.2xlarge",
            1000,
            "team-checkout",
        ),
        (
            "payments",
            "postgres",
            "16.3",
            "db.r6g.xlarge",
            500,
            "team-payments",
        ),
        (
            "catalog",
            "mysql",
            "8.0.39",
            "db.r6g.large",
            400,
            "team-catalog",
        ),
        (
            "inventory",
            "postgres",
            "15.7",
            "db.r6g.large",
            300,
            "team-fulfilment",
        ),
        (
            "users",
            "postgres",
            "16.3",
            "db.r6g.large",
            200,
            "team-identity",
        ),
        ("crm", "mysql", "8.0.39", "db.m6g.large", 250, "team-crm"),
        (
            "billing",
            "postgres",
            "15.7",
            "db.m6g.large",
            200,
            "team-payments",
        ),
        (
            "notifications",
            "postgres",
            "14.12",
            "db.t4g.large",
            100,
            "team-platform",
        ),
        (
            "shipping",
            "mariadb",
            "10.11.9",
            "db.m6g.large",
            150,
            "team-fulfilment",
        ),
        (
            "loyalty",
            "postgres",
            "16.3",
            "db.t4g.large",
            100,
            "team-crm",
        ),
        (
            "reviews",
            "mysql",
            "8.0.39",
            "db.m6g.large",
            200,
            "team-catalog",
        ),
        ("cms", "mysql", "8.0.39", "db.t4g.medium", 50, "team-web"),
        (
            "keycloak",
            "postgres",
            "16.3",
            "db.t4g.medium",
            20,
            "team-identity",
        ),
        (
            "audit",
            "postgres",
            "16.3",
            "db.m6g.large",
            800,
            "team-platform",
        ),
        (
            "pricing",
            "postgres",
            "15.7",
            "db.r6g.xlarge",
            600,
            "team-catalog",
        ),
        (
            "promotions",
            "postgres",
            "15.7",
            "db.t4g.large",
            100,
            "team-checkout",
        ),
        (
            "wms",
            "sqlserver-se",
            "15.00.4385.2.v1",
            "db.m5.xlarge",
            500,
            "team-fulfilment",
        ),
        (
            "metabase",
            "postgres",
            "16.3",
            "db.t4g.medium",
            50,
            "team-data",
        ),
        (
            "airflow",
            "postgres",
            "15.7",
            "db.t4g.medium",
            50,
            "team-data",
        ),
        (
            "backup-catalog",
            "postgres",
            "16.3",
            "db.t4g.small",
            20,
            "team-platform",
        ),
        (
            "search-sync",
            "mysql",
            "8.0.39",
            "db.t4g.medium",
            50,
            "team-catalog",
        ),
        (
            "tax",
            "postgres",
            "16.3",
            "db.t4g.medium",
            50,
            "team-payments",
        ),
    ];
    let mut dbs: Vec<Rds> = Vec::new();
    for (k, &(service, engine, version, class, storage, team)) in services.iter().enumerate() {
        let id = format!("{service}-prod");
        let retention = if id == planted {
            0
        } else {
            [7u64, 14, 14, 30, 35][(h(k, 4001) % 5) as usize]
        };
        dbs.push(Rds {
            id: id.clone(),
            engine,
            version,
            class,
            env: "production",
            storage,
            multi_az: !class.starts_with("db.t4g"),
            retention,
            replica_of: None,
            cluster: None,
            status: "available",
            team,
        });
        let replicas = match service {
            "orders" => 2,
            "catalog" | "crm" | "users" | "reviews" | "inventory" => 1,
            _ => 0,
        };
        for r in 1..=replicas {
            dbs.push(Rds {
                id: format!("{id}-replica-{r}"),
                engine,
                version,
                class,
                env: "production",
                storage,
                multi_az: false,
                retention: 0,
                replica_of: Some(id.clone()),
                cluster: None,
                status: "available",
                team,
            });
        }
        if service == "payments" {
            dbs.push(Rds {
                id: "payments-reporting-prod".into(),
                engine,
                version,
                class: "db.r6g.large",
                env: "production",
                storage,
                multi_az: false,
                retention: 0,
                replica_of: Some(id.clone()),
                cluster: None,
                status: "available",
                team,
            });
        }
        if service != "backup-catalog" && service != "wms" {
            dbs.push(Rds {
                id: format!("{service}-staging"),
                engine,
                version,
                class: if engine == "sqlserver-se" {
                    "db.m5.large"
                } else {
                    "db.t4g.medium"
                },
                env: "staging",
                storage: (storage / 4).max(20),
                multi_az: false,
                retention: 7,
                replica_of: None,
                cluster: None,
                status: if h(k, 4002).is_multiple_of(6) {
                    "stopped"
                } else {
                    "available"
                },
                team,
            });
        }
        if !h(k, 4003).is_multiple_of(3) {
            dbs.push(Rds {
                id: format!("{service}-dev"),
                engine,
                version,
                class: "db.t4g.small",
                env: "development",
                storage: 20,
                multi_az: false,
                retention: 1,
                replica_of: None,
                cluster: None,
                status: if h(k, 4004).is_multiple_of(3) {
                    "stopped"
                } else {
                    "available"
                },
                team,
            });
        }
        if h(k, 4005).is_multiple_of(4) {
            dbs.push(Rds {
                id: format!("{service}-qa"),
                engine,
                version,
                class: "db.t4g.small",
                env: "qa",
                storage: 20,
                multi_az: false,
                retention: 3,
                replica_of: None,
                cluster: None,
                status: "available",
                team,
            });
        }
    }
    for (cluster, engine, version, team, members) in [
        (
            "ledger-prod",
            "aurora-postgresql",
            "15.4",
            "team-payments",
            ["ledger-prod-instance-1", "ledger-prod-instance-2"],
        ),
        (
            "analytics-prod",
            "aurora-mysql",
            "8.0.mysql_aurora.3.07.1",
            "team-data",
            ["analytics-prod-writer", "analytics-prod-reader-1"],
        ),
    ] {
        for m in members {
            dbs.push(Rds {
                id: m.into(),
                engine,
                version,
                class: "db.r6g.xlarge",
                env: "production",
                storage: 1,
                multi_az: false,
                retention: 14,
                replica_of: None,
                cluster: Some(cluster),
                status: "available",
                team,
            });
        }
    }
    dbs.sort_by(|a, b| a.id.cmp(&b.id));
    let account = "123456789012";
    let kms = format!("arn:aws:kms:eu-west-1:{account}:key/{}", uuid(1, 4006));
    let vpcs = [
        ("production", "vpc-0a3c41f2e9b7d5108"),
        ("staging", "vpc-07b2d9e4c1a6f3820"),
        ("development", "vpc-0e5f8a1b3c7d92461"),
        ("qa", "vpc-0e5f8a1b3c7d92461"),
    ];
    let azs = ["eu-west-1a", "eu-west-1b", "eu-west-1c"];
    let mut out = Vec::new();
    for (k, db) in dbs.iter().enumerate() {
        let vpc = vpcs.iter().find(|v| v.0 == db.env).map_or("", |v| v.1);
        let group = match db.env {
            "production" => "prod-db",
            "staging" => "staging-db",
            _ => "dev-db",
        };
        let subnets: Vec<Value> = (0..6usize)
            .map(|s| {
                json!({
                    "SubnetIdentifier": format!("subnet-0{}", hex(s * 7 + group.len(), 4007, 16)),
                    "SubnetAvailabilityZone": {"Name": azs[s % 3]},
                    "SubnetOutpost": {},
                    "SubnetStatus": "Active"
                })
            })
            .collect();
        let port = match db.engine {
            "postgres" | "aurora-postgresql" => 5432,
            "sqlserver-se" => 1433,
            _ => 3306,
        };
        let family = match db.engine {
            "postgres" => format!("postgres{}", db.version.split('.').next().unwrap_or("")),
            "aurora-postgresql" => "aurora-postgresql15".into(),
            "aurora-mysql" => "aurora-mysql8.0".into(),
            "mysql" => "mysql8.0".into(),
            "mariadb" => "mariadb10.11".into(),
            _ => "sqlserver-se-15.0".into(),
        };
        let service = ["-prod", "-staging", "-dev", "-qa"]
            .iter()
            .find_map(|s| db.id.find(s).map(|at| db.id[..at].to_string()))
            .unwrap_or_else(|| db.id.clone());
        let options = match db.engine {
            "postgres" => format!(
                "default:postgres-{}",
                db.version.split('.').next().unwrap_or("")
            ),
            "aurora-postgresql" => "default:aurora-postgresql-15".into(),
            "aurora-mysql" => "default:aurora-mysql-8-0".into(),
            "mysql" => "default:mysql-8-0".into(),
            "mariadb" => "default:mariadb-10-11".into(),
            _ => "default:sqlserver-se-15-00".into(),
        };
        let created = (h(k, 4008) % 600) * 86_400 + h(k, 4009) % 86_400;
        let az = azs[(h(k, 4010) % 3) as usize];
        let dbi = format!(
            "db-{}",
            chars(k, 4011, 26, b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        );
        let arn = format!("arn:aws:rds:eu-west-1:{account}:db:{}", db.id);
        let logs: Vec<&str> = match db.engine {
            "postgres" | "aurora-postgresql" => vec!["postgresql", "upgrade"],
            "sqlserver-se" => vec!["agent", "error"],
            _ => vec!["error", "slowquery"],
        };
        let mut v = json!({
            "DBInstanceIdentifier": db.id,
            "DBInstanceClass": db.class,
            "Engine": db.engine,
            "DBInstanceStatus": db.status,
            "MasterUsername": if db.engine == "sqlserver-se" { "admin" } else { "dbadmin" },
        });
        if db.engine != "sqlserver-se" && db.cluster.is_none() {
            v["DBName"] = json!(service.replace('-', "_"));
        }
        v["Endpoint"] = json!({
            "Address": format!("{}.c7m2xq9vzk4d.eu-west-1.rds.amazonaws.com", db.id),
            "Port": port,
            "HostedZoneId": "Z29XKXDKYMONMX"
        });
        let rest = json!({
            "AllocatedStorage": db.storage,
            "InstanceCreateTime": aws_time(created, h(k, 4012)),
            "PreferredBackupWindow": format!("{:02}:{:02}-{:02}:{:02}", 1 + h(k, 4013) % 3, 10 * (h(k, 4014) % 3), 1 + h(k, 4013) % 3, 10 * (h(k, 4014) % 3) + 30),
            "BackupRetentionPeriod": db.retention,
            "DBSecurityGroups": [],
            "VpcSecurityGroups": [{"VpcSecurityGroupId": format!("sg-0{}", hex(k, 4015, 16)), "Status": "active"}],
            "DBParameterGroups": [{"DBParameterGroupName": format!("{}-{family}", if db.env == "production" { "prod" } else { "nonprod" }), "ParameterApplyStatus": "in-sync"}],
            "AvailabilityZone": az,
            "DBSubnetGroup": {
                "DBSubnetGroupName": group,
                "DBSubnetGroupDescription": format!("Private subnets for {} databases", db.env),
                "VpcId": vpc,
                "SubnetGroupStatus": "Complete",
                "Subnets": subnets
            },
            "PreferredMaintenanceWindow": format!("{}:{:02}:00-{}:{:02}:30", pick(&["sun", "mon", "tue", "wed"], k, 4016), 3 + h(k, 4017) % 3, pick(&["sun", "mon", "tue", "wed"], k, 4016), 3 + h(k, 4017) % 3),
            "PendingModifiedValues": {},
        });
        if let (Some(a), Value::Object(b)) = (v.as_object_mut(), rest) {
            a.extend(b);
        }
        if db.retention > 0 && db.status == "available" {
            v["LatestRestorableTime"] = json!("2026-11-27T08:55:00+00:00");
        }
        v["MultiAZ"] = json!(db.multi_az);
        v["EngineVersion"] = json!(db.version);
        v["AutoMinorVersionUpgrade"] = json!(db.env != "production");
        if let Some(source) = &db.replica_of {
            v["ReadReplicaSourceDBInstanceIdentifier"] = json!(source);
        }
        let replicas: Vec<&str> = (dbs.iter())
            .filter(|r| r.replica_of.as_deref() == Some(db.id.as_str()))
            .map(|r| r.id.as_str())
            .collect();
        v["ReadReplicaDBInstanceIdentifiers"] = json!(replicas);
        v["LicenseModel"] = json!(match db.engine {
            "postgres" | "aurora-postgresql" => "postgresql-license",
            "sqlserver-se" => "license-included",
            _ => "general-public-license",
        });
        if db.storage >= 400 {
            v["Iops"] = json!(12_000);
        }
        v["OptionGroupMemberships"] = json!([{"OptionGroupName": options, "Status": "in-sync"}]);
        if db.engine == "sqlserver-se" {
            v["CharacterSetName"] = json!("SQL_Latin1_General_CP1_CI_AS");
            v["Timezone"] = json!("W. Europe Standard Time");
        }
        if db.multi_az {
            v["SecondaryAvailabilityZone"] = json!(azs[((h(k, 4010) + 1) % 3) as usize]);
        }
        v["PubliclyAccessible"] = json!(false);
        if db.replica_of.is_some() {
            v["StatusInfos"] = json!([{"StatusType": "read replication", "Normal": true, "Status": "replicating"}]);
        }
        v["StorageType"] = json!(if db.cluster.is_some() {
            "aurora"
        } else {
            "gp3"
        });
        v["DbInstancePort"] = json!(0);
        if let Some(cluster) = db.cluster {
            v["DBClusterIdentifier"] = json!(cluster);
        }
        let more = json!({
            "StorageEncrypted": true,
            "KmsKeyId": kms,
            "DbiResourceId": dbi,
            "CACertificateIdentifier": "rds-ca-rsa2048-g1",
            "DomainMemberships": [],
            "CopyTagsToSnapshot": true,
            "MonitoringInterval": if db.env == "production" { 60 } else { 0 },
        });
        if let (Some(a), Value::Object(b)) = (v.as_object_mut(), more) {
            a.extend(b);
        }
        if db.env == "production" {
            v["EnhancedMonitoringResourceArn"] = json!(format!(
                "arn:aws:logs:eu-west-1:{account}:log-group:RDSOSMetrics:log-stream:{dbi}"
            ));
            v["MonitoringRoleArn"] =
                json!(format!("arn:aws:iam::{account}:role/rds-monitoring-role"));
        }
        if db.cluster.is_some() {
            v["PromotionTier"] = json!(1);
        }
        let tags = json!([
            {"Key": "env", "Value": db.env},
            {"Key": "team", "Value": db.team},
            {"Key": "service", "Value": service},
            {"Key": "managed-by", "Value": "terraform"},
            {"Key": "cost-center", "Value": format!("CC-{}", 4400 + h(k, 4018) % 40)},
            {"Key": "data-classification", "Value": if ["payments", "users", "billing", "crm", "keycloak"].contains(&service.as_str()) { "confidential" } else { "internal" }}
        ]);
        let tail = json!({
            "DBInstanceArn": arn,
            "IAMDatabaseAuthenticationEnabled": db.engine.contains("postgres"),
            "PerformanceInsightsEnabled": db.env == "production",
        });
        if let (Some(a), Value::Object(b)) = (v.as_object_mut(), tail) {
            a.extend(b);
        }
        if db.env == "production" {
            v["PerformanceInsightsKMSKeyId"] = json!(kms);
            v["PerformanceInsightsRetentionPeriod"] = json!(7);
        }
        let last = json!({
            "EnabledCloudwatchLogsExports": logs,
            "DeletionProtection": db.env == "production",
            "AssociatedRoles": [],
            "MaxAllocatedStorage": if db.cluster.is_some() { Value::Null } else { json!(db.storage * 2) },
            "TagList": tags,
            "CustomerOwnedIpEnabled": false,
            "ActivityStreamStatus": "stopped",
            "BackupTarget": "region",
            "NetworkType": "IPV4",
            "StorageThroughput": if db.storage >= 400 { 500 } else { 125 },
            "CertificateDetails": {"CAIdentifier": "rds-ca-rsa2048-g1", "ValidTill": aws_time(created + 4 * 336 * 86_400, 0)},
            "DedicatedLogVolume": false,
            "IsStorageConfigUpgradeAvailable": false,
            "EngineLifecycleSupport": if db.engine == "sqlserver-se" { "open-source-rds-extended-support-disabled" } else { "open-source-rds-extended-support" }
        });
        if let (Some(a), Value::Object(b)) = (v.as_object_mut(), last) {
            a.extend(b);
        }
        if db.cluster.is_some()
            && let Some(a) = v.as_object_mut()
        {
            a.remove("MaxAllocatedStorage");
            a.remove("StorageThroughput");
        }
        out.push(v);
    }
    Case::fact(
        "aws rds describe-db-instances, a database with no backups",
        pretty(&json!({"DBInstances": out}), b"    ") + "\n",
        "Is any of our databases not being backed up automatically at all? Replicas don't count.",
        &[planted, "\"BackupRetentionPeriod\": 0"],
    )
    .with_jq(
        ".DBInstances[] | select(.BackupRetentionPeriod == 0 and .ReadReplicaSourceDBInstanceIdentifier == null) | .DBInstanceIdentifier",
        vec![jq_string(planted)],
    )
}

/// One attribute row of `smartctl -A`: id, name, flag, value, worst,
/// threshold, raw value.
fn smart_row(id: u32, name: &str, flag: u32, v: (u32, u32, u32), raw: &str) -> String {
    let kind = if flag & 1 == 1 { "Pre-fail" } else { "Old_age" };
    let updated = if flag & 2 == 2 { "Always" } else { "Offline" };
    format!(
        "{id:>3} {name:<23} 0x{flag:04x}   {:03}   {:03}   {:03}    {kind:<9} {updated:<8}     -       {raw}\n",
        v.0, v.1, v.2
    )
}

/// What is wrong with one drive of the shelf.
#[derive(Clone, Copy, PartialEq)]
enum DriveFault {
    Healthy,
    /// Reallocated and pending sectors (the answer).
    BadSectors {
        reallocated: u64,
        pending: u64,
    },
    /// Interface CRC errors: a cable, not the disk.
    Cable(u64),
}

/// `for d in /dev/sd? /dev/sd??; do echo "== $d"; sudo smartctl -a $d;
/// done` on a 60-bay storage server (smartctl 7.2): Seagate Exos, WD
/// Ultrastar and Toshiba MG08 drives of 16 TB, each with its identity,
/// capabilities, the vendor's attribute table (Seagate's raw read, seek
/// and ECC rates run to billions and are normal), error log, self-test and
/// selective self-test logs. Five drives have reallocated or pending
/// sectors (with read errors logged and a failed self-test on some),
/// every one still PASSED overall; three have UDMA CRC errors from a bad
/// cable. The answer is the serial numbers, which only the identity
/// section, 50 lines above the attributes, gives.
fn smartctl_bad_sectors() -> Case {
    let mut devices: Vec<String> = (b'a'..=b'z')
        .map(|c| format!("/dev/sd{}", c as char))
        .collect();
    for first in [b'a', b'b'] {
        for c in b'a'..=b'z' {
            if devices.len() < 60 {
                devices.push(format!("/dev/sd{}{}", first as char, c as char));
            }
        }
    }
    let faults: [(usize, DriveFault); 8] = [
        (
            7,
            DriveFault::BadSectors {
                reallocated: 1_184,
                pending: 16,
            },
        ),
        (
            19,
            DriveFault::BadSectors {
                reallocated: 0,
                pending: 8,
            },
        ),
        (23, DriveFault::Cable(214)),
        (
            31,
            DriveFault::BadSectors {
                reallocated: 56,
                pending: 0,
            },
        ),
        (38, DriveFault::Cable(3)),
        (
            44,
            DriveFault::BadSectors {
                reallocated: 312,
                pending: 24,
            },
        ),
        (50, DriveFault::Cable(41)),
        (
            57,
            DriveFault::BadSectors {
                reallocated: 8,
                pending: 8,
            },
        ),
    ];
    let mut out = String::new();
    let mut items = Vec::new();
    for (d, dev) in devices.iter().enumerate() {
        let fault = faults
            .iter()
            .find(|f| f.0 == d)
            .map_or(DriveFault::Healthy, |f| f.1);
        let vendor = match d % 20 {
            0..=9 => 0,
            10..=16 => 1,
            _ => 2,
        };
        let hours = 21_000 + h(d, 5001) % 12_000;
        let (family, model, serial, firmware, wwn) = match vendor {
            0 => (
                "Seagate Exos X16",
                "ST16000NM001G-2KK103",
                format!(
                    "ZL2{}",
                    chars(d, 5002, 5, b"0123456789ABCDEFGHJKLMNPQRSTVWXYZ")
                ),
                "SN03",
                format!("5 000c50 0{}", hex(d, 5003, 8)),
            ),
            1 => (
                "Western Digital Ultrastar DC HC550",
                "WDC  WUH721816ALE6L4",
                format!(
                    "2BH{}",
                    chars(d, 5002, 5, b"0123456789ABCDEFGHJKLMNPQRSTUVWXYZ")
                ),
                "PCGNW680",
                format!("5 000cca 2{}", hex(d, 5003, 8)),
            ),
            _ => (
                "Toshiba MG08ACA... Enterprise Capacity HDD",
                "TOSHIBA MG08ACA16TE",
                format!(
                    "{}{}",
                    chars(d, 5004, 4, b"0123456789"),
                    chars(d, 5002, 8, b"0123456789ABCDEFGHJKLMNPQRSTUVWXYZ")
                ),
                "4303",
                format!("5 000039 a{}", hex(d, 5003, 8)),
            ),
        };
        if matches!(fault, DriveFault::BadSectors { .. }) {
            items.push(serial.clone());
        }
        let (sata, ata) = if vendor == 1 {
            (
                "SATA 3.3, 6.0 Gb/s (current: 6.0 Gb/s)",
                "ACS-4 published, ANSI INCITS 529-2018",
            )
        } else if vendor == 0 {
            (
                "SATA 3.3, 6.0 Gb/s (current: 6.0 Gb/s)",
                "ACS-4 (minor revision not indicated)",
            )
        } else {
            (
                "SATA 3.3, 6.0 Gb/s (current: 6.0 Gb/s)",
                "ACS-3 T13/2161-D revision 5",
            )
        };
        out.push_str(&format!(
            "== {dev}\nsmartctl 7.2 2020-12-30 r5155 [x86_64-linux-5.15.0-126-generic] (local build)\n\
             Copyright (C) 2002-20, Bruce Allen, Christian Franke, www.smartmontools.org\n\n\
             === START OF INFORMATION SECTION ===\n\
             Model Family:     {family}\n\
             Device Model:     {model}\n\
             Serial Number:    {serial}\n\
             LU WWN Device Id: {wwn}\n\
             Firmware Version: {firmware}\n\
             User Capacity:    16,000,900,661,248 bytes [16.0 TB]\n\
             Sector Sizes:     512 bytes logical, 4096 bytes physical\n\
             Rotation Rate:    7200 rpm\n\
             Form Factor:      3.5 inches\n\
             Device is:        In smartctl database [for details use: -P show]\n\
             ATA Version is:   {ata}\n\
             SATA Version is:  {sata}\n\
             Local Time is:    Fri Nov 27 09:{:02}:{:02} 2026 UTC\n\
             SMART support is: Available - device has SMART capability.\n\
             SMART support is: Enabled\n\n\
             === START OF READ SMART DATA SECTION ===\n\
             SMART overall-health self-assessment test result: PASSED\n\n",
            14 + d / 30,
            (d * 2) % 60
        ));
        let (offline, extended) = match vendor {
            0 => (567, 1358),
            1 => (101, 1524),
            _ => (120, 1419),
        };
        out.push_str(&format!(
            "General SMART Values:\n\
             Offline data collection status:  (0x82)\tOffline data collection activity\n\
             \t\t\t\t\twas completed without error.\n\
             \t\t\t\t\tAuto Offline Data Collection: Enabled.\n\
             Self-test execution status:      (   0)\tThe previous self-test routine completed\n\
             \t\t\t\t\twithout error or no self-test has ever \n\
             \t\t\t\t\tbeen run.\n\
             Total time to complete Offline \n\
             data collection: \t\t({offline:>5}) seconds.\n\
             Offline data collection\n\
             capabilities: \t\t\t (0x7b) SMART execute Offline immediate.\n\
             \t\t\t\t\tAuto Offline data collection on/off support.\n\
             \t\t\t\t\tSuspend Offline collection upon new\n\
             \t\t\t\t\tcommand.\n\
             \t\t\t\t\tOffline surface scan supported.\n\
             \t\t\t\t\tSelf-test supported.\n\
             \t\t\t\t\tConveyance Self-test supported.\n\
             \t\t\t\t\tSelective Self-test supported.\n\
             SMART capabilities:            (0x0003)\tSaves SMART data before entering\n\
             \t\t\t\t\tpower-saving mode.\n\
             \t\t\t\t\tSupports SMART auto save timer.\n\
             Error logging capability:        (0x01)\tError logging supported.\n\
             \t\t\t\t\tGeneral Purpose Logging supported.\n\
             Short self-test routine \n\
             recommended polling time: \t (   2) minutes.\n\
             Extended self-test routine\n\
             recommended polling time: \t ({extended:>4}) minutes.\n\
             Conveyance self-test routine\n\
             recommended polling time: \t (   3) minutes.\n\
             SCT capabilities: \t       (0x70bd)\tSCT Status supported.\n\
             \t\t\t\t\tSCT Error Recovery Control supported.\n\
             \t\t\t\t\tSCT Feature Control supported.\n\
             \t\t\t\t\tSCT Data Table supported.\n\n\
             SMART Attributes Data Structure revision number: {}\n\
             Vendor Specific SMART Attributes with Thresholds:\n\
             ID# ATTRIBUTE_NAME          FLAG     VALUE WORST THRESH TYPE      UPDATED  WHEN_FAILED RAW_VALUE\n",
            if vendor == 0 { 10 } else { 16 }
        ));
        let (realloc, pending) = match fault {
            DriveFault::BadSectors {
                reallocated,
                pending,
            } => (reallocated, pending),
            _ => (0, 0),
        };
        let crc = match fault {
            DriveFault::Cable(n) => n,
            _ => 0,
        };
        let temp = 31 + h(d, 5005) % 9;
        let cycles = 14 + h(d, 5006) % 30;
        let written = 30_000_000_000 + h(d, 5007) % 90_000_000_000;
        let read = 100_000_000_000 + h(d, 5008) % 300_000_000_000;
        let uncorrect = if pending > 0 { pending + 4 } else { 0 };
        let realloc_value = if realloc > 500 { 96 } else { 100 };
        match vendor {
            0 => {
                let rows = [
                    smart_row(
                        1,
                        "Raw_Read_Error_Rate",
                        0x000f,
                        (78 + (h(d, 5009) % 8) as u32, 64, 44),
                        &(40_000_000 + h(d, 5010) % 200_000_000).to_string(),
                    ),
                    smart_row(3, "Spin_Up_Time", 0x0003, (90, 90, 0), "0"),
                    smart_row(
                        4,
                        "Start_Stop_Count",
                        0x0032,
                        (100, 100, 20),
                        &cycles.to_string(),
                    ),
                    smart_row(
                        5,
                        "Reallocated_Sector_Ct",
                        0x0033,
                        (realloc_value, realloc_value, 10),
                        &realloc.to_string(),
                    ),
                    smart_row(
                        7,
                        "Seek_Error_Rate",
                        0x000f,
                        (88 + (h(d, 5011) % 5) as u32, 60, 45),
                        &(600_000_000 + h(d, 5012) % 900_000_000).to_string(),
                    ),
                    smart_row(9, "Power_On_Hours", 0x0032, (72, 72, 0), &hours.to_string()),
                    smart_row(10, "Spin_Retry_Count", 0x0013, (100, 100, 97), "0"),
                    smart_row(
                        12,
                        "Power_Cycle_Count",
                        0x0032,
                        (100, 100, 20),
                        &cycles.to_string(),
                    ),
                    smart_row(18, "Head_Health", 0x000b, (100, 100, 50), "0"),
                    smart_row(
                        187,
                        "Reported_Uncorrect",
                        0x0032,
                        (
                            if uncorrect > 0 { 88 } else { 100 },
                            if uncorrect > 0 { 88 } else { 100 },
                            0,
                        ),
                        &uncorrect.to_string(),
                    ),
                    smart_row(
                        188,
                        "Command_Timeout",
                        0x0032,
                        (100, 100, 0),
                        if h(d, 5013).is_multiple_of(9) {
                            "1 1 1"
                        } else {
                            "0 0 0"
                        },
                    ),
                    smart_row(
                        190,
                        "Airflow_Temperature_Cel",
                        0x0022,
                        (100 - temp as u32, 52, 40),
                        &format!("{temp} (Min/Max 22/{})", temp + 8),
                    ),
                    smart_row(
                        192,
                        "Power-Off_Retract_Count",
                        0x0032,
                        (100, 100, 0),
                        &(cycles - 3).to_string(),
                    ),
                    smart_row(
                        193,
                        "Load_Cycle_Count",
                        0x0032,
                        (98, 98, 0),
                        &(3_000 + h(d, 5014) % 3_000).to_string(),
                    ),
                    smart_row(
                        194,
                        "Temperature_Celsius",
                        0x0022,
                        (temp as u32, 48, 0),
                        &format!("{temp} (0 19 0 0 0)"),
                    ),
                    smart_row(
                        195,
                        "Hardware_ECC_Recovered",
                        0x001a,
                        (78 + (h(d, 5015) % 8) as u32, 64, 0),
                        &(40_000_000 + h(d, 5016) % 200_000_000).to_string(),
                    ),
                    smart_row(
                        197,
                        "Current_Pending_Sector",
                        0x0012,
                        (100, 100, 0),
                        &pending.to_string(),
                    ),
                    smart_row(
                        198,
                        "Offline_Uncorrectable",
                        0x0010,
                        (100, 100, 0),
                        &pending.to_string(),
                    ),
                    smart_row(
                        199,
                        "UDMA_CRC_Error_Count",
                        0x003e,
                        (200, 200, 0),
                        &crc.to_string(),
                    ),
                    smart_row(200, "Pressure_Limit", 0x0023, (100, 100, 1), "0"),
                    smart_row(
                        240,
                        "Head_Flying_Hours",
                        0x0000,
                        (100, 253, 0),
                        &format!(
                            "{} ({} {} 0)",
                            hours - 120,
                            h(d, 5017) % 200,
                            h(d, 5018) % 250
                        ),
                    ),
                    smart_row(
                        241,
                        "Total_LBAs_Written",
                        0x0000,
                        (100, 253, 0),
                        &written.to_string(),
                    ),
                    smart_row(
                        242,
                        "Total_LBAs_Read",
                        0x0000,
                        (100, 253, 0),
                        &read.to_string(),
                    ),
                ];
                rows.iter().for_each(|r| out.push_str(r));
            }
            1 => {
                let rows = [
                    smart_row(
                        1,
                        "Raw_Read_Error_Rate",
                        0x000b,
                        (100, 100, 1),
                        &(if pending > 0 { pending * 3 } else { 0 }).to_string(),
                    ),
                    smart_row(2, "Throughput_Performance", 0x0005, (148, 148, 54), "48"),
                    smart_row(
                        3,
                        "Spin_Up_Time",
                        0x0007,
                        (83, 83, 1),
                        &format!(
                            "{} (Average {})",
                            330 + h(d, 5019) % 30,
                            350 + h(d, 5020) % 30
                        ),
                    ),
                    smart_row(
                        4,
                        "Start_Stop_Count",
                        0x0012,
                        (100, 100, 0),
                        &cycles.to_string(),
                    ),
                    smart_row(
                        5,
                        "Reallocated_Sector_Ct",
                        0x0033,
                        (realloc_value, realloc_value, 1),
                        &realloc.to_string(),
                    ),
                    smart_row(7, "Seek_Error_Rate", 0x000b, (100, 100, 1), "0"),
                    smart_row(8, "Seek_Time_Performance", 0x0005, (140, 140, 20), "15"),
                    smart_row(9, "Power_On_Hours", 0x0012, (97, 97, 0), &hours.to_string()),
                    smart_row(10, "Spin_Retry_Count", 0x0013, (100, 100, 1), "0"),
                    smart_row(
                        12,
                        "Power_Cycle_Count",
                        0x0032,
                        (100, 100, 0),
                        &cycles.to_string(),
                    ),
                    smart_row(22, "Helium_Level", 0x0023, (100, 100, 25), "100"),
                    smart_row(
                        192,
                        "Power-Off_Retract_Count",
                        0x0032,
                        (100, 100, 0),
                        &(400 + h(d, 5021) % 300).to_string(),
                    ),
                    smart_row(
                        193,
                        "Load_Cycle_Count",
                        0x0012,
                        (100, 100, 0),
                        &(400 + h(d, 5021) % 300).to_string(),
                    ),
                    smart_row(
                        194,
                        "Temperature_Celsius",
                        0x0002,
                        (100 - temp as u32 + 40, 51, 0),
                        &format!("{temp} (Min/Max 20/{})", temp + 10),
                    ),
                    smart_row(
                        196,
                        "Reallocated_Event_Count",
                        0x0032,
                        (100, 100, 0),
                        &(realloc / 8).to_string(),
                    ),
                    smart_row(
                        197,
                        "Current_Pending_Sector",
                        0x0022,
                        (100, 100, 0),
                        &pending.to_string(),
                    ),
                    smart_row(
                        198,
                        "Offline_Uncorrectable",
                        0x0008,
                        (100, 100, 0),
                        &pending.to_string(),
                    ),
                    smart_row(
                        199,
                        "UDMA_CRC_Error_Count",
                        0x000a,
                        (100, 100, 0),
                        &crc.to_string(),
                    ),
                    smart_row(
                        241,
                        "Total_LBAs_Written",
                        0x0012,
                        (100, 100, 0),
                        &written.to_string(),
                    ),
                    smart_row(
                        242,
                        "Total_LBAs_Read",
                        0x0012,
                        (100, 100, 0),
                        &read.to_string(),
                    ),
                ];
                rows.iter().for_each(|r| out.push_str(r));
            }
            _ => {
                let rows = [
                    smart_row(1, "Raw_Read_Error_Rate", 0x000b, (100, 100, 50), "0"),
                    smart_row(2, "Throughput_Performance", 0x0005, (100, 100, 50), "0"),
                    smart_row(
                        3,
                        "Spin_Up_Time",
                        0x0027,
                        (100, 100, 1),
                        &(8_000 + h(d, 5022) % 400).to_string(),
                    ),
                    smart_row(
                        4,
                        "Start_Stop_Count",
                        0x0032,
                        (100, 100, 0),
                        &cycles.to_string(),
                    ),
                    smart_row(
                        5,
                        "Reallocated_Sector_Ct",
                        0x0033,
                        (realloc_value, realloc_value, 10),
                        &realloc.to_string(),
                    ),
                    smart_row(7, "Seek_Error_Rate", 0x000b, (100, 100, 50), "0"),
                    smart_row(8, "Seek_Time_Performance", 0x0005, (100, 100, 50), "0"),
                    smart_row(9, "Power_On_Hours", 0x0032, (44, 44, 0), &hours.to_string()),
                    smart_row(10, "Spin_Retry_Count", 0x0033, (100, 100, 30), "0"),
                    smart_row(
                        12,
                        "Power_Cycle_Count",
                        0x0032,
                        (100, 100, 0),
                        &cycles.to_string(),
                    ),
                    smart_row(23, "Helium_Condition_Lower", 0x0023, (100, 100, 75), "0"),
                    smart_row(24, "Helium_Condition_Upper", 0x0023, (100, 100, 75), "0"),
                    smart_row(
                        191,
                        "G-Sense_Error_Rate",
                        0x0032,
                        (100, 100, 0),
                        &(h(d, 5023) % 4).to_string(),
                    ),
                    smart_row(
                        192,
                        "Power-Off_Retract_Count",
                        0x0032,
                        (100, 100, 0),
                        &(cycles - 2).to_string(),
                    ),
                    smart_row(
                        193,
                        "Load_Cycle_Count",
                        0x0032,
                        (100, 100, 0),
                        &(100 + h(d, 5024) % 60).to_string(),
                    ),
                    smart_row(
                        194,
                        "Temperature_Celsius",
                        0x0022,
                        (100, 100, 0),
                        &format!("{temp} (Min/Max 18/{})", temp + 11),
                    ),
                    smart_row(
                        196,
                        "Reallocated_Event_Count",
                        0x0032,
                        (100, 100, 0),
                        &(realloc / 8).to_string(),
                    ),
                    smart_row(
                        197,
                        "Current_Pending_Sector",
                        0x0032,
                        (100, 100, 0),
                        &pending.to_string(),
                    ),
                    smart_row(
                        198,
                        "Offline_Uncorrectable",
                        0x0030,
                        (100, 100, 0),
                        &pending.to_string(),
                    ),
                    smart_row(
                        199,
                        "UDMA_CRC_Error_Count",
                        0x0032,
                        (200, 200, 0),
                        &crc.to_string(),
                    ),
                    smart_row(
                        220,
                        "Disk_Shift",
                        0x0002,
                        (100, 100, 0),
                        &(17_039_360 + h(d, 5025) % 4 * 65_536).to_string(),
                    ),
                    smart_row(
                        222,
                        "Loaded_Hours",
                        0x0032,
                        (44, 44, 0),
                        &(hours - 40).to_string(),
                    ),
                    smart_row(223, "Load_Retry_Count", 0x0032, (100, 100, 0), "0"),
                    smart_row(224, "Load_Friction", 0x0022, (100, 100, 0), "0"),
                    smart_row(
                        226,
                        "Load-in_Time",
                        0x0026,
                        (100, 100, 0),
                        &(580 + h(d, 5026) % 40).to_string(),
                    ),
                    smart_row(240, "Head_Flying_Hours", 0x0001, (100, 100, 1), "0"),
                    smart_row(
                        241,
                        "Total_LBAs_Written",
                        0x0032,
                        (100, 100, 0),
                        &written.to_string(),
                    ),
                    smart_row(
                        242,
                        "Total_LBAs_Read",
                        0x0032,
                        (100, 100, 0),
                        &read.to_string(),
                    ),
                ];
                rows.iter().for_each(|r| out.push_str(r));
            }
        }
        out.push_str("\nSMART Error Log Version: 1\n");
        let errors = if pending > 0 || realloc > 100 {
            Some((
                uncorrect.max(3),
                "40 51 00 ff ff ff 0f  Error: UNC at LBA = 0x0fffffff = 268435455",
                "READ FPDMA QUEUED",
            ))
        } else if crc > 0 {
            Some((
                crc.min(60),
                "84 51 00 00 00 00 00  Error: ICRC, ABRT at LBA = 0x00000000 = 0",
                "WRITE FPDMA QUEUED",
            ))
        } else {
            None
        };
        match errors {
            None => out.push_str("No Errors Logged\n\n"),
            Some((count, what, command)) => {
                out.push_str(&format!(
                    "ATA Error Count: {count} (device log contains only the most recent five errors)\n\
                     \tCR = Command Register [HEX]\n\tFR = Features Register [HEX]\n\tSC = Sector Count Register [HEX]\n\
                     \tSN = Sector Number Register [HEX]\n\tCL = Cylinder Low Register [HEX]\n\tCH = Cylinder High Register [HEX]\n\
                     \tDH = Device/Head Register [HEX]\n\tDC = Device Command Register [HEX]\n\tER = Error register [HEX]\n\
                     \tST = Status register [HEX]\n\
                     Powered_Up_Time is measured from power on, and printed as\n\
                     DDd+hh:mm:SS.sss where DD=days, hh=hours, mm=minutes,\n\
                     SS=sec, and sss=millisec. It \"wraps\" after 49.710 days.\n\n"
                ));
                let mut at = hours;
                for e in 0..count.min(5) {
                    at -= h(d * 5 + e as usize, 5027) % 40;
                    out.push_str(&format!(
                        "Error {} occurred at disk power-on lifetime: {at} hours ({} days + {} hours)\n  \
                         When the command that caused the error occurred, the device was active or idle.\n\n  \
                         After command completion occurred, registers were:\n  \
                         ER ST SC SN CL CH DH\n  -- -- -- -- -- -- --\n  {what}\n\n  \
                         Commands leading to the command that caused the error were:\n  \
                         CR FR SC SN CL CH DH DC   Powered_Up_Time  Command/Feature_Name\n  \
                         -- -- -- -- -- -- -- --  ----------------  --------------------\n",
                        count - e,
                        at / 24,
                        at % 24
                    ));
                    // Uptime in ms since power-on, the failing command last.
                    let mut up = (h(d * 5 + e as usize, 5028) % 40) * 86_400_000
                        + h(d * 5 + e as usize, 5033) % 86_000_000;
                    for c in 0..5u64 {
                        let code = if c == 4 {
                            command
                        } else {
                            pick(
                                &[
                                    "READ FPDMA QUEUED",
                                    "WRITE FPDMA QUEUED",
                                    "READ LOG EXT",
                                    "FLUSH CACHE EXT",
                                ],
                                d * 10 + c as usize,
                                5029,
                            )
                        };
                        let cr = match code {
                            "READ FPDMA QUEUED" => "60",
                            "WRITE FPDMA QUEUED" => "61",
                            "READ LOG EXT" => "2f",
                            _ => "ea",
                        };
                        up += h(d * 50 + c as usize, 5034) % 900;
                        out.push_str(&format!(
                            "  {cr} 00 08 {} {} {} 40 00  {:>2}d+{:02}:{:02}:{:02}.{:03}  {code}\n",
                            hex(d * 50 + c as usize, 5030, 2),
                            hex(d * 50 + c as usize, 5031, 2),
                            hex(d * 50 + c as usize, 5032, 2),
                            up / 86_400_000,
                            up / 3_600_000 % 24,
                            up / 60_000 % 60,
                            up / 1000 % 60,
                            up % 1000
                        ));
                    }
                    out.push('\n');
                }
            }
        }
        out.push_str("SMART Self-test log structure revision number 1\nNum  Test_Description    Status                  Remaining  LifeTime(hours)  LBA_of_first_error\n");
        let tests = 6 + h(d, 5037) % 10;
        for t in 0..tests {
            let at = hours - t * 168 - h(d, 5038) % 24;
            let (what, status, remaining, lba) = if t == 0 && (pending > 0 && realloc > 0) {
                (
                    "Extended offline",
                    "Completed: read failure",
                    "90%",
                    (1_894_327_712 + h(d, 5039) % 900_000_000).to_string(),
                )
            } else if t % 4 == 3 {
                (
                    "Extended offline",
                    if t == 7 && h(d, 5040).is_multiple_of(4) {
                        "Interrupted (host reset)"
                    } else {
                        "Completed without error"
                    },
                    "00%",
                    "-".to_string(),
                )
            } else {
                (
                    "Short offline",
                    "Completed without error",
                    "00%",
                    "-".to_string(),
                )
            };
            out.push_str(&format!(
                "#{:>2}  {what:<19} {status:<29} {remaining}  {at:>8}         {lba}\n",
                t + 1
            ));
        }
        out.push_str(
            "\nSMART Selective self-test log data structure revision number 1\n \
             SPAN  MIN_LBA  MAX_LBA  CURRENT_TEST_STATUS\n    \
             1        0        0  Not_testing\n    \
             2        0        0  Not_testing\n    \
             3        0        0  Not_testing\n    \
             4        0        0  Not_testing\n    \
             5        0        0  Not_testing\n\
             Selective self-test flags (0x0):\n  \
             After scanning selected spans, do NOT read-scan remainder of disk.\n\
             If Selective self-test is pending on power-up, resume after 0 minute delay.\n\n",
        );
    }
    Case::items(
        "smartctl -a over a 60-bay shelf, drives with bad sectors",
        out,
        "Which of these disks are starting to get bad sectors? I need their serial numbers to order replacements.",
        items,
    )
}

/// One line of fail2ban's log, `ms` after midnight of 27 Nov: the logger
/// padded to 24 and the level to 7, as fail2ban 0.11 writes them.
fn f2b_line(ms: u64, logger: &str, level: &str, msg: &str) -> String {
    let s = ms / 1000;
    format!(
        "2026-11-27 {:02}:{:02}:{:02},{:03} {logger:<24}[1023]: {level:<7} {msg}\n",
        s / 3600,
        s / 60 % 60,
        s % 60,
        ms % 1000
    )
}

/// `2026-11-27 HH:MM:SS` of `ms` after midnight: the time a filter read
/// in the line it matched.
fn f2b_seen(ms: u64) -> String {
    let s = ms / 1000;
    format!(
        "2026-11-27 {:02}:{:02}:{:02}",
        s / 3600,
        s / 60 % 60,
        s % 60
    )
}

/// `sudo cat /var/log/fail2ban.log` on a public mail and web host at
/// 21:14, the day since the log was rotated: the `sshd`, `postfix-sasl`,
/// `dovecot` and `nginx-botsearch` jails finding failures, banning for ten
/// minutes and unbanning, and the `recidive` jail, which reads this log,
/// finding every ban. Hundreds of addresses are banned one to four times
/// (recidive finds them, fewer than its five); thousands of failures never
/// reach a ban; a monitor's address is ignored; a few addresses banned a
/// week ago by recidive are unbanned; an unban fails on a missing rule.
/// Six addresses are banned five times and recidive bans them for a week.
fn fail2ban_repeat_offenders() -> Case {
    let prefixes = [
        "218.92.0",
        "61.177.172",
        "183.81.169",
        "141.98.11",
        "193.32.162",
        "80.94.95",
        "92.255.85",
        "45.148.10",
        "195.178.110",
        "2.57.122",
        "85.209.11",
        "179.43.180",
        "103.146.202",
        "170.64.150",
        "165.232.185",
        "43.156.12",
        "124.220.33",
        "159.223.40",
        "185.224.128",
        "194.169.175",
        "104.248.21",
        "64.226.97",
        "190.181.25",
        "117.50.188",
    ];
    let mut used: BTreeSet<String> = BTreeSet::new();
    let mut fresh_ip = |k: usize, salt: u64| -> String {
        let mut j = 0;
        loop {
            let ip = format!(
                "{}.{}",
                pick(&prefixes, k * 31 + j, salt),
                1 + h(k * 31 + j, salt + 1) % 254
            );
            if used.insert(ip.clone()) {
                return ip;
            }
            j += 1;
        }
    };
    let end = (21 * 3600 + 14 * 60) * 1000u64;
    let mut lines: Vec<(u64, String)> = Vec::new();
    let jails = [
        "sshd",
        "sshd",
        "sshd",
        "sshd",
        "postfix-sasl",
        "dovecot",
        "nginx-botsearch",
    ];
    // One episode: failures found until the jail bans (or not), the
    // recidive jail finding the ban, the unban ten minutes later.
    let episode = |lines: &mut Vec<(u64, String)>,
                   e: usize,
                   ip: &str,
                   jail: &str,
                   t: u64,
                   ban: bool,
                   found: u64| {
        let mut ms = t;
        for f in 0..found {
            ms += 800 + h(e * 11 + f as usize, 6001) % 40_000;
            lines.push((
                ms,
                f2b_line(
                    ms,
                    "fail2ban.filter",
                    "INFO",
                    &format!("[{jail}] Found {ip} - {}", f2b_seen(ms - h(e, 6002) % 900)),
                ),
            ));
        }
        if !ban {
            return 0;
        }
        let ban_at = ms + 90 + h(e, 6003) % 800;
        lines.push((
            ban_at,
            f2b_line(
                ban_at,
                "fail2ban.actions",
                "NOTICE",
                &format!("[{jail}] Ban {ip}"),
            ),
        ));
        let seen = ban_at + 4 + h(e, 6004) % 300;
        lines.push((
            seen,
            f2b_line(
                seen,
                "fail2ban.filter",
                "INFO",
                &format!("[recidive] Found {ip} - {}", f2b_seen(ban_at)),
            ),
        ));
        if h(e, 6005).is_multiple_of(9) {
            let again = ban_at + 30 + h(e, 6006) % 200;
            lines.push((
                again,
                f2b_line(
                    again,
                    "fail2ban.filter",
                    "INFO",
                    &format!("[{jail}] Found {ip} - {}", f2b_seen(again)),
                ),
            ));
            lines.push((
                again + 2,
                f2b_line(
                    again + 2,
                    "fail2ban.actions",
                    "WARNING",
                    &format!("[{jail}] {ip} already banned"),
                ),
            ));
        }
        let bantime = if jail == "nginx-botsearch" {
            3_600_000
        } else {
            600_000
        };
        let unban = ban_at + bantime + h(e, 6007) % 900;
        lines.push((
            unban,
            f2b_line(
                unban,
                "fail2ban.actions",
                "NOTICE",
                &format!("[{jail}] Unban {ip}"),
            ),
        ));
        seen
    };
    let maxretry = |jail: &str| if jail == "nginx-botsearch" { 2 } else { 5 };
    let mut e = 0usize;
    // Banned one to four times.
    for k in 0..215usize {
        let ip = fresh_ip(k, 6010);
        let bans = match h(k, 6011) % 20 {
            0..=10 => 1,
            11..=15 => 2,
            16..=18 => 3,
            _ => 4,
        };
        let mut hours: Vec<u64> = (0..21).collect();
        hours.sort_by_key(|&x| h(k * 40 + x as usize, 6012));
        for &hour in hours.iter().take(bans) {
            e += 1;
            let jail = pick(&jails, e, 6013);
            let t = hour * 3_600_000 + h(e, 6014) % 2_400_000;
            episode(&mut lines, e, &ip, jail, t, true, maxretry(jail));
        }
    }
    // Failures that never reach a ban.
    for k in 0..820usize {
        let ip = if h(k, 6015).is_multiple_of(3) {
            fresh_ip(k, 6016)
        } else {
            format!("{}.{}", pick(&prefixes, k, 6017), 1 + h(k, 6018) % 254)
        };
        e += 1;
        let jail = pick(&["sshd", "sshd", "postfix-sasl", "dovecot"], e, 6019);
        let t = h(e, 6020) % end;
        episode(&mut lines, e, &ip, jail, t, false, 1 + h(e, 6021) % 4);
    }
    // The repeat offenders.
    let mut items = Vec::new();
    for k in 0..6usize {
        let ip = fresh_ip(k, 6030);
        let mut hours: Vec<u64> = (0..20).collect();
        hours.sort_by_key(|&x| h(k * 40 + x as usize, 6031));
        let mut chosen: Vec<u64> = hours.into_iter().take(5).collect();
        chosen.sort_unstable();
        let mut last = 0;
        for &hour in &chosen {
            e += 1;
            let jail = if k == 4 && hour == chosen[2] {
                "postfix-sasl"
            } else {
                "sshd"
            };
            let t = hour * 3_600_000 + h(e, 6032) % 2_400_000;
            last = episode(&mut lines, e, &ip, jail, t, true, 5);
        }
        let ban = last + 6 + h(k, 6033) % 200;
        lines.push((
            ban,
            f2b_line(
                ban,
                "fail2ban.actions",
                "NOTICE",
                &format!("[recidive] Ban {ip}"),
            ),
        ));
        items.push(format!("[recidive] Ban {ip}"));
    }
    // Week-old recidive bans running out.
    for k in 0..4usize {
        let ip = fresh_ip(k, 6040);
        let t = h(k, 6041) % end;
        lines.push((
            t,
            f2b_line(
                t,
                "fail2ban.actions",
                "NOTICE",
                &format!("[recidive] Unban {ip}"),
            ),
        ));
    }
    // The monitoring host, ignored.
    for k in 0..24usize {
        let t = h(k, 6042) % end;
        lines.push((
            t,
            f2b_line(
                t,
                "fail2ban.filter",
                "INFO",
                "[sshd] Ignore 10.20.3.14 by ip",
            ),
        ));
    }
    // An unban whose rule was already gone.
    let t = 4 * 60_000 + 12_417;
    let gone = fresh_ip(1, 6043);
    for (logger, level, msg) in [
        ("fail2ban.utils", "ERROR", format!("7f2c1e4a9b70 -- exec: iptables -w -D f2b-sshd -s {gone} -j REJECT --reject-with icmp-port-unreachable")),
        ("fail2ban.utils", "ERROR", "7f2c1e4a9b70 -- stderr: 'iptables: Bad rule (does a matching rule exist in that chain?).'".to_string()),
        ("fail2ban.utils", "ERROR", "7f2c1e4a9b70 -- returned 1".to_string()),
        ("fail2ban.actions", "ERROR", format!("Failed to execute unban jail 'sshd' action 'iptables-multiport' info 'ActionInfo({{'ip': '{gone}', 'family': 'inet4', 'fid': <function Actions.ActionInfo.<lambda> at 0x7f2c1f0b8dc0>, 'raw-ticket': <function Actions.ActionInfo.<lambda> at 0x7f2c1f0b94c0>}})': Error unbanning {gone}")),
    ] {
        lines.push((t, f2b_line(t, logger, level, &msg)));
    }
    lines.retain(|l| l.0 < end);
    lines.sort_by_key(|l| l.0);
    let mut out = f2b_line(
        2,
        "fail2ban.server",
        "INFO",
        "rollover performed on /var/log/fail2ban.log",
    );
    for (_, l) in lines {
        out.push_str(&l);
    }
    Case::items(
        "fail2ban.log, addresses the recidive jail banned",
        out,
        "Which IP addresses kept coming back after their bans expired and ended up with the long repeat-offender ban today?",
        items,
    )
}

/// A build as Jenkins' API shows it below the top level: class, number,
/// URL.
fn jenkins_build(class: &str, job: &str, number: u64) -> Value {
    json!({"_class": class, "number": number, "url": format!("https://ci.acme.io/job/{job}/{number}/")})
}

/// Jenkins' health report of a job: the stability of its last five builds
/// and, for jobs with tests, the failing tests.
fn jenkins_health(failed_of_five: u64, tests: Option<(u64, u64)>) -> Value {
    let stability = match failed_of_five {
        0 => "Build stability: No recent builds failed.".to_string(),
        5 => "Build stability: All recent builds failed.".to_string(),
        n => format!("Build stability: {n} out of the last 5 builds failed."),
    };
    let icon = |score: u64| match score {
        81.. => "health-80plus",
        61..=80 => "health-60to79",
        41..=60 => "health-40to59",
        21..=40 => "health-20to39",
        _ => "health-00to19",
    };
    let score = 100 - failed_of_five * 20;
    let mut report = vec![json!({
        "description": stability,
        "iconClassName": format!("icon-{}", icon(score)),
        "iconUrl": format!("{}.png", icon(score)),
        "score": score
    })];
    if let Some((failing, total)) = tests {
        let score = 100 - (failing * 100).div_ceil(total.max(1));
        let description = if failing == 0 {
            format!(
                "Test Result: 0 tests failing out of a total of {} tests.",
                thousands(total)
            )
        } else {
            format!(
                "Test Result: {failing} test{} failing out of a total of {} tests.",
                if failing == 1 { "" } else { "s" },
                thousands(total)
            )
        };
        report.insert(
            0,
            json!({
                "description": description,
                "iconClassName": format!("icon-{}", icon(score)),
                "iconUrl": format!("{}.png", icon(score)),
                "score": score
            }),
        );
    }
    json!(report)
}

/// `curl -s -u … 'https://ci.acme.io/api/json?depth=1'` (one JSON line, as
/// Jenkins sends it): the controller, then 76 jobs (pipelines and a few
/// freestyle jobs) with their recent builds, health reports and last
/// builds of each kind, then the views listing every job's colour again.
/// Five jobs are red: their last build failed. As decoys: unstable jobs
/// with failing tests (yellow), aborted and disabled jobs, jobs never
/// built, jobs building now, and green jobs whose health report counts
/// failed builds among the last five.
fn jenkins_failing_jobs() -> Case {
    let services = [
        "storefront-web",
        "shop-api",
        "checkout-service",
        "payments-gateway",
        "search-indexer",
        "catalog-importer",
        "inventory-sync",
        "pricing-engine",
        "notifications",
        "customer-portal",
        "admin-console",
        "image-pipeline",
        "recommendations",
        "loyalty-service",
        "shipping-rates",
        "tax-service",
    ];
    let mut names: Vec<String> = Vec::new();
    for s in services {
        names.push(format!("{s}-ci"));
        names.push(format!("{s}-deploy-staging"));
        if !s.ends_with("console") {
            names.push(format!("{s}-deploy-production"));
        }
    }
    for extra in [
        "nightly-e2e",
        "db-backup-verify",
        "terraform-plan-prod",
        "terraform-apply-prod",
        "docker-base-images",
        "dependency-audit",
        "lighthouse-audit",
        "load-test-weekly",
        "android-app-release",
        "ios-app-release",
        "docs-site-publish",
        "seed-staging-data",
        "rotate-secrets",
        "cleanup-old-artifacts",
        "sonar-scan",
        "pr-preview-environments",
        "legacy-cron-reports",
        "mobile-api-contract-tests",
        "status-page-sync",
        "ansible-site-playbook",
        "k8s-cluster-upgrade-dryrun",
        "translations-sync",
        "feature-flag-audit",
        "search-relevance-benchmark",
        "warehouse-label-printer-test",
        "email-template-render",
        "old-jenkins-migration-test",
        "backup-restore-drill",
        "vulnerability-scan-images",
    ] {
        names.push(extra.to_string());
    }
    let red = [
        "shop-api-deploy-staging",
        "search-indexer-ci",
        "terraform-plan-prod",
        "nightly-e2e",
        "android-app-release",
    ];
    let yellow = [
        "checkout-service-ci",
        "storefront-web-ci",
        "mobile-api-contract-tests",
        "customer-portal-ci",
    ];
    let aborted = [
        "load-test-weekly",
        "backup-restore-drill",
        "pricing-engine-deploy-production",
    ];
    let disabled = [
        "legacy-cron-reports",
        "old-jenkins-migration-test",
        "warehouse-label-printer-test",
    ];
    let notbuilt = ["feature-flag-audit", "search-relevance-benchmark"];
    let building = [
        "shop-api-ci",
        "catalog-importer-ci",
        "pr-preview-environments",
    ];
    let freestyle = [
        "docker-base-images",
        "cleanup-old-artifacts",
        "legacy-cron-reports",
        "status-page-sync",
    ];
    let mut jobs = Vec::new();
    let mut view_jobs = Vec::new();
    let mut items = Vec::new();
    for (k, name) in names.iter().enumerate() {
        let name = name.as_str();
        let is_free = freestyle.contains(&name);
        let class = if is_free {
            "hudson.model.FreeStyleProject"
        } else {
            "org.jenkinsci.plugins.workflow.job.WorkflowJob"
        };
        let run = if is_free {
            "hudson.model.FreeStyleBuild"
        } else {
            "org.jenkinsci.plugins.workflow.job.WorkflowRun"
        };
        let last = if notbuilt.contains(&name) {
            0
        } else {
            40 + h(k, 7001) % 1_900
        };
        let color = if red.contains(&name) {
            items.push(name.to_string());
            "red"
        } else if yellow.contains(&name) {
            "yellow"
        } else if aborted.contains(&name) {
            "aborted"
        } else if disabled.contains(&name) {
            "disabled"
        } else if notbuilt.contains(&name) {
            "notbuilt"
        } else if building.contains(&name) {
            "blue_anime"
        } else {
            "blue"
        };
        let kept = last.min(15 + h(k, 7002) % 45);
        let builds: Vec<Value> = (0..kept)
            .map(|b| jenkins_build(run, name, last - b))
            .collect();
        let b = |n: u64| {
            if n == 0 {
                Value::Null
            } else {
                jenkins_build(run, name, n)
            }
        };
        // The last build of each kind.
        let recent_fail = if color == "blue" && h(k, 7003).is_multiple_of(3) {
            1 + h(k, 7004) % 3
        } else {
            0
        };
        let (completed, failed, stable, unstable, unsuccessful, stability) = match color {
            "red" => {
                let streak = 1 + h(k, 7005) % 3;
                (
                    last,
                    last,
                    last - streak,
                    last.saturating_sub(20 + h(k, 7006) % 30),
                    last,
                    streak,
                )
            }
            "yellow" => (
                last,
                last - 3 - h(k, 7007) % 9,
                last - 1 - h(k, 7008) % 2,
                last,
                last,
                1 + h(k, 7009) % 2,
            ),
            "aborted" => (last, last - 5 - h(k, 7010) % 30, last - 1, 0, last, 1),
            "notbuilt" => (0, 0, 0, 0, 0, 0),
            "blue_anime" => (
                last - 1,
                last - 2 - h(k, 7011) % 20,
                last - 1,
                0,
                last - 2 - h(k, 7011) % 20,
                0,
            ),
            _ => {
                let failed = if recent_fail > 0 {
                    last - 1 - h(k, 7012) % 3
                } else {
                    last.saturating_sub(10 + h(k, 7013) % 60)
                };
                (last, failed, last, 0, failed, recent_fail)
            }
        };
        let successful = if color == "yellow" { last } else { stable };
        let health = if color == "notbuilt" {
            json!([])
        } else {
            let tests =
                if name.ends_with("-ci") || name.contains("e2e") || name.contains("contract") {
                    let total = 400 + h(k, 7014) % 3_000;
                    let failing = match color {
                        "yellow" => 1 + h(k, 7015) % 6,
                        "red" if name == "nightly-e2e" => 0,
                        _ => 0,
                    };
                    Some((failing, total))
                } else {
                    None
                };
            jenkins_health(stability.min(5), tests)
        };
        let description = match name {
            "nightly-e2e" => "Playwright end-to-end suite against staging, every night at 02:00.",
            "terraform-plan-prod" => {
                "Plans the production Terraform workspaces; posts the plan to #infra."
            }
            "android-app-release" => {
                "Builds, signs and uploads the Android app to the Play Console internal track."
            }
            x if x.ends_with("-deploy-production") => {
                "Deploys the tagged release to production (manual approval in the pipeline)."
            }
            x if x.ends_with("-deploy-staging") => "Deploys main to staging after a green CI run.",
            x if x.ends_with("-ci") => "Lint, unit and integration tests for every push to main.",
            _ => "",
        };
        let mut job = json!({
            "_class": class,
            "actions": [{}, {}, {"_class": "org.jenkinsci.plugins.displayurlapi.actions.JobDisplayAction"}, {"_class": "com.cloudbees.plugins.credentials.ViewCredentialsAction"}],
            "description": description,
            "displayName": name,
            "displayNameOrNull": null,
            "fullDisplayName": name,
            "fullName": name,
            "name": name,
            "url": format!("https://ci.acme.io/job/{name}/"),
            "buildable": color != "disabled",
            "builds": builds,
            "color": color,
            "firstBuild": b(if last == 0 { 0 } else { last - kept + 1 }),
            "healthReport": health,
            "inQueue": false,
            "keepDependencies": false,
            "lastBuild": b(last),
            "lastCompletedBuild": b(completed),
            "lastFailedBuild": b(failed),
            "lastStableBuild": b(stable),
            "lastSuccessfulBuild": b(successful),
            "lastUnstableBuild": b(unstable),
            "lastUnsuccessfulBuild": b(unsuccessful),
            "nextBuildNumber": last + 1,
            "property": [
                {"_class": "jenkins.model.BuildDiscarderProperty"},
                {"_class": if is_free { "hudson.model.ParametersDefinitionProperty" } else { "org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty" }},
                {"_class": "com.coravy.hudson.plugins.github.GithubProjectProperty"}
            ],
            "queueItem": null,
            "concurrentBuild": false,
        });
        if is_free {
            job["disabled"] = json!(color == "disabled");
            job["downstreamProjects"] = json!([]);
            job["labelExpression"] = json!("linux && docker");
            job["scm"] = json!({"_class": "hudson.plugins.git.GitSCM"});
            job["upstreamProjects"] = json!([]);
        } else {
            job["resumeBlocked"] = json!(false);
        }
        jobs.push(job);
        view_jobs.push(json!({"_class": class, "name": name, "url": format!("https://ci.acme.io/job/{name}/"), "color": color}));
    }
    let view = |class: &str, name: &str, url: &str, filter: &dyn Fn(&str) -> bool| {
        let list: Vec<Value> = (view_jobs.iter())
            .filter(|j| filter(j["name"].as_str().unwrap_or("")))
            .cloned()
            .collect();
        json!({"_class": class, "description": null, "jobs": list, "name": name, "property": [], "url": url})
    };
    let all = view(
        "hudson.model.AllView",
        "all",
        "https://ci.acme.io/",
        &|_| true,
    );
    let out = json!({
        "_class": "hudson.model.Hudson",
        "assignedLabels": [{"name": "built-in"}],
        "mode": "EXCLUSIVE",
        "nodeDescription": "the Jenkins controller's built-in node",
        "nodeName": "",
        "numExecutors": 0,
        "description": "Acme CI. Ask in #ci-help before changing a job.",
        "jobs": jobs,
        "overallLoad": {},
        "primaryView": all.clone(),
        "quietDownReason": null,
        "quietingDown": false,
        "slaveAgentPort": 50_000,
        "unlabeledLoad": {"_class": "jenkins.model.UnlabeledLoadStatistics"},
        "url": "https://ci.acme.io/",
        "useCrumbs": true,
        "useSecurity": true,
        "views": [
            all,
            view("hudson.model.ListView", "deploys", "https://ci.acme.io/view/deploys/", &|n| n.contains("deploy")),
            view("hudson.model.ListView", "ci", "https://ci.acme.io/view/ci/", &|n| n.ends_with("-ci")),
            view("hudson.model.ListView", "infra", "https://ci.acme.io/view/infra/", &|n| n.starts_with("terraform") || n.starts_with("k8s") || n.starts_with("ansible") || n.starts_with("docker"))
        ]
    });
    let expected = items.iter().map(|s| jq_string(s)).collect();
    Case::items(
        "Jenkins api/json?depth=1, jobs whose last build failed",
        out.to_string() + "\n",
        "Are any of our Jenkins jobs broken right now, with their latest build failing? List them.",
        items,
    )
    .with_jq(".jobs[] | select(.color == \"red\") | .name", expected)
}

/// A CVSS 3.1 base score and a vector that gives it.
fn cvss(score: &str) -> &'static str {
    match score {
        "9.8" => "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
        "9.1" => "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N",
        "8.8" => "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H",
        "8.1" => "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H",
        "7.5" => "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H",
        "7.3" => "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:L",
        "6.5" => "CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:N/A:N",
        "6.1" => "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N",
        "6.2" => "CVSS:3.1/AV:L/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H",
        "5.9" => "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:N/A:H",
        "5.6" => "CVSS:3.1/AV:L/AC:H/PR:H/UI:R/S:U/C:H/I:H/A:N",
        "5.4" => "CVSS:3.1/AV:N/AC:L/PR:L/UI:R/S:C/C:L/I:L/A:N",
        "4.4" => "CVSS:3.1/AV:L/AC:H/PR:H/UI:N/S:U/C:H/I:N/A:N",
        "5.3" => "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
        _ => "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:N/A:N",
    }
}

/// A GitHub advisory id, fixed by the hash of `i`.
fn ghsa(i: usize) -> String {
    let a = b"23456789cfghjmpqrvwx";
    format!(
        "GHSA-{}-{}-{}",
        chars(i, 8001, 4, a),
        chars(i, 8002, 4, a),
        chars(i, 8003, 4, a)
    )
}

/// One vulnerable package of a lockfile: ecosystem, name, version, and its
/// advisories (score, kind of flaw, fixed version).
type Vulnerable = (
    &'static str,
    &'static str,
    &'static str,
    Vec<(&'static str, &'static str, &'static str)>,
);

/// The advisory text of a kind of flaw in `name`: summary, details, CWE.
fn flaw(kind: &str, name: &str) -> (String, String, &'static str) {
    match kind {
        "pollution" => (
            format!("Prototype Pollution in {name}"),
            format!(
                "Versions of `{name}` before the fixed release are vulnerable to Prototype Pollution. A crafted object passed to the merge and parse helpers can add or modify properties of `Object.prototype`, which may lead to denial of service or, combined with other gadgets in the application, to property injection. Applications that pass untrusted JSON to these helpers are affected."
            ),
            "CWE-1321",
        ),
        "redos" => (
            format!("Inefficient Regular Expression Complexity in {name}"),
            format!(
                "A regular expression used by `{name}` to parse its input exhibits catastrophic backtracking. An attacker who controls the input can make a single call take seconds to minutes, blocking the event loop or worker. This is a denial of service issue; no data is disclosed. The fix rewrites the pattern to run in linear time."
            ),
            "CWE-1333",
        ),
        "traversal" => (
            format!("Path Traversal in {name}"),
            format!(
                "`{name}` does not properly sanitize file names containing `../` sequences or absolute paths. When an application extracts or serves files whose names come from an untrusted source, an attacker can read or write files outside the intended directory. Users should upgrade and validate paths before passing them to the library."
            ),
            "CWE-22",
        ),
        "ssrf" => (
            format!("Server-Side Request Forgery in {name}"),
            format!(
                "`{name}` follows redirects and resolves hosts in a way that lets an attacker who controls a URL reach internal services, including cloud metadata endpoints, from the server. Applications that fetch user-supplied URLs are affected. The fixed version validates the destination on every redirect."
            ),
            "CWE-918",
        ),
        "xss" => (
            format!("Cross-site Scripting in {name}"),
            format!(
                "Improper neutralization of input during web page generation in `{name}` allows an attacker to inject script that runs in the victim's browser when crafted content is rendered. Sites that render user content through the affected helper without additional escaping are vulnerable."
            ),
            "CWE-79",
        ),
        "smuggling" => (
            format!("HTTP request smuggling in {name}"),
            format!(
                "`{name}` parses `Transfer-Encoding` and `Content-Length` headers inconsistently with common proxies. An attacker can smuggle a second request through a front-end proxy, poisoning caches or bypassing access controls. Deployments behind a reverse proxy are affected; the fix rejects ambiguous requests."
            ),
            "CWE-444",
        ),
        "dos" => (
            format!("Uncontrolled resource consumption in {name}"),
            format!(
                "Parsing specially crafted input with `{name}` allocates memory without bound, letting a remote attacker exhaust memory or CPU and crash the process. This is not a critical flaw for most deployments, but services that accept such input from the internet should upgrade."
            ),
            "CWE-400",
        ),
        "leak" => (
            format!("{name} leaks credentials on cross-origin redirect"),
            format!(
                "When following a redirect to a different host, `{name}` keeps sensitive headers such as `Authorization`, `Cookie` or `Proxy-Authorization`, exposing them to the redirect target. The fixed version strips these headers when the origin changes."
            ),
            "CWE-200",
        ),
        "injection" => (
            format!("Improper Neutralization of Special Elements used in a Command in {name}"),
            format!(
                "`{name}` does not escape special characters when it quotes arguments for a shell, so input containing backticks, `$()` or line breaks is executed as a command. Any application that builds shell command lines from untrusted input with this package allows remote code execution."
            ),
            "CWE-77",
        ),
        "template" => (
            format!("{name} template injection vulnerability"),
            format!(
                "The `{name}` package allows server-side template injection through the options it reads from the data object: an attacker who controls the render options can set the output function name and execute arbitrary code on the server. Upgrade and never pass request data as render options."
            ),
            "CWE-94",
        ),
        "sandbox" => (
            format!("{name} Sandbox Escape vulnerability"),
            format!(
                "A sandbox escape in `{name}` lets code running inside the sandbox obtain a reference to the host's `Function` constructor through an error thrown while handling a Promise, and run arbitrary code in the host process. The project is discontinued and no fixed version will be released; migrate to `isolated-vm`."
            ),
            "CWE-913",
        ),
        "yaml" => (
            format!("Improper Input Validation in {name}"),
            format!(
                "A vulnerability in the `full_load` method and the `FullLoader` of {name} lets an attacker execute arbitrary code by loading untrusted YAML, through the `python/object/new` constructor. This is an incomplete fix of an earlier advisory. Use `safe_load` and upgrade."
            ),
            "CWE-20",
        ),
        _ => (
            format!("Authorization bypass in {name}"),
            format!(
                "Applications and libraries which misuse `ServerConfig.PublicKeyCallback` of {name}/ssh may be susceptible to an authorization bypass: the callback may be called for several keys, and the key it last saw is not necessarily the one the client authenticated with. The fix makes the connection remember the right key."
            ),
            "CWE-863",
        ),
    }
}

/// `osv-scanner --format json -r .` over a shop's monorepo (Go's 2-space
/// JSON): seven lockfiles (two npm, a requirements file, a Poetry lock,
/// a Go module, Composer and Bundler), about seventy vulnerable packages,
/// each with its full OSV advisories (aliases, details, affected ranges,
/// PyPI version lists, references, CVSS vectors) and their groups with a
/// maximum severity. Five packages have a critical advisory (CVSS 9 and
/// over); the others are high (up to 8.8), moderate or low, some in two
/// lockfiles, one described as "not a critical flaw".
fn osv_critical_packages() -> Case {
    let root = "/home/ci/work/shop";
    let lockfiles: [(&str, &str, Vec<Vulnerable>); 7] = [
        (
            "web/package-lock.json",
            "npm",
            vec![
                ("npm", "semver", "7.5.1", vec![("7.5", "redos", "7.5.2")]),
                (
                    "npm",
                    "tough-cookie",
                    "4.1.2",
                    vec![("6.5", "pollution", "4.1.3")],
                ),
                ("npm", "word-wrap", "1.2.3", vec![("5.3", "redos", "1.2.4")]),
                (
                    "npm",
                    "axios",
                    "1.6.0",
                    vec![("6.5", "ssrf", "1.7.4"), ("7.5", "dos", "1.6.8")],
                ),
                (
                    "npm",
                    "follow-redirects",
                    "1.15.2",
                    vec![("6.1", "ssrf", "1.15.4"), ("6.5", "leak", "1.15.6")],
                ),
                ("npm", "postcss", "8.4.27", vec![("5.3", "xss", "8.4.31")]),
                ("npm", "ws", "8.13.0", vec![("7.5", "dos", "8.17.1")]),
                ("npm", "json5", "2.2.1", vec![("7.3", "pollution", "2.2.2")]),
                ("npm", "qs", "6.10.3", vec![("7.5", "pollution", "6.10.4")]),
                ("npm", "braces", "3.0.2", vec![("7.5", "dos", "3.0.3")]),
                (
                    "npm",
                    "micromatch",
                    "4.0.5",
                    vec![("5.3", "redos", "4.0.8")],
                ),
                (
                    "npm",
                    "cross-spawn",
                    "7.0.3",
                    vec![("7.5", "redos", "7.0.5")],
                ),
                (
                    "npm",
                    "path-to-regexp",
                    "0.1.7",
                    vec![("7.5", "redos", "0.1.10")],
                ),
                (
                    "npm",
                    "express",
                    "4.18.2",
                    vec![("6.1", "xss", "4.20.0"), ("6.1", "ssrf", "4.19.2")],
                ),
                (
                    "npm",
                    "body-parser",
                    "1.20.1",
                    vec![("7.5", "dos", "1.20.3")],
                ),
                ("npm", "send", "0.18.0", vec![("5.3", "xss", "0.19.0")]),
                ("npm", "cookie", "0.5.0", vec![("3.7", "xss", "0.7.0")]),
                ("npm", "nanoid", "3.3.6", vec![("5.3", "dos", "3.3.8")]),
                (
                    "npm",
                    "ejs",
                    "3.1.6",
                    vec![("9.8", "template", "3.1.7"), ("6.1", "pollution", "3.1.10")],
                ),
                ("npm", "ip", "2.0.0", vec![("8.1", "ssrf", "2.0.1")]),
                (
                    "npm",
                    "undici",
                    "5.22.1",
                    vec![("6.5", "leak", "5.26.2"), ("5.3", "smuggling", "5.28.3")],
                ),
                ("npm", "rollup", "3.29.4", vec![("6.1", "xss", "3.29.5")]),
                ("npm", "dompurify", "3.0.5", vec![("8.8", "xss", "3.1.3")]),
                ("npm", "webpack", "5.88.0", vec![("6.1", "xss", "5.94.0")]),
                ("npm", "node-fetch", "2.6.6", vec![("8.8", "leak", "2.6.7")]),
                (
                    "npm",
                    "http-cache-semantics",
                    "4.1.0",
                    vec![("7.5", "redos", "4.1.1")],
                ),
            ],
        ),
        (
            "admin/package-lock.json",
            "npm",
            vec![
                ("npm", "semver", "6.3.0", vec![("7.5", "redos", "6.3.1")]),
                ("npm", "json5", "1.0.1", vec![("7.3", "pollution", "1.0.2")]),
                (
                    "npm",
                    "moment",
                    "2.29.1",
                    vec![("7.5", "redos", "2.29.4"), ("7.5", "traversal", "2.29.2")],
                ),
                (
                    "npm",
                    "jsonwebtoken",
                    "8.5.1",
                    vec![("8.1", "injection-free", "9.0.0"), ("6.5", "leak", "9.0.0")],
                ),
                (
                    "npm",
                    "lodash",
                    "4.17.20",
                    vec![("7.3", "pollution", "4.17.21")],
                ),
                (
                    "npm",
                    "xml2js",
                    "0.4.23",
                    vec![("5.3", "pollution", "0.5.0")],
                ),
                (
                    "npm",
                    "shell-quote",
                    "1.7.2",
                    vec![("9.8", "injection", "1.7.3")],
                ),
                (
                    "npm",
                    "vm2",
                    "3.9.17",
                    vec![("9.8", "sandbox", ""), ("5.3", "dos", "3.9.18")],
                ),
                (
                    "npm",
                    "ansi-regex",
                    "5.0.0",
                    vec![("7.5", "redos", "5.0.1")],
                ),
                (
                    "npm",
                    "glob-parent",
                    "5.1.1",
                    vec![("7.5", "redos", "5.1.2")],
                ),
                ("npm", "nth-check", "1.0.2", vec![("7.5", "redos", "2.0.1")]),
                ("npm", "async", "2.6.3", vec![("7.3", "pollution", "2.6.4")]),
                ("npm", "request", "2.88.2", vec![("6.1", "ssrf", "")]),
                ("npm", "minimatch", "3.0.4", vec![("7.5", "redos", "3.0.5")]),
            ],
        ),
        (
            "api/requirements.txt",
            "PyPI",
            vec![
                (
                    "PyPI",
                    "Django",
                    "4.2.7",
                    vec![
                        ("7.5", "dos", "4.2.8"),
                        ("7.5", "redos", "4.2.10"),
                        ("6.5", "leak", "4.2.14"),
                    ],
                ),
                (
                    "PyPI",
                    "requests",
                    "2.31.0",
                    vec![("5.6", "leak", "2.32.0")],
                ),
                (
                    "PyPI",
                    "urllib3",
                    "1.26.17",
                    vec![("4.4", "leak", "1.26.18"), ("4.4", "leak", "1.26.19")],
                ),
                (
                    "PyPI",
                    "cryptography",
                    "41.0.4",
                    vec![("7.5", "dos", "41.0.6"), ("5.9", "leak", "42.0.0")],
                ),
                (
                    "PyPI",
                    "Jinja2",
                    "3.1.2",
                    vec![("5.4", "xss", "3.1.3"), ("5.4", "xss", "3.1.4")],
                ),
                (
                    "PyPI",
                    "Werkzeug",
                    "2.3.7",
                    vec![("7.5", "dos", "2.3.8"), ("7.5", "traversal", "3.0.3")],
                ),
                (
                    "PyPI",
                    "certifi",
                    "2023.7.22",
                    vec![("7.5", "leak", "2024.7.4")],
                ),
                ("PyPI", "idna", "3.4", vec![("6.2", "dos", "3.7")]),
                (
                    "PyPI",
                    "setuptools",
                    "68.0.0",
                    vec![("8.8", "traversal", "70.0.0")],
                ),
                (
                    "PyPI",
                    "aiohttp",
                    "3.8.6",
                    vec![
                        ("7.5", "traversal", "3.9.2"),
                        ("5.3", "smuggling", "3.8.6.1"),
                    ],
                ),
                (
                    "PyPI",
                    "gunicorn",
                    "21.2.0",
                    vec![("7.5", "smuggling", "22.0.0")],
                ),
                (
                    "PyPI",
                    "Pillow",
                    "10.0.0",
                    vec![("8.8", "dos", "10.0.1"), ("7.5", "dos", "10.2.0")],
                ),
                ("PyPI", "sqlparse", "0.4.4", vec![("7.5", "dos", "0.5.0")]),
                ("PyPI", "PyYAML", "5.3.1", vec![("9.8", "yaml", "5.4")]),
                ("PyPI", "black", "23.9.1", vec![("5.3", "redos", "24.3.0")]),
            ],
        ),
        (
            "worker/poetry.lock",
            "PyPI",
            vec![
                ("PyPI", "jinja2", "3.1.3", vec![("5.4", "xss", "3.1.4")]),
                (
                    "PyPI",
                    "requests",
                    "2.31.0",
                    vec![("5.6", "leak", "2.32.0")],
                ),
                ("PyPI", "paramiko", "3.3.1", vec![("5.9", "leak", "3.4.0")]),
                (
                    "PyPI",
                    "twisted",
                    "23.8.0",
                    vec![
                        ("6.1", "xss", "24.7.0rc1"),
                        ("5.3", "smuggling", "23.10.0rc1"),
                    ],
                ),
                ("PyPI", "protobuf", "4.24.3", vec![("7.5", "dos", "4.25.8")]),
                ("PyPI", "grpcio", "1.58.0", vec![("7.5", "dos", "1.58.3")]),
                ("PyPI", "celery", "5.3.1", vec![]),
                ("PyPI", "kombu", "5.3.1", vec![]),
            ],
        ),
        (
            "tools/go.mod",
            "Go",
            vec![
                (
                    "Go",
                    "golang.org/x/net",
                    "0.17.0",
                    vec![("7.5", "dos", "0.23.0"), ("6.1", "xss", "0.33.0")],
                ),
                (
                    "Go",
                    "google.golang.org/grpc",
                    "1.58.2",
                    vec![("7.5", "dos", "1.58.3")],
                ),
                (
                    "Go",
                    "github.com/golang-jwt/jwt/v4",
                    "4.5.0",
                    vec![("7.5", "dos", "4.5.2")],
                ),
                (
                    "Go",
                    "golang.org/x/crypto",
                    "0.28.0",
                    vec![("9.1", "ssh", "0.31.0")],
                ),
                (
                    "Go",
                    "stdlib",
                    "1.21.3",
                    vec![
                        ("7.5", "dos", "1.21.4"),
                        ("7.5", "smuggling", "1.21.9"),
                        ("5.9", "leak", "1.22.5"),
                    ],
                ),
                (
                    "Go",
                    "github.com/docker/docker",
                    "24.0.5",
                    vec![("5.9", "leak", "24.0.7"), ("6.5", "traversal", "25.0.2")],
                ),
            ],
        ),
        (
            "legacy/composer.lock",
            "Packagist",
            vec![
                (
                    "Packagist",
                    "guzzlehttp/guzzle",
                    "7.4.4",
                    vec![("7.5", "leak", "7.4.5")],
                ),
                (
                    "Packagist",
                    "guzzlehttp/psr7",
                    "2.4.4",
                    vec![("7.5", "smuggling", "2.4.5")],
                ),
                (
                    "Packagist",
                    "symfony/http-kernel",
                    "5.4.19",
                    vec![("6.1", "leak", "5.4.20")],
                ),
                (
                    "Packagist",
                    "twig/twig",
                    "3.4.2",
                    vec![("7.5", "traversal", "3.4.3"), ("6.1", "xss", "3.11.2")],
                ),
                (
                    "Packagist",
                    "league/commonmark",
                    "2.3.9",
                    vec![("5.3", "dos", "2.4.1")],
                ),
            ],
        ),
        (
            "ops/Gemfile.lock",
            "RubyGems",
            vec![
                (
                    "RubyGems",
                    "rack",
                    "2.2.6.4",
                    vec![("7.5", "redos", "2.2.6.3"), ("7.5", "dos", "2.2.8.1")],
                ),
                (
                    "RubyGems",
                    "nokogiri",
                    "1.14.2",
                    vec![("7.5", "dos", "1.14.3"), ("5.3", "xss", "1.16.2")],
                ),
                (
                    "RubyGems",
                    "rexml",
                    "3.2.5",
                    vec![("5.3", "redos", "3.2.7"), ("7.5", "dos", "3.3.6")],
                ),
                (
                    "RubyGems",
                    "net-imap",
                    "0.3.4",
                    vec![("7.5", "dos", "0.3.8")],
                ),
                (
                    "RubyGems",
                    "actionpack",
                    "7.0.4.2",
                    vec![("6.1", "xss", "7.0.8.1"), ("5.3", "redos", "7.0.8.4")],
                ),
                (
                    "RubyGems",
                    "uri",
                    "0.12.0",
                    vec![("5.3", "redos", "0.12.2")],
                ),
            ],
        ),
    ];
    let mut results = Vec::new();
    let mut items = Vec::new();
    let mut n = 0usize;
    for (f, (path, _, packages)) in lockfiles.iter().enumerate() {
        let mut out_packages = Vec::new();
        for (p, (eco, name, version, advisories)) in packages.iter().enumerate() {
            if advisories.is_empty() {
                continue;
            }
            let mut vulns = Vec::new();
            let mut groups = Vec::new();
            for &(score, kind, fixed) in advisories {
                n += 1;
                let id = if *eco == "Go" {
                    format!("GO-2024-{}", 2_100 + h(n, 8004) % 1_300)
                } else {
                    ghsa(n)
                };
                let cve = format!(
                    "CVE-{}-{}",
                    2021 + h(n, 8005) % 4,
                    20_000 + h(n, 8006) % 30_000
                );
                let kind = if kind == "injection-free" {
                    "leak"
                } else {
                    kind
                };
                let (summary, details, cwe) = flaw(kind, name);
                let value: f64 = score.parse().unwrap_or(0.0);
                let severity = if value >= 9.0 {
                    "CRITICAL"
                } else if value >= 7.0 {
                    "HIGH"
                } else if value >= 4.0 {
                    "MODERATE"
                } else {
                    "LOW"
                };
                if value >= 9.0 {
                    items.push(name.to_string());
                }
                let published = format!(
                    "{}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
                    2022 + h(n, 8007) % 3,
                    1 + h(n, 8008) % 12,
                    1 + h(n, 8009) % 28,
                    h(n, 8010) % 24,
                    h(n, 8011) % 60,
                    h(n, 8012) % 60
                );
                let modified = format!(
                    "2026-{:02}-{:02}T{:02}:{:02}:{:02}.{:06}Z",
                    1 + h(n, 8013) % 11,
                    1 + h(n, 8014) % 28,
                    h(n, 8015) % 24,
                    h(n, 8016) % 60,
                    h(n, 8017) % 60,
                    h(n, 8018) % 1_000_000
                );
                let purl = match *eco {
                    "npm" => format!("pkg:npm/{name}"),
                    "PyPI" => format!("pkg:pypi/{}", name.to_lowercase()),
                    "Go" => format!("pkg:golang/{name}"),
                    "Packagist" => format!("pkg:composer/{name}"),
                    _ => format!("pkg:gem/{name}"),
                };
                let events = if fixed.is_empty() {
                    json!([{"introduced": "0"}, {"last_affected": "3.9.19"}])
                } else {
                    json!([{"introduced": "0"}, {"fixed": fixed}])
                };
                let mut affected = json!({
                    "package": {"ecosystem": eco, "name": name, "purl": purl},
                    "ranges": [{"type": if *eco == "PyPI" { "ECOSYSTEM" } else { "SEMVER" }, "events": events}],
                });
                if *eco == "PyPI" {
                    let major: u64 = version
                        .split('.')
                        .next()
                        .and_then(|x| x.parse().ok())
                        .unwrap_or(1);
                    let versions: Vec<String> = (0..=major.min(60))
                        .flat_map(|m| {
                            (0..3 + h(n + m as usize, 8019) % 5).map(move |k| format!("{m}.{k}"))
                        })
                        .chain(std::iter::once(version.to_string()))
                        .collect();
                    affected["versions"] = json!(versions);
                }
                if *eco == "Go" {
                    let pkg = if *name == "golang.org/x/crypto" {
                        format!("{name}/ssh")
                    } else if *name == "stdlib" {
                        "net/http".to_string()
                    } else {
                        name.to_string()
                    };
                    affected["ecosystem_specific"] = json!({"imports": [{"path": pkg, "symbols": if *name == "golang.org/x/crypto" { json!(["ServerConfig.PublicKeyCallback", "NewServerConn"]) } else { json!(["Server.Serve", "Conn.Read", "Transport.RoundTrip"]) }}]});
                    affected["database_specific"] =
                        json!({"source": format!("https://vuln.go.dev/ID/{id}.json")});
                } else {
                    affected["database_specific"] = json!({"source": format!("https://github.com/github/advisory-database/blob/main/advisories/github-reviewed/{}/{}/{id}/{id}.json", &published[..4], &published[5..7])});
                }
                let repo = match *eco {
                    "Go" => format!(
                        "https://go.googlesource.com/{}",
                        name.rsplit('/').next().unwrap_or(name)
                    ),
                    _ => format!(
                        "https://github.com/{}/{}",
                        pick(
                            &[
                                "acme-oss",
                                "npm",
                                "pallets",
                                "psf",
                                "sparklemotion",
                                "guzzle",
                                "nodejs",
                                "mde",
                                "patriksimek",
                                "yaml",
                                "substack"
                            ],
                            p + f * 30,
                            8020
                        ),
                        name.rsplit('/').next().unwrap_or(name)
                    ),
                };
                let mut vuln = json!({
                    "modified": modified,
                    "published": published,
                    "schema_version": "1.6.0",
                    "id": id,
                    "aliases": if *eco == "Go" { json!([ghsa(n), cve.clone()]) } else { json!([cve.clone()]) },
                    "summary": summary,
                    "details": details,
                    "affected": [affected],
                    "severity": [{"type": "CVSS_V3", "score": cvss(score)}],
                    "references": [
                        {"type": "ADVISORY", "url": format!("https://nvd.nist.gov/vuln/detail/{cve}")},
                        {"type": "WEB", "url": format!("{repo}/issues/{}", 100 + h(n, 8021) % 4_000)},
                        {"type": "FIX", "url": format!("{repo}/commit/{}", hex(n, 8022, 40))},
                        {"type": "PACKAGE", "url": repo}
                    ],
                });
                if *eco == "Go" {
                    vuln["database_specific"] = json!({"url": format!("https://pkg.go.dev/vuln/{id}"), "review_status": "REVIEWED"});
                } else {
                    vuln["database_specific"] = json!({
                        "cwe_ids": [cwe],
                        "github_reviewed": true,
                        "github_reviewed_at": published,
                        "nvd_published_at": published,
                        "severity": severity
                    });
                }
                vulns.push(vuln);
                let aliases = if *eco == "Go" {
                    json!([cve, ghsa(n), id])
                } else {
                    json!([cve, id])
                };
                groups.push(json!({"ids": [id], "aliases": aliases, "max_severity": score}));
            }
            out_packages.push(json!({
                "package": {"name": name, "version": version, "ecosystem": eco},
                "vulnerabilities": vulns,
                "groups": groups
            }));
        }
        results.push(json!({
            "source": {"path": format!("{root}/{path}"), "type": "lockfile"},
            "packages": out_packages
        }));
    }
    let out = json!({
        "results": results,
        "experimental_config": {"licenses": {"summary": false, "allowlist": null}}
    });
    let expected = items.iter().map(|s| jq_string(s)).collect();
    Case::items(
        "osv-scanner --format json, packages with a critical advisory",
        pretty(&out, b"  ") + "\n",
        "List the dependencies that have a critical vulnerability, the 9-and-up kind.",
        items,
    )
    .with_jq(
        ".results[].packages[] | select(.groups[] | .max_severity | tonumber >= 9) | .package.name",
        expected,
    )
}
