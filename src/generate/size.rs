//! Sizes as people write them: `--max-memory 8GiB`, `1.5 GB`, `512M`.

/// A size as godtab prints it or a person writes it, in bytes: "1500",
/// "64K", "512MiB", "1.5 GiB", "1.5GB", "12 bytes". Units with or without
/// an i and without B are binary (K, Ki, KiB = 1024, then M, G, T, P, E);
/// with B and no i, decimal (KB = 1000, MB, GB, TB, PB, EB); letters in any
/// case; B or bytes alone for bytes.
pub(crate) fn parse_size(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let invalid = || {
        format!(
            "{text:?} is not a size: give bytes, or a number and a unit such as 512MiB, 1.5 GB or 2G (K, KiB, M, \
             MiB, G, GiB, T, TiB are powers of 1024; KB, MB, GB, TB powers of 1000)"
        )
    };
    let digits = text.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(text.len());
    let (number, unit) = text.split_at(digits);
    let unit = unit.trim_start().to_ascii_lowercase();
    let (prefix, suffix) = match unit.find(['i', 'b']) {
        Some(at) => unit.split_at(at),
        None => (unit.as_str(), ""),
    };
    let power = match prefix {
        "" => 0,
        "k" => 1,
        "m" => 2,
        "g" => 3,
        "t" => 4,
        "p" => 5,
        "e" => 6,
        _ => return Err(invalid()),
    };
    let base: u64 = match suffix {
        "" | "i" | "ib" => 1024,
        "b" => 1000,
        "byte" | "bytes" if power == 0 => 1,
        _ => return Err(invalid()),
    };
    if power == 0 && !matches!(suffix, "" | "b" | "byte" | "bytes") {
        return Err(invalid());
    }
    let scale = base.pow(power);
    let too_large = || format!("{text:?} is more than the largest size, 16 EiB");
    if let Ok(whole) = number.parse::<u64>() {
        return whole.checked_mul(scale).ok_or_else(too_large);
    }
    // A fraction of a unit: in f64, to within one part in 2^53 (far finer
    // than memory is counted), rounded to a byte.
    let value: f64 = number.parse().map_err(|_| invalid())?;
    let bytes = (value * scale as f64).round();
    if bytes >= 18_446_744_073_709_551_616.0 {
        return Err(too_large());
    }
    Ok(bytes as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("1500"), Ok(1500));
        assert_eq!(parse_size("64K"), Ok(65_536));
        assert_eq!(parse_size("2G"), Ok(2 << 30));
        assert_eq!(parse_size("1.5m"), Ok(1_572_864));
        assert_eq!(parse_size("1.5T"), Ok(3 << 39));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("-1G").is_err());
        assert!(parse_size("99999999999T").is_err());
    }

    #[test]
    fn binary_units_as_godtab_prints_them() {
        assert_eq!(parse_size("8GiB"), Ok(8 << 30));
        assert_eq!(parse_size("512MiB"), Ok(512 << 20));
        assert_eq!(parse_size("64KiB"), Ok(64 << 10));
        assert_eq!(parse_size("2TiB"), Ok(2 << 40));
        assert_eq!(parse_size("1.5 GiB"), Ok(3 << 29));
        assert_eq!(parse_size(" 1.5  gib "), Ok(3 << 29));
        assert_eq!(parse_size("64Ki"), Ok(64 << 10));
        assert_eq!(parse_size("1 PiB"), Ok(1 << 50));
        assert_eq!(parse_size("15 EiB"), Ok(15 << 60));
        // Every size godtab prints reads back as about itself.
        for bytes in [1536, 5 << 30, 1_048_575, 3 << 39] {
            let printed = crate::text::Size(bytes).to_string();
            let read = parse_size(&printed).unwrap() as f64;
            assert!((read / bytes as f64 - 1.0).abs() < 0.05, "{printed}: {read}");
        }
    }

    #[test]
    fn decimal_units() {
        assert_eq!(parse_size("1.5GB"), Ok(1_500_000_000));
        assert_eq!(parse_size("1.5 gb"), Ok(1_500_000_000));
        assert_eq!(parse_size("64KB"), Ok(64_000));
        assert_eq!(parse_size("64kB"), Ok(64_000));
        assert_eq!(parse_size("0.3KB"), Ok(300));
        assert_eq!(parse_size("512MB"), Ok(512_000_000));
        assert_eq!(parse_size("2TB"), Ok(2_000_000_000_000));
    }

    #[test]
    fn bytes() {
        assert_eq!(parse_size("12 bytes"), Ok(12));
        assert_eq!(parse_size("12B"), Ok(12));
        assert_eq!(parse_size("1 byte"), Ok(1));
        assert_eq!(parse_size("1023 Bytes"), Ok(1023));
    }

    #[test]
    fn not_sizes() {
        for text in [
            "",
            "GiB",
            "bytes",
            "1.5 XB",
            "1e3",
            "inf",
            "NaN",
            "1..5G",
            "1 G B",
            "1 KiBytes",
            "2Gb/s",
            "3 i",
            "1.5 K iB",
        ] {
            let error = parse_size(text).unwrap_err();
            assert!(error.contains("is not a size"), "{text:?}: {error}");
        }
        assert_eq!(parse_size("16EiB").unwrap_err(), "\"16EiB\" is more than the largest size, 16 EiB");
        assert!(parse_size("16.0 EiB").is_err());
        assert_eq!(parse_size("15.99 EiB").map(|b| b >> 60), Ok(15));
    }
}
