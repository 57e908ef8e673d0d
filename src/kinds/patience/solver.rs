//! The solver of every patience written as a file: depth first over the legal moves, each
//! position once (by a 128-bit key of it), moves home first, with what `prune` proves may be
//! left out (cards sent home at once, piles alike taken as one, a win without take-backs
//! first; each with its argument there, and a switch). Before it, each with a quarter of the
//! budget (`tactics`): short searches with the moves in shuffled orders, growing in Luby's
//! sequence (wins come early in some orders and late in others), or where runs move through
//! cells (FreeCell), the moves whose positions look nearest a win first (`distance`, near-equal
//! ones shuffled), as FreeCell's own solver's passes go; a search best first, of the
//! positions reached the one nearest a win gone on from first (most cards home, then fewest
//! cards lying on those the foundations want next); and a second one that also counts the
//! cards lying on cards wanted sooner than they are. Patiences differ in which of these finds
//! their wins (docs/performance.md, "Tactics"), so each has its share. These only look for a
//! win and leave nothing out of their own (a position met before, or dead by `prune`, is left
//! as the depth-first search leaves it), so they change no verdict's truth, only how soon a win
//! is found; a short search that saw every position reachable has proved the deal lost.
//! "Winnable" comes with its line, replayed through the rules by the callers that show it;
//! "lost" only once every position reachable was searched; "unknown" when the budget runs out.
//! It solves the game as if every card were known ("thoughtful"), as the Klondike solver does.

use super::order::{Level, Order, next_moves, play_safe};
use super::prune::{LUBY_UNIT, Mutant, Prune, Switches, never_out_words, stuck_words};
use super::{Kinds, Move, Params, from_step};
use crate::kinds::compiled::Compiled;
use crate::kinds::position::{DOWN, Position};
use crate::kinds::{Step, moves};
use crate::patience::Verdict;
use crate::patience::hash::Fx;
use std::collections::HashSet;

/// The search, with its table of positions seen kept from one search to the next, and the
/// pruning rules of the last file it searched.
pub struct Search {
    seen: HashSet<u128, Fx>,
    switches: Switches,
    mutant: Option<Mutant>,
    /// The file the rules were worked out for (by address: compiled files live for the
    /// program's life), and the rules.
    prune: Option<(usize, Prune)>,
}

impl Default for Search {
    fn default() -> Search {
        Search::with(Switches::ALL)
    }
}

impl Search {
    /// A search with these rules of pruning.
    pub fn with(switches: Switches) -> Search {
        Search {
            seen: HashSet::default(),
            switches,
            mutant: None,
            prune: None,
        }
    }

    /// A search with a rule broken on purpose (tests).
    #[cfg(test)]
    pub fn mutant(mutant: Mutant) -> Search {
        Search {
            mutant: Some(mutant),
            ..Search::default()
        }
    }
}

/// The share of the budget (one in this many) for the search with cards staying home (rule 4),
/// before the tactics: a plain search, whose wins the tactics mostly find as well and sooner.
/// With half, as first, St. Helena's deals 1-100 at its table's 100,000 positions were 17 won
/// where an eighth wins 23, Parallels' 1-200 at 20,000 96 where it wins 104, in less time; no
/// file it concerns won fewer (docs/performance.md, "Cards staying home").
const STAY_HOME_SHARE: usize = 8;

/// How a search ended.
enum Ended {
    Won(Vec<Step>),
    Lost,
    OutOfBudget,
}

/// Searches from `start` within `budget` positions: how it ended and the positions searched.
fn search(
    rules: &Compiled,
    prune: &Prune,
    start: &Position,
    budget: usize,
    order: Order,
    seen: &mut HashSet<u128, Fx>,
) -> (Ended, usize) {
    // A table grown far past this search's budget (by a long search before it) is let go:
    // clearing it would cost its whole size, for each of many short searches.
    if seen.capacity() > 4 * budget.max(4096) {
        *seen = HashSet::default();
    } else {
        seen.clear();
    }
    let mut line: Vec<Step> = Vec::new();
    let mut root = *start;
    play_safe(rules, prune, &mut root, &mut line);
    if moves::is_won(rules, &root) {
        return (Ended::Won(line), 0);
    }
    seen.insert(prune.key(rules, &root));
    let mut first = Level::default();
    next_moves(rules, prune, &root, order, &mut first);
    first.len = line.len();
    // Each position on the way, the moves from it, how many were tried, and the length of
    // the line that reached it; levels left are kept for their buffers.
    let mut path: Vec<Level> = vec![first];
    let mut spare: Vec<Level> = Vec::new();
    let mut searched = 0;
    while let Some(level) = path.last_mut() {
        let Some(&m) = level.next.get(level.tried) else {
            spare.extend(path.pop());
            continue;
        };
        let k = level.tried;
        level.tried += 1;
        line.truncate(level.len);
        line.push(m);
        let q = match level.kid(k, &mut line) {
            Some(q) => q,
            None => {
                let mut q = level.p.expect("set by next_moves");
                moves::play(rules, &mut q, m);
                play_safe(rules, prune, &mut q, &mut line);
                q
            }
        };
        if moves::is_won(rules, &q) {
            return (Ended::Won(line), searched);
        }
        if !seen.insert(prune.key(rules, &q)) {
            continue;
        }
        if prune.dead(rules, &q, m) {
            continue;
        }
        searched += 1;
        if searched >= budget {
            return (Ended::OutOfBudget, searched);
        }
        let mut next = spare.pop().unwrap_or_default();
        next_moves(rules, prune, &q, order, &mut next);
        next.len = line.len();
        path.push(next);
    }
    (Ended::Lost, searched)
}

impl crate::patience::solver::Solver for Search {
    type Rules = Kinds;
    /// Cards lay face down (or in the stock) when it was decided: the win is the thoughtful
    /// game's, every card known, as the player does not know them.
    type Note = bool;

    /// A few hundredths of a second: a winnable deal is searched for among 64 numbers, each
    /// within this budget, on the task pool the table's verdicts share.
    const TABLE_BUDGET: usize = 20_000;
    fn table_budget(params: &Params) -> usize {
        params
            .0
            .file
            .table_budget
            .map_or(Self::TABLE_BUDGET, |b| b as usize)
    }
    const BUDGET: Option<usize> = Some(5_000_000);
    /// The most of either stage: the depth-first search's 16-byte key in a table at most seven
    /// eighths full, doubled when it fills (40 bytes); the best-first one's positions waiting
    /// (some 240 bytes each with their rank, their way from the parent and their key) for a
    /// quarter of the budget (60), with its keys (10).
    const BYTES_A_POSITION: usize = 80;

    fn solve(
        &mut self,
        params: &Params,
        position: &Position,
        budget: usize,
    ) -> (Verdict<Move, bool>, usize) {
        let rules = params.0;
        let hidden =
            (0..position.piles() as u8).any(|i| position.pile(i).iter().any(|&b| b & DOWN != 0));
        let at = rules as *const Compiled as usize;
        if self.prune.as_ref().is_none_or(|(a, _)| *a != at) {
            let mut prune = Prune::new(rules, self.switches);
            if let Some(m) = self.mutant {
                prune = prune.with(m);
            }
            self.prune = Some((at, prune));
        }
        let Some((_, prune)) = &self.prune else {
            unreachable!("set above")
        };
        let won = |line: Vec<Step>| Verdict::Winnable {
            line: line.into_iter().map(|s| from_step(rules, s)).collect(),
            note: hidden,
        };
        prune.new_decision();
        // Cards that can never leave their piles (rule 9): lost, and why, before any search.
        if let Some(stuck) = prune.stuck(rules, position) {
            return (
                Verdict::Lost {
                    why: stuck_words(&stuck),
                },
                0,
            );
        }
        // A looser game lost (rule 10): lost, and why.
        let never_out = prune.never_out(rules, position);
        if never_out != 0 {
            return (
                Verdict::Lost {
                    why: never_out_words(never_out),
                },
                0,
            );
        }
        let mut searched = 0;
        // A win without taking cards back, within an eighth of the budget, is a win (rule 4).
        if let Some(staying) = &prune.stay_home {
            let (ended, n) = search(
                &staying.0,
                &staying.1,
                position,
                budget / STAY_HOME_SHARE,
                Order::Usual,
                &mut self.seen,
            );
            searched += n;
            if let Ended::Won(line) = ended {
                return (won(line), searched);
            }
        }
        // Each tactic in turn with its share; a win in any is a win (replayed by the callers as
        // every line is), and the whole search in the usual order has the rest of the budget.
        let mut ended = Ended::OutOfBudget;
        let left = budget.saturating_sub(searched);
        for (tactic, share) in tactics(rules, prune) {
            let share = left / share;
            let found = match tactic {
                Tactic::BestFirst(weight) => {
                    let (line, n) = super::best_first::search(
                        rules,
                        prune,
                        position,
                        share,
                        weight,
                        &mut self.seen,
                    );
                    searched += n;
                    line.map(Ended::Won)
                }
                Tactic::Luby { unit, guided } => {
                    let stop = searched + share;
                    let mut found = None;
                    let mut r = 1;
                    while searched + unit * luby(r) <= stop {
                        let (e, n) = search(
                            rules,
                            prune,
                            position,
                            unit * luby(r),
                            if guided {
                                Order::Guided(r)
                            } else {
                                Order::Shuffled(r)
                            },
                            &mut self.seen,
                        );
                        searched += n;
                        if !matches!(e, Ended::OutOfBudget) {
                            found = Some(e);
                            break;
                        }
                        r += 1;
                    }
                    found
                }
            };
            if let Some(e) = found {
                ended = e;
                break;
            }
        }
        if let Ended::OutOfBudget = ended {
            let (whole, n) = search(
                rules,
                prune,
                position,
                budget.saturating_sub(searched).max(1),
                Order::Usual,
                &mut self.seen,
            );
            searched += n;
            ended = whole;
        }
        let verdict = match ended {
            Ended::Won(line) => won(line),
            Ended::Lost => Verdict::Lost {
                why: "every way of playing on gets stuck".to_string(),
            },
            Ended::OutOfBudget => Verdict::Unknown {
                why: format!("the search ran out of its budget of {budget} positions"),
            },
        };
        (verdict, searched)
    }

    fn bytes(&self) -> usize {
        self.seen.capacity() * 17
    }

    /// A lost deal is lost whether the cards are known or not; a win is said to be one with
    /// every card known.
    fn note_words(hidden: bool) -> Option<String> {
        hidden.then(|| "with every card known, as the solver sees them".to_string())
    }
}

/// A way of looking for a win before the whole search.
#[derive(Clone, Copy, Debug)]
enum Tactic {
    /// Best first, with this weight on each card lying on a card wanted sooner
    /// (`best_first::search`).
    BestFirst(i32),
    /// Short searches growing as Luby's sequence, of this unit, in shuffled orders, or where
    /// `guided`, the moves leading nearest a win first (near-equal ones shuffled).
    Luby { unit: usize, guided: bool },
}

/// The tactics tried before the whole search, in order, each with its share of the budget
/// left (the budget over this number). On the table's budget, deals 1-300 of eleven files,
/// these won 9% more deals than one search best first and three shuffled ones
/// (docs/performance.md); a line that closes up keeps half for its many short searches.
fn tactics(rules: &Compiled, prune: &Prune) -> Vec<(Tactic, usize)> {
    let line = prune.restart_unit(rules);
    let mut plan = Vec::new();
    if prune.switches.restarts {
        match line {
            Some(unit) => plan.push((
                Tactic::Luby {
                    unit,
                    guided: false,
                },
                2,
            )),
            None => plan.push((
                Tactic::Luby {
                    unit: LUBY_UNIT * rules.cards,
                    guided: prune.switches.guided && prune.guide.runs_through_cells(),
                },
                4,
            )),
        }
    }
    if prune.switches.best_first {
        plan.push((Tactic::BestFirst(0), 4));
        if line.is_none() {
            plan.push((Tactic::BestFirst(1), 4));
        }
    }
    plan
}

/// The Luby sequence 1 1 2 1 1 2 4 1 1 2 ...: the r-th term (r from 1). Restarts this long
/// (times a unit) waste at most a log factor against the best fixed length, which no one
/// knows beforehand (Luby, Sinclair and Zuckerman, 1993).
fn luby(r: u64) -> usize {
    let mut r = r;
    loop {
        let k = 64 - r.leading_zeros() as u64; // 2^(k-1) <= r < 2^k
        if r == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        r = r - (1 << (k - 1)) + 1;
    }
}
