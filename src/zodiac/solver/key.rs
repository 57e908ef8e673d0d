//! The search's memory: a 32-byte state key and a hash map with a fast multiplicative hash
//! (the keys are small and not chosen by an adversary, so SipHash's strength buys nothing).

pub use crate::patience::hash::FxHasher;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// A search state packed into 32 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Key([u64; 4]);

impl Key {
    pub fn from_bytes(bytes: &[u8; 32]) -> Key {
        Key(std::array::from_fn(|i| {
            u64::from_le_bytes(bytes[i * 8..i * 8 + 8].try_into().expect("8 bytes"))
        }))
    }
}

/// What the search has worked out so far, kept between calls so its memory is reused.
#[derive(Default)]
pub struct Memo(HashMap<Key, (u8, u8), BuildHasherDefault<FxHasher>>);

impl Memo {
    pub fn get(&self, key: &Key) -> Option<(u8, u8)> {
        self.0.get(key).copied()
    }

    pub fn insert(&mut self, key: Key, value: (u8, u8)) {
        self.0.insert(key, value);
    }

    pub fn clear(&mut self) {
        self.0.clear();
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Bytes its map holds (each slot a key, its value and a control byte).
    pub fn bytes(&self) -> usize {
        self.0.capacity() * (std::mem::size_of::<(Key, (u8, u8))>() + 1)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}
