//! The named rules (`named.rs`), each held against PySolFC's rule written out on plain lists:
//! a line that closes up with a card onto a match to its left (Accordion), cards out from
//! between a match (Royal Marriage), pairs by rank (Nestor), a win with cards left, and
//! Nestor's draw. Random games of each shipped file: after every move the table is the
//! model's, the legal moves are the model's, and every move taken back restores the deal.

use super::moves::{self, Illegal, Step};
use super::position::{DOWN, card};
use super::*;
use crate::cards::{Card, DealNumber};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn shipped_file(name: &str) -> &'static Compiled {
    shipped()
        .iter()
        .copied()
        .find(|c| c.file.name == name)
        .unwrap()
}

fn alike(a: Card, b: Card) -> bool {
    a.suit() == b.suit() || a.rank() == b.rank()
}

/// The line's cards, left to right (the line has no gap).
fn line_of(rules: &Compiled, p: &Position) -> Vec<Card> {
    let (first, count) = rules.named.line.unwrap();
    let cards: Vec<Card> = (first..first + count)
        .filter_map(|q| p.top(q).map(card))
        .collect();
    let dealt = (first..first + count).filter(|&q| !p.is_empty(q)).count();
    assert!(
        (first..first + dealt as u8).all(|q| p.len(q) == 1),
        "a gap in the line: {p:?}"
    );
    cards
}

/// Accordion as PySolFC's `Accordion2_RowStack` says it, on a list: card `i` onto card `j`
/// (one or three to its left, of its suit or rank), the covered card out, the line closed.
fn accordion_moves(line: &[Card]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for i in 0..line.len() {
        for d in [1, 3] {
            if i >= d && alike(line[i], line[i - d]) {
                out.push((i, i - d));
            }
        }
    }
    out
}

/// Royal Marriage as PySolFC's `PushPin_RowStack` says it: a card out when its neighbours
/// match (`None`), two side by side out when theirs do (`Some(other)`, either way).
fn marriage_moves(line: &[Card]) -> Vec<(usize, Option<usize>)> {
    let pair =
        |ps: isize, ns: usize| ps >= 0 && ns < line.len() && alike(line[ps as usize], line[ns]);
    let mut out = Vec::new();
    for i in 0..line.len() {
        if pair(i as isize - 1, i + 1) {
            out.push((i, None));
        }
        for j in [i.wrapping_sub(1), i + 1] {
            if j < line.len() && pair(i.min(j) as isize - 1, i.min(j) + 2) {
                out.push((i, Some(j)));
            }
        }
    }
    out
}

#[test]
fn accordion_plays_as_pysolfc_on_a_list() {
    let rules = shipped_file("accordion");
    let (first, _) = rules.named.line.unwrap();
    let mut rng = StdRng::seed_from_u64(772);
    for deal in 1..=30 {
        let start = deal::deal(rules, DealNumber::new(deal).unwrap());
        let mut p = start;
        let mut model = line_of(rules, &p);
        let mut played = Vec::new();
        let mut steps = Vec::new();
        loop {
            moves::legal(rules, &p, &mut steps);
            let theirs: Vec<Step> = accordion_moves(&model)
                .into_iter()
                .map(|(i, j)| Step {
                    from: first + i as u8,
                    to: first + j as u8,
                    count: 1,
                })
                .collect();
            assert_eq!(sorted(&steps), sorted(&theirs), "deal {deal}");
            let Some(&m) = steps.get(rng.random_range(0..steps.len().max(1))) else {
                break;
            };
            assert_eq!(moves::check(rules, &p, m), Ok(()));
            let done = moves::play(rules, &mut p, m);
            played.push((m, done));
            let (i, j) = (usize::from(m.from - first), usize::from(m.to - first));
            model[j] = model.remove(i);
            assert_eq!(line_of(rules, &p), model, "deal {deal}");
        }
        assert_eq!(
            moves::is_won(rules, &p),
            model.len() == 1,
            "won with one card left"
        );
        for (m, done) in played.into_iter().rev() {
            moves::undo(rules, &mut p, m, done);
        }
        assert_eq!(p, start, "deal {deal} taken back");
    }
    // A card refused: too far, and no match.
    let p = deal::deal(rules, DealNumber::new(1).unwrap());
    let line = line_of(rules, &p);
    let far = Step {
        from: first + 2,
        to: first,
        count: 1,
    };
    assert_eq!(moves::check(rules, &p, far), Err(Illegal::NotThatFar));
    let i = (1..line.len())
        .find(|&i| !alike(line[i], line[i - 1]))
        .unwrap();
    let unlike = Step {
        from: first + i as u8,
        to: first + i as u8 - 1,
        count: 1,
    };
    assert_eq!(moves::check(rules, &p, unlike), Err(Illegal::NoMatch));
}

#[test]
fn royal_marriage_plays_as_pysolfc_on_a_list() {
    let rules = shipped_file("royal-marriage");
    let (first, _) = rules.named.line.unwrap();
    let discard = rules.named.discard.unwrap();
    let mut rng = StdRng::seed_from_u64(288);
    for deal in 1..=30 {
        let start = deal::deal(rules, DealNumber::new(deal).unwrap());
        let mut p = start;
        let mut model = line_of(rules, &p);
        assert_eq!(model[0], Card::parse("QH").unwrap());
        assert_eq!(model[51], Card::parse("KH").unwrap());
        let mut played = Vec::new();
        let mut steps = Vec::new();
        loop {
            moves::legal(rules, &p, &mut steps);
            let theirs: Vec<Step> = marriage_moves(&model)
                .into_iter()
                .map(|(i, j)| Step {
                    from: first + i as u8,
                    to: j.map_or(discard, |j| first + j as u8),
                    count: 1,
                })
                .collect();
            assert_eq!(sorted(&steps), sorted(&theirs), "deal {deal}");
            let Some(&m) = steps.get(rng.random_range(0..steps.len().max(1))) else {
                break;
            };
            let done = moves::play(rules, &mut p, m);
            played.push((m, done));
            let i = usize::from(m.from - first);
            if m.to == discard {
                model.remove(i);
            } else {
                let lo = i.min(usize::from(m.to - first));
                model.drain(lo..lo + 2);
            }
            assert_eq!(line_of(rules, &p), model, "deal {deal}");
        }
        assert_eq!(moves::is_won(rules, &p), model.len() == 2);
        for (m, done) in played.into_iter().rev() {
            moves::undo(rules, &mut p, m, done);
        }
        assert_eq!(p, start, "deal {deal} taken back");
    }
}

#[test]
fn nestor_pairs_free_cards_of_a_rank_and_deals_no_rank_twice_in_a_column() {
    let rules = shipped_file("nestor");
    let discard = rules.named.discard.unwrap();
    let columns: Vec<u8> = rules.group_piles(rules.group("column").unwrap()).collect();
    let mut rng = StdRng::seed_from_u64(235);
    for deal in (1..=40).chain([31_999, 32_000, 123_456, 1_000_000]) {
        let start = deal::deal(rules, DealNumber::new(deal).unwrap());
        for &c in &columns {
            let mut ranks: Vec<u8> = start.pile(c).iter().map(|&b| card(b).rank()).collect();
            assert_eq!(ranks.len(), 6);
            ranks.sort();
            ranks.dedup();
            assert_eq!(ranks.len(), 6, "deal {deal}: a rank twice in a column");
        }
        let mut p = start;
        let mut played = Vec::new();
        let mut steps = Vec::new();
        loop {
            moves::legal(rules, &p, &mut steps);
            // Every two free cards of a rank, either way round; nothing else.
            let free: Vec<(u8, Card)> = (0..rules.piles.len() as u8)
                .filter(|&q| q != discard)
                .filter_map(|q| p.top(q).map(|b| (q, card(b))))
                .collect();
            let mut theirs = Vec::new();
            for &(a, x) in &free {
                for &(b, y) in &free {
                    if a != b && x.rank() == y.rank() {
                        theirs.push(Step {
                            from: a,
                            to: b,
                            count: 1,
                        });
                    }
                }
            }
            assert_eq!(sorted(&steps), sorted(&theirs), "deal {deal}");
            let Some(&m) = steps.get(rng.random_range(0..steps.len().max(1))) else {
                break;
            };
            let before = p.len(discard);
            played.push((m, moves::play(rules, &mut p, m)));
            assert_eq!(p.len(discard), before + 2);
        }
        assert_eq!(moves::is_won(rules, &p), p.len(discard) == 52);
        for (m, done) in played.into_iter().rev() {
            moves::undo(rules, &mut p, m, done);
        }
        assert_eq!(p, start, "deal {deal} taken back");
    }
    // Two cards of different ranks do not pair; a card onto the discard is no pair.
    let p = deal::deal(rules, DealNumber::new(1).unwrap());
    let (a, b) = (columns[0], columns[1]);
    assert_ne!(
        card(p.top(a).unwrap()).rank(),
        card(p.top(b).unwrap()).rank()
    );
    let m = Step {
        from: a,
        to: b,
        count: 1,
    };
    assert_eq!(moves::check(rules, &p, m), Err(Illegal::NotAPair));
    let home = Step {
        from: a,
        to: discard,
        count: 1,
    };
    assert_eq!(moves::check(rules, &p, home), Err(Illegal::DoesNotTake));
}

/// A file whose named rules do not hold together is refused, naming the rule.
#[test]
fn named_rules_that_cannot_work_are_refused() {
    let file = |groups: &str, named: &str| {
        let text = format!(
            "(name: \"test\", title: \"Test\", summary: \"\", rules: \"\", \
             groups: [{groups}], deal: (steps: [Row(group: \"line\")]), \
             layout: [(groups: [(group: \"line\", last: Some(26))]), \
             (groups: [(group: \"line\", first: Some(26))]), (groups: [(group: \"out\")])], \
             named: [{named}])"
        );
        parse("test.ron", &text).err().unwrap_or_default()
    };
    let line = "(name: \"line\", kind: Cell, count: Some(52), takes: Some(Nothing))";
    let out = "(name: \"out\", kind: Discard, takes: Some(Nothing))";
    let taking = "(name: \"line\", kind: Cell, count: Some(52))";
    assert!(file(&format!("{taking}, {out}"), "LineClosesUp(\"line\")").contains("take none"));
    assert!(
        file(
            &format!("{line}, {out}"),
            "OntoMatchLeft(group: \"line\", by: [1])"
        )
        .contains("must be the line")
    );
    let no_discard = "(name: \"out\", kind: Foundation, count: Some(4), suits: Some(\"CSHD\"))";
    assert!(
        file(
            &format!("{line}, {no_discard}"),
            "LineClosesUp(\"line\"), OutBetweenMatches(\"line\")"
        )
        .contains("there is none")
    );
    assert_eq!(
        file(
            &format!("{line}, {out}"),
            "LineClosesUp(\"line\"), OutBetweenMatches(\"line\")"
        ),
        ""
    );
}

fn sorted(steps: &[Step]) -> Vec<(u8, u8, u8)> {
    let mut v: Vec<_> = steps.iter().map(|s| (s.from, s.to, s.count)).collect();
    v.sort();
    v
}

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
