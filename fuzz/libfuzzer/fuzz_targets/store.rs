//! libFuzzer entry for the `store` target (see `tool_output_fuzz::store`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tool_output_fuzz::store::run(data));
