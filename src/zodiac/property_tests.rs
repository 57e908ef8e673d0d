//! Property: `check(m)` accepts a move exactly when `legal_moves` lists it, for every move the
//! notation can write, on random positions of both phases under every kind of rule set.

use super::tests::random_game_under;
use super::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Every `Move` value: d, r, w>zK, w>eK, eK>zJ, zK>fJ, eK>fJ.
fn every_move() -> Vec<Move> {
    let mut all = vec![Move::Turn, Move::Redeal];
    all.extend((0..24).map(Move::WasteToZodiac));
    all.extend((0..8).map(Move::WasteToEquator));
    for e in 0..8 {
        all.extend((0..24).map(|z| Move::EquatorToZodiac(e, z)));
    }
    for z in 0..24 {
        all.extend((0..8).map(|f| Move::ZodiacToFoundation(z, f)));
    }
    for e in 0..8 {
        all.extend((0..8).map(|f| Move::EquatorToFoundation(e, f)));
    }
    all
}

#[test]
fn there_are_482_move_tokens_and_each_reads_back() {
    let all = every_move();
    assert_eq!(all.len(), 2 + 24 + 8 + 8 * 24 + 24 * 8 + 8 * 8);
    let distinct: std::collections::HashSet<Move> = all.iter().copied().collect();
    assert_eq!(distinct.len(), all.len());
    for m in all {
        assert_eq!(Move::parse(&m.to_string()), Ok(m));
    }
}

#[test]
fn check_agrees_with_legal_moves_for_every_move_token() {
    let all = every_move();
    let pysolfc = RuleSet {
        name: "pysolfc".into(),
        equator_to_zodiac_in_phase_2: true,
        ..RuleSet::default_set()
    };
    let rule_sets = [
        RuleSet::builtin("cadogan").unwrap(),
        RuleSet::builtin("wikipedia").unwrap(),
        pysolfc,
    ];
    let mut rng = StdRng::seed_from_u64(9);
    let (mut phase_1, mut phase_2, mut phase_2_with_a_move) = (0, 0, 0);
    let mut round = 0;
    while phase_1 + phase_2 < 400 {
        let rule_set = rule_sets[round % rule_sets.len()].clone();
        round += 1;
        // A game played at random to its end; a few of the positions it went through are
        // looked at, from each phase it reached.
        let game = random_game_under(&mut rng, rule_set, 3000);
        let rules = *game.rules();
        let mut seen = vec![Position::deal(game.deal())];
        for &m in game.moves() {
            let mut next = *seen.last().unwrap();
            next.apply_unchecked(m);
            seen.push(next);
        }
        let (ones, twos): (Vec<Position>, Vec<Position>) =
            seen.into_iter().partition(|p| p.phase() == Phase::One);
        for positions in [ones, twos] {
            for _ in 0..positions.len().min(2) {
                let p = positions[rng.random_range(0..positions.len())];
                let legal = p.legal_moves(&rules);
                for &m in &all {
                    assert_eq!(
                        p.check(&rules, m).is_ok(),
                        legal.contains(m),
                        "{m} under {}: check says {:?}\n{p:?}",
                        game.rule_set().name,
                        p.check(&rules, m),
                    );
                }
                if p.phase() == Phase::One {
                    phase_1 += 1;
                } else {
                    phase_2 += 1;
                    phase_2_with_a_move += usize::from(!legal.is_empty());
                }
            }
        }
    }
    assert!(
        phase_1 >= 100 && phase_2 >= 100 && phase_2_with_a_move >= 50,
        "{phase_1} positions in phase 1, {phase_2} in phase 2 ({phase_2_with_a_move} with a move)"
    );
}
