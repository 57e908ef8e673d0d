//! The depth-first pass, in turns: the moves most promising first, each position searched once
//! (by its exact key), on a stack of its own (a line can be thousands of moves long). It stops
//! after a turn's quota and goes on where it stopped at its next turn.

use super::distance::{Weights, ordered_moves_with};
use super::{Key, Step, key, play_safe};
use crate::freecell::{Move, Position, Rules};
use crate::patience::hash::Fx;
use std::collections::HashSet;

pub(super) struct DepthFirst {
    /// The position the line reaches.
    p: Position,
    line: Vec<Move>,
    /// The positions on the line, each with the moves left to try, and the move that entered
    /// it (none for the start).
    stack: Vec<(Frame, Option<Move>)>,
    seen: HashSet<Key, Fx>,
    started: bool,
    /// The order of moves: the weights, and the seed of their spread.
    w: Weights,
    seed: u64,
}

/// A position on the stack: the moves to try from it, the next one, and where its safe moves
/// home begin in the line.
struct Frame {
    moves: Vec<Move>,
    next: usize,
    mark: usize,
}

/// What arriving at a position found.
enum Enter {
    Won,
    Seen,
    New(Frame),
}

impl DepthFirst {
    /// A search from `start`, with a set of positions to reuse (cleared).
    pub(super) fn new(
        start: Position,
        mut seen: HashSet<Key, Fx>,
        w: Weights,
        seed: u64,
    ) -> DepthFirst {
        seen.clear();
        DepthFirst {
            p: start,
            line: Vec::new(),
            stack: Vec::new(),
            seen,
            started: false,
            w,
            seed,
        }
    }

    /// The set of positions, for the next search to reuse.
    pub(super) fn into_seen(self) -> HashSet<Key, Fx> {
        self.seen
    }

    /// Searches up to `quota` new positions (counted in `searched`).
    pub(super) fn run(
        &mut self,
        rules: &Rules,
        safe: bool,
        quota: usize,
        searched: &mut usize,
    ) -> Step {
        let stop = *searched + quota;
        if !self.started {
            self.started = true;
            match self.enter(rules, safe, searched) {
                Enter::Won => return Step::Won(self.line.clone()),
                Enter::Seen => return Step::Lost,
                Enter::New(frame) => self.stack.push((frame, None)),
            }
        }
        while let Some((frame, _)) = self.stack.last_mut() {
            if *searched >= stop {
                return Step::Going;
            }
            if let Some(&m) = frame.moves.get(frame.next) {
                frame.next += 1;
                self.p.play_generated(rules, m);
                self.line.push(m);
                match self.enter(rules, safe, searched) {
                    Enter::Won => return Step::Won(self.line.clone()),
                    Enter::Seen => {
                        self.line.pop();
                        self.p.undo(m);
                    }
                    Enter::New(next) => self.stack.push((next, Some(m))),
                }
            } else if let Some((frame, entered_by)) = self.stack.pop() {
                self.take_back(frame.mark);
                if let Some(m) = entered_by {
                    self.line.pop();
                    self.p.undo(m);
                }
            }
        }
        Step::Lost
    }

    /// Arrives at a position: plays its safe moves home; then it is won, or searched already
    /// (the safe moves taken back), or new, with the moves to try from it.
    fn enter(&mut self, rules: &Rules, safe: bool, searched: &mut usize) -> Enter {
        let mark = self.line.len();
        play_safe(&mut self.p, rules, safe, &mut self.line);
        if self.p.is_won() {
            return Enter::Won;
        }
        if !self.seen.insert(key(&self.p, rules)) {
            self.take_back(mark);
            return Enter::Seen;
        }
        *searched += 1;
        Enter::New(Frame {
            moves: ordered_moves_with(&self.p, rules, &self.w, self.seed),
            next: 0,
            mark,
        })
    }

    /// Undoes the moves of the line past `mark`, last first.
    fn take_back(&mut self, mark: usize) {
        while self.line.len() > mark {
            if let Some(m) = self.line.pop() {
                self.p.undo(m);
            }
        }
    }
}
