//! `--patience klondike` on the command line: `show`, `play`, `solve` and `winrate` from deal
//! numbers, with Klondike's rule sets and notation (read in `args`).

use super::Command;
use crate::cards::DealNumber;
use crate::patience::rule_sets::RuleSetFile as _;
use std::path::PathBuf;
use std::time::Instant;

/// A Klondike deal's opening, and its rules.
fn klondike_deal(
    deal: DealNumber,
    rules: &str,
) -> Result<(crate::klondike::Position, crate::klondike::Rules), String> {
    let rules = crate::klondike::RuleSet::by_name_or_path(rules)?.rules();
    Ok((crate::klondike::Position::deal(deal, &rules), rules))
}

/// Runs a Klondike command.
pub(super) fn run(command: &Command) -> Result<String, String> {
    match command {
        Command::KlondikeWinrate {
            rules,
            first,
            last,
            jobs,
            csv,
            budget,
        } => {
            use std::io::Write;
            let rules = crate::klondike::RuleSet::by_name_or_path(rules)?.rules();
            let jobs =
                jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            let cannot =
                |path: &PathBuf, e: std::io::Error| format!("cannot write {}: {e}", path.display());
            // Written and flushed a deal at a time, so a run stopped early still says what it
            // decided.
            let mut csv = match csv {
                Some(path) => {
                    let mut file = std::fs::File::create(path).map_err(|e| cannot(path, e))?;
                    writeln!(file, "deal,verdict,micros,positions").map_err(|e| cannot(path, e))?;
                    Some((path, file))
                }
                None => None,
            };
            let start = Instant::now();
            let (mut wins, mut unknown, mut failed) = (0u128, 0u128, None);
            let budget = budget.unwrap_or(crate::klondike::solver::BUDGET);
            let (first, last) = (first.get(), last.get());
            crate::klondike::solver::decide_range(&rules, (first, last), jobs, budget, |row| {
                match row.word {
                    "winnable" => wins += 1,
                    "unknown" => unknown += 1,
                    _ => {}
                }
                if let Some((path, file)) = &mut csv
                    && failed.is_none()
                    && let Err(e) = writeln!(
                        file,
                        "{},{},{},{}",
                        row.deal, row.word, row.micros, row.positions
                    )
                {
                    failed = Some(cannot(path, e));
                }
            });
            if let Some(e) = failed {
                return Err(e);
            }
            let n = last - first + 1;
            Ok(format!(
                "{}time: {:.1} s\n",
                super::rates::report(wins, unknown, n),
                start.elapsed().as_secs_f64()
            ))
        }
        Command::KlondikeSolve {
            deal,
            rules,
            game,
            budget,
        } => {
            use crate::klondike::solver::{BUDGET, Solver, Verdict};
            let (position, rules) = match game {
                None => klondike_deal(*deal, rules)?,
                Some(file) => {
                    let text = std::fs::read_to_string(file)
                        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
                    let game = crate::klondike::game::Game::from_ron(&text)
                        .map_err(|e| format!("{}: {e}", file.display()))?;
                    (*game.position(), *game.rules())
                }
            };
            let mut solver = Solver::new();
            let start = Instant::now();
            let verdict = solver.solve(&position, &rules, budget.unwrap_or(BUDGET));
            let micros = start.elapsed().as_micros();
            let mut out = format!("{}\n", verdict.word());
            match &verdict {
                Verdict::Winnable { line, .. } => {
                    let tokens: Vec<String> = line.iter().map(|m| m.to_string()).collect();
                    out.push_str(&format!("moves: {}\n", tokens.join(" ")));
                }
                Verdict::Lost { why } | Verdict::Unknown { why } => {
                    out.push_str(&format!("why: {why}\n"))
                }
            }
            out.push_str(&format!(
                "searched: {} positions\ntime: {micros} µs\n",
                solver.searched
            ));
            Ok(out)
        }
        Command::KlondikeShow { deal, rules } => {
            let (position, rules) = klondike_deal(*deal, rules)?;
            Ok(position.to_text(&rules))
        }
        Command::KlondikePlay { deal, rules, moves } => {
            let (mut position, rules) = klondike_deal(*deal, rules)?;
            for (index, token) in moves.iter().enumerate() {
                let m = crate::klondike::Move::parse(token)
                    .map_err(|e| format!("move index {index} ({token:?}): {e}"))?;
                position
                    .apply(&rules, m)
                    .map_err(|e| format!("move index {index} ({token:?}): illegal: {e}"))?;
            }
            Ok(position.to_text(&rules))
        }
        _ => Err("not a Klondike command".into()),
    }
}
