//! Rule 1 (the argument is in `mod.rs`): a card sent home at once, where no win can need it
//! anywhere else, and what it asks of the position (the cards that could still follow one).

use super::*;

impl Prune {
    /// Rule 1: a move home that loses no win, if there is one.
    pub fn safe_home(&self, rules: &Compiled, p: &Position) -> Option<Step> {
        if !self.switches.safe_home {
            return None;
        }
        // A redeal that gathers the piles deals every card after it elsewhere once a card
        // leaves them earlier: the argument needs the same deals, so not while one is left.
        if matches!(rules.again, Again::Gather { .. }) && rules.round_left(p.round) {
            return None;
        }
        // A grid the stock fills where it finds places empty: a card sent home earlier
        // changes where the next cards go.
        if matches!(rules.click, Click::Grid { .. }) && rules.stock.is_some_and(|s| !p.is_empty(s))
        {
            return None;
        }
        // A pile refilled from the stock when it empties: a card sent home earlier could
        // empty it earlier and change which cards later clicks deal.
        if rules
            .named
            .refill
            .iter()
            .any(|&(_, from, _)| !p.is_empty(from))
        {
            return None;
        }
        if let Some(m) = self.safe_build(rules, p) {
            return Some(m);
        }
        if self.ladder {
            return self.up_the_ladder(rules, p);
        }
        if !self.home_rule {
            return None;
        }
        // The cards home: a copy (`once`), both copies (`twice`).
        let (mut once, mut twice) = (0u64, 0u64);
        for &h in &self.homes {
            for &b in p.pile(h) {
                let bit = 1u64 << (b & !DOWN);
                twice |= once & bit;
                once |= bit;
            }
        }
        let all_home = if rules.decks == 2 { twice } else { once };
        let waste_ok = self.waste_ok || self.mutant == Some(Mutant::WasteAnyTurn);
        let wanting = self.wanting(rules, p);
        for (i, c) in self.sources(rules, p, waste_ok) {
            let homes = wanting[usize::from(rank(c))];
            if homes == 0 {
                continue; // no foundation takes a card of its rank
            }
            let safe = if self.mutant == Some(Mutant::NaiveHome) {
                true
            } else if rules.decks == 2 && once & (1 << c) == 0 {
                false // its twin is still out
            } else if !self.back || self.mutant == Some(Mutant::HomeIgnoresBack) {
                self.follow[usize::from(c)] & !all_home == 0
            } else {
                self.closure_home(rules, p, c, all_home)
            };
            if let Some(m) = safe.then(|| self.home_for(rules, p, i, homes)).flatten() {
                return Some(m);
            }
        }
        None
    }

    /// Osmosis's foundations all started: any card that goes home.
    fn up_the_ladder(&self, rules: &Compiled, p: &Position) -> Option<Step> {
        if self.homes.iter().any(|&h| p.is_empty(h)) {
            return None;
        }
        let wanting = self.wanting(rules, p);
        self.sources(rules, p, self.waste_ok)
            .find_map(|(i, c)| self.home_for(rules, p, i, wanting[usize::from(rank(c))]))
    }

    /// For each rank, the foundations (a bit each, in `homes`' order) that might take a card of
    /// it next (`moves::wanted_ranks`), so that `moves::check`, dear with many piles (Parallels'
    /// seventy), is asked only of those. Every foundation where named rules move cards (they
    /// may claim a move `wanted_ranks` knows nothing of), or where there are too many to count.
    pub(crate) fn wanting(&self, rules: &Compiled, p: &Position) -> [u64; 14] {
        if rules.named.moves_cards() || self.homes.len() > 64 {
            return [u64::MAX; 14];
        }
        let mut wanting = [0u64; 14];
        for (k, &h) in self.homes.iter().enumerate() {
            let mut ranks = moves::wanted_ranks(rules, p, h, p.top(h));
            while ranks != 0 {
                wanting[ranks.trailing_zeros() as usize] |= 1 << k;
                ranks &= ranks - 1;
            }
        }
        wanting
    }

    /// The piles whose face-up top card may go home, and that card: not the foundations, not
    /// the stock, nor a pile that gives nothing; the waste only where `waste_ok`.
    fn sources<'a>(
        &self,
        rules: &'a Compiled,
        p: &'a Position,
        waste_ok: bool,
    ) -> impl Iterator<Item = (u8, u8)> + 'a {
        rules.piles.iter().enumerate().filter_map(move |(i, pile)| {
            let i = i as u8;
            let gives =
                !pile.kind.is_home() && Some(i) != rules.stock && pile.moves != Moves::Nothing;
            let top = p.top(i).filter(|&b| b & DOWN == 0)?;
            (gives && (waste_ok || Some(i) != rules.waste)).then_some((i, top))
        })
    }

    /// The move of `from`'s top card to the first foundation that takes it, among `homes` (a
    /// bit each, in `homes`' order: those that might, `wanting`).
    fn home_for(&self, rules: &Compiled, p: &Position, from: u8, homes: u64) -> Option<Step> {
        self.homes
            .iter()
            .enumerate()
            .filter(|&(k, _)| k >= 64 || homes & (1 << k) != 0)
            .map(|(_, &h)| Step {
                from,
                to: h,
                count: 1,
            })
            .find(|&m| moves::check(rules, p, m).is_ok())
    }

    /// `c` closed under `follow` and the card below on its foundation: all home but `c`.
    fn closure_home(&self, rules: &Compiled, p: &Position, c: u8, home: u64) -> bool {
        let mut k = 1u64 << c;
        let mut frontier = k;
        while frontier != 0 {
            let mut add = 0u64;
            let mut bits = frontier;
            while bits != 0 {
                let b = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                add |= self.follow[usize::from(b)];
                if let Some(below) = self.below(rules, p, b) {
                    add |= 1 << below;
                }
            }
            add &= !k;
            if add & !home != 0 {
                return false;
            }
            k |= add;
            frontier = add;
        }
        true
    }

    /// The card under `b` on its suit's foundation (none at the base).
    fn below(&self, rules: &Compiled, p: &Position, b: u8) -> Option<u8> {
        let h = self
            .homes
            .iter()
            .map(|&h| &rules.piles[usize::from(h)])
            .find(|h| h.suit.map(|s| s as u8) == Some(suit(b)))?;
        let base = match h.empty {
            Empty::Rank(r) => r,
            _ => p.base,
        };
        let r = rank(b);
        if r == base {
            return None;
        }
        let k = i16::from(h.step);
        let down = match h.dir {
            Dir::Up => i16::from(r) - k,
            _ => i16::from(r) + k,
        };
        let below = match down {
            1..=13 => down as u8,
            _ if h.wrap => ((down - 1).rem_euclid(13) + 1) as u8,
            _ => return None,
        };
        Some(suit(b) * 13 + below - 1)
    }
}
