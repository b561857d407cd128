//! Shared by the integration tests and the benchmarks: a scripted LLM
//! server on loopback and the helpers a scripted model needs.

pub mod fixtures;
pub mod llm_server;
pub mod script;
