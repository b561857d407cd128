//! A complete minimal agent loop around tool-output — the part an agent
//! host copies. Every tool result goes through [`Session::store`]; the
//! model is offered the `tool_output` tool; its calls are answered by
//! [`Session::handle_tool_call`].
//!
//! The model here is scripted (no network, so it runs in CI): it runs a
//! build, gets a handle message instead of a 300 KB log, and asks
//! `tool_output` for the error. Swap `scripted_model` for your provider
//! call; to let the engine use a model for its own LLM strategies, build
//! the runtime with `RuntimeConfig::with_llm(&LlmConfig::load(..)?)` or
//! give `RuntimeConfig::llm` your own [`tool_output::LlmEngine`].
//!
//! `cargo run -p tool-output --example agent`

use serde_json::{Value, json};
use tool_output::agent::{SYSTEM_PROMPT, TOOL_NAME};
use tool_output::{Runtime, RuntimeConfig, Session, ToolCall};

type AnyError = Box<dyn std::error::Error>;

/// What the model asked for on its turn.
enum Turn {
    Call {
        id: String,
        name: String,
        arguments: String,
    },
    Answer(String),
}

#[tokio::main]
async fn main() -> Result<(), AnyError> {
    // One runtime per process, one session per conversation (a temporary
    // directory, removed when the session is dropped).
    let runtime = Runtime::new(RuntimeConfig::default()).await?;
    let session = runtime.session()?;

    // The tools offered to the model: yours plus `tool_output`
    // (OpenAI's format here; the second is Anthropic's).
    let (tool_output_openai, _tool_output_anthropic) = session.tool_definitions().await?;
    let tools = vec![bash_tool(), tool_output_openai];

    let mut messages = vec![
        json!({"role": "system", "content": SYSTEM_PROMPT}),
        json!({"role": "user", "content": "Build the project and tell me why it fails."}),
    ];
    let answer = loop {
        match scripted_model(&messages, &tools)? {
            Turn::Answer(text) => break text,
            Turn::Call {
                id,
                name,
                arguments,
            } => {
                messages.push(json!({"role": "assistant", "tool_calls": [{
                    "id": id, "type": "function",
                    "function": {"name": name, "arguments": arguments},
                }]}));
                let result = run_tool(&session, &name, &arguments).await?;
                messages.push(json!({"role": "tool", "tool_call_id": id, "content": result}));
            }
        }
    };
    println!("{answer}");
    Ok(())
}

/// Runs one tool call of the model and returns what goes back to it.
async fn run_tool(session: &Session, name: &str, arguments: &str) -> Result<String, AnyError> {
    if name == TOOL_NAME {
        // Never an error: a failure comes back as text the model can read.
        return Ok(session.handle_tool_call(arguments).await);
    }
    let output = run_bash(arguments);
    let outcome = session
        .store(&ToolCall::new(name).args(arguments), &output)
        .await?;
    // Small outputs come back byte for byte; large ones as the handle message.
    Ok(String::from_utf8_lossy(outcome.tool_result(&output)).into_owned())
}

/// Stands in for a real `bash` tool: a long build log with one error.
fn run_bash(_arguments: &str) -> Vec<u8> {
    let mut log = String::new();
    for i in 0..6000 {
        log.push_str(&format!("   Compiling crate-{i} v0.1.0 (/src/crate-{i})\n"));
        if i == 4321 {
            log.push_str("error[E0425]: cannot find value `conifg` in this scope\n");
            log.push_str("  --> src/main.rs:12:5\n");
        }
    }
    log.into_bytes()
}

fn bash_tool() -> Value {
    json!({"type": "function", "function": {
        "name": "bash",
        "description": "Run a shell command.",
        "parameters": {
            "type": "object",
            "properties": {"cmd": {"type": "string"}},
            "required": ["cmd"],
        },
    }})
}

/// Stands in for the provider call: runs the build, asks `tool_output`
/// for the error with the handle the handle message gave, then answers
/// with what came back. Errors if the loop did not go that way.
fn scripted_model(messages: &[Value], tools: &[Value]) -> Result<Turn, AnyError> {
    if !tools.iter().any(|t| t["function"]["name"] == TOOL_NAME) {
        return Err("the tool_output tool is not offered".into());
    }
    let last = messages.last().ok_or("an empty conversation")?;
    let content = last["content"].as_str().unwrap_or_default();
    Ok(match last["role"].as_str() {
        Some("user") => Turn::Call {
            id: "call_1".into(),
            name: "bash".into(),
            arguments: json!({"cmd": "cargo build"}).to_string(),
        },
        Some("tool") if last["tool_call_id"] == "call_1" => {
            let handle = handle_in(content).ok_or("the 300 KB log was not stored")?;
            Turn::Call {
                id: "call_2".into(),
                name: TOOL_NAME.into(),
                arguments: json!({"handle": handle, "extract": "error", "mode": "lexical"})
                    .to_string(),
            }
        }
        _ if content.contains("cannot find value `conifg`") => {
            Turn::Answer(format!("The build fails here:\n{content}"))
        }
        _ => return Err(format!("tool_output did not find the error:\n{content}").into()),
    })
}

/// The handle a handle message names: `tool_output(handle = "<id>", …`.
fn handle_in(message: &str) -> Option<&str> {
    let rest = &message[message.find("handle = \"")? + "handle = \"".len()..];
    Some(&rest[..rest.find('"')?])
}
