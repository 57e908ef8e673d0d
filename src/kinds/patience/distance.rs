//! How far a position looks from a win, from the kinds alone: cards not home, cards lying on
//! the cards the foundations want next, cells taken, cards lying on cards they do not build on,
//! cards face down, and the room a run has to move. The guided search (`solver.rs`) tries the
//! moves whose positions look nearest first. Weights as FreeCell's own solver's plain pass
//! (`freecell/solver/distance.rs`), its terms read from the kinds instead of FreeCell's piles;
//! the order changes only how soon a win is found, never whether.

use crate::kinds::compiled::Compiled;
use crate::kinds::file::{Dir, Kind, Moves};
use crate::kinds::moves;
use crate::kinds::position::{DOWN, Position};
use crate::kinds::takes::{empties, follows, rank, run_limit, suit};

/// A file's piles as the distance sees them, worked out once.
pub struct Guide {
    /// For each pile, the cards that build on each card there by its rule (a bit a card);
    /// empty for piles that are not the table's.
    on: Vec<[u64; 52]>,
    /// A pile whose runs move through cells and empty piles, if any.
    super_pile: Option<u8>,
}

impl Guide {
    pub fn new(rules: &Compiled) -> Guide {
        let on = rules
            .piles
            .iter()
            .map(|pile| {
                let mut on = [0u64; 52];
                if pile.kind == Kind::Tableau {
                    for (lower, bits) in on.iter_mut().enumerate() {
                        for upper in 0..52u8 {
                            let builds = match pile.dir {
                                Dir::Either => {
                                    follows(pile, Dir::Up, lower as u8, upper)
                                        || follows(pile, Dir::Down, lower as u8, upper)
                                }
                                d => follows(pile, d, lower as u8, upper),
                            };
                            *bits |= u64::from(builds) << upper;
                        }
                    }
                }
                on
            })
            .collect();
        let super_pile = rules
            .piles
            .iter()
            .position(|pile| pile.moves == Moves::SuperMove)
            .map(|i| i as u8);
        Guide { on, super_pile }
    }

    /// Runs move as far as cells and empty piles allow (FreeCell's): there the short
    /// searches are guided (`order::Order::Guided`), as FreeCell's own solver's passes are.
    pub fn runs_through_cells(&self) -> bool {
        self.super_pile.is_some()
    }
}

/// The cards each suit's foundations want next, as bits by rank (a discard wants none).
pub(super) fn wanted(rules: &Compiled, p: &Position) -> [u16; 4] {
    let mut wanted = [0u16; 4];
    for (h, pile) in rules.piles.iter().enumerate() {
        if pile.kind != Kind::Foundation {
            continue;
        }
        let h = h as u8;
        let ranks = moves::wanted_ranks(rules, p, h, p.top(h));
        match pile.suit {
            Some(s) => wanted[s as usize] |= ranks,
            None => wanted.iter_mut().for_each(|w| *w |= ranks),
        }
    }
    wanted
}

/// The distance of `p`: the lower, the nearer a win it looks.
pub(super) fn distance(rules: &Compiled, guide: &Guide, p: &Position) -> u32 {
    let wanted = wanted(rules, p);
    (0..rules.piles.len() as u8)
        .map(|i| pile_terms(rules, guide, p, i, &wanted))
        .sum::<u32>()
        + global_terms(rules, guide, p)
}

/// One pile's share of the distance: its cards not home, those lying on wanted cards, a cell
/// taken, cards on cards they do not build on, cards face down.
pub(super) fn pile_terms(
    rules: &Compiled,
    guide: &Guide,
    p: &Position,
    i: u8,
    wanted: &[u16; 4],
) -> u32 {
    let pile = &rules.piles[usize::from(i)];
    if pile.kind.is_home() {
        return 0;
    }
    let cards = p.pile(i);
    let out = cards.len() as u32;
    if pile.kind == Kind::Stock {
        return 4 * out;
    }
    let taken = u32::from(pile.kind == Kind::Cell && !cards.is_empty());
    let (mut buried, mut unordered, mut down) = (0u32, 0u32, 0u32);
    let on = &guide.on[usize::from(i)];
    let mut below = DOWN;
    for (j, &b) in cards.iter().enumerate() {
        if b & DOWN != 0 {
            down += 1;
            below = DOWN;
            continue;
        }
        if wanted[usize::from(suit(b))] & (1 << rank(b)) != 0 {
            buried += (cards.len() - 1 - j) as u32;
        }
        if below & DOWN == 0 && pile.kind == Kind::Tableau {
            unordered += u32::from(on[usize::from(below)] >> b & 1 == 0);
        }
        below = b;
    }
    4 * out + 2 * buried + 2 * taken + unordered + down
}

/// The room a run has to move, where runs move through cells and empty piles.
pub(super) fn global_terms(rules: &Compiled, guide: &Guide, p: &Position) -> u32 {
    match guide.super_pile {
        Some(i) => {
            let room = run_limit(empties(rules, p), &rules.piles[usize::from(i)], false);
            2 * 16u32.saturating_sub(room.min(16) as u32)
        }
        None => 0,
    }
}
