//! The named rules of rows with a base rank (`named/`), held against PySolFC's Virginia Reel
//! (`RoyalParade_TableauStack`, `VirginiaReel_Talon`, `PictureGallery.isGameWon`) written out
//! on plain lists: a pile takes only on its base, two single cards swap into their rows, the
//! stock waits for every space to be filled, won when every pile is full. Random games: after
//! every move the table and the legal moves are the model's, and undo gives back the deal.

use super::moves::{self, Illegal, Step};
use super::position::card;
use super::tests_named::shipped_file;
use super::*;
use crate::cards::{Card, DealNumber};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Virginia Reel on lists: the Aces' place, 24 row piles (bases 2, 3, 4 by eights), eight
/// reserve piles, the stock (its next card last).
#[derive(Clone, Debug, PartialEq)]
struct Reel {
    aces: Vec<Card>,
    rows: Vec<Vec<Card>>,
    reserve: Vec<Vec<Card>>,
    stock: Vec<Card>,
}

/// A move of the model: `None` for the stock; else from and to, numbered as the file's piles
/// (0 the Aces' place, 1..=24 the rows, 25..=32 the reserve).
type ReelMove = Option<(usize, usize)>;

fn base(row: usize) -> u8 {
    2 + (row / 8) as u8
}

impl Reel {
    fn read(p: &Position) -> Reel {
        let cards = |q: u8| p.pile(q).iter().map(|&b| card(b)).collect::<Vec<_>>();
        Reel {
            aces: cards(0),
            rows: (1..=24).map(cards).collect(),
            reserve: (25..=32).map(cards).collect(),
            stock: cards(33),
        }
    }

    fn pile(&self, q: usize) -> &Vec<Card> {
        match q {
            0 => &self.aces,
            1..=24 => &self.rows[q - 1],
            _ => &self.reserve[q - 25],
        }
    }

    fn pile_mut(&mut self, q: usize) -> &mut Vec<Card> {
        match q {
            0 => &mut self.aces,
            1..=24 => &mut self.rows[q - 1],
            _ => &mut self.reserve[q - 25],
        }
    }

    /// `_canSwapPair`: two single cards of the rows, each of the other's base rank.
    fn swaps(&self, from: usize, to: usize) -> bool {
        (1..=24).contains(&from)
            && (1..=24).contains(&to)
            && self.rows[from - 1].len() == 1
            && self.rows[to - 1].len() == 1
            && self.rows[from - 1][0].rank() == base(to - 1)
            && self.rows[to - 1][0].rank() == base(from - 1)
    }

    /// `acceptsCards` of each pile for the top card of `from`.
    fn takes(&self, from: usize, to: usize) -> bool {
        let Some(&c) = self.pile(from).last() else {
            return false;
        };
        match to {
            0 => c.rank() == 1,
            1..=24 => {
                let row = &self.rows[to - 1];
                self.swaps(from, to)
                    || row.len() < 4
                        && match row.last() {
                            None => c.rank() == base(to - 1),
                            Some(&t) => {
                                row[0].rank() == base(to - 1)
                                    && t.suit() == c.suit()
                                    && c.rank() == t.rank() + 3
                            }
                        }
            }
            _ => false,
        }
    }

    fn legal(&self) -> Vec<ReelMove> {
        let mut out = Vec::new();
        if !self.stock.is_empty() && self.rows.iter().all(|r| !r.is_empty()) {
            out.push(None);
        }
        for from in 1..=32 {
            for to in 0..=32 {
                if from != to && self.takes(from, to) {
                    out.push(Some((from, to)));
                }
            }
        }
        out.sort();
        out
    }

    fn play(&mut self, m: ReelMove) {
        match m {
            None => {
                for r in &mut self.reserve {
                    if let Some(c) = self.stock.pop() {
                        r.push(c);
                    }
                }
            }
            Some((from, to)) if self.swaps(from, to) => {
                let (a, b) = (self.rows[from - 1][0], self.rows[to - 1][0]);
                (self.rows[from - 1][0], self.rows[to - 1][0]) = (b, a);
            }
            Some((from, to)) => {
                let c = self.pile_mut(from).pop().unwrap();
                self.pile_mut(to).push(c);
            }
        }
    }

    fn is_won(&self) -> bool {
        self.aces.len() == 8 && self.rows.iter().all(|r| r.len() == 4)
    }
}

fn as_model(rules: &Compiled, s: Step) -> ReelMove {
    (Some(s.from) != rules.stock).then_some((usize::from(s.from), usize::from(s.to)))
}

#[test]
fn virginia_reels_rows_take_swap_and_wait_as_pysolfcs() {
    let rules = shipped_file("virginia-reel");
    let mut rng = StdRng::seed_from_u64(547);
    let (mut swaps, mut waits, mut refused) = (0, 0, 0);
    let mut steps = Vec::new();
    for game in 0..60 {
        let dealt = deal::deal(
            rules,
            DealNumber::new(rng.random_range(1..=1_000_000)).unwrap(),
        );
        let (mut p, mut model) = (dealt, Reel::read(&dealt));
        let mut done = Vec::new();
        for _ in 0..400 {
            moves::legal(rules, &p, &mut steps);
            let mut ours: Vec<ReelMove> = steps.iter().map(|&s| as_model(rules, s)).collect();
            ours.sort();
            assert_eq!(ours, model.legal(), "game {game}: {model:?}");
            assert_eq!(moves::is_won(rules, &p), model.is_won());
            if !model.stock.is_empty() && model.rows.iter().any(Vec::is_empty) {
                waits += 1;
                let click = Step {
                    from: 33,
                    to: 33,
                    count: 0,
                };
                assert_eq!(moves::check(rules, &p, click), Err(Illegal::SpacesFirst));
            }
            // A card onto a row pile whose bottom card is not its base rank: refused so.
            for to in 1..=24u8 {
                let row = &model.rows[usize::from(to) - 1];
                if row
                    .first()
                    .is_some_and(|c| c.rank() != base(usize::from(to) - 1))
                {
                    for from in 25..=32u8 {
                        let fits =
                            |t: Card, c: Card| t.suit() == c.suit() && c.rank() == t.rank() + 3;
                        let top = model.reserve[usize::from(from) - 25].last();
                        if top.is_some_and(|&c| fits(*row.last().unwrap(), c)) {
                            refused += 1;
                            let m = Step { from, to, count: 1 };
                            assert_eq!(moves::check(rules, &p, m), Err(Illegal::NotOnItsBase));
                        }
                    }
                }
            }
            if steps.is_empty() {
                break;
            }
            let m = steps[rng.random_range(0..steps.len())];
            if m.count > 0 && model.swaps(usize::from(m.from), usize::from(m.to)) {
                swaps += 1;
            }
            model.play(as_model(rules, m));
            done.push((m, moves::play(rules, &mut p, m)));
            assert_eq!(Reel::read(&p), model, "game {game} after {m:?}");
        }
        for (m, d) in done.into_iter().rev() {
            moves::undo(rules, &mut p, m, d);
        }
        assert_eq!(p, dealt, "game {game}: undone to the deal");
    }
    assert!(
        swaps > 10 && waits > 10 && refused > 10,
        "{swaps} {waits} {refused}"
    );
}

/// A win is every pile of the rows full and the Aces out; a solved deal's line is won only at
/// its end.
#[test]
fn virginia_reel_is_won_with_every_row_full() {
    use crate::patience::Verdict;
    use crate::patience::solver::Solver;
    use patience::{Params, Search};
    let rules = shipped_file("virginia-reel");
    // Deal 4: won in a few thousand positions.
    let mut p = deal::deal(rules, DealNumber::new(4).unwrap());
    let Verdict::Winnable { line, .. } = Search::default().solve(&Params(rules), &p, 100_000).0
    else {
        panic!("deal 4 is won");
    };
    for (i, m) in line.iter().enumerate() {
        assert!(!moves::is_won(rules, &p), "won before move {i}");
        let step = patience::to_step(rules, m.0).unwrap();
        moves::check(rules, &p, step).unwrap();
        moves::play(rules, &mut p, step);
    }
    assert!(moves::is_won(rules, &p) && Reel::read(&p).is_won());
}
