//! Rule 7 and the search's order where a line closes onto matches (Accordion's): a line split
//! into sets with no match between them is lost (the argument is rule 7's, in `prune`), its
//! moves covering the card with the fewest matches first, and many short searches.

use super::{Mutant, Prune};
use crate::kinds::Step;
use crate::kinds::compiled::{Compiled, MAX_CARDS};
use crate::kinds::file::Takes;
use crate::kinds::position::{DOWN, Position};
use crate::kinds::takes::{rank, suit};

/// The unit of the short searches in shuffled orders (the solver's tactics), in positions a
/// card of the pack: a win needs about a move a card, so four positions a card.
pub const LUBY_UNIT: usize = 4;

impl Prune {
    /// The order of a line's moves where rule 7 holds (a smaller number first): the move
    /// covering the card with the fewest matches left in the line first. A card that loses
    /// its last match ends the game (rule 7), so the cards closest to it go first, while
    /// they still can; measured on Accordion's deals 1001-2000, this order needs half the
    /// positions of the line's own order (left to right).
    pub fn line_hint(&self, rules: &Compiled, p: &Position) -> Option<impl Fn(&Step) -> u8> {
        if !self.line_closes {
            return None;
        }
        let (first, count) = rules.named.line?;
        let (mut suits, mut ranks) = ([0u8; 4], [0u8; 14]);
        let mut tops = [0u8; MAX_CARDS];
        let n = p.line_tops(first, count, &mut tops);
        for &b in &tops[..n] {
            suits[usize::from(suit(b & !DOWN))] += 1;
            ranks[usize::from(rank(b & !DOWN))] += 1;
        }
        Some(move |m: &Step| {
            let at = usize::from(m.to.wrapping_sub(first));
            let Some(&covered) = tops[..n].get(at) else {
                return 0;
            };
            let covered = covered & !DOWN;
            // The card itself counted once in its suit and once in its rank.
            suits[usize::from(suit(covered))] + ranks[usize::from(rank(covered))] - 2
        })
    }

    /// Where short searches for a win go first in a growing (Luby) sequence of many, each
    /// this many positions and more: a line that closes to one card, whose deals are
    /// nearly all won, each after a search whose length varies much with the order of its
    /// first moves (Accordion's deals 1001-1400: 3,935 positions a deal against 13,817
    /// with three searches of an eighth of the budget), of [`LUBY_UNIT`].
    pub fn restart_unit(&self, rules: &Compiled) -> Option<usize> {
        (self.switches.restarts && rules.named.line.is_some()).then_some(LUBY_UNIT * rules.cards)
    }

    /// Rule 7: the position can never be won: the cards of a line that moves onto matches
    /// fall into two sets with no card of one matching a card of the other.
    pub(super) fn line_dead(&self, rules: &Compiled, p: &Position) -> bool {
        let named = &rules.named;
        if !self.switches.dead_ends || !self.line_closes {
            return false;
        }
        let Some((first, count)) = named.line else {
            return false;
        };
        let mut tops = [0u8; MAX_CARDS];
        let n = p.line_tops(first, count, &mut tops);
        // Every card of the pack is in the line or the discard: none can come into it.
        if n + named.discard.map_or(0, |d| p.len(d)) != rules.cards {
            return false;
        }
        let tops = &mut tops[..n];
        for b in tops.iter_mut() {
            *b &= !DOWN;
        }
        if n < 2 {
            return false;
        }
        if self.mutant == Some(Mutant::LonelyLeftOnly) {
            // The mutant: a card with no match to its left (the first card aside) is stuck.
            return tops.iter().enumerate().skip(1).any(|(i, &a)| {
                !tops[..i]
                    .iter()
                    .any(|&b| suit(a) == suit(b) || rank(a) == rank(b))
            });
        }
        line_apart(tops, self.mutant == Some(Mutant::ApartOneStep))
    }
}

/// Rule 7's conditions: cards of a line go onto matches to their left, and by no other move
/// (no pairs, no cards out between matches, no swaps, the line's piles giving nothing by
/// their own moves); the win leaves one card.
pub(super) fn line_closes(rules: &Compiled) -> bool {
    let named = &rules.named;
    let Some((first, count)) = named.line else {
        return false;
    };
    let line = first..first + count;
    named.onto_left != 0
        && named.left <= 1
        && !named.out_between
        && named.swaps == 0
        && line.clone().all(|q| named.pairs & (1 << q) == 0)
        && line
            .into_iter()
            .all(|q| rules.piles[usize::from(q)].takes == Takes::Nothing)
}

/// The cards fall into two sets or more with no card of one matching (by suit or rank) a
/// card of another. The cards of a suit all match, so the sets are those of the suits
/// present, two suits joined where they share a rank.
fn line_apart(cards: &[u8], one_step: bool) -> bool {
    let mut ranks = [0u16; 4];
    for &c in cards {
        ranks[usize::from(suit(c))] |= 1 << rank(c);
    }
    let mut reached = 1u8 << suit(cards[0]);
    loop {
        // The ranks of the suits reached; then every suit holding one of them.
        let seen = (0..4)
            .filter(|s| reached & 1 << s != 0)
            .fold(0u16, |seen, s| seen | ranks[s]);
        let more = (0..4)
            .filter(|&s| ranks[s] & seen != 0)
            .fold(reached, |r, s| r | 1 << s);
        if more == reached || one_step {
            reached = more;
            break;
        }
        reached = more;
    }
    (0..4).any(|s| ranks[s] != 0 && reached & 1 << s == 0)
}

#[cfg(test)]
mod tests {
    use super::line_apart;

    /// Card bytes: suits ♣ ♠ ♥ ♦ (0-3), ranks Ace (1) to King (13).
    fn cards(of: &[(u8, u8)]) -> Vec<u8> {
        of.iter()
            .map(|&(suit, rank)| suit * 13 + rank - 1)
            .collect()
    }

    #[test]
    fn a_line_is_apart_where_no_match_joins_its_sets() {
        // One suit; two suits sharing a rank; a lone card of its own suit and rank.
        assert!(!line_apart(&cards(&[(0, 1), (0, 5), (0, 9)]), false));
        assert!(!line_apart(&cards(&[(0, 1), (2, 1), (2, 7)]), false));
        assert!(line_apart(&cards(&[(0, 1), (0, 2), (3, 7)]), false));
        // Clubs and diamonds share no rank, but each shares one with hearts: joined through
        // them, which a single step from the first card's suit does not see.
        let through = cards(&[(0, 1), (2, 1), (2, 9), (3, 9)]);
        assert!(!line_apart(&through, false));
        assert!(line_apart(&through, true));
        // Two sets of two suits each.
        assert!(line_apart(&cards(&[(0, 1), (1, 1), (2, 5), (3, 5)]), false));
    }
}
