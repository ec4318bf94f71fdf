#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| godtab::fuzzing::definition_file(data));
