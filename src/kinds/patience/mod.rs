//! Every patience written as a file behind [`crate::patience`]'s interface: one `Rules` for
//! them all ([`Kinds`]), whose rule set is the file itself, and one [`FilePatience`] a file, the
//! patience the front end and the command line see. A file's places are the interface's own
//! (its groups' kinds say which); moves are the interface's moves, the stock's click a move
//! from the stock to the waste with no count (as Klondike's), turning the waste over a move
//! from the waste to the stock.

use super::compiled::Compiled;
use super::file::PatienceFile;
use super::{Done, Illegal, Position, Step, deal, layout, moves, text};
use crate::cards::DealNumber;
use crate::patience::{self, Layout, Place, RuleSetInfo, Status};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Mutex, OnceLock};

mod best_first;
mod distance;
mod game;
mod order;
pub mod prune;
mod solver;
#[cfg(test)]
mod solver_delicate;
#[cfg(test)]
mod solver_positions;
#[cfg(test)]
mod solver_tests;
#[cfg(test)]
mod tactics_tests;

pub use game::FilePatience;
pub use solver::Search;

/// The engine of every patience written as a file, as a patience's `Rules`.
pub struct Kinds;

pub static KINDS: Kinds = Kinds;

/// A game of a patience written as a file.
pub type Game = patience::Played<Kinds>;

/// The rules of a file: the file compiled, kept for the life of the program.
#[derive(Clone, Copy)]
pub struct Params(pub &'static Compiled);

impl PartialEq for Params {
    fn eq(&self, other: &Params) -> bool {
        std::ptr::eq(self.0, other.0) || self.0.file == other.0.file
    }
}

impl Hash for Params {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.file.name.hash(state);
    }
}

impl fmt::Debug for Params {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.file.name)
    }
}

/// A move in the interface's words, written in the notation (`d`, `r`, `c3>f0`, `c6:3>c2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move(pub patience::Move);

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.0;
        if m.count == 0 {
            return f.write_str(if m.from == Place::Stock { "d" } else { "r" });
        }
        crate::cards::notation::write_token(f, text::token(m.from))?;
        if m.count > 1 {
            write!(f, ":{}", m.count)?;
        }
        f.write_str(">")?;
        crate::cards::notation::write_token(f, text::token(m.to))
    }
}

impl Move {
    pub fn parse(token: &str) -> Result<Move, String> {
        let bad = || format!("{token:?} is not a move (d, r, c3>f0, c6:3>c2)");
        match token {
            "d" | "D" => return Ok(Move(patience::Move::new(Place::Stock, Place::Waste, 0))),
            "r" | "R" => return Ok(Move(patience::Move::new(Place::Waste, Place::Stock, 0))),
            _ => {}
        }
        let (from, to) = token.split_once('>').ok_or_else(bad)?;
        let (from, count) = match from.split_once(':') {
            Some((from, n)) => {
                // A count is written only for two cards or more, without leading zeros.
                let canonical = !n.starts_with('0') && n.bytes().all(|b| b.is_ascii_digit());
                let n: u8 = n.parse().map_err(|_| bad())?;
                if !canonical || n < 2 {
                    return Err(bad());
                }
                (from, n)
            }
            None => (from, 1),
        };
        if count == 0 {
            return Err(bad());
        }
        let from = text::place_of(from).ok_or_else(bad)?;
        let to = text::place_of(to).ok_or_else(bad)?;
        Ok(Move(patience::Move::new(from, to, count)))
    }
}

/// The engine's move for an interface move, if the file has its places.
pub fn to_step(rules: &Compiled, m: patience::Move) -> Option<Step> {
    if m.count == 0 {
        return match (m.from, m.to) {
            (Place::Stock, _) => Some(Step {
                from: rules.stock?,
                to: rules.waste.or(rules.stock)?,
                count: 0,
            }),
            (Place::Waste, Place::Stock) => Some(Step {
                from: rules.waste?,
                to: rules.stock?,
                count: 0,
            }),
            _ => None,
        };
    }
    Some(Step {
        from: rules.pile_at(m.from)?,
        to: rules.pile_at(m.to)?,
        count: m.count,
    })
}

/// The interface's move for an engine's move.
pub fn from_step(rules: &Compiled, s: Step) -> Move {
    let place = |p: u8| rules.piles[usize::from(p)].place;
    Move(if s.count == 0 && Some(s.from) == rules.stock {
        patience::Move::new(Place::Stock, Place::Waste, 0)
    } else {
        patience::Move::new(place(s.from), place(s.to), s.count)
    })
}

/// Every file compiled so far, shipped or not: a file is compiled once and kept.
fn known() -> &'static Mutex<Vec<&'static Compiled>> {
    static KNOWN: OnceLock<Mutex<Vec<&'static Compiled>>> = OnceLock::new();
    KNOWN.get_or_init(|| Mutex::new(super::shipped().to_vec()))
}

/// The patiences written as files: the shipped ones, then those a player added.
pub fn patiences() -> Vec<&'static dyn crate::patience::Patience> {
    let known = known().lock().unwrap_or_else(|e| e.into_inner()).clone();
    let mut names: Vec<&str> = Vec::new();
    let mut all: Vec<&'static dyn crate::patience::Patience> = Vec::new();
    // The newest file of a name stands for it.
    for &c in known.iter().rev() {
        // A second rule set is its patience's, not a patience of its own.
        if !names.contains(&c.file.name.as_str()) && added(c) && c.file.rule_set.is_none() {
            names.push(&c.file.name);
            all.push(FilePatience::of(c));
        }
    }
    all.reverse();
    all
}

/// A file that is a patience of the game: shipped, or added by a player (not one only read,
/// as a record's or a proof's).
fn added(c: &'static Compiled) -> bool {
    let added = ADDED.lock().unwrap_or_else(|e| e.into_inner());
    super::shipped().iter().any(|s| std::ptr::eq(*s, c))
        || added.iter().any(|a| std::ptr::eq(*a, c))
}

static ADDED: Mutex<Vec<&'static Compiled>> = Mutex::new(Vec::new());

/// The compiled file for a file's text, compiled once.
pub fn compiled(file: &PatienceFile) -> Result<&'static Compiled, String> {
    let mut known = known().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&c) = known.iter().find(|c| c.file == *file) {
        return Ok(c);
    }
    let c: &'static Compiled = Box::leak(Box::new(super::compile(file.clone())?));
    known.push(c);
    Ok(c)
}

/// A file a player added (`patiences/` in the data folder): a patience of the game from now
/// on, known by its name.
pub fn add(file: &PatienceFile) -> Result<&'static Compiled, String> {
    let c = compiled(file)?;
    ADDED.lock().unwrap_or_else(|e| e.into_inner()).push(c);
    Ok(c)
}

fn by_name(name: &str) -> Option<&'static Compiled> {
    let other = {
        let known = known().lock().unwrap_or_else(|e| e.into_inner());
        // The newest file of a name is the one in use.
        if let Some(&c) = known
            .iter()
            .rev()
            .find(|c| c.file.rule_set_name().eq_ignore_ascii_case(name))
        {
            return Some(c);
        }
        // Another rule set of a patience, by its own name (compiled once, on first use).
        known
            .iter()
            .rev()
            .filter(|c| c.file.rule_set.is_none())
            .flat_map(|c| c.file.other_rule_sets().unwrap_or_default())
            .find(|f| f.rule_set_name().eq_ignore_ascii_case(name))?
    };
    compiled(&other).ok()
}

/// A patience's rule sets, the first (the file itself) first.
pub fn rule_sets_of(first: &'static Compiled) -> Vec<&'static Compiled> {
    let mut sets = vec![first];
    let others = first.file.other_rule_sets().unwrap_or_default();
    sets.extend(others.iter().filter_map(|f| compiled(f).ok()));
    sets
}

/// The first rule set of the patience a file is a rule set of (itself, for a first).
pub fn first_rule_set(rules: &'static Compiled) -> &'static Compiled {
    if rules.file.rule_set.is_none() {
        return rules;
    }
    let known = known().lock().unwrap_or_else(|e| e.into_inner());
    known
        .iter()
        .rev()
        .find(|c| c.file.rule_set.is_none() && c.file.name == rules.file.name)
        .copied()
        .unwrap_or(rules)
}

impl patience::Rules for Kinds {
    type RuleSet = PatienceFile;
    type Params = Params;
    type Position = Position;
    type Move = Move;
    type Done = Done;
    type Illegal = Illegal;

    const NAME: &'static str = "patience-file";
    const TITLE: &'static str = "Patience";
    const RULES_TEXT: &'static str = "";
    const SUMMARY: &'static str = "";
    const SAVE_FILE: &'static str = "patience-file-game.ron";
    const FORMAT: &'static str = "patience-game";
    const VERSION: u32 = 1;
    const DEAL_FLAGS: &'static [&'static str] = &["face_down", "reverse", "first_deck"];

    fn this() -> &'static Self {
        &KINDS
    }

    /// Every patience file known: each is a rule set of this engine, and a patience of its own
    /// to players ([`FilePatience`]).
    fn shipped() -> Vec<PatienceFile> {
        super::shipped().iter().map(|c| c.file.clone()).collect()
    }

    fn by_name_or_path(name: &str) -> Result<PatienceFile, String> {
        if let Some(c) = by_name(name) {
            return Ok(c.file.clone());
        }
        if name.ends_with(".ron") || std::path::Path::new(name).exists() {
            let text = std::fs::read_to_string(name)
                .map_err(|e| format!("cannot read patience file {name}: {e}"))?;
            return super::parse(name, &text).map(|c| c.file);
        }
        Err(format!("no patience is called {name:?}"))
    }

    fn builtin(name: &str) -> Result<PatienceFile, String> {
        by_name(name)
            .map(|c| c.file.clone())
            .ok_or_else(|| format!("no patience is called {name:?}"))
    }

    fn validate(set: &PatienceFile) -> Result<(), String> {
        compiled(set).map(|_| ())
    }

    fn canonical(set: PatienceFile) -> PatienceFile {
        set
    }

    /// Only a file shipped with the game is written by name in a record: a player's own is
    /// written whole, so the game reloads even once the file has changed or gone.
    fn is_shipped(set: &PatienceFile) -> bool {
        super::shipped().iter().any(|c| c.file == *set)
    }

    fn params(set: &PatienceFile) -> Params {
        Params(compiled(set).unwrap_or_else(|e| panic!("a patience file was checked: {e}")))
    }

    fn info(set: &PatienceFile) -> RuleSetInfo {
        RuleSetInfo {
            name: set.rule_set_name().to_string(),
            title: set
                .rule_set
                .as_ref()
                .map_or(&set.title, |r| &r.title)
                .clone(),
            description: set.summary.clone(),
        }
    }

    fn statistics_key(set: &PatienceFile) -> String {
        set.rule_set_name().to_string()
    }

    fn deal(params: &Params, deal: DealNumber) -> Position {
        deal::deal(params.0, deal)
    }

    fn apply(params: &Params, position: &mut Position, m: Move) -> Result<Done, Illegal> {
        // A position of another file.
        if position.piles() != params.0.piles.len() {
            return Err(Illegal::NoSuchPlace);
        }
        let step = to_step(params.0, m.0).ok_or(Illegal::NoSuchPlace)?;
        moves::check(params.0, position, step)?;
        Ok(moves::play(params.0, position, step))
    }

    fn undo(params: &Params, position: &mut Position, m: Move, done: Done) {
        if let Some(step) = to_step(params.0, m.0) {
            moves::undo(params.0, position, step, done);
        }
    }

    fn is_won(params: &Params, position: &Position) -> bool {
        moves::is_won(params.0, position)
    }

    fn status(params: &Params, position: &Position) -> Status {
        if moves::is_won(params.0, position) {
            Status::Won
        } else if moves::is_stuck(params.0, position) {
            Status::Stuck
        } else {
            Status::Playing
        }
    }

    fn legal_moves(params: &Params, position: &Position) -> Vec<Move> {
        let mut steps = Vec::new();
        moves::legal(params.0, position, &mut steps);
        steps.into_iter().map(|s| from_step(params.0, s)).collect()
    }

    fn parse_move(token: &str) -> Result<Move, String> {
        Move::parse(token)
    }

    fn to_neutral(m: Move) -> patience::Move {
        m.0
    }

    /// The stock's click and turning the waste over are the only moves with no count, and
    /// they have one way of being written each.
    fn from_neutral(m: patience::Move) -> Option<Move> {
        let written = match (m.from, m.to, m.count) {
            (Place::Stock, Place::Waste, 0) | (Place::Waste, Place::Stock, 0) => true,
            // An open stock's top card (`Click::Open`).
            (Place::Stock, to, 1) => to != Place::Stock,
            (_, _, 0) | (Place::Stock, _, _) => false,
            (from, to, _) => from != to,
        };
        written.then_some(Move(m))
    }

    fn layout(params: &Params, width: f32, height: f32, scale_factor: f32) -> Layout {
        layout::layout(params.0, width, height, scale_factor)
    }
}
