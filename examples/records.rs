//! Writes game records for screenshots and manual testing: a game in the middle of phase 1 and
//! one in phase 2 (found by following the rules' hints), one about to be stuck, one three moves
//! from a win and one where a click on the waste card loses the game (both along the solver's
//! winning line); and a Klondike game half played along the solver's line.
//!
//!     cargo run --example records -- DIR     (then: zodiac --data-dir DIR/phase1 …)

use zodiac::zodiac::solver::{self, Decision, Verdict};
use zodiac::zodiac::{DealNumber, Game, Move, Phase, Place, RuleSet, Status};

/// A deal played along the solver's winning line up to the first position where `stop` holds
/// (None if the deal cannot be won, or `stop` never holds).
fn along_the_line(n: u128, stop: impl Fn(&Game) -> bool) -> Option<Game> {
    let mut game = Game::new(RuleSet::default_set(), DealNumber::new(n)?);
    let Verdict::Winnable { line, .. } = solver::solve(game.position(), game.rules()) else {
        return None;
    };
    for m in line {
        if stop(&game) {
            return Some(game);
        }
        game.play(m).ok()?;
    }
    stop(&game).then_some(game)
}

/// A click on the waste card would throw the game away here.
fn click_on_waste_loses(game: &Game) -> bool {
    let p = game.position();
    let rules = game.rules();
    p.best_move_from(rules, Place::Waste)
        .is_some_and(|m: Move| {
            let mut after = *p;
            after.apply(rules, m).is_ok() && solver::decide(&after, rules) == Decision::Lost
        })
}

fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "records".into()));
    let mut mid = None;
    let mut late = None;
    let mut stuck = None;
    // A deal where following the hints ends stuck.
    for n in 1..3000u128 {
        if stuck.is_some() {
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
        if late.is_none() {
            // Along the solver's line (the rules' hint alone turns the stock round and round
            // rather than fill the Equator): a few cards home already, so the foundations show.
            late = along_the_line(n, |g| {
                let home: u8 = (0..8).map(|f| g.position().foundation_len(f)).sum();
                g.position().phase() == Phase::Two && home >= 6
            });
        }
        if mid.is_some() && late.is_some() {
            break;
        }
    }
    // A won game, its last few moves undone, for the win celebration: the solver's line.
    let almost = along_the_line(1, |g| g.status() == Status::Won).map(|mut game| {
        for _ in 0..3 {
            game.undo();
        }
        let mut g = Game::from_record(&game.to_record()).unwrap();
        g.elapsed_ms = 754_000;
        g
    });
    // A winnable game where a click on the waste card loses it: for the lost notice.
    let losing = (1..500u128).find_map(|n| along_the_line(n, click_on_waste_loses));
    for (name, game) in [
        ("phase1", mid),
        ("phase2", late),
        ("almost-won", almost),
        ("almost-stuck", stuck),
        ("losing", losing),
    ] {
        let Some(game) = game else {
            eprintln!("no {name} game found");
            continue;
        };
        let sub = dir.join(name);
        std::fs::create_dir_all(&sub).unwrap();
        zodiac::storage::write_atomic(&sub.join("game.ron"), game.to_record().to_ron().as_bytes())
            .unwrap();
        if name == "phase2" {
            // Statistics and a history of 40 games to show in the Statistics panel's
            // screenshot: a player getting better, wins in about seven to eleven minutes.
            use zodiac::profile::history::{Entry, History, Result};
            let mut stats = zodiac::profile::Statistics::default();
            let entry = stats.entry("cadogan");
            let mut history = History::default();
            for i in 0..40u32 {
                let won = (i * 7 + i / 3) % 10 < 4 + i / 8;
                let ms = 420_000 + u64::from((i * 37) % 11) * 25_000;
                let moves = 290 + (i * 13) % 40;
                if won {
                    entry.record_win(ms, moves);
                } else {
                    entry.record_loss();
                }
                entry.record_winnable_deal();
                history.games.push(Entry {
                    date: zodiac::patience::daily::Date::from_days(20_400 + i64::from(i) / 3),
                    patience: "zodiac".into(),
                    rules: "cadogan".into(),
                    deal: u128::from(100 + i),
                    level: None,
                    result: if won { Result::Won } else { Result::Lost },
                    moves,
                    time_ms: ms,
                    score: None,
                    daily: false,
                });
            }
            entry.record_helped();
            zodiac::profile::save(&sub.join("statistics.ron"), &stats).unwrap();
            std::fs::write(sub.join("history.txt"), history.to_text()).unwrap();
            // The calendar's screenshot: this month's daily deals, most of them won.
            let daily = dir.join("daily");
            std::fs::create_dir_all(&daily).unwrap();
            zodiac::storage::write_atomic(
                &daily.join("game.ron"),
                game.to_record().to_ron().as_bytes(),
            )
            .unwrap();
            let today = zodiac::patience::daily::Date::today();
            let mut days = History::default();
            for day in 1..today.day {
                let won = day % 7 != 5;
                days.games.push(Entry {
                    date: zodiac::patience::daily::Date { day, ..today },
                    patience: "zodiac".into(),
                    rules: "cadogan".into(),
                    deal: 1000 + u128::from(day),
                    level: None,
                    result: if won { Result::Won } else { Result::Lost },
                    moves: 300,
                    time_ms: 500_000,
                    score: None,
                    daily: true,
                });
            }
            std::fs::write(daily.join("history.txt"), days.to_text()).unwrap();
        }
        println!(
            "{}: deal {}, {} moves",
            sub.display(),
            game.deal(),
            game.moves().len()
        );
    }
    // Klondike in the middle of a game: the solver's winning line of a deal, half played.
    if let Some(game) = klondike_midgame() {
        let sub = dir.join("klondike");
        std::fs::create_dir_all(&sub).unwrap();
        zodiac::storage::write_atomic(&sub.join("klondike-game.ron"), game.to_ron().as_bytes())
            .unwrap();
        zodiac::storage::write_atomic(
            &sub.join("settings.ron"),
            b"(format: \"zodiac-settings\", patience: \"klondike\")",
        )
        .unwrap();
    } else {
        eprintln!("no klondike game found");
    }
    // FreeCell, deal 1 a third of the way along the solver's line.
    let game = freecell_midgame();
    let sub = dir.join("freecell");
    std::fs::create_dir_all(&sub).unwrap();
    zodiac::storage::write_atomic(&sub.join("freecell-game.ron"), game.to_ron().as_bytes())
        .unwrap();
    zodiac::storage::write_atomic(
        &sub.join("settings.ron"),
        b"(format: \"zodiac-settings\", patience: \"freecell\")",
    )
    .unwrap();
}

/// FreeCell's deal 1, played a third of the way along the solver's winning line.
fn freecell_midgame() -> zodiac::freecell::patience::Game {
    use zodiac::freecell::solver::{BUDGET, Solver, Verdict as FVerdict};
    let set = zodiac::freecell::RuleSet::default_set();
    let mut game = zodiac::freecell::patience::Game::new(set, DealNumber::new(1).unwrap());
    let FVerdict::Winnable { line, .. } =
        Solver::new().solve(game.position(), game.rules(), BUDGET)
    else {
        panic!("FreeCell's deal 1 is winnable");
    };
    for m in line.iter().take(line.len() / 3) {
        game.play(*m).unwrap();
    }
    game.elapsed_ms = 151_000;
    game
}

/// A winnable Klondike deal (single pass) played along the solver's line until several cards
/// are home and several columns are long.
fn klondike_midgame() -> Option<zodiac::klondike::Game> {
    use zodiac::klondike::RuleSet as KRules;
    use zodiac::klondike::solver::{Solver, Verdict as KVerdict};
    let set = KRules::default_set();
    let mut solver = Solver::new();
    (1..200u128).find_map(|n| {
        let mut game = zodiac::klondike::Game::new(set.clone(), DealNumber::new(n)?);
        let KVerdict::Winnable { line, .. } = solver.solve(game.position(), game.rules(), 400_000)
        else {
            return None;
        };
        for m in line.iter().take(line.len() * 2 / 5) {
            game.play(*m).ok()?;
        }
        game.elapsed_ms = 203_000;
        Some(game)
    })
}
