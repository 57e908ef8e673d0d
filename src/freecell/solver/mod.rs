//! The exact FreeCell solver: a depth-first search over positions, each searched once. A
//! position is keyed exactly (no hash stands for it) by its columns and its free cells, each
//! as a set: which column a pile stands in, and which cell a card waits in, change nothing.
//! `Winnable` comes with a line of the rules' own moves that the rules replay to a win before
//! it is given; `Lost` only when every way on has been searched; `Unknown` only when the budget
//! of positions runs out.
//!
//! What keeps the search small without losing a win:
//! - **Positions up to the order of columns and of cells are one** (the key sorts them): a move
//!   to another empty cell, or of a whole column into an empty one, reaches the same key, so
//!   only the first empty cell is tried and a whole column never moves to an empty one.
//! - **Safe moves home are played without trying anything else.** A card on the table is of use
//!   there only as the card something is built on: a card of the rank below, of the other
//!   colour (of its own suit, in Baker's Game). Once both of those are home (in Baker's Game,
//!   once the one of its suit is: always, for it has to be home first), nothing can ever be
//!   built on the card again, and home it frees its place; a card from a free cell or the top
//!   of a column that goes home then leaves every win still open. Aces and Twos always (their
//!   Aces go home at once). Under rules where cards come back from the foundations, a card
//!   home may come back, so nothing is lost either.
//! - **Every other legal move is tried**, runs of every length that fits: moving runs as one
//!   reaches exactly the positions that moving their cards one at a time through the free
//!   cells and empty columns reaches, no more and no fewer.
//!
//! Each of these is checked against a search with none of them (`tests`).

use super::moves::{COLUMNS, Move, Place};
use super::position::{Position, builds_on};
use super::ruleset::{Build, Rules};
use crate::cards::Card;
use std::collections::HashSet;

#[cfg(test)]
mod tests;

/// The solver's answer, in FreeCell's moves.
pub type Verdict = crate::patience::Verdict<Move>;

/// Positions searched before the solver says "unknown" (the command line's).
pub const BUDGET: usize = 4_000_000;

/// Keeps its set of positions between searches (cleared for each).
#[derive(Default)]
pub struct Solver {
    seen: HashSet<Box<[u8]>>,
    /// Positions searched by the last search.
    pub searched: usize,
    /// Safe moves home are played at once (off only to test that they lose nothing).
    pub safe_home: bool,
}

/// How a search ended early.
struct OutOfBudget;

impl Solver {
    pub fn new() -> Solver {
        Solver {
            seen: HashSet::new(),
            searched: 0,
            safe_home: true,
        }
    }

    /// Decides a position: a winning line, lost, or unknown past `budget` positions.
    pub fn solve(&mut self, position: &Position, rules: &Rules, budget: usize) -> Verdict {
        self.seen.clear();
        self.searched = 0;
        let mut p = *position;
        let mut line = Vec::new();
        match self.search(&mut p, rules, &mut line, budget) {
            Err(OutOfBudget) => Verdict::Unknown {
                why: format!("not decided within {budget} positions"),
            },
            Ok(false) => Verdict::Lost {
                why: "every way of playing on gets stuck".into(),
            },
            Ok(true) => {
                // Never a line the rules refuse: replayed before it is given.
                let mut check = *position;
                if line.iter().all(|&m| check.apply(rules, m).is_ok()) && check.is_won() {
                    Verdict::Winnable { line, note: None }
                } else {
                    Verdict::Unknown {
                        why: "the solver's line did not replay to a win".into(),
                    }
                }
            }
        }
    }

    /// Depth first, on a stack of its own (a line can be thousands of moves long).
    fn search(
        &mut self,
        p: &mut Position,
        rules: &Rules,
        line: &mut Vec<Move>,
        budget: usize,
    ) -> Result<bool, OutOfBudget> {
        let mut stack = match self.enter(p, rules, line, budget)? {
            Enter::Won => return Ok(true),
            Enter::Seen => return Ok(false),
            Enter::New(frame) => vec![(frame, None)],
        };
        while let Some((frame, _)) = stack.last_mut() {
            if let Some(&m) = frame.moves.get(frame.next) {
                frame.next += 1;
                p.play_generated(rules, m);
                line.push(m);
                match self.enter(p, rules, line, budget)? {
                    Enter::Won => return Ok(true),
                    Enter::Seen => {
                        line.pop();
                        p.undo(m);
                    }
                    Enter::New(next) => stack.push((next, Some(m))),
                }
            } else if let Some((frame, entered_by)) = stack.pop() {
                take_back(p, line, frame.mark);
                if let Some(m) = entered_by {
                    line.pop();
                    p.undo(m);
                }
            }
        }
        Ok(false)
    }

    /// Arrives at a position: plays its safe moves home; then it is won, or searched already
    /// (the safe moves taken back), or new, with the moves to try from it.
    fn enter(
        &mut self,
        p: &mut Position,
        rules: &Rules,
        line: &mut Vec<Move>,
        budget: usize,
    ) -> Result<Enter, OutOfBudget> {
        let mark = line.len();
        if self.safe_home {
            while let Some(m) = safe_home(p, rules, false) {
                p.play_generated(rules, m);
                line.push(m);
            }
        }
        if p.is_won() {
            return Ok(Enter::Won);
        }
        if !self.seen.insert(key(p, rules)) {
            take_back(p, line, mark);
            return Ok(Enter::Seen);
        }
        self.searched += 1;
        if self.searched > budget {
            return Err(OutOfBudget);
        }
        Ok(Enter::New(Frame {
            moves: ordered_moves(p, rules),
            next: 0,
            mark,
        }))
    }
}

/// A position on the search's stack: the moves to try from it, the next one, and where its
/// safe moves home begin in the line.
struct Frame {
    moves: Vec<Move>,
    next: usize,
    mark: usize,
}

enum Enter {
    Won,
    Seen,
    New(Frame),
}

/// Undoes the moves of `line` past `mark`, last first.
fn take_back(p: &mut Position, line: &mut Vec<Move>, mark: usize) {
    while line.len() > mark {
        if let Some(m) = line.pop() {
            p.undo(m);
        }
    }
}

impl Position {
    /// Plays a move the search generated (so legal): checked all the same, since a wrong
    /// move here would be a wrong verdict; a refused one is a bug and leaves the position.
    fn play_generated(&mut self, rules: &Rules, m: Move) {
        let applied = self.apply(rules, m);
        debug_assert!(applied.is_ok(), "{m} was generated as legal");
    }
}

/// The exact key of a position up to the order of its columns and of its cells: each column's
/// cards bottom first, the columns sorted, then the cells' cards sorted. The cards home are
/// the ones missing, so they need no place in it.
fn key(p: &Position, rules: &Rules) -> Box<[u8]> {
    let mut columns: Vec<Vec<Card>> = (0..COLUMNS).map(|c| p.column(c)).collect();
    columns.sort();
    let mut cells: Vec<Card> = (0..rules.cells).filter_map(|k| p.cell(k)).collect();
    cells.sort();
    let mut key = Vec::with_capacity(64);
    for column in columns {
        key.extend(column.iter().map(|c| c.index() + 1));
        key.push(0);
    }
    key.extend(cells.iter().map(|c| c.index() + 1));
    key.into_boxed_slice()
}

/// A move home that can never cost a win (see the module comment), if there is one. `strict`:
/// by the rule for cards that cannot come back, whatever the rules say (the table's auto-play,
/// which should not send home a card the player may still want).
pub fn safe_home(p: &Position, rules: &Rules, strict: bool) -> Option<Move> {
    let sources = (0..rules.cells)
        .map(Place::Cell)
        .chain((0..COLUMNS).map(Place::Column));
    sources.into_iter().find_map(|from| {
        let card = match from {
            Place::Cell(k) => p.cell(k)?,
            Place::Column(c) => p.column_card(c, 0)?,
            Place::Foundation(_) => return None,
        };
        let m = Move::one(from, Place::Foundation(card.suit() as u8));
        (p.check(rules, m).is_ok() && safe(p, rules, card, strict)).then_some(m)
    })
}

/// Nothing can ever be built on `card` again: every card that could go on it is home.
fn safe(p: &Position, rules: &Rules, card: Card, strict: bool) -> bool {
    if card.rank() <= 2 || (rules.foundation_back && !strict) || rules.build == Build::Suit {
        return true;
    }
    let below = card.rank() - 1;
    (0..4u8)
        .filter(|&f| {
            let other = Card::new(crate::cards::Suit::ALL[usize::from(f)], below);
            builds_on(rules, other, card)
        })
        .all(|f| p.home(f) >= below)
}

/// Every legal move worth trying, most promising first: home, then by how near the position
/// it leads to looks to a win ([`distance`]). The order changes only how soon a win is found.
pub fn ordered_moves(p: &Position, rules: &Rules) -> Vec<Move> {
    let mut all = p.legal_moves(rules);
    let first_free = (0..rules.cells).find(|&k| p.cell(k).is_none());
    let first_empty = (0..COLUMNS).find(|&c| p.column_len(c) == 0);
    all.retain(|m| match (m.from, m.to) {
        (_, Place::Cell(k)) => Some(k) == first_free,
        (Place::Column(a), Place::Column(b)) if p.column_len(b) == 0 => {
            Some(b) == first_empty && usize::from(m.count) < p.column_len(a)
        }
        (_, Place::Column(b)) if p.column_len(b) == 0 => Some(b) == first_empty,
        _ => true,
    });
    let mut scored: Vec<(u32, Move)> = all
        .into_iter()
        .map(|m| {
            let mut next = *p;
            next.play_generated(rules, m);
            (distance(&next, rules), m)
        })
        .collect();
    scored.sort_by_key(|&(d, _)| d);
    scored.into_iter().map(|(_, m)| m).collect()
}

/// How far a position looks from a win: the cards not home, the cards lying on each suit's
/// next card to go home, the free cells taken, less the room for moving runs.
fn distance(p: &Position, rules: &Rules) -> u32 {
    let home: u32 = (0..4).map(|f| u32::from(p.home(f))).sum();
    let mut buried = 0;
    for f in 0..4u8 {
        let next = p.home(f) + 1;
        if next > 13 {
            continue;
        }
        let wanted = Card::new(crate::cards::Suit::ALL[usize::from(f)], next);
        for c in 0..COLUMNS {
            let len = p.column_len(c);
            if let Some(depth) = (0..len).find(|&d| p.column_card(c, d) == Some(wanted)) {
                buried += depth as u32;
            }
        }
    }
    let taken = u32::from(rules.cells) - p.free_cells(rules) as u32;
    let room = p.room(rules, false) as u32;
    (52 - home) * 4 + buried * 2 + taken * 2 + 16u32.saturating_sub(room.min(16))
}
