//! The changes `--tools` makes to a request body, each a span replaced
//! (everything else stays byte for byte): our tool definitions appended to
//! `tools`, streaming turned off (the gateway reads each upstream turn whole
//! and streams the last one to the client itself), items appended to the
//! history for the next round, and the ledger's exchanges spliced back.
//! What goes into the history is joined with the client's own separator
//! (`,`, or `, ` from Python's `json.dumps`), so that a later request with
//! our items spliced back begins with the bytes of the round that added
//! them.

use bytes::Bytes;

use super::ledger::Entry;
use crate::gateway::Chunked;
use crate::gateway::dialect::Looping;
use crate::gateway::json::{Kind, Span, Tree, Val};

pub type Edit = (Span, Chunked);

fn bytes(text: impl Into<Bytes>) -> Chunked {
    Chunked::from_bytes(text.into())
}

/// The longest separator taken from the client: a comma in some space.
const MAX_SEPARATOR: usize = 64;

/// What the client puts between the items of `array`: the bytes between
/// its first two items, else between the first two members of `root`, else
/// a comma.
fn separator(array: Val<'_>, root: Val<'_>) -> String {
    let first_gap = |container: Val<'_>| {
        let mut children = container.children();
        let (first, second) = (children.next()?, children.next()?);
        let gap = first.gap_to(second);
        let ok = gap.len() <= MAX_SEPARATOR
            && gap.bytes().filter(|&b| b == b',').count() == 1
            && gap
                .bytes()
                .all(|b| b == b',' || matches!(b, b' ' | b'\t' | b'\n' | b'\r'));
        ok.then(|| String::from_utf8_lossy(&gap.to_bytes()).into_owned())
    };
    first_gap(array)
        .or_else(|| first_gap(root))
        .unwrap_or_else(|| ",".to_string())
}

/// `items` joined by `separator`.
fn joined(items: &[String], separator: &str) -> String {
    items.join(separator)
}

/// Our definitions at the end of a non-empty `tools` (the same bytes every
/// turn: `defs` is made once); None when the request offers no tools, or
/// already offers ours (its host runs `mcp serve`).
pub fn add_tools(
    root: Val<'_>,
    looping: &dyn Looping,
    defs: &str,
    ours: &[String],
) -> Option<Edit> {
    let tools = root.get("tools").filter(|t| t.kind() == Kind::Array)?;
    let offered = looping.offered(root);
    if offered.is_empty() || offered.iter().any(|name| ours.contains(name)) {
        return None;
    }
    let span = tools.span();
    // Before the closing bracket, after whatever space precedes it.
    let insert = Span {
        start: span.end - 1,
        end: span.end - 1,
    };
    Some((insert, bytes(format!(",{defs}"))))
}

/// `stream` set to false and `stream_options` removed (it is refused
/// without `stream`).
pub fn stream_off(root: Val<'_>) -> Vec<Edit> {
    let mut edits = Vec::new();
    if let Some(stream) = root.get("stream") {
        edits.push((stream.span(), bytes("false")));
    }
    let members: Vec<Val<'_>> = root.children().collect();
    if let Some(at) = members
        .iter()
        .position(|m| m.key().as_deref() == Some("stream_options"))
    {
        let member = members[at];
        let key = member.key_span().unwrap_or(member.span());
        // The member and one comma: the one after it, or before it when
        // it is last.
        let span = match (members.get(at + 1), at.checked_sub(1).map(|p| members[p])) {
            (Some(next), _) => Span {
                start: key.start,
                end: next.key_span().unwrap_or(next.span()).start,
            },
            (None, Some(previous)) => Span {
                start: previous.span().end,
                end: member.span().end,
            },
            (None, None) => Span {
                start: key.start,
                end: member.span().end,
            },
        };
        edits.push((span, Chunked::new()));
    }
    edits
}

/// `items` appended to the history (`messages`, `input`); a string `input`
/// becomes the user message it stands for, first.
pub fn append(root: Val<'_>, looping: &dyn Looping, items: &[String]) -> Vec<Edit> {
    let Some(history) = root.get(looping.history()) else {
        return vec![];
    };
    let span = history.span();
    match history.kind() {
        Kind::Array => {
            let separator = separator(history, root);
            let comma = if history.children().next().is_some() {
                separator.as_str()
            } else {
                ""
            };
            // Right after the last item: any space before the closing
            // bracket stays before it.
            let at = history
                .children()
                .last()
                .map_or(span.end - 1, |last| last.span().end);
            vec![(
                Span { start: at, end: at },
                bytes(format!("{comma}{}", joined(items, &separator))),
            )]
        }
        Kind::String => {
            let mut out = bytes("[{\"role\":\"user\",\"content\":");
            for chunk in history.raw().chunks() {
                out.push(chunk.clone());
            }
            out.push(Bytes::from(format!("}},{}]", joined(items, ","))));
            vec![(span, out)]
        }
        _ => vec![],
    }
}

/// The ledger's entries spliced around the history items they belong to;
/// `lookup` gives the entry of an item's key. `previous` is the entry of the
/// answer the request continues on the server, if any.
pub fn splice_ledger(
    root: Val<'_>,
    looping: &dyn Looping,
    previous: Option<Entry>,
    lookup: &dyn Fn(&str) -> Option<Entry>,
) -> Vec<Edit> {
    let Some(history) = root
        .get(looping.history())
        .filter(|h| h.kind() == Kind::Array)
    else {
        return vec![];
    };
    let mut edits = Vec::new();
    let separator = separator(history, root);
    let items: Vec<Val<'_>> = history.children().collect();
    if let Some(previous) = previous.filter(|p| !p.prepend.is_empty()) {
        let at = history.span().start + 1;
        let comma = if items.is_empty() {
            ""
        } else {
            separator.as_str()
        };
        edits.push((
            Span { start: at, end: at },
            bytes(format!("{}{comma}", joined(&previous.prepend, &separator))),
        ));
    }
    for (index, item) in items.iter().enumerate() {
        let Some(entry) = looping.item_key(*item).and_then(|key| lookup(&key)) else {
            continue;
        };
        let mut around = Vec::new();
        around.extend(entry.before.iter().cloned());
        if entry.replace.is_empty() {
            around.push(String::from_utf8_lossy(&item.raw().to_bytes()).into_owned());
        } else {
            around.extend(entry.replace.iter().cloned());
        }
        around.extend(entry.after.iter().cloned());
        edits.push((item.span(), bytes(joined(&around, &separator))));
        if !entry.into_next.is_empty()
            && let Some(next) = items.get(index + 1)
            && let Some(content) = next.get(looping.parts())
        {
            edits.push(into_content(content, &entry.into_next, &separator));
        }
    }
    edits
}

/// `parts` first in a message's content (a string content becomes a text
/// part after them), joined by the history's `separator`.
fn into_content(content: Val<'_>, parts: &[String], separator: &str) -> Edit {
    let span = content.span();
    match content.kind() {
        Kind::Array => {
            let comma = if content.children().next().is_some() {
                separator
            } else {
                ""
            };
            (
                Span {
                    start: span.start + 1,
                    end: span.start + 1,
                },
                bytes(format!("{}{comma}", joined(parts, separator))),
            )
        }
        _ => {
            let mut out = bytes(format!(
                "[{},{{\"type\":\"text\",\"text\":",
                joined(parts, ",")
            ));
            for chunk in content.raw().chunks() {
                out.push(chunk.clone());
            }
            out.push(Bytes::from_static(b"}]"));
            (span, out)
        }
    }
}

/// Parses `body` for `looping`'s API and applies `edits` made from it.
pub fn edited(
    body: Chunked,
    paths: &[&[crate::gateway::json::Seg]],
    make: impl FnOnce(Val<'_>) -> Vec<Edit>,
) -> Result<Chunked, Chunked> {
    let copy = body.clone();
    let tree = Tree::parse(body, paths).map_err(|_| copy)?;
    let edits = make(tree.root());
    Ok(crate::gateway::rewrite::splice(tree.into_src(), edits))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gateway::dialect::{CHAT, Dialect, GEMINI};

    fn edit(dialect: &dyn Dialect, body: &str, make: impl FnOnce(Val<'_>) -> Vec<Edit>) -> String {
        let body = Chunked::from_bytes(Bytes::from(body.to_string()));
        let out = edited(body, dialect.paths(), make).unwrap_or_else(|_| panic!("not JSON"));
        String::from_utf8(out.to_bytes().to_vec()).unwrap()
    }

    /// The request of a round and the client's next one, as Python's
    /// `json.dumps` writes them (the Google Gen AI SDK): `, ` between
    /// items. The next one begins with the round's bytes.
    #[test]
    fn our_items_are_joined_as_the_client_joins_its_own_so_the_next_turn_keeps_the_prefix() {
        let looping = GEMINI.looping().unwrap();
        let round = r#"{"contents": [{"role": "user", "parts": [{"text": "Q"}]}, {"role": "model"}], "tools": []}"#;
        let ours = vec![
            r#"{"role":"model","parts":[{"functionCall":{"name":"tool_output"}}]}"#.to_string(),
            r#"{"role":"user","parts":[{"functionResponse":{"name":"tool_output"}}]}"#.to_string(),
        ];
        let sent = edit(&GEMINI, round, |root| append(root, looping, &ours));
        assert_eq!(
            sent,
            format!(
                r#"{{"contents": [{{"role": "user", "parts": [{{"text": "Q"}}]}}, {{"role": "model"}}, {}, {}], "tools": []}}"#,
                ours[0], ours[1]
            )
        );
        let next = r#"{"contents": [{"role": "user", "parts": [{"text": "Q"}]}, {"role": "model"}, {"role": "model", "parts": [{"text": "A"}]}, {"role": "user", "parts": [{"text": "Thanks"}]}], "tools": []}"#;
        let entry = Entry {
            before: ours.clone(),
            ..Entry::default()
        };
        let spliced = edit(&GEMINI, next, |root| {
            splice_ledger(root, looping, None, &|_| Some(entry.clone()))
        });
        let history = &sent[..sent.rfind("], \"tools\"").unwrap()];
        assert!(
            spliced.starts_with(history),
            "{spliced}\ndoes not begin with\n{history}"
        );
        assert!(spliced.ends_with(
            r#"}, {"role": "model", "parts": [{"text": "A"}]}, {"role": "user", "parts": [{"text": "Thanks"}]}], "tools": []}"#
        ));
    }

    #[test]
    fn a_history_of_one_item_takes_the_separator_of_the_body_and_compact_json_keeps_commas() {
        let looping = CHAT.looping().unwrap();
        let ours = vec![r#"{"role":"tool"}"#.to_string()];
        let one = r#"{"model": "m", "messages": [{"role": "user"}]}"#;
        assert_eq!(
            edit(&CHAT, one, |root| append(root, looping, &ours)),
            r#"{"model": "m", "messages": [{"role": "user"}, {"role":"tool"}]}"#
        );
        let compact = r#"{"model":"m","messages":[{"role":"user"},{"role":"assistant"}]}"#;
        assert_eq!(
            edit(&CHAT, compact, |root| append(root, looping, &ours)),
            r#"{"model":"m","messages":[{"role":"user"},{"role":"assistant"},{"role":"tool"}]}"#
        );
        // A gap longer than a separator is not taken for one.
        let wide = format!(
            r#"{{"model":"m",{}"messages":[{{"role":"user"}}]}}"#,
            " ".repeat(100)
        );
        assert!(
            edit(&CHAT, &wide, |root| append(root, looping, &ours))
                .ends_with(r#"[{"role":"user"},{"role":"tool"}]}"#)
        );
    }
}
