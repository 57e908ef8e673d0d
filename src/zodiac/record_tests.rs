//! Game records: saving, loading and replaying, old and foreign records, and rule sets by
//! identity (shipped names and paths, custom sets carried inside the record). Wins and losses
//! counted from records are in `record_count_tests.rs`.

use super::tests::{random_game, random_game_under};
use super::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A custom rule-set file's text: cadogan with two foundations turned round.
fn custom_text(name: &str, option: bool) -> String {
    format!(
        "(name: \"{name}\", title: \"My rules\", description: \"Mine.\", \
         foundations: [Up, Up, Up, Up, Up, Up, Down, Down], equator_to_zodiac_in_phase_2: {option})"
    )
}

fn custom(name: &str, option: bool) -> RuleSet {
    RuleSet::parse("mine.ron", &custom_text(name, option)).unwrap()
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("zodiac-records-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn records_survive_save_load_replay() {
    let mut rng = StdRng::seed_from_u64(3);
    for round in 0..30 {
        let rules_name = if round % 2 == 0 {
            "cadogan"
        } else {
            "wikipedia"
        };
        let limit = rng.random_range(0..800);
        let mut game = random_game(&mut rng, rules_name, limit);
        for _ in 0..rng.random_range(0..5) {
            game.undo();
        }
        game.elapsed_ms = rng.random_range(0..10_000_000);
        let text = game.to_record().to_ron();
        let loaded = Game::from_ron(&text).unwrap();
        assert_eq!(loaded.position(), game.position());
        assert_eq!(loaded.moves(), game.moves());
        assert_eq!(loaded.redo_moves(), game.redo_moves());
        assert_eq!(loaded.to_record(), game.to_record());
        assert_eq!(loaded.to_record().to_ron(), text);
    }
}

#[test]
fn a_record_with_an_illegal_move_names_its_index_token_and_reason() {
    let mut game = Game::new(RuleSet::default_set(), DealNumber::new(1).unwrap());
    game.play(Move::Turn).unwrap();
    let mut record = game.to_record();
    record.moves.push("w>f0".into());
    let err = Game::from_record(&record).unwrap_err().to_string();
    assert!(
        err.contains("move index 1") && err.contains("\"w>f0\"") && err.contains("not a move"),
        "{err}"
    );
    record.moves[1] = "z0>f0".into();
    let err = Game::from_record(&record).unwrap_err().to_string();
    assert!(
        err.contains("move index 1") && err.contains("illegal") && err.contains("phase 1"),
        "{err}"
    );
    record.moves[1] = "r".into();
    assert!(
        Game::from_record(&record)
            .unwrap_err()
            .to_string()
            .contains("stock is empty")
    );
}

#[test]
fn foreign_and_newer_records_are_refused_clearly() {
    let game = Game::new(RuleSet::default_set(), DealNumber::new(7).unwrap());
    let mut record = game.to_record();
    record.version = 99;
    assert!(
        Game::from_record(&record)
            .unwrap_err()
            .to_string()
            .contains("newer")
    );
    record.version = 1;
    record.format = "something-else".into();
    assert!(
        Game::from_record(&record)
            .unwrap_err()
            .to_string()
            .contains("not a Zodiac game record")
    );
    record.format = "zodiac-game".into();
    record.deal = "0".into();
    assert!(Game::from_record(&record).is_err());
    record.deal = "7".into();
    record.rules = RecordRules::Named("klondike".into());
    assert!(
        Game::from_record(&record)
            .unwrap_err()
            .to_string()
            .contains("klondike")
    );
    for junk in [
        "",
        "(",
        "[1, 2]",
        "(format: \"zodiac-game\")",
        "\u{0}\u{1}garbage",
    ] {
        assert!(Game::from_ron(junk).is_err(), "{junk:?}");
    }
}

#[test]
fn a_custom_rules_game_replays_resumes_and_shows_without_its_file() {
    let dir = scratch("custom");
    let file = dir.join("mine.ron");
    std::fs::write(&file, custom_text("mine", true)).unwrap();
    let rule_set = RuleSet::by_name_or_path(file.to_str().unwrap()).unwrap();
    assert!(!rule_set.is_shipped());
    let mut rng = StdRng::seed_from_u64(4);
    for limit in [0, 50, 400, 3000] {
        let mut game = random_game_under(&mut rng, rule_set.clone(), limit);
        game.undo();
        let record = game.to_record();
        assert_eq!(record.version, 2);
        assert_eq!(record.rules, RecordRules::Inline(rule_set.clone()));
        let text = record.to_ron();
        std::fs::remove_file(&file).ok();
        let loaded = Game::from_ron(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(loaded.rule_set(), &rule_set);
        assert_eq!(loaded.rules(), game.rules());
        assert!(loaded.rules().equator_to_zodiac_in_phase_2);
        assert_eq!(loaded.position(), game.position());
        assert_eq!(loaded.moves(), game.moves());
        assert_eq!(loaded.redo_moves(), game.redo_moves());
        assert_eq!(loaded.to_record().to_ron(), text);
        // `zodiac show --game FILE`, with the rule-set file gone.
        let saved = dir.join("game.ron");
        std::fs::write(&saved, &text).unwrap();
        let shown = crate::cli::run_text(&crate::cli::Command::Show {
            patience: None,
            source: crate::cli::Source::Game(saved),
        })
        .unwrap();
        assert_eq!(shown, game.position().to_text(game.rules()));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn shipped_rule_sets_are_still_written_by_name_as_version_1() {
    let game = Game::new(
        RuleSet::builtin("wikipedia").unwrap(),
        DealNumber::new(3).unwrap(),
    );
    let record = game.to_record();
    assert_eq!(record.rules, RecordRules::Named("wikipedia".into()));
    assert_eq!(record.version, 1);
    assert!(
        record.to_ron().contains("rules: \"wikipedia\","),
        "{}",
        record.to_ron()
    );
    // A custom file that only copies cadogan's rules is cadogan, written by name.
    let copy = RuleSet::parse(
        "copy.ron",
        "(name: \"copy\", title: \"Copy\", description: \"\", foundations: [Up, Up, Up, Up, Down, Down, Down, Down])",
    )
    .unwrap();
    let game = Game::new(copy, DealNumber::new(3).unwrap());
    assert_eq!(game.rule_set(), &RuleSet::default_set());
    assert_eq!(game.to_record().rules, RecordRules::Named("cadogan".into()));
}

#[test]
fn version_1_records_still_load() {
    // Written by Zodiac before rule sets were carried inline.
    let text = r#"(
    format: "zodiac-game",
    version: 1,
    rules: "cadogan",
    deal: "1",
    moves: ["w>z20", "d"],
    redo: ["d"],
    started: 1795305600,
    elapsed_ms: 61000,
)"#;
    let game = Game::from_ron(text).unwrap();
    assert_eq!(game.rule_set(), &RuleSet::default_set());
    assert_eq!(game.moves().len(), 2);
    assert_eq!(game.redo_moves(), &[Move::Turn]);
    assert_eq!(game.position().zodiac(20).len(), 2);
    assert_eq!((game.started, game.elapsed_ms), (1_795_305_600, 61_000));
    assert_eq!(game.to_record().to_ron(), text, "written back the same");
    // Names in records are read as leniently as on the command line.
    let shouted = text.replace("\"cadogan\"", "\"Cadogan\"");
    assert_eq!(
        Game::from_ron(&shouted).unwrap().rule_set(),
        &RuleSet::default_set()
    );
}

#[test]
fn an_inline_rule_set_is_checked_like_a_file() {
    let game = Game::new(custom("mine", false), DealNumber::new(9).unwrap());
    let mut record = game.to_record();
    let RecordRules::Inline(set) = &mut record.rules else {
        panic!("a custom set is inline")
    };
    set.foundations.pop();
    let err = Game::from_record(&record).unwrap_err().to_string();
    assert_eq!(
        err,
        "rule set in the game record is malformed: \
         `foundations` must list 8 directions (f0 to f7), not 7"
    );
    let text = game.to_record().to_ron().replace(
        "equator_to_zodiac_in_phase_2",
        "colour: 3, equator_to_zodiac_in_phase_2",
    );
    assert!(
        Game::from_ron(&text)
            .unwrap_err()
            .to_string()
            .contains("colour")
    );
    // Inline rules equal to a shipped set's are that shipped set.
    let mut record = game.to_record();
    record.rules = RecordRules::Inline(RuleSet {
        name: "other".into(),
        ..RuleSet::builtin("wikipedia").unwrap()
    });
    let loaded = Game::from_record(&record).unwrap();
    assert_eq!(loaded.rule_set(), &RuleSet::builtin("wikipedia").unwrap());
}

#[test]
fn names_and_paths_of_shipped_sets_resolve_to_the_shipped_set() {
    let cadogan = RuleSet::builtin("cadogan").unwrap();
    for asked in [
        "cadogan",
        "Cadogan",
        "CADOGAN",
        "assets/rules/cadogan.ron",
        "./assets/rules/cadogan.ron",
        "./assets/rules/Cadogan.ron",
        "assets/rules/CADOGAN.RON",
        "assets/rules/zodiac/cadogan.ron",
        "./assets/rules/Zodiac/Cadogan.ron",
        "/elsewhere/assets/rules/zodiac/CADOGAN.RON",
    ] {
        assert_eq!(
            RuleSet::by_name_or_path(asked).as_ref(),
            Ok(&cadogan),
            "{asked}"
        );
    }
    assert_eq!(
        RuleSet::by_name_or_path("Assets/Rules/Wikipedia.ron").unwrap(),
        RuleSet::builtin("wikipedia").unwrap()
    );
    // A copy elsewhere, under another name and title, is still cadogan.
    let dir = scratch("copy");
    let copy = dir.join("my-cadogan.ron");
    std::fs::write(
        &copy,
        "(name: \"mine\", title: \"Mine\", description: \"\", foundations: [Up, Up, Up, Up, Down, Down, Down, Down])",
    )
    .unwrap();
    assert_eq!(
        RuleSet::by_name_or_path(copy.to_str().unwrap()).unwrap(),
        cadogan
    );
    // A file with other rules stays itself, whatever it is called.
    let other = dir.join("cadogan.ron");
    std::fs::write(&other, custom_text("cadogan", false)).unwrap();
    let set = RuleSet::by_name_or_path(other.to_str().unwrap()).unwrap();
    assert!(!set.is_shipped() && !set.same_rules(&cadogan));
    assert_ne!(set.key(), "cadogan");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn unknown_names_and_missing_files_give_one_line_errors() {
    for (asked, says) in [
        (
            "klondike",
            "unknown rule set \"klondike\" (known: cadogan, wikipedia)",
        ),
        (
            "/no/such/rules.ron",
            "cannot read rule set /no/such/rules.ron",
        ),
        (
            "/no/such/assets/rules/klondike.ron",
            "/no/such/assets/rules/klondike.ron",
        ),
        ("mine.ron", "cannot read rule set mine.ron"),
    ] {
        let err = RuleSet::by_name_or_path(asked).unwrap_err().to_string();
        assert!(err.contains(says) && !err.contains('\n'), "{asked}: {err}");
    }
}

#[test]
fn keys_tell_rule_sets_apart_by_name_and_rules() {
    let cadogan = RuleSet::default_set();
    let wikipedia = RuleSet::builtin("wikipedia").unwrap();
    assert_eq!(cadogan.key(), "cadogan");
    assert_eq!(wikipedia.key(), "wikipedia");
    assert!(cadogan.same_rules(&cadogan.clone()) && !cadogan.same_rules(&wikipedia));
    let mine = custom("mine", false);
    let mine_with_option = custom("mine", true);
    let theirs = custom("theirs", false);
    assert_eq!(mine.key(), "custom/mine/UUUUUUDD");
    assert_eq!(
        mine_with_option.key(),
        "custom/mine/UUUUUUDD+equator-to-zodiac"
    );
    assert_ne!(theirs.key(), mine.key(), "same rules, different names");
    assert!(theirs.same_rules(&mine), "but the same game");
    assert!(!mine_with_option.same_rules(&mine));
    // Titles and descriptions are words, not rules.
    let retitled = RuleSet {
        title: "Other".into(),
        description: "Other words.".into(),
        ..mine.clone()
    };
    assert_eq!(retitled.key(), mine.key());
    // A custom set named like a shipped one does not take the shipped key.
    assert_eq!(custom("cadogan", false).key(), "custom/cadogan/UUUUUUDD");
    // Rules equal to a shipped set's take its key, whatever the name.
    let renamed = RuleSet {
        name: "copy".into(),
        ..wikipedia.clone()
    };
    assert_eq!(renamed.key(), "wikipedia");
}

#[test]
fn clocks_near_the_end_of_u64_saturate() {
    let mut game = Game::new(RuleSet::default_set(), DealNumber::new(1).unwrap());
    game.elapsed_ms = u64::MAX - 5;
    game.add_elapsed(1_000);
    assert_eq!(game.elapsed_ms, u64::MAX);
    game.add_elapsed(u64::MAX);
    assert_eq!(game.elapsed_ms, u64::MAX);
    game.play(Move::Turn).unwrap();
    let text = game.to_record().to_ron();
    let mut loaded = Game::from_ron(&text).unwrap();
    assert_eq!(loaded.elapsed_ms, u64::MAX);
    loaded.add_elapsed(16);
    loaded.play(Move::Turn).unwrap();
    assert_eq!(loaded.elapsed_ms, u64::MAX);
    let mut stats = crate::profile::RuleStats::default();
    stats.record_win(loaded.elapsed_ms, u32::MAX);
    assert_eq!(stats.best_time_ms, Some(u64::MAX));
}

#[test]
fn the_example_rule_set_in_docs_rules_md_reads_as_it_says() {
    let page = std::fs::read_to_string("docs/rules.md").unwrap();
    let start = page.find("```ron\n").expect("an example") + "```ron\n".len();
    let text = &page[start..start + page[start..].find("```").unwrap()];
    let set = RuleSet::parse("docs/rules.md", text).unwrap_or_else(|e| panic!("{e}"));
    let key = set.key();
    assert_eq!(key, "custom/kings/DDDDDDDD+equator-to-zodiac");
    assert!(page.contains(&format!("`{key}`")), "the page names the key");
}
