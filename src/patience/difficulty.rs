//! How hard a winnable deal is, measured (issue 36; `docs/difficulty.md`): a *simple player*
//! plays the deal [`PLAYS`] times as a casual player does, with no look-ahead and no sight of
//! the face-down cards, and how far it gets sets the level. The solver says first whether the
//! deal can be won at all; only winnable deals get a level.
//!
//! The simple player speaks only the neutral interface (`Game`), so every patience is rated
//! the same way. Each move it takes the rules' own hint (the move the table's Hint offers
//! without the solver: home first, then what turns a card up, ...) or, one move in its
//! patience's `stray` (four; Zodiac's sixteen), what a click on any face-up card does; never a
//! move back to a position it has been in, unless nothing new is left, when it plays the hint
//! on (turning the stock round again) for at most [`STALE_CAP`] moves; and at most
//! [`MOVE_CAP`] moves in all. A game scores the share of the cards it brought home (1 for a
//! win); the deal's *score* is the mean over its games. Each rule set's three cut points split
//! its winnable deals into four levels of about a quarter each ([`CUTS`]); a second round of
//! games with dice of their own checks that the simple player wins less at each level than at
//! the one before. Its dice are our own (SplitMix64 seeded from the deal), so a deal's level
//! never changes with a library version: the daily deal stands on it.

use super::{DealNumber, Game, Move, Patience, Place, Status, Verdict};
use std::collections::HashSet;
use std::fmt;

/// Games the simple player plays to rate a deal.
pub const PLAYS: u32 = 16;
/// Moves after which the simple player gives up.
pub const MOVE_CAP: usize = 500;
/// Moves in a row to positions met before, after which it gives up.
pub const STALE_CAP: usize = 40;

/// Each rule set's cut points on the score: easy from the first, medium from the second, hard
/// from the third, expert below: the quartiles of the scores of the winnable deals among deals
/// 1–2000 (`scripts/difficulty`, `docs/difficulty.md`), so each level holds about a quarter of
/// the winnable deals. A rule set of the player's own takes its patience's first.
pub const CUTS: &[(&str, [f64; 3])] = &[
    ("zodiac/cadogan", [0.8233, 0.7013, 0.4745]),
    ("zodiac/wikipedia", [0.7698, 0.3741, 0.0427]),
    ("klondike/single-pass", [0.2572, 0.1803, 0.1286]),
    ("klondike/unlimited", [0.8894, 0.518, 0.2368]),
    ("klondike/draw-three", [0.3738, 0.1971, 0.1142]),
    ("freecell/freecell", [0.3209, 0.1659, 0.0793]),
    ("freecell/bakers-game", [0.1106, 0.0721, 0.0421]),
    ("accordion/accordion", [0.8233, 0.8017, 0.7776]),
    ("nestor/nestor", [0.6442, 0.5577, 0.4712]),
    ("royal-marriage/royal-marriage", [0.8594, 0.8113, 0.7584]),
    ("stonewall/stonewall", [0.1896, 0.1286, 0.0796]),
    ("four-seasons/four-seasons", [0.4069, 0.3305, 0.2764]),
    ("salic-law/salic-law", [0.6803, 0.5974, 0.5144]),
    ("sultan/sultan", [0.758, 0.723, 0.6935]),
    ("shamrocks/shamrocks", [0.3029, 0.2103, 0.1358]),
    ("osmosis/osmosis", [0.8083, 0.72, 0.5935]),
    ("parallels/parallels", [0.6452, 0.595, 0.5453]),
    ("virginia-reel/virginia-reel", [0.0294, 0.027, 0.0192]),
    ("rouge-et-noir/rouge-et-noir", [0.2013, 0.1629, 0.1304]),
    ("intelligence/intelligence", [0.2512, 0.2091, 0.1725]),
    ("st-helena/st-helena-spaces", [0.3714, 0.3005, 0.2368]),
    ("tournament/tournament", [0.2831, 0.2497, 0.2179]),
    ("st-helena/st-helena", [0.2752, 0.238, 0.2019]),
    (
        "british-constitution/british-constitution",
        [0.1406, 0.1236, 0.1094],
    ),
];

/// A rule set whose levels were measured (it has cut points here; a rule set of the player's
/// own is taken as its patience's first): only these get levels, daily deals and winnable
/// deals searched ahead. Of the patiences written as files, those whose deals the table's
/// solver proves winnable often enough (one in seven or more) for a level's quarter to be found
/// among a search's 256 numbers; where it leaves many unknown, the levels are of the deals it
/// proves winnable (docs/difficulty.md). The others' deals are neither rated nor searched for
/// unasked until it does (Seven Devils, Sly Fox).
pub fn measured(patience: &dyn Patience, rules: &str) -> bool {
    cut_points(patience, rules).is_some()
}

/// The cut points of a rule set, if measured: its own, or for a rule set of the player's own
/// its patience's first's.
fn cut_points(patience: &dyn Patience, rules: &str) -> Option<[f64; 3]> {
    let sets = patience.rule_sets();
    let shipped = sets.iter().find(|s| s.name.eq_ignore_ascii_case(rules));
    let name = shipped.or(sets.first())?.name.as_str();
    let key = format!("{}/{name}", patience.name());
    CUTS.iter().find(|(k, _)| *k == key).map(|(_, c)| *c)
}

/// The cut points for a patience's rule set (even cuts where it was not measured).
pub fn cuts(patience: &dyn Patience, rules: &str) -> [f64; 3] {
    cut_points(patience, rules).unwrap_or([0.75, 0.5, 0.25])
}

/// The four levels, easiest first.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Expert,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// The level of a deal of this score under these cut points.
    pub fn from_score(score: f64, cuts: [f64; 3]) -> Level {
        match score {
            s if s >= cuts[0] => Level::Easy,
            s if s >= cuts[1] => Level::Medium,
            s if s >= cuts[2] => Level::Hard,
            _ => Level::Expert,
        }
    }

    /// The word files and the command line use.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// The word players read.
    pub fn title(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Expert => "Expert",
        }
    }

    pub fn by_name(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What rating a deal found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rating {
    /// Winnable, at this level; the simple player won `wins` of [`PLAYS`] games and brought
    /// home this share of the cards on average.
    Rated {
        level: Level,
        wins: u32,
        score: f64,
    },
    Lost,
    /// The solver's budget ran out: neither rated nor offered as winnable.
    Unknown,
}

impl Rating {
    pub fn level(self) -> Option<Level> {
        match self {
            Rating::Rated { level, .. } => Some(level),
            _ => None,
        }
    }

    /// `easy` … `expert`, `lost` or `unknown`.
    pub fn word(self) -> &'static str {
        match self {
            Rating::Rated { level, .. } => level.name(),
            Rating::Lost => "lost",
            Rating::Unknown => "unknown",
        }
    }
}

/// SplitMix64: small, fast, and ours, so the same seed gives the same dice in every version.
#[derive(Clone, Debug)]
pub struct Dice(u64);

impl Dice {
    pub fn new(seed: u64) -> Dice {
        Dice(seed)
    }

    pub fn roll(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.roll() % n
    }
}

/// The seed of the simple player's `play`-th game of a deal: the deal's number folded in, so
/// every deal has dice of its own. `round` keeps other runs (the validation's) apart.
pub fn seed(deal: DealNumber, round: u64, play: u32) -> u64 {
    let n = deal.get();
    let mut d = Dice::new((n as u64) ^ ((n >> 64) as u64).rotate_left(17) ^ round << 40);
    d.roll() ^ u64::from(play)
}

/// The moves a casual player sees: what a click on each face-up card sends (a turn on the
/// stock), in the table's order, without repeats.
pub fn clicks(game: &dyn Game) -> Vec<Move> {
    let mut moves = Vec::new();
    for place in game.places() {
        let cards = game.cards(place);
        let depths = match place {
            // A click on the stock turns it whatever lies there.
            Place::Stock => 1,
            _ => cards.iter().rev().take_while(|s| s.face_up).count(),
        };
        for depth in 0..depths {
            if let Some(m) = game.best_move(place, depth)
                && !moves.contains(&m)
            {
                moves.push(m);
            }
        }
    }
    moves
}

/// One game of the simple player from the deal of `start`: the share of the cards it
/// brought home (1 for a win).
pub fn simple_game(start: &dyn Game, seed: u64) -> f64 {
    let game = play_out(start, seed);
    if game.status() == Status::Won {
        return 1.0;
    }
    let (mut home, mut all) = (0, 0);
    for place in game.places() {
        let n = game.cards(place).len();
        all += n;
        if matches!(place, Place::Foundation(_)) {
            home += n;
        }
    }
    home as f64 / all.max(1) as f64
}

/// The simple player's game of the deal of `start`, as far as it got.
fn play_out(start: &dyn Game, seed: u64) -> Box<dyn Game> {
    let mut game = start.new_deal(start.deal());
    let mut dice = Dice::new(seed);
    let stray = start.patience().stray().max(1);
    let mut seen: HashSet<u128> = HashSet::new();
    seen.insert(game.snapshot().key());
    let mut stale = 0;
    for _ in 0..MOVE_CAP {
        // The hint, but for a stray move now and then; then, or when the hint leads back to a
        // position met before, any click's move, in an order the dice choose.
        let hint = game.rules_hint();
        let follow = hint.filter(|_| dice.below(stray) != 0);
        if let Some(m) = follow
            && fresh(game.as_mut(), m, &mut seen)
        {
            stale = 0;
            continue;
        }
        let mut moves = clicks(game.as_ref());
        let mut played = false;
        while !moves.is_empty() {
            let m = moves.swap_remove(dice.below(moves.len() as u64) as usize);
            if Some(m) != follow && fresh(game.as_mut(), m, &mut seen) {
                played = true;
                break;
            }
        }
        if played {
            stale = 0;
            continue;
        }
        // Nothing new from here (won, stuck, or going round): play on as a player does,
        // turning the stock again (the hint, though it leads somewhere met before), a while.
        if game.status() != Status::Playing {
            break;
        }
        stale += 1;
        if stale > STALE_CAP || hint.is_none_or(|m| game.play(m).is_err()) {
            break;
        }
    }
    game
}

/// Plays `m` if the rules allow it and it leads somewhere not met before (kept in `seen`);
/// else leaves the game as it was.
fn fresh(game: &mut dyn Game, m: Move, seen: &mut HashSet<u128>) -> bool {
    if game.play(m).is_err() {
        return false;
    }
    if seen.insert(game.snapshot().key()) {
        return true;
    }
    game.undo();
    false
}

/// The simple player's `plays` games of this game's deal, its dice seeded by `round`: how
/// many it won, and the mean share of the cards it brought home.
pub fn simple_player(game: &dyn Game, round: u64, plays: u32) -> (u32, f64) {
    let scores: Vec<f64> = (0..plays)
        .map(|i| simple_game(game, seed(game.deal(), round, i)))
        .collect();
    let wins = scores.iter().filter(|&&s| s >= 1.0).count() as u32;
    (wins, scores.iter().sum::<f64>() / f64::from(plays.max(1)))
}

/// Rates a deal of a patience under a rule set: the solver's verdict (with the table's
/// budget), then the simple player on winnable deals.
pub fn rate(patience: &dyn Patience, rules: &str, deal: DealNumber) -> Result<Rating, String> {
    let game = patience.new_game(rules, deal)?;
    Ok(rate_game(game.as_ref()))
}

/// Rates the deal of a game from its first position.
pub fn rate_game(game: &dyn Game) -> Rating {
    let rules = &game.rule_set().name;
    if !measured(game.patience(), rules) {
        return Rating::Unknown;
    }
    match game.start_snapshot().solve() {
        Verdict::Lost { .. } => Rating::Lost,
        Verdict::Unknown { .. } => Rating::Unknown,
        Verdict::Winnable { .. } => {
            let (wins, score) = simple_player(game, 0, PLAYS);
            let cuts = cuts(game.patience(), rules);
            Rating::Rated {
                level: Level::from_score(score, cuts),
                wins,
                score,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry;

    #[test]
    fn levels_follow_the_score() {
        let c = [0.8, 0.5, 0.2];
        assert_eq!(Level::from_score(1.0, c), Level::Easy);
        assert_eq!(Level::from_score(0.8, c), Level::Easy);
        assert_eq!(Level::from_score(0.79, c), Level::Medium);
        assert_eq!(Level::from_score(0.5, c), Level::Medium);
        assert_eq!(Level::from_score(0.3, c), Level::Hard);
        assert_eq!(Level::from_score(0.0, c), Level::Expert);
        // Every shipped rule set has its own cut points, falling; others take their
        // patience's first.
        let mut keys = Vec::new();
        for p in registry::all() {
            for set in p.rule_sets().iter().filter(|s| measured(p, &s.name)) {
                let key = format!("{}/{}", p.name(), set.name);
                let c = CUTS.iter().find(|(k, _)| *k == key).expect(&key).1;
                assert!(c[0] > c[1] && c[1] > c[2] && c[2] > 0.0, "{key}");
                keys.push(key);
            }
            let first = &p.rule_sets()[0].name;
            assert_eq!(measured(p, "my-own.ron"), measured(p, first));
            assert_eq!(cuts(p, "my-own.ron"), cuts(p, first));
        }
        // Every cut point is some shipped rule set's.
        assert_eq!(keys.len(), CUTS.len(), "{keys:?}");
        // Measured by rule set: St. Helena's two each with its own cut points; Sly Fox, whose
        // deals the table's solver rarely proves winnable, not at all.
        let st_helena = registry::by_name("st-helena").unwrap();
        assert_ne!(
            cuts(st_helena, "st-helena-spaces"),
            cuts(st_helena, "st-helena")
        );
        let sly_fox = registry::by_name("sly-fox").unwrap();
        assert!(!measured(sly_fox, "sly-fox"));
        for l in Level::ALL {
            assert_eq!(Level::by_name(&l.name().to_uppercase()), Some(l));
        }
    }

    #[test]
    fn the_dice_are_our_own_and_never_change() {
        // SplitMix64's published first output for seed 0.
        assert_eq!(Dice::new(0).roll(), 0xe220_a839_7b1d_cdaf);
        let a = seed(DealNumber::new(7).unwrap(), 0, 3);
        assert_eq!(a, seed(DealNumber::new(7).unwrap(), 0, 3));
        assert_ne!(a, seed(DealNumber::new(8).unwrap(), 0, 3));
        assert_ne!(a, seed(DealNumber::new(7).unwrap(), 1, 3));
    }

    #[test]
    fn the_simple_player_tells_deals_apart() {
        // Over a handful of deals of every patience the simple player brings home more cards
        // of some than of others: a player that did alike everywhere would rate nothing.
        for p in registry::all() {
            let rules = p.rule_sets()[0].name.clone();
            let mut scores = Vec::new();
            for deal in 1..=12u128 {
                let game = p.new_game(&rules, DealNumber::new(deal).unwrap()).unwrap();
                scores.push(simple_player(game.as_ref(), 0, 4).1);
            }
            let (low, high) = scores
                .iter()
                .fold((1.0f64, 0.0f64), |(l, h), &s| (l.min(s), h.max(s)));
            assert!(low < high && high > 0.0, "{}: {scores:?}", p.name());
        }
    }

    #[test]
    fn the_simple_player_wins_easy_deals_of_every_patience() {
        // A simple player that never wins could not tell levels apart by its wins
        // (docs/difficulty.md): each patience's own easy deal is won now and then. Zodiac's
        // deal 11 is won in 10 games of 16 (its rule of thumb and its rarer strays).
        for (name, rules, deal) in [
            ("zodiac", "cadogan", 11),
            ("zodiac", "wikipedia", 564),
            ("klondike", "unlimited", 1),
            ("freecell", "freecell", 8),
        ] {
            let p = registry::by_name(name).unwrap();
            let game = p.new_game(rules, DealNumber::new(deal).unwrap()).unwrap();
            let (wins, _) = simple_player(game.as_ref(), 0, PLAYS);
            assert!(wins >= PLAYS / 4, "{name}/{rules} deal {deal}: {wins} wins");
        }
    }

    #[test]
    fn a_rating_is_the_same_every_time() {
        let p = registry::by_name("klondike").unwrap();
        let deal = DealNumber::new(3).unwrap();
        let a = rate(p, "unlimited", deal).unwrap();
        assert_eq!(a, rate(p, "unlimited", deal).unwrap());
    }
}
