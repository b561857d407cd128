//! The shape line within a byte budget, opened one level at a time: the
//! structure first (an object shows its keys, `{…}` until then), the parts
//! seen most often first — the records of an output (`Vulnerabilities`
//! under each of `Results`, `variants` under each product) before a
//! document's one-off metadata — then the scalar members' types. So an
//! agent can write the exact jq path (`.products[].variants[].sku`) from
//! the handle message alone.

use super::{ARRAY, JsonShape, OBJECT, push_key};

impl JsonShape {
    /// The shape of node `id` after `label`, the most open within `budget`
    /// bytes (`{…}` at least).
    pub(super) fn render_within(&self, id: u32, label: &str, budget: usize) -> String {
        let n = self.nodes.len();
        let weight = self.weights();
        let mut open = vec![false; n];
        let mut typed = vec![false; n];
        let render = |open: &[bool], typed: &[bool]| {
            let mut out = String::from(label);
            self.render_open(id, open, typed, &mut out);
            out
        };
        let mut best = render(&open, &typed);
        // Structure, then types: each time the most seen node that can be
        // opened (its parent shows it) and still fits.
        for types in [false, true] {
            let mut tried = vec![false; n];
            loop {
                let shown = self.shown(id, &open);
                let next = (shown.into_iter())
                    .filter(|&i| !tried[i] && self.nodes[i].kinds & OBJECT != 0)
                    .filter(|&i| {
                        if types {
                            !typed[i] && open[i]
                        } else {
                            !open[i]
                        }
                    })
                    .max_by_key(|&i| (weight[i], std::cmp::Reverse(i)));
                let Some(i) = next else {
                    break;
                };
                tried[i] = true;
                let flag = if types { &mut typed } else { &mut open };
                flag[i] = true;
                let line = render(&open, &typed);
                if line.len() <= budget {
                    best = line;
                } else {
                    let flag = if types { &mut typed } else { &mut open };
                    flag[i] = false;
                }
            }
        }
        best
    }

    /// The most values seen in each node's subtree: what an output is made
    /// of weighs most.
    fn weights(&self) -> Vec<u64> {
        let mut w: Vec<u64> = self.nodes.iter().map(|n| n.count).collect();
        // Children come after their parents: a pass from the end adds up.
        for i in (0..self.nodes.len()).rev() {
            let node = &self.nodes[i];
            let children = node.keys.iter().map(|(_, c)| *c).chain(node.items);
            let most = children.map(|c| w[c as usize]).max().unwrap_or(0);
            w[i] = w[i].max(most);
        }
        w
    }

    /// The nodes shown by the rendering of `id` with `open`.
    fn shown(&self, id: u32, open: &[bool]) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![id];
        while let Some(i) = stack.pop() {
            out.push(i as usize);
            let node = &self.nodes[i as usize];
            if let Some(items) = node.items {
                stack.push(items);
            }
            if open[i as usize] {
                stack.extend(node.keys.iter().map(|(_, c)| *c));
            }
        }
        out
    }

    /// Renders node `id`: an object open shows its keys (with their types
    /// when `typed`), closed `{…}`; an array its length and its items.
    fn render_open(&self, id: u32, open: &[bool], typed: &[bool], out: &mut String) {
        let node = &self.nodes[id as usize];
        let mut parts = 0;
        let mut sep = |out: &mut String| {
            if parts > 0 {
                out.push('|');
            }
            parts += 1;
        };
        if node.kinds & OBJECT != 0 {
            sep(out);
            if node.keys.is_empty() && !node.more {
                out.push_str("{}");
            } else if !open[id as usize] {
                out.push_str("{…}");
            } else {
                out.push('{');
                for (i, (key, child)) in node.keys.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    push_key(key, out);
                    let c = &self.nodes[*child as usize];
                    if c.count < node.objects {
                        out.push_str(&format!(" ({} of {})", c.count, node.objects));
                    }
                    let container = c.kinds & (OBJECT | ARRAY) != 0;
                    if container || typed[id as usize] {
                        out.push_str(": ");
                        self.render_open(*child, open, typed, out);
                    }
                }
                if node.more {
                    out.push_str(if node.keys.is_empty() { "…" } else { ", …" });
                }
                out.push('}');
            }
        }
        if node.kinds & ARRAY != 0 {
            sep(out);
            match (node.arrays, node.len_min == node.len_max) {
                (0, _) => out.push_str("array[…]"),
                (_, true) => out.push_str(&format!("array[{}]", node.len_max)),
                (_, false) => out.push_str(&format!("array[{}–{}]", node.len_min, node.len_max)),
            }
            if let Some(items) = node.items {
                out.push_str(" of ");
                self.render_open(items, open, typed, out);
            } else if node.more && node.arrays > 0 {
                out.push_str(" of …");
            }
        }
        self.render_scalars(node.kinds, &mut sep, out);
    }
}
