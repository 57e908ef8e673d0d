use super::*;
use crate::klondike::solver::talon::{talon_reach, turns_to};

/// The mask arithmetic against counting each level's cards one by one.
#[test]
fn levels_agree_with_counting() {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..20_000 {
        let visible = rng.random::<u64>() & ALL;
        let roots = visible & rng.random::<u64>();
        let s = State {
            visible,
            talon: 0,
            pile: [0; 7],
            home: [0; 4],
            code: 0,
            turned: 0,
            pass: 1,
            places: 0,
        };
        let open = s.open_levels(roots);
        for r in 1..=13u8 {
            for colour in 0..2u8 {
                let parents = [4 * (r - 1) + 2 * colour, 4 * (r - 1) + 2 * colour + 1];
                let p = parents.iter().filter(|&&b| visible & mask(b) != 0).count();
                let k = if r == 1 {
                    0
                } else {
                    let other = 1 - colour;
                    [4 * (r - 2) + 2 * other, 4 * (r - 2) + 2 * other + 1]
                        .iter()
                        .filter(|&&b| visible & !roots & mask(b) != 0)
                        .count()
                };
                assert_eq!(
                    open & mask(parents[0]) != 0,
                    k < p,
                    "rank {r} colour {colour}"
                );
            }
        }
    }
}

/// `talon_reach` and `waste_top` on masks against walking the talon place by place, as
/// they were first written, on random talons, turns and passes.
#[test]
fn the_talon_on_masks_agrees_with_walking_it() {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    fn walked(s: &State, table: &Table) -> Vec<(Bit, u8, u8, u16)> {
        let mut out = Vec::new();
        let top = table.talon[..usize::from(s.turned)]
            .iter()
            .rev()
            .copied()
            .find(|&b| s.talon & mask(b) != 0);
        if let Some(top) = top {
            out.push((top, 0, s.turned, s.pass));
        }
        let len = usize::from(table.talon_len);
        let turn = usize::from(table.rules.turn);
        let here = |i: usize| s.talon & mask(table.talon[i]) != 0;
        let (mut turned, mut pass, mut over) = (usize::from(s.turned), s.pass, false);
        let mut stops: u32 = 1 << turned;
        let mut steps = 0u8;
        loop {
            let mut i = turned;
            let (mut got, mut top) = (0, None);
            while i < len && got < turn {
                if here(i) {
                    got += 1;
                    top = Some(table.talon[i]);
                }
                i += 1;
            }
            let Some(top) = top else {
                let passes_left = table.rules.passes.is_none_or(|n| pass < u16::from(n));
                if over || !passes_left || s.talon == 0 {
                    return out;
                }
                over = true;
                steps += 1;
                turned = 0;
                pass = pass.saturating_add(1);
                continue;
            };
            turned = i;
            steps += 1;
            if over && stops & (1 << turned) != 0 {
                return out;
            }
            stops |= 1 << turned;
            out.push((top, steps, turned as u8, pass));
        }
    }
    let mut rng = StdRng::seed_from_u64(11);
    let mut checked = 0;
    for _ in 0..20_000 {
        let len = rng.random_range(0..=24u8);
        let mut cards: Vec<Bit> = (0..52).collect();
        for i in (1..52).rev() {
            cards.swap(i, rng.random_range(0..=i));
        }
        let rules = Rules {
            turn: if rng.random_bool(0.5) { 1 } else { 3 },
            passes: [None, Some(1), Some(2), Some(3)][rng.random_range(0..4)],
            foundation_to_column: true,
        };
        let mut table = Table::empty(rules);
        table.talon_len = len;
        table.talon[..usize::from(len)].copy_from_slice(&cards[..usize::from(len)]);
        table.index([0; 7]);
        let mut s = State {
            visible: 0,
            talon: 0,
            pile: [0; 7],
            home: [0; 4],
            code: 0,
            turned: rng.random_range(0..=len),
            pass: rng.random_range(1..4),
            places: 0,
        };
        for t in 0..len {
            if rng.random_bool(0.7) {
                s.talon |= mask(table.talon[usize::from(t)]);
                s.places |= 1 << t;
            }
        }
        // The talon's cards from their places, by bytes.
        assert_eq!(table.cards_at(s.places), s.talon);
        let mut got = Vec::new();
        talon_reach(&s, &table, |b, steps, turned, pass| {
            got.push((b, steps, turned, pass))
        });
        let want = walked(&s, &table);
        assert_eq!(
            got,
            want,
            "{s:?}, talon {:?}, {rules:?}",
            &table.talon[..usize::from(len)]
        );
        if rules.turn == 1 && rules.passes.is_none() {
            // Each card's first arrival, worked out for it alone.
            let mut first = std::collections::HashMap::new();
            for &(b, steps, turned, pass) in &got {
                first.entry(b).or_insert((steps, turned, pass));
            }
            assert_eq!(first.len() as u32, s.talon.count_ones());
            for (&b, &w) in &first {
                assert_eq!(turns_to(&s, &table, b), w, "{s:?}, card {b}");
            }
        }
        assert_eq!(
            s.waste_top(&table),
            want.first().filter(|w| w.1 == 0).map(|w| w.0)
        );
        checked += got.len();
    }
    assert!(checked > 100_000, "{checked} cards reached");
}

#[test]
fn bits_name_their_cards() {
    for i in 0..52 {
        let c = crate::cards::Card::from_index(i).unwrap();
        assert_eq!(card(bit(c)), c);
    }
}
