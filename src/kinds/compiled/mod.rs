//! A patience file made ready to play: every pile with its kind's parameters resolved (the
//! kind's defaults where the file says nothing, as PySolFC's stack classes default their caps),
//! checked, and given its place in the front end's words.

use super::file::{Build, Dir, Empty, Kind, Moves, PatienceFile, Redeal, Rounds, StockDeal, Takes};
use super::named::Named;

mod check;
mod pile;

use crate::cards::Suit;
use crate::patience::Place;
use pile::{counts_slot, pile};

/// The most cards a patience deals: two packs.
pub const MAX_CARDS: usize = 104;
/// The most piles a patience has.
pub const MAX_PILES: usize = 96;
/// The most piles a redeal gathers (taking it back needs each one's length).
pub const MAX_GATHERED: usize = 16;

/// One pile and what it allows.
#[derive(Clone, Debug, PartialEq)]
pub struct Pile {
    pub kind: Kind,
    /// Its group in the file.
    pub group: u8,
    /// Where the front end sees it.
    pub place: Place,
    pub build: Build,
    pub dir: Dir,
    /// Ranks apart, 1 to 12.
    pub step: u8,
    pub wrap: bool,
    pub moves: Moves,
    pub takes: Takes,
    pub empty: Empty,
    pub max_cards: u8,
    /// Its foundation's suit: the card an empty pile takes is of it.
    pub suit: Option<Suit>,
    /// Groups it takes cards from, a bit a group; every group when all bits are set.
    pub from: u64,
}

/// The stock's click, its group resolved.
#[derive(Clone, Debug, PartialEq)]
pub enum Click {
    Nothing,
    /// No click: the stock's top card lies face up and plays.
    Open,
    ToWaste(u8),
    /// `each` cards to each of these piles in turn, round them `times` times.
    ToEach {
        piles: Vec<u8>,
        each: u8,
        times: u8,
    },
    /// The top card onto the last of these piles with cards, or onto the first empty one
    /// when of rank `starts`.
    ToNewest {
        piles: Vec<u8>,
        starts: u8,
    },
    /// These piles, a grid `columns` wide, filled as `kinds::grid` says.
    Grid {
        piles: Vec<u8>,
        columns: u8,
    },
}

impl Click {
    /// The piles a click's cards go to, in order, the first card's first (as long as the
    /// stock lasts).
    pub fn targets(&self) -> impl Iterator<Item = u8> + '_ {
        let (piles, each, times): (&[u8], u8, u8) = match self {
            Click::ToEach { piles, each, times } => (piles, *each, *times),
            Click::ToNewest { piles, .. } | Click::Grid { piles, .. } => (piles, 1, 1),
            _ => (&[], 0, 0),
        };
        (0..times).flat_map(move |_| {
            piles
                .iter()
                .flat_map(move |&p| std::iter::repeat_n(p, usize::from(each)))
        })
    }
}

/// What an empty stock's click does, its piles resolved.
#[derive(Clone, Debug, PartialEq)]
pub enum Again {
    /// Nothing: the stock is gone through once.
    Nothing,
    TurnWaste,
    /// These piles gathered into the stock in this order, then the stock turned over if
    /// `turn_over`, then dealt; with `shuffle`, onto the stock's own cards, shuffled, at any
    /// click while a round is left.
    Gather {
        piles: Vec<u8>,
        turn_over: bool,
        shuffle: bool,
    },
}

/// A patience file, compiled.
#[derive(Debug, PartialEq)]
pub struct Compiled {
    pub file: PatienceFile,
    pub piles: Vec<Pile>,
    /// The cards in play: 52 a pack (fewer where a pack has fewer ranks).
    pub cards: usize,
    pub decks: u8,
    pub stock: Option<u8>,
    pub waste: Option<u8>,
    /// What the stock's click does.
    pub click: Click,
    pub rounds: Rounds,
    /// What the click does once the stock is empty.
    pub again: Again,
    /// The piles that take cards (the move generator's targets).
    pub takers: Vec<u8>,
    /// The piles by place: `places[kind][n]`, kinds in [`place_kind`]'s order.
    places: [Vec<u8>; 6],
    /// The file's named rules, resolved.
    pub named: Named,
}

/// A place's kind as an index, and its number.
pub fn place_kind(place: Place) -> (usize, u8) {
    match place {
        Place::Stock => (0, 0),
        Place::Waste => (1, 0),
        Place::Foundation(n) => (2, n),
        Place::Cell(n) => (3, n),
        Place::Pile(n) => (4, n),
        Place::Column(n) => (5, n),
    }
}

impl Compiled {
    /// Checks and compiles a file; errors name the field.
    pub fn new(file: PatienceFile) -> Result<Compiled, String> {
        let decks = file.decks.unwrap_or(1);
        if !(1..=2).contains(&decks) {
            return Err(format!("decks: {decks}: one or two packs"));
        }
        let ranks = file.ranks.unwrap_or(13);
        if !(1..=13).contains(&ranks) {
            return Err(format!("ranks: {ranks}: 1 (Aces only) to 13 (Ace to King)"));
        }
        // A verdict at the table comes within tenths of a second, not minutes.
        if let Some(b) = file
            .table_budget
            .filter(|b| !(1_000..=1_000_000).contains(b))
        {
            return Err(format!("table_budget: {b}: 1000 to 1000000 positions"));
        }
        if file.name.is_empty()
            || !file
                .name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        {
            return Err(format!(
                "name: {:?}: lower-case letters, digits and '-'",
                file.name
            ));
        }
        if file.groups.len() > 64 {
            return Err("groups: at most 64".into());
        }
        let mut piles = Vec::new();
        let mut counts = [0u8; 6];
        let (mut stock, mut waste) = (None, None);
        let (mut deals, mut rounds) = (StockDeal::Nothing, Rounds::Times(1));
        let mut redeal = None;
        for (g, group) in file.groups.iter().enumerate() {
            let field = |f: &str| format!("groups[{g}] ({}): {f}", group.name);
            if group.name.is_empty() || file.groups[..g].iter().any(|o| o.name == group.name) {
                return Err(field("name: empty or used twice"));
            }
            let count = group.count.unwrap_or(1);
            if count == 0 {
                return Err(field("count: at least one pile"));
            }
            let from = match &group.from {
                None => u64::MAX,
                Some(names) => {
                    let mut bits = 0;
                    for name in names {
                        let i = file
                            .groups
                            .iter()
                            .position(|o| &o.name == name)
                            .ok_or_else(|| field(&format!("from: no group is called {name:?}")))?;
                        bits |= 1 << i;
                    }
                    bits
                }
            };
            let suits = match &group.suits {
                None => None,
                Some(s) => Some(
                    s.chars()
                        .map(|c| {
                            Suit::ALL
                                .into_iter()
                                .find(|x| x.letter() == c.to_ascii_uppercase())
                                .ok_or_else(|| field(&format!("suits: {c:?} is not C, S, H or D")))
                        })
                        .collect::<Result<Vec<_>, _>>()?,
                ),
            };
            if suits.as_ref().is_some_and(|s| s.is_empty()) {
                return Err(field("suits: empty"));
            }
            if matches!(group.kind, Kind::Stock | Kind::Waste) && count != 1 {
                return Err(field("count: one stock, one waste"));
            }
            if group.kind == Kind::Stock {
                if stock.is_some() {
                    return Err(field("a second stock"));
                }
                stock = Some(piles.len() as u8);
                deals = group.deals.clone().unwrap_or(StockDeal::Nothing);
                rounds = group.rounds.unwrap_or(Rounds::Times(1));
                redeal = group.redeal.clone();
                if matches!(deals, StockDeal::ToWaste(0)) {
                    return Err(field("deals: ToWaste(0) turns nothing"));
                }
            } else if group.deals.is_some() || group.rounds.is_some() || group.redeal.is_some() {
                return Err(field("deals, rounds and redeal are the stock's"));
            }
            if group.kind == Kind::Waste {
                if waste.is_some() {
                    return Err(field("a second waste"));
                }
                waste = Some(piles.len() as u8);
            }
            if group.shown.is_some() && group.kind != Kind::Tableau {
                return Err(field(
                    "shown: only tableau piles are shown one way or the other",
                ));
            }
            for n in 0..count {
                let slot = counts_slot(group, &mut counts).map_err(|e| field(&e))?;
                let suit = suits.as_ref().map(|s| s[usize::from(n) % s.len()]);
                piles.push(pile(group, g as u8, slot, suit, from).map_err(|e| field(&e))?);
                if piles.len() > MAX_PILES {
                    return Err(format!("groups: more than {MAX_PILES} piles"));
                }
            }
        }
        if matches!(deals, StockDeal::ToWaste(_)) && waste.is_none() {
            return Err("the stock turns cards to a waste, and there is none".into());
        }
        let mut places: [Vec<u8>; 6] = Default::default();
        for (i, p) in piles.iter().enumerate() {
            places[place_kind(p.place).0].push(i as u8);
        }
        let takers = (0..piles.len() as u8)
            .filter(|&i| piles[usize::from(i)].takes != Takes::Nothing)
            .collect();
        let compiled = Compiled {
            cards: 4 * usize::from(ranks) * usize::from(decks),
            decks,
            piles,
            stock,
            waste,
            click: Click::Nothing,
            takers,
            rounds,
            again: Again::Nothing,
            places,
            file,
            named: Named::default(),
        };
        let mut compiled = compiled;
        compiled.click = match deals {
            StockDeal::Nothing => Click::Nothing,
            StockDeal::Open => Click::Open,
            StockDeal::ToNewest { ref group, starts } => {
                let g = compiled
                    .group(group)
                    .filter(|&g| compiled.file.groups[g].kind == Kind::Tableau)
                    .ok_or_else(|| format!("deals: {group:?}: no tableau group is called so"))?;
                if !(1..=13).contains(&starts) {
                    return Err("deals: ToNewest: starts: 1 (Ace) to 13 (King)".into());
                }
                Click::ToNewest {
                    piles: compiled.group_piles(g).collect(),
                    starts,
                }
            }
            StockDeal::Grid { ref group, columns } => {
                let g = compiled
                    .group(group)
                    .filter(|&g| compiled.file.groups[g].kind == Kind::Tableau)
                    .ok_or_else(|| format!("deals: {group:?}: no tableau group is called so"))?;
                let piles: Vec<u8> = compiled.group_piles(g).collect();
                if columns == 0 || !piles.len().is_multiple_of(usize::from(columns)) {
                    return Err("deals: Grid: whole rows of `columns` piles".into());
                }
                Click::Grid { piles, columns }
            }
            StockDeal::ToWaste(n) => Click::ToWaste(n),
            StockDeal::ToEach(ref group) | StockDeal::Around { ref group, .. } => {
                let g = compiled
                    .group(group)
                    .filter(|&g| compiled.file.groups[g].kind == Kind::Tableau)
                    .ok_or_else(|| format!("deals: {group:?}: no tableau group is called so"))?;
                let (each, times) = match deals {
                    StockDeal::Around { each, times, .. } => (each, times),
                    _ => (1, 1),
                };
                if each == 0 || times == 0 {
                    return Err("deals: Around: at least one card, once round".into());
                }
                Click::ToEach {
                    piles: compiled.group_piles(g).collect(),
                    each,
                    times,
                }
            }
        };
        compiled.again = match redeal {
            None if compiled.rounds == Rounds::Times(1) => Again::Nothing,
            None | Some(Redeal::TurnWaste) => {
                if compiled.waste.is_none() {
                    return Err("redeal: the waste is turned over, and there is none (say Gather, or one round)".into());
                }
                Again::TurnWaste
            }
            Some(Redeal::Gather {
                ref group,
                last_first,
                turn_over,
                shuffle,
            }) => {
                let g = compiled
                    .group(group)
                    .ok_or_else(|| format!("redeal: Gather: no group is called {group:?}"))?;
                let mut piles: Vec<u8> = compiled.group_piles(g).collect();
                // A shuffle's undo keeps the position before it, not the piles' lengths.
                if piles.len() > MAX_GATHERED && !shuffle {
                    return Err(format!("redeal: Gather: at most {MAX_GATHERED} piles"));
                }
                let deals_to_them =
                    matches!(&compiled.click, Click::ToEach { piles: to, .. } if *to == piles);
                if shuffle && (!matches!(compiled.rounds, Rounds::Times(_)) || !deals_to_them) {
                    return Err("redeal: Gather with shuffle: a number of rounds (rounds: Some(Times(n))), and a stock that deals Around the gathered group".into());
                }
                if compiled.stock.is_some_and(|s| piles.contains(&s)) {
                    return Err("redeal: Gather: not the stock itself".into());
                }
                let face_down = compiled.file.deal.steps.iter().any(|step| {
                    matches!(step, super::file::Step::Row { group: name, face_down: true, .. } | super::file::Step::Piles { group: name, face_down: true, .. } if name == group)
                });
                if face_down {
                    return Err("redeal: Gather: the gathered piles are dealt face down (they must lie face up)".into());
                }
                if last_first {
                    piles.reverse();
                }
                Again::Gather {
                    piles,
                    turn_over,
                    shuffle,
                }
            }
        };
        compiled.check_deal()?;
        let piles: Vec<super::named::Pile> = compiled
            .piles
            .iter()
            .map(|p| super::named::Pile {
                kind: p.kind,
                group: p.group,
                max_cards: p.max_cards,
                takes: p.takes,
                empty: p.empty,
            })
            .collect();
        compiled.named = Named::new(&compiled.file, &piles, compiled.cards)?;
        Ok(compiled)
    }

    /// The pile at a place, if there is one.
    pub fn pile_at(&self, place: Place) -> Option<u8> {
        let (kind, n) = place_kind(place);
        self.places[kind].get(usize::from(n)).copied()
    }

    /// The group called `name`.
    pub fn group(&self, name: &str) -> Option<usize> {
        self.file.groups.iter().position(|g| g.name == name)
    }

    /// The piles of a group, in order.
    pub fn group_piles(&self, g: usize) -> impl Iterator<Item = u8> + '_ {
        self.piles
            .iter()
            .enumerate()
            .filter(move |(_, p)| usize::from(p.group) == g)
            .map(|(i, _)| i as u8)
    }

    /// Every card's place in the win: home, on the foundations.
    pub fn foundations(&self) -> impl Iterator<Item = u8> + '_ {
        self.places[2].iter().copied()
    }

    /// Whether the stock may still go round again (a redeal, a turn of the waste) in a
    /// position's `round`.
    pub fn round_left(&self, round: u8) -> bool {
        match self.rounds {
            Rounds::WithoutEnd => true,
            Rounds::Times(t) => round < t,
        }
    }
}
