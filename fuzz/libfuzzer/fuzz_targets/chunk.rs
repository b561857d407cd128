//! libFuzzer entry for the `chunk` target (see `tool_output_fuzz::chunk`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tool_output_fuzz::chunk::run(data));
