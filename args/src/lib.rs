//! The arguments of the commands both command lines have (the native
//! `tool-output` and the WASI command `tool_output_cli.wasm`): defined once
//! here and flattened into each, so a flag, default or help text cannot
//! differ between them. Each side adds its own options around these. No
//! argument groups (`group(skip)`): a wrapper of the same name flattens
//! these without a clash.

mod shown;

pub use shown::{terminal_safe, terminal_safe_lines};

use clap::{Args, ValueEnum};
use tool_output_wire::contract::DEFAULT_MAX_INLINE_BYTES;

/// The tool call an output came from.
#[derive(Args, Debug, Clone)]
#[group(skip)]
pub struct CallArgs {
    /// Name of the tool that produced the output.
    #[arg(long)]
    pub tool: String,
    /// The tool's arguments as JSON.
    #[arg(long, default_value = "{}")]
    pub args: String,
    /// Model the output is for (picks the tokenizer), e.g. openai/gpt-4o.
    #[arg(long, env = "TOOL_OUTPUT_MODEL")]
    pub model: Option<String>,
}

/// When an output is stored rather than passed through, and what its
/// handle message holds.
#[derive(Args, Debug, Clone)]
#[group(skip)]
pub struct PolicyArgs {
    /// Store outputs larger than this many bytes.
    #[arg(long, default_value_t = DEFAULT_MAX_INLINE_BYTES)]
    pub max_inline_bytes: u64,
    /// Also store outputs with more characters than this.
    #[arg(long)]
    pub max_inline_chars: Option<u64>,
    /// Tokens left in the model's context: larger outputs are stored.
    #[arg(long)]
    pub remaining_tokens: Option<u64>,
    /// The caller could not reserve context for this output: store it.
    #[arg(long)]
    pub reserve_failed: bool,
    /// Leave the partial preview out of the handle message.
    #[arg(long)]
    pub no_preview: bool,
}

/// How `extract` answers (the WIT's `mode`).
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModeArg {
    Auto,
    FullChunked,
    ReadGrep,
    Truncate,
    Lexical,
    /// The extract is a jq program (JSON, JSON lines, CSV/TSV)
    Jq,
}

/// `tool_output(handle, extract, mode)`.
#[derive(Args, Debug, Clone)]
#[group(skip)]
pub struct ExtractArgs {
    pub handle: String,
    /// What to extract, as the model asked.
    pub instructions: String,
    #[arg(long, value_enum, default_value = "auto")]
    pub mode: ModeArg,
}

/// One stored output.
#[derive(Args, Debug, Clone)]
#[group(skip)]
pub struct HandleArgs {
    pub handle: String,
}

/// Lines of a stored output.
#[derive(Args, Debug, Clone)]
#[group(skip)]
pub struct ReadArgs {
    pub handle: String,
    /// Line range A:B (1-based, inclusive); A: reads to the end.
    #[arg(long, value_name = "A:B")]
    pub lines: String,
}

impl ReadArgs {
    /// `--lines` as (first, last); `A:` reads to the end (`u64::MAX`).
    pub fn range(&self) -> Result<(u64, u64), String> {
        let text = &self.lines;
        let (a, b) = text
            .split_once(':')
            .ok_or_else(|| format!("--lines takes A:B (e.g. 100:140), not {text:?}"))?;
        let first: u64 = a
            .trim()
            .parse()
            .map_err(|_| format!("bad first line {a:?}"))?;
        let last: u64 = if b.trim().is_empty() {
            u64::MAX
        } else {
            b.trim()
                .parse()
                .map_err(|_| format!("bad last line {b:?}"))?
        };
        Ok((first, last))
    }
}

/// Lines matching a regular expression.
#[derive(Args, Debug, Clone)]
#[group(skip)]
pub struct GrepArgs {
    pub handle: String,
    pub pattern: String,
    /// Lines of context around each match.
    #[arg(short = 'C', long, default_value_t = 0)]
    pub context: u32,
    #[arg(short = 'i', long)]
    pub ignore_case: bool,
    /// At most this many matches (N ≥ 1); under the byte cap, context shrinks, never a match.
    #[arg(long)]
    pub max_matches: Option<u32>,
}

/// The last lines of a stored output.
#[derive(Args, Debug, Clone)]
#[group(skip)]
pub struct TailArgs {
    pub handle: String,
    #[arg(short = 'n', long, default_value_t = 20)]
    pub lines: u32,
}

/// Which stored outputs hold a question's words.
#[derive(Args, Debug, Clone)]
#[group(skip)]
pub struct SearchArgs {
    /// What to look for, in your own words ("which runs mentioned E_QUOTA").
    pub question: String,
    /// Pass over the first N results: the next page of an answer that was cut.
    #[arg(long, default_value_t = 0)]
    pub skip: u32,
    /// Search only the outputs stored before this handle: where a search that read its bound stopped.
    #[arg(long, value_name = "HANDLE")]
    pub before: Option<String>,
}

/// One line of `list`: handle, tool, size, lines, tokens and why it was
/// stored, in the columns both command lines print.
pub fn list_line(
    handle: &str,
    tool: &str,
    (bytes, lines, tokens): (u64, u64, Option<u64>),
    reason: &str,
) -> String {
    // The tool's name comes from a stored file: hostile until shown safe.
    let tool = terminal_safe(tool);
    format!(
        "{handle}  {tool:<20} {bytes:>10} bytes {lines:>8} lines {:>9} tokens  {reason}",
        tokens.unwrap_or(0)
    )
}

/// The `list` line of a handle whose files cannot be read.
pub fn broken_list_line(handle: &str, problem: &str) -> String {
    format!("{handle}  BROKEN: {}", terminal_safe(problem))
}

#[cfg(test)]
mod tests {
    use super::{ReadArgs, broken_list_line, list_line};

    fn range(lines: &str) -> Result<(u64, u64), String> {
        ReadArgs {
            handle: String::new(),
            lines: lines.into(),
        }
        .range()
    }

    #[test]
    fn lines_are_a_closed_or_open_range() {
        assert_eq!(range("100:140"), Ok((100, 140)));
        assert_eq!(range(" 7 : "), Ok((7, u64::MAX)));
        assert_eq!(
            range("100"),
            Err("--lines takes A:B (e.g. 100:140), not \"100\"".into())
        );
        assert_eq!(range("x:3"), Err("bad first line \"x\"".into()));
        assert_eq!(range("3:y"), Err("bad last line \"y\"".into()));
    }

    #[test]
    fn a_list_line_has_fixed_columns() {
        let handle = "0b7d7e0c-6c1e-4b6e-9a8e-3f0f1b2a4c5d";
        assert_eq!(
            list_line(handle, "make", (123_456, 789, Some(30_000)), "size_cap"),
            format!(
                "{handle}  make                     123456 bytes      789 lines     30000 tokens  size_cap"
            )
        );
        assert_eq!(
            broken_list_line(handle, "meta.json is not JSON"),
            format!("{handle}  BROKEN: meta.json is not JSON")
        );
    }
}
