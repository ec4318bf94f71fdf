//! What `gen` says while it works: a line per level of every search on
//! stderr (or a progress bar on a terminal), with the states per second,
//! the fraction reached and an estimate of the time left.

use std::io::IsTerminal;
use std::time::Duration;

use godtab_gen::{Part, Progress};

use crate::stdio::note;
use crate::text::thousands;

/// Reports each level of a generation whose parts hold `total` states (or
/// placements) together.
pub(crate) struct Reporter {
    bar: Option<indicatif::ProgressBar>,
    total: u64,
    /// What a pattern's entries are: "placements" of tiles, or "entries"
    /// of an orbit pattern.
    unit: &'static str,
}

impl Reporter {
    pub(crate) fn new(total: u64, unit: &'static str) -> Self {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = indicatif::ProgressBar::new(total);
            let template = format!("{{prefix}} [{{bar:40}}] {{human_pos}}/{{human_len}} {unit} ({{rate}}{{late_eta}})");
            bar.set_style(
                indicatif::ProgressStyle::with_template(&template)
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
                    .with_key("rate", |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = w.write_str(&rate_text(state.per_sec()));
                    })
                    .with_key("late_eta", |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = w.write_str(&eta_text(state.elapsed(), state.eta()));
                    })
                    .progress_chars("=> "),
            );
            bar
        });
        Self { bar, total, unit }
    }

    /// Reports one finished level.
    pub(crate) fn level(&self, level: &Progress) {
        let done = level.before + level.reached;
        let prefix = match level.part {
            Part::States => format!("depth {:>3}", level.depth),
            Part::Pattern { index, .. } => format!("pattern {index} depth {:>3}", level.depth),
        };
        if let Some(bar) = &self.bar {
            bar.set_prefix(prefix);
            bar.set_position(done);
            return;
        }
        let seconds = level.elapsed.as_secs_f64();
        let rate = if seconds > 0.0 { done as f64 / seconds } else { 0.0 };
        let fraction = done as f64 / self.total.max(1) as f64;
        // Extrapolated from the fraction reached, once it says something.
        let eta = if level.elapsed >= Duration::from_secs(1) && (0.01..1.0).contains(&fraction) {
            format!(", ETA {:#}", indicatif::HumanDuration(level.elapsed.mul_f64((1.0 - fraction) / fraction)))
        } else {
            String::new()
        };
        match level.part {
            Part::States => note(format_args!(
                "{prefix}: {:>13} states, {:>13} reached of {} ({:.1}%, {seconds:.1} s, {}, {}{eta})",
                thousands(level.found),
                thousands(level.reached),
                thousands(level.total),
                100.0 * fraction,
                if level.pull { "pull" } else { "push" },
                rate_text(rate),
            )),
            Part::Pattern { .. } => note(format_args!(
                "{prefix}: {:>13} of {} {} ({seconds:.1} s)",
                thousands(level.reached),
                thousands(level.total),
                self.unit,
            )),
        }
    }

    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// A rate of states per second as a person reads it: "950 states/s",
/// "12.3 k states/s", "4.9 M states/s".
fn rate_text(per_sec: f64) -> String {
    const UNITS: [&str; 4] = ["k", "M", "G", "T"];
    // Before the first level the rate is unknown (zero or not a number).
    let per_sec = if per_sec.is_finite() && per_sec > 0.0 { per_sec } else { 0.0 };
    if per_sec < 999.5 {
        return format!("{per_sec:.0} states/s");
    }
    let mut value = per_sec / 1000.0;
    let mut unit = 0;
    // 999.96 would print as "1000.0": that is the next unit's 1.0.
    while value >= 999.95 && unit + 1 < UNITS.len() {
        value /= 1000.0;
        unit += 1;
    }
    format!("{value:.1} {} states/s", UNITS[unit])
}

/// ", ETA 5s" once the run has lasted a second, nothing before: an estimate
/// from the first levels is noise, and work that ends sooner needs none.
fn eta_text(elapsed: Duration, eta: Duration) -> String {
    if elapsed < Duration::from_secs(1) {
        return String::new();
    }
    format!(", ETA {:#}", indicatif::HumanDuration(eta))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_read_well() {
        assert_eq!(rate_text(4_900_000.0), "4.9 M states/s");
        assert_eq!(rate_text(950.0), "950 states/s");
        assert_eq!(rate_text(12_300.0), "12.3 k states/s");
        assert_eq!(rate_text(999.6), "1.0 k states/s");
        assert_eq!(rate_text(999_960.0), "1.0 M states/s");
        assert_eq!(rate_text(23_400_000_000.0), "23.4 G states/s");
        assert_eq!(rate_text(0.0), "0 states/s");
        assert_eq!(rate_text(f64::NAN), "0 states/s");
        assert_eq!(rate_text(f64::INFINITY), "0 states/s");
    }

    #[test]
    fn the_eta_waits_for_a_second() {
        assert_eq!(eta_text(Duration::from_millis(400), Duration::from_secs(30)), "");
        assert_eq!(eta_text(Duration::from_millis(999), Duration::ZERO), "");
        assert_eq!(eta_text(Duration::from_secs(1), Duration::from_secs(5)), ", ETA 5s");
        assert_eq!(eta_text(Duration::from_secs(20), Duration::from_secs(150)), ", ETA 3m");
    }
}
