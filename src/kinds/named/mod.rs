//! The rules no pile's parameters say, each named after what it does and written once here
//! for any file that lists it (`PatienceFile::named`): a line of single cards that closes up
//! (Accordion, Royal Marriage), a card onto a match to its left, cards out from between a
//! match, pairs by rank (Nestor), a win with cards left, draws before the deal, piles a
//! foundation refuses in the first round (St. Helena), piles refilled from the stock or the
//! waste (Tournament, British Constitution), foundations opened by their columns and a bottom
//! card that stays (Salic Law), Aces dealt home (Intelligence). `moves` asks this
//! module first about a move of its piles; the solver's argument for each is in `prune`.
//! Here the rules resolved from a file; `play` the moves they add, `refill` the piles they
//! refill, `deal` what they do before the deal.

// Only the folder's own items and the file's words: `compiled` holds these rules, and
// `moves` asks them.
use super::file::{self, Empty, Kind, PatienceFile, Step as DealStep, Takes};
use super::{DOWN, Illegal, Position, Step};

mod deal;
mod play;
mod refill;

pub use deal::before_deal;
pub use play::{check, legal, play, undo};
pub use refill::{REFILLS, count_turn, deal_past_aces, refill, unrefill};

/// A card byte's rank (1 Ace .. 13 King) and suit, face up or down.
fn rank(b: u8) -> u8 {
    (b & !DOWN) % 13 + 1
}

fn suit(b: u8) -> u8 {
    (b & !DOWN) / 13
}

/// The named rules of a file, their groups resolved to piles.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Named {
    /// A line of single cards that closes up: its first pile, and how many.
    pub line: Option<(u8, u8)>,
    /// `OntoMatchLeft`: the distances a card may go left, a bit each (bit 1: one pile).
    pub onto_left: u16,
    /// `OutBetweenMatches` on the line.
    pub out_between: bool,
    /// `PairsByRank`: the piles whose top cards pair (a bit a pile).
    pub pairs: u128,
    /// Where cards taken out go: the first discard.
    pub discard: Option<u8>,
    /// `WonWithLeft`: cards that may stay out of the discard in a win.
    pub left: u8,
    /// `NoRankTwice`: how many piles, and cards each.
    pub no_rank_twice: Option<(u8, u8)>,
    /// `FirstRoundNotFrom`: the piles that take (a bit each) and those they refuse, in the
    /// first round.
    pub first_round: Vec<(u128, u128)>,
    /// `Refill`: the piles refilled (a bit each), the pile they take from, and how many
    /// cards each time.
    pub refill: Vec<(u128, u8, u8)>,
    /// `AceOrKingFirst`: among how many cards dealt first.
    pub ace_or_king_first: Option<u8>,
    /// `OpensWith`: each gated pile and the pile that opens it.
    pub opens_with: Vec<(u8, u8)>,
    /// `KeepsBottom`: the piles whose bottom card stays (a bit each).
    pub keeps_bottom: u128,
    /// `TakesOnItsBase`: the piles that take only on their base rank (a bit each).
    pub on_base: u128,
    /// `SwapsToBase`: the piles whose single cards swap (a bit each).
    pub swaps: u128,
    /// `DealsWhenNoSpace`: the piles that must all hold a card for the stock to deal.
    pub no_space: u128,
    /// `WonWhenFull`: the piles that must be full for the win.
    pub full: u128,
    /// Each pile's base rank (`empty: Rank(r)`; 0 none), for the rules above.
    pub base: Vec<u8>,
    /// `DealtInTurns`: the piles dealt to by hand (a bit each), the cards of a turn, the
    /// stock, and the foundations they give nothing to while a turn lasts.
    pub turns: Option<(u128, u8, u8, u128)>,
    /// `BlockedBetween`: the grid's first pile, how many, and its width.
    pub grid: Option<(u8, u8, u8)>,
    /// `AcesHomeWhenDealt`.
    pub aces_home: bool,
}

/// What the named rules need to know of a pile (`compiled` knows the rest).
pub struct Pile {
    pub kind: Kind,
    pub group: u8,
    pub max_cards: u8,
    pub takes: Takes,
    pub empty: Empty,
}

impl Named {
    /// Resolves a file's named rules against its piles (`cards` in the pack); errors name
    /// the rule.
    pub fn new(file: &PatienceFile, piles: &[Pile], cards_in_pack: usize) -> Result<Named, String> {
        let mut named = Named {
            discard: piles
                .iter()
                .position(|p| p.kind == Kind::Discard)
                .map(|i| i as u8),
            base: piles
                .iter()
                .map(|p| match p.empty {
                    Empty::Rank(r) => r,
                    _ => 0,
                })
                .collect(),
            ..Named::default()
        };
        let group_of = |name: &str| file.groups.iter().position(|g| g.name == name);
        let piles_of = |g: usize| {
            (0..piles.len() as u8).filter(move |&i| usize::from(piles[usize::from(i)].group) == g)
        };
        let group = |name: &str, k: usize| -> Result<(u8, u8), String> {
            let g =
                group_of(name).ok_or_else(|| format!("named[{k}]: no group is called {name:?}"))?;
            let all: Vec<u8> = piles_of(g).collect();
            Ok((all[0], all.len() as u8))
        };
        for (k, rule) in file.named.iter().enumerate() {
            let field = |f: &str| format!("named[{k}]: {f}");
            match rule {
                file::Named::LineClosesUp(name) => {
                    let (first, count) = group(name, k)?;
                    let pile = &piles[usize::from(first)];
                    if pile.max_cards != 1 || pile.takes != Takes::Nothing {
                        return Err(field(
                            "LineClosesUp: a line's piles hold one card (max_cards: Some(1)) and take none (takes: Some(Nothing)): cards leave it only by a named rule",
                        ));
                    }
                    named.line = Some((first, count));
                }
                file::Named::OntoMatchLeft { group: name, by } => {
                    if named.line.map(|l| l.0) != Some(group(name, k)?.0) {
                        return Err(field(
                            "OntoMatchLeft: the group must be the line (LineClosesUp, before it)",
                        ));
                    }
                    for &d in by {
                        if !(1..16).contains(&d) {
                            return Err(field("OntoMatchLeft: by: 1 to 15 piles"));
                        }
                        named.onto_left |= 1 << d;
                    }
                }
                file::Named::OutBetweenMatches(name) => {
                    if named.line.map(|l| l.0) != Some(group(name, k)?.0) {
                        return Err(field(
                            "OutBetweenMatches: the group must be the line (LineClosesUp, before it)",
                        ));
                    }
                    named.out_between = true;
                }
                file::Named::PairsByRank(names) => {
                    for name in names {
                        let (first, count) = group(name, k)?;
                        for q in first..first + count {
                            named.pairs |= 1 << q;
                        }
                    }
                }
                file::Named::WonWithLeft(n) => named.left = *n,
                file::Named::FirstRoundNotFrom {
                    to,
                    from,
                    first: a,
                    last: b,
                } => {
                    let bits = |(first, count): (u8, u8)| {
                        (first..first + count).fold(0u128, |bits, q| bits | 1 << q)
                    };
                    let (from_first, from_count) = group(from, k)?;
                    if a >= b || *b > from_count {
                        return Err(field(&format!(
                            "FirstRoundNotFrom: piles {a}..{b} of a group of {from_count}"
                        )));
                    }
                    named
                        .first_round
                        .push((bits(group(to, k)?), bits((from_first + a, b - a))));
                }
                file::Named::Refill {
                    group: name,
                    from,
                    cards,
                } => {
                    let (first, count) = group(name, k)?;
                    let (source, sources) = group(from, k)?;
                    let kind = piles[usize::from(source)].kind;
                    if *cards == 0 || sources != 1 || !matches!(kind, Kind::Stock | Kind::Waste) {
                        return Err(field(
                            "Refill: at least one card, from the stock or the waste",
                        ));
                    }
                    let bits = (first..first + count).fold(0u128, |bits, q| bits | 1 << q);
                    if bits & (1 << source) != 0 {
                        return Err(field("Refill: a pile refills from another"));
                    }
                    named.refill.push((bits, source, *cards));
                }
                file::Named::AceOrKingFirst(n) => named.ace_or_king_first = Some(*n),
                file::Named::OpensWith {
                    group: gated,
                    piles: by,
                } => {
                    let (a, n) = group(gated, k)?;
                    let (b, m) = group(by, k)?;
                    if n != m {
                        return Err(field("OpensWith: as many piles in both groups"));
                    }
                    named.opens_with.extend((0..n).map(|i| (a + i, b + i)));
                }
                file::Named::KeepsBottom(name) => {
                    let (first, count) = group(name, k)?;
                    named.keeps_bottom |=
                        (first..first + count).fold(0u128, |bits, q| bits | 1 << q);
                }
                file::Named::TakesOnItsBase(names)
                | file::Named::SwapsToBase(names)
                | file::Named::DealsWhenNoSpace(names)
                | file::Named::WonWhenFull(names) => {
                    let mut bits = 0u128;
                    for name in names {
                        let (first, count) = group(name, k)?;
                        bits |= (first..first + count).fold(0u128, |bits, q| bits | 1 << q);
                    }
                    let based = (0..piles.len())
                        .all(|q| bits & (1 << q) == 0 || matches!(piles[q].empty, Empty::Rank(_)));
                    match rule {
                        file::Named::TakesOnItsBase(_) | file::Named::SwapsToBase(_) if !based => {
                            return Err(field(
                                "a base rank for each pile of the groups: empty: Some(Rank(r))",
                            ));
                        }
                        file::Named::TakesOnItsBase(_) => named.on_base |= bits,
                        file::Named::SwapsToBase(_) => named.swaps |= bits,
                        file::Named::DealsWhenNoSpace(_) => named.no_space |= bits,
                        _ => named.full |= bits,
                    }
                }
                file::Named::BlockedBetween {
                    group: name,
                    columns,
                } => {
                    let (first, count) = group(name, k)?;
                    if *columns == 0 || !count.is_multiple_of(*columns) {
                        return Err(field("BlockedBetween: whole rows of `columns` piles"));
                    }
                    named.grid = Some((first, count, *columns));
                }
                file::Named::DealtInTurns { group: name, cards } => {
                    let (first, count) = group(name, k)?;
                    let stock = piles.iter().position(|p| p.kind == Kind::Stock);
                    let (Some(stock), 2..=200) = (stock, *cards) else {
                        return Err(field("DealtInTurns: a stock, and turns of 2 to 200 cards"));
                    };
                    let bits = (first..first + count).fold(0u128, |bits, q| bits | 1 << q);
                    let homes = (0..piles.len())
                        .filter(|&q| piles[q].kind.is_home())
                        .fold(0u128, |bits, q| bits | 1 << q);
                    named.turns = Some((bits, *cards, stock as u8, homes));
                    // Before the first turn, a pile left empty takes the stock's top card.
                    named.refill.push((bits, stock as u8, 1));
                }
                file::Named::AcesHomeWhenDealt => {
                    let foundations = piles.iter().filter(|p| p.kind == Kind::Foundation);
                    if foundations.clone().next().is_none()
                        || foundations.clone().any(|p| p.empty != Empty::Rank(1))
                    {
                        return Err(field(
                            "AcesHomeWhenDealt: foundations, each starting from the Ace (empty: Some(Rank(1)))",
                        ));
                    }
                    named.aces_home = true;
                }
                file::Named::NoRankTwice { group: name, cards } => {
                    let (_, count) = group(name, k)?;
                    if *cards < 2 || usize::from(count) * usize::from(*cards) > cards_in_pack {
                        return Err(field(
                            "NoRankTwice: at least two cards a pile, no more than the pack",
                        ));
                    }
                    named.no_rank_twice = Some((count, *cards));
                }
            }
        }
        if named.onto_left != 0 && named.out_between {
            return Err("named: OntoMatchLeft and OutBetweenMatches on one line".into());
        }
        if (named.onto_left != 0 || named.out_between || named.pairs != 0)
            && named.discard.is_none()
        {
            return Err("named: cards go to the discard, and there is none".into());
        }
        if named.pairs != 0 {
            let down = file.deal.steps.iter().any(|s| match s {
                DealStep::Row {
                    group, face_down, ..
                }
                | DealStep::Piles {
                    group, face_down, ..
                } => {
                    *face_down
                        && group_of(group)
                            .is_some_and(|g| piles_of(g).any(|q| named.pairs & (1 << q) != 0))
                }
                _ => false,
            });
            if down {
                return Err("named: PairsByRank: its piles are dealt face up".into());
            }
        }
        Ok(named)
    }

    /// Whether the file has a named rule that moves cards.
    pub fn moves_cards(&self) -> bool {
        self.onto_left != 0 || self.out_between || self.pairs != 0 || self.swaps != 0
    }

    /// `SwapsToBase`: whether the move is two single cards changing piles.
    pub fn swaps(&self, p: &Position, m: Step) -> bool {
        let single = |q: u8| {
            self.swaps & (1 << q) != 0 && p.len(q) == 1 && p.top(q).is_some_and(|b| b & DOWN == 0)
        };
        m.count == 1
            && m.from != m.to
            && single(m.from)
            && single(m.to)
            && p.top(m.from).map(rank) == Some(self.base[usize::from(m.to)])
            && p.top(m.to).map(rank) == Some(self.base[usize::from(m.from)])
    }

    /// `DealsWhenNoSpace`: whether a pile the stock waits for is empty.
    pub fn stock_waits(&self, p: &Position) -> bool {
        p.any_empty(self.no_space)
    }

    /// `WonWhenFull`: whether every pile that must be full is (true without the rule).
    pub fn all_full(&self, p: &Position, max_cards: impl Fn(u8) -> u8) -> bool {
        let mut bits = self.full;
        while bits != 0 {
            let q = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            if p.len(q) != usize::from(max_cards(q)) {
                return false;
            }
        }
        true
    }

    /// Whether a move the piles' own rules allow is refused by a named rule: a rule of the
    /// first round, or a pile not opened yet.
    pub fn refuses(&self, p: &Position, m: Step) -> Option<Illegal> {
        let first_round = p.round == 1
            && self
                .first_round
                .iter()
                .any(|&(to, from)| to & (1 << m.to) != 0 && from & (1 << m.from) != 0);
        if first_round {
            return Some(Illegal::NotInFirstRound);
        }
        let dealing = self.turns.is_some_and(|(piles, _, stock, homes)| {
            p.turns > 1
                && piles & (1 << m.from) != 0
                && homes & (1 << m.to) != 0
                && !p.is_empty(stock)
        });
        if dealing {
            return Some(Illegal::StillDealing);
        }
        if self.blocked(p, m.from) {
            return Some(Illegal::Blocked);
        }
        let off_base = self.on_base & (1 << m.to) != 0
            && p.pile(m.to)
                .first()
                .is_some_and(|&b| rank(b) != self.base[usize::from(m.to)]);
        if off_base {
            return Some(Illegal::NotOnItsBase);
        }
        self.opens_with
            .iter()
            .any(|&(gated, by)| gated == m.to && p.is_empty(by))
            .then_some(Illegal::NotOpenYet)
    }

    /// Whether `refuses` can refuse anything (a test the move generator makes once).
    pub fn may_refuse(&self) -> bool {
        !self.first_round.is_empty()
            || !self.opens_with.is_empty()
            || self.on_base != 0
            || self.turns.is_some()
            || self.grid.is_some()
    }

    /// `BlockedBetween`: a pile of the grid with cards in the piles above and below it.
    pub fn blocked(&self, p: &Position, q: u8) -> bool {
        let Some((first, count, columns)) = self.grid else {
            return false;
        };
        let at = |i: u8| (first..first + count).contains(&i) && !p.is_empty(i);
        (first..first + count).contains(&q)
            && q >= first + columns
            && at(q - columns)
            && at(q + columns)
    }

    fn in_line(&self, q: u8) -> bool {
        self.line
            .is_some_and(|(first, count)| (first..first + count).contains(&q))
    }

    /// Whether a move is one of these rules' (so they alone judge it).
    pub fn claims(&self, m: Step) -> bool {
        m.count == 1
            && ((self.onto_left != 0 || self.out_between) && self.in_line(m.from)
                || self.pairs & (1 << m.from) != 0 && self.pairs & (1 << m.to) != 0)
    }
}
