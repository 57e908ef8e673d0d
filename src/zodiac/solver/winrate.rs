//! Win rates: every Zodiac deal of a range decided on every core, in order (the counts and their
//! interval are printed by the command line's `rates`).

use super::{Decision, Solver};
use crate::zodiac::{DealNumber, Position, Rules};
use std::time::Instant;

/// One deal's outcome, as `winrate --csv` writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    pub deal: u128,
    pub decision: Decision,
    pub micros: u64,
}

/// Deals per piece of work handed to a thread.
const CHUNK: u128 = 500;

/// Decides deals `first..=last` under `rules` on `jobs` threads. `row` sees every deal in
/// order.
pub fn run(rules: &Rules, first: u128, last: u128, jobs: usize, mut row: impl FnMut(&Row)) {
    crate::parallel::decide_in_order(
        (first, last),
        jobs,
        CHUNK,
        Solver::new,
        |solver, n| decide_deal(solver, rules, n),
        |r| row(&r),
        |_, _| {},
    );
}

fn decide_deal(solver: &mut Solver, rules: &Rules, n: u128) -> Row {
    let deal = DealNumber::new(n).expect("the range was checked");
    let position = Position::deal(deal);
    let start = Instant::now();
    let decision = solver.decide(&position, rules);
    Row {
        deal: n,
        decision,
        micros: start.elapsed().as_micros() as u64,
    }
}
