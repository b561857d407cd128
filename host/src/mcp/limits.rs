//! When a tool's result is stored: the store policy's defaults, overridden
//! for all tools and per tool, from flags or a TOML file.
//!
//! ```toml
//! max_inline_bytes = 16384          # every tool
//! [tools.read_text_file]
//! max_inline_bytes = 65536          # this tool only
//! [tools.search]
//! max_inline_chars = 4000
//! ```
//!
//! Flags win over the file. The engine still makes every decision; this
//! only picks the policy it decides with.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use serde::Deserialize;

use crate::StorePolicy;
use crate::runtime::default_policy;

#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ToolLimits {
    pub max_inline_bytes: Option<u64>,
    pub max_inline_chars: Option<u64>,
    /// False leaves the partial preview out of the handle message.
    pub preview: Option<bool>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct LimitsFile {
    max_inline_bytes: Option<u64>,
    max_inline_chars: Option<u64>,
    preview: Option<bool>,
    #[serde(default)]
    tools: BTreeMap<String, ToolLimits>,
}

/// The store thresholds, as command-line options.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct LimitArgs {
    /// Store results (each text part) larger than this many bytes [default: 12288].
    #[arg(long, value_name = "BYTES")]
    pub max_inline_bytes: Option<u64>,
    /// Also store parts with more characters than this.
    #[arg(long, value_name = "CHARS")]
    pub max_inline_chars: Option<u64>,
    /// Per-tool byte threshold, e.g. --tool-limit read_text_file=65536 (repeatable).
    #[arg(long, value_name = "TOOL=BYTES", value_parser = parse_tool_limit)]
    pub tool_limit: Vec<(String, u64)>,
    /// TOML file with `max_inline_bytes`, `max_inline_chars`, `preview` and `[tools.NAME]` tables.
    #[arg(long, value_name = "FILE")]
    pub limits: Option<PathBuf>,
}

/// The policy for each tool.
#[derive(Debug, Clone, Default)]
pub struct Limits {
    all: ToolLimits,
    tools: BTreeMap<String, ToolLimits>,
}

impl Limits {
    pub fn from_args(args: &LimitArgs) -> Result<Self> {
        let mut limits = match &args.limits {
            Some(path) => Self::load(path)?,
            None => Self::default(),
        };
        if args.max_inline_bytes.is_some() {
            limits.all.max_inline_bytes = args.max_inline_bytes;
        }
        if args.max_inline_chars.is_some() {
            limits.all.max_inline_chars = args.max_inline_chars;
        }
        for (tool, bytes) in &args.tool_limit {
            limits
                .tools
                .entry(tool.clone())
                .or_default()
                .max_inline_bytes = Some(*bytes);
        }
        limits.check()?;
        Ok(limits)
    }

    fn load(path: &Path) -> Result<Self> {
        let text = crate::llm::config::read_small_file(path)
            .with_context(|| format!("reading the limits file {}", path.display()))?;
        let file: LimitsFile = toml::from_str(&text)
            .with_context(|| format!("in the limits file {}", path.display()))?;
        Ok(Self {
            all: ToolLimits {
                max_inline_bytes: file.max_inline_bytes,
                max_inline_chars: file.max_inline_chars,
                preview: file.preview,
            },
            tools: file.tools,
        })
    }

    fn check(&self) -> Result<()> {
        let every = std::iter::once(("every tool", &self.all))
            .chain(self.tools.iter().map(|(k, v)| (k.as_str(), v)));
        for (name, limits) in every {
            if limits.max_inline_bytes == Some(0) || limits.max_inline_chars == Some(0) {
                bail!("the threshold for {name} must be at least 1");
            }
        }
        Ok(())
    }

    /// The store policy for `tool`'s results.
    pub fn policy_for(&self, tool: &str) -> StorePolicy {
        let mut policy = default_policy();
        for limits in std::iter::once(&self.all).chain(self.tools.get(tool)) {
            if let Some(bytes) = limits.max_inline_bytes {
                policy.max_inline_bytes = bytes;
            }
            if let Some(chars) = limits.max_inline_chars {
                policy.max_inline_chars = Some(chars);
            }
            if let Some(preview) = limits.preview {
                policy.preview = preview;
            }
        }
        policy
    }
}

fn parse_tool_limit(text: &str) -> Result<(String, u64), String> {
    let (tool, bytes) = text
        .rsplit_once('=')
        .ok_or_else(|| format!("--tool-limit takes TOOL=BYTES, not {text:?}"))?;
    let bytes = bytes
        .trim()
        .parse()
        .map_err(|_| format!("bad byte count in --tool-limit {text:?}"))?;
    if tool.is_empty() {
        return Err(format!("no tool name in --tool-limit {text:?}"));
    }
    Ok((tool.to_string(), bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_win_over_the_file_and_tools_over_all() {
        let dir = std::env::temp_dir().join(format!("limits-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("limits.toml");
        std::fs::write(
            &file,
            "max_inline_bytes = 5000\npreview = false\n[tools.big]\nmax_inline_bytes = 90000\n\
             [tools.small]\nmax_inline_chars = 10\n",
        )
        .unwrap();
        let args = LimitArgs {
            max_inline_bytes: Some(7000),
            tool_limit: vec![("small".into(), 300)],
            limits: Some(file),
            ..LimitArgs::default()
        };
        let limits = Limits::from_args(&args).unwrap();
        let other = limits.policy_for("other");
        assert_eq!((other.max_inline_bytes, other.preview), (7000, false));
        assert_eq!(limits.policy_for("big").max_inline_bytes, 90000);
        let small = limits.policy_for("small");
        assert_eq!(
            (small.max_inline_bytes, small.max_inline_chars),
            (300, Some(10))
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn defaults_are_the_store_policy_and_bad_input_is_refused() {
        let limits = Limits::default();
        assert_eq!(limits.policy_for("x"), default_policy());
        assert!(parse_tool_limit("no-equals").is_err());
        assert!(parse_tool_limit("=5").is_err());
        assert_eq!(parse_tool_limit("a=b=7").unwrap(), ("a=b".into(), 7));
        let zero = LimitArgs {
            max_inline_bytes: Some(0),
            ..LimitArgs::default()
        };
        assert!(Limits::from_args(&zero).is_err());
        let bad: Result<LimitsFile, _> = toml::from_str("max_inline_byte = 3");
        assert!(bad.is_err(), "a misspelt key is an error, not ignored");
    }
}
