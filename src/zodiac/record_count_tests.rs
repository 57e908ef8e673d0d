//! Games counted from their records: a win once, an unwon game left as one loss.

use super::*;

/// A game of deal `n` played by the solver's line to one move before the win.
fn one_move_from_winning(n: u128) -> Game {
    let mut game = Game::new(RuleSet::default_set(), DealNumber::new(n).unwrap());
    let line = match crate::zodiac::solver::solve(game.position(), game.rules()) {
        crate::zodiac::solver::Verdict::Winnable { line, .. } => line,
        other => panic!("deal {n} is winnable: {other:?}"),
    };
    for &m in &line[..line.len() - 1] {
        game.play(m).unwrap();
    }
    game
}

/// The one move that wins `game`.
fn winning_move(game: &Game) -> Move {
    game.position()
        .legal_moves(game.rules())
        .iter()
        .copied()
        .find(|&m| {
            let mut p = *game.position();
            p.apply(game.rules(), m).is_ok() && p.is_won()
        })
        .expect("one move wins")
}

/// Reloaded from its record, as a relaunch does.
fn relaunched(game: &Game) -> Game {
    Game::from_ron(&game.to_record().to_ron()).unwrap()
}

/// A win counts once: not again after undo and redo, nor after a relaunch, nor after a
/// restart and a second win of the same deal.
#[test]
fn a_win_is_counted_once_whatever_follows() {
    let mut game = one_move_from_winning(7);
    assert_eq!(game.count_win(), None, "not won yet");
    let mut won = game.clone();
    won.play(winning_move(&won)).unwrap();
    assert_eq!(won.count_win(), Some(Outcome::Won));
    assert_eq!(won.count_win(), None);
    assert_eq!(won.count_leaving(), None, "a won game is never a loss");
    won.undo();
    won.redo();
    assert_eq!(won.count_win(), None, "undo and redo");
    let mut again = relaunched(&won);
    assert_eq!(again.counted, Some(Outcome::Won));
    again.undo();
    again.redo();
    assert_eq!(again.count_win(), None, "relaunch, undo, redo");
    again.restart();
    for m in won.moves().to_vec() {
        again.play(m).unwrap();
    }
    assert!(again.position().is_won());
    assert_eq!(again.count_win(), None, "restarted and won again");
    assert_eq!(again.count_leaving(), None);
    // Show me's help makes it a helped game, counted once too.
    let mut helped = one_move_from_winning(7);
    helped.helped = true;
    let m = won.moves().last().copied().unwrap();
    helped.play(m).unwrap();
    assert_eq!(helped.count_win(), Some(Outcome::Helped));
    assert_eq!(relaunched(&helped).count_win(), None);
}

/// Leaving a game unwon after a move counts a loss, once: by a new game or a restart, after
/// undoing every move too, and across a relaunch. A game never moved in is no game.
#[test]
fn leaving_a_played_game_unwon_is_one_loss() {
    let deal = DealNumber::new(1).unwrap();
    let mut fresh = Game::new(RuleSet::default_set(), deal);
    assert_eq!(fresh.count_leaving(), None);
    assert!(!relaunched(&fresh).played);
    let mut game = Game::new(RuleSet::default_set(), deal);
    game.play(Move::WasteToZodiac(20)).unwrap();
    game.undo();
    assert!(game.moves().is_empty());
    let mut back = relaunched(&game);
    assert!(back.played, "an undone move still played the game");
    assert_eq!(back.count_leaving(), Some(Outcome::Lost));
    assert_eq!(game.count_leaving(), Some(Outcome::Lost));
    assert_eq!(game.count_leaving(), None);
    // A restart keeps the count; the restarted game, reloaded, still knows it was played.
    game.restart();
    assert_eq!(game.counted, Some(Outcome::Lost));
    let reloaded = relaunched(&game);
    assert!(reloaded.played && reloaded.moves().is_empty());
    assert_eq!(reloaded.counted, Some(Outcome::Lost));
    assert_eq!(reloaded.to_record().version, 3);
    let mut reloaded = reloaded;
    assert_eq!(reloaded.count_leaving(), None);
}

/// Records written before games were counted in them: a won one was counted when it was won.
#[test]
fn older_won_records_are_taken_as_counted() {
    let mut won = one_move_from_winning(7);
    won.play(winning_move(&won)).unwrap();
    let mut record = won.to_record();
    assert_eq!((record.version, record.counted), (1, None));
    let mut old = Game::from_record(&record).unwrap();
    assert_eq!(old.counted, Some(Outcome::Won));
    assert_eq!(old.count_win(), None);
    record.helped = true;
    assert_eq!(
        Game::from_record(&record).unwrap().counted,
        Some(Outcome::Helped)
    );
    // A record of this version that says nothing was counted is believed.
    record.version = 3;
    assert_eq!(Game::from_record(&record).unwrap().counted, None);
}
