//! Reading the command line's arguments into a `Command`: every mistake a one-line error.

use super::*;

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
    let (mut deals, mut jobs, mut csv, mut budget) = (None, None, None, None);
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
            "--budget" => {
                let text = value("--budget")?;
                match text.parse::<usize>() {
                    Ok(n) if n > 0 => budget = Some(n),
                    _ => {
                        return Err(format!(
                            "--budget wants a number of positions, not {text:?}"
                        ));
                    }
                }
            }
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
        let options = klondike::Options {
            deals,
            jobs,
            csv,
            budget,
        };
        return klondike::command(&positional, deal, rules, game, options);
    }
    let (command, rest) = match positional.split_first() {
        None => unreachable!("handled above"),
        Some((c, rest)) => (c.as_str(), rest),
    };
    if budget.is_some() {
        return Err("--budget is for Klondike's solve and winrate (--patience klondike)".into());
    }
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
