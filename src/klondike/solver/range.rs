//! Many deals decided on several threads, for win rates.

use super::Solver;
use crate::klondike::position::Position;
use crate::klondike::ruleset::Rules;

/// One deal decided by [`decide_range`].
#[derive(Clone, Copy, Debug)]
pub struct Decided {
    pub deal: u128,
    /// `winnable`, `lost` or `unknown`.
    pub word: &'static str,
    pub micros: u64,
    /// Positions searched.
    pub positions: usize,
}

/// Decides deals `first..=last` under `rules` on `jobs` threads, each within `budget`
/// positions (`Solver::solve`: in two stages if more than `BUDGET`); `decided` hears each
/// deal as it is decided, in deal order. `looser_won`: every deal is known winnable one card
/// at a time with passes without end (`Solver::looser_won`).
pub fn decide_range(
    rules: &Rules,
    range: (u128, u128),
    jobs: usize,
    budget: usize,
    looser_won: bool,
    decided: impl FnMut(Decided),
) {
    // A deal at a time: one hard deal takes seconds, and the other threads go on meanwhile.
    crate::parallel::decide_in_order(
        range,
        jobs,
        1,
        || Solver {
            looser_won,
            ..Solver::new()
        },
        |solver, n| {
            let deal = crate::cards::DealNumber::new(n).expect("in range");
            let p = Position::deal(deal, rules);
            let start = std::time::Instant::now();
            let word = solver.solve(&p, rules, budget).word();
            Decided {
                deal: n,
                word,
                micros: start.elapsed().as_micros() as u64,
                positions: solver.searched,
            }
        },
        decided,
        |_, _| {},
    );
}
