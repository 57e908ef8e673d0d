//! Why a position is lost, in a player's words: which suits need how many Equator cells, or
//! which cards bury the ones a suit's foundations need next.

use super::CELLS;
use crate::zodiac::{Card, Phase, Position, Rules, Suit};
use std::collections::HashSet;

/// Phase 1, every suit can be cleared but not all together: "hearts need 5 Equator cells and
/// spades 4; there are 8". (The last-stock-card rule never decides a deal, see the module
/// notes, so this is the only way a phase-1 position with clearable suits is lost.)
pub fn too_many(figures: &[(u8, u8); 4]) -> String {
    let mut needs: Vec<(u8, Suit)> = Suit::ALL
        .into_iter()
        .map(|s| (figures[s as usize].0, s))
        .filter(|&(n, _)| n > 0)
        .collect();
    needs.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let parts: Vec<String> = needs
        .iter()
        .enumerate()
        .map(|(i, &(n, s))| {
            if i == 0 {
                let cells = if n == 1 { "cell" } else { "cells" };
                format!("{} need {n} Equator {cells}", s.name())
            } else {
                format!("{} {n}", s.name())
            }
        })
        .collect();
    let list = match parts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => parts.concat(),
    };
    format!("{list}; there are {CELLS}")
}

/// A suit that cannot be cleared even with every card that could wait in the Equator waiting
/// there: the furthest its foundations get, and what buries the cards they want then.
pub fn blocked_suit(p: &Position, rules: &Rules, suit: Suit) -> String {
    let s = suit as u8;
    let piles: Vec<(u8, &[Card])> = (0..24)
        .map(|z| (z, p.zodiac(z)))
        .filter(|(_, pile)| pile.first().is_some_and(|c| c.suit() == suit))
        .collect();
    // Every card of the suit outside the piles is free to go home when wanted.
    let mut free = [0u8; 14];
    let equator = (0..8).filter_map(|e| p.equator(e));
    for c in p.stock().iter().chain(p.waste()).copied().chain(equator) {
        if c.suit() == suit {
            free[usize::from(c.rank())] += 1;
        }
    }
    let mut best = (0u32, p.foundation_len(s), p.foundation_len(s + 4), vec![]);
    let heights: Vec<usize> = piles.iter().map(|(_, pile)| pile.len()).collect();
    let mut seen = HashSet::new();
    let mut stack = vec![(p.foundation_len(s), p.foundation_len(s + 4), heights)];
    let rank_at = |f: u8, n: u8| match rules.foundations[usize::from(f)] {
        crate::zodiac::Direction::Up => n,
        crate::zodiac::Direction::Down => 14 - n,
    };
    while let Some((a, b, h)) = stack.pop() {
        if seen.len() > 100_000 || !seen.insert((a, b, h.clone())) {
            continue;
        }
        let home = u32::from(a) + u32::from(b);
        if home > best.0 {
            best = (home, a, b, h.clone());
        }
        // Free copies of rank r still unused: those not yet home from the piles.
        let home_of = |r: u8| {
            let mut n = 0;
            for (f, len) in [(s, a), (s + 4, b)] {
                n += (1..=len).filter(|&k| rank_at(f, k) == r).count();
            }
            n
        };
        for (which, (f, len)) in [(s, a), (s + 4, b)].into_iter().enumerate() {
            if len == 13 {
                continue;
            }
            let r = rank_at(f, len + 1);
            let step = |h: &Vec<usize>| {
                let (mut a, mut b) = (a, b);
                if which == 0 {
                    a += 1
                } else {
                    b += 1
                }
                (a, b, h.clone())
            };
            // Copies of r already home from the piles; the rest of those home were free ones.
            let home_from_piles: usize = piles
                .iter()
                .zip(&h)
                .map(|((_, pile), &n)| pile[n..].iter().filter(|c| c.rank() == r).count())
                .sum();
            if home_of(r) - home_from_piles < usize::from(free[usize::from(r)]) {
                stack.push(step(&h));
            }
            for (i, ((_, pile), &n)) in piles.iter().zip(&h).enumerate() {
                if n > 0 && pile[n - 1].rank() == r {
                    let mut next = step(&h);
                    next.2[i] -= 1;
                    stack.push(next);
                }
            }
        }
    }
    let (home, a, b, h) = best;
    let start = u32::from(p.foundation_len(s)) + u32::from(p.foundation_len(s + 4));
    // What the foundations want then, and what lies on each copy of it.
    let mut wants: Vec<(Vec<u8>, Card)> = Vec::new();
    for (f, len) in [(s, a), (s + 4, b)] {
        if len == 13 {
            continue;
        }
        let want = Card::new(suit, rank_at(f, len + 1));
        match wants.iter_mut().find(|(_, c)| *c == want) {
            Some((fs, _)) => fs.push(f),
            None => wants.push((vec![f], want)),
        }
    }
    let wants: Vec<String> = wants
        .iter()
        .map(|(fs, want)| {
            let mut under = Vec::new();
            for ((z, pile), &n) in piles.iter().zip(&h) {
                for i in 0..n.saturating_sub(1) {
                    if pile[i] == *want {
                        under.push(format!("under the {} on z{z}", pile[i + 1].name()));
                    }
                }
            }
            let who = match fs.as_slice() {
                [f] => format!("f{f} wants"),
                _ => format!("f{} and f{} want", fs[0], fs[1]),
            };
            let lies = if under.is_empty() {
                String::new()
            } else {
                format!(", which lies {}", under.join(" and "))
            };
            format!("{who} the {}{lies}", want.name())
        })
        .collect();
    let even = if p.phase() == Phase::One {
        format!(
            "even with all the other {} waiting in the Equator, ",
            suit.name()
        )
    } else {
        String::new()
    };
    let progress = match home - start {
        0 => "none can go home".to_string(),
        n => format!("at best {n} more go home, then"),
    };
    let progress = if home == start {
        format!("{progress}:")
    } else {
        progress
    };
    format!(
        "{even}the {} cannot all go home: {progress} {}",
        suit.name(),
        wants.join("; ")
    )
}
