//! The best-first pass, in turns: of all the positions met and not yet searched, it always
//! searches the one that looks nearest a win ([`super::distance`]; of equals, the one met
//! first). Each position is met once (by its exact key) and remembers the one it came from and
//! the moves from there, so a win's line is read back from it.

use super::{Step, distance, key, play_safe, worth_trying};
use crate::freecell::{Move, Position, Rules};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

pub(super) struct BestFirst {
    /// Each position met: itself, the one it came from (none for the start) and the moves
    /// from there (its safe moves home included).
    nodes: Vec<(Position, Option<usize>, Vec<Move>)>,
    met: HashSet<Box<[u8]>>,
    /// The positions met and not searched, nearest a win first.
    open: BinaryHeap<(Reverse<(u32, usize)>, usize)>,
    /// A position met that is won.
    won: Option<usize>,
}

impl BestFirst {
    pub(super) fn new(start: &Position, rules: &Rules, safe: bool) -> BestFirst {
        let mut b = BestFirst {
            nodes: Vec::new(),
            met: HashSet::new(),
            open: BinaryHeap::new(),
            won: None,
        };
        b.meet(*start, None, Vec::new(), rules, safe);
        b
    }

    /// Meets a position reached from `from` by `moves`, and its safe moves home.
    fn meet(
        &mut self,
        mut p: Position,
        from: Option<usize>,
        mut moves: Vec<Move>,
        rules: &Rules,
        safe: bool,
    ) {
        play_safe(&mut p, rules, safe, &mut moves);
        if !self.met.insert(key(&p, rules)) {
            return;
        }
        let id = self.nodes.len();
        if p.is_won() {
            self.won = Some(id);
        }
        self.open.push((Reverse((distance(&p, rules), id)), id));
        self.nodes.push((p, from, moves));
    }

    /// Searches up to `quota` positions (counted in `searched`).
    pub(super) fn run(
        &mut self,
        rules: &Rules,
        safe: bool,
        quota: usize,
        searched: &mut usize,
    ) -> Step {
        let stop = *searched + quota;
        while self.won.is_none() {
            if *searched >= stop {
                return Step::Going;
            }
            let Some((_, id)) = self.open.pop() else {
                return Step::Lost;
            };
            *searched += 1;
            let here = self.nodes[id].0;
            for m in worth_trying(&here, rules) {
                let mut next = here;
                next.play_generated(rules, m);
                self.meet(next, Some(id), vec![m], rules, safe);
                if self.won.is_some() {
                    break;
                }
            }
        }
        Step::Won(self.line())
    }

    /// The line from the start to the won position.
    fn line(&self) -> Vec<Move> {
        let mut line = Vec::new();
        let mut at = self.won;
        while let Some(id) = at {
            let (_, from, moves) = &self.nodes[id];
            line.extend(moves.iter().rev());
            at = *from;
        }
        line.reverse();
        line
    }
}
