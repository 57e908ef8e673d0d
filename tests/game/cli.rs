//! `zodiac show`, `play`, `solve` and `winrate` as a user runs them: output, errors and exit
//! statuses.

use std::process::Command;
use zodiac::patience::rule_sets::RuleSetFile as _;

fn zodiac(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_zodiac"))
        .args(args)
        .output()
        .expect("run zodiac");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn show_prints_deal_1_as_rules_md_says() {
    let (code, out, _) = zodiac(&["show", "--deal", "1"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "equator: 3D 5H JC KH 5S 5H KC KC");
    assert_eq!(lines[1], "zodiac z0: 8D");
    assert_eq!(lines.len(), 1 + 24 + 8 + 4);
    assert!(lines.contains(&"foundation f7:"));
    assert_eq!(lines[33], "waste: 8H");
    assert!(lines[34].starts_with("stock: JH 4D 2D"));
    assert_eq!(&lines[35..], ["phase: 1", "status: playing"]);
}

#[test]
fn play_applies_moves_and_reports_illegal_ones() {
    let (code, out, _) = zodiac(&["play", "--deal", "1", "w>z20", "d"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("zodiac z20: 9H 8H\n"), "{out}");
    assert!(out.contains("waste: JH\n"), "{out}");
    let (code, _, err) = zodiac(&["play", "--deal", "1", "d", "w>z0"]);
    assert_ne!(code, 0);
    assert!(
        err.contains("move index 1") && err.contains("w>z0") && err.contains("does not go on"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn show_reads_a_saved_game() {
    let dir = std::env::temp_dir().join(format!("zodiac-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.ron");
    let mut game = zodiac::zodiac::Game::new(
        zodiac::zodiac::RuleSet::default_set(),
        zodiac::zodiac::DealNumber::new(1).unwrap(),
    );
    game.play(zodiac::zodiac::Move::parse("w>z20").unwrap())
        .unwrap();
    std::fs::write(&file, game.to_record().to_ron()).unwrap();
    let (code, out, _) = zodiac(&["show", "--game", file.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("zodiac z20: 9H 8H\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A mistake on the command line is clap's error (its first line `error: …`, then the usage
/// or where to read more; status 2); one found on running (a file, a rule set, a move) is one
/// line, `zodiac: …` (status 1). Never a panic.
fn assert_said(args: &[&str], code: i32, err: &str) {
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    if code == 2 {
        assert!(
            err.starts_with("error: ") && err.contains("--help"),
            "{args:?}: {err}"
        );
    } else {
        assert_eq!(code, 1, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("zodiac: "), "{args:?}: {err}");
    }
}

#[test]
fn mistakes_are_said_and_fail() {
    let cases: &[&[&str]] = &[
        &["frobnicate"],
        &["show", "--deal", "0"],
        &["show", "--deal", "-4"],
        &["show", "--deal", "100000000000000000001"],
        &["show", "--deal", "ten"],
        &["show", "--deal", "1", "--rules", "klondike"],
        &["show", "--game", "/no/such/file.ron"],
        &["show"],
        &["play", "--deal", "1", "x>y"],
        &["--bogus"],
        // Neither a patience of the game nor a file of the player's own.
        &[
            "--patience",
            "no-such-patience",
            "--data-dir",
            "/nonexistent/zodiac-data",
        ],
    ];
    for args in cases {
        let (code, out, err) = zodiac(args);
        assert_ne!(code, 0, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_said(args, code, &err);
    }
    let (code, out, _) = zodiac(&["--help"]);
    assert_eq!(code, 0);
    for word in [
        "show --deal",
        "show --game",
        "play --deal",
        "--rules",
        "--data-dir",
        "w>z5",
    ] {
        assert!(out.contains(word), "help mentions {word}");
    }
}

/// `zodiac solve` prints its verdict first, then a line that `zodiac play` replays to a win.
#[test]
fn solve_prints_a_line_that_play_replays_to_a_win() {
    let (code, out, err) = zodiac(&["solve", "--deal", "1"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "winnable", "{out}");
    let moves = lines[1].strip_prefix("moves: ").expect("a moves line");
    assert!(lines[2].starts_with("slack: "), "{out}");
    assert!(
        lines[3].starts_with("time: ") && lines[3].ends_with(" µs"),
        "{out}"
    );
    let mut args = vec!["play", "--deal", "1"];
    args.extend(moves.split_whitespace());
    let (code, out, err) = zodiac(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("status: won\n"), "{out}");
}

#[test]
fn winrate_and_solve_refuse_bad_input() {
    for args in [
        &["winrate", "--rules", "cadogan", "--deals", "5..2"][..],
        &["winrate", "--rules", "klondike", "--deals", "1..3"],
        &["solve", "--deal", "0"],
        &["solve", "--game", "/no/such/game.ron"],
    ] {
        let (code, out, err) = zodiac(args);
        assert_ne!(code, 0, "{args:?} fails");
        assert!(out.is_empty(), "{args:?}: nothing on standard output");
        assert_said(args, code, &err);
    }
    let (code, out, err) = zodiac(&["winrate", "--rules", "cadogan", "--deals", "1..20"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("winnable ") && l.contains("95% Wilson interval")),
        "{out}"
    );
    assert!(
        out.lines().last().is_some_and(|l| l.starts_with("time: ")),
        "{out}"
    );
}

/// One game window per data folder: while another process holds the folder (here this test,
/// as a running game would), a second launch says so in one line and exits non-zero, without
/// opening a window or touching the files.
#[test]
fn a_second_game_on_the_same_data_folder_is_refused() {
    let dir = std::env::temp_dir().join(format!("zodiac-cli-lock-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let held = zodiac::storage::lock_dir(&dir).expect("the folder locks");
    let out = Command::new(env!("CARGO_BIN_EXE_zodiac"))
        .args(["--data-dir", dir.to_str().unwrap()])
        // No display either way: a window could not open, so only the lock can answer.
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run zodiac");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("already open"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["zodiac.lock"], "nothing else written");
    drop(held);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Klondike from the command line: deal 1 as PySolFC opens it, moves played and refused in
/// the player's words, and a rule set by name.
#[test]
fn klondike_shows_and_plays_pysolfc_deals() {
    let (code, out, _) = zodiac(&["show", "--patience", "klondike", "--deal", "1"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.starts_with("column c0: QH\ncolumn c1: (7H) TS\n"),
        "{out}"
    );
    assert!(out.contains("foundation f0:\n") && out.contains("waste: 4H\n"));
    let stock = "stock: AC 4D 7S 3S TD 4S TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H";
    assert!(
        out.ends_with(&format!("{stock}\nstatus: playing\n")),
        "{out}"
    );
    let play = |moves: &[&str]| {
        let mut args = vec!["play", "--patience", "klondike", "--deal", "1"];
        args.extend(moves);
        zodiac(&args)
    };
    let (code, out, _) = play(&["c6>f1", "c5>f2", "d"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("foundation f1: AS\n"), "{out}");
    assert!(
        out.contains("column c6: (JD) (7C) (5S) (3H) (9D) JS\n"),
        "{out}"
    );
    assert!(out.contains("waste: 4H AC\n"), "{out}");
    let (code, _, err) = play(&["c6>c0"]);
    assert_ne!(code, 0);
    assert!(err.contains("does not go on column c0"), "{err}");
    // A run moves with its count: c6:2>c0 would carry two cards, and c6 shows one.
    let (code, _, err) = play(&["c6:2>c0"]);
    assert_ne!(code, 0);
    assert!(err.contains("fewer than 2 face-up cards"), "{err}");
    let (code, out, _) = zodiac(&[
        "show",
        "--patience",
        "klondike",
        "--deal",
        "1",
        "--rules",
        "draw-three",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("waste: 4H AC 4D\n"), "{out}");
    let args = ["winrate", "--patience", "klondike", "--deal", "2"];
    let (code, _, err) = zodiac(&args);
    assert_ne!(code, 0);
    assert_said(&args, code, &err);
    // Deal 2 is lost and deal 3 won under single pass.
    let (code, out, err) = zodiac(&[
        "winrate",
        "--patience",
        "klondike",
        "--deals",
        "2..3",
        "--jobs",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("winnable 1 of 2 (50.000%)"), "{out}");
}

/// `zodiac solve --patience klondike`: the line it prints, played by `zodiac play`, wins.
#[test]
fn klondike_solve_prints_a_line_that_play_replays_to_a_win() {
    let (code, out, _) = zodiac(&["solve", "--patience", "klondike", "--deal", "3"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("winnable\nmoves: "), "{out}");
    let moves: Vec<&str> = out
        .lines()
        .find_map(|l| l.strip_prefix("moves: "))
        .unwrap()
        .split_whitespace()
        .collect();
    let mut args = vec!["play", "--patience", "klondike", "--deal", "3"];
    args.extend(&moves);
    let (code, out, err) = zodiac(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("status: won\n"), "{out}");
    let (code, out, _) = zodiac(&["solve", "--patience", "klondike", "--deal", "2"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("lost\nwhy: "), "{out}");

    // A saved game, five moves into that line: solved from where it stands, and its line,
    // after those five moves, wins too.
    use zodiac::klondike::{Game, Move, RuleSet};
    let set = RuleSet::by_name_or_path("single-pass").unwrap();
    let mut game = Game::new(set, zodiac::zodiac::DealNumber::new(3).unwrap());
    for token in &moves[..5] {
        game.play(Move::parse(token).unwrap()).unwrap();
    }
    let file = std::env::temp_dir().join(format!("zodiac-klondike-{}.ron", std::process::id()));
    std::fs::write(&file, game.to_ron()).unwrap();
    let (code, out, err) = zodiac(&[
        "solve",
        "--patience",
        "klondike",
        "--game",
        file.to_str().unwrap(),
    ]);
    std::fs::remove_file(&file).unwrap();
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("winnable\nmoves: "), "{out}");
    let rest = out.lines().find_map(|l| l.strip_prefix("moves: ")).unwrap();
    let mut args = vec!["play", "--patience", "klondike", "--deal", "3"];
    args.extend(&moves[..5]);
    args.extend(rest.split_whitespace());
    let (code, out, err) = zodiac(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("status: won\n"), "{out}");
}
