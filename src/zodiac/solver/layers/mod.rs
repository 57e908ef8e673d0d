//! The fast exact method for one suit: a dynamic programme over the ranks, Ace to King.
//!
//! Each card of the suit still to go home is one *slot* of a foundation: the up foundation's 7
//! or the down foundation's 7, say. A plan gives every slot a place (a pile, or the Equator)
//! and fixes the order the two foundations take their cards in (the merge). A pile is then a
//! chain of slots, each lying on one a rank away that goes home *later*. So a plan is a set of
//! chain links between slots of neighbouring ranks, each link pointing from the slot that goes
//! home later (below) to the one that goes home earlier (on top), and:
//! - a slot holds at most one card on it and lies on at most one;
//! - the piles' present cards are fixed links (their slots chosen among the two of each rank);
//! - a card lies on nothing only if it is a pile's base or waits in the Equator (cost 1), and
//!   then nothing lies on it unless it is a base (new cards are built only on piles);
//! - new links only in phase 1.
//!
//! Those are all local to two neighbouring ranks, so sweeping the ranks with a small state
//! (which slots are whose, their links to the rank below, and where the merge stands) decides
//! the suit exactly: no piles to track, no search. The merge is a monotone staircase; per rank
//! only the few values of it that change a link's direction are kept.

use super::suit::{INF, Layout, Source, SuitProblem};
use crate::zodiac::Card;

mod step;

use step::step;

const FREE: u8 = 2;
const NONE: u16 = u16::MAX;

/// The sweep's state at one rank: per foundation side (0: f = suit, 1: f = suit + 4), which
/// present card holds that slot (an index into the rank's list, or FREE), whether it rests on a
/// slot of the rank below and whether one of those rests on it, and the merge: how many of side 0's cards come off before
/// side 1's card of this rank when played backwards.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Sweep {
    role: [u8; 2],
    rests: [bool; 2],
    carries: [bool; 2],
    g: u8,
    event: bool,
}

impl Sweep {
    const START: Sweep = Sweep {
        role: [FREE; 2],
        rests: [false; 2],
        carries: [false; 2],
        g: 0,
        event: false,
    };

    fn pack(&self) -> usize {
        usize::from(self.role[0])
            | usize::from(self.role[1]) << 2
            | usize::from(self.rests[0]) << 4
            | usize::from(self.rests[1]) << 5
            | usize::from(self.carries[0]) << 6
            | usize::from(self.carries[1]) << 7
            | usize::from(self.g) << 8
            | usize::from(self.event) << 12
    }
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    at: Sweep,
    cost: u8,
    prev: u16,
    /// The links chosen to the rank below (bit per pair, see `PAIRS`), and which of them have
    /// the lower-rank slot underneath.
    links: u8,
    low_under: u8,
}

/// The four slot pairs between rank r (low) and r + 1 (high): (low side, high side).
const PAIRS: [(usize, usize); 4] = [(0, 0), (0, 1), (1, 0), (1, 1)];

/// Scratch memory for the sweep, kept between calls.
pub struct Layers {
    ranks: Vec<Vec<Entry>>,
    index: Vec<u16>,
}

impl Default for Layers {
    fn default() -> Self {
        Layers {
            ranks: vec![Vec::new(); 15],
            index: vec![NONE; 1 << 13],
        }
    }
}

/// The present cards of one rank: (pile, index in the pile), at most two.
type RankCards = [(u8, u8); 2];

struct Setup<'a> {
    problem: &'a SuitProblem,
    cards: [RankCards; 15],
    counts: [u8; 15],
    /// Slot index per rank (0 to 16) and side, or NO_SLOT.
    slots: [[u8; 2]; 17],
}

const NO_SLOT: u8 = u8::MAX;

impl Setup<'_> {
    /// Slot index of rank r on side s, if that foundation still misses it.
    fn slot(&self, r: u8, s: usize) -> Option<u8> {
        let i = self.slots[usize::from(r)][s];
        (i != NO_SLOT).then_some(i)
    }

    fn exists(&self, r: u8, s: usize) -> bool {
        self.slots[usize::from(r)][s] != NO_SLOT
    }

    fn talon(&self, r: u8) -> bool {
        self.problem.talon & (1 << r) != 0
    }

    /// The ways to seat rank r's present cards in its slots.
    fn seatings(&self, r: u8) -> ([[u8; 2]; 2], usize) {
        let (a, b) = (self.exists(r, 0), self.exists(r, 1));
        match self.counts[usize::from(r)] {
            0 => ([[FREE; 2]; 2], 1),
            1 => match (a, b) {
                (true, true) => ([[0, FREE], [FREE, 0]], 2),
                (true, false) => ([[0, FREE]; 2], 1),
                (false, true) => ([[FREE, 0]; 2], 1),
                _ => ([[FREE; 2]; 2], 0),
            },
            _ if a && b => ([[0, 1], [1, 0]], 2),
            _ => ([[FREE; 2]; 2], 0),
        }
    }

    /// The merge values worth trying for side 1's slot of rank r + 1.
    fn merges(&self, r: u8, g: u8) -> ([u8; 3], usize) {
        let b = self.problem.streams[1];
        if !self.exists(r + 1, 1) {
            return ([0; 3], 1);
        }
        let (mut lo, mut hi) = (0, self.problem.streams[0].len);
        if self.exists(r, 1) {
            if b.rising() {
                lo = g;
            } else {
                hi = g;
            }
        }
        let mut out = [0u8; 3];
        let mut n = 0;
        let mut push = |v: u8| {
            if (lo..=hi).contains(&v) && !out[..n].contains(&v) {
                out[n] = v;
                n += 1;
            }
        };
        // Keep the end that leaves the next rank most freedom, plus each value where a link
        // between this slot and a side-0 slot a rank away turns round. Why no plan is lost:
        // the value chosen here matters to this rank's links only through which of this slot
        // and the side-0 slots of ranks r and r + 2 goes home first, which changes only where
        // the value passes such a slot's index (the values pushed below); and to the later
        // ranks only through the bound it sets on the next value (rising, the next is at
        // least this one; falling, at most). So between two of those points every value
        // links alike, and the one nearest the free end bounds the rest least: it does all
        // the others of its stretch can. (Checked against a plain search of the rules with
        // no pruning: `the_solver_agrees_with_a_plain_search`.)
        push(if b.rising() { lo } else { hi });
        for near in [r, r + 2] {
            if let Some(i) = self.slot(near, 0) {
                push(if b.rising() { i + 1 } else { i });
            }
        }
        (out, n)
    }

    /// The present card in a slot: (pile, index).
    fn card(&self, r: u8, role: u8) -> Option<(u8, u8)> {
        (role != FREE).then(|| self.cards[usize::from(r)][usize::from(role)])
    }
}

impl Layers {
    /// Bytes its scratch memory holds.
    pub fn bytes(&self) -> usize {
        let ranks: usize = self.ranks.iter().map(Vec::capacity).sum();
        ranks * std::mem::size_of::<Entry>() + self.index.capacity() * 2
    }

    /// The suit's two figures (see [`SuitProblem::solve`]).
    pub fn solve(&mut self, problem: &SuitProblem) -> (u8, u8) {
        let Some(setup) = setup(problem) else {
            return (INF, INF);
        };
        self.sweep(&setup);
        let last = &self.ranks[14];
        let best = |event: Option<bool>| {
            last.iter()
                .filter(|e| event.is_none_or(|ev| e.at.event == ev))
                .map(|e| e.cost)
                .min()
                .unwrap_or(INF)
        };
        (best(None), best(Some(true)))
    }

    /// The plan behind the figure: `last` asks for the one that ends phase 1 with one of this
    /// suit's stock cards. Call right after [`Layers::solve`] for the same problem.
    pub fn layout(&self, problem: &SuitProblem, last: bool) -> Layout {
        let setup = setup(problem).expect("a solved suit");
        let end = self.ranks[14]
            .iter()
            .enumerate()
            .filter(|(_, e)| !last || e.at.event)
            .min_by_key(|(_, e)| e.cost)
            .map(|(i, _)| i)
            .expect("a plan exists");
        // Walk back: the state at each rank and the links up to it.
        let mut at = [Sweep::START; 15];
        let mut links = [(0u8, 0u8); 15];
        let mut i = end;
        for r in (1..=14).rev() {
            let e = self.ranks[r][i];
            at[r] = e.at;
            links[r] = (e.links, e.low_under);
            i = usize::from(e.prev);
        }
        // Per slot: what lies on it, and what it lies on.
        let mut on_top: [[Option<(u8, usize)>; 2]; 15] = [[None; 2]; 15];
        let mut below: [[Option<(u8, usize)>; 2]; 15] = [[None; 2]; 15];
        for r in 1..14u8 {
            let (l, low_under) = links[usize::from(r) + 1];
            for (k, &(ls, hs)) in PAIRS.iter().enumerate() {
                if l & (1 << k) == 0 {
                    continue;
                }
                let (under, over) = if low_under & (1 << k) != 0 {
                    ((r, ls), (r + 1, hs))
                } else {
                    ((r + 1, hs), (r, ls))
                };
                on_top[usize::from(under.0)][under.1] = Some(over);
                below[usize::from(over.0)][over.1] = Some(under);
            }
        }
        let suit = problem.suit;
        let mut layout = Layout::default();
        let mut pile_of = [[None::<u8>; 2]; 15];
        for r in 1..=13u8 {
            for s in 0..2 {
                let Some((p, i)) = setup.card(r, at[usize::from(r)].role[s]) else {
                    continue;
                };
                let z = problem.pile_z[usize::from(p)];
                pile_of[usize::from(r)][s] = Some(z);
                if i + 1 != problem.lens[usize::from(p)] {
                    continue;
                }
                let mut built = Vec::new();
                let mut slot = on_top[usize::from(r)][s];
                while let Some((rr, ss)) = slot {
                    built.push(Card::new(suit, rr));
                    pile_of[usize::from(rr)][ss] = Some(z);
                    slot = on_top[usize::from(rr)][ss];
                }
                if !built.is_empty() {
                    layout.builds.push((z, built));
                }
            }
        }
        // The merge, played backwards: side 0's slots before each side-1 slot, then the rest.
        let (a, b) = (problem.streams[0], problem.streams[1]);
        let mut backwards = Vec::with_capacity(26);
        let mut next_a = 0;
        for k in 0..b.len {
            let r = b.rank(k);
            while next_a < at[usize::from(r)].g {
                backwards.push((0usize, a.rank(next_a)));
                next_a += 1;
            }
            backwards.push((1, r));
        }
        backwards.extend((next_a..a.len).map(|i| (0, a.rank(i))));
        for &(s, r) in backwards.iter().rev() {
            let from = match pile_of[usize::from(r)][s] {
                Some(z) => Source::Zodiac(z),
                None => Source::Equator(Card::new(suit, r)),
            };
            layout.home.push((problem.foundation(s as u8), from));
        }
        if last {
            layout.last = (1..=13u8).find_map(|r| {
                (0..2).find_map(|s| {
                    let free = setup.exists(r, s) && at[usize::from(r)].role[s] == FREE;
                    let ends = on_top[usize::from(r)][s].is_none() && setup.talon(r);
                    (free && ends).then(|| {
                        let card = Card::new(suit, r);
                        (
                            card,
                            below[usize::from(r)][s].and(pile_of[usize::from(r)][s]),
                        )
                    })
                })
            });
        }
        layout
    }

    fn sweep(&mut self, setup: &Setup) {
        for layer in &mut self.ranks {
            layer.clear();
        }
        self.ranks[0].push(Entry {
            at: Sweep::START,
            cost: 0,
            prev: 0,
            links: 0,
            low_under: 0,
        });
        for r in 0..14u8 {
            let (low, high) = self.ranks.split_at_mut(usize::from(r) + 1);
            let (low, high) = (&low[usize::from(r)], &mut high[0]);
            for (from, e) in low.iter().enumerate() {
                if e.cost == INF {
                    continue;
                }
                step(setup, r, from as u16, e, high, &mut self.index);
            }
            for e in high.iter() {
                self.index[e.at.pack()] = NONE;
            }
        }
    }
}

fn setup(problem: &SuitProblem) -> Option<Setup<'_>> {
    let mut setup = Setup {
        problem,
        cards: [[(0, 0); 2]; 15],
        counts: [0; 15],
        slots: std::array::from_fn(|r| {
            std::array::from_fn(|s| match r {
                1..=13 => problem.streams[s].index_of(r as u8).unwrap_or(NO_SLOT),
                _ => NO_SLOT,
            })
        }),
    };
    for p in 0..problem.n {
        for i in 0..problem.lens[p] {
            let r = usize::from(problem.ranks[p][usize::from(i)]);
            let n = usize::from(setup.counts[r]);
            if n == 2 {
                return None;
            }
            setup.cards[r][n] = (p as u8, i);
            setup.counts[r] += 1;
        }
    }
    Some(setup)
}
