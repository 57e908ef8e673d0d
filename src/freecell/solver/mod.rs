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
//! - **Safe moves home are played without trying anything else** ([`safe`]). Where a card home
//!   stays home, a card on the table is of use only as the card something is built on: a card
//!   of the rank below, of the other colour (of its own suit, in Baker's Game). Once both of
//!   those are home (in Baker's Game, once the one of its suit is: always, for it has to be
//!   home first), nothing can ever be built on the card again, and home it frees its place: a
//!   card from a free cell or the top of a column that goes home then leaves every win open.
//!   Where cards come back from the foundations, that is not enough: a card of the rank below
//!   may come back to be built on it (and a card of the rank below that on it), and home, the
//!   card covers the one under it. There a card goes home at once only when every card of a
//!   lower rank is home. Then, given a win from the position before, play the same line with
//!   the card and every lower card kept home and their moves left out: no card is ever built
//!   on a card kept home (only lower ones could be); a run that moves loses only such cards
//!   from its top; a free cell or column that the line fills is as free; a card the line takes
//!   from a foundation or sends home is higher than every card kept home, so it lies on top
//!   there or goes on them. The line wins. (Aces always go: nothing is lower.)
//! - **Every other legal move is tried**, runs of every length that fits: moving runs as one
//!   reaches exactly the positions that moving their cards one at a time through the free
//!   cells and empty columns reaches, no more and no fewer.
//!
//! Each of these is checked against a search with none of them (`tests`).
//!
//! **Passes taking turns.** No one order of search finds every win soon: each meets deals
//! where it sinks into a hopeless corner for millions of positions while another finds a win
//! in a few hundred. So several passes take turns of [`TURN`] positions (the first, alone, a
//! longer [`PRELUDE`]) until one finds a win, as Freecell Solver's presets run many scans:
//! - depth first (`depth`), the moves most promising first by [`distance::PASSES`]' weights,
//!   some with the order of near-equal moves shuffled by a fixed seed;
//! - best first (`best`), always the position met so far that looks nearest a win.
//!
//! Every pass prunes alike, so a win any finds is a win, with a line the rules replay. Each
//! depth-first pass searches every position in the end, so the first that has searched all says
//! "lost" (best first just stops).

use super::moves::{COLUMNS, Move, Place};
use super::position::{Position, builds_on};
use super::ruleset::{Build, Rules};
use crate::cards::Card;
use crate::patience::hash::Fx;
use best::BestFirst;
use depth::DepthFirst;
pub use distance::ordered_moves;
use distance::{PASSES, Pass as Kind};
use std::collections::HashSet;

mod best;
mod depth;
mod distance;
#[cfg(test)]
pub(crate) mod tests;
#[cfg(test)]
mod verdict_tests;

/// The solver's answer, in FreeCell's moves.
pub type Verdict = crate::patience::Verdict<Move>;

/// Positions searched before the solver says "unknown" (the command line's).
pub const BUDGET: usize = 4_000_000;

/// Positions each pass searches in its turn.
pub const TURN: usize = 256;

/// Positions the first depth-first pass searches before the others start: most deals are won
/// within it, with no time spent on the other passes.
pub const PRELUDE: usize = 1000;

/// Keeps its sets of positions between searches (cleared for each).
pub struct Solver {
    sets: Vec<HashSet<Key, Fx>>,
    /// Positions searched by the last search.
    pub searched: usize,
    /// Safe moves home are played at once (off only to test that they lose nothing).
    pub safe_home: bool,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

/// One pass of the search, taking its turns.
enum Pass {
    Depth(DepthFirst),
    Best(BestFirst),
}

impl Solver {
    pub fn new() -> Solver {
        Solver {
            sets: Vec::new(),
            searched: 0,
            safe_home: true,
        }
    }

    /// Decides a position: a winning line, lost, or unknown past `budget` positions, the
    /// passes taking turns (see the module comment). Memory: a depth-first pass keeps some 70
    /// bytes a position, best first some 170 for each it meets, so a budget of 4,000,000
    /// positions may take 1.5 GB at worst.
    ///
    /// Where cards come back from the foundations, the game where they stay home is searched
    /// first, within half the budget: its moves are all legal here, so a win there is a win
    /// here (the line is replayed under these rules all the same), and nearly every deal is won
    /// without taking a card back, in far fewer positions than with every card home always at
    /// hand. Only the search under these rules says "lost".
    pub fn solve(&mut self, position: &Position, rules: &Rules, budget: usize) -> Verdict {
        if rules.foundation_back {
            let stays = Rules {
                foundation_back: false,
                ..*rules
            };
            let first = self.search(position, &stays, budget / 2, rules);
            if first.is_winnable() {
                return first;
            }
            let spent = self.searched;
            let mut verdict = self.search(position, rules, budget - spent, rules);
            self.searched += spent;
            if let Verdict::Unknown { why } = &mut verdict
                && self.searched >= budget
            {
                *why = format!("not decided within {budget} positions");
            }
            return verdict;
        }
        self.search(position, rules, budget, rules)
    }

    /// Bytes its sets of positions hold, kept for the next search (each slot a key and its
    /// control byte).
    pub fn bytes(&self) -> usize {
        let slot = std::mem::size_of::<Key>() + 1;
        self.sets.iter().map(|s| s.capacity() * slot).sum()
    }

    /// The search under `rules`, its line replayed under `replay` (the same rules, or looser).
    fn search(
        &mut self,
        position: &Position,
        rules: &Rules,
        budget: usize,
        replay: &Rules,
    ) -> Verdict {
        self.searched = 0;
        let safe = self.safe_home;
        let mut passes: Vec<Option<Pass>> = PASSES
            .iter()
            .enumerate()
            .map(|(seed, kind)| {
                Some(match *kind {
                    Kind::Depth(w) => {
                        let seen = self.sets.pop().unwrap_or_default();
                        Pass::Depth(DepthFirst::new(*position, seen, w, seed as u64))
                    }
                    Kind::Best(w) => Pass::Best(BestFirst::new(position, rules, safe, w)),
                })
            })
            .collect();
        let mut turn = PRELUDE;
        let found = 'search: loop {
            for slot in passes.iter_mut() {
                if self.searched >= budget {
                    break 'search None;
                }
                let quota = turn.min(budget - self.searched);
                let step = match slot {
                    Some(Pass::Depth(d)) => d.run(rules, safe, quota, &mut self.searched),
                    Some(Pass::Best(b)) => b.run(rules, safe, quota, &mut self.searched),
                    None => continue,
                };
                turn = TURN;
                match (step, &slot) {
                    (Step::Won(line), _) => break 'search Some(Some(line)),
                    (Step::Lost, Some(Pass::Depth(_))) => break 'search Some(None),
                    // Best first only stops: the depth-first passes say "lost".
                    (Step::Lost, _) => *slot = None,
                    (Step::Going, _) => {}
                }
            }
        };
        for pass in passes.into_iter().flatten() {
            if let Pass::Depth(d) = pass {
                self.sets.push(d.into_seen());
            }
        }
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
                if line.iter().all(|&m| check.apply(replay, m).is_ok()) && check.is_won() {
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
        while let Some(m) = safe_home(p, rules) {
            p.play_generated(rules, m);
            line.push(m);
        }
    }
}

impl Position {
    /// Plays a move the search generated, so legal: checked in debug builds only (every
    /// generated move passed the rules' check in `legal_moves`, and a winning line is replayed
    /// through the rules before it is given).
    fn play_generated(&mut self, rules: &Rules, m: Move) {
        debug_assert!(self.check(rules, m).is_ok(), "{m} was generated as legal");
        self.play_legal(m);
    }
}

/// Bytes of a [`key`]: the cards on the table (52 at most, those in the cells among them), one
/// end mark a column.
const KEY: usize = 52 + COLUMNS as usize;

/// A position's exact key (see [`key`]), on the stack: no allocation per position.
type Key = [u8; KEY];

/// The exact key of a position up to the order of its columns and of its cells: each column's
/// cards bottom first (card index + 1) and a 0, the columns by their bottom cards, then the cells' cards
/// sorted, then 0s. The cards home are the ones missing, so they need no place in it.
fn key(p: &Position, rules: &Rules) -> Key {
    // Columns in the order of their bottom cards (a card lies in one place only, so no two
    // columns tie but empty ones, which are alike).
    let mut order: [u8; COLUMNS as usize] = std::array::from_fn(|c| c as u8);
    order.sort_unstable_by_key(|&c| p.column_slice(c).first().copied().flatten());
    let mut cells = [u8::MAX; crate::freecell::ruleset::MAX_CELLS as usize];
    for k in 0..rules.cells {
        if let Some(card) = p.cell(k) {
            cells[usize::from(k)] = card.index() + 1;
        }
    }
    cells.sort_unstable();
    let mut key = [0u8; KEY];
    let mut i = 0;
    for c in order {
        for card in p.column_slice(c).iter().flatten() {
            key[i] = card.index() + 1;
            i += 1;
        }
        i += 1;
    }
    for b in cells.into_iter().filter(|&b| b != u8::MAX) {
        key[i] = b;
        i += 1;
    }
    key
}

/// A move home that can never cost a win (see the module comment), if there is one. The
/// table's auto-play uses it too: it never sends home a card a win still needs.
pub fn safe_home(p: &Position, rules: &Rules) -> Option<Move> {
    let sources = (0..rules.cells)
        .map(Place::Cell)
        .chain((0..COLUMNS).map(Place::Column));
    sources.into_iter().find_map(|from| {
        let card = match from {
            Place::Cell(k) => p.cell(k)?,
            Place::Column(c) => p.column_card(c, 0)?,
            Place::Foundation(_) => return None,
        };
        let f = card.suit() as u8;
        let m = Move::one(from, Place::Foundation(f));
        let next = card.rank() == p.home(f) + 1;
        (next && safe(p, rules, card)).then(|| {
            debug_assert!(p.check(rules, m).is_ok());
            m
        })
    })
}

/// Sending `card` home (it is the next of its suit) can never cost a win: nothing could be
/// built on it that is not home for good (the module comment has the argument).
fn safe(p: &Position, rules: &Rules, card: Card) -> bool {
    if card.rank() == 1 {
        return true;
    }
    let below = card.rank() - 1;
    if rules.foundation_back {
        // A lower card may come back and be built on it: safe only once every lower card is
        // home, so that the line keeping them all home wins as well.
        return (0..4u8).all(|f| p.home(f) >= below);
    }
    if card.rank() == 2 || rules.build == Build::Suit {
        return true;
    }
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
