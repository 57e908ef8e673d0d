//! Klondike at the table, headless: the same window messages as for Zodiac, through picking,
//! several in one frame where a busy machine would send them; and switching between the two
//! patiences without losing either game.

use crate::harness::Harness;
use bevy::input::ButtonState;
use bevy::input::mouse::MouseButton;
use bevy::prelude::*;
use std::path::PathBuf;
use zodiac::game::LaunchOptions;
use zodiac::game::messages::Request;
use zodiac::game::table::cards::Mirror;
use zodiac::klondike::{Move as KMove, Position, RuleSet};
use zodiac::patience::{Move, Place, Rules as _, Status};
use zodiac::zodiac::DealNumber;

fn centre(h: &Harness, place: Place) -> Vec2 {
    let r = h.table().rect(place);
    Vec2::new(r.x, r.y)
}

/// Where the card `depth` from the top of a place lies now.
fn card_centre(h: &Harness, place: Place, depth: usize) -> Vec2 {
    let pile = h.app.world().resource::<Mirror>().pile(place).to_vec();
    let e = pile[pile.len() - 1 - depth];
    h.translation(e).truncate()
}

/// A deal and the moves from it (single-pass) to a position where some column can move two
/// or more cards onto another: found by playing the rules' own moves, to the foundations and
/// between columns first, turning the stock last.
fn a_sequence_to_move() -> (u128, Vec<KMove>, KMove) {
    let rules = RuleSet::default_set().rules();
    for deal in 1..400u128 {
        let mut p = Position::deal(DealNumber::new(deal).unwrap(), &rules);
        let mut played = Vec::new();
        for _ in 0..80 {
            let moves = p.legal_moves(&rules);
            if let Some(&m) = moves
                .iter()
                .find(|m| matches!(m, KMove::ColumnToColumn(_, _, n) if *n >= 2))
            {
                return (deal, played, m);
            }
            let Some(&m) = moves.iter().find(|m| !p.is_idle(**m)).or(moves.first()) else {
                break;
            };
            p.apply(&rules, m).unwrap();
            played.push(m);
        }
    }
    panic!("no deal with a sequence to move");
}

fn neutral(m: KMove) -> Move {
    zodiac::klondike::patience::Klondike::to_neutral(m)
}

#[test]
fn the_window_opens_on_klondike_as_pysolfc_deals_it() {
    let h = Harness::of("klondike", 1, "opens");
    let g = h.any_game();
    assert_eq!(g.patience().name(), "klondike");
    let top = |p| g.cards(p).last().map(|s| (s.card.name(), s.face_up));
    // Deal 1 opens with QH on c0, TS on c1 and 4H on the waste.
    assert_eq!(top(Place::Column(0)), Some(("Q♥".to_string(), true)));
    assert_eq!(top(Place::Column(1)), Some(("10♠".to_string(), true)));
    assert_eq!(g.cards(Place::Column(6)).len(), 7);
    assert!(!g.cards(Place::Column(6))[0].face_up, "face down below");
    // Every card entity in play lies where the rules say; the spare deck is hidden.
    let mirror = h.app.world().resource::<Mirror>();
    let in_play: usize = g.places().iter().map(|&p| mirror.pile(p).len()).sum();
    assert_eq!(in_play, 52);
}

#[test]
fn a_dragged_sequence_moves_with_the_card_taken_and_puts_back_whole() {
    let (deal, prefix, target) = a_sequence_to_move();
    let mut h = Harness::of("klondike", deal, "drag");
    for m in &prefix {
        h.app.world_mut().write_message(Request::Play(neutral(*m)));
        h.app.update();
    }
    h.settle();
    assert_eq!(h.any_game().moves_played(), prefix.len());
    let KMove::ColumnToColumn(from, to, n) = target else {
        unreachable!()
    };
    let (from, to) = (Place::Column(from), Place::Column(to));
    // First dropped on nothing: the whole hand goes home.
    let grab = card_centre(&h, from, usize::from(n) - 1);
    let before: Vec<Vec3> = {
        let pile = h.app.world().resource::<Mirror>().pile(from).to_vec();
        pile.iter().map(|&e| h.translation(e)).collect()
    };
    // The far corner of the table, below the last column: no place.
    let t = h.table();
    let nowhere = Vec2::new(t.table.right() - 4.0, t.table.bottom() + 4.0);
    h.drag(grab, nowhere);
    h.settle();
    assert_eq!(
        h.any_game().moves_played(),
        prefix.len(),
        "dropped on nothing"
    );
    let after: Vec<Vec3> = {
        let pile = h.app.world().resource::<Mirror>().pile(from).to_vec();
        pile.iter().map(|&e| h.translation(e)).collect()
    };
    assert_eq!(before, after, "every card is home");
    // Then onto the column that takes it.
    let grab = card_centre(&h, from, usize::from(n) - 1);
    let onto = card_centre(&h, to, 0);
    h.drag(grab, onto + Vec2::new(0.0, -h.table().card_h * 0.2));
    h.settle();
    let g = h.any_game();
    assert_eq!(g.moves_played(), prefix.len() + 1, "one move");
    assert_eq!(g.notation(Move::new(from, to, n)), target.to_string());
    // The cards lie where the rules say.
    let mirror = h.app.world().resource::<Mirror>();
    for place in g.places() {
        assert_eq!(mirror.pile(place).len(), g.cards(place).len(), "{place:?}");
    }
}

#[test]
fn clicks_in_one_frame_each_turn_the_stock_in_order() {
    let mut h = Harness::of("klondike", 1, "clicks");
    let stock = centre(&h, Place::Stock);
    let before = h.any_game().cards(Place::Stock).len();
    h.move_to(stock);
    for _ in 0..3 {
        h.send_button(MouseButton::Left, ButtonState::Pressed);
        h.send_button(MouseButton::Left, ButtonState::Released);
    }
    h.frame();
    h.settle();
    assert_eq!(h.any_game().cards(Place::Stock).len(), before - 3);
}

#[test]
fn a_right_click_sends_a_card_home_and_a_click_to_its_best_place() {
    // A deal whose waste or a column shows an Ace from the start.
    let rules = RuleSet::default_set().rules();
    let (deal, place) = (1..300u128)
        .find_map(|d| {
            let p = Position::deal(DealNumber::new(d).unwrap(), &rules);
            let ace =
                |cards: Vec<zodiac::zodiac::Card>| cards.last().is_some_and(|c| c.rank() == 1);
            (0..7u8)
                .find(|&c| ace(p.column(c).to_vec()))
                .map(|c| (d, Place::Column(c)))
        })
        .expect("an Ace on top of a column");
    let mut h = Harness::of("klondike", deal, "home");
    let at = card_centre(&h, place, 0);
    h.click_with(at, MouseButton::Right);
    h.settle();
    let g = h.any_game();
    assert_eq!(g.moves_played(), 1);
    let home: usize = (0..4).map(|f| g.cards(Place::Foundation(f)).len()).sum();
    assert_eq!(home, 1, "the Ace went home");
    // The card below turned face up, as part of the move.
    if let Some(top) = g.cards(place).last() {
        assert!(top.face_up);
    }
    // Undo turns it back down and puts the Ace back.
    h.app.world_mut().write_message(Request::Undo);
    h.settle();
    assert_eq!(h.any_game().moves_played(), 0);
}

/// A right-click on a card that cannot go home plays nothing and says so: the card shakes
/// and the words say no place takes it (it was once dropped without a word).
#[test]
fn a_right_click_on_a_card_that_cannot_go_home_says_so() {
    let mut h = Harness::of("klondike", 1, "home-refused");
    // Deal 1: Q♥ on c0 cannot go home at the start.
    let at = card_centre(&h, Place::Column(0), 0);
    h.click_with(at, MouseButton::Right);
    h.settle();
    assert_eq!(h.any_game().moves_played(), 0);
    let world = h.app.world_mut();
    let mut texts = world.query::<&Text>();
    let said: Vec<String> = texts.iter(world).map(|t| t.0.clone()).collect();
    assert!(
        said.iter().any(|t| t.contains("no place takes Q♥ now")),
        "{said:?}"
    );
}

/// The waste's card let go over the empty stock goes back, and plays nothing: above all not a
/// turn of the waste (which the stock's own click does), though one is legal there.
#[test]
fn a_card_dropped_on_the_empty_stock_turns_nothing_over() {
    let dir =
        std::env::temp_dir().join(format!("zodiac-klondike-drop-stock-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut h = Harness::launch(LaunchOptions {
        patience: Some("klondike".into()),
        deal: DealNumber::new(1),
        rules: Some("unlimited".into()),
        data_dir: dir,
    });
    while !h.any_game().cards(Place::Stock).is_empty() {
        h.app
            .world_mut()
            .write_message(Request::Best(Place::Stock, 0));
        h.settle();
    }
    let played = h.any_game().moves_played();
    let grab = card_centre(&h, Place::Waste, 0);
    let stock = centre(&h, Place::Stock);
    h.drag(grab, stock);
    h.settle();
    assert_eq!(h.any_game().moves_played(), played, "nothing played");
    assert!(
        h.any_game().cards(Place::Stock).is_empty(),
        "the waste was not turned over"
    );
}

#[test]
fn space_turns_the_stock_and_the_keys_play() {
    let mut h = Harness::of("klondike", 1, "keys");
    let before = h.any_game().cards(Place::Stock).len();
    h.key(KeyCode::Space, &[]);
    h.settle();
    assert_eq!(h.any_game().cards(Place::Stock).len(), before - 1);
    h.key(KeyCode::KeyZ, &[KeyCode::ControlLeft]);
    h.settle();
    assert_eq!(h.any_game().cards(Place::Stock).len(), before);
}

/// A game record without its clock line.
fn without_clock(record: &str) -> String {
    record
        .lines()
        .filter(|l| !l.trim_start().starts_with("elapsed_ms:"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A game record's clock, in ms.
fn elapsed_ms(record: &str) -> u64 {
    record
        .lines()
        .find_map(|l| l.trim_start().strip_prefix("elapsed_ms:"))
        .and_then(|v| v.trim().trim_end_matches(',').parse().ok())
        .unwrap_or_else(|| panic!("no clock in {record}"))
}

#[test]
fn switching_patience_loses_nothing_and_counts_nothing() {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("zodiac-klondike-switch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut h = Harness::in_dir(5, dir.clone());
    // A Zodiac move, then Klondike.
    h.app
        .world_mut()
        .write_message(Request::Best(Place::Stock, 0));
    h.settle();
    let zodiac_record = h.any_game().record();
    h.app
        .world_mut()
        .write_message(Request::Switch("klondike".into()));
    h.settle();
    assert_eq!(h.any_game().patience().name(), "klondike");
    h.app
        .world_mut()
        .write_message(Request::Best(Place::Stock, 0));
    h.settle();
    let klondike_record = h.any_game().record();
    // Back: Zodiac resumes exactly.
    h.app
        .world_mut()
        .write_message(Request::Switch("zodiac".into()));
    h.settle();
    assert_eq!(h.any_game().patience().name(), "zodiac");
    assert_eq!(h.any_game().moves_played(), 1);
    assert_eq!(h.game().moves(), &[zodiac::zodiac::Move::Turn]);
    let _ = zodiac_record;
    // Nothing was counted, and each patience has its own file.
    h.flush_files();
    let stats = std::fs::read_to_string(dir.join("statistics.ron")).unwrap_or_default();
    assert!(!stats.contains("played: 1"), "{stats}");
    assert!(dir.join("klondike-game.ron").exists());
    // Exactly as played; only the clock ran on until the switch saved it.
    let saved = std::fs::read_to_string(dir.join("klondike-game.ron")).unwrap();
    assert_eq!(without_clock(&saved), without_clock(&klondike_record));
    assert!(
        elapsed_ms(&saved) >= elapsed_ms(&klondike_record),
        "{saved}"
    );
    // Over to Klondike again, and a relaunch opens on it, resumed.
    h.app
        .world_mut()
        .write_message(Request::Switch("klondike".into()));
    h.settle();
    let h = h.relaunch();
    let g = h.any_game();
    assert_eq!(g.patience().name(), "klondike");
    assert_eq!(g.moves_played(), 1);
    assert_eq!(g.status(), Status::Playing);
}

/// A switch to Klondike with winnable deals only deals a deal the solver proved winnable,
/// found on the task pool: ahead, or while the switch waits, never in a frame. Prints the
/// longest frame from the switch to the dealt table (docs/performance.md has the figures).
#[test]
fn a_switch_to_klondike_deals_a_proved_deal_found_off_the_frame() {
    let mut h = Harness::new(0, "switch-frame");
    assert_eq!(h.any_game().patience().name(), "zodiac");
    h.app
        .world_mut()
        .write_message(Request::Switch("klondike".into()));
    let mut longest = std::time::Duration::ZERO;
    for _ in 0..20_000 {
        let start = std::time::Instant::now();
        h.app.update();
        longest = longest.max(start.elapsed());
        if h.any_game().patience().name() == "klondike" {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    assert_eq!(
        h.any_game().patience().name(),
        "klondike",
        "the switch is made"
    );
    println!(
        "longest frame switching to Klondike: {:.1} ms",
        longest.as_secs_f64() * 1000.0
    );
    h.settle();
    assert!(
        h.any_game().snapshot().solve().is_winnable(),
        "the deal was proved winnable"
    );
}

#[test]
fn a_long_column_stays_inside_the_window() {
    for (w, hgt) in [(1024.0, 640.0), (1280.0, 720.0), (3840.0, 2160.0)] {
        let layout = zodiac::registry::by_name("klondike")
            .unwrap()
            .layout(w, hgt, 1.0);
        let last = layout.card_rect(Place::Column(6), 18, 19, 6);
        assert!(last.bottom() >= layout.table.bottom() - 0.5, "{w}x{hgt}");
    }
}

/// The bar's line of moves, time and score.
fn counts_line(h: &mut Harness) -> String {
    let world = h.app.world_mut();
    let mut texts = world.query::<&Text>();
    texts
        .iter(world)
        .find(|t| t.0.starts_with("Moves "))
        .map(|t| t.0.clone())
        .expect("the bar's counts")
}

/// Vegas by default: the deal costs $52 and a card home earns $5, the balance carries to the
/// next game and across a relaunch, the Statistics panel resets it; Standard counts Windows'
/// points instead; each game's score joins the history.
#[test]
fn scores_follow_the_setting_and_the_vegas_balance_carries_on() {
    use zodiac::game::session::files::{History, Settings, Statistics};
    use zodiac::patience::score::Scoring;
    let rules = RuleSet::default_set().rules();
    // A deal with an Ace on top of a column: a click sends it home.
    let (deal, column) = (1..500u128)
        .find_map(|n| {
            let p = Position::deal(DealNumber::new(n).unwrap(), &rules);
            p.legal_moves(&rules).into_iter().find_map(|m| match m {
                KMove::ColumnToFoundation(c, _) => Some((n, c)),
                _ => None,
            })
        })
        .expect("a deal with an Ace on top");
    let mut h = Harness::of("klondike", deal, "scores");
    h.settle();
    assert!(
        counts_line(&mut h).ends_with("Vegas −$52"),
        "{}",
        counts_line(&mut h)
    );
    let at = card_centre(&h, Place::Column(column), 0);
    h.click(at);
    h.settle();
    assert!(
        counts_line(&mut h).ends_with("Vegas −$47"),
        "{}",
        counts_line(&mut h)
    );
    // A new game: the last one counted, its takings in the balance and the history.
    h.key(KeyCode::KeyN, &[]);
    h.settle();
    let balance = |h: &Harness| {
        h.app
            .world()
            .resource::<Statistics>()
            .for_rules("klondike/single-pass")
            .vegas_balance
    };
    assert_eq!(balance(&h), -47);
    let last = h
        .app
        .world()
        .resource::<History>()
        .games
        .last()
        .cloned()
        .unwrap();
    assert_eq!((last.deal, last.score), (deal, Some(-47)));
    assert!(
        counts_line(&mut h).ends_with("Vegas −$99"),
        "{}",
        counts_line(&mut h)
    );
    let mut h = h.relaunch();
    h.settle();
    assert_eq!(balance(&h), -47, "kept across a relaunch");
    assert!(
        counts_line(&mut h).ends_with("Vegas −$99"),
        "{}",
        counts_line(&mut h)
    );
    h.click_button("Stats");
    h.settle();
    h.click_button("Reset Vegas balance");
    h.settle();
    assert_eq!(balance(&h), 0);
    h.key(KeyCode::Escape, &[]);
    h.settle();
    assert!(
        counts_line(&mut h).ends_with("Vegas −$52"),
        "{}",
        counts_line(&mut h)
    );
    // Standard: Windows' points; none at all when switched off.
    h.app.world_mut().resource_mut::<Settings>().scoring = Scoring::Standard;
    h.settle();
    assert!(
        counts_line(&mut h).ends_with("Score 0"),
        "{}",
        counts_line(&mut h)
    );
    h.app.world_mut().resource_mut::<Settings>().scoring = Scoring::Off;
    h.settle();
    assert!(
        !counts_line(&mut h).contains("Score"),
        "{}",
        counts_line(&mut h)
    );
    assert!(
        !counts_line(&mut h).contains("Vegas"),
        "{}",
        counts_line(&mut h)
    );
}

/// The waste shows its last three cards side by side, the top one rightmost, each drawn (the
/// one under them hidden).
#[test]
fn the_waste_shows_its_last_three_cards_side_by_side() {
    let mut h = Harness::of("klondike", 1, "spread");
    for _ in 0..4 {
        h.key(KeyCode::Space, &[]);
    }
    h.settle();
    let waste = h
        .app
        .world()
        .resource::<Mirror>()
        .pile(Place::Waste)
        .to_vec();
    assert_eq!(waste.len(), 5, "the deal's turn and four more");
    let base = centre(&h, Place::Waste);
    let xs: Vec<f32> = (0..4).map(|d| card_centre(&h, Place::Waste, d).x).collect();
    assert!(
        xs[0] > xs[1] && xs[1] > xs[2] && xs[2] == base.x && xs[3] == base.x,
        "top three spread from the waste's place: {xs:?} from {base}"
    );
    let shown =
        |h: &Harness, e: Entity| h.app.world().get::<Visibility>(e) != Some(&Visibility::Hidden);
    for &e in &waste[2..] {
        assert!(shown(&h, e), "the three that show are drawn");
    }
    assert!(!shown(&h, waste[0]), "a card under them is not");
}
