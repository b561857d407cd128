//! An EIGHTH HELD-OUT SET of issue 30, written by someone who had not read
//! the answer code and never run against it while being written: eight
//! outputs of tools no other set uses, each with a question in a user's
//! words and the answer its generator planted. Measured unread at first
//! (0, 3 and 3 of 8); its misses were read since for their classes.
//!
//! One fact: `certbot renew` on a shared-hosting box (the one certificate
//! that could not be renewed, and why: a subdomain whose DNS record is
//! gone, among some 1,600 certificates not yet due, renewals whose deploy
//! hook failed after the certificate was issued and a look-alike customer
//! under another TLD), `packer build` of a GPU machine image for three
//! clouds at once (the cloud whose build failed and the package its VM
//! could not find, among debconf and apt warnings on stderr, a package
//! the other cloud could not find either but skipped, and the summary's
//! bare exit status), the results log of `osqueryd` over a fleet (the SSH
//! key slipped into root's account on one server, among a fleet-wide
//! rotation of the deploy user's keys, root keys reported when new hosts
//! enrolled, a backup server's key for `postgres`, and admins reading
//! `authorized_keys` in their shell history), `golangci-lint run
//! --out-format json` of a Go service (the one possible nil dereference,
//! among thousands of style complaints, `nilnil`/`nilerr` findings and
//! staticcheck's deprecations).
//! Every item: `checkov -o json` of a Terraform repository (the security
//! groups that open SSH to the internet, one through an all-ports rule,
//! one through IPv6 only, among the same check passed by groups named for
//! SSH that admit only private or office ranges, RDP and HTTP opened to
//! the world, SSH on port 2222 and a suppressed RDP finding), the
//! allocations of a Nomad cluster from its HTTP API (the jobs with a task
//! killed for running out of memory, among exit code 137 after a kill
//! timeout in a job named for memory, ordinary failures, lost allocations
//! and an OOM watchdog that runs fine), `rclone check --combined -` of an
//! office share against its S3 backup (the files on both sides whose
//! contents differ, among files missing on one side, files that could not
//! be read and files named for differences), `ceph pg dump pgs_brief` (the
//! placement groups that serve no I/O at all, among hundreds degraded
//! but active, backfilling, scrubbing or inconsistent).
//!
//! The jq program of the JSON-lines output (osquery) reads the records as
//! one array (`.[]`), as the fourth set's do; every expected result was
//! checked with the real jq (`jq -s` for that one).

use std::collections::BTreeSet;

use serde_json::{Value, json};

use super::super::heldout::{DAY, clock, h, hex, letters, range, uuid};
use super::{Case, jq_string, pick, pretty};

pub(super) fn cases() -> Vec<Case> {
    vec![
        certbot_failed_renewal(),
        packer_failed_cloud(),
        osquery_root_key(),
        golangci_crash_bug(),
        checkov_open_ssh(),
        nomad_oom_jobs(),
        rclone_changed_files(),
        ceph_dead_pgs(),
    ]
}

/// The date `d` days after 27 Nov 2026: `2026-12-03`.
fn date_after(d: u64) -> String {
    let months = [
        (2026, 11, 30),
        (2026, 12, 31),
        (2027, 1, 31),
        (2027, 2, 28),
        (2027, 3, 31),
    ];
    let mut day = 27 + d;
    for (y, m, len) in months {
        if day <= len {
            return format!("{y}-{m:02}-{day:02}");
        }
        day -= len;
    }
    panic!("{d} days is too far")
}

/// Syllables the generated names are made of.
const SYLLABLES: [&str; 32] = [
    "al", "ber", "bright", "cor", "dal", "el", "fen", "gar", "hol", "in", "jas", "kel", "lin",
    "mar", "nor", "ost", "pal", "quin", "ros", "sol", "tar", "ul", "ven", "wil", "xan", "yor",
    "zel", "der", "wick", "ton", "ham", "by",
];

/// A name of two or three syllables, fixed by the hash of `i`.
fn word(i: usize, salt: u64) -> String {
    let n = 2 + h(i, salt) % 2;
    (0..n as usize)
        .map(|k| SYLLABLES[(h(i * 5 + k, salt + 1) % 32) as usize])
        .collect()
}

/// `certbot renew` (certbot 2.11, from a nightly cron) on a shared-hosting
/// box with about 1,850 customer certificates, processed in the order of
/// their renewal files: most not yet due, about one in nine due and
/// renewed (webroot, the nginx plugin or DNS through Cloudflare), each
/// followed by the deploy hook that reloads the web server; a few hooks
/// fail after the certificate was issued ("returned error code 1"). One
/// certificate, `kelderwick.nl`, cannot be renewed: its `shop.` subdomain
/// no longer resolves (NXDOMAIN); `kelderwick.com`, another customer's,
/// renews its own `shop.` fine. Then the summary: skipped, succeeded,
/// failed.
fn certbot_failed_renewal() -> Case {
    let sep = format!("{}-", "- ".repeat(39));
    let tlds = [
        "com", "nl", "de", "io", "net", "org", "co.uk", "shop", "eu", "be", "fr", "at",
    ];
    let mut names: BTreeSet<String> = BTreeSet::new();
    let mut i = 0;
    while names.len() < 1_850 {
        let name = format!("{}.{}", word(i, 401), pick(&tlds, i, 403));
        i += 1;
        if !name.contains("kelderwick") {
            names.insert(name);
        }
    }
    let planted = "kelderwick.nl";
    let twin = "kelderwick.com";
    names.insert(planted.to_string());
    names.insert(twin.to_string());
    let hook = "/etc/letsencrypt/renewal-hooks/deploy/10-reload-web.sh";
    let mut out = String::from("Saving debug log to /var/log/letsencrypt/letsencrypt.log\n\n");
    let (mut skipped, mut renewed) = (Vec::new(), Vec::new());
    let mut hook_failures = 0;
    for (c, name) in names.iter().enumerate() {
        out.push_str(&format!(
            "{sep}\nProcessing /etc/letsencrypt/renewal/{name}.conf\n{sep}\n"
        ));
        let mut domains = vec![name.clone(), format!("www.{name}")];
        for (k, sub) in ["shop", "mail", "blog", "api", "staging"]
            .iter()
            .enumerate()
        {
            if h(c * 7 + k, 404) % 100 < 12 {
                domains.push(format!("{sub}.{name}"));
            }
        }
        if name == planted || name == twin {
            domains = vec![name.clone(), format!("shop.{name}"), format!("www.{name}")];
        }
        let describe = match domains.len() {
            1 => domains[0].clone(),
            2 => format!("{} and {}", domains[0], domains[1]),
            n => format!("{} and {} more domains", domains[0], n - 1),
        };
        let due = name == planted || name == twin || h(c, 405) % 100 < 11;
        if !due {
            out.push_str("Certificate not yet due for renewal\n\n");
            skipped.push(format!(
                "  /etc/letsencrypt/live/{name}/fullchain.pem expires on {} (skipped)",
                date_after(31 + h(c, 406) % 58)
            ));
            continue;
        }
        out.push_str(&format!(
            "Certificate is due for renewal, auto-renewing...\nRenewing an existing certificate for {describe}\n"
        ));
        if name == planted {
            out.push_str(&format!(
                "\nCertbot failed to authenticate some domains (authenticator: webroot). The Certificate Authority reported these problems:\n  \
                 Domain: shop.{planted}\n  Type:   dns\n  \
                 Detail: DNS problem: NXDOMAIN looking up A for shop.{planted} - check that a DNS record exists for this domain; DNS problem: NXDOMAIN looking up AAAA for shop.{planted} - check that a DNS record exists for this domain\n\n\
                 Hint: The Certificate Authority failed to download the temporary challenge files created by Certbot. Ensure that the listed domains serve their content from the provided --webroot-path/-w and that files created there can be downloaded from the internet.\n\n\
                 Failed to renew certificate {planted} with error: Some challenges have failed.\n\n"
            ));
            continue;
        }
        if h(c, 407).is_multiple_of(3) {
            out.push_str("Waiting 10 seconds for DNS changes to propagate\n");
        }
        out.push_str(&format!("Running deploy-hook command: {hook}\n"));
        // Four failing hooks, spread over the run.
        if h(c, 408).is_multiple_of(6) && c > 120 + 430 * hook_failures && hook_failures < 4 {
            hook_failures += 1;
            out.push_str(&format!(
                "Error output from deploy-hook command 10-reload-web.sh:\n\
                 Job for apache2.service failed because the control process exited with error code.\n\
                 See \"systemctl status apache2.service\" and \"journalctl -xeu apache2.service\" for details.\n\n\
                 deploy-hook command \"{hook}\" returned error code 1\n"
            ));
        } else {
            out.push_str(&format!(
                "Output from deploy-hook command 10-reload-web.sh:\nreloaded apache2 for {name} ({} vhosts)\n",
                1 + h(c, 409) % 4
            ));
        }
        out.push('\n');
        renewed.push(format!(
            "  /etc/letsencrypt/live/{name}/fullchain.pem (success)"
        ));
    }
    assert_eq!(hook_failures, 4);
    out.push_str(&format!(
        "{sep}\nThe following certificates are not due for renewal yet:\n{}\nThe following renewals succeeded:\n{}\n\n\
         The following renewals failed:\n  /etc/letsencrypt/live/{planted}/fullchain.pem (failure)\n{sep}\n\n\
         1 renew failure(s), 0 parse failure(s)\n\
         Ask for help or search for solutions at https://community.letsencrypt.org. See the logfile /var/log/letsencrypt/letsencrypt.log or re-run Certbot with -v for more details.\n",
        skipped.join("\n"),
        renewed.join("\n")
    ));
    Case::fact(
        "certbot renew, the certificate it could not renew",
        out,
        "The nightly HTTPS certificate job on the hosting server: did any customer site end up without its new certificate, and what exactly was the problem?",
        &["shop.kelderwick.nl", "NXDOMAIN"],
    )
}

/// The lines one builder of a packer build printed, each at its time (ms).
struct Stream {
    name: &'static str,
    t: u64,
    lines: Vec<(u64, String)>,
}

impl Stream {
    fn new(name: &'static str, t: u64) -> Stream {
        Stream {
            name,
            t,
            lines: Vec::new(),
        }
    }

    /// `==> builder: text`: packer's own steps, and the VM's stderr.
    fn say(&mut self, dt: u64, text: &str) {
        self.t += dt;
        self.lines
            .push((self.t, format!("==> {}: {text}", self.name)));
    }

    /// `    builder: text`: details, and the VM's stdout.
    fn msg(&mut self, dt: u64, text: &str) {
        self.t += dt;
        self.lines
            .push((self.t, format!("    {}: {text}", self.name)));
    }
}

/// One Debian package an apt run fetches: name, version, size in kB, and
/// where from (`None`: NVIDIA's CUDA repository).
struct Deb {
    name: String,
    version: String,
    kb: u64,
    component: Option<&'static str>,
}

/// apt's size: `667 kB`, `10.2 MB`.
fn apt_size(kb: u64) -> String {
    if kb < 1_000 {
        format!("{kb} kB")
    } else {
        format!("{:.1} MB", kb as f64 / 1_000.0)
    }
}

/// The packages `apt-get install nvidia-driver-550-server cuda-toolkit-12-4`
/// pulls in on Ubuntu 22.04.
fn gpu_debs() -> Vec<Deb> {
    let driver = "550.127.05-0ubuntu0.22.04.1";
    let mut debs = Vec::new();
    let ubuntu = [
        "libx11-6",
        "libx11-data",
        "libxau6",
        "libxdmcp6",
        "libxcb1",
        "libxext6",
        "libxrender1",
        "libxtst6",
        "libxi6",
        "libxrandr2",
        "libxinerama1",
        "libxcursor1",
        "libxfixes3",
        "libxdamage1",
        "libxxf86vm1",
        "libxshmfence1",
        "libxcb-dri2-0",
        "libxcb-dri3-0",
        "libxcb-glx0",
        "libxcb-present0",
        "libxcb-sync1",
        "libxcb-xfixes0",
        "libxcb-randr0",
        "libxcb-shm0",
        "libxcb-render0",
        "libxkbcommon0",
        "libxkbcommon-x11-0",
        "libgl1",
        "libglx0",
        "libglvnd0",
        "libegl1",
        "libgles2",
        "libopengl0",
        "libglx-mesa0",
        "libgl1-mesa-dri",
        "libglapi-mesa",
        "libdrm2",
        "libdrm-common",
        "libdrm-amdgpu1",
        "libdrm-intel1",
        "libdrm-nouveau2",
        "libdrm-radeon1",
        "libpciaccess0",
        "libllvm15",
        "libsensors5",
        "libsensors-config",
        "libvulkan1",
        "mesa-vulkan-drivers",
        "libwayland-client0",
        "libwayland-server0",
        "libgbm1",
        "libfontconfig1",
        "fontconfig-config",
        "fonts-dejavu-core",
        "libfreetype6",
        "libpng16-16",
        "libjpeg-turbo8",
        "libjpeg8",
        "libtiff5",
        "libwebp7",
        "libjbig0",
        "libdeflate0",
        "liblcms2-2",
        "libnspr4",
        "libnss3",
        "libasound2",
        "libasound2-data",
        "libatk1.0-0",
        "libatk-bridge2.0-0",
        "libatspi2.0-0",
        "libcairo2",
        "libpango-1.0-0",
        "libpangocairo-1.0-0",
        "libpangoft2-1.0-0",
        "libharfbuzz0b",
        "libgraphite2-3",
        "libpixman-1-0",
        "libthai0",
        "libthai-data",
        "libdatrie1",
        "libfribidi0",
        "libgdk-pixbuf-2.0-0",
        "libgtk-3-0",
        "libgtk-3-common",
        "libcups2",
        "libavahi-client3",
        "libavahi-common3",
        "libavahi-common-data",
        "libcolord2",
        "libepoxy0",
        "libjson-glib-1.0-0",
        "libsoup2.4-1",
        "libproxy1v5",
        "glib-networking",
        "gsettings-desktop-schemas",
        "dconf-gsettings-backend",
        "libdconf1",
        "adwaita-icon-theme",
        "hicolor-icon-theme",
        "humanity-icon-theme",
        "ubuntu-mono",
        "libgpg-error-l10n",
        "liberror-perl",
        "default-jre-headless",
        "openjdk-11-jre-headless",
        "ca-certificates-java",
        "java-common",
        "libpcsclite1",
        "libxml2",
        "libxslt1.1",
        "libopenmpi3",
        "libfabric1",
        "libhwloc15",
        "libibverbs1",
        "librdmacm1",
        "libpsm2-2",
        "libucx0",
        "libnuma1",
        "dkms",
        "libelf-dev",
        "libnvidia-egl-wayland1",
        "keyboard-configuration",
        "xkb-data",
        "xserver-xorg-core",
        "xserver-common",
        "x11-common",
        "x11-xkb-utils",
        "xfonts-base",
        "xfonts-utils",
        "xfonts-encodings",
        "libfontenc1",
        "libxfont2",
        "libxkbfile1",
        "libunwind8",
        "libxcvt0",
        "libnvidia-egl-gbm1",
        "libegl-mesa0",
        "libgles1",
        "libglx-dev",
        "libgl-dev",
        "libegl-dev",
        "libgles-dev",
        "libopengl-dev",
        "libglvnd-dev",
        "libglvnd-core-dev",
        "libx11-dev",
        "libxau-dev",
        "libxdmcp-dev",
        "libxcb1-dev",
        "x11proto-dev",
        "xorg-sgml-doctools",
        "xtrans-dev",
        "libpthread-stubs0-dev",
        "libvdpau1",
        "mesa-va-drivers",
        "mesa-vdpau-drivers",
        "va-driver-all",
        "vdpau-driver-all",
        "libva2",
        "libva-drm2",
        "libva-x11-2",
        "libva-wayland2",
        "libigdgmm12",
        "intel-media-va-driver",
        "i965-va-driver",
        "libaacs0",
        "libbdplus0",
        "libbluray2",
        "libchromaprint1",
        "libcodec2-1.0",
        "libdav1d5",
        "libgme0",
        "libgsm1",
        "libmp3lame0",
        "libmpg123-0",
        "libogg0",
        "libopenjp2-7",
        "libopus0",
        "librsvg2-2",
        "libshine3",
        "libsnappy1v5",
        "libsoxr0",
        "libspeex1",
        "libswresample3",
        "libtheora0",
        "libtwolame0",
        "libvorbis0a",
        "libvorbisenc2",
        "libvpx7",
        "libwebpmux3",
        "libx264-163",
        "libx265-199",
        "libxvidcore4",
        "libzvbi0",
        "libzvbi-common",
        "libavcodec58",
        "libavformat58",
        "libavutil56",
        "libswscale5",
        "libpostproc55",
        "libavfilter7",
        "libass9",
        "libbs2b0",
        "libflite1",
        "liblilv-0-0",
        "libmysofa1",
        "libnorm1",
        "libpgm-5.3-0",
        "libpocketsphinx3",
        "librubberband2",
        "libserd-0-0",
        "libsord-0-0",
        "libsphinxbase3",
        "libsratom-0-0",
        "libvidstab1.1",
        "libzimg2",
        "libzmq5",
        "ocl-icd-libopencl1",
        "libopenal1",
        "libopenal-data",
        "libsdl2-2.0-0",
        "libsndio7.0",
        "libdecor-0-0",
        "libpulse0",
        "libsamplerate0",
        "libsndfile1",
        "libflac8",
        "libasyncns0",
        "libx11-xcb1",
        "libxcb-xinput0",
        "libxcb-xkb1",
        "python3-pip",
        "python3-wheel",
        "python3-setuptools",
        "python3-distutils",
        "python3-lib2to3",
        "python3-dev",
        "python3.10-dev",
        "libpython3-dev",
        "libpython3.10-dev",
        "libexpat1-dev",
        "zlib1g-dev",
        "libjs-jquery",
        "libjs-sphinxdoc",
        "libjs-underscore",
    ];
    for (k, name) in ubuntu.iter().enumerate() {
        debs.push(Deb {
            name: name.to_string(),
            version: format!(
                "{}{}.{}.{}-{}ubuntu{}",
                if k % 9 == 0 { "2:" } else { "" },
                range(k, 411, 1, 3),
                range(k, 412, 0, 24),
                range(k, 413, 0, 9),
                range(k, 414, 1, 4),
                range(k, 415, 0, 3)
            ),
            kb: range(k, 416, 8, 2_400) * if k % 17 == 3 { 20 } else { 1 },
            component: Some(if k % 5 == 0 { "universe" } else { "main" }),
        });
    }
    let nvidia = [
        "libnvidia-common-550-server",
        "libnvidia-gl-550-server",
        "libnvidia-compute-550-server",
        "libnvidia-extra-550-server",
        "libnvidia-decode-550-server",
        "libnvidia-encode-550-server",
        "libnvidia-fbc1-550-server",
        "libnvidia-cfg1-550-server",
        "nvidia-kernel-common-550-server",
        "nvidia-kernel-source-550-server",
        "nvidia-firmware-550-server-550.127.05",
        "nvidia-dkms-550-server",
        "nvidia-compute-utils-550-server",
        "nvidia-utils-550-server",
        "xserver-xorg-video-nvidia-550-server",
        "nvidia-driver-550-server",
    ];
    for (k, name) in nvidia.iter().enumerate() {
        debs.push(Deb {
            name: name.to_string(),
            version: driver.to_string(),
            kb: range(k, 417, 40, 60_000),
            component: Some("restricted"),
        });
    }
    let cuda = [
        "cuda-toolkit-config-common",
        "cuda-toolkit-12-config-common",
        "cuda-toolkit-12-4-config-common",
        "cuda-cudart-12-4",
        "cuda-cudart-dev-12-4",
        "cuda-nvcc-12-4",
        "cuda-cuobjdump-12-4",
        "cuda-cupti-12-4",
        "cuda-cupti-dev-12-4",
        "cuda-gdb-12-4",
        "cuda-nvdisasm-12-4",
        "cuda-nvml-dev-12-4",
        "cuda-nvprof-12-4",
        "cuda-nvprune-12-4",
        "cuda-nvrtc-12-4",
        "cuda-nvrtc-dev-12-4",
        "cuda-nvtx-12-4",
        "cuda-nvvp-12-4",
        "cuda-opencl-12-4",
        "cuda-profiler-api-12-4",
        "cuda-sanitizer-12-4",
        "cuda-cccl-12-4",
        "cuda-crt-12-4",
        "cuda-driver-dev-12-4",
        "cuda-nsight-12-4",
        "cuda-nsight-compute-12-4",
        "cuda-nsight-systems-12-4",
        "libcublas-12-4",
        "libcublas-dev-12-4",
        "libcufft-12-4",
        "libcufft-dev-12-4",
        "libcufile-12-4",
        "libcufile-dev-12-4",
        "libcurand-12-4",
        "libcurand-dev-12-4",
        "libcusolver-12-4",
        "libcusolver-dev-12-4",
        "libcusparse-12-4",
        "libcusparse-dev-12-4",
        "libnpp-12-4",
        "libnpp-dev-12-4",
        "libnvjitlink-12-4",
        "libnvjitlink-dev-12-4",
        "libnvjpeg-12-4",
        "libnvjpeg-dev-12-4",
        "nsight-compute-2024.1.1",
        "nsight-systems-2023.4.4",
        "cuda-libraries-12-4",
        "cuda-libraries-dev-12-4",
        "cuda-compiler-12-4",
        "cuda-command-line-tools-12-4",
        "cuda-visual-tools-12-4",
        "cuda-tools-12-4",
        "cuda-documentation-12-4",
        "cuda-toolkit-12-4",
    ];
    for (k, name) in cuda.iter().enumerate() {
        debs.push(Deb {
            name: name.to_string(),
            version: format!("12.4.{}-1", range(k, 418, 99, 131)),
            kb: range(k, 419, 3, 900_000) / if k % 3 == 0 { 1 } else { 40 },
            component: None,
        });
    }
    debs
}

/// The architecture suffix apt shows for a Multi-Arch: same library.
fn arch_of(name: &str) -> &'static str {
    if name.starts_with("lib") && !name.contains("-dev") && !name.starts_with("libnvidia") {
        ":amd64"
    } else {
        ""
    }
}

/// `apt-get install -y …` of `debs` on the VM, as a packer builder shows
/// it: the plan, every download, unpacking and set-up, DKMS building the
/// driver's modules for `kernel`, debconf's complaints on stderr.
fn apt_install(s: &mut Stream, debs: &[Deb], mirror: &str, release: &str, kernel: &str) {
    s.msg(400, "Reading package lists...");
    s.msg(900, "Building dependency tree...");
    s.msg(100, "Reading state information...");
    s.msg(300, "The following additional packages will be installed:");
    let names: Vec<&str> = debs.iter().map(|d| d.name.as_str()).collect();
    for chunk in names.chunks(7) {
        s.msg(0, &format!("  {}", chunk.join(" ")));
    }
    s.msg(0, "Suggested packages:");
    s.msg(
        0,
        "  libasound2-plugins alsa-utils cups-common colord liblcms2-utils pciutils lm-sensors",
    );
    s.msg(0, "Recommended packages:");
    s.msg(
        0,
        "  libnvidia-compute-550-server:i386 libnvidia-decode-550-server:i386",
    );
    s.msg(0, "The following NEW packages will be installed:");
    for chunk in names.chunks(7) {
        s.msg(0, &format!("  {}", chunk.join(" ")));
    }
    let total: u64 = debs.iter().map(|d| d.kb).sum();
    s.msg(
        0,
        &format!(
            "0 upgraded, {} newly installed, 0 to remove and 0 not upgraded.",
            debs.len()
        ),
    );
    s.msg(0, &format!("Need to get {} of archives.", apt_size(total)));
    s.msg(
        0,
        &format!(
            "After this operation, {} of additional disk space will be used.",
            apt_size(total * 3)
        ),
    );
    let repo = format!(
        "https://developer.download.nvidia.com/compute/cuda/repos/ubuntu{}/x86_64",
        if release == "jammy" { "2204" } else { "2004" }
    );
    for (k, d) in debs.iter().enumerate() {
        let from = match d.component {
            Some(c) => format!("{mirror} {release}-updates/{c} amd64 {} amd64", d.name),
            None => format!("{repo}  {}", d.name),
        };
        s.msg(
            20 + d.kb / 60,
            &format!("Get:{} {from} {} [{}]", k + 1, d.version, apt_size(d.kb)),
        );
    }
    s.msg(
        0,
        &format!(
            "Fetched {} in {}s ({} MB/s)",
            apt_size(total),
            total / 60_000,
            60
        ),
    );
    for line in [
        "debconf: unable to initialize frontend: Dialog",
        "debconf: (Dialog frontend will not work on a dumb terminal, an emacs shell buffer, or without a controlling terminal.)",
        "debconf: falling back to frontend: Readline",
        "debconf: unable to initialize frontend: Readline",
        "debconf: (This frontend requires a controlling tty.)",
        "debconf: falling back to frontend: Teletype",
        "dpkg-preconfigure: unable to re-open stdin: ",
    ] {
        s.say(30, line);
    }
    let mut files = 64_231u64;
    for (k, d) in debs.iter().enumerate() {
        let arch = arch_of(&d.name);
        s.msg(
            40,
            &format!("Selecting previously unselected package {}{arch}.", d.name),
        );
        s.msg(
            5,
            &format!("(Reading database ... {files} files and directories currently installed.)"),
        );
        files += 3 + h(k, 420) % 400;
        s.msg(
            5,
            &format!(
                "Preparing to unpack .../{k:03}-{}_{}_amd64.deb ...",
                d.name,
                d.version.replace(':', "%3a")
            ),
        );
        s.msg(
            30 + d.kb / 200,
            &format!("Unpacking {}{arch} ({}) ...", d.name, d.version),
        );
    }
    for d in debs {
        let arch = arch_of(&d.name);
        s.msg(
            60,
            &format!("Setting up {}{arch} ({}) ...", d.name, d.version),
        );
        if d.name == "nvidia-dkms-550-server" {
            s.msg(20, "update-initramfs: deferring update (trigger activated)");
            s.msg(200, "INFO:Enable nvidia");
            for q in ["put_your_quirks_here", "lenovo_thinkpad", "dell_latitude"] {
                s.msg(
                    5,
                    &format!("DEBUG:Parsing /usr/share/ubuntu-drivers-common/quirks/{q}"),
                );
            }
            s.msg(300, "Loading new nvidia-srv-550.127.05 DKMS files...");
            s.msg(800, &format!("Building for {kernel}"));
            s.msg(10, "Building for architecture x86_64");
            s.msg(10, &format!("Building initial module for {kernel}"));
            s.msg(95_000, "Done.");
            s.msg(0, "");
            for m in [
                "nvidia",
                "nvidia-modeset",
                "nvidia-drm",
                "nvidia-uvm",
                "nvidia-peermem",
            ] {
                s.msg(200, &format!("{m}.ko:"));
                s.msg(10, "Running module version sanity check.");
                s.msg(5, " - Original module");
                s.msg(5, "   - No original module exists within this kernel");
                s.msg(5, " - Installation");
                s.msg(
                    5,
                    &format!("   - Installing to /lib/modules/{kernel}/updates/dkms/"),
                );
                s.msg(5, "");
            }
            s.msg(2_000, "depmod....");
        }
    }
    for t in [
        "libc-bin (2.35-0ubuntu3.8)",
        "man-db (2.10.2-1)",
        "fontconfig (2.13.1-4.2ubuntu5)",
        "initramfs-tools (0.140ubuntu13.4)",
    ] {
        s.msg(300, &format!("Processing triggers for {t} ..."));
    }
    s.msg(
        200,
        &format!("update-initramfs: Generating /boot/initrd.img-{kernel}"),
    );
}

/// `apt-get update` of `mirror`'s `release` (and the CUDA repository).
fn apt_update(s: &mut Stream, mirror: &str, security: &str, release: &str, cuda: bool) {
    let mut n = 0;
    let mut get = |s: &mut Stream, what: &str, kb: u64| {
        n += 1;
        if kb == 0 {
            s.msg(150, &format!("Hit:{n} {what} InRelease"));
        } else {
            s.msg(50 + kb / 20, &format!("Get:{n} {what} [{}]", apt_size(kb)));
        }
    };
    get(s, &format!("{mirror} {release}"), 0);
    for (k, (suite, kb)) in [("-updates", 128), ("-backports", 127)].iter().enumerate() {
        get(
            s,
            &format!("{mirror} {release}{suite} InRelease"),
            kb + k as u64,
        );
    }
    get(s, &format!("{security} {release}-security InRelease"), 129);
    if cuda {
        get(
            s,
            &format!(
                "https://developer.download.nvidia.com/compute/cuda/repos/ubuntu{}/x86_64  InRelease",
                if release == "jammy" { "2204" } else { "2004" }
            ),
            2,
        );
    }
    for (suite, comp, kb) in [
        ("", "universe", 14_100),
        ("", "multiverse", 217),
        ("-updates", "main", 2_061),
        ("-updates", "restricted", 2_441),
        ("-updates", "universe", 1_170),
        ("-backports", "universe", 28),
    ] {
        get(
            s,
            &format!("{mirror} {release}{suite}/{comp} amd64 Packages"),
            kb,
        );
        get(
            s,
            &format!("{mirror} {release}{suite}/{comp} Translation-en"),
            kb / 5 + 1,
        );
        get(
            s,
            &format!("{mirror} {release}{suite}/{comp} amd64 c-n-f Metadata"),
            kb / 40 + 1,
        );
    }
    s.msg(
        100,
        &format!("Fetched 32.4 MB in {}s (6,120 kB/s)", 4 + h(n, 421) % 4),
    );
    s.msg(300, "Reading package lists...");
    if cuda {
        s.say(
            10,
            &format!(
                "W: https://developer.download.nvidia.com/compute/cuda/repos/ubuntu{}/x86_64/InRelease: Key is stored in legacy trusted.gpg keyring (/etc/apt/trusted.gpg), see the DEPRECATION section in apt-key(8) for details.",
                if release == "jammy" { "2204" } else { "2004" }
            ),
        );
    }
}

/// `apt-get -y upgrade` of the base image: `n` packages upgraded in place.
fn apt_upgrade(s: &mut Stream, n: usize, salt: u64, mirror: &str, release: &str) {
    let pkgs = [
        "libssl3",
        "openssl",
        "curl",
        "libcurl4",
        "libcurl3-gnutls",
        "linux-libc-dev",
        "libsystemd0",
        "systemd",
        "systemd-sysv",
        "libudev1",
        "udev",
        "python3-urllib3",
        "libnss-systemd",
        "libpam-systemd",
        "vim",
        "vim-common",
        "vim-runtime",
        "vim-tiny",
        "xxd",
        "libglib2.0-0",
        "libglib2.0-data",
        "sudo",
        "tzdata",
        "cloud-init",
        "snapd",
        "libgnutls30",
        "libexpat1",
        "libxml2",
        "git",
        "git-man",
        "libpython3.10",
        "python3.10",
        "python3.10-minimal",
        "libpython3.10-minimal",
        "libpython3.10-stdlib",
        "openssh-client",
        "openssh-server",
        "openssh-sftp-server",
        "libc6",
        "libc-bin",
        "locales",
        "ubuntu-advantage-tools",
        "distro-info-data",
        "libgpg-error0",
    ];
    let chosen: Vec<&str> = (0..n)
        .map(|k| pkgs[(k * 7 + salt as usize) % pkgs.len()])
        .collect();
    let mut chosen = chosen;
    chosen.sort_unstable();
    chosen.dedup();
    s.say(200, "+ apt-get -y upgrade");
    s.msg(400, "Reading package lists...");
    s.msg(900, "Building dependency tree...");
    s.msg(100, "Reading state information...");
    s.msg(300, "Calculating upgrade...");
    s.msg(0, "The following packages will be upgraded:");
    for chunk in chosen.chunks(8) {
        s.msg(0, &format!("  {}", chunk.join(" ")));
    }
    s.msg(
        0,
        &format!(
            "{} upgraded, 0 newly installed, 0 to remove and 0 not upgraded.",
            chosen.len()
        ),
    );
    for (k, p) in chosen.iter().enumerate() {
        let v = format!(
            "{}.{}.{}-0ubuntu{}.{}",
            range(k, 422, 1, 3),
            range(k, 423, 0, 9),
            range(k, 424, 0, 9),
            range(k, 425, 1, 3),
            range(k, 426, 1, 19)
        );
        s.msg(
            40,
            &format!(
                "Get:{} {mirror} {release}-updates/main amd64 {p} amd64 {v} [{}]",
                k + 1,
                apt_size(range(k, 427, 20, 3_000))
            ),
        );
    }
    for (k, p) in chosen.iter().enumerate() {
        let v = format!(
            "{}.{}.{}-0ubuntu{}.{}",
            range(k, 422, 1, 3),
            range(k, 423, 0, 9),
            range(k, 424, 0, 9),
            range(k, 425, 1, 3),
            range(k, 426, 1, 19)
        );
        let old = format!(
            "{}.{}.{}-0ubuntu{}.{}",
            range(k, 422, 1, 3),
            range(k, 423, 0, 9),
            range(k, 424, 0, 9),
            range(k, 425, 1, 3),
            range(k, 426, 1, 19) - 1
        );
        let arch = arch_of(p);
        s.msg(
            5,
            &format!(
                "(Reading database ... {} files and directories currently installed.)",
                63_874 + k * 11
            ),
        );
        s.msg(5, &format!("Preparing to unpack .../{p}_{v}_amd64.deb ..."));
        s.msg(60, &format!("Unpacking {p}{arch} ({v}) over ({old}) ..."));
        s.msg(40, &format!("Setting up {p}{arch} ({v}) ..."));
    }
    s.msg(
        200,
        "Processing triggers for libc-bin (2.35-0ubuntu3.8) ...",
    );
    s.msg(300, "Processing triggers for man-db (2.10.2-1) ...");
}

/// `packer build gpu-worker.pkr.hcl` (Packer 1.11) of one GPU worker image
/// for three clouds at once, their lines interleaved as packer prints
/// them: AWS and GCE start from Ubuntu 22.04, Azure from the 20.04
/// image the template still names. Each runs a base script (upgrade,
/// build tools) then the NVIDIA script (`set -x` traces, debconf's and
/// apt's warnings on stderr, hundreds of packages, DKMS building the
/// driver), then an agents script; the GCE one cannot find
/// `google-cloud-ops-agent` in the image's repositories and installs it
/// another way. On Azure the NVIDIA driver package does not exist: apt
/// exits 100, packer cleans up and the build errors; the summary gives
/// only the exit status.
fn packer_failed_cloud() -> Case {
    let debs = gpu_debs();
    let aws_mirror = "http://us-east-1.ec2.archive.ubuntu.com/ubuntu";
    let gce_mirror = "http://us-central1.gce.archive.ubuntu.com/ubuntu";
    let az_mirror = "http://azure.archive.ubuntu.com/ubuntu";
    let stamp = "20261127t0200";
    let image = format!("gpu-worker-ubuntu-{stamp}");
    let mut aws = Stream::new("amazon-ebs.gpu", 0);
    let mut az = Stream::new("azure-arm.gpu", 0);
    let mut gce = Stream::new("googlecompute.gpu", 0);

    // Amazon: launch, provision, snapshot, clean up.
    let ami = format!("ami-0{}", hex(1, 430, 16));
    let instance = format!("i-0{}", hex(2, 430, 16));
    aws.say(120, "Prevalidating any provided VPC information");
    aws.say(90, &format!("Prevalidating AMI Name: {image}"));
    aws.msg(700, &format!("Found Image ID: ami-0{}", hex(3, 430, 16)));
    aws.say(
        150,
        &format!("Creating temporary keypair: packer_{}", uuid(4, 430)),
    );
    aws.say(
        400,
        &format!(
            "Creating temporary security group for this instance: packer_{}",
            uuid(5, 430)
        ),
    );
    aws.say(
        600,
        "Authorizing access to port 22 from [10.40.0.0/16] in the temporary security groups...",
    );
    aws.say(300, "Launching a source AWS instance...");
    aws.msg(1_800, &format!("Instance ID: {instance}"));
    aws.say(
        10,
        &format!("Waiting for instance ({instance}) to become ready..."),
    );
    aws.say(31_000, "Using SSH communicator to connect: 10.40.12.33");
    aws.say(10, "Waiting for SSH to become available...");
    aws.say(24_000, "Connected to SSH!");
    let aws_kernel = "6.5.0-1024-aws";
    provision(
        &mut aws,
        &debs,
        aws_mirror,
        "http://security.ubuntu.com/ubuntu",
        "jammy",
        aws_kernel,
        0,
    );
    aws.say(400, "+ dpkg -i /tmp/amazon-cloudwatch-agent.deb");
    aws.msg(
        300,
        "Selecting previously unselected package amazon-cloudwatch-agent.",
    );
    aws.msg(
        10,
        "Preparing to unpack /tmp/amazon-cloudwatch-agent.deb ...",
    );
    aws.msg(10, "create group cwagent, result: 0");
    aws.msg(10, "create user cwagent, result: 0");
    aws.msg(
        900,
        "Unpacking amazon-cloudwatch-agent (1.300049.1b929-1) ...",
    );
    aws.msg(
        200,
        "Setting up amazon-cloudwatch-agent (1.300049.1b929-1) ...",
    );
    cleanup_script(&mut aws);
    aws.say(500, "Stopping the source instance...");
    aws.msg(300, "Stopping instance");
    aws.say(10, "Waiting for the instance to stop...");
    aws.say(
        41_000,
        &format!("Creating AMI {image} from instance {instance}"),
    );
    aws.msg(900, &format!("AMI: {ami}"));
    aws.say(10, "Waiting for AMI to become ready...");
    aws.say(312_000, "Skipping Enable AMI deprecation...");
    aws.say(10, &format!("Adding tags to AMI ({ami})..."));
    aws.say(300, &format!("Tagging snapshot: snap-0{}", hex(6, 430, 16)));
    aws.say(10, "Creating AMI tags");
    for (k, v) in [
        ("Name", "gpu-worker"),
        ("Team", "ml-platform"),
        ("BaseRelease", "jammy"),
        ("Driver", "550.127.05"),
        ("Cuda", "12.4"),
    ] {
        aws.msg(5, &format!("Adding tag: \"{k}\": \"{v}\""));
    }
    aws.say(10, "Creating snapshot tags");
    aws.say(300, "Terminating the source AWS instance...");
    aws.say(38_000, "Cleaning up any extra volumes...");
    aws.say(200, "No volumes to clean up, skipping");
    aws.say(10, "Deleting temporary security group...");
    aws.say(1_200, "Deleting temporary keypair...");
    let aws_end = aws.t + 300;
    aws.lines.push((
        aws_end,
        format!(
            "Build 'amazon-ebs.gpu' finished after {}.",
            minutes(aws_end)
        ),
    ));

    // Azure: a resource group, a deployment, the base script, then the
    // NVIDIA script fails.
    let group = format!("pkr-Resource-Group-{}", letters(7, 430, 10));
    let deployment = format!("pkrdp{}", letters(8, 430, 10));
    let vm = format!("pkrvm{}", letters(9, 430, 10));
    az.say(80, "Running builder ...");
    az.say(600, "Getting tokens using client secret");
    az.say(400, "Getting tokens using client secret");
    az.msg(20, "Creating Azure Resource Manager (ARM) client ...");
    az.say(1_100, "Creating resource group ...");
    az.say(0, &format!(" -> ResourceGroupName : '{group}'"));
    az.say(0, " -> Location          : 'westeurope'");
    az.say(0, " -> Tags              :");
    az.say(0, " ->> team : ml-platform");
    az.say(2_400, "Validating deployment template ...");
    az.say(0, &format!(" -> ResourceGroupName : '{group}'"));
    az.say(0, &format!(" -> DeploymentName    : '{deployment}'"));
    az.say(1_900, "Deploying deployment template ...");
    az.say(0, &format!(" -> ResourceGroupName : '{group}'"));
    az.say(0, &format!(" -> DeploymentName    : '{deployment}'"));
    az.say(118_000, "Getting the VM's IP address ...");
    az.say(0, &format!(" -> ResourceGroupName   : '{group}'"));
    az.say(
        0,
        &format!(" -> PublicIPAddressName : 'pkrip{}'", letters(10, 430, 10)),
    );
    az.say(
        0,
        &format!(" -> NicName             : 'pkrni{}'", letters(11, 430, 10)),
    );
    az.say(0, " -> Network Connection  : 'PublicEndpoint'");
    az.say(0, " -> IP Address          : '20.93.141.77'");
    az.say(20, "Waiting for SSH to become available...");
    az.say(41_000, "Connected to SSH!");
    az.say(300, "Provisioning with shell script: scripts/10-base.sh");
    az.say(200, "+ apt-get update");
    apt_update(&mut az, az_mirror, az_mirror, "focal", false);
    apt_upgrade(&mut az, 40, 3, az_mirror, "focal");
    base_tools(&mut az);
    az.say(400, "Provisioning with shell script: scripts/20-nvidia.sh");
    az.say(100, "+ curl -fsSLo /tmp/cuda-keyring.deb https://developer.download.nvidia.com/compute/cuda/repos/ubuntu2004/x86_64/cuda-keyring_1.1-1_all.deb");
    az.say(900, "+ dpkg -i /tmp/cuda-keyring.deb");
    az.msg(100, "Selecting previously unselected package cuda-keyring.");
    az.msg(
        10,
        "(Reading database ... 64102 files and directories currently installed.)",
    );
    az.msg(10, "Preparing to unpack /tmp/cuda-keyring.deb ...");
    az.msg(10, "Unpacking cuda-keyring (1.1-1) ...");
    az.msg(10, "Setting up cuda-keyring (1.1-1) ...");
    az.say(10, "+ apt-get update");
    apt_update(&mut az, az_mirror, az_mirror, "focal", true);
    az.say(200, "+ apt-get install -y --no-install-recommends nvidia-driver-550-server nvidia-fabricmanager-550 cuda-toolkit-12-4");
    az.msg(400, "Reading package lists...");
    az.msg(900, "Building dependency tree...");
    az.msg(100, "Reading state information...");
    az.say(40, "E: Unable to locate package nvidia-driver-550-server");
    az.say(
        300,
        "Provisioning step had errors: Running the cleanup provisioner, if present...",
    );
    az.say(10, "");
    az.say(10, "Deleting individual resources ...");
    for (kind, name) in [
        ("Microsoft.Compute/virtualMachines", vm.clone()),
        (
            "Microsoft.Network/networkInterfaces",
            format!("pkrni{}", letters(11, 430, 10)),
        ),
        (
            "Microsoft.Network/publicIPAddresses",
            format!("pkrip{}", letters(10, 430, 10)),
        ),
        (
            "Microsoft.Network/virtualNetworks",
            format!("pkrvn{}", letters(12, 430, 10)),
        ),
        (
            "Microsoft.Network/networkSecurityGroups",
            format!("pkrsg{}", letters(13, 430, 10)),
        ),
        (
            "Microsoft.Compute/disks",
            format!("pkros{}", letters(14, 430, 10)),
        ),
    ] {
        az.say(
            40,
            &format!("Adding to deletion queue -> {kind} : '{name}'"),
        );
    }
    for (kind, name) in [
        ("Microsoft.Compute/virtualMachines", vm.clone()),
        (
            "Microsoft.Network/networkInterfaces",
            format!("pkrni{}", letters(11, 430, 10)),
        ),
        (
            "Microsoft.Network/publicIPAddresses",
            format!("pkrip{}", letters(10, 430, 10)),
        ),
        (
            "Microsoft.Network/networkSecurityGroups",
            format!("pkrsg{}", letters(13, 430, 10)),
        ),
        (
            "Microsoft.Network/virtualNetworks",
            format!("pkrvn{}", letters(12, 430, 10)),
        ),
        (
            "Microsoft.Compute/disks",
            format!("pkros{}", letters(14, 430, 10)),
        ),
    ] {
        az.say(
            21_000,
            &format!("Waiting for deletion of all resources... -> {kind} : '{name}'"),
        );
    }
    az.say(
        3_000,
        &format!("Removing the created Deployment object: '{deployment}'"),
    );
    az.say(10, "");
    az.say(10, "Cleanup requested, deleting resource group ...");
    az.say(68_000, "Resource group has been deleted.");
    let az_end = az.t + 200;
    let status = "Script exited with non-zero exit status: 100. Allowed exit codes are: [0]";
    az.lines.push((
        az_end,
        format!(
            "Build 'azure-arm.gpu' errored after {}: {status}",
            minutes(az_end)
        ),
    ));

    // Google: an instance, provisioning, an image.
    gce.say(300, "Checking image does not exist...");
    gce.say(900, "Creating temporary RSA SSH key for instance...");
    gce.say(200, "no persistent disk to create");
    gce.say(10, "Using image: ubuntu-2204-jammy-v20261115");
    gce.say(10, "Creating instance...");
    gce.msg(10, "Loading zone: us-central1-a");
    gce.msg(600, "Loading machine type: g2-standard-8");
    gce.msg(400, "Requesting instance creation...");
    gce.msg(300, "Waiting for creation operation to complete...");
    gce.msg(14_000, "Instance has been created!");
    gce.say(10, "Waiting for the instance to become running...");
    gce.msg(2_000, "IP: 34.122.87.140");
    gce.say(10, "Using SSH communicator to connect: 34.122.87.140");
    gce.say(10, "Waiting for SSH to become available...");
    gce.say(37_000, "Connected to SSH!");
    let gce_kernel = "6.5.0-1025-gcp";
    provision(
        &mut gce,
        &debs,
        gce_mirror,
        "http://security.ubuntu.com/ubuntu",
        "jammy",
        gce_kernel,
        1,
    );
    gce.say(300, "+ apt-get install -y google-cloud-ops-agent");
    gce.msg(400, "Reading package lists...");
    gce.msg(900, "Building dependency tree...");
    gce.msg(100, "Reading state information...");
    gce.say(40, "E: Unable to locate package google-cloud-ops-agent");
    gce.say(
        10,
        "+ echo 'ops agent is not in the image repositories yet; adding its repository'",
    );
    gce.msg(
        10,
        "ops agent is not in the image repositories yet; adding its repository",
    );
    gce.say(
        10,
        "+ curl -sSO https://dl.google.com/cloudagents/add-google-cloud-ops-agent-repo.sh",
    );
    gce.say(
        800,
        "+ bash add-google-cloud-ops-agent-repo.sh --also-install",
    );
    gce.msg(9_000, "google-cloud-ops-agent installation succeeded.");
    gce.msg(
        10,
        "google-cloud-ops-agent 2.51.0~ubuntu22.04 is installed.",
    );
    cleanup_script(&mut gce);
    gce.say(500, "Deleting instance...");
    gce.msg(52_000, "Instance has been deleted!");
    gce.say(10, "Creating image...");
    gce.say(204_000, "Deleting disk...");
    gce.msg(9_000, "Disk has been deleted!");
    let gce_end = gce.t + 200;
    gce.lines.push((
        gce_end,
        format!(
            "Build 'googlecompute.gpu' finished after {}.",
            minutes(gce_end)
        ),
    ));

    let mut all: Vec<(u64, usize, usize, String)> = Vec::new();
    for (b, s) in [aws, az, gce].into_iter().enumerate() {
        for (k, (t, line)) in s.lines.into_iter().enumerate() {
            all.push((t, b, k, line));
        }
    }
    all.sort();
    let mut out = String::from(
        "amazon-ebs.gpu: output will be in this color.\nazure-arm.gpu: output will be in this color.\ngooglecompute.gpu: output will be in this color.\n\n",
    );
    for (_, _, _, line) in &all {
        out.push_str(line);
        out.push('\n');
    }
    let end = aws_end.max(gce_end).max(az_end);
    out.push_str(&format!(
        "\n==> Wait completed after {}\n\n==> Some builds didn't complete successfully and had errors:\n--> azure-arm.gpu: {status}\n\n\
         ==> Builds finished. The artifacts of successful builds are:\n--> amazon-ebs.gpu: AMIs were created:\nus-east-1: {ami}\n\n\
         --> googlecompute.gpu: A disk image was created in the 'acme-ml-images' project: {image}\n",
        minutes(end)
    ));
    Case::fact(
        "packer build, the cloud whose image failed",
        out,
        "Last night's GPU machine-image build went red for one of the clouds. Which one, and what actually broke inside the VM?",
        &[
            "azure-arm.gpu",
            "Unable to locate package nvidia-driver-550-server",
        ],
    )
}

/// Packer's duration: `28 minutes 41 seconds`.
fn minutes(ms: u64) -> String {
    let s = ms / 1000;
    format!("{} minutes {} seconds", s / 60, s % 60)
}

/// Build tools every image gets, from the base script.
fn base_tools(s: &mut Stream) {
    s.say(
        300,
        "+ apt-get install -y build-essential dkms jq unzip pciutils",
    );
    s.msg(400, "Reading package lists...");
    s.msg(900, "Building dependency tree...");
    s.msg(100, "Reading state information...");
    s.msg(
        10,
        "build-essential is already the newest version (12.9ubuntu3).",
    );
    s.msg(10, "jq is already the newest version (1.6-2.1ubuntu3).");
    s.msg(10, "unzip is already the newest version (6.0-26ubuntu3.2).");
    s.msg(10, "pciutils is already the newest version (1:3.7.0-6).");
    s.msg(10, "dkms is already the newest version (2.8.7-2ubuntu2.2).");
    s.msg(
        10,
        "0 upgraded, 0 newly installed, 0 to remove and 0 not upgraded.",
    );
    s.say(
        200,
        "WARNING: apt does not have a stable CLI interface. Use with caution in scripts.",
    );
}

/// The scripts of a builder whose NVIDIA script succeeds.
fn provision(
    s: &mut Stream,
    debs: &[Deb],
    mirror: &str,
    security: &str,
    release: &str,
    kernel: &str,
    salt: u64,
) {
    s.say(
        300,
        "Uploading files/nvidia-persistenced.service => /tmp/nvidia-persistenced.service",
    );
    s.msg(
        200,
        "nvidia-persistenced.service 1.02 KiB / 1.02 KiB [=====================] 100.00% 0s",
    );
    s.say(300, "Provisioning with shell script: scripts/10-base.sh");
    s.say(200, "+ apt-get update");
    apt_update(s, mirror, security, release, false);
    apt_upgrade(s, 36, salt, mirror, release);
    base_tools(s);
    s.say(400, "Provisioning with shell script: scripts/20-nvidia.sh");
    s.say(100, "+ curl -fsSLo /tmp/cuda-keyring.deb https://developer.download.nvidia.com/compute/cuda/repos/ubuntu2204/x86_64/cuda-keyring_1.1-1_all.deb");
    s.say(900, "+ dpkg -i /tmp/cuda-keyring.deb");
    s.msg(100, "Selecting previously unselected package cuda-keyring.");
    s.msg(
        10,
        "(Reading database ... 64231 files and directories currently installed.)",
    );
    s.msg(10, "Preparing to unpack /tmp/cuda-keyring.deb ...");
    s.msg(10, "Unpacking cuda-keyring (1.1-1) ...");
    s.msg(10, "Setting up cuda-keyring (1.1-1) ...");
    s.say(10, "+ apt-get update");
    apt_update(s, mirror, security, release, true);
    s.say(200, "+ apt-get install -y --no-install-recommends nvidia-driver-550-server nvidia-fabricmanager-550 cuda-toolkit-12-4");
    apt_install(s, debs, mirror, release, kernel);
    s.say(300, "+ install -m 0644 /tmp/nvidia-persistenced.service /etc/systemd/system/nvidia-persistenced.service");
    s.say(20, "+ systemctl enable nvidia-persistenced");
    s.say(400, "Created symlink /etc/systemd/system/multi-user.target.wants/nvidia-persistenced.service → /etc/systemd/system/nvidia-persistenced.service.");
    s.say(
        10,
        "+ echo 'export PATH=/usr/local/cuda-12.4/bin:$PATH' > /etc/profile.d/cuda.sh",
    );
    s.say(300, "Provisioning with shell script: scripts/30-agents.sh");
}

/// The last script: apt's caches and the machine's identity removed.
fn cleanup_script(s: &mut Stream) {
    s.say(300, "Provisioning with shell script: scripts/90-cleanup.sh");
    s.say(100, "+ apt-get clean");
    s.say(400, "+ rm -rf /var/lib/apt/lists/ /tmp/cuda-keyring.deb");
    s.say(300, "+ cloud-init clean --logs --seed");
    s.say(200, "+ truncate -s 0 /etc/machine-id");
    s.say(
        20,
        "+ rm -f /root/.ssh/authorized_keys /home/ubuntu/.ssh/authorized_keys",
    );
    s.say(10, "+ sync");
}

/// `Fri Nov 27 02:14:05 2026 UTC` of `s` seconds after midnight, as
/// osquery's `calendarTime`.
fn calendar(s: u64) -> String {
    format!("Fri Nov 27 {} 2026 UTC", clock(s))
}

/// `n` base64 characters, fixed by the hash of `i`.
fn b64(i: usize, salt: u64, n: usize) -> String {
    const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    (0..n)
        .map(|k| A[(h(i * 977 + k, salt) % 64) as usize] as char)
        .collect()
}

/// One `authorized_keys` row of the osquery case: user, uid, key file,
/// algorithm, key, comment.
fn key_row(user: &str, uid: u64, home: &str, rsa: bool, i: usize, comment: &str) -> Value {
    let key = if rsa {
        format!("AAAAB3NzaC1yc2EAAAADAQABAAABgQ{}", b64(i, 441, 512))
    } else {
        format!("AAAAC3NzaC1lZDI1NTE5AAAAI{}", b64(i, 441, 43))
    };
    json!({
        "username": user,
        "uid": uid.to_string(),
        "algorithm": if rsa { "ssh-rsa" } else { "ssh-ed25519" },
        "key": key,
        "options": "",
        "comment": comment,
        "key_file": format!("{home}/.ssh/authorized_keys")
    })
}

/// The results log of `osqueryd` (5.12, the filesystem logger, differential
/// results) gathered from a fleet of about ninety Linux servers over a
/// night: every three hours each host's `osquery_info` snapshot; logins,
/// shell history (admins reading and editing `authorized_keys` among it),
/// services restarting and re-binding their ports, unattended upgrades
/// replacing the OpenSSL packages; at four o'clock a rotation of the
/// `deploy` user's key on every host (the old one removed, the new one
/// added); three hosts enrolled during the night, whose first results
/// list root's standard key as added (counter 0); a backup server's key
/// added for `postgres` on a database; an old key removed from root on a
/// bastion. Once, an unknown key is added to root's `authorized_keys` on
/// `billing-db-03`.
fn osquery_root_key() -> Case {
    let mut hosts: Vec<String> = Vec::new();
    for (role, n) in [
        ("web", 24),
        ("api", 18),
        ("worker", 20),
        ("billing-db", 4),
        ("pg-replica", 3),
        ("bastion", 2),
        ("cache", 6),
        ("queue", 3),
        ("ci-runner", 8),
        ("log", 2),
    ] {
        for k in 1..=n {
            hosts.push(format!("{role}-{k:02}"));
        }
    }
    // Enrolled during the night: (host, second of the day it joined).
    let joined: [(&str, u64); 3] = [
        ("worker-21", 5 * 3600 + 612),
        ("worker-22", 7 * 3600 + 2_711),
        ("api-19", 8 * 3600 + 1_804),
    ];
    for (host, _) in joined {
        hosts.push(host.to_string());
    }
    let start_of = |host: usize| -> u64 {
        joined
            .iter()
            .find(|j| j.0 == hosts[host])
            .map_or(0, |j| j.1)
    };
    let admins = ["jmeyer", "asantos", "pkowalski", "lnguyen", "okarlsson"];
    let mut events: Vec<(u64, usize, Value)> = Vec::new();
    let push = |events: &mut Vec<(u64, usize, Value)>,
                host: &str,
                host_index: usize,
                t: u64,
                query: &str,
                counter: u64,
                columns: Value,
                action: &str| {
        events.push((
            t,
            events.len(),
            json!({
                "name": query,
                "hostIdentifier": host,
                "calendarTime": calendar(t),
                "unixTime": DAY + t,
                "epoch": 0,
                "counter": counter,
                "numerics": false,
                "decorations": {"host_uuid": uuid(host_index, 442).to_uppercase(), "hostname": host},
                "columns": columns,
                "action": action
            }),
        ));
    };
    let keys = "pack_linux-security_authorized_keys";
    let end = 10 * 3600;
    for (hi, host) in hosts.iter().enumerate() {
        let host = host.as_str();
        let from = start_of(hi);
        let fresh = from > 0;
        let base = if fresh { 0 } else { 300 + h(hi, 443) % 900 };
        // osquery_info snapshots every two hours.
        let mut t = from + h(hi, 444) % 600;
        let mut n = 0;
        while t < end {
            events.push((
                t,
                events.len(),
                json!({
                    "snapshot": [{
                        "build_distro": "focal",
                        "build_platform": "ubuntu",
                        "config_hash": hex(hi * 31 + (t / 21_600) as usize, 445, 40),
                        "config_valid": "1",
                        "extensions": "active",
                        "instance_id": uuid(hi, 446),
                        "pid": (700 + h(hi, 447) % 600).to_string(),
                        "platform_mask": "9",
                        "start_time": (DAY - 86_400 * (1 + h(hi, 448) % 20)).to_string(),
                        "uuid": uuid(hi, 442).to_uppercase(),
                        "version": "5.12.1",
                        "watcher": (680 + h(hi, 447) % 600).to_string()
                    }],
                    "action": "snapshot",
                    "name": "pack_osquery-monitoring_osquery_info",
                    "hostIdentifier": host,
                    "calendarTime": calendar(t),
                    "unixTime": DAY + t,
                    "epoch": 0,
                    "counter": base / 2 + n,
                    "numerics": false,
                    "decorations": {"host_uuid": uuid(hi, 442).to_uppercase(), "hostname": host}
                }),
            ));
            n += 1;
            t += 10_800;
        }
        // A new host's first results: every key it has, as added.
        if fresh {
            let t = from + 40 + h(hi, 449) % 300;
            push(
                &mut events,
                host,
                hi,
                t,
                keys,
                0,
                key_row("root", 0, "/root", false, 9_001, "ops@bastion-01"),
                "added",
            );
            push(
                &mut events,
                host,
                hi,
                t,
                keys,
                0,
                key_row(
                    "ubuntu",
                    1000,
                    "/home/ubuntu",
                    false,
                    9_001,
                    "ops@bastion-01",
                ),
                "added",
            );
            push(
                &mut events,
                host,
                hi,
                t,
                keys,
                0,
                key_row(
                    "deploy",
                    1001,
                    "/home/deploy",
                    false,
                    9_003,
                    "deploy@ci-2026",
                ),
                "added",
            );
        }
        // The deploy key's rotation at four.
        if !fresh {
            let t = 4 * 3600 + 60 + h(hi, 450) % 1_200;
            let c = base + t / 3600;
            push(
                &mut events,
                host,
                hi,
                t,
                keys,
                c,
                key_row(
                    "deploy",
                    1001,
                    "/home/deploy",
                    false,
                    9_002,
                    "deploy@ci-2025",
                ),
                "removed",
            );
            push(
                &mut events,
                host,
                hi,
                t,
                keys,
                c,
                key_row(
                    "deploy",
                    1001,
                    "/home/deploy",
                    false,
                    9_003,
                    "deploy@ci-2026",
                ),
                "added",
            );
        }
        // Unattended upgrades of OpenSSL and curl after six.
        if !fresh {
            let t = 6 * 3600 + 900 + h(hi, 451) % 2_400;
            let c = base + t / 3600 + 3;
            for (name, source, old, new, size, section) in [
                (
                    "libssl3",
                    "openssl",
                    "3.0.2-0ubuntu1.18",
                    "3.0.2-0ubuntu1.19",
                    "5822",
                    "libs",
                ),
                (
                    "openssl",
                    "",
                    "3.0.2-0ubuntu1.18",
                    "3.0.2-0ubuntu1.19",
                    "2065",
                    "utils",
                ),
            ] {
                for (version, action) in [(old, "removed"), (new, "added")] {
                    push(
                        &mut events,
                        host,
                        hi,
                        t,
                        "pack_linux-security_deb_packages",
                        c,
                        json!({
                            "name": name,
                            "version": version,
                            "source": source,
                            "size": size,
                            "arch": "amd64",
                            "revision": version.rsplit('-').next().unwrap_or(""),
                            "status": "install ok installed",
                            "maintainer": "Ubuntu Developers <ubuntu-devel-discuss@lists.ubuntu.com>",
                            "section": section,
                            "priority": "optional",
                            "admindir": "/var/lib/dpkg",
                            "pid_with_namespace": "0",
                            "mount_namespace_id": ""
                        }),
                        action,
                    );
                }
            }
        }
        // A service restarting: its port re-bound by a new pid.
        let (service, port) = match host.split('-').next().unwrap_or("") {
            "web" => ("nginx", "443"),
            "api" => ("gunicorn", "8000"),
            "billing" | "pg" => ("postgres", "5432"),
            "cache" => ("redis-server", "6379"),
            "queue" => ("beam.smp", "5672"),
            "bastion" => ("sshd", "22"),
            "log" => ("vector", "6000"),
            _ => ("node_exporter", "9100"),
        };
        for r in 0..(1 + h(hi, 452) % 2) {
            let t = from + 1_800 + h(hi * 3 + r as usize, 453) % 30_000;
            if t >= end {
                continue;
            }
            let c = base + t / 600;
            for (pid, action) in [
                (1_000 + h(hi * 3 + r as usize, 454) % 60_000, "removed"),
                (1_000 + h(hi * 3 + r as usize, 455) % 60_000, "added"),
            ] {
                push(
                    &mut events,
                    host,
                    hi,
                    t,
                    "pack_linux-security_listening_ports",
                    c,
                    json!({
                        "pid": pid.to_string(),
                        "port": port,
                        "protocol": "6",
                        "family": "2",
                        "address": "0.0.0.0",
                        "fd": (3 + h(hi, 456) % 20).to_string(),
                        "socket": (30_000 + h(pid as usize, 457) % 900_000).to_string(),
                        "path": "",
                        "net_namespace": "4026531840",
                        "name": service
                    }),
                    action,
                );
            }
        }
    }
    // Admins at work: logins and what they typed.
    let commands = [
        "sudo -i",
        "df -h",
        "free -m",
        "uptime",
        "systemctl status nginx",
        "journalctl -u app --since '1 hour ago'",
        "tail -f /var/log/app/app.log",
        "sudo cat /root/.ssh/authorized_keys",
        "ssh-keygen -lf /root/.ssh/authorized_keys",
        "sudo vim /home/deploy/.ssh/authorized_keys",
        "grep -c ssh-ed25519 /home/deploy/.ssh/authorized_keys",
        "sudo -u postgres psql -c 'select pg_is_in_recovery()'",
        "ls -la /root/.ssh/",
        "htop",
        "sudo apt list --upgradable",
        "last -n 20",
        "cat /etc/os-release",
    ];
    for k in 0..110usize {
        let hi = (h(k, 458) % 90) as usize;
        let host = hosts[hi].as_str();
        let admin = admins[(h(k, 459) % 5) as usize];
        let uid = 1_002 + h(k, 459) % 5;
        let t = 600 + h(k, 460) % 34_000;
        let base = 300 + h(hi, 443) % 900;
        push(
            &mut events,
            host,
            hi,
            t,
            "pack_linux-security_logged_in_users",
            base + t / 300,
            json!({
                "type": "user",
                "user": admin,
                "tty": format!("pts/{}", h(k, 461) % 4),
                "host": format!("10.40.3.{}", 10 + h(k, 462) % 40),
                "time": (DAY + t - 20).to_string(),
                "pid": (20_000 + h(k, 463) % 40_000).to_string(),
                "sid": "",
                "registry": ""
            }),
            "added",
        );
        for j in 0..(1 + h(k, 464) % 3) as usize {
            let command = commands[(h(k * 4 + j, 465) % commands.len() as u64) as usize];
            push(
                &mut events,
                host,
                hi,
                t + 300 + j as u64 * 30,
                "pack_linux-security_shell_history",
                base + (t + 300) / 300,
                json!({
                    "uid": uid.to_string(),
                    "username": admin,
                    "time": "0",
                    "command": command,
                    "history_file": format!("/home/{admin}/.bash_history")
                }),
                "added",
            );
        }
    }
    let index = |name: &str| hosts.iter().position(|x| x == name).expect("host");
    // A backup server's key for postgres on a database.
    let db1 = index("billing-db-01");
    push(
        &mut events,
        "billing-db-01",
        db1,
        3600 + 2_400,
        keys,
        411,
        key_row(
            "postgres",
            114,
            "/var/lib/postgresql",
            false,
            9_004,
            "barman@backup-01",
        ),
        "added",
    );
    // An old key removed from root on a bastion.
    let b2 = index("bastion-02");
    push(
        &mut events,
        "bastion-02",
        b2,
        2 * 3600 + 1_830,
        keys,
        388,
        key_row("root", 0, "/root", true, 9_005, "jmeyer@laptop-2019"),
        "removed",
    );
    // The planted one.
    let db3 = index("billing-db-03");
    let planted_t = 3 * 3600 + 12 * 60 + 44;
    push(
        &mut events,
        "billing-db-03",
        db3,
        planted_t,
        keys,
        517,
        key_row("root", 0, "/root", true, 9_006, "svc@vps-2281431"),
        "added",
    );
    events.sort_by_key(|e| (e.0, e.1));
    let mut out = String::new();
    for (_, _, v) in &events {
        out.push_str(&v.to_string());
        out.push('\n');
    }
    Case::fact(
        "osqueryd results log, a key slipped into root",
        out,
        "Has anyone sneaked a new SSH login key into the root account on any of our servers overnight? Which machine, and whose key is it?",
        &["billing-db-03", "svc@vps-2281431"],
    )
    .with_jq(
        ".[] | select(.name == \"pack_linux-security_authorized_keys\" and .action == \"added\" and .counter > 0 and .columns.username == \"root\") | .hostIdentifier + \" \" + .columns.comment",
        vec![jq_string("billing-db-03 svc@vps-2281431")],
    )
}

/// `golangci-lint run --out-format json --max-issues-per-linter 0
/// --max-same-issues 0 ./...` (v1.59) of a Go ledger service with thirty
/// linters on: one line of JSON, the issues sorted by file and line, then
/// the report of linters. Thousands of style complaints (`errcheck`,
/// `revive`, `lll`, `gocritic`, `stylecheck`, deprecations from
/// staticcheck), `nilnil` and `nilerr` findings, a long comment that talks
/// about a nil pointer dereference. Once, staticcheck finds a possible
/// nil pointer dereference in `internal/ledger/reconcile.go` (and, as its
/// related information, the nil check above it).
fn golangci_crash_bug() -> Case {
    let packages: [(&str, &[&str]); 20] = [
        ("cmd/ledgerd", &["main.go", "flags.go", "signals.go"]),
        ("cmd/ledger-migrate", &["main.go", "plan.go"]),
        (
            "internal/api",
            &[
                "accounts.go",
                "entries.go",
                "errors.go",
                "health.go",
                "router.go",
                "server.go",
                "statements.go",
                "transfers.go",
            ],
        ),
        (
            "internal/api/middleware",
            &[
                "auth.go",
                "logging.go",
                "ratelimit.go",
                "recover.go",
                "requestid.go",
            ],
        ),
        (
            "internal/auth",
            &["jwt.go", "keys.go", "scopes.go", "session.go"],
        ),
        (
            "internal/billing",
            &[
                "client.go",
                "invoice.go",
                "plans.go",
                "proration.go",
                "usage.go",
                "webhook.go",
            ],
        ),
        ("internal/config", &["config.go", "env.go", "validate.go"]),
        (
            "internal/currency",
            &["convert.go", "rates.go", "rounding.go"],
        ),
        (
            "internal/export",
            &["csv.go", "parquet.go", "s3.go", "scheduler.go"],
        ),
        (
            "internal/ledger",
            &[
                "account.go",
                "balance.go",
                "close.go",
                "journal.go",
                "posting.go",
                "reconcile.go",
                "reconcile_test.go",
                "rounding.go",
                "snapshot.go",
                "transfer.go",
            ],
        ),
        (
            "internal/notify",
            &["email.go", "slack.go", "templates.go", "webhook.go"],
        ),
        (
            "internal/postgres",
            &[
                "accounts.go",
                "entries.go",
                "migrations.go",
                "pool.go",
                "tx.go",
            ],
        ),
        (
            "internal/queue",
            &["consumer.go", "producer.go", "retry.go"],
        ),
        (
            "internal/reports",
            &["aging.go", "balances.go", "pnl.go", "trial_balance.go"],
        ),
        ("internal/scheduler", &["cron.go", "jobs.go", "lock.go"]),
        ("internal/telemetry", &["metrics.go", "tracing.go"]),
        (
            "pkg/decimal",
            &["decimal.go", "decimal_test.go", "format.go"],
        ),
        ("pkg/httpx", &["client.go", "errors.go", "json.go"]),
        ("pkg/idgen", &["idgen.go", "ulid.go"]),
        ("pkg/retry", &["backoff.go", "retry.go"]),
    ];
    let vars = [
        "acct", "entry", "tx", "row", "posting", "req", "cfg", "amount", "batch", "job", "stmt",
        "rate",
    ];
    let funcs = [
        "Close",
        "Reconcile",
        "Post",
        "Transfer",
        "Snapshot",
        "Export",
        "Rebuild",
        "Apply",
        "Void",
        "Settle",
        "Load",
        "Refresh",
    ];
    let closers = [
        "resp.Body.Close",
        "rows.Close",
        "tx.Rollback",
        "f.Close",
        "conn.Close",
        "w.Flush",
    ];
    // (linter, text, source line); `{v}`, `{F}`, `{c}`, `{n}` filled per issue.
    let templates: [(&str, &str, &str); 30] = [
        (
            "errcheck",
            "Error return value of `{c}` is not checked",
            "\tdefer {c}()",
        ),
        (
            "errcheck",
            "Error return value of `{c}` is not checked",
            "\t{c}()",
        ),
        (
            "errcheck",
            "Error return value of `(*encoding/json.Encoder).Encode` is not checked",
            "\tjson.NewEncoder(w).Encode(out)",
        ),
        (
            "revive",
            "exported: exported function {F} should have comment or be unexported",
            "func {F}(ctx context.Context, id string) error {",
        ),
        (
            "revive",
            "var-naming: var {v}Id should be {v}ID",
            "\t{v}Id := r.URL.Query().Get(\"id\")",
        ),
        (
            "revive",
            "unused-parameter: parameter 'ctx' seems to be unused, consider removing or renaming it as _",
            "func (s *Service) {F}(ctx context.Context) error {",
        ),
        (
            "revive",
            "indent-error-flow: if block ends with a return statement, so drop this else and outdent its block",
            "\t} else {",
        ),
        (
            "gocritic",
            "ifElseChain: rewrite if-else to switch statement",
            "\tif {v}.Kind == KindDebit {",
        ),
        (
            "gocritic",
            "hugeParam: {v} is heavy (208 bytes); consider passing it by pointer",
            "func validate({v} Posting) error {",
        ),
        (
            "stylecheck",
            "ST1003: func parameter userId should be userID",
            "func (s *Store) ByUser(ctx context.Context, userId string) ([]Entry, error) {",
        ),
        (
            "stylecheck",
            "ST1005: error strings should not be capitalized",
            "\treturn fmt.Errorf(\"Invalid {v}: %w\", err)",
        ),
        (
            "gosimple",
            "S1002: should omit comparison to bool constant, can be simplified to `!ok`",
            "\tif ok == false {",
        ),
        (
            "staticcheck",
            "SA1019: \"io/ioutil\" has been deprecated since Go 1.19: As of Go 1.16, the same functionality is now provided by package [io] or package [os], and those implementations should be preferred in new code. See the specific function documentation for details.",
            "\t\"io/ioutil\"",
        ),
        (
            "staticcheck",
            "SA4006: this value of `err` is never used",
            "\t{v}, err := s.load(ctx, id)",
        ),
        ("staticcheck", "SA9003: empty branch", "\tif err != nil {"),
        (
            "lll",
            "line is {n} characters",
            "\tlog.Info().Str(\"account\", {v}.ID).Str(\"currency\", {v}.Currency).Int64(\"minor_units\", {v}.Amount.MinorUnits()).Msg(\"posting accepted\")",
        ),
        ("gosec", "G104: Errors unhandled.", "\t{c}()"),
        (
            "gosec",
            "G304: Potential file inclusion via variable",
            "\tdata, err := os.ReadFile(path)",
        ),
        (
            "gosec",
            "G401: Use of weak cryptographic primitive",
            "\th := md5.New()",
        ),
        (
            "unused",
            "func `legacy{F}` is unused",
            "func legacy{F}(v decimal.Decimal) decimal.Decimal {",
        ),
        (
            "nilnil",
            "return both the `nil` error and invalid value: use a sentinel error instead",
            "\t\treturn nil, nil",
        ),
        (
            "nilerr",
            "error is not nil (line {n}) but it returns nil",
            "\t\treturn nil",
        ),
        (
            "govet",
            "printf: fmt.Errorf format %d has arg id of wrong type string",
            "\treturn fmt.Errorf(\"{v} %d not found\", id)",
        ),
        (
            "govet",
            "shadow: declaration of \"err\" shadows declaration at line {n}",
            "\t\t{v}, err := decode(raw)",
        ),
        (
            "ineffassign",
            "ineffectual assignment to err",
            "\t{v}, err = s.fetch(ctx)",
        ),
        (
            "misspell",
            "`cancelled` is a misspelling of `canceled`",
            "\t// {v} was cancelled by the user",
        ),
        (
            "gocyclo",
            "cyclomatic complexity 34 of func `(*Service).{F}` is high (> 30)",
            "func (s *Service) {F}(ctx context.Context, in Request) (*Response, error) {",
        ),
        (
            "goconst",
            "string `pending` has 4 occurrences, make it a constant",
            "\tcase \"pending\":",
        ),
        (
            "prealloc",
            "Consider preallocating `out`",
            "\tvar out []Entry",
        ),
        (
            "bodyclose",
            "response body must be closed",
            "\tresp, err := s.http.Do(req)",
        ),
    ];
    let issue = |linter: &str, text: &str, source: &str, file: &str, line: u64, column: u64| {
        json!({
            "FromLinter": linter,
            "Text": text,
            "Severity": "",
            "SourceLines": [source],
            "Replacement": null,
            "Pos": {"Filename": file, "Offset": line * 31 + column, "Line": line, "Column": column},
            "ExpectNoLint": false,
            "ExpectedNoLintLinter": ""
        })
    };
    let planted = "internal/ledger/reconcile.go";
    let mut issues = Vec::new();
    let mut planted_done = false;
    let mut k = 0usize;
    for (dir, files) in packages {
        for file in files {
            let path = format!("{dir}/{file}");
            let n = 5 + h(k, 470) % 50;
            let mut lines: Vec<u64> = (0..n)
                .map(|j| range(k * 64 + j as usize, 471, 8, 420))
                .collect();
            lines.sort_unstable();
            for (j, &line) in lines.iter().enumerate() {
                let i = k * 64 + j;
                if path == planted && line > 200 && line < 220 {
                    continue;
                }
                let (linter, text, source) =
                    templates[(h(i, 472) % templates.len() as u64) as usize];
                let fill = |s: &str| {
                    s.replace("{v}", pick(&vars, i, 473))
                        .replace("{F}", pick(&funcs, i, 474))
                        .replace("{c}", pick(&closers, i, 475))
                        .replace(
                            "{n}",
                            &(if linter == "lll" {
                                121 + h(i, 476) % 60
                            } else {
                                line.saturating_sub(1 + h(i, 477) % 6)
                            })
                            .to_string(),
                        )
                };
                if path == planted && line > 214 && !planted_done {
                    planted_done = true;
                    issues.push(issue("staticcheck", "SA5011(related information): this check suggests that the pointer can be nil", "\tif acct == nil {", &path, 209, 5));
                    issues.push(issue(
                        "staticcheck",
                        "SA5011: possible nil pointer dereference",
                        "\tdelta := acct.Balance.Sub(entry.Amount)",
                        &path,
                        214,
                        11,
                    ));
                }
                issues.push(issue(
                    linter,
                    &fill(text),
                    &fill(source),
                    &path,
                    line,
                    1 + h(i, 478) % 40,
                ));
                if path == "internal/ledger/posting.go" && j == 2 {
                    issues.push(issue("lll", "line is 171 characters", "\t// Closed accounts are skipped upstream: a nil account here would be a nil pointer dereference, so callers must filter them (see ADR-0042).", &path, line + 1, 121));
                }
            }
            k += 1;
        }
    }
    assert!(planted_done);
    let enabled = [
        "bodyclose",
        "dupl",
        "errcheck",
        "gocritic",
        "goconst",
        "gocyclo",
        "gofmt",
        "goimports",
        "gosec",
        "gosimple",
        "govet",
        "ineffassign",
        "lll",
        "misspell",
        "nilerr",
        "nilnil",
        "prealloc",
        "revive",
        "staticcheck",
        "stylecheck",
        "unconvert",
        "unparam",
        "unused",
        "whitespace",
        "errorlint",
        "exhaustive",
        "noctx",
        "rowserrcheck",
        "sqlclosecheck",
        "wastedassign",
    ];
    let all = [
        "asasalint",
        "asciicheck",
        "bidichk",
        "bodyclose",
        "containedctx",
        "contextcheck",
        "cyclop",
        "decorder",
        "depguard",
        "dogsled",
        "dupl",
        "dupword",
        "durationcheck",
        "errcheck",
        "errchkjson",
        "errname",
        "errorlint",
        "exhaustive",
        "exhaustruct",
        "exportloopref",
        "forbidigo",
        "forcetypeassert",
        "funlen",
        "gci",
        "ginkgolinter",
        "gocheckcompilerdirectives",
        "gochecknoglobals",
        "gochecknoinits",
        "gocognit",
        "goconst",
        "gocritic",
        "gocyclo",
        "godot",
        "godox",
        "goerr113",
        "gofmt",
        "gofumpt",
        "goheader",
        "goimports",
        "gomnd",
        "gomoddirectives",
        "gomodguard",
        "goprintffuncname",
        "gosec",
        "gosimple",
        "gosmopolitan",
        "govet",
        "grouper",
        "importas",
        "ineffassign",
        "interfacebloat",
        "ireturn",
        "lll",
        "loggercheck",
        "maintidx",
        "makezero",
        "mirror",
        "misspell",
        "musttag",
        "nakedret",
        "nestif",
        "nilerr",
        "nilnil",
        "nlreturn",
        "noctx",
        "nolintlint",
        "nonamedreturns",
        "nosprintfhostport",
        "paralleltest",
        "prealloc",
        "predeclared",
        "promlinter",
        "reassign",
        "revive",
        "rowserrcheck",
        "sqlclosecheck",
        "staticcheck",
        "stylecheck",
        "tagalign",
        "tagliatelle",
        "tenv",
        "testableexamples",
        "testpackage",
        "thelper",
        "tparallel",
        "typecheck",
        "unconvert",
        "unparam",
        "unused",
        "usestdlibvars",
        "varnamelen",
        "wastedassign",
        "whitespace",
        "wrapcheck",
        "wsl",
        "zerologlint",
    ];
    let by_default = [
        "errcheck",
        "gosimple",
        "govet",
        "ineffassign",
        "staticcheck",
        "unused",
        "typecheck",
    ];
    let linters: Vec<Value> = all
        .iter()
        .map(|name| {
            let mut l = json!({"Name": name});
            if enabled.contains(name) || by_default.contains(name) {
                l["Enabled"] = json!(true);
            }
            if by_default.contains(name) {
                l["EnabledByDefault"] = json!(true);
            }
            l
        })
        .collect();
    let doc = json!({"Issues": issues, "Report": {"Linters": linters}});
    let out = doc.to_string() + "\n";
    Case::fact(
        "golangci-lint JSON, the possible crash",
        out,
        "The Go linter dumped thousands of complaints on the ledger service. Is any of them something that could actually crash it in production? Where exactly?",
        &[planted, "possible nil pointer dereference"],
    )
    .with_jq(
        ".Issues[] | select(.Text | startswith(\"SA5011: possible nil\")) | .Pos.Filename + \":\" + (.Pos.Line | tostring)",
        vec![jq_string("internal/ledger/reconcile.go:214")],
    )
}

/// One ingress rule of the checkov case: description, ports, IPv4 CIDRs,
/// IPv6 CIDRs.
type Ingress = (&'static str, u64, u64, &'static str, &'static str);

/// `checkov -d . --framework terraform -o json` (checkov 3.2) of an
/// infrastructure repository with six stacks, each with seven or eight
/// security groups: four checks of each (a description on every rule,
/// SSH, RDP and HTTP from anywhere), every record repeating the
/// resource's code, passed then failed then skipped, then the summary. As decoys: groups named for SSH
/// that only admit the VPC or office ranges (passing the SSH check), an
/// SFTP group open to the world on port 2222, load balancers open on 80,
/// a Windows jump host open on RDP and a Citrix gateway whose RDP finding
/// is suppressed. Six groups open SSH to the internet: four on port 22,
/// one through IPv6 only, one through a rule for every port.
fn checkov_open_ssh() -> Case {
    let stacks = [
        "prod-eu",
        "prod-us",
        "staging",
        "dev",
        "shared-services",
        "data-platform",
    ];
    let internal = "[\"10.0.0.0/8\"]";
    let world = "[\"0.0.0.0/0\"]";
    let common: Vec<(&str, Vec<Ingress>)> = vec![
        (
            "alb",
            vec![("HTTP", 80, 80, world, ""), ("HTTPS", 443, 443, world, "")],
        ),
        (
            "ssh_ops",
            vec![("SSH from ops VPC", 22, 22, "[\"10.20.0.0/16\"]", "")],
        ),
        (
            "bastion",
            vec![(
                "SSH from offices",
                22,
                22,
                "[\"203.0.113.0/24\", \"198.51.100.0/24\"]",
                "",
            )],
        ),
        (
            "rds",
            vec![("postgres from apps", 5432, 5432, internal, "")],
        ),
        (
            "monitoring",
            vec![
                ("", 9100, 9100, internal, ""),
                ("prometheus", 9090, 9090, internal, ""),
            ],
        ),
    ];
    // Per stack: its own groups, the planted among them.
    let own: Vec<Vec<(&str, Vec<Ingress>)>> = vec![
        vec![
            ("legacy_jump", vec![("SSH", 22, 22, world, "")]),
            (
                "windows_jump",
                vec![("RDP for support", 3389, 3389, world, "")],
            ),
        ],
        vec![
            (
                "citrix_gateway",
                vec![("RDP via Citrix", 3389, 3389, world, "")],
            ),
            (
                "vendor_support",
                vec![
                    ("vendor SSH access", 22, 22, world, ""),
                    ("vendor HTTPS", 443, 443, world, ""),
                ],
            ),
            (
                "sftp_public",
                vec![("SFTP for partners", 2222, 2222, world, "")],
            ),
        ],
        vec![
            (
                "debug_all_open",
                vec![("temporary: debugging", 0, 65535, world, "")],
            ),
            (
                "ssh_from_vpn",
                vec![("SSH from VPN", 22, 22, "[\"10.99.0.0/16\"]", "")],
            ),
        ],
        vec![
            (
                "ml_notebooks",
                vec![
                    ("jupyter", 8888, 8888, internal, ""),
                    ("", 22, 22, world, ""),
                ],
            ),
            (
                "sftp_public",
                vec![("SFTP for partners", 2222, 2222, world, "")],
            ),
        ],
        vec![
            ("sftp_partner_ingest", vec![("SFTP", 22, 22, world, "")]),
            (
                "open_ssh_ci",
                vec![("SSH from CI runners", 22, 22, "[\"10.30.0.0/16\"]", "")],
            ),
        ],
        vec![
            ("etl_runners", vec![("SSH", 22, 22, internal, "[\"::/0\"]")]),
            (
                "ssh_bastion_public",
                vec![("SSH from office", 22, 22, "[\"192.0.2.0/24\"]", "")],
            ),
        ],
    ];
    let checks: [(&str, &str, &str, &str, &str); 4] = [
        (
            "CKV_AWS_23",
            "BC_AWS_NETWORKING_31",
            "Ensure every security group and rule has a description",
            "SecurityGroupRuleDescription",
            "networking-31",
        ),
        (
            "CKV_AWS_24",
            "BC_AWS_NETWORKING_1",
            "Ensure no security groups allow ingress from 0.0.0.0:0 to port 22",
            "SecurityGroupUnrestrictedIngress22",
            "networking-1-port-security",
        ),
        (
            "CKV_AWS_25",
            "BC_AWS_NETWORKING_2",
            "Ensure no security groups allow ingress from 0.0.0.0:0 to port 3389",
            "SecurityGroupUnrestrictedIngress3389",
            "networking-2",
        ),
        (
            "CKV_AWS_260",
            "BC_AWS_NETWORKING_80",
            "Ensure no security groups allow ingress from 0.0.0.0:0 to port 80",
            "SecurityGroupUnrestrictedIngress80",
            "ensure-aws-security-groups-do-not-allow-ingress-from-00000-to-port-80",
        ),
    ];
    let suppressed =
        "Citrix gateway sits behind the vendor's appliance; accepted risk, tracked in SEC-1412";
    let (mut passed, mut failed, mut skipped) = (Vec::new(), Vec::new(), Vec::new());
    let mut items = Vec::new();
    let mut resources = 0;
    for (s, stack) in stacks.iter().enumerate() {
        let file = format!("/stacks/{stack}/security_groups.tf");
        let abs = format!("/home/runner/work/infra/infra{file}");
        let mut line = 1u64;
        let mut groups: Vec<(&str, Vec<Ingress>)> = common.clone();
        for (g, group) in own[s].iter().enumerate() {
            groups.insert((2 + g * 3 + s) % (groups.len() + 1), group.clone());
        }
        for (g, (name, rules)) in groups.iter().enumerate() {
            resources += 1;
            let i = s * 64 + g;
            let closed_egress = h(i, 480).is_multiple_of(5);
            let mut code: Vec<String> =
                vec![format!("resource \"aws_security_group\" \"{name}\" {{")];
            if *name == "citrix_gateway" {
                code.push(format!("  #checkov:skip=CKV_AWS_25:{suppressed}"));
            }
            code.push(format!(
                "  name        = \"{stack}-{}\"",
                name.replace('_', "-")
            ));
            code.push(format!(
                "  description = \"{} ({stack})\"",
                name.replace('_', " ")
            ));
            code.push("  vpc_id      = module.vpc.vpc_id".to_string());
            for (desc, from, to, v4, v6) in rules {
                code.push(String::new());
                code.push("  ingress {".to_string());
                if !desc.is_empty() {
                    code.push(format!("    description      = \"{desc}\""));
                }
                code.push(format!("    from_port        = {from}"));
                code.push(format!("    to_port          = {to}"));
                code.push("    protocol         = \"tcp\"".to_string());
                code.push(format!("    cidr_blocks      = {v4}"));
                if !v6.is_empty() {
                    code.push(format!("    ipv6_cidr_blocks = {v6}"));
                }
                code.push("  }".to_string());
            }
            code.push(String::new());
            code.push("  egress {".to_string());
            code.push("    from_port   = 0".to_string());
            code.push("    to_port     = 0".to_string());
            code.push("    protocol    = \"-1\"".to_string());
            code.push(format!(
                "    cidr_blocks = {}",
                if closed_egress { internal } else { world }
            ));
            code.push("  }".to_string());
            code.push(String::new());
            code.push("  tags = local.tags".to_string());
            code.push("}".to_string());
            let first = line;
            let last = line + code.len() as u64 - 1;
            line = last + 2;
            let code_block: Vec<Value> = code
                .iter()
                .enumerate()
                .map(|(k, l)| json!([first + k as u64, format!("{l}\n")]))
                .collect();
            let open = |port: u64| {
                rules.iter().any(|(_, from, to, v4, v6)| {
                    (v4.contains("0.0.0.0/0") || v6.contains("::/0"))
                        && *from <= port
                        && port <= *to
                })
            };
            let resource = format!("aws_security_group.{name}");
            for (check_id, bc, check_name, class, guide) in checks {
                let ok = match check_id {
                    "CKV_AWS_23" => rules.iter().all(|r| !r.0.is_empty()),
                    "CKV_AWS_24" => !open(22),
                    "CKV_AWS_25" => !open(3389),
                    _ => !open(80),
                };
                let keys: Vec<String> = match check_id {
                    "CKV_AWS_23" => vec![
                        "description".into(),
                        "ingress/[0]/description".into(),
                        "egress/[0]/description".into(),
                    ],
                    _ => (0..rules.len())
                        .flat_map(|r| {
                            [
                                format!("ingress/[{r}]/from_port"),
                                format!("ingress/[{r}]/to_port"),
                                format!("ingress/[{r}]/cidr_blocks"),
                                format!("ingress/[{r}]/ipv6_cidr_blocks"),
                            ]
                        })
                        .collect(),
                };
                let skip = check_id == "CKV_AWS_25" && *name == "citrix_gateway";
                let result = if skip {
                    json!({"result": "SKIPPED", "suppress_comment": suppressed})
                } else {
                    json!({"result": if ok { "PASSED" } else { "FAILED" }, "evaluated_keys": keys})
                };
                let record = json!({
                    "check_id": check_id,
                    "bc_check_id": bc,
                    "check_name": check_name,
                    "check_result": result,
                    "code_block": code_block,
                    "file_path": file,
                    "file_abs_path": abs,
                    "repo_file_path": file,
                    "file_line_range": [first, last],
                    "resource": resource,
                    "evaluations": null,
                    "check_class": format!("checkov.terraform.checks.resource.aws.{class}"),
                    "fixed_definition": null,
                    "entity_tags": {"Stack": stack, "ManagedBy": "terraform", "Team": pick(&["platform", "data", "ml", "payments"], i, 481)},
                    "caller_file_path": null,
                    "caller_file_line_range": null,
                    "resource_address": resource,
                    "severity": null,
                    "bc_category": null,
                    "benchmarks": null,
                    "description": null,
                    "short_description": null,
                    "vulnerability_details": null,
                    "connected_node": null,
                    "guideline": format!("https://docs.prismacloud.io/en/enterprise-edition/policy-reference/aws-policies/aws-networking-policies/{guide}"),
                    "details": [],
                    "check_len": null,
                    "definition_context_file_path": abs
                });
                if skip {
                    skipped.push(record);
                } else if ok {
                    passed.push(record);
                } else {
                    if check_id == "CKV_AWS_24" {
                        items.push(resource.clone());
                    }
                    failed.push(record);
                }
            }
        }
    }
    assert_eq!(items.len(), 6, "{items:?}");
    let summary = json!({
        "passed": passed.len(),
        "failed": failed.len(),
        "skipped": skipped.len(),
        "parsing_errors": 0,
        "resource_count": resources,
        "checkov_version": "3.2.255"
    });
    let doc = json!({
        "check_type": "terraform",
        "results": {
            "passed_checks": passed,
            "failed_checks": failed,
            "skipped_checks": skipped,
            "parsing_errors": []
        },
        "summary": summary,
        "url": "Add an api key '--bc-api-key <api-key>' to see more detailed insights via https://bridgecrew.cloud"
    });
    let expected = items.iter().map(|s| jq_string(s)).collect();
    Case::items(
        "checkov JSON, security groups open to SSH",
        pretty(&doc, b"    ") + "\n",
        "Which of our AWS firewall groups let anyone on the internet reach SSH? List every one of them.",
        items,
    )
    .with_jq(
        ".results.failed_checks[] | select(.check_id == \"CKV_AWS_24\") | .resource",
        expected,
    )
}

/// One Nomad job of the allocations case: id, type, task group, tasks,
/// and what becomes of its allocations.
struct NomadJob {
    id: &'static str,
    kind: &'static str,
    group: &'static str,
    tasks: &'static [&'static str],
    count: usize,
}

/// `curl -s $NOMAD_ADDR/v1/allocations?task_states=true` (Nomad 1.7) of a
/// cluster of forty clients: about 330 allocations of thirty jobs, one
/// compact line of JSON in the API's order (by allocation ID), each with
/// its tasks' states and events (received, set up, driver, started,
/// restarts, terminations, kills). As decoys: a `memcache-warmer` task
/// killed with exit code 137 after its kill timeout (not out of memory),
/// an `oom-watchdog` system job that runs fine, a report job failing
/// with exit code 1, allocations lost with a down node and old versions
/// stopped by a deployment. Five jobs have a task the kernel killed for
/// running out of memory (the event's `oom_killed`), some restarted and
/// running again, some failed.
fn nomad_oom_jobs() -> Case {
    let j = |id, kind, group, tasks, count| NomadJob {
        id,
        kind,
        group,
        tasks,
        count,
    };
    let jobs = vec![
        j(
            "checkout-api",
            "service",
            "api",
            &["api", "envoy-sidecar"] as &[&str],
            12,
        ),
        j(
            "catalog-api",
            "service",
            "api",
            &["api", "envoy-sidecar"],
            10,
        ),
        j("search-api", "service", "api", &["api"], 8),
        j("search-indexer", "service", "indexer", &["indexer"], 6),
        j(
            "pdf-renderer",
            "service",
            "render",
            &["chromium", "renderer"],
            6,
        ),
        j("thumbnailer", "service", "thumbs", &["thumbnailer"], 8),
        j("memcache-warmer", "batch", "warm", &["warmer"], 4),
        j("oom-watchdog", "system", "watchdog", &["watchdog"], 40),
        j(
            "node-exporter",
            "system",
            "exporter",
            &["node-exporter"],
            40,
        ),
        j("log-shipper", "system", "shipper", &["vector"], 40),
        j("ledger-export", "batch", "export", &["export"], 5),
        j("report-builder", "batch", "reports", &["builder"], 6),
        j(
            "feature-backfill",
            "batch",
            "backfill",
            &["backfill", "uploader"],
            6,
        ),
        j("email-sender", "service", "mail", &["sender"], 4),
        j("webhooks", "service", "dispatch", &["dispatcher"], 6),
        j(
            "auth-service",
            "service",
            "auth",
            &["auth", "envoy-sidecar"],
            6,
        ),
        j("cart-service", "service", "cart", &["cart"], 6),
        j("inventory-sync", "batch", "sync", &["sync"], 4),
        j("fraud-scorer", "service", "score", &["scorer"], 6),
        j("session-store", "service", "store", &["redis"], 3),
        j("graphql-gateway", "service", "gateway", &["gateway"], 8),
        j("image-cdn-purge", "batch", "purge", &["purge"], 3),
        j("pricing-engine", "service", "pricing", &["engine"], 6),
        j("recs-trainer", "batch", "train", &["trainer"], 2),
        j("admin-ui", "service", "ui", &["ui"], 3),
        j("metrics-rollup", "batch", "rollup", &["rollup"], 4),
        j("sftp-gateway", "service", "sftp", &["sftp"], 2),
        j("billing-cron", "batch", "bill", &["billing"], 3),
        j("notifications", "service", "notify", &["notifier"], 6),
        j("geo-lookup", "service", "geo", &["geo"], 4),
    ];
    // (job, allocation index, task, restarted and running again).
    let oom: [(&str, usize, &str, bool); 6] = [
        ("search-indexer", 2, "indexer", true),
        ("pdf-renderer", 4, "chromium", false),
        ("thumbnailer", 1, "thumbnailer", true),
        ("ledger-export", 3, "export", false),
        ("feature-backfill", 0, "backfill", false),
        ("pdf-renderer", 1, "chromium", true),
    ];
    let nodes: Vec<(String, String)> = (0..40)
        .map(|n| (uuid(n, 490), format!("nomad-client-{:02}", n + 1)))
        .collect();
    let down_node = 17;
    let t0 = (DAY + 3 * 3600) * 1_000_000_000;
    let ns = |i: usize, salt: u64, span_s: u64| {
        t0 + (h(i, salt) % (span_s * 1_000)) * 1_000_000 + h(i, salt + 1) % 1_000_000
    };
    let rfc = |t: u64| {
        let s = t / 1_000_000_000 - DAY;
        format!("2026-11-27T{}.{:09}Z", clock(s), t % 1_000_000_000)
    };
    let event = |kind: &str, time: u64, display: &str, details: Value, fails: bool, exit: i64| {
        json!({
            "Type": kind,
            "Time": time,
            "Message": "",
            "DisplayMessage": display,
            "Details": details,
            "FailsTask": fails,
            "RestartReason": if kind == "Restarting" { "Restart within policy" } else { "" },
            "SetupError": "",
            "DriverError": "",
            "ExitCode": exit,
            "Signal": 0,
            "KillTimeout": 0,
            "KillError": "",
            "KillReason": "",
            "StartDelay": if kind == "Restarting" { 15_532_000_000u64 } else { 0 },
            "DownloadError": "",
            "ValidationError": "",
            "DiskLimit": 0,
            "FailedSibling": "",
            "VaultError": "",
            "TaskSignalReason": "",
            "TaskSignal": "",
            "DriverMessage": if kind == "Driver" { "Downloading image" } else { "" },
            "GenericSource": ""
        })
    };
    let mut allocs: Vec<(String, Value)> = Vec::new();
    let mut items: BTreeSet<String> = BTreeSet::new();
    let mut i = 0usize;
    for job in &jobs {
        let version = 3 + h(i, 491) % 40;
        for a in 0..job.count {
            i += 1;
            let id = uuid(i, 492);
            let node = if job.kind == "system" {
                a
            } else {
                (h(i, 493) % 40) as usize
            };
            let created = ns(i, 494, 3_600);
            let started = created + 2_000_000_000 + h(i, 495) % 9_000_000_000;
            let lost = node == down_node && job.kind != "system" && h(i, 496).is_multiple_of(2);
            let oom_here: Vec<&(&str, usize, &str, bool)> =
                oom.iter().filter(|o| o.0 == job.id && o.1 == a).collect();
            let warmer_killed = job.id == "memcache-warmer" && a == 2;
            let report_failed = job.id == "report-builder" && a % 3 == 1;
            let batch_done =
                job.kind == "batch" && !warmer_killed && !report_failed && oom_here.is_empty();
            let mut failed = false;
            let mut running = true;
            let mut task_states = serde_json::Map::new();
            for task in job.tasks {
                let mut events = vec![
                    event(
                        "Received",
                        created,
                        "Task received by client",
                        json!({}),
                        false,
                        0,
                    ),
                    event(
                        "Task Setup",
                        created + 40_000_000,
                        "Building Task Directory",
                        json!({"message": "Building Task Directory"}),
                        false,
                        0,
                    ),
                    event(
                        "Driver",
                        created + 90_000_000,
                        "Downloading image",
                        json!({"image": format!("registry.acme.io/{}:{}", job.id, hex(i, 497, 7))}),
                        false,
                        0,
                    ),
                    event(
                        "Started",
                        started,
                        "Task started by client",
                        json!({}),
                        false,
                        0,
                    ),
                ];
                let mut state = "running";
                let mut task_failed = false;
                let mut restarts = 0;
                let mut last_restart = "0001-01-01T00:00:00Z".to_string();
                let mut finished = "0001-01-01T00:00:00Z".to_string();
                let died = started + 600_000_000_000 + h(i, 498) % 1_800_000_000_000;
                if let Some(o) = oom_here.iter().find(|o| o.2 == *task) {
                    items.insert(job.id.to_string());
                    events.push(event(
                        "Terminated",
                        died,
                        "Exit Code: 137, Exit Message: \"OOM Killed\"",
                        json!({"exit_code": "137", "exit_message": "OOM Killed", "oom_killed": "true", "signal": "0"}),
                        false,
                        137,
                    ));
                    if o.3 {
                        restarts = 1;
                        last_restart = rfc(died + 15_600_000_000);
                        events.push(event("Restarting", died + 10_000_000, "Task restarting in 15.532s", json!({"restart_reason": "Restart within policy", "start_delay": "15532000000"}), false, 0));
                        events.push(event(
                            "Started",
                            died + 15_600_000_000,
                            "Task started by client",
                            json!({}),
                            false,
                            0,
                        ));
                    } else {
                        restarts = 2;
                        events.push(event("Not Restarting", died + 10_000_000, "Exceeded allowed attempts 2 in interval 30m0s and mode is \"fail\"", json!({"fails_task": "true", "restart_reason": "Exceeded allowed attempts 2 in interval 30m0s and mode is \"fail\""}), true, 0));
                        state = "dead";
                        task_failed = true;
                        finished = rfc(died);
                    }
                } else if warmer_killed {
                    events.push(event(
                        "Killing",
                        died,
                        "Sent interrupt. Waiting 30s before force killing",
                        json!({"kill_timeout": "30000000000"}),
                        false,
                        0,
                    ));
                    events.push(event(
                        "Terminated",
                        died + 30_000_000_000,
                        "Exit Code: 137, Signal: 9",
                        json!({"exit_code": "137", "oom_killed": "false", "signal": "9"}),
                        false,
                        137,
                    ));
                    events.push(event(
                        "Killed",
                        died + 30_100_000_000,
                        "Task successfully killed",
                        json!({}),
                        false,
                        0,
                    ));
                    state = "dead";
                    task_failed = true;
                    finished = rfc(died + 30_000_000_000);
                } else if report_failed {
                    events.push(event(
                        "Terminated",
                        died,
                        "Exit Code: 1",
                        json!({"exit_code": "1", "oom_killed": "false", "signal": "0"}),
                        false,
                        1,
                    ));
                    events.push(event(
                        "Not Restarting",
                        died + 10_000_000,
                        "Error was unrecoverable",
                        json!({"fails_task": "true", "restart_reason": "Error was unrecoverable"}),
                        true,
                        0,
                    ));
                    state = "dead";
                    task_failed = true;
                    finished = rfc(died);
                } else if batch_done {
                    events.push(event(
                        "Terminated",
                        died,
                        "Exit Code: 0",
                        json!({"exit_code": "0", "oom_killed": "false", "signal": "0"}),
                        false,
                        0,
                    ));
                    state = "dead";
                    finished = rfc(died);
                } else if h(i * 3 + task.len(), 499).is_multiple_of(9) {
                    restarts = 1;
                    last_restart = rfc(died + 15_600_000_000);
                    events.push(event("Terminated", died, "Exit Code: 2, Exit Message: \"Docker container exited with non-zero exit code: 2\"", json!({"exit_code": "2", "exit_message": "Docker container exited with non-zero exit code: 2", "oom_killed": "false", "signal": "0"}), false, 2));
                    events.push(event("Restarting", died + 10_000_000, "Task restarting in 15.532s", json!({"restart_reason": "Restart within policy", "start_delay": "15532000000"}), false, 0));
                    events.push(event(
                        "Started",
                        died + 15_600_000_000,
                        "Task started by client",
                        json!({}),
                        false,
                        0,
                    ));
                }
                if lost {
                    state = "dead";
                }
                failed |= task_failed;
                running &= state == "running";
                task_states.insert(
                    task.to_string(),
                    json!({
                        "State": state,
                        "Failed": task_failed,
                        "Restarts": restarts,
                        "LastRestart": last_restart,
                        "StartedAt": rfc(started),
                        "FinishedAt": finished,
                        "Events": events,
                        "TaskHandle": null
                    }),
                );
            }
            let (client_status, client_description) = if lost {
                ("lost", "alloc is lost since its node is down")
            } else if failed {
                ("failed", "Failed tasks")
            } else if running {
                ("running", "Tasks are running")
            } else {
                ("complete", "All tasks have completed")
            };
            let stopped =
                job.kind == "service" && h(i, 500).is_multiple_of(7) && client_status == "running";
            let (desired, desired_description, client_status, client_description) = if stopped {
                (
                    "stop",
                    "alloc is being updated due to job update",
                    "complete",
                    "All tasks have completed",
                )
            } else {
                ("run", "", client_status, client_description)
            };
            let deployment = if job.kind == "service" {
                json!({"Healthy": client_status == "running", "Timestamp": rfc(started + 10_000_000_000), "Canary": false, "ModifyIndex": 90_000 + h(i, 501) % 9_000})
            } else {
                Value::Null
            };
            let create_index = 88_000 + h(i, 502) % 10_000;
            let (node_id, node_name) = &nodes[node];
            let v = json!({
                "ID": id,
                "EvalID": uuid(i, 503),
                "Name": format!("{}.{}[{}]", job.id, job.group, a),
                "Namespace": "default",
                "NodeID": node_id,
                "NodeName": node_name,
                "JobID": job.id,
                "JobType": job.kind,
                "JobVersion": if stopped { version - 1 } else { version },
                "TaskGroup": job.group,
                "AllocatedResources": null,
                "DesiredStatus": desired,
                "DesiredDescription": desired_description,
                "ClientStatus": client_status,
                "ClientDescription": client_description,
                "DesiredTransition": {"Migrate": null, "Reschedule": null, "ForceReschedule": null, "NoShutdownDelay": null},
                "TaskStates": task_states,
                "DeploymentStatus": deployment,
                "FollowupEvalID": "",
                "NextAllocation": "",
                "RescheduleTracker": null,
                "PreemptedAllocations": null,
                "PreemptedByAllocation": "",
                "CreateIndex": create_index,
                "ModifyIndex": create_index + 10 + h(i, 504) % 900,
                "CreateTime": created,
                "ModifyTime": started + 12_000_000_000
            });
            allocs.push((id, v));
        }
    }
    allocs.sort_by(|a, b| a.0.cmp(&b.0));
    let items: Vec<String> = items.into_iter().collect();
    assert_eq!(items.len(), 5);
    let doc = Value::Array(allocs.into_iter().map(|a| a.1).collect());
    let expected = items.iter().map(|s| jq_string(s)).collect();
    Case::items(
        "Nomad allocations API, jobs killed for memory",
        doc.to_string() + "\n",
        "Which of our Nomad jobs have had a task killed because it ran out of memory? Give me every job.",
        items,
    )
    .with_jq(
        "[.[] | select(.TaskStates[]?.Events[]?.Details.oom_killed == \"true\") | .JobID] | unique | .[]",
        expected,
    )
}

/// `rclone check /srv/share s3:acme-share-backup --combined - 2>&1`
/// (rclone 1.68) of an office file share against its nightly S3 copy:
/// a line for every file (`=` the same, `*` different, `+` only on the
/// share, `-` only in the bucket, `!` could not be checked) in the order
/// the checkers finished them, and rclone's log on stderr among them
/// (`ERROR : …: sizes differ`, `md5 differ`, `file not in …`, files it
/// could not read), then the counts. As decoys: files only on one side,
/// two files the share would not let it read, files named for
/// differences, changes and mismatches, and files named like the changed
/// ones. Six files are on both sides with different contents.
fn rclone_changed_files() -> Case {
    let dirs: [(&str, &[&str], &str); 12] = [
        (
            "archive/2019",
            &["minutes", "invoice", "scan", "contract"],
            "pdf",
        ),
        (
            "clients/brightwater",
            &["proposal", "sow", "kickoff-notes", "estimate"],
            "docx",
        ),
        (
            "clients/holtzmann",
            &["proposal", "sow", "workshop", "estimate"],
            "docx",
        ),
        (
            "finance/2026",
            &["ledger", "budget", "forecast", "payroll", "expenses"],
            "xlsx",
        ),
        (
            "hr/policies",
            &["handbook", "leave-policy", "travel-policy", "onboarding"],
            "pdf",
        ),
        (
            "legal/contracts",
            &["nda", "msa", "dpa", "amendment", "contract-changes-redline"],
            "docx",
        ),
        (
            "marketing/assets",
            &["banner", "logo", "hero", "social-card", "brochure"],
            "png",
        ),
        ("marketing/video", &["teaser", "interview", "b-roll"], "mp4"),
        ("photos/2026", &["IMG", "DSC", "PXL"], "jpg"),
        (
            "projects/atlas",
            &[
                "design",
                "requirements",
                "diff-summary",
                "test-plan",
                "mismatch-cases",
            ],
            "md",
        ),
        (
            "projects/beacon",
            &["design", "requirements", "changes", "release-notes"],
            "md",
        ),
        (
            "reports/monthly",
            &["kpi", "churn", "revenue", "differences-explained"],
            "pdf",
        ),
    ];
    let mut files: Vec<String> = Vec::new();
    for (d, (dir, stems, ext)) in dirs.iter().enumerate() {
        let n = 800 + h(d, 510) % 300;
        for k in 0..n as usize {
            let i = d * 10_000 + k;
            let stem = pick(stems, i, 511);
            let name = if *ext == "jpg" {
                format!(
                    "{stem}_{:05}.{ext}",
                    1_000 + k * 3 + (h(i, 512) % 3) as usize
                )
            } else {
                format!(
                    "{stem}-{}-{:03}.{ext}",
                    pick(
                        &["q1", "q2", "q3", "q4", "draft", "final", "v2", "v3"],
                        i,
                        513
                    ),
                    k
                )
            };
            files.push(format!("{dir}/{name}"));
        }
    }
    files.sort();
    files.dedup();
    // The planted: (file, what rclone says).
    let changed = [
        ("finance/2026/budget-q3-101.xlsx", "sizes differ"),
        ("clients/holtzmann/sow-final-044.docx", "md5 differ"),
        ("projects/atlas/design-v2-233.md", "sizes differ"),
        ("marketing/assets/logo-final-017.png", "md5 differ"),
        ("legal/contracts/msa-v3-310.docx", "sizes differ"),
        ("photos/2026/PXL_01402.jpg", "md5 differ"),
    ];
    let only_share = [
        "finance/2026/forecast-draft-512.xlsx",
        "projects/beacon/changes-v3-402.md",
        "clients/brightwater/estimate-q4-377.docx",
        "marketing/video/teaser-final-211.mp4",
        "reports/monthly/differences-explained-final-088.pdf",
    ];
    let only_bucket = [
        "archive/2019/scan-q2-143.pdf",
        "hr/policies/travel-policy-v2-066.pdf",
        "projects/atlas/mismatch-cases-final-150.md",
        "photos/2026/IMG_01288.jpg",
    ];
    let unreadable = [
        "finance/2026/payroll-final-201.xlsx",
        "hr/policies/handbook-draft-090.pdf",
    ];
    for f in changed
        .iter()
        .map(|c| c.0)
        .chain(only_share)
        .chain(only_bucket)
        .chain(unreadable)
    {
        if !files.iter().any(|x| x == f) {
            files.push(f.to_string());
        }
    }
    files.sort();
    let src = "Local file system at /srv/share";
    let dst = "S3 bucket acme-share-backup";
    let mut out = String::new();
    let mut items = Vec::new();
    let mut matching = 0;
    let mut t = 3 * 3600 + 14 * 60;
    for (k, f) in files.iter().enumerate() {
        if k % 40 == 0 {
            t += 1 + h(k, 514) % 6;
        }
        let stamp = format!("2026/11/27 {}", clock(t));
        if let Some((_, why)) = changed.iter().find(|c| c.0 == f) {
            out.push_str(&format!("{stamp} ERROR : {f}: {why}\n* {f}\n"));
            items.push(f.clone());
        } else if only_share.contains(&f.as_str()) {
            out.push_str(&format!("{stamp} ERROR : {f}: file not in {dst}\n+ {f}\n"));
        } else if only_bucket.contains(&f.as_str()) {
            out.push_str(&format!("{stamp} ERROR : {f}: file not in {src}\n- {f}\n"));
        } else if unreadable.contains(&f.as_str()) {
            out.push_str(&format!(
                "{stamp} ERROR : {f}: failed to calculate src hash: failed to open: open /srv/share/{f}: permission denied\n! {f}\n"
            ));
        } else {
            matching += 1;
            out.push_str(&format!("= {f}\n"));
        }
    }
    assert_eq!(items.len(), 6);
    let stamp = format!("2026/11/27 {}", clock(t + 2));
    let errors = changed.len() + only_share.len() + only_bucket.len() + unreadable.len();
    out.push_str(&format!(
        "{stamp} NOTICE: {dst}: {} files missing\n{stamp} NOTICE: {src}: {} files missing\n\
         {stamp} NOTICE: {dst}: {errors} differences found\n{stamp} NOTICE: {dst}: {} errors while checking\n\
         {stamp} NOTICE: {dst}: {} matching files\n{stamp} Failed to check with {errors} errors: last error was: {errors} differences found\n",
        only_share.len(),
        only_bucket.len(),
        unreadable.len(),
        matching
    ));
    Case::items(
        "rclone check, files that differ",
        out,
        "After last night's backup of the office share to S3, which files are in both places but don't have the same contents? Give me the full list.",
        items,
    )
}

/// `ceph pg dump pgs_brief` (Ceph 18, Reef) of a 60-OSD cluster with
/// eleven pools (one erasure-coded 4+2, where a missing shard shows as
/// 2147483647), the placement groups in the monitor's unordered order and
/// columns padded as its table prints them. `osd.17` and `osd.41` are
/// down: every group that lost one of them is undersized and degraded
/// but still active (some waiting for recovery, some remapped and
/// backfilling); others are scrubbing, trimming snapshots, or
/// inconsistent after a scrub error. Six groups serve no I/O at all: two
/// down, two incomplete, and two that lost both OSDs and are only peered.
fn ceph_dead_pgs() -> Case {
    const NONE: u64 = 2_147_483_647;
    let pools: [(u64, u64, bool); 11] = [
        (1, 1, false),
        (2, 512, false),
        (3, 64, false),
        (4, 1_024, false),
        (5, 1_024, true),
        (6, 128, false),
        (7, 2_048, false),
        (8, 256, false),
        (9, 32, false),
        (10, 32, false),
        (11, 32, false),
    ];
    let (a, b) = (17u64, 41u64);
    // The planted: (pool, pg number, state).
    let planted: [(u64, u64, &str); 6] = [
        (7, 0x1a3, "down"),
        (4, 0x2f, "incomplete"),
        (2, 0x17c, "undersized+degraded+peered"),
        (7, 0x6e1, "down"),
        (5, 0x3b, "undersized+degraded+peered"),
        (8, 0x9d, "incomplete"),
    ];
    let list = |v: &[u64]| {
        format!(
            "[{}]",
            v.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
        )
    };
    let mut rows: Vec<(u64, [String; 6])> = Vec::new();
    let mut items = Vec::new();
    for (pool, pg_num, ec) in pools {
        for ps in 0..pg_num {
            let i = (pool * 10_000 + ps) as usize;
            let width = if ec { 6 } else { 3 };
            let mut set: Vec<u64> = Vec::new();
            let mut k = 0;
            while set.len() < width {
                let o = h(i * 16 + k, 520) % 60;
                k += 1;
                if !set.contains(&o) && o != b {
                    set.push(o);
                }
            }
            // osd.41 replaces one member of a sixtieth of the groups.
            if h(i, 521) % 60 < 3 && !set.contains(&a) {
                let at = (h(i, 522) % width as u64) as usize;
                set[at] = b;
            }
            let pgid = format!("{pool}.{ps:x}");
            let plant = planted.iter().find(|p| p.0 == pool && p.1 == ps);
            let mut state: String;
            if let Some(p) = plant {
                state = p.2.to_string();
                items.push(pgid.clone());
                if p.2.contains("peered") {
                    set.retain(|&o| o != a);
                    set.truncate(width - 2);
                    set.splice(0..0, [a, b]);
                }
            } else {
                state = "active+clean".to_string();
            }
            let lost = set.iter().any(|&o| o == a || o == b);
            let up: Vec<u64> = if ec {
                set.iter()
                    .map(|&o| if o == a || o == b { NONE } else { o })
                    .collect()
            } else {
                set.iter().copied().filter(|&o| o != a && o != b).collect()
            };
            let mut acting = up.clone();
            let mut up = up;
            if plant.is_none() {
                let r = h(i, 523) % 1_000;
                if lost {
                    state = match r % 10 {
                        0..=5 => "active+undersized+degraded",
                        6 | 7 => "active+recovery_wait+undersized+degraded",
                        8 => "active+recovering+undersized+degraded",
                        _ => "active+undersized+degraded+remapped+backfill_wait",
                    }
                    .to_string();
                    if state.contains("remapped") {
                        // The new home CRUSH chose, not yet filled.
                        let mut fresh = h(i, 525) % 60;
                        while fresh == a || fresh == b || set.contains(&fresh) {
                            fresh = (fresh + 1) % 60;
                        }
                        if ec {
                            if let Some(x) = up.iter_mut().find(|x| **x == NONE) {
                                *x = fresh;
                            }
                        } else {
                            up.push(fresh);
                        }
                    }
                } else if r < 12 {
                    state = "active+clean+scrubbing+deep".into();
                } else if r < 20 {
                    state = "active+clean+scrubbing".into();
                } else if r < 26 && pool == 2 {
                    state = "active+clean+snaptrim".into();
                } else if r < 31 && pool == 7 {
                    state = "active+clean+snaptrim_wait".into();
                } else if r < 36 {
                    state = "active+remapped+backfilling".into();
                    let o = (set[0] + 7) % 60;
                    if o != a && o != b && !up.contains(&o) {
                        up[width - 1] = o;
                    }
                } else if r < 44 {
                    state = "active+remapped+backfill_wait".into();
                    let o = (set[0] + 11) % 60;
                    if o != a && o != b && !up.contains(&o) {
                        up[width - 1] = o;
                    }
                }
                if i == 70_777 || i == 20_101 {
                    state = "active+clean+inconsistent".into();
                }
            }
            if state == "down" || state == "incomplete" {
                acting = up.clone();
            }
            let primary = |v: &[u64]| {
                v.iter()
                    .copied()
                    .find(|&o| o != NONE)
                    .map_or("-1".to_string(), |o| o.to_string())
            };
            rows.push((
                h(i, 526),
                [
                    pgid,
                    state,
                    list(&up),
                    primary(&up),
                    list(&acting),
                    primary(&acting),
                ],
            ));
        }
    }
    assert_eq!(items.len(), 6);
    rows.sort_by_key(|r| r.0);
    let header = [
        "PG_STAT",
        "STATE",
        "UP",
        "UP_PRIMARY",
        "ACTING",
        "ACTING_PRIMARY",
    ];
    let mut widths = header.map(str::len);
    for (_, r) in &rows {
        for (w, c) in widths.iter_mut().zip(r) {
            *w = (*w).max(c.len());
        }
    }
    let line = |cells: [&str; 6]| {
        let mut s = String::new();
        for (c, w) in cells.iter().zip(widths) {
            s.push_str(&format!("{c:<w$}  "));
        }
        s.trim_end().to_string() + "\n"
    };
    let mut out = line(header);
    for (_, r) in &rows {
        out.push_str(&line([&r[0], &r[1], &r[2], &r[3], &r[4], &r[5]]));
    }
    out.push_str("dumped pgs_brief\n");
    Case::items(
        "ceph pg dump pgs_brief, groups serving no I/O",
        out,
        "In our Ceph cluster, which placement groups are completely unavailable right now, so clients can't read or write them at all? List every one.",
        items,
    )
}
