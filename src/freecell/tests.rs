//! FreeCell's rules: Microsoft's deals as PySolFC deals them, the room a run needs, what each
//! rule allows and refuses, and exact undo under random play.

use super::position::COLUMN_CAPACITY;
use super::*;
use crate::cards::{Card, DealNumber, MAX_DEAL};

fn c(text: &str) -> Card {
    Card::parse(text).unwrap()
}

fn builds_on_in(rules: &Rules, card: &str, on: &str) -> bool {
    position::builds_on(rules, c(card), c(on))
}

fn freecell() -> Rules {
    RuleSet::builtin("freecell").unwrap().rules()
}

fn row(p: &Position, depth_from_bottom: usize) -> String {
    (0..COLUMNS)
        .filter_map(|col| p.column(col).get(depth_from_bottom).copied())
        .map(|card| card.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Microsoft's deal 1, the best-known FreeCell deal there is: PySolFC's deal 1 is the same.
#[test]
fn deal_1_is_microsofts() {
    let p = Position::deal(DealNumber::new(1).unwrap());
    let rows = [
        "JD 2D 9H JC 5D 7H 7C 5H",
        "KD KC 9S 5S AD QC KH 3H",
        "2S KS 9D QD JS AS AH 3C",
        "4C 5C TS QH 4H AC 4D 7S",
        "3S TD 4S TH 8H 2C JH 7D",
        "6D 8S 8D QS 6C 3D 8C TC",
        "6S 9C 2H 6H",
    ];
    for (i, want) in rows.iter().enumerate() {
        assert_eq!(row(&p, i), *want, "row {i}");
    }
    assert_eq!((0..COLUMNS).map(|col| p.column_len(col)).sum::<usize>(), 52);
    assert_eq!(p.column_len(3), 7);
    assert_eq!(p.column_len(4), 6);
}

/// Microsoft's deals, whole, as Freecell Solver's `make-microsoft-freecell-board -t N` lays
/// them out (its rows are our columns, bottom card first).
#[test]
fn microsofts_deals_are_laid_out_as_freecell_solver_makes_them() {
    for (n, columns) in [
        (
            617u128,
            [
                "7D TD TH KD 4C 4S JD",
                "AD 7S QC 5H QS TS KS",
                "5C QD 3H 9S 9C 2H KC",
                "3S AC 9D 3C 9H 5D 4H",
                "5S 6D 6S 8S 7C JC",
                "8C 8H 8D 7H 6H 6C",
                "2D AS 3D 4D 2C JH",
                "AH KH TC JS 2S QH",
            ],
        ),
        (
            11982,
            [
                "AH 3D KD JC 6C JD KC",
                "AS 3H 6H 5D 2C 7D 8D",
                "4H QS 5S 5C TH 8H 2S",
                "AC QC 4D 8C QH 9C 3S",
                "2D 8S 9H 9D 6D 2H",
                "6S 7H JH TD TC QD",
                "TS AD 9S KH 4S 4C",
                "JS KS 3C 7C 7S 5H",
            ],
        ),
        (
            31999,
            [
                "JD AC AH 9C 5H TC QS",
                "JH TH 7H 3D 8C 4D 2D",
                "AD AS 7C 5C 4H 9S QD",
                "QH 8H 5D 4C TD 2C 3S",
                "KH 9D 7S 2S TS KD",
                "6S 2H 6C 8S 3H 9H",
                "6D 8D QC 3C 4S KS",
                "JC 6H JS 7D KC 5S",
            ],
        ),
    ] {
        let p = Position::deal(DealNumber::new(n).unwrap());
        for (col, want) in columns.iter().enumerate() {
            let got: Vec<String> = p.column(col as u8).iter().map(|c| c.to_string()).collect();
            assert_eq!(got.join(" "), *want, "deal {n} column c{col}");
        }
    }
}

/// From 32000 on the deals are PySolFC's own (the Mersenne Twister): the cards come in the
/// order Klondike's openings were checked in against PySolFC's code (`klondike::tests`), dealt
/// across the columns. Card k of that order lies in column k mod 8, row k div 8. Klondike deals
/// its face-down rows first, each from c6 leftwards, then the face-up row from c6 to c0: its
/// c0 is card 27, the top of its c6 card 21, its waste card 28; in deal 32000 its c2 holds
/// cards 4, 10 and 25.
#[test]
fn pysolfc_deals_from_32000_follow_its_order() {
    for (n, c0, c6_top, waste) in [(32_000u128, "QS", "9H", "AD"), (32_001, "2C", "AS", "TH")] {
        let p = Position::deal(DealNumber::new(n).unwrap());
        let at = |k: usize| p.column((k % 8) as u8)[k / 8];
        assert_eq!(at(27), c(c0), "deal {n}");
        assert_eq!(at(21), c(c6_top), "deal {n}");
        assert_eq!(at(28), c(waste), "deal {n}");
    }
    let p = Position::deal(DealNumber::new(32_000).unwrap());
    let at = |k: usize| p.column((k % 8) as u8)[k / 8];
    assert_eq!([at(4), at(10), at(25)], [c("6D"), c("2C"), c("7D")]);
}

#[test]
fn every_deal_holds_each_card_once() {
    for n in [1, 11_982, 31_999, 32_000, u128::from(u64::MAX), MAX_DEAL] {
        let p = Position::deal(DealNumber::new(n).unwrap());
        let mut seen = [0; 52];
        for col in 0..COLUMNS {
            for card in p.column(col) {
                seen[usize::from(card.index())] += 1;
            }
        }
        assert!(seen.iter().all(|&k| k == 1), "deal {n}");
    }
}

#[test]
fn a_run_needs_room_from_the_free_cells_and_empty_columns() {
    let r = freecell();
    // Columns c0..c5 hold a card each, c6 and c7 are empty; no cell is taken.
    let one = [c("KS"), c("KH"), c("KD"), c("KC"), c("QS"), c("QH")];
    let columns: [&[Card]; 8] = std::array::from_fn(|i| if i < 6 { &one[i..=i] } else { &[] });
    let p = Position::from_parts(columns, &[], [0; 4]).unwrap();
    assert_eq!(p.room(&r, false), 5 * 4, "(1 + 4 cells) × 2^2");
    assert_eq!(
        p.room(&r, true),
        5 * 2,
        "onto an empty column, it does not count"
    );
    let full =
        Position::from_parts(columns, &[c("2C"), c("3C"), c("4C"), c("5C")], [0; 4]).unwrap();
    assert_eq!(full.room(&r, false), 4);
    assert_eq!(full.room(&r, true), 2);
}

#[test]
fn runs_move_only_when_they_build_and_fit() {
    let r = freecell();
    // c0: 9S 8H 7C 6D (a run of four), c1: TD, the rest full of Kings; cells all taken.
    let run = [c("9S"), c("8H"), c("7C"), c("6D")];
    let ten = [c("TD")];
    let kings = [c("KS")];
    let apart = [c("KH"), c("5H")];
    let columns: [&[Card]; 8] = [&run, &ten, &apart, &kings, &kings, &kings, &kings, &kings];
    let cells = [c("2C"), c("3C"), c("4C"), c("5C")];
    let p = Position::from_parts(columns, &cells, [0; 4]).unwrap();
    let to_ten = |n| Move {
        from: Place::Column(0),
        to: Place::Column(1),
        count: n,
    };
    assert_eq!(p.check(&r, to_ten(4)), Err(Illegal::NoRoom { room: 1 }));
    // With two cells free, three cards move at most; the run of four must wait.
    let p = Position::from_parts(columns, &cells[..2], [0; 4]).unwrap();
    assert_eq!(p.check(&r, to_ten(4)), Err(Illegal::NoRoom { room: 3 }));
    let p = Position::from_parts(columns, &[], [0; 4]).unwrap();
    assert_eq!(p.check(&r, to_ten(4)), Ok(()));
    assert!(matches!(
        p.check(&r, to_ten(2)),
        Err(Illegal::DoesNotBuild { .. })
    ));
    let not_a_run = Move {
        from: Place::Column(2),
        to: Place::Column(1),
        count: 2,
    };
    assert_eq!(p.check(&r, not_a_run), Err(Illegal::NotASequence));
    // Baker's Game builds in suit: the alternate-colour run is no run there, and a card goes
    // only on its own suit.
    let bakers = RuleSet::builtin("bakers-game").unwrap().rules();
    assert_eq!(p.check(&bakers, to_ten(4)), Err(Illegal::NotASequence));
    assert!(builds_on_in(&bakers, "9D", "TD") && !builds_on_in(&bakers, "9S", "TD"));
    assert!(builds_on_in(&r, "9S", "TD") && !builds_on_in(&r, "9D", "TD"));
}

#[test]
fn cells_and_foundations_take_what_they_should() {
    let r = freecell();
    let p = Position::deal(DealNumber::new(1).unwrap());
    // Deal 1: c5's top card is 3D; c6's is 8C... (see the rows above).
    let to_cell = Move::one(Place::Column(0), Place::Cell(0));
    let mut q = p;
    q.apply(&r, to_cell).unwrap();
    assert_eq!(
        q.check(&r, Move::one(Place::Column(1), Place::Cell(0))),
        Err(Illegal::CellTaken)
    );
    assert_eq!(
        q.check(&r, Move::one(Place::Column(1), Place::Cell(4))),
        Err(Illegal::NoSuchPlace)
    );
    // An Ace goes home, a Two does not before it.
    let aces = [c("AH")];
    let twos = [c("2H")];
    let columns: [&[Card]; 8] = [&aces, &twos, &[], &[], &[], &[], &[], &[]];
    let mut p = Position::from_parts(columns, &[], [0; 4]).unwrap();
    let home = |col| Move::one(Place::Column(col), Place::Foundation(2));
    assert!(matches!(
        p.check(&r, home(1)),
        Err(Illegal::NotNextHome { .. })
    ));
    assert_eq!(
        p.check(&r, Move::one(Place::Column(0), Place::Foundation(0))),
        Err(Illegal::NotNextHome { card: c("AH") })
    );
    p.apply(&r, home(0)).unwrap();
    p.apply(&r, home(1)).unwrap();
    assert_eq!(p.home(2), 2);
    // Home stays home in the shipped rules; a custom set may allow it back.
    let back = Move::one(Place::Foundation(2), Place::Cell(0));
    assert_eq!(p.check(&r, back), Err(Illegal::HomeStaysHome));
    let loose = Rules {
        foundation_back: true,
        ..r
    };
    let mut q = p;
    q.apply(&loose, back).unwrap();
    assert_eq!((q.home(2), q.cell(0)), (1, Some(c("2H"))));
}

/// Random play under both rule sets: every legal move applies, its notation reads back, each
/// position packs and unpacks to itself, and undoing each move in turn gives back every
/// position before it.
#[test]
fn random_play_undoes_exactly() {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let mut rng = StdRng::seed_from_u64(35);
    for set in RuleSet::shipped() {
        let r = set.rules();
        for deal in 1..=20u128 {
            let mut p = Position::deal(DealNumber::new(deal).unwrap());
            let mut line = Vec::new();
            for _ in 0..200 {
                let moves = p.legal_moves(&r);
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.random_range(0..moves.len())];
                assert_eq!(Move::parse(&m.to_string()), Ok(m));
                let before = p;
                p.apply(&r, m).unwrap();
                assert!((0..COLUMNS).all(|col| p.column_len(col) <= COLUMN_CAPACITY));
                assert_eq!(Position::unpack(&p.pack()), p, "packed and unpacked");
                line.push((before, m));
            }
            for (before, m) in line.into_iter().rev() {
                p.undo(m);
                assert_eq!(p, before, "undoing {m} in deal {deal} under {}", set.name);
            }
        }
    }
}

/// Every move there could be, each checked by the rules, but a card from one free cell to
/// another (which changes nothing): what `legal_moves` must equal.
fn every_legal_move(p: &Position, r: &Rules) -> Vec<Move> {
    let places: Vec<Place> = Place::all(r.cells).collect();
    let mut all = Vec::new();
    for &from in &places {
        for &to in &places {
            if matches!((from, to), (Place::Cell(_), Place::Cell(_))) {
                continue;
            }
            for count in 1..=19u8 {
                let m = Move { from, to, count };
                if p.check(r, m).is_ok() {
                    all.push(m);
                }
            }
        }
    }
    all
}

/// The move generator leaves no legal move out, on positions of random play under every rule
/// set, cards back from the foundations too.
#[test]
fn the_generator_makes_every_legal_move() {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let mut rng = StdRng::seed_from_u64(3535);
    let mut sets: Vec<Rules> = RuleSet::shipped().iter().map(|s| s.rules()).collect();
    sets.push(Rules {
        foundation_back: true,
        cells: 2,
        ..sets[0]
    });
    for r in sets {
        for deal in 1..=30u128 {
            let mut p = Position::deal(DealNumber::new(deal).unwrap());
            for _ in 0..150 {
                let mut fast = p.legal_moves(&r);
                let mut slow = every_legal_move(&p, &r);
                let key = |m: &Move| (m.from, m.to, m.count);
                fast.sort_by_key(key);
                slow.sort_by_key(key);
                assert_eq!(fast, slow, "deal {deal} {r:?} at {p:?}");
                if slow.is_empty() {
                    break;
                }
                // Moves home less often, so the columns grow long runs.
                let m = slow[rng.random_range(0..slow.len())];
                p.apply(&r, m).unwrap();
            }
        }
    }
}

#[test]
fn notation_reads_what_it_writes_and_nothing_else() {
    for (text, want) in [
        ("c3>c5", Move::one(Place::Column(3), Place::Column(5))),
        (
            "C3:4>c5",
            Move {
                from: Place::Column(3),
                to: Place::Column(5),
                count: 4,
            },
        ),
        ("c3>r0", Move::one(Place::Column(3), Place::Cell(0))),
        ("r0>f1", Move::one(Place::Cell(0), Place::Foundation(1))),
    ] {
        assert_eq!(Move::parse(text), Ok(want), "{text}");
    }
    for bad in [
        "", "c3", "c3>c3", "c3:1>c5", "c3:04>c5", "r0:2>c1", "c8>c1", "x1>c2", "c3>c5>c6",
    ] {
        assert!(Move::parse(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn rule_sets_are_data() {
    let shipped = RuleSet::shipped();
    assert_eq!(shipped[0].name, "freecell");
    assert_eq!(shipped[0].rules().cells, 4);
    assert_eq!(shipped[1].rules().build, Build::Suit);
    let custom = "(name: \"two\", title: \"Two cells\", description: \"\", cells: 2, build: AlternateColours)";
    let two = RuleSet::parse("two.ron", custom).unwrap();
    assert_eq!(two.key(), "custom/two/2ca");
    let too_many = custom.replace("cells: 2", "cells: 5");
    assert!(
        RuleSet::parse("five.ron", &too_many)
            .unwrap_err()
            .contains("cells must be 1 to 4")
    );
    let copy = custom.replace("cells: 2", "cells: 4");
    assert_eq!(
        RuleSet::parse("copy.ron", &copy).unwrap().canonical().name,
        "freecell"
    );
}
