//! JSON and JSONC files, edited through jsonc-parser's concrete syntax
//! tree: comments, trailing commas, indentation and every byte we do not
//! touch stay as they were. Each file is parsed as its host parses it:
//! strict JSON (Claude Code's, Claude Desktop's), JSON with comments but no
//! trailing commas (Gemini CLI: `JSON.parse` after strip-json-comments), or
//! JSONC (comments and trailing commas: VS Code, Cursor, Zed, opencode).

use anyhow::{Result, anyhow, bail};
use jsonc_parser::ParseOptions;
use jsonc_parser::cst::{CstInputValue, CstObject, CstRootNode};
use serde_json::{Map, Value};

use super::plan::Action;

/// Which JSON a host reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Strict,
    /// Comments, nothing else (Gemini CLI).
    Comments,
    /// Comments and trailing commas.
    Jsonc,
}

/// The parse options of a file in `dialect`.
fn options(dialect: Dialect) -> ParseOptions {
    if dialect == Dialect::Jsonc {
        return ParseOptions::default();
    }
    ParseOptions {
        allow_comments: dialect == Dialect::Comments,
        allow_loose_object_property_names: false,
        allow_trailing_commas: false,
        allow_missing_commas: false,
        allow_single_quoted_strings: false,
        allow_hexadecimal_numbers: false,
        allow_unary_plus_numbers: false,
        allow_bare_decimal_point_numbers: false,
        allow_non_finite_numbers: false,
        allow_extended_string_escapes: false,
    }
}

/// The file's value, as its host reads it (an empty file is an empty object).
pub fn parse(text: &str, dialect: Dialect) -> Result<Value> {
    if text.trim().is_empty() {
        return Ok(Value::Object(Map::new()));
    }
    match dialect {
        Dialect::Strict => serde_json::from_str(text).map_err(|e| anyhow!("not valid JSON: {e}")),
        Dialect::Comments => {
            let root = CstRootNode::parse(text, &options(dialect)).map_err(|e| {
                anyhow!(
                    "not JSON as Gemini CLI reads it (comments are allowed, trailing commas are not): {e}"
                )
            })?;
            Ok(root.to_serde_value().unwrap_or(Value::Object(Map::new())))
        }
        Dialect::Jsonc => {
            let root = CstRootNode::parse(text, &options(dialect))
                .map_err(|e| anyhow!("not valid JSONC: {e}"))?;
            Ok(root.to_serde_value().unwrap_or(Value::Object(Map::new())))
        }
    }
}

/// `text` with `actions` done.
pub fn apply(text: &str, dialect: Dialect, actions: &[Action]) -> Result<String> {
    let root =
        CstRootNode::parse(text, &options(dialect)).map_err(|e| anyhow!("not valid JSON: {e}"))?;
    let top = root.object_value_or_set();
    for action in actions {
        match action {
            Action::AddMember {
                parents,
                name,
                value,
            } => {
                object_at(&top, parents).append(name, input(value));
            }
            Action::ReplaceMember {
                parents,
                name,
                value,
            } => {
                let Some(prop) = object_at(&top, parents).get(name) else {
                    bail!("{} vanished", name);
                };
                prop.set_value(input(value));
            }
            Action::RemoveMember { parents, name } => {
                let Some(object) = existing_object(&top, parents) else {
                    bail!("{} vanished", parents.join("."));
                };
                let Some(prop) = object.get(name) else {
                    bail!("{name} vanished");
                };
                prop.remove();
            }
            Action::RemoveElement { parents, index } => {
                let (last, outer) = parents.split_last().expect("an array has a name");
                let Some(array) = existing_object(&top, outer).and_then(|o| o.array_value(last))
                else {
                    bail!("{} vanished", parents.join("."));
                };
                let Some(element) = array.elements().into_iter().nth(*index) else {
                    bail!("{}[{index}] vanished", parents.join("."));
                };
                element.remove();
            }
            Action::Append { parents, value } => {
                let (last, outer) = parents.split_last().expect("an array has a name");
                object_at(&top, outer)
                    .array_value_or_set(last)
                    .append(input(value));
            }
            Action::ReplaceElement {
                parents,
                index,
                value,
            } => {
                let (last, outer) = parents.split_last().expect("an array has a name");
                let Some(array) = object_at(&top, outer).array_value(last) else {
                    bail!("{} vanished", parents.join("."));
                };
                // The old element goes, the new one takes its place.
                if *index >= array.elements().len() {
                    bail!("{}[{index}] vanished", parents.join("."));
                }
                array.insert(*index, input(value));
                if let Some(old) = array.elements().into_iter().nth(index + 1) {
                    old.remove();
                }
            }
        }
    }
    Ok(root.to_string())
}

/// The object at `parents`, if it is there (nothing is created).
fn existing_object(top: &CstObject, parents: &[String]) -> Option<CstObject> {
    let mut object = top.clone();
    for key in parents {
        object = object.object_value(key)?;
    }
    Some(object)
}

fn object_at(top: &CstObject, parents: &[String]) -> CstObject {
    let mut object = top.clone();
    for key in parents {
        object = object.object_value_or_set(key);
    }
    object
}

/// A serde value as the tree's input (numbers keep their text).
fn input(value: &Value) -> CstInputValue {
    match value {
        Value::Null => CstInputValue::Null,
        Value::Bool(b) => CstInputValue::Bool(*b),
        Value::Number(n) => CstInputValue::Number(n.to_string()),
        Value::String(s) => CstInputValue::String(s.clone()),
        Value::Array(items) => CstInputValue::Array(items.iter().map(input).collect()),
        Value::Object(map) => {
            CstInputValue::Object(map.iter().map(|(k, v)| (k.clone(), input(v))).collect())
        }
    }
}
