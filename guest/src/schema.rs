//! The `tool_output` tool as offered to the model: seed 000 §2b's schema,
//! with `lexical` added to the modes.

pub const TOOL_NAME: &str = "tool_output";

pub const TOOL_DESCRIPTION: &str = "Extract information from a stored oversized tool output by \
     handle. Use it whenever a tool result says the output is too large: say precisely what you \
     need, and the answer comes from the whole stored output.";

pub fn tool_schema() -> String {
    serde_json::json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["handle", "extract"],
        "properties": {
            "handle": {
                "type": "string",
                "minLength": 1,
                "description": "UUID handle of the stored tool output (provided in the tool-result message: tool_output(handle = \"<uuid>\", ...))."
            },
            "extract": {
                "type": "string",
                "minLength": 1,
                "description": "Provide precise, detailed instructions about what you need from the tool output (be specific, include keys/fields/sections if known). With mode jq, a jq program."
            },
            "mode": {
                "type": "string",
                "enum": ["auto", "full-chunked", "read-grep", "truncate", "lexical", "jq"],
                "description": "Optional override. auto=module decides; full-chunked=LLM chunk+reduce; read-grep=dynamic sub-agent with Read/Grep; truncate=keeps top and bottom, truncates in the middle; lexical=best-matching line windows for the words of extract, no LLM; jq=extract is a jq program run over the output (JSON; JSON lines and CSV/TSV rows arrive as one array), exact, no LLM, e.g. extract=\"[.[] | select(.status >= 500)] | length\"."
            }
        }
    })
    .to_string()
}
