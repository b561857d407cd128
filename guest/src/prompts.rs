//! The extraction prompts (seed 000 §3a), filled in. The document itself
//! goes in the user message; the system prompt says what to extract and
//! how to answer.

use crate::report::{close_tag, open_tag};

/// What every prompt says about the source tool call.
pub struct Source<'a> {
    pub tool: &'a str,
    /// Verbatim JSON.
    pub args: &'a str,
}

/// Facts about the whole stored output.
pub struct DocStats {
    pub bytes: u64,
    pub lines: u64,
    pub tokens: u64,
}

/// `available`: where the information is, as the seed words it ("in this
/// chunk", "across the chunks", "in the file").
fn output_format(nonce: &str, available: &str) -> String {
    format!(
        "OUTPUT FORMAT (required)\n\
         - Emit exactly one XML final-report wrapper:\n  {} ... {}\n\
         - Put your extracted result inside the wrapper.\n\
         - If no relevant data exists, output:\n  NO RELEVANT DATA FOUND\n  \
         <short description of what kind of information is available {available}>",
        open_tag(nonce),
        close_tag(nonce)
    )
}

fn source_block(source: &Source) -> String {
    format!(
        "SOURCE TOOL\n- Name: {}\n- Arguments (verbatim JSON): {}",
        source.tool, source.args
    )
}

/// The map prompt: one chunk.
pub fn map_system(
    source: &Source,
    stats: &DocStats,
    chunk_index: usize,
    chunk_total: usize,
    overlap_percent: u32,
    extract: &str,
    nonce: &str,
) -> String {
    format!(
        "You are an internal extraction agent. You must extract information from a document chunk.\n\n\
         {}\n\n\
         DOCUMENT STATS\n- Bytes: {}\n- Lines: {}\n- Tokens (estimate): {}\n\n\
         CHUNK INFO\n- Index: {} of {chunk_total}\n- Overlap: {overlap_percent}%\n\n\
         WHAT TO EXTRACT\n{extract}\n\n{}",
        source_block(source),
        stats.bytes,
        stats.lines,
        stats.tokens,
        chunk_index + 1,
        output_format(nonce, "in this chunk")
    )
}

/// The reduce prompt: the map answers, in chunk order.
pub fn reduce_system(
    source: &Source,
    extract: &str,
    chunk_outputs: &[String],
    nonce: &str,
) -> String {
    let outputs: Vec<String> = chunk_outputs
        .iter()
        .enumerate()
        .map(|(i, out)| format!("--- chunk {} of {} ---\n{out}", i + 1, chunk_outputs.len()))
        .collect();
    format!(
        "You are an internal extraction agent. You must synthesize multiple chunk extractions into one final answer.\n\n\
         {}\n\n\
         WHAT TO EXTRACT\n{extract}\n\n\
         CHUNK OUTPUTS\n{}\n\n{}",
        source_block(source),
        outputs.join("\n\n"),
        output_format(nonce, "across the chunks")
    )
}

/// The Read/Grep sub-agent prompt. The handle is the only file name.
pub fn read_grep_system(
    source: &Source,
    handle: &str,
    stats: &DocStats,
    extract: &str,
    nonce: &str,
    jq: bool,
) -> String {
    let jq = if jq {
        "\n- The file is JSON: the Jq tool runs a jq program over it (JSON lines as one array) \
         and gives exact results; prefer it for filtering, counting and picking fields"
    } else {
        ""
    };
    format!(
        "You are an internal extraction agent. You can only use Read and Grep tools{}.\n\n\
         IMPORTANT: The handle is the filename.\n\
         Use the filename exactly as given when calling Read or Grep.\n\n\
         {}\n- Handle/filename: {handle}\n\
         - Size: {} bytes, {} lines, about {} tokens (too large to read whole: grep first, then read around what you find){jq}\n\n\
         WHAT TO EXTRACT\n{extract}\n\n{}",
        if jq.is_empty() { "" } else { " (and Jq)" },
        source_block(source),
        stats.bytes,
        stats.lines,
        stats.tokens,
        output_format(nonce, "in the file")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prompts_carry_the_contract() {
        let source = Source {
            tool: "bash",
            args: r#"{"cmd":"make"}"#,
        };
        let stats = DocStats {
            bytes: 100,
            lines: 3,
            tokens: 30,
        };
        let map = map_system(&source, &stats, 0, 4, 10, "the error", "abc123");
        assert!(map.starts_with("You are an internal extraction agent. You must extract information from a document chunk."));
        assert!(map.contains("- Index: 1 of 4\n- Overlap: 10%"));
        assert!(
            map.contains(r#"<ai-agent-abc123-FINAL format="text"> ... </ai-agent-abc123-FINAL>"#)
        );
        assert!(map.contains("- Arguments (verbatim JSON): {\"cmd\":\"make\"}"));
        let reduce = reduce_system(&source, "the error", &["a".into(), "b".into()], "n1");
        assert!(reduce.contains("--- chunk 2 of 2 ---\nb"));
        assert!(reduce.contains("available across the chunks"));
        let rg = read_grep_system(
            &source,
            "0b7d7e0c-6c1e-4b6e-9a8e-3f0f1b2a4c5d",
            &stats,
            "x",
            "n2",
            false,
        );
        assert!(rg.contains("IMPORTANT: The handle is the filename."));
        assert!(rg.contains("- Handle/filename: 0b7d7e0c-6c1e-4b6e-9a8e-3f0f1b2a4c5d"));
    }
}
