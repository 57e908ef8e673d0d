//! The values a group's fields take: its kind, how it builds and moves, what fills it when
//! empty, how the stock deals and goes round again, and the steps of a deal.

use super::*;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    Stock,
    Waste,
    #[default]
    Foundation,
    /// One card at most, shown alone: a free cell, or a reserve that only gives.
    Cell,
    Tableau,
    /// A sink: it takes cards (any card, by default) and never gives one back; a card there is
    /// home, as on a foundation.
    Discard,
}

impl Kind {
    /// A card on a pile of this kind is home: the game is won when every card is.
    pub fn is_home(self) -> bool {
        matches!(self, Kind::Foundation | Kind::Discard)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Shown {
    Column,
    Squared,
    /// Side by side to the right, as many as the pile holds (a pile of a few cards).
    Row,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Build {
    /// Nothing is built on the pile's cards.
    Nothing,
    SameSuit,
    AlternateColour,
    SameColour,
    AnySuit,
    AnySuitButOwn,
    /// Any card on any card (a discard's pile; a pile that takes whatever it is given).
    Any,
    /// Osmosis's foundations: a card of the suit of the pile's first card, whose rank the pile
    /// before in the group holds; an empty pile takes the rank of that pile's first card, in
    /// any suit, once it has one. The group's first pile takes any card, then its suit.
    RanksOfPrevious,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Dir {
    Down,
    Up,
    /// Up or down (PySolFC's UD piles: a run that moves goes one way).
    Either,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Moves {
    /// Nothing leaves the pile (a foundation whose cards stay home).
    Nothing,
    /// Its top card.
    One,
    /// Any run of its top cards built by its rule.
    Run,
    /// A run as large as empty cells and empty tableau piles allow (FreeCell's).
    SuperMove,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Takes {
    /// Nothing is put on it (a reserve that only gives).
    Nothing,
    One,
    /// A run built by its rule.
    Run,
    /// Only a whole run at once, King to Ace, built by its rule (a Spider foundation).
    WholeRun,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Empty {
    Any,
    /// An empty pile stays empty.
    Nothing,
    /// Only a card of this rank (1 Ace .. 13 King).
    Rank(u8),
    /// The rank of the card dealt first (Four Seasons' foundations).
    FirstCard,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StockDeal {
    /// Turns this many cards to the waste.
    ToWaste(u8),
    /// A card to each pile of the group, empty ones too, in order (the last deal may be short).
    ToEach(String),
    /// `each` cards to each pile of the group in turn, the group gone round `times` times, as
    /// long as the stock has cards (St. Helena's redeal: 1 each, 12 times round; Tournament's
    /// click: 4 each, once round).
    Around { group: String, each: u8, times: u8 },
    /// Its top card onto the newest pile of the group (the last with cards), or, a card of
    /// rank `starts`, onto the first empty one, starting it (Salic Law's Kings).
    ToNewest { group: String, starts: u8 },
    /// Nothing: the stock only holds the cards left after the deal (no stock is shown).
    Nothing,
    /// Nothing on a click; its top card lies face up and plays, as a waste's (Sly Fox's open
    /// talon).
    Open,
    /// The group's piles are a grid `columns` wide, filled as PySolFC's Parallels fills it: a
    /// new row below when every column is as long and the first row is whole; else each
    /// column's empty places above its top card, one a time round the columns, then its first
    /// empty places below, down to the longest column's depth.
    Grid { group: String, columns: u8 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Rounds {
    /// Gone through this many times in all (1: no turning over).
    Times(u8),
    WithoutEnd,
}

/// A stock's redeal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Redeal {
    /// The waste's cards back to the stock face down, the first turned on top again.
    TurnWaste,
    /// The group's piles gathered into the stock, each card by card from its top (so each
    /// pile turned over), the piles last first when `last_first`; then the stock turned over
    /// when `turn_over`; then the stock's click deals at once (PySolFC's `_redeal` and St.
    /// Helena's talon). The group's cards must lie face up.
    ///
    /// With `shuffle`, the click redeals whenever a round is left, the stock full or not: the
    /// piles' cards go onto the stock's own, which is then shuffled with PySolFC's random
    /// numbers carried on from the deal (its `shuffleStackMove`: Intelligence's talon).
    Gather {
        group: String,
        #[serde(default)]
        last_first: bool,
        #[serde(default)]
        turn_over: bool,
        #[serde(default)]
        shuffle: bool,
    },
}

/// PySolFC's deal: the shuffle's hooks, then the steps, then the rest to the stock.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    /// Cards moved to the top of the shuffled pack (dealt first) or to its bottom (dealt
    /// last) before dealing, in order.
    #[serde(default)]
    pub hooks: Vec<Hook>,
    pub steps: Vec<Step>,
}

/// PySolFC's `_shuffleHookMoveToTop` and `_shuffleHookMoveToBottom`: the cards chosen go on
/// top, the smallest key dealt first (among equal keys, the card that lay nearer the top), or
/// to the bottom, the smallest key nearest the rest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hook {
    /// The cards chosen: `"KH"`, `"K"` (every King), `"H"` (every heart).
    pub cards: Vec<String>,
    /// Only the first pack's copies.
    #[serde(default)]
    pub first_deck: bool,
    /// Only this many of the cards chosen, those nearest the bottom of the pack.
    #[serde(default)]
    pub count: Option<u8>,
    pub key: Key,
    #[serde(default)]
    pub to: End,
}

/// Where a hook puts its cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum End {
    #[default]
    Top,
    Bottom,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Key {
    Suit,
    Rank,
    RankThenSuit,
    SuitThenRank,
    /// Kings first, then down to Aces; by suit within a rank.
    RankDownThenSuit,
    /// All alike: the order they lay in.
    None,
}

/// One step of the deal, as PySolFC's `startGame` calls them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Step {
    /// A card to each pile of the group in order (`dealRow`): piles `first..last` (the whole
    /// group when left out), face down or up, right to left when `reverse`.
    Row {
        group: String,
        #[serde(default)]
        first: Option<u8>,
        #[serde(default)]
        last: Option<u8>,
        #[serde(default)]
        face_down: bool,
        #[serde(default)]
        reverse: bool,
    },
    /// The next card to the foundation of its suit; foundations whose empty takes the first
    /// card's rank take this card's (Four Seasons).
    BaseCard,
    /// The stock's click, as a player's (`dealCards`).
    Turn,
    /// `cards` cards to each pile of the group in turn, all of a pile's before the next's
    /// (PySolFC dealing a row to one pile at a time).
    Piles {
        group: String,
        cards: u8,
        #[serde(default)]
        face_down: bool,
    },
}
