//! Klondike on the command line: what `zodiac solve` prints (with the positions searched),
//! and `zodiac winrate`'s deals decided in order, each within a budget of positions.

use crate::klondike::solver::{self, BUDGET, Solver};
use crate::klondike::{Position, Rules};
use crate::patience::Decided;
use crate::patience::rules::budgeted_solve_text;
use std::time::Instant;

/// The verdict, the moves or why, the positions searched and the time taken.
pub fn solve_text(position: &Position, rules: &Rules, budget: Option<usize>) -> String {
    let mut solver = Solver::new();
    let start = Instant::now();
    let verdict = solver.solve(position, rules, budget.unwrap_or(BUDGET));
    budgeted_solve_text(&verdict, solver.searched, start.elapsed().as_micros())
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
