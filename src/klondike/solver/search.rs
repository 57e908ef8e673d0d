//! The depth-first search itself: from a start, along a path of positions each with its moves,
//! until it ends or its budget runs out (where `Solver::resume` goes on from); what arriving
//! at a position finds (over, seen, lost, or moves to search).

use super::seen::Met;
use super::state::{Act, State, Table};
use super::{Frame, Kid, Proved, Solver, Verdict, generate, line, relax, why_lost};
use crate::klondike::position::Position;

impl Solver {
    /// One depth-first search from `start` (the solver's form of `position`) until
    /// `self.searched` passes `budget`; moves in the usual order (`shuffle` 0) or shuffled
    /// from the seed `shuffle`. `keep`: the memory is kept (positions proved lost, `restarts`),
    /// else forgotten; positions `proved` lost are passed over.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search(
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
    pub(super) fn walk(
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
