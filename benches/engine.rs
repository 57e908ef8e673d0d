//! How fast the rules engine is: random playouts (deal, then random legal moves to won or stuck)
//! and legal-move generations per second. Prints figures; asserts nothing.
//!
//! Run with `cargo bench --no-default-features` (builds the engine alone, in release mode).

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::hint::black_box;
use std::time::{Duration, Instant};
use zodiac::zodiac::{DealNumber, Position, RuleSet, Status};

fn main() {
    let rules = RuleSet::default_set().rules();
    let mut rng = StdRng::seed_from_u64(42);
    let budget = Duration::from_secs(3);

    // Playouts: a random deal, then random legal moves, preferring real moves to turning the
    // stock (else games wander for ever), until won, stuck or 5000 moves.
    let start = Instant::now();
    let (mut playouts, mut moves, mut won, mut phase2) = (0u64, 0u64, 0u64, 0u64);
    while start.elapsed() < budget {
        let deal = DealNumber::new(rng.random_range(1..=zodiac::zodiac::MAX_DEAL)).unwrap();
        let mut p = Position::deal(deal);
        for _ in 0..5000 {
            if p.status(&rules) != Status::Playing {
                break;
            }
            let list = p.legal_moves(&rules);
            let m = if list.len() > 1 && rng.random_bool(0.9) {
                list[rng.random_range(1..list.len())]
            } else {
                list[0]
            };
            p.apply_unchecked(m);
            moves += 1;
        }
        playouts += 1;
        won += u64::from(p.is_won());
        phase2 += u64::from(p.phase() == zodiac::zodiac::Phase::Two);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "random playouts: {:.0}/s ({} in {:.1} s, {:.0} moves/s, {} reached phase 2, {} won)",
        playouts as f64 / secs,
        playouts,
        secs,
        moves as f64 / secs,
        phase2,
        won
    );

    // Legal-move generation on a spread of real positions.
    let mut positions = Vec::new();
    for n in 1..=200u128 {
        let mut p = Position::deal(DealNumber::new(n).unwrap());
        for _ in 0..rng.random_range(0..400) {
            let list = p.legal_moves(&rules);
            if list.is_empty() {
                break;
            }
            p.apply_unchecked(list[rng.random_range(0..list.len())]);
        }
        positions.push(p);
    }
    let start = Instant::now();
    let mut generated = 0u64;
    let mut total = 0usize;
    while start.elapsed() < budget {
        for p in &positions {
            total += black_box(p).legal_moves(&rules).len();
            generated += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "legal-move generations: {:.2} million/s (average {:.1} moves each)",
        generated as f64 / secs / 1e6,
        total as f64 / generated as f64
    );
    println!("position size: {} bytes", std::mem::size_of::<Position>());
    klondike_both_ways(budget);
}

/// Klondike written by hand and Klondike written as a file (`assets/patiences/proofs/`), on
/// the same positions: each legal move generated, played and taken back, as a search does it.
/// The figures go in docs/performance.md, with their ratio.
fn klondike_both_ways(budget: Duration) {
    use zodiac::kinds::{self, moves};
    use zodiac::patience::Rules;
    let rules = zodiac::klondike::RuleSet::default_set().rules();
    let file = kinds::parse("klondike", kinds::PROOFS[0].1).unwrap();
    let mut rng = StdRng::seed_from_u64(7);
    // The same positions in both engines: random games from deals 1-200.
    let (mut hand, mut ours) = (Vec::new(), Vec::new());
    for n in 1..=200u128 {
        let deal = DealNumber::new(n).unwrap();
        let mut p = zodiac::klondike::Position::deal(deal, &rules);
        let mut q = kinds::deal::deal(&file, deal);
        for _ in 0..rng.random_range(0..60) {
            let list = p.legal_moves(&rules);
            if list.is_empty() {
                break;
            }
            let m = list[rng.random_range(0..list.len())];
            p.apply_unchecked(&rules, m);
            // The same move in the file's engine, through the front end's words.
            let neutral = <zodiac::klondike::patience::Klondike as Rules>::to_neutral(m);
            let Some(s) = kinds::patience::to_step(&file, neutral) else {
                break;
            };
            moves::play(&file, &mut q, s);
        }
        hand.push(p);
        ours.push(q);
    }
    let measure = |name: &str, run: &mut dyn FnMut() -> usize| -> f64 {
        let start = Instant::now();
        let (mut rounds, mut count) = (0u64, 0usize);
        while start.elapsed() < budget {
            count += run();
            rounds += 1;
        }
        let per = start.elapsed().as_secs_f64() / rounds as f64 / hand.len() as f64 * 1e9;
        assert!(count > 0, "{name}: no move measured");
        println!("{name}: {per:.0} ns a position");
        per
    };
    println!("Klondike, each position's moves generated, then each played and taken back:");
    let by_hand = measure("  by hand", &mut || {
        let mut n = 0;
        for p in &hand {
            for m in black_box(p).legal_moves(&rules) {
                let mut q = *p;
                let done = q.apply_unchecked(&rules, m);
                q.undo(m, done);
                n += usize::from(q == *p);
            }
        }
        n
    });
    let mut steps = Vec::new();
    let as_file = measure("  as a file", &mut || {
        let mut n = 0;
        for p in &ours {
            moves::legal(&file, black_box(p), &mut steps);
            for &s in &steps {
                let mut q = *p;
                let done = moves::play(&file, &mut q, s);
                moves::undo(&file, &mut q, s, done);
                n += usize::from(q == *p);
            }
        }
        n
    });
    println!("  as a file / by hand: {:.2}", as_file / by_hand);
    // The two halves apart: generating, and playing and taking back.
    println!("Klondike, the moves generated alone:");
    let gen_hand = measure("  by hand", &mut || {
        hand.iter()
            .map(|p| black_box(p).legal_moves(&rules).len())
            .sum()
    });
    let gen_file = measure("  as a file", &mut || {
        let mut n = 0;
        for p in &ours {
            moves::legal(&file, black_box(p), &mut steps);
            n += steps.len();
        }
        n
    });
    println!("  as a file / by hand: {:.2}", gen_file / gen_hand);
}
