//! The set of positions seen: each by its exact key (no hash stands for a position), with the
//! least talon progress it was seen with, in 16 bytes.
//!
//! Its own open-addressing table rather than a `HashSet`: the search looks a position up at
//! every move, and in a set of millions each look-up is a cache miss. Keys sit in the slots
//! themselves, probed one after another, so a look-up usually reads one cache line where a
//! `HashSet` reads its control bytes and then the slot, two.

/// Where the progress sits in an entry: keys use fewer bits (`State::key`).
pub const PROGRESS_SHIFT: u32 = 112;
pub const KEY_BITS: u128 = (1 << PROGRESS_SHIFT) - 1;
/// Marks a slot in use (progress never reaches it), so that an all-zero slot is empty.
const USED: u128 = 1 << 127;
/// Slots a fresh table starts with, and at most keeps when cleared.
const SMALL: usize = 1 << 14;

/// The positions seen, by key, with the least progress each was seen with.
pub struct Seen {
    slots: Vec<u128>,
    len: usize,
}

impl Default for Seen {
    fn default() -> Seen {
        Seen {
            slots: vec![0; SMALL],
            len: 0,
        }
    }
}

/// What looking a key up with some progress found.
#[derive(Debug, PartialEq, Eq)]
pub enum Met {
    /// Never seen: now it is.
    New,
    /// Seen with more progress: now with this, the less.
    Better,
    /// Seen with as little progress or less.
    Before,
}

fn hash(key: u128) -> usize {
    let x = (key as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (key >> 64) as u64;
    let x = (x ^ (x >> 32)).wrapping_mul(0xd6e8_feb8_6659_fd93);
    (x ^ (x >> 32)) as usize
}

impl Seen {
    /// Forgets every position. A table grown large for one hard search is given back, so that
    /// the many small searches after it do not each wipe it.
    pub fn clear(&mut self) {
        if self.slots.len() > SMALL {
            self.slots = vec![0; SMALL];
        } else {
            self.slots.fill(0);
        }
        self.len = 0;
    }

    /// Marks `key` (within `KEY_BITS`) seen with `progress`, and says how it was met.
    pub fn meet(&mut self, key: u128, progress: u32) -> Met {
        debug_assert!(key <= KEY_BITS && u128::from(progress) << PROGRESS_SHIFT < USED);
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let entry = USED | key | u128::from(progress) << PROGRESS_SHIFT;
        let mask = self.slots.len() - 1;
        let mut i = hash(key) & mask;
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                self.slots[i] = entry;
                self.len += 1;
                return Met::New;
            }
            if slot & KEY_BITS == key {
                let old = ((slot & !USED) >> PROGRESS_SHIFT) as u32;
                if old <= progress {
                    return Met::Before;
                }
                self.slots[i] = entry;
                return Met::Better;
            }
            i = (i + 1) & mask;
        }
    }

    /// Asks the memory for `key`'s first slot, so that meeting it soon finds it in the cache:
    /// the search asks for all of a position's moves at once, and their misses then overlap.
    pub fn prefetch(&self, key: u128) {
        let i = hash(key) & (self.slots.len() - 1);
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch reads nothing and faults on nothing, whatever the address; this
        // one is inside the table anyway.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(self.slots.as_ptr().add(i).cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = i;
    }

    fn grow(&mut self) {
        let bigger = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, bigger);
        let mask = self.slots.len() - 1;
        for slot in old.into_iter().filter(|&s| s != 0) {
            let mut i = hash(slot & KEY_BITS) & mask;
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against a `HashMap` of the least progress per key, over keys that collide often.
    #[test]
    fn keeps_the_least_progress_of_each_key() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let mut rng = StdRng::seed_from_u64(3);
        let mut seen = Seen::default();
        for round in 0..3 {
            let mut truth = std::collections::HashMap::<u128, u32>::new();
            for _ in 0..100_000 {
                let key = u128::from(rng.random_range(0..40_000u32)) << (round * 40);
                let progress = rng.random_range(0..1000);
                let want = match truth.get(&key) {
                    None => Met::New,
                    Some(&old) if old <= progress => Met::Before,
                    Some(_) => Met::Better,
                };
                if want != Met::Before {
                    truth.insert(key, progress);
                }
                assert_eq!(seen.meet(key, progress), want);
            }
            seen.clear();
        }
    }
}
