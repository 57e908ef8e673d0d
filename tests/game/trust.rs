//! A record a player can trust, in a headless app driven like the window: each game counted
//! once across relaunches, undo, redo, restarts and the assistant; the assistant never plays
//! again what the player took back; a card let go over its own place goes home and rests; keys
//! follow their labels; the lost notice outlives the assistant's moves; Settings shows the rule
//! set in play.

use crate::harness::Harness;
use bevy::input::ButtonState;
use bevy::input::keyboard::Key;
use bevy::prelude::*;
use zodiac::game::assistance::advice::LostNotice;
use zodiac::game::input::buttons::Chosen;
use zodiac::game::messages::{Overlay, Request};
use zodiac::game::session::files::{AnimationSetting, Settings, Statistics};
use zodiac::patience::Rules as _;
use zodiac::profile::RuleStats;
use zodiac::zodiac::solver::{self, Decision, Verdict};
use zodiac::zodiac::{DealNumber, Game, Move, Place, RuleSet, RuleSetFile as _, Status};

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("zodiac-trust-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Deal `n` (Cadogan) played along the solver's line until `left` moves of it remain.
fn short_of_the_win(n: u128, left: usize) -> Game {
    let mut game = Game::new(RuleSet::default_set(), DealNumber::new(n).unwrap());
    let line = match solver::solve(game.position(), game.rules()) {
        Verdict::Winnable { line, .. } => line,
        other => panic!("deal {n} is winnable: {other:?}"),
    };
    for &m in &line[..line.len() - left] {
        game.play(m).unwrap();
    }
    game
}

fn stats(h: &Harness) -> RuleStats {
    h.app
        .world()
        .resource::<Statistics>()
        .0
        .for_rules("cadogan")
}

/// The statistics as the file on disk has them.
fn stats_on_disk(h: &Harness) -> RuleStats {
    let text = h.read_file("statistics.ron");
    let stats: zodiac::profile::Statistics = ron::from_str(&text).unwrap();
    stats.for_rules("cadogan")
}

fn counts(s: &RuleStats) -> (u32, u32, u32, u32) {
    (s.played, s.won, s.lost, s.current_streak)
}

fn quick(h: &mut Harness) {
    h.app.world_mut().resource_mut::<Settings>().animation = AnimationSetting::Off;
    h.app.update();
}

fn ctrl(h: &mut Harness, key: KeyCode) {
    h.key(key, &[KeyCode::ControlLeft]);
    h.settle();
}

/// Runs frames enough for the assistant to act if it would (it asks once the table is still).
fn let_the_assistant_act(h: &mut Harness) {
    for _ in 0..30 {
        h.app.update();
    }
    h.settle();
}

/// Win a game (auto-finish plays the last card), quit, relaunch, undo, redo, relaunch again:
/// one game played, one won, a streak of one, in memory and on disk.
#[test]
fn a_win_is_counted_once_across_relaunches_undo_and_redo() {
    let dir = scratch("win-relaunch");
    let game = short_of_the_win(7, 1);
    std::fs::write(dir.join("game.ron"), game.to_record().to_ron()).unwrap();
    let mut h = Harness::in_dir(0, dir);
    quick(&mut h);
    let_the_assistant_act(&mut h);
    assert_eq!(
        h.game().status(),
        Status::Won,
        "auto-finish played the last card"
    );
    assert_eq!(counts(&stats(&h)), (1, 1, 0, 1));
    // The deal's level reaches the history once rated (on the task pool).
    h.run_until("the won game's level in the history", |h| {
        let games = &h
            .app
            .world()
            .resource::<zodiac::game::session::files::History>()
            .games;
        games.len() == 1 && games[0].level.is_some()
    });
    h.key(KeyCode::Escape, &[]);
    let mut h = h.relaunch();
    quick(&mut h);
    assert_eq!(h.game().status(), Status::Won, "the won table shows");
    assert_eq!(
        h.overlay(),
        Some(Overlay::Statistics),
        "with the statistics"
    );
    h.key(KeyCode::Escape, &[]);
    let won_moves = h.game().moves().len();
    ctrl(&mut h, KeyCode::KeyZ);
    let_the_assistant_act(&mut h);
    assert_eq!(
        h.game().moves().len(),
        won_moves - 1,
        "the undo stays undone"
    );
    assert_eq!(h.game().status(), Status::Playing);
    ctrl(&mut h, KeyCode::KeyY);
    assert_eq!(h.game().status(), Status::Won);
    assert_eq!(counts(&stats(&h)), (1, 1, 0, 1), "redo wins nothing more");
    h.key(KeyCode::Escape, &[]);
    // Restarting the won deal and leaving it is no loss either.
    ctrl(&mut h, KeyCode::KeyR);
    h.key(KeyCode::KeyD, &[]);
    h.key(KeyCode::KeyN, &[]);
    h.settle();
    assert_eq!(counts(&stats(&h)), (1, 1, 0, 1), "restart and new game");
    let h = h.relaunch();
    assert_eq!(counts(&stats(&h)), (1, 1, 0, 1));
    assert_eq!(counts(&stats_on_disk(&h)), (1, 1, 0, 1));
    // The history holds the one win, with its deal, level and moves, once, on disk too.
    let on_disk = h.read_file("history.txt");
    let (games, damage) = zodiac::profile::history::History::from_text(&on_disk);
    assert_eq!(damage, None, "{on_disk}");
    assert_eq!(games.games.len(), 1, "{on_disk}");
    let g = &games.games[0];
    assert_eq!((g.deal, g.rules.as_str()), (7, "cadogan"));
    assert_eq!(g.result, zodiac::profile::history::Result::Won);
    assert_eq!(g.moves as usize, won_moves);
    assert!(g.level.is_some(), "{on_disk}");
    assert_eq!(
        h.app
            .world()
            .resource::<zodiac::game::session::files::History>()
            .games,
        games.games
    );
}

/// Restart and New after moves: each game counted exactly once, a restart included, and a game
/// whose moves were all undone is still a game played.
#[test]
fn restart_and_new_game_after_moves_count_each_game_once() {
    let mut h = Harness::new(1, "restart-new");
    quick(&mut h);
    h.key(KeyCode::KeyD, &[]);
    ctrl(&mut h, KeyCode::KeyR);
    assert!(h.game().moves().is_empty());
    assert_eq!(
        counts(&stats(&h)),
        (1, 0, 1, 0),
        "a restart leaves the game: one loss"
    );
    h.key(KeyCode::KeyD, &[]);
    ctrl(&mut h, KeyCode::KeyR);
    h.key(KeyCode::KeyD, &[]);
    h.key(KeyCode::KeyN, &[]);
    h.settle();
    assert_eq!(
        counts(&stats(&h)),
        (1, 0, 1, 0),
        "the same game, counted already"
    );
    // A new game: a move, undone, then New: one more loss.
    h.key(KeyCode::KeyD, &[]);
    ctrl(&mut h, KeyCode::KeyZ);
    assert!(h.game().moves().is_empty());
    h.key(KeyCode::KeyN, &[]);
    h.settle();
    assert_eq!(counts(&stats(&h)), (2, 0, 2, 0));
    // A game never moved in is no game; nor does a relaunch count anything.
    h.key(KeyCode::KeyN, &[]);
    h.settle();
    let h = h.relaunch();
    assert_eq!(counts(&stats(&h)), (2, 0, 2, 0));
    assert_eq!(counts(&stats_on_disk(&h)), (2, 0, 2, 0));
}

/// In a position that finishes by itself, Undo takes a card back and it stays back until the
/// player moves; then the assistant goes on.
#[test]
fn undo_in_a_self_finishing_position_is_not_played_again() {
    let mut h = Harness::new(7, "undo-finish");
    quick(&mut h);
    h.set_game(short_of_the_win(7, 3));
    let_the_assistant_act(&mut h);
    assert_eq!(h.game().status(), Status::Won);
    h.key(KeyCode::Escape, &[]);
    let won = h.game().moves().len();
    ctrl(&mut h, KeyCode::KeyZ);
    ctrl(&mut h, KeyCode::KeyZ);
    let_the_assistant_act(&mut h);
    assert_eq!(
        h.game().moves().len(),
        won - 2,
        "two cards back, and they stay"
    );
    // The player's own move: the assistant finishes from there.
    let m = h.game().redo_moves().last().copied().unwrap();
    h.app
        .world_mut()
        .write_message(Request::Play(zodiac::zodiac::patience::Zodiac::to_neutral(
            m,
        )));
    let_the_assistant_act(&mut h);
    assert_eq!(h.game().status(), Status::Won);
}

/// With auto-turn on, undoing the automatic turn leaves the waste empty: the stock is not
/// turned again until the player moves.
#[test]
fn undoing_an_automatic_turn_does_not_turn_again() {
    let mut h = Harness::new(1, "undo-turn");
    quick(&mut h);
    h.app.world_mut().resource_mut::<Settings>().auto_turn = true;
    // Deal 1: the waste's only card, 8♥, to z20 empties the waste; the assistant turns.
    assert_eq!(h.game().position().waste().len(), 1);
    h.app
        .world_mut()
        .write_message(Request::Play(zodiac::zodiac::patience::Zodiac::to_neutral(
            Move::WasteToZodiac(20),
        )));
    let_the_assistant_act(&mut h);
    assert_eq!(h.game().moves(), &[Move::WasteToZodiac(20), Move::Turn]);
    ctrl(&mut h, KeyCode::KeyZ);
    let_the_assistant_act(&mut h);
    assert_eq!(
        h.game().moves(),
        &[Move::WasteToZodiac(20)],
        "no turn again"
    );
    assert!(h.game().position().waste().is_empty());
    // The player's next move wakes the assistant.
    h.key(KeyCode::KeyD, &[]);
    let_the_assistant_act(&mut h);
    assert_eq!(h.game().moves().len(), 2);
}

fn lifted_state(h: &mut Harness, card: Entity) -> (f32, f32, bool) {
    use zodiac::game::draw::art::LiftShadow;
    let t = *h.app.world().get::<Transform>(card).unwrap();
    let children: Vec<Entity> = h
        .app
        .world()
        .get::<Children>(card)
        .map(|c| c.iter().collect())
        .unwrap_or_default();
    let shadow = children.iter().any(|&c| {
        h.app.world().get::<LiftShadow>(c).is_some()
            && h.app.world().get::<Visibility>(c) != Some(&Visibility::Hidden)
    });
    (t.translation.z, t.scale.x, shadow)
}

/// Deal 7 after `e7>z20 e1>z1 e6>z1`: an Equator cell is free, and the waste's card would go
/// there. Let go over the waste, a few pixels off or exactly where it was lifted, it goes home:
/// no move, and the card lies at rest (lowered, its size, no shadow, laid on the table).
#[test]
fn a_card_let_go_over_its_own_place_goes_home_and_rests() {
    let mut game = Game::new(RuleSet::default_set(), DealNumber::new(7).unwrap());
    for token in ["e7>z20", "e1>z1", "e6>z1"] {
        game.play(Move::parse(token).unwrap()).unwrap();
    }
    assert!(game.position().equator(6).is_none());
    let mut h = Harness::new(7, "put-back");
    h.set_game(game);
    let moves = h.game().moves().to_vec();
    let waste = h.centre_of(Place::Waste);
    let card = h.top_entity(Place::Waste).unwrap();
    let home = h.translation(card);
    for (off, what) in [
        (Vec2::new(9.0, -7.0), "a few pixels off"),
        (Vec2::ZERO, "0 px"),
    ] {
        h.move_to(waste);
        h.button(MouseButton::Left, ButtonState::Pressed);
        // Lifted: past the drag threshold, then back to `off`.
        h.move_to(waste + Vec2::new(30.0, 20.0));
        assert!(lifted_state(&mut h, card).0 >= 100.0, "{what}: in the hand");
        h.move_to(waste + off);
        h.button(MouseButton::Left, ButtonState::Released);
        h.settle();
        assert_eq!(h.game().moves(), &moves[..], "{what}: no move");
        let (z, scale, shadow) = lifted_state(&mut h, card);
        assert_eq!(z, home.z, "{what}: lowered");
        assert_eq!(scale, 1.0, "{what}: its size");
        assert!(!shadow, "{what}: no shadow");
        let t = h.translation(card);
        assert!(
            (t.truncate() - home.truncate()).length() < 0.5,
            "{what}: home"
        );
        h.app.update();
        let still = h
            .app
            .world()
            .get::<zodiac::game::draw::backdrop::Still>(card);
        assert!(
            still.is_some_and(|s| s.resting),
            "{what}: at rest, to be laid"
        );
    }
}

/// Ctrl+Z undoes by its label: on QWERTZ the Z key is QWERTY's Y place, on AZERTY its W.
#[test]
fn ctrl_z_undoes_on_every_layout() {
    let mut h = Harness::new(1, "layouts");
    quick(&mut h);
    let typed = |c: &str| Key::Character(c.into());
    let chord = |h: &mut Harness, code: KeyCode, logical: Key| {
        h.send_key(KeyCode::ControlLeft, ButtonState::Pressed);
        h.send_key_as(code, logical.clone(), ButtonState::Pressed);
        h.frame();
        h.send_key_as(code, logical, ButtonState::Released);
        h.send_key(KeyCode::ControlLeft, ButtonState::Released);
        h.frame();
        h.settle();
    };
    h.key(KeyCode::KeyD, &[]);
    h.key(KeyCode::KeyD, &[]);
    assert_eq!(h.game().moves().len(), 2);
    // QWERTZ: the key at QWERTY's Y types z: undo. The one at Z types y: redo.
    chord(&mut h, KeyCode::KeyY, typed("z"));
    assert_eq!(h.game().moves().len(), 1, "QWERTZ Ctrl+Z undoes");
    chord(&mut h, KeyCode::KeyZ, typed("y"));
    assert_eq!(h.game().moves().len(), 2, "QWERTZ Ctrl+Y redoes");
    // AZERTY: z is at QWERTY's W; the key at QWERTY's A types q, and Ctrl+A is nothing.
    chord(&mut h, KeyCode::KeyW, typed("z"));
    assert_eq!(h.game().moves().len(), 1, "AZERTY Ctrl+Z undoes");
    chord(&mut h, KeyCode::KeyQ, typed("a"));
    assert_eq!(h.game().moves().len(), 1, "AZERTY Ctrl+A does nothing");
    assert_eq!(h.exits(), 0, "and does not quit");
}

fn winnable(p: &zodiac::zodiac::Position, rules: &zodiac::zodiac::Rules) -> bool {
    matches!(solver::decide(p, rules), Decision::Winnable { .. })
}

/// A position on a deal's winning line where a move from the waste's only card throws the
/// game away and leaves the waste empty with cards in the stock: auto-turn then turns at once.
fn a_losing_move_that_empties_the_waste() -> (Game, Move) {
    for n in 1..200 {
        let mut game = Game::new(RuleSet::default_set(), DealNumber::new(n).unwrap());
        let Verdict::Winnable { line, .. } = solver::solve(game.position(), game.rules()) else {
            continue;
        };
        for m in line {
            let p = *game.position();
            let rules = *game.rules();
            if p.waste().len() == 1 && !p.stock().is_empty() {
                let losing = p.legal_moves(&rules).iter().copied().find(|&l| {
                    let mut after = p;
                    l.from() == Place::Waste
                        && after.apply(&rules, l).is_ok()
                        && !winnable(&after, &rules)
                });
                if let Some(l) = losing {
                    return (game, l);
                }
            }
            game.play(m).unwrap();
        }
    }
    panic!("no losing move that empties the waste in deals 1 to 199");
}

/// With auto-turn on, the move that loses the game empties the waste and the assistant turns
/// a card: the notice is about the player's move, and stays until the player acts.
#[test]
fn the_lost_notice_outlives_the_automatic_turn() {
    let (game, losing) = a_losing_move_that_empties_the_waste();
    let mut h = Harness::new(1, "notice-auto-turn");
    h.app.world_mut().resource_mut::<Settings>().auto_turn = true;
    h.set_game(game);
    let played = h.game().moves().len();
    h.app
        .world_mut()
        .write_message(Request::Play(zodiac::zodiac::patience::Zodiac::to_neutral(
            losing,
        )));
    h.run_until("the assistant's turn", |h| {
        h.game().moves().len() == played + 2
    });
    assert_eq!(h.game().moves()[played + 1], Move::Turn);
    h.run_until("the lost notice", |h| {
        h.app.world().resource::<LostNotice>().0.is_some()
    });
    let_the_assistant_act(&mut h);
    for _ in 0..60 {
        h.app.update();
    }
    assert!(
        h.app.world().resource::<LostNotice>().0.is_some(),
        "the notice stays"
    );
    // The player's undo puts it away (and takes back the automatic turn first).
    ctrl(&mut h, KeyCode::KeyZ);
    assert!(h.app.world().resource::<LostNotice>().0.is_none());
}

/// The rule-set buttons of the open Settings panel: (title, shown chosen).
fn rule_buttons(h: &mut Harness) -> Vec<(String, bool)> {
    let world = h.app.world_mut();
    let mut buttons = world.query::<(
        &zodiac::game::overlays::settings::SettingChange,
        &Chosen,
        &Children,
    )>();
    let found: Vec<(Entity, bool)> = buttons
        .iter(world)
        .filter(|(c, _, _)| matches!(c, zodiac::game::overlays::settings::SettingChange::Rules(_)))
        .map(|(_, chosen, children)| (children[0], chosen.0))
        .collect();
    found
        .into_iter()
        .map(|(label, chosen)| (world.get::<Text>(label).unwrap().0.clone(), chosen))
        .collect()
}

/// Launched with `--rules wikipedia`, Settings shows Wikipedia chosen; choosing Cadogan deals a
/// Cadogan game.
#[test]
fn settings_show_the_rule_set_in_play() {
    let dir = scratch("settings-rules");
    let mut h = Harness::in_dir_with(3, dir, Some("wikipedia"));
    assert_eq!(h.game().rule_set().name, "wikipedia");
    h.click_button("Settings");
    h.settle();
    assert_eq!(h.overlay(), Some(Overlay::Settings));
    let shown = rule_buttons(&mut h);
    let chosen: Vec<&str> = shown
        .iter()
        .filter(|(_, c)| *c)
        .map(|(t, _)| t.as_str())
        .collect();
    let wikipedia = RuleSet::builtin("wikipedia").unwrap().title;
    assert_eq!(chosen, [wikipedia.as_str()], "{shown:?}");
    let cadogan = RuleSet::builtin("cadogan").unwrap().title;
    // A choice in the panel leaves the panel open.
    h.click_button("Fast");
    h.settle();
    assert_eq!(
        h.overlay(),
        Some(Overlay::Settings),
        "still open after a choice"
    );
    h.click_button(&cadogan);
    h.settle();
    assert_eq!(h.game().rule_set().name, "cadogan");
    assert_eq!(h.overlay(), Some(Overlay::Settings));
    let shown = rule_buttons(&mut h);
    assert!(shown.contains(&(cadogan, true)), "{shown:?}");
}
