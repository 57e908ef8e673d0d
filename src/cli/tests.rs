//! The command line: parsing, one-line errors, `solve`'s and `winrate`'s output.
//! Win-rate options (`--looser-won`, `rate`, `--memory`) are in `tests_rates.rs`.

use super::rates::progress_bar;
use super::*;
use crate::zodiac::solver::{self, Verdict};
use crate::zodiac::{Game, Move, RuleSet, RuleSetFile as _};

/// The words of a command line, the program's name first.
pub(super) fn args(text: &str) -> Vec<String> {
    std::iter::once("zodiac")
        .chain(text.split_whitespace())
        .map(String::from)
        .collect()
}

pub(super) fn deal(n: u128) -> DealNumber {
    DealNumber::new(n).unwrap()
}

/// `solve` of a Zodiac deal under a rule set.
fn solve_deal(n: u128, rules: &str) -> Command {
    Command::Solve {
        patience: None,
        source: Source::Deal {
            deal: deal(n),
            rules: rules.into(),
        },
        budget: None,
    }
}

/// `solve --game FILE`.
fn solve_game(file: std::path::PathBuf) -> Command {
    Command::Solve {
        patience: None,
        source: Source::Game(file),
        budget: None,
    }
}

#[test]
fn solve_and_winrate_parse() {
    assert_eq!(
        parse(args("solve --deal 7")).ok(),
        Some(Command::Solve {
            patience: None,
            source: Source::Deal {
                deal: deal(7),
                rules: "cadogan".into()
            },
            budget: None,
        })
    );
    assert_eq!(
        parse(args("solve --game g.ron")).ok(),
        Some(Command::Solve {
            patience: None,
            source: Source::Game("g.ron".into()),
            budget: None,
        })
    );
    assert_eq!(
        parse(args(
            "winrate --rules wikipedia --deals 1..1000000 --jobs 2 --csv out.csv"
        ))
        .ok(),
        Some(Command::Winrate {
            patience: "zodiac".into(),
            rules: "wikipedia".into(),
            first: deal(1),
            last: deal(1_000_000),
            jobs: Some(2),
            csv: Some("out.csv".into()),
            effort: Effort::default(),
        })
    );
}

#[test]
fn bad_input_gets_clap_errors_that_say_what_is_wrong() {
    use clap::error::ErrorKind;
    for (line, kind, wants) in [
        (
            "solve",
            ErrorKind::MissingRequiredArgument,
            "--deal <N>|--game <FILE>",
        ),
        ("solve --deal 0", ErrorKind::ValueValidation, "out of range"),
        (
            "solve --deal 100000000000000000001",
            ErrorKind::ValueValidation,
            "out of range",
        ),
        (
            "solve --deal 1 --game g.ron",
            ErrorKind::ArgumentConflict,
            "cannot be used with",
        ),
        (
            "solve --game g.ron --rules cadogan",
            ErrorKind::ArgumentConflict,
            "cannot be used with",
        ),
        (
            "solve --deal 1 extra",
            ErrorKind::UnknownArgument,
            "'extra'",
        ),
        (
            "winrate --rules cadogan",
            ErrorKind::MissingRequiredArgument,
            "--deals",
        ),
        (
            "winrate --deals 10..1",
            ErrorKind::ValueValidation,
            "is empty",
        ),
        ("winrate --deals 1-10", ErrorKind::ValueValidation, "A..B"),
        (
            "winrate --deals 0..10",
            ErrorKind::ValueValidation,
            "out of range",
        ),
        (
            "winrate --deals 1..10 --jobs 0",
            ErrorKind::ValueValidation,
            "1..=1024",
        ),
        (
            "winrate --deals 1..10 --jobs 100000",
            ErrorKind::ValueValidation,
            "1..=1024",
        ),
        (
            "winrate --rules cadogan --deal 3",
            ErrorKind::UnknownArgument,
            "--deal",
        ),
        (
            "solve --deal 1 --jobs 2",
            ErrorKind::UnknownArgument,
            "--jobs",
        ),
        (
            "show --patience spider --deal 1",
            ErrorKind::ValueValidation,
            "freecell",
        ),
        ("frobnicate", ErrorKind::InvalidSubcommand, "frobnicate"),
    ] {
        let err = parse(args(line)).unwrap_err();
        let text = err.to_string();
        assert_eq!(err.kind(), kind, "{line}: {text}");
        assert!(
            text.starts_with("error: ") && text.contains(wants),
            "{line}: {text}"
        );
    }
}

#[test]
fn help_names_every_patience_and_version_is_clap_s() {
    let help = parse(args("--help")).unwrap_err();
    assert_eq!(help.kind(), clap::error::ErrorKind::DisplayHelp);
    let text = help.to_string();
    for p in crate::registry::all() {
        assert!(
            text.contains(p.title()) && text.contains(p.name()),
            "{text}"
        );
    }
    for word in [
        "show", "play", "solve", "winrate", "w>z5", "c6:3>c2", "KEYS",
    ] {
        assert!(text.contains(word), "help mentions {word}: {text}");
    }
    let version = parse(args("--version")).unwrap_err();
    assert_eq!(version.kind(), clap::error::ErrorKind::DisplayVersion);
    let text = version.to_string();
    assert!(text.contains(env!("CARGO_PKG_VERSION")), "{text}");
    // Built in a git checkout (as every build of this repository is): the commit too.
    let commit = std::process::Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    if let Some(commit) = commit {
        assert!(text.contains(&format!("(commit {commit})")), "{text}");
    }
}

#[test]
fn the_window_takes_a_patience_deal_and_rules() {
    assert_eq!(
        parse(args("--patience KLONDIKE --deal 610 --rules unlimited")).ok(),
        Some(Command::Window {
            patience: Some("klondike".into()),
            deal: Some(deal(610)),
            rules: Some("unlimited".into()),
            data_dir: None,
        })
    );
    assert!(parse(args("--game g.ron")).is_err());
    // A player's own patience is known only once the data folder is read: the window checks.
    assert!(matches!(
        parse(args("--patience my-own")),
        Ok(Command::Window { patience: Some(p), .. }) if p == "my-own"
    ));
    assert!(parse(args("show --patience my-own --deal 1")).is_err());
}

#[test]
fn solve_prints_the_verdict_lines_in_order() {
    let out = run_text(&solve_deal(1, "cadogan")).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "winnable");
    assert!(lines[1].starts_with("moves: "));
    assert!(lines[2].starts_with("slack: "));
    assert!(lines[3].starts_with("time: ") && lines[3].ends_with(" µs"));
    // The moves replay to a win.
    let tokens: Vec<String> = lines[1]["moves: ".len()..]
        .split(' ')
        .map(String::from)
        .collect();
    let played = run_text(&Command::Play {
        patience: "zodiac".into(),
        deal: deal(1),
        rules: "cadogan".into(),
        moves: tokens,
    })
    .unwrap();
    assert!(played.contains("status: won"), "{played}");

    let out = run_text(&solve_deal(1, "wikipedia")).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "lost");
    assert!(lines[1].starts_with("why: "));
    assert!(lines[2].starts_with("time: "));
    let unknown = run_text(&solve_deal(1, "no-such-rules"));
    assert!(unknown.unwrap_err().contains("unknown rule set"));
    let missing = run_text(&solve_game("/no/such/game.ron".into()));
    assert!(missing.unwrap_err().contains("cannot read"));
}

#[test]
fn winrate_counts_and_writes_csv() {
    let csv = std::env::temp_dir().join(format!("zodiac-winrate-{}.csv", std::process::id()));
    let out = run_text(&Command::Winrate {
        patience: "zodiac".into(),
        rules: "cadogan".into(),
        first: deal(1),
        last: deal(6),
        jobs: Some(2),
        csv: Some(csv.clone()),
        effort: Effort::default(),
    })
    .unwrap();
    let text = std::fs::read_to_string(&csv).unwrap();
    std::fs::remove_file(&csv).ok();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "deal,verdict,slack,micros");
    assert_eq!(lines.len(), 7);
    assert!(lines[1].starts_with("1,winnable,"));
    let wins = lines.iter().filter(|l| l.contains(",winnable,")).count();
    assert!(out.starts_with(&format!("winnable {wins} of 6 (")), "{out}");
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("time: ") && last.ends_with(" s"), "{out}");
    let bad = run_text(&Command::Winrate {
        patience: "zodiac".into(),
        rules: "cadogan".into(),
        first: deal(1),
        last: deal(2),
        jobs: None,
        csv: Some("/no/such/dir/out.csv".into()),
        effort: Effort::default(),
    });
    assert!(bad.unwrap_err().contains("cannot write"));
}

#[test]
fn solve_game_continues_the_records_moves() {
    let mut game = Game::new(RuleSet::builtin("wikipedia").unwrap(), deal(2));
    let Verdict::Winnable { line, .. } = solver::solve(game.position(), game.rules()) else {
        panic!("wikipedia deal 2 is winnable")
    };
    for &m in &line[..40] {
        game.play(m).unwrap();
    }
    let file = std::env::temp_dir().join(format!("zodiac-solve-{}.ron", std::process::id()));
    std::fs::write(&file, game.to_record().to_ron()).unwrap();
    let out = run_text(&solve_game(file.clone())).unwrap();
    std::fs::remove_file(&file).ok();
    let tokens = out.lines().nth(1).unwrap().strip_prefix("moves: ").unwrap();
    for token in tokens.split(' ') {
        game.play(Move::parse(token).unwrap()).unwrap();
    }
    assert_eq!(game.status(), crate::zodiac::Status::Won);
}

#[test]
fn the_progress_bar_estimates_the_time_left() {
    let bar = progress_bar(250, 1000, 30.0);
    assert!(bar.contains(" 25.0%") && bar.contains("250/1000") && bar.contains("ETA 1m 30s"));
}

#[test]
fn klondike_winrate_parses_and_writes_csv() {
    let csv = std::env::temp_dir().join(format!("zodiac-kwinrate-{}.csv", std::process::id()));
    let text = format!(
        "winrate --patience klondike --rules unlimited --deals 1..4 --jobs 2 --csv {}",
        csv.display()
    );
    let command = parse(args(&text)).unwrap();
    let out = run_text(&command).unwrap();
    let text = std::fs::read_to_string(&csv).unwrap();
    std::fs::remove_file(&csv).ok();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "deal,verdict,micros,positions");
    assert_eq!(lines.len(), 5);
    let wins = lines.iter().filter(|l| l.contains(",winnable,")).count();
    assert!(out.starts_with(&format!("winnable {wins} of 4 (")), "{out}");
    assert!(parse(args("solve --patience klondike --deal 1 --csv x.csv")).is_err());
}

#[test]
fn klondike_budget_is_for_solve_and_winrate() {
    let out = run_text(&parse(args("solve --patience klondike --deal 1 --budget 1")).unwrap());
    assert!(
        out.unwrap()
            .starts_with("unknown\nwhy: not decided within 1 positions")
    );
    assert!(parse(args("show --patience klondike --deal 1 --budget 5")).is_err());
    // Zodiac's solver searches to the end: a budget is refused in words.
    let zodiac = run_text(&parse(args("solve --deal 1 --budget 5")).unwrap());
    assert!(zodiac.unwrap_err().contains("no budget"));
    assert!(parse(args("solve --patience klondike --deal 1 --budget 0")).is_err());
}

/// A patience file by its path, for a player trying theirs before it goes in the data folder:
/// the text commands read it as they read a patience of the game (its one rule set its own).
#[test]
fn a_patience_file_is_named_by_its_path() {
    let path = "assets/patiences/proofs/freecell.ron";
    let Ok(Command::Show { patience, source }) =
        parse(args(&format!("show --patience {path} --deal 1")))
    else {
        panic!("show --patience FILE parses");
    };
    assert_eq!(patience.as_deref(), Some(path), "the path kept as it is");
    assert_eq!(
        source,
        Source::Deal {
            deal: deal(1),
            rules: "freecell".into()
        },
        "the file's own rule set by default"
    );
    let shown = run_text(&Command::Show { patience, source }).unwrap();
    assert!(shown.contains("status: playing"), "{shown}");
    let missing = Command::Show {
        patience: Some("no/such/file.ron".into()),
        source: Source::Deal {
            deal: deal(1),
            rules: "x".into(),
        },
    };
    assert!(run_text(&missing).unwrap_err().contains("no/such/file.ron"));
}
