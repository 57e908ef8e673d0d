//! The Klondike solver against the plain search (every legal move, no pruning) on many
//! positions from real deals: the long form of the differential test in `cargo test`. Prints
//! the counts per rule set and kind of position, and every disagreement with its position;
//! exits non-zero on any.
//!
//!     cargo run --release --no-default-features --example klondike_differential -- FIRST LAST [RULES...]
//!
//! (`scripts/differential` runs it on both cores.)

use zodiac::klondike::RuleSet;
use zodiac::klondike::solver::differential::{Kind, run};
use zodiac::patience::rule_sets::RuleSetFile as _;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: klondike_differential FIRST LAST [RULES...]";
    let (Some(first), Some(last)) = (
        args.first().and_then(|a| a.parse::<u128>().ok()),
        args.get(1).and_then(|a| a.parse::<u128>().ok()),
    ) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let names: Vec<&str> = match &args[2..] {
        [] => vec!["single-pass", "unlimited", "draw-three"],
        named => named.iter().map(String::as_str).collect(),
    };
    let mut disagreements = 0;
    let mut compared = 0;
    for name in names {
        let rules = match RuleSet::by_name_or_path(name) {
            Ok(set) => set.rules(),
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        };
        for kind in [Kind::Late, Kind::Eager, Kind::Random] {
            let t = run(&rules, first..=last, kind);
            compared += t.won + t.lost;
            println!(
                "{name} {kind:?} deals {first}-{last}: {} won, {} lost ({} needing a card back), {} undecided, {} disagreements",
                t.won,
                t.lost,
                t.needs_back,
                t.undecided,
                t.disagreements.len()
            );
            for d in &t.disagreements {
                println!("DISAGREEMENT {name} {kind:?}: {d}");
            }
            disagreements += t.disagreements.len();
        }
    }
    println!("{compared} positions compared, {disagreements} disagreements");
    if compared == 0 || disagreements > 0 {
        std::process::exit(1);
    }
}
