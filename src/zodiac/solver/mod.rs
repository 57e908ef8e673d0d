//! An exact solver for Zodiac positions: is this position still winnable, and how?
//!
//! [`solve`] answers [`Verdict::Winnable`] with a complete legal move line to a win and the
//! slack (Equator cells the best plan leaves spare), or [`Verdict::Lost`] with the reason in a
//! player's words. It allocates only the move line and a reused memo, takes well under a
//! millisecond on most positions, and is `Send`, so the game can call it from a task.
//!
//! # What the method rests on (issue 10's beliefs, checked)
//!
//! 1. *The stock order does not matter in phase 1* — true. With one card turned at a time and
//!    unlimited redeals, `d` and `r` bring any stock or waste card to the top of the waste, and
//!    playing it keeps the others in order. Tested: a position's verdict equals the OR of its
//!    successors' verdicts, `d` and `r` included.
//! 2. *Suits meet only in the Equator* — true. Piles are one suit, foundations are per suit, and
//!    phase 2 only sends cards home.
//! 3. *Phase-1 placements can be made in any order; parking in the Equator is needed only for
//!    the final leftovers* — true, except that the last move must be a stock card (belief 5). A card parked and later built on
//!    the Zodiac could have been built straight from the stock at that later moment (the stock
//!    is never empty before then). So a plan is a layout: what each pile gets, in order, and
//!    which cards wait in the Equator; it fits when the waiting cards number at most 8.
//!    Fewest waiting cards per suit is the right figure to add up for the verdict.
//! 4. *One suit's phase 2 is a small rank-by-rank calculation* — the claim about a fixed layout
//!    holds, but the layout is not fixed: the fewest-leftover layout depends on the order the
//!    foundations take their cards, and the two cannot be chosen one after the other. The exact
//!    method here decides them together, rank by rank (see [`layers`]): a plan is a set of
//!    links between the foundation slots of neighbouring ranks, so a sweep from Ace to King with
//!    a tiny state is exact, with no search and no budget. Piles built by hand that do not step
//!    by one rank fall back to playing the suit's phase 2 backwards with a memo (see [`suit`]),
//!    also exact but slower. Tests check the two against each other and against the engine.
//! 5. *The last stock card* — the rule is real, but it never decides a game; it only costs
//!    slack. Phase 2 begins the moment the stock and waste are empty, after which no Equator
//!    card may go onto the Zodiac, so the last move of phase 1 must be a stock card: one that
//!    waits in the Equator or ends on top of a pile. A plan that fits the Equator but breaks
//!    this has all its stock cards built, so everything waiting in the Equator was there from
//!    the start; take the highest stock card of any pile and leave the Equator cards above it
//!    in their cells: the plan still fits (those cards never left their cells), phase 2 only
//!    gets easier, and the stock card is now a top. The slack, though, can drop: the search
//!    keeps a second figure per suit (fewest waiting cards when phase 1's last move is one of
//!    its stock cards), and the slack is 8 minus the best sum that uses one suit's second
//!    figure. Tested on the worked example (the slack is 0, not 1) and on random positions.
//!
//! # PySolFC's Equator-to-Zodiac-in-phase-2 option
//!
//! It changes nothing, so it is decided exactly too: in phase 2 a card moved from the Equator
//! onto a pile could as well have stayed in its cell and gone home from there when its
//! foundation wanted it (the cell is never needed again, and the card only ever blocks the pile).
//! A winning line that uses the option is still winning with those moves left out, and the
//! lines this solver writes never use it.
//!
//! # Positions the method does not cover
//!
//! Positions built by hand ([`Position::from_parts`]) whose cards are not what the foundations
//! miss (not a double deck), or with a Zodiac pile of mixed suits, cannot come from play; for
//! them the answer is [`Verdict::Unknown`].

mod key;
mod layers;
mod plan;
mod suit;
mod why;

#[cfg(test)]
mod brute;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_lines;

use crate::zodiac::{Move, Phase, Position, Rules, Suit};
pub use key::Memo;
use layers::Layers;
use suit::{INF, Layout, SuitProblem};

/// The Equator's cells.
pub const CELLS: u8 = 8;

/// The solver's answer for a position: winnable with a complete legal move line from it to a
/// win (with every `d` and `r`) and, as its note, the slack (the Equator cells the best plan
/// leaves spare); lost, with why in a player's words; or unknown, outside what the solver
/// decides (see the module notes), with how.
pub type Verdict = crate::patience::Verdict<Move, u8>;

/// The decision without the move line: what `winrate` needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Winnable { slack: u8 },
    Lost,
    Unknown,
}

/// A solver with its memory, to keep and reuse (one per thread).
#[derive(Default)]
pub struct Solver {
    /// One per suit, so a winnable position's plans read what its decision left there.
    layers: [Layers; 4],
    /// For hand-built piles that do not step by one rank: the backward search's memory.
    memos: [Memo; 4],
}

/// Per suit: the problem and its two figures (fewest Equator cards; fewest when the last move
/// of phase 1 is one of its stock cards).
struct Figures {
    problems: Vec<SuitProblem>,
    figures: [(u8, u8); 4],
}

/// How the position stands once each suit is known.
enum Outcome {
    /// Winnable; in phase 1 `last` is the suit that makes phase 1's last move.
    Winnable {
        slack: u8,
        last: Option<usize>,
    },
    /// A suit cannot be cleared at all.
    SuitBlocked(usize),
    /// Phase 1: the cards do not fit in the Equator.
    TooMany,
    Unknown(String),
}

impl Solver {
    pub fn new() -> Solver {
        Solver::default()
    }

    /// Decides `position` and, when it can be won, writes the line that wins.
    pub fn solve(&mut self, position: &Position, rules: &Rules) -> Verdict {
        let (figures, outcome) = self.outcome(position, rules);
        match outcome {
            Outcome::Unknown(why) => Verdict::Unknown { why },
            Outcome::SuitBlocked(s) => Verdict::Lost {
                why: why::blocked_suit(position, rules, Suit::ALL[s]),
            },
            Outcome::TooMany => Verdict::Lost {
                why: why::too_many(&figures.expect("phase 1 figures").figures),
            },
            Outcome::Winnable { slack, last } => {
                let Some(figures) = figures else {
                    return Verdict::Winnable {
                        line: Vec::new(),
                        note: slack,
                    };
                };
                let layouts = self.layouts(&figures, last);
                match plan::line(position, rules, &layouts) {
                    Ok(line) => Verdict::Winnable { line, note: slack },
                    // Never a line the rules refuse: a plan that does not replay is a bug, and
                    // the answer is that the solver does not know.
                    Err(broken) => {
                        eprintln!("zodiac solver: a plan did not replay ({broken}); unknown");
                        Verdict::Unknown {
                            why: format!("the solver's line did not replay ({broken})"),
                        }
                    }
                }
            }
        }
    }

    /// Bytes its memory holds.
    pub fn bytes(&self) -> usize {
        let layers: usize = self.layers.iter().map(Layers::bytes).sum();
        layers + self.memos.iter().map(Memo::bytes).sum::<usize>()
    }

    /// Decides `position` without writing the line (faster; for counting win rates).
    pub fn decide(&mut self, position: &Position, rules: &Rules) -> Decision {
        match self.outcome(position, rules).1 {
            Outcome::Winnable { slack, .. } => Decision::Winnable { slack },
            Outcome::SuitBlocked(_) | Outcome::TooMany => Decision::Lost,
            Outcome::Unknown(_) => Decision::Unknown,
        }
    }

    /// Each suit's plan, `last` making phase 1's last move.
    fn layouts(&mut self, figures: &Figures, last: Option<usize>) -> Vec<Layout> {
        figures
            .problems
            .iter()
            .enumerate()
            .map(|(s, problem)| self.layout(s, problem, last == Some(s)))
            .collect()
    }

    fn layout(&mut self, s: usize, problem: &SuitProblem, last: bool) -> Layout {
        if problem.piles_step_by_one() {
            self.layers[s].layout(problem, last)
        } else {
            problem.expand(&problem.plan(&mut self.memos[s], last))
        }
    }

    fn outcome(&mut self, position: &Position, rules: &Rules) -> (Option<Figures>, Outcome) {
        let free = (0..CELLS)
            .filter(|&e| position.equator(e).is_none())
            .count() as u8;
        if position.is_won() {
            return (
                None,
                Outcome::Winnable {
                    slack: free,
                    last: None,
                },
            );
        }
        let mut problems = Vec::with_capacity(4);
        for suit in Suit::ALL {
            match SuitProblem::new(position, rules, suit) {
                Some(p) => problems.push(p),
                None => {
                    return (
                        None,
                        Outcome::Unknown(format!(
                            "the {} on the table are not the ones their foundations miss \
                             (not a double deck), or share a Zodiac pile with another suit",
                            suit.name()
                        )),
                    );
                }
            }
        }
        let mut figures = [(INF, INF); 4];
        for (s, problem) in problems.iter().enumerate() {
            figures[s] = if problem.piles_step_by_one() {
                self.layers[s].solve(problem)
            } else {
                problem.solve(&mut self.memos[s])
            };
            if figures[s].0 == INF {
                return (None, Outcome::SuitBlocked(s));
            }
        }
        let phase_2 = position.phase() == Phase::Two;
        let figures = Figures { problems, figures };
        if phase_2 {
            return (
                Some(figures),
                Outcome::Winnable {
                    slack: free,
                    last: None,
                },
            );
        }
        let total: u32 = figures.figures.iter().map(|f| u32::from(f.0)).sum();
        let best = (0..4)
            .filter(|&s| figures.figures[s].1 != INF)
            .map(|s| {
                (
                    total - u32::from(figures.figures[s].0) + u32::from(figures.figures[s].1),
                    s,
                )
            })
            .min();
        match best {
            Some((need, s)) if need <= u32::from(CELLS) => (
                Some(figures),
                Outcome::Winnable {
                    slack: CELLS - need as u8,
                    last: Some(s),
                },
            ),
            _ => (Some(figures), Outcome::TooMany),
        }
    }
}

/// Decides `position` under `rules`; see [`Verdict`]. Uses a solver kept per thread.
pub fn solve(position: &Position, rules: &Rules) -> Verdict {
    crate::patience::solver::with_solver(|s: &mut Solver| s.solve(position, rules))
}

/// Decides `position` without writing the move line; see [`Decision`].
pub fn decide(position: &Position, rules: &Rules) -> Decision {
    crate::patience::solver::with_solver(|s: &mut Solver| s.decide(position, rules))
}
