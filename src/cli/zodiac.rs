//! Zodiac's text commands: a deal or a saved game to start from, `solve`'s verdict in words,
//! `winrate` over a range of deals with its progress bar.

use super::*;
use crate::zodiac::solver::{self, Decision, Verdict, winrate};
use crate::zodiac::{Game, RuleSet};
use std::io::{IsTerminal, Write};
use std::time::Instant;

/// A deal's opening under a rule set named on the command line.
pub(super) fn deal_game(deal: DealNumber, rules: &str) -> Result<Game, String> {
    let rule_set = RuleSet::by_name_or_path(rules).map_err(|e| e.to_string())?;
    Ok(Game::new(rule_set, deal))
}

/// A saved game record, replayed.
pub(super) fn saved_game(file: &std::path::Path) -> Result<Game, String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    Game::from_ron(&text).map_err(|e| format!("{}: {e}", file.display()))
}

/// What `zodiac solve` prints for a position: the verdict, the moves or the reason, the slack,
/// and the time the decision took.
pub(super) fn solve_text(
    position: &crate::zodiac::Position,
    rules: &crate::zodiac::Rules,
) -> String {
    let mut solver = solver::Solver::new();
    let start = Instant::now();
    solver.decide(position, rules);
    let micros = start.elapsed().as_micros();
    let verdict = solver.solve(position, rules);
    let mut out = format!("{}\n", verdict.word());
    match &verdict {
        Verdict::Winnable { line, note: slack } => {
            let tokens: Vec<String> = line.iter().map(Move::to_string).collect();
            out.push_str(&format!("moves: {}\nslack: {slack}\n", tokens.join(" ")));
        }
        Verdict::Lost { why } | Verdict::Unknown { why } => out.push_str(&format!("why: {why}\n")),
    }
    out.push_str(&format!("time: {micros} µs\n"));
    out
}

/// `zodiac winrate`: decides the range, writes the CSV, shows progress on a terminal.
pub(super) fn run_winrate(
    rules: &str,
    first: DealNumber,
    last: DealNumber,
    jobs: Option<usize>,
    csv: Option<&PathBuf>,
) -> Result<String, String> {
    let rules = RuleSet::by_name_or_path(rules)
        .map_err(|e| e.to_string())?
        .rules();
    let mut csv = match csv {
        Some(path) => {
            let file = std::fs::File::create(path)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            let mut out = std::io::BufWriter::new(file);
            writeln!(out, "deal,verdict,slack,micros")
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            Some((path, out))
        }
        None => None,
    };
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let bar = std::io::stderr().is_terminal();
    let start = Instant::now();
    let mut last_drawn = Instant::now();
    let (mut wins, mut unknown, mut failed) = (0u128, 0u128, None);
    winrate::run(
        &rules,
        first.get(),
        last.get(),
        jobs,
        |row| {
            let (word, slack) = match row.decision {
                Decision::Winnable { slack } => {
                    wins += 1;
                    ("winnable", slack.to_string())
                }
                Decision::Lost => ("lost", String::new()),
                Decision::Unknown => {
                    unknown += 1;
                    ("unknown", String::new())
                }
            };
            if let Some((path, out)) = &mut csv
                && failed.is_none()
                && let Err(e) = writeln!(out, "{},{word},{slack},{}", row.deal, row.micros)
            {
                failed = Some(format!("cannot write {}: {e}", path.display()));
            }
        },
        |done, total| {
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
        },
    );
    if let Some((path, mut out)) = csv {
        out.flush()
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    if let Some(e) = failed {
        return Err(e);
    }
    let n = last.get() - first.get() + 1;
    Ok(super::rates::report(wins, unknown, n))
}

/// One redrawn line: `[#####.....]  45.0%  450000/1000000  ETA 3m 12s`.
pub(super) fn progress_bar(done: u128, total: u128, seconds: f64) -> String {
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
