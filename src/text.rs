//! How the command writes numbers for people: counts with thousands
//! separators, sizes in binary units, a count with its noun.

use std::fmt;

/// A number of bytes, displayed in binary units: "12 bytes", "1.5 KiB";
/// with `{:#}`, the exact count too: "1.5 KiB (1,536 bytes)".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Size(pub u64);

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
        if self.0 < 1024 {
            return write!(f, "{} bytes", self.0);
        }
        if f.alternate() {
            return write!(f, "{} ({} bytes)", Size(self.0), Count(self.0));
        }
        let mut value = self.0 as f64 / 1024.0;
        let mut unit = 0;
        // 1023.96 would print as "1024.0": that is the next unit's 1.0.
        while value >= 1023.95 && unit + 1 < UNITS.len() {
            value /= 1024.0;
            unit += 1;
        }
        write!(f, "{value:.1} {}", UNITS[unit])
    }
}

pub(crate) use godtab_oracle::Count;

/// 181440 as "181,440".
pub(crate) fn thousands(n: u64) -> String {
    Count(n).to_string()
}

/// `n` and the noun that goes with it: "1 pattern", "3 patterns".
pub(crate) fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", Count(n), if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_counts_read_well() {
        assert_eq!(Size(1536).to_string(), "1.5 KiB");
        assert_eq!(Size(12).to_string(), "12 bytes");
        assert_eq!(Size(5 << 30).to_string(), "5.0 GiB");
        assert_eq!(Size(1_048_575).to_string(), "1.0 MiB");
        assert_eq!(Size(1023).to_string(), "1023 bytes");
        assert_eq!(format!("{:#}", Size(1536)), "1.5 KiB (1,536 bytes)");
        assert_eq!(Count(1_234_567).to_string(), "1,234,567");
        assert_eq!(Count(999).to_string(), "999");
        assert_eq!(plural(1, "node", "nodes"), "1 node");
        assert_eq!(plural(20_000, "node", "nodes"), "20,000 nodes");
    }
}
