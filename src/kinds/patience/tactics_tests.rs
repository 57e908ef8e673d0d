//! The solver's tactics, each against the search without it: what each finds sooner, and
//! that none decides a deal otherwise. (The differential tests are `solver_tests`.)

use super::prune::Switches;
use super::solver_tests::{decided, files};
use super::{Params, Search};
use crate::cards::DealNumber;
use crate::kinds::tests_named::shipped_file;
use crate::kinds::{deal, moves};
use crate::patience::Verdict;
use crate::patience::solver::Solver;

/// A file's `table_budget` is what the table searches with: Accordion's deal 7 needs ~10,000
/// positions, more than its short restarts find within the usual 20,000 (half of it theirs),
/// and the table, with the file's 100,000, says it is winnable.
#[test]
fn the_table_searches_with_the_files_own_budget() {
    let accordion = shipped_file("accordion");
    let p = deal::deal(accordion, DealNumber::new(7).unwrap());
    let usual = <Search as Solver>::TABLE_BUDGET;
    let (verdict, _) = Search::default().solve(&Params(accordion), &p, usual);
    assert!(matches!(verdict, Verdict::Unknown { .. }), "{verdict:?}");
    assert_eq!(
        <Search as Solver>::table_budget(&Params(accordion)),
        100_000
    );
    let verdict = crate::patience::solver::solve_at_table::<Search>(&Params(accordion), &p);
    assert!(matches!(verdict, Verdict::Winnable { .. }), "{verdict:?}");
}

/// The search best first finds wins that the depth-first orders do not reach within the
/// table's budget (Shamrocks: its deals 1-12, 4 won without it, 6 with; Salic Law's deals 1-200
/// were 80 and 131 before the shuffled searches came first), each line replayed to a win by
/// `decided`; and it decides no deal otherwise than the search without it.
#[test]
fn the_search_best_first_finds_wins_the_others_miss() {
    let shamrocks = shipped_file("shamrocks");
    let budget = <Search as Solver>::TABLE_BUDGET;
    let without = Switches {
        best_first: false,
        ..Switches::ALL
    };
    let (mut with_it, mut without_it) = (0, 0);
    for n in 1..=12 {
        let p = deal::deal(shamrocks, DealNumber::new(n).unwrap());
        let a = decided(shamrocks, &p, &mut Search::default(), budget);
        let b = decided(shamrocks, &p, &mut Search::with(without), budget);
        assert!(
            a.is_none() || b.is_none() || a == b,
            "deal {n}: {a:?} {b:?}"
        );
        with_it += usize::from(a == Some(true));
        without_it += usize::from(b == Some(true));
    }
    println!("Shamrocks deals 1-12 won: {with_it} best first, {without_it} without");
    assert!(with_it > without_it, "{with_it} against {without_it}");
}

/// Where runs move through cells (FreeCell as a file), the short searches guided by the
/// distance to a win find the wins in a fraction of the positions the shuffled orders need
/// (deals 1-20 at the table's budget: 11,443 positions against 63,956; the
/// special solver's passes are guided so), and decide no deal otherwise.
#[test]
fn guided_short_searches_find_freecells_wins_sooner() {
    let freecell = files()
        .into_iter()
        .find(|f| f.file.name == "freecell")
        .unwrap();
    let budget = <Search as Solver>::TABLE_BUDGET;
    let shuffled = Switches {
        guided: false,
        ..Switches::ALL
    };
    let (mut guided, mut unguided) = (0, 0);
    let (mut search, mut plain) = (Search::default(), Search::with(shuffled));
    for n in 1..=20 {
        let p = deal::deal(freecell, DealNumber::new(n).unwrap());
        let (a, n_a) = search.solve(&Params(freecell), &p, budget);
        let (b, n_b) = plain.solve(&Params(freecell), &p, budget);
        guided += n_a;
        unguided += n_b;
        // Every deal here is won both ways: FreeCell's deals 1-20 are all winnable.
        assert!(matches!(a, Verdict::Winnable { .. }), "deal {n}: {a:?}");
        assert!(!matches!(b, Verdict::Lost { .. }), "deal {n}: {b:?}");
    }
    println!("FreeCell as a file, deals 1-20: {guided} positions guided, {unguided} shuffled");
    assert!(3 * guided < unguided, "{guided} against {unguided}");
}

/// The weight on cards lying on cards wanted sooner finds Sly Fox's wins, where the piles give
/// only home and such a card can never move in time: deals 15, 16 and 18 won best first within
/// a quarter of the table's budget with it, none without.
#[test]
fn cards_on_cards_wanted_sooner_steer_the_search_best_first() {
    use std::collections::HashSet;
    let sly_fox = shipped_file("sly-fox");
    let prune = super::prune::Prune::new(sly_fox, Switches::ALL);
    let budget = <Search as Solver>::TABLE_BUDGET / 4;
    let mut seen = HashSet::default();
    for n in [15, 16, 18] {
        let p = deal::deal(sly_fox, DealNumber::new(n).unwrap());
        let won = |weight, seen: &mut HashSet<u128, _>| {
            let (line, _) = super::best_first::search(sly_fox, &prune, &p, budget, weight, seen);
            line.is_some_and(|line| {
                let mut q = p;
                for m in line {
                    moves::play(sly_fox, &mut q, m);
                }
                moves::is_won(sly_fox, &q)
            })
        };
        assert!(won(1, &mut seen), "deal {n}");
        assert!(!won(0, &mut seen), "deal {n} won without the weight");
    }
}
