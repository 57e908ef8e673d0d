//! The named rules (`named/`) of piles and stocks, on random games of the shipped files that
//! use them, each game taken back to its deal: St. Helena's first round, Tournament's refill
//! and its Ace or King among the first cards, British Constitution's refills one after the
//! other and its bands, Salic Law's stock onto the newest column and its foundations opened
//! by their columns.

use super::moves::{self, Illegal, Step};
use super::position::{DOWN, card};
use super::tests_named::shipped_file;
use super::*;
use crate::cards::{Card, DealNumber};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// St. Helena's first deal: the top four piles give nothing to the Ace foundations, the bottom
/// four nothing to the King foundations; from the second deal on, any pile gives to any.
#[test]
fn a_foundation_refuses_some_piles_in_the_first_round_only() {
    let rules = shipped_file("st-helena");
    let deal = deal::deal(rules, DealNumber::new(1).unwrap());
    let piles: Vec<u8> = rules.group_piles(rules.group("pile").unwrap()).collect();
    let kings: Vec<u8> = rules.group_piles(rules.group("king").unwrap()).collect();
    let aces: Vec<u8> = rules.group_piles(rules.group("ace").unwrap()).collect();
    // `card` on top of pile `to_pile`, taken from wherever its first copy lies.
    let with_on_top = |name: &str, to_pile: u8| {
        let b = Card::parse(name).unwrap().index();
        let mut lists: Vec<Vec<u8>> = (0..deal.piles() as u8)
            .map(|q| deal.pile(q).to_vec())
            .collect();
        let q = piles
            .iter()
            .copied()
            .find(|&q| lists[usize::from(q)].contains(&b))
            .unwrap();
        let i = lists[usize::from(q)].iter().position(|&x| x == b).unwrap();
        lists[usize::from(q)].remove(i);
        lists[usize::from(to_pile)].push(b);
        let mut p = Position::empty(deal.piles());
        for (q, cards) in lists.iter().enumerate() {
            for &c in cards {
                p.push(q as u8, c);
            }
        }
        p
    };
    // 2♣ onto A♣ (an Ace foundation) from the first pile; Q♣ onto K♣ from the seventh.
    for (card, pile, home) in [("2C", piles[0], aces[0]), ("QC", piles[6], kings[0])] {
        let mut p = with_on_top(card, pile);
        let m = Step {
            from: pile,
            to: home,
            count: 1,
        };
        let mut steps = Vec::new();
        moves::legal(rules, &p, &mut steps);
        assert_eq!(
            moves::check(rules, &p, m),
            Err(Illegal::NotInFirstRound),
            "{card}"
        );
        assert!(!steps.contains(&m));
        p.round = 2;
        moves::legal(rules, &p, &mut steps);
        assert_eq!(moves::check(rules, &p, m), Ok(()), "{card}");
        assert!(steps.contains(&m));
        // The same card from a pile the rule does not name goes home in the first round.
        let mut q = with_on_top(card, piles[4]);
        q.round = 1;
        let m = Step {
            from: piles[4],
            to: home,
            count: 1,
        };
        assert_eq!(moves::check(rules, &q, m), Ok(()), "{card}");
    }
}

/// St. Helena's second rule set (the page's "any card on a space"): the same table, a space
/// that takes any card; a patience of two rule sets, each its own name in Settings, the
/// statistics and a saved game.
#[test]
fn st_helenas_second_rule_set_fills_a_space_and_keeps_its_name() {
    use crate::patience::Patience as _;
    let first = shipped_file("st-helena");
    let patience = super::patience::FilePatience::of(first);
    let names: Vec<String> = patience.rule_sets().into_iter().map(|r| r.name).collect();
    assert_eq!(names, ["st-helena", "st-helena-spaces"]);
    let listed = super::patience::patiences();
    assert_eq!(listed.iter().filter(|p| p.name() == "st-helena").count(), 1);
    assert!(!listed.iter().any(|p| p.name() == "st-helena-spaces"));
    let spaces = shipped()
        .iter()
        .copied()
        .find(|c| c.file.rule_set_name() == "st-helena-spaces")
        .unwrap();
    assert!(std::ptr::eq(
        super::patience::FilePatience::of(spaces),
        patience
    ));
    // Pile 0's cards put on pile 1: a space; pile 2's top card onto it.
    let deal = deal::deal(first, DealNumber::new(1).unwrap());
    let piles: Vec<u8> = first.group_piles(first.group("pile").unwrap()).collect();
    let mut p = Position::empty(deal.piles());
    for q in 0..deal.piles() as u8 {
        let to = if q == piles[0] { piles[1] } else { q };
        for &b in deal.pile(q) {
            p.push(to, b);
        }
    }
    p.round = 2;
    let m = Step {
        from: piles[2],
        to: piles[0],
        count: 1,
    };
    assert!(
        moves::check(first, &p, m).is_err(),
        "a space stays empty in the first"
    );
    assert_eq!(moves::check(spaces, &p, m), Ok(()));
    let mut steps = Vec::new();
    moves::legal(spaces, &p, &mut steps);
    assert!(steps.contains(&m));
    // A game under it says so, counts apart, and comes back from its record under it.
    let deal = DealNumber::new(5).unwrap();
    let game = patience.new_game("st-helena-spaces", deal).unwrap();
    assert_eq!(game.rule_set().name, "st-helena-spaces");
    assert_eq!(game.rule_set().title, "Spaces filled");
    assert_eq!(game.statistics_key(), "st-helena-spaces");
    let plain = patience.new_game("", deal).unwrap();
    assert_eq!(plain.statistics_key(), "st-helena");
    let back = patience.load(&game.record()).unwrap();
    assert_eq!(back.rule_set().name, "st-helena-spaces");
    assert!(patience.new_game("st-helena-nowhere", deal).is_err());
    // `zodiac winrate --rules st-helena-spaces` decides under that rule set: as a game of it
    // does (deal 257: won quickly where a space stays empty, not so where it fills).
    for set in ["st-helena", "st-helena-spaces"] {
        let effort = crate::patience::Effort {
            budget: Some(20_000),
            ..Default::default()
        };
        let mut words = Vec::new();
        patience
            .decide_range(set, (257, 257), 1, effort, &mut |d| words.push(d.word))
            .unwrap();
        let game = patience
            .new_game(set, DealNumber::new(257).unwrap())
            .unwrap();
        let text = game.solve_text(Some(20_000)).unwrap();
        assert_eq!(words, [text.split_whitespace().next().unwrap()], "{set}");
    }
}

/// Tournament: every deal holds an Ace or a King among the eight free cells (PySolFC's hook
/// puts one there); a pile a move empties gets the stock's next four cards at once, face up,
/// and taking the move back puts them back in the stock.
#[test]
fn an_emptied_pile_is_refilled_from_the_stock_and_a_deal_starts_with_an_ace_or_a_king() {
    let rules = shipped_file("tournament");
    let cells: Vec<u8> = rules.group_piles(rules.group("cell").unwrap()).collect();
    let piles: Vec<u8> = rules.group_piles(rules.group("pile").unwrap()).collect();
    let stock = rules.stock.unwrap();
    let mut refilled = 0;
    let mut rng = StdRng::seed_from_u64(303);
    for deal in 1..=300 {
        let start = deal::deal(rules, DealNumber::new(deal).unwrap());
        assert!(
            cells
                .iter()
                .any(|&c| matches!(card(start.top(c).unwrap()).rank(), 1 | 13)),
            "deal {deal}: no Ace or King in the free cells"
        );
        let mut p = start;
        let mut played = Vec::new();
        let mut steps = Vec::new();
        for _ in 0..200 {
            moves::legal(rules, &p, &mut steps);
            // Mostly a pile's card (to empty piles), else any move.
            let from_piles: Vec<Step> = steps
                .iter()
                .copied()
                .filter(|s| s.count > 0 && piles.contains(&s.from))
                .collect();
            let pick = if !from_piles.is_empty() && rng.random_bool(0.9) {
                &from_piles
            } else {
                &steps
            };
            let Some(&m) = pick.get(rng.random_range(0..pick.len().max(1))) else {
                break;
            };
            let before = p.len(stock);
            let done = moves::play(rules, &mut p, m);
            played.push((m, done));
            if m.count > 0 && piles.contains(&m.from) && done.refilled[0] > 0 {
                refilled += 1;
                assert_eq!(usize::from(done.refilled[0]), before.min(4));
                assert_eq!(p.len(m.from), usize::from(done.refilled[0]));
                assert!(p.pile(m.from).iter().all(|&b| b & DOWN == 0));
            }
            if !p.is_empty(stock) {
                assert!(piles.iter().all(|&q| !p.is_empty(q)), "deal {deal}: {p:?}");
            }
        }
        for (m, done) in played.into_iter().rev() {
            moves::undo(rules, &mut p, m, done);
        }
        assert_eq!(p, start, "deal {deal} taken back");
    }
    assert!(refilled > 20, "only {refilled} refills seen");
}

/// British Constitution: a bottom pile emptied takes the waste's card at once, and an empty
/// waste the stock's next card, one after the other; a pile takes cards only from the band
/// below it; all taken back exactly.
#[test]
fn refills_follow_one_another_and_each_band_takes_from_the_one_below() {
    let rules = shipped_file("british-constitution");
    let band = |name: &str| -> Vec<u8> { rules.group_piles(rules.group(name).unwrap()).collect() };
    let (top, second, bottom) = (band("top band"), band("second band"), band("bottom band"));
    let (stock, waste) = (rules.stock.unwrap(), rules.waste.unwrap());
    let mut rng = StdRng::seed_from_u64(391);
    let (mut chained, mut moves_seen) = (0, 0);
    for deal in 1..=200 {
        let start = deal::deal(rules, DealNumber::new(deal).unwrap());
        assert_eq!(start.len(waste), 1);
        let mut p = start;
        let mut played = Vec::new();
        let mut steps = Vec::new();
        for _ in 0..300 {
            moves::legal(rules, &p, &mut steps);
            for m in steps.iter().filter(|m| m.count > 0) {
                moves_seen += 1;
                let ok = if top.contains(&m.to) {
                    second.contains(&m.from)
                } else if bottom.contains(&m.to) {
                    m.from == waste
                } else if second.contains(&m.to) {
                    band("third band").contains(&m.from)
                } else if rules.piles[usize::from(m.to)].kind.is_home() {
                    top.contains(&m.from)
                } else {
                    bottom.contains(&m.to) || band("third band").contains(&m.to)
                };
                assert!(ok, "deal {deal}: {m:?} from the wrong band");
            }
            let Some(&m) = steps.get(rng.random_range(0..steps.len().max(1))) else {
                break;
            };
            let done = moves::play(rules, &mut p, m);
            if done.refilled[1] > 0 {
                chained += 1;
            }
            played.push((m, done));
            if !p.is_empty(stock) {
                assert!(!p.is_empty(waste), "deal {deal}: the waste left empty");
            }
            if !p.is_empty(waste) {
                assert!(bottom.iter().all(|&q| !p.is_empty(q)), "deal {deal}: {p:?}");
            }
        }
        for (m, done) in played.into_iter().rev() {
            moves::undo(rules, &mut p, m, done);
        }
        assert_eq!(p, start, "deal {deal} taken back");
    }
    assert!(
        moves_seen > 1000 && chained > 10,
        "{moves_seen} moves, {chained} chained refills"
    );
}

/// Salic Law: the stock's card goes onto the newest column, a King onto the next empty one;
/// a foundation takes cards only once its column has started; a column's King never moves;
/// the game is won with the eight Kings left; all taken back exactly.
#[test]
fn the_stock_deals_onto_the_newest_column_and_a_column_opens_its_foundation() {
    let rules = shipped_file("salic-law");
    let columns: Vec<u8> = rules.group_piles(rules.group("column").unwrap()).collect();
    let homes: Vec<u8> = rules
        .group_piles(rules.group("foundation").unwrap())
        .collect();
    let stock = rules.stock.unwrap();
    let started = |p: &Position| columns.iter().filter(|&&c| !p.is_empty(c)).count();
    let mut rng = StdRng::seed_from_u64(299);
    let mut kings = 0;
    for deal in 1..=100 {
        let start = deal::deal(rules, DealNumber::new(deal).unwrap());
        let mut p = start;
        let mut played = Vec::new();
        let mut steps = Vec::new();
        for _ in 0..400 {
            moves::legal(rules, &p, &mut steps);
            for m in steps.iter().filter(|m| m.count > 0) {
                // Never a King off its column's bottom; a foundation only of a started column.
                assert!(p.len(m.from) > 1 || !columns.contains(&m.from), "{m:?}");
                if let Some(i) = homes.iter().position(|&h| h == m.to) {
                    assert!(
                        !p.is_empty(columns[i]),
                        "deal {deal}: {m:?} before its column"
                    );
                }
            }
            let click = steps.iter().copied().find(|m| m.count == 0);
            let m = match click {
                Some(c) if rng.random_bool(0.5) => c,
                _ => match steps.get(rng.random_range(0..steps.len().max(1))) {
                    Some(&m) => m,
                    None => break,
                },
            };
            let before = started(&p);
            let card = p.top(stock).map(|b| card(b & !DOWN));
            played.push((m, moves::play(rules, &mut p, m)));
            if m.count == 0 {
                let card = card.unwrap();
                let newest = columns[started(&p) - 1];
                assert_eq!(p.top(newest).map(super::position::card), Some(card));
                if card.rank() == 13 {
                    kings += 1;
                    assert_eq!(started(&p), before + 1, "a King starts a column");
                } else {
                    assert_eq!(started(&p), before);
                }
            }
        }
        for (m, done) in played.into_iter().rev() {
            moves::undo(rules, &mut p, m, done);
        }
        assert_eq!(p, start, "deal {deal} taken back");
    }
    assert!(kings > 50, "{kings} Kings dealt");
    // An Ace dealt onto a column: the foundation of a column not started refuses it, the first
    // foundation (its column holds the first King) takes it.
    let mut p = deal::deal(rules, DealNumber::new(1).unwrap());
    let click = Step {
        from: stock,
        to: stock,
        count: 0,
    };
    while p.top(stock).is_some_and(|b| card(b).rank() != 1) {
        moves::play(rules, &mut p, click);
    }
    moves::play(rules, &mut p, click);
    let from = columns[started(&p) - 1];
    let unopened = homes[started(&p)];
    let m = |to| Step { from, to, count: 1 };
    assert_eq!(
        moves::check(rules, &p, m(unopened)),
        Err(Illegal::NotOpenYet)
    );
    assert_eq!(moves::check(rules, &p, m(homes[0])), Ok(()));
}
