//! The command line: `zodiac` opens the window, `zodiac show` and `zodiac play` print positions,
//! `zodiac solve` and `zodiac winrate` ask the solver. Every mistake is a one-line error, never
//! a panic.

mod klondike;

use crate::rules::{DealNumber, Game, Move, RuleSet};
use crate::solver::{self, Decision, Verdict, winrate};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

pub const HELP: &str = "\
Zodiac: the two-deck solitaire on a circular table.

USAGE:
    zodiac [--deal N] [--rules NAME] [--data-dir DIR]
        Open the game window. With --deal, play PySolFC deal N (1 to 10^20);
        otherwise resume the saved game, or deal a random one.
    zodiac show --deal N [--rules NAME]
    zodiac show --game FILE
        Print a position as text: the deal's opening, or a saved game record.
    zodiac play --deal N [--rules NAME] MOVE...
        Play moves from a deal and print the resulting position.
    zodiac solve --deal N [--rules NAME]
    zodiac solve --game FILE
        Decide whether the position can still be won: `winnable`, `lost` or `unknown`,
        then the winning moves (for --game, continuing the record's moves) and the slack
        (Equator cells the best plan leaves spare), or why it is lost; then the time taken.
    zodiac show --patience klondike --deal N [--rules NAME]
    zodiac play --patience klondike --deal N [--rules NAME] MOVE...
    zodiac solve --patience klondike --deal N [--rules NAME]
    zodiac winrate --patience klondike --deals A..B [--rules NAME] [--jobs N]
        The same for Klondike (PySolFC's deal numbers), under the rule set single-pass
        (the default), unlimited or draw-three, or a rule-set .ron file.
    zodiac winrate --rules NAME --deals A..B [--jobs N] [--csv FILE]
        Decide every deal from A to B (both included) on N threads (default: every core);
        a progress bar on a terminal; --csv writes deal,verdict,slack,micros per deal.
    zodiac --help
        Print this help.

OPTIONS:
    --deal N        a PySolFC-compatible deal number, 1 to 100000000000000000000
    --rules NAME    cadogan (the default: 4 foundations up from Ace, 4 down from King)
                    or wikipedia (all 8 foundations up from Ace), or a rule-set .ron file
    --game FILE     a saved game record (.ron)
    --patience P    zodiac (the default) or klondike
    --deals A..B    a range of deal numbers, both ends included
    --jobs N        threads for winrate
    --csv FILE      where winrate writes one line per deal
    --data-dir DIR  where saves, statistics and settings live (also ZODIAC_DATA_DIR);
                    by default the operating system's data directory for Zodiac

MOVES (the notation of docs/rules.md; letters in either case, no leading zeros):
    d        turn the top stock card onto the waste
    r        turn the waste over into the empty stock
    w>z5     waste card onto Zodiac pile z5       w>e2    waste card into Equator cell e2
    e2>z5    Equator card onto Zodiac pile z5     z5>f0   Zodiac top card onto foundation f0
    e2>f4    Equator card onto foundation f4

KLONDIKE MOVES: d turn (one card or three), r turn the waste over (if a pass is left),
    w>c3 w>f0 c3>f0 f0>c3, c6>c2 (the top card), c6:3>c2 (the top three cards).

OUTPUT of show/play: one line per place, cards bottom to top (rank then suit: TD, AS),
`--` for an empty Equator cell, the stock with the next card to turn first, then the phase
and the status (playing, won or stuck).";

/// The whole help: the commands, then the window's keys from the one key table.
pub fn help() -> String {
    format!(
        "{HELP}\n\nKEYS in the window:\n{}\n",
        crate::keys::help_text(4)
    )
}

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Open the game window.
    Window {
        /// The patience to open on (else the one played last).
        patience: Option<String>,
        deal: Option<DealNumber>,
        rules: Option<String>,
        data_dir: Option<PathBuf>,
    },
    /// Print a deal's opening position.
    ShowDeal {
        deal: DealNumber,
        rules: String,
    },
    /// Print a saved game's position.
    ShowGame {
        file: PathBuf,
    },
    /// Play moves from a deal and print the result.
    Play {
        deal: DealNumber,
        rules: String,
        moves: Vec<String>,
    },
    /// Decide a deal's opening.
    SolveDeal {
        deal: DealNumber,
        rules: String,
    },
    /// Decide a saved game's position.
    SolveGame {
        file: PathBuf,
    },
    /// Decide every Klondike deal of a range.
    KlondikeWinrate {
        rules: String,
        first: DealNumber,
        last: DealNumber,
        jobs: Option<usize>,
    },
    /// Decide a Klondike deal's opening.
    KlondikeSolve {
        deal: DealNumber,
        rules: String,
    },
    /// Print a Klondike deal's opening.
    KlondikeShow {
        deal: DealNumber,
        rules: String,
    },
    /// Play Klondike moves from a deal and print the result.
    KlondikePlay {
        deal: DealNumber,
        rules: String,
        moves: Vec<String>,
    },
    /// Decide every deal of a range.
    Winrate {
        rules: String,
        first: DealNumber,
        last: DealNumber,
        jobs: Option<usize>,
        csv: Option<PathBuf>,
    },
    Help,
}

/// The rule set named, or the default one.
fn rules_or_default(rules: Option<String>) -> String {
    rules.unwrap_or_else(|| "cadogan".to_string())
}

/// What `show` and `solve` start from: a deal under a rule set, or a saved game.
enum Source {
    Deal(DealNumber, String),
    Game(PathBuf),
}

/// Reads `--deal N [--rules NAME]` or `--game FILE` for `command`, and nothing else.
fn source(
    command: &str,
    rest: &[String],
    deal: Option<DealNumber>,
    game: Option<PathBuf>,
    rules: Option<String>,
) -> Result<Source, String> {
    if let Some(extra) = rest.first() {
        return Err(format!("unexpected argument {extra:?} for {command}"));
    }
    match (deal, game) {
        (Some(deal), None) => Ok(Source::Deal(deal, rules_or_default(rules))),
        (None, Some(file)) => {
            if rules.is_some() {
                return Err(
                    "--rules does not go with --game: the record names its rule set".into(),
                );
            }
            Ok(Source::Game(file))
        }
        (Some(_), Some(_)) => Err(format!("{command} takes --deal N or --game FILE, not both")),
        (None, None) => Err(format!("{command} needs --deal N or --game FILE")),
    }
}

/// A deal's opening under a rule set named on the command line.
fn deal_game(deal: DealNumber, rules: &str) -> Result<Game, String> {
    let rule_set = RuleSet::by_name_or_path(rules).map_err(|e| e.to_string())?;
    Ok(Game::new(rule_set, deal))
}

/// A saved game record, replayed.
fn saved_game(file: &std::path::Path) -> Result<Game, String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    Game::from_ron(&text).map_err(|e| format!("{}: {e}", file.display()))
}

/// `A..B`, both deal numbers, A at most B.
fn parse_deals(text: &str) -> Result<(DealNumber, DealNumber), String> {
    let (a, b) = text
        .split_once("..")
        .ok_or_else(|| format!("--deals wants a range A..B, not {text:?}"))?;
    let (a, b) = (
        DealNumber::parse(a).map_err(|e| e.to_string())?,
        DealNumber::parse(b).map_err(|e| e.to_string())?,
    );
    if a > b {
        return Err(format!(
            "--deals {text}: the range is empty (A must not exceed B)"
        ));
    }
    Ok((a, b))
}

/// Reads the arguments (without the program name).
pub fn parse(args: &[String]) -> Result<Command, String> {
    let mut deal = None;
    let mut rules = None;
    let mut game = None;
    let mut data_dir = None;
    let mut patience = None;
    let (mut deals, mut jobs, mut csv) = (None, None, None);
    let mut positional = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match arg.as_str() {
            "-h" | "--help" | "help" => return Ok(Command::Help),
            "--deal" => {
                deal = Some(DealNumber::parse(&value("--deal")?).map_err(|e| e.to_string())?)
            }
            "--rules" => rules = Some(value("--rules")?),
            "--game" => game = Some(PathBuf::from(value("--game")?)),
            "--data-dir" => data_dir = Some(PathBuf::from(value("--data-dir")?)),
            "--patience" => {
                let name = value("--patience")?.to_ascii_lowercase();
                if !matches!(name.as_str(), "zodiac" | "klondike") {
                    return Err(format!(
                        "unknown patience {name:?} (known: zodiac, klondike)"
                    ));
                }
                patience = Some(name);
            }
            "--deals" => deals = Some(parse_deals(&value("--deals")?)?),
            "--jobs" => {
                let text = value("--jobs")?;
                match text.parse::<usize>() {
                    Ok(n) if n > 0 => jobs = Some(n),
                    _ => return Err(format!("--jobs wants a number of threads, not {text:?}")),
                }
            }
            "--csv" => csv = Some(PathBuf::from(value("--csv")?)),
            // Moves are never option-like, but `-5` as a deal number deserves the range error.
            s if s.starts_with("--") => {
                return Err(format!("unknown option {s} (see zodiac --help)"));
            }
            s => positional.push(s.to_string()),
        }
    }
    if positional.is_empty() {
        if game.is_some() {
            return Err("--game is for `zodiac show` (see zodiac --help)".into());
        }
        return Ok(Command::Window {
            patience,
            deal,
            rules,
            data_dir,
        });
    }
    if patience.as_deref() == Some("klondike") {
        return klondike::command(&positional, deal, rules, game, (deals, jobs));
    }
    let (command, rest) = match positional.split_first() {
        None => unreachable!("handled above"),
        Some((c, rest)) => (c.as_str(), rest),
    };
    if command != "winrate" && (deals.is_some() || jobs.is_some() || csv.is_some()) {
        return Err("--deals, --jobs and --csv are for `zodiac winrate`".into());
    }
    match command {
        "show" => Ok(match source("show", rest, deal, game, rules)? {
            Source::Deal(deal, rules) => Command::ShowDeal { deal, rules },
            Source::Game(file) => Command::ShowGame { file },
        }),
        "play" => {
            if game.is_some() {
                return Err("play starts from --deal N, not --game".into());
            }
            let deal = deal.ok_or("play needs --deal N")?;
            Ok(Command::Play {
                deal,
                rules: rules_or_default(rules),
                moves: rest.to_vec(),
            })
        }
        "solve" => Ok(match source("solve", rest, deal, game, rules)? {
            Source::Deal(deal, rules) => Command::SolveDeal { deal, rules },
            Source::Game(file) => Command::SolveGame { file },
        }),
        "winrate" => {
            if let Some(extra) = rest.first() {
                return Err(format!("unexpected argument {extra:?} for winrate"));
            }
            if deal.is_some() || game.is_some() {
                return Err("winrate takes --deals A..B, not --deal or --game".into());
            }
            let (first, last) = deals.ok_or("winrate needs --deals A..B")?;
            Ok(Command::Winrate {
                rules: rules.ok_or("winrate needs --rules NAME")?,
                first,
                last,
                jobs,
                csv,
            })
        }
        other => Err(format!("unknown command {other:?} (see zodiac --help)")),
    }
}

/// What `zodiac solve` prints for a position: the verdict, the moves or the reason, the slack,
/// and the time the decision took.
fn solve_text(position: &crate::rules::Position, rules: &crate::rules::Rules) -> String {
    let mut solver = solver::Solver::new();
    let start = Instant::now();
    solver.decide(position, rules);
    let micros = start.elapsed().as_micros();
    let verdict = solver.solve(position, rules);
    let mut out = format!("{}\n", verdict.word());
    match &verdict {
        Verdict::Winnable { line, slack } => {
            let tokens: Vec<String> = line.iter().map(Move::to_string).collect();
            out.push_str(&format!("moves: {}\nslack: {slack}\n", tokens.join(" ")));
        }
        Verdict::Lost { why } | Verdict::Unknown { why } => out.push_str(&format!("why: {why}\n")),
    }
    out.push_str(&format!("time: {micros} µs\n"));
    out
}

/// `zodiac winrate`: decides the range, writes the CSV, shows progress on a terminal.
fn run_winrate(
    rules: &str,
    first: DealNumber,
    last: DealNumber,
    jobs: Option<usize>,
    csv: Option<&PathBuf>,
) -> Result<String, String> {
    let rules = RuleSet::by_name_or_path(rules)
        .map_err(|e| e.to_string())?
        .rules();
    let mut csv = match csv {
        Some(path) => {
            let file = std::fs::File::create(path)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            let mut out = std::io::BufWriter::new(file);
            writeln!(out, "deal,verdict,slack,micros")
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            Some((path, out))
        }
        None => None,
    };
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let bar = std::io::stderr().is_terminal();
    let start = Instant::now();
    let mut last_drawn = Instant::now();
    let (mut wins, mut unknown, mut failed) = (0u128, 0u128, None);
    winrate::run(
        &rules,
        first.get(),
        last.get(),
        jobs,
        |row| {
            let (word, slack) = match row.decision {
                Decision::Winnable { slack } => {
                    wins += 1;
                    ("winnable", slack.to_string())
                }
                Decision::Lost => ("lost", String::new()),
                Decision::Unknown => {
                    unknown += 1;
                    ("unknown", String::new())
                }
            };
            if let Some((path, out)) = &mut csv
                && failed.is_none()
                && let Err(e) = writeln!(out, "{},{word},{slack},{}", row.deal, row.micros)
            {
                failed = Some(format!("cannot write {}: {e}", path.display()));
            }
        },
        |done, total| {
            if bar && (last_drawn.elapsed().as_millis() >= 200 || done == total) {
                last_drawn = Instant::now();
                eprint!(
                    "{}",
                    progress_bar(done, total, start.elapsed().as_secs_f64())
                );
                if done == total {
                    eprintln!();
                }
            }
        },
    );
    if let Some((path, mut out)) = csv {
        out.flush()
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    if let Some(e) = failed {
        return Err(e);
    }
    let n = last.get() - first.get() + 1;
    Ok(winrate::report(wins, unknown, n))
}

/// One redrawn line: `[#####.....]  45.0%  450000/1000000  ETA 3m 12s`.
fn progress_bar(done: u128, total: u128, seconds: f64) -> String {
    let fraction = done as f64 / total.max(1) as f64;
    let filled = (fraction * 30.0) as usize;
    let eta = if done == 0 {
        "?".to_string()
    } else {
        let left = (seconds / fraction - seconds).max(0.0) as u64;
        format!("{}m {:02}s", left / 60, left % 60)
    };
    format!(
        "\r[{}{}] {:5.1}%  {done}/{total}  ETA {eta}   ",
        "#".repeat(filled),
        ".".repeat(30 - filled),
        fraction * 100.0
    )
}

/// Runs a text command and returns what to print.
pub fn run_text(command: &Command) -> Result<String, String> {
    match command {
        Command::Help => Ok(help()),
        Command::ShowDeal { deal, rules } => {
            let game = deal_game(*deal, rules)?;
            Ok(game.position().to_text(game.rules()))
        }
        Command::ShowGame { file } => {
            let game = saved_game(file)?;
            Ok(game.position().to_text(game.rules()))
        }
        Command::Play { deal, rules, moves } => {
            let mut game = deal_game(*deal, rules)?;
            for (index, token) in moves.iter().enumerate() {
                let m = Move::parse(token)
                    .map_err(|e| format!("move index {index} ({token:?}): {e}"))?;
                game.play(m)
                    .map_err(|e| format!("move index {index} ({token:?}): illegal: {e}"))?;
            }
            Ok(game.position().to_text(game.rules()))
        }
        Command::SolveDeal { deal, rules } => {
            let game = deal_game(*deal, rules)?;
            Ok(solve_text(game.position(), game.rules()))
        }
        Command::SolveGame { file } => {
            let game = saved_game(file)?;
            Ok(solve_text(game.position(), game.rules()))
        }
        Command::Winrate {
            rules,
            first,
            last,
            jobs,
            csv,
        } => run_winrate(rules, *first, *last, *jobs, csv.as_ref()),
        Command::KlondikeWinrate { .. }
        | Command::KlondikeSolve { .. }
        | Command::KlondikeShow { .. }
        | Command::KlondikePlay { .. } => klondike::run(command),
        Command::Window { .. } => Err("the window is not a text command".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    fn deal(n: u128) -> DealNumber {
        DealNumber::new(n).unwrap()
    }

    #[test]
    fn solve_and_winrate_parse() {
        assert_eq!(
            parse(&args("solve --deal 7")),
            Ok(Command::SolveDeal {
                deal: deal(7),
                rules: "cadogan".into()
            })
        );
        assert_eq!(
            parse(&args("solve --game g.ron")),
            Ok(Command::SolveGame {
                file: "g.ron".into()
            })
        );
        assert_eq!(
            parse(&args(
                "winrate --rules wikipedia --deals 1..1000000 --jobs 2 --csv out.csv"
            )),
            Ok(Command::Winrate {
                rules: "wikipedia".into(),
                first: deal(1),
                last: deal(1_000_000),
                jobs: Some(2),
                csv: Some("out.csv".into())
            })
        );
    }

    #[test]
    fn bad_solve_and_winrate_input_is_one_line() {
        for (line, wants) in [
            ("solve", "needs --deal N or --game FILE"),
            ("solve --deal 0", "out of range"),
            ("solve --deal 100000000000000000001", "out of range"),
            ("solve --deal 1 --game g.ron", "not both"),
            ("solve --game g.ron --rules cadogan", "names its rule set"),
            ("solve --deal 1 extra", "unexpected argument"),
            ("winrate --deals 1..10", "needs --rules"),
            ("winrate --rules cadogan", "needs --deals"),
            ("winrate --rules cadogan --deals 10..1", "range is empty"),
            ("winrate --rules cadogan --deals 1-10", "A..B"),
            ("winrate --rules cadogan --deals 0..10", "out of range"),
            (
                "winrate --rules cadogan --deals 1..10 --jobs 0",
                "number of threads",
            ),
            ("winrate --rules cadogan --deal 3", "not --deal"),
            ("solve --deal 1 --jobs 2", "for `zodiac winrate`"),
        ] {
            let err = parse(&args(line)).unwrap_err();
            assert!(err.contains(wants) && !err.contains('\n'), "{line}: {err}");
        }
    }

    #[test]
    fn solve_prints_the_verdict_lines_in_order() {
        let out = run_text(&Command::SolveDeal {
            deal: deal(1),
            rules: "cadogan".into(),
        })
        .unwrap();
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
            deal: deal(1),
            rules: "cadogan".into(),
            moves: tokens,
        })
        .unwrap();
        assert!(played.contains("status: won"), "{played}");

        let out = run_text(&Command::SolveDeal {
            deal: deal(1),
            rules: "wikipedia".into(),
        })
        .unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "lost");
        assert!(lines[1].starts_with("why: "));
        assert!(lines[2].starts_with("time: "));
        let unknown = run_text(&Command::SolveDeal {
            deal: deal(1),
            rules: "no-such-rules".into(),
        });
        assert!(unknown.unwrap_err().contains("unknown rule set"));
        let missing = run_text(&Command::SolveGame {
            file: "/no/such/game.ron".into(),
        });
        assert!(missing.unwrap_err().contains("cannot read"));
    }

    #[test]
    fn winrate_counts_and_writes_csv() {
        let csv = std::env::temp_dir().join(format!("zodiac-winrate-{}.csv", std::process::id()));
        let out = run_text(&Command::Winrate {
            rules: "cadogan".into(),
            first: deal(1),
            last: deal(6),
            jobs: Some(2),
            csv: Some(csv.clone()),
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
        assert!(out.trim_end().ends_with("%]"));
        let bad = run_text(&Command::Winrate {
            rules: "cadogan".into(),
            first: deal(1),
            last: deal(2),
            jobs: None,
            csv: Some("/no/such/dir/out.csv".into()),
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
        let out = run_text(&Command::SolveGame { file: file.clone() }).unwrap();
        std::fs::remove_file(&file).ok();
        let tokens = out.lines().nth(1).unwrap().strip_prefix("moves: ").unwrap();
        for token in tokens.split(' ') {
            game.play(Move::parse(token).unwrap()).unwrap();
        }
        assert_eq!(game.status(), crate::rules::Status::Won);
    }

    #[test]
    fn the_progress_bar_estimates_the_time_left() {
        let bar = progress_bar(250, 1000, 30.0);
        assert!(bar.contains(" 25.0%") && bar.contains("250/1000") && bar.contains("ETA 1m 30s"));
    }
}
