//! Klondike's rules checked: the deal against PySolFC, every rule of play, undo as the exact
//! inverse of a move, and random play that never loses or makes a card.

use super::*;
use crate::cards::{Card, DealNumber};
use crate::patience::rule_sets::RuleSetFile as _;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn rules(name: &str) -> Rules {
    RuleSet::by_name_or_path(name).unwrap().rules()
}

fn card(s: &str) -> Card {
    Card::parse(s).unwrap()
}

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(card).collect()
}

/// A table by hand: columns (cards bottom to top, how many face down; the rest empty), the
/// stock (next card last), the waste (top last), the foundations' heights.
fn table(columns: &[(&str, u8)], stock: &str, waste: &str, foundations: [u8; 4]) -> Position {
    let piles: Vec<(Vec<Card>, u8)> = (0..7)
        .map(|c| {
            columns
                .get(c)
                .map_or((Vec::new(), 0), |(t, d)| (cards(t), *d))
        })
        .collect();
    let parts: [(&[Card], u8); 7] = std::array::from_fn(|c| (&piles[c].0[..], piles[c].1));
    Position::from_parts(parts, &cards(stock), &cards(waste), foundations, 1)
}

fn deal(n: u128, name: &str) -> Position {
    Position::deal(DealNumber::new(n).unwrap(), &rules(name))
}

/// The issue's vector: deal 1 opens with QH on c0, TS on c1, and 4H on the waste.
#[test]
fn deal_1_is_pysolfcs() {
    let p = deal(1, "single-pass");
    assert_eq!(p.column(0), [card("QH")]);
    assert_eq!(p.column(1).last(), Some(&card("TS")));
    assert_eq!(p.waste(), [card("4H")]);
    for c in 0..7u8 {
        assert_eq!(p.column(c).len(), usize::from(c) + 1);
        assert_eq!(p.face_down(c), c);
    }
    assert_eq!((p.stock().len(), p.card_count()), (23, 52));
    // Draw three turns three at the start.
    let p3 = deal(1, "draw-three");
    assert_eq!(p3.waste().len(), 3);
    assert_eq!(p3.waste()[0], card("4H"));
}

/// The Mersenne Twister path (32000 and up), checked against CPython's own `random.Random`
/// (the generator PySolFC shuffles with), the cards made and dealt as PySolFC does: column
/// c0, the top of c6, and the waste.
#[test]
fn mersenne_twister_deals_match_cpython() {
    for (n, c0, c6_top, waste) in [
        (32_000u128, "QS", "9H", "AD"),
        (crate::cards::MAX_DEAL, "9D", "8D", "4C"),
    ] {
        let p = deal(n, "single-pass");
        assert_eq!(p.column(0), [card(c0)], "deal {n}");
        assert_eq!(p.column(6).last(), Some(&card(c6_top)), "deal {n}");
        assert_eq!(p.waste(), [card(waste)], "deal {n}");
    }
    let p = deal(32_000, "single-pass");
    let c2: Vec<String> = p.column(2).iter().map(|c| c.to_string()).collect();
    assert_eq!(c2, ["6D", "2C", "7D"]);
}

/// Openings worked out from PySolFC's own code (its generators from `pysol-cards`, checked
/// against plain CPython `random.Random`), below and above 32000: column c0, the top of c6,
/// the waste, and the next stock card.
#[test]
fn openings_match_pysolfc() {
    for (n, c0, c6_top, waste, next) in [
        (2u128, "7C", "4S", "6S", "4H"),
        (3u128, "8D", "KS", "AC", "6D"),
        (617u128, "3C", "8D", "8S", "7H"),
        (11982u128, "8C", "JH", "9D", "TD"),
        (31999u128, "4C", "6C", "2S", "8S"),
        (32001u128, "2C", "AS", "TH", "8D"),
        (123456789u128, "TH", "8D", "4D", "KC"),
    ] {
        let p = deal(n, "single-pass");
        assert_eq!(p.column(0), [card(c0)], "deal {n}");
        assert_eq!(p.column(6).last(), Some(&card(c6_top)), "deal {n}");
        assert_eq!(p.waste(), [card(waste)], "deal {n}");
        assert_eq!(p.stock().last(), Some(&card(next)), "deal {n}");
    }
}

#[test]
fn every_deal_holds_each_card_once() {
    for n in [
        1u128,
        2,
        31_999,
        32_000,
        123_456_789,
        crate::cards::MAX_DEAL,
    ] {
        let p = deal(n, "unlimited");
        let mut seen: Vec<Card> = (0..7).flat_map(|c| p.column(c).to_vec()).collect();
        seen.extend(p.stock());
        seen.extend(p.waste());
        seen.sort();
        let all: Vec<Card> = (0..52).filter_map(Card::from_index).collect();
        assert_eq!(seen, all, "deal {n}");
    }
}

#[test]
fn moves_read_and_write_the_notation() {
    for token in ["d", "r", "w>c3", "w>f0", "c3>f2", "c3>c5", "f1>c6"] {
        assert_eq!(Move::parse(token).unwrap().to_string(), token);
    }
    assert_eq!(Move::parse("C3>C5").unwrap(), Move::ColumnToColumn(3, 5, 1));
    assert_eq!(
        Move::parse("c6:3>c2").unwrap(),
        Move::ColumnToColumn(6, 2, 3)
    );
    assert_eq!(Move::ColumnToColumn(6, 2, 3).to_string(), "c6:3>c2");
    for bad in [
        "c6:1>c2", "c6:0>c2", "c6:03>c2", "c6:14>c2", "w:2>c1", "c6:3>f0",
    ] {
        assert!(Move::parse(bad).is_err(), "{bad}");
    }
    for bad in [
        "", "x", "c7>c1", "c3>c3", "w>w", "s>w", "f0>f1", "c1>s", "w>c10", "c01>c2",
    ] {
        assert!(Move::parse(bad).is_err(), "{bad}");
    }
}

/// A small table built by hand: the rules of play one by one.
#[test]
fn columns_build_down_in_alternate_colours_and_kings_fill_gaps() {
    let r = rules("single-pass");
    let c = cards;
    let p = table(
        &[("2C 9H 8S 7D", 1), ("TC", 0), ("", 0), ("KD QS", 0)],
        "5C",
        "AC 6H",
        [0; 4],
    );
    // 9H heads 9H 8S 7D onto TC; the 2C under it turns face up.
    let mut q = p;
    assert!(matches!(
        q.check(&r, Move::ColumnToColumn(0, 1, 1)),
        Err(Illegal::NotOnColumn { .. })
    ));
    assert_eq!(
        q.check(&r, Move::ColumnToColumn(0, 1, 4)),
        Err(Illegal::NotThatMany {
            column: 0,
            count: 4
        })
    );
    let done = q.apply(&r, Move::ColumnToColumn(0, 1, 3)).unwrap();
    assert_eq!(
        done,
        Done {
            count: 3,
            flipped: true
        }
    );
    assert_eq!(q.column(1), c("TC 9H 8S 7D"));
    assert_eq!((q.column(0), q.face_down(0)), (&c("2C")[..], 0));
    q.undo(Move::ColumnToColumn(0, 1, 3), done);
    assert_eq!(q, p, "undo is the exact inverse");
    // The waste's 6H does not go on TC; only a King goes to an empty column.
    assert!(matches!(
        p.check(&r, Move::WasteToColumn(1)),
        Err(Illegal::NotOnColumn { .. })
    ));
    assert!(matches!(
        p.check(&r, Move::WasteToColumn(2)),
        Err(Illegal::OnlyKings { .. })
    ));
    // KD QS may fill an empty column (a run headed by a King).
    assert!(p.check(&r, Move::ColumnToColumn(3, 2, 2)).is_ok());
    assert!(
        p.is_idle(Move::ColumnToColumn(3, 2, 2)),
        "nothing under it: an idle move"
    );
    // 6H is not the next heart; after the waste's 6H goes away the AC is.
    assert!(p.check(&r, Move::WasteToFoundation(2)).is_err());
    // Single pass: the stock turns once, then the waste never comes back.
    let mut q = p;
    q.apply(&r, Move::Turn).unwrap();
    assert_eq!(q.check(&r, Move::Redeal), Err(Illegal::NoPassLeft(1)));
    assert!(q.check(&rules("unlimited"), Move::Redeal).is_ok());
    // A card comes back from a foundation where the rules allow.
    let f = table(&[("TC", 0)], "", "", [0, 0, 9, 0]);
    assert!(
        f.check(&r, Move::FoundationToColumn(2, 0)).is_ok(),
        "9H onto TC"
    );
    let strict = Rules {
        foundation_to_column: false,
        ..r
    };
    assert_eq!(
        f.check(&strict, Move::FoundationToColumn(2, 0)),
        Err(Illegal::NoWayBack)
    );
}

/// Random games under every rule set: every legal move plays, undo restores the position
/// exactly, no card is lost or made, and illegal moves are refused without a change.
#[test]
fn random_play_keeps_every_card_and_undoes_exactly() {
    let mut rng = StdRng::seed_from_u64(7);
    for name in ["single-pass", "unlimited", "draw-three"] {
        let r = rules(name);
        for round in 0..40 {
            let mut p = deal(rng.random_range(1..1_000_000), name);
            let start = p;
            let mut history = Vec::new();
            for _ in 0..300 {
                let moves = p.legal_moves(&r);
                // The moves made from the cards on top are exactly those the rules allow.
                assert_eq!(moves, every_move_checked(&p, &r), "{name} {round}");
                if moves.is_empty() || p.is_won() {
                    break;
                }
                let m = moves[rng.random_range(0..moves.len())];
                let before = p;
                let done = p
                    .apply(&r, m)
                    .unwrap_or_else(|e| panic!("{name} {round}: {m}: {e}"));
                assert_eq!(p.card_count(), 52);
                let mut back = p;
                back.undo(m, done);
                assert_eq!(back, before, "{name} {round}: undo {m}");
                history.push((m, done));
            }
            // Everything undone: the deal again.
            for (m, done) in history.into_iter().rev() {
                p.undo(m, done);
            }
            assert_eq!(p, start, "{name} {round}: all undone");
        }
    }
}

/// Every move of the notation the rules allow here, tried one by one, in legal_moves' order.
fn every_move_checked(p: &Position, r: &Rules) -> Vec<Move> {
    let mut all = Vec::new();
    for f in 0..4 {
        all.push(Move::WasteToFoundation(f));
        all.extend((0..7).map(|c| Move::ColumnToFoundation(c, f)));
    }
    for to in 0..7 {
        all.push(Move::WasteToColumn(to));
        for from in 0..7 {
            all.extend((1..=19).map(|n| Move::ColumnToColumn(from, to, n)));
        }
    }
    for f in 0..4 {
        all.extend((0..7).map(|c| Move::FoundationToColumn(f, c)));
    }
    all.extend([Move::Turn, Move::Redeal]);
    all.retain(|&m| p.check(r, m).is_ok());
    all
}

/// Stuck means no move at all is left: none on the table, and the stock can bring up nothing
/// that fits.
#[test]
fn a_game_with_nothing_left_to_play_is_stuck() {
    let r = rules("single-pass");
    // Nothing fits: 4C on 5S? Both black. The stock's diamonds fit nowhere either.
    let p = table(&[("2C 3C 4C", 2), ("5S", 0)], "7D 8D", "9D", [0; 4]);
    assert_eq!(p.status(&r), Status::Stuck);
    // A red four in the stock would fit on 5S: then it is not stuck.
    let q = table(&[("2C 3C 4C", 2), ("5S", 0)], "4D 8D", "9D", [0; 4]);
    assert_eq!(q.status(&r), Status::Playing);
    let won = table(&[], "", "", [13; 4]);
    assert_eq!(won.status(&r), Status::Won);
}
