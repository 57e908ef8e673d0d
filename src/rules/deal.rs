//! Deal numbers compatible with PySolFC: deal N puts the same cards in the same places as
//! PySolFC's Zodiac game N (docs/rules.md, "Deal numbers").

use super::card::{Card, double_deck};
use std::fmt;

/// A PySolFC deal number, 1 ..= 10^20. Wider than a u64, hence u128.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DealNumber(u128);

/// PySolFC's largest deal number.
pub const MAX_DEAL: u128 = 100_000_000_000_000_000_000;

/// Why a deal number was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealNumberError {
    NotANumber(String),
    OutOfRange(String),
}

impl fmt::Display for DealNumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealNumberError::NotANumber(s) => write!(f, "deal number {s:?} is not a number"),
            DealNumberError::OutOfRange(s) => {
                write!(
                    f,
                    "deal number {s} is out of range (1 to 100000000000000000000)"
                )
            }
        }
    }
}

impl std::error::Error for DealNumberError {}

impl DealNumber {
    pub fn new(n: u128) -> Option<DealNumber> {
        (1..=MAX_DEAL).contains(&n).then_some(DealNumber(n))
    }

    pub fn get(self) -> u128 {
        self.0
    }

    /// Parses a decimal deal number as a player would type it (a leading `#` is allowed).
    pub fn parse(text: &str) -> Result<DealNumber, DealNumberError> {
        let t = text.trim();
        let digits = t.strip_prefix('#').unwrap_or(t);
        if digits.starts_with('-')
            && digits.len() > 1
            && digits[1..].bytes().all(|b| b.is_ascii_digit())
        {
            return Err(DealNumberError::OutOfRange(digits.to_string()));
        }
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(DealNumberError::NotANumber(text.to_string()));
        }
        // Anything with more digits than fit in a u128 is out of range, not "not a number".
        let n = digits.parse::<u128>().unwrap_or(u128::MAX);
        DealNumber::new(n).ok_or_else(|| DealNumberError::OutOfRange(digits.to_string()))
    }

    /// A fresh deal number for a random game, made the way PySolFC makes one
    /// (`BasicRandom._getRandomSeed`): `t = int(time * 256)`, then `(t ^ (t >> 24)) % (10^20 + 1)`.
    /// Today that lands in the Mersenne Twister range, and every game can be replayed from it.
    pub fn random_now() -> DealNumber {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        DealNumber::from_time(now)
    }

    /// [`DealNumber::random_now`] for a given time since the Unix epoch.
    pub fn from_time(since_epoch: std::time::Duration) -> DealNumber {
        let t = since_epoch.as_nanos() * 256 / 1_000_000_000;
        let n = (t ^ (t >> 24)) % (MAX_DEAL + 1);
        // PySolFC would accept 0 here; we have no game 0, so take the next number.
        DealNumber(n.max(1))
    }

    /// The 104 cards in deal order: first dealt first (e0..e7, z0..z23, the waste card, then the
    /// stock with the next card to turn first).
    pub fn deal_order(self) -> [Card; 104] {
        let mut cards = double_deck();
        self.shuffle(&mut cards);
        // PySolFC deals from the end of the shuffled list.
        cards.reverse();
        cards
    }

    /// Shuffles `cards` as PySolFC shuffles a game's cards for this deal number: with its LCG
    /// below 32000, else with Python's Mersenne Twister (the patience decides the cards' order
    /// before it, and what is dealt first after).
    pub fn shuffle(self, cards: &mut [Card]) {
        if self.0 < 32_000 {
            shuffle(cards, &mut MsLcg::new(self.0 as u64));
        } else {
            shuffle(cards, &mut PythonRandom::new(self.0));
        }
    }
}

impl fmt::Display for DealNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// `randint(0, n)`, inclusive, as each of PySolFC's generators defines it.
trait RandInt {
    fn randint(&mut self, n: u32) -> u32;
}

/// For n from the last position down to 1, swap positions n and randint(0, n).
fn shuffle(cards: &mut [Card], rng: &mut impl RandInt) {
    for n in (1..cards.len()).rev() {
        let j = rng.randint(n as u32) as usize;
        cards.swap(n, j);
    }
}

/// The Microsoft FreeCell linear congruential generator PySolFC uses for deals below 32000.
struct MsLcg {
    x: u64,
}

impl MsLcg {
    fn new(seed: u64) -> MsLcg {
        MsLcg { x: seed }
    }

    fn draw(&mut self) -> u32 {
        self.x = (self.x.wrapping_mul(214_013).wrapping_add(2_531_011)) & ((1 << 33) - 1);
        ((self.x >> 16) & 0x7fff) as u32
    }
}

impl RandInt for MsLcg {
    fn randint(&mut self, n: u32) -> u32 {
        self.draw() % (n + 1)
    }
}

/// Python's `random.Random(seed)`: MT19937 seeded by `init_by_array` with the seed's 32-bit
/// words, least significant first.
struct PythonRandom {
    state: [u32; 624],
    index: usize,
}

impl PythonRandom {
    fn new(seed: u128) -> PythonRandom {
        let mut key = Vec::with_capacity(4);
        let mut s = seed;
        loop {
            key.push(s as u32);
            s >>= 32;
            if s == 0 {
                break;
            }
        }
        let mut mt = PythonRandom {
            state: [0; 624],
            index: 624,
        };
        mt.init_genrand(19_650_218);
        mt.init_by_array(&key);
        mt
    }

    fn init_genrand(&mut self, seed: u32) {
        self.state[0] = seed;
        for i in 1..624 {
            let prev = self.state[i - 1];
            self.state[i] = 1_812_433_253u32
                .wrapping_mul(prev ^ (prev >> 30))
                .wrapping_add(i as u32);
        }
        self.index = 624;
    }

    fn init_by_array(&mut self, key: &[u32]) {
        let n = 624;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..n.max(key.len()) {
            let prev = self.state[i - 1];
            self.state[i] = (self.state[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= n {
                self.state[0] = self.state[n - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..n - 1 {
            let prev = self.state[i - 1];
            self.state[i] = (self.state[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= n {
                self.state[0] = self.state[n - 1];
                i = 1;
            }
        }
        self.state[0] = 0x8000_0000;
    }

    fn next_u32(&mut self) -> u32 {
        if self.index >= 624 {
            for k in 0..624 {
                let y = (self.state[k] & 0x8000_0000) | (self.state[(k + 1) % 624] & 0x7fff_ffff);
                let mut v = self.state[(k + 397) % 624] ^ (y >> 1);
                if y & 1 != 0 {
                    v ^= 0x9908_b0df;
                }
                self.state[k] = v;
            }
            self.index = 0;
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// Python's `random()`: 53 random bits as a float in [0, 1).
    fn random(&mut self) -> f64 {
        let a = u64::from(self.next_u32() >> 5);
        let b = u64::from(self.next_u32() >> 6);
        (a * 67_108_864 + b) as f64 / 9_007_199_254_740_992.0
    }
}

impl RandInt for PythonRandom {
    fn randint(&mut self, n: u32) -> u32 {
        (self.random() * f64::from(n + 1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(n: u128) -> String {
        let cards = DealNumber::new(n).unwrap().deal_order();
        cards
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn deal_1_matches_pysolfc() {
        assert_eq!(
            order(1),
            "3D 5H JC KH 5S 5H KC KC 8D JD AS 8C 6C 6H TC 8D 4C JS QC 4H KD 2H TD 8S AC 7C 2H AD 9H 8S 7D 9S 8H JH 4D 2D 6H TH 8C 2S 3S 9C 7D 4S 8H TH AH JC 4H 7H QS QC 7C 3S QH 9S 2S QH 3C AS 4S KS 6D TD 9C 9D JS 4D 5C 6C AD JH 6S 3C JD TC AH QS 2C 9H 3H 7S 5C 9D KS 5D TS QD 7S 6D TS KD QD 7H 3D 2C KH 5D 3H 2D 4C 5S 6S AC"
        );
    }

    #[test]
    fn deal_2_matches_pysolfc() {
        assert_eq!(
            order(2),
            "7D 3S QS 7S 7H TD 9H 9D JD QS QC JC 8D 9C JS 4H 5S 5C JH TC TH AD 6C 5H 3S 5C 9H QH 7S KC TS 9S 8D 4S TH 2H 6D 5D 7H 7C KS KH 4D 9C JH 8H 8H 7C 6H AS KC 8S 5D 3C AH 2C 5H 2D 3D 8C TC AC TS 3H 9S KH AH 7D TD 2S 4C JS KS 3D QH 4D 8S AD AC 2D 2C 2H 5S 4H KD 4C 6D 9D 3H 6S AS 6C 2S QD QD 6S JD KD JC 3C QC 8C 4S 6H"
        );
    }

    #[test]
    fn deal_100000_matches_pysolfc_mersenne_twister() {
        assert_eq!(
            order(100_000),
            "TC 4H 6S 2D 9S 9H 4D QC QH 9C 3D JC 2C QD KC AD 6H 7H KS QH 5C 8D KD 8S 5S 7D 7S JD 6C TD 4C 5D 8S 7D 6H TS 7C 4S 4D 8C 3S 5H QS 7S TS JD AC 2S KH JH AH 4C 9H 3H 6D 5D 2H KH 3C AD 2D AC 6D 2H 4S 3S QC JH 5H TH JC KS 8H KD 8H 9D KC 2C 3C 3H QD AS JS 5C 9D 8C 9S JS AH 7H 3D 4H 7C TC TD 2S QS TH 9C 5S AS 6S 8D 6C"
        );
    }

    #[test]
    fn every_deal_holds_each_card_twice() {
        for n in [1, 31_999, 32_000, u128::from(u64::MAX), MAX_DEAL] {
            let mut counts = [0; 52];
            for c in DealNumber::new(n).unwrap().deal_order() {
                counts[usize::from(c.index())] += 1;
            }
            assert!(counts.iter().all(|&k| k == 2), "deal {n}");
        }
    }

    #[test]
    fn parsing_refuses_what_pysolfc_refuses() {
        assert_eq!(DealNumber::parse("1").unwrap().get(), 1);
        assert_eq!(DealNumber::parse("#42").unwrap().get(), 42);
        assert_eq!(
            DealNumber::parse("100000000000000000000").unwrap().get(),
            MAX_DEAL
        );
        for bad in [
            "0",
            "100000000000000000001",
            "-5",
            "999999999999999999999999999999999999999999",
        ] {
            assert!(
                matches!(DealNumber::parse(bad), Err(DealNumberError::OutOfRange(_))),
                "{bad}"
            );
        }
        for bad in ["", "abc", "1.5", "12a", "-"] {
            assert!(
                matches!(DealNumber::parse(bad), Err(DealNumberError::NotANumber(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn deals_2_32_2_64_and_10_20_match_python() {
        // Computed with python3's own `random.Random(N)` following docs/rules.md (randint(0, n)
        // as floor(random() * (n + 1)), shuffle n = 103..1, deal order reversed), the same
        // script reproducing the three vectors above. 2^32 and 2^64 are the first seeds of two
        // and three 32-bit key words; 10^20 is the largest deal.
        assert_eq!(
            order(1 << 32),
            "QC 5D 2C TC 3H 7H 2C QD AS KS QH 8D 6H 9H 6H 2S 2H JC QS 9C 9D 4H 4D 3D 7S 8S 8H 2D AC 3C AH KD 6S KD QS 3H 9H 6C 5S AS KS 5C KC TD 9D QH 2D JS 8H 4S 8C 6S 4D 7D 3C 5C 2S 4C TD 8C 5D KH JD 4H TC AC AD QC 7S 9C 3D 5S JD 3S KC 5H 9S JC 7C 6D TH JH AD 8S AH 4C TS 7H JS 6D 5H KH TS 3S 6C 2H 7D 4S 9S TH 8D JH QD 7C"
        );
        assert_eq!(
            order(1 << 64),
            "JD KH QD QC JC TC 4D 7C 7D 2D JS TH 9H 6C 8C KC 6S 3S 7C 9S 4D TH 2H 3D 8D TC AH 6D 2S KS 7H 5C 6D KD 4H 8S AH 3C 9D 5S 9C AS 4S 9S 5S KS 3S 5D 8H AC QS 8C JH 9H 4H TS JS 2C 7S 2S AC 7D AS 3H QH TD 2C 3C 9D KH JC 4C 5D 8H QD QH QS 3D 5C KC QC AD 5H 9C 4S JD 8D AD 6S TS 6C 4C KD JH 5H 2D TD 7H 3H 2H 6H 6H 8S 7S"
        );
        assert_eq!(
            order(MAX_DEAL),
            "2C 4C 8C 7S KS 5S AH 5H JS 6S QS 9S AD QD 6C 4S JC JC 3C 8H 3H QH 6S 5S AC QS 7H TS KC 2C QH JS KH JD TH 9C 7C 4D AS JD 8S TS TC 2D 6H 3S 4D 9H TC 7D KD AD KD 9S 6D 3D TD 9D QC 2H 6H 7C 2D AH 5D 2S 3D 3H KC 5C 4H 8C KS 8D JH 2H 9D 9C 3C 8D AS 4C 7S JH TH AC 7H 5C 6D 4H TD 5H KH 7D 8S 3S QD 6C 8H 9H QC 2S 5D 4S"
        );
    }

    #[test]
    fn random_deals_follow_pysolfc_time_seeding() {
        use std::time::Duration;
        // PySolFC's `_getRandomSeed` run by python3 for these times:
        // t = int(time * 256.0); (t ^ (t >> 24)) % (10**20 + 1).
        // 1795305600 is 2026-11-22 00:00:00 UTC.
        for (time, want) in [
            (Duration::from_secs(1_795_305_600), 459_598_260_994),
            (Duration::from_millis(1_795_305_600_500), 459_598_261_122),
            (Duration::from_millis(1_795_305_600_250), 459_598_261_058),
            // Below 1/256 s the fraction does not count.
            (Duration::new(1_795_305_600, 3_000_000), 459_598_260_994),
        ] {
            assert_eq!(DealNumber::from_time(time).get(), want, "{time:?}");
        }
        // PySolFC would give 0 at the epoch; we have no game 0.
        assert_eq!(DealNumber::from_time(Duration::ZERO).get(), 1);
        assert!(
            DealNumber::random_now().get() >= 32_000,
            "today's random games use the Mersenne Twister path"
        );
    }
}
