//! The JSON-RPC line layer under MCP's stdio transport, apart from what is
//! said over it (as rmcp keeps its transport apart from its service): lines
//! framed with their raw bytes kept (`framing`, `chunked`), decoded with big
//! strings left in place (`decode`), routed by a non-recursive scanner when
//! serde_json refuses valid JSON (`lenient`), and written out through
//! byte-bounded queues (`queue`). The proxy relays over it; nothing here
//! knows a method.

pub mod chunked;
pub mod decode;
pub mod framing;
pub mod lenient;
pub mod queue;
