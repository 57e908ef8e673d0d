//! The table itself: the layout for the current window and patience, the felt (with the track
//! a layout may have), and a marker entity for every place (so empty places show, and can be
//! clicked and dropped on). On it, [`cards`] mirrors the game's cards and [`animation`] moves
//! them.

pub mod animation;
pub mod cards;
pub mod hand;

use crate::game::draw::backdrop::{self, Backdrop, Still};
use crate::game::draw::paint::{self, Canvas, Face};
use crate::game::draw::shapes;
use crate::game::messages::Step;
use crate::game::session::Session;
use crate::game::theme::{self, Fonts, Palette};
use crate::patience::layout::{Ellipse, Track, hud_scale};
use crate::patience::{Game, Layout, Place, Suit};
use crate::registry;
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw};

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Palette::FELT))
        .insert_resource(Table(registry::default().layout(1280.0, 800.0, 1.0)))
        .init_resource::<LaidOutFor>()
        // After the window is placed: a window that must shrink to fit its screen does so
        // before anything is drawn or painted for the size it opened at.
        .add_systems(
            PreUpdate,
            follow_window.after(crate::game::session::placement::place_on_screen),
        )
        // Again once the session has dealt: a switch of patience is laid out in its own frame.
        .add_systems(
            Update,
            follow_window.in_set(Step::Mirror).before(redraw_table),
        )
        .add_systems(
            Update,
            redraw_table
                .run_if(resource_changed::<Table>.or_eager(rules_changed))
                .in_set(Step::Mirror),
        )
        .add_systems(
            Update,
            (count_talon, show_redeal_mark, frame_highlights).in_set(Step::Present),
        );
}

/// The layout for the window as it is now. Changes when the window is resized or moves to a
/// screen with another scale factor.
#[derive(Resource, Clone, Debug, PartialEq, Deref)]
pub struct Table(pub Layout);

/// A place on the table (marker entity: outline, label, and drop / click target).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlaceMarker(pub Place);

/// Everything drawn for the table (not the cards), rebuilt with the layout.
#[derive(Component)]
struct TableDecor;

/// The highlight drawn over a place that would accept the dragged card.
#[derive(Component)]
pub struct DropHighlight(pub Place);

/// The highlight drawn over the two places of a hint (its own colour: a hint is no drop).
#[derive(Component)]
pub struct HintHighlight(pub Place);

/// How many cards from the top of its place a highlight frames (1: the top card, or the empty
/// place): a hint's source frames the whole run that moves.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Framing(pub u8);

/// A highlight's size round one card (its picture's margin included), which a run's frame
/// grows from downwards.
#[derive(Component, Clone, Copy)]
pub(crate) struct OneCard(Vec2);

pub(super) fn follow_window(
    windows: Query<&Window, With<PrimaryWindow>>,
    session: Option<Res<Session>>,
    mut table: ResMut<Table>,
    mut last: ResMut<LaidOutFor>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Ok(window) = windows.single() else { return };
    let patience = session.map_or_else(registry::default, |s| s.game.patience());
    let (w, h, s) = (window.width(), window.height(), window.scale_factor());
    if (table.width, table.height, table.scale_factor) != (w, h, s)
        || last.0 != Some(patience.name())
    {
        last.0 = Some(patience.name());
        table.0 = patience.layout(w, h, s);
        // The card atlas follows in the next frame's `PreUpdate`.
        redraw.write(RequestRedraw);
    }
}

/// The patience the table was last laid out for (shared by both runs of `follow_window`).
#[derive(Resource, Default)]
pub struct LaidOutFor(Option<&'static str>);

/// The foundations' labels (up or down) depend on the patience and the rule set.
fn rules_changed(session: Option<Res<Session>>, mut last: Local<Option<String>>) -> bool {
    let Some(session) = session else { return false };
    let key = format!(
        "{}/{}",
        session.game.patience().name(),
        session.game.statistics_key()
    );
    if last.as_ref() != Some(&key) {
        *last = Some(key);
        true
    } else {
        false
    }
}

/// Paints the table picture (the felt's Zodiac track, each place's outline and marks, the
/// captions) and spawns each place's marker, highlights and live marks.
fn redraw_table(
    mut commands: Commands,
    table: Res<Table>,
    session: Res<Session>,
    old: Query<
        Entity,
        Or<(
            With<TableDecor>,
            With<PlaceMarker>,
            With<DropHighlight>,
            With<HintHighlight>,
        )>,
    >,
    mut images: ResMut<Assets<Image>>,
    fonts: Res<Fonts>,
    table_camera: Query<(Entity, &Msaa), With<Camera2d>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let layout = &table.0;
    let scale = layout.scale_factor.max(0.1);
    let picture = picture(layout, session.game.as_ref()).into_image();
    let (camera, msaa) = table_camera.iter().next().unzip();
    let msaa = msaa.copied().unwrap_or_default();
    if let Some(camera) = camera.filter(|_| backdrop::copies_on(msaa)) {
        commands.entity(camera).insert(Backdrop {
            texels: backdrop::keep(&picture),
            scale,
        });
    } else {
        let picture = images.add(picture);
        commands.spawn((
            TableDecor,
            Sprite {
                image: picture,
                custom_size: Some(Vec2::new(layout.width, layout.height)),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, 0.0),
        ));
    }
    let (cw, ch) = (layout.card_w, layout.card_h);
    let radius = cw * 0.08;
    let stroke = (cw * 0.05).max(2.5);
    let (frame, frame_size) = paint::stencil(
        &shapes::rounded_frame(cw + 8.0, ch + 8.0, radius + 4.0, stroke),
        cw + 8.0,
        ch + 8.0,
        scale,
    );
    let frame = images.add(frame);
    // Nine slices: a frame around a run in a fan is taller than a card, and its corners and
    // lines keep their size (the texture is in texels, the sprite in logical pixels: Bevy
    // scales the corners by the smaller ratio, the width's, which is 1 / scale).
    let corner = ((radius + 4.0 + stroke) * scale).ceil();
    let highlight = |colour: Color| Sprite {
        image: frame.clone(),
        custom_size: Some(frame_size),
        color: colour,
        image_mode: SpriteImageMode::Sliced(TextureSlicer {
            border: BorderRect::all(corner),
            max_corner_scale: 1.0,
            ..default()
        }),
        ..default()
    };
    for place in layout.all() {
        let r = layout.rect(place);
        // The marker is what input finds at the place; its look is in the picture.
        let marker = commands
            .spawn((
                PlaceMarker(place),
                Transform::from_xyz(r.x, r.y, 0.1),
                Visibility::default(),
            ))
            .id();
        if place == Place::Stock {
            let (mark, size) = redeal_mark(cw, ch, scale);
            commands.entity(marker).with_child((
                RedealMark,
                // Under the stock's cards: part of the backdrop.
                Still {
                    texels: backdrop::keep(&mark),
                    resting: true,
                },
                Sprite {
                    image: images.add(mark),
                    custom_size: Some(size),
                    color: Palette::SLOT_MARK,
                    ..default()
                },
                Transform::from_xyz(0.0, 0.0, 0.02),
            ));
        }
        commands.spawn((
            DropHighlight(place),
            Framing(1),
            OneCard(frame_size),
            highlight(Palette::HIGHLIGHT),
            Transform::from_xyz(r.x, r.y, 90.0),
            Visibility::Hidden,
        ));
        commands.spawn((
            HintHighlight(place),
            Framing(1),
            OneCard(frame_size),
            highlight(Palette::HINT),
            Transform::from_xyz(r.x, r.y, 91.0),
            Visibility::Hidden,
        ));
    }
    // A stock, where the patience has one, shows how many cards it holds: a badge on its
    // corner, above the cards.
    if layout.has(Place::Stock) {
        let stock = layout.rect(Place::Stock);
        let badge_w = (cw * 0.46).max(26.0);
        let badge_h = (ch * 0.16).max(16.0);
        let (badge, badge_size) = paint::stencil(
            &shapes::rounded_rect(badge_w, badge_h, badge_h / 2.0),
            badge_w,
            badge_h,
            scale,
        );
        commands
            .spawn((
                TableDecor,
                Sprite {
                    image: images.add(badge),
                    custom_size: Some(badge_size),
                    color: Palette::BADGE,
                    ..default()
                },
                Transform::from_xyz(
                    stock.right() - badge_w * 0.35,
                    stock.top() - badge_h * 0.2,
                    45.0,
                ),
            ))
            .with_child((
                Text2d::new(""),
                TextFont {
                    font: fonts.ui.clone().into(),
                    // The HUD's text size, so the count shares its glyph atlas (each size drawn
                    // costs one of its own: about 2 MiB on a software renderer).
                    font_size: (theme::TEXT * hud_scale(layout.width)).into(),
                    ..default()
                },
                // Hinted as UI text is: an atlas is kept per hinting too, and text in the
                // world is unhinted unless told.
                FontHinting::Enabled,
                TextColor(Palette::HUD_TEXT),
                Transform::from_xyz(0.0, 0.0, 0.01),
                TalonCount(Place::Stock),
            ));
    }
}

/// Puts each highlight that shows around the cards it is about (`Framing`), as the game lies
/// now: a column's top card or run, wherever its fan has put it, not the column's first card.
pub(crate) fn frame_highlights(
    table: Res<Table>,
    session: Res<Session>,
    mut highlights: Query<(
        &Framing,
        &OneCard,
        AnyOf<(&DropHighlight, &HintHighlight)>,
        &Visibility,
        &mut Transform,
        &mut Sprite,
    )>,
) {
    for (framing, one, (drop, hint), visibility, mut at, mut sprite) in &mut highlights {
        if *visibility == Visibility::Hidden {
            continue;
        }
        let Some(place) = drop.map(|d| d.0).or(hint.map(|h| h.0)) else {
            continue;
        };
        let slots = session.game.cards(place);
        let face_down = slots.iter().take_while(|s| !s.face_up).count();
        let r = table.run_rect(place, slots.len(), face_down, usize::from(framing.0));
        let size = one.0 + Vec2::new(0.0, r.h - table.card_h);
        if (at.translation.x, at.translation.y) != (r.x, r.y) {
            at.translation.x = r.x;
            at.translation.y = r.y;
        }
        if sprite.custom_size != Some(size) {
            sprite.custom_size = Some(size);
        }
    }
}

/// What never changes while the layout and the rules stay, in one picture at the window's size
/// in texels: the felt, the track, every place's outline and marks, the captions.
pub fn picture(layout: &Layout, game: &dyn Game) -> Canvas {
    let scale = layout.scale_factor.max(0.1);
    let mut canvas = Canvas::new(
        (layout.width * scale).round() as u32,
        (layout.height * scale).round() as u32,
        scale,
    );
    canvas.flood(Palette::FELT);
    let (cw, ch) = (layout.card_w, layout.card_h);
    if let Some(Track {
        ring: Ellipse { x: cx, y: cy, a, b },
        width: band,
    }) = layout.track
    {
        canvas.fill(
            &shapes::ellipse_band(a, b, band),
            Palette::TRACK,
            Vec2::new(cx, cy),
        );
    }
    let radius = cw * 0.08;
    let outline = shapes::rounded_frame(cw, ch, radius, (cw * 0.025).max(1.0));
    let fill = shapes::rounded_rect(cw, ch, radius);
    let suits = Suit::ALL.map(|s| shapes::suit(s, cw * 0.42));
    for place in layout.all() {
        let r = layout.rect(place);
        let at = Vec2::new(r.x, r.y);
        canvas.fill(&fill, Palette::SLOT_FILL, at);
        canvas.fill(&outline, Palette::SLOT_LINE, at);
        if let Place::Foundation(f) = place
            && let Some((suit, base, arrow)) = game.foundation_caption(f)
        {
            // Suit and base rank (A or K) while empty; cards cover it once built.
            let suit = Suit::ALL.iter().position(|&s| s == suit).unwrap_or(0);
            canvas.fill(
                &suits[suit],
                Palette::SLOT_MARK,
                at + Vec2::new(0.0, ch * 0.08),
            );
            let mark = |canvas: &mut Canvas, text: &str, size: f32, y: f32| {
                canvas.text(
                    text,
                    Face::Ui,
                    size,
                    Palette::SLOT_MARK,
                    at + Vec2::new(0.0, y),
                    0.0,
                );
            };
            mark(&mut canvas, base, ch * 0.2, ch * 0.33);
            mark(&mut canvas, arrow, ch * 0.13, -ch * 0.33);
        }
    }
    // Captions for the groups, small and quiet, so a newcomer knows what is where.
    for &(words, x, y) in &layout.captions {
        canvas.text(
            words,
            Face::Ui,
            (ch * 0.13).max(11.0),
            Palette::CAPTION,
            Vec2::new(x, y),
            0.0,
        );
    }
    canvas
}

/// The mark on the empty stock while the waste can be turned over: a ring and the word, white
/// (the sprite tints it), and its size in logical pixels.
fn redeal_mark(cw: f32, ch: f32, scale: f32) -> (Image, Vec2) {
    paint::stencil_with(cw, ch, scale, |canvas| {
        let ring = shapes::ring(cw * 0.24, (cw * 0.05).max(2.0));
        canvas.fill(&ring, Color::WHITE, Vec2::ZERO);
        let word = Vec2::new(0.0, -ch * 0.36);
        canvas.text("redeal", Face::Ui, ch * 0.12, Color::WHITE, word, 0.0);
    })
}

/// The "turn the waste over" mark on the empty stock: only while a redeal is possible.
#[derive(Component)]
struct RedealMark;

fn show_redeal_mark(session: Res<Session>, mut marks: Query<&mut Visibility, With<RedealMark>>) {
    let possible = session.game.redeal_possible();
    for mut v in &mut marks {
        v.set_if_neq(if possible {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
}

/// The stock's badge, which counts its cards.
#[derive(Component)]
struct TalonCount(Place);

fn count_talon(session: Res<Session>, mut labels: Query<(&TalonCount, &mut Text2d)>) {
    for (label, mut text) in &mut labels {
        let n = session.game.cards(label.0).len();
        let wanted = n.to_string();
        if text.0 != wanted {
            text.0 = wanted;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_picture_is_felt_with_the_track_and_fills_the_window_in_texels() {
        for scale in [1.0, 1.5, 2.0] {
            let zodiac = registry::default();
            let layout = zodiac.layout(1024.0, 640.0, scale);
            let game = zodiac
                .new_game("cadogan", crate::cards::DealNumber::new(1).unwrap())
                .unwrap();
            let canvas = picture(&layout, game.as_ref());
            assert_eq!(
                (canvas.width(), canvas.height()),
                ((1024.0 * scale) as u32, (640.0 * scale) as u32)
            );
            let felt = Palette::FELT.to_srgba().to_u8_array();
            assert_eq!(canvas.texel(2, canvas.height() - 3), felt);
            // The track between two Zodiac piles.
            let (a, b) = (layout.rect(Place::Pile(0)), layout.rect(Place::Pile(1)));
            let (x, y) = layout.table_to_window((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
            let texel = canvas.texel((x * scale) as u32, (y * scale) as u32);
            let track = Palette::TRACK.to_srgba().to_u8_array();
            assert!(
                texel.iter().zip(track).all(|(a, b)| a.abs_diff(b) <= 2),
                "{texel:?}"
            );
        }
    }
}
