//! Answers that fit the host: hosts cut tool results too (Codex past about
//! 10 KB, Cline past 8,000 characters; Claude Code saves an MCP result past
//! 50,000 characters to a file unless the tool declares it may be larger),
//! and a cut we did not make is the very failure tool-output exists to end.
//! So each answer of ours is kept within what the client's host passes on
//! whole (known from its `clientInfo`), ending, when it must, at a record
//! with the exact call that gets the rest; and our tools declare their
//! largest answer where a host reads that (docs/hosts.md lists each host).

/// The `_meta` key Claude Code reads on a tool: the largest result, in
/// characters, it shows inline (at most 500,000).
pub const MAX_RESULT_SIZE_META: &str = "anthropic/maxResultSizeChars";

/// The most a host reads from [`MAX_RESULT_SIZE_META`].
const MAX_DECLARED: u64 = 500_000;

/// Hosts that cut a tool result smaller than our answers can be: the
/// start of their `clientInfo.name` (lowercase), and the bytes an answer
/// may take to pass whole (a margin under the host's cut, counted in bytes:
/// never more than its characters).
const HOST_CUTS: &[(&str, u64)] = &[
    // Cline (and Roo Code, its fork): every tool result past 8,000 characters.
    ("cline", 7_800),
    ("roo", 7_800),
    // Codex: past about 10 KB (or 10k tokens, by model family), in the middle.
    ("codex", 9_800),
];

/// The bytes an answer may take for the client named `client`, with
/// `configured` our own cap (`max_inline_bytes`).
pub fn answer_bytes(client: &str, configured: u64) -> u64 {
    let name = client.trim().to_ascii_lowercase();
    HOST_CUTS
        .iter()
        .find(|(start, _)| name.starts_with(start))
        .map_or(configured, |(_, cut)| configured.min(*cut))
}

/// What our tools declare as their largest answer (`configured` bytes are
/// at least as many characters as they hold).
pub fn declared_max_chars(configured: u64) -> u64 {
    configured.min(MAX_DECLARED)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_fit_the_hosts_that_cut_smaller() {
        assert_eq!(answer_bytes("Cline", 12_288), 7_800);
        assert_eq!(answer_bytes("roo-code", 12_288), 7_800);
        assert_eq!(answer_bytes("codex-mcp-client", 12_288), 9_800);
        assert_eq!(answer_bytes("codex-mcp-client", 4_000), 4_000);
        assert_eq!(answer_bytes("claude-code", 12_288), 12_288);
        assert_eq!(answer_bytes("gemini-cli-mcp-client", 12_288), 12_288);
        assert_eq!(answer_bytes("", 12_288), 12_288);
        assert_eq!(declared_max_chars(12_288), 12_288);
        assert_eq!(declared_max_chars(1 << 30), 500_000);
    }
}
