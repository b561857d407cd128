//! libFuzzer entry for the `view` target (see `tool_output_fuzz::view`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tool_output_fuzz::view::run(data));
