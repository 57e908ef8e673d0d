//! What `zodiac winrate` prints at the end, for every patience: the rate of the deals decided,
//! its Wilson interval, and the unknown deals counted both ways.

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
