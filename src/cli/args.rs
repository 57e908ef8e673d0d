//! Reading the command line with clap (derive): the commands `show`, `play`, `solve`,
//! `winrate`, `rate` and `daily`, the window with none, `--patience` on each with its values from the registry, and
//! clap's own errors, `--help` and `--version`. What clap reads becomes a `Command`.

use super::Command;
use crate::cards::DealNumber;
use crate::patience::Effort;
use crate::patience::daily::Date;
use crate::registry;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use std::path::PathBuf;

/// What the program is, for `--help`: the patiences come from the registry.
fn about() -> String {
    let names: Vec<&str> = registry::all().iter().map(|p| p.title()).collect();
    format!(
        "Patience games with an exact solver that knows whether a game can still be won: {}.",
        names.join(", ")
    )
}

#[derive(Parser, Debug)]
#[command(name = "zodiac", version, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Sub>,
    #[command(flatten)]
    window: Window,
}

/// With no command: open the game window.
#[derive(Args, Debug)]
struct Window {
    /// The patience (default: the one played last): one of `zodiac list`, or one of your own
    /// in the data folder's patiences/
    #[arg(long, value_name = "NAME", value_parser = clap::builder::NonEmptyStringValueParser::new())]
    patience: Option<String>,
    /// Play this PySolFC deal (1 to 10^20); otherwise resume the saved game, or deal a random
    /// one
    #[arg(long, value_name = "N", value_parser = deal_number)]
    deal: Option<DealNumber>,
    /// The rule set: a shipped name or a rule-set .ron file
    #[arg(long, value_name = "NAME")]
    rules: Option<String>,
    /// Where saves, statistics and settings live (also ZODIAC_DATA_DIR); by default the
    /// system's data folder for Zodiac
    #[arg(long, value_name = "DIR")]
    data_dir: Option<PathBuf>,
}

/// `--patience`: a name the registry lists, or a patience file.
#[derive(Args, Debug)]
struct Which {
    /// The patience (default: zodiac): a name `zodiac list` prints, or a patience file (.ron,
    /// docs/new-patience.md)
    #[arg(long, value_name = "NAME|FILE", value_parser = patience_name)]
    patience: Option<String>,
}

/// A registry name (in any case), or a path to a `.ron` file, kept as it is.
fn patience_name(s: &str) -> Result<String, String> {
    if s.ends_with(".ron") {
        return Ok(s.to_string());
    }
    let names: Vec<&str> = registry::all().into_iter().map(|p| p.name()).collect();
    names
        .iter()
        .find(|n| n.eq_ignore_ascii_case(s))
        .map(|n| n.to_string())
        .ok_or_else(|| {
            format!(
                "no patience is called so: {}; or a patience file (.ron)",
                names.join(", ")
            )
        })
}

/// A deal under a rule set, or a saved game.
#[derive(Args, Debug)]
#[group(required = true, multiple = false)]
struct Source {
    /// A PySolFC deal number, 1 to 100000000000000000000
    #[arg(long, value_name = "N", value_parser = deal_number)]
    deal: Option<DealNumber>,
    /// A saved game record (.ron); its rule set comes with it
    #[arg(long, value_name = "FILE", conflicts_with = "rules")]
    game: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum Sub {
    /// Print a position as text: a deal's opening, or a saved game's position
    Show {
        #[command(flatten)]
        patience: Which,
        #[command(flatten)]
        source: Source,
        /// The rule set: a shipped name (default: the patience's first) or a .ron file
        #[arg(long, value_name = "NAME")]
        rules: Option<String>,
    },
    /// Play moves from a deal and print the position they reach
    Play {
        #[command(flatten)]
        patience: Which,
        /// A PySolFC deal number, 1 to 100000000000000000000
        #[arg(long, value_name = "N", value_parser = deal_number, required = true)]
        deal: Option<DealNumber>,
        /// The rule set: a shipped name (default: the patience's first) or a .ron file
        #[arg(long, value_name = "NAME")]
        rules: Option<String>,
        /// Moves in the patience's notation (docs/rules.md): d, r, w>z5, c6:3>c2, …
        #[arg(value_name = "MOVE")]
        moves: Vec<String>,
    },
    /// Decide whether a position can still be won: winnable (with the moves), lost (with
    /// why) or unknown
    Solve {
        #[command(flatten)]
        patience: Which,
        #[command(flatten)]
        source: Source,
        /// The rule set: a shipped name (default: the patience's first) or a .ron file
        #[arg(long, value_name = "NAME")]
        rules: Option<String>,
        /// Positions searched before the answer is unknown, for a solver with a budget
        /// (Klondike's: 4000000 first, then up to N where that is not enough; default
        /// 32000000. FreeCell's: default 4000000)
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
        budget: Option<u64>,
    },
    /// Decide every deal from A to B and count the wins, with a 95% Wilson interval
    Winrate {
        #[command(flatten)]
        patience: Which,
        /// Deal numbers A..B, both ends included
        #[arg(long, value_name = "A..B", value_parser = deal_range, required = true)]
        deals: Option<(DealNumber, DealNumber)>,
        /// The rule set: a shipped name (default: the patience's first) or a .ron file
        #[arg(long, value_name = "NAME")]
        rules: Option<String>,
        /// Threads to decide on (default: every core)
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
        jobs: Option<u16>,
        /// Write one line per deal to FILE as each is decided
        #[arg(long, value_name = "FILE")]
        csv: Option<PathBuf>,
        /// Positions searched per deal before it is unknown, for a solver with a budget
        /// (Klondike's: 4000000 first, then up to N where that is not enough; default
        /// 32000000. FreeCell's: default 4000000)
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
        budget: Option<u64>,
        /// Every deal is known winnable under the loosest rule set (Klondike: one card at a
        /// time with passes without end), so the solver does not search it there again
        /// (scripts/verdicts, from that rule set's verdicts)
        #[arg(long)]
        looser_won: bool,
        /// Memory the run may take, in MiB, shared by its jobs: each deal's budget is lowered
        /// to what a search fits in its share (default: the memory available now)
        #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..))]
        memory: Option<u64>,
    },
    /// How hard a deal is: `difficulty: easy|medium|hard|expert` for a winnable deal, `lost`
    /// or `unknown` otherwise (docs/difficulty.md); or every deal of a range, a CSV line each
    Rate {
        #[command(flatten)]
        patience: Which,
        #[command(flatten)]
        deals: OneOrMany,
        /// The rule set: a shipped name (default: the patience's first) or a .ron file
        #[arg(long, value_name = "NAME")]
        rules: Option<String>,
        /// Threads to rate a range on (default: every core)
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
        jobs: Option<u16>,
        /// Write one line per deal to FILE (deal, rating, the simple player's wins and score,
        /// the same in a second round of games for checking, the time in µs) and the figures
        #[arg(long, value_name = "FILE")]
        csv: Option<PathBuf>,
    },
    /// The daily deal: the same deal for every player on a date, winnable, easy early in the
    /// week and hard at the weekend (docs/difficulty.md): prints `deal: N` and `difficulty: …`
    Daily {
        #[command(flatten)]
        patience: Which,
        /// The rule set: a shipped name (default: the patience's first) or a .ron file
        #[arg(long, value_name = "NAME")]
        rules: Option<String>,
        /// The day (default: today, the local date)
        #[arg(long, value_name = "YYYY-MM-DD", value_parser = Date::parse)]
        date: Option<Date>,
    },
    /// Every patience, with its rule sets
    List,
    /// Whether a patience file of your own is sound, and if not, why (docs/new-patience.md)
    Check {
        /// The patience file (.ron)
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
}

/// One deal, or a range of them.
#[derive(Args, Debug)]
#[group(required = true, multiple = false)]
struct OneOrMany {
    /// A PySolFC deal number, 1 to 100000000000000000000
    #[arg(long, value_name = "N", value_parser = deal_number)]
    deal: Option<DealNumber>,
    /// Deal numbers A..B, both ends included
    #[arg(long, value_name = "A..B", value_parser = deal_range)]
    deals: Option<(DealNumber, DealNumber)>,
}

fn deal_number(text: &str) -> Result<DealNumber, String> {
    DealNumber::parse(text).map_err(|e| e.to_string())
}

/// `A..B`, both deal numbers, A at most B.
fn deal_range(text: &str) -> Result<(DealNumber, DealNumber), String> {
    let (a, b) = text
        .split_once("..")
        .ok_or_else(|| format!("a range A..B, not {text:?}"))?;
    let (a, b) = (deal_number(a)?, deal_number(b)?);
    if a > b {
        return Err(format!("the range {text} is empty (A must not exceed B)"));
    }
    Ok((a, b))
}

/// The command line as clap shows it: the help's tail holds the notation and the window's
/// keys, from the one key table.
pub fn command() -> clap::Command {
    Cli::command()
        .version(crate::VERSION)
        .about(about())
        .after_help(super::after_help())
}

/// Reads the arguments (the program's name first, as `std::env::args` gives them). `--help`
/// and `--version` come back as clap's errors of their kind, which print them.
pub fn parse<I, T>(args: I) -> Result<Command, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let matches = command().try_get_matches_from(args)?;
    let cli = Cli::from_arg_matches(&matches)?;
    into_command(cli)
}

/// The rule set named, or the patience's first.
fn rules_or_default(patience: &str, rules: Option<String>) -> String {
    rules.unwrap_or_else(|| {
        super::patience(patience)
            .ok()
            .and_then(|p| p.rule_sets().into_iter().next())
            .map(|set| set.name)
            .unwrap_or_default()
    })
}

fn into_command(cli: Cli) -> Result<Command, clap::Error> {
    let Some(sub) = cli.command else {
        let Window {
            patience,
            deal,
            rules,
            data_dir,
        } = cli.window;
        return Ok(Command::Window {
            patience: patience.map(|p| p.to_ascii_lowercase()),
            deal,
            rules,
            data_dir,
        });
    };
    let named = |which: Which| which.patience;
    let name = |which: Which| named(which).unwrap_or_else(|| registry::default().name().into());
    // A deal's rule set, or a saved game's (which carries its own).
    let source = |patience: Option<&str>, source: Source, rules: Option<String>| match source {
        Source {
            deal: Some(deal), ..
        } => crate::cli::Source::Deal {
            deal,
            rules: rules_or_default(patience.unwrap_or(registry::default().name()), rules),
        },
        Source {
            game: Some(file), ..
        } => crate::cli::Source::Game(file),
        Source { .. } => unreachable!("clap asks for --deal or --game"),
    };
    let budget = |b: Option<u64>| b.map(|b| usize::try_from(b).unwrap_or(usize::MAX));
    Ok(match sub {
        Sub::Show {
            patience,
            source: from,
            rules,
        } => {
            let patience = named(patience);
            let source = source(patience.as_deref(), from, rules);
            Command::Show { patience, source }
        }
        Sub::Play {
            patience,
            deal,
            rules,
            moves,
        } => {
            let patience = name(patience);
            let rules = rules_or_default(&patience, rules);
            let deal = deal.expect("clap asks for --deal");
            Command::Play {
                patience,
                deal,
                rules,
                moves,
            }
        }
        Sub::Solve {
            patience,
            source: from,
            rules,
            budget: b,
        } => {
            let patience = named(patience);
            let source = source(patience.as_deref(), from, rules);
            Command::Solve {
                patience,
                source,
                budget: budget(b),
            }
        }
        Sub::Winrate {
            patience,
            deals,
            rules,
            jobs,
            csv,
            budget: b,
            looser_won,
            memory,
        } => {
            let patience = name(patience);
            let rules = rules_or_default(&patience, rules);
            let (first, last) = deals.expect("clap asks for --deals");
            Command::Winrate {
                patience,
                rules,
                first,
                last,
                jobs: jobs.map(usize::from),
                csv,
                effort: Effort {
                    budget: budget(b),
                    looser_won,
                    memory: memory.map(|m| usize::try_from(m << 20).unwrap_or(usize::MAX)),
                },
            }
        }
        Sub::Rate {
            patience,
            deals,
            rules,
            jobs,
            csv,
        } => {
            let patience = name(patience);
            let rules = rules_or_default(&patience, rules);
            let (first, last) = match deals {
                OneOrMany {
                    deal: Some(deal), ..
                } => (deal, deal),
                OneOrMany {
                    deals: Some(range), ..
                } => range,
                OneOrMany { .. } => unreachable!("clap asks for --deal or --deals"),
            };
            Command::Rate {
                patience,
                rules,
                first,
                last,
                many: first != last || csv.is_some(),
                jobs: jobs.map(usize::from),
                csv,
            }
        }
        Sub::List => Command::List,
        Sub::Check { file } => Command::Check { file },
        Sub::Daily {
            patience,
            rules,
            date,
        } => {
            let patience = name(patience);
            let rules = rules_or_default(&patience, rules);
            Command::Daily {
                patience,
                rules,
                date: date.unwrap_or_else(Date::today),
            }
        }
    })
}
