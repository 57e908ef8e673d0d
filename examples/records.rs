//! Writes game records for screenshots and manual testing: a game in the middle of phase 1 and
//! one in phase 2, each found by following the hints from a deal.
//!
//!     cargo run --example records -- DIR     (then: zodiac --data-dir DIR/phase1 …)

use zodiac::rules::{DealNumber, Game, Phase, RuleSet, Status};

fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "records".into()));
    let mut mid = None;
    let mut late = None;
    let mut almost = None;
    let mut stuck = None;
    // Deals that the hints alone win, and deals where they end stuck.
    for n in 1..3000u128 {
        if almost.is_some() && stuck.is_some() {
            break;
        }
        let mut game = Game::new(RuleSet::default_set(), DealNumber::new(n).unwrap());
        while game.status() == Status::Playing && game.moves().len() < 5000 {
            let Some(m) = game.position().hint(game.rules()) else {
                break;
            };
            game.play(m).unwrap();
        }
        match game.status() {
            Status::Won if almost.is_none() => {
                for _ in 0..3 {
                    game.undo();
                }
                let mut g = Game::from_record(&game.to_record()).unwrap();
                g.elapsed_ms = 754_000;
                almost = Some(g);
            }
            Status::Stuck if stuck.is_none() => {
                game.undo();
                let mut g = Game::from_record(&game.to_record()).unwrap();
                g.elapsed_ms = 512_000;
                stuck = Some(g);
            }
            _ => {}
        }
    }
    for n in 1..2000u128 {
        let mut game = Game::new(RuleSet::default_set(), DealNumber::new(n).unwrap());
        let mut snapshot = None;
        for step in 0..4000 {
            if game.status() != Status::Playing {
                break;
            }
            if step == 60 && mid.is_none() {
                snapshot = Some(game.clone());
            }
            if game.position().phase() == Phase::Two {
                // A few cards home already, so the foundations show.
                let home: u8 = (0..8).map(|f| game.position().foundation_len(f)).sum();
                if home >= 6 {
                    break;
                }
            }
            let Some(m) = game.position().hint(game.rules()) else {
                break;
            };
            game.play(m).unwrap();
        }
        if mid.is_none() {
            mid = snapshot;
        }
        if late.is_none()
            && game.position().phase() == Phase::Two
            && game.status() == Status::Playing
        {
            late = Some(game);
        }
        if mid.is_some() && late.is_some() {
            break;
        }
    }
    for (name, game) in [
        ("phase1", mid),
        ("phase2", late),
        ("almost-won", almost),
        ("almost-stuck", stuck),
    ] {
        let Some(game) = game else {
            eprintln!("no {name} game found");
            continue;
        };
        let sub = dir.join(name);
        std::fs::create_dir_all(&sub).unwrap();
        zodiac::storage::write_atomic(&sub.join("game.ron"), game.to_record().to_ron().as_bytes())
            .unwrap();
        println!(
            "{}: deal {}, {} moves",
            sub.display(),
            game.deal(),
            game.moves().len()
        );
    }
}
