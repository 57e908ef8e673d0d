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
//!
//! **Two passes, taking turns.** Depth first (`depth`) tries the moves most promising first and
//! searches every position, so it alone says "lost". Best first (`best`) always takes, of all
//! the positions met so far, the one that looks nearest a win ([`distance`]): it finds in a few
//! hundred positions many wins where depth first sinks into a hopeless corner for millions,
//! and the other way round. They take turns of [`TURN`] positions until one finds a win; both
//! prune alike, so a win either finds is a win, with a line the rules replay.

use super::moves::{COLUMNS, Move, Place};
use super::position::{Position, builds_on};
use super::ruleset::{Build, Rules};
use crate::cards::Card;
use crate::patience::hash::Fx;
use best::BestFirst;
use depth::DepthFirst;
use std::collections::HashSet;

mod best;
mod depth;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod verdict_tests;

/// The solver's answer, in FreeCell's moves.
pub type Verdict = crate::patience::Verdict<Move>;

/// Positions searched before the solver says "unknown" (the command line's).
pub const BUDGET: usize = 4_000_000;

/// Positions each pass searches in its turn.
pub const TURN: usize = 256;

/// Keeps its set of positions between searches (cleared for each).
#[derive(Default)]
pub struct Solver {
    seen: HashSet<Box<[u8]>, Fx>,
    /// Positions searched by the last search.
    pub searched: usize,
    /// Safe moves home are played at once (off only to test that they lose nothing).
    pub safe_home: bool,
}

impl Solver {
    pub fn new() -> Solver {
        Solver {
            seen: HashSet::default(),
            searched: 0,
            safe_home: true,
        }
    }

    /// Decides a position: a winning line, lost, or unknown past `budget` positions. Depth
    /// first and best first take turns, [`TURN`] positions each, until one finds a win or depth
    /// first has searched every position (best first's memory: some 170 bytes for each
    /// position it meets, about ten for each it searches, so half a budget of 4,000,000
    /// positions may take 1.5 GB at worst).
    pub fn solve(&mut self, position: &Position, rules: &Rules, budget: usize) -> Verdict {
        self.seen.clear();
        self.searched = 0;
        let safe = self.safe_home;
        let mut depth = DepthFirst::new(*position, std::mem::take(&mut self.seen));
        let mut best = Some(BestFirst::new(position, rules, safe));
        let found = loop {
            if self.searched >= budget {
                break None;
            }
            let quota = TURN.min(budget - self.searched);
            match depth.run(rules, safe, quota, &mut self.searched) {
                Step::Won(line) => break Some(Some(line)),
                Step::Lost => break Some(None),
                Step::Going => {}
            }
            if let Some(b) = &mut best {
                let quota = TURN.min(budget.saturating_sub(self.searched));
                match b.run(rules, safe, quota, &mut self.searched) {
                    Step::Won(line) => break Some(Some(line)),
                    // Only depth first says "lost": best first just stops.
                    Step::Lost => best = None,
                    Step::Going => {}
                }
            }
        };
        self.seen = depth.into_seen();
        match found {
            None => Verdict::Unknown {
                why: format!("not decided within {budget} positions"),
            },
            Some(None) => Verdict::Lost {
                why: "every way of playing on gets stuck".into(),
            },
            Some(Some(line)) => {
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
}

/// Where a pass stands after its turn.
enum Step {
    Won(Vec<Move>),
    /// Every position searched, and none won.
    Lost,
    Going,
}

/// Plays the safe moves home from `p` (if `safe`), adding them to `line`.
fn play_safe(p: &mut Position, rules: &Rules, safe: bool, line: &mut Vec<Move>) {
    if safe {
        while let Some(m) = safe_home(p, rules, false) {
            p.play_generated(rules, m);
            line.push(m);
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
    let mut order: [u8; COLUMNS as usize] = std::array::from_fn(|c| c as u8);
    order.sort_unstable_by(|&a, &b| p.column_slice(a).cmp(p.column_slice(b)));
    let mut cells = [u8::MAX; crate::freecell::ruleset::MAX_CELLS as usize];
    for k in 0..rules.cells {
        if let Some(card) = p.cell(k) {
            cells[usize::from(k)] = card.index() + 1;
        }
    }
    cells.sort_unstable();
    let mut key = Vec::with_capacity(52 + usize::from(COLUMNS) + cells.len());
    for c in order {
        key.extend(p.column_slice(c).iter().flatten().map(|c| c.index() + 1));
        key.push(0);
    }
    key.extend(cells.iter().filter(|&&b| b != u8::MAX));
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

/// Every legal move worth trying: of the moves to an empty free cell, only to the first; of
/// the moves to an empty column, only to the first, and never a whole column (both reach the
/// same key as the moves left out).
fn worth_trying(p: &Position, rules: &Rules) -> Vec<Move> {
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
    all
}

/// The moves worth trying, most promising first: by how near the position each leads to looks
/// to a win ([`distance`]). The order changes only how soon a win is found.
pub fn ordered_moves(p: &Position, rules: &Rules) -> Vec<Move> {
    let mut scored: Vec<(u32, Move)> = worth_trying(p, rules)
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
/// next card to go home, the free cells taken, less the room for moving runs, and the cards
/// lying on one they do not build on. Tried against other weights on deals 1-2000: these take
/// the least time in all.
fn distance(p: &Position, rules: &Rules) -> u32 {
    let home: u32 = (0..4).map(|f| u32::from(p.home(f))).sum();
    let (mut buried, mut unordered) = (0, 0);
    for c in 0..COLUMNS {
        let cards = p.column_slice(c);
        for (i, card) in cards.iter().flatten().enumerate() {
            if card.rank() == p.home(card.suit() as u8) + 1 {
                buried += (cards.len() - 1 - i) as u32;
            }
        }
        for pair in cards.windows(2) {
            if let [Some(on), Some(card)] = pair
                && !builds_on(rules, *card, *on)
            {
                unordered += 1;
            }
        }
    }
    let taken = u32::from(rules.cells) - p.free_cells(rules) as u32;
    let room = p.room(rules, false) as u32;
    (52 - home) * 4 + buried * 2 + taken * 2 + 16u32.saturating_sub(room.min(16)) * 2 + unordered
}
