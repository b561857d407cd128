//! libFuzzer entry for the `lexical` target (see `tool_output_fuzz::lexical`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tool_output_fuzz::lexical::run(data));
