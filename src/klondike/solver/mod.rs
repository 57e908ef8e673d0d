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
mod generate;
mod line;
pub mod plain;
mod range;
pub mod reference;
mod relax;
mod seen;
mod state;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod verdict_tests;

use super::moves::Move;
use super::position::{Position, Status};
use super::ruleset::Rules;
pub use range::{Decided, decide_range};
use seen::{Met, Seen};
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
/// The positions each of the shuffled searches after the usual one may search, and the seed
/// their shuffles start from.
const RESTART_BUDGET: usize = 50_000;
const RESTART_SEED: u64 = 0x2545_f491_4f6c_dd1d;

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
    fn restarts(
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

    /// One depth-first search from `start` (the solver's form of `position`) until
    /// `self.searched` passes `budget`; moves in the usual order (`shuffle` 0) or shuffled
    /// from the seed `shuffle`. `keep`: the memory is kept (positions proved lost, `restarts`),
    /// else forgotten; positions `proved` lost are passed over.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        position: &Position,
        table: &Table,
        start: State,
        budget: usize,
        shuffle: u64,
        keep: bool,
        proved: Option<Proved>,
    ) -> Verdict {
        let rules = &table.rules;
        if !keep {
            let (key_bits, progress_bits) = table.key_bits();
            self.seen.clear(key_bits, progress_bits);
        }
        self.acts.clear();
        self.kids.clear();
        self.shuffle = shuffle;
        self.path.clear();
        let (key, progress) = start.key(table);
        self.root = key;
        let root = Kid {
            state: start,
            key,
            progress,
        };
        // The start is searched whatever the budget (a search paused later starts again from
        // a path).
        let any = Tighter {
            last_pass: true,
            pass_left: true,
        };
        match self.arrive(root, table, usize::MAX, any, proved) {
            Arrival::Over => return line::concrete(position, rules, &[]),
            Arrival::Search(frame) => self.path.push(frame),
            Arrival::Seen | Arrival::Dead | Arrival::OutOfBudget => {}
        }
        self.walk(position, table, budget, proved)
    }

    /// The depth-first search along `self.path` until it ends or `self.searched` reaches
    /// `budget`. Out of budget, the path is left where it stopped, the move that found no
    /// budget to be tried again (`resume`).
    fn walk(
        &mut self,
        position: &Position,
        table: &Table,
        budget: usize,
        proved: Option<Proved>,
    ) -> Verdict {
        let rules = &table.rules;
        let mut path = std::mem::take(&mut self.path);
        let verdict = loop {
            let Some(frame) = path.last_mut() else {
                break Verdict::Lost {
                    why: why_lost(position, rules),
                };
            };
            if frame.next == frame.end {
                self.acts.truncate(frame.start);
                self.kids.truncate(frame.start);
                path.pop();
                continue;
            }
            let act = self.acts[frame.next];
            let kid = self.kids[frame.next];
            frame.next += 1;
            // A card gone home (or back from home) loosens the looser game, or changes nothing
            // of it (`relax`); only a move that buries talon cards or puts a card on a parent
            // can make it lose where it did not, and with a pass left (every talon card at
            // hand) only one that puts a card on a parent.
            let buries = |steps: u8| steps > 1 || (steps == 1 && rules.turn > 1);
            let (last_pass, pass_left) = match act {
                Act::Home(_) | Act::Back(_) => {
                    (!rules.foundation_to_column, !rules.foundation_to_column)
                }
                Act::Talon { home, steps, .. } => (!home || buries(steps), !home),
                Act::Reveal(_) => (true, true),
            };
            let tighter = Tighter {
                last_pass,
                pass_left,
            };
            match self.arrive(kid, table, budget, tighter, proved) {
                Arrival::Over => {
                    let acts: Vec<Act> = path.iter().map(|f| self.acts[f.next - 1]).collect();
                    break line::concrete(position, rules, &acts);
                }
                Arrival::Search(next) => path.push(next),
                Arrival::Seen | Arrival::Dead => {}
                Arrival::OutOfBudget => {
                    if let Some(frame) = path.last_mut() {
                        frame.next -= 1;
                    }
                    break out_of_budget(budget);
                }
            }
        };
        self.path = path;
        verdict
    }

    /// Looks at a position just reached: over, seen before, lost (`proved` so, or `dead`), or
    /// to be searched; the looser game only if the move there may have made it `tighter`.
    fn arrive(
        &mut self,
        kid: Kid,
        table: &Table,
        budget: usize,
        tighter: Tighter,
        proved: Option<Proved>,
    ) -> Arrival {
        let Kid {
            state: s,
            key,
            progress,
        } = kid;
        if s.is_over() {
            return Arrival::Over;
        }
        // Before the memory hears of it: a search gone on with later finds it new.
        if self.searched >= budget {
            return Arrival::OutOfBudget;
        }
        if self.seen.meet(key, progress) == Met::Before {
            return Arrival::Seen;
        }
        self.searched += 1;
        if proved.is_some_and(|p| p.has(key, progress)) {
            return Arrival::Dead;
        }
        // Without a pass left, the waste is a stack: cards turned over carelessly can bury
        // what others wait for, and cards put on a parent can take the place their twins need
        // (see `relax`), whatever the move. With one left, every talon card is at hand, and
        // only a card put on a parent can make the looser game lose (three at a time, deals
        // 1-150: 45.4M positions searched without asking it then, 28.9M asking it).
        let last_pass = table.rules.passes.is_some_and(|n| s.pass >= u16::from(n));
        let ask = if last_pass {
            tighter.last_pass
        } else {
            tighter.pass_left
        };
        if ask && relax::never_out(&s, table) != 0 {
            return Arrival::Dead;
        }
        let start = self.acts.len();
        generate::moves(&s, table, &mut self.acts);
        if self.shuffle != 0 {
            // Fisher-Yates, from a xorshift generator.
            for i in (start + 1..self.acts.len()).rev() {
                let x = &mut self.shuffle;
                *x ^= *x << 13;
                *x ^= *x >> 7;
                *x ^= *x << 17;
                let j = start + (*x % (i - start + 1) as u64) as usize;
                self.acts.swap(i, j);
            }
        }
        for &act in &self.acts[start..] {
            let mut state = s;
            state.play(table, act);
            let (key, progress) = state.key(table);
            self.seen.prefetch(key);
            if let Some(p) = proved {
                p.seen.prefetch(key);
            }
            self.kids.push(Kid {
                state,
                key,
                progress,
            });
        }
        Arrival::Search(Frame {
            start,
            end: self.acts.len(),
            next: start,
        })
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

/// Whether the move to a position may have made the looser game lose (`relax`), on the last
/// pass and with a pass left.
#[derive(Clone, Copy)]
struct Tighter {
    last_pass: bool,
    pass_left: bool,
}

/// What arriving at a position found.
enum Arrival {
    /// Nothing left face down or in the talon: won.
    Over,
    Search(Frame),
    Seen,
    /// Lost without searching (`dead`).
    Dead,
    OutOfBudget,
}

fn out_of_budget(budget: usize) -> Verdict {
    Verdict::Unknown {
        why: format!("not decided within {budget} positions"),
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
