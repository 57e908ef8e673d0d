//! The check on the fast method: an exhaustive search that plays the real rules engine with a
//! transposition table. In phase 1 every stock and waste card counts as reachable (what `d` and
//! `r` give), and Equator cells are interchangeable; nothing else is assumed.

use crate::zodiac::{Move, Phase, Position, Rules};
use std::collections::HashMap;

/// Whether `p` can be won.
pub fn winnable(p: &Position, rules: &Rules) -> bool {
    search(&normal(p), rules, &mut HashMap::new())
}

/// The same table with the talon all in the waste and the Equator's cards sorted left.
fn normal(p: &Position) -> Position {
    let mut equator: Vec<_> = (0..8).filter_map(|e| p.equator(e)).collect();
    equator.sort();
    let zodiac: [&[_]; 24] = std::array::from_fn(|z| p.zodiac(z as u8));
    let talon: Vec<_> = p.waste().iter().chain(p.stock()).copied().collect();
    Position::from_parts(
        std::array::from_fn(|e| equator.get(e).copied()),
        zodiac,
        std::array::from_fn(|f| p.foundation_len(f as u8)),
        &talon,
        &[],
    )
}

fn search(p: &Position, rules: &Rules, memo: &mut HashMap<Position, bool>) -> bool {
    if p.is_won() {
        return true;
    }
    if let Some(&known) = memo.get(p) {
        return known;
    }
    memo.insert(*p, false);
    let mut next = Vec::new();
    match p.phase() {
        Phase::Two => {
            for &m in p.legal_moves(rules).iter() {
                let mut q = *p;
                q.apply(rules, m).expect("legal");
                next.push(q);
            }
        }
        Phase::One => {
            for &m in p.legal_moves(rules).iter() {
                if let Move::EquatorToZodiac(..) = m {
                    let mut q = *p;
                    q.apply(rules, m).expect("legal");
                    next.push(q);
                }
            }
            // Each talon card brought to the top of the waste by `r` and `d`, then played.
            for k in 0..p.waste().len() {
                let mut q = *p;
                q.apply(rules, Move::Redeal).expect("the stock is empty");
                for _ in 0..=k {
                    q.apply(rules, Move::Turn).expect("cards left to turn");
                }
                let free = (0..8).find(|&e| q.equator(e).is_none());
                for &m in q.legal_moves(rules).iter() {
                    let play = match m {
                        Move::WasteToZodiac(_) => true,
                        Move::WasteToEquator(e) => Some(e) == free,
                        _ => false,
                    };
                    if play {
                        let mut r = q;
                        r.apply(rules, m).expect("legal");
                        next.push(r);
                    }
                }
            }
        }
    }
    let won = next.iter().any(|q| search(&normal(q), rules, memo));
    memo.insert(*p, won);
    won
}
