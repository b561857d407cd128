//! MCP's two protocol eras, and what each requires of the results we
//! author. Up to 2025-11-25 a session starts with `initialize` and results
//! carry only their fields; from 2026-07-28 on there is no `initialize`:
//! every request names its revision, the client's capabilities and its name
//! in `_meta`, and every result must say `resultType` (the official Python
//! SDK rejects one without it), the cacheable ones `ttlMs` and `cacheScope`
//! too. The proxy relays the downstream's results as they are (the
//! downstream speaks the client's era); only what it answers itself, and
//! `mcp serve` through rmcp, are completed here.

use serde_json::{Value, json};

/// The first revision of the stateless era.
pub const STATELESS_FROM: &str = "2026-07-28";

/// `_meta` keys of a request in the stateless era.
pub const META_PROTOCOL_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
pub const META_CLIENT_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";
pub const META_CLIENT_INFO: &str = "io.modelcontextprotocol/clientInfo";

/// The results whose complete form carries cache hints (`CacheableResult`).
const CACHEABLE: &[&str] = &[
    "server/discover",
    "tools/list",
    "prompts/list",
    "resources/list",
    "resources/templates/list",
    "resources/read",
];

/// Which era a request was made in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Era {
    /// 2025-11-25 and before: `initialize` first, results as they were.
    Handshake,
    /// 2026-07-28 and later: each request says its revision in `_meta`.
    Stateless,
}

impl Era {
    /// The era of a request, from its `params` (a revision in `_meta`
    /// of the stateless era or later; else the handshake era).
    pub fn of(params: Option<&Value>) -> Era {
        let version = params
            .and_then(|p| p.get("_meta"))
            .and_then(|m| m.get(META_PROTOCOL_VERSION))
            .and_then(Value::as_str);
        // Revisions are dates: later ones sort after.
        match version {
            Some(v) if v >= STATELESS_FROM => Era::Stateless,
            _ => Era::Handshake,
        }
    }

    /// A result we author for `method`, as this era requires: in the
    /// stateless era `resultType` (complete, unless it says otherwise)
    /// and, on cacheable results, hints that say not to cache (our lists
    /// change as outputs are stored), fields already there kept; in the
    /// handshake era no `resultType` of complete (rmcp's constructors add
    /// one, and older peers do not know it).
    pub fn complete(self, method: &str, result: &mut Value) {
        let Some(map) = result.as_object_mut() else {
            return;
        };
        if self == Era::Handshake {
            // Not a field of these revisions (rmcp strips it likewise).
            if map.get("resultType").and_then(Value::as_str) == Some("complete") {
                map.remove("resultType");
            }
            return;
        }
        map.entry("resultType").or_insert_with(|| json!("complete"));
        let complete = map.get("resultType").and_then(Value::as_str) == Some("complete");
        if complete && CACHEABLE.contains(&method) {
            map.entry("ttlMs").or_insert_with(|| json!(0));
            map.entry("cacheScope").or_insert_with(|| json!("private"));
        }
    }
}

/// What a stateless-era request says of its client: its capabilities and
/// its `clientInfo`, from `_meta`.
pub fn client_capabilities(params: Option<&Value>) -> Option<&Value> {
    params?.get("_meta")?.get(META_CLIENT_CAPABILITIES)
}

pub fn client_info(params: Option<&Value>) -> Option<&Value> {
    params?.get("_meta")?.get(META_CLIENT_INFO)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stateless() -> Value {
        json!({"_meta": {META_PROTOCOL_VERSION: "2026-07-28"}})
    }

    #[test]
    fn the_era_is_read_from_each_request() {
        assert_eq!(Era::of(Some(&stateless())), Era::Stateless);
        let later = json!({"_meta": {META_PROTOCOL_VERSION: "2027-03-01"}});
        assert_eq!(Era::of(Some(&later)), Era::Stateless);
        let older = json!({"_meta": {META_PROTOCOL_VERSION: "2025-11-25"}});
        assert_eq!(Era::of(Some(&older)), Era::Handshake);
        assert_eq!(Era::of(Some(&json!({"name": "x"}))), Era::Handshake);
        assert_eq!(Era::of(None), Era::Handshake);
        let odd = json!({"_meta": {META_PROTOCOL_VERSION: 2026}});
        assert_eq!(Era::of(Some(&odd)), Era::Handshake);
    }

    #[test]
    fn stateless_results_say_their_type_and_cacheable_ones_their_hints() {
        let mut call = json!({"content": []});
        Era::Stateless.complete("tools/call", &mut call);
        assert_eq!(call, json!({"content": [], "resultType": "complete"}));

        let mut list = json!({"tools": []});
        Era::Stateless.complete("tools/list", &mut list);
        assert_eq!(
            list,
            json!({"tools": [], "resultType": "complete", "ttlMs": 0, "cacheScope": "private"})
        );

        let mut theirs = json!({"resources": [], "ttlMs": 5000, "cacheScope": "public"});
        Era::Stateless.complete("resources/list", &mut theirs);
        assert_eq!(theirs["ttlMs"], 5000);
        assert_eq!(theirs["cacheScope"], "public");

        let mut interim = json!({"resultType": "input_required", "inputRequests": {}});
        Era::Stateless.complete("resources/read", &mut interim);
        assert!(
            interim.get("ttlMs").is_none(),
            "no hints on an interim result"
        );

        let mut old = json!({"tools": [], "resultType": "complete"});
        Era::Handshake.complete("tools/list", &mut old);
        assert_eq!(old, json!({"tools": []}));
    }
}
