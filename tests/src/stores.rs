//! A real object store on loopback per cloud, for the object-store tests:
//! S3 (moto, `tests/s3/setup.sh`, signatures checked), Google Cloud Storage
//! (fake-gcs-server, `tests/gcs/setup.sh`) and Azure Blob (Azurite,
//! `tests/azure/setup.sh`, shared-key signatures checked). Each runs behind
//! a [`Gate`] (stopped and resumed without losing its objects); objects are
//! deleted, planted and listed behind the clients' backs through
//! object_store's own client of that cloud.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;

use futures::TryStreamExt;
use object_store::path::Path as Key;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};

use crate::gate::Gate;

/// Azurite's documented development account key (public, in every SDK).
pub const AZURITE_KEY: &str =
    "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";
const AZURITE_ACCOUNT: &str = "devstoreaccount1";

/// A client's environment (variable, value).
pub type Env = Vec<(&'static str, String)>;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cloud {
    S3,
    Gcs,
    Azure,
}

impl Cloud {
    pub const ALL: [Cloud; 3] = [Cloud::S3, Cloud::Gcs, Cloud::Azure];

    pub fn name(self) -> &'static str {
        match self {
            Cloud::S3 => "s3",
            Cloud::Gcs => "gcs",
            Cloud::Azure => "azure",
        }
    }

    /// The URL scheme of `--store`.
    pub fn scheme(self) -> &'static str {
        match self {
            Cloud::S3 => "s3",
            Cloud::Gcs => "gs",
            Cloud::Azure => "az",
        }
    }

    /// The environment a client of a store at `endpoint` needs, as each
    /// cloud's SDK reads it; `secret`: S3's (key id, secret).
    pub fn env(self, endpoint: &str, secret: (&str, &str)) -> Env {
        match self {
            Cloud::S3 => vec![
                ("AWS_ACCESS_KEY_ID", secret.0.into()),
                ("AWS_SECRET_ACCESS_KEY", secret.1.into()),
                ("AWS_REGION", "us-east-1".into()),
                ("AWS_ENDPOINT_URL", endpoint.into()),
                ("AWS_ALLOW_HTTP", "true".into()),
            ],
            // A key that says: no OAuth, this base URL (object_store's
            // service-account fields for an emulator).
            Cloud::Gcs => vec![("GOOGLE_SERVICE_ACCOUNT_KEY", gcs_key(endpoint))],
            Cloud::Azure => vec![
                ("AZURE_STORAGE_USE_EMULATOR", "true".into()),
                ("AZURITE_BLOB_STORAGE_URL", endpoint.into()),
            ],
        }
    }
}

fn gcs_key(endpoint: &str) -> String {
    serde_json::json!({
        "disable_oauth": true,
        "gcs_base_url": endpoint,
        "client_email": "",
        "private_key": "",
        "private_key_id": "",
    })
    .to_string()
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The command that starts `cloud`'s server, or None (skip) when its setup
/// script has not run; required (CI) and missing, a failure.
fn harness(cloud: Cloud) -> Option<Command> {
    let ws = workspace();
    let (program, script, installed) = match cloud {
        Cloud::S3 => (
            ws.join("target/s3-venv/bin/python"),
            ws.join("tests/s3/server.py"),
            ws.join("target/s3-venv/bin/python"),
        ),
        Cloud::Gcs => (
            ws.join("target/gcs-venv/bin/python"),
            ws.join("tests/gcs/server.py"),
            ws.join("target/gcs-venv/bin/python"),
        ),
        Cloud::Azure => (
            PathBuf::from("node"),
            ws.join("tests/azure/server.mjs"),
            ws.join("tests/azure/node_modules/.bin/azurite-blob"),
        ),
    };
    if installed.exists() {
        let mut cmd = Command::new(program);
        cmd.arg(script);
        return Some(cmd);
    }
    crate::suite::missing(cloud.name(), &format!("the {} test server", cloud.name()));
    None
}

/// A running store server; stopped when dropped.
pub struct StoreServer {
    pub cloud: Cloud,
    child: Child,
    /// Closed on drop: the harness then stops its server and exits.
    stdin: Option<ChildStdin>,
    gate: Gate,
    pub bucket: String,
    env: Env,
    /// S3's (key id, secret).
    secret: (String, String),
    admin: Arc<dyn ObjectStore>,
    rt: tokio::runtime::Runtime,
}

impl StoreServer {
    /// Starts one (a few seconds), or None to skip.
    pub fn start(cloud: Cloud) -> Option<Self> {
        let mut child = harness(cloud)?
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("starting a test store server");
        let stdin = child.stdin.take();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let info: serde_json::Value = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("the {} test server said {line:?}: {e}", cloud.name()));
        let field = |k: &str| info[k].as_str().unwrap_or_default().to_string();
        let endpoint = field("endpoint");
        let gate = Gate::start(endpoint.trim_start_matches("http://"));
        let bucket = match cloud {
            Cloud::Azure => field("container"),
            _ => field("bucket"),
        };
        let secret = (field("access_key"), field("secret_key"));
        let env = cloud.env(&gate.url(), (&secret.0, &secret.1));
        let admin = admin(cloud, &endpoint, &bucket, &secret);
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        Some(Self {
            cloud,
            child,
            stdin,
            gate,
            bucket,
            env,
            secret,
            admin,
            rt,
        })
    }

    /// The environment its clients need.
    pub fn env(&self) -> Env {
        self.env.clone()
    }

    /// Its address (the door in front of it), for a front of a test's own.
    pub fn endpoint(&self) -> String {
        self.gate.url()
    }

    /// The environment of a client that reaches it at `endpoint` (a front).
    pub fn env_at(&self, endpoint: &str) -> Env {
        self.cloud
            .env(endpoint, (self.secret.0.as_str(), self.secret.1.as_str()))
    }

    /// `s3://<bucket>/<prefix>`, `gs://…`, `az://…`.
    pub fn url(&self, prefix: &str) -> String {
        format!("{}://{}/{prefix}", self.cloud.scheme(), self.bucket)
    }

    /// The keys under `prefix` in the bucket, as the server lists them.
    /// (`prefix` as text, as S3 lists: object_store's own prefix is whole
    /// path segments, so the folder is listed and filtered.)
    pub fn keys(&mut self, prefix: &str) -> Vec<String> {
        let folder = Key::from(prefix.rsplit_once('/').map_or("", |(folder, _)| folder));
        let listed: Vec<_> = self
            .rt
            .block_on(self.admin.list(Some(&folder)).try_collect())
            .unwrap();
        listed
            .into_iter()
            .map(|m| m.location.to_string())
            .filter(|key| key.starts_with(prefix))
            .collect()
    }

    /// Deletes an object behind every client's back.
    pub fn delete(&mut self, key: &str) {
        self.rt
            .block_on(self.admin.delete(&Key::from(key)))
            .unwrap();
    }

    /// Writes an object of `len` bytes `x` behind every client's back.
    pub fn put(&mut self, key: &str, len: usize) {
        let payload = PutPayload::from(vec![b'x'; len]);
        self.rt
            .block_on(self.admin.put(&Key::from(key), payload))
            .unwrap();
    }

    /// Writes an object of these bytes behind every client's back.
    pub fn put_bytes(&mut self, key: &str, bytes: Vec<u8>) {
        self.rt
            .block_on(self.admin.put(&Key::from(key), PutPayload::from(bytes)))
            .unwrap();
    }

    /// An object's bytes, read behind every client's back.
    pub fn get(&mut self, key: &str) -> Vec<u8> {
        let got = self.rt.block_on(self.admin.get(&Key::from(key))).unwrap();
        self.rt.block_on(got.bytes()).unwrap().to_vec()
    }

    /// Stops serving (connections are refused) …
    pub fn stop(&mut self) {
        self.gate.shut();
    }

    /// … and serves again, same port, same objects.
    pub fn resume(&mut self) {
        self.gate.reopen();
    }
}

/// object_store's client of the server itself (not through the gate).
fn admin(
    cloud: Cloud,
    endpoint: &str,
    bucket: &str,
    secret: &(String, String),
) -> Arc<dyn ObjectStore> {
    use object_store::aws::AmazonS3Builder;
    use object_store::azure::MicrosoftAzureBuilder;
    use object_store::gcp::GoogleCloudStorageBuilder;
    // reqwest is built without a TLS provider (as in the host): `ring`.
    let _ = rustls::crypto::ring::default_provider().install_default();
    match cloud {
        Cloud::S3 => Arc::new(
            AmazonS3Builder::new()
                .with_bucket_name(bucket)
                .with_endpoint(endpoint)
                .with_allow_http(true)
                .with_region("us-east-1")
                .with_access_key_id(&secret.0)
                .with_secret_access_key(&secret.1)
                .build()
                .unwrap(),
        ),
        Cloud::Gcs => Arc::new(
            GoogleCloudStorageBuilder::new()
                .with_bucket_name(bucket)
                .with_service_account_key(gcs_key(endpoint))
                .build()
                .unwrap(),
        ),
        Cloud::Azure => Arc::new(
            MicrosoftAzureBuilder::new()
                .with_container_name(bucket)
                .with_account(AZURITE_ACCOUNT)
                .with_access_key(AZURITE_KEY)
                .with_endpoint(format!("{endpoint}/{AZURITE_ACCOUNT}"))
                .with_allow_http(true)
                .build()
                .unwrap(),
        ),
    }
}

impl Drop for StoreServer {
    fn drop(&mut self) {
        self.gate.shut();
        drop(self.stdin.take());
        // The harness stops its server when its stdin closes; a moment for
        // it, then the harness itself.
        for _ in 0..100 {
            if self.child.try_wait().ok().flatten().is_some() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
