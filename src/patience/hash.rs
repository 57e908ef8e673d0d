//! A fast multiplicative hash for the solvers' maps and sets of positions: their keys are small
//! and not chosen by an adversary, so SipHash's strength buys nothing and costs a tenth of a
//! search's time.

use std::hash::{BuildHasherDefault, Hasher};

/// FxHash's mixing step, one word at a time.
#[derive(Default)]
pub struct FxHasher(u64);

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// A `HashSet` or `HashMap`'s hasher: [`FxHasher`].
pub type Fx = BuildHasherDefault<FxHasher>;
