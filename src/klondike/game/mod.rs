//! A Klondike game in progress: a deal under a rule set, the moves played (with what undoing
//! each needs), and the moves undone (for redo). Its record is a RON file, as Zodiac's is;
//! loading one replays every move through the rules. A record carries a custom rule set whole,
//! so it replays without the file it came from.

use super::moves::Move;
use super::position::{Done, Position, Status};
use super::ruleset::{RuleSet, Rules};
use crate::cards::DealNumber;
use crate::zodiac::Outcome;
use std::sync::OnceLock;

mod record;

pub use record::{GameRecord, RecordRules};

#[derive(Clone, Debug)]
pub struct Game {
    rule_set: RuleSet,
    rules: Rules,
    deal: DealNumber,
    start: Position,
    position: Position,
    moves: Vec<Move>,
    /// What playing each move changed that the move alone does not say, one per move.
    done: Vec<Done>,
    redo: Vec<Move>,
    /// Redo steps of several moves (from [`Game::undo_to`]): each is the redo line's length
    /// with the step on top, and how many moves the step holds. Not saved: after a restart of
    /// the program each move is redone on its own.
    redo_steps: Vec<(usize, usize)>,
    /// Moves were played for the player (Show me): a win then counts as solved with help.
    pub helped: bool,
    /// A move was played in this game since it was dealt (undo and restart do not take that
    /// back): leaving it unwon is a loss.
    pub played: bool,
    /// How the statistics have counted this game: once, ever (see [`Game::count_win`] and
    /// [`Game::count_leaving`]).
    pub counted: Option<Outcome>,
    /// When the game was first dealt, in seconds since the Unix epoch.
    pub started: u64,
    /// Play time so far, in milliseconds.
    pub elapsed_ms: u64,
}

/// The shipped rule sets, parsed once.
fn shipped() -> &'static [RuleSet] {
    static SHIPPED: OnceLock<Vec<RuleSet>> = OnceLock::new();
    SHIPPED.get_or_init(RuleSet::all_builtin)
}

/// True for a shipped rule set exactly as it ships (a record writes it by name).
pub fn is_shipped(set: &RuleSet) -> bool {
    shipped().contains(set)
}

/// This set, or the shipped set with the same rules if there is one: a custom file that only
/// copies `unlimited`'s rules is `unlimited`, so statistics and saves agree on its name.
pub fn canonical(set: RuleSet) -> RuleSet {
    shipped()
        .iter()
        .find(|s| s.rules() == set.rules())
        .cloned()
        .unwrap_or(set)
}

/// The key the statistics count a rule set under. A shipped set's key is its name
/// (`single-pass`, `unlimited`, `draw-three`), and so is the key of any set with a shipped
/// set's rules. Any other set's key is made of its name and its rules,
/// `custom/<name>/t<turn>p<passes, or u for unlimited>`, with `+back` when cards may come back
/// from the foundations: for example `custom/mine/t3p2+back`. Two custom files with the same
/// name but different rules never share statistics; a custom key never equals a shipped name.
pub fn statistics_key(set: &RuleSet) -> String {
    let rules = set.rules();
    if let Some(s) = shipped().iter().find(|s| s.rules() == rules) {
        return s.name.clone();
    }
    let passes = rules.passes.map_or("u".to_string(), |n| n.to_string());
    let back = if rules.foundation_to_column {
        "+back"
    } else {
        ""
    };
    format!("custom/{}/t{}p{passes}{back}", set.name, rules.turn)
}

impl Game {
    /// A new game. A rule set with a shipped set's rules is taken as that shipped set
    /// ([`canonical`]), so its record and statistics use the shipped name.
    pub fn new(rule_set: RuleSet, deal: DealNumber) -> Game {
        let rule_set = canonical(rule_set);
        let rules = rule_set.rules();
        let start = Position::deal(deal, &rules);
        Game {
            rules,
            rule_set,
            deal,
            start,
            position: start,
            moves: Vec::new(),
            done: Vec::new(),
            redo: Vec::new(),
            redo_steps: Vec::new(),
            helped: false,
            played: false,
            counted: None,
            started: now_seconds(),
            elapsed_ms: 0,
        }
    }

    /// A game that starts from any position, for tests and tools. Its record cannot be
    /// replayed from the deal, so it is not for saving.
    pub fn from_position(rule_set: RuleSet, deal: DealNumber, position: Position) -> Game {
        let mut game = Game::new(rule_set, deal);
        game.start = position;
        game.position = position;
        game
    }

    pub fn rule_set(&self) -> &RuleSet {
        &self.rule_set
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn deal(&self) -> DealNumber {
        self.deal
    }

    /// The key the statistics count this game under (see [`statistics_key`]).
    pub fn statistics_key(&self) -> String {
        statistics_key(&self.rule_set)
    }

    /// The position the game started from (the deal, unless made with [`Game::from_position`]).
    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played, first first.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves undone and not replayed, the next to redo last.
    pub fn redo_moves(&self) -> &[Move] {
        &self.redo
    }

    /// Every position of the game so far, the start first and the current one last.
    pub fn history(&self) -> Vec<Position> {
        let mut p = self.start;
        let mut all = Vec::with_capacity(self.moves.len() + 1);
        all.push(p);
        for &m in &self.moves {
            // The moves were played from these very positions, so they replay.
            if p.apply(&self.rules, m).is_err() {
                break;
            }
            all.push(p);
        }
        all
    }

    pub fn status(&self) -> Status {
        self.position.status(&self.rules)
    }

    /// Plays a move if it is legal. A new move forgets what could have been redone; exactly
    /// the move that would be redone keeps the rest of the redo line.
    pub fn play(&mut self, m: Move) -> Result<(), super::Illegal> {
        let done = self.position.apply(&self.rules, m)?;
        self.moves.push(m);
        self.done.push(done);
        self.played = true;
        if self.redo.last() == Some(&m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        let left = self.redo.len();
        self.redo_steps.retain(|&(top, _)| top <= left);
        Ok(())
    }

    /// Takes back the last move; returns it.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        // One `Done` per move, always; a missing one would be a bug, and undoing with the
        // default (nothing flipped, nothing counted) is the least harm.
        let done = self.done.pop().unwrap_or_default();
        self.position.undo(m, done);
        self.redo.push(m);
        Some(m)
    }

    /// Plays again the last move undone; returns it.
    pub fn redo(&mut self) -> Option<Move> {
        let m = *self.redo.last()?;
        // A redo line always replays legally: it was played from this very position.
        let done = self.position.apply(&self.rules, m).ok()?;
        self.redo.pop();
        self.moves.push(m);
        self.done.push(done);
        let left = self.redo.len();
        self.redo_steps.retain(|&(top, _)| top <= left);
        Some(m)
    }

    /// Takes back moves until `len` remain, as one step: the next [`Game::redo_step`] plays
    /// them all again. Returns the moves undone, last played first.
    pub fn undo_to(&mut self, len: usize) -> Vec<Move> {
        let mut undone = Vec::new();
        while self.moves.len() > len {
            match self.undo() {
                Some(m) => undone.push(m),
                None => break,
            }
        }
        if undone.len() > 1 {
            self.redo_steps.push((self.redo.len(), undone.len()));
        }
        undone
    }

    /// Redoes one step: the moves one [`Game::undo_to`] took back, or else one move. Returns
    /// the moves replayed, first first.
    pub fn redo_step(&mut self) -> Vec<Move> {
        let count = match self.redo_steps.last() {
            Some(&(top, n)) if top == self.redo.len() => {
                self.redo_steps.pop();
                n
            }
            _ => 1,
        };
        (0..count).map_while(|_| self.redo()).collect()
    }

    /// Adds play time, stopping at `u64::MAX` milliseconds rather than overflowing.
    pub fn add_elapsed(&mut self, ms: u64) {
        self.elapsed_ms = self.elapsed_ms.saturating_add(ms);
    }

    /// The game is won and not yet counted: it is counted now (a win, or solved with help if
    /// Show me played some of it), and never again.
    pub fn count_win(&mut self) -> Option<Outcome> {
        if self.counted.is_some() || !self.position.is_won() {
            return None;
        }
        let outcome = if self.helped {
            Outcome::Helped
        } else {
            Outcome::Won
        };
        self.counted = Some(outcome);
        Some(outcome)
    }

    /// The player leaves this game: if a move was played and the game was never counted, it
    /// is counted now, as a loss.
    pub fn count_leaving(&mut self) -> Option<Outcome> {
        if self.counted.is_some() || !self.played {
            return None;
        }
        self.counted = Some(Outcome::Lost);
        Some(Outcome::Lost)
    }

    /// Back to the deal's first position; the clock and the history start again. How the
    /// game was counted stays.
    pub fn restart(&mut self) {
        self.position = self.start;
        self.moves.clear();
        self.done.clear();
        self.redo.clear();
        self.redo_steps.clear();
        self.helped = false;
        self.elapsed_ms = 0;
    }
}

fn now_seconds() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests;
