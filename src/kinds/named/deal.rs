//! The named rules before the deal: `AceOrKingFirst` and `NoRankTwice`, PySolFC's hooks that
//! look at the shuffled pack (and draw again from its generator).

use super::Named;

/// The named rules before the deal, on the shuffled pack (its end dealt first) with the
/// shuffle's generator carried on: `AceOrKingFirst`, and `NoRankTwice` (PySolFC's Nestor,
/// which also turns the pack over).
pub fn before_deal<T>(
    n: &Named,
    cards: &mut [T],
    draw: &mut dyn FnMut(u32) -> u32,
    rank_of: impl Fn(&T) -> u8,
) {
    let high = |c: &T| matches!(rank_of(c), 1 | 13);
    if let Some(first) = n.ace_or_king_first {
        let top = cards.len().saturating_sub(usize::from(first));
        if !cards[top..].iter().any(high)
            && let Some(i) = cards.iter().position(high)
        {
            // Out of its place and onto the top, the others closing up.
            cards[i..].rotate_left(1);
        }
    }
    let Some((piles, each)) = n.no_rank_twice else {
        return;
    };
    let each = usize::from(each);
    for i in 0..usize::from(piles) {
        let lo = i * each;
        // As PySolFC: at most a thousand draws a pile.
        for _ in 0..1000 {
            let mut seen = [None; 14];
            let repeat = (lo..lo + each).find_map(|k| {
                let r = usize::from(rank_of(&cards[k]));
                match seen[r] {
                    Some(first) => Some(first),
                    None => {
                        seen[r] = Some(k);
                        None
                    }
                }
            });
            let Some(j) = repeat else { break };
            let after = lo + each;
            let k = after + draw((cards.len() - after) as u32) as usize;
            cards.swap(j, k);
        }
    }
    cards.reverse();
}
