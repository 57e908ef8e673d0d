//! Rules 2 and 3 of `prune`: piles alike taken as one in the key (the discards left out,
//! rule 6), and the moves that only swap them left out; which piles are alike, and when.

use super::Prune;
use crate::kinds::compiled::{Again, Compiled, MAX_PILES};
use crate::kinds::file::{Build, Rounds};
use crate::kinds::{Position, Step};

/// Piles that are interchangeable, and when.
#[derive(Clone, Debug)]
pub(super) struct Class {
    pub(super) piles: Vec<u8>,
    /// Only once the stock is empty (it deals to them in order).
    pub(super) stock_empty: bool,
    /// Only once no round is left (a redeal gathers them in order).
    pub(super) last_round: bool,
    /// Only after the first round (a named rule tells them apart in it).
    pub(super) later_round: bool,
}

impl Prune {
    /// Rule 2: the position's key, piles alike taken in the order of their cards, the
    /// discards left out (rule 6).
    pub fn key(&self, rules: &Compiled, p: &Position) -> u128 {
        if !self.switches.symmetry || self.classes.is_empty() && self.sinks == 0 {
            return p.key();
        }
        let mut active = self.active(rules, p).peekable();
        // Only discards left out, and they are the last piles: the plain key of the others.
        let first = self.sinks.trailing_zeros();
        let last_only =
            self.sinks != 0 && self.sinks >> first == (1 << (p.piles() as u32 - first)) - 1;
        if last_only && active.peek().is_none() {
            return p.key_of_first(first as u8);
        }
        let mut order: [u8; MAX_PILES] = std::array::from_fn(|i| i as u8);
        for class in active {
            // In the order of their cards: first by their first seven bytes as one number
            // (`Position::head`, the same order), the whole piles only where those tie. The
            // hottest few lines of the search where piles are alike: no allocation.
            let n = class.piles.len();
            // Most classes are small: a short buffer to clear for them.
            let mut small = [0u64; 24];
            let mut large;
            let sorted: &mut [u64] = if n <= small.len() {
                &mut small[..n]
            } else {
                large = [0u64; MAX_PILES];
                &mut large[..n]
            };
            for (slot, &q) in sorted.iter_mut().zip(&class.piles) {
                *slot = p.head(q) | u64::from(q);
            }
            sorted.sort_unstable_by(|&x, &y| {
                (x >> 8)
                    .cmp(&(y >> 8))
                    .then_with(|| p.pile(x as u8).cmp(p.pile(y as u8)))
            });
            for (&slot, &pile) in class.piles.iter().zip(sorted.iter()) {
                order[usize::from(slot)] = pile as u8;
            }
        }
        if self.sinks == 0 {
            return p.key_in(&order[..p.piles()]);
        }
        let mut n = 0;
        for k in 0..p.piles() {
            let q = order[k];
            if self.sinks & (1 << q) == 0 {
                order[n] = q;
                n += 1;
            }
        }
        p.key_in(&order[..n])
    }

    fn active<'a>(&'a self, rules: &Compiled, p: &Position) -> impl Iterator<Item = &'a Class> {
        let stock_empty = rules.stock.is_none_or(|s| p.is_empty(s));
        let last_round = match rules.rounds {
            Rounds::Times(t) => p.round >= t,
            Rounds::WithoutEnd => false,
        };
        let later = p.round > 1;
        self.classes.iter().filter(move |c| {
            (!c.stock_empty || stock_empty)
                && (!c.last_round || last_round)
                && (!c.later_round || later)
        })
    }

    /// Rule 3: leaves out the moves that only swap piles alike.
    pub fn worth_trying(&self, rules: &Compiled, p: &Position, steps: &mut Vec<Step>) {
        if !self.switches.symmetry || self.classes.is_empty() {
            return;
        }
        let active: Vec<&Class> = self.active(rules, p).collect();
        let class_of = |pile: u8| active.iter().position(|c| c.piles.contains(&pile));
        let mut kept: Vec<(u8, u8, usize)> = Vec::new();
        steps.retain(|m| {
            if m.count == 0 || !p.is_empty(m.to) {
                return true;
            }
            let Some(c) = class_of(m.to) else {
                return true;
            };
            if usize::from(m.count) == p.len(m.from) && class_of(m.from) == Some(c) {
                return false;
            }
            if kept.contains(&(m.from, m.count, c)) {
                return false;
            }
            kept.push((m.from, m.count, c));
            true
        });
    }
}

/// The piles alike of a file: one group, the same parameters, their suit too. (A pile's suit
/// decides the card at its bottom, so no two positions a game reaches differ only by piles of
/// other suits; the argument needs it all the same.)
pub(super) fn classes(rules: &Compiled) -> Vec<Class> {
    let piles = &rules.piles;
    let dealt: Vec<u8> = rules.click.targets().collect();
    let gathered: &[u8] = match &rules.again {
        Again::Gather { piles, .. } => piles,
        _ => &[],
    };
    let alike = |a: usize, b: usize| {
        let (x, y) = (&piles[a], &piles[b]);
        x.group == y.group
            && (
                x.kind, x.build, x.dir, x.step, x.wrap, x.moves, x.takes, x.empty,
            ) == (
                y.kind, y.build, y.dir, y.step, y.wrap, y.moves, y.takes, y.empty,
            )
            && (x.max_cards, x.from) == (y.max_cards, y.from)
            && x.suit == y.suit
    };
    let mut classes: Vec<Class> = Vec::new();
    let mut placed = vec![false; piles.len()];
    for a in 0..piles.len() {
        let in_line = rules
            .named
            .line
            .is_some_and(|(first, count)| (first..first + count).contains(&(a as u8)))
            || rules
                .named
                .opens_with
                .iter()
                .any(|&(gated, by)| gated == a as u8 || by == a as u8)
            // A grid's places are told apart by their neighbours (`BlockedBetween`).
            || rules
                .named
                .grid
                .is_some_and(|(first, count, _)| (first..first + count).contains(&(a as u8)));
        if placed[a]
            || in_line
            || piles[a].build == Build::RanksOfPrevious
            || Some(a as u8) == rules.stock
        {
            continue;
        }
        let members: Vec<u8> = (a..piles.len())
            .filter(|&b| !placed[b] && alike(a, b))
            .map(|b| b as u8)
            .collect();
        for &m in &members {
            placed[usize::from(m)] = true;
        }
        if members.len() > 1 {
            let told_apart = rules
                .named
                .first_round
                .iter()
                .any(|&(to, from)| members.iter().any(|&m| (to | from) & (1 << m) != 0));
            classes.push(Class {
                stock_empty: members.iter().any(|m| dealt.contains(m)),
                last_round: members.iter().any(|m| gathered.contains(m)),
                later_round: told_apart,
                piles: members,
            });
        }
    }
    classes
}
