//! `DealtInTurns` and the open stock, held against PySolFC's Sly Fox (`SlyFox_Talon`,
//! `SlyFox_RowStack`, `SlyFox_Foundation`, `SlyFox.fillStack`) written out on plain lists:
//! the stock's top card plays anywhere; once a card goes onto a pile by hand, the piles give
//! nothing home until twenty have; before that, a pile left empty takes the stock's top card.
//! Random games: after every move the table, the count and the legal moves are the model's,
//! and undo gives back the deal.

use super::moves::{self, Illegal, Step};
use super::position::{DOWN, card};
use super::tests_named::shipped_file;
use super::*;
use crate::cards::{Card, DealNumber};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Sly Fox on lists, numbered as the file's piles: 0 the stock (its next card last), 1..=20
/// the piles, 21..=24 the Ace foundations (♣ ♠ ♥ ♦), 25..=28 the King foundations.
#[derive(Clone, Debug, PartialEq)]
struct Fox {
    piles: Vec<Vec<Card>>,
    /// PySolFC's `num_dealled`: -1 before the first card dealt by hand, then 0..20.
    dealt: i32,
}

const STOCK: usize = 0;

fn is_pile(q: usize) -> bool {
    (1..=20).contains(&q)
}

fn is_home(q: usize) -> bool {
    (21..=28).contains(&q)
}

impl Fox {
    fn read(p: &Position) -> Fox {
        Fox {
            piles: (0..29u8)
                .map(|q| p.pile(q).iter().map(|&b| card(b)).collect())
                .collect(),
            dealt: i32::from(p.turns) - 1,
        }
    }

    /// `SS_FoundationStack.acceptsCards`: by suit, up from the Ace or down from the King.
    fn home_takes(&self, f: usize, c: Card) -> bool {
        let suit = [0, 1, 2, 3][(f - 21) % 4];
        let up = f <= 24;
        if c.suit() as usize != suit {
            return false;
        }
        match self.piles[f].last() {
            None => c.rank() == if up { 1 } else { 13 },
            Some(t) if up => c.rank() == t.rank() + 1,
            Some(t) => c.rank() + 1 == t.rank(),
        }
    }

    fn legal(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for from in 0..29 {
            let Some(&c) = self.piles[from].last() else {
                continue;
            };
            for to in 1..29 {
                let ok = if is_pile(to) {
                    from == STOCK
                } else if is_pile(from) {
                    // `SlyFox_Foundation`: from the piles only once the turn is done.
                    (self.piles[STOCK].is_empty() || self.dealt <= 0) && self.home_takes(to, c)
                } else {
                    from != to && self.home_takes(to, c)
                };
                if ok {
                    out.push((from, to));
                }
            }
        }
        out.sort();
        out
    }

    fn play(&mut self, (from, to): (usize, usize)) {
        let c = self.piles[from].pop().unwrap();
        self.piles[to].push(c);
        if from == STOCK && is_pile(to) {
            self.dealt = (self.dealt.max(0) + 1) % 20;
        }
        // `fillStack`: before the first card dealt by hand, an empty pile takes the stock's.
        if self.dealt == -1
            && is_pile(from)
            && self.piles[from].is_empty()
            && let Some(c) = self.piles[STOCK].pop()
        {
            self.piles[from].push(c);
        }
    }
}

#[test]
fn sly_foxs_stock_and_turns_play_as_pysolfcs() {
    let rules = shipped_file("sly-fox");
    let mut rng = StdRng::seed_from_u64(610);
    let (mut refills, mut held, mut back) = (0, 0, 0);
    let mut steps = Vec::new();
    for game in 0..40 {
        let dealt = deal::deal(
            rules,
            DealNumber::new(rng.random_range(1..=1_000_000)).unwrap(),
        );
        let (mut p, mut model) = (dealt, Fox::read(&dealt));
        let mut done = Vec::new();
        for _ in 0..300 {
            moves::legal(rules, &p, &mut steps);
            let mut ours: Vec<(usize, usize)> = steps
                .iter()
                .map(|s| (usize::from(s.from), usize::from(s.to)))
                .collect();
            ours.sort();
            assert_eq!(ours, model.legal(), "game {game}: {model:?}");
            // Only the stock's top card shows.
            let stock = p.pile(0);
            assert!(stock.iter().rev().skip(1).all(|&b| b & DOWN != 0));
            assert!(stock.last().is_none_or(|&b| b & DOWN == 0));
            // A pile's card home while a turn lasts: refused so.
            if model.dealt > 0 && !model.piles[STOCK].is_empty() {
                for from in 1..=20u8 {
                    let top = model.piles[usize::from(from)].last();
                    for to in 21..=28u8 {
                        if top.is_some_and(|&c| model.home_takes(usize::from(to), c)) {
                            held += 1;
                            let m = Step { from, to, count: 1 };
                            assert_eq!(moves::check(rules, &p, m), Err(Illegal::StillDealing));
                        }
                    }
                }
            }
            if steps.is_empty() {
                break;
            }
            // Moves home and between the foundations more often than onto the piles.
            let home: Vec<Step> = steps.iter().copied().filter(|s| s.to > 20).collect();
            let m = if !home.is_empty() && rng.random_bool(0.6) {
                home[rng.random_range(0..home.len())]
            } else {
                steps[rng.random_range(0..steps.len())]
            };
            let before = model.piles[STOCK].len();
            model.play((usize::from(m.from), usize::from(m.to)));
            if is_pile(usize::from(m.from)) && model.piles[STOCK].len() < before {
                refills += 1;
            }
            back += usize::from(is_home(usize::from(m.from)));
            done.push((m, moves::play(rules, &mut p, m)));
            assert_eq!(Fox::read(&p), model, "game {game} after {m:?}");
        }
        for (m, d) in done.into_iter().rev() {
            moves::undo(rules, &mut p, m, d);
        }
        assert_eq!(p, dealt, "game {game}: undone to the deal");
    }
    assert!(
        refills > 10 && held > 10 && back > 10,
        "{refills} {held} {back}"
    );
}
