//! The set of positions seen: each by its exact key (no hash stands for a position), with the
//! least talon progress it was seen with, in one word: 8 bytes where the rules' keys and
//! progress fit in 63 bits (the rule sets shipped), else 16.
//!
//! Its own open-addressing table rather than a `HashSet`: the search looks a position up at
//! every move, and in a set of millions each look-up is a cache miss. Keys sit in the slots
//! themselves, probed one after another, so a look-up usually reads one cache line where a
//! `HashSet` reads its control bytes and then the slot, two; and 8-byte slots keep twice as
//! many positions in the caches as 16-byte ones.

/// Slots a fresh table starts with, and at most keeps when cleared.
const SMALL: usize = 1 << 14;

/// An entry: the key, the progress above it, and the top bit set (an all-zero slot is empty).
trait Word: Copy + Eq {
    const ZERO: Self;
    const USED: u128;
    fn wrap(x: u128) -> Self;
    fn get(self) -> u128;
}

impl Word for u64 {
    const ZERO: u64 = 0;
    const USED: u128 = 1 << 63;
    fn wrap(x: u128) -> u64 {
        x as u64
    }
    fn get(self) -> u128 {
        u128::from(self)
    }
}

impl Word for u128 {
    const ZERO: u128 = 0;
    const USED: u128 = 1 << 127;
    fn wrap(x: u128) -> u128 {
        x
    }
    fn get(self) -> u128 {
        self
    }
}

/// One table of slots of one width.
struct Slots<W> {
    slots: Vec<W>,
    len: usize,
}

impl<W: Word> Slots<W> {
    /// No slots until first cleared: a solver uses one width only.
    fn new() -> Slots<W> {
        Slots {
            slots: Vec::new(),
            len: 0,
        }
    }

    fn clear(&mut self) {
        if self.slots.len() != SMALL {
            self.slots = vec![W::ZERO; SMALL];
        } else {
            self.slots.fill(W::ZERO);
        }
        self.len = 0;
    }

    fn meet(&mut self, key: u128, progress: u32, shift: u32) -> Met {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow(shift);
        }
        let keys = (1u128 << shift) - 1;
        debug_assert!(key <= keys && (u128::from(progress) << shift) < W::USED);
        let entry = W::wrap(W::USED | key | u128::from(progress) << shift);
        let mask = self.slots.len() - 1;
        let mut i = hash(key) & mask;
        loop {
            let slot = self.slots[i];
            if slot == W::ZERO {
                self.slots[i] = entry;
                self.len += 1;
                return Met::New;
            }
            let slot = slot.get();
            if slot & keys == key {
                let old = ((slot & !W::USED) >> shift) as u32;
                if old <= progress {
                    return Met::Before;
                }
                self.slots[i] = entry;
                return Met::Better;
            }
            i = (i + 1) & mask;
        }
    }

    /// The slot holding `key`, if any.
    fn find(&self, key: u128, shift: u32) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        let keys = (1u128 << shift) - 1;
        let mask = self.slots.len() - 1;
        let mut i = hash(key) & mask;
        loop {
            let slot = self.slots[i];
            if slot == W::ZERO {
                return None;
            }
            if slot.get() & keys == key {
                return Some(i);
            }
            i = (i + 1) & mask;
        }
    }

    /// Whether `key` is kept with `progress` or less, without marking it.
    fn has(&self, key: u128, progress: u32, shift: u32) -> bool {
        self.find(key, shift)
            .is_some_and(|i| ((self.slots[i].get() & !W::USED) >> shift) as u32 <= progress)
    }

    /// Takes `key` out, moving back the entries after it that would no longer be found
    /// (linear probing's deletion: every entry stays reachable from its hash's slot without
    /// an empty slot between).
    fn forget(&mut self, key: u128, shift: u32) {
        let Some(mut i) = self.find(key, shift) else {
            return;
        };
        let keys = (1u128 << shift) - 1;
        let mask = self.slots.len() - 1;
        self.slots[i] = W::ZERO;
        self.len -= 1;
        let mut j = i;
        loop {
            j = (j + 1) & mask;
            let slot = self.slots[j];
            if slot == W::ZERO {
                return;
            }
            // The entry at `j` stays where it is if its home lies cyclically in (i, j].
            let home = hash(slot.get() & keys) & mask;
            let stays = if i <= j {
                i < home && home <= j
            } else {
                i < home || home <= j
            };
            if !stays {
                self.slots[i] = slot;
                self.slots[j] = W::ZERO;
                i = j;
            }
        }
    }

    fn prefetch(&self, key: u128) {
        // An empty table (before the first `clear`) has no slot to ask for.
        if self.slots.is_empty() {
            return;
        }
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

    fn grow(&mut self, shift: u32) {
        let keys = (1u128 << shift) - 1;
        let bigger = vec![W::ZERO; self.slots.len() * 2];
        huge_pages(&bigger);
        let old = std::mem::replace(&mut self.slots, bigger);
        let mask = self.slots.len() - 1;
        for slot in old.into_iter().filter(|&s| s != W::ZERO) {
            let mut i = hash(slot.get() & keys) & mask;
            while self.slots[i] != W::ZERO {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
    }
}

/// Asks Linux to back a large table with huge pages before it is written: every look-up
/// lands on a page of its own, and with 4 KiB pages most of them missed the TLB as well as the
/// caches (a fifth of a search's time stalled on its prefetches, draw-three deal 54). Only
/// advice: where it is refused nothing changes.
fn huge_pages<W>(slots: &[W]) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = slots.as_ptr() as usize;
        let end = start + std::mem::size_of_val(slots);
        let (from, to) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
        if to > from {
            // SAFETY: madvise with MADV_HUGEPAGE changes how the pages are backed, never what
            // they hold, and the range lies inside the table.
            unsafe {
                libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = slots;
}

/// The positions seen, by key, with the least progress each was seen with.
pub struct Seen {
    narrow: Slots<u64>,
    wide: Slots<u128>,
    /// Entries of 8 bytes (else 16).
    is_narrow: bool,
    /// Where the progress sits in an entry: above the key's bits.
    shift: u32,
}

impl Default for Seen {
    fn default() -> Seen {
        Seen {
            narrow: Slots::new(),
            wide: Slots::new(),
            is_narrow: true,
            shift: 0,
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
    /// Forgets every position, and takes keys of `key_bits` bits and progress of
    /// `progress_bits` from now on. A table grown large for one hard search is given back, so
    /// that the many small searches after it do not each wipe it. Needed before the first `meet`.
    pub fn clear(&mut self, key_bits: u32, progress_bits: u32) {
        self.shift = key_bits;
        // One bit more marks a slot in use.
        self.is_narrow = key_bits + progress_bits < 64;
        assert!(
            key_bits + progress_bits < 128,
            "a key too long for the table"
        );
        if self.is_narrow {
            self.narrow.clear();
        } else {
            self.wide.clear();
        }
    }

    /// Bytes its slots hold.
    pub fn bytes(&self) -> usize {
        self.narrow.slots.capacity() * 8 + self.wide.slots.capacity() * 16
    }

    /// Marks `key` seen with `progress`, and says how it was met.
    pub fn meet(&mut self, key: u128, progress: u32) -> Met {
        if self.is_narrow {
            self.narrow.meet(key, progress, self.shift)
        } else {
            self.wide.meet(key, progress, self.shift)
        }
    }

    /// Whether `key` is kept with `progress` or less (another search's memory, asked without
    /// marking anything).
    pub fn has(&self, key: u128, progress: u32) -> bool {
        if self.is_narrow {
            self.narrow.has(key, progress, self.shift)
        } else {
            self.wide.has(key, progress, self.shift)
        }
    }

    /// Forgets `key` (a position being searched when a search stopped: not proved lost).
    pub fn forget(&mut self, key: u128) {
        if self.is_narrow {
            self.narrow.forget(key, self.shift)
        } else {
            self.wide.forget(key, self.shift)
        }
    }

    /// Asks the memory for `key`'s first slot, so that meeting it soon finds it in the cache:
    /// the search asks for all of a position's moves at once, and their misses then overlap.
    pub fn prefetch(&self, key: u128) {
        if self.is_narrow {
            self.narrow.prefetch(key);
        } else {
            self.wide.prefetch(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table never cleared has no slot: asking for one is harmless (it once computed an
    /// index from a length of zero).
    #[test]
    fn a_prefetch_before_the_first_clear_is_harmless() {
        let seen = Seen::default();
        seen.prefetch(12345);
        seen.prefetch(u128::MAX);
    }

    /// Against a `HashMap` of the least progress per key, over keys that collide often, in
    /// both widths of entry, with keys forgotten and asked for along the way.
    #[test]
    fn keeps_the_least_progress_of_each_key() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let mut rng = StdRng::seed_from_u64(3);
        let mut seen = Seen::default();
        for (key_bits, progress_bits, narrow) in [(56, 7, true), (100, 10, false), (40, 7, true)] {
            seen.clear(key_bits, progress_bits);
            assert_eq!(seen.is_narrow, narrow);
            let mut truth = std::collections::HashMap::<u128, u32>::new();
            for _ in 0..100_000 {
                let key = u128::from(rng.random_range(0..40_000u32)) << (key_bits - 16);
                let progress = rng.random_range(0..1 << progress_bits);
                let want = match truth.get(&key) {
                    None => Met::New,
                    Some(&old) if old <= progress => Met::Before,
                    Some(_) => Met::Better,
                };
                if want != Met::Before {
                    truth.insert(key, progress);
                }
                assert_eq!(seen.meet(key, progress), want);
                // Now and then a key forgotten, and another asked without marking it.
                if rng.random_range(0..4) == 0 {
                    let gone = u128::from(rng.random_range(0..40_000u32)) << (key_bits - 16);
                    truth.remove(&gone);
                    seen.forget(gone);
                    assert!(!seen.has(gone, u32::MAX));
                }
                let asked = u128::from(rng.random_range(0..40_000u32)) << (key_bits - 16);
                let p = rng.random_range(0..1 << progress_bits);
                assert_eq!(
                    seen.has(asked, p),
                    truth.get(&asked).is_some_and(|&o| o <= p)
                );
            }
            // Every key kept is still found after all the forgetting.
            for (&key, &progress) in &truth {
                assert!(seen.has(key, progress), "{key:#x}");
            }
        }
    }
}
