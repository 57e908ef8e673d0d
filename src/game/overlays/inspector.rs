//! The inspector: every card of a Zodiac pile, bottom to top, drawn larger over the dimmed
//! table. A double-click, a right-click or the I key opens it; a click anywhere closes it.

use super::Overlay;
use crate::game::draw::art::{self, CardAtlas};
use crate::game::input::Hitbox;
use crate::game::input::buttons::Action;
use crate::game::messages::{Announce, Inspect, Step};
use crate::game::session::Session;
use crate::game::table::Table;
use crate::game::theme::{Fonts, Palette};
use crate::patience::Place;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, open.in_set(Step::Present))
        .add_systems(OnEnter(Overlay::Inspector), spawn)
        .add_systems(
            Update,
            (super::clear, spawn).chain().in_set(super::Rebuild).run_if(
                in_state(Overlay::Inspector)
                    .and_then(resource_changed::<Table>.or_else(resource_changed::<Inspecting>)),
            ),
        );
}

/// The pile being inspected.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Inspecting(pub Place);

fn open(
    mut asks: MessageReader<Inspect>,
    mut commands: Commands,
    mut next: ResMut<NextState<Overlay>>,
    session: Res<Session>,
    mut said: MessageWriter<Announce>,
) {
    if let Some(Inspect(place)) = asks.read().last() {
        // What the eye sees in the panel, for a screen reader.
        let cards: Vec<String> = session
            .game
            .cards(*place)
            .iter()
            .map(|s| s.card.name())
            .collect();
        said.write(Announce::notice(format!(
            "{}, {} cards, bottom to top: {}. Esc closes.",
            capitalised(&session.game.place_name(*place)),
            cards.len(),
            cards.join(", ")
        )));
        commands.insert_resource(Inspecting(*place));
        next.set(Overlay::Inspector);
    }
}

fn spawn(
    mut commands: Commands,
    inspecting: Option<Res<Inspecting>>,
    atlas: Option<Res<CardAtlas>>,
    session: Res<Session>,
    table: Res<Table>,
    fonts: Res<Fonts>,
    mut images: ResMut<Assets<Image>>,
) {
    let (Some(inspecting), Some(atlas)) = (inspecting, atlas) else {
        return;
    };
    let place = inspecting.0;
    // Larger than on the table, so every card reads easily, while a tall pile still fits.
    let scale = (table.height * 0.3 / atlas.h).clamp(1.0, 1.6);
    let big = Vec2::new(atlas.w, atlas.h) * scale;
    let scope = DespawnOnExit(Overlay::Inspector);
    let cards = session
        .game
        .cards(place)
        .into_iter()
        .map(|s| s.card)
        .collect::<Vec<_>>();
    let (w, h) = (table.width, table.height);
    // The backdrop catches the click that closes the inspector.
    commands.spawn((
        scope.clone(),
        Transform::from_xyz(0.0, 0.0, 200.0),
        Hitbox { w, h },
        Action::CloseOverlay,
        Sprite::from_color(Palette::DIM, Vec2::new(w, h)),
    ));
    let n = cards.len().max(1);
    let per_row = ((w * 0.9 - big.x) / (big.x * 0.55)).floor().max(1.0) as usize + 1;
    let rows = n.div_ceil(per_row);
    let step_x = if n > 1 {
        ((w * 0.9 - big.x) / (n.min(per_row) - 1).max(1) as f32).min(big.x * 0.75)
    } else {
        0.0
    };
    let step_y = big.y * 1.12;
    let title = format!(
        "{} — {} cards, bottom to top",
        capitalised(&session.game.place_name(place)),
        cards.len()
    );
    let title_y = (rows as f32 * step_y) / 2.0 + big.y * 0.2;
    // A dark band behind the title, so it reads over the dimmed foundations.
    commands.spawn((
        scope.clone(),
        Sprite::from_color(Palette::PANEL.with_alpha(0.92), Vec2::new(w, 40.0)),
        Transform::from_xyz(0.0, title_y, 200.5),
    ));
    commands.spawn((
        scope.clone(),
        Text2d::new(title),
        TextFont {
            font: fonts.ui.clone().into(),
            font_size: 22.0.into(),
            ..default()
        },
        TextColor(Palette::HUD_TEXT),
        Transform::from_xyz(0.0, title_y, 201.0),
    ));
    for (i, card) in cards.iter().enumerate() {
        let (row, col) = (i / per_row, i % per_row);
        let in_row = (n - row * per_row).min(per_row);
        let x = (col as f32 - (in_row - 1) as f32 / 2.0) * step_x;
        let y = ((rows - 1) as f32 / 2.0 - row as f32) * step_y - big.y * 0.1;
        let image = art::card_image(*card, big.x, big.y, table.scale_factor, atlas.style);
        commands.spawn((
            scope.clone(),
            Sprite {
                image: images.add(image),
                custom_size: Some(big),
                ..default()
            },
            Transform::from_xyz(x, y, 202.0 + i as f32 * 0.01),
        ));
    }
}

/// Words with their first letter in capitals, to head a title.
fn capitalised(words: &str) -> String {
    let mut chars = words.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
