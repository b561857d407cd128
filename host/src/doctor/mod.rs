//! `tool-output doctor`: can the configured model be trusted, and with
//! which modes?
//!
//! For each configured model: is the endpoint reachable and does it accept
//! the key (`GET /models`, which also says whether it lists the model and,
//! on some servers, its context window); is the model in the model table;
//! then the two LLM strategies run for real through the engine on a tiny
//! stored output (`probe`), so what is checked is exactly what
//! extractions do. The verdicts are cached ([`cache`]); the CLI hands them
//! to the engine in the model's profile, and `auto` passes over a strategy
//! the model does not manage.

pub mod cache;
pub mod clients;
pub mod gateways;
mod probe;
mod render;

use std::path::PathBuf;
use std::time::Duration;

use serde::Serialize;

pub use probe::Verdict;

use crate::bindings::types::Mode;
use crate::llm::Capabilities;
use crate::llm::LlmError;
use crate::llm::config::{LlmConfig, ModelSpec};
use crate::llm::http::{HttpLlm, Listing};
use crate::llm::wire::models;
use crate::{Runtime, RuntimeConfig};

/// A probe may take at most this long (or the configured extraction
/// timeout, if shorter): a tiny output must not take minutes.
const PROBE_TIMEOUT: Duration = Duration::from_secs(180);

/// Where the doctor keeps things.
pub struct DoctorOptions {
    /// Where verdicts are cached (None: not cached).
    pub verdicts: Option<PathBuf>,
}

/// Everything the doctor found.
#[derive(Debug, Serialize)]
pub struct Diagnosis {
    /// Some LLM mode works with every configured model.
    pub usable: bool,
    /// One diagnosis per configured model, in the configuration's order.
    pub models: Vec<ModelDiagnosis>,
}

/// One configured model.
#[derive(Debug, Serialize)]
pub struct ModelDiagnosis {
    /// As configured, e.g. `openai/gpt-4o-mini`.
    pub model: String,
    /// The base URL, without credentials.
    pub endpoint: String,
    /// It answered, and accepted the key.
    pub reachable: bool,
    /// What the endpoint answered, or why it could not be reached, in
    /// plain words.
    pub endpoint_detail: String,
    /// Whether the endpoint lists the model (None: it does not list).
    pub listed: Option<bool>,
    /// The model table knows it (else safe defaults are used).
    pub in_model_table: bool,
    /// The context window extractions budget for, in tokens (0: the
    /// model's profile could not be had).
    pub context_window: u32,
    /// `configured`, `model table` or `default`.
    pub context_window_source: &'static str,
    /// What the server says, when it says.
    pub server_context_window: Option<u32>,
    /// The answer room an LLM call asks for, in tokens (0 likewise).
    pub max_output_tokens: u32,
    /// What each mode's probe found.
    pub modes: Modes,
    /// Some LLM mode works.
    pub usable: bool,
    /// The cached verdict, when one was written.
    pub verdict_file: Option<PathBuf>,
}

/// A verdict per strategy `auto` chooses among.
#[derive(Debug, Serialize)]
pub struct Modes {
    /// The map-reduce strategy, probed for real.
    #[serde(rename = "full-chunked")]
    pub full_chunked: Verdict,
    /// The sub-agent strategy, probed for real.
    #[serde(rename = "read-grep")]
    pub read_grep: Verdict,
    /// No LLM: always works.
    pub lexical: Verdict,
    /// No LLM: always works.
    pub truncate: Verdict,
}

/// Examine every model of `config`.
pub async fn examine(config: &LlmConfig, options: &DoctorOptions) -> crate::Result<Diagnosis> {
    let mut models = Vec::new();
    for spec in &config.models {
        models.push(examine_model(config, spec, options).await?);
    }
    Ok(Diagnosis {
        usable: !models.is_empty() && models.iter().all(|m| m.usable),
        models,
    })
}

async fn examine_model(
    config: &LlmConfig,
    spec: &ModelSpec,
    options: &DoctorOptions,
) -> crate::Result<ModelDiagnosis> {
    // This model alone, and no earlier verdict: the probes decide afresh.
    let mut single = config.clone();
    single.models = vec![spec.clone()];
    single.capabilities.clear();
    let http = HttpLlm::new(single.clone()).map_err(|e| crate::Error::Setup(e.into()))?;
    let profile = crate::llm::LlmEngine::model_info(&http, None).ok();
    let table = models::defaults(&spec.id);
    let mut found = ModelDiagnosis {
        model: spec.name.clone(),
        endpoint: without_credentials(&config.endpoint(spec.provider).base_url),
        reachable: false,
        endpoint_detail: String::new(),
        listed: None,
        in_model_table: table != models::UNKNOWN,
        context_window: profile.as_ref().map_or(0, |p| p.context_window),
        context_window_source: match (config.context_window, table != models::UNKNOWN) {
            (Some(_), _) => "configured",
            (None, true) => "model table",
            (None, false) => "default",
        },
        server_context_window: None,
        max_output_tokens: profile.as_ref().map_or(0, |p| p.max_output_tokens),
        modes: Modes {
            full_chunked: Verdict::unknown("not checked"),
            read_grep: Verdict::unknown("not checked"),
            lexical: no_llm(),
            truncate: no_llm(),
        },
        usable: false,
        verdict_file: None,
    };
    match http.list_models(spec).await {
        Err(error) => {
            found.endpoint_detail = unreachable(&error);
            let why = format!("not checked: {}", found.endpoint_detail);
            found.modes.full_chunked = Verdict::unknown(why.clone());
            found.modes.read_grep = Verdict::unknown(why);
            return Ok(found);
        }
        Ok(listing) => {
            found.reachable = true;
            found.endpoint_detail = listing_detail(&listing, spec, &mut found);
        }
    }

    let timeout = config
        .extract
        .timeout
        .map_or(PROBE_TIMEOUT, |t| t.min(PROBE_TIMEOUT));
    let runtime = Runtime::new(RuntimeConfig::with_llm(&single)?).await?;
    let session = runtime.session()?;
    let probe = probe::Probe::store(&session).await?;
    found.modes.full_chunked = probe.run(&session, Mode::FullChunked, timeout).await;
    found.modes.read_grep = match &found.modes.full_chunked {
        // The model itself failed: the other probe would meet the same.
        Verdict {
            works: None,
            detail,
        } => Verdict::unknown(format!("not checked: {detail}")),
        _ => probe.run(&session, Mode::ReadGrep, timeout).await,
    };
    let capabilities = Capabilities {
        full_chunked: found.modes.full_chunked.works,
        read_grep: found.modes.read_grep.works,
    };
    found.usable = capabilities.full_chunked == Some(true) || capabilities.read_grep == Some(true);
    if let Some(dir) = &options.verdicts
        && capabilities != Capabilities::default()
    {
        match cache::save(dir, config, spec, capabilities) {
            Ok(file) => found.verdict_file = Some(file),
            Err(e) => tracing::warn!("could not cache the doctor's verdict: {e:#}"),
        }
    }
    Ok(found)
}

fn no_llm() -> Verdict {
    Verdict {
        works: Some(true),
        detail: "no LLM needed".into(),
    }
}

/// Why an endpoint cannot be used at all, in plain words.
fn unreachable(error: &LlmError) -> String {
    match error {
        LlmError::Auth(m) => format!("the endpoint refused the key: {m}"),
        LlmError::Timeout => "the endpoint did not answer in time".into(),
        LlmError::Unavailable(m) => format!("unreachable: {m}"),
        other => other.message(),
    }
}

/// What the listing says, filling in what it tells about the model.
fn listing_detail(listing: &Listing, spec: &ModelSpec, found: &mut ModelDiagnosis) -> String {
    match listing {
        Listing::Models(list) => {
            let entry = list.iter().find(|m| m.id == spec.id);
            found.listed = Some(entry.is_some());
            found.server_context_window = entry.and_then(|m| m.context_window);
            let n = list.len();
            let models = if n == 1 { "model" } else { "models" };
            match entry {
                Some(_) => format!("reachable; lists {n} {models}, {} among them", spec.id),
                None => {
                    let some: Vec<&str> = list.iter().take(3).map(|m| m.id.as_str()).collect();
                    format!(
                        "reachable; lists {n} {models} ({}{}) but not {} (a server with one \
                         model may answer to any name)",
                        some.join(", "),
                        if n > 3 { ", …" } else { "" },
                        spec.id
                    )
                }
            }
        }
        Listing::NotOffered => "reachable (it does not list its models)".into(),
        Listing::Failed(e) => format!("reachable; listing its models failed: {}", e.message()),
    }
}

/// `scheme://host[:port]/path` without `user:password@`.
fn without_credentials(url: &str) -> String {
    match url.split_once("://") {
        Some((scheme, rest)) => {
            let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
            let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
            format!("{scheme}://{host}{path}")
        }
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn credentials_never_show() {
        assert_eq!(
            super::without_credentials("https://user:sk-secret@proxy.example/v1"),
            "https://proxy.example/v1"
        );
        assert_eq!(
            super::without_credentials("http://127.0.0.1:8080/v1"),
            "http://127.0.0.1:8080/v1"
        );
    }
}
