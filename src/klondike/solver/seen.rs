//! The set of positions seen: each by its exact key (no hash stands for a position), with the
//! least talon progress it was seen with, in 16 bytes.

use std::collections::HashSet;

/// Mixes the 128-bit keys into the set's 64-bit hash.
#[derive(Default, Clone, Copy)]
pub struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn write_u128(&mut self, v: u128) {
        let x = (v as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (v >> 64) as u64;
        let x = (x ^ (x >> 32)).wrapping_mul(0xd6e8_feb8_6659_fd93);
        self.0 = x ^ (x >> 32);
    }
}

/// Each position seen, by its key, with the least talon progress it was seen with: 16 bytes
/// each, since the table's verdicts keep hundreds of thousands of them.
pub type Seen = HashSet<SeenKey, std::hash::BuildHasherDefault<KeyHasher>>;

/// Where the progress sits in a `SeenKey`: keys use fewer bits (`State::key`).
pub const PROGRESS_SHIFT: u32 = 112;
pub const KEY_BITS: u128 = (1 << PROGRESS_SHIFT) - 1;

/// A position's key in its low bits, and its talon progress above them; equal and hashed by
/// the key alone.
#[derive(Clone, Copy)]
pub struct SeenKey(pub u128);

impl SeenKey {
    pub fn progress(self) -> u32 {
        (self.0 >> PROGRESS_SHIFT) as u32
    }
}

impl PartialEq for SeenKey {
    fn eq(&self, other: &SeenKey) -> bool {
        (self.0 ^ other.0) & KEY_BITS == 0
    }
}

impl Eq for SeenKey {}

impl std::hash::Hash for SeenKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u128(self.0 & KEY_BITS);
    }
}
