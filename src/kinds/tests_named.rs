//! The named rules (`named/`) that move cards, each held against PySolFC's rule written out
//! on plain lists: a line that closes up with a card onto a match to its left (Accordion),
//! cards out from between a match (Royal Marriage), pairs by rank (Nestor), a win with cards
//! left, and Nestor's draw. Random games of each shipped file: after every move the table is
//! the model's, the legal moves are the model's, and every move taken back restores the deal.
//! The rules of piles and stocks are in `tests_named_piles`.

use super::moves::{self, Illegal, Step};
use super::position::card;
use super::*;
use crate::cards::{Card, DealNumber};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

pub(super) fn shipped_file(name: &str) -> &'static Compiled {
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
