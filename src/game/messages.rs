//! Every message that crosses plugins, in one place, and the one set of system sets that orders
//! a frame: input → session → mirror → animate → advise → present.
//!
//! Play flows one way: input, the HUD and the assistant write [`Request`]s; only the session
//! changes the game, and says what happened with [`GameChanged`], [`Refused`] and [`Finished`];
//! everything else mirrors that.

pub use crate::patience::Outcome;
use crate::patience::{Card, DealNumber, Move, Place};
use bevy::prelude::*;
use std::fmt;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Request>()
        .add_message::<GameChanged>()
        .add_message::<Refused>()
        .add_message::<Finished>()
        .add_message::<Lifted>()
        .add_message::<PutBack>()
        .add_message::<AskHint>()
        .add_message::<AskShowMe>()
        .add_message::<CannotWin>()
        .add_message::<Inspect>()
        .add_message::<Toast>()
        .add_message::<ExportHistory>()
        .add_message::<ResetVegas>()
        .add_message::<Announce>()
        .add_message::<Considering>()
        .init_state::<Overlay>()
        .init_resource::<TextEntry>()
        .configure_sets(
            Update,
            (
                Step::Input,
                Step::Session,
                Step::Mirror,
                Step::Animate,
                Step::Advise,
                Step::Present,
            )
                .chain(),
        );
}

/// An open panel takes typed text (the New chooser's search): Space is a character there, not
/// a press of the focused button.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextEntry(pub bool);

/// The order of a frame's work in `Update`. Picking's observers run earlier, in `PreUpdate`.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    /// Keys, drags that lost their release, Show me (after the press that stops it): they
    /// write requests, which the session plays in the same frame.
    Input,
    /// Requests become moves (the only writer of the game).
    Session,
    /// The card entities follow the game.
    Mirror,
    /// Glides, flips, shakes.
    Animate,
    /// The hint and the assistant look at the game as this frame left it: they write
    /// [`CannotWin`] and toasts for `Present`, and the assistant's requests for the next frame.
    Advise,
    /// The HUD, overlays, the lost notice, highlights, sound and files show (or keep) what
    /// happened.
    Present,
}

/// What the player, or the assistant, asks of the game. Read by the session only.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum Request {
    Play(Move),
    /// A move of the assistant's (a turn when the waste is empty, a finishing move): played
    /// like any other, but it is not the player's (it is not judged, and waits after an undo).
    Auto(Move),
    /// A move of Show me's: played like any other, and the game then counts as solved with help.
    Shown(Move),
    /// Send the card this deep from the top of this place (with the cards on it) to its best
    /// place (a click, Enter twice, D): the session resolves it against the game as it is
    /// when the request is read, so several clicks in one frame each act on the table the one
    /// before left.
    Best(Place, usize),
    /// Send the top card of this place to a foundation (a right-click, where the patience has
    /// no inspector).
    Home(Place),
    /// The second click of a double-click on the top card of this place: what it does is the
    /// patience's (`Game::second_click`), against the game as the first click left it.
    Second(Place),
    Undo,
    /// Redo one step: one move, or all the moves one `UndoTo` took back.
    Redo,
    /// Undo until this many moves are left, as one step (Undo to the last winnable position).
    UndoTo(usize),
    /// Deal the same number again from the start.
    Restart,
    /// A fresh game: this deal number (or a random one), this rule set (or the current one).
    NewGame {
        deal: Option<DealNumber>,
        rules: Option<String>,
    },
    /// Play another patience, by name: its game resumes where it was left, or a new one is
    /// dealt; the game left waits, uncounted, to be resumed.
    Switch(String),
    /// A fresh game of this patience (by name): of the patience in play, as `NewGame`; of
    /// another, the game in play waits, uncounted, as for `Switch`, and that patience's own
    /// game waiting, if any, is left (counted as `NewGame` would).
    NewOf {
        patience: String,
        deal: Option<DealNumber>,
        rules: Option<String>,
    },
}

/// What happened to the game, for the views to mirror.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum GameChanged {
    /// The player's move (Show me's too).
    Played(Move),
    /// The assistant's move.
    Auto(Move),
    Undone(Move),
    Redone(Move),
    /// A whole new table: a new game, a restart or a loaded game.
    Dealt,
    /// Undo or redo with nothing to take back or replay.
    Nothing,
}

/// Something the player tried was refused: a move (written by the session) or lifting a card
/// the rules keep in place (written by input). The card at `place` shakes; the toast says why.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct Refused {
    pub place: Place,
    pub why: Refusal,
}

/// Why, in the rules' words.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// The rules' words.
    Illegal(String),
    /// A click on a card that no place takes now.
    NowhereToGo(Card),
    /// No move goes from the picked card's place to this one (named).
    NotThere(String),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Illegal(why) => write!(f, "{why}"),
            Refusal::NowhereToGo(card) => write!(f, "no place takes {} now", card.name()),
            Refusal::NotThere(place) => write!(f, "nothing moves from there to {place}"),
        }
    }
}

/// A game ended: won, won by Show me, or abandoned for another game before it was won (a
/// loss). Written by the session, counted by persistence.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct Finished {
    /// The patience's name.
    pub patience: &'static str,
    /// The rule set's statistics key.
    pub rules: String,
    pub deal: u128,
    pub outcome: Outcome,
    /// The solver calls the deal winnable (for the win rate of winnable deals).
    pub deal_winnable: bool,
    pub elapsed_ms: u64,
    pub moves: u32,
    /// The standard score and the Vegas takings, where the patience keeps scores.
    pub standard: Option<i64>,
    pub vegas: Option<i64>,
    /// It was this day's daily deal.
    pub daily: Option<crate::patience::daily::Date>,
}

/// A card was lifted into the hand (for the sound).
#[derive(Message, Clone, Copy, Debug)]
pub struct Lifted;

/// A dragged card was let go where nothing takes it, or the drag was interrupted: it goes home.
#[derive(Message, Clone, Copy, Debug)]
pub struct PutBack(pub Entity);

/// Show a hint.
#[derive(Message, Clone, Copy, Debug)]
pub struct AskHint;

/// Start Show me, or stop it (S, the Show me button).
#[derive(Message, Clone, Copy, Debug)]
pub struct AskShowMe;

/// The game can no longer be won, in the solver's words: said after the move that lost it
/// (with an offer to undo that move), or when a hint or Show me is asked in a lost position
/// (with an offer to undo to the last winnable position).
#[derive(Message, Clone, Debug, PartialEq)]
pub struct CannotWin {
    pub why: String,
    /// The move just played lost the game.
    pub after_move: bool,
}

/// Open the inspector on a pile.
#[derive(Message, Clone, Copy, Debug)]
pub struct Inspect(pub Place);

/// Write the history of finished games as CSV (the statistics panel's Export).
#[derive(Message, Clone, Copy, Debug)]
pub struct ExportHistory;

/// Set the Vegas balance of the rule set in play back to nothing.
#[derive(Message, Clone, Debug)]
pub struct ResetVegas(pub String);

/// The New chooser shows this patience under this rule set: with winnable deals only, its next
/// deal is searched ahead while the player chooses (`session::deals`), so Deal finds it ready.
/// Other patiences are not searched ahead unasked: a player may never open most of them.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct Considering {
    pub patience: String,
    pub rules: String,
}

/// A short line for the player at the bottom of the table (it fades by itself).
#[derive(Message, Clone, Debug, PartialEq)]
pub struct Toast(pub String);

/// Words for a screen reader to speak (`access` says them through a live region): the same
/// words the screen shows, or, for moves, what the eye sees happen.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct Announce {
    pub words: String,
    pub kind: Spoken,
}

/// What an announcement is about: moves can be switched off in Settings; notices cannot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spoken {
    /// A move, an undo or a redo.
    Move,
    /// A new deal, a hint, a refusal, the lost notice, "no moves left", the win.
    Notice,
}

impl Announce {
    pub fn notice(words: impl Into<String>) -> Announce {
        Announce {
            words: words.into(),
            kind: Spoken::Notice,
        }
    }

    pub fn a_move(words: impl Into<String>) -> Announce {
        Announce {
            words: words.into(),
            kind: Spoken::Move,
        }
    }
}

/// Which overlay covers the table, if any.
#[derive(States, Default, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Overlay {
    #[default]
    None,
    Inspector,
    Rules,
    Settings,
    Statistics,
    ChooseDeal,
    Stuck,
    /// The New chooser.
    NewGame,
    /// The daily deals' calendar.
    Calendar,
}

impl Overlay {
    /// This overlay, or none if it is the one open (the HUD's buttons open and close).
    pub fn toggled(self, current: Overlay) -> Overlay {
        if current == self { Overlay::None } else { self }
    }
}
