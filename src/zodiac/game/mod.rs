//! A game in progress: a deal under a rule set, the moves played, and the moves undone (for redo).
//! Its record is a RON file; loading one replays every move through the rules. A record carries a
//! custom rule set whole, so it replays without the file it came from.

use super::moves::Move;
use super::position::{Illegal, Position, Status};
use super::ruleset::{RuleSet, Rules};
use crate::cards::DealNumber;
use serde::{Deserialize, Serialize};

mod record;

pub use record::{GameRecord, RecordError, RecordRules};

#[derive(Clone, Debug)]
pub struct Game {
    rule_set: RuleSet,
    rules: Rules,
    deal: DealNumber,
    start: Position,
    position: Position,
    moves: Vec<Move>,
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
    /// Play time so far, in milliseconds; the game front end adds to it while the window is open
    /// (with [`Game::add_elapsed`], which cannot overflow: the value may come from a file).
    pub elapsed_ms: u64,
}

impl Game {
    /// A new game. A rule set with a shipped set's rules is taken as that shipped set
    /// ([`RuleSet::canonical`]), so its record and statistics use the shipped name.
    pub fn new(rule_set: RuleSet, deal: DealNumber) -> Game {
        let rule_set = rule_set.canonical();
        let start = Position::deal(deal);
        Game {
            rules: rule_set.rules(),
            rule_set,
            deal,
            start,
            position: start,
            moves: Vec::new(),
            redo: Vec::new(),
            redo_steps: Vec::new(),
            helped: false,
            played: false,
            counted: None,
            started: now_seconds(),
            elapsed_ms: 0,
        }
    }

    /// A game that starts from any position, for tests and tools (a solver's end game, say).
    /// Its record cannot be replayed from the deal, so it is not for saving.
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

    /// The position the game started from (the deal, unless made with [`Game::from_position`]).
    pub fn start(&self) -> &Position {
        &self.start
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

    pub fn status(&self) -> Status {
        self.position.status(&self.rules)
    }

    /// Plays a move if it is legal. A new move forgets what could have been redone.
    pub fn play(&mut self, m: Move) -> Result<(), Illegal> {
        self.position.apply(&self.rules, m)?;
        self.moves.push(m);
        self.played = true;
        if self.redo.last() == Some(&m) {
            // Playing exactly the move that would be redone keeps the rest of the redo line.
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        let left = self.redo.len();
        self.redo_steps.retain(|&(top, _)| top <= left);
        Ok(())
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

    /// Takes back the last move; returns it.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.position.undo(&self.rules, m);
        self.redo.push(m);
        Some(m)
    }

    /// Plays again the last move undone; returns it.
    pub fn redo(&mut self) -> Option<Move> {
        let m = *self.redo.last()?;
        // A redo line always replays legally: it was played from this very position.
        self.position.apply(&self.rules, m).ok()?;
        self.redo.pop();
        self.moves.push(m);
        let left = self.redo.len();
        self.redo_steps.retain(|&(top, _)| top <= left);
        Some(m)
    }

    /// Adds play time, stopping at `u64::MAX` milliseconds rather than overflowing.
    pub fn add_elapsed(&mut self, ms: u64) {
        self.elapsed_ms = self.elapsed_ms.saturating_add(ms);
    }

    /// The game is won and not yet counted: it is counted now (a win, or solved with help if
    /// Show me played some of it), and never again, whatever undo, redo or a relaunch do.
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

    /// The player leaves this game (a new game, another deal or rule set, or a restart): if a
    /// move was played and the game was never counted, it is counted now, as a loss.
    pub fn count_leaving(&mut self) -> Option<Outcome> {
        if self.counted.is_some() || !self.played {
            return None;
        }
        self.counted = Some(Outcome::Lost);
        Some(Outcome::Lost)
    }

    /// Back to the deal's first position; the clock and the history start again. It is the
    /// same game: how it was counted stays (count the leaving first, [`Game::count_leaving`]).
    pub fn restart(&mut self) {
        self.position = self.start;
        self.moves.clear();
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

/// How a game was counted in the statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    Won,
    /// Won with Show me's moves: neither a win nor a loss.
    Helped,
    /// Left unwon after a move.
    Lost,
}
