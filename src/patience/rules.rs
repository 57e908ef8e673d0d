//! What each patience implements, and nothing more: its rule sets, positions and moves (deal,
//! apply, undo, notation), its solver, its layout ([`Rules`]), what the command line prints of
//! it ([`CommandLine`]), and how its table reads to the front end ([`super::Table`], in
//! `table.rs`, over the game in play). The game itself (history, undo and redo, counting, the
//! record, the clock) is written once over these, in [`super::played`]; the interface the front
//! end speaks to (`Patience`, `Game`) is implemented once for every patience, in
//! [`super::bridge`].

use super::{Layout, RuleSetInfo, Status, Verdict};
use crate::cards::DealNumber;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt;
use std::hash::Hash;

/// A patience's rules: one unit type per patience implements it.
pub trait Rules: Sized + Send + Sync + 'static {
    /// A rule set as its file says it (name, title, description, parameters).
    type RuleSet: Clone + PartialEq + fmt::Debug + Serialize + DeserializeOwned + Send + Sync;
    /// The parameters the rules read, made from a rule set.
    type Params: Copy + PartialEq + Hash + fmt::Debug + Send + Sync;
    /// A position: cheap to copy.
    type Position: Copy + PartialEq + Hash + fmt::Debug + Send + Sync;
    type Move: Copy + Eq + fmt::Debug + fmt::Display + Send + Sync;
    /// What playing a move changed that the move alone does not say (a card turned up), for
    /// undoing it.
    type Done: Copy + Default + fmt::Debug + Send + Sync;
    type Illegal: fmt::Display;

    /// The name the command line and files use (`zodiac`).
    const NAME: &'static str;
    /// The name players read (`Zodiac`).
    const TITLE: &'static str;
    /// The Rules panel's text.
    const RULES_TEXT: &'static str;
    /// What the patience is, in a line (the New chooser).
    const SUMMARY: &'static str;
    /// Its family in the chooser, as PySolFC's menu groups games.
    const FAMILY: &'static str = "Other games";
    /// One move in this many, the simple player that rates a deal strays from the rules' hint
    /// to any click's move (`patience::difficulty`, `docs/difficulty.md`).
    const STRAY: u64 = 4;
    /// The saved game's file name in the data folder.
    const SAVE_FILE: &'static str;
    /// A record's `format`, telling this patience's records from any other RON file.
    const FORMAT: &'static str;
    /// The newest record version this game reads and writes.
    const VERSION: u32;
    /// Records older than this say nothing of counting: a won game was counted when it was won.
    const COUNTED_SINCE: u32 = 1;
    /// Yes/no settings of a rule set that say how the cards are dealt, not how they play: the
    /// contract switches every other one.
    const DEAL_FLAGS: &'static [&'static str] = &[];

    /// The one value of this patience, for the interface.
    fn this() -> &'static Self;

    // Rule sets.
    /// The shipped rule sets, the default first.
    fn shipped() -> Vec<Self::RuleSet>;
    /// A rule set by shipped name (any case) or file path, checked.
    fn by_name_or_path(name: &str) -> Result<Self::RuleSet, String>;
    /// A shipped rule set by name only (a record's).
    fn builtin(name: &str) -> Result<Self::RuleSet, String>;
    /// Checks a rule set written whole in a record.
    fn validate(set: &Self::RuleSet) -> Result<(), String>;
    /// The set, or the shipped set with the same rules if there is one, so that statistics
    /// and saves agree on its name.
    fn canonical(set: Self::RuleSet) -> Self::RuleSet;
    /// True for a shipped set exactly as it ships (a record writes it by name).
    fn is_shipped(set: &Self::RuleSet) -> bool;
    fn params(set: &Self::RuleSet) -> Self::Params;
    fn info(set: &Self::RuleSet) -> RuleSetInfo;
    /// The key the statistics count a game under this rule set with; unique across
    /// patiences.
    fn statistics_key(set: &Self::RuleSet) -> String;
    /// The record version a record needs: with a rule set written whole (`inline`), and
    /// saying how the game was played and counted (`counting`).
    fn record_version(inline: bool, counting: bool) -> u32 {
        let _ = (inline, counting);
        Self::VERSION
    }

    // Play.
    fn deal(params: &Self::Params, deal: DealNumber) -> Self::Position;
    fn apply(
        params: &Self::Params,
        position: &mut Self::Position,
        m: Self::Move,
    ) -> Result<Self::Done, Self::Illegal>;
    /// Takes back a move just played from here, with what playing it changed.
    fn undo(params: &Self::Params, position: &mut Self::Position, m: Self::Move, done: Self::Done);
    fn is_won(params: &Self::Params, position: &Self::Position) -> bool;
    fn status(params: &Self::Params, position: &Self::Position) -> Status;
    /// Every move the rules allow from here (`apply` takes exactly these).
    fn legal_moves(params: &Self::Params, position: &Self::Position) -> Vec<Self::Move>;
    /// A move in the notation of docs/rules.md.
    fn parse_move(token: &str) -> Result<Self::Move, String>;
    fn to_neutral(m: Self::Move) -> super::Move;
    fn from_neutral(m: super::Move) -> Option<Self::Move>;
    /// Whether a refusal is of the cards a move takes, wherever they would go (a card the
    /// rules keep home, cards that are no run): a hand does not lift them, and says why.
    fn keeps_in_place(illegal: &Self::Illegal) -> bool {
        let _ = illegal;
        false
    }

    /// The table for a window of this logical size.
    fn layout(params: &Self::Params, width: f32, height: f32, scale_factor: f32) -> Layout;
}

/// One deal decided by a win-rate run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decided {
    pub deal: u128,
    /// `winnable`, `lost` or `unknown`.
    pub word: &'static str,
    /// The patience's own columns of the CSV line, as its `WINRATE_COLUMNS` names them.
    pub columns: String,
}

/// How a win-rate run searches each deal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effort {
    /// Positions to search before "unknown", where the solver has a budget.
    pub budget: Option<usize>,
    /// Every deal is known winnable under the patience's loosest rule set (the verdict runs
    /// read it from that rule set's verdicts), so the solver does not search it there again:
    /// that search could only prove the deal lost.
    pub looser_won: bool,
    /// Bytes the solver of each thread may take, where its memory grows with the positions it
    /// searches: the position budget is lowered to fit (`patience::solver::budget_within`).
    pub memory: Option<usize>,
}

/// A patience on the command line (`zodiac show`, `solve`, `winrate`): each patience's
/// `command_line.rs`. What `solve` prints and `winrate`'s deals are written once over the
/// patience's solver ([`super::solver`]).
pub trait CommandLine: Rules {
    /// The patience's solver.
    type Solver: super::solver::Solver<Rules = Self>;
    /// The help's words on this patience's notation (docs/rules.md) and what its `show` adds.
    const COMMAND_HELP: &'static str;
    /// A position as `zodiac show` prints it (docs/rules.md): a line a place, then the status.
    fn to_text(params: &Self::Params, position: &Self::Position) -> String;
    /// Decides a position, with the budget the table allows (on any thread).
    fn solve(params: &Self::Params, position: &Self::Position) -> Verdict {
        super::solver::solve_at_table::<Self::Solver>(params, position)
    }
    /// What `zodiac solve` prints: the verdict's word, the moves or why, what else the solver
    /// says, the time. `budget`: positions to search before "unknown", where the solver has one.
    fn solve_text(
        params: &Self::Params,
        position: &Self::Position,
        budget: Option<usize>,
    ) -> Result<String, String> {
        super::solver::solve_text::<Self::Solver>(params, position, budget)
    }
    /// The columns `winrate --csv` writes after `deal,verdict` (`slack,micros`).
    const WINRATE_COLUMNS: &'static str = <Self::Solver as super::solver::Solver>::COLUMNS;
    /// Decides deals `range.0..=range.1` on `jobs` threads, telling `row` of each in deal order.
    fn decide_range(
        params: &Self::Params,
        range: (u128, u128),
        jobs: usize,
        effort: Effort,
        row: &mut dyn FnMut(Decided),
    ) -> Result<(), String> {
        super::solver::decide_range::<Self::Solver>(params, range, jobs, effort, row)
    }
}
