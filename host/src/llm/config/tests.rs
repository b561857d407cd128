//! Tests of `config`.

use std::collections::HashMap;

use super::*;

fn resolve(file: &str, vars: &[(&str, &str)]) -> Result<LlmConfig, ConfigError> {
    let file: FileConfig = toml::from_str(file).expect("valid TOML");
    let vars: HashMap<String, String> = vars
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    LlmConfig::resolve(file, &|name| vars.get(name).cloned())
}

#[test]
fn no_model_anywhere_means_no_llm() {
    let c = resolve("", &[]).unwrap();
    assert!(!c.enabled());
    assert_eq!(c.extract, ExtractDefaults::default());
    assert_eq!(c.openai.base_url, DEFAULT_OPENAI_BASE_URL);
}

#[test]
fn only_the_two_known_prefixes_are_stripped() {
    let c = resolve("", &[("TOOL_OUTPUT_MODEL", "anthropic/claude-sonnet-4-5")]).unwrap();
    assert_eq!(c.models[0].provider, Provider::Anthropic);
    assert_eq!(c.models[0].id, "claude-sonnet-4-5");
    let c = resolve("", &[("TOOL_OUTPUT_MODEL", "openai/gpt-4o")]).unwrap();
    assert_eq!(
        (c.models[0].provider, c.models[0].id.as_str()),
        (Provider::OpenAi, "gpt-4o")
    );
    let c = resolve(
        "",
        &[("TOOL_OUTPUT_MODEL", "meta-llama/Llama-3.1-8B-Instruct")],
    )
    .unwrap();
    assert_eq!(c.models[0].provider, Provider::OpenAi);
    assert_eq!(c.models[0].id, "meta-llama/Llama-3.1-8B-Instruct");
}

#[test]
fn the_environment_wins_over_the_file() {
    let file = r#"
            model = "openai/gpt-4o"
            max_chunks = 3
            concurrency = 2
            [openai]
            base_url = "http://file:1/v1/"
            api_key_env = "MY_KEY"
        "#;
    let c = resolve(
        file,
        &[
            ("TOOL_OUTPUT_MAX_CHUNKS", "5"),
            ("OPENAI_BASE_URL", "http://127.0.0.1:9/v1"),
            ("MY_KEY", "sk-test"),
            ("OPENAI_API_KEY", "not-this-one"),
        ],
    )
    .unwrap();
    assert_eq!(c.extract.max_chunks, 5);
    assert_eq!(c.concurrency, 2);
    assert_eq!(c.openai.base_url, "http://127.0.0.1:9/v1");
    assert_eq!(c.openai.api_key.as_deref(), Some("sk-test"));
    assert!(
        !format!("{c:?}").contains("sk-test"),
        "the key is never printed"
    );
}

#[test]
fn the_extraction_list_overrides_the_session_model() {
    let c = resolve(
        r#"model = "openai/gpt-4o"
               models = ["anthropic/claude-haiku-4-5", "openai/gpt-4o-mini"]"#,
        &[],
    )
    .unwrap();
    let ids: Vec<&str> = c.models.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(ids, ["claude-haiku-4-5", "gpt-4o-mini"]);
    // The environment's model wins over the file's list.
    let c = resolve(
        r#"models = ["anthropic/claude-haiku-4-5"]"#,
        &[("TOOL_OUTPUT_MODEL", "openai/gpt-4o")],
    )
    .unwrap();
    assert_eq!(c.models[0].id, "gpt-4o");
    let c = resolve(
        r#"models = ["anthropic/claude-haiku-4-5"]"#,
        &[("TOOL_OUTPUT_MODELS", "a,openai/b")],
    )
    .unwrap();
    let ids: Vec<&str> = c.models.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(ids, ["a", "b"]);
}

#[test]
fn bad_values_are_clear_errors() {
    let err = resolve("", &[("TOOL_OUTPUT_MAX_CHUNKS", "many")]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "TOOL_OUTPUT_MAX_CHUNKS must be a whole number, not \"many\""
    );
    assert!(toml::from_str::<FileConfig>("max_chunkz = 2").is_err());
    let err = resolve("overlap_percent = 70", &[]).unwrap_err();
    assert!(err.to_string().contains("between 0 and 50"));
    let err = resolve("", &[("OPENAI_BASE_URL", "localhost:8080")]).unwrap_err();
    assert!(err.to_string().contains("http://"));
}

#[test]
fn every_number_is_within_its_range() {
    // The hostile file of the issue: it used to hang `extract` forever.
    let err = resolve("retries = 4000000000\nextract_timeout_secs = 0", &[]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "extract_timeout_secs must be between 1 and 86400, not 0 (for no limit at all, pass \
             --timeout 0 on the command line)"
    );
    let err = resolve("retries = 4000000000", &[]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "retries must be between 0 and 10, not 4000000000"
    );
    let err = resolve("", &[("TOOL_OUTPUT_EXTRACT_TIMEOUT", "0")]).unwrap_err();
    assert!(err.to_string().contains("--timeout 0"), "{err}");
    for (key, low, high) in RANGES {
        let at = |v: u64| resolve(&format!("{key} = {v}"), &[]);
        assert!(at(*low).is_ok(), "{key} = {low}");
        assert!(at(*high).is_ok(), "{key} = {high}");
        let err = at(high + 1).unwrap_err().to_string();
        assert!(
            err.contains(&format!("{key} must be between {low} and {high}"))
                || err.contains("too large"),
            "{key} = {}: {err}",
            high + 1
        );
        if *low > 0 {
            assert!(at(low - 1).is_err(), "{key} = {}", low - 1);
        }
    }
}
