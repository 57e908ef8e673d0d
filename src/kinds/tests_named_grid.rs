//! The grid the stock fills (`Click::Grid`) and its blocked places (`BlockedBetween`), held
//! against PySolFC's Parallels (`Parallels_TalonStack.dealRow` and `_fillRow`,
//! `Parallels_RowStack.basicIsBlocked`) written out on plain lists in PySolFC's own terms.
//! Random games: after every move the table and the legal moves are the model's, and undo
//! gives back the deal.

use super::moves::{self, Illegal, Step};
use super::position::card;
use super::tests_named::shipped_file;
use super::*;
use crate::cards::{Card, DealNumber};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Parallels on lists, numbered as the file's piles: 0 the stock (its next card last),
/// 1..=70 the grid's rows of ten, 71..=74 the Ace foundations (♣ ♠ ♥ ♦), 75..=78 the King
/// foundations.
#[derive(Clone, Debug, PartialEq)]
struct Grid {
    piles: Vec<Vec<Card>>,
}

impl Grid {
    fn read(p: &Position) -> Grid {
        Grid {
            piles: (0..79u8)
                .map(|q| p.pile(q).iter().map(|&b| card(b)).collect())
                .collect(),
        }
    }

    /// PySolFC's `s.rows`.
    fn rows(&self) -> &[Vec<Card>] {
        &self.piles[1..=70]
    }

    fn blocked(&self, index: usize) -> bool {
        let rows = self.rows();
        !(index < 10 || rows[index - 10].is_empty() || index >= 60 || rows[index + 10].is_empty())
    }

    fn home_takes(&self, f: usize, c: Card) -> bool {
        let up = f <= 74;
        if c.suit() as usize != (f - 71) % 4 {
            return false;
        }
        match self.piles[f].last() {
            None => c.rank() == if up { 1 } else { 13 },
            Some(t) if up => c.rank() == t.rank() + 1,
            Some(t) => c.rank() + 1 == t.rank(),
        }
    }

    /// `dealRow(rows=None)`: the grid's indexes its click deals to, in order.
    fn click(&self) -> Vec<usize> {
        let mut rows: Vec<bool> = self.rows().iter().map(|r| !r.is_empty()).collect();
        let mut cards = self.piles[0].len();
        let mut dealt = Vec::new();
        let mut deal = |i: usize, rows: &mut Vec<bool>, cards: &mut usize| {
            dealt.push(i);
            rows[i] = true;
            *cards -= 1;
        };
        let column_ncards = |rows: &[bool]| -> Vec<usize> {
            (0..10)
                .map(|i| (i..70).step_by(10).filter(|&k| rows[k]).count())
                .collect()
        };
        if rows[..10].iter().all(|&r| r) {
            let counts = column_ncards(&rows);
            let max_col = *counts.iter().max().unwrap();
            if max_col == *counts.iter().min().unwrap() {
                // `dealRowAvail` to rows[max_col*10 : max_col*10+10].
                for i in (max_col * 10..(max_col * 10 + 10).min(70)).take(cards) {
                    deal(i, &mut rows, &mut cards);
                }
                return dealt;
            }
        }
        // `_fillRow`.
        let max_col = (*column_ncards(&rows).iter().max().unwrap()).max(1);
        'up: loop {
            let mut filled = false;
            for i in 0..10 {
                let mut prev_s = None;
                for s in (i..max_col * 10).step_by(10) {
                    if cards == 0 {
                        break 'up;
                    }
                    if rows[s] {
                        if let Some(prev) = prev_s {
                            deal(prev, &mut rows, &mut cards);
                            filled = true;
                        }
                        break;
                    }
                    prev_s = Some(s);
                }
            }
            if !filled {
                break;
            }
        }
        'down: loop {
            let mut filled = false;
            for i in 0..10 {
                for s in (i..max_col * 10).step_by(10) {
                    if cards == 0 {
                        break 'down;
                    }
                    if !rows[s] {
                        deal(s, &mut rows, &mut cards);
                        filled = true;
                        break;
                    }
                }
            }
            if !filled {
                break;
            }
        }
        dealt
    }

    /// `None` the stock's click (where it deals a card), else from and to.
    fn legal(&self) -> Vec<Option<(usize, usize)>> {
        let mut out = Vec::new();
        if !self.click().is_empty() {
            out.push(None);
        }
        for from in 1..79 {
            let Some(&c) = self.piles[from].last() else {
                continue;
            };
            if from <= 70 && self.blocked(from - 1) {
                continue;
            }
            for to in 71..79 {
                if to != from && self.home_takes(to, c) {
                    out.push(Some((from, to)));
                }
            }
        }
        out.sort();
        out
    }

    fn play(&mut self, m: Option<(usize, usize)>) {
        match m {
            None => {
                for i in self.click() {
                    let c = self.piles[0].pop().unwrap();
                    self.piles[1 + i].push(c);
                }
            }
            Some((from, to)) => {
                let c = self.piles[from].pop().unwrap();
                self.piles[to].push(c);
            }
        }
    }
}

#[test]
fn parallels_grid_fills_and_blocks_as_pysolfcs() {
    let rules = shipped_file("parallels");
    let mut rng = StdRng::seed_from_u64(428);
    let (mut fills, mut rows, mut held) = (0, 0, 0);
    let mut steps = Vec::new();
    for game in 0..40 {
        let dealt = deal::deal(
            rules,
            DealNumber::new(rng.random_range(1..=1_000_000)).unwrap(),
        );
        let (mut p, mut model) = (dealt, Grid::read(&dealt));
        let mut done = Vec::new();
        for _ in 0..250 {
            moves::legal(rules, &p, &mut steps);
            let as_model =
                |s: &Step| (s.count > 0).then_some((usize::from(s.from), usize::from(s.to)));
            let mut ours: Vec<_> = steps.iter().map(as_model).collect();
            ours.sort();
            assert_eq!(ours, model.legal(), "game {game}: {model:?}");
            for q in 1..=70u8 {
                let top = model.piles[usize::from(q)].last();
                if model.blocked(usize::from(q) - 1)
                    && top.is_some_and(|&c| (71..79).any(|f| model.home_takes(f, c)))
                {
                    held += 1;
                    let to = (71..79u8).find(|&f| model.home_takes(usize::from(f), *top.unwrap()));
                    let m = Step {
                        from: q,
                        to: to.unwrap(),
                        count: 1,
                    };
                    assert_eq!(moves::check(rules, &p, m), Err(Illegal::Blocked));
                }
            }
            if steps.is_empty() {
                break;
            }
            // Home more often than the stock, so the grid opens up.
            let home: Vec<Step> = steps.iter().copied().filter(|s| s.count > 0).collect();
            let m = if !home.is_empty() && rng.random_bool(0.7) {
                home[rng.random_range(0..home.len())]
            } else {
                steps[rng.random_range(0..steps.len())]
            };
            if m.count == 0 {
                let even = model.rows()[..10].iter().all(|r| !r.is_empty());
                if even
                    && model
                        .click()
                        .iter()
                        .all(|&i| i / 10 == model.click()[0] / 10)
                {
                    rows += 1;
                } else {
                    fills += 1;
                }
            }
            model.play(as_model(&m));
            done.push((m, moves::play(rules, &mut p, m)));
            assert_eq!(Grid::read(&p), model, "game {game} after {m:?}");
        }
        for (m, d) in done.into_iter().rev() {
            moves::undo(rules, &mut p, m, d);
        }
        assert_eq!(p, dealt, "game {game}: undone to the deal");
    }
    assert!(
        fills > 10 && rows > 10 && held > 10,
        "{fills} {rows} {held}"
    );
}
