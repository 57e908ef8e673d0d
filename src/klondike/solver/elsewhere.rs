//! Where the search in the usual order runs out of its budget, the solver looks elsewhere:
//! a neighbouring rule set whose verdict carries over (`Solver::neighbour`), and, with passes
//! without end, many short searches in shuffled orders (`Solver::restarts`).

use super::{Proved, Solver, Verdict, line};
use crate::klondike::position::Position;
use crate::klondike::ruleset::Rules;

/// The positions each of the shuffled searches after the usual one may search, and the seed
/// their shuffles start from.
const RESTART_BUDGET: usize = 50_000;
const RESTART_SEED: u64 = 0x2545_f491_4f6c_dd1d;

impl Solver {
    /// With passes without end, where the search in its usual order ran out, many short
    /// searches in shuffled orders, `budget` positions in all: some wins lie where the usual
    /// order comes late and a shuffled one early (draw-three deal 748: none within `BUDGET`
    /// positions in the usual order, won by one of these). Each is the same exact search;
    /// any that ends, won or with every way searched, is the answer.
    ///
    /// **They share one memory of the positions they have searched through**, and pass over
    /// those the paused search in the usual order has searched through (`proved`, its memory
    /// but for its path), and it, going on, over theirs; so on a deal that turns out lost
    /// their work is not spent for nothing (draw-three deals 159, 271, 798: 19-40% fewer
    /// positions). Where a search stops, the positions on its path are forgotten: they were
    /// being searched, not searched through.
    ///
    /// Why passing over them keeps every win. Call *proved* a position a search has searched
    /// through (or, its talon turned further, one reached from such by turning alone): every
    /// move from it leads to a position proved, lost (`dead`, `relax`), or on the path being
    /// searched at the time. So a line from a proved position to a win leaves the proved
    /// positions only through a position on a path, and such a position, while not proved, is
    /// reached from the start through positions not proved (a path runs from the start, and
    /// a position of it is proved only once every move from it leads to positions proved or
    /// on the path then searched). Take a line from the start to a win, and on it the last
    /// position not proved that was on a path (the start, if none): the rest of the line
    /// meets no proved position, and that position is reached from the start through none. A
    /// search that passes over the proved positions and searches all the others finds a win.
    pub(super) fn restarts(
        &mut self,
        position: &Position,
        rules: &Rules,
        budget: usize,
        proved: Option<Proved>,
    ) -> Option<Verdict> {
        if rules.passes.is_some() || position.is_won() {
            return None;
        }
        let (table, start) = line::abstract_of(position, rules)?;
        let size = if self.restart_size == 0 {
            RESTART_BUDGET
        } else {
            self.restart_size
        };
        let mut seed = RESTART_SEED;
        let mut searched = 0;
        let mut found = None;
        for _ in 0..budget / size {
            seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            self.searched = 0;
            let keep = self.proves;
            let verdict = self.search(position, &table, start, size, seed | 1, keep, proved);
            self.proves = true;
            searched += self.searched;
            if !matches!(verdict, Verdict::Unknown { .. }) {
                found = Some(verdict);
                break;
            }
            for key in self.path_keys() {
                self.seen.forget(key);
            }
        }
        self.searched = searched;
        found
    }

    /// The verdict a neighbouring rule set gives where it carries over (each search within
    /// `budget`):
    /// - **Lost one card at a time with passes without end is lost under any rule set.** From
    ///   the same position, every move three at a time or with passes counted is a move (or,
    ///   for a turn of three, three turns of one that leave the same waste and stock) one at
    ///   a time with passes without end; so a win under the stricter rules is a win under
    ///   the looser, and where the looser has none, neither has the stricter.
    /// - **A win with a single pass is a win with passes without end**, one card at a time:
    ///   the same moves, replayed through the rules before it is given.
    pub fn neighbour(
        &mut self,
        position: &Position,
        rules: &Rules,
        budget: usize,
    ) -> Option<Verdict> {
        let looser = Solver::looser(rules);
        if looser != *rules {
            return match self.decide(position, &looser, budget) {
                Verdict::Lost { why } => Some(Verdict::Lost {
                    why: format!("even one card at a time with passes without end, {why}"),
                }),
                _ => None,
            };
        }
        let stricter = Rules {
            passes: Some(1),
            ..*rules
        };
        let Verdict::Winnable { line, .. } = self.decide(position, &stricter, budget) else {
            return None;
        };
        let mut check = *position;
        let replays = line.iter().all(|&m| check.apply(rules, m).is_ok());
        (replays && check.is_won()).then_some(Verdict::Winnable { line, note: None })
    }

    /// The loosest rule set beside `rules`: one card at a time, passes without end.
    pub fn looser(rules: &Rules) -> Rules {
        Rules {
            turn: 1,
            passes: None,
            ..*rules
        }
    }
}
