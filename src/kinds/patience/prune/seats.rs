//! Rule 10's room on the parents (`relax.rs`): Klondike's own solver's seated children
//! (`klondike/solver/relax.rs`), read from the kinds' parameters.
//!
//! A card is *seated* when it lies, face up, on a face-up card it could be laid on (one of its
//! parents, rule 9's `parents` for its pile's group), in a pile of a group whose cards only
//! ever move to piles of that group or home, and no pile would take it when empty. Then it
//! leaves its *level* (its parents) only to go home: every other move lays it on a parent
//! again, and no cell takes cards where rule 10 applies. Its *seat* is the card it lies on
//! now; it is *waiting* while a lower card of its suit is not out (so it is not home).
//!
//! Two things follow, each at the moment `T` the real game makes a move, the looser game's
//! cards out being at least those the real game has taken off their piles by then (`relax.rs`).
//! A *holder* is a card out (not one home for good) or on top of its pile: a card the real
//! game lays another on is one (every card above it has left its pile), and a seated card
//! that has moved lies on one (its parent then was on top); a seated card that has not moved
//! lies on its seat.
//!
//! - *Room.* A card `t` goes onto a parent `P` at `T`. Each waiting seated card `g` other
//!   than `t` whose level lies within `t`'s lies on a parent of `t`'s, each on its own, none
//!   on `P` (on top). Those whose seat is a holder lie on holders (on the seat, or moved onto
//!   a holder). So `t`'s parents hold one holder more than those seats: a parent of `t`'s
//!   among the holders that is not the seat of a waiting seated card whose level lies within
//!   `t`'s (the others' seats are not holders). Klondike's words: "its twin then comes out
//!   onto that level only if both parents are out or on top of a column".
//! - *Pins.* A card `c` goes home at `T`: it is on top, so each waiting seated card `g` whose
//!   level holds `c` lies on another parent of its level, each on its own: on its seat (not
//!   moved, the seat not `c`) or on a holder (moved). Where some such `g` has no such place,
//!   or they are more than the places they have between them, `c` never goes home: it is
//!   *pinned*, and so is every higher card of its suit (they go home after it).
//!
//! Both conditions only loosen as cards come out (more holders, fewer waiting), so the looser
//! game's best play is as before, and a card it never brings out never leaves its pile.

use super::stacks::Stacks;
use super::{Mutant, Prune};
use crate::kinds::compiled::Compiled;
use crate::kinds::position::{DOWN, Position};

/// The seated cards of one position.
pub(super) struct Seats {
    /// The seated cards, a bit a card.
    pub(super) seated: u64,
    /// Each seated card's seat (a bit).
    seat: [u64; 52],
    /// Each seated card's level: its parents.
    level: [u64; 52],
    /// The cards some seated card's level holds: only they can be pinned.
    pub(super) held: u64,
}

impl Seats {
    /// The cards of `p` seated on a parent (none where no group keeps its cards).
    pub(super) fn new(prune: &Prune, s: &Stacks, rules: &Compiled, p: &Position) -> Seats {
        let mut seats = Seats {
            seated: 0,
            seat: [0; 52],
            level: [0; 52],
            held: 0,
        };
        for (i, pile) in rules.piles.iter().enumerate() {
            let group = usize::from(pile.group);
            // The talon's cards leave by turns of the stock, not only home or to a parent.
            let talon = rules.stock == Some(i as u8) || rules.waste == Some(i as u8);
            if pile.kind.is_home() || talon || s.kept & (1 << group) == 0 {
                continue;
            }
            let cards = p.pile(i as u8);
            for w in cards.windows(2) {
                let (under, c) = (w[0], w[1]);
                let (u, k) = (usize::from(under & !DOWN), usize::from(c & !DOWN));
                let room_for_spaces = s.spaces[group][k] != 0
                    && prune.mutant != Some(Mutant::LooserSeatsIgnoreSpaces);
                if (under | c) & DOWN != 0 || s.parents[group][k] & 1 << u == 0 || room_for_spaces {
                    continue;
                }
                seats.seated |= 1 << k;
                seats.seat[k] = 1 << u;
                seats.level[k] = s.parents[group][k];
                seats.held |= s.parents[group][k];
            }
        }
        seats
    }

    /// Of `parents` (a card's, `c`'s), those with room for it: holders not the seat of a
    /// waiting seated card, other than `c`, whose level lies within them.
    pub(super) fn room(&self, c: usize, parents: u64, holders: u64, waiting: u64) -> u64 {
        let mut free = parents & holders;
        let mut rivals = waiting & !(1 << c);
        while rivals != 0 && free != 0 {
            let g = rivals.trailing_zeros() as usize;
            rivals &= rivals - 1;
            if self.level[g] & !parents == 0 {
                free &= !self.seat[g];
            }
        }
        free
    }

    /// `c` can never go home while the waiting seated cards whose level holds it have no
    /// places of their own to lie on but it.
    pub(super) fn pinned(&self, c: usize, holders: u64, waiting: u64, mutant: bool) -> bool {
        let bit = 1u64 << c;
        let (mut places, mut count) = (0u64, 0u32);
        let mut kids = waiting;
        while kids != 0 {
            let g = kids.trailing_zeros() as usize;
            kids &= kids - 1;
            if self.level[g] & bit == 0 {
                continue;
            }
            let moved_to = if mutant { 0 } else { self.level[g] & holders };
            let own = (moved_to | self.seat[g]) & !bit;
            if own == 0 {
                return true;
            }
            places |= own;
            count += 1;
        }
        count > places.count_ones()
    }
}
