//! What the player's settings and files set, as types every step of the frame may read: low in
//! `game/`, so that the session (which applies the settings and writes the files) imports no
//! step above it. Their systems stay with their owners: `table/animation` moves at [`Speed`],
//! `draw/art` paints the [`DeckStyle`], `assistance/levels` fills [`Levels`].

use crate::game::theme::Palette;
use crate::patience::Suit;
use crate::patience::daily::Date;
use crate::patience::difficulty::Rating;
pub use crate::profile::{Back, Deck};
use bevy::prelude::*;
use bevy::tasks::Task;
use std::collections::HashMap;

/// Animation speed: 1 is normal, 0.5 twice as fast, 0 off.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Speed(pub f32);

impl Default for Speed {
    fn default() -> Self {
        Speed(1.0)
    }
}

/// The deck chosen: its faces, two or four colours (♣ green, ♦ blue), and its back.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DeckStyle {
    pub deck: Deck,
    pub four_colour: bool,
    pub back: Back,
}

impl DeckStyle {
    pub fn colour(&self, suit: Suit) -> Color {
        match (suit, self.four_colour) {
            (Suit::Clubs, true) => Palette::GREEN,
            (Suit::Diamonds, true) => Palette::BLUE,
            (Suit::Hearts | Suit::Diamonds, _) => Palette::RED,
            _ => Palette::BLACK,
        }
    }
}

/// A deal under a rule set: the statistics key (unique across patiences) and the number.
pub(crate) type LevelKey = (String, u128);

/// Every deal's level known this session, and the one being worked out (by
/// `assistance/levels`); the bar shows it, the history keeps it.
#[derive(Resource, Default)]
pub struct Levels {
    pub(crate) known: HashMap<LevelKey, Rating>,
    pub(crate) running: Option<(LevelKey, Task<Rating>)>,
}

impl Levels {
    /// The rating of the deal of this game, if known.
    pub fn of(&self, game: &dyn crate::patience::Game) -> Option<Rating> {
        self.known.get(&Levels::key(game)).copied()
    }

    /// The rating of a deal under a rule set (its statistics key), if known.
    pub fn get(&self, rules: &str, deal: u128) -> Option<Rating> {
        self.known.get(&(rules.to_string(), deal)).copied()
    }

    /// The key of this game's deal.
    pub(crate) fn key(game: &dyn crate::patience::Game) -> LevelKey {
        (game.statistics_key(), game.deal().get())
    }
}

/// The date whose daily deal the game in play is, if it is one (the settings remember each
/// patience's daily game: `assistance/daily` writes it).
pub fn daily_date(
    settings: &crate::profile::Settings,
    game: &dyn crate::patience::Game,
) -> Option<Date> {
    let d = settings.daily_games.get(game.patience().name())?;
    (d.rules == game.rule_set().name && d.deal == game.deal().to_string()).then_some(d.date)
}
