//! The deal picker's searches: among lost deals, and with verdicts left unknown.

use super::*;

/// Winnable deals only never deals a lost deal in silence: among numbers the solver calls
/// all lost, the search says it found none (and the session then tells the player).
#[test]
fn a_search_among_lost_deals_finds_none_and_says_so() {
    let zodiac = registry::by_name("zodiac").unwrap();
    let lost_under = |d: DealNumber| {
        matches!(
            zodiac.deal_snapshot("wikipedia", d).unwrap().solve(),
            Verdict::Lost { .. }
        )
    };
    let (lost, won): (Vec<DealNumber>, Vec<DealNumber>) = (1..40)
        .filter_map(DealNumber::new)
        .partition(|&d| lost_under(d));
    assert!(lost.len() >= 3 && !won.is_empty());
    let last = *lost.last().unwrap();
    let like = zodiac.new_game("wikipedia", won[0]).unwrap();
    assert_eq!(first_winnable(lost.clone(), like.as_ref(), None), Err(last));
    let mut mixed = lost.clone();
    mixed.push(won[0]);
    assert_eq!(
        first_winnable(mixed.clone(), like.as_ref(), None),
        Ok(won[0])
    );
    // At a level: only a winnable deal at that level.
    let level = difficulty::rate_game(like.as_ref()).level().unwrap();
    assert_eq!(
        first_winnable(mixed, like.as_ref(), Some(level)),
        Ok(won[0])
    );
    let other = Level::ALL.into_iter().find(|&l| l != level).unwrap();
    let only = vec![won[0]];
    assert_eq!(
        first_winnable(only, like.as_ref(), Some(other)),
        Err(won[0])
    );
    assert!(none_winnable().0.contains("may be lost"));
}

/// Only a proof takes a deal: one the solver cannot decide within its budget is passed over
/// like a lost one, however the others go.
#[test]
fn an_unknown_verdict_is_not_taken() {
    let deals: Vec<DealNumber> = (1..=3).filter_map(DealNumber::new).collect();
    let unknown = || Verdict::Unknown {
        why: "the budget ran out".into(),
    };
    assert_eq!(first_proved(deals.clone(), |_| unknown()), Err(deals[2]));
    let last_proved = |d: DealNumber| {
        if d == deals[2] {
            Verdict::Winnable {
                line: Vec::new(),
                note: None,
            }
        } else {
            unknown()
        }
    };
    assert_eq!(first_proved(deals.clone(), last_proved), Ok(deals[2]));
}
