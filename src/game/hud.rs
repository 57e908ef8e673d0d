//! The heads-up display: the bar across the top (deal, rule set, phase, counts, moves, time and
//! the buttons), the phase banner, hints, and the overlays (inspector, rules and keys, win,
//! stuck, settings, statistics, choose a deal).

use super::animation::Busy;
use super::art::{CardArt, Fonts, Palette, spawn_card_art};
use super::cards::Mirror;
use super::input::{Hitbox, OpenInspector, Overlay, OverlayKind};
use super::persistence::{AnimationSetting, Notice, Settings, Statistics};
use super::session::{GameChanged, Request, Session, SessionSystems};
use super::table::{DropHighlight, Table};
use crate::rules::{DealNumber, Move, Phase, Place, RuleSet, Status};
use bevy::prelude::*;
use std::time::{Duration, Instant};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Overlay>()
        .init_resource::<Banner>()
        .init_resource::<DealEntry>()
        .add_message::<ShowHint>()
        .add_systems(Startup, spawn_bar)
        .add_systems(Update, scale_ui.run_if(resource_changed::<Table>))
        .add_systems(
            Update,
            (
                update_bar,
                announce.after(SessionSystems),
                show_hint.after(SessionSystems),
                open_inspector,
                type_deal_number,
                // Buttons take their colours in the same frame they appear (an idle window may
                // not draw another).
                (sync_overlay, show_notice, fade_banner, button_colours).chain(),
            )
                .after(super::cards::CardSystems),
        )
        .add_observer(on_button);
}

/// Ask for a hint.
#[derive(Message, Clone, Copy, Debug)]
pub struct ShowHint;

/// What a HUD button does.
#[derive(Component, Clone, Debug, PartialEq)]
pub enum Action {
    NewGame,
    Restart,
    Undo,
    Redo,
    Hint,
    Help,
    Settings,
    Statistics,
    ChooseDeal,
    CloseOverlay,
    /// Put away the notice about a file set aside.
    DismissNotice,
    /// A settings change.
    Set(SettingChange),
    /// Play the deal typed in the "Choose deal" box.
    PlayTypedDeal,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SettingChange {
    Rules(String),
    Sound(bool),
    /// 0.0 to 1.0.
    Volume(f32),
    Animation(AnimationSetting),
    AutoTurn(bool),
    AutoFinish(bool),
    FourColour(bool),
}

#[derive(Component)]
struct DealLabel;
#[derive(Component)]
struct PhaseLabel;
#[derive(Component)]
struct CountsLabel;

/// The big line across the table (phase change, won, stuck), and the small toast (hints,
/// notices), each with the time it appeared.
#[derive(Resource, Default)]
struct Banner {
    text: Option<(String, Instant)>,
    toast: Option<(String, Instant)>,
}

#[derive(Component)]
struct BannerText;
#[derive(Component)]
struct ToastText;

/// Entities of the open overlay.
#[derive(Component)]
struct OverlayPart;

/// The place being inspected.
#[derive(Resource)]
struct Inspecting(Place);

/// The digits typed into "Choose deal".
#[derive(Resource, Default)]
struct DealEntry(String);

#[derive(Component)]
struct DealEntryText;

fn text(fonts: &Fonts, s: impl Into<String>, size: f32) -> impl Bundle {
    (
        Text::new(s),
        TextFont {
            font: fonts.ui.clone().into(),
            font_size: size.into(),
            ..default()
        },
        TextColor(Palette::HUD_TEXT),
        Pickable::IGNORE,
    )
}

fn button(fonts: &Fonts, label: &str, action: Action) -> impl Bundle {
    (
        Button,
        action,
        Node {
            padding: UiRect::axes(Val::Px(10.0), Val::Px(5.0)),
            border_radius: BorderRadius::all(Val::Px(6.0)),
            align_self: AlignSelf::FlexStart,
            flex_shrink: 0.0,
            ..default()
        },
        BackgroundColor(Palette::BUTTON),
        children![text(fonts, label, 15.0)],
    )
}

/// A row of buttons under an overlay's text.
fn button_row(buttons: impl Bundle) -> impl Bundle {
    (
        Node {
            column_gap: Val::Px(8.0),
            ..default()
        },
        buttons,
    )
}

fn spawn_bar(mut commands: Commands, fonts: Res<Fonts>) {
    let f = &*fonts;
    commands.spawn((
        Node {
            width: Val::Percent(100.0),
            height: Val::Px(crate::layout::HUD_HEIGHT),
            padding: UiRect::horizontal(Val::Px(12.0)),
            align_items: AlignItems::Center,
            justify_content: JustifyContent::SpaceBetween,
            column_gap: Val::Px(12.0),
            ..default()
        },
        BackgroundColor(Palette::HUD_BAR),
        children![
            (
                Node {
                    flex_direction: FlexDirection::Column,
                    ..default()
                },
                Pickable::IGNORE,
                children![
                    (text(f, "", 15.0), DealLabel),
                    (text(f, "", 13.0), PhaseLabel)
                ],
            ),
            (text(f, "", 15.0), CountsLabel),
            (
                Node {
                    column_gap: Val::Px(6.0),
                    ..default()
                },
                Pickable::IGNORE,
                children![
                    button(f, "New", Action::NewGame),
                    button(f, "Restart", Action::Restart),
                    button(f, "Undo", Action::Undo),
                    button(f, "Redo", Action::Redo),
                    button(f, "Hint", Action::Hint),
                    button(f, "Deal #", Action::ChooseDeal),
                    button(f, "Stats", Action::Statistics),
                    button(f, "Rules", Action::Help),
                    button(f, "Settings", Action::Settings),
                ],
            ),
        ],
    ));
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
        children![(text(f, "", 17.0), ToastText, TextShadow::default())],
    ));
    // A notice about the player's files stays until dismissed: it says where a file went.
    commands.spawn((
        NoticeBox,
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
                NoticeText,
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

#[derive(Component)]
struct NoticeBox;
#[derive(Component)]
struct NoticeText;

/// Shows the notice about the player's files while there is one.
fn show_notice(
    notice: Res<Notice>,
    mut boxes: Query<&mut Visibility, With<NoticeBox>>,
    mut texts: Query<&mut Text, With<NoticeText>>,
) {
    if !notice.is_changed() {
        return;
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

/// The HUD grows and shrinks with the window (see `layout::hud_scale`).
fn scale_ui(table: Res<Table>, mut scale: ResMut<UiScale>) {
    let wanted = crate::layout::hud_scale(table.width);
    if scale.0 != wanted {
        scale.0 = wanted;
    }
}

pub fn format_time(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

pub fn phase_text(phase: Phase) -> &'static str {
    match phase {
        Phase::One => "Phase 1 — fill the Zodiac",
        Phase::Two => "Phase 2 — to the foundations",
    }
}

fn update_bar(
    session: Res<Session>,
    mut deal: Query<&mut Text, (With<DealLabel>, Without<PhaseLabel>, Without<CountsLabel>)>,
    mut phase: Query<&mut Text, (With<PhaseLabel>, Without<DealLabel>, Without<CountsLabel>)>,
    mut counts: Query<&mut Text, (With<CountsLabel>, Without<DealLabel>, Without<PhaseLabel>)>,
) {
    let game = &session.game;
    let p = game.position();
    let set = |t: &mut Text, s: String| {
        if t.0 != s {
            t.0 = s;
        }
    };
    if let Ok(mut t) = deal.single_mut() {
        set(
            &mut t,
            format!("Deal {} · {}", game.deal(), game.rule_set().title),
        );
    }
    if let Ok(mut t) = phase.single_mut() {
        let status = match game.status() {
            Status::Won => "Won!",
            Status::Stuck => "No moves left",
            Status::Playing => phase_text(p.phase()),
        };
        set(&mut t, status.to_string());
    }
    if let Ok(mut t) = counts.single_mut() {
        set(
            &mut t,
            format!(
                "Stock {}  ·  Waste {}  ·  Moves {}  ·  {}",
                p.stock().len(),
                p.waste().len(),
                game.moves().len(),
                format_time(session.elapsed())
            ),
        );
    }
}

/// Says so clearly on the table when the phase changes, the game is won or no move is left.
fn announce(
    mut changes: MessageReader<GameChanged>,
    session: Res<Session>,
    mut banner: ResMut<Banner>,
    mut overlay: ResMut<Overlay>,
    mut last: Local<Option<(Phase, Status)>>,
) {
    let mut dealt = false;
    let mut any = false;
    for c in changes.read() {
        any = true;
        dealt |= *c == GameChanged::Dealt;
        if let GameChanged::Refused { why, .. } = c {
            banner.toast = Some((format!("Not there: {why}."), Instant::now()));
        }
    }
    let now = (session.game.position().phase(), session.game.status());
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
            banner.text = Some(("You won!".into(), Instant::now()));
            overlay.0 = Some(OverlayKind::Statistics);
        }
        (_, Status::Stuck) => {
            banner.text = Some(("No moves left".into(), Instant::now()));
            overlay.0 = Some(OverlayKind::Stuck);
        }
        (Phase::Two, _) if before.is_some_and(|b| b.0 == Phase::One) => {
            banner.text = Some((phase_text(Phase::Two).into(), Instant::now()));
        }
        (Phase::One, _) if before.is_some_and(|b| b.0 == Phase::Two) => {
            banner.text = Some((phase_text(Phase::One).into(), Instant::now()));
        }
        _ => {}
    }
}

fn fade_banner(
    mut banner: ResMut<Banner>,
    mut texts: Query<(&mut Text, &mut TextColor), (With<BannerText>, Without<ToastText>)>,
    mut toasts: Query<(&mut Text, &mut TextColor), (With<ToastText>, Without<BannerText>)>,
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
    }
    // Fades need frames even in reactive mode.
    if banner.text.is_some() || banner.toast.is_some() {
        busy.0 = true;
    }
}

fn describe(m: Move, session: &Session) -> String {
    let p = session.game.position();
    let card = p.moving_card(m).map(|c| c.to_string()).unwrap_or_default();
    let name = |place: Place| match place {
        Place::Stock => "the stock".to_string(),
        Place::Waste => "the waste".to_string(),
        Place::Equator(e) => format!("Equator cell e{e}"),
        Place::Zodiac(z) => format!("Zodiac pile z{z}"),
        Place::Foundation(f) => format!("foundation f{f}"),
    };
    match m {
        Move::Turn => "Only turning the stock is left: turn a card.".into(),
        Move::Redeal => "Only the waste is left: turn it over into the stock.".into(),
        m => format!("Hint: {card} from {} to {}.", name(m.from()), name(m.to())),
    }
}

fn show_hint(
    mut asks: MessageReader<ShowHint>,
    session: Res<Session>,
    mut banner: ResMut<Banner>,
    mirror: Res<Mirror>,
    mut commands: Commands,
    mut highlights: Query<(&DropHighlight, &mut Visibility)>,
) {
    if asks.read().count() == 0 {
        return;
    }
    let text = match session.game.position().hint(session.game.rules()) {
        Some(m) => {
            if let Some(top) = mirror.top(m.from()) {
                commands
                    .entity(top)
                    .insert(super::animation::Shake::default());
            }
            for (h, mut v) in &mut highlights {
                if h.0 == m.to() && !matches!(m, Move::Turn | Move::Redeal) {
                    *v = Visibility::Inherited;
                }
            }
            describe(m, &session)
        }
        None => "No move is left.".into(),
    };
    banner.toast = Some((text, Instant::now()));
}

fn on_button(
    ev: On<Pointer<Click>>,
    actions: Query<&Action>,
    mut overlay: ResMut<Overlay>,
    mut requests: MessageWriter<Request>,
    mut hints: MessageWriter<ShowHint>,
    mut settings: ResMut<Settings>,
    mut entry: ResMut<DealEntry>,
    mut banner: ResMut<Banner>,
    mut notice: ResMut<Notice>,
) {
    let Ok(action) = actions.get(ev.entity) else {
        return;
    };
    match action.clone() {
        Action::NewGame => {
            overlay.0 = None;
            requests.write(Request::NewGame {
                deal: None,
                rules: None,
            });
        }
        Action::Restart => {
            overlay.0 = None;
            requests.write(Request::Restart);
        }
        Action::Undo => {
            overlay.0 = None;
            requests.write(Request::Undo);
        }
        Action::Redo => {
            requests.write(Request::Redo);
        }
        Action::Hint => {
            hints.write(ShowHint);
        }
        Action::Help => overlay.0 = toggle(overlay.0, OverlayKind::Help),
        Action::Settings => overlay.0 = toggle(overlay.0, OverlayKind::Settings),
        Action::Statistics => overlay.0 = toggle(overlay.0, OverlayKind::Statistics),
        Action::ChooseDeal => {
            entry.0.clear();
            overlay.0 = toggle(overlay.0, OverlayKind::Deal);
        }
        Action::CloseOverlay => overlay.0 = None,
        Action::DismissNotice => notice.0 = None,
        Action::PlayTypedDeal => match DealNumber::parse(&entry.0) {
            Ok(deal) => {
                overlay.0 = None;
                requests.write(Request::NewGame {
                    deal: Some(deal),
                    rules: None,
                });
            }
            Err(e) => banner.toast = Some((format!("{e}."), Instant::now())),
        },
        Action::Set(change) => {
            match change {
                SettingChange::Rules(name) => {
                    if settings.rules != name {
                        settings.rules = name.clone();
                        requests.write(Request::NewGame {
                            deal: None,
                            rules: Some(name),
                        });
                    }
                }
                SettingChange::Sound(on) => settings.sound = on,
                SettingChange::Volume(v) => {
                    settings.volume = v.clamp(0.0, 1.0);
                    settings.sound = true;
                }
                SettingChange::Animation(a) => settings.animation = a,
                SettingChange::AutoTurn(on) => settings.auto_turn = on,
                SettingChange::AutoFinish(on) => settings.auto_finish = on,
                SettingChange::FourColour(on) => settings.four_colour = on,
            }
            // Rebuild the panel so it shows the new choice.
            overlay.set_changed();
        }
    }
}

fn toggle(current: Option<OverlayKind>, kind: OverlayKind) -> Option<OverlayKind> {
    if current == Some(kind) {
        None
    } else {
        Some(kind)
    }
}

fn open_inspector(
    mut asks: MessageReader<OpenInspector>,
    mut overlay: ResMut<Overlay>,
    mut commands: Commands,
) {
    if let Some(OpenInspector(place)) = asks.read().last() {
        commands.insert_resource(Inspecting(*place));
        overlay.0 = Some(OverlayKind::Inspector);
    }
}

fn type_deal_number(
    mut overlay: ResMut<Overlay>,
    keys: Res<ButtonInput<KeyCode>>,
    mut entry: ResMut<DealEntry>,
    mut shown: Query<&mut Text, With<DealEntryText>>,
    mut requests: MessageWriter<Request>,
    mut banner: ResMut<Banner>,
) {
    if overlay.0 != Some(OverlayKind::Deal) {
        return;
    }
    let digits = [
        (KeyCode::Digit0, '0'),
        (KeyCode::Digit1, '1'),
        (KeyCode::Digit2, '2'),
        (KeyCode::Digit3, '3'),
        (KeyCode::Digit4, '4'),
        (KeyCode::Digit5, '5'),
        (KeyCode::Digit6, '6'),
        (KeyCode::Digit7, '7'),
        (KeyCode::Digit8, '8'),
        (KeyCode::Digit9, '9'),
        (KeyCode::Numpad0, '0'),
        (KeyCode::Numpad1, '1'),
        (KeyCode::Numpad2, '2'),
        (KeyCode::Numpad3, '3'),
        (KeyCode::Numpad4, '4'),
        (KeyCode::Numpad5, '5'),
        (KeyCode::Numpad6, '6'),
        (KeyCode::Numpad7, '7'),
        (KeyCode::Numpad8, '8'),
        (KeyCode::Numpad9, '9'),
    ];
    for (key, c) in digits {
        if keys.just_pressed(key) && entry.0.len() < 21 {
            entry.0.push(c);
        }
    }
    if keys.just_pressed(KeyCode::Backspace) {
        entry.0.pop();
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]) {
        match DealNumber::parse(&entry.0) {
            Ok(deal) => {
                overlay.0 = None;
                requests.write(Request::NewGame {
                    deal: Some(deal),
                    rules: None,
                });
            }
            Err(e) => banner.toast = Some((format!("{e}."), Instant::now())),
        }
    }
    if let Ok(mut t) = shown.single_mut() {
        let s = if entry.0.is_empty() {
            "type a number…".to_string()
        } else {
            entry.0.clone()
        };
        if t.0 != s {
            t.0 = s;
        }
    }
}

/// A centred panel over a dimmed table; a click outside it closes the overlay.
fn panel(
    commands: &mut Commands,
    title: &str,
    fonts: &Fonts,
    body: impl FnOnce(&mut ChildSpawnerCommands),
) {
    commands
        .spawn((
            OverlayPart,
            Node {
                position_type: PositionType::Absolute,
                width: Val::Percent(100.0),
                height: Val::Percent(100.0),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            BackgroundColor(Palette::DIM),
            GlobalZIndex(10),
            Action::CloseOverlay,
        ))
        .with_children(|root| {
            root.spawn((
                Node {
                    flex_direction: FlexDirection::Column,
                    padding: UiRect::all(Val::Px(22.0)),
                    row_gap: Val::Px(8.0),
                    max_width: Val::Percent(86.0),
                    max_height: Val::Percent(88.0),
                    border_radius: BorderRadius::all(Val::Px(12.0)),
                    overflow: Overflow::clip(),
                    ..default()
                },
                BackgroundColor(Palette::PANEL),
                // Clicks inside the panel stay in the panel.
                Button,
            ))
            .with_children(|p| {
                p.spawn(text(fonts, title, 26.0));
                body(p);
            });
        });
}

const RULES_TEXT: &str = "\
Phase 1 — fill the Zodiac. Turn the stock one card at a time (click it, or Space). The waste card may go onto a Zodiac pile or into an empty Equator cell; an Equator card may go onto a Zodiac pile. A Zodiac pile takes the same suit, one rank up or down (the direction may change; Ace and King are not neighbours). Zodiac cards never move in phase 1, and nothing goes to the foundations. Redeals are unlimited.

Phase 2 — to the foundations. It begins when the stock and the waste are both empty. Zodiac top cards and Equator cards go to the foundations, each built by suit: in Cadogan's rules four up from Ace and four down from King; in Wikipedia's, all eight up from Ace. The game is won when all 104 cards are home.";

const KEYS_TEXT: &str = "\
Mouse: drag a card to a place; click a card to send it to its best place (phase 1: a Zodiac pile, else an empty Equator cell; phase 2: its foundation); click the stock to turn a card, or the empty stock to turn the waste over; double-click or right-click a Zodiac pile to see all its cards.
Keys: Ctrl+Z undo · Ctrl+Y or Ctrl+Shift+Z redo · Space or D turn the stock · H hint · N new game · Ctrl+R restart · arrows select a place, Enter picks up / drops (Enter twice: best place) · I inspect the selected pile · Esc close · F11 fullscreen.";

#[allow(clippy::too_many_arguments)]
fn sync_overlay(
    overlay: Res<Overlay>,
    mut commands: Commands,
    parts: Query<Entity, With<OverlayPart>>,
    fonts: Res<Fonts>,
    session: Res<Session>,
    settings: Res<Settings>,
    stats: Res<Statistics>,
    inspecting: Option<Res<Inspecting>>,
    art: Option<Res<CardArt>>,
    table: Res<Table>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    if !overlay.is_changed() && !table.is_changed() {
        return;
    }
    for e in &parts {
        commands.entity(e).despawn();
    }
    let f = &*fonts;
    let Some(kind) = overlay.0 else { return };
    match kind {
        OverlayKind::Inspector => {
            let (Some(Inspecting(place)), Some(art)) = (inspecting.as_deref(), art) else {
                return;
            };
            // Larger than on the table, so every card reads easily, while a tall pile still fits.
            let scale = (table.height * 0.3 / art.h).clamp(1.0, 1.6);
            let big = CardArt::build(
                art.w * scale,
                art.h * scale,
                art.style,
                f,
                &mut meshes,
                &mut materials,
            );
            spawn_inspector(&mut commands, *place, &session, &big, &table, f);
        }
        OverlayKind::Stuck => panel(&mut commands, "No moves left", f, |p| {
            p.spawn(text(
                f,
                "Nothing more can move: no card fits a Zodiac pile or a foundation, and no Equator cell is free.\nYou can undo a few moves, restart this deal, or start a new game (this one then counts as lost).",
                16.0,
            ));
            p.spawn(button_row(children![
                button(f, "Undo", Action::Undo),
                button(f, "Restart", Action::Restart),
                button(f, "New game", Action::NewGame)
            ]));
        }),
        OverlayKind::Help => panel(&mut commands, "How to play Zodiac", f, |p| {
            p.spawn(text(f, RULES_TEXT, 15.0));
            p.spawn(text(f, KEYS_TEXT, 14.0));
            p.spawn(button(f, "Close", Action::CloseOverlay));
        }),
        OverlayKind::Deal => panel(&mut commands, "Choose a deal", f, |p| {
            p.spawn(text(
                f,
                "PySolFC-compatible deal numbers, 1 to 100000000000000000000.",
                14.0,
            ));
            p.spawn((text(f, "type a number…", 22.0), DealEntryText));
            p.spawn(button_row(children![
                button(f, "Play this deal", Action::PlayTypedDeal),
                button(f, "Cancel", Action::CloseOverlay)
            ]));
        }),
        OverlayKind::Statistics => {
            let name = session.game.rule_set().name.clone();
            let s = stats.for_rules(&name);
            let won = session.game.status() == Status::Won;
            let title = if won {
                "You won!".to_string()
            } else {
                format!("Statistics — {}", session.game.rule_set().title)
            };
            let summary = if won {
                format!(
                    "Deal {} in {} and {} moves.\n",
                    session.game.deal(),
                    format_time(session.elapsed()),
                    session.game.moves().len()
                )
            } else {
                String::new()
            };
            let line = |v: Option<u64>, f: &dyn Fn(u64) -> String| v.map_or("—".into(), f);
            let body = format!(
                "{summary}Played {}   Won {}   Lost {}   Win rate {}\nCurrent streak {}   Longest streak {}\nBest time {}   Fewest moves {}",
                s.played,
                s.won,
                s.lost,
                s.win_rate().map_or("—".into(), |r| format!("{r:.0}%")),
                s.current_streak,
                s.longest_streak,
                line(s.best_time_ms, &|ms| format_time(Duration::from_millis(ms))),
                line(s.fewest_moves.map(u64::from), &|n| n.to_string()),
            );
            panel(&mut commands, &title, f, |p| {
                p.spawn(text(f, body, 17.0));
                p.spawn(button_row(children![
                    button(f, "New game", Action::NewGame),
                    button(f, "Close", Action::CloseOverlay)
                ]));
            });
        }
        OverlayKind::Settings => {
            let s = settings.clone();
            panel(&mut commands, "Settings", f, |p| {
                let row = |p: &mut ChildSpawnerCommands,
                           label: &str,
                           options: Vec<(String, Action, bool)>| {
                    p.spawn((
                        Node {
                            column_gap: Val::Px(8.0),
                            align_items: AlignItems::Center,
                            flex_shrink: 0.0,
                            min_height: Val::Px(34.0),
                            ..default()
                        },
                        Pickable::IGNORE,
                    ))
                    .with_children(|r| {
                        // One line: a wrapped label would be measured taller than it shows.
                        r.spawn((
                            text(f, label, 16.0),
                            TextLayout::no_wrap(),
                            Node {
                                width: Val::Px(300.0),
                                flex_shrink: 0.0,
                                ..default()
                            },
                        ));
                        for (name, action, on) in options {
                            r.spawn((button(f, &name, action), Chosen(on)));
                        }
                    });
                };
                let rules = RuleSet::all_builtin()
                    .into_iter()
                    .map(|r| {
                        (
                            r.title.clone(),
                            Action::Set(SettingChange::Rules(r.name.clone())),
                            r.name == s.rules,
                        )
                    })
                    .collect();
                row(p, "Rules (starts a new game)", rules);
                let on_off = |v: bool, make: fn(bool) -> SettingChange| {
                    vec![
                        ("On".to_string(), Action::Set(make(true)), v),
                        ("Off".to_string(), Action::Set(make(false)), !v),
                    ]
                };
                row(p, "Sound", on_off(s.sound, SettingChange::Sound));
                row(
                    p,
                    "Volume",
                    [0.25f32, 0.5, 0.75, 1.0]
                        .into_iter()
                        .map(|v| {
                            let chosen = s.sound && (s.volume - v).abs() < 0.13;
                            (
                                format!("{:.0}%", v * 100.0),
                                Action::Set(SettingChange::Volume(v)),
                                chosen,
                            )
                        })
                        .collect(),
                );
                row(
                    p,
                    "Animation",
                    [
                        AnimationSetting::Normal,
                        AnimationSetting::Fast,
                        AnimationSetting::Off,
                    ]
                    .into_iter()
                    .map(|a| {
                        (
                            a.label().to_string(),
                            Action::Set(SettingChange::Animation(a)),
                            a == s.animation,
                        )
                    })
                    .collect(),
                );
                row(
                    p,
                    "Turn a card when the waste is empty",
                    on_off(s.auto_turn, SettingChange::AutoTurn),
                );
                row(
                    p,
                    "Finish automatically in phase 2",
                    on_off(s.auto_finish, SettingChange::AutoFinish),
                );
                row(
                    p,
                    "Four-colour deck",
                    on_off(s.four_colour, SettingChange::FourColour),
                );
                p.spawn(button(f, "Close", Action::CloseOverlay));
            });
        }
    }
}

/// Marks the chosen option in a settings row.
#[derive(Component)]
struct Chosen(bool);

fn button_colours(
    mut buttons: Query<
        (&Interaction, &mut BackgroundColor, Option<&Chosen>),
        (With<Action>, Or<(Changed<Interaction>, Added<Chosen>)>),
    >,
) {
    for (interaction, mut bg, chosen) in &mut buttons {
        let base = if chosen.is_some_and(|c| c.0) {
            Palette::HIGHLIGHT.darker(0.35)
        } else {
            Palette::BUTTON
        };
        bg.0 = match interaction {
            Interaction::Hovered | Interaction::Pressed => Palette::BUTTON_HOVER,
            Interaction::None => base,
        };
    }
}

/// The inspector: every card of a Zodiac pile, fanned bottom to top over the dimmed table.
fn spawn_inspector(
    commands: &mut Commands,
    place: Place,
    session: &Session,
    art: &CardArt,
    table: &Table,
    fonts: &Fonts,
) {
    let cards = session
        .game
        .position()
        .cards_at(session.game.rules(), place);
    let (w, h) = (table.width, table.height);
    // The backdrop catches the click that closes the inspector.
    commands.spawn((
        OverlayPart,
        Transform::from_xyz(0.0, 0.0, 200.0),
        Hitbox { w, h },
        Action::CloseOverlay,
        Sprite::from_color(Palette::DIM, Vec2::new(w, h)),
    ));
    let n = cards.len().max(1);
    let per_row = ((w * 0.9 - art.w) / (art.w * 0.55)).floor().max(1.0) as usize + 1;
    let rows = n.div_ceil(per_row);
    let step_x = if n > 1 {
        ((w * 0.9 - art.w) / (n.min(per_row) - 1).max(1) as f32).min(art.w * 0.75)
    } else {
        0.0
    };
    let step_y = art.h * 1.12;
    let title = match place {
        Place::Zodiac(z) => format!("Zodiac pile z{z} — {} cards, bottom to top", cards.len()),
        other => format!("{other}"),
    };
    commands.spawn((
        OverlayPart,
        Text2d::new(title),
        TextFont {
            font: fonts.ui.clone().into(),
            font_size: 22.0.into(),
            ..default()
        },
        TextColor(Palette::HUD_TEXT),
        Transform::from_xyz(0.0, (rows as f32 * step_y) / 2.0 + art.h * 0.2, 201.0),
    ));
    for (i, card) in cards.iter().enumerate() {
        let (row, col) = (i / per_row, i % per_row);
        let in_row = (n - row * per_row).min(per_row);
        let x = (col as f32 - (in_row - 1) as f32 / 2.0) * step_x;
        let y = ((rows - 1) as f32 / 2.0 - row as f32) * step_y - art.h * 0.1;
        commands
            .spawn((
                OverlayPart,
                Transform::from_xyz(x, y, 202.0 + i as f32 * 0.01),
                Visibility::default(),
            ))
            .with_children(|p| spawn_card_art(p, art, *card, true));
    }
}

impl AnimationSetting {
    pub fn label(self) -> &'static str {
        match self {
            AnimationSetting::Normal => "Normal",
            AnimationSetting::Fast => "Fast",
            AnimationSetting::Off => "Off",
        }
    }
}
