//! The solver's search best first (`solver.rs` gives it a quarter of the budget left, twice:
//! once with each weight): of the positions reached and not yet gone on from, the one nearest
//! a win next. Near is most cards home, then fewest cards lying on the cards the foundations
//! want next, and with a weight, fewest lying on a card wanted sooner than they are (a card a
//! player must move again, or can never move in time where the piles give only home: Sly Fox's
//! deals 1-300, none won at the table's budget without the weight, 15 with it). Where depth first
//! spends its budget low in the tree, this goes straight at positions near a win: Salic Law's
//! and Tournament's deals 1-200 at the table's 20,000 positions, 80 and 12 won depth first,
//! 131 and 28 with it (docs/performance.md). It proves nothing lost, and leaves out only what
//! the depth-first search leaves out (positions met before, dead ones).

use super::order::{ordered, play_safe};
use super::prune::Prune;
use crate::kinds::compiled::{Compiled, MAX_PILES};
use crate::kinds::file::{Build, Kind};
use crate::kinds::position::{DOWN, Position, card};
use crate::kinds::takes::next_ranks;
use crate::kinds::{Step, moves};
use crate::patience::hash::Fx;
use std::collections::{BinaryHeap, HashSet};

/// A card home outweighs any count of cards lying on wanted ones (a weight of 8 did worse).
const HOME_WEIGHT: i32 = 1000;

/// How many cards each foundation must take before a card can go onto it, by suit and rank:
/// the least and the next least over the foundations of its suit (`u8::MAX` where none will
/// take it). With two packs a card's twin may take the nearer foundation.
type Waits = [[(u8, u8); 16]; 4];

/// `waits` of a position, with what it depends on: the foundations' tops and the base rank.
type WaitsOf = ([Option<u8>; MAX_PILES], u8, Waits);

fn waits(rules: &Compiled, p: &Position, homes: &[u8]) -> Waits {
    let mut waits = [[(u8::MAX, u8::MAX); 16]; 4];
    for &h in homes {
        let pile = &rules.piles[usize::from(h)];
        if pile.kind != Kind::Foundation || pile.build == Build::RanksOfPrevious {
            continue;
        }
        let top = p.top(h);
        let suits: u8 = match (pile.suit, top) {
            (Some(s), _) => 1 << s as u8,
            (None, Some(t)) if pile.build == Build::SameSuit => 1 << card(t).suit() as u8,
            _ => 0b1111,
        };
        let mut ranks = moves::wanted_ranks(rules, p, h, top);
        let mut reached = 0u16;
        let mut wait = 0u8;
        while ranks & !reached != 0 && wait < 16 {
            let fresh = ranks & !reached;
            let mut bits = fresh;
            while bits != 0 {
                let r = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                for (s, by_rank) in waits.iter_mut().enumerate() {
                    if suits & (1 << s) != 0 {
                        let w = &mut by_rank[usize::from(r)];
                        if wait < w.0 {
                            *w = (wait, w.0);
                        } else if wait < w.1 {
                            w.1 = wait;
                        }
                    }
                }
            }
            reached |= fresh;
            let mut next = 0u16;
            let mut bits = fresh;
            while bits != 0 {
                let r = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                next |= next_ranks(r, pile.dir, pile.wrap, pile.step);
            }
            ranks = next;
            wait += 1;
        }
    }
    waits
}

/// A position waiting in the best-first search: its rank (the more cards home the sooner, then
/// the fewer face down, then the newest, so that among equals it goes deep, as depth first
/// does), and where it lies in the search's store. The heap moves these, not whole positions
/// (a few hundred bytes each, moved at every step up or down the heap).
struct Waiting {
    rank: (i32, i32, u32),
    slot: u32,
}

impl PartialEq for Waiting {
    fn eq(&self, other: &Waiting) -> bool {
        self.rank == other.rank
    }
}

impl Eq for Waiting {}

impl PartialOrd for Waiting {
    fn partial_cmp(&self, other: &Waiting) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Waiting {
    fn cmp(&self, other: &Waiting) -> std::cmp::Ordering {
        self.rank.cmp(&other.rank)
    }
}

/// The positions waiting, each in a slot; a slot gone on from is used again.
#[derive(Default)]
struct Store {
    positions: Vec<Position>,
    free: Vec<u32>,
}

impl Store {
    fn put(&mut self, p: Position) -> u32 {
        match self.free.pop() {
            Some(slot) => {
                self.positions[slot as usize] = p;
                slot
            }
            None => {
                self.positions.push(p);
                (self.positions.len() - 1) as u32
            }
        }
    }

    fn take(&mut self, slot: u32) -> Position {
        self.free.push(slot);
        self.positions[slot as usize]
    }
}

/// Looks for a win best first within `budget` positions (the order: `Waiting`), each position
/// once: a win's line or nothing, and the positions searched.
pub(super) fn search(
    rules: &Compiled,
    prune: &Prune,
    start: &Position,
    budget: usize,
    weight: i32,
    seen: &mut HashSet<u128, Fx>,
) -> (Option<Vec<Step>>, usize) {
    seen.clear();
    let homes: Vec<u8> = (0..rules.piles.len() as u8)
        .filter(|&i| rules.piles[usize::from(i)].kind.is_home())
        .collect();
    let last_waits: std::cell::RefCell<Option<WaitsOf>> = std::cell::RefCell::new(None);
    let rank = |p: &Position, id: u32| {
        let home = homes.iter().map(|&h| p.len(h)).sum::<usize>() as i32;
        // The cards the foundations want next, by suit, and how deep each lies.
        let wanted = super::distance::wanted(rules, p);
        // Without a weight no card is counted as lying on one wanted sooner: not worked out.
        let waits = if weight == 0 {
            [[(u8::MAX, u8::MAX); 16]; 4]
        } else {
            // They depend only on the foundations' tops (and the base rank): most children
            // share their parent's.
            let mut cache = last_waits.borrow_mut();
            let mut tops = [None; MAX_PILES];
            for (t, &h) in tops.iter_mut().zip(&homes) {
                *t = p.top(h);
            }
            match &*cache {
                Some((t, base, w)) if *t == tops && *base == p.base => *w,
                _ => {
                    let w = waits(rules, p, &homes);
                    *cache = Some((tops, p.base, w));
                    w
                }
            }
        };
        let mut buried = 0i32;
        let mut down = 0i32;
        let mut blockers = 0i32;
        // Each card's shallowest copy on the table goes to the foundation that wants it
        // soonest; another copy waits for the next foundation of its suit (two packs).
        let mut shallowest = [[(u8::MAX, u8::MAX); 16]; 4];
        for i in 0..p.piles() as u8 {
            let kind = rules.piles[usize::from(i)].kind;
            if weight == 0 || kind.is_home() || kind == Kind::Stock {
                continue;
            }
            let cards = p.pile(i);
            for (j, &b) in cards.iter().enumerate() {
                let c = card(b);
                let depth = (cards.len() - 1 - j) as u8;
                let at = &mut shallowest[c.suit() as usize][usize::from(c.rank())];
                if depth < at.1 {
                    *at = (i, depth);
                }
            }
        }
        for i in 0..p.piles() as u8 {
            let kind = rules.piles[usize::from(i)].kind;
            if kind.is_home() {
                continue;
            }
            let cards = p.pile(i);
            let mut soonest = u8::MAX;
            for (j, &b) in cards.iter().enumerate() {
                down += i32::from(b & DOWN != 0);
                let c = card(b);
                if wanted[c.suit() as usize] & (1 << c.rank()) != 0 {
                    buried += (cards.len() - 1 - j) as i32;
                }
                // Without a weight the blockers count for nothing: not counted.
                if weight == 0 {
                    continue;
                }
                let (s, r) = (c.suit() as usize, usize::from(c.rank()));
                let (w1, w2) = waits[s][r];
                let depth = (cards.len() - 1 - j) as u8;
                let w = if shallowest[s][r] == (i, depth) {
                    w1
                } else {
                    w2
                };
                if kind != Kind::Stock {
                    blockers += i32::from(w > soonest);
                }
                soonest = soonest.min(w);
            }
        }
        (HOME_WEIGHT * home - buried - weight * blockers, -down, id)
    };
    // Each position's way from its parent (the move, then the safe moves after it), as a
    // span of `steps`: the line of a win is read back from the parents.
    let mut steps: Vec<Step> = Vec::new();
    let mut nodes: Vec<(u32, u32, u32)> = Vec::new();
    let line_to = |nodes: &[(u32, u32, u32)], steps: &[Step], mut id: u32| {
        let mut spans = Vec::new();
        while id != u32::MAX {
            let (parent, from, to) = nodes[id as usize];
            spans.push(from as usize..to as usize);
            id = parent;
        }
        spans
            .into_iter()
            .rev()
            .flat_map(|r| steps[r].to_vec())
            .collect()
    };
    let mut root = *start;
    play_safe(rules, prune, &mut root, &mut steps);
    if moves::is_won(rules, &root) {
        return (Some(steps), 0);
    }
    nodes.push((u32::MAX, 0, steps.len() as u32));
    seen.insert(prune.key(rules, &root));
    let mut heap = BinaryHeap::new();
    let mut store = Store::default();
    heap.push(Waiting {
        rank: rank(&root, 0),
        slot: store.put(root),
    });
    let mut searched = 0;
    let mut next = Vec::new();
    while let Some(Waiting {
        rank: (_, _, id),
        slot,
    }) = heap.pop()
    {
        let p = store.take(slot);
        ordered(rules, prune, &p, None, &mut next);
        for &m in &next {
            let mut q = p;
            let from = steps.len() as u32;
            moves::play(rules, &mut q, m);
            steps.push(m);
            play_safe(rules, prune, &mut q, &mut steps);
            let child = nodes.len() as u32;
            nodes.push((id, from, steps.len() as u32));
            if moves::is_won(rules, &q) {
                return (Some(line_to(&nodes, &steps, child)), searched);
            }
            if !seen.insert(prune.key(rules, &q)) || prune.dead(rules, &q, m) {
                steps.truncate(from as usize);
                nodes.pop();
                continue;
            }
            searched += 1;
            if searched >= budget {
                return (None, searched);
            }
            heap.push(Waiting {
                rank: rank(&q, child),
                slot: store.put(q),
            });
        }
    }
    (None, searched)
}
