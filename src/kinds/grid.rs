//! A grid of piles the stock fills as PySolFC's Parallels does (`Parallels_TalonStack`): the
//! piles its click deals to, in order. Each place of the grid holds one card or none.

use super::position::Position;

/// The piles the stock's next click deals to, in order, at most `limit` (its cards): a row
/// below the grid's cards when the first row is whole and every column as long (none when the
/// grid is full); else, round the columns again and again, the empty place just above each
/// column's top card, until every column reaches the first row (or has no card); then, round
/// the columns again and again, each column's first empty place, down to the longest column's
/// depth (at least the first row).
pub fn order(p: &Position, piles: &[u8], columns: usize, limit: usize) -> Vec<u8> {
    let rows = piles.len() / columns;
    let mut full: Vec<bool> = piles.iter().map(|&q| !p.is_empty(q)).collect();
    let long: Vec<usize> = (0..columns)
        .map(|c| (0..rows).filter(|&r| full[r * columns + c]).count())
        .collect();
    let (most, least) = (
        long.iter().copied().max().unwrap_or(0),
        long.iter().copied().min().unwrap_or(0),
    );
    let mut out = Vec::new();
    if full[..columns].iter().all(|&f| f) && most == least {
        if most < rows {
            out.extend(&piles[most * columns..(most + 1) * columns]);
        }
        out.truncate(limit);
        return out;
    }
    let depth = most.max(1);
    // Up each column: the place above its top card, a card a column each time round.
    loop {
        let mut filled = false;
        for c in 0..columns {
            let mut above = None;
            for r in 0..depth {
                let i = r * columns + c;
                if full[i] {
                    if let Some(j) = above {
                        out.push(piles[j]);
                        full[j] = true;
                        filled = true;
                    }
                    break;
                }
                above = Some(i);
            }
        }
        if !filled || out.len() >= limit {
            break;
        }
    }
    // Down each column: its first empty place.
    while out.len() < limit {
        let mut filled = false;
        for c in 0..columns {
            if let Some(i) = (0..depth).map(|r| r * columns + c).find(|&i| !full[i]) {
                out.push(piles[i]);
                full[i] = true;
                filled = true;
            }
        }
        if !filled {
            break;
        }
    }
    out.truncate(limit);
    out
}
