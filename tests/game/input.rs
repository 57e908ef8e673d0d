//! Headless Bevy tests: real cursor movements and mouse-button presses go in through the window
//! messages and Bevy's picking pipeline, exactly as winit would deliver them; the result is read
//! back from the rules' state.

use bevy::input::ButtonState;
use bevy::input::mouse::MouseButton;
use bevy::prelude::*;
use zodiac::game::hud::toasts::Banner;
use zodiac::game::messages::Overlay;
use zodiac::game::session::Session;
use zodiac::game::table::Table;
use zodiac::game::table::cards::{CardView, Mirror};
use zodiac::game::{LaunchOptions, headless_app};
use zodiac::zodiac::patience::to_neutral;
use zodiac::zodiac::{DealNumber, Game, Move, Place, RuleSet};

use crate::harness::{Harness, hint_lit};
use zodiac::patience::Rules as _;

/// Deal 1 opens with 8H on the waste, and 9H on z20 takes it (RULES.md's vector).
#[test]
fn a_legal_drop_lands() {
    let mut h = Harness::new(1, "legal-drop");
    let waste = h.centre_of(Place::Waste);
    let target = h.centre_of(Place::Zodiac(20));
    h.drag(waste, target + Vec2::new(6.0, -4.0));
    h.settle();
    assert_eq!(h.game().moves(), &[Move::WasteToZodiac(20)]);
    let top = h.top_entity(Place::Zodiac(20)).unwrap();
    assert_eq!(
        h.app.world().get::<CardView>(top).unwrap().card.to_string(),
        "8H"
    );
    let t = h.translation(top);
    assert!(
        (t.x - target.x).abs() < 1.0 && (t.y - target.y).abs() < 1.0,
        "the card came to rest on z20: {t:?}"
    );
}

#[test]
fn an_illegal_drop_glides_back() {
    let mut h = Harness::new(1, "illegal-drop");
    let waste = h.centre_of(Place::Waste);
    let card = h.top_entity(Place::Waste).unwrap();
    let home = h.translation(card);
    // z0 holds 8D: no place for 8H.
    h.drag(waste, h.centre_of(Place::Zodiac(0)));
    h.settle();
    assert!(h.game().moves().is_empty());
    let t = h.translation(card);
    assert!(
        (t.truncate() - home.truncate()).length() < 0.5,
        "back home: {t:?} vs {home:?}"
    );
    // Released over the empty table, too.
    h.drag(
        waste,
        Vec2::new(0.0, 0.0) + Vec2::new(h.table().card_w * 0.1, 1.0),
    );
    h.settle();
    assert!(h.game().moves().is_empty());
}

/// A deal where two neighbouring Equator cards can both go to the Zodiac at once, so the waste
/// card has two empty cells to land in.
fn two_free_cells() -> (Game, u8) {
    for n in 1..20_000u128 {
        let mut game = Game::new(RuleSet::default_set(), DealNumber::new(n).unwrap());
        for e in 0..7u8 {
            let (Some(a), Some(b)) = (
                game.position()
                    .best_move_from(game.rules(), Place::Equator(e)),
                game.position()
                    .best_move_from(game.rules(), Place::Equator(e + 1)),
            ) else {
                continue;
            };
            let mut trial = game.clone();
            if trial.play(a).is_ok() && trial.play(b).is_ok() {
                game = trial;
                return (game, e);
            }
        }
    }
    panic!("no deal with two free neighbouring cells");
}

#[test]
fn a_drop_between_two_places_picks_the_one_overlapped_most() {
    let (game, e) = two_free_cells();
    let mut h = Harness::new(1, "between");
    h.set_game(game.clone());
    let left = h.centre_of(Place::Equator(e));
    let right = h.centre_of(Place::Equator(e + 1));
    // Two thirds over the right-hand cell, one third over the left.
    let point = left + (right - left) * 0.66;
    h.drag(h.centre_of(Place::Waste), point);
    h.settle();
    assert_eq!(h.game().moves().last(), Some(&Move::WasteToEquator(e + 1)));
    h.key(KeyCode::KeyZ, &[KeyCode::ControlLeft]);
    h.settle();
    let point = left + (right - left) * 0.34;
    h.drag(h.centre_of(Place::Waste), point);
    h.settle();
    assert_eq!(h.game().moves().last(), Some(&Move::WasteToEquator(e)));
}

#[test]
fn a_click_sends_the_card_to_its_best_place() {
    let mut h = Harness::new(1, "click");
    h.click(h.centre_of(Place::Waste));
    h.settle();
    assert_eq!(
        h.game().moves(),
        &[Move::WasteToZodiac(20)],
        "the Zodiac before an Equator cell"
    );
    // The stock is another place: no double-click, however soon.
    h.click(h.centre_of(Place::Stock));
    h.settle();
    assert_eq!(
        h.game().moves().last(),
        Some(&Move::Turn),
        "clicking the stock turns a card"
    );
    // An Equator card with a Zodiac pile to go to: the documented priority picks the first.
    let (game, e) = two_free_cells();
    let _ = e;
    let mut h = Harness::new(1, "click-2");
    let mut g = game;
    while g.undo().is_some() {}
    let expected = (0..8)
        .find_map(|e| {
            g.position()
                .best_move_from(g.rules(), Place::Equator(e))
                .map(|m| (e, m))
        })
        .unwrap();
    h.set_game(g);
    h.click(h.centre_of(Place::Equator(expected.0)));
    h.settle();
    assert_eq!(h.game().moves(), &[expected.1]);
}

#[test]
fn a_zodiac_card_in_phase_1_refuses_to_lift() {
    let mut h = Harness::new(1, "refuse");
    let card = h.top_entity(Place::Zodiac(3)).unwrap();
    let home = h.translation(card);
    let from = h.centre_of(Place::Zodiac(3));
    h.move_to(from);
    h.button(MouseButton::Left, ButtonState::Pressed);
    h.move_to(from + Vec2::new(40.0, -30.0));
    let shaking = h
        .app
        .world()
        .get::<zodiac::game::table::animation::Shake>(card)
        .is_some();
    h.move_to(from + Vec2::new(80.0, -60.0));
    let t = h.translation(card);
    assert!((t.y - home.y).abs() < 0.5, "it does not follow the pointer");
    h.button(MouseButton::Left, ButtonState::Released);
    h.settle();
    assert!(shaking, "it shakes instead");
    assert!(h.game().moves().is_empty());
    assert!((h.translation(card).truncate() - home.truncate()).length() < 0.5);
}

#[test]
fn a_double_click_opens_the_inspector_and_makes_no_move() {
    let mut h = Harness::new(1, "inspect");
    h.click(h.centre_of(Place::Zodiac(5)));
    h.click(h.centre_of(Place::Zodiac(5)));
    h.settle();
    assert_eq!(h.overlay(), Some(Overlay::Inspector));
    assert!(h.game().moves().is_empty());
    // A click anywhere closes it, and moves nothing.
    h.click(h.centre_of(Place::Waste));
    h.settle();
    assert_eq!(h.overlay(), None);
    assert!(h.game().moves().is_empty());
    // Right-click opens it too (no double-click involved); Esc closes it.
    h.click_with(h.centre_of(Place::Zodiac(7)), MouseButton::Right);
    assert_eq!(h.overlay(), Some(Overlay::Inspector));
    h.key(KeyCode::Escape, &[]);
    assert_eq!(h.overlay(), None);
}

/// Deal `n` played by hints alone until phase 2: the game then, or `None` if it got stuck first.
fn greedy_to_phase_two(n: u128) -> Option<Game> {
    let mut game = Game::new(RuleSet::default_set(), DealNumber::new(n).unwrap());
    // The hint turns the stock round before it fills the Equator: where turning only comes
    // back to a position met before, the first legal move that goes somewhere new.
    let mut seen = std::collections::HashSet::new();
    seen.insert(zodiac::patience::key_of(game.position()));
    while game.position().phase() != zodiac::zodiac::Phase::Two {
        if game.status() != zodiac::zodiac::Status::Playing || game.moves().len() > 3000 {
            return None;
        }
        let hint = game.position().hint(game.rules())?;
        let moves = game.position().legal_moves(game.rules());
        let next = std::iter::once(hint)
            .chain(moves.iter().copied())
            .find_map(|m| {
                let mut after = game.clone();
                after.play(m).ok()?;
                (!seen.contains(&zodiac::patience::key_of(after.position()))).then_some(after)
            })?;
        game = next;
        seen.insert(zodiac::patience::key_of(game.position()));
    }
    Some(game)
}

#[test]
fn in_phase_2_the_second_click_of_a_double_click_inspects_instead_of_moving() {
    // Find a phase-2 position with a Zodiac pile whose top two cards both go home in a row.
    let mut found = None;
    'search: for n in 1..400u128 {
        let Some(game) = greedy_to_phase_two(n) else {
            continue;
        };
        for z in 0..24u8 {
            let Some(first) = game
                .position()
                .best_move_from(game.rules(), Place::Zodiac(z))
            else {
                continue;
            };
            let mut after = game.clone();
            after.play(first).unwrap();
            if after
                .position()
                .best_move_from(after.rules(), Place::Zodiac(z))
                .is_some()
            {
                found = Some((game, z, first));
                break 'search;
            }
        }
    }
    let Some((game, z, first)) = found else {
        panic!("no suitable phase-2 position found")
    };
    let mut h = Harness::new(1, "phase2-double");
    let before = game.moves().len();
    h.set_game(game);
    h.click(h.centre_of(Place::Zodiac(z)));
    h.click(h.centre_of(Place::Zodiac(z)));
    h.settle();
    assert_eq!(h.game().moves().len(), before + 1, "exactly one move");
    assert_eq!(h.game().moves().last(), Some(&first));
    assert_eq!(h.overlay(), Some(Overlay::Inspector));
}

#[test]
fn a_double_click_on_a_phase_2_pile_that_cannot_move_only_inspects() {
    // A phase-2 position with a Zodiac pile whose top card goes nowhere: the first click of a
    // double-click asks for a move that is refused; the player meant to look, so no toast stays.
    let found = (1..400u128).find_map(|n| {
        let game = greedy_to_phase_two(n)?;
        (0..24u8)
            .find(|&z| {
                !game.position().zodiac(z).is_empty()
                    && game
                        .position()
                        .best_move_from(game.rules(), Place::Zodiac(z))
                        .is_none()
            })
            .map(|z| (game.clone(), z))
    });
    let Some((game, z)) = found else {
        panic!("no suitable phase-2 position found")
    };
    let mut h = Harness::new(1, "phase2-refused-double");
    let before = game.moves().len();
    h.set_game(game);
    h.click(h.centre_of(Place::Zodiac(z)));
    h.click(h.centre_of(Place::Zodiac(z)));
    h.settle();
    assert_eq!(h.game().moves().len(), before, "no move");
    assert_eq!(h.overlay(), Some(Overlay::Inspector));
    let toast = h.app.world().resource::<Banner>().toast();
    assert_eq!(toast, None, "the first click's refusal was withdrawn");
}

#[test]
fn keyboard_undo_and_redo() {
    let mut h = Harness::new(1, "keys");
    h.key(KeyCode::Space, &[]);
    h.key(KeyCode::KeyD, &[]);
    assert_eq!(h.game().moves(), &[Move::Turn, Move::Turn]);
    h.key(KeyCode::KeyZ, &[KeyCode::ControlLeft]);
    assert_eq!(h.game().moves(), &[Move::Turn]);
    h.key(KeyCode::KeyY, &[KeyCode::ControlLeft]);
    assert_eq!(h.game().moves().len(), 2);
    h.key(KeyCode::KeyZ, &[KeyCode::ControlLeft]);
    h.key(KeyCode::KeyZ, &[KeyCode::ControlLeft, KeyCode::ShiftLeft]);
    assert_eq!(h.game().moves().len(), 2, "Ctrl+Shift+Z redoes");
    h.settle();
    // Arrow keys and Enter play without a mouse: select the waste, pick it, move to z20, drop.
    h.key(KeyCode::KeyZ, &[KeyCode::ControlLeft]);
    h.key(KeyCode::KeyZ, &[KeyCode::ControlLeft]);
    h.key(KeyCode::ArrowRight, &[]);
    h.key(KeyCode::Enter, &[]);
    for _ in 0..(2 + 8 + 20) {
        h.key(KeyCode::ArrowRight, &[]);
    }
    h.key(KeyCode::Enter, &[]);
    assert_eq!(h.game().moves(), &[Move::WasteToZodiac(20)]);
}

#[test]
fn every_move_is_saved_and_resumed() {
    let dir = std::env::temp_dir().join(format!("zodiac-input-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    {
        let mut h = Harness::in_dir(1, dir.clone());
        h.click(h.centre_of(Place::Waste));
        h.key(KeyCode::KeyD, &[]);
        h.key(KeyCode::KeyD, &[]);
        h.key(KeyCode::KeyZ, &[KeyCode::ControlLeft]);
        let saved = h.read_file("game.ron");
        let record = Game::from_ron(&saved).unwrap();
        assert_eq!(record.moves(), &[Move::WasteToZodiac(20), Move::Turn]);
        assert_eq!(record.redo_moves(), &[Move::Turn]);
        std::mem::forget(h); // keep the directory for the second run
    }
    let options = LaunchOptions {
        patience: None,
        deal: None,
        rules: None,
        data_dir: dir.clone(),
    };
    let mut app = headless_app(options);
    app.update();
    let game = app
        .world()
        .resource::<Session>()
        .game
        .as_any()
        .downcast_ref::<Game>()
        .unwrap();
    assert_eq!(game.deal().get(), 1);
    assert_eq!(game.moves(), &[Move::WasteToZodiac(20), Move::Turn]);
    assert_eq!(game.redo_moves(), &[Move::Turn]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Resizing re-lays the table at once: every card rests in its slot of the new layout.
#[test]
fn a_resize_relays_the_table() {
    let mut h = Harness::new(1, "resize");
    for (w, hgt) in [(1024u32, 640u32), (1920, 1080), (700, 500), (1280, 720)] {
        h.resize(w as f32, hgt as f32);
        h.settle();
        let table = h.table();
        assert_eq!((table.width, table.height), (w as f32, hgt as f32));
        let mirror = h.app.world().resource::<Mirror>();
        for place in zodiac::zodiac::Place::all().map(to_neutral) {
            let pile = mirror.pile(place).to_vec();
            for (i, e) in pile.iter().enumerate() {
                let t = h.app.world().get::<Transform>(*e).unwrap().translation;
                let slot = zodiac::game::table::cards::slot_translation(&table, mirror, place, i);
                assert!(
                    (t.truncate() - slot.truncate()).length() < 0.5,
                    "{place:?} card {i} at {t:?}, slot {slot:?} ({w}x{hgt})"
                );
            }
        }
    }
}

/// Any sequence of clicks, drags, keys and resizes leaves a valid game whose cards on screen
/// match the rules, and plays moves.
#[test]
fn random_input_never_breaks_the_game() {
    monkey(None, 2, 99, "monkey");
}

/// The same for Klondike.
#[test]
fn random_input_never_breaks_a_klondike_game() {
    monkey(Some("klondike"), 3, 7, "monkey-klondike");
}

/// The same for FreeCell (double-clicks among the clicks: the second click's move in place of
/// the first's).
#[test]
fn random_input_never_breaks_a_freecell_game() {
    monkey(Some("freecell"), 5, 35, "monkey-freecell");
}

/// 250 random inputs on a game of `patience` (Zodiac unless named), deal `deal`; then the game
/// is checked against the cards on screen and its saved record.
fn monkey(patience: Option<&str>, deal: u128, seed: u64, name: &str) {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let mut rng = StdRng::seed_from_u64(seed);
    let dir = std::env::temp_dir().join(format!("zodiac-input-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut h = Harness::launch(LaunchOptions {
        patience: patience.map(str::to_string),
        deal: DealNumber::new(deal),
        rules: None,
        data_dir: dir,
    });
    let played = |h: &Harness| h.app.world().resource::<Session>().game.moves_played();
    let mut most_played = 0;
    let keys = [
        KeyCode::KeyD,
        KeyCode::Space,
        KeyCode::KeyH,
        KeyCode::Enter,
        KeyCode::ArrowLeft,
        KeyCode::ArrowRight,
        KeyCode::Escape,
        KeyCode::KeyI,
        KeyCode::KeyZ,
        KeyCode::KeyY,
        KeyCode::KeyR,
        KeyCode::Digit7,
    ];
    for step in 0..250 {
        let t = h.table();
        let point = Vec2::new(
            rng.random_range(-t.width / 2.0..t.width / 2.0),
            rng.random_range(-t.height / 2.0..t.height / 2.0),
        );
        match rng.random_range(0..10) {
            0..=2 => h.click(point),
            3 => h.click_with(point, MouseButton::Right),
            4..=5 => {
                let to = Vec2::new(
                    rng.random_range(-t.width / 2.0..t.width / 2.0),
                    rng.random_range(-t.height / 2.0..t.height / 2.0),
                );
                h.drag(point, to);
            }
            6 => {
                // A drag interrupted by a key before its release.
                h.move_to(point);
                h.button(MouseButton::Left, ButtonState::Pressed);
                h.move_to(point + Vec2::new(40.0, 25.0));
                h.key(KeyCode::KeyD, &[]);
                h.button(MouseButton::Left, ButtonState::Released);
            }
            7..=8 => {
                let key = keys[rng.random_range(0..keys.len())];
                let mods: &[KeyCode] = if rng.random_bool(0.3) {
                    &[KeyCode::ControlLeft]
                } else {
                    &[]
                };
                h.key(key, mods);
            }
            _ => {
                let (w, hgt) = (
                    rng.random_range(640.0..2000.0f32).round(),
                    rng.random_range(400.0..1200.0f32).round(),
                );
                h.resize(w, hgt);
                h.app.update();
            }
        }
        if step % 25 == 0 {
            h.settle();
        }
        most_played = most_played.max(played(&h));
    }
    h.settle();
    assert!(
        most_played >= 5,
        "the random input played moves (at most {most_played} at once)"
    );
    let game = &h.app.world().resource::<Session>().game;
    // Every card is somewhere, once per copy: as many as the deal had.
    let dealt = game.new_deal(game.deal());
    let count = |g: &dyn zodiac::patience::Game| -> usize {
        g.places().into_iter().map(|p| g.cards(p).len()).sum()
    };
    assert_eq!(count(game.as_ref()), count(dealt.as_ref()));
    // The saved record replays to the same position.
    let saved = game
        .patience()
        .load(&h.read_file(game.patience().save_file()))
        .unwrap();
    for place in game.places() {
        assert_eq!(saved.cards(place), game.cards(place), "{place:?}");
    }
    // Every card entity lies where the rules say.
    let mirror = h.app.world().resource::<Mirror>();
    for place in game.places() {
        let want: Vec<_> = game.cards(place).into_iter().map(|s| s.card).collect();
        let have: Vec<_> = mirror
            .pile(place)
            .iter()
            .map(|e| h.app.world().get::<CardView>(*e).unwrap().card)
            .collect();
        assert_eq!(have, want, "{place:?}");
    }
}

/// The last card home wins: the statistics count it once, the "You won!" panel opens, and the
/// cards fly off to form the celebration wheel.
#[test]
fn winning_is_celebrated_and_counted() {
    use zodiac::zodiac::{Card, Position};
    // Everything home but the Ace of clubs, on z4, which f4 (clubs down from King) awaits.
    let ac = [Card::parse("AC").unwrap()];
    let mut zodiac: [&[Card]; 24] = [&[]; 24];
    zodiac[4] = &ac;
    let position = Position::from_parts(
        [None; 8],
        zodiac,
        [13, 13, 13, 13, 12, 13, 13, 13],
        &[],
        &[],
    );
    let game = Game::from_position(
        RuleSet::default_set(),
        DealNumber::new(9).unwrap(),
        position,
    );
    let mut h = Harness::new(1, "win");
    // The player wins with their own click, not the helper that finishes by itself.
    h.app
        .world_mut()
        .resource_mut::<zodiac::game::session::files::Settings>()
        .auto_finish = false;
    h.set_game(game);
    h.click(h.centre_of(Place::Zodiac(4)));
    assert_eq!(h.game().status(), zodiac::zodiac::Status::Won);
    h.app.update();
    let stats = h
        .app
        .world()
        .resource::<zodiac::game::session::files::Statistics>()
        .0
        .for_rules("cadogan");
    assert_eq!((stats.played, stats.won, stats.current_streak), (1, 1, 1));
    assert_eq!(h.overlay(), Some(Overlay::Statistics), "the You-won panel");
    let flying = h
        .app
        .world_mut()
        .query_filtered::<(), With<zodiac::game::table::animation::Glide>>()
        .iter(h.app.world())
        .count();
    assert!(
        flying >= 100,
        "the cards fly to the celebration wheel: {flying}"
    );
    // Undo and redo do not count the win twice.
    h.key(KeyCode::Escape, &[]);
    h.key(KeyCode::KeyZ, &[KeyCode::ControlLeft]);
    h.key(KeyCode::KeyY, &[KeyCode::ControlLeft]);
    let stats = h
        .app
        .world()
        .resource::<zodiac::game::session::files::Statistics>()
        .0
        .for_rules("cadogan");
    assert_eq!(stats.won, 1);
}

/// Far from every card and place: the pointer starts here so that a later move is a real one.
fn nowhere(h: &Harness) -> Vec2 {
    let t = h.table();
    Vec2::new(t.width / 2.0 - 4.0, -t.height / 2.0 + 4.0)
}

/// A busy machine delivers a move onto a card and the press in one frame: the press picks
/// that card (and the release, a frame later, makes the click).
#[test]
fn a_move_and_a_press_in_one_frame_pick_the_card() {
    let mut h = Harness::new(1, "frame-move-press");
    h.move_to(nowhere(&h));
    h.send_move(h.centre_of(Place::Waste));
    h.send_button(MouseButton::Left, ButtonState::Pressed);
    h.app.update();
    h.button(MouseButton::Left, ButtonState::Released);
    h.settle();
    assert_eq!(h.game().moves(), &[Move::WasteToZodiac(20)]);
}

/// A press and a release in one frame are a click, even right after the pointer arrived.
#[test]
fn a_press_and_a_release_in_one_frame_are_a_click() {
    let mut h = Harness::new(1, "frame-click");
    h.move_to(h.centre_of(Place::Stock));
    h.send_button(MouseButton::Left, ButtonState::Pressed);
    h.send_button(MouseButton::Left, ButtonState::Released);
    h.settle();
    assert_eq!(h.game().moves(), &[Move::Turn]);
    // The move, the press and the release all in one frame (xdotool's `mousemove … click 1`),
    // then two more clicks on another place in that same frame: each acts on the table the one
    // before left (8H goes to z20, then the stock turns twice).
    let mut h = Harness::new(1, "frame-clicks");
    h.move_to(nowhere(&h));
    h.send_move(h.centre_of(Place::Waste));
    h.send_button(MouseButton::Left, ButtonState::Pressed);
    h.send_button(MouseButton::Left, ButtonState::Released);
    h.send_move(h.centre_of(Place::Stock));
    for _ in 0..2 {
        h.send_button(MouseButton::Left, ButtonState::Pressed);
        h.send_button(MouseButton::Left, ButtonState::Released);
    }
    h.settle();
    assert_eq!(
        h.game().moves(),
        &[Move::WasteToZodiac(20), Move::Turn, Move::Turn]
    );
}

/// Move, press, move, release, all in one frame: a drag, dropped where the release was.
#[test]
fn a_whole_drag_in_one_frame_drops_where_it_was_released() {
    let mut h = Harness::new(1, "frame-drag");
    h.move_to(nowhere(&h));
    let waste = h.centre_of(Place::Waste);
    h.send_move(waste);
    h.send_button(MouseButton::Left, ButtonState::Pressed);
    h.send_move(h.centre_of(Place::Zodiac(20)) + Vec2::new(5.0, -3.0));
    h.send_button(MouseButton::Left, ButtonState::Released);
    h.settle();
    assert_eq!(h.game().moves(), &[Move::WasteToZodiac(20)]);
    // The same flick onto the first Equator cell freed by a click: the drop follows the release,
    // not where the pointer was when the frame began.
    let (game, e) = two_free_cells();
    h.set_game(game);
    let before = h.game().moves().len();
    h.move_to(nowhere(&h));
    h.send_move(h.centre_of(Place::Waste));
    h.send_button(MouseButton::Left, ButtonState::Pressed);
    h.send_move(h.centre_of(Place::Equator(e + 1)));
    h.send_move(h.centre_of(Place::Equator(e)));
    h.send_button(MouseButton::Left, ButtonState::Released);
    h.send_move(h.centre_of(Place::Equator(e + 1)));
    h.settle();
    assert_eq!(h.game().moves().len(), before + 1);
    assert_eq!(h.game().moves().last(), Some(&Move::WasteToEquator(e)));
}

/// A click while the deal is still flying acts at once on what is under the pointer: nobody
/// has to wait for an animation.
#[test]
fn a_press_during_the_deal_is_acted_on() {
    let mut h = Harness::new(1, "frame-deal");
    h.move_to(nowhere(&h));
    let fresh = Game::new(RuleSet::default_set(), DealNumber::new(1).unwrap());
    h.app
        .world_mut()
        .insert_resource(Session::new(Box::new(fresh)));
    h.app
        .world_mut()
        .write_message(zodiac::game::messages::GameChanged::Dealt);
    h.app.update();
    h.app.update();
    {
        use zodiac::game::table::animation::Glide;
        let flying = h
            .app
            .world_mut()
            .query_filtered::<(), With<Glide>>()
            .iter(h.app.world())
            .count();
        assert!(flying > 50, "the deal is still in the air ({flying} cards)");
    }
    h.send_move(h.centre_of(Place::Waste));
    h.send_button(MouseButton::Left, ButtonState::Pressed);
    h.send_button(MouseButton::Left, ButtonState::Released);
    h.settle();
    assert_eq!(h.game().moves(), &[Move::WasteToZodiac(20)]);
}

/// Keys typed faster than frames: each press counts, in order.
#[test]
fn two_key_presses_in_one_frame_both_count() {
    let mut h = Harness::new(1, "frame-keys");
    for _ in 0..2 {
        h.send_key(KeyCode::KeyD, ButtonState::Pressed);
        h.send_key(KeyCode::KeyD, ButtonState::Released);
    }
    // Then undo one, with a chord that comes and goes inside the same frame.
    h.send_key(KeyCode::ControlLeft, ButtonState::Pressed);
    h.send_key(KeyCode::KeyZ, ButtonState::Pressed);
    h.send_key(KeyCode::KeyZ, ButtonState::Released);
    h.send_key(KeyCode::ControlLeft, ButtonState::Released);
    h.settle();
    assert_eq!(h.game().moves(), &[Move::Turn]);
    assert_eq!(h.game().redo_moves().len(), 1);
}

/// A hint lights the card's place and its destination in the hint colour; it shakes nothing
/// and leaves the drop highlights alone.
#[test]
fn a_hint_has_its_own_highlight() {
    use zodiac::game::table::DropHighlight;
    let mut h = Harness::new(1, "hint");
    h.key(KeyCode::KeyH, &[]);
    h.run_until("the hint shows", |h| !hint_lit(h).is_empty());
    let line = match zodiac::zodiac::solver::solve(h.game().position(), h.game().rules()) {
        zodiac::zodiac::solver::Verdict::Winnable { line, .. } => line,
        other => panic!("deal 1 is winnable: {other:?}"),
    };
    let hint = line[0];
    let mut on = hint_lit(&mut h);
    on.sort_by_key(|p| format!("{p:?}"));
    let mut want = vec![hint.from(), hint.to()];
    want.sort_by_key(|p| format!("{p:?}"));
    assert_eq!(on, want, "the hint {hint} lights its two places");
    let drops = h
        .app
        .world_mut()
        .query::<(&DropHighlight, &Visibility)>()
        .iter(h.app.world())
        .filter(|(_, v)| **v != Visibility::Hidden)
        .count();
    assert_eq!(drops, 0, "no drop highlight");
    let shaking = h
        .app
        .world_mut()
        .query_filtered::<(), With<zodiac::game::table::animation::Shake>>()
        .iter(h.app.world())
        .count();
    assert_eq!(shaking, 0, "a hint shakes nothing");
    // Playing the move puts the hint out.
    h.app
        .world_mut()
        .write_message(zodiac::game::messages::Request::Play(
            zodiac::zodiac::patience::Zodiac::to_neutral(hint),
        ));
    h.settle();
    assert!(
        hint_lit(&mut h).is_empty(),
        "the hint goes out with the next move"
    );
}

/// The stuck panel says why nothing moves, in the words of the phase the game is in.
#[test]
fn the_stuck_panel_speaks_of_its_phase() {
    use zodiac::patience::Game as _;
    use zodiac::zodiac::{Card, Position};
    let one = Game::new(RuleSet::default_set(), DealNumber::new(1).unwrap());
    let ac = [Card::parse("AC").unwrap()];
    let mut zodiac: [&[Card]; 24] = [&[]; 24];
    zodiac[4] = &ac;
    let position = Position::from_parts(
        [None; 8],
        zodiac,
        [13, 13, 13, 13, 12, 13, 13, 13],
        &[],
        &[],
    );
    let two = Game::from_position(
        RuleSet::default_set(),
        DealNumber::new(9).unwrap(),
        position,
    );
    assert!(one.stuck_reason().contains("Equator cell is free"));
    assert!(!two.stuck_reason().contains("Equator cell is free"));
    assert!(two.stuck_reason().contains("foundation"));
}

/// On a software renderer (no multisampling) the cards at rest are laid onto the backdrop
/// (`backdrop`) and kept out of the camera's sight; a card in the hand is drawn by the renderer,
/// and laid again once it has glided back to rest.
#[test]
fn resting_cards_are_laid_on_the_backdrop_and_a_card_in_hand_is_drawn() {
    use bevy::camera::visibility::RenderLayers;
    let mut h = Harness::new(1, "laid");
    // As on a software renderer; a new layout repaints the table for it.
    let world = h.app.world_mut();
    for mut msaa in world
        .query_filtered::<&mut Msaa, With<Camera2d>>()
        .iter_mut(world)
    {
        *msaa = Msaa::Off;
    }
    world.resource_mut::<Table>().set_changed();
    h.settle();
    h.app.update();
    // Cards shown on the table: (laid onto the backdrop, drawn by the renderer).
    let shown = |h: &mut Harness| -> (usize, usize) {
        let world = h.app.world_mut();
        let mut cards =
            world.query_filtered::<(&InheritedVisibility, Option<&RenderLayers>), With<CardView>>();
        let laid = |l: Option<&RenderLayers>| l == Some(&RenderLayers::layer(1));
        cards
            .iter(world)
            .filter(|(v, _)| v.get())
            .fold(
                (0, 0),
                |(a, b), (_, l)| {
                    if laid(l) { (a + 1, b) } else { (a, b + 1) }
                },
            )
    };
    let (laid, drawn) = shown(&mut h);
    assert!(
        laid > 30 && drawn == 0,
        "at rest: {laid} laid, {drawn} drawn"
    );
    let waste = h.top_entity(Place::Waste).expect("deal 1 turns a card");
    let at = h.centre_of(Place::Waste);
    h.move_to(at);
    h.button(MouseButton::Left, ButtonState::Pressed);
    h.move_to(at + Vec2::new(-40.0, 70.0));
    h.app.update();
    assert_eq!(
        h.app.world().get::<RenderLayers>(waste),
        None,
        "the card in hand"
    );
    assert_eq!(shown(&mut h).1, 1, "only the card in hand is drawn");
    h.button(MouseButton::Left, ButtonState::Released);
    h.settle();
    h.app.update();
    assert_eq!(
        h.app.world().get::<RenderLayers>(waste),
        Some(&RenderLayers::layer(1)),
        "back at rest"
    );
    assert_eq!(shown(&mut h), (laid, 0));
}

/// The top card of a place, where a hand would click it (table coordinates).
fn top_card_at(h: &Harness, place: zodiac::patience::Place) -> Vec2 {
    let n = h.any_game().cards(place).len();
    let r = h.table().card_rect(place, n.saturating_sub(1), n, 0);
    Vec2::new(r.x, r.y)
}

/// Cards that go out in pairs (Nestor): a click picks one up, and a click on a free card of
/// its rank pairs them, the two clicks a frame apart or in one frame; a click on a card of
/// another rank pairs nothing. A card of a line (Accordion) dragged onto its match just left
/// of it covers it, and the line closes up.
#[test]
fn a_pair_is_made_by_two_clicks_and_a_line_card_by_a_drag_onto_its_match() {
    use zodiac::patience::Place as P;
    let mut h = Harness::of("nestor", 1, "pairs");
    let discard = P::Foundation(0);
    let pairs = |h: &Harness| -> Vec<(P, P)> {
        let game = h.any_game();
        let tops: Vec<(P, u8)> = game
            .places()
            .into_iter()
            .filter(|&p| p != discard)
            .filter_map(|p| game.cards(p).last().map(|s| (p, s.card.rank())))
            .collect();
        let mut out = Vec::new();
        for (i, &(a, x)) in tops.iter().enumerate() {
            for &(b, y) in &tops[i + 1..] {
                if x == y {
                    out.push((a, b));
                }
            }
        }
        out
    };
    let out = |h: &Harness| h.any_game().cards(discard).len();
    // Deal 1's free cards hold two pairs: 4♠ 4♥ and 5♦ 5♥.
    let first = pairs(&h);
    assert_eq!(first.len(), 2, "{first:?}");
    let (a, b) = first[0];
    let other = first[1].0;
    // A card of another rank after the first: nothing goes out.
    h.click(top_card_at(&h, a));
    h.click(top_card_at(&h, other));
    h.settle();
    assert_eq!(out(&h), 0);
    // The first card again (a new pick), then its partner, a frame apart.
    h.click(top_card_at(&h, a));
    h.click(top_card_at(&h, b));
    h.settle();
    assert_eq!(out(&h), 2, "the pair went out");
    // The other pair: both clicks in one frame.
    let (c, d) = pairs(&h)[0];
    let (pc, pd) = (top_card_at(&h, c), top_card_at(&h, d));
    for at in [pc, pd] {
        h.send_move(at);
        h.send_button(MouseButton::Left, ButtonState::Pressed);
        h.send_button(MouseButton::Left, ButtonState::Released);
    }
    h.frame();
    h.settle();
    assert_eq!(out(&h), 4, "two clicks in one frame make a pair");

    let mut h = Harness::of("accordion", 1, "line");
    let game = h.any_game();
    let (from, onto) = (1..52u8)
        .map(|i| (P::Cell(i), P::Cell(i - 1)))
        .find(|&(f, t)| game.destinations(f, 1).contains(&t))
        .expect("deal 1 has a card onto its left neighbour");
    let moving = game.cards(from)[0].card;
    let line = |h: &Harness| {
        (0..52)
            .filter(|&i| !h.any_game().cards(P::Cell(i)).is_empty())
            .count()
    };
    h.drag(top_card_at(&h, from), top_card_at(&h, onto));
    h.settle();
    assert_eq!(h.any_game().cards(onto)[0].card, moving);
    assert_eq!(out(&h), 1);
    assert_eq!(line(&h), 51, "the line closed up");
}

/// An open stock (Sly Fox): its top card is dragged onto a pile, or clicked to its best place,
/// each counting in the turn of twenty the bar shows; the next card shows.
#[test]
fn an_open_stocks_card_is_dragged_onto_a_pile_and_counts_in_the_turn() {
    use zodiac::patience::Place as P;
    let mut h = Harness::of("sly-fox", 1, "open");
    let stock = |h: &Harness| h.any_game().cards(P::Stock);
    let top = stock(&h).last().unwrap().card;
    assert!(stock(&h).last().unwrap().face_up);
    let before = h.any_game().cards(P::Pile(0)).len();
    h.drag(top_card_at(&h, P::Stock), top_card_at(&h, P::Pile(0)));
    h.settle();
    let pile = h.any_game().cards(P::Pile(0));
    assert_eq!((pile.len(), pile.last().unwrap().card), (before + 1, top));
    assert!(stock(&h).last().unwrap().face_up, "the next card shows");
    assert!(h.screen_text().contains("19 to go"), "{}", h.screen_text());
    // A click sends the next one to its best place; two clicks in one frame, two cards.
    let left = stock(&h).len();
    let at = top_card_at(&h, P::Stock);
    for _ in 0..2 {
        h.send_move(at);
        h.send_button(MouseButton::Left, ButtonState::Pressed);
        h.send_button(MouseButton::Left, ButtonState::Released);
    }
    h.frame();
    h.settle();
    assert_eq!(stock(&h).len(), left - 2);
    assert!(h.screen_text().contains("17 to go"), "{}", h.screen_text());
}

/// Salic Law's stock deals its top card to the newest column, a King to the next empty one:
/// the card dragged there is dealt, face up; dropped anywhere else it goes back.
#[test]
fn the_stocks_card_is_dragged_to_the_column_it_deals_to() {
    use zodiac::patience::Place as P;
    let mut h = Harness::of("salic-law", 1, "drop");
    let stock = |h: &Harness| h.any_game().cards(P::Stock);
    let columns = |h: &Harness| {
        (0..8)
            .map(|k| h.any_game().cards(P::Column(k)).len())
            .collect::<Vec<_>>()
    };
    for _ in 0..3 {
        let (left, lens) = (stock(&h).len(), columns(&h));
        let started = lens.iter().take_while(|&&n| n > 0).count();
        let to = match stock(&h).last().unwrap().card.rank() {
            13 => started,
            _ => started - 1,
        };
        // Far from it: a drop within half a card of a place that takes it lands there.
        let wrong = if to < 4 { 7 } else { 0 };
        h.drag(
            top_card_at(&h, P::Stock),
            top_card_at(&h, P::Column(wrong as u8)),
        );
        h.settle();
        assert_eq!(
            (stock(&h).len(), columns(&h)),
            (left, lens.clone()),
            "elsewhere: back"
        );
        h.drag(
            top_card_at(&h, P::Stock),
            top_card_at(&h, P::Column(to as u8)),
        );
        h.settle();
        let mut want = lens;
        want[to] += 1;
        assert_eq!((stock(&h).len(), columns(&h)), (left - 1, want));
        assert!(
            h.any_game()
                .cards(P::Column(to as u8))
                .last()
                .unwrap()
                .face_up
        );
    }
}
