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
/// positions; `decided` hears each deal as it is decided, in any order.
pub fn decide_range(
    rules: &Rules,
    (first, last): (u128, u128),
    jobs: usize,
    budget: usize,
    mut decided: impl FnMut(Decided),
) {
    use std::sync::atomic::{AtomicU64, Ordering};
    let next = AtomicU64::new(0);
    let count = last - first + 1;
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            let (send, next) = (send.clone(), &next);
            scope.spawn(move || {
                let mut solver = Solver::new();
                loop {
                    let i = u128::from(next.fetch_add(1, Ordering::Relaxed));
                    if i >= count {
                        break;
                    }
                    let deal = crate::rules::DealNumber::new(first + i).expect("in range");
                    let p = Position::deal(deal, rules);
                    let start = std::time::Instant::now();
                    let word = solver.solve(&p, rules, budget).word();
                    let row = Decided {
                        deal: first + i,
                        word,
                        micros: start.elapsed().as_micros() as u64,
                        positions: solver.searched,
                    };
                    if send.send(row).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        receive.into_iter().for_each(&mut decided);
    });
}
