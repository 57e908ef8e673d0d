//! The rules no pile's parameters say, each named after what it does and written once here
//! for any file that lists it (`PatienceFile::named`): a line of single cards that closes up
//! (Accordion, Royal Marriage), a card onto a match to its left, cards out from between a
//! match, pairs by rank (Nestor), a win with cards left, draws before the deal, piles a
//! foundation refuses in the first round (St. Helena), piles refilled from the stock or the
//! waste (Tournament, British Constitution), foundations opened by their columns and a bottom
//! card that stays (Salic Law). `moves` asks this
//! module first about a move of its piles; the solver's argument for each is in `prune`.

// Only the folder's own items and the file's words: `compiled` holds these rules, and
// `moves` asks them.
use super::file::{self, Kind, PatienceFile, Step as DealStep, Takes};
use super::{DOWN, Done, Illegal, Position, Step};

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
}

/// What the named rules need to know of a pile (`compiled` knows the rest).
pub struct Pile {
    pub kind: Kind,
    pub group: u8,
    pub max_cards: u8,
    pub takes: Takes,
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
        self.onto_left != 0 || self.out_between || self.pairs != 0
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
        self.opens_with
            .iter()
            .any(|&(gated, by)| gated == m.to && p.is_empty(by))
            .then_some(Illegal::NotOpenYet)
    }

    /// Whether `refuses` can refuse anything (a test the move generator makes once).
    pub fn may_refuse(&self) -> bool {
        !self.first_round.is_empty() || !self.opens_with.is_empty()
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

/// One suit or one rank.
fn matches(a: u8, b: u8) -> bool {
    suit(a) == suit(b) || rank(a) == rank(b)
}

/// A face-up top card.
fn up(p: &Position, q: u8) -> Option<u8> {
    p.top(q).filter(|b| b & DOWN == 0)
}

/// The moves of the named rules, after the piles' own.
pub fn legal(n: &Named, p: &Position, out: &mut Vec<Step>) {
    let step = |from: u8, to: u8| Step { from, to, count: 1 };
    if let Some((first, count)) = n.line {
        let end = first + count;
        for i in first..end {
            let Some(c) = up(p, i) else { continue };
            for d in 1..16u8 {
                if n.onto_left & (1 << d) != 0
                    && i >= first + d
                    && up(p, i - d).is_some_and(|t| matches(t, c))
                {
                    out.push(step(i, i - d));
                }
            }
            if n.out_between {
                if between(n, p, i, 1) {
                    out.push(step(i, n.discard.expect("checked when compiled")));
                }
                for j in [i.wrapping_sub(1), i + 1] {
                    if (first..end).contains(&j) && between(n, p, i.min(j), 2) {
                        out.push(step(i, j));
                    }
                }
            }
        }
    }
    if n.pairs != 0 {
        for a in 0..p.piles() as u8 {
            let Some(c) = up(p, a).filter(|_| n.pairs & (1 << a) != 0) else {
                continue;
            };
            for b in 0..p.piles() as u8 {
                if b != a && n.pairs & (1 << b) != 0 && up(p, b).is_some_and(|t| rank(t) == rank(c))
                {
                    out.push(step(a, b));
                }
            }
        }
    }
}

/// The `width` line cards from pile `lo` have a card on each side, and those match.
fn between(n: &Named, p: &Position, lo: u8, width: u8) -> bool {
    let Some((first, count)) = n.line else {
        return false;
    };
    if lo <= first || lo + width >= first + count {
        return false;
    }
    let inside = (lo..lo + width).all(|q| up(p, q).is_some());
    let (left, right) = (up(p, lo - 1), up(p, lo + width));
    inside && left.zip(right).is_some_and(|(a, b)| matches(a, b))
}

/// Whether the rules allow a move they claim, and if not, why.
pub fn check(n: &Named, p: &Position, m: Step) -> Result<(), Illegal> {
    let (Some(c), discard) = (up(p, m.from), n.discard) else {
        return Err(Illegal::NothingThere);
    };
    if n.pairs & (1 << m.from) != 0 && n.pairs & (1 << m.to) != 0 {
        let t = up(p, m.to).ok_or(Illegal::DoesNotTake)?;
        return (rank(t) == rank(c)).then_some(()).ok_or(Illegal::NotAPair);
    }
    if n.out_between {
        if Some(m.to) == discard {
            return between(n, p, m.from, 1)
                .then_some(())
                .ok_or(Illegal::NotBetweenMatches);
        }
        if !n.in_line(m.to) || m.from.abs_diff(m.to) != 1 || up(p, m.to).is_none() {
            return Err(Illegal::NotAPair);
        }
        return between(n, p, m.from.min(m.to), 2)
            .then_some(())
            .ok_or(Illegal::NotBetweenMatches);
    }
    // Onto a match to the left.
    let t = up(p, m.to)
        .filter(|_| n.in_line(m.to))
        .ok_or(Illegal::DoesNotTake)?;
    let d = m
        .from
        .checked_sub(m.to)
        .filter(|&d| d < 16 && n.onto_left & (1 << d) != 0);
    if d.is_none() {
        return Err(Illegal::NotThatFar);
    }
    matches(t, c).then_some(()).ok_or(Illegal::NoMatch)
}

/// Plays a move the rules allow and claim.
pub fn play(n: &Named, p: &mut Position, m: Step) -> Done {
    let discard = n.discard.expect("checked when compiled");
    if n.onto_left != 0 && n.in_line(m.to) {
        p.shift(m.to, discard, 1);
        p.shift(m.from, m.to, 1);
    } else {
        p.shift(m.from, discard, 1);
        if m.to != discard {
            p.shift(m.to, discard, 1);
        }
    }
    if let Some((first, count)) = n.line {
        p.close_up(first, count);
    }
    Done::default()
}

/// Takes back a move these rules played.
pub fn undo(n: &Named, p: &mut Position, m: Step) {
    let discard = n.discard.expect("checked when compiled");
    let open = |p: &mut Position, q: u8| {
        if let Some((first, count)) = n.line {
            p.open_gap(first, count, q - first);
        }
    };
    if n.onto_left != 0 && n.in_line(m.to) {
        open(p, m.from);
        p.shift(m.to, m.from, 1);
        p.shift(discard, m.to, 1);
    } else if m.to == discard {
        open(p, m.from);
        p.shift(discard, m.from, 1);
    } else {
        if n.line.is_some() {
            let lo = m.from.min(m.to);
            open(p, lo);
            open(p, lo);
        }
        p.shift(discard, m.to, 1);
        p.shift(discard, m.from, 1);
    }
}

/// The most piles refilled one after another after a move (a pile, the waste it took from,
/// the stock the waste took from).
pub const REFILLS: usize = 3;

/// Refills a pile a move left empty (`Refill`), then the pile that gave, if that left it
/// empty, and so on: how many cards each took, in turn.
pub fn refill(n: &Named, p: &mut Position, pile: u8) -> [u8; REFILLS] {
    let mut taken = [0u8; REFILLS];
    let mut at = pile;
    for k in taken.iter_mut() {
        let Some(&(_, from, cards)) = n.refill.iter().find(|(piles, ..)| piles & (1 << at) != 0)
        else {
            break;
        };
        if !p.is_empty(at) || p.is_empty(from) {
            break;
        }
        *k = cards.min(p.len(from) as u8);
        for _ in 0..*k {
            p.shift(from, at, 1);
            // A stock's cards lie face down, a waste's face up: face up here either way.
            if p.top(at).is_some_and(|b| b & DOWN != 0) {
                p.flip_top(at);
            }
        }
        at = from;
    }
    taken
}

/// Takes refills back, the last first: each pile's cards to the pile that gave them, as
/// they lay (face down again to a stock).
pub fn unrefill(n: &Named, p: &mut Position, pile: u8, taken: [u8; REFILLS], to_stock: Option<u8>) {
    let mut chain = [(0u8, 0u8); REFILLS];
    let mut at = pile;
    for link in chain.iter_mut() {
        let Some(&(_, from, _)) = n.refill.iter().find(|(piles, ..)| piles & (1 << at) != 0) else {
            break;
        };
        *link = (at, from);
        at = from;
    }
    for (&(at, from), &k) in chain.iter().zip(&taken).rev() {
        for _ in 0..k {
            if Some(from) == to_stock {
                p.flip_top(at);
            }
            p.shift(at, from, 1);
        }
    }
}

/// The named rules before the deal, on the shuffled pack (its end dealt first) with the
/// shuffle's generator carried on: `AceOrKingFirst`, and `NoRankTwice` (PySolFC's Nestor,
/// which also turns the pack over).
pub fn before_deal<T>(
    n: &Named,
    cards: &mut [T],
    draw: &mut dyn FnMut(u32) -> u32,
    rank_of: impl Fn(&T) -> u8,
) {
    let high = |c: &T| matches!(rank_of(c), 1 | 13);
    if let Some(first) = n.ace_or_king_first {
        let top = cards.len().saturating_sub(usize::from(first));
        if !cards[top..].iter().any(high)
            && let Some(i) = cards.iter().position(high)
        {
            // Out of its place and onto the top, the others closing up.
            cards[i..].rotate_left(1);
        }
    }
    let Some((piles, each)) = n.no_rank_twice else {
        return;
    };
    let each = usize::from(each);
    for i in 0..usize::from(piles) {
        let lo = i * each;
        // As PySolFC: at most a thousand draws a pile.
        for _ in 0..1000 {
            let mut seen = [None; 14];
            let repeat = (lo..lo + each).find_map(|k| {
                let r = usize::from(rank_of(&cards[k]));
                match seen[r] {
                    Some(first) => Some(first),
                    None => {
                        seen[r] = Some(k);
                        None
                    }
                }
            });
            let Some(j) = repeat else { break };
            let after = lo + each;
            let k = after + draw((cards.len() - after) as u32) as usize;
            cards.swap(j, k);
        }
    }
    cards.reverse();
}
