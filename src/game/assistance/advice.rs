//! The lost notice. After a move that turns a winnable game into a lost one, a calm notice
//! names the move, says why in the solver's words and offers to undo it (once per such move;
//! Settings can switch it off). A hint or Show me asked in a lost position brings the same
//! notice, offering to undo to the last position of the game the solver calls winnable: one
//! step, so Redo comes back.
//! Any change to the game puts the notice away.
//!
//! This plugin also asks for the verdict on every position the game reaches, and on its deal,
//! so that a hint, Show me and the statistics find them ready.

use crate::game::messages::{Announce, CannotWin, GameChanged, Request, Step};
use crate::game::session::files::Settings;
use crate::game::session::{PlayerMove, Session};
use crate::game::theme::{Fonts, NoHover, Palette, button, text};
use crate::game::verdicts::Verdicts;
use crate::patience::{Snapshot, Verdict};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use bevy::window::RequestRedraw;
use std::sync::Arc;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<LostNotice>()
        .init_resource::<Watch>()
        .add_systems(Startup, spawn)
        // After the hint and Show me (`Step::Advise`, `Step::Input`), whose `CannotWin` it reads.
        .add_systems(Update, (watch, search, show).chain().in_set(Step::Present))
        .add_observer(on_button);
}

/// The notice on screen, if any.
#[derive(Resource, Default, Debug, PartialEq)]
pub struct LostNotice(pub Option<LostNoticeContent>);

/// What the lost notice says, and what it offers.
#[derive(Debug, Clone, PartialEq)]
pub struct LostNoticeContent {
    pub text: String,
    pub offer: Offer,
}

/// What the notice offers besides Dismiss.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offer {
    UndoThatMove,
    /// Still looking for the last winnable position.
    Looking,
    /// Undo back to this many moves.
    UndoTo(usize),
    /// No position of the game could be won.
    Nothing,
}

/// A move to judge once both verdicts are in, and the search for the last winnable position.
#[derive(Resource, Default)]
struct Watch {
    judge: Option<PlayerMove>,
    /// The position after the last move judged (an automatic move later does not judge it
    /// again).
    judged: Option<u128>,
    search: Option<Task<Option<usize>>>,
}

/// The lost notice's panel, and its words.
#[derive(Component)]
struct LostNoticeBox;
#[derive(Component)]
struct LostNoticeText;

/// The notice's buttons.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum NoticeButton {
    UndoThatMove,
    UndoToWinnable,
    Dismiss,
}

fn spawn(mut commands: Commands, fonts: Res<Fonts>) {
    let f = &*fonts;
    commands.spawn((
        LostNoticeBox,
        Node {
            position_type: PositionType::Absolute,
            top: Val::Px(crate::patience::layout::HUD_HEIGHT + 10.0),
            left: Val::Percent(18.0),
            right: Val::Percent(18.0),
            padding: UiRect::axes(Val::Px(14.0), Val::Px(10.0)),
            column_gap: Val::Px(10.0),
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(Val::Px(8.0)),
            ..default()
        },
        BackgroundColor(Palette::PANEL),
        GlobalZIndex(5),
        // Clicks on the notice stay on it.
        Button,
        NoHover,
        Visibility::Hidden,
        children![
            (
                text(f, "", 15.0),
                LostNoticeText,
                Node {
                    flex_grow: 1.0,
                    flex_shrink: 1.0,
                    ..default()
                }
            ),
            button(f, "Undo that move", NoticeButton::UndoThatMove),
            button(
                f,
                "Undo to the last winnable position",
                NoticeButton::UndoToWinnable
            ),
            button(f, "Dismiss", NoticeButton::Dismiss),
        ],
    ));
}

/// Asks for verdicts as the game changes, judges each move the player makes, and takes the
/// notices others raise (a hint or Show me in a lost position). The notice is about the
/// player's move: the assistant's moves after it neither judge nor clear it.
fn watch(
    mut changes: MessageReader<GameChanged>,
    mut raised: MessageReader<CannotWin>,
    session: Res<Session>,
    verdicts: Res<Verdicts>,
    settings: Option<Res<Settings>>,
    mut watch: ResMut<Watch>,
    mut notice: ResMut<LostNotice>,
) {
    let game = &session.game;
    let mut any = false;
    for change in changes.read() {
        any = true;
        match change {
            GameChanged::Nothing | GameChanged::Auto(_) => {}
            // The player acted: an old notice and an old judgement are moot.
            GameChanged::Played(_)
            | GameChanged::Undone(_)
            | GameChanged::Redone(_)
            | GameChanged::Dealt => {
                notice.set_if_neq(LostNotice(None));
                watch.search = None;
                watch.judge = None;
                watch.judged = None;
            }
        }
    }
    if any {
        verdicts.want(&game.snapshot());
        verdicts.want(&game.start_snapshot());
        // Only a move the player just made is judged: undo, redo and new deals are not, and
        // neither is the assistant's (the session keeps the player's move until another
        // change of the player's).
        if watch.judge.is_none()
            && let Some(played) = &session.player_move
            && watch.judged != Some(played.after.key())
        {
            watch.judged = Some(played.after.key());
            watch.judge = Some(played.clone());
        }
    }
    if let Some(played) = watch.judge.clone() {
        if !settings.as_ref().is_none_or(|s| s.warn_lost) {
            watch.judge = None;
        } else if let (Some(b), Some(a)) =
            (verdicts.want(&played.before), verdicts.want(&played.after))
        {
            watch.judge = None;
            if let (Verdict::Winnable { .. }, Verdict::Lost { why }) = (&*b, &*a) {
                notice.0 = Some(LostNoticeContent {
                    text: format!("That move ({}) lost the game: {why}.", played.words),
                    offer: Offer::UndoThatMove,
                });
            }
        }
    }
    for raise in raised.read() {
        let history = game.history();
        if history.len() <= 1 {
            // Not a move played yet: it is the deal that cannot be won, and nothing to undo.
            notice.0 = Some(LostNoticeContent {
                text: format!("This deal cannot be won: {}.", raise.why),
                offer: Offer::Nothing,
            });
            continue;
        }
        let offer = if raise.after_move {
            Offer::UndoThatMove
        } else {
            // Look back through the game for the last position that could be won.
            watch.search =
                Some(AsyncComputeTaskPool::get().spawn(async move { last_winnable(&history) }));
            Offer::Looking
        };
        notice.0 = Some(LostNoticeContent {
            text: format!("This game can no longer be won: {}.", raise.why),
            offer,
        });
    }
}

/// The number of moves at the last winnable position of a game's history (the start first).
pub fn last_winnable(history: &[Arc<dyn Snapshot>]) -> Option<usize> {
    (0..history.len())
        .rev()
        .find(|&k| history[k].solve().is_winnable())
}

/// Takes in the search's answer.
fn search(
    mut watch: ResMut<Watch>,
    mut notice: ResMut<LostNotice>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(task) = watch.search.as_mut() else {
        return;
    };
    let Some(found) = block_on(poll_once(task)) else {
        redraw.write(RequestRedraw);
        return;
    };
    watch.search = None;
    if let Some(shown) = notice.0.as_mut() {
        match found {
            Some(moves) => shown.offer = Offer::UndoTo(moves),
            None => {
                shown.offer = Offer::Nothing;
                shown
                    .text
                    .push_str(" No position of this game could be won: the deal itself cannot.");
            }
        }
    }
}

fn show(
    notice: Res<LostNotice>,
    mut boxes: Query<&mut Visibility, With<LostNoticeBox>>,
    mut texts: Query<&mut Text, With<LostNoticeText>>,
    mut buttons: Query<(&NoticeButton, &mut Node)>,
    mut said: MessageWriter<Announce>,
    mut last: Local<Option<LostNoticeContent>>,
) {
    if !notice.is_changed() {
        return;
    }
    // Said once, then what it comes to offer (the search for the last winnable position).
    if let Some(shown) = &notice.0
        && last.as_ref() != Some(shown)
    {
        let offer = match shown.offer {
            Offer::UndoThatMove => " Ctrl+Z undoes that move.",
            Offer::UndoTo(_) => " Tab to Undo to the last winnable position.",
            Offer::Looking | Offer::Nothing => "",
        };
        let words = if last.as_ref().is_some_and(|l| l.text == shown.text) {
            offer.trim().to_string()
        } else {
            format!("{}{offer}", shown.text)
        };
        if !words.is_empty() {
            said.write(Announce::notice(words));
        }
    }
    last.clone_from(&notice.0);
    for mut v in &mut boxes {
        v.set_if_neq(if notice.0.is_some() {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
    let Some(shown) = &notice.0 else { return };
    for mut t in &mut texts {
        t.0.clone_from(&shown.text);
    }
    for (b, mut node) in &mut buttons {
        let on = match b {
            NoticeButton::UndoThatMove => shown.offer == Offer::UndoThatMove,
            NoticeButton::UndoToWinnable => matches!(shown.offer, Offer::UndoTo(_)),
            NoticeButton::Dismiss => true,
        };
        node.display = if on { Display::Flex } else { Display::None };
    }
}

fn on_button(
    ev: On<Pointer<Click>>,
    buttons: Query<&NoticeButton>,
    mut notice: ResMut<LostNotice>,
    mut requests: MessageWriter<Request>,
) {
    if ev.button != PointerButton::Primary {
        return;
    }
    let Ok(&b) = buttons.get(ev.entity) else {
        return;
    };
    match (b, notice.0.as_ref().map(|s| s.offer)) {
        (NoticeButton::UndoThatMove, _) => {
            requests.write(Request::Undo);
        }
        (NoticeButton::UndoToWinnable, Some(Offer::UndoTo(moves))) => {
            requests.write(Request::UndoTo(moves));
        }
        _ => {}
    }
    notice.0 = None;
}
