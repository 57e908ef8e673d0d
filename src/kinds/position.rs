//! A position of any patience written as a file, compact and cheap to copy: every card a byte,
//! pile after pile, bottom first, and where each pile ends. A solver searches millions of these.

use super::compiled::{MAX_CARDS, MAX_PILES};
use crate::cards::Card;
use std::fmt;

/// The bit of a card's byte that says it lies face down.
pub const DOWN: u8 = 0x80;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Cards (`Card::index`, `DOWN` set when face down), pile 0's first.
    cards: [u8; MAX_CARDS],
    /// One past each pile's top card in `cards`.
    ends: [u8; MAX_PILES],
    piles: u8,
    /// The stock's round: 1 until the waste is first turned over.
    pub round: u8,
    /// The rank the foundations start from where the first card sets it (0: none).
    pub base: u8,
    /// `DealtInTurns`: 0 before the first card dealt by hand to its piles, then one more than
    /// the cards so dealt in this turn (1: a turn done).
    pub turns: u8,
    /// Where a redeal that shuffles (`Again::Gather` with `shuffle`) finds PySolFC's random
    /// numbers: the deal number and how many numbers its generator has drawn so far (0 in
    /// a file without one: the key leaves it out then).
    pub seed: u128,
    pub drawn: u16,
}

impl Position {
    /// No cards on `piles` piles.
    pub fn empty(piles: usize) -> Position {
        Position {
            cards: [0; MAX_CARDS],
            ends: [0; MAX_PILES],
            piles: piles as u8,
            round: 1,
            base: 0,
            turns: 0,
            seed: 0,
            drawn: 0,
        }
    }

    pub fn piles(&self) -> usize {
        usize::from(self.piles)
    }

    fn start(&self, pile: u8) -> usize {
        match pile {
            0 => 0,
            p => usize::from(self.ends[usize::from(p) - 1]),
        }
    }

    /// A pile's card bytes, bottom first.
    pub fn pile(&self, pile: u8) -> &[u8] {
        &self.cards[self.start(pile)..usize::from(self.ends[usize::from(pile)])]
    }

    /// Every pile's card bytes, pile after pile.
    pub fn cards(&self) -> &[u8] {
        &self.cards[..self.start(self.piles)]
    }

    /// A pile's first seven card bytes as one number, the first highest, zeros past its end,
    /// shifted up a byte (the low byte zero): these order piles as their cards do, but where
    /// two piles' first seven cards are the same. One load, not a byte at a time.
    pub fn head(&self, pile: u8) -> u64 {
        let start = self.start(pile);
        let word: [u8; 8] = match self.cards.get(start..start + 8) {
            Some(w) => w.try_into().unwrap_or([0; 8]),
            None => {
                let mut w = [0u8; 8];
                w[..MAX_CARDS - start].copy_from_slice(&self.cards[start..]);
                w
            }
        };
        let len = self.len(pile).min(7);
        let keep = if len == 0 {
            0
        } else {
            u64::MAX << (64 - 8 * len)
        };
        u64::from_be_bytes(word) & keep
    }

    /// A pile's card bytes, bottom first, to change in place.
    pub fn pile_mut(&mut self, pile: u8) -> &mut [u8] {
        let start = self.start(pile);
        &mut self.cards[start..usize::from(self.ends[usize::from(pile)])]
    }

    pub fn len(&self, pile: u8) -> usize {
        usize::from(self.ends[usize::from(pile)]) - self.start(pile)
    }

    pub fn is_empty(&self, pile: u8) -> bool {
        self.len(pile) == 0
    }

    /// Whether any pile of `piles` (a bit each) is empty.
    pub fn any_empty(&self, mut piles: u128) -> bool {
        while piles != 0 {
            let q = piles.trailing_zeros() as u8;
            piles &= piles - 1;
            if self.is_empty(q) {
                return true;
            }
        }
        false
    }

    /// A pile's top card byte.
    pub fn top(&self, pile: u8) -> Option<u8> {
        self.pile(pile).last().copied()
    }

    /// Puts a card byte on a pile.
    pub fn push(&mut self, pile: u8, byte: u8) {
        let end = usize::from(self.ends[usize::from(self.piles) - 1]);
        let at = usize::from(self.ends[usize::from(pile)]);
        self.cards.copy_within(at..end, at + 1);
        self.cards[at] = byte;
        for e in &mut self.ends[usize::from(pile)..usize::from(self.piles)] {
            *e += 1;
        }
    }

    /// Moves the top `n` cards of `from` onto `to`, in their order.
    pub fn shift(&mut self, from: u8, to: u8, n: usize) {
        let (f, t) = (usize::from(from), usize::from(to));
        if f < t {
            let a = usize::from(self.ends[f]) - n;
            let b = usize::from(self.ends[t]);
            self.cards[a..b].rotate_left(n);
            for e in &mut self.ends[f..t] {
                *e -= n as u8;
            }
        } else {
            let a = usize::from(self.ends[t]);
            let b = usize::from(self.ends[f]);
            self.cards[a..b].rotate_right(n);
            for e in &mut self.ends[t..f] {
                *e += n as u8;
            }
        }
    }

    /// Piles `first..first + count`, each holding one card or none, closed up: their cards,
    /// in order, one to a pile from the first (a line with no gap). Only where each pile
    /// ends changes.
    pub fn close_up(&mut self, first: u8, count: u8) {
        let start = self.start(first);
        let (a, b) = (usize::from(first), usize::from(first) + usize::from(count));
        let end = self.ends[b - 1];
        for (k, e) in self.ends[a..b].iter_mut().enumerate() {
            *e = (start + k + 1).min(usize::from(end)) as u8;
        }
    }

    /// The gap [`Position::close_up`] took away opened again: pile `first + at` left empty,
    /// each pile after it holding what the one before it held (the last pile was empty).
    pub fn open_gap(&mut self, first: u8, count: u8, at: u8) {
        let (a, b) = (usize::from(first), usize::from(first) + usize::from(count));
        let gap = a + usize::from(at);
        for k in (gap + 1..b).rev() {
            self.ends[k] = self.ends[k - 1];
        }
        self.ends[gap] = self.start(gap as u8) as u8;
    }

    /// Turns a pile's order over, bottom to top (faces as they are).
    pub fn reverse(&mut self, pile: u8) {
        let start = self.start(pile);
        self.cards[start..usize::from(self.ends[usize::from(pile)])].reverse();
    }

    /// Two piles' top cards change places.
    pub fn swap_tops(&mut self, a: u8, b: u8) {
        let (i, j) = (self.ends[usize::from(a)] - 1, self.ends[usize::from(b)] - 1);
        self.cards.swap(usize::from(i), usize::from(j));
    }

    /// Turns the top card of a pile over.
    pub fn flip_top(&mut self, pile: u8) {
        let i = usize::from(self.ends[usize::from(pile)]) - 1;
        self.cards[i] ^= DOWN;
    }

    /// A card of a pile, `depth` from the top (0: the top).
    pub fn card(&self, pile: u8, depth: usize) -> u8 {
        let p = self.pile(pile);
        p[p.len() - 1 - depth]
    }

    /// A 128-bit key of the position for a solver's table of positions seen: every byte that
    /// matters mixed in two independent lanes (64-bit multiply-rotate, then murmur's
    /// finaliser); two positions share a key by chance once in about 2^64 pairs.
    pub fn key(&self) -> u128 {
        self.key_of_first(self.piles)
    }

    /// The key of the position with only its first `piles` piles (those after them left
    /// out), as [`Position::key`] makes it.
    pub fn key_of_first(&self, piles: u8) -> u128 {
        let total = usize::from(self.ends[usize::from(piles).max(1) - 1]);
        let mut h = Hasher::new();
        h.bytes(&self.cards[..total]);
        h.bytes(&self.ends[..usize::from(piles)]);
        h.finish(self)
    }

    /// The key of the position with its piles taken in this order (`order[k]` the pile in
    /// the `k`th place): piles alike, sorted, give positions that differ only by them one key.
    pub fn key_in(&self, order: &[u8]) -> u128 {
        // Each pile's length, then its cards, in one run of bytes hashed a word at a time.
        // Room for a word past the end: a pile is copied eight bytes at a time, the last word
        // running past its top (into what the next pile overwrites, or past the run hashed).
        // A copy of a length not known when compiled would be a call to `memcpy` a pile.
        let mut run = [0u8; MAX_CARDS + MAX_PILES + 8];
        let mut n = 0;
        for &pile in order {
            let (start, len) = (self.start(pile), self.len(pile));
            run[n] = len as u8;
            let mut k = 0;
            while k < len {
                let (from, to) = (start + k, n + 1 + k);
                match self.cards.get(from..from + 8) {
                    Some(word) => run[to..to + 8].copy_from_slice(word),
                    None => run[to..to + MAX_CARDS - from].copy_from_slice(&self.cards[from..]),
                }
                k += 8;
            }
            n += 1 + len;
        }
        let mut h = Hasher::new();
        h.bytes(&run[..n]);
        h.finish(self)
    }

    /// The top cards of piles `first..first + count` that each hold one card at most, up to
    /// the first empty one (a line with no gap), into `out`: how many.
    pub fn line_tops(&self, first: u8, count: u8, out: &mut [u8; MAX_CARDS]) -> usize {
        let mut at = self.start(first);
        let mut n = 0;
        for &end in &self.ends[usize::from(first)..usize::from(first + count)] {
            let end = usize::from(end);
            if end == at {
                break;
            }
            out[n] = self.cards[end - 1];
            n += 1;
            at = end;
        }
        n
    }

    /// The pile's cards as cards, bottom first, with whether each is face up.
    pub fn slots(&self, pile: u8) -> impl Iterator<Item = (Card, bool)> + '_ {
        self.pile(pile).iter().map(|&b| (card(b), b & DOWN == 0))
    }
}

/// The card a byte holds.
pub fn card(byte: u8) -> Card {
    Card::from_index(byte & !DOWN).expect("a card byte holds a card")
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "round {} base {} [", self.round, self.base)?;
        for p in 0..self.piles {
            if p > 0 {
                f.write_str(" |")?;
            }
            for &b in self.pile(p) {
                if b & DOWN != 0 {
                    write!(f, " ({})", card(b))?;
                } else {
                    write!(f, " {}", card(b))?;
                }
            }
        }
        f.write_str(" ]")
    }
}

/// The two lanes of [`Position::key`].
struct Hasher {
    a: u64,
    b: u64,
}

impl Hasher {
    fn new() -> Hasher {
        Hasher {
            a: 0x9e37_79b9_7f4a_7c15,
            b: 0xc2b2_ae3d_27d4_eb4f,
        }
    }

    fn mix(&mut self, w: u64) {
        self.a = (self.a ^ w)
            .wrapping_mul(0xff51_afd7_ed55_8ccd)
            .rotate_left(29);
        self.b = (self.b ^ w.rotate_left(23))
            .wrapping_mul(0xc4ce_b9fe_1a85_ec53)
            .rotate_left(31);
    }

    /// The bytes a word at a time, the last padded with zeros. Whole words are read as words
    /// (a copy of a length not known when compiled is a call to `memcpy` each).
    fn bytes(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for chunk in &mut words {
            self.mix(u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.mix(u64::from_le_bytes(word));
        }
    }

    fn finish(mut self, p: &Position) -> u128 {
        let (round, base, turns) = (p.round, p.base, p.turns);
        self.mix(u64::from(turns) << 16 | u64::from(round) << 8 | u64::from(base));
        // The numbers drawn tell how the next redeal shuffles (mixed only where there is
        // one, so every other file's keys are as they were).
        if p.drawn != 0 {
            self.mix(0x1_0000_0000 | u64::from(p.drawn));
        }
        let fmix = |mut h: u64| {
            h ^= h >> 33;
            h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
            h ^= h >> 33;
            h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
            h ^ (h >> 33)
        };
        (u128::from(fmix(self.a)) << 64) | u128::from(fmix(self.b ^ self.a.rotate_left(17)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_shift_between_piles_in_order_either_way() {
        let mut p = Position::empty(4);
        for (pile, b) in [(0, 1), (0, 2), (0, 3), (2, 10), (3, 20), (3, 21)] {
            p.push(pile, b);
        }
        p.shift(0, 2, 2);
        assert_eq!((p.pile(0), p.pile(2)), (&[1][..], &[10, 2, 3][..]));
        p.shift(3, 1, 2);
        assert_eq!((p.pile(1), p.pile(3)), (&[20, 21][..], &[][..]));
        p.shift(2, 0, 3);
        assert_eq!(p.pile(0), &[1, 10, 2, 3]);
        assert!(p.is_empty(2));
        p.flip_top(0);
        assert_eq!(p.top(0), Some(3 | DOWN));
        assert_eq!(p.card(0, 1), 2);
    }

    #[test]
    fn a_line_closes_up_and_opens_again_exactly() {
        // A pile before the line, a line of five single cards (the fourth empty), a pile after.
        let mut p = Position::empty(7);
        for (pile, b) in [(0, 1), (1, 10), (2, 11), (3, 12), (5, 14), (6, 20)] {
            p.push(pile, b);
        }
        let before = p;
        p.close_up(1, 5);
        let line: Vec<&[u8]> = (1..6).map(|q| p.pile(q)).collect();
        assert_eq!(line, [&[10][..], &[11], &[12], &[14], &[]]);
        assert_eq!((p.pile(0), p.pile(6)), (&[1][..], &[20][..]));
        p.open_gap(1, 5, 3);
        assert_eq!(p, before);
        // A card taken out of the middle: the rest move left.
        p.close_up(1, 5);
        p.shift(2, 6, 1);
        p.close_up(1, 5);
        let line: Vec<&[u8]> = (1..6).map(|q| p.pile(q)).collect();
        assert_eq!(line, [&[10][..], &[12], &[14], &[], &[]]);
        p.open_gap(1, 5, 1);
        p.shift(6, 2, 1);
        assert_eq!(p.pile(2), &[11]);
        assert_eq!(p.pile(6), &[20]);
    }

    /// Positions of random piles (lengths 0 to 12, any byte), filled to the last card at
    /// times, so that piles end at the array's end too.
    fn random_positions() -> Vec<Position> {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        (0..400)
            .map(|_| {
                let piles = rng.random_range(1..=MAX_PILES.min(20));
                let mut p = Position::empty(piles);
                let mut n = 0;
                for pile in 0..piles as u8 {
                    for _ in 0..rng.random_range(0..=12) {
                        if n < MAX_CARDS {
                            // Few card values, so that piles often share their first cards.
                            p.push(
                                pile,
                                rng.random_range(0..4u8) | rng.random_range(0..2u8) << 7,
                            );
                            n += 1;
                        }
                    }
                }
                p
            })
            .collect()
    }

    #[test]
    fn a_piles_head_orders_it_as_its_cards_do() {
        for p in random_positions() {
            for a in 0..p.piles() as u8 {
                assert_eq!(p.head(a) & 0xff, 0);
                for b in 0..p.piles() as u8 {
                    let (x, y) = (p.head(a), p.head(b));
                    if p.pile(a) == p.pile(b) {
                        assert_eq!(x, y);
                    } else if x != y {
                        assert_eq!(x.cmp(&y), p.pile(a).cmp(p.pile(b)), "{p:?} {a} {b}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_key_in_an_order_hashes_each_piles_length_then_its_cards() {
        for p in random_positions() {
            let order: Vec<u8> = (0..p.piles() as u8).rev().collect();
            let mut run = Vec::new();
            for &q in &order {
                run.push(p.len(q) as u8);
                run.extend_from_slice(p.pile(q));
            }
            let mut h = Hasher::new();
            h.bytes(&run);
            assert_eq!(p.key_in(&order), h.finish(&p));
            // And byte by byte, as the hasher's words say.
            let mut h = Hasher::new();
            for word in run.chunks(8) {
                let mut w = [0u8; 8];
                w[..word.len()].copy_from_slice(word);
                h.mix(u64::from_le_bytes(w));
            }
            assert_eq!(p.key_in(&order), h.finish(&p));
        }
    }
}
