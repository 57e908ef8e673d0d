//! The command line: `zodiac` opens the window, `zodiac show` and `zodiac play` print positions,
//! `zodiac solve` and `zodiac winrate` ask the solver. Every mistake is a one-line error, never
//! a panic.

mod klondike;
mod parse;
mod zodiac;

pub use parse::parse;

use crate::cards::DealNumber;
use crate::zodiac::Move;
use std::path::PathBuf;
use zodiac::{deal_game, run_winrate, saved_game, solve_text};

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
    zodiac solve --patience klondike --deal N [--rules NAME] [--budget N]
    zodiac solve --patience klondike --game FILE [--budget N]
    zodiac winrate --patience klondike --deals A..B [--rules NAME] [--jobs N] [--csv FILE]
            [--budget N]
        The same for Klondike (PySolFC's deal numbers), under the rule set single-pass
        (the default), unlimited or draw-three, or a rule-set .ron file; --csv writes
        deal,verdict,micros,positions per deal as each is decided (in about deal order);
        --budget: positions searched per deal before it says unknown (default 4000000).
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
    --budget N      Klondike: positions searched before unknown
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
        csv: Option<PathBuf>,
        /// Positions searched per deal before "unknown" (default: the solver's budget).
        budget: Option<usize>,
    },
    /// Decide a Klondike deal's opening (`game: None`), or where a saved game stands.
    KlondikeSolve {
        deal: DealNumber,
        rules: String,
        game: Option<PathBuf>,
        budget: Option<usize>,
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
mod tests;
