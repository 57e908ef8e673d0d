//! The command line: `zodiac` opens the window, `zodiac show` and `zodiac play` print positions,
//! `zodiac solve` and `zodiac winrate` ask the solver (read by clap, in `args`). A mistake is
//! clap's error or one line, never a panic.

mod args;
mod klondike;
mod rates;
mod zodiac;

pub use args::{command, parse};

use crate::cards::DealNumber;
use crate::zodiac::Move;
use std::path::PathBuf;
use zodiac::{deal_game, run_winrate, saved_game, solve_text};

/// The help's tail: examples, the notation of moves, what `show` prints, and the window's keys
/// (from the one key table).
pub fn after_help() -> String {
    format!(
        "{AFTER_HELP}\n\nKEYS in the window:\n{}",
        crate::keys::help_text(4)
    )
}

const AFTER_HELP: &str = "\
EXAMPLES:
    zodiac                                  open the window on the game played last
    zodiac --patience klondike --deal 610   open the window on Klondike deal 610
    zodiac show --deal 1                    Zodiac deal 1's opening, as text
    zodiac show --game FILE                 a saved game's position
    zodiac play --deal 1 d w>z5             play moves from a deal and print the position
    zodiac solve --patience klondike --deal 610 --rules unlimited
    zodiac winrate --rules cadogan --deals 1..1000 --csv out.csv

RULE SETS: Zodiac: cadogan (the default: 4 foundations up from Ace, 4 down from King) or
    wikipedia (all 8 up from Ace). Klondike: single-pass (the default), unlimited or
    draw-three. Or a rule-set .ron file of your own.

ZODIAC MOVES (the notation of docs/rules.md; letters in either case, no leading zeros):
    d        turn the top stock card onto the waste
    r        turn the waste over into the empty stock
    w>z5     waste card onto Zodiac pile z5       w>e2    waste card into Equator cell e2
    e2>z5    Equator card onto Zodiac pile z5     z5>f0   Zodiac top card onto foundation f0
    e2>f4    Equator card onto foundation f4

KLONDIKE MOVES: d turn (one card or three), r turn the waste over (if a pass is left),
    w>c3 w>f0 c3>f0 f0>c3, c6>c2 (the top card), c6:3>c2 (the top three cards).

OUTPUT of show and play: one line per place, cards bottom to top (rank then suit: TD, AS),
`--` for an empty Equator cell, the stock with the next card to turn first, then the phase
and the status (playing, won or stuck). solve: the verdict, then the winning moves, or why
it is lost, then the time taken. winrate --csv: deal,verdict,slack,micros per deal (Klondike:
deal,verdict,micros,positions).";

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
    ShowDeal { deal: DealNumber, rules: String },
    /// Print a saved game's position.
    ShowGame { file: PathBuf },
    /// Play moves from a deal and print the result.
    Play {
        deal: DealNumber,
        rules: String,
        moves: Vec<String>,
    },
    /// Decide a deal's opening.
    SolveDeal { deal: DealNumber, rules: String },
    /// Decide a saved game's position.
    SolveGame { file: PathBuf },
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
    KlondikeShow { deal: DealNumber, rules: String },
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
}

/// Runs a text command and returns what to print.
pub fn run_text(command: &Command) -> Result<String, String> {
    match command {
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
