//! How near a win a position looks, in the weights of each pass of the search, and the moves
//! in that order. The order changes only how soon a win is found, never whether: every pass
//! tries every move worth trying.
//!
//! The passes and their weights were chosen by measurement on deals 1-4000, one thread: with
//! one depth-first and one best-first pass, 2% of the deals took over half the time; each pass
//! added below took some of those from seconds to milliseconds (docs/performance.md).

use super::{Position, worth_trying};
use crate::cards::Card;
use crate::freecell::moves::{COLUMNS, Move, Place};
use crate::freecell::position::builds_on;
use crate::freecell::ruleset::Rules;
use crate::patience::hash::Fx;
use std::hash::BuildHasher;

/// The weights of [`distance`]'s terms.
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    /// Each card not home.
    out: u32,
    /// Each card lying on a suit's next card to go home.
    buried: u32,
    /// Each free cell taken.
    taken: u32,
    /// Each card fewer than 16 that a run could move as one.
    cramped: u32,
    /// Each card lying on a card it does not build on.
    unordered: u32,
    /// Each card lying above a lower card of its suit (`by_any`: of any suit), which must
    /// move off before that one goes home.
    blocking: u32,
    by_any: bool,
    /// Depth first: near-equal moves (within this much) taken in an order shuffled by the
    /// pass's seed. Best first: of positions alike, the one met last first (any nonzero).
    spread: u32,
}

const PLAIN: Weights = Weights {
    out: 4,
    buried: 2,
    taken: 2,
    cramped: 2,
    unordered: 1,
    blocking: 0,
    by_any: false,
    spread: 0,
};

/// How one pass searches.
#[derive(Clone, Copy, Debug)]
pub enum Pass {
    Depth(Weights),
    Best(Weights),
}

/// The passes, in the order they take turns. The first (depth first, the plain weights) has
/// the prelude: most deals are won within it.
pub const PASSES: [Pass; 6] = [
    Pass::Depth(PLAIN),
    Pass::Depth(Weights {
        blocking: 2,
        spread: 2,
        ..PLAIN
    }),
    Pass::Depth(Weights { spread: 5, ..PLAIN }),
    Pass::Depth(Weights {
        blocking: 3,
        by_any: true,
        spread: 4,
        ..PLAIN
    }),
    Pass::Best(PLAIN),
    Pass::Best(Weights {
        blocking: 3,
        by_any: true,
        spread: 1,
        ..PLAIN
    }),
];

impl Weights {
    /// Best first: of positions alike, the one met last first.
    pub fn newest_first(&self) -> bool {
        self.spread > 0
    }
}

/// The moves worth trying, most promising first, by the plain weights: the table's hint.
pub fn ordered_moves(p: &Position, rules: &Rules) -> Vec<Move> {
    ordered_moves_with(p, rules, &PLAIN, 0)
}

/// The moves worth trying, most promising first: by how near a win the position each leads to
/// looks, near-equal ones shuffled by `seed` if the weights spread them.
pub fn ordered_moves_with(p: &Position, rules: &Rules, w: &Weights, seed: u64) -> Vec<Move> {
    // A move between the table's places changes two columns at most and leaves the cards home
    // as they are: the other columns' terms are the ones here.
    let next = next_home(p);
    let terms: [u32; COLUMNS as usize] =
        std::array::from_fn(|c| column_terms(p.column_slice(c as u8), &next, rules, w));
    let all: u32 = terms.iter().sum();
    let mut scored: Vec<(u32, Move)> = worth_trying(p, rules)
        .into_iter()
        .map(|m| {
            let mut after = *p;
            after.play_generated(rules, m);
            let mut d = match (m.from, m.to) {
                (Place::Foundation(_), _) | (_, Place::Foundation(_)) => distance(&after, rules, w),
                _ => {
                    let mut sum = all;
                    for place in [m.from, m.to] {
                        if let Place::Column(c) = place {
                            sum = sum - terms[usize::from(c)]
                                + column_terms(after.column_slice(c), &next, rules, w);
                        }
                    }
                    sum + global_terms(&after, rules, w)
                }
            };
            if w.spread > 0 {
                let h = Fx::default().hash_one((seed, d, m.from, m.to, m.count));
                d += (h % u64::from(w.spread + 1)) as u32;
            }
            (d, m)
        })
        .collect();
    scored.sort_by_key(|&(d, _)| d);
    scored.into_iter().map(|(_, m)| m).collect()
}

/// How far a position looks from a win, by the weights' terms.
pub fn distance(p: &Position, rules: &Rules, w: &Weights) -> u32 {
    let next = next_home(p);
    let columns: u32 = (0..COLUMNS)
        .map(|c| column_terms(p.column_slice(c), &next, rules, w))
        .sum();
    columns + global_terms(p, rules, w)
}

/// Each suit's next card to go home, as a card index (none once the suit is home).
fn next_home(p: &Position) -> [u8; 4] {
    std::array::from_fn(|f| match p.home(f as u8) {
        13 => u8::MAX,
        n => f as u8 * 13 + n,
    })
}

/// The terms of the whole position: cards not home, free cells taken, room.
fn global_terms(p: &Position, rules: &Rules, w: &Weights) -> u32 {
    let home: u32 = (0..4).map(|f| u32::from(p.home(f))).sum();
    let taken = u32::from(rules.cells) - p.free_cells(rules) as u32;
    let room = p.room(rules, false) as u32;
    (52 - home) * w.out + taken * w.taken + 16u32.saturating_sub(room.min(16)) * w.cramped
}

/// The terms of one column: cards on a next card home, out of order, blocking.
fn column_terms(cards: &[Option<Card>], next: &[u8; 4], rules: &Rules, w: &Weights) -> u32 {
    let (mut buried, mut unordered, mut blocking) = (0, 0, 0);
    // The lowest rank of each suit, and of any, met so far going up the column.
    let mut lowest = [14u8; 4];
    let mut lowest_any = 14u8;
    for (i, card) in cards.iter().flatten().enumerate() {
        let s = card.suit() as usize;
        if next[s] == card.index() {
            buried += (cards.len() - 1 - i) as u32;
        }
        if w.blocking > 0 && (lowest[s] < card.rank() || (w.by_any && lowest_any < card.rank())) {
            blocking += 1;
        }
        lowest[s] = lowest[s].min(card.rank());
        lowest_any = lowest_any.min(card.rank());
    }
    for pair in cards.windows(2) {
        if let [Some(on), Some(card)] = pair
            && !builds_on(rules, *card, *on)
        {
            unordered += 1;
        }
    }
    buried * w.buried + unordered * w.unordered + blocking * w.blocking
}
