//! Tests of the rules as docs/rules.md states them: each rule accepted where it applies and
//! refused for its illegal neighbours; phase 2 in full is in `tests_foundations.rs`, random play
//! that checks the engine's invariants in `tests_play.rs`. Game records are tested in
//! `record_tests.rs`, and `check` against `legal_moves` for every move token in
//! `property_tests.rs`.

use super::*;
use rand::Rng;
use rand::rngs::StdRng;

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
pub(super) fn phase1(waste: &[Card], stock: &[Card]) -> Position {
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
pub(super) fn phase2(foundations: [u8; 8]) -> Position {
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

pub(super) fn legal(p: &Position, rules: &Rules, token: &str) -> bool {
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
