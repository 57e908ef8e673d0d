//! Win-rate runs: `--looser-won`, `rate` and `daily`, and `--memory` lowering budgets.

use super::tests::{args, deal};
use super::*;
use crate::zodiac::solver;

/// `--looser-won` is for a win-rate run of a rule set with a looser one beside it: draw three
/// takes it (and decides as without it where the search ends within the first stage), the
/// loosest rule set and the patiences whose solvers ask no other rule set refuse it in words.
#[test]
fn looser_won_is_for_a_rule_set_with_a_looser_one() {
    let command = |rules: &str, patience: &str| {
        parse(args(&format!(
            "winrate --patience {patience} --rules {rules} --deals 1..3 --jobs 1 --looser-won"
        )))
        .unwrap()
    };
    let d3 = command("draw-three", "klondike");
    assert!(matches!(
        d3,
        Command::Winrate {
            effort: Effort {
                budget: None,
                looser_won: true,
                ..
            },
            ..
        }
    ));
    let plain = run_text(
        &parse(args(
            "winrate --patience klondike --rules draw-three --deals 1..3 --jobs 1",
        ))
        .unwrap(),
    )
    .unwrap();
    let first = |out: &str| out.lines().next().unwrap().to_string();
    assert_eq!(first(&run_text(&d3).unwrap()), first(&plain));
    for (rules, patience, words) in [
        ("unlimited", "klondike", "the loosest"),
        ("freecell", "freecell", "no other rule set"),
        ("cadogan", "zodiac", "no other rule set"),
    ] {
        let refused = run_text(&command(rules, patience)).unwrap_err();
        assert!(refused.contains(words), "{patience} {rules}: {refused}");
    }
}

#[test]
fn rate_and_daily_parse_and_print_what_the_issue_names() {
    assert_eq!(
        parse(args("rate --patience klondike --deal 3 --rules unlimited")).ok(),
        Some(Command::Rate {
            patience: "klondike".into(),
            rules: "unlimited".into(),
            first: deal(3),
            last: deal(3),
            many: false,
            jobs: None,
            csv: None,
        })
    );
    assert!(parse(args("rate --deal 3 --deals 1..2")).is_err());
    assert!(parse(args("rate")).is_err());
    let date = crate::patience::daily::Date::parse("2026-11-23").unwrap();
    assert_eq!(
        parse(args("daily --patience freecell --date 2026-11-23")).ok(),
        Some(Command::Daily {
            patience: "freecell".into(),
            rules: "freecell".into(),
            date,
        })
    );
    assert!(parse(args("daily --date 2026-11-31")).is_err());
    // A winnable deal gets a level; a lost one says so.
    let one = |n: u128| {
        run_text(&Command::Rate {
            patience: "klondike".into(),
            rules: "single-pass".into(),
            first: deal(n),
            last: deal(n),
            many: false,
            jobs: None,
            csv: None,
        })
        .unwrap()
    };
    let levels = ["easy", "medium", "hard", "expert"];
    let first = one(1);
    let word = first.lines().next().unwrap();
    assert!(
        levels.iter().any(|l| word == format!("difficulty: {l}")),
        "{first}"
    );
    assert_eq!(one(2), "lost\n", "single-pass deal 2 is lost");
    // The daily deal: its date, its deal, Monday's level; the deal rated alike.
    let out = run_text(&Command::Daily {
        patience: "klondike".into(),
        rules: "single-pass".into(),
        date,
    })
    .unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "date: 2026-11-23");
    assert_eq!(lines[2], "difficulty: easy", "{out}");
    let n: u128 = lines[1].strip_prefix("deal: ").unwrap().parse().unwrap();
    assert_eq!(one(n).lines().next(), Some("difficulty: easy"));
    // A range writes its CSV and the figures.
    let csv = std::env::temp_dir().join(format!("zodiac-rate-{}.csv", std::process::id()));
    let out = run_text(&Command::Rate {
        patience: "freecell".into(),
        rules: "freecell".into(),
        first: deal(1),
        last: deal(8),
        many: true,
        jobs: Some(2),
        csv: Some(csv.clone()),
    })
    .unwrap();
    let text = std::fs::read_to_string(&csv).unwrap();
    std::fs::remove_file(&csv).ok();
    assert_eq!(
        text.lines().next(),
        Some("deal,rating,wins,score,check_wins,check_score,micros")
    );
    assert_eq!(text.lines().count(), 9);
    assert!(
        out.starts_with("deals: 8, winnable and rated: 8\n"),
        "{out}"
    );
    assert!(out.contains("time to rate a deal: median"), "{out}");
}

/// `--memory` is the whole run's, in MiB; each solver's budget falls to what its share holds
/// (FreeCell's: 400 bytes a position), and a solver whose memory does not grow keeps none.
#[test]
fn winrate_memory_lowers_a_budget_to_fit() {
    use crate::patience::solver::budget_within;
    let command = parse(args(
        "winrate --patience freecell --deals 1..2 --jobs 2 --memory 3",
    ))
    .unwrap();
    assert!(matches!(
        command,
        Command::Winrate {
            effort: Effort {
                memory: Some(m),
                ..
            },
            ..
        } if m == 3 << 20
    ));
    type FreeCell = crate::freecell::solver::Solver;
    assert_eq!(budget_within::<FreeCell>(None, None), Ok(4_000_000));
    assert_eq!(budget_within::<FreeCell>(None, Some(400_000)), Ok(1000));
    assert_eq!(budget_within::<FreeCell>(Some(10), Some(1 << 30)), Ok(10));
    assert_eq!(
        budget_within::<solver::Solver>(None, Some(1)),
        Ok(usize::MAX)
    );
    assert!(budget_within::<solver::Solver>(Some(5), None).is_err());
}
