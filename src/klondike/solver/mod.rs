//! The exact Klondike solver, for any rule set with every card known ("thoughtful" Klondike):
//! a depth-first search over the solver's own positions (`state`: the set of face-up cards,
//! not their arrangement), each searched once. `Winnable` comes with a line of the rules' own
//! moves (`line` turns the solver's moves into them) that the rules replay to a win before it
//! is given; `Lost` only when every way on has been searched; `Unknown` only when the budget of
//! positions runs out.
//!
//! What keeps the search small without losing a win (read from how Solvitaire and lonelybot
//! prune and prove; none of their code):
//! - **Twins are one**: the arrangement of face-up cards is forgotten (see `state`), so a card
//!   put on either twin, and a run on either, is one position and one move.
//! - **Only moves that change something**: a run moves only from the bottom of a column's
//!   face-up cards, to turn the card under it up (or empty the column while a King could still
//!   want it); moving part of a run only passes it between twins.
//! - **Safe moves to the foundations** are played without trying anything else: a card of rank
//!   at most two, or whose two lower cards of the other colour are home (and, where cards may
//!   come back from the foundations, the other suit of its colour to two ranks down), can never
//!   be needed on the table again. The waste's top card only when one card is turned at a
//!   time: three at a time, taking a card from the waste changes which cards later turns bring
//!   up. One at a time with passes without end, any talon card (every one can be turned up
//!   when wanted, however far the talon is turned).
//! - **Every card back from a foundation is tried** where the rules allow it. (A rule that
//!   brought one back only to hold a card at once cut wins: unlimited deal 610 needs the 7♠
//!   back, holding nothing, so that the 6♠ under it can come back and hold the 5♥.)
//! - **No turn of the stock is a move of its own**: each talon card that fits somewhere is one
//!   move with the turns that bring it up; one turn over at most (the next pass turns up the
//!   same cards).
//! - **The game is over when nothing is face down and the talon is empty**: the lowest card
//!   left is then always uncovered and next home.
//!
//! - **A talon turned less is worth more**: one card at a time, a position whose talon has been
//!   turned further (or into a later pass) than one seen before with the same cards elsewhere
//!   is reached from that one by turning alone, so it is searched already.
//! - **Cards that can never leave their stacks** (`dead`, `relax`): a position where some cards
//!   of the columns' piles (or of the waste, once no pass is left) each wait for a lower card
//!   of their suit that they bury, with no parent ever free to take them, is lost without a
//!   search; so is one where a looser game (cards out of their stacks always at hand, the
//!   stock's last pass turned one card at a time only when nothing else comes out; but a
//!   card seated on a parent keeps it, and what lies under it, until it can go home) leaves a
//!   card in its stack. The looser game is played after every move that could make it lose:
//!   on the last pass a talon card buried or put on a parent, or a run moved; with a pass
//!   left (every talon card at hand) only a card put on a parent. It is what makes
//!   single-pass losses quick to prove, and it proves over a third of the positions lost that
//!   passes without end would search.
//!
//! - **A neighbouring rule set decides what this one's budget leaves unknown**
//!   (`Solver::neighbour`, its argument there): lost one card at a time with passes without
//!   end is lost three at a time and with passes counted; won in a single pass is won with
//!   passes without end.
//!
//! Each of these rules is checked by `differential`: the solver against a plain search with no
//! pruning at all (`plain`), on positions from real deals, in `cargo test` and, on 10^5 and
//! more, `scripts/differential`.
//!
//! The order of moves changes only how soon a win is found: with passes without end, where
//! most deals are won, a few short searches in shuffled orders go first, and where the search
//! in the usual order runs out of its budget, many more (`Solver::restarts`), which pass over
//! what it has searched through, and it, going on, over what they have (the argument there).
//! A budget over `BUDGET` is spent in two stages, the search in the usual order paused
//! between them (`Solver::solve`).
//!
//! The set of positions seen is keyed exactly (no hash stands for a position), in 8 bytes a
//! position for the rule sets shipped.

mod dead;
pub mod differential;
mod elsewhere;
mod generate;
mod line;
pub mod plain;
pub mod reference;
mod relax;
mod search;
mod seen;
mod state;
mod talon;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_lost;
#[cfg(test)]
mod tests_plain;
#[cfg(test)]
mod verdict_tests;

use super::moves::Move;
use super::position::{Position, Status};
use super::ruleset::Rules;
use seen::Seen;
use state::{Act, State, Table};

/// The solver's answer, in Klondike's moves: a complete legal line from the position to a win
/// (no note), lost with why in a player's words, or unknown when the search ran out of its
/// budget before it knew.
pub type Verdict = crate::patience::Verdict<Move>;

/// Positions the search in the usual order may take before the solver looks elsewhere (a
/// neighbouring rule set's search may take as many again, and with passes without end the
/// shuffled searches as many again) and, with no more budget than this, says "unknown"; with
/// more, the first stage of `Solver::solve`.
pub const BUDGET: usize = 4_000_000;

/// The command line's budget (`zodiac solve`, `zodiac winrate`), spent in two stages
/// (`Solver::solve`): enough for every one of deals 1-1,000 under each rule set (the slowest,
/// draw-three deal 844, is won at 29M positions, about 0.8 GB), and most of the rest. A
/// player's table never waits for it: the table has its own budget.
pub const LAST_BUDGET: usize = 32_000_000;

/// The seeds of the short searches tried first with passes without end (0: the usual order),
/// and the positions each may search.
const PROBES: [u64; 4] = [
    0,
    0x9e37_79b9_7f4a_7c15,
    0xd1b5_4a32_d192_ed03,
    0x8cb9_2ba7_2f3d_8dd7,
];
const PROBE_BUDGET: usize = 20_000;

/// A solver with its memory, to reuse.
#[derive(Default)]
pub struct Solver {
    seen: Seen,
    acts: Vec<Act>,
    /// Beside each of `acts`, the position it leads to and that position's key (worked out
    /// once, when the move is found, to ask the memory for it early).
    kids: Vec<Kid>,
    /// Positions searched in the last decision.
    pub searched: usize,
    /// The shuffling generator's state (0: moves in the usual order).
    shuffle: u64,
    /// The path of the last search, each position with its moves (`acts`) and the next to
    /// try: where its budget ran out, what `resume` goes on from.
    path: Vec<Frame>,
    /// The table of the search in the usual order that `decide` left where its budget ran
    /// out, to go on with (`resume`).
    paused: Option<Table>,
    /// A second solver for the neighbouring rule set, so that the paused search keeps its
    /// memory meanwhile.
    aside: Option<Box<Solver>>,
    /// A third for the shuffled searches (`restarts`), whose memory outlives each of them.
    restarter: Option<Box<Solver>>,
    /// This solver's memory holds only positions proved lost by the shuffled searches of the
    /// decision under way (`restarts`).
    proves: bool,
    /// The key of the position the last search started from.
    root: u128,
    /// Positions each shuffled search may search (`RESTART_BUDGET`; smaller in tests).
    restart_size: usize,
    /// The positions to decide are known winnable one card at a time with passes without end
    /// (the verdict runs read it from that rule set's verdicts): there the looser rule set's
    /// search, which could only prove them lost, is not made.
    pub looser_won: bool,
}

/// A position a move leads to, with its key and progress (`State::key`).
#[derive(Clone, Copy)]
struct Kid {
    state: State,
    key: u128,
    progress: u32,
}

/// One position on the search's path: its moves are `acts[start..end]`, `next` the one after
/// the one being tried.
struct Frame {
    start: usize,
    end: usize,
    next: usize,
}

impl Solver {
    pub fn new() -> Solver {
        Solver::default()
    }

    /// Bytes its tables hold: the positions seen, the moves and the path, the paused search's
    /// table, and the solvers aside.
    pub fn bytes(&self) -> usize {
        use std::mem::size_of;
        self.seen.bytes()
            + self.acts.capacity() * size_of::<Act>()
            + self.kids.capacity() * size_of::<Kid>()
            + self.path.capacity() * size_of::<Frame>()
            + self.paused.as_ref().map_or(0, |_| size_of::<Table>())
            + [&self.aside, &self.restarter]
                .into_iter()
                .flatten()
                .map(|s| size_of::<Solver>() + s.bytes())
                .sum::<usize>()
    }

    /// The keys of the positions on the path of the last search (being searched where it
    /// stopped, not proved lost).
    fn path_keys(&self) -> Vec<u128> {
        let mut keys = vec![self.root];
        keys.extend(self.path.windows(2).map(|w| self.kids[w[0].next - 1].key));
        keys
    }

    /// Decides `position` under `rules`, searching at most `budget` positions in the usual
    /// order; where that leaves it unknown, a neighbouring rule set (`neighbour`) and shuffled
    /// searches (`restarts`) may still decide it, each within the budget again. A budget over
    /// `BUDGET` is spent in two stages: all of that within `BUDGET` first, then the search in
    /// the usual order goes on where it stopped, and the other two again with the whole
    /// budget. Most deals are decided within the first stage, a few need far more (slow
    /// proofs of a loss: draw-three deal 54 is lost at 23.5M positions); where the
    /// neighbouring rule set or the shuffled searches decide quickly, they do so before the
    /// usual order has spent the large budget.
    pub fn solve(&mut self, position: &Position, rules: &Rules, budget: usize) -> Verdict {
        self.solve_in_stages(position, rules, budget.min(BUDGET), budget)
    }

    /// `solve` with the first stage's budget given (`first`, at most `last`).
    fn solve_in_stages(
        &mut self,
        position: &Position,
        rules: &Rules,
        first: usize,
        last: usize,
    ) -> Verdict {
        let mut verdict = self.decide(position, rules, first);
        // Positions searched but by the search in the usual order (`self.searched`).
        let mut others = 0;
        let mut budget = first;
        if let Some(r) = &mut self.restarter {
            r.proves = false;
        }
        while matches!(verdict, Verdict::Unknown { .. }) {
            let aside = self.aside.get_or_insert_with(Box::default);
            // Known won under the looser rule set, the neighbouring search could only prove a
            // loss: not made.
            let mut settled = None;
            if !(self.looser_won && Solver::looser(rules) != *rules) {
                settled = aside.neighbour(position, rules, budget);
                others += aside.searched;
            }
            if settled.is_none() {
                // One card at a time, a quarter before the second stage: they win little the
                // usual order does not (measured before they shared what they searched
                // through, unlimited deals 1-1,000: 10% fewer positions on the lost ones, the
                // same on the won). Three at a time they win much (deal 748: 5.4M positions in
                // all with the whole first budget, 40M with a quarter).
                let share = if budget < last && rules.turn == 1 {
                    budget / 4
                } else {
                    budget
                };
                // They pass over what the search in the usual order has proved lost (its memory
                // but for its path), and it, going on, over what they have.
                let path = self.path_keys();
                let size = self.restart_size;
                let Solver {
                    restarter,
                    seen,
                    paused,
                    ..
                } = self;
                let proved = paused.is_some().then_some(Proved { seen, path: &path });
                let restarter = restarter.get_or_insert_with(Box::default);
                restarter.restart_size = size;
                settled = restarter.restarts(position, rules, share, proved);
                others += restarter.searched;
            }
            if let Some(v) = settled {
                verdict = v;
                break;
            }
            if budget >= last {
                break;
            }
            budget = last;
            let restarter = self.restarter.take();
            let proved = restarter.as_deref().filter(|r| r.proves).map(|r| Proved {
                seen: &r.seen,
                path: &[],
            });
            let resumed = self.resume(position, budget, proved);
            self.restarter = restarter;
            verdict = match resumed {
                Some(v) => v,
                None => {
                    // A search started afresh: what the shuffled searches passed over of the
                    // old one's is no longer known lost, so theirs is not either.
                    if let Some(r) = &mut self.restarter {
                        r.proves = false;
                    }
                    others += self.searched;
                    self.decide(position, rules, budget)
                }
            };
        }
        self.paused = None;
        self.searched += others;
        verdict
    }

    /// Goes on with the search in the usual order that `decide` left where its budget ran
    /// out, until `self.searched` reaches `budget`, passing over the positions `proved` lost;
    /// `None` if there is none.
    fn resume(
        &mut self,
        position: &Position,
        budget: usize,
        proved: Option<Proved>,
    ) -> Option<Verdict> {
        let table = self.paused.take()?;
        let verdict = self.walk(position, &table, budget, proved);
        if matches!(verdict, Verdict::Unknown { .. }) {
            self.paused = Some(table);
        }
        Some(verdict)
    }

    /// Decides `position` under `rules` alone, searching at most `budget` positions.
    fn decide(&mut self, position: &Position, rules: &Rules, budget: usize) -> Verdict {
        self.acts.clear();
        self.kids.clear();
        self.searched = 0;
        self.paused = None;
        if position.is_won() {
            return Verdict::Winnable {
                line: Vec::new(),
                note: None,
            };
        }
        let Some((table, start)) = line::abstract_of(position, rules) else {
            // Not a position play can reach (a column's face-up cards out of sequence): the
            // first solver, which takes any position, decides it.
            return reference::Solver::new().solve(position, rules, budget);
        };
        if let Some(stuck) = dead::stuck(&start, &table) {
            return Verdict::Lost {
                why: dead::words(&stuck),
            };
        }
        let never_out = relax::never_out(&start, &table);
        if never_out != 0 {
            return Verdict::Lost {
                why: relax::words(never_out),
            };
        }
        // Most deals with passes without end are won, some only along a line the usual order
        // of moves comes to late: a few short searches, in that order and others, first. Any of them that
        // ends (won, or every way searched) is the answer; the order changes nothing else.
        if rules.passes.is_none() {
            for seed in PROBES {
                let limit = (self.searched + PROBE_BUDGET).min(budget);
                match self.search(position, &table, start, limit, seed, false, None) {
                    Verdict::Unknown { .. } if limit < budget => {}
                    v @ Verdict::Unknown { .. } => {
                        self.paused = Some(table);
                        return v;
                    }
                    v => return v,
                }
            }
        }
        let verdict = self.search(position, &table, start, budget, 0, false, None);
        if matches!(verdict, Verdict::Unknown { .. }) {
            self.paused = Some(table);
        }
        verdict
    }
}

/// Positions another search of the same decision has proved lost: its memory but for the
/// positions on its path (being searched where it stopped).
#[derive(Clone, Copy)]
struct Proved<'a> {
    seen: &'a Seen,
    path: &'a [u128],
}

impl Proved<'_> {
    fn has(&self, key: u128, progress: u32) -> bool {
        self.seen.has(key, progress) && !self.path.contains(&key)
    }
}

/// Why a position the search found lost is lost, as a player would say it (never how hard
/// the solver worked: a player cares whether, not how many positions).
fn why_lost(p: &Position, rules: &Rules) -> String {
    if p.status(rules) == Status::Stuck {
        return "no move is left".into();
    }
    let passes_over = rules.passes.is_some_and(|n| p.pass() >= u16::from(n));
    if passes_over && p.stock().is_empty() {
        return "the stock's last pass is used up, and every way on gets stuck".into();
    }
    "every way of playing on gets stuck".into()
}
