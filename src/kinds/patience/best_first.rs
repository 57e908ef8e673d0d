//! The solver's search best first (`solver.rs` gives it a quarter of the budget left): of the
//! positions reached and not yet gone on from, the one nearest a win next. Where depth first
//! spends its budget low in the tree, this goes straight at positions near a win: Salic Law's
//! and Tournament's deals 1-200 at the table's 20,000 positions, 80 and 12 won depth first,
//! 131 and 28 with it (docs/performance.md). It proves nothing lost, and leaves out only what
//! the depth-first search leaves out (positions met before, dead ones).

use super::order::{ordered, play_safe};
use super::prune::Prune;
use crate::kinds::compiled::Compiled;
use crate::kinds::file::Kind;
use crate::kinds::position::{DOWN, Position, card};
use crate::kinds::{Step, moves};
use crate::patience::hash::Fx;
use std::collections::{BinaryHeap, HashSet};

/// A card home outweighs any count of cards lying on wanted ones (a weight of 8 did worse).
const HOME_WEIGHT: i32 = 1000;

/// A position waiting in the best-first search: the more cards home the sooner, then the
/// fewer face down, then the newest (so that among equals it goes deep, as depth first does).
struct Waiting {
    rank: (i32, i32, u32),
    position: Position,
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

/// Looks for a win best first within `budget` positions (the order: `Waiting`), each position
/// once: a win's line or nothing, and the positions searched.
pub(super) fn search(
    rules: &Compiled,
    prune: &Prune,
    start: &Position,
    budget: usize,
    seen: &mut HashSet<u128, Fx>,
) -> (Option<Vec<Step>>, usize) {
    seen.clear();
    let homes: Vec<u8> = (0..rules.piles.len() as u8)
        .filter(|&i| rules.piles[usize::from(i)].kind.is_home())
        .collect();
    let rank = |p: &Position, id: u32| {
        let home = homes.iter().map(|&h| p.len(h)).sum::<usize>() as i32;
        // The cards the foundations want next, by suit, and how deep each lies.
        let mut wanted = [0u16; 4];
        for &h in &homes {
            let pile = &rules.piles[usize::from(h)];
            if pile.kind != Kind::Foundation {
                continue;
            }
            let ranks = moves::wanted_ranks(rules, p, h, p.top(h));
            match pile.suit {
                Some(s) => wanted[s as usize] |= ranks,
                None => wanted.iter_mut().for_each(|w| *w |= ranks),
            }
        }
        let mut buried = 0i32;
        let mut down = 0i32;
        for i in 0..p.piles() as u8 {
            if rules.piles[usize::from(i)].kind.is_home() {
                continue;
            }
            let cards = p.pile(i);
            for (j, &b) in cards.iter().enumerate() {
                down += i32::from(b & DOWN != 0);
                let c = card(b);
                if wanted[c.suit() as usize] & (1 << c.rank()) != 0 {
                    buried += (cards.len() - 1 - j) as i32;
                }
            }
        }
        (HOME_WEIGHT * home - buried, -down, id)
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
    heap.push(Waiting {
        rank: rank(&root, 0),
        position: root,
    });
    let mut searched = 0;
    let mut next = Vec::new();
    while let Some(Waiting {
        rank: (_, _, id),
        position: p,
    }) = heap.pop()
    {
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
            if !seen.insert(prune.key(rules, &q)) || prune.dead(rules, &q) {
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
                position: q,
            });
        }
    }
    (None, searched)
}
