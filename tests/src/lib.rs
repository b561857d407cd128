//! Shared by the integration tests and the benchmarks: a scripted LLM
//! server on loopback and the helpers a scripted model needs, and object
//! stores on loopback (S3, GCS, Azure) for the object-store tests.

pub mod fixtures;
pub mod front;
pub mod gate;
pub mod llm_server;
pub mod peak;
pub mod s3;
pub mod script;
pub mod stores;
pub mod suite;
