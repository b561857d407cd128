//! Shared by the integration tests and the benchmarks: a scripted LLM
//! server on loopback and the helpers a scripted model needs, and an S3
//! server for the object-store tests.

pub mod fixtures;
pub mod llm_server;
pub mod s3;
pub mod script;
