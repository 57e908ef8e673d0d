//! The card faces and back, drawn from vector shapes in the theme's colours and fonts, and
//! baked into one texture, the card atlas, at the cards' exact size in physical pixels.
//!
//! Each card on the table is then one sprite cut from the atlas: a software renderer pays for
//! one quad a card instead of a dozen meshes and glyph runs, and all cards batch into a few
//! draw calls. The atlas is drawn by a camera of its own, once, in the frame the card size, the
//! scale factor or the deck's colours change (so it stays as sharp as the vector art, with 4×
//! multisampling even on a software renderer), before the table's camera draws that frame.

use super::bake::{self, Bake, Baking};
use super::shapes;
use super::table::Table;
use super::theme::{self, Fonts, Palette};
use crate::rules::{Card, Suit};
use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DeckStyle>().add_systems(
        PreUpdate,
        bake_atlas
            .run_if(resource_changed::<Table>.or_else(resource_changed::<DeckStyle>))
            // Once the table knows the window's size: never an atlas for a size not shown.
            .after(super::table::follow_window),
    );
}

/// Atlas columns: 52 faces and the back in 7 rows.
const COLUMNS: u32 = 8;

/// The card atlas: every face and the back at the table's card size.
#[derive(Resource, Clone)]
pub struct CardAtlas {
    pub image: Handle<Image>,
    /// Where each card's face is in the atlas (by card index), and the back last; in texels.
    cells: Vec<Rect>,
    /// A card's size on the table, in logical pixels (the atlas cell over the scale factor).
    pub w: f32,
    pub h: f32,
    pub style: DeckStyle,
    /// The soft shadow under a lifted card.
    pub shadow: Handle<Mesh>,
    pub shadow_colour: Handle<ColorMaterial>,
}

impl CardAtlas {
    /// The part of the atlas that shows this card, face up or down.
    pub fn cell(&self, card: Card, face_up: bool) -> Rect {
        let i = if face_up {
            usize::from(card.index())
        } else {
            52
        };
        self.cells[i]
    }

    /// A sprite of this card, at the table's card size.
    pub fn sprite(&self, card: Card, face_up: bool) -> Sprite {
        Sprite {
            image: self.image.clone(),
            rect: Some(self.cell(card, face_up)),
            custom_size: Some(Vec2::new(self.w, self.h)),
            ..default()
        }
    }
}

/// Draws every face and the back into a new atlas at the current card size.
fn bake_atlas(
    mut commands: Commands,
    table: Res<Table>,
    style: Res<DeckStyle>,
    fonts: Res<Fonts>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut images: ResMut<Assets<Image>>,
    table_camera: Query<&Msaa, (With<Camera2d>, Without<Bake>)>,
    renderer: Option<Res<bevy::render::renderer::RenderDevice>>,
) {
    let scale = table.scale_factor.max(0.1);
    // Whole texels, so every card edge falls on the texel grid.
    let (cw, ch) = (
        (table.card_w * scale).round().max(8.0),
        (table.card_h * scale).round().max(8.0),
    );
    // A texel of clear space around each cell keeps neighbours out of the filtering; even cell
    // sizes put cell centres, and so the art, on whole texels too.
    let even = |v: f32| (v + 2.0) + (v + 2.0) % 2.0;
    let (cell_w, cell_h) = (even(cw), even(ch));
    let rows = 53u32.div_ceil(COLUMNS);
    let (aw, ah) = (cell_w * COLUMNS as f32, cell_h * rows as f32);
    let handle = bake::target(&mut images, aw as u32, ah as u32, None);
    // Without a renderer (the headless tests) there is nothing to draw with.
    let drawn = renderer.is_some();
    let art = CardArt::build(cw, ch, *style, &fonts, &mut meshes, &mut materials);
    let layer = bake::layer(Baking::Cards);
    let mut cells = Vec::with_capacity(53);
    for i in 0..53u32 {
        let (col, row) = (i % COLUMNS, i / COLUMNS);
        let (left, top) = (col as f32 * cell_w, row as f32 * cell_h);
        cells.push(Rect::new(
            left + (cell_w - cw) / 2.0,
            top + (cell_h - ch) / 2.0,
            left + (cell_w + cw) / 2.0,
            top + (cell_h + ch) / 2.0,
        ));
        // The camera looks at the origin: the atlas's centre.
        let at = Vec3::new(
            left + cell_w / 2.0 - aw / 2.0,
            ah / 2.0 - top - cell_h / 2.0,
            0.0,
        );
        if !drawn {
            continue;
        }
        commands
            .spawn((
                Bake::default(),
                Transform::from_translation(at),
                Visibility::default(),
                layer.clone(),
            ))
            .with_children(|p| match Card::from_index(i as u8) {
                Some(card) if i < 52 => spawn_face(p, &art, card, &layer),
                _ => spawn_back(p, &art, &layer),
            });
    }
    if drawn {
        // The atlas is in texels: one world unit each.
        let msaa = table_camera.iter().next().copied().unwrap_or_default();
        commands.spawn(bake::camera(
            Baking::Cards,
            handle.clone(),
            1.0,
            Color::NONE,
            msaa,
        ));
    }
    let r = table.card_w * 0.08;
    commands.insert_resource(CardAtlas {
        image: handle,
        cells,
        w: cw / scale,
        h: ch / scale,
        style: *style,
        shadow: meshes.add(shapes::rounded_rect(
            cw / scale * 1.04,
            ch / scale * 1.04,
            r * 1.3,
        )),
        shadow_colour: materials.add(Palette::SHADOW),
    });
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

/// Meshes and materials for the card art at one size (the atlas's, or the inspector's).
#[derive(Clone)]
pub struct CardArt {
    pub w: f32,
    pub h: f32,
    pub body: Handle<Mesh>,
    pub edge: Handle<Mesh>,
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
    pub court_panel_colour: Handle<ColorMaterial>,
    pub court_frame_colour: Handle<ColorMaterial>,
    pub back_colour: Handle<ColorMaterial>,
    pub back_line_colour: Handle<ColorMaterial>,
    pub style: DeckStyle,
    pub index_font: Handle<Font>,
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
            court_panel_colour: materials.add(Palette::COURT_PANEL),
            court_frame_colour: materials.add(Palette::COURT_FRAME),
            back_colour: materials.add(Palette::BACK),
            back_line_colour: materials.add(Palette::BACK_LINE),
            style,
            index_font: fonts.index.clone(),
        }
    }
}

/// The soft shadow under a lifted card.
#[derive(Component)]
pub struct LiftShadow;

/// Builds a face-up card's art as children of `parent` (the inspector's large cards).
pub fn spawn_card_art(parent: &mut ChildSpawnerCommands, art: &CardArt, card: Card) {
    spawn_face(parent, art, card, &RenderLayers::default());
}

/// A card's face, on this render layer.
fn spawn_face(parent: &mut ChildSpawnerCommands, art: &CardArt, card: Card, layer: &RenderLayers) {
    let (w, h) = (art.w, art.h);
    let suit = card.suit() as usize;
    let colour = art.style.colour(card.suit());
    let mesh = |m: &Handle<Mesh>, c: &Handle<ColorMaterial>, x: f32, y: f32, z: f32| {
        shape(m, c, Vec3::new(x, y, z), layer)
    };
    parent.spawn(mesh(&art.edge, &art.edge_colour, 0.0, 0.0, 0.0));
    parent.spawn(mesh(&art.body, &art.paper, 0.0, 0.0, 0.0005));
    let rank = match card.rank() {
        10 => "10".to_string(),
        _ => card.rank_letter().to_string(),
    };
    let font = TextFont {
        font: art.index_font.clone().into(),
        font_size: theme::text_px(h * 0.2).into(),
        ..default()
    };
    // The index, top-left and (turned) bottom-right, so it reads from either end.
    for (sx, sy, turn) in [(-1.0, 1.0, 0.0), (1.0, -1.0, std::f32::consts::PI)] {
        let corner = Transform::from_xyz(sx * w * 0.33, sy * h * 0.355, 0.002)
            .with_rotation(Quat::from_rotation_z(turn));
        parent
            .spawn((corner, Visibility::Inherited, layer.clone()))
            .with_children(|c| {
                c.spawn((
                    Text2d::new(rank.clone()),
                    font.clone(),
                    TextColor(colour),
                    Transform::from_xyz(0.0, 0.0, 0.0),
                    layer.clone(),
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
            parent.spawn(mesh(
                &art.ace_suit[suit],
                &art.suit_colour[suit],
                0.0,
                -h * 0.02,
                0.002,
            ));
        }
        11..=13 => {
            parent.spawn(mesh(
                &art.court_panel,
                &art.court_panel_colour,
                0.0,
                -h * 0.02,
                0.001,
            ));
            parent.spawn(mesh(
                &art.court_frame,
                &art.court_frame_colour,
                0.0,
                -h * 0.02,
                0.0015,
            ));
            let crown = usize::from(card.rank() - 11);
            parent.spawn(mesh(
                &art.crowns[crown],
                &art.suit_colour[suit],
                0.0,
                h * 0.1,
                0.002,
            ));
            let letter = TextFont {
                font_size: theme::text_px(h * 0.17).into(),
                ..font.clone()
            };
            parent.spawn((
                Text2d::new(card.rank_letter().to_string()),
                letter,
                TextColor(colour),
                Transform::from_xyz(0.0, -h * 0.04, 0.002),
                layer.clone(),
            ));
            parent.spawn(mesh(
                &art.small_suit[suit],
                &art.suit_colour[suit],
                0.0,
                -h * 0.19,
                0.002,
            ));
        }
        _ => {
            parent.spawn(mesh(
                &art.big_suit[suit],
                &art.suit_colour[suit],
                0.0,
                -h * 0.04,
                0.002,
            ));
        }
    }
}

/// One shape of the art: a mesh in a colour, at a place, on a render layer.
fn shape(
    mesh: &Handle<Mesh>,
    colour: &Handle<ColorMaterial>,
    at: Vec3,
    layer: &RenderLayers,
) -> impl Bundle + use<> {
    (
        Mesh2d(mesh.clone()),
        MeshMaterial2d(colour.clone()),
        Transform::from_translation(at),
        layer.clone(),
    )
}

/// The back of every card, on this render layer.
fn spawn_back(parent: &mut ChildSpawnerCommands, art: &CardArt, layer: &RenderLayers) {
    let w = art.w;
    let mesh = |m: &Handle<Mesh>, c: &Handle<ColorMaterial>, x: f32, y: f32, z: f32| {
        shape(m, c, Vec3::new(x, y, z), layer)
    };
    parent.spawn(mesh(&art.edge, &art.edge_colour, 0.0, 0.0, 0.0));
    parent.spawn(mesh(&art.body, &art.back_colour, 0.0, 0.0, 0.0005));
    parent.spawn(mesh(
        &art.back_inner,
        &art.back_line_colour,
        0.0,
        0.0,
        0.001,
    ));
    parent.spawn(mesh(&art.back_ring, &art.back_line_colour, 0.0, 0.0, 0.001));
    // Twelve points around the ring: the signs of the Zodiac.
    for k in 0..12 {
        let a = k as f32 / 12.0 * std::f32::consts::TAU;
        let (x, y) = (a.sin() * w * 0.34, a.cos() * w * 0.34);
        parent.spawn(mesh(&art.back_dot, &art.back_line_colour, x, y, 0.001));
    }
    parent.spawn(mesh(&art.back_dot, &art.back_line_colour, 0.0, 0.0, 0.001));
}
