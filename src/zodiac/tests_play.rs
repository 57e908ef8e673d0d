//! Random play and the game around the rules: undo, redo, clicks, hints, finishing, helped.

use super::tests::{c, cadogan, mv, phase1, phase2, random_game, wikipedia};
use super::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A game at the table from `p`, under Cadogan's rules.
fn at_table(p: &Position) -> super::Game {
    let set = RuleSet::builtin("cadogan").unwrap();
    super::Game::from_position(set, DealNumber::new(1).unwrap(), *p)
}

/// What a hand lifts from the top of `place` at the table: the front end's default lift over
/// the rules' refusals, which keeps Zodiac cards in place in phase 1.
fn lifts(p: &Position, place: Place) -> Result<u8, Option<String>> {
    let place = super::patience::to_neutral(place);
    <super::patience::Zodiac as crate::patience::Table>::lift(&at_table(p), place, 0)
}

/// Whether the game at the table finishes by itself from `p` (the front end's default).
fn finishes_by_itself(p: &Position) -> bool {
    <super::patience::Zodiac as crate::patience::Table>::finishing_move(&at_table(p)).is_some()
}

#[test]
fn random_play_keeps_every_card_exactly_twice() {
    let mut rng = StdRng::seed_from_u64(1);
    for round in 0..60 {
        let rules_name = if round % 2 == 0 {
            "cadogan"
        } else {
            "wikipedia"
        };
        let mut game = random_game(&mut rng, rules_name, 0);
        for _ in 0..2000 {
            let counts = game.position().card_counts(game.rules());
            assert!(counts.iter().all(|&n| n == 2), "{:?}", game.position());
            let moves = game.position().legal_moves(game.rules());
            if moves.is_empty() {
                break;
            }
            game.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
    }
}

#[test]
fn undoing_every_move_returns_the_start_exactly() {
    let mut rng = StdRng::seed_from_u64(2);
    let mut reached_phase_2 = 0;
    for round in 0..60 {
        let rules_name = if round % 2 == 0 {
            "cadogan"
        } else {
            "wikipedia"
        };
        let mut game = random_game(&mut rng, rules_name, 3000);
        reached_phase_2 += usize::from(game.position().phase() == Phase::Two);
        let end = *game.position();
        let start = Position::deal(game.deal());
        let played = game.moves().len();
        while game.undo().is_some() {}
        assert_eq!(*game.position(), start);
        for _ in 0..played {
            game.redo().unwrap();
        }
        assert_eq!(*game.position(), end, "redo returns to the end");
    }
    assert!(
        reached_phase_2 > 0,
        "random play should sometimes reach phase 2"
    );
}

#[test]
fn undo_and_redo_lines() {
    let mut game = Game::new(RuleSet::default_set(), DealNumber::new(1).unwrap());
    assert_eq!(game.undo(), None);
    game.play(Move::Turn).unwrap();
    game.play(Move::Turn).unwrap();
    assert_eq!(game.undo(), Some(Move::Turn));
    assert_eq!(game.redo_moves(), &[Move::Turn]);
    assert_eq!(game.redo(), Some(Move::Turn));
    assert_eq!(game.redo(), None);
    game.undo();
    game.play(Move::WasteToEquator(0)).unwrap_err();
    assert_eq!(
        game.redo_moves().len(),
        1,
        "an illegal move changes nothing"
    );
    game.restart();
    assert!(game.moves().is_empty() && game.redo_moves().is_empty());
    assert_eq!(*game.position(), Position::deal(game.deal()));
}

#[test]
fn legal_moves_fit_in_the_list_in_crowded_positions() {
    // Every Equator card fits every Zodiac pile: 8 × 24 moves, plus the waste's.
    let rules = cadogan();
    let five_s = [c("5S")];
    let p = Position::from_parts(
        [Some(c("4S")); 8],
        [&five_s; 24],
        [0; 8],
        &[c("6S")],
        &[c("2D")],
    );
    let moves = p.legal_moves(&rules);
    assert_eq!(moves.len(), 1 + 24 + 8 * 24);
}

#[test]
fn click_priority_is_zodiac_before_equator_in_phase_1_and_foundations_in_phase_2() {
    let rules = cadogan();
    // 5S fits z0 (6S) and could fill e2: the Zodiac wins.
    let p = phase1(&[c("5S")], &[c("2D")]);
    assert_eq!(p.best_move_from(&rules, Place::Waste), Some(mv("w>z0")));
    // 4H fits nowhere in the Zodiac: the empty cell takes it.
    let p = phase1(&[c("4H")], &[c("2D")]);
    assert_eq!(p.best_move_from(&rules, Place::Waste), Some(mv("w>e2")));
    assert_eq!(
        p.best_move_from(&rules, Place::Equator(0)),
        Some(mv("e0>z0"))
    );
    assert_eq!(
        p.best_move_from(&rules, Place::Equator(3)),
        Some(mv("e3>z2")),
        "QD onto KD"
    );
    assert_eq!(
        p.best_move_from(&rules, Place::Equator(2)),
        None,
        "an empty cell"
    );
    assert_eq!(
        p.best_move_from(&rules, Place::Zodiac(0)),
        None,
        "Zodiac cards stay in phase 1"
    );
    assert_eq!(p.best_move_from(&rules, Place::Stock), Some(Move::Turn));
    assert!(lifts(&p, Place::Waste).is_ok() && lifts(&p, Place::Equator(0)).is_ok());
    assert_eq!(
        lifts(&p, Place::Zodiac(0)),
        Err(Some("Zodiac cards never move in phase 1".to_string()))
    );
    assert!(lifts(&p, Place::Equator(2)).is_err() && lifts(&p, Place::Stock).is_err());
    assert_eq!(
        p.destinations(&rules, Place::Equator(1)),
        vec![Place::Zodiac(1)]
    );
    let p = phase2([0; 8]);
    assert_eq!(
        p.best_move_from(&rules, Place::Equator(0)),
        Some(mv("e0>f0"))
    );
    assert_eq!(
        p.best_move_from(&rules, Place::Zodiac(1)),
        Some(mv("z1>f1"))
    );
    assert_eq!(
        p.best_move_from(&rules, Place::Zodiac(0)),
        None,
        "2C before AC"
    );
    assert!(lifts(&p, Place::Zodiac(0)).is_ok() && lifts(&p, Place::Waste).is_err());
    let wiki = wikipedia();
    assert_eq!(
        p.best_move_from(&wiki, Place::Equator(0)),
        Some(mv("e0>f0")),
        "the lower-numbered foundation first"
    );
}

#[test]
fn hints_prefer_progress_and_turn_the_stock_before_the_equator_or_turning_a_pile_back() {
    let rules = cadogan();
    // The waste's 9D fits only the empty cell e2: turn the stock first.
    let (pile, two_c) = ([c("7S"), c("6S")], [c("2C")]);
    let mut zodiac: [&[Card]; 24] = [&two_c; 24];
    zodiac[0] = &pile;
    let mut one_free = [Some(c("QH")); 8];
    one_free[2] = None;
    let p = Position::from_parts(one_free, zodiac, [0; 8], &[c("9D")], &[c("2D")]);
    assert_eq!(p.hint(&rules), Some(Move::Turn));
    // The 7S would turn z0 (7S 6S) back up: turn the stock first.
    let full = [Some(c("QH")); 8];
    let p = Position::from_parts(full, zodiac, [0; 8], &[c("7S")], &[c("9H")]);
    assert_eq!(p.hint(&rules), Some(Move::Turn));
    let p = Position::from_parts(full, zodiac, [0; 8], &[c("5S")], &[c("9H")]);
    assert_eq!(p.hint(&rules), Some(mv("w>z0")), "the 5S goes on down");
    let p = phase1(&[c("5S")], &[c("2D")]);
    assert_eq!(
        p.hint(&rules),
        Some(mv("e0>z0")),
        "an Equator card onto the Zodiac first"
    );
    let p = phase1(&[c("4H")], &[c("2D")]);
    assert_eq!(p.hint(&rules), Some(mv("e0>z0")));
    let full = [Some(c("QH")); 8];
    let two_c = [c("2C")];
    let p = Position::from_parts(full, [&two_c; 24], [0; 8], &[c("3C")], &[c("9H")]);
    assert_eq!(p.hint(&rules), Some(mv("w>z0")));
    let p = Position::from_parts(full, [&two_c; 24], [0; 8], &[c("9H")], &[c("3C")]);
    assert_eq!(
        p.hint(&rules),
        Some(Move::Turn),
        "only turning the stock is left"
    );
    let p = phase2([0; 8]);
    assert!(matches!(
        p.hint(&rules),
        Some(Move::EquatorToFoundation(..) | Move::ZodiacToFoundation(..))
    ));
}

#[test]
fn a_game_finishes_by_itself_only_when_cards_home_win_it() {
    // Everything home but clubs up (AC waiting, 2C..KC nowhere): not finishable.
    let won_but_one = Position::from_parts(
        [Some(c("AC")), None, None, None, None, None, None, None],
        [&[]; 24],
        [0, 13, 13, 13, 13, 13, 13, 13],
        &[],
        &[],
    );
    assert!(
        !finishes_by_itself(&won_but_one),
        "2C..KC are missing: not a real position"
    );
    let last = Position::from_parts(
        [Some(c("AC")), None, None, None, None, None, None, None],
        [&[]; 24],
        [13, 13, 13, 13, 12, 13, 13, 13],
        &[],
        &[],
    );
    assert!(finishes_by_itself(&last));
    assert!(
        !finishes_by_itself(&phase1(&[c("5S")], &[])),
        "never in phase 1"
    );
    let blocked = phase2([0; 8]);
    assert!(!finishes_by_itself(&blocked));
}

/// "Undo to the last winnable position" is one step: one redo brings every move back, a single
/// undo inside it stays a single step, and a new move forgets the step.
#[test]
fn undo_to_is_one_step_for_redo() {
    let mut game = Game::new(RuleSet::default_set(), DealNumber::new(1).unwrap());
    let mut played = Vec::new();
    for _ in 0..6 {
        let m = game
            .position()
            .hint(game.rules())
            .expect("deal 1 has moves");
        game.play(m).unwrap();
        played.push(m);
    }
    let after = *game.position();
    let undone = game.undo_to(2);
    assert_eq!(undone.len(), 4);
    assert_eq!(game.moves(), &played[..2]);
    // One single undo below the step, then redo: that move alone, then the whole step.
    game.undo();
    assert_eq!(game.redo_step().len(), 1);
    assert_eq!(game.moves().len(), 2);
    assert_eq!(game.redo_step().len(), 4);
    assert_eq!(*game.position(), after);
    assert_eq!(game.moves(), &played[..]);
    // Nothing grouped is left: the next redo is empty.
    assert!(game.redo_step().is_empty());
    // A new move forgets the step: replaying the first undone move by hand keeps the redo
    // line, but the next redo is one move, not the broken step.
    game.undo_to(2);
    game.play(played[2]).unwrap();
    assert_eq!(game.redo_step(), vec![played[3]]);
    // Undoing to where we are is nothing.
    assert!(game.undo_to(game.moves().len()).is_empty());
}

/// The helped flag rides in the record, and only when set; restart clears it.
#[test]
fn helped_is_saved_and_restart_clears_it() {
    let mut game = Game::new(RuleSet::default_set(), DealNumber::new(1).unwrap());
    assert!(!game.to_record().to_ron().contains("helped"));
    game.helped = true;
    let back = Game::from_ron(&game.to_record().to_ron()).unwrap();
    assert!(back.helped);
    game.restart();
    assert!(!game.helped);
}

/// A hint whose line turns the waste over first says so, in the words every patience's hints
/// share (Zodiac's own once said "turn the stock" for it, and "1 turns").
#[test]
fn a_hint_that_turns_the_waste_over_says_so() {
    use crate::patience::{Game as _, Move as Neutral, Place as P};
    let mut g = Game::new(RuleSet::default_set(), DealNumber::new(1).unwrap());
    let turn = Neutral::new(P::Stock, P::Waste, 1);
    let onto = Neutral::new(P::Waste, P::Pile(0), 1);
    let next = g.cards(P::Stock).last().unwrap().card.name();
    let (words, lit) = g.hint_from_line(&[turn, onto]);
    assert_eq!(words, format!("Turn the stock: {next} is next."));
    assert_eq!(lit, [P::Stock]);
    while !g.cards(P::Stock).is_empty() {
        crate::patience::Game::play(&mut g, turn).unwrap();
    }
    let first = g.cards(P::Waste)[0].card.name();
    let over = Neutral::new(P::Waste, P::Stock, 0);
    assert_eq!(g.hint_from_line(&[over]).0, "Hint: turn the waste over.");
    assert_eq!(
        g.hint_from_line(&[over, turn, onto]).0,
        format!("Turn the stock, and the waste over: {first} comes up in 2 turns.")
    );
}
