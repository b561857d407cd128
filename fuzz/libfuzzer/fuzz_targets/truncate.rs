//! libFuzzer entry for the `truncate` target (see `tool_output_fuzz::truncate`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tool_output_fuzz::truncate::run(data));
