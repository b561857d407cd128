//! What `setup` changes in a host's config file, decided on the file's
//! parsed value before any text is touched: each [`Change`] becomes an
//! [`Action`] (add, replace with `--force`) or nothing (already there), or
//! the file is refused (a different entry of that name, a container of the
//! wrong type). The formats edit the text; [`expected`] is what the edited
//! text must parse to, checked before anything is written.

use serde_json::{Map, Value};

/// One thing `setup` puts in a file.
pub enum Change {
    /// `parents…name` = value (an MCP server entry).
    Member {
        parents: Vec<String>,
        name: String,
        value: Value,
    },
    /// `value` appended to the array at `parents` (a hook group), unless an
    /// element `ours` recognises is there.
    Append {
        parents: Vec<String>,
        value: Value,
        ours: fn(&Value) -> bool,
    },
}

impl Change {
    pub fn member(parents: &[&str], name: &str, value: Value) -> Change {
        Change::Member {
            parents: parents.iter().map(|p| p.to_string()).collect(),
            name: name.to_string(),
            value,
        }
    }

    pub fn append(parents: &[&str], value: Value, ours: fn(&Value) -> bool) -> Change {
        Change::Append {
            parents: parents.iter().map(|p| p.to_string()).collect(),
            value,
            ours,
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
    Append {
        parents: Vec<String>,
        value: Value,
    },
    ReplaceElement {
        parents: Vec<String>,
        index: usize,
        value: Value,
    },
}

/// What one change comes to in a file's current value.
pub enum Decision {
    Do(Action),
    AlreadyThere,
    /// A different entry is there (`--force` replaces it).
    Conflict {
        theirs: Value,
    },
    /// The file's shape is not what the host reads: refuse.
    Refuse(String),
}

/// Decide `change` against the file's `value`.
pub fn decide(value: &Value, change: &Change, force: bool) -> Decision {
    let parents = match change {
        Change::Member { parents, .. } | Change::Append { parents, .. } => parents,
    };
    // Walk to the container; a missing part is created.
    let mut at = Some(value);
    for (depth, key) in parents.iter().enumerate() {
        let Some(current) = at else { break };
        if !current.is_object() {
            return Decision::Refuse(format!(
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
    match change {
        Change::Member {
            name, value: ours, ..
        } => match at {
            None => Decision::Do(Action::AddMember {
                parents: parents.clone(),
                name: name.clone(),
                value: ours.clone(),
            }),
            Some(container) if !container.is_object() => {
                Decision::Refuse(format!("{} is not an object", parents.join(".")))
            }
            Some(container) => match container.get(name) {
                None => Decision::Do(Action::AddMember {
                    parents: parents.clone(),
                    name: name.clone(),
                    value: ours.clone(),
                }),
                Some(theirs) if theirs == ours => Decision::AlreadyThere,
                Some(_) if force => Decision::Do(Action::ReplaceMember {
                    parents: parents.clone(),
                    name: name.clone(),
                    value: ours.clone(),
                }),
                Some(theirs) => Decision::Conflict {
                    theirs: theirs.clone(),
                },
            },
        },
        Change::Append {
            value: ours,
            ours: is_ours,
            ..
        } => match at {
            None => Decision::Do(Action::Append {
                parents: parents.clone(),
                value: ours.clone(),
            }),
            Some(array) => {
                let Some(elements) = array.as_array() else {
                    return Decision::Refuse(format!("{} is not an array", parents.join(".")));
                };
                match elements.iter().position(is_ours) {
                    None => Decision::Do(Action::Append {
                        parents: parents.clone(),
                        value: ours.clone(),
                    }),
                    Some(index) if &elements[index] == ours => Decision::AlreadyThere,
                    Some(index) if force => Decision::Do(Action::ReplaceElement {
                        parents: parents.clone(),
                        index,
                        value: ours.clone(),
                    }),
                    Some(index) => Decision::Conflict {
                        theirs: elements[index].clone(),
                    },
                }
            }
        },
    }
}

/// The value `actions` make of `value`: what the edited text must parse to.
pub fn expected(value: &Value, actions: &[Action]) -> Value {
    let mut value = value.clone();
    for action in actions {
        let parents = match action {
            Action::AddMember { parents, .. }
            | Action::ReplaceMember { parents, .. }
            | Action::Append { parents, .. }
            | Action::ReplaceElement { parents, .. } => parents,
        };
        let mut at = &mut value;
        for key in parents {
            if !at.is_object() {
                *at = Value::Object(Map::new());
            }
            let map = at.as_object_mut().expect("an object");
            at = map.entry(key.clone()).or_insert(Value::Null);
        }
        match action {
            Action::AddMember { name, value, .. } | Action::ReplaceMember { name, value, .. } => {
                if !at.is_object() {
                    *at = Value::Object(Map::new());
                }
                at.as_object_mut()
                    .expect("an object")
                    .insert(name.clone(), value.clone());
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
        }
    }
    value
}
