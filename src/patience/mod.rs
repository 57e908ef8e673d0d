//! The one small interface between any patience and the front end. A patience (a folder of its
//! own: rules, layout, solver) implements [`Patience`] (what it is: its name, rule sets, layout,
//! how to deal and load) and [`Game`] (a game of it in progress); [`crate::registry`] lists
//! them (this folder names no patience). The front end speaks only these neutral words: places
//! by kind, moves between places, cards face up or down, a status, a verdict.

mod bridge;
pub mod columns;
#[cfg(test)]
pub mod contract;
pub mod daily;
pub mod difficulty;
pub mod hash;
pub mod layout;
pub mod played;
pub mod rule_sets;
pub mod rules;
pub mod score;
pub mod solver;
pub mod table;
#[cfg(test)]
pub mod verdict_files;
pub mod words;

pub use crate::cards::{Card, DealNumber, Suit};
pub use bridge::snapshot;
pub use layout::{Layout, Rect, Shape};
pub use played::{Outcome, Played};
pub use rules::{CommandLine, Decided, Effort, Rules};
use std::fmt;
use std::sync::Arc;
pub use table::Table;

/// A place on the table, by its kind and number. Each patience uses the kinds it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Place {
    Stock,
    Waste,
    Foundation(u8),
    /// A cell that holds one card.
    Cell(u8),
    /// A pile squared up, its depth shown as edges (the ring of a Zodiac table).
    Pile(u8),
    /// A column fanned downwards.
    Column(u8),
}

/// A move as the front end asks for it: cards from one place to another. `count` is how many
/// cards move (0: as the rules say, for turning the stock and turning the waste over).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Place,
    pub to: Place,
    pub count: u8,
}

impl Move {
    pub fn new(from: Place, to: Place, count: u8) -> Move {
        Move { from, to, count }
    }

    /// Turning the stock onto the waste (or the stock's click that deals elsewhere: no
    /// count); not a card played from an open stock (Sly Fox's) onto a pile.
    pub fn is_turn(&self) -> bool {
        self.from == Place::Stock && (self.count == 0 || self.to == Place::Waste)
    }

    /// Turning the waste over onto the stock.
    pub fn is_redeal(&self) -> bool {
        self.from == Place::Waste && self.to == Place::Stock
    }

    pub fn to_foundation(&self) -> bool {
        matches!(self.to, Place::Foundation(_))
    }
}

/// What the second click of a double-click on a place's top card does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SecondClick {
    /// What any click does: the card now on top goes to its best place.
    Again,
    /// Nothing more.
    Nothing,
    /// Instead of the first click's move (the last move, which took the card from this place):
    /// this move, from this place (FreeCell's double-click puts the card in a free cell).
    Instead(Move),
}

/// A card where it lies, face up or down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    pub card: Card,
    pub face_up: bool,
}

impl Slot {
    /// The slots of cards that lie all face up, or all face down.
    pub fn each(cards: impl IntoIterator<Item = Card>, face_up: bool) -> Vec<Slot> {
        cards
            .into_iter()
            .map(|card| Slot { card, face_up })
            .collect()
    }
}

/// The two ways between a patience's own places and the front end's ([`Place`]), written once:
/// each place of the patience without a number is the interface's of the same name, each
/// numbered one is a kind of the interface's, numbered alike, below a bound. Expands to
/// `to_neutral` and `from_neutral` in the patience's front end, e.g.
/// `neutral_places!(ZPlace { Stock, Waste; Equator(8) => Cell, Zodiac(24) => Pile })`.
macro_rules! neutral_places {
    ($own:ident { $($unit:ident),* ; $($kind:ident($bound:expr) => $neutral:ident),* }) => {
        /// A place in the front end's words.
        pub fn to_neutral(place: $own) -> $crate::patience::Place {
            match place {
                $($own::$unit => $crate::patience::Place::$unit,)*
                $($own::$kind(k) => $crate::patience::Place::$neutral(k),)*
            }
        }

        /// The place a neutral one stands for, if this patience has it.
        pub fn from_neutral(place: $crate::patience::Place) -> Option<$own> {
            match place {
                $($crate::patience::Place::$unit => Some($own::$unit),)*
                $($crate::patience::Place::$neutral(k) if k < $bound => Some($own::$kind(k)),)*
                _ => None,
            }
        }
    };
}

pub(crate) use neutral_places;

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    Playing,
    Won,
    /// No move is left that could change the game.
    Stuck,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Playing => "playing",
            Status::Won => "won",
            Status::Stuck => "stuck",
        })
    }
}

/// The solver's answer on a position, in the front end's moves or a patience's own (whose
/// solver may note something else of a win: Zodiac's, the Equator cells to spare).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict<M = Move, N = Option<String>> {
    /// A complete legal line from the position to a win, and what else the solver says of it
    /// ("3 Equator cells to spare"), if anything.
    Winnable { line: Vec<M>, note: N },
    /// No line wins from here; why, in a player's words.
    Lost { why: String },
    /// The solver does not know (a budget ran out, or the position is outside what it decides).
    Unknown { why: String },
}

impl<M, N> Verdict<M, N> {
    /// The same verdict with its line's moves made into others (a patience's into the front
    /// end's), and its note.
    pub fn map<M2, N2>(self, f: impl FnMut(M) -> M2, g: impl FnOnce(N) -> N2) -> Verdict<M2, N2> {
        match self {
            Verdict::Winnable { line, note } => Verdict::Winnable {
                line: line.into_iter().map(f).collect(),
                note: g(note),
            },
            Verdict::Lost { why } => Verdict::Lost { why },
            Verdict::Unknown { why } => Verdict::Unknown { why },
        }
    }

    pub fn word(&self) -> &'static str {
        match self {
            Verdict::Winnable { .. } => "winnable",
            Verdict::Lost { .. } => "lost",
            Verdict::Unknown { .. } => "unknown",
        }
    }

    pub fn is_winnable(&self) -> bool {
        matches!(self, Verdict::Winnable { .. })
    }
}

/// A rule set as the front end offers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleSetInfo {
    /// The name files and the command line use.
    pub name: String,
    pub title: String,
    pub description: String,
}

/// One position of a game under its rules, as the solver and the verdict cache take it: cheap
/// to clone and to send to another thread.
pub trait Snapshot: Send + Sync + fmt::Debug {
    /// Tells positions (with their rules) apart: equal positions give equal keys; different
    /// ones differ but with a chance of 2^-128.
    fn key(&self) -> u128;
    /// Decides the position (on any thread; a solver is kept per thread).
    fn solve(&self) -> Verdict;
}

/// What a patience is: one value of it per patience, listed in [`crate::registry`].
pub trait Patience: Send + Sync + 'static {
    /// The name the command line and files use (`zodiac`).
    fn name(&self) -> &'static str;
    /// The name players read (`Zodiac`).
    fn title(&self) -> &'static str;
    /// The shipped rule sets, the default first.
    fn rule_sets(&self) -> Vec<RuleSetInfo>;
    /// A rule set by shipped name or file path, checked.
    fn rule_set(&self, name: &str) -> Result<RuleSetInfo, String>;
    /// A new game: this deal under this rule set (a shipped name or a file).
    fn new_game(&self, rules: &str, deal: DealNumber) -> Result<Box<dyn Game>, String>;
    /// A saved game from its record's text.
    fn load(&self, text: &str) -> Result<Box<dyn Game>, String>;
    /// The deal's first position under these rules, for verdicts on deal numbers.
    fn deal_snapshot(&self, rules: &str, deal: DealNumber) -> Option<Arc<dyn Snapshot>>;
    /// The table for a window of this logical size.
    fn layout(&self, width: f32, height: f32, scale_factor: f32) -> Layout;
    /// The Rules panel's text.
    fn rules_text(&self) -> &'static str;
    /// What the patience is, in a line.
    fn summary(&self) -> &'static str;
    /// Its family in the chooser, as PySolFC's menu groups games (`Klondike type`).
    fn family(&self) -> &'static str;
    /// One move in this many, the simple player strays from the rules' hint.
    fn stray(&self) -> u64;
    /// The patience's saved-game file name in the data folder.
    fn save_file(&self) -> &'static str;
    /// The command line's help on this patience's notation.
    fn command_help(&self) -> &'static str;
    /// The columns `winrate --csv` writes after `deal,verdict`.
    fn winrate_columns(&self) -> &'static str;
    /// The positions a win-rate run searches each deal for before it is unknown, with this
    /// effort (its budget lowered to fit its memory); none for a solver that takes no budget.
    fn winrate_budget(&self, effort: Effort) -> Result<Option<usize>, String>;
    /// Decides deals `range.0..=range.1` under these rules on `jobs` threads, telling `row` of
    /// each in deal order (`zodiac winrate`).
    fn decide_range(
        &self,
        rules: &str,
        range: (u128, u128),
        jobs: usize,
        effort: Effort,
        row: &mut dyn FnMut(Decided),
    ) -> Result<(), String>;
}

/// A game in progress, of any patience: what the front end reads and asks.
pub trait Game: Send + Sync {
    fn patience(&self) -> &'static dyn Patience;
    /// The patience's own game, for its own tests and tools.
    fn as_any(&self) -> &dyn std::any::Any;

    // The deal and its rules.
    fn deal(&self) -> DealNumber;
    fn rule_set(&self) -> RuleSetInfo;
    /// The key the statistics count this game's rule set under.
    fn statistics_key(&self) -> String;
    /// The rules are the same as this rule set's (by name or file).
    fn same_rules(&self, rules: &str) -> bool;

    // The table.
    fn places(&self) -> Vec<Place>;
    fn cards(&self, place: Place) -> Vec<Slot>;
    fn status(&self) -> Status;
    /// A stage within the game, said in the HUD (Zodiac's phases), if the patience has them.
    fn stage(&self) -> Option<&'static str>;
    /// Why the game is stuck, in a player's words.
    fn stuck_reason(&self) -> String;
    /// What an empty foundation shows: its suit, the rank it starts from and which way it
    /// builds (`A`, `up`).
    fn foundation_caption(&self, f: u8) -> Option<(Suit, &'static str, &'static str)>;
    /// Words for a place, as toasts say it ("Zodiac pile z5").
    fn place_name(&self, place: Place) -> String;
    /// A move in the patience's notation (`w>z5`).
    fn notation(&self, m: Move) -> String;
    /// The position as `zodiac show` prints it.
    fn text(&self) -> String;
    /// What `zodiac solve` prints for the position (see `CommandLine::solve_text`).
    fn solve_text(&self, budget: Option<usize>) -> Result<String, String>;

    // Moves.
    /// Plays a move if the rules allow it; why not otherwise.
    fn play(&mut self, m: Move) -> Result<(), String>;
    /// Plays a move written in the patience's notation (`w>z5`), if the rules allow it.
    fn play_written(&mut self, token: &str) -> Result<(), String>;
    /// The move a click on this card sends: the card `depth` from the top of `place` (and the
    /// cards on it) to its best place.
    fn best_move(&self, place: Place, depth: usize) -> Option<Move>;
    /// The move that sends the top card of `place` to a foundation (a right-click).
    fn home_move(&self, place: Place) -> Option<Move>;
    /// What the second click of a double-click on the top card of `place` does.
    fn second_click(&self, place: Place) -> SecondClick;
    /// A click on the top card of `place` picks it up instead of moving it: the next click,
    /// on its partner, makes the move (cards that go out in pairs).
    fn click_picks(&self, place: Place) -> bool;
    /// How many cards a hand that takes the card `depth` from the top of `place` lifts, or why
    /// it cannot (`None`: nothing said, as for the stock).
    fn lift(&self, place: Place, depth: usize) -> Result<u8, Option<String>>;
    /// The places `count` cards from `from` may go now.
    fn destinations(&self, from: Place, count: u8) -> Vec<Place>;
    /// The move of `count` cards from `from` to `to` (legality aside), if the notation has one.
    fn between(&self, from: Place, to: Place, count: u8) -> Option<Move>;
    /// The card a move takes (when several move, the one the player took hold of: the
    /// bottom card of the run).
    fn moving_card(&self, m: Move) -> Option<Card>;
    /// The assistant: a turn of the stock when the waste is empty and the rules want one.
    fn turn_for_empty_waste(&self) -> Option<Move>;
    /// The assistant: the next move once the game finishes by itself.
    fn finishing_move(&self) -> Option<Move>;
    /// The rules' own hint, for positions the solver does not decide.
    fn rules_hint(&self) -> Option<Move>;
    /// A hint from the solver's line: the words and the places to light.
    fn hint_from_line(&self, line: &[Move]) -> (String, Vec<Place>);
    /// Right-click and double-click open the inspector on this place (else they send its card
    /// to a foundation).
    fn inspects(&self, place: Place) -> bool;
    /// The waste can be turned over now or later (the empty stock shows the mark).
    fn redeal_possible(&self) -> bool;
    /// The score under this scoring after `elapsed_ms` of play (Vegas: this game's takings so
    /// far), or None where the patience keeps no score (or `Scoring::Off`).
    fn score(&self, scoring: score::Scoring, elapsed_ms: u64) -> Option<i64>;

    // History.
    fn moves_played(&self) -> usize;
    /// Moves undone and not yet replaced by another: the saved redo line, so this outlives a
    /// relaunch.
    fn redo_waits(&self) -> bool;
    /// Takes back the last move.
    fn undo(&mut self) -> Option<Move>;
    /// Takes back moves until `len` remain, as one step.
    fn undo_to(&mut self, len: usize) -> Vec<Move>;
    /// Redoes one step.
    fn redo_step(&mut self) -> Vec<Move>;
    fn restart(&mut self);

    /// A new game of another deal under the same rules (a rule set of the player's own too).
    fn new_deal(&self, deal: DealNumber) -> Box<dyn Game>;

    // The solver's view.
    fn snapshot(&self) -> Arc<dyn Snapshot>;
    /// The first position of another deal under these rules.
    fn deal_snapshot(&self, deal: DealNumber) -> Arc<dyn Snapshot>;
    fn start_snapshot(&self) -> Arc<dyn Snapshot>;
    /// Every position so far, the start first.
    fn history(&self) -> Vec<Arc<dyn Snapshot>>;

    // Records and counting.
    fn helped(&self) -> bool;
    fn set_helped(&mut self);
    fn elapsed_ms(&self) -> u64;
    fn set_elapsed_ms(&mut self, ms: u64);
    /// The statistics have counted this game (won, lost or helped).
    fn counted(&self) -> bool;
    /// Counts a win not yet counted, once ever.
    fn count_win(&mut self) -> Option<Outcome>;
    /// Counts leaving a played, uncounted game as a loss, once ever.
    fn count_leaving(&mut self) -> Option<Outcome>;
    /// The record, as saved (RON), its play time read as `elapsed_ms` (the front end's clock
    /// runs on between moves).
    fn record_at(&self, elapsed_ms: u64) -> String;
    /// The record, as saved (RON).
    fn record(&self) -> String {
        self.record_at(self.elapsed_ms())
    }
}

impl fmt::Debug for dyn Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} deal {}", self.patience().title(), self.deal())
    }
}

/// A 128-bit key from anything hashable, for [`Snapshot::key`].
pub fn key_of(value: &impl std::hash::Hash) -> u128 {
    use std::hash::{BuildHasher, Hasher};
    let half = |seed: u64| {
        let mut h =
            std::hash::BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default()
                .build_hasher();
        h.write_u64(seed);
        value.hash(&mut h);
        h.finish()
    };
    (u128::from(half(0x5eed_0001)) << 64) | u128::from(half(0x5eed_0002))
}
