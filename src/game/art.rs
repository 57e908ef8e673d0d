//! The card faces and back, drawn from vector shapes at the current card size (so they are
//! sharp at every size and scale factor), in the theme's colours and fonts.

use super::shapes;
use super::table::Table;
use super::theme::{Fonts, Palette};
use crate::rules::{Card, Suit};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DeckStyle>().add_systems(
        PreUpdate,
        rebuild_art.run_if(resource_changed::<Table>.or_else(resource_changed::<DeckStyle>)),
    );
}

/// Two-colour or four-colour suits (♣ green, ♦ blue).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DeckStyle {
    pub four_colour: bool,
}

impl DeckStyle {
    pub fn colour(&self, suit: Suit) -> Color {
        match (suit, self.four_colour) {
            (Suit::Clubs, true) => Palette::GREEN,
            (Suit::Diamonds, true) => Palette::BLUE,
            (Suit::Hearts | Suit::Diamonds, _) => Palette::RED,
            _ => Palette::BLACK,
        }
    }
}

/// Meshes and materials for the card art at the current size.
#[derive(Resource, Clone)]
pub struct CardArt {
    pub w: f32,
    pub h: f32,
    pub body: Handle<Mesh>,
    pub edge: Handle<Mesh>,
    pub shadow: Handle<Mesh>,
    pub court_panel: Handle<Mesh>,
    pub court_frame: Handle<Mesh>,
    pub back_inner: Handle<Mesh>,
    pub back_ring: Handle<Mesh>,
    pub back_dot: Handle<Mesh>,
    pub small_suit: [Handle<Mesh>; 4],
    pub big_suit: [Handle<Mesh>; 4],
    pub ace_suit: [Handle<Mesh>; 4],
    pub crowns: [Handle<Mesh>; 3],
    pub suit_colour: [Handle<ColorMaterial>; 4],
    pub paper: Handle<ColorMaterial>,
    pub edge_colour: Handle<ColorMaterial>,
    pub shadow_colour: Handle<ColorMaterial>,
    pub court_panel_colour: Handle<ColorMaterial>,
    pub court_frame_colour: Handle<ColorMaterial>,
    pub back_colour: Handle<ColorMaterial>,
    pub back_line_colour: Handle<ColorMaterial>,
    pub style: DeckStyle,
    pub index_font: Handle<Font>,
}

fn rebuild_art(
    mut commands: Commands,
    table: Res<Table>,
    style: Res<DeckStyle>,
    fonts: Res<Fonts>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let art = CardArt::build(
        table.card_w,
        table.card_h,
        *style,
        &fonts,
        &mut meshes,
        &mut materials,
    );
    commands.insert_resource(art);
}

impl CardArt {
    /// The art for cards `w` × `h` (the table's size, or larger for the inspector).
    pub fn build(
        w: f32,
        h: f32,
        style: DeckStyle,
        fonts: &Fonts,
        meshes: &mut Assets<Mesh>,
        materials: &mut Assets<ColorMaterial>,
    ) -> CardArt {
        let r = w * 0.08;
        let line = (w * 0.018).max(1.0);
        let mut suits = |size: f32| Suit::ALL.map(|s| meshes.add(shapes::suit(s, size)));
        let (small_suit, big_suit, ace_suit) = (suits(w * 0.2), suits(w * 0.44), suits(w * 0.7));
        CardArt {
            w,
            h,
            body: meshes.add(shapes::rounded_rect(
                w - 2.0 * line,
                h - 2.0 * line,
                r - line,
            )),
            edge: meshes.add(shapes::rounded_rect(w, h, r)),
            shadow: meshes.add(shapes::rounded_rect(w * 1.04, h * 1.04, r * 1.3)),
            court_panel: meshes.add(shapes::rounded_rect(w * 0.62, h * 0.56, r * 0.6)),
            court_frame: meshes.add(shapes::rounded_frame(
                w * 0.62,
                h * 0.56,
                r * 0.6,
                line * 1.2,
            )),
            back_inner: meshes.add(shapes::rounded_frame(
                w * 0.82,
                h * 0.87,
                r * 0.7,
                line * 1.4,
            )),
            back_ring: meshes.add(shapes::ring(w * 0.26, line * 1.6)),
            back_dot: meshes.add(shapes::disc(w * 0.035)),
            small_suit,
            big_suit,
            ace_suit,
            crowns: [3, 5, 4].map(|points| meshes.add(shapes::crown(w * 0.36, points))),
            suit_colour: Suit::ALL.map(|s| materials.add(style.colour(s))),
            paper: materials.add(Palette::PAPER),
            edge_colour: materials.add(Palette::CARD_EDGE),
            shadow_colour: materials.add(Palette::SHADOW),
            court_panel_colour: materials.add(Palette::COURT_PANEL),
            court_frame_colour: materials.add(Palette::COURT_FRAME),
            back_colour: materials.add(Palette::BACK),
            back_line_colour: materials.add(Palette::BACK_LINE),
            style,
            index_font: fonts.index.clone(),
        }
    }
}

/// The face side of a card (shown when face up).
#[derive(Component)]
pub struct FaceSide;

/// The back side of a card (shown when face down).
#[derive(Component)]
pub struct BackSide;

/// The soft shadow under a lifted card.
#[derive(Component)]
pub struct LiftShadow;

/// Builds a card's art as children of `parent`: its shadow (hidden until lifted), its face
/// and its back (one of them visible).
pub fn spawn_card_art(parent: &mut ChildSpawnerCommands, art: &CardArt, card: Card, face_up: bool) {
    let (w, h) = (art.w, art.h);
    let suit = card.suit() as usize;
    let colour = art.style.colour(card.suit());
    let mesh = |m: &Handle<Mesh>, c: &Handle<ColorMaterial>, x: f32, y: f32, z: f32| {
        (
            Mesh2d(m.clone()),
            MeshMaterial2d(c.clone()),
            Transform::from_xyz(x, y, z),
        )
    };
    parent.spawn((
        LiftShadow,
        mesh(&art.shadow, &art.shadow_colour, w * 0.09, -h * 0.07, -0.004),
        Visibility::Hidden,
    ));
    parent
        .spawn((
            FaceSide,
            Transform::default(),
            if face_up {
                Visibility::Inherited
            } else {
                Visibility::Hidden
            },
        ))
        .with_children(|face| {
            face.spawn(mesh(&art.edge, &art.edge_colour, 0.0, 0.0, 0.0));
            face.spawn(mesh(&art.body, &art.paper, 0.0, 0.0, 0.0005));
            let rank = match card.rank() {
                10 => "10".to_string(),
                _ => card.rank_letter().to_string(),
            };
            let font = TextFont {
                font: art.index_font.clone().into(),
                font_size: (h * 0.2).into(),
                ..default()
            };
            // The index, top-left and (turned) bottom-right, so it reads from either end.
            for (sx, sy, turn) in [(-1.0, 1.0, 0.0), (1.0, -1.0, std::f32::consts::PI)] {
                let corner = Transform::from_xyz(sx * w * 0.33, sy * h * 0.355, 0.002)
                    .with_rotation(Quat::from_rotation_z(turn));
                face.spawn((corner, Visibility::Inherited))
                    .with_children(|c| {
                        c.spawn((
                            Text2d::new(rank.clone()),
                            font.clone(),
                            TextColor(colour),
                            Transform::from_xyz(0.0, 0.0, 0.0),
                        ));
                        c.spawn(mesh(
                            &art.small_suit[suit],
                            &art.suit_colour[suit],
                            0.0,
                            -h * 0.15,
                            0.0,
                        ));
                    });
            }
            match card.rank() {
                1 => {
                    face.spawn(mesh(
                        &art.ace_suit[suit],
                        &art.suit_colour[suit],
                        0.0,
                        -h * 0.02,
                        0.002,
                    ));
                }
                11..=13 => {
                    face.spawn(mesh(
                        &art.court_panel,
                        &art.court_panel_colour,
                        0.0,
                        -h * 0.02,
                        0.001,
                    ));
                    face.spawn(mesh(
                        &art.court_frame,
                        &art.court_frame_colour,
                        0.0,
                        -h * 0.02,
                        0.0015,
                    ));
                    let crown = usize::from(card.rank() - 11);
                    face.spawn(mesh(
                        &art.crowns[crown],
                        &art.suit_colour[suit],
                        0.0,
                        h * 0.1,
                        0.002,
                    ));
                    let letter = TextFont {
                        font_size: (h * 0.17).into(),
                        ..font.clone()
                    };
                    face.spawn((
                        Text2d::new(card.rank_letter().to_string()),
                        letter,
                        TextColor(colour),
                        Transform::from_xyz(0.0, -h * 0.04, 0.002),
                    ));
                    face.spawn(mesh(
                        &art.small_suit[suit],
                        &art.suit_colour[suit],
                        0.0,
                        -h * 0.19,
                        0.002,
                    ));
                }
                _ => {
                    face.spawn(mesh(
                        &art.big_suit[suit],
                        &art.suit_colour[suit],
                        0.0,
                        -h * 0.04,
                        0.002,
                    ));
                }
            }
        });
    parent
        .spawn((
            BackSide,
            Transform::default(),
            if face_up {
                Visibility::Hidden
            } else {
                Visibility::Inherited
            },
        ))
        .with_children(|back| {
            back.spawn(mesh(&art.edge, &art.edge_colour, 0.0, 0.0, 0.0));
            back.spawn(mesh(&art.body, &art.back_colour, 0.0, 0.0, 0.0005));
            back.spawn(mesh(
                &art.back_inner,
                &art.back_line_colour,
                0.0,
                0.0,
                0.001,
            ));
            back.spawn(mesh(&art.back_ring, &art.back_line_colour, 0.0, 0.0, 0.001));
            // Twelve points around the ring: the signs of the Zodiac.
            for k in 0..12 {
                let a = k as f32 / 12.0 * std::f32::consts::TAU;
                let (x, y) = (a.sin() * w * 0.34, a.cos() * w * 0.34);
                back.spawn(mesh(&art.back_dot, &art.back_line_colour, x, y, 0.001));
            }
            back.spawn(mesh(&art.back_dot, &art.back_line_colour, 0.0, 0.0, 0.001));
        });
}
