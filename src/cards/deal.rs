//! PySolFC's deal numbers and its two shuffles (its LCG below 32000, Python's Mersenne Twister
//! from 32000 on), for every patience: each patience puts the cards in its own order before the
//! shuffle and deals them its own way after it (docs/rules.md, "Deal numbers").

use super::card::{Card, Suit};
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

    /// The 52 cards of a one-pack game in the order PySolFC deals them, first dealt first.
    ///
    /// PySolFC makes the cards suit by suit (♣ ♠ ♥ ♦, Ace to King). Below 32000 a 52-card game
    /// first reorders them rank by rank, in the suit order ♣ ♦ ♥ ♠ (its `ms_rearrange`, which
    /// makes its LCG deals Microsoft's), then shuffles as for any game; the shuffled list is
    /// dealt from its end. Each patience deals this order its own way (Klondike's columns row by
    /// row then the stock, FreeCell's left to right across its columns).
    pub fn one_pack(self) -> [Card; 52] {
        let mut cards: [Card; 52] =
            std::array::from_fn(|i| Card::from_index(i as u8).expect("under 52"));
        if self.0 < 32_000 {
            const ORDER: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
            cards = std::array::from_fn(|i| Card::new(ORDER[i % 4], (i / 4) as u8 + 1));
        }
        self.shuffle(&mut cards);
        cards.reverse();
        cards
    }

    /// Shuffles `cards` as PySolFC shuffles a game's cards for this deal number: with its LCG
    /// below 32000, else with Python's Mersenne Twister (the patience decides the cards' order
    /// before it, and what is dealt first after).
    pub fn shuffle<T>(self, cards: &mut [T]) {
        self.shuffle_then(cards, |_, _| {});
    }

    /// Shuffles as [`DealNumber::shuffle`], then hands `then` the cards and the generator,
    /// carried on: `draw(n)` is PySolFC's `choice` among `n` (`randint(0, n - 1)`), for a
    /// game whose hook draws again after the shuffle (Nestor's). Returns how many numbers
    /// were drawn in all (for [`shuffle_again`]).
    pub fn shuffle_then<T>(
        self,
        cards: &mut [T],
        then: impl FnOnce(&mut [T], &mut dyn FnMut(u32) -> u32),
    ) -> u32 {
        let mut drawn = cards.len().saturating_sub(1) as u32;
        let mut rng = Generator::new(self.0);
        shuffle(cards, &mut rng);
        then(cards, &mut |n| {
            drawn += 1;
            rng.randint(n.max(1) - 1)
        });
        drawn
    }
}

/// PySolFC's `shuffleStackMove` in a game of deal `deal` whose generator has drawn `drawn`
/// numbers since the deal began (the deal's own shuffle among them): `cards` shuffled as its
/// `AShuffleStackMove` does, bottom first. Returns the numbers drawn now. A deal number out
/// of range (a position made by hand) shuffles as deal 0 of the LCG would.
pub fn shuffle_again<T>(deal: u128, drawn: u32, cards: &mut [T]) -> u32 {
    let mut rng = Generator::new(deal);
    for _ in 0..drawn {
        rng.randint(1);
    }
    shuffle(cards, &mut rng);
    cards.len().saturating_sub(1) as u32
}

/// PySolFC's generator for a deal number: its LCG below 32000, else Python's Mersenne
/// Twister. Every `randint` draws one number of it (the Twister's `random()` takes two words
/// each time), so a count of draws says where it stands.
enum Generator {
    Lcg(MsLcg),
    Twister(Box<PythonRandom>),
}

impl Generator {
    fn new(deal: u128) -> Generator {
        if deal < 32_000 {
            Generator::Lcg(MsLcg::new(deal as u64))
        } else {
            Generator::Twister(Box::new(PythonRandom::new(deal)))
        }
    }
}

impl RandInt for Generator {
    fn randint(&mut self, n: u32) -> u32 {
        match self {
            Generator::Lcg(g) => g.randint(n),
            Generator::Twister(g) => g.randint(n),
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
fn shuffle<T>(cards: &mut [T], rng: &mut impl RandInt) {
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
