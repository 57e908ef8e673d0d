//! Klondike on the command line: what `zodiac solve` prints (with the positions searched),
//! and `zodiac winrate`'s deals decided in order, each within a budget of positions.

use crate::klondike::solver::{self, BUDGET, Solver};
use crate::klondike::{Position, Rules};
use crate::patience::{Decided, Verdict};
use std::time::Instant;

/// The verdict, the moves or why, the positions searched and the time taken.
pub fn solve_text(position: &Position, rules: &Rules, budget: Option<usize>) -> String {
    let mut solver = Solver::new();
    let start = Instant::now();
    let verdict = solver.solve(position, rules, budget.unwrap_or(BUDGET));
    let micros = start.elapsed().as_micros();
    let mut out = format!("{}\n", verdict.word());
    match &verdict {
        Verdict::Winnable { line, .. } => {
            let tokens: Vec<String> = line.iter().map(|m| m.to_string()).collect();
            out.push_str(&format!("moves: {}\n", tokens.join(" ")));
        }
        Verdict::Lost { why } | Verdict::Unknown { why } => out.push_str(&format!("why: {why}\n")),
    }
    out.push_str(&format!(
        "searched: {} positions\ntime: {micros} µs\n",
        solver.searched
    ));
    out
}

/// The help's words on Klondike's notation.
pub const COMMAND_HELP: &str = "\
(docs/rules.md): d turn (one card or three), r turn the waste over (if a pass is
    left), w>c3 w>f0 c3>f0 f0>c3, c6>c2 (the top card), c6:3>c2 (the top three cards).";

/// The CSV columns after `deal,verdict`.
pub const WINRATE_COLUMNS: &str = "micros,positions";

/// Every deal of the range decided, in order, each within `budget` positions.
pub fn decide_range(
    rules: &Rules,
    range: (u128, u128),
    jobs: usize,
    budget: Option<usize>,
    row: &mut dyn FnMut(Decided),
) {
    solver::decide_range(rules, range, jobs, budget.unwrap_or(BUDGET), |d| {
        row(Decided {
            deal: d.deal,
            word: d.word,
            columns: format!("{},{}", d.micros, d.positions),
        })
    });
}
