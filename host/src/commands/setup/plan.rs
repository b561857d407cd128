//! What `setup` changes in a host's config file, decided on the file's
//! parsed value before any text is touched: each [`Change`] becomes
//! [`Action`]s (add, replace with `--force`, remove with `--remove`) or
//! nothing (already there, already gone), or the file is refused (a
//! different entry of that name, a container of the wrong type). The
//! formats edit the text; [`expected`] is what the edited text must parse
//! to, checked before anything is written.
//!
//! A hook group is recognised as ours by one of its hooks running our hook
//! command (`… hook claude-code`); the user's hooks in that group are never
//! dropped: `--force` and `--remove` take our hook out of a shared group
//! and leave theirs.

use serde_json::{Map, Value};

/// One thing `setup` puts in a file.
pub enum Change {
    /// `parents…name` = value (an MCP server entry, an environment variable).
    Member {
        parents: Vec<String>,
        name: String,
        value: Value,
        /// What a value of ours holds (`--remove` leaves any other value);
        /// None: the name alone says it is ours.
        ours: Option<String>,
    },
    /// `value` appended to the array at `parents` (a hook group), unless a
    /// group holding a hook whose command ends with `ours` is there.
    Append {
        parents: Vec<String>,
        value: Value,
        ours: String,
    },
}

impl Change {
    pub fn member(parents: &[&str], name: &str, value: Value) -> Change {
        Change::Member {
            parents: parents.iter().map(|p| p.to_string()).collect(),
            name: name.to_string(),
            value,
            ours: None,
        }
    }

    /// A member whose name may be the user's too: ours only while its
    /// value holds `marker`.
    pub fn member_of_ours(parents: &[&str], name: &str, value: Value, marker: &str) -> Change {
        Change::Member {
            parents: parents.iter().map(|p| p.to_string()).collect(),
            name: name.to_string(),
            value,
            ours: Some(marker.to_string()),
        }
    }

    pub fn append(parents: &[&str], value: Value, ours: &str) -> Change {
        Change::Append {
            parents: parents.iter().map(|p| p.to_string()).collect(),
            value,
            ours: ours.to_string(),
        }
    }

    /// `mcpServers.tool-output`, `hooks.PostToolUse[]`: for messages.
    pub fn place(&self) -> String {
        match self {
            Change::Member { parents, name, .. } => format!("{}.{name}", parents.join(".")),
            Change::Append { parents, .. } => format!("{}[]", parents.join(".")),
        }
    }

    pub fn value(&self) -> &Value {
        match self {
            Change::Member { value, .. } | Change::Append { value, .. } => value,
        }
    }

    fn parents(&self) -> &[String] {
        match self {
            Change::Member { parents, .. } | Change::Append { parents, .. } => parents,
        }
    }
}

/// An edit of the text.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    AddMember {
        parents: Vec<String>,
        name: String,
        value: Value,
    },
    ReplaceMember {
        parents: Vec<String>,
        name: String,
        value: Value,
    },
    RemoveMember {
        parents: Vec<String>,
        name: String,
    },
    Append {
        parents: Vec<String>,
        value: Value,
    },
    ReplaceElement {
        parents: Vec<String>,
        index: usize,
        value: Value,
    },
    RemoveElement {
        parents: Vec<String>,
        index: usize,
    },
}

impl Action {
    fn parents(&self) -> &[String] {
        match self {
            Action::AddMember { parents, .. }
            | Action::ReplaceMember { parents, .. }
            | Action::RemoveMember { parents, .. }
            | Action::Append { parents, .. }
            | Action::ReplaceElement { parents, .. }
            | Action::RemoveElement { parents, .. } => parents,
        }
    }
}

/// What one change comes to in a file's current value.
pub enum Decision {
    Do(Vec<Action>),
    /// Adding: the same entry is there. Removing: ours is not there.
    Nothing,
    /// A different entry is there (`--force` replaces it).
    Conflict {
        theirs: Value,
    },
    /// The file's shape is not what the host reads: refuse.
    Refuse(String),
}

/// The container at `parents` (None when a part is missing), or why the
/// file is refused.
fn container<'a>(value: &'a Value, parents: &[String]) -> Result<Option<&'a Value>, String> {
    let mut at = Some(value);
    for (depth, key) in parents.iter().enumerate() {
        let Some(current) = at else { break };
        if !current.is_object() {
            return Err(format!(
                "{} is not an object",
                if depth == 0 {
                    "the file's top level".to_string()
                } else {
                    parents[..depth].join(".")
                }
            ));
        }
        at = current.get(key);
    }
    Ok(at)
}

/// Whether a hook group holds a hook running our command.
pub fn runs_ours(group: &Value, ours: &str) -> bool {
    hooks_of(group).iter().any(|hook| is_our_hook(hook, ours))
}

fn hooks_of(group: &Value) -> Vec<Value> {
    group
        .get("hooks")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
}

fn is_our_hook(hook: &Value, ours: &str) -> bool {
    hook.get("command")
        .and_then(Value::as_str)
        .is_some_and(|c| c.trim_end().ends_with(ours))
}

/// `group` without our hooks (None when nothing of theirs is left).
fn without_ours(group: &Value, ours: &str) -> Option<Value> {
    let theirs: Vec<Value> = hooks_of(group)
        .into_iter()
        .filter(|hook| !is_our_hook(hook, ours))
        .collect();
    if theirs.is_empty() {
        return None;
    }
    let mut group = group.clone();
    group["hooks"] = Value::Array(theirs);
    Some(group)
}

/// Decide `change` against the file's `value`.
pub fn decide(value: &Value, change: &Change, force: bool) -> Decision {
    let parents = change.parents().to_vec();
    let at = match container(value, &parents) {
        Ok(at) => at,
        Err(why) => return Decision::Refuse(why),
    };
    match change {
        Change::Member {
            name, value: ours, ..
        } => {
            let add = || {
                Decision::Do(vec![Action::AddMember {
                    parents: parents.clone(),
                    name: name.clone(),
                    value: ours.clone(),
                }])
            };
            match at {
                None => add(),
                Some(container) if !container.is_object() => {
                    Decision::Refuse(format!("{} is not an object", parents.join(".")))
                }
                Some(container) => match container.get(name) {
                    None => add(),
                    Some(theirs) if theirs == ours => Decision::Nothing,
                    Some(_) if force => Decision::Do(vec![Action::ReplaceMember {
                        parents: parents.clone(),
                        name: name.clone(),
                        value: ours.clone(),
                    }]),
                    Some(theirs) => Decision::Conflict {
                        theirs: theirs.clone(),
                    },
                },
            }
        }
        Change::Append {
            value: group, ours, ..
        } => {
            let append = Action::Append {
                parents: parents.clone(),
                value: group.clone(),
            };
            let Some(array) = at else {
                return Decision::Do(vec![append]);
            };
            let Some(elements) = array.as_array() else {
                return Decision::Refuse(format!("{} is not an array", parents.join(".")));
            };
            if elements.iter().any(|e| e == group) {
                return Decision::Nothing;
            }
            let Some(index) = elements.iter().position(|e| runs_ours(e, ours)) else {
                return Decision::Do(vec![append]);
            };
            if !force {
                return Decision::Conflict {
                    theirs: elements[index].clone(),
                };
            }
            // Ours goes; whatever else the group held stays where it was.
            let mut actions = vec![match without_ours(&elements[index], ours) {
                Some(theirs) => Action::ReplaceElement {
                    parents: parents.clone(),
                    index,
                    value: theirs,
                },
                None => Action::ReplaceElement {
                    parents: parents.clone(),
                    index,
                    value: group.clone(),
                },
            }];
            if without_ours(&elements[index], ours).is_some() {
                actions.push(append);
            }
            Decision::Do(actions)
        }
    }
}

/// What removing `change` from the file's `value` comes to: our entry or
/// our hooks taken out, and (`prune`) the containers they leave empty.
pub fn decide_removal(value: &Value, change: &Change, prune: bool) -> Decision {
    let parents = change.parents().to_vec();
    let at = match container(value, &parents) {
        Ok(Some(at)) => at,
        Ok(None) => return Decision::Nothing,
        Err(why) => return Decision::Refuse(why),
    };
    let mut actions = Vec::new();
    let emptied = match change {
        Change::Member { name, ours, .. } => {
            let Some(map) = at.as_object() else {
                return Decision::Refuse(format!("{} is not an object", parents.join(".")));
            };
            let Some(theirs) = map.get(name) else {
                return Decision::Nothing;
            };
            if let Some(marker) = ours
                && !theirs.to_string().contains(marker.as_str())
            {
                // The user's own value of that name.
                return Decision::Nothing;
            }
            actions.push(Action::RemoveMember {
                parents: parents.clone(),
                name: name.clone(),
            });
            map.len() == 1
        }
        Change::Append { ours, .. } => {
            let Some(elements) = at.as_array() else {
                return Decision::Refuse(format!("{} is not an array", parents.join(".")));
            };
            // From the last, so the indices of the others stay right.
            let mut left = elements.len();
            for (index, group) in elements.iter().enumerate().rev() {
                if !runs_ours(group, ours) {
                    continue;
                }
                match without_ours(group, ours) {
                    Some(theirs) => actions.push(Action::ReplaceElement {
                        parents: parents.clone(),
                        index,
                        value: theirs,
                    }),
                    None => {
                        actions.push(Action::RemoveElement {
                            parents: parents.clone(),
                            index,
                        });
                        left -= 1;
                    }
                }
            }
            if actions.is_empty() {
                return Decision::Nothing;
            }
            left == 0
        }
    };
    // A container emptied by the removal goes too, up to the top level
    // (setup made it where the host had none; an empty one means nothing).
    if emptied && prune {
        let mut depth = parents.len();
        while depth > 0 {
            let (name, outer) = parents[..depth].split_last().expect("depth > 0");
            actions.push(Action::RemoveMember {
                parents: outer.to_vec(),
                name: name.clone(),
            });
            let holder = container(value, outer).ok().flatten();
            if holder
                .and_then(Value::as_object)
                .is_none_or(|m| m.len() > 1)
            {
                break;
            }
            depth -= 1;
        }
    }
    Decision::Do(actions)
}

/// The value `actions` make of `value`: what the edited text must parse to.
pub fn expected(value: &Value, actions: &[Action]) -> Value {
    let mut value = value.clone();
    for action in actions {
        let creates = matches!(action, Action::AddMember { .. } | Action::Append { .. });
        let Some(at) = walk(&mut value, action.parents(), creates) else {
            continue;
        };
        match action {
            Action::AddMember { name, value, .. } | Action::ReplaceMember { name, value, .. } => {
                if !at.is_object() {
                    *at = Value::Object(Map::new());
                }
                at.as_object_mut()
                    .expect("an object")
                    .insert(name.clone(), value.clone());
            }
            Action::RemoveMember { name, .. } => {
                if let Some(map) = at.as_object_mut() {
                    map.remove(name);
                }
            }
            Action::Append { value, .. } => {
                if !at.is_array() {
                    *at = Value::Array(Vec::new());
                }
                at.as_array_mut().expect("an array").push(value.clone());
            }
            Action::ReplaceElement { index, value, .. } => {
                if let Some(slot) = at.as_array_mut().and_then(|a| a.get_mut(*index)) {
                    *slot = value.clone();
                }
            }
            Action::RemoveElement { index, .. } => {
                if let Some(array) = at.as_array_mut()
                    && *index < array.len()
                {
                    array.remove(*index);
                }
            }
        }
    }
    value
}

/// The value at `parents` (created where missing when `create`).
fn walk<'a>(value: &'a mut Value, parents: &[String], create: bool) -> Option<&'a mut Value> {
    let mut at = value;
    for key in parents {
        if !at.is_object() {
            if !create {
                return None;
            }
            *at = Value::Object(Map::new());
        }
        let map = at.as_object_mut().expect("an object");
        if !create && !map.contains_key(key) {
            return None;
        }
        at = map.entry(key.clone()).or_insert(Value::Null);
    }
    Some(at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn group(commands: &[&str]) -> Value {
        json!({"matcher": "Bash", "hooks": commands.iter().map(|c| json!({"type": "command", "command": c})).collect::<Vec<_>>()})
    }

    #[test]
    fn force_keeps_the_users_hooks_of_a_shared_group() {
        let ours = group(&["/new/tool-output hook claude-code"]);
        let file = json!({"hooks": {"PostToolUse": [group(&["fmt", "/old/tool-output hook claude-code"])]}});
        let change = Change::append(&["hooks", "PostToolUse"], ours.clone(), "hook claude-code");
        let Decision::Do(actions) = decide(&file, &change, true) else {
            panic!("a decision to act")
        };
        let after = expected(&file, &actions);
        assert_eq!(
            after["hooks"]["PostToolUse"],
            json!([group(&["fmt"]), ours])
        );
    }

    #[test]
    fn removal_takes_ours_and_what_it_leaves_empty() {
        let ours = group(&["/t/tool-output hook claude-code"]);
        let change = Change::append(&["hooks", "PostToolUse"], ours.clone(), "hook claude-code");
        let alone = json!({"theme": "x", "hooks": {"PostToolUse": [ours.clone()]}});
        let Decision::Do(actions) = decide_removal(&alone, &change, true) else {
            panic!()
        };
        assert_eq!(expected(&alone, &actions), json!({"theme": "x"}));
        let shared = json!({"hooks": {"PostToolUse": [group(&["fmt", "/t/tool-output hook claude-code"])], "Stop": []}});
        let Decision::Do(actions) = decide_removal(&shared, &change, true) else {
            panic!()
        };
        assert_eq!(
            expected(&shared, &actions),
            json!({"hooks": {"PostToolUse": [group(&["fmt"])], "Stop": []}})
        );
        assert!(matches!(
            decide_removal(&json!({}), &change, true),
            Decision::Nothing
        ));
    }
}
