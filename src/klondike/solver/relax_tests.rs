use super::super::dead::parents;
use super::*;

/// The mask helpers of the loose cards' pass against asking card by card, as
/// `comes_out` does.
#[test]
fn the_masks_agree_with_each_card() {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let mut rng = StdRng::seed_from_u64(11);
    for _ in 0..20_000 {
        let m = rng.random::<u64>() & rng.random::<u64>() & ALL;
        let (one, two) = held(m);
        let missing = lower_missing(m);
        let mut parents_all = 0;
        for b in 0..52u8 {
            let bit = 1u64 << b;
            parents_all |= if m & bit != 0 { parents(b) } else { 0 };
            let n = (parents(b) & m).count_ones();
            assert_eq!(one & bit != 0, n > 0, "card {b}, holders {m:#x}");
            assert_eq!(two & bit != 0, n > 1, "card {b}, holders {m:#x}");
            assert_eq!(
                missing & bit != 0,
                lower(b) & !m != 0,
                "card {b}, out {m:#x}"
            );
            assert_eq!(twins(m) & bit != 0, m & (1 << (b ^ 1)) != 0);
        }
        assert_eq!(parents_of(m), parents_all, "cards {m:#x}");
    }
}

/// Three at a time with passes without end, every place that turning and playing cards
/// off the waste brings to its top is within reach (`aligned`, then `within_reach` of the
/// places played), when only some of the talon's cards can be played (`free`): on every
/// talon of up to 8 places, every split and every choice of those cards.
#[test]
fn every_place_turning_brings_up_is_within_reach() {
    use std::collections::HashSet;
    let mut checked = 0;
    for len in 1..=8u32 {
        for places in 1..(1u32 << len) {
            // Every subset of the places, as the cards that can be played off the waste.
            let mut free = places;
            loop {
                for turned in 0..=len {
                    assert_eq!(
                        brought_up(places, turned, free, len) & !within(places, turned, free),
                        0,
                        "places {places:#b}, {turned} turned, {free:#b} free"
                    );
                    checked += 1;
                }
                if free == 0 {
                    break;
                }
                free = (free - 1) & places;
            }
        }
    }
    assert!(checked > 50_000);
    for m in 0..1u32 << 24 {
        if m % 997 == 0 || m < 1 << 12 {
            let mut want = 0;
            let mut rest = m;
            while rest != 0 {
                for _ in 0..2 {
                    rest &= rest.wrapping_sub(1);
                }
                want |= rest & rest.wrapping_neg();
                rest &= rest.wrapping_sub(1);
            }
            assert_eq!(thirds(m), want, "{m:#b}");
        }
    }

    // Every place any turning and playing of `free` cards brings to the waste's top.
    fn brought_up(places: u32, turned: u32, free: u32, len: u32) -> u32 {
        let mut tops = 0u32;
        let mut todo = vec![(places, turned)];
        let mut met = HashSet::new();
        while let Some((p, t)) = todo.pop() {
            if !met.insert((p, t)) {
                continue;
            }
            let waste = p & ((1u32 << t) - 1);
            if waste != 0 {
                let top = 31 - waste.leading_zeros();
                tops |= 1 << top;
                if free & (1 << top) != 0 {
                    todo.push((p & !(1 << top), t));
                }
            }
            let mut ahead = p & !((1u32 << t) - 1);
            if ahead == 0 {
                todo.push((p, 0));
            } else {
                for _ in 0..3 {
                    ahead &= ahead.wrapping_sub(1);
                }
                todo.push((
                    p,
                    if ahead == 0 {
                        len
                    } else {
                        ahead.trailing_zeros()
                    },
                ));
            }
        }
        tops
    }

    // What the looser game has within reach once it has played every free card in reach.
    fn within(places: u32, turned: u32, free: u32) -> u32 {
        let mut reach = aligned(places, turned);
        let mut o = 0;
        loop {
            let newly = reach & free & !o;
            if newly == 0 {
                return reach;
            }
            o |= newly;
            reach |= within_reach(places, o, newly);
        }
    }
}
