//! Building the store for a URL: the scheme picks the backend, the
//! environment gives credentials and endpoint the way each cloud's SDK reads
//! them, and every request has bounded retries and timeouts so nothing
//! hangs on a store that is down or stalled.

use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use object_store::aws::{AmazonS3Builder, AmazonS3ConfigKey};
use object_store::azure::{AzureConfigKey, MicrosoftAzureBuilder};
use object_store::gcp::{GoogleCloudStorageBuilder, GoogleConfigKey};
use object_store::path::Path as ObjectPath;
use object_store::{BackoffConfig, ClientConfigKey, ObjectStore, ObjectStoreScheme, RetryConfig};

/// Overrides the per-request timeout (`30s`, `500ms`: humantime).
pub const TIMEOUT_ENV: &str = "TOOL_OUTPUT_STORE_TIMEOUT";
const DEFAULT_TIMEOUT: &str = "30s";
const CONNECT_TIMEOUT: &str = "5s";

/// At most 3 retries within 15 s: a store that is down fails the call in
/// seconds instead of object_store's default of 10 retries over 3 minutes.
fn retry() -> RetryConfig {
    RetryConfig {
        backoff: BackoffConfig {
            init_backoff: Duration::from_millis(100),
            max_backoff: Duration::from_secs(2),
            base: 2.0,
        },
        max_retries: 3,
        retry_timeout: Duration::from_secs(15),
    }
}

/// `options`: configuration keys of the scheme's builder (`aws_endpoint`,
/// `aws_access_key_id`, `google_service_account`, `azure_storage_account_key`…),
/// over those from the environment.
pub(super) fn build(
    text: &str,
    options: &[(&str, &str)],
) -> Result<(Arc<dyn ObjectStore>, ObjectPath)> {
    crate::tls::use_ring();
    let url = url::Url::parse(text)
        .with_context(|| format!("--store {text:?} is not a URL (e.g. s3://bucket/prefix)"))?;
    let (scheme, path) =
        ObjectStoreScheme::parse(&url).map_err(|e| anyhow::anyhow!("--store {text:?}: {e}"))?;
    let prefix =
        ObjectPath::parse(path).with_context(|| format!("--store {text:?}: the prefix"))?;
    let timeout = std::env::var(TIMEOUT_ENV).unwrap_or_else(|_| DEFAULT_TIMEOUT.into());
    let client = [
        (ClientConfigKey::Timeout, timeout.as_str()),
        (ClientConfigKey::ConnectTimeout, CONNECT_TIMEOUT),
    ];
    let store: Arc<dyn ObjectStore> = match scheme {
        ObjectStoreScheme::AmazonS3 => {
            let mut b = AmazonS3Builder::from_env()
                .with_url(text)
                .with_retry(retry())
                .with_http_connector(super::bounded::BoundedConnector);
            for (key, value) in client {
                b = b.with_config(AmazonS3ConfigKey::Client(key), value);
            }
            for (key, value) in options {
                b = b.with_config(key.parse().map_err(|e| bad_option(key, e))?, *value);
            }
            Arc::new(b.build().with_context(|| format!("--store {text}"))?)
        }
        ObjectStoreScheme::GoogleCloudStorage => {
            let mut b = GoogleCloudStorageBuilder::from_env()
                .with_url(text)
                .with_retry(retry())
                .with_http_connector(super::bounded::BoundedConnector);
            for (key, value) in client {
                b = b.with_config(GoogleConfigKey::Client(key), value);
            }
            for (key, value) in options {
                b = b.with_config(key.parse().map_err(|e| bad_option(key, e))?, *value);
            }
            Arc::new(b.build().with_context(|| format!("--store {text}"))?)
        }
        ObjectStoreScheme::MicrosoftAzure => {
            let mut b = MicrosoftAzureBuilder::from_env()
                .with_url(text)
                .with_retry(retry())
                .with_http_connector(super::bounded::BoundedConnector);
            for (key, value) in client {
                b = b.with_config(AzureConfigKey::Client(key), value);
            }
            for (key, value) in options {
                b = b.with_config(key.parse().map_err(|e| bad_option(key, e))?, *value);
            }
            Arc::new(b.build().with_context(|| format!("--store {text}"))?)
        }
        other => bail!(
            "--store {text:?}: {other:?} is not supported; use s3://, gs:// or az:// (or an https URL of one of them)"
        ),
    };
    Ok((store, prefix))
}

fn bad_option(key: &str, err: object_store::Error) -> anyhow::Error {
    anyhow::anyhow!("object store option {key:?}: {err}")
}
