//! The kinds' parameters that no shipped file uses yet, on small files of their own: a step of
//! k ranks, any card on any card, a discard, and a stock that gathers piles to deal again
//! (St. Helena's and Tournament's ways, checked against PySolFC's algorithm written out).

use super::moves::{self, Illegal, Step};
use super::position::DOWN;
use super::takes::next_ranks;
use super::*;
use crate::cards::DealNumber;
use file::Dir;

/// A file of the piles given, on a table of one row a group, dealt by the steps given.
fn file(groups: &str, steps: &str, rows: &[&str]) -> Compiled {
    let layout: Vec<String> = rows
        .iter()
        .map(|g| format!("(groups: [(group: \"{g}\")])"))
        .collect();
    let text = format!(
        "(name: \"test\", title: \"Test\", summary: \"\", rules: \"\", decks: Some(1), \
         groups: [{groups}], deal: (steps: [{steps}]), layout: [{}])",
        layout.join(", ")
    );
    parse("test.ron", &text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_step_of_k_ranks_goes_up_down_and_round() {
    let bits = |ranks: &[u8]| ranks.iter().fold(0u16, |b, &r| b | 1 << r);
    assert_eq!(next_ranks(1, Dir::Up, false, 1), bits(&[2]));
    assert_eq!(next_ranks(1, Dir::Up, false, 2), bits(&[3]));
    assert_eq!(next_ranks(12, Dir::Up, false, 2), 0);
    assert_eq!(next_ranks(12, Dir::Up, true, 2), bits(&[1]));
    assert_eq!(next_ranks(13, Dir::Up, true, 1), bits(&[1]));
    assert_eq!(next_ranks(1, Dir::Down, true, 1), bits(&[13]));
    assert_eq!(next_ranks(2, Dir::Down, false, 2), 0);
    assert_eq!(next_ranks(7, Dir::Either, false, 3), bits(&[4, 10]));
    assert_eq!(next_ranks(2, Dir::Either, true, 4), bits(&[6, 11]));
}

/// A discard takes any card, in any order, gives none back, and the game is won when every
/// card is there; a tableau pile building by twos takes a card two ranks up.
#[test]
fn a_discard_takes_any_card_and_keeps_it_and_a_pile_builds_by_twos() {
    let rules = file(
        "(name: \"discard\", kind: Discard), \
         (name: \"piles\", kind: Tableau, count: Some(13), build: Some(AnySuit), dir: Some(Up), \
          step: Some(2), moves: Some(One), takes: Some(One))",
        "Row(group: \"piles\"), Row(group: \"piles\"), Row(group: \"piles\"), \
         Row(group: \"piles\")",
        &["discard", "piles"],
    );
    assert_eq!(rules.piles[0].place, crate::patience::Place::Foundation(0));
    let mut p = deal::deal(&rules, DealNumber::new(7).unwrap());
    let mut steps = Vec::new();
    moves::legal(&rules, &p, &mut steps);
    for q in 1..=13u8 {
        assert!(
            steps.contains(&Step {
                from: q,
                to: 0,
                count: 1
            }),
            "pile {q}'s card goes to the discard"
        );
    }
    // Two ranks apart, and only so, between the piles.
    for s in steps.iter().filter(|s| s.to != 0) {
        let (a, b) = (p.top(s.to).unwrap(), p.top(s.from).unwrap());
        assert_eq!(takes::rank(b), takes::rank(a) + 2, "{s:?}");
    }
    let to_discard = Step {
        from: 1,
        to: 0,
        count: 1,
    };
    moves::play(&rules, &mut p, to_discard);
    assert_eq!(
        moves::check(
            &rules,
            &p,
            Step {
                from: 0,
                to: 1,
                count: 1
            }
        ),
        Err(Illegal::StaysPut)
    );
    // Everything discarded, in any order: won.
    for q in 1..=13u8 {
        while !p.is_empty(q) {
            moves::check(
                &rules,
                &p,
                Step {
                    from: q,
                    to: 0,
                    count: 1,
                },
            )
            .unwrap();
            moves::play(
                &rules,
                &mut p,
                Step {
                    from: q,
                    to: 0,
                    count: 1,
                },
            );
        }
    }
    assert!(moves::is_won(&rules, &p));
    // A discard that gives back is refused.
    let broken = parse(
        "broken.ron",
        "(name: \"b\", title: \"B\", summary: \"\", rules: \"\", \
          groups: [(name: \"d\", kind: Discard, moves: Some(One)), (name: \"s\", kind: Stock)], \
          deal: (steps: []), layout: [(groups: [(group: \"d\")])])",
    );
    assert!(broken.unwrap_err().contains("a discard gives nothing back"));
}

/// PySolFC's gather and deal written out on lists, bottom first: the piles, last first when
/// asked, each taken card by card from its top onto the talon; the talon turned over when
/// asked; then `each` cards to each pile in turn, `times` times round, from the talon's top.
fn pysol_redeal(
    piles: &[Vec<u8>],
    last_first: bool,
    turn_over: bool,
    each: usize,
    times: usize,
) -> Vec<Vec<u8>> {
    let mut talon: Vec<u8> = Vec::new();
    let order: Vec<usize> = if last_first {
        (0..piles.len()).rev().collect()
    } else {
        (0..piles.len()).collect()
    };
    for &i in &order {
        talon.extend(piles[i].iter().rev());
    }
    if turn_over {
        talon.reverse();
    }
    let mut out = vec![Vec::new(); piles.len()];
    'deal: for _ in 0..times {
        for pile in out.iter_mut() {
            for _ in 0..each {
                let Some(c) = talon.pop() else { break 'deal };
                pile.push(c);
            }
        }
    }
    out
}

/// Gathering redeals as St. Helena's (all dealt round again, one by one) and Tournament's (four
/// to each pile in turn) talons do, for a few rounds; every move taken back exactly.
#[test]
fn a_stock_gathers_its_piles_and_deals_them_again_as_pysolfc_does() {
    for (last_first, turn_over, each, times) in [(true, true, 1, 13), (true, false, 4, 1)] {
        let rules = file(
            &format!(
                "(name: \"home\", kind: Foundation, count: Some(4), suits: Some(\"CSHD\")), \
                 (name: \"piles\", kind: Tableau, count: Some(4), shown: Some(Squared), \
                  build: Some(SameSuit), dir: Some(Either), moves: Some(One), takes: Some(One), \
                  empty: Some(Nothing)), \
                 (name: \"stock\", kind: Stock, rounds: Some(Times(3)), \
                  deals: Some(Around(group: \"piles\", each: {each}, times: {times})), \
                  redeal: Some(Gather(group: \"piles\", last_first: {last_first}, \
                  turn_over: {turn_over})))"
            ),
            "Row(group: \"piles\"), Row(group: \"piles\"), Row(group: \"piles\")",
            &["home", "piles", "stock"],
        );
        let stock = rules.stock.unwrap();
        let piles: Vec<u8> = (4..8).collect();
        let mut p = deal::deal(&rules, DealNumber::new(31).unwrap());
        let mut steps = Vec::new();
        let mut gathers = 0;
        let mut rng = 12345u64;
        for _ in 0..400 {
            moves::legal(&rules, &p, &mut steps);
            if steps.is_empty() {
                break;
            }
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = steps[(rng >> 33) as usize % steps.len()];
            let before = p;
            let gathering = m.from == stock && p.is_empty(stock);
            let done = moves::play(&rules, &mut p, m);
            if gathering {
                gathers += 1;
                let lists: Vec<Vec<u8>> = piles.iter().map(|&q| before.pile(q).to_vec()).collect();
                let want = pysol_redeal(&lists, last_first, turn_over, each, times);
                let mut dealt = p;
                // The stock's leftovers (Tournament's) lie face down; the piles face up.
                for (k, &q) in piles.iter().enumerate() {
                    assert_eq!(
                        dealt.pile(q),
                        &want[k][..],
                        "pile {k} after gather {gathers}"
                    );
                }
                assert!(dealt.pile(stock).iter().all(|&b| b & DOWN != 0));
                assert_eq!(dealt.round, before.round + 1);
                moves::undo(&rules, &mut dealt, m, done);
                assert_eq!(dealt, before, "a gather taken back");
            }
            let mut back = p;
            moves::undo(&rules, &mut back, m, done);
            assert_eq!(back, before, "{m:?} taken back");
        }
        assert!(gathers >= 2, "the stock gathered {gathers} times");
        // Three rounds in all: the third empty stock gathers nothing.
        assert_eq!(p.round, 3);
        if p.is_empty(stock) {
            assert_eq!(
                moves::check(
                    &rules,
                    &p,
                    Step {
                        from: stock,
                        to: stock,
                        count: 0
                    }
                ),
                Err(Illegal::NoMoreRounds)
            );
        }
    }
}

#[test]
fn a_gather_of_piles_dealt_face_down_is_refused() {
    let text = "(name: \"g\", title: \"G\", summary: \"\", rules: \"\", \
        groups: [(name: \"piles\", kind: Tableau, count: Some(4), build: Some(AnySuit)), \
        (name: \"stock\", kind: Stock, deals: Some(ToEach(\"piles\")), rounds: Some(Times(2)), \
         redeal: Some(Gather(group: \"piles\")))], \
        deal: (steps: [Row(group: \"piles\", face_down: true)]), \
        layout: [(groups: [(group: \"piles\")]), (groups: [(group: \"stock\")])])";
    let e = parse("g.ron", text).unwrap_err();
    assert!(e.contains("must lie face up"), "{e}");
}

#[test]
fn a_table_budget_is_kept_within_tenths_of_a_second() {
    let file = |budget: u32| {
        format!(
            "(name: \"t\", title: \"T\", summary: \"\", rules: \"\", table_budget: Some({budget}), \
            groups: [(name: \"piles\", kind: Tableau, count: Some(4), build: Some(AnySuit))], \
            deal: (steps: [Piles(group: \"piles\", cards: 13)]), \
            layout: [(groups: [(group: \"piles\")])])"
        )
    };
    parse("t.ron", &file(100_000)).unwrap();
    for budget in [0, 999, 1_000_001] {
        let e = parse("t.ron", &file(budget)).unwrap_err();
        assert!(e.contains("table_budget"), "{budget}: {e}");
    }
}
