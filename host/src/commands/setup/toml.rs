//! TOML files (Codex's `config.toml`), edited through toml_edit's document:
//! comments, key order and layout of everything else stay. An entry is a
//! table of its own (`[mcp_servers.tool-output]`), a hook group an element
//! of an array of tables (`[[hooks.PreToolUse]]`); values inside them are
//! inline.

use anyhow::{Result, anyhow, bail};
use serde_json::Value;
use toml_edit::{Array, ArrayOfTables, DocumentMut, InlineTable, Item, Table};

use super::plan::Action;

/// The file's value, as Codex reads it (the `toml` crate's parser).
pub fn parse(text: &str) -> Result<Value> {
    toml::from_str::<Value>(text).map_err(|e| anyhow!("not valid TOML: {}", e.message()))
}

/// `text` with `actions` done.
pub fn apply(text: &str, actions: &[Action]) -> Result<String> {
    let mut doc: DocumentMut = text.parse().map_err(|e| anyhow!("not valid TOML: {e}"))?;
    for action in actions {
        match action {
            Action::AddMember {
                parents,
                name,
                value,
            }
            | Action::ReplaceMember {
                parents,
                name,
                value,
            } => {
                let table = table_at(doc.as_table_mut(), parents)?;
                // An entry is a table; a setting (`model_provider`) a value.
                let item = match value {
                    Value::Object(_) => Item::Table(table_of(value)?),
                    _ => Item::Value(value_of(value)?),
                };
                table.insert(name, item);
            }
            Action::RemoveMember { parents, name } => {
                let Some(table) = existing_table(doc.as_table_mut(), parents) else {
                    bail!("{} vanished", parents.join("."));
                };
                if table.remove(name).is_none() {
                    bail!("{name} vanished");
                }
            }
            Action::RemoveElement { parents, index } => {
                let (last, outer) = parents.split_last().expect("an array has a name");
                let Some(array) = existing_table(doc.as_table_mut(), outer)
                    .and_then(|t| t.get_mut(last))
                    .and_then(Item::as_array_of_tables_mut)
                else {
                    bail!("{} is not an array of tables", parents.join("."));
                };
                if *index >= array.len() {
                    bail!("{}[{index}] vanished", parents.join("."));
                }
                array.remove(*index);
            }
            Action::Append { parents, value } => {
                let (last, outer) = parents.split_last().expect("an array has a name");
                let table = table_at(doc.as_table_mut(), outer)?;
                let item = table
                    .entry(last)
                    .or_insert(Item::ArrayOfTables(ArrayOfTables::new()));
                let Some(array) = item.as_array_of_tables_mut() else {
                    bail!("{} is not an array of tables", parents.join("."));
                };
                array.push(table_of(value)?);
            }
            Action::ReplaceElement {
                parents,
                index,
                value,
            } => {
                let (last, outer) = parents.split_last().expect("an array has a name");
                let table = table_at(doc.as_table_mut(), outer)?;
                let Some(slot) = table
                    .get_mut(last)
                    .and_then(Item::as_array_of_tables_mut)
                    .and_then(|a| a.get_mut(*index))
                else {
                    bail!("{}[{index}] is not a table", parents.join("."));
                };
                *slot = table_of(value)?;
            }
        }
    }
    Ok(doc.to_string())
}

/// The table at `parents`, created (implicit, so no empty `[a]` header
/// appears) where missing.
fn table_at<'a>(mut table: &'a mut Table, parents: &[String]) -> Result<&'a mut Table> {
    for key in parents {
        let item = table.entry(key).or_insert_with(|| {
            let mut new = Table::new();
            new.set_implicit(true);
            Item::Table(new)
        });
        table = match item {
            Item::Table(t) => t,
            _ => bail!("{key} is not a table"),
        };
    }
    Ok(table)
}

/// The table at `parents`, if it is there (nothing is created).
fn existing_table<'a>(mut table: &'a mut Table, parents: &[String]) -> Option<&'a mut Table> {
    for key in parents {
        table = table.get_mut(key)?.as_table_mut()?;
    }
    Some(table)
}

/// A JSON object as a TOML table: its members as inline values.
fn table_of(value: &Value) -> Result<Table> {
    let Some(map) = value.as_object() else {
        bail!("a TOML table must come from an object");
    };
    let mut table = Table::new();
    for (key, member) in map {
        table.insert(key, Item::Value(value_of(member)?));
    }
    Ok(table)
}

fn value_of(value: &Value) -> Result<toml_edit::Value> {
    Ok(match value {
        Value::Null => bail!("TOML has no null"),
        Value::Bool(b) => (*b).into(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.into(),
            None => n.as_f64().unwrap_or_default().into(),
        },
        Value::String(s) => s.as_str().into(),
        Value::Array(items) => {
            let mut array = Array::new();
            for item in items {
                array.push(value_of(item)?);
            }
            toml_edit::Value::Array(array)
        }
        Value::Object(map) => {
            let mut inline = InlineTable::new();
            for (key, member) in map {
                inline.insert(key, value_of(member)?);
            }
            toml_edit::Value::InlineTable(inline)
        }
    })
}
