//! The best-first pass, in turns: of all the positions met and not yet searched, it always
//! searches the one that looks nearest a win ([`super::distance`], in its pass's weights; of
//! equals, the one met first or last). Each position is met once (by its exact key) and kept
//! packed (72 bytes), with the
//! one it came from and the move from there; a win's line is those moves, played again from
//! the start with the safe moves home after each.

use super::distance::{Weights, distance};
use super::{Key, Step, key, play_safe, worth_trying};
use crate::freecell::position::Packed;
use crate::freecell::{Move, Position, Rules};
use crate::patience::hash::Fx;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

pub(super) struct BestFirst {
    start: Position,
    /// Each position met (after its safe moves home), the one it came from and the move from
    /// there (none for the start).
    nodes: Vec<(Packed, Option<(u32, Move)>)>,
    met: HashSet<Key, Fx>,
    /// The positions met and not searched, nearest a win first.
    open: BinaryHeap<(Reverse<(u32, u32)>, u32)>,
    /// A position met that is won.
    won: Option<u32>,
    w: Weights,
}

impl BestFirst {
    pub(super) fn new(start: &Position, rules: &Rules, safe: bool, w: Weights) -> BestFirst {
        let mut b = BestFirst {
            start: *start,
            nodes: Vec::new(),
            met: HashSet::default(),
            open: BinaryHeap::new(),
            won: None,
            w,
        };
        b.meet(*start, None, rules, safe);
        b
    }

    /// Meets a position reached from a searched one by a move, and its safe moves home.
    fn meet(&mut self, mut p: Position, from: Option<(u32, Move)>, rules: &Rules, safe: bool) {
        play_safe(&mut p, rules, safe, &mut Vec::new());
        if !self.met.insert(key(&p, rules)) {
            return;
        }
        let id = self.nodes.len() as u32;
        if p.is_won() {
            self.won = Some(id);
        }
        let tie = if self.w.newest_first() {
            u32::MAX - id
        } else {
            id
        };
        self.open
            .push((Reverse((distance(&p, rules, &self.w), tie)), id));
        self.nodes.push((p.pack(), from));
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
            let here = Position::unpack(&self.nodes[id as usize].0);
            for m in worth_trying(&here, rules) {
                let mut next = here;
                next.play_generated(rules, m);
                self.meet(next, Some((id, m)), rules, safe);
                if self.won.is_some() {
                    break;
                }
            }
        }
        Step::Won(self.line(rules, safe))
    }

    /// The line from the start to the won position: the moves that met each position on the
    /// way, each followed by its safe moves home (the same as when it was met: they depend
    /// on the position alone).
    fn line(&self, rules: &Rules, safe: bool) -> Vec<Move> {
        let mut moves = Vec::new();
        let mut at = self.won;
        while let Some(id) = at {
            let (_, from) = self.nodes[id as usize];
            at = from.map(|(parent, m)| {
                moves.push(m);
                parent
            });
        }
        moves.reverse();
        let mut p = self.start;
        let mut line = Vec::new();
        play_safe(&mut p, rules, safe, &mut line);
        for m in moves {
            p.play_generated(rules, m);
            line.push(m);
            play_safe(&mut p, rules, safe, &mut line);
        }
        line
    }
}
