//! The player's rule of thumb for Zodiac, read off the table with no look-ahead: which piles
//! will come apart in phase 2. The rules' hint and the click's choice of place stand on it, and
//! so does the simple player that rates a deal's difficulty (`patience::difficulty`).
//!
//! In phase 2 a pile falling towards its top (9 8 7) goes home card by card only to a
//! foundation built up, and one rising (7 8 9) only to one built down. So a card laid on a pile
//! should keep it running one way (a 7 on an 8 laid on a 7 turns it back), a way some
//! foundation of its suit is built, with no rank in more piles running one way than that suit
//! has foundations built that way to take them. In phase 2 a card goes to the foundation its
//! pile runs towards, and a card on its own leaves a rank alone that such a pile still needs.

use super::*;

/// The piles' runs, counted once for a position: which way each pile of two cards or more runs,
/// and how many piles running each way hold each rank of each suit.
pub(super) struct Runs {
    /// Per pile: Some(true) falling towards the top, Some(false) rising, None under two cards.
    falls: [Option<bool>; 24],
    /// [suit][falls][rank]: piles running that way that hold that rank.
    holding: [[[u8; 14]; 2]; 4],
    /// [suit][falls]: the suit's foundations built the way that takes such piles.
    takers: [[u8; 2]; 4],
}

/// Whether a pile (bottom to top) of two cards or more falls towards its top.
fn falls(pile: &[Card]) -> Option<bool> {
    match pile {
        [.., under, top] => Some(top.rank() < under.rank()),
        _ => None,
    }
}

/// Which foundations take a pile running that way: falling piles go to those built up.
fn taken_by(falling: bool) -> Direction {
    if falling {
        Direction::Up
    } else {
        Direction::Down
    }
}

impl Runs {
    pub(super) fn of(position: &Position, rules: &Rules) -> Runs {
        let mut runs = Runs {
            falls: [None; 24],
            holding: [[[0; 14]; 2]; 4],
            takers: [[0; 2]; 4],
        };
        for (f, &way) in rules.foundations.iter().enumerate() {
            runs.takers[f % 4][usize::from(way == Direction::Up)] += 1;
        }
        for z in 0..24u8 {
            let pile = position.zodiac(z);
            let Some(way) = falls(pile) else { continue };
            runs.falls[usize::from(z)] = Some(way);
            let suit = pile[0].suit() as usize;
            let mut seen = 0u16;
            for c in pile {
                if seen & 1 << c.rank() == 0 {
                    seen |= 1 << c.rank();
                    runs.holding[suit][usize::from(way)][usize::from(c.rank())] += 1;
                }
            }
        }
        runs
    }

    /// Whether `card` laid on pile `z` keeps the pile one that comes apart (false for a pile
    /// of another suit).
    pub(super) fn keeps(&self, position: &Position, z: u8, card: Card) -> bool {
        let pile = position.zodiac(z);
        let Some(&top) = pile.last() else {
            return true;
        };
        if top.suit() != card.suit() {
            return false;
        }
        let way = card.rank() < top.rank();
        let own = self.falls[usize::from(z)];
        if own.is_some_and(|w| w != way) {
            return false;
        }
        let suit = card.suit() as usize;
        let takers = self.takers[suit][usize::from(way)];
        // The ranks the pile brings to that way: the card's, and the top's when the card is
        // what first gives the pile a way.
        let ranks = [Some(card.rank()), own.is_none().then(|| top.rank())];
        ranks.into_iter().flatten().all(|r| {
            let others = self.holding[suit][usize::from(way)][usize::from(r)]
                - u8::from(own.is_some() && pile.iter().any(|c| c.rank() == r));
            others < takers
        })
    }

    /// How well a move home fits the piles ([`Runs::home_fit`]); None for any other move.
    pub(super) fn move_fit(&self, position: &Position, rules: &Rules, m: Move) -> Option<u8> {
        match m {
            Move::ZodiacToFoundation(z, f) => {
                Some(self.home_fit(position, rules, Place::Zodiac(z), f))
            }
            Move::EquatorToFoundation(e, f) => {
                Some(self.home_fit(position, rules, Place::Equator(e), f))
            }
            _ => None,
        }
    }

    /// How well sending the card on top of `from` to foundation `f` fits the piles, best 0: a
    /// pile's card to the foundation its pile runs towards; a card on its own (the Equator's,
    /// or a pile's last) that no pile running that way holds; last, a card that breaks its
    /// pile's run or takes a rank such a pile still needs.
    pub(super) fn home_fit(&self, position: &Position, rules: &Rules, from: Place, f: u8) -> u8 {
        let way = rules.foundations[usize::from(f)];
        let card = match from {
            Place::Zodiac(z) => {
                if let Some(falling) = self.falls[usize::from(z)] {
                    return if taken_by(falling) == way { 0 } else { 2 };
                }
                position.zodiac_top(z)
            }
            Place::Equator(e) => position.equator(e),
            _ => None,
        };
        let Some(card) = card else { return 2 };
        let falling = way == Direction::Up;
        let needed =
            self.holding[card.suit() as usize][usize::from(falling)][usize::from(card.rank())] > 0;
        if needed { 2 } else { 1 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zodiac::tests::{c, cadogan, mv, wikipedia};

    /// A phase-1 table: these piles first, the rest a lone 2♣ each; the Equator full of Q♥
    /// but cell e7, which holds `e7`; this waste card over a stock of 9♥.
    fn table(piles: &[&[Card]], e7: Option<Card>, waste: Card) -> Position {
        let lone = [c("2C")];
        let mut zodiac: [&[Card]; 24] = [&lone; 24];
        zodiac[..piles.len()].copy_from_slice(piles);
        let mut equator = [Some(c("QH")); 8];
        equator[7] = e7;
        Position::from_parts(equator, zodiac, [0; 8], &[waste], &[c("9H")])
    }

    fn keeps(p: &Position, rules: &Rules, z: u8, card: &str) -> bool {
        Runs::of(p, rules).keeps(p, z, c(card))
    }

    #[test]
    fn a_pile_keeps_one_way_and_no_rank_twice_that_way() {
        let rules = cadogan();
        let (eight, falling) = ([c("8S")], [c("9S"), c("8S"), c("7S")]);
        let p = table(&[&eight], None, c("7S"));
        assert!(keeps(&p, &rules, 0, "7S"), "a lone 8♠ may start falling");
        assert!(keeps(&p, &rules, 0, "9S"), "or rising");
        // Another pile already falls through 8♠ and 7♠: Cadogan's one up foundation for spades
        // cannot take both piles' 7s and 8s in turn, but a rising pile goes to the down one.
        let p = table(&[&eight, &falling], None, c("7S"));
        assert!(!keeps(&p, &rules, 0, "7S"));
        assert!(keeps(&p, &rules, 0, "9S"));
        // Turning a pile back spoils it.
        assert!(!keeps(&p, &rules, 1, "8S"), "an 8 on a 7 laid on an 8");
        assert!(keeps(&p, &rules, 1, "6S"));
        // Wikipedia's foundations are all built up: two up foundations a suit take two falling
        // piles through the same ranks, and nothing takes a rising pile.
        let rules = wikipedia();
        assert!(keeps(&p, &rules, 0, "7S"));
        assert!(!keeps(&p, &rules, 0, "9S"));
    }

    #[test]
    fn the_hint_and_the_click_lay_a_card_where_the_pile_keeps() {
        let rules = cadogan();
        // The waste's 7♠ fits z0 (8♠, where a pile already falls through 7 and 8) and z2 (6♠):
        // z2, rising, is the place; a pile that cannot keep comes only after the Equator.
        let (eight, falling, six) = ([c("8S")], [c("9S"), c("8S"), c("7S")], [c("6S")]);
        let p = table(&[&eight, &falling, &six], None, c("7S"));
        assert_eq!(p.hint(&rules), Some(mv("w>z2")));
        assert_eq!(p.best_move_from(&rules, Place::Waste), Some(mv("w>z2")));
        let p = table(&[&eight, &falling], None, c("7S"));
        assert_eq!(p.hint(&rules), Some(Move::Turn), "turn before spoiling z0");
        assert_eq!(p.best_move_from(&rules, Place::Waste), Some(mv("w>e7")));
        let p = table(&[&eight, &falling], Some(c("KD")), c("7S"));
        assert_eq!(p.best_move_from(&rules, Place::Waste), Some(mv("w>z0")));
    }

    #[test]
    fn in_phase_2_a_card_goes_where_its_pile_runs() {
        let rules = cadogan();
        // Spades: the up foundation f1 wants the 7, the down foundation f5 wants the 7 too.
        // z0 falls towards its 7 (up), z1 rises towards its 7 (down).
        let (falling, rising, lone) = (
            [c("9S"), c("8S"), c("7S")],
            [c("5S"), c("6S"), c("7S")],
            [c("KD")],
        );
        let mut zodiac: [&[Card]; 24] = [&lone; 24];
        zodiac[0] = &falling;
        zodiac[1] = &rising;
        let foundations = [0, 6, 0, 0, 0, 6, 0, 0];
        let p = Position::from_parts([None; 8], zodiac, foundations, &[], &[]);
        let runs = Runs::of(&p, &rules);
        assert_eq!(runs.home_fit(&p, &rules, Place::Zodiac(0), 1), 0);
        assert_eq!(runs.home_fit(&p, &rules, Place::Zodiac(0), 5), 2);
        assert_eq!(runs.home_fit(&p, &rules, Place::Zodiac(1), 5), 0);
        assert_eq!(
            p.best_move_from(&rules, Place::Zodiac(0)),
            Some(mv("z0>f1"))
        );
        assert_eq!(
            p.best_move_from(&rules, Place::Zodiac(1)),
            Some(mv("z1>f5"))
        );
    }
}
