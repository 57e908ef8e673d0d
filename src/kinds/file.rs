//! A patience written as a file (RON): its piles by kind, each kind's parameters, its deal and
//! its table. What a field left out means is the kind's default (`compiled.rs`), as PySolFC's
//! stack classes give their caps defaults; docs/new-patience.md describes every field.

use crate::cards::{Card, Suit};
use serde::{Deserialize, Serialize};

mod values;
pub use values::*;

/// A patience file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PatienceFile {
    /// The name the command line and files use: lower case, words joined by `-`.
    pub name: String,
    /// The name players read.
    pub title: String,
    /// Set in a rule set made from `rule_sets` (never written by hand): its name and title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule_set: Option<RuleSetName>,
    /// The patience's other rule sets, each this file with some groups' parameters changed
    /// (St. Helena's spaces filled or not): the first rule set is the file itself.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rule_sets: Vec<OtherRules>,
    /// PySolFC's number for the game, whose deals this file's deal numbers reproduce.
    #[serde(default)]
    pub pysol_id: Option<u32>,
    /// The menu's family (`Klondike type`, `FreeCell type`, `Fan type`, `Other`).
    #[serde(default)]
    pub family: Option<String>,
    /// A line on what the patience is (the chooser).
    pub summary: String,
    /// The Rules panel's text.
    pub rules: String,
    /// Packs of 52 cards.
    #[serde(default)]
    pub decks: Option<u8>,
    /// The ranks of each suit in a pack, from the Ace (11: Ace to Jack); all thirteen when
    /// left out.
    #[serde(default)]
    pub ranks: Option<u8>,
    /// The piles, group by group, in PySolFC's order of the game's stacks.
    pub groups: Vec<Group>,
    /// How the cards are dealt.
    pub deal: Deal,
    /// The table, as rows of groups.
    pub layout: Vec<Row>,
    /// The rules no parameter says, by name (`kinds::named`): pairs, a line that closes up.
    #[serde(default)]
    pub named: Vec<Named>,
    /// Positions the table's solver may search before it says "unknown" (default 20,000):
    /// more where positions are cheap and hard deals need more (Accordion: docs/performance.md).
    /// The same on every machine, so a deal's level and the daily deal stand on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table_budget: Option<u32>,
}

/// A second rule set's name (`zodiac --rules`, files, statistics) and title (Settings).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSetName {
    pub name: String,
    pub title: String,
}

/// Another rule set of a patience: the file with these changes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OtherRules {
    pub name: String,
    pub title: String,
    /// Its line in Settings, where it differs (the Rules panel's text is the patience's: it
    /// says what each rule set changes).
    #[serde(default)]
    pub summary: Option<String>,
    /// Groups' parameters changed: the group by name, and each parameter given.
    pub groups: Vec<GroupChange>,
}

/// Parameters of a group another rule set changes (its piles and table stay).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupChange {
    pub group: String,
    #[serde(default)]
    pub build: Option<Build>,
    #[serde(default)]
    pub dir: Option<Dir>,
    #[serde(default)]
    pub moves: Option<Moves>,
    #[serde(default)]
    pub takes: Option<Takes>,
    #[serde(default)]
    pub empty: Option<Empty>,
    #[serde(default)]
    pub max_cards: Option<u8>,
}

impl PatienceFile {
    /// The name of the rule set this file is: its `rule_set`'s, else the patience's own.
    pub fn rule_set_name(&self) -> &str {
        self.rule_set.as_ref().map_or(&self.name, |r| &r.name)
    }

    /// The other rule sets, each a file of its own (the same name, its `rule_set` set); an
    /// error names a group no group is called.
    pub fn other_rule_sets(&self) -> Result<Vec<PatienceFile>, String> {
        self.rule_sets
            .iter()
            .enumerate()
            .map(|(k, other)| {
                let mut file = self.clone();
                file.rule_sets.clear();
                file.rule_set = Some(RuleSetName {
                    name: other.name.clone(),
                    title: other.title.clone(),
                });
                file.summary = other.summary.clone().unwrap_or(file.summary);
                for change in &other.groups {
                    let g = file
                        .groups
                        .iter_mut()
                        .find(|g| g.name == change.group)
                        .ok_or_else(|| {
                            format!("rule_sets[{k}]: no group is called {:?}", change.group)
                        })?;
                    g.build = change.build.or(g.build);
                    g.dir = change.dir.or(g.dir);
                    g.moves = change.moves.or(g.moves);
                    g.takes = change.takes.or(g.takes);
                    g.empty = change.empty.or(g.empty);
                    g.max_cards = change.max_cards.or(g.max_cards);
                }
                Ok(file)
            })
            .collect()
    }
}

/// A rule of a patience that no pile's parameters say, named after what it does; each is
/// written once in `kinds::named`, for any file that lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Named {
    /// The group's piles are one line of single cards, left to right: when a card leaves it,
    /// the cards after it each move one pile to the left, so the line has no gap.
    LineClosesUp(String),
    /// A card of the line goes onto the card `by` piles to its left (any of them) when they
    /// are of one suit or one rank; the card it covers goes to the discard.
    OntoMatchLeft { group: String, by: Vec<u8> },
    /// A card of the line between two cards of one suit or one rank goes to the discard (a
    /// click, or a drag there); so do two side by side between such cards, one dragged onto
    /// the other.
    OutBetweenMatches(String),
    /// Two top cards of one rank on these groups' piles go to the discard together, one
    /// dragged onto the other.
    PairsByRank(Vec<String>),
    /// The game is won with this many cards left out of the discard (or foundations).
    WonWithLeft(u8),
    /// Before the deal, the group's piles dealt `cards` each, pile by pile, get no rank twice:
    /// from the bottom of the shuffled pack, `cards` cards a pile, a card whose rank came
    /// before among them changes place with one drawn at random from the cards after them,
    /// until none repeats; then the pack is turned over (PySolFC's draw, continuing its
    /// shuffle's random numbers).
    NoRankTwice { group: String, cards: u8 },
    /// A pile of the group left empty by a move gets the next `cards` cards of the pile of
    /// group `from` (the stock, the waste) at once, face up, as long as it has any; a pile
    /// emptied so is refilled in turn by its own rule.
    Refill {
        group: String,
        from: String,
        cards: u8,
    },
    /// Before the deal: if none of the first `cards` cards dealt is an Ace or a King, the Ace
    /// or King nearest the bottom of the pack goes on top (PySolFC's Tournament).
    AceOrKingFirst(u8),
    /// Pile `i` of `group` takes cards only once pile `i` of group `piles` holds one (Salic
    /// Law's foundations, each opened by its column).
    OpensWith { group: String, piles: String },
    /// The bottom card of each pile of the group never moves (a column's King).
    KeepsBottom(String),
    /// In the stock's first round, the piles of group `to` take no card from piles
    /// `first..last` of group `from`.
    FirstRoundNotFrom {
        to: String,
        from: String,
        first: u8,
        last: u8,
    },
    /// A pile of these groups takes a card only while its bottom card is its base rank
    /// (`empty: Rank(r)`): a card dealt there that is not stays alone until it moves.
    TakesOnItsBase(Vec<String>),
    /// Two piles of these groups, each holding one card of the other's base rank, change
    /// cards: one dragged onto the other.
    SwapsToBase(Vec<String>),
    /// The stock deals only while no pile of these groups is empty.
    DealsWhenNoSpace(Vec<String>),
    /// The group's piles are a grid `columns` wide: a pile gives nothing while the piles
    /// above and below it both hold cards (the top and bottom rows always give).
    BlockedBetween { group: String, columns: u8 },
    /// Cards go from the stock onto the group's piles in turns of `cards`: once the first goes
    /// there by hand, the piles give nothing to the foundations until the turn is done, and
    /// again with the next; before the first, a pile left empty takes the stock's top card at
    /// once. While the stock has cards (Sly Fox).
    DealtInTurns { group: String, cards: u8 },
    /// Won when every card is home or on a pile of these groups, each of them full
    /// (`max_cards`).
    WonWhenFull(Vec<String>),
    /// An Ace the stock deals, in the deal, a refill or a redeal, goes to the first
    /// foundation that takes it, and the pile gets the next card instead (PySolFC's
    /// `dealToStacksOrFoundations`: Intelligence).
    AcesHomeWhenDealt,
}

/// Piles of one kind with the same parameters.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Group {
    /// The group's name in this file (steps and other groups name it by it), and the
    /// player's word for one of its piles unless `called` says another (`column`, `reserve`);
    /// the notation's letter comes from the kind.
    pub name: String,
    #[serde(default)]
    pub called: Option<String>,
    pub kind: Kind,
    /// How many piles (one by default).
    #[serde(default)]
    pub count: Option<u8>,
    /// A column fans its cards down; a squared pile shows its top card; a row shows its cards
    /// side by side (tableau piles only; a row's pile holds at most eight).
    #[serde(default)]
    pub shown: Option<Shown>,
    /// How a card goes on the one below it, and what a run that moves must be.
    #[serde(default)]
    pub build: Option<Build>,
    #[serde(default)]
    pub dir: Option<Dir>,
    /// How many ranks apart a card and the one it goes on are (1 by default; 2 builds A 3 5
    /// 7 .., as Calculation's piles do; 0, a foundation of one rank: Virginia Reel's Aces).
    #[serde(default)]
    pub step: Option<u8>,
    /// A King goes on an Ace going up (on a Queen going down, an Ace on a King).
    #[serde(default)]
    pub wrap: Option<bool>,
    /// What may be taken from the pile.
    #[serde(default)]
    pub moves: Option<Moves>,
    /// What the pile takes.
    #[serde(default)]
    pub takes: Option<Takes>,
    /// What an empty pile takes.
    #[serde(default)]
    pub empty: Option<Empty>,
    /// The most cards it holds.
    #[serde(default)]
    pub max_cards: Option<u8>,
    /// Each pile's suit, in order (`"CSHD"`, `"CCSSHHDD"`): the foundations' suits, cycled.
    #[serde(default)]
    pub suits: Option<String>,
    /// Only from these groups (by name) does the pile take cards; all when left out.
    #[serde(default)]
    pub from: Option<Vec<String>>,
    /// The stock's click.
    #[serde(default)]
    pub deals: Option<StockDeal>,
    /// The stock's rounds: how many times it is gone through (none: without end).
    #[serde(default)]
    pub rounds: Option<Rounds>,
    /// What the stock's click does once it is empty and a round is left: the waste turned
    /// over (where there is a waste), or piles gathered into it.
    #[serde(default)]
    pub redeal: Option<Redeal>,
    /// PySolFC's name for these stacks (`rows`, `reserves`), numbered on across groups, or
    /// every other one (`foundations[1::2]`): the tests compare each deal with the one
    /// PySolFC's own code deals.
    #[serde(default)]
    pub pysol: Option<String>,
}

/// A row of the table: groups side by side, each a band of piles, left to right.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row {
    pub groups: Vec<Place>,
}

/// Piles of a group in a row: piles `first..last` of it (all when left out), and a gap of
/// this many card widths before it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Place {
    pub group: String,
    #[serde(default)]
    pub first: Option<u8>,
    #[serde(default)]
    pub last: Option<u8>,
    #[serde(default)]
    pub gap: Option<f32>,
    /// The piles right to left (a table that goes round, as St. Helena's).
    #[serde(default)]
    pub reverse: Option<bool>,
}

/// What a hook's pattern chooses: a card (`"KH"`), a rank (`"K"`) or a suit (`"H"`).
pub fn chosen(pattern: &str) -> Option<(Option<u8>, Option<Suit>)> {
    if let Some(card) = Card::parse(pattern) {
        return Some((Some(card.rank()), Some(card.suit())));
    }
    let mut chars = pattern.chars();
    let c = chars.next()?.to_ascii_uppercase();
    if chars.next().is_some() {
        return None;
    }
    if let Some(suit) = Suit::ALL.into_iter().find(|s| s.letter() == c) {
        return Some((None, Some(suit)));
    }
    let rank = crate::cards::card::RANK_LETTERS
        .iter()
        .position(|&l| l == c)?;
    Some((Some(rank as u8 + 1), None))
}
