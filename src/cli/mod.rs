//! The command line: `zodiac` opens the window, `zodiac show` and `zodiac play` print positions,
//! `zodiac solve` and `zodiac winrate` ask the solver, `zodiac rate` says how hard a deal is (read by clap, in `args`). A mistake is
//! clap's error or one line, never a panic.

mod args;
mod rate;
mod rates;

pub use args::{command, parse};

use crate::cards::DealNumber;
use crate::patience::{Effort, Game, Patience};
use crate::registry;
use std::path::PathBuf;

/// The help's tail: examples, each patience's rule sets and notation (from the registry), what
/// the commands print, and the window's keys (from the one key table).
pub fn after_help() -> String {
    let all = registry::all();
    let sets: Vec<String> = all
        .iter()
        .map(|p| {
            let names: Vec<String> = p.rule_sets().into_iter().map(|s| s.name).collect();
            format!("    {}: {}", p.title(), names.join(", "))
        })
        .collect();
    let moves: Vec<String> = all
        .iter()
        .map(|p| format!("{} MOVES {}", p.title().to_uppercase(), p.command_help()))
        .collect();
    let columns: Vec<String> = all
        .iter()
        .map(|p| format!("{} {}", p.title(), p.winrate_columns()))
        .collect();
    format!(
        "{EXAMPLES}\n\nRULE SETS (the first is the default; or a rule-set .ron file of your own):\n\
         {}\n\n{}\n\n{OUTPUT}\n\
         winrate --csv: deal,verdict, then each patience's columns ({}).\n\n\
         KEYS in the window:\n{}",
        sets.join("\n"),
        moves.join("\n\n"),
        columns.join("; "),
        crate::keys::help_text(4)
    )
}

const EXAMPLES: &str = "\
EXAMPLES:
    zodiac                                  open the window on the game played last
    zodiac --patience klondike --deal 610   open the window on Klondike deal 610
    zodiac show --deal 1                    Zodiac deal 1's opening, as text
    zodiac show --game FILE                 a saved game's position (of any patience)
    zodiac play --deal 1 d w>z5             play moves from a deal and print the position
    zodiac solve --patience klondike --deal 610 --rules unlimited
    zodiac winrate --rules cadogan --deals 1..1000 --csv out.csv
    zodiac rate --patience freecell --deal 617   how hard a deal is
    zodiac daily --patience klondike        today's deal, the same for every player";

const OUTPUT: &str = "\
OUTPUT of show and play: one line per place, cards bottom to top (rank then suit: TD, AS),
then the status (playing, won or stuck). solve: the verdict, then the winning moves, or why
it is lost, then the time taken. rate: difficulty: easy, medium, hard or expert for a winnable
deal (docs/difficulty.md), else lost or unknown. daily: the date, deal: N, difficulty: LEVEL.";

/// Where a text command starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A deal's opening under a rule set (a shipped name or a file).
    Deal { deal: DealNumber, rules: String },
    /// A saved game record, with its own rule set.
    Game(PathBuf),
}

/// What the command line asks for. `patience` is a registry name; `None` with a saved game:
/// whichever patience the record is of.
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
    /// Print a position.
    Show {
        patience: Option<String>,
        source: Source,
    },
    /// Play moves from a deal and print the position they reach.
    Play {
        patience: String,
        deal: DealNumber,
        rules: String,
        moves: Vec<String>,
    },
    /// Decide a position.
    Solve {
        patience: Option<String>,
        source: Source,
        /// Positions searched before "unknown" (default: the solver's own).
        budget: Option<usize>,
    },
    /// Decide every deal of a range.
    Winrate {
        patience: String,
        rules: String,
        first: DealNumber,
        last: DealNumber,
        jobs: Option<usize>,
        csv: Option<PathBuf>,
        /// The budget, and what is known of the deals beforehand.
        effort: Effort,
    },
    /// Rate a deal, or every deal of a range (`many`: a line each and a summary).
    Rate {
        patience: String,
        rules: String,
        first: DealNumber,
        last: DealNumber,
        many: bool,
        jobs: Option<usize>,
        csv: Option<PathBuf>,
    },
    /// The daily deal of a date.
    Daily {
        patience: String,
        rules: String,
        date: crate::patience::daily::Date,
    },
    /// Every patience with its rule sets.
    List,
    /// Whether a patience file is sound.
    Check { file: PathBuf },
}

/// The patience by its registry name.
/// The patience by its registry name, or a patience file by its path (`.ron`): a player's
/// file tried out before it goes in the data folder, or the proofs.
fn patience(name: &str) -> Result<&'static dyn Patience, String> {
    if name.ends_with(".ron") {
        let file = crate::kinds::mine::check(std::path::Path::new(name), &[], &[])?;
        let compiled = crate::kinds::patience::compiled(&file)?;
        return Ok(crate::kinds::patience::FilePatience::of(compiled));
    }
    registry::by_name(name).ok_or_else(|| format!("no patience is called {name:?}"))
}

/// The game a text command starts from: a deal, or a saved game (of the patience named, else
/// of whichever patience reads it).
fn open(name: Option<&str>, source: &Source) -> Result<Box<dyn Game>, String> {
    let named = name.map(patience).transpose()?;
    match source {
        Source::Deal { deal, rules } => named
            .unwrap_or_else(registry::default)
            .new_game(rules, *deal),
        Source::Game(file) => {
            let text = std::fs::read_to_string(file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let found = match named {
                Some(p) => p.load(&text),
                None => registry::all()
                    .into_iter()
                    .find_map(|p| p.load(&text).ok())
                    .ok_or(())
                    .or_else(|()| registry::default().load(&text)),
            };
            found.map_err(|e| format!("{}: {e}", file.display()))
        }
    }
}

/// Runs a text command and returns what to print.
pub fn run_text(command: &Command) -> Result<String, String> {
    match command {
        Command::Show { patience, source } => Ok(open(patience.as_deref(), source)?.text()),
        Command::Play {
            patience,
            deal,
            rules,
            moves,
        } => {
            let source = Source::Deal {
                deal: *deal,
                rules: rules.clone(),
            };
            let mut game = open(Some(patience), &source)?;
            for (index, token) in moves.iter().enumerate() {
                game.play_written(token)
                    .map_err(|e| format!("move index {index} ({token:?}): {e}"))?;
            }
            Ok(game.text())
        }
        Command::Solve {
            patience,
            source,
            budget,
        } => open(patience.as_deref(), source)?.solve_text(*budget),
        Command::Winrate {
            patience: name,
            rules,
            first,
            last,
            jobs,
            csv,
            effort,
        } => {
            let jobs =
                jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            // The memory is shared by the jobs: never more asked of the machine than it has.
            let memory = effort.memory.or_else(crate::parallel::available_memory);
            let effort = Effort {
                memory: memory.map(|m| m / jobs),
                ..*effort
            };
            rates::run(
                patience(name)?,
                rules,
                (first.get(), last.get()),
                jobs,
                effort,
                csv.as_deref(),
            )
        }
        Command::Rate {
            patience: name,
            rules,
            first,
            last,
            many,
            jobs,
            csv,
        } => {
            let p = patience(name)?;
            if !many {
                return rate::one(p, rules, *first);
            }
            let jobs =
                jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            rate::many(p, rules, (first.get(), last.get()), jobs, csv.as_deref())
        }
        Command::Daily {
            patience: name,
            rules,
            date,
        } => {
            let (deal, level) = crate::patience::daily::daily(patience(name)?, rules, *date)?;
            Ok(format!("date: {date}\ndeal: {deal}\ndifficulty: {level}\n"))
        }
        Command::List => Ok(registry::all()
            .iter()
            .map(|p| {
                let sets: Vec<String> = p.rule_sets().into_iter().map(|s| s.name).collect();
                format!("{:<14} {:<16} {}\n", p.name(), p.title(), sets.join(", "))
            })
            .collect()),
        Command::Check { file } => {
            let taken: Vec<&str> = registry::all().iter().map(|p| p.name()).collect();
            let sound = crate::kinds::mine::check(file, &taken, &[])?;
            let c = crate::kinds::compile(sound).expect("checked");
            Ok(format!(
                "{}: sound: {} ({}), {} piles, {} cards\n",
                file.display(),
                c.file.title,
                c.file.name,
                c.piles.len(),
                c.cards
            ))
        }
        Command::Window { .. } => Err("the window is not a text command".into()),
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_rates;
