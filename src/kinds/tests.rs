//! The files and the engine: every file sound, every deal exactly PySolFC's (the tables its own
//! code deals, `tests/pysol/`, made by `scripts/pysol-deals`), moves undone exactly.

use super::file::Kind;
use super::position::DOWN;
use super::*;
use crate::cards::DealNumber;
use std::collections::BTreeMap;

fn every() -> Vec<(&'static str, Compiled)> {
    SHIPPED
        .iter()
        .chain(PROOFS)
        .map(|&(name, text)| (name, parse(name, text).unwrap()))
        .collect()
}

/// PySolFC's tables for a game: deal number → stack name → cards as it prints them.
fn pysol_tables(file: &str) -> BTreeMap<u128, BTreeMap<String, String>> {
    let path = format!("{}/tests/pysol/{file}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut tables = BTreeMap::new();
    let mut deal = 0;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# id ") {
            deal = rest.split(" deal ").nth(1).unwrap().parse().unwrap();
        } else if let Some((name, cards)) = line.split_once(':')
            && !line.starts_with('#')
        {
            let entry: &mut BTreeMap<String, String> = tables.entry(deal).or_default();
            entry.insert(name.to_string(), cards.trim().to_string());
        }
    }
    tables
}

/// Our deal in PySolFC's words.
fn as_pysol(rules: &Compiled, p: &Position) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for (i, pile) in rules.piles.iter().enumerate() {
        let Some(attr) = &rules.file.groups[usize::from(pile.group)].pysol else {
            continue;
        };
        let name = if matches!(pile.kind, Kind::Stock | Kind::Waste) {
            attr.clone()
        } else if let Some((stacks, slice)) = attr.strip_suffix(']').and_then(|a| a.split_once('['))
        {
            // Every `step`th stack from `first` (Python's `foundations[1::2]`).
            let (first, step) = slice.split_once("::").expect("first::step");
            let (first, step): (usize, usize) = (first.parse().unwrap(), step.parse().unwrap());
            let k = counts.entry(attr.clone()).or_default();
            *k += 1;
            format!("{stacks}[{}]", first + (*k - 1) * step)
        } else {
            let k = counts.entry(attr.clone()).or_default();
            *k += 1;
            format!("{attr}[{}]", *k - 1)
        };
        let mut cards: Vec<u8> = p.pile(i as u8).to_vec();
        // PySolFC prints its talon from the next card; a stock that is its reserve (as
        // Intelligence's) bottom first.
        if pile.kind == Kind::Stock && attr == "talon" {
            cards.reverse();
        }
        let words: Vec<String> = cards
            .iter()
            .map(|&b| {
                let c = position::card(b);
                if b & DOWN != 0 {
                    format!("({c})")
                } else {
                    c.to_string()
                }
            })
            .collect();
        out.insert(name, words.join(" "));
    }
    if p.base > 0 {
        out.insert("base_rank".into(), (p.base - 1).to_string());
    }
    out
}

#[test]
fn every_file_deals_exactly_as_pysolfc_deals_it() {
    for (name, rules) in every() {
        let reference = match name {
            n if n.starts_with("klondike") => "klondike",
            n => n,
        };
        let tables = pysol_tables(reference);
        assert_eq!(tables.len(), 7, "{name}");
        for (deal, table) in tables {
            let p = deal::deal(&rules, DealNumber::new(deal).unwrap());
            let mut ours = as_pysol(&rules, &p);
            // A stock PySolFC has and the file does not need (FreeCell's dealt-out talon).
            let mut theirs = table;
            if !ours.contains_key("talon") && theirs.get("talon").is_some_and(String::is_empty) {
                theirs.remove("talon");
            }
            // PySolFC's hidden stack through which two cards swap (Virginia Reel): no pile.
            if theirs.get("internals[0]").is_some_and(String::is_empty) {
                theirs.remove("internals[0]");
            }
            if name == "klondike-draw-three" {
                // Three cards turned at the start instead of one: compare the rest.
                ours.remove("talon");
                ours.remove("waste");
                theirs.remove("talon");
                theirs.remove("waste");
            }
            assert_eq!(ours, theirs, "{name} deal {deal}");
        }
    }
}

#[test]
fn every_file_deals_the_whole_pack_once() {
    for (name, rules) in every() {
        for deal in [1, 31999, 32000, 1_000_000] {
            let p = deal::deal(&rules, DealNumber::new(deal).unwrap());
            let mut seen = [0u8; 52];
            for pile in 0..rules.piles.len() as u8 {
                for &b in p.pile(pile) {
                    seen[usize::from(b & !DOWN)] += 1;
                }
            }
            let ranks = rules.file.ranks.unwrap_or(13);
            for (i, &n) in seen.iter().enumerate() {
                let dealt = ((i % 13) as u8) < ranks;
                assert_eq!(n, if dealt { rules.decks } else { 0 }, "{name} deal {deal}");
            }
        }
    }
}

#[test]
fn every_file_lays_out_every_pile_from_1024x640_to_4k() {
    use crate::patience::layout::checks::at_every_size;
    for &c in shipped() {
        at_every_size(
            |w, h, s| layout::layout(c, w, h, s),
            |l| {
                for pile in &c.piles {
                    assert!(
                        l.has(pile.place),
                        "{} lays out no {:?}",
                        c.file.name,
                        pile.place
                    );
                }
                // Cards a player can read: at the smallest window, 60 pixels tall at least.
                if l.width <= 1024.0 && l.height <= 640.0 {
                    assert!(l.card_h >= 60.0, "{}: cards {} tall", c.file.name, l.card_h);
                }
            },
        );
    }
}

/// St. Helena's deal alone (its play needs kinds still to come): PySolFC's
/// `_shuffleHookMoveToBottom`, Kings first, puts the first pack's Kings and Aces last, dealt to
/// the foundations.
#[test]
fn a_hook_moves_cards_to_the_bottom_as_pysolfc_does() {
    let rows = (0..8)
        .map(|_| "Row(group: \"pile\")")
        .collect::<Vec<_>>()
        .join(", ");
    let text = format!(
        r#"(
    name: "st-helena-deal", title: "St. Helena's deal", summary: "", rules: "", decks: Some(2),
    groups: [
        (name: "pile", kind: Tableau, count: Some(12), shown: Some(Squared), build: Some(AnySuit),
            dir: Some(Either), moves: Some(One), pysol: Some("rows")),
        (name: "foundation", kind: Foundation, count: Some(8), suits: Some("CSHD"), pysol: Some("foundations")),
    ],
    deal: (
        hooks: [(cards: ["A", "K"], first_deck: true, key: RankDownThenSuit, to: Bottom)],
        steps: [{rows}, Row(group: "foundation")],
    ),
    layout: [
        (groups: [(group: "foundation")]),
        (groups: [(group: "pile", last: Some(6))]),
        (groups: [(group: "pile", first: Some(6))]),
    ],
)"#
    );
    let rules = parse("st-helena-deal", &text).unwrap();
    for (deal, mut theirs) in pysol_tables("st-helena") {
        let p = deal::deal(&rules, DealNumber::new(deal).unwrap());
        assert_eq!(theirs.remove("talon").as_deref(), Some(""));
        assert_eq!(as_pysol(&rules, &p), theirs, "deal {deal}");
    }
}

/// Intelligence's redeals shuffle with PySolFC's random numbers carried on from the deal, and
/// its Aces go home as they are dealt: `tests/pysol/intelligence-redeals.txt` is PySolFC's own
/// code playing each deal round by round (home moves, then a card of the shortest fan onto
/// another, at most 40 a round, each emptied fan refilled; then the talon's redeal), and we
/// play the same moves through our rules: every table alike, and each move taken back exactly.
#[test]
fn intelligence_redeals_and_refills_as_pysolfc_does() {
    let path = format!(
        "{}/tests/pysol/intelligence-redeals.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let mut tables: Vec<(String, BTreeMap<String, String>)> = Vec::new();
    for line in text.lines() {
        if let Some(title) = line.strip_prefix("# id 227 ") {
            tables.push((title.to_string(), BTreeMap::new()));
        } else if let Some((name, cards)) = line.split_once(':')
            && !line.starts_with('#')
        {
            let (_, table) = tables.last_mut().expect("a title first");
            table.insert(name.to_string(), cards.trim().to_string());
        }
    }
    assert_eq!(tables.len(), 42, "seven deals, three rounds each");
    let rules = parse(
        "intelligence",
        include_str!("../../assets/patiences/intelligence.ron"),
    )
    .unwrap();
    let fans: Vec<u8> = rules.group_piles(rules.group("fan").unwrap()).collect();
    let homes: Vec<u8> = rules.foundations().collect();
    let mut p = Position::empty(0);
    let mut round = 0;
    let mut redeals = 0;
    for (title, mut theirs) in tables {
        // PySolFC's talon is empty between redeals: our stock is its reserve.
        assert_eq!(theirs.remove("talon").as_deref(), Some(""), "{title}");
        let words: Vec<&str> = title.split(' ').collect();
        match words[..] {
            ["deal", n] => {
                p = deal::deal(&rules, DealNumber::new(n.parse().unwrap()).unwrap());
                round = 1;
            }
            ["deal", _, "home", "round", r] => {
                assert_eq!(r.parse::<u8>().unwrap(), round);
                let mut shifts = 0;
                loop {
                    let legal = |p: &Position, from: u8, to: u8| {
                        let m = Step { from, to, count: 1 };
                        (!p.is_empty(from) && moves::check(&rules, p, m).is_ok()).then_some(m)
                    };
                    let home = fans
                        .iter()
                        .find_map(|&r| homes.iter().find_map(|&f| legal(&p, r, f)));
                    let shift = || {
                        let mut by_len: Vec<u8> =
                            fans.iter().copied().filter(|&r| !p.is_empty(r)).collect();
                        by_len.sort_by_key(|&r| (p.len(r), r));
                        by_len.into_iter().find_map(|r| {
                            fans.iter()
                                .find_map(|&t| (t != r).then(|| legal(&p, r, t)).flatten())
                        })
                    };
                    let Some(m) = home.or_else(|| (shifts < 40).then(shift).flatten()) else {
                        break;
                    };
                    if home.is_none() {
                        shifts += 1;
                    }
                    let before = p;
                    let done = moves::play(&rules, &mut p, m);
                    let mut back = p;
                    moves::undo(&rules, &mut back, m, done);
                    assert_eq!(back, before, "{title}: {m:?} taken back");
                }
            }
            ["deal", _, "redeal", "round", r] => {
                let click = Step {
                    from: rules.stock.unwrap(),
                    to: rules.stock.unwrap(),
                    count: 0,
                };
                assert_eq!(moves::check(&rules, &p, click), Ok(()), "{title}");
                let before = p;
                let done = moves::play(&rules, &mut p, click);
                let mut back = p;
                moves::undo(&rules, &mut back, click, done);
                assert_eq!(back, before, "{title}: the redeal taken back");
                round += 1;
                redeals += 1;
                assert_eq!(r.parse::<u8>().unwrap(), round);
            }
            _ => panic!("{title}"),
        }
        assert_eq!(as_pysol(&rules, &p), theirs, "{title}");
    }
    assert_eq!(redeals, 14);
}
