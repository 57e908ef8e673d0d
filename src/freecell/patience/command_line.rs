//! FreeCell on the command line: what `zodiac solve` prints (with the positions searched),
//! and `zodiac winrate`'s deals decided in order, each within a budget of positions.

use crate::freecell::solver::{BUDGET, Solver};
use crate::freecell::{Position, Rules};
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

/// The help's words on FreeCell's notation.
pub const COMMAND_HELP: &str = "\
(docs/rules.md): c3>c5 (the top card), c3:4>c5 (the top four), c3>r0 (into free
    cell r0), r0>c3, c3>f1, r0>f1 (home).";

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
    let budget = budget.unwrap_or(BUDGET);
    crate::parallel::decide_in_order(
        range,
        jobs,
        1,
        Solver::new,
        |solver, n| {
            let deal = crate::cards::DealNumber::new(n).expect("in range");
            let start = Instant::now();
            let word = solver.solve(&Position::deal(deal), rules, budget).word();
            Decided {
                deal: n,
                word,
                columns: format!("{},{}", start.elapsed().as_micros(), solver.searched),
            }
        },
        row,
        |_, _| {},
    );
}
