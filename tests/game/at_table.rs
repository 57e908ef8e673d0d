//! The solver at the table, in a headless app driven like the window: the hint follows the
//! solver's plan, a losing move brings the lost notice once, the undo offers land where they
//! should, Show me wins a deal as "solved with help", winnable-only never deals a lost number,
//! and Choose a deal says what the solver thinks of a number before it is played.

use crate::harness::{Harness, hint_lit};
use bevy::prelude::*;
use zodiac::game::assistance::advice::{LostNotice, Offer};
use zodiac::game::messages::{Overlay, Request};
use zodiac::game::session::DealPicker;
use zodiac::game::session::files::{AnimationSetting, Settings, Statistics};
use zodiac::patience::Rules as _;
use zodiac::zodiac::solver::{self, Decision, Verdict};
use zodiac::zodiac::{DealNumber, Game, Move, Phase, Place, Position, RuleSet, Rules, Status};

fn line(p: &Position, rules: &Rules) -> Vec<Move> {
    match solver::solve(p, rules) {
        Verdict::Winnable { line, .. } => line,
        other => panic!("expected a winnable position: {other:?}"),
    }
}

fn winnable(p: &Position, rules: &Rules) -> bool {
    matches!(solver::decide(p, rules), Decision::Winnable { .. })
}

/// Deal 1 (Cadogan) played along the solver's line until `stop` says so.
fn along_the_line(stop: impl Fn(&Game) -> bool) -> Game {
    let mut game = Game::new(RuleSet::default_set(), DealNumber::new(1).unwrap());
    let plan = line(game.position(), game.rules());
    for m in plan {
        if stop(&game) {
            break;
        }
        game.play(m).unwrap();
    }
    game
}

/// The first point of deal 1's winning line where some legal move throws the game away, and
/// that move.
pub(crate) fn a_losing_move() -> (Game, Move) {
    let mut game = Game::new(RuleSet::default_set(), DealNumber::new(1).unwrap());
    for m in line(game.position(), game.rules()) {
        let p = *game.position();
        let rules = *game.rules();
        let losing = p.legal_moves(&rules).iter().copied().find(|&l| {
            let mut after = p;
            after.apply(&rules, l).is_ok() && !winnable(&after, &rules)
        });
        if let Some(l) = losing {
            return (game, l);
        }
        game.play(m).unwrap();
    }
    panic!("no losing move along deal 1's line");
}

fn quick(h: &mut Harness) {
    h.app.world_mut().resource_mut::<Settings>().animation = AnimationSetting::Off;
    h.app.update();
}

fn notice(h: &Harness) -> Option<(String, Offer)> {
    h.app
        .world()
        .resource::<LostNotice>()
        .0
        .as_ref()
        .map(|s| (s.text.clone(), s.offer))
}

/// Counts the times the lost notice appears (goes from hidden to shown).
#[derive(Resource, Default)]
struct Appeared(usize);

fn count_appearances(notice: Res<LostNotice>, mut was: Local<bool>, mut n: ResMut<Appeared>) {
    let now = notice.0.is_some();
    if now && !*was {
        n.0 += 1;
    }
    *was = now;
}

/// The hint lights a legal move in phase 1 and in phase 2, and the game is still winnable after it.
#[test]
fn the_hint_is_the_plans_next_move_in_both_phases() {
    let mut h = Harness::new(1, "plan-hint");
    let phase2 = along_the_line(|g| g.position().phase() == Phase::Two);
    let phase1 = along_the_line(|g| g.moves().len() >= 20);
    assert_eq!(phase2.position().phase(), Phase::Two);
    for game in [phase1, phase2] {
        h.set_game(game);
        h.key(KeyCode::KeyH, &[]);
        h.run_until("the hint shows", |h| !hint_lit(h).is_empty());
        let lit = hint_lit(&mut h);
        let p = *h.game().position();
        let rules = *h.game().rules();
        let m = if lit == [Place::Stock] {
            Move::Turn
        } else {
            assert_eq!(lit.len(), 2, "a card and its destination: {lit:?}");
            // The hint lights where the card is and where it goes; one of the two orders is a move.
            Move::between(lit[0], lit[1])
                .filter(|m| p.check(&rules, *m).is_ok())
                .or_else(|| Move::between(lit[1], lit[0]))
                .unwrap()
        };
        let mut after = p;
        after
            .apply(&rules, m)
            .unwrap_or_else(|e| panic!("the hint {m} is legal: {e}"));
        assert!(
            winnable(&after, &rules),
            "still winnable after the hint {m}"
        );
    }
}

/// When the plan needs the stock turned, the hint says which card it is after and how far down.
#[test]
fn a_turn_hint_names_the_card_and_how_far_down_it_is() {
    use zodiac::patience::Game as _;
    use zodiac::zodiac::patience::Zodiac;
    let game = along_the_line(|g| {
        let l = line(g.position(), g.rules());
        l.len() > 3 && l[0] == Move::Turn && l[1] == Move::Turn && l[2] != Move::Redeal
    });
    let plan = line(game.position(), game.rules());
    assert_eq!(&plan[..2], &[Move::Turn, Move::Turn]);
    let plan_words: Vec<_> = plan.iter().map(|&m| Zodiac::to_neutral(m)).collect();
    let (words, lit) = game.hint_from_line(&plan_words);
    assert_eq!(lit, vec![zodiac::patience::Place::Stock]);
    assert!(words.starts_with("Turn the stock: "), "{words}");
    let turns = plan.iter().take_while(|m| **m == Move::Turn).count();
    assert!(
        words.ends_with(&format!(" is {turns} cards down.")),
        "{words}"
    );
}

/// A move that throws the game away brings the notice once (not on every frame); "Undo that
/// move" takes it back, and the game is winnable again.
#[test]
fn a_losing_move_is_told_once_and_undone_with_one_click() {
    let (game, losing) = a_losing_move();
    let mut h = Harness::new(1, "lost-notice");
    h.app
        .init_resource::<Appeared>()
        .add_systems(Last, count_appearances);
    h.set_game(game);
    let before = *h.game().position();
    h.app
        .world_mut()
        .write_message(Request::Play(zodiac::zodiac::patience::Zodiac::to_neutral(
            losing,
        )));
    h.run_until("the lost notice", |h| notice(h).is_some());
    let (text, offer) = notice(&h).unwrap();
    // It names the move, by its card.
    let card = before.moving_card(losing).expect("a card moves").name();
    assert!(
        text.starts_with(&format!("That move ({card} from ")) && text.contains(") lost the game: "),
        "{text}"
    );
    assert_eq!(offer, Offer::UndoThatMove);
    for _ in 0..30 {
        h.app.update();
    }
    assert_eq!(h.app.world().resource::<Appeared>().0, 1, "said once");
    h.click_button("Undo that move");
    h.settle();
    assert_eq!(*h.game().position(), before);
    assert!(winnable(h.game().position(), h.game().rules()));
    assert!(notice(&h).is_none(), "the notice goes with the undo");
    // Switched off in Settings, the same move is not told.
    h.app.world_mut().resource_mut::<Settings>().warn_lost = false;
    h.app
        .world_mut()
        .write_message(Request::Play(zodiac::zodiac::patience::Zodiac::to_neutral(
            losing,
        )));
    for _ in 0..60 {
        h.app.update();
    }
    assert!(notice(&h).is_none(), "the setting is off");
    assert_eq!(h.app.world().resource::<Appeared>().0, 1);
}

/// A deal lost from the start (Zodiac deal 32): the hint says the deal cannot be won, and
/// offers no undo, since no move has been played.
#[test]
fn a_deal_lost_from_the_start_is_said_so() {
    let mut h = Harness::new(32, "deal-lost");
    assert!(h.game().moves().is_empty());
    h.key(KeyCode::KeyH, &[]);
    h.run_until("the notice", |h| notice(h).is_some());
    let (text, offer) = notice(&h).unwrap();
    assert!(text.starts_with("This deal cannot be won: "), "{text}");
    assert_eq!(offer, Offer::Nothing);
}

/// In a lost position the hint says why and offers to undo to the last winnable position: the
/// right point of the history, in one step that one redo brings back.
#[test]
fn undo_to_the_last_winnable_position_lands_on_it() {
    let (mut game, losing) = a_losing_move();
    let last_winnable = game.moves().len();
    game.play(losing).unwrap();
    // Two more moves after the mistake (the stock turned).
    for _ in 0..2 {
        game.play(Move::Turn).unwrap();
    }
    let end = game.moves().to_vec();
    let mut h = Harness::new(1, "undo-to-winnable");
    h.set_game(game);
    h.key(KeyCode::KeyH, &[]);
    h.run_until("the offer", |h| {
        matches!(notice(h), Some((_, Offer::UndoTo(_))))
    });
    let (text, offer) = notice(&h).unwrap();
    assert!(
        text.starts_with("This game can no longer be won: "),
        "{text}"
    );
    assert_eq!(offer, Offer::UndoTo(last_winnable));
    assert!(
        hint_lit(&mut h).is_empty(),
        "no move is hinted in a lost position"
    );
    h.click_button("Undo to the last winnable position");
    h.settle();
    assert_eq!(h.game().moves().len(), last_winnable);
    assert!(winnable(h.game().position(), h.game().rules()));
    // One step: one redo brings every move back.
    h.key(KeyCode::KeyY, &[KeyCode::ControlLeft]);
    h.settle();
    assert_eq!(h.game().moves(), &end[..]);
}

/// Show me plays deal 1 from the opening to the win; the statistics count it as solved with
/// help, neither a win nor a loss, and the game's record says so.
#[test]
fn show_me_wins_deal_1_as_solved_with_help() {
    let mut h = Harness::new(1, "show-me");
    quick(&mut h);
    h.key(KeyCode::KeyS, &[]);
    h.run_until("the win", |h| h.game().status() == Status::Won);
    // A key pressed the frame after the winning move, released the next, is the player's: Show
    // me is over, so it stops nothing and is not swallowed (the real window missed a Ctrl+Q so).
    h.key(KeyCode::KeyQ, &[KeyCode::ControlLeft]);
    assert_eq!(h.exits(), 1, "Ctrl+Q quits as Show me wins");
    assert!(h.game().helped);
    let stats = h
        .app
        .world()
        .resource::<Statistics>()
        .0
        .for_rules("cadogan");
    assert_eq!(
        (stats.helped, stats.won, stats.lost, stats.played),
        (1, 0, 0, 0)
    );
    assert_eq!(h.overlay(), Some(Overlay::Statistics));
    let saved = h.read_file("game.ron");
    let record = Game::from_ron(&saved).unwrap();
    assert_eq!(
        record.status(),
        Status::Won,
        "the won game stays in the data folder"
    );
    assert!(record.helped);
    // A new game then is no loss.
    h.app.world_mut().write_message(Request::NewGame {
        deal: None,
        rules: None,
    });
    h.settle();
    let stats = h
        .app
        .world()
        .resource::<Statistics>()
        .0
        .for_rules("cadogan");
    assert_eq!((stats.helped, stats.lost), (1, 0));
}

/// Any key or click stops Show me, and that press does nothing else.
#[test]
fn any_key_or_click_stops_show_me() {
    let mut h = Harness::new(1, "show-me-stops");
    quick(&mut h);
    h.key(KeyCode::KeyS, &[]);
    h.run_until("Show me plays", |h| h.game().moves().len() >= 5);
    // H would hint: here it only stops Show me, and no move of Show me's follows the press,
    // even one asked for in the frame before it. The press goes in just as the last move has
    // landed, when Show me asks for the next.
    h.run_until("a move landed", |h| {
        let moving = h
            .app
            .world_mut()
            .query_filtered::<(), With<zodiac::game::table::animation::Glide>>()
            .iter(h.app.world())
            .count();
        moving == 0 && h.game().moves().len() >= 6
    });
    let stopped_at = h.game().moves().len();
    h.send_key(KeyCode::KeyH, bevy::input::ButtonState::Pressed);
    h.app.update();
    h.send_key(KeyCode::KeyH, bevy::input::ButtonState::Released);
    for _ in 0..40 {
        h.app.update();
    }
    assert_eq!(h.game().moves().len(), stopped_at, "stopped at the press");
    let stopped_at = h.game().moves().len();
    assert!(
        hint_lit(&mut h).is_empty(),
        "the key that stopped Show me hinted nothing"
    );
    // Again, stopped by a click on the stock.
    h.key(KeyCode::KeyS, &[]);
    h.run_until("Show me plays again", |h| {
        h.game().moves().len() >= stopped_at + 3
    });
    let stock = h.centre_of(Place::Stock);
    h.move_to(stock);
    let at_click = h.game().moves().len();
    h.button(MouseButton::Left, bevy::input::ButtonState::Pressed);
    h.button(MouseButton::Left, bevy::input::ButtonState::Released);
    for _ in 0..40 {
        h.app.update();
    }
    assert_eq!(h.game().moves().len(), at_click, "stopped by the click");
    let after_stop = h.game().moves().len();
    for _ in 0..20 {
        h.app.update();
    }
    assert_eq!(
        h.game().moves().len(),
        after_stop,
        "and nothing more is played"
    );
    assert!(h.game().helped, "moves Show me played count as help");
}

/// With winnable deals only (the default), 200 new random games under the harder rules never
/// deal a number the solver calls lost (about 45 of 100 are).
#[test]
fn winnable_only_never_deals_a_lost_number() {
    let mut h = Harness::new(1, "winnable-only");
    quick(&mut h);
    h.app.insert_resource(DealPicker::seeded(2026));
    h.app.world_mut().write_message(Request::NewGame {
        deal: Some(DealNumber::new(1).unwrap()),
        rules: Some("wikipedia".into()),
    });
    h.app.update();
    let mut seen = std::collections::HashSet::new();
    for _ in 0..200 {
        h.app.world_mut().write_message(Request::NewGame {
            deal: None,
            rules: None,
        });
        h.app.update();
        // A deal not found ahead is found on the task pool, and the request waits for it.
        h.run_until("the new deal", |h| {
            !h.app
                .world()
                .resource::<zodiac::game::session::DealPicker>()
                .dealing()
        });
        let game = h.game();
        assert_eq!(game.rule_set().name, "wikipedia");
        assert_ne!(
            solver::decide(game.start(), game.rules()),
            Decision::Lost,
            "deal {} is lost",
            game.deal()
        );
        seen.insert(game.deal());
    }
    assert!(seen.len() > 190, "new numbers each time: {}", seen.len());
}

/// Choose a deal says, for the number typed, whether the solver can win it and with how much
/// to spare, or why not, before it is played.
#[test]
fn choose_a_deal_shows_the_verdict_before_playing() {
    let lost = (1..500u128)
        .find(|&n| {
            let rules = RuleSet::default_set().rules();
            solver::decide(&Position::deal(DealNumber::new(n).unwrap()), &rules) == Decision::Lost
        })
        .expect("a lost Cadogan deal below 500");
    let mut h = Harness::new(1, "choose-verdict");
    h.click_button("Deal #");
    h.settle();
    assert_eq!(h.overlay(), Some(Overlay::ChooseDeal));
    let shown = |h: &mut Harness, prefix: &str| -> Option<String> {
        let world = h.app.world_mut();
        let mut texts = world.query::<&Text>();
        texts
            .iter(world)
            .find(|t| t.0.starts_with(prefix))
            .map(|t| t.0.clone())
    };
    let type_number = |h: &mut Harness, n: u128| {
        for _ in 0..25 {
            h.key(KeyCode::Backspace, &[]);
        }
        for c in n.to_string().chars() {
            let code = match c {
                '0' => KeyCode::Digit0,
                '1' => KeyCode::Digit1,
                '2' => KeyCode::Digit2,
                '3' => KeyCode::Digit3,
                '4' => KeyCode::Digit4,
                '5' => KeyCode::Digit5,
                '6' => KeyCode::Digit6,
                '7' => KeyCode::Digit7,
                '8' => KeyCode::Digit8,
                _ => KeyCode::Digit9,
            };
            h.key(code, &[]);
        }
    };
    type_number(&mut h, lost);
    h.run_until("the lost verdict", |h| {
        shown(h, "Cannot be won: ").is_some()
    });
    let slack = match solver::solve(
        &Position::deal(DealNumber::new(1).unwrap()),
        &RuleSet::default_set().rules(),
    ) {
        Verdict::Winnable { note: slack, .. } => slack,
        other => panic!("deal 1 is winnable: {other:?}"),
    };
    type_number(&mut h, 1);
    h.run_until("the winnable verdict", |h| shown(h, "Winnable").is_some());
    let words = shown(&mut h, "Winnable").unwrap();
    let spare = match slack {
        0 => "no Equator cell to spare".to_string(),
        1 => "1 Equator cell to spare".to_string(),
        n => format!("{n} Equator cells to spare"),
    };
    assert!(words.contains(&spare), "{words} (slack {slack})");
}

/// Verdicts are kept per position: after undo and redo, the hint needs no new work.
#[test]
fn undo_redo_and_a_repeated_hint_cost_nothing() {
    use zodiac::game::verdicts::Verdicts;
    let mut h = Harness::new(1, "verdict-cache");
    quick(&mut h);
    h.key(KeyCode::KeyH, &[]);
    h.run_until("the hint shows", |h| !hint_lit(h).is_empty());
    let first = line(h.game().position(), h.game().rules())[0];
    h.app
        .world_mut()
        .write_message(Request::Play(zodiac::zodiac::patience::Zodiac::to_neutral(
            first,
        )));
    h.run_until("the verdict after the move", |h| {
        let g = h.game();
        let known = h
            .app
            .world()
            .resource::<Verdicts>()
            .get(&zodiac::patience::Game::snapshot(g));
        known.is_some() && !g.moves().is_empty()
    });
    for step in [Request::Undo, Request::Redo, Request::Undo] {
        h.app.world_mut().write_message(step);
        h.app.update();
        let g = h.game();
        let verdicts = h.app.world().resource::<Verdicts>();
        assert!(
            verdicts.get(&zodiac::patience::Game::snapshot(g)).is_some(),
            "known at once"
        );
        assert!(!verdicts.busy(), "nothing to work out");
    }
    // One frame: the key goes in and the hint is lit by its end, with nothing worked out.
    assert!(
        hint_lit(&mut h).is_empty(),
        "the undo put the last hint away"
    );
    h.send_key(KeyCode::KeyH, bevy::input::ButtonState::Pressed);
    h.app.update();
    assert!(
        !hint_lit(&mut h).is_empty(),
        "the hint shows in the frame it is asked for"
    );
    assert!(!h.app.world().resource::<Verdicts>().busy());
    h.send_key(KeyCode::KeyH, bevy::input::ButtonState::Released);
    h.frame();
}

/// The helper finishes the game, the player undoes its last move, quits and starts again: the
/// game comes back one move short, the move on its redo line, and the helper leaves it there
/// (it used to play it again after a relaunch, and empty the redo line).
#[test]
fn an_undone_finish_stays_undone_across_a_relaunch() {
    let rules = RuleSet::default_set().rules();
    let total = line(&Position::deal(DealNumber::new(1).unwrap()), &rules).len();
    let short = along_the_line(|g| g.moves().len() + 1 == total);
    let mut h = Harness::new(1, "undo-relaunch");
    h.app.world_mut().resource_mut::<Settings>().auto_finish = true;
    h.set_game(short);
    h.run_until("the helper wins", |h| h.game().status() == Status::Won);
    // The You-won panel first, then the undo.
    h.key(KeyCode::Escape, &[]);
    h.key(KeyCode::KeyZ, &[KeyCode::ControlLeft]);
    h.settle();
    assert_eq!(h.game().moves().len(), total - 1);
    let mut h = h.relaunch();
    assert_eq!(h.game().moves().len(), total - 1, "resumed one move short");
    for _ in 0..30 {
        h.app.update();
    }
    h.settle();
    assert_eq!(h.game().moves().len(), total - 1, "the helper waits");
    assert_eq!(
        h.game().redo_moves().len(),
        1,
        "the move is still there to redo"
    );
    assert_eq!(h.game().status(), Status::Playing);
}
