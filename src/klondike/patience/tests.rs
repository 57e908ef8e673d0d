//! Klondike behind the interface: lifting, clicks, the assistant, hints, stuck games, every move both ways.

use super::*;
use crate::cards::Card;
use crate::patience::rule_sets::RuleSetFile as _;
use crate::patience::{CommandLine as _, Game as _, Outcome, Patience as _, Rules as _, Verdict};

fn card(s: &str) -> Card {
    Card::parse(s).unwrap()
}

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(card).collect()
}

fn set(name: &str) -> RuleSet {
    RuleSet::by_name_or_path(name).unwrap()
}

fn deal(n: u128) -> DealNumber {
    DealNumber::new(n).unwrap()
}

/// A game from a table by hand: columns (cards bottom to top, how many face down), the
/// stock (next card last), the waste (top last), the foundations' heights.
fn table(
    rule_set: RuleSet,
    columns: &[(&str, u8)],
    stock: &str,
    waste: &str,
    foundations: [u8; 4],
) -> Game {
    let piles: Vec<(Vec<Card>, u8)> = (0..7)
        .map(|c| {
            columns
                .get(c)
                .map_or((Vec::new(), 0), |(t, d)| (cards(t), *d))
        })
        .collect();
    let parts: [(&[Card], u8); 7] = std::array::from_fn(|c| (&piles[c].0[..], piles[c].1));
    let p = Position::from_parts(parts, &cards(stock), &cards(waste), foundations, 1);
    Game::from_position(rule_set, deal(1), p)
}

/// Spades are home to the 7; the waste's AH goes home; 7D fits c3's 8S and c4's 8C;
/// 9H 8S fits c5's TS.
fn sample() -> Game {
    table(
        set("single-pass"),
        &[
            ("QH", 0),
            ("", 0),
            ("4C 7D", 1),
            ("TC 9H 8S", 0),
            ("8C", 0),
            ("TS", 0),
            ("KD", 0),
        ],
        "2D 3D",
        "5C AH",
        [0, 7, 0, 0],
    )
}

fn mv(from: Place, to: Place, count: u8) -> patience::Move {
    patience::Move::new(from, to, count)
}

#[test]
fn a_hand_lifts_a_face_up_card_with_the_cards_on_it() {
    let g = sample();
    assert_eq!(g.lift(Place::Column(3), 0), Ok(1));
    assert_eq!(g.lift(Place::Column(3), 2), Ok(3));
    assert_eq!(g.lift(Place::Column(3), 3), Err(None), "no such card");
    assert!(
        matches!(g.lift(Place::Column(2), 1), Err(Some(_))),
        "face down"
    );
    assert_eq!(g.lift(Place::Column(1), 0), Err(None), "empty");
    assert_eq!(g.lift(Place::Stock, 0), Err(None));
    assert_eq!(g.lift(Place::Waste, 0), Ok(1));
    assert_eq!(g.lift(Place::Waste, 1), Err(None));
    assert_eq!(g.lift(Place::Foundation(1), 0), Ok(1));
    assert_eq!(g.lift(Place::Foundation(0), 0), Err(None), "empty");
    let strict = RuleSet {
        foundation_to_column: false,
        name: "strict".into(),
        ..set("single-pass")
    };
    let g = table(strict, &[("8H", 0)], "", "", [0, 7, 0, 0]);
    assert!(matches!(g.lift(Place::Foundation(1), 0), Err(Some(_))));
    assert_eq!(g.lift(Place::Cell(0), 0), Err(None), "not a Klondike place");
}

#[test]
fn a_click_sends_a_card_home_first_then_to_the_leftmost_column() {
    let g = sample();
    let f = Place::Foundation;
    let c = Place::Column;
    assert_eq!(
        g.best_move(Place::Waste, 0),
        Some(mv(Place::Waste, f(2), 1))
    );
    assert_eq!(
        g.best_move(c(3), 0),
        Some(mv(c(3), f(1), 1)),
        "8S goes home"
    );
    assert_eq!(
        g.best_move(c(2), 0),
        Some(mv(c(2), c(3), 1)),
        "c3 before c4"
    );
    assert_eq!(
        g.best_move(c(3), 1),
        Some(mv(c(3), c(5), 2)),
        "9H 8S onto TS"
    );
    assert_eq!(g.best_move(c(3), 2), None, "TC fits nowhere");
    assert_eq!(g.best_move(c(2), 1), None, "face down");
    assert_eq!(g.best_move(c(6), 0), None, "a lone King stays put");
    assert_eq!(g.best_move(f(1), 0), None, "home stays home");
    assert_eq!(
        g.best_move(Place::Stock, 0),
        Some(mv(Place::Stock, Place::Waste, 0))
    );
    // The destinations of a drag.
    assert_eq!(g.destinations(c(2), 1), [c(3), c(4)]);
    assert_eq!(g.destinations(c(3), 2), [c(5)]);
    assert_eq!(g.destinations(Place::Waste, 1), [f(2)]);
    // The click plays.
    let mut g = g;
    let m = g.best_move(c(3), 1).unwrap();
    patience::Game::play(&mut g, m).unwrap();
    assert_eq!(g.position().column(5), cards("TS 9H 8S"));
    assert_eq!(g.notation(m), "c3:2>c5");
    assert_eq!(g.moving_card(m), None, "moved already");
    assert_eq!(patience::Game::undo(&mut g), Some(m));
    assert_eq!(g.moving_card(m), Some(card("9H")), "the card grabbed");
}

#[test]
fn a_double_click_sends_the_top_card_home() {
    let g = sample();
    assert_eq!(
        g.home_move(Place::Waste),
        Some(mv(Place::Waste, Place::Foundation(2), 1))
    );
    assert_eq!(
        g.home_move(Place::Column(3)),
        Some(mv(Place::Column(3), Place::Foundation(1), 1))
    );
    assert_eq!(
        g.home_move(Place::Column(4)),
        None,
        "8C: the clubs are empty"
    );
    assert_eq!(g.home_move(Place::Column(1)), None, "empty column");
    assert_eq!(g.home_move(Place::Stock), None);
    assert!(!g.inspects(Place::Column(3)));
}

#[test]
fn cards_lie_face_up_and_down_and_the_stock_turns_from_its_end() {
    for name in ["single-pass", "draw-three"] {
        let mut g = KLONDIKE.new_game(name, deal(11982)).unwrap();
        for c in 0..7u8 {
            let column = g.cards(Place::Column(c));
            assert_eq!(column.len(), usize::from(c) + 1);
            assert!(column[..usize::from(c)].iter().all(|s| !s.face_up));
            assert!(column.last().unwrap().face_up);
        }
        let stock = g.cards(Place::Stock);
        assert!(stock.iter().all(|s| !s.face_up));
        assert!(g.cards(Place::Waste).iter().all(|s| s.face_up));
        // The last card of the stock is the next a turn brings up.
        let next = stock.last().unwrap().card;
        let turn = mv(Place::Stock, Place::Waste, 0);
        assert_eq!(g.moving_card(turn), Some(next));
        let waste_before = g.cards(Place::Waste).len();
        g.play(turn).unwrap();
        let waste = g.cards(Place::Waste);
        let turned = waste.len() - waste_before;
        assert_eq!(
            waste[waste_before].card, next,
            "{name}: first onto the waste"
        );
        assert_eq!(
            waste.last().unwrap().card,
            stock[stock.len() - turned].card,
            "{name}: the waste's top"
        );
        assert_eq!(g.cards(Place::Stock).len(), stock.len() - turned);
    }
    let g = sample();
    let f1 = g.cards(Place::Foundation(1));
    assert_eq!(f1.len(), 7);
    assert_eq!(f1.last().unwrap().card, card("7S"));
    assert!(f1.iter().all(|s| s.face_up));
}

#[test]
fn every_move_maps_both_ways() {
    let mut g = Game::new(set("unlimited"), deal(3));
    for _ in 0..60 {
        let moves = g.position().legal_moves(g.rules());
        for &m in &moves {
            let n = Klondike::to_neutral(m);
            assert_eq!(Klondike::from_neutral(n), Some(m));
            assert_eq!(g.notation(n), m.to_string());
            assert_eq!(g.between(n.from, n.to, n.count), Some(n));
        }
        let Some(&m) = moves.iter().find(|&&m| !g.position().is_idle(m)) else {
            break;
        };
        Game::play(&mut g, m).unwrap();
    }
    assert_eq!(
        Klondike::to_neutral(Move::Turn),
        mv(Place::Stock, Place::Waste, 0)
    );
    assert_eq!(
        Klondike::to_neutral(Move::Redeal),
        mv(Place::Waste, Place::Stock, 0)
    );
    assert_eq!(
        Klondike::to_neutral(Move::ColumnToColumn(6, 2, 3)),
        mv(Place::Column(6), Place::Column(2), 3)
    );
    assert_eq!(
        Klondike::from_neutral(mv(Place::Column(1), Place::Column(1), 1)),
        None
    );
    assert_eq!(
        Klondike::from_neutral(mv(Place::Column(1), Place::Column(2), 0)),
        None
    );
    assert_eq!(
        Klondike::from_neutral(mv(Place::Waste, Place::Column(2), 2)),
        None
    );
    assert_eq!(
        Klondike::from_neutral(mv(Place::Cell(0), Place::Column(2), 1)),
        None
    );
    assert_eq!(
        Klondike::from_neutral(mv(Place::Column(7), Place::Column(2), 1)),
        None
    );
    let g = sample();
    assert_eq!(g.place_name(Place::Column(3)), "column c3");
    assert_eq!(g.place_name(Place::Foundation(1)), "foundation f1");
    assert_eq!(g.place_name(Place::Stock), "the stock");
    assert_eq!(g.place_name(Place::Waste), "the waste");
    assert_eq!(g.foundation_caption(2), Some((Suit::Hearts, "A", "up")));
    assert_eq!(g.foundation_caption(4), None);
}

#[test]
fn the_assistant_turns_finishes_and_hints() {
    let g = table(set("single-pass"), &[("5C", 0)], "2D 3D", "", [0; 4]);
    assert_eq!(
        g.turn_for_empty_waste(),
        Some(mv(Place::Stock, Place::Waste, 0))
    );
    assert_eq!(g.finishing_move(), None, "a stock is left");
    // All face up, the talon empty: the lowest card goes home first.
    let g = table(
        set("single-pass"),
        &[("KC QH JC TH", 0), ("KH QC JH TC", 0)],
        "",
        "",
        [9, 13, 9, 13],
    );
    assert_eq!(
        g.finishing_move(),
        Some(mv(Place::Column(0), Place::Foundation(2), 1))
    );
    let g = table(
        set("single-pass"),
        &[("KC QH JC TH", 1), ("KH QC JH TC", 0)],
        "",
        "",
        [9, 13, 9, 13],
    );
    assert_eq!(g.finishing_move(), None, "a card is face down");
    // The rules' hint: home first, then a move that turns a card up.
    let g = sample();
    assert!(g.rules_hint().unwrap().to_foundation());
    let g = table(
        set("single-pass"),
        &[("4C 7D", 1), ("8C", 0)],
        "2D",
        "",
        [0; 4],
    );
    assert_eq!(
        g.rules_hint(),
        Some(mv(Place::Column(0), Place::Column(1), 1))
    );
    // Hints in words.
    let g = sample();
    let (words, lit) = g.hint_from_line(&[mv(Place::Column(3), Place::Column(5), 2)]);
    assert_eq!(
        words,
        "Hint: 9♥ and the cards on it from column c3 to column c5."
    );
    assert_eq!(lit, [Place::Column(3), Place::Column(5)]);
    let (words, _) = g.hint_from_line(&[mv(Place::Waste, Place::Foundation(2), 1)]);
    assert_eq!(words, "Hint: A♥ from the waste to foundation f2.");
    let turn = mv(Place::Stock, Place::Waste, 0);
    let (words, lit) = g.hint_from_line(&[turn, turn, mv(Place::Waste, Place::Column(1), 1)]);
    assert_eq!(words, "Turn the stock: 2♦ is 2 cards down.");
    assert_eq!(lit, [Place::Stock]);
    assert_eq!(g.hint_from_line(&[]).0, "The game is won.");
}

#[test]
fn stuck_games_say_why_and_passes_run_out() {
    let g = table(
        set("single-pass"),
        &[("2C 3C 4C", 2), ("5S", 0)],
        "",
        "9D",
        [0; 4],
    );
    assert_eq!(patience::Game::status(&g), Status::Stuck);
    assert!(
        g.stuck_reason().contains("last pass"),
        "{}",
        g.stuck_reason()
    );
    assert!(!g.redeal_possible());
    assert_eq!(
        g.position().check(g.rules(), Move::Redeal),
        Err(crate::klondike::Illegal::NoPassLeft(1))
    );
    assert_eq!(g.best_move(Place::Stock, 0), None);
    let g = table(
        set("unlimited"),
        &[("2C 3C 4C", 2), ("5S", 0)],
        "",
        "9D",
        [0; 4],
    );
    assert!(g.redeal_possible());
    assert_eq!(
        g.best_move(Place::Stock, 0),
        Some(mv(Place::Waste, Place::Stock, 0))
    );
    assert_eq!(g.stage(), None);
}

#[test]
fn the_patience_deals_loads_and_solves() {
    assert_eq!(KLONDIKE.name(), "klondike");
    assert_eq!(KLONDIKE.rule_sets()[0].name, "single-pass");
    assert!(KLONDIKE.rule_set("Draw-Three").is_ok());
    assert!(KLONDIKE.rule_set("nonsense").is_err());
    assert!(KLONDIKE.rules_text().contains("Mouse:"));
    let mut g = KLONDIKE.new_game("unlimited", deal(5)).unwrap();
    assert!(g.same_rules("unlimited") && !g.same_rules("draw-three"));
    assert_eq!(g.statistics_key(), "klondike/unlimited");
    assert_eq!(g.places().len(), 13);
    let layout = KLONDIKE.layout(1280.0, 720.0, 1.0);
    for place in g.places() {
        assert!(layout.all().any(|q| q == place), "{place:?}");
    }
    let m = g.rules_hint().unwrap();
    g.play(m).unwrap();
    let again = KLONDIKE.load(&g.record()).unwrap();
    assert_eq!(again.record(), g.record());
    assert_eq!(again.snapshot().key(), g.snapshot().key());
    assert_ne!(g.start_snapshot().key(), g.snapshot().key());
    assert_eq!(g.history().len(), 2);
    assert_eq!(
        KLONDIKE.deal_snapshot("unlimited", deal(5)).unwrap().key(),
        g.start_snapshot().key()
    );
    // A nearly won game: the solver's line plays to a win.
    let mut g = table(
        set("single-pass"),
        &[("KC QH JC TH", 0), ("KH QC JH TC", 0)],
        "",
        "",
        [9, 13, 9, 13],
    );
    let Verdict::Winnable { line, .. } = g.snapshot().solve() else {
        panic!("winnable");
    };
    for m in line {
        patience::Game::play(&mut g, m).unwrap();
    }
    assert_eq!(patience::Game::status(&g), Status::Won);
    assert_eq!(patience::Game::count_win(&mut g), Some(Outcome::Won));
}

/// At the table, a search that left its solver's tables past `KEPT_BYTES` gives them back
/// once it ends; a small one keeps its solver for the next.
#[test]
fn the_table_keeps_a_solver_only_within_its_byte_budget() {
    use crate::patience::Rules as _;
    use crate::patience::solver::{Solver as _, kept_bytes};
    type S = crate::klondike::solver::Solver;
    let rules = Klondike::params(&Klondike::shipped()[0]);
    // A thread of its own: no other test's searches on it.
    std::thread::spawn(move || {
        // Lost within a few hundred positions.
        let small = Position::deal(deal(2), &rules);
        assert!(matches!(
            Klondike::solve(&rules, &small),
            Verdict::Lost { .. }
        ));
        let kept = kept_bytes::<S>().expect("a small search's solver is kept");
        assert!(kept <= S::KEPT_BYTES, "{kept} bytes kept");
        // Lost at some 140,000 positions: megabytes of positions seen.
        let big = Position::deal(deal(18), &rules);
        assert!(matches!(
            Klondike::solve(&rules, &big),
            Verdict::Lost { .. }
        ));
        assert_eq!(
            kept_bytes::<S>(),
            None,
            "a large search's tables are given back"
        );
    })
    .join()
    .unwrap();
}
