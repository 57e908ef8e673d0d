//! Klondike's history (play, undo, redo), its records and counting.

use super::*;
use crate::cards::DealNumber;
use crate::klondike::{Position, RuleSet};
use crate::patience::Outcome;
use crate::patience::rule_sets::RuleSetFile as _;

fn set(name: &str) -> RuleSet {
    RuleSet::by_name_or_path(name).unwrap()
}

fn deal(n: u128) -> DealNumber {
    DealNumber::new(n).unwrap()
}

/// Plays `n` moves (fewer if the game runs out), each the first legal one that is not idle.
fn play_some(game: &mut Game, n: usize) {
    for _ in 0..n {
        let moves = game.position().legal_moves(game.rules());
        let Some(&m) = moves.iter().find(|&&m| !game.position().is_idle(m)) else {
            break;
        };
        game.play(m).unwrap();
    }
}

#[test]
fn play_undo_and_redo_walk_the_history() {
    let mut game = Game::new(set("unlimited"), deal(1));
    let start = *game.position();
    play_some(&mut game, 6);
    assert_eq!(game.moves().len(), 6);
    assert!(game.played);
    let history = game.history();
    assert_eq!(history.len(), 7);
    assert_eq!(history[0], start);
    assert_eq!(history[6], *game.position());
    let end = *game.position();
    let last = game.moves()[5];
    assert_eq!(game.undo(), Some(last));
    assert_eq!(*game.position(), history[5]);
    assert_eq!(game.redo_moves(), [last]);
    assert_eq!(game.redo(), Some(last));
    assert_eq!(*game.position(), end);
    assert_eq!(game.redo(), None);
    // Everything undone: the deal again.
    while game.undo().is_some() {}
    assert_eq!(*game.position(), start);
    assert_eq!(game.redo_moves().len(), 6);
}

#[test]
fn the_same_move_keeps_the_redo_line_and_another_clears_it() {
    let mut game = Game::new(set("unlimited"), deal(1));
    play_some(&mut game, 4);
    let moves = game.moves().to_vec();
    game.undo_to(1);
    assert_eq!(game.redo_moves().len(), 3);
    // The move the redo line would play next: the rest of the line stays.
    game.play(moves[1]).unwrap();
    assert_eq!(game.redo_moves(), [moves[3], moves[2]]);
    // Another move: the line is gone.
    let other = game
        .position()
        .legal_moves(game.rules())
        .into_iter()
        .find(|&m| m != moves[2])
        .unwrap();
    game.play(other).unwrap();
    assert!(game.redo_moves().is_empty());
}

#[test]
fn undo_to_is_one_redo_step() {
    let mut game = Game::new(set("draw-three"), deal(7));
    play_some(&mut game, 8);
    let moves = game.moves().to_vec();
    let end = *game.position();
    game.undo();
    let undone = game.undo_to(3);
    assert_eq!(undone.len(), 4);
    assert_eq!(undone[0], moves[6], "last played first");
    assert_eq!(game.moves(), &moves[..3]);
    // One step replays the four together, then the single undo on its own.
    assert_eq!(game.redo_step(), &moves[3..7]);
    assert_eq!(game.redo_step(), [moves[7]]);
    assert_eq!(*game.position(), end);
    assert!(game.redo_step().is_empty());
    // A move played over a step forgets it.
    game.undo_to(2);
    let first = game.redo_moves().last().copied().unwrap();
    game.play(first).unwrap();
    assert_eq!(
        game.redo_step().len(),
        1,
        "the step is broken: one move at a time"
    );
}

#[test]
fn a_record_round_trips_with_its_redo_line() {
    let mut game = Game::new(set("single-pass"), deal(617));
    play_some(&mut game, 10);
    game.undo_to(7);
    game.helped = true;
    game.elapsed_ms = 12_345;
    let text = game.to_ron();
    assert!(text.contains("format: \"klondike-game\""), "{text}");
    assert!(text.contains("rules: \"single-pass\""), "{text}");
    let again = Game::from_ron(&text).unwrap();
    assert_eq!(again.moves(), game.moves());
    assert_eq!(again.redo_moves(), game.redo_moves());
    assert_eq!(again.position(), game.position());
    assert_eq!((again.helped, again.elapsed_ms), (true, 12_345));
    assert_eq!(again.started, game.started);
    assert_eq!(again.to_ron(), text);
}

#[test]
fn a_custom_rule_set_travels_inline() {
    let custom = RuleSet {
        name: "mine".into(),
        title: "Mine".into(),
        description: "Three at a time, two passes, nothing back.".into(),
        turn: 3,
        passes: Some(2),
        foundation_to_column: false,
    };
    let mut game = Game::new(custom.clone(), deal(3));
    assert_eq!(game.statistics_key(), "klondike/custom/mine/t3p2");
    play_some(&mut game, 5);
    let text = game.to_ron();
    assert!(text.contains("name: \"mine\""), "{text}");
    let again = Game::from_ron(&text).unwrap();
    assert_eq!(again.rule_set(), &custom);
    assert_eq!(again.position(), game.position());
    // A copy of a shipped set's rules is the shipped set.
    let copy = RuleSet {
        name: "copy".into(),
        ..set("unlimited")
    };
    let game = Game::new(copy, deal(3));
    assert_eq!(game.rule_set().name, "unlimited");
    assert_eq!(game.statistics_key(), "klondike/unlimited");
    assert!(game.to_ron().contains("rules: \"unlimited\""));
    let back = RuleSet {
        passes: Some(3),
        foundation_to_column: true,
        ..custom.clone()
    };
    assert_eq!(back.key(), "custom/mine/t3p3+back");
    let endless = RuleSet {
        passes: None,
        ..custom
    };
    assert_eq!(endless.key(), "custom/mine/t3pu");
}

#[test]
fn bad_records_are_refused() {
    let mut game = Game::new(set("single-pass"), deal(1));
    play_some(&mut game, 3);
    let good = game.to_ron();
    assert!(Game::from_ron(&good).is_ok());
    let first = game.moves()[0].to_string();
    // Not a move; an illegal move; an unknown rule set; another format; an unknown field.
    for bad in [
        good.replacen(&format!("\"{first}\""), "\"x>y\"", 1),
        good.replacen(&format!("\"{first}\""), "\"c0>c0\"", 1),
        good.replace("\"single-pass\"", "\"nonsense\""),
        good.replace("klondike-game", "zodiac-game"),
        good.replace("deal:", "colour: 1, deal:"),
        good.replace("deal: \"1\"", "deal: \"0\""),
        "(".to_string(),
    ] {
        assert!(Game::from_ron(&bad).is_err(), "{bad}");
    }
    // An illegal move where it stands: a King-less empty column, say, or a second turn
    // back of a single pass.
    let record = GameRecord {
        moves: vec!["w>f0".into()],
        ..game.to_record()
    };
    let err = Game::from_record(&record).unwrap_err();
    assert!(err.to_string().contains("illegal"), "{err}");
    let record = GameRecord {
        redo: vec!["r".into()],
        ..game.to_record()
    };
    assert!(Game::from_record(&record).is_err());
    // An inline set with a bad turn.
    let mut record = game.to_record();
    record.rules = RecordRules::Inline(RuleSet {
        turn: 2,
        ..set("unlimited")
    });
    assert!(
        Game::from_record(&record)
            .unwrap_err()
            .to_string()
            .contains("turn")
    );
}

#[test]
fn a_game_is_counted_once() {
    let mut game = Game::new(set("unlimited"), deal(1));
    assert_eq!(game.count_leaving(), None, "nothing played");
    play_some(&mut game, 2);
    assert_eq!(game.count_win(), None, "not won");
    assert_eq!(game.count_leaving(), Some(Outcome::Lost));
    assert_eq!(game.count_leaving(), None);
    // Restart keeps the count, and the record says the game was played.
    game.restart();
    assert!(game.moves().is_empty());
    let again = Game::from_ron(&game.to_ron()).unwrap();
    assert!(again.played);
    assert_eq!(again.counted, Some(Outcome::Lost));

    // A won game counts once, as a win (or helped).
    let won = Position::from_parts(std::array::from_fn(|_| (&[][..], 0)), &[], &[], [13; 4], 1);
    let mut game = Game::from_position(set("unlimited"), deal(1), won);
    game.helped = true;
    assert_eq!(game.count_win(), Some(Outcome::Helped));
    assert_eq!(game.count_win(), None);
    assert_eq!(game.count_leaving(), None);
}
