//! Words over the table: the big banner (a new phase, a win, no moves left), the small toast
//! (why a move was refused, a hint, a mistyped deal number), and the notice about a file set
//! aside, which stays until the player dismisses it.

use crate::game::assistance::daily::Dailies;
use crate::game::assistance::hint::HintWait;
use crate::game::input::buttons::Action;
use crate::game::messages::Overlay;
use crate::game::messages::{Announce, GameChanged, Inspect, Refused, Step, Toast};
use crate::game::session::files::Notice;
use crate::game::session::{DealPicker, Session};
use crate::game::table::animation::Busy;
use crate::game::theme::{Fonts, Palette, button, text};
use crate::patience::Status;
use bevy::prelude::*;
use std::time::{Duration, Instant};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Banner>()
        .add_systems(Startup, spawn)
        .add_systems(
            Update,
            (announce, say_the_wait, show_notice, fade)
                .chain()
                .in_set(Step::Present),
        );
}

/// The banner and the toast, each with the time it appeared.
#[derive(Resource, Default)]
pub struct Banner {
    text: Option<(String, Instant)>,
    toast: Option<(String, Instant)>,
}

impl Banner {
    /// The toast's words while it shows.
    pub fn toast(&self) -> Option<&str> {
        self.toast.as_ref().map(|(s, _)| s.as_str())
    }
}

#[derive(Component)]
struct BannerText;
#[derive(Component)]
struct ToastText;
/// The toast's backing, so its words read over the cards.
#[derive(Component)]
struct ToastBox;
/// The notice about a file set aside (`files::Notice`): its panel, and its words.
#[derive(Component)]
struct FileNoticeBox;
#[derive(Component)]
struct FileNoticeText;

fn spawn(mut commands: Commands, fonts: Res<Fonts>) {
    let f = &*fonts;
    // The banner and the toast float over the table, centred; they never take clicks.
    commands.spawn((
        Node {
            position_type: PositionType::Absolute,
            width: Val::Percent(100.0),
            top: Val::Percent(40.0),
            justify_content: JustifyContent::Center,
            ..default()
        },
        Pickable::IGNORE,
        children![(text(f, "", 40.0), BannerText, TextShadow::default())],
    ));
    commands.spawn((
        Node {
            position_type: PositionType::Absolute,
            width: Val::Percent(100.0),
            bottom: Val::Px(14.0),
            justify_content: JustifyContent::Center,
            ..default()
        },
        Pickable::IGNORE,
        children![(
            ToastBox,
            Node {
                padding: UiRect::axes(Val::Px(12.0), Val::Px(4.0)),
                border_radius: BorderRadius::all(Val::Px(8.0)),
                ..default()
            },
            BackgroundColor(Color::NONE),
            Pickable::IGNORE,
            children![(text(f, "", 17.0), ToastText)],
        )],
    ));
    commands.spawn((
        FileNoticeBox,
        Node {
            position_type: PositionType::Absolute,
            left: Val::Px(12.0),
            right: Val::Px(12.0),
            bottom: Val::Px(44.0),
            padding: UiRect::axes(Val::Px(14.0), Val::Px(10.0)),
            column_gap: Val::Px(12.0),
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(Val::Px(8.0)),
            ..default()
        },
        BackgroundColor(Palette::PANEL),
        GlobalZIndex(5),
        Visibility::Hidden,
        children![
            (
                text(f, "", 15.0),
                FileNoticeText,
                Node {
                    flex_grow: 1.0,
                    flex_shrink: 1.0,
                    ..default()
                }
            ),
            button(f, "Dismiss", Action::DismissNotice),
        ],
    ));
}

/// Says so clearly when the phase changes, the game is won or no move is left (and opens the
/// statistics or the stuck panel); toasts what others asked to say. Everything shown is also
/// said to a screen reader, in the same words.
#[allow(clippy::too_many_arguments)]
fn announce(
    mut changes: MessageReader<GameChanged>,
    mut refused: MessageReader<Refused>,
    mut toasts: MessageReader<Toast>,
    mut inspected: MessageReader<Inspect>,
    session: Res<Session>,
    mut banner: ResMut<Banner>,
    mut next: ResMut<NextState<Overlay>>,
    mut last: Local<Option<(Option<&'static str>, Status)>>,
    mut refused_at: Local<Option<Instant>>,
    mut said: MessageWriter<Announce>,
) {
    let mut toast = |banner: &mut Banner, words: String| {
        said.write(Announce::notice(words.clone()));
        banner.toast = Some((words, Instant::now()));
    };
    for r in refused.read() {
        // Some rules' words end a sentence of their own: one full stop is enough.
        let why = r.why.to_string();
        toast(
            &mut banner,
            format!("Not there: {}.", why.trim_end_matches('.')),
        );
        *refused_at = Some(Instant::now());
    }
    // A double-click opens a Zodiac pile; its first click asked for a move, and a refusal of
    // that move is no news to a player who meant to look.
    if inspected.read().count() > 0
        && refused_at.is_some_and(|t| t.elapsed() < Duration::from_secs(1))
    {
        banner.toast = None;
    }
    for Toast(text) in toasts.read() {
        toast(&mut banner, text.clone());
    }
    let mut dealt = false;
    let mut any = false;
    for c in changes.read() {
        any = true;
        dealt |= *c == GameChanged::Dealt;
    }
    let now = (session.game.stage(), session.game.status());
    if !any && last.is_some() {
        return;
    }
    let before = last.replace(now);
    // A fresh table is announced only if it is already over; otherwise only changes are.
    if before == Some(now) || ((dealt || before.is_none()) && now.1 == Status::Playing) {
        return;
    }
    match now {
        (_, Status::Won) => {
            let words = if session.game.helped() {
                "Solved with help"
            } else {
                "You won!"
            };
            said.write(Announce::notice(words));
            banner.text = Some((words.into(), Instant::now()));
            next.set(Overlay::Statistics);
        }
        (_, Status::Stuck) => {
            said.write(Announce::notice(format!(
                "No moves left. {}",
                session.game.stuck_reason()
            )));
            banner.text = Some(("No moves left".into(), Instant::now()));
            next.set(Overlay::Stuck);
        }
        // A new stage of the game (Zodiac's phase 2, or back to phase 1 by undo); a count
        // within it (Sly Fox's cards to go) is not a new one.
        (Some(stage), _) if before.is_some_and(|b| b.0.is_some_and(|b| !same_stage(b, stage))) => {
            said.write(Announce::notice(stage));
            banner.text = Some((stage.into(), Instant::now()));
        }
        _ => {}
    }
}

/// Two stages' words alike but for their numbers.
fn same_stage(a: &str, b: &str) -> bool {
    let words = |s: &str| {
        s.chars()
            .filter(|c| !c.is_ascii_digit())
            .collect::<String>()
    };
    words(a) == words(b)
}

/// A wait longer than a glance.
const GLANCE: Duration = Duration::from_millis(300);

/// A new deal that waits (for the solver to find a winnable one, or for today's deal to be
/// worked out), or a hint the solver is still working out, says so once the wait lasts longer
/// than a glance, until the deal or the hint comes. Each wait asks for frames while it lasts.
fn say_the_wait(
    picker: Res<DealPicker>,
    dailies: Res<Dailies>,
    hint: Res<HintWait>,
    mut banner: ResMut<Banner>,
    mut since: Local<Option<Instant>>,
    mut said: MessageWriter<Announce>,
) {
    const WORDS: [&str; 3] = [
        "Dealing today's deal…",
        "Finding a winnable deal…",
        "Working out a hint…",
    ];
    let waiting = if dailies.dealing() {
        Some(WORDS[0])
    } else if picker.dealing() {
        Some(WORDS[1])
    } else if hint.0 {
        Some(WORDS[2])
    } else {
        None
    };
    let Some(words) = waiting else {
        *since = None;
        if banner.toast().is_some_and(|t| WORDS.contains(&t)) {
            banner.toast = None;
        }
        return;
    };
    if since.get_or_insert_with(Instant::now).elapsed() < GLANCE {
        return;
    }
    if banner.toast() != Some(words) {
        said.write(Announce::notice(words));
    }
    // Held while the wait lasts.
    banner.toast = Some((words.into(), Instant::now()));
}

/// Shows the notice about the player's files while there is one.
fn show_notice(
    notice: Res<Notice>,
    mut boxes: Query<&mut Visibility, With<FileNoticeBox>>,
    mut texts: Query<&mut Text, With<FileNoticeText>>,
    mut said: MessageWriter<Announce>,
) {
    if !notice.is_changed() {
        return;
    }
    if let Some(words) = &notice.0 {
        said.write(Announce::notice(words.clone()));
    }
    for mut v in &mut boxes {
        *v = if notice.0.is_some() {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
    }
    for mut t in &mut texts {
        t.0 = notice.0.clone().unwrap_or_default();
    }
}

fn fade(
    mut banner: ResMut<Banner>,
    mut texts: Query<(&mut Text, &mut TextColor), (With<BannerText>, Without<ToastText>)>,
    mut toasts: Query<(&mut Text, &mut TextColor), (With<ToastText>, Without<BannerText>)>,
    mut boxes: Query<&mut BackgroundColor, With<ToastBox>>,
    mut busy: ResMut<Busy>,
    session: Res<Session>,
) {
    let show = |slot: &mut Option<(String, Instant)>,
                hold: f32,
                text: &mut Text,
                colour: &mut TextColor,
                busy: &mut Busy| {
        let Some((s, at)) = slot.as_ref() else {
            if !text.0.is_empty() {
                text.0.clear();
            }
            return;
        };
        let age = at.elapsed().as_secs_f32();
        let alpha = if age < hold {
            1.0
        } else {
            (1.0 - (age - hold) / 0.6).max(0.0)
        };
        if alpha <= 0.0 {
            *slot = None;
            text.0.clear();
            return;
        }
        if text.0 != *s {
            text.0 = s.clone();
        }
        colour.0 = Palette::HUD_TEXT.with_alpha(alpha);
        busy.0 |= age >= hold;
    };
    // A finished game keeps its banner.
    let hold = if session.game.status() == Status::Playing {
        2.2
    } else {
        f32::INFINITY
    };
    if let Ok((mut t, mut c)) = texts.single_mut() {
        show(&mut banner.text, hold, &mut t, &mut c, &mut busy);
    }
    if let Ok((mut t, mut c)) = toasts.single_mut() {
        show(&mut banner.toast, 3.5, &mut t, &mut c, &mut busy);
        let alpha = if t.0.is_empty() { 0.0 } else { c.0.alpha() };
        for mut bg in &mut boxes {
            bg.set_if_neq(BackgroundColor(Palette::PANEL.with_alpha(0.92 * alpha)));
        }
    }
    // Fades need frames even in reactive mode; a banner held for good (a finished game) does
    // not, or the window would never sleep.
    if banner.toast.is_some() || (banner.text.is_some() && hold.is_finite()) {
        busy.0 = true;
    }
}
