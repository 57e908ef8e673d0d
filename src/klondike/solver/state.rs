//! The solver's own position: what is left of each column's dealt pile, the *set* of face-up
//! cards on the table (not how they are arranged), the foundations, and how far the talon has
//! been turned. Legality is worked out on card masks, a few instructions a move.
//!
//! Why the arrangement can be forgotten: every face-up card that is not at the bottom of its
//! column's face-up run (a *root*) lies on one of the two cards of the next rank up and the
//! other colour (its *parents*, twins of each other). Which twin holds it changes nothing but
//! which twin is uncovered, and when one twin is uncovered a single legal move carries the other
//! one's run across. So positions that differ only in that are each one move from the other,
//! and one of them is won exactly when the other is. What matters is only, at each *level*
//! (the two parents of a rank and colour), whether there are fewer non-root children than
//! parents on the table: then a card can be put on one of them, and either parent can be
//! uncovered.

use super::Rules;

/// A card as the solver numbers it: bit `4 × (rank − 1) + suit`, suits ♣ ♠ ♥ ♦ (0..4), so a
/// rank's four cards share a nibble and the two of each colour sit side by side.
pub type Bit = u8;

pub fn bit(card: crate::cards::Card) -> Bit {
    4 * (card.rank() - 1) + card.suit() as u8
}

pub fn card(bit: Bit) -> crate::cards::Card {
    crate::cards::Card::new(crate::cards::Suit::ALL[usize::from(bit & 3)], bit / 4 + 1)
}

pub fn rank(bit: Bit) -> u8 {
    bit / 4 + 1
}

pub fn suit(bit: Bit) -> u8 {
    bit & 3
}

const fn mask(bit: Bit) -> u64 {
    1 << bit
}

/// The low bit of each pair of twins.
pub(super) const PAIRS: u64 = 0x5555_5555_5555_5555 & ALL;
/// All 52 cards.
pub const ALL: u64 = (1 << 52) - 1;
/// The four Kings.
const KINGS: u64 = 0xf << 48;

/// Each pair's count of cards in `m` (0, 1 or 2), in the pair's two bits.
const fn pair_counts(m: u64) -> u64 {
    (m & PAIRS) + ((m >> 1) & PAIRS)
}

/// Swaps the colours within each rank: ♣♠ ↔ ♥♦.
pub(super) const fn other_colour(m: u64) -> u64 {
    ((m & 0x3333_3333_3333_3333) << 2) | ((m >> 2) & 0x3333_3333_3333_3333)
}

/// Both bits of each pair whose low bit is set in `low`.
pub(super) const fn both(low: u64) -> u64 {
    low | (low << 1)
}

/// The column's dealt pile (its face-down cards and the card on them), the talon in the order
/// it turns up, and the rules: what a search never changes.
pub struct Table {
    pub piles: [[Bit; 8]; 7],
    pub talon: [Bit; 24],
    pub talon_len: u8,
    /// Each talon card's place in the talon.
    pub place: [u8; 52],
    /// The talon cards at each byte's places (`cards_at`): a looser game's reach is worked
    /// out on places, its cards on card masks (`relax`).
    pub talon_cards: [[u64; 256]; 3],
    /// Each size of the waste modulo the cards a turn takes (`State::key`, where a division
    /// at every position cost a tenth of the search three at a time).
    pub split: [u8; 25],
    /// What one card more left in column `c`'s dealt pile adds to a key (`State::code`), and
    /// what one card more home on each foundation does (after the columns).
    pub radix: [u64; 7],
    pub home_radix: [u64; 4],
    /// The bits of a key that number the columns' piles and the cards home, and those that
    /// say where every card is (those and the talon's places).
    pub code_bits: u32,
    pub where_bits: u32,
    pub rules: Rules,
}

impl Table {
    /// No piles and no talon yet, under `rules` (filled in, then `index`).
    pub fn empty(rules: Rules) -> Table {
        Table {
            piles: [[0; 8]; 7],
            talon: [0; 24],
            talon_len: 0,
            place: [0; 52],
            talon_cards: [[0; 256]; 3],
            split: [0; 25],
            radix: [0; 7],
            home_radix: [0; 4],
            code_bits: 0,
            where_bits: 0,
            rules,
        }
    }

    /// The talon cards at the places of `places` (bit `t`: place `t`).
    pub fn cards_at(&self, places: u32) -> u64 {
        let [a, b, c] = &self.talon_cards;
        a[(places & 0xff) as usize]
            | b[(places >> 8 & 0xff) as usize]
            | c[(places >> 16 & 0xff) as usize]
    }

    /// Fills in what `piles`, `talon` and the piles' lengths say: `place`, `radix`.
    pub fn index(&mut self, pile_lens: [u8; 7]) {
        let len = usize::from(self.talon_len);
        for t in 0..len {
            self.place[usize::from(self.talon[t])] = t as u8;
        }
        for (k, cards) in self.talon_cards.iter_mut().enumerate() {
            for (byte, m) in cards.iter_mut().enumerate() {
                *m = (0..8)
                    .filter(|i| byte & (1 << i) != 0 && 8 * k + i < len)
                    .fold(0, |m, i| m | 1u64 << self.talon[8 * k + i]);
            }
        }
        for (w, split) in self.split.iter_mut().enumerate() {
            *split = (w % usize::from(self.rules.turn.max(1))) as u8;
        }
        // From a deal, at most 8 × 7 × … × 2 × 14⁴ values: under 2³¹.
        let mut r = 1u64;
        for (radix, &len) in self.radix.iter_mut().zip(&pile_lens) {
            *radix = r;
            r *= u64::from(len) + 1;
        }
        for s in (0..4).rev() {
            self.home_radix[s] = r;
            r *= 14;
        }
        self.code_bits = u64::BITS - (r - 1).leading_zeros();
        self.where_bits = self.code_bits + u32::from(self.talon_len);
    }

    /// The bits of a position's key, and of its talon progress (`State::key`).
    pub fn key_bits(&self) -> (u32, u32) {
        let bits = |n: u32| u32::BITS - n.leading_zeros();
        let pass_bits = self.rules.passes.map_or(0, |n| bits(u32::from(n)));
        let w = self.where_bits;
        match (self.rules.turn, self.rules.passes) {
            (1, None) => (w, 0),
            (1, Some(_)) => (w, 5 + pass_bits),
            (t, None) => (w + bits(u32::from(t) - 1), 5),
            (_, Some(_)) => (w + 5 + pass_bits, 0),
        }
    }
}

/// The solver's position (see the module notes). Small and `Copy`: the search copies it
/// rather than undoing moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    /// Face-up cards on the table.
    pub visible: u64,
    /// Cards still in the stock or the waste.
    pub talon: u64,
    /// Cards of each column's dealt pile still in place: its face-down cards and the root on
    /// them (0: the pile is gone, the column empty or holding a King brought there).
    pub pile: [u8; 7],
    pub home: [u8; 4],
    /// Talon cards turned over from the stock onto the waste so far, in the talon's order
    /// (those played away included).
    pub turned: u8,
    /// Passes through the stock begun.
    pub pass: u16,
    /// The talon's places still holding their card (bit `t`: place `t`), the same cards as
    /// `talon`, for the key.
    pub places: u32,
    /// `pile` and `home` numbered together (`code_of`), kept up to date by `play`: the key
    /// then costs no sum over the columns at every move (a tenth of the search).
    pub code: u64,
}

/// A move of the solver's. A move onto the table names no card to go on: either twin will do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    /// A face-up card to its foundation (its twin takes what lies on it).
    Home(Bit),
    /// Column `c`'s root, with its run, onto a card or (a King) into an empty column: the
    /// card under it turns up, or the column empties.
    Reveal(u8),
    /// `steps` turns of the stock (a turn over among them where needed) bring `card` to the
    /// top of the waste; then it goes home or onto the table. `turned` and `pass` are the
    /// talon's after.
    Talon {
        card: Bit,
        home: bool,
        steps: u8,
        turned: u8,
        pass: u16,
    },
    /// A foundation's top card back onto the table.
    Back(u8),
}

impl State {
    /// Non-King roots and Kings: the cards that lie on nothing movable.
    pub fn roots(&self, table: &Table) -> u64 {
        let mut roots = self.visible & KINGS;
        for c in 0..7 {
            let n = self.pile[c];
            if n > 0 {
                roots |= mask(table.piles[c][usize::from(n) - 1]);
            }
        }
        roots
    }

    /// Columns with no card.
    pub fn empty_columns(&self, table: &Table) -> u32 {
        let piles = self.pile.iter().filter(|&&n| n > 0).count() as u32;
        let mut kings_elsewhere = self.visible & KINGS;
        for c in 0..7 {
            let n = self.pile[c];
            if n > 0 {
                kings_elsewhere &= !mask(table.piles[c][usize::from(n) - 1]);
            }
        }
        7 - piles - kings_elsewhere.count_ones()
    }

    /// The low bit of each level (a rank's two cards of a colour) with fewer non-root
    /// children on the table than parents.
    fn open_levels(&self, roots: u64) -> u64 {
        let parents = pair_counts(self.visible);
        let children = other_colour(pair_counts(self.visible & !roots)) << 4;
        let (p1, p2) = (parents & PAIRS, (parents >> 1) & PAIRS);
        let (k1, k2) = (children & PAIRS, (children >> 1) & PAIRS);
        ((p2 & !k2) | (p1 & !k1 & !k2)) & PAIRS
    }

    /// Cards that may go onto the table now: on a parent, or a King into an empty column.
    pub fn placeable(&self, table: &Table, roots: u64) -> u64 {
        let open = self.open_levels(roots);
        let onto = both(other_colour(open) >> 4) & ALL & !KINGS;
        let kings = if self.empty_columns(table) > 0 {
            KINGS
        } else {
            0
        };
        onto | kings
    }

    /// Face-up cards that can be uncovered (their twin taking what lies on them).
    pub fn uncoverable(&self, roots: u64) -> u64 {
        self.visible & both(self.open_levels(roots))
    }

    /// The card each foundation takes next (none where complete).
    pub fn wanted(&self) -> u64 {
        (0..4)
            .filter(|&s| self.home[s] < 13)
            .map(|s| mask(4 * self.home[s] + s as u8))
            .fold(0, |a, b| a | b)
    }

    /// Nothing face down and nothing in the talon: the lowest card left is always uncovered
    /// and always next home, so the rest plays out.
    pub fn is_over(&self) -> bool {
        self.talon == 0 && self.pile.iter().all(|&n| n <= 1)
    }

    /// The talon's places turned over that still hold their card: the waste.
    pub(super) fn waste(&self) -> u32 {
        self.places & ((1u32 << self.turned) - 1)
    }

    /// The waste's top card: the last talon card turned that is still there.
    pub fn waste_top(&self, table: &Table) -> Option<Bit> {
        let below = self.waste();
        (below != 0).then(|| table.talon[(u32::BITS - 1 - below.leading_zeros()) as usize])
    }

    /// Whether a card may go home without ever being wanted back (see `safe_home`).
    pub fn safe_home(&self, b: Bit, rules: &Rules) -> bool {
        let (r, s) = (rank(b), usize::from(suit(b)));
        let others = if s < 2 { [2, 3] } else { [0, 1] };
        r <= 2
            || (others.iter().all(|&o| self.home[o] + 1 >= r)
                && (!rules.foundation_to_column || self.home[s ^ 1] + 2 >= r))
    }

    /// Applies `act` (which the caller found legal).
    pub fn play(&mut self, table: &Table, act: Act) {
        match act {
            Act::Home(b) => {
                self.home[usize::from(suit(b))] += 1;
                self.code += table.home_radix[usize::from(suit(b))];
                self.visible &= !mask(b);
                self.lift_if_root(table, b);
            }
            Act::Reveal(c) => {
                let c = usize::from(c);
                self.pile[c] -= 1;
                self.code -= table.radix[c];
                let n = usize::from(self.pile[c]);
                if n > 0 {
                    self.visible |= mask(table.piles[c][n - 1]);
                }
            }
            Act::Talon {
                card,
                home,
                turned,
                pass,
                ..
            } => {
                self.talon &= !mask(card);
                self.places &= !(1 << table.place[usize::from(card)]);
                self.turned = turned;
                self.pass = pass;
                if home {
                    self.home[usize::from(suit(card))] += 1;
                    self.code += table.home_radix[usize::from(suit(card))];
                } else {
                    self.visible |= mask(card);
                }
            }
            Act::Back(s) => {
                let s = usize::from(s);
                self.home[s] -= 1;
                self.code -= table.home_radix[s];
                self.visible |= mask(4 * self.home[s] + s as u8);
            }
        }
    }

    /// A card gone from the table: if it was a pile's root, the card under it turns up.
    fn lift_if_root(&mut self, table: &Table, b: Bit) {
        for c in 0..7 {
            let n = usize::from(self.pile[c]);
            if n > 0 && table.piles[c][n - 1] == b {
                self.pile[c] -= 1;
                self.code -= table.radix[c];
                if n > 1 {
                    self.visible |= mask(table.piles[c][n - 2]);
                }
                return;
            }
        }
    }

    /// The cards left in each column's dealt pile and the cards home, numbered together digit
    /// by digit (`Table::radix`): what `code` holds.
    pub fn code_of(&self, table: &Table) -> u64 {
        let piles = (0..7).map(|c| u64::from(self.pile[c]) * table.radix[c]);
        let home = (0..4).map(|s| u64::from(self.home[s]) * table.home_radix[s]);
        piles.chain(home).sum()
    }

    /// The exact key of the position for the set of positions seen, and how far its talon
    /// has been turned.
    ///
    /// Where every card is takes 55 bits from a deal: each card is home, face down, in the
    /// talon or face up on the table, so the cards left in each column's dealt pile, the cards
    /// home and the talon's places still holding a card say it all. The first two are numbered
    /// together (`code`: from a deal, under 2³¹), the places take 24.
    ///
    /// One card at a time, the turning is left out of the key: a position turned further, or
    /// into a later pass, is reached from the same one turned less by turning alone (and with
    /// passes without end every split of the talon is reached from every other). Three at a
    /// time, turning reaches only some splits, so the key holds them (with passes without end,
    /// how many cards the waste holds, those a turn over reaches as one, and a smaller waste
    /// worth more among those that reach each other).
    pub fn key(&self, table: &Table) -> (u128, u32) {
        let rules = &table.rules;
        debug_assert_eq!(self.code, self.code_of(table));
        let k = u128::from(self.code) | u128::from(self.places) << table.code_bits;
        let shift = table.where_bits;
        match (rules.turn, rules.passes) {
            (1, None) => (k, 0),
            (1, Some(_)) => (k, (u32::from(self.pass) << 5) | u32::from(self.turned)),
            (_, None) => {
                // Three at a time with passes without end, what matters of the turning is how
                // many cards are in the waste. The splits one turn over reaches (an empty
                // waste, every third card, a full waste) turn into each other by turning alone,
                // so they are one; any other split reaches, by turning alone, those three cards
                // further on and the same after a turn over: among those, a waste smaller is
                // worth more, as one card at a time.
                let waste = self.waste().count_ones();
                let all = self.places.count_ones();
                let split = table.split[waste as usize];
                if split == 0 || waste == all {
                    (k, 0)
                } else {
                    (k | u128::from(split) << shift, waste)
                }
            }
            (_, Some(_)) => {
                let k = k | u128::from(self.turned) << shift;
                (k | u128::from(self.pass) << (shift + 5), 0)
            }
        }
    }
}

#[cfg(test)]
#[path = "state_tests.rs"]
mod tests;
