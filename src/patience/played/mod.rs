//! The game, written once for every patience: a deal under a rule set, the moves played (with
//! what undoing each needs), the moves undone (for redo), how the statistics counted it, and
//! the clock. Its record is a RON file (`record`); loading one replays every move through the
//! patience's rules.

use super::rules::Rules;
use crate::cards::DealNumber;
use serde::{Deserialize, Serialize};

mod record;

pub use record::{GameRecord, RecordError, RecordRules};

pub struct Played<R: Rules> {
    rule_set: R::RuleSet,
    params: R::Params,
    deal: DealNumber,
    start: R::Position,
    position: R::Position,
    moves: Vec<R::Move>,
    /// What playing each move changed that the move alone does not say, one per move.
    done: Vec<R::Done>,
    redo: Vec<R::Move>,
    /// Redo steps of several moves (from [`Played::undo_to`]): each is the redo line's length
    /// with the step on top, and how many moves the step holds. Not saved: after a restart of
    /// the program each move is redone on its own.
    redo_steps: Vec<(usize, usize)>,
    /// Moves were played for the player (Show me): a win then counts as solved with help.
    pub helped: bool,
    /// A move was played in this game since it was dealt (undo and restart do not take that
    /// back): leaving it unwon is a loss.
    pub played: bool,
    /// How the statistics have counted this game: once, ever (see [`Played::count_win`] and
    /// [`Played::count_leaving`]).
    pub counted: Option<Outcome>,
    /// When the game was first dealt, in seconds since the Unix epoch.
    pub started: u64,
    /// Play time so far, in milliseconds; the front end adds to it while the window is open
    /// (with [`Played::add_elapsed`], which cannot overflow: the value may come from a file).
    pub elapsed_ms: u64,
}

// By hand: a derive would ask the unit type `R` itself to be `Clone` and `Debug`.
impl<R: Rules> Clone for Played<R> {
    fn clone(&self) -> Self {
        Played {
            rule_set: self.rule_set.clone(),
            moves: self.moves.clone(),
            done: self.done.clone(),
            redo: self.redo.clone(),
            redo_steps: self.redo_steps.clone(),
            ..*self
        }
    }
}

impl<R: Rules> std::fmt::Debug for Played<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct(R::TITLE)
            .field("rule_set", &self.rule_set)
            .field("deal", &self.deal)
            .field("moves", &self.moves)
            .field("redo", &self.redo)
            .field("position", &self.position)
            .finish_non_exhaustive()
    }
}

impl<R: Rules> Played<R> {
    /// A new game. A rule set with a shipped set's rules is taken as that shipped set
    /// ([`Rules::canonical`]), so its record and statistics use the shipped name.
    pub fn new(rule_set: R::RuleSet, deal: DealNumber) -> Self {
        let rule_set = R::canonical(rule_set);
        let params = R::params(&rule_set);
        let start = R::deal(&params, deal);
        Played {
            rule_set,
            params,
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

    /// A game that starts from any position, for tests and tools (a solver's end game, say).
    /// Its record cannot be replayed from the deal, so it is not for saving.
    pub fn from_position(rule_set: R::RuleSet, deal: DealNumber, position: R::Position) -> Self {
        let mut game = Played::new(rule_set, deal);
        game.start = position;
        game.position = position;
        game
    }

    /// This game's position and rules without its history, to look ahead on (a hint's turns,
    /// the cards that would go home by themselves).
    pub fn ahead(&self) -> Self {
        Played {
            rule_set: self.rule_set.clone(),
            moves: Vec::new(),
            done: Vec::new(),
            redo: Vec::new(),
            redo_steps: Vec::new(),
            ..*self
        }
    }

    pub fn rule_set(&self) -> &R::RuleSet {
        &self.rule_set
    }

    /// The parameters the rules read.
    pub fn rules(&self) -> &R::Params {
        &self.params
    }

    pub fn deal(&self) -> DealNumber {
        self.deal
    }

    /// The key the statistics count this game under.
    pub fn statistics_key(&self) -> String {
        R::statistics_key(&self.rule_set)
    }

    /// The position the game started from (the deal, unless made with
    /// [`Played::from_position`]).
    pub fn start(&self) -> &R::Position {
        &self.start
    }

    pub fn position(&self) -> &R::Position {
        &self.position
    }

    /// The moves played, first first.
    pub fn moves(&self) -> &[R::Move] {
        &self.moves
    }

    /// What each move played changed beyond itself (a card turned up), first first.
    pub fn done(&self) -> &[R::Done] {
        &self.done
    }

    /// The moves undone and not replayed, the next to redo last.
    pub fn redo_moves(&self) -> &[R::Move] {
        &self.redo
    }

    /// Every position of the game so far, the start first and the current one last.
    pub fn history(&self) -> Vec<R::Position> {
        let mut p = self.start;
        let mut all = Vec::with_capacity(self.moves.len() + 1);
        all.push(p);
        for &m in &self.moves {
            // The moves were played from these very positions, so they replay.
            if R::apply(&self.params, &mut p, m).is_err() {
                break;
            }
            all.push(p);
        }
        all
    }

    pub fn status(&self) -> super::Status {
        R::status(&self.params, &self.position)
    }

    /// Plays a move if it is legal. A new move forgets what could have been redone; exactly
    /// the move that would be redone keeps the rest of the redo line.
    pub fn play(&mut self, m: R::Move) -> Result<(), R::Illegal> {
        let done = R::apply(&self.params, &mut self.position, m)?;
        self.moves.push(m);
        self.done.push(done);
        self.played = true;
        if self.redo.last() == Some(&m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.forget_redo_steps_above();
        Ok(())
    }

    /// Takes back the last move; returns it.
    pub fn undo(&mut self) -> Option<R::Move> {
        let m = self.moves.pop()?;
        // One `Done` per move, always; a missing one would be a bug, and undoing with the
        // default (nothing changed beyond the move) is the least harm.
        let done = self.done.pop().unwrap_or_default();
        R::undo(&self.params, &mut self.position, m, done);
        self.redo.push(m);
        Some(m)
    }

    /// Plays again the last move undone; returns it.
    pub fn redo(&mut self) -> Option<R::Move> {
        let m = *self.redo.last()?;
        // A redo line always replays legally: it was played from this very position.
        let done = R::apply(&self.params, &mut self.position, m).ok()?;
        self.redo.pop();
        self.moves.push(m);
        self.done.push(done);
        self.forget_redo_steps_above();
        Some(m)
    }

    fn forget_redo_steps_above(&mut self) {
        let left = self.redo.len();
        self.redo_steps.retain(|&(top, _)| top <= left);
    }

    /// Takes back moves until `len` remain, as one step: the next [`Played::redo_step`] plays
    /// them all again. Returns the moves undone, last played first.
    pub fn undo_to(&mut self, len: usize) -> Vec<R::Move> {
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

    /// Redoes one step: the moves one [`Played::undo_to`] took back, or else one move.
    /// Returns the moves replayed, first first.
    pub fn redo_step(&mut self) -> Vec<R::Move> {
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
    /// Show me played some of it), and never again, whatever undo, redo or a relaunch do.
    pub fn count_win(&mut self) -> Option<Outcome> {
        if self.counted.is_some() || !R::is_won(&self.params, &self.position) {
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
    /// same game: how it was counted stays (count the leaving first,
    /// [`Played::count_leaving`]).
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

/// How a game was counted in the statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    Won,
    /// Won with Show me's moves: neither a win nor a loss.
    Helped,
    /// Left unwon after a move.
    Lost,
}
