//! Zodiac on the command line: `zodiac show`'s text, what `zodiac solve` prints (with the slack
//! of a win), and `zodiac winrate`'s deals decided in order.

use super::Zodiac;
use crate::patience::{CommandLine, Decided, Effort};
use crate::zodiac::solver::{Decision, Solver, Verdict, winrate};
use crate::zodiac::{Move, Position, Rules};
use std::time::Instant;

const NO_BUDGET: &str = "--budget: Zodiac's solver searches to the end and takes no budget";
const NO_LOOSER: &str = "--looser-won: Zodiac's solver asks no other rule set";

impl CommandLine for Zodiac {
    const COMMAND_HELP: &'static str = "\
(the notation of docs/rules.md; letters in either case, no leading zeros):
    d        turn the top stock card onto the waste
    r        turn the waste over into the empty stock
    w>z5     waste card onto Zodiac pile z5       w>e2    waste card into Equator cell e2
    e2>z5    Equator card onto Zodiac pile z5     z5>f0   Zodiac top card onto foundation f0
    e2>f4    Equator card onto foundation f4
    show: `--` for an empty Equator cell, the stock with the next card to turn first, and
    the phase before the status.";

    const WINRATE_COLUMNS: &'static str = "slack,micros";

    fn to_text(rules: &Rules, position: &Position) -> String {
        position.to_text(rules)
    }

    /// The verdict, the moves (with the slack) or why, and the time the decision took.
    /// Zodiac's solver always searches to the end: it takes no budget.
    fn solve_text(
        rules: &Rules,
        position: &Position,
        budget: Option<usize>,
    ) -> Result<String, String> {
        if budget.is_some() {
            return Err(NO_BUDGET.into());
        }
        let mut solver = Solver::new();
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
            Verdict::Lost { why } | Verdict::Unknown { why } => {
                out.push_str(&format!("why: {why}\n"))
            }
        }
        out.push_str(&format!("time: {micros} µs\n"));
        Ok(out)
    }

    fn decide_range(
        rules: &Rules,
        (first, last): (u128, u128),
        jobs: usize,
        effort: Effort,
        row: &mut dyn FnMut(Decided),
    ) -> Result<(), String> {
        if effort.budget.is_some() {
            return Err(NO_BUDGET.into());
        }
        if effort.looser_won {
            return Err(NO_LOOSER.into());
        }
        winrate::run(rules, first, last, jobs, |r| {
            let (word, slack) = match r.decision {
                Decision::Winnable { slack } => ("winnable", slack.to_string()),
                Decision::Lost => ("lost", String::new()),
                Decision::Unknown => ("unknown", String::new()),
            };
            row(Decided {
                deal: r.deal,
                word,
                columns: format!("{slack},{}", r.micros),
            });
        });
        Ok(())
    }
}
