//! Nothing lost: unreadable files are set aside and the game carries on with statistics intact;
//! a game killed with SIGKILL resumes where it was.

use crate::harness::Harness;
use bevy::prelude::{Assets, Image, Text};
use zodiac::game::session::Session;
use zodiac::game::{LaunchOptions, headless_app};
use zodiac::zodiac::{DealNumber, Game, Move, RuleSet, RuleSetFile as _};

fn statistics_text() -> String {
    let mut stats = zodiac::profile::Statistics::default();
    stats.entry("cadogan").record_win(95_000, 180);
    stats.entry("cadogan").record_loss();
    ron::ser::to_string_pretty(&stats, ron::ser::PrettyConfig::new()).unwrap()
}

#[test]
fn every_kind_of_unreadable_saved_game_is_set_aside_and_play_goes_on() {
    let mut illegal = Game::new(RuleSet::default_set(), DealNumber::new(1).unwrap()).to_record();
    illegal.moves = vec!["d".into(), "z3>f0".into()];
    let mut newer = Game::new(RuleSet::default_set(), DealNumber::new(1).unwrap()).to_record();
    newer.version = 7;
    let valid = Game::new(RuleSet::default_set(), DealNumber::new(5).unwrap())
        .to_record()
        .to_ron();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty", Vec::new()),
        ("truncated", valid.as_bytes()[..valid.len() / 2].to_vec()),
        (
            "random bytes",
            (0..400u32)
                .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
                .collect(),
        ),
        (
            "wrong shape",
            b"(format: \"zodiac-game\", colour: 3)".to_vec(),
        ),
        ("other RON", b"[1, 2, 3]".to_vec()),
        ("illegal move", illegal.to_ron().into_bytes()),
        ("newer version", newer.to_ron().into_bytes()),
    ];
    for (what, bytes) in cases {
        let dir = std::env::temp_dir().join(format!(
            "zodiac-files-{}-{}",
            what.replace(' ', "-"),
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("game.ron"), &bytes).unwrap();
        let stats = statistics_text();
        std::fs::write(dir.join("statistics.ron"), &stats).unwrap();
        let mut app = headless_app(LaunchOptions {
            patience: None,
            deal: None,
            rules: None,
            data_dir: dir.clone(),
        });
        for _ in 0..3 {
            app.update();
        }
        // A game is running, a fresh one.
        let game = &app
            .world()
            .resource::<Session>()
            .game
            .as_any()
            .downcast_ref::<zodiac::zodiac::Game>()
            .unwrap();
        assert!(game.moves().is_empty(), "{what}");
        // The bad file was kept aside, byte for byte, and the player was told.
        let kept: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .filter(|e| {
                e.file_name()
                    .to_string_lossy()
                    .starts_with("game.ron.broken-")
            })
            .collect();
        assert_eq!(kept.len(), 1, "{what}: set aside");
        assert_eq!(
            std::fs::read(kept[0].path()).unwrap(),
            bytes,
            "{what}: kept as it was"
        );
        // Statistics are untouched.
        assert_eq!(
            std::fs::read_to_string(dir.join("statistics.ron")).unwrap(),
            stats,
            "{what}"
        );
        let shown = &app
            .world()
            .resource::<zodiac::game::session::files::Statistics>()
            .0;
        assert_eq!(shown.for_rules("cadogan").played, 2, "{what}");
        // And the new game is saved in its place.
        app.world()
            .resource::<zodiac::game::session::files::Saver>()
            .flush();
        assert!(
            Game::from_ron(&std::fs::read_to_string(dir.join("game.ron")).unwrap()).is_ok(),
            "{what}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn unreadable_settings_and_statistics_are_set_aside_too() {
    let dir = std::env::temp_dir().join(format!("zodiac-files-profile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("settings.ron"),
        b"(format: \"zodiac-settings\", sound: maybe)",
    )
    .unwrap();
    std::fs::write(dir.join("statistics.ron"), b"\x00\x01\x02 not ron").unwrap();
    let mut app = headless_app(LaunchOptions {
        patience: None,
        deal: DealNumber::new(3),
        rules: None,
        data_dir: dir.clone(),
    });
    app.update();
    assert_eq!(app.world().resource::<Session>().game.deal().get(), 3);
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names.iter().any(|n| n.starts_with("settings.ron.broken-")),
        "{names:?}"
    );
    assert!(
        names
            .iter()
            .any(|n| n.starts_with("statistics.ron.broken-")),
        "{names:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn leaving_an_unfinished_game_for_a_new_one_counts_as_a_loss() {
    let mut h = Harness::new(1, "loss");
    h.key(bevy::prelude::KeyCode::KeyD, &[]);
    h.key(bevy::prelude::KeyCode::KeyN, &[]);
    // The game is left when the new one is dealt (a deal not found ahead waits for the solver).
    h.settle();
    let stats = &h
        .app
        .world()
        .resource::<zodiac::game::session::files::Statistics>()
        .0;
    let s = stats.for_rules("cadogan");
    assert_eq!((s.played, s.lost, s.won), (1, 1, 0));
    let on_disk = h.read_file("statistics.ron");
    assert!(on_disk.contains("lost: 1"), "{on_disk}");
    // A new game with no move made yet is not counted when left.
    h.key(bevy::prelude::KeyCode::KeyN, &[]);
    h.settle();
    let s = h
        .app
        .world()
        .resource::<zodiac::game::session::files::Statistics>()
        .0
        .for_rules("cadogan");
    assert_eq!(s.played, 1);
    assert_ne!(h.game().deal(), DealNumber::new(1).unwrap());
    assert!(h.game().moves().is_empty());
    let _ = Move::Turn;
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("zodiac-files-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A game played under a rule-set file of the player's own resumes under the same rules, even
/// with the file gone: the record carries the rules, not just a name.
#[test]
fn a_game_under_a_custom_rule_set_resumes_under_it() {
    let dir = scratch("custom-rules");
    let rules_file = dir.join("mine.ron");
    std::fs::write(
        &rules_file,
        "(name: \"mine\", title: \"Mine\", description: \"Clubs and spades both down.\", \
         foundations: [Down, Down, Up, Up, Down, Down, Down, Down])",
    )
    .unwrap();
    let custom = RuleSet::by_name_or_path(rules_file.to_str().unwrap()).unwrap();
    let mut h = Harness::in_dir_with(1, dir.clone(), Some(rules_file.to_str().unwrap()));
    assert!(
        h.game().rule_set().same_rules(&custom),
        "started under mine"
    );
    h.click(h.centre_of(zodiac::zodiac::Place::Stock));
    h.settle();
    let played = h.game().moves().to_vec();
    assert_eq!(played, vec![Move::Turn]);
    std::fs::remove_file(&rules_file).unwrap();
    // Again, with no --rules (the first window may stay open: the save is already written):
    // the saved game comes back, under its own rules.
    let mut app = headless_app(LaunchOptions {
        patience: None,
        deal: None,
        rules: None,
        data_dir: dir.clone(),
    });
    app.update();
    let game = &app
        .world()
        .resource::<Session>()
        .game
        .as_any()
        .downcast_ref::<zodiac::zodiac::Game>()
        .unwrap();
    assert!(game.rule_set().same_rules(&custom), "resumed under mine");
    assert_eq!(game.moves(), played.as_slice());
    assert_eq!(game.deal(), DealNumber::new(1).unwrap());
}

/// Counters and clocks at their limits in the files: the next move and the next win saturate,
/// never panic.
#[test]
fn numbers_at_their_limits_in_the_files_never_panic() {
    let dir = scratch("limits");
    let mut record = Game::new(RuleSet::default_set(), DealNumber::new(1).unwrap()).to_record();
    record.elapsed_ms = u64::MAX - 3;
    std::fs::write(dir.join("game.ron"), record.to_ron()).unwrap();
    let mut stats = zodiac::profile::Statistics::default();
    let entry = stats.entry("cadogan");
    entry.played = u32::MAX;
    entry.lost = u32::MAX;
    entry.won = u32::MAX;
    entry.current_streak = u32::MAX;
    std::fs::write(
        dir.join("statistics.ron"),
        ron::ser::to_string_pretty(&stats, ron::ser::PrettyConfig::new()).unwrap(),
    )
    .unwrap();
    // Deal 0: no deal asked for, so the saved game resumes.
    let mut h = Harness::in_dir_with(0, dir.clone(), None);
    h.click(h.centre_of(zodiac::zodiac::Place::Stock));
    h.settle();
    assert_eq!(h.game().moves(), &[Move::Turn]);
    let session = h.app.world().resource::<Session>();
    let record = zodiac::zodiac::GameRecord::from_ron(&session.record()).unwrap();
    assert_eq!(record.elapsed_ms, u64::MAX);
    // Leaving it for a new game counts a loss on counters already at their limit.
    h.key(bevy::prelude::KeyCode::KeyN, &[]);
    h.settle();
    let stats = h
        .app
        .world()
        .resource::<zodiac::game::session::files::Statistics>()
        .for_rules("cadogan");
    assert_eq!((stats.played, stats.lost), (u32::MAX, u32::MAX));
}

/// `--rules Cadogan` or the path of the shipped file is the rule set the saved game was played
/// under: the game resumes, and nothing is counted as lost.
#[test]
fn the_same_rules_by_another_name_resume_the_game() {
    for (i, asked) in ["Cadogan", "assets/rules/cadogan.ron", "CADOGAN"]
        .into_iter()
        .enumerate()
    {
        let dir = scratch(&format!("same-rules-{i}"));
        let mut game = Game::new(RuleSet::default_set(), DealNumber::new(3).unwrap());
        game.play(Move::Turn).unwrap();
        std::fs::write(dir.join("game.ron"), game.to_record().to_ron()).unwrap();
        let mut app = headless_app(LaunchOptions {
            patience: None,
            deal: None,
            rules: Some(asked.to_string()),
            data_dir: dir.clone(),
        });
        for _ in 0..3 {
            app.update();
        }
        let resumed = &app
            .world()
            .resource::<Session>()
            .game
            .as_any()
            .downcast_ref::<zodiac::zodiac::Game>()
            .unwrap();
        assert_eq!(resumed.moves(), &[Move::Turn], "{asked}: resumed");
        assert_eq!(resumed.deal(), DealNumber::new(3).unwrap());
        let stats = app
            .world()
            .resource::<zodiac::game::session::files::Statistics>()
            .for_rules("cadogan");
        assert_eq!(stats.lost, 0, "{asked}: nothing counted as lost");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// A winnable deal found ahead is kept across a relaunch: with no game to resume, the next
/// start deals it, so the first game needs no solver before its first frame.
#[test]
fn the_next_winnable_deal_is_kept_for_the_next_start() {
    let dir = std::env::temp_dir().join(format!("zodiac-next-deals-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut h = Harness::in_dir(0, dir.clone());
    let next = |dir: &std::path::Path| -> Option<String> {
        let text = std::fs::read_to_string(dir.join("next-deals.ron")).ok()?;
        let file: zodiac::profile::NextDeals = ron::from_str(&text).ok()?;
        file.deals.get("zodiac cadogan").cloned()
    };
    h.run_until("a deal is found ahead and saved", |h| {
        h.flush_files();
        next(&h.dir).is_some()
    });
    let deal = next(&dir).unwrap();
    let dir = h.quit();
    std::fs::remove_file(dir.join("game.ron")).unwrap();
    let h = Harness::in_dir(0, dir);
    let game = &h.app.world().resource::<Session>().game;
    assert_eq!(
        game.deal().to_string(),
        deal,
        "the first game is the deal found ahead"
    );
    assert!(game.snapshot().solve().is_winnable());
}

/// The statistics panel draws its two charts from the history (a win rate line and the
/// winning times), and Export writes the history as CSV beside the other files.
#[test]
fn the_statistics_show_charts_from_the_history_and_export_it() {
    use zodiac::patience::daily::Date;
    use zodiac::profile::history::{Entry, History, Result};
    let dir = scratch("charts");
    let mut history = History::default();
    for i in 0..30u32 {
        history.games.push(Entry {
            date: Date::parse("2026-11-20").unwrap(),
            patience: "zodiac".into(),
            rules: "cadogan".into(),
            deal: u128::from(i) + 1,
            level: None,
            result: if i % 3 == 0 {
                Result::Lost
            } else {
                Result::Won
            },
            moves: 200 + i,
            time_ms: 60_000 + u64::from(i) * 5_000,
            score: None,
            daily: false,
        });
    }
    // A damaged line on the way costs its game only, with a notice.
    let text = history.to_text() + "not a game\n";
    std::fs::write(dir.join("history.txt"), text).unwrap();
    let mut h = Harness::in_dir(1, dir.clone());
    assert!(
        h.app
            .world()
            .resource::<zodiac::game::session::files::Notice>()
            .0
            .as_deref()
            .is_some_and(|n| n.contains("history")),
        "the damage is said"
    );
    h.click_button("Stats");
    h.settle();
    let world = h.app.world_mut();
    let mut images = world.query::<(&bevy::ui::widget::ImageNode, &bevy::ui::ComputedNode)>();
    let shown: Vec<_> = images
        .iter(world)
        .filter(|(_, node)| node.size().x > 100.0)
        .map(|(image, _)| image.image.clone())
        .collect();
    assert_eq!(shown.len(), 2, "two charts");
    let pictures = world.resource::<Assets<Image>>();
    for handle in &shown {
        let image = pictures.get(handle).expect("painted");
        assert!(image.width() >= 250, "at the window's pixels");
    }
    h.click_button("Export CSV");
    h.settle();
    let csv = h.read_file("history.csv");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "date,patience,rules,deal,difficulty,result,moves,seconds,score,daily"
    );
    assert_eq!(lines.len(), 31, "a line a game");
    assert_eq!(lines[1], "2026-11-20,zodiac,cadogan,1,,lost,200,60.0,,no");
    let world = h.app.world_mut();
    let mut texts = world.query::<&Text>();
    assert!(
        texts
            .iter(world)
            .any(|t| t.0.starts_with("History written to")),
        "the panel says where"
    );
}

/// A patience file of the player's own opens from the command line's `--patience` (the window
/// reads the data folder before it looks the name up), is saved move by move like any other,
/// and resumes after a relaunch, where undo and redo go on.
#[test]
fn a_players_own_patience_opens_by_name_and_resumes_after_a_relaunch() {
    use zodiac::game::messages::Request;
    use zodiac::patience::Place;
    let dir = scratch("own-patience");
    let osmosis = include_str!("../../assets/patiences/osmosis.ron")
        .replace("name: \"osmosis\"", "name: \"my-osmosis\"")
        .replace("title: \"Osmosis\"", "title: \"My Osmosis\"");
    std::fs::create_dir_all(dir.join("patiences")).unwrap();
    std::fs::write(dir.join("patiences/my-osmosis.ron"), osmosis).unwrap();
    assert!(zodiac::kinds::mine::has(
        &dir.join("patiences"),
        "my-osmosis"
    ));
    let mut h = Harness::launch(LaunchOptions {
        patience: Some("my-osmosis".into()),
        deal: DealNumber::new(3),
        rules: None,
        data_dir: dir.clone(),
    });
    assert_eq!(h.any_game().patience().name(), "my-osmosis");
    assert_eq!(h.any_game().deal(), DealNumber::new(3).unwrap());
    let stock = h.table().rect(Place::Stock);
    h.click(bevy::math::Vec2::new(stock.x, stock.y));
    h.settle();
    assert_eq!(h.any_game().moves_played(), 1, "the stock turned");
    let text = h.any_game().text();
    // Quit, and start again with no patience named: the one played last, resumed.
    let mut h = h.relaunch();
    assert_eq!(h.any_game().patience().name(), "my-osmosis");
    assert_eq!(h.any_game().moves_played(), 1);
    assert_eq!(h.any_game().text(), text);
    h.app.world_mut().write_message(Request::Undo);
    h.settle();
    assert_eq!(h.any_game().moves_played(), 0, "undone after the relaunch");
    h.app.world_mut().write_message(Request::Redo);
    h.settle();
    assert_eq!(h.any_game().text(), text, "and redone");
}
