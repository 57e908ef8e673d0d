//! `zodiac rate`: how hard a deal is (`patience::difficulty`), for one deal, or for a range with
//! a CSV line each and the figures `docs/difficulty.md` publishes: the share of deals at each
//! level, the simple player's win rate at each level in a second round of games (dice of their
//! own, so the check is not the measure read back), and the cost of rating one deal.

use super::rates::{Csv, progress_bar, wilson};
use crate::cards::DealNumber;
use crate::patience::Patience;
use crate::patience::difficulty::{self, Level, PLAYS, Rating};
use std::io::IsTerminal;
use std::path::Path;
use std::time::Instant;

/// The dice of the checking round.
const CHECK_ROUND: u64 = 1;

/// One deal: `difficulty: LEVEL` and the simple player's score, or `lost`, or `unknown`.
pub fn one(patience: &dyn Patience, rules: &str, deal: DealNumber) -> Result<String, String> {
    Ok(match difficulty::rate(patience, rules, deal)? {
        Rating::Rated { level, wins, score } => format!(
            "difficulty: {level}\nsimple player: won {wins} of {PLAYS} games, brought home {:.1}% of the cards\n",
            100.0 * score
        ),
        other => format!("{}\n", other.word()),
    })
}

/// One deal of a range rated: its rating, the checking round's wins and score, the time of
/// the rating.
struct Row {
    deal: u128,
    rating: Rating,
    check: (u32, f64),
    micros: u128,
}

/// Every deal of a range, on `jobs` threads, in deal order.
pub fn many(
    patience: &'static dyn Patience,
    rules: &str,
    (first, last): (u128, u128),
    jobs: usize,
    csv: Option<&Path>,
) -> Result<String, String> {
    patience.rule_set(rules)?;
    let header = "deal,rating,wins,score,check_wins,check_score,micros";
    let mut csv = Csv::create(csv, header)?;
    let bar = std::io::stderr().is_terminal();
    let start = Instant::now();
    let total = last - first + 1;
    let mut rows: Vec<Row> = Vec::new();
    crate::parallel::decide_in_order(
        (first, last),
        jobs,
        8,
        || (),
        |(), n| {
            let deal = DealNumber::new(n).expect("a range of deal numbers");
            let game = patience.new_game(rules, deal).expect("rules checked");
            let began = Instant::now();
            let rating = difficulty::rate_game(game.as_ref());
            let micros = began.elapsed().as_micros();
            let check = match rating {
                Rating::Rated { .. } => {
                    difficulty::simple_player(game.as_ref(), CHECK_ROUND, PLAYS)
                }
                _ => (0, 0.0),
            };
            Row {
                deal: n,
                rating,
                check,
                micros,
            }
        },
        |row: Row| {
            let (wins, score) = match row.rating {
                Rating::Rated { wins, score, .. } => (wins, score),
                _ => (0, 0.0),
            };
            csv.line(format_args!(
                "{},{},{wins},{score:.4},{},{:.4},{}",
                row.deal,
                row.rating.word(),
                row.check.0,
                row.check.1,
                row.micros
            ));
            rows.push(row);
        },
        |done, all| {
            if bar {
                eprint!("{}", progress_bar(done, all, start.elapsed().as_secs_f64()));
                if done == all {
                    eprintln!();
                }
            }
        },
    );
    csv.finish()?;
    Ok(report(&rows, total))
}

/// The figures: each level's share of the winnable deals, and the checking round's win rate
/// there with its Wilson interval and its mean share of cards home; the lost and unknown
/// deals; the time of a rating.
fn report(rows: &[Row], total: u128) -> String {
    let rated = rows.iter().filter(|r| r.rating.level().is_some()).count();
    let mut text = format!(
        "deals: {total}, winnable and rated: {rated}\n\
         level    deals  share   check: games won  [95% Wilson]    cards home\n"
    );
    for level in Level::ALL {
        let at: Vec<&Row> = rows
            .iter()
            .filter(|r| r.rating.level() == Some(level))
            .collect();
        let games = at.len() as u128 * u128::from(PLAYS);
        let won: u128 = at.iter().map(|r| u128::from(r.check.0)).sum();
        let home: f64 = at.iter().map(|r| r.check.1).sum::<f64>() / at.len().max(1) as f64;
        let (low, high) = wilson(won, games);
        text.push_str(&format!(
            "{:<7} {:>6} {:5.1}%         {:5.1}%  [{:.1}%, {:.1}%]   {:5.1}%\n",
            level.name(),
            at.len(),
            100.0 * at.len() as f64 / rated.max(1) as f64,
            100.0 * won as f64 / games.max(1) as f64,
            100.0 * low,
            100.0 * high,
            100.0 * home
        ));
    }
    for word in ["lost", "unknown"] {
        let n = rows.iter().filter(|r| r.rating.word() == word).count();
        text.push_str(&format!("{word}: {n}\n"));
    }
    let mut times: Vec<u128> = rows.iter().map(|r| r.micros).collect();
    times.sort_unstable();
    if !times.is_empty() {
        let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize] as f64 / 1000.0;
        text.push_str(&format!(
            "time to rate a deal: median {:.1} ms, p90 {:.1} ms, max {:.1} ms\n",
            at(0.5),
            at(0.9),
            at(1.0)
        ));
    }
    text
}
