//! Positions called lost (the dead check, the looser game) against brute force, and in words.

use super::tests::{RULE_SETS, brute_force, play_at_random, reduced, rules};
use super::*;
use crate::cards::Card;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The dead check (`dead`) against brute force: every position it calls lost, met in random
/// play from random reduced games under every rule set (the waste a stack under single
/// pass), brute force through the rules finds lost too.
#[test]
fn positions_found_stuck_are_lost() {
    let mut rng = StdRng::seed_from_u64(31);
    let mut fired = 0;
    for name in RULE_SETS {
        for back in [false, true] {
            let r = Rules {
                foundation_to_column: back,
                ..rules(name)
            };
            for _ in 0..400 {
                let low = rng.random_range(5..=8);
                let mut p = reduced(low, &mut rng);
                let n = rng.random_range(0..12);
                play_at_random(&mut p, &r, low, n, &mut rng);
                let Some((table, s)) = line::abstract_of(&p, &r) else {
                    continue;
                };
                if dead::stuck(&s, &table).is_none() {
                    continue;
                }
                if let Some(truth) = brute_force(p, &r, low, 50_000) {
                    assert!(
                        !truth,
                        "{name}, back {back}: called stuck ({:?}) but winnable: {p:?}",
                        dead::stuck(&s, &table).map(|x| dead::words(&x))
                    );
                    fired += 1;
                }
            }
        }
    }
    eprintln!("{fired} stuck positions checked");
    assert!(fired > 50, "{fired} stuck positions checked");
}

/// A card buried under the card of its suit above it, whose parents lie under it too: lost
/// at once, said in a player's words.
#[test]
fn a_card_buried_under_its_suit_is_lost_in_words() {
    let r = rules("single-pass");
    let c = |t: &str| Card::parse(t).unwrap();
    let pile = [c("7H"), c("7D"), c("5C"), c("6C")];
    // Clubs home to the 4, spades all home, hearts and diamonds to the 6; the rest in the
    // stock.
    let home = [4, 13, 6, 6];
    let stock: Vec<Card> = (0..52u8)
        .filter_map(Card::from_index)
        .filter(|x| x.rank() > home[x.suit() as usize] && !pile.contains(x))
        .collect();
    let empty: &[Card] = &[];
    let p = Position::from_parts(
        [
            (&pile, 3),
            (empty, 0),
            (empty, 0),
            (empty, 0),
            (empty, 0),
            (empty, 0),
            (empty, 0),
        ],
        &stock,
        &[],
        home,
        1,
    );
    let Verdict::Lost { why } = Solver::new().solve(&p, &r, BUDGET) else {
        panic!("lost");
    };
    assert_eq!(
        why,
        "the 5♣ is buried under the 6♣ it must go home before, and no red 7 can ever take the 6♣"
    );
}

/// The same in the waste once no pass is left: the 6♣ turned over onto the 5♣, with both red
/// 7s under them.
#[test]
fn a_card_buried_in_the_waste_is_lost_in_words() {
    let r = rules("single-pass");
    let c = |t: &str| Card::parse(t).unwrap();
    let waste = [c("7H"), c("7D"), c("5C"), c("6C")];
    let home = [4, 13, 6, 6];
    let column = |ranks: &str, suit: char| -> Vec<Card> {
        ranks
            .chars()
            .map(|rank| c(&format!("{rank}{suit}")))
            .collect()
    };
    let clubs = column("789TJQK", 'C');
    let (hearts, diamonds) = (column("89TJQK", 'H'), column("89TJQK", 'D'));
    let empty: &[Card] = &[];
    let p = Position::from_parts(
        [
            (&clubs, 6),
            (&hearts, 5),
            (&diamonds, 5),
            (empty, 0),
            (empty, 0),
            (empty, 0),
            (empty, 0),
        ],
        &[],
        &waste,
        home,
        1,
    );
    let Verdict::Lost { why } = Solver::new().solve(&p, &r, BUDGET) else {
        panic!("lost");
    };
    assert_eq!(
        why,
        "in the waste, the 5♣ is buried under the 6♣ it must go home before, and no red 7 can ever take the 6♣"
    );
}

/// The looser game (`relax`) against brute force: every position it calls lost, met in random
/// play from random reduced games under every rule set, brute force finds lost too; it calls
/// lost every position the dead check does; and room on the parents (children seated on them
/// from the start) proves some it could not without.
#[test]
fn positions_the_looser_game_loses_are_lost() {
    let mut rng = StdRng::seed_from_u64(37);
    let (mut fired, mut beyond_dead, mut by_room) = (0, 0, 0);
    for name in RULE_SETS {
        for back in [false, true] {
            let r = Rules {
                foundation_to_column: back,
                ..rules(name)
            };
            for _ in 0..400 {
                let low = rng.random_range(5..=8);
                let mut p = reduced(low, &mut rng);
                let n = rng.random_range(0..16);
                play_at_random(&mut p, &r, low, n, &mut rng);
                let Some((table, s)) = line::abstract_of(&p, &r) else {
                    continue;
                };
                let never_out = relax::never_out(&s, &table);
                let roomy = relax::never_out_seated(&s, &table, false);
                let stuck = dead::stuck(&s, &table);
                assert!(
                    stuck.is_none() || roomy != 0,
                    "{name}, back {back}: stuck but the looser game wins: {p:?}"
                );
                assert!(
                    never_out & roomy == roomy,
                    "{name}, back {back}: room brought out a card"
                );
                if never_out == 0 {
                    continue;
                }
                if let Some(truth) = brute_force(p, &r, low, 50_000) {
                    assert!(
                        !truth,
                        "{name}, back {back}: {} but winnable: {p:?}",
                        relax::words(never_out)
                    );
                    fired += 1;
                    beyond_dead += usize::from(stuck.is_none());
                    by_room += usize::from(roomy == 0);
                }
            }
        }
    }
    eprintln!(
        "{fired} positions the looser game loses checked, {beyond_dead} beyond the dead check, \
         {by_room} only with room on the parents"
    );
    assert!(
        fired > 50 && beyond_dead > 10 && by_room > 10,
        "{fired} checked, {beyond_dead} beyond, {by_room} by room"
    );
}

#[test]
fn cards_that_never_come_free_are_named() {
    let m = |cards: &[&str]| {
        cards
            .iter()
            .map(|t| 1u64 << state::bit(Card::parse(t).unwrap()))
            .fold(0, |a, b| a | b)
    };
    assert_eq!(
        relax::words(m(&["9D"])),
        "however the other cards are played, the 9♦ never comes free"
    );
    assert_eq!(
        relax::words(m(&["9D", "3H", "4D"])),
        "however the other cards are played, the 3♥, the 4♦ and the 9♦ never come free"
    );
    assert_eq!(
        relax::words(m(&["9D", "3H", "4D", "JC", "QS"])),
        "however the other cards are played, the 3♥, the 4♦, the 9♦ and 2 more cards never come free"
    );
}
