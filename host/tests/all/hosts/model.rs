//! The scripted model (`tests/hosts/model.py`) a host test starts, and the
//! network namespace it and the host share.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;

use serde_json::Value;

use super::{Scratch, hosts_dir};

/// Whether this process may make network namespaces and enter them
/// (`unshare -n`, `nsenter`: root, util-linux, iproute2).
pub fn can_isolate() -> bool {
    static CAN: OnceLock<bool> = OnceLock::new();
    *CAN.get_or_init(|| {
        let works = |program: &str, args: &[&str]| {
            Command::new(program)
                .args(args)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        };
        let ok = works("unshare", &["-n", "ip", "link", "set", "lo", "up"])
            && works("nsenter", &["--version"]);
        if !ok {
            eprintln!(
                "note: no network namespace (unshare -n and nsenter need root): the hosts \
                 run with telemetry, updates and retries off by their settings only"
            );
        }
        ok
    })
}

/// The scripted model (`tests/hosts/model.py`), in a network namespace of
/// its own when possible; hosts run in that namespace too.
pub struct Model {
    child: Child,
    addr: String,
    pub log: PathBuf,
    pub isolated: bool,
}

impl Model {
    pub fn start(scratch: &Scratch, script: Value) -> Model {
        Model::start_named(scratch, "model", script)
    }

    /// A second model for the same scratch (a second run of the host), its
    /// script and log named `name`.
    pub fn start_named(scratch: &Scratch, name: &str, script: Value) -> Model {
        let script_path = scratch.dir.join(format!("{name}.script.json"));
        std::fs::write(&script_path, script.to_string()).unwrap();
        let log = scratch.dir.join(format!("{name}.jsonl"));
        let model = hosts_dir().join("model.py");
        let isolated = can_isolate();
        let mut cmd = if isolated {
            let mut cmd = Command::new("unshare");
            cmd.args([
                "-n",
                "sh",
                "-c",
                r#"ip link set lo up && exec python3 "$@""#,
                "sh",
            ]);
            cmd
        } else {
            Command::new("python3")
        };
        let mut child = cmd
            .arg(&model)
            .arg(&script_path)
            .arg(&log)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(scratch.dir.join("model.stderr")).unwrap())
            .spawn()
            .unwrap();
        let mut first = String::new();
        std::io::BufRead::read_line(
            &mut std::io::BufReader::new(child.stdout.take().unwrap()),
            &mut first,
        )
        .unwrap();
        assert!(
            first.starts_with("127.0.0.1:"),
            "the model did not start: {first:?}, {}",
            std::fs::read_to_string(scratch.dir.join("model.stderr")).unwrap_or_default()
        );
        Model {
            child,
            addr: first.trim().to_string(),
            log,
            isolated,
        }
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// A command that runs `program` in the model's network namespace.
    pub fn command(&self, program: &Path) -> Command {
        if self.isolated {
            let mut cmd = Command::new("nsenter");
            cmd.arg(format!("--net=/proc/{}/ns/net", self.child.id()))
                .arg("--")
                .arg(program);
            cmd
        } else {
            Command::new(program)
        }
    }

    /// Every request the model got, in order.
    pub fn requests(&self) -> Vec<Value> {
        std::fs::read_to_string(&self.log)
            .unwrap_or_default()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }
}

impl Drop for Model {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
