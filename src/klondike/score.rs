//! Klondike's scores (docs/rules.md, "Scores"). Standard, as Windows Solitaire counts: 5 for a
//! waste card to a column, 10 for any card to a foundation, 5 for each face-down card turned
//! up, −15 for a card back from a foundation; turning the waste over costs 100 when one card
//! is turned at a time, 20 from the third time when three are; −2 for every 10 seconds played,
//! and a bonus of 700,000 divided by the seconds for a win that took 30 seconds or more; never
//! below 0. Vegas: the deal costs 52 and each card on a foundation is worth 5.

use super::{Done, Move, Position, Rules};

/// The standard score of a game: its moves with what each did, whether it is won, its time.
pub fn standard(rules: &Rules, moves: &[Move], done: &[Done], won: bool, elapsed_ms: u64) -> i64 {
    let mut points: i64 = 0;
    let mut redeals = 0;
    for (&m, d) in moves.iter().zip(done) {
        points += match m {
            Move::WasteToColumn(_) => 5,
            Move::WasteToFoundation(_) | Move::ColumnToFoundation(..) => 10,
            Move::FoundationToColumn(..) => -15,
            Move::Redeal => {
                redeals += 1;
                match rules.turn {
                    1 => -100,
                    _ if redeals >= 3 => -20,
                    _ => 0,
                }
            }
            Move::Turn | Move::ColumnToColumn(..) => 0,
        };
        if d.flipped {
            points += 5;
        }
    }
    let seconds = (elapsed_ms / 1000) as i64;
    points -= 2 * (seconds / 10);
    if won && seconds >= 30 {
        points += 700_000 / seconds;
    }
    points.max(0)
}

/// What this game has won or lost in Vegas so far: −52 for the deal, 5 a card home.
pub fn vegas(position: &Position) -> i64 {
    let home: i64 = (0..4).map(|f| i64::from(position.foundation_len(f))).sum();
    5 * home - 52
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::DealNumber;
    use crate::klondike::Game;
    use crate::klondike::RuleSet;

    fn done(flipped: bool) -> Done {
        Done { count: 1, flipped }
    }

    #[test]
    fn standard_points_follow_windows() {
        let one = Rules {
            turn: 1,
            passes: None,
            foundation_to_column: true,
        };
        let three = Rules { turn: 3, ..one };
        let moves = [
            Move::WasteToColumn(2),
            Move::ColumnToFoundation(2, 0),
            Move::ColumnToColumn(1, 3, 2),
            Move::WasteToFoundation(1),
            Move::FoundationToColumn(1, 4),
        ];
        let dones = [
            done(false),
            done(true),
            done(true),
            done(false),
            done(false),
        ];
        // 5 + (10 + 5) + 5 + 10 − 15.
        assert_eq!(standard(&one, &moves, &dones, false, 0), 20);
        assert_eq!(
            standard(&one, &moves, &dones, false, 59_000),
            10,
            "−2 a 10 s"
        );
        let redeals = [Move::Redeal; 4];
        let dones = [done(false); 4];
        assert_eq!(
            standard(&one, &redeals, &dones, false, 0),
            0,
            "never below 0"
        );
        let mut lots = vec![Move::WasteToFoundation(0); 40];
        lots.extend(redeals);
        let dones = vec![done(false); lots.len()];
        assert_eq!(standard(&one, &lots, &dones, false, 0), 0);
        // Draw three: the first two turns of the waste are free, then 20 each.
        assert_eq!(standard(&three, &lots, &dones, false, 0), 400 - 40);
        // A win in 100 s: 7,000 bonus; under 30 s none.
        let win = [Move::WasteToFoundation(0)];
        assert_eq!(
            standard(&one, &win, &[done(false)], true, 100_000),
            10 - 20 + 7_000
        );
        assert_eq!(standard(&one, &win, &[done(false)], true, 29_999), 10 - 4);
    }

    #[test]
    fn vegas_pays_five_a_card_home() {
        let game = Game::new(RuleSet::default_set(), DealNumber::new(1).unwrap());
        assert_eq!(vegas(game.position()), -52);
    }
}
