//! The solver of every patience written as a file, for now a plain exact search: depth first
//! over every legal move, nothing pruned, each position once (by a 128-bit key of it), moves
//! home first. "Winnable" comes with its line, replayed through the rules by the callers that
//! show it; "lost" only once every position reachable was searched; "unknown" when the budget
//! runs out. It solves the game as if every card were known ("thoughtful"), as the Klondike
//! solver does.

use super::{Kinds, Move, Params, from_step};
use crate::kinds::compiled::Compiled;
use crate::kinds::position::{DOWN, Position};
use crate::kinds::{Step, moves};
use crate::patience::Verdict;
use crate::patience::hash::Fx;
use std::collections::HashSet;

/// The search, with its table of positions seen kept from one search to the next.
#[derive(Default)]
pub struct Search {
    seen: HashSet<u128, Fx>,
}

/// The moves from a position, the likeliest to win first: home, then those that turn a card
/// up, then onto cards, then the rest, the stock last.
fn ordered(rules: &Compiled, p: &Position, out: &mut Vec<Step>) {
    moves::legal(rules, p, out);
    let rank = |s: &Step| {
        let to = &rules.piles[usize::from(s.to)];
        let from = usize::from(s.from);
        let below = p.len(s.from).checked_sub(usize::from(s.count) + 1);
        if s.count == 0 {
            4
        } else if to.kind.is_home() && !rules.piles[from].kind.is_home() {
            0
        } else if below.is_some_and(|i| p.pile(s.from)[i] & DOWN != 0) {
            1
        } else if !p.is_empty(s.to) {
            2
        } else {
            3
        }
    };
    out.sort_by_key(rank);
}

fn key(p: &Position) -> u128 {
    p.key()
}

impl crate::patience::solver::Solver for Search {
    type Rules = Kinds;
    type Note = ();

    /// A few hundredths of a second: a winnable deal is searched for among 64 numbers, each
    /// within this budget, on the task pool the table's verdicts share.
    const TABLE_BUDGET: usize = 20_000;
    const BUDGET: Option<usize> = Some(5_000_000);
    /// A 16-byte key in a table at most seven eighths full, doubled when it fills.
    const BYTES_A_POSITION: usize = 40;

    fn solve(
        &mut self,
        params: &Params,
        position: &Position,
        budget: usize,
    ) -> (Verdict<Move, ()>, usize) {
        let rules = params.0;
        self.seen.clear();
        if moves::is_won(rules, position) {
            return (
                Verdict::Winnable {
                    line: vec![],
                    note: (),
                },
                0,
            );
        }
        let mut searched = 0;
        let mut first = Vec::new();
        ordered(rules, position, &mut first);
        self.seen.insert(key(position));
        // Each position on the way, the moves from it, and how many were tried.
        let mut path: Vec<(Position, Vec<Step>, usize)> = vec![(*position, first, 0)];
        let mut line: Vec<Step> = Vec::new();
        while let Some((p, next, tried)) = path.last_mut() {
            let Some(&m) = next.get(*tried) else {
                path.pop();
                line.pop();
                continue;
            };
            *tried += 1;
            let mut q = *p;
            moves::play(rules, &mut q, m);
            if moves::is_won(rules, &q) {
                line.push(m);
                let line = line.into_iter().map(|s| from_step(rules, s)).collect();
                return (Verdict::Winnable { line, note: () }, searched);
            }
            if !self.seen.insert(key(&q)) {
                continue;
            }
            searched += 1;
            if searched >= budget {
                let why = format!("the search ran out of its budget of {budget} positions");
                return (Verdict::Unknown { why }, searched);
            }
            let mut from_q = Vec::new();
            ordered(rules, &q, &mut from_q);
            line.push(m);
            path.push((q, from_q, 0));
        }
        let why = "every way of playing on gets stuck".to_string();
        (Verdict::Lost { why }, searched)
    }

    fn bytes(&self) -> usize {
        self.seen.capacity() * 17
    }

    fn note_words(_: ()) -> Option<String> {
        None
    }
}
