//! Phase 2: foundations built up and down, what it forbids, stuck and won, errors that say why.

use super::tests::{c, cadogan, legal, mv, phase1, phase2, wikipedia};
use super::*;

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
