//! YAML files (Goose's `config.yaml`): a checked text insertion. The
//! entry is rendered as a block and put at the end of the top-level
//! mapping it belongs to (`extensions:`), or replaces that entry's lines
//! with `--force`; nothing else in the file is touched. Whatever the file
//! holds, the result is parsed again by a YAML 1.2 parser and must be the
//! file's value plus our entry, else nothing is written (see `setup`).
//! Goose rewrites this file through serde when it saves its settings, so
//! comments survive us but not Goose.

use anyhow::{Result, anyhow, bail};
use serde_json::{Map, Number, Value};
use yaml_rust2::{Yaml, YamlLoader};

use super::plan::Action;

/// The file's value (an empty file is an empty mapping).
pub fn parse(text: &str) -> Result<Value> {
    let docs = YamlLoader::load_from_str(text).map_err(|e| anyhow!("not valid YAML: {e}"))?;
    match docs.as_slice() {
        [] => Ok(Value::Object(Map::new())),
        [doc] => to_json(doc),
        _ => bail!("more than one YAML document"),
    }
}

fn to_json(yaml: &Yaml) -> Result<Value> {
    Ok(match yaml {
        Yaml::Null => Value::Null,
        Yaml::Boolean(b) => Value::Bool(*b),
        Yaml::Integer(i) => Value::Number((*i).into()),
        Yaml::Real(r) => r
            .parse::<f64>()
            .ok()
            .and_then(Number::from_f64)
            .map_or_else(|| Value::String(r.clone()), Value::Number),
        Yaml::String(s) => Value::String(s.clone()),
        Yaml::Array(items) => Value::Array(items.iter().map(to_json).collect::<Result<_>>()?),
        Yaml::Hash(hash) => {
            let mut map = Map::new();
            for (key, value) in hash {
                let key = match key {
                    Yaml::String(s) => s.clone(),
                    Yaml::Integer(i) => i.to_string(),
                    Yaml::Boolean(b) => b.to_string(),
                    _ => bail!("a mapping key that is not a scalar"),
                };
                map.insert(key, to_json(value)?);
            }
            Value::Object(map)
        }
        Yaml::Alias(_) | Yaml::BadValue => bail!("an alias or a value this parser cannot read"),
    })
}

/// `text` with `actions` done: only members of a top-level mapping.
pub fn apply(text: &str, actions: &[Action]) -> Result<String> {
    let mut text = text.to_string();
    for action in actions {
        text = match action {
            Action::AddMember {
                parents,
                name,
                value,
            } if parents.len() == 1 => add(&text, &parents[0], name, value)?,
            Action::ReplaceMember {
                parents,
                name,
                value,
            } if parents.len() == 1 => replace(&text, &parents[0], name, value)?,
            Action::RemoveMember { parents, name } if parents.len() == 1 => {
                remove(&text, &parents[0], name)?
            }
            _ => bail!("only entries of a top-level mapping are written to YAML"),
        };
    }
    Ok(text)
}

/// The lines of `text`, each with its end (newline included).
fn lines(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        out.push((start, line));
        start += line.len();
    }
    out
}

fn content(line: &str) -> &str {
    line.trim_end_matches(['\n', '\r'])
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

/// Blank or only a comment.
fn is_trivia(line: &str) -> bool {
    let c = content(line).trim_start();
    c.is_empty() || c.starts_with('#')
}

/// The line `key:` at column 0 (its index), and the index past its block.
fn top_level(lines: &[(usize, &str)], key: &str) -> Option<(usize, usize)> {
    let at = lines.iter().position(|(_, l)| {
        content(l)
            .strip_prefix(key)
            .is_some_and(|rest| rest.starts_with(':'))
    })?;
    let end = lines[at + 1..]
        .iter()
        .position(|(_, l)| !is_trivia(l) && indent(l) == 0)
        .map_or(lines.len(), |n| at + 1 + n);
    Some((at, end))
}

fn newline_of(text: &str) -> &'static str {
    if text.contains("\r\n") { "\r\n" } else { "\n" }
}

fn add(text: &str, parent: &str, name: &str, value: &Value) -> Result<String> {
    let nl = newline_of(text);
    let all = lines(text);
    let Some((at, end)) = top_level(&all, parent) else {
        // No such mapping yet: at the end of the file.
        let mut out = text.to_string();
        if !out.is_empty() && !out.ends_with('\n') {
            out.push_str(nl);
        }
        out.push_str(&format!("{parent}:{nl}"));
        out.push_str(&block(name, value, 2, nl));
        return Ok(out);
    };
    let head = content(all[at].1);
    let after_colon = head[parent.len() + 1..].trim();
    let after_colon = after_colon.split(" #").next().unwrap_or("").trim();
    if after_colon == "{}" || after_colon == "null" || after_colon == "~" {
        // An empty mapping written on its line: the block replaces it.
        let token = head.find(after_colon).expect("found");
        let start = all[at].0 + head[..token].trim_end().len();
        let stop = all[at].0 + token + after_colon.len();
        return Ok(format!(
            "{}{nl}{}{}",
            &text[..start],
            block(name, value, 2, nl).trim_end_matches(['\r', '\n']),
            &text[stop..]
        ));
    }
    if !after_colon.is_empty() {
        bail!("`{parent}:` is written inline; add the entry by hand");
    }
    // After the block's last line that is not trivia.
    let last = (at + 1..end).rev().find(|&i| !is_trivia(all[i].1));
    let step = last
        .and_then(|_| (at + 1..end).find(|&i| !is_trivia(all[i].1)))
        .map_or(2, |i| indent(all[i].1));
    if step == 0 {
        bail!("cannot tell the indentation of `{parent}:`");
    }
    let insert_at = last.map_or(at + 1, |i| i + 1);
    let offset = all.get(insert_at).map_or(text.len(), |(o, _)| *o);
    let mut out = text[..offset].to_string();
    if !out.ends_with('\n') {
        out.push_str(nl);
    }
    out.push_str(&block(name, value, step, nl));
    out.push_str(&text[offset..]);
    Ok(out)
}

/// The lines of entry `name` of the top-level mapping `parent`: from its
/// key's line to its last line that is not trivia (byte offsets), and its
/// indentation.
fn entry_lines(text: &str, parent: &str, name: &str) -> Result<(usize, usize, usize)> {
    let all = lines(text);
    let Some((at, end)) = top_level(&all, parent) else {
        bail!("`{parent}:` vanished");
    };
    let key_forms = [format!("{name}:"), format!("{}:", json_string(name))];
    let Some(first) = (at + 1..end).find(|&i| {
        let c = content(all[i].1).trim_start();
        !is_trivia(all[i].1) && key_forms.iter().any(|k| c.starts_with(k.as_str()))
    }) else {
        bail!("the entry {name} is not written as a block");
    };
    let step = indent(all[first].1);
    let stop = (first + 1..end)
        .find(|&i| !is_trivia(all[i].1) && indent(all[i].1) <= step)
        .unwrap_or(end);
    // Trailing trivia stays.
    let stop = (first + 1..stop)
        .rev()
        .find(|&i| !is_trivia(all[i].1))
        .map_or(first + 1, |i| i + 1);
    let from = all[first].0;
    let to = all.get(stop).map_or(text.len(), |(o, _)| *o);
    Ok((from, to, step))
}

/// `text` without the entry `name` of `parent` (the mapping's key stays,
/// written `{}` if it held nothing else).
fn remove(text: &str, parent: &str, name: &str) -> Result<String> {
    let (from, to, _) = entry_lines(text, parent, name)?;
    let mut out = format!("{}{}", &text[..from], &text[to..]);
    let all = lines(&out);
    if let Some((at, end)) = top_level(&all, parent)
        && (at + 1..end).all(|i| is_trivia(all[i].1))
    {
        // An empty block would read as null: say it is an empty mapping.
        let (offset, line) = all[at];
        let head = content(line);
        let colon = offset + parent.len() + 1;
        if head[parent.len() + 1..].trim().is_empty() {
            out.insert_str(colon, " {}");
        }
    }
    Ok(out)
}

fn replace(text: &str, parent: &str, name: &str, value: &Value) -> Result<String> {
    let nl = newline_of(text);
    // Trailing trivia stays after the new block.
    let (from, to, step) = entry_lines(text, parent, name)?;
    let mut out = text[..from].to_string();
    out.push_str(&block(name, value, step, nl));
    out.push_str(&text[to..]);
    Ok(out)
}

/// `name:` and its value as a block at `indent` spaces (members `step`
/// further in), each line ended by `nl`.
fn block(name: &str, value: &Value, indent: usize, nl: &str) -> String {
    let pad = " ".repeat(indent);
    let mut out = format!("{pad}{}:{nl}", key(name));
    if let Some(map) = value.as_object() {
        for (k, v) in map {
            out.push_str(&format!("{pad}{pad}{}: {}{nl}", key(k), flow(v)));
        }
    }
    out
}

/// A key: plain when it cannot be read as anything but a string.
fn key(name: &str) -> String {
    let plain = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        && name.starts_with(|c: char| c.is_ascii_alphabetic())
        && !matches!(
            name.to_ascii_lowercase().as_str(),
            "true" | "false" | "null" | "yes" | "no" | "on" | "off" | "y" | "n"
        );
    if plain {
        name.to_string()
    } else {
        json_string(name)
    }
}

fn json_string(s: &str) -> String {
    serde_json::to_string(s).expect("a string serializes")
}

/// A value in flow style: JSON's syntax is YAML's flow syntax (strings
/// always double-quoted, so none is read as a number or a boolean).
fn flow(value: &Value) -> String {
    match value {
        Value::Array(items) => {
            format!(
                "[{}]",
                items.iter().map(flow).collect::<Vec<_>>().join(", ")
            )
        }
        Value::Object(map) => format!(
            "{{{}}}",
            map.iter()
                .map(|(k, v)| format!("{}: {}", json_string(k), flow(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        scalar => serde_json::to_string(scalar).expect("a value serializes"),
    }
}
