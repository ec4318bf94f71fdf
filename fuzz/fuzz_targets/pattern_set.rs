#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| godtab::fuzzing::pattern_set(data));
