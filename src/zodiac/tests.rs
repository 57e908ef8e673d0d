//! Tests of the rules as docs/rules.md states them: each rule accepted where it applies and
//! refused for its illegal neighbours, plus random play that checks the engine's invariants.
//! Game records are tested in `record_tests.rs`, and `check` against `legal_moves` for every
//! move token in `property_tests.rs`.
//!
//! Longer than most files: one short test per rule reads better than fewer, denser ones.

use super::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

pub(super) fn c(text: &str) -> Card {
    Card::parse(text).unwrap()
}

pub(super) fn cadogan() -> Rules {
    RuleSet::builtin("cadogan").unwrap().rules()
}

pub(super) fn wikipedia() -> Rules {
    RuleSet::builtin("wikipedia").unwrap().rules()
}

pub(super) fn mv(token: &str) -> Move {
    Move::parse(token).unwrap()
}

/// A phase-1 table: z0 = 6S, z1 = 9H, z2 = KD, z3 = AC, the rest 2C; e0 = 5S, e1 = 8H, e2 empty,
/// e3..e7 = QD; waste top `waste`, stock `stock`.
fn phase1(waste: &[Card], stock: &[Card]) -> Position {
    let (six_s, nine_h, king_d, ace_c, two_c) =
        ([c("6S")], [c("9H")], [c("KD")], [c("AC")], [c("2C")]);
    let mut zodiac: [&[Card]; 24] = [&two_c; 24];
    zodiac[0] = &six_s;
    zodiac[1] = &nine_h;
    zodiac[2] = &king_d;
    zodiac[3] = &ace_c;
    let mut equator = [Some(c("QD")); 8];
    equator[0] = Some(c("5S"));
    equator[1] = Some(c("8H"));
    equator[2] = None;
    Position::from_parts(equator, zodiac, [0; 8], waste, stock)
}

/// A phase-2 table (stock and waste empty): z0 = 3C 2C, z1 = AS, z2 = QH, z3 empty, the rest KD;
/// e0 = AC, e1 = KH, e2 empty, the rest 5D; foundations as given.
fn phase2(foundations: [u8; 8]) -> Position {
    let (z0, z1, z2, kd) = ([c("3C"), c("2C")], [c("AS")], [c("QH")], [c("KD")]);
    let mut zodiac: [&[Card]; 24] = [&kd; 24];
    zodiac[0] = &z0;
    zodiac[1] = &z1;
    zodiac[2] = &z2;
    zodiac[3] = &[];
    let mut equator = [Some(c("5D")); 8];
    equator[0] = Some(c("AC"));
    equator[1] = Some(c("KH"));
    equator[2] = None;
    Position::from_parts(equator, zodiac, foundations, &[], &[])
}

fn legal(p: &Position, rules: &Rules, token: &str) -> bool {
    let m = mv(token);
    let ok = p.check(rules, m).is_ok();
    assert_eq!(
        ok,
        p.legal_moves(rules).contains(m),
        "check and legal_moves disagree on {token}"
    );
    ok
}

#[test]
fn deal_1_opening_is_as_rules_md_says() {
    let rules = cadogan();
    let p = Position::deal(DealNumber::new(1).unwrap());
    let text = p.to_text(&rules);
    assert!(
        text.starts_with("equator: 3D 5H JC KH 5S 5H KC KC\nzodiac z0: 8D\n"),
        "{text}"
    );
    assert_eq!(p.waste(), &[c("8H")]);
    assert_eq!(p.stock().len(), 71);
    assert_eq!(p.stock()[0], c("JH"));
    assert_eq!(p.phase(), Phase::One);
    assert!(text.ends_with("phase: 1\nstatus: playing\n"), "{text}");
    assert!(text.contains("\nfoundation f0:\n"));
}

#[test]
fn waste_onto_zodiac_same_suit_one_up_or_down() {
    let rules = cadogan();
    for (card, ok) in [
        ("5S", true),
        ("7S", true),
        ("5H", false),
        ("4S", false),
        ("8S", false),
        ("6S", false),
    ] {
        let p = phase1(&[c(card)], &[c("2D")]);
        assert_eq!(legal(&p, &rules, "w>z0"), ok, "{card} on 6S");
    }
    // Direction may change within a pile: 5S on 6S, then 6S on that 5S.
    let mut p = phase1(&[c("6S"), c("5S")], &[c("2D")]);
    p.apply(&rules, mv("w>z0")).unwrap();
    p.apply(&rules, mv("w>z0")).unwrap();
    assert_eq!(p.zodiac(0), &[c("6S"), c("5S"), c("6S")]);
}

#[test]
fn ace_and_king_are_not_consecutive() {
    let rules = cadogan();
    let p = phase1(&[c("AD")], &[c("2D")]);
    assert!(!legal(&p, &rules, "w>z2"), "Ace onto King");
    let p = phase1(&[c("KC")], &[c("2D")]);
    assert!(!legal(&p, &rules, "w>z3"), "King onto Ace");
    let p = phase1(&[c("QD")], &[c("2D")]);
    assert!(legal(&p, &rules, "w>z2"), "Queen onto King");
}

#[test]
fn waste_into_empty_equator_cell_only() {
    let rules = cadogan();
    let p = phase1(&[c("4H")], &[c("2D")]);
    assert!(legal(&p, &rules, "w>e2"));
    assert_eq!(
        p.check(&rules, mv("w>e0")),
        Err(Illegal::EquatorOccupied(0))
    );
    let empty_waste = phase1(&[], &[c("2D")]);
    assert_eq!(
        empty_waste.check(&rules, mv("w>e2")),
        Err(Illegal::WasteEmpty)
    );
}

#[test]
fn equator_onto_zodiac_frees_the_cell() {
    let rules = cadogan();
    let mut p = phase1(&[c("4H")], &[c("2D")]);
    assert!(legal(&p, &rules, "e0>z0"), "5S onto 6S");
    assert!(legal(&p, &rules, "e1>z1"), "8H onto 9H");
    assert!(!legal(&p, &rules, "e1>z0"), "8H onto 6S: wrong suit");
    assert_eq!(p.check(&rules, mv("e2>z0")), Err(Illegal::EquatorEmpty(2)));
    p.apply(&rules, mv("e0>z0")).unwrap();
    assert_eq!(p.equator(0), None);
    assert!(legal(&p, &rules, "w>e0"));
}

#[test]
fn nothing_moves_off_the_zodiac_or_to_a_foundation_in_phase_1() {
    let rules = cadogan();
    let p = phase1(&[c("AS")], &[c("2D")]);
    assert_eq!(
        p.check(&rules, mv("z3>f0")),
        Err(Illegal::ZodiacMovesInPhase1),
        "Zodiac Ace to its foundation"
    );
    assert_eq!(
        p.check(&rules, mv("e0>f1")),
        Err(Illegal::FoundationInPhase1)
    );
    // The notation has no Zodiac-to-Zodiac, Zodiac-to-Equator or waste-to-foundation move.
    for token in ["z0>z1", "z0>e2", "w>f1", "f0>z1"] {
        assert!(Move::parse(token).is_err(), "{token}");
    }
    assert!(p.legal_moves(&rules).iter().all(|m| !matches!(
        m,
        Move::ZodiacToFoundation(..) | Move::EquatorToFoundation(..)
    )));
}

#[test]
fn turning_and_redealing_keep_the_order() {
    let rules = cadogan();
    let mut p = phase1(&[c("2D")], &[c("3D"), c("4D")]);
    assert_eq!(p.check(&rules, Move::Redeal), Err(Illegal::StockNotEmpty));
    p.apply(&rules, Move::Turn).unwrap();
    p.apply(&rules, Move::Turn).unwrap();
    assert_eq!(p.check(&rules, Move::Turn), Err(Illegal::StockEmpty));
    assert_eq!(p.waste(), &[c("2D"), c("3D"), c("4D")]);
    p.apply(&rules, Move::Redeal).unwrap();
    assert_eq!(
        p.stock(),
        &[c("2D"), c("3D"), c("4D")],
        "the card turned first comes first again"
    );
    assert!(p.waste().is_empty());
    assert!(legal(&p, &rules, "d"));
    assert!(!legal(&p, &rules, "r"));
}

#[test]
fn phase_2_begins_when_stock_and_waste_are_empty() {
    let rules = cadogan();
    let mut p = phase1(&[c("5S")], &[]);
    assert_eq!(p.phase(), Phase::One);
    p.apply(&rules, mv("w>z0")).unwrap();
    assert_eq!(p.phase(), Phase::Two);
    p.undo(&rules, mv("w>z0"));
    assert_eq!(p.phase(), Phase::One);
}

#[test]
fn phase_2_up_and_down_foundations_cadogan() {
    let rules = cadogan();
    let p = phase2([0; 8]);
    assert!(legal(&p, &rules, "e0>f0"), "AC onto empty clubs-up");
    assert!(!legal(&p, &rules, "e0>f1"), "AC onto spades-up: wrong suit");
    assert!(!legal(&p, &rules, "e0>f4"), "AC onto empty clubs-down");
    assert!(legal(&p, &rules, "z1>f1"), "AS from the Zodiac");
    assert!(legal(&p, &rules, "e1>f6"), "KH onto empty hearts-down");
    assert!(!legal(&p, &rules, "e1>f2"), "KH onto empty hearts-up");
    assert!(!legal(&p, &rules, "z0>f0"), "2C before AC");
    let p = phase2([1, 0, 0, 0, 0, 0, 1, 0]);
    assert!(legal(&p, &rules, "z0>f0"), "2C onto AC");
    assert!(legal(&p, &rules, "z2>f6"), "QH onto KH");
    assert!(!legal(&p, &rules, "z2>f2"), "QH onto the empty hearts-up");
    assert_eq!(p.check(&rules, mv("z3>f0")), Err(Illegal::ZodiacEmpty(3)));
}

#[test]
fn phase_2_wikipedia_builds_all_eight_up() {
    let rules = wikipedia();
    let p = phase2([0; 8]);
    assert!(
        legal(&p, &rules, "e0>f0") && legal(&p, &rules, "e0>f4"),
        "AC onto either clubs foundation"
    );
    assert!(!legal(&p, &rules, "e1>f6"), "no King base in wikipedia");
}

#[test]
fn a_full_foundation_refuses_every_card() {
    let rules = cadogan();
    // f0 (clubs up) ends at KC, f4 (clubs down) at AC: nothing more goes on either, not even
    // the other copy of its last card.
    let (kc, ac) = ([c("KC")], [c("AC")]);
    let mut zodiac: [&[Card]; 24] = [&[]; 24];
    zodiac[0] = &kc;
    zodiac[1] = &ac;
    let mut equator = [None; 8];
    equator[0] = Some(c("KC"));
    equator[1] = Some(c("AC"));
    let p = Position::from_parts(equator, zodiac, [13, 0, 0, 0, 13, 0, 0, 0], &[], &[]);
    assert_eq!(p.foundation_wants(&rules, 0), None);
    for token in [
        "z0>f0", "z1>f0", "e0>f0", "e1>f0", "z0>f4", "z1>f4", "e0>f4", "e1>f4",
    ] {
        assert!(!legal(&p, &rules, token), "{token}");
    }
    let why = p.check(&rules, mv("e1>f4")).unwrap_err();
    assert_eq!(
        why,
        Illegal::FoundationRefuses {
            card: c("AC"),
            foundation: 4,
            wants: None
        }
    );
    assert!(why.to_string().contains("complete"), "{why}");
    assert_eq!(p.status(&rules), Status::Stuck);
}

/// A phase-2 table with one Zodiac pile per suit in `order` (bottom to top) for each foundation
/// `f`; plays `z<f>>f<f>` 13 times for each and returns the result.
fn build_foundations(
    rules: &Rules,
    foundations: &[u8],
    order: impl Fn(u8) -> Vec<Card>,
) -> Position {
    let piles: Vec<Vec<Card>> = (0..24)
        .map(|z| {
            if foundations.contains(&z) {
                order(z)
            } else {
                Vec::new()
            }
        })
        .collect();
    let zodiac: [&[Card]; 24] = std::array::from_fn(|z| piles[z].as_slice());
    let mut p = Position::from_parts([None; 8], zodiac, [0; 8], &[], &[]);
    for &f in foundations {
        for n in 1..=13 {
            let m = Move::ZodiacToFoundation(f, f);
            assert!(legal(&p, rules, &m.to_string()), "card {n} onto f{f}");
            p.apply(rules, m).unwrap();
            assert_eq!(p.foundation_len(f), n);
        }
        assert_eq!(p.foundation_wants(rules, f), None, "f{f} complete");
    }
    p
}

#[test]
fn a_cadogan_down_foundation_is_built_from_king_to_ace() {
    let rules = cadogan();
    // Each pile's top is the King, its bottom the Ace.
    let ace_to_king = |f: u8| {
        let suit = Suit::from_index(usize::from(f));
        (1..=13).map(|r| Card::new(suit, r)).collect::<Vec<_>>()
    };
    let p = build_foundations(&rules, &[4, 5, 6, 7], ace_to_king);
    for f in 4..8 {
        let suit = Suit::from_index(usize::from(f));
        let built: Vec<Card> = p.foundation(&rules, f).collect();
        let king_to_ace: Vec<Card> = (1..=13).rev().map(|r| Card::new(suit, r)).collect();
        assert_eq!(built, king_to_ace, "f{f}");
        assert_eq!(p.foundation_top(&rules, f), Some(Card::new(suit, 1)));
    }
    // The up foundations never took a King.
    assert!((0..4).all(|f| p.foundation_len(f) == 0));
}

#[test]
fn wikipedia_builds_f4_to_f7_from_ace_to_king_like_f0_to_f3() {
    let rules = wikipedia();
    // Each pile's top is the Ace.
    let king_to_ace = |f: u8| {
        let suit = Suit::from_index(usize::from(f));
        (1..=13)
            .rev()
            .map(|r| Card::new(suit, r))
            .collect::<Vec<_>>()
    };
    let p = build_foundations(&rules, &[0, 1, 2, 3, 4, 5, 6, 7], king_to_ace);
    for f in 0..8 {
        let suit = Suit::from_index(usize::from(f));
        let built: Vec<Card> = p.foundation(&rules, f).collect();
        let ace_to_king: Vec<Card> = (1..=13).map(|r| Card::new(suit, r)).collect();
        assert_eq!(built, ace_to_king, "f{f}");
    }
    assert!(p.is_won());
    // The same piles under cadogan: f4..f7 refuse the Aces.
    let cadogan = cadogan();
    let ace_s = [c("AS")];
    let mut zodiac: [&[Card]; 24] = [&[]; 24];
    zodiac[5] = &ace_s;
    let p = Position::from_parts([None; 8], zodiac, [0; 8], &[], &[]);
    assert!(legal(&p, &rules, "z5>f5") && !legal(&p, &cadogan, "z5>f5"));
}

#[test]
fn phase_2_forbids_everything_but_foundations() {
    let rules = cadogan();
    let p = phase2([0; 8]);
    assert_eq!(p.check(&rules, Move::Turn), Err(Illegal::StockEmpty));
    assert!(p.check(&rules, Move::Redeal).is_err());
    assert_eq!(p.check(&rules, mv("w>z0")), Err(Illegal::WasteEmpty));
    assert_eq!(p.check(&rules, mv("w>e2")), Err(Illegal::WasteEmpty));
    // AC would fit 2C on z0 in phase 1, but not now.
    assert_eq!(p.check(&rules, mv("e0>z0")), Err(Illegal::ZodiacInPhase2));
    let pysolfc = Rules {
        equator_to_zodiac_in_phase_2: true,
        ..rules
    };
    assert!(legal(&p, &pysolfc, "e0>z0"), "PySolFC's option");
    // Nothing comes off a foundation: the notation has no such move.
    assert!(Move::parse("f0>z3").is_err());
}

#[test]
fn stuck_in_phase_1_only_when_nothing_can_ever_move() {
    let rules = cadogan();
    let full_equator = [Some(c("QD")); 8];
    let two_c = [c("2C")];
    let zodiac: [&[Card]; 24] = [&two_c; 24];
    let stuck = Position::from_parts(full_equator, zodiac, [0; 8], &[c("9H")], &[c("TH")]);
    assert_eq!(stuck.status(&rules), Status::Stuck);
    // A stock card deep down that fits keeps the game alive: redeals reach it.
    let alive = Position::from_parts(
        full_equator,
        zodiac,
        [0; 8],
        &[c("9H")],
        &[c("TH"), c("3C")],
    );
    assert_eq!(alive.status(&rules), Status::Playing);
    let mut equator = full_equator;
    equator[5] = None;
    let alive = Position::from_parts(equator, zodiac, [0; 8], &[c("9H")], &[]);
    assert_eq!(
        alive.status(&rules),
        Status::Playing,
        "an empty Equator cell"
    );
    equator[5] = Some(c("AC"));
    let alive = Position::from_parts(equator, zodiac, [0; 8], &[c("9H")], &[]);
    assert_eq!(
        alive.status(&rules),
        Status::Playing,
        "an Equator card fits"
    );
}

#[test]
fn stuck_in_phase_2_and_won() {
    let rules = cadogan();
    let p = phase2([0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(p.status(&rules), Status::Playing);
    let kd = [c("KD")];
    let zodiac: [&[Card]; 24] = [&kd; 24];
    let stuck = Position::from_parts([None; 8], zodiac, [0; 8], &[], &[]);
    assert_eq!(stuck.status(&rules), Status::Playing, "KD goes to f7");
    let two_c = [c("2C")];
    let stuck = Position::from_parts([None; 8], [&two_c; 24], [0; 8], &[], &[]);
    assert_eq!(stuck.status(&rules), Status::Stuck);
    let won = Position::from_parts([None; 8], [&[]; 24], [13; 8], &[], &[]);
    assert_eq!(won.status(&rules), Status::Won);
    assert!(won.to_text(&rules).ends_with("phase: 2\nstatus: won\n"));
}

#[test]
fn errors_say_why() {
    let rules = cadogan();
    let p = phase1(&[c("5H")], &[c("2D")]);
    let why = p.check(&rules, mv("w>z0")).unwrap_err().to_string();
    assert!(why.contains("5♥ does not go on 6♠"), "{why}");
    let p = phase2([0; 8]);
    let why = p.check(&rules, mv("z0>f0")).unwrap_err().to_string();
    assert!(why.contains("takes A♣ next, not 2♣"), "{why}");
}

/// Plays random legal moves from a random deal, until won, stuck or `limit` moves.
pub(super) fn random_game(rng: &mut StdRng, rules_name: &str, limit: usize) -> Game {
    random_game_under(rng, RuleSet::builtin(rules_name).unwrap(), limit)
}

/// [`random_game`] under any rule set.
pub(super) fn random_game_under(rng: &mut StdRng, rule_set: RuleSet, limit: usize) -> Game {
    let deal = DealNumber::new(rng.random_range(1..=MAX_DEAL)).unwrap();
    let mut game = Game::new(rule_set, deal);
    for _ in 0..limit {
        if game.status() != Status::Playing {
            break;
        }
        let moves = game.position().legal_moves(game.rules());
        // Prefer real moves over turning the stock, so games reach phase 2.
        let pick = if moves.len() > 1 && rng.random_bool(0.8) {
            moves[rng.random_range(1..moves.len())]
        } else {
            moves[rng.random_range(0..moves.len())]
        };
        game.play(pick).unwrap();
    }
    game
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
    assert!(p.can_lift(Place::Waste) && p.can_lift(Place::Equator(0)));
    assert!(
        !p.can_lift(Place::Zodiac(0))
            && !p.can_lift(Place::Equator(2))
            && !p.can_lift(Place::Stock)
    );
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
    assert!(p.can_lift(Place::Zodiac(0)) && !p.can_lift(Place::Waste));
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
fn a_game_finishes_by_itself_only_when_no_choice_is_left() {
    let rules = cadogan();
    // Everything home but clubs up (AC waiting, 2C..KC nowhere): not finishable.
    let won_but_one = Position::from_parts(
        [Some(c("AC")), None, None, None, None, None, None, None],
        [&[]; 24],
        [0, 13, 13, 13, 13, 13, 13, 13],
        &[],
        &[],
    );
    assert!(
        !won_but_one.finishes_by_itself(&rules),
        "2C..KC are missing: not a real position"
    );
    let last = Position::from_parts(
        [Some(c("AC")), None, None, None, None, None, None, None],
        [&[]; 24],
        [13, 13, 13, 13, 12, 13, 13, 13],
        &[],
        &[],
    );
    assert!(last.finishes_by_itself(&rules));
    assert!(
        !phase1(&[c("5S")], &[]).finishes_by_itself(&rules),
        "never in phase 1"
    );
    let blocked = phase2([0; 8]);
    assert!(!blocked.finishes_by_itself(&rules));
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
