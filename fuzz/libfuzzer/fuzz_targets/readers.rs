//! libFuzzer entry for the `readers` target (see `tool_output_fuzz::readers`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tool_output_fuzz::readers::run(data));
