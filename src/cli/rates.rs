//! `zodiac winrate` for every patience: the deals decided (by the patience's solver), a CSV line
//! each as it comes, a progress bar on a terminal, and at the end the rate of the deals decided,
//! its Wilson interval, and the unknown deals counted both ways.

use crate::patience::{Effort, Patience};
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::Instant;

/// A CSV file written a line at a time as rows come (flushed, so a run stopped early keeps what
/// it found); the first failure to write is kept and said at the end. No path, no file.
pub struct Csv<'a> {
    file: Option<(&'a Path, std::fs::File)>,
    failed: Option<String>,
}

fn cannot(path: &Path, e: std::io::Error) -> String {
    format!("cannot write {}: {e}", path.display())
}

impl<'a> Csv<'a> {
    pub fn create(path: Option<&'a Path>, header: &str) -> Result<Csv<'a>, String> {
        let file = match path {
            Some(path) => {
                let mut file = std::fs::File::create(path).map_err(|e| cannot(path, e))?;
                writeln!(file, "{header}").map_err(|e| cannot(path, e))?;
                Some((path, file))
            }
            None => None,
        };
        Ok(Csv { file, failed: None })
    }

    pub fn line(&mut self, row: std::fmt::Arguments) {
        if let Some((path, file)) = &mut self.file
            && self.failed.is_none()
            && let Err(e) = writeln!(file, "{row}")
        {
            self.failed = Some(cannot(path, e));
        }
    }

    pub fn finish(self) -> Result<(), String> {
        self.failed.map_or(Ok(()), Err)
    }
}

/// Decides the range, writes the CSV (flushed a deal at a time, so a run stopped early still
/// says what it decided), and returns the report and the time taken.
pub fn run(
    patience: &dyn Patience,
    rules: &str,
    (first, last): (u128, u128),
    jobs: usize,
    effort: Effort,
    csv: Option<&Path>,
) -> Result<String, String> {
    // The rules are checked before a file is made.
    patience.rule_set(rules)?;
    let header = format!("deal,verdict,{}", patience.winrate_columns());
    let mut csv = Csv::create(csv, &header)?;
    if let Some(budget) = patience.winrate_budget(effort)? {
        let share = effort
            .memory
            .map(|m| {
                format!(
                    ", within {} MiB a job (the memory shared by the jobs)",
                    m >> 20
                )
            })
            .unwrap_or_default();
        eprintln!("budget: {budget} positions a deal{share}");
    }
    let total = last - first + 1;
    let bar = std::io::stderr().is_terminal();
    let start = Instant::now();
    let mut last_drawn = Instant::now();
    let (mut done, mut wins, mut unknown) = (0u128, 0u128, 0u128);
    patience.decide_range(rules, (first, last), jobs, effort, &mut |row| {
        done += 1;
        match row.word {
            "winnable" => wins += 1,
            "unknown" => unknown += 1,
            _ => {}
        }
        csv.line(format_args!("{},{},{}", row.deal, row.word, row.columns));
        if bar && (last_drawn.elapsed().as_millis() >= 200 || done == total) {
            last_drawn = Instant::now();
            eprint!(
                "{}",
                progress_bar(done, total, start.elapsed().as_secs_f64())
            );
            if done == total {
                eprintln!();
            }
        }
    })?;
    csv.finish()?;
    Ok(format!(
        "{}time: {:.1} s\n",
        report(wins, unknown, total),
        start.elapsed().as_secs_f64()
    ))
}

/// One redrawn line: `[#####.....]  45.0%  450000/1000000  ETA 3m 12s`.
pub fn progress_bar(done: u128, total: u128, seconds: f64) -> String {
    let fraction = done as f64 / total.max(1) as f64;
    let filled = (fraction * 30.0) as usize;
    let eta = if done == 0 {
        "?".to_string()
    } else {
        let left = (seconds / fraction - seconds).max(0.0) as u64;
        format!("{}m {:02}s", left / 60, left % 60)
    };
    format!(
        "\r[{}{}] {:5.1}%  {done}/{total}  ETA {eta}   ",
        "#".repeat(filled),
        ".".repeat(30 - filled),
        fraction * 100.0
    )
}

/// The Wilson score interval for `wins` of `n` at 95%, as fractions.
pub fn wilson(wins: u128, n: u128) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, p) = (n as f64, wins as f64 / n as f64);
    let z = 1.959_963_984_540_054;
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The last line of `zodiac winrate`.
pub fn summary(wins: u128, n: u128) -> String {
    let (low, high) = wilson(wins, n);
    let rate = if n == 0 { 0.0 } else { wins as f64 / n as f64 };
    format!(
        "winnable {wins} of {n} ({:.3}%), 95% Wilson interval [{:.3}%, {:.3}%]",
        rate * 100.0,
        low * 100.0,
        high * 100.0
    )
}

/// What `zodiac winrate` prints at the end: the unknown deals apart (they are neither won nor
/// lost), then the rate of the deals decided and its interval.
pub fn report(wins: u128, unknown: u128, total: u128) -> String {
    let mut text = String::new();
    if unknown > 0 {
        text.push_str(&format!(
            "unknown: {unknown} of {total} (left out of the rate and its interval)\n"
        ));
    }
    text.push_str(&summary(wins, total.saturating_sub(unknown)));
    text.push('\n');
    if unknown > 0 {
        // Widened to hold whatever the unknown deals turn out to be: all lost, or all won.
        let (low, _) = wilson(wins, total);
        let (_, high) = wilson(wins + unknown, total);
        text.push_str(&format!(
            "with the unknown deals lost or won, 95% interval [{:.3}%, {:.3}%]\n",
            low * 100.0,
            high * 100.0
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_a_worked_example() {
        let (l, h) = wilson(81, 263);
        assert!(
            (l - 0.255_289).abs() < 1e-6 && (h - 0.366_210).abs() < 1e-6,
            "{l} {h}"
        );
        assert_eq!(
            summary(1, 2),
            "winnable 1 of 2 (50.000%), 95% Wilson interval [9.453%, 90.547%]"
        );
    }

    #[test]
    fn unknown_deals_are_left_out_of_the_rate() {
        assert_eq!(
            report(1, 0, 2),
            "winnable 1 of 2 (50.000%), 95% Wilson interval [9.453%, 90.547%]\n"
        );
        assert_eq!(
            report(1, 3, 5),
            "unknown: 3 of 5 (left out of the rate and its interval)\n\
             winnable 1 of 2 (50.000%), 95% Wilson interval [9.453%, 90.547%]\n\
             with the unknown deals lost or won, 95% interval [3.622%, 96.378%]\n"
        );
    }
}
