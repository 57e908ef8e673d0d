//! The command line: `zodiac` opens the window, `zodiac show` and `zodiac play` print positions.
//! Every mistake is a one-line error, never a panic.

use crate::rules::{DealNumber, Game, Move, RuleSet};
use std::path::PathBuf;

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
    zodiac --help
        Print this help.

OPTIONS:
    --deal N        a PySolFC-compatible deal number, 1 to 100000000000000000000
    --rules NAME    cadogan (the default: 4 foundations up from Ace, 4 down from King)
                    or wikipedia (all 8 foundations up from Ace), or a rule-set .ron file
    --game FILE     a saved game record (.ron)
    --data-dir DIR  where saves, statistics and settings live (also ZODIAC_DATA_DIR);
                    by default the operating system's data directory for Zodiac

MOVES (the notation of docs/rules.md; letters in either case, no leading zeros):
    d        turn the top stock card onto the waste
    r        turn the waste over into the empty stock
    w>z5     waste card onto Zodiac pile z5       w>e2    waste card into Equator cell e2
    e2>z5    Equator card onto Zodiac pile z5     z5>f0   Zodiac top card onto foundation f0
    e2>f4    Equator card onto foundation f4

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
    Help,
}

/// Reads the arguments (without the program name).
pub fn parse(args: &[String]) -> Result<Command, String> {
    let mut deal = None;
    let mut rules = None;
    let mut game = None;
    let mut data_dir = None;
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
            // Moves are never option-like, but `-5` as a deal number deserves the range error.
            s if s.starts_with("--") => {
                return Err(format!("unknown option {s} (see zodiac --help)"));
            }
            s => positional.push(s.to_string()),
        }
    }
    let rules_or_default = |rules: Option<String>| rules.unwrap_or_else(|| "cadogan".to_string());
    let (command, rest) = match positional.split_first() {
        None => {
            if game.is_some() {
                return Err("--game is for `zodiac show` (see zodiac --help)".into());
            }
            return Ok(Command::Window {
                deal,
                rules,
                data_dir,
            });
        }
        Some((c, rest)) => (c.as_str(), rest),
    };
    match command {
        "show" => {
            if let Some(extra) = rest.first() {
                return Err(format!("unexpected argument {extra:?} for show"));
            }
            match (deal, game) {
                (Some(deal), None) => Ok(Command::ShowDeal {
                    deal,
                    rules: rules_or_default(rules),
                }),
                (None, Some(file)) => {
                    if rules.is_some() {
                        return Err(
                            "--rules does not go with --game: the record names its rule set".into(),
                        );
                    }
                    Ok(Command::ShowGame { file })
                }
                (Some(_), Some(_)) => Err("show takes --deal N or --game FILE, not both".into()),
                (None, None) => Err("show needs --deal N or --game FILE".into()),
            }
        }
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
        other => Err(format!("unknown command {other:?} (see zodiac --help)")),
    }
}

/// Runs a text command and returns what to print.
pub fn run_text(command: &Command) -> Result<String, String> {
    match command {
        Command::Help => Ok(help()),
        Command::ShowDeal { deal, rules } => {
            let rule_set = RuleSet::by_name_or_path(rules).map_err(|e| e.to_string())?;
            let game = Game::new(rule_set, *deal);
            Ok(game.position().to_text(game.rules()))
        }
        Command::ShowGame { file } => {
            let text = std::fs::read_to_string(file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let game = Game::from_ron(&text).map_err(|e| format!("{}: {e}", file.display()))?;
            Ok(game.position().to_text(game.rules()))
        }
        Command::Play { deal, rules, moves } => {
            let rule_set = RuleSet::by_name_or_path(rules).map_err(|e| e.to_string())?;
            let mut game = Game::new(rule_set, *deal);
            for (index, token) in moves.iter().enumerate() {
                let m = Move::parse(token)
                    .map_err(|e| format!("move index {index} ({token:?}): {e}"))?;
                game.play(m)
                    .map_err(|e| format!("move index {index} ({token:?}): illegal: {e}"))?;
            }
            Ok(game.position().to_text(game.rules()))
        }
        Command::Window { .. } => Err("the window is not a text command".into()),
    }
}
