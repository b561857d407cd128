//! libFuzzer entry for the `report` target (see `tool_output_fuzz::report`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tool_output_fuzz::report::run(data));
