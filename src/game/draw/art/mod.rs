//! The card faces and back, in one texture, the card atlas, at the cards' exact size in physical
//! pixels: the traditional deck rendered from its SVG files (`traditional`), or the clear deck
//! painted from vector shapes in the theme's colours and fonts; one of three backs.
//!
//! Each card on the table is then one sprite cut from the atlas: a renderer draws one quad a
//! card, and all cards batch into a few draw calls. The atlas is painted on the CPU (`paint`)
//! in the frame the card size, the scale factor or the deck chosen change, so it stays as sharp
//! as the vector art, anti-aliased on every renderer. Either deck's corner index is at least
//! `traditional::MIN_INDEX_PX` tall, however small the cards.

mod clear;

use crate::game::draw::backdrop;
use crate::game::draw::paint::{self, Canvas};
use crate::game::draw::shapes;
use crate::game::draw::texels::Texels;
use crate::game::draw::traditional::{self, MIN_INDEX_PX};
use crate::game::settings::DeckStyle;
use crate::game::table::Table;
use crate::game::theme::Palette;
use crate::patience::{Card, Suit};
pub use crate::profile::{Back, Deck};
use bevy::prelude::*;
use clear::CardArt;
use std::sync::Arc;

pub(crate) fn plugin(app: &mut App) {
    // The traditional faces take longer to read than the window takes to open.
    traditional::read_ahead();
    app.init_resource::<DeckStyle>()
        .init_resource::<AtlasPainted>()
        .add_systems(
            PreUpdate,
            paint_atlas
                .run_if(resource_changed::<Table>.or_else(resource_changed::<DeckStyle>))
                // Once the table knows the window's size: never an atlas for a size not shown.
                .after(crate::game::table::follow_window),
        );
}

/// How long the last atlas took to paint (the probe reports it: the cost of a deck switch).
#[derive(Resource, Default, Debug)]
pub struct AtlasPainted(pub std::time::Duration);

/// Atlas columns: 52 faces and the back in 7 rows.
const COLUMNS: u32 = 8;

/// The card atlas: every face and the back at the table's card size.
#[derive(Resource, Clone)]
pub struct CardAtlas {
    pub image: Handle<Image>,
    /// The atlas's texels, kept for laying resting cards onto the backdrop (`backdrop`).
    pub texels: Arc<Texels>,
    /// Where each card's face is in the atlas (by card index), and the back last; in texels.
    cells: Vec<Rect>,
    /// A card's size on the table, in logical pixels (the atlas cell over the scale factor).
    pub w: f32,
    pub h: f32,
    pub style: DeckStyle,
    /// The shadow under a lifted card (white: tinted by the sprite), and its size.
    pub shadow: Handle<Image>,
    pub shadow_size: Vec2,
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

/// Paints every face and the back into a new atlas at the current card size. The atlas is
/// set again even when nothing in it changed (the cards then go to their slots for the new
/// layout), but then it is not painted again.
fn paint_atlas(
    mut commands: Commands,
    table: Res<Table>,
    style: Res<DeckStyle>,
    old: Option<Res<CardAtlas>>,
    mut images: ResMut<Assets<Image>>,
    mut painted: ResMut<AtlasPainted>,
) {
    let scale = table.scale_factor.max(0.1);
    // Whole texels, so every card edge falls on the texel grid.
    let (cw, ch) = (
        (table.card_w * scale).round().max(8.0),
        (table.card_h * scale).round().max(8.0),
    );
    if let Some(old) = old.filter(|a| {
        a.style == *style
            && a.cells[0].size() == Vec2::new(cw, ch)
            && (a.w, a.h) == (cw / scale, ch / scale)
    }) {
        commands.insert_resource(old.clone());
        return;
    }
    let started = std::time::Instant::now();
    let (atlas, cells) = atlas(cw, ch, scale, *style);
    let r = table.card_w * 0.08;
    let (shadow, shadow_size) = paint::stencil(
        &shapes::rounded_rect(cw / scale * 1.04, ch / scale * 1.04, r * 1.3),
        cw / scale * 1.04,
        ch / scale * 1.04,
        scale,
    );
    let image = atlas.into_image();
    commands.insert_resource(CardAtlas {
        texels: backdrop::keep(&image),
        image: images.add(image),
        cells,
        w: cw / scale,
        h: ch / scale,
        style: *style,
        shadow: images.add(shadow),
        shadow_size,
    });
    painted.0 = started.elapsed();
}

/// Every face and the back, `cw` × `ch` texels each (`scale` texels to a logical pixel), in one
/// canvas; and where each is in it.
pub fn atlas(cw: f32, ch: f32, scale: f32, style: DeckStyle) -> (Canvas, Vec<Rect>) {
    // A texel of clear space around each cell keeps neighbours out of the filtering; even cell
    // sizes put cell centres, and so the art, on whole texels too.
    let even = |v: f32| (v + 2.0) + (v + 2.0) % 2.0;
    let (cell_w, cell_h) = (even(cw), even(ch));
    let rows = 53u32.div_ceil(COLUMNS);
    let (aw, ah) = (cell_w * COLUMNS as f32, cell_h * rows as f32);
    let mut canvas = Canvas::new(aw as u32, ah as u32, 1.0);
    let art = Faces::new(cw, ch, scale, style);
    let mut cells = Vec::with_capacity(53);
    // The traditional deck's pictures, drawn together at the end (on every core).
    let mut pictures = Vec::new();
    for i in 0..53u32 {
        let (col, row) = (i % COLUMNS, i / COLUMNS);
        let (left, top) = (col as f32 * cell_w, row as f32 * cell_h);
        cells.push(Rect::new(
            left + (cell_w - cw) / 2.0,
            top + (cell_h - ch) / 2.0,
            left + (cell_w + cw) / 2.0,
            top + (cell_h + ch) / 2.0,
        ));
        // The canvas's origin is its centre.
        let at = Vec2::new(
            left + cell_w / 2.0 - aw / 2.0,
            ah / 2.0 - top - cell_h / 2.0,
        );
        let corner = Vec2::new(left + (cell_w - cw) / 2.0, top + (cell_h - ch) / 2.0);
        let card = Card::from_index(i as u8).filter(|_| i < 52);
        match art.picture(card) {
            Some(trees) => pictures.push((corner, trees)),
            None => art.paint(&mut canvas, card, at),
        }
    }
    traditional::render_all(&mut canvas, pictures, cw, ch);
    (canvas, cells)
}

/// The faces and back of the deck chosen, at one size in texels: painted from shapes (the
/// clear deck, the Zodiac back), or pictures of the traditional deck.
struct Faces {
    art: CardArt,
    /// The traditional faces, each with its larger index picture (if the card is small).
    traditional: Option<(&'static [traditional::Tree], Vec<Option<traditional::Tree>>)>,
}

impl Faces {
    fn new(w: f32, h: f32, scale: f32, style: DeckStyle) -> Faces {
        let traditional = (style.deck == Deck::Traditional).then(|| {
            let grow = traditional::index_growth(h / scale.max(0.1));
            (
                traditional::faces(style.four_colour),
                traditional::indices(style.four_colour, grow),
            )
        });
        Faces {
            art: CardArt::new(w, h, scale, style),
            traditional,
        }
    }

    /// The pictures to draw for a card's face (`None`: the back), if it is not painted.
    fn picture(&self, card: Option<Card>) -> Option<Vec<&traditional::Tree>> {
        match card {
            Some(card) => {
                let (faces, indices) = self.traditional.as_ref()?;
                let i = usize::from(card.index());
                Some(std::iter::once(&faces[i]).chain(&indices[i]).collect())
            }
            None => match self.art.style.back {
                Back::Zodiac => None,
                Back::Black => Some(vec![&traditional::backs()[0]]),
                Back::Red => Some(vec![&traditional::backs()[1]]),
            },
        }
    }

    /// Paints a card's face (`None`: the back) from shapes, its centre at `at`.
    fn paint(&self, canvas: &mut Canvas, card: Option<Card>, at: Vec2) {
        match card {
            Some(card) => self.art.face(canvas, card, at),
            None => self.art.back(canvas, at),
        }
    }
}

/// One face-up card, `w` × `h` logical pixels, as an image at `scale` texels to a pixel (the
/// inspector's larger cards).
pub fn card_image(card: Card, w: f32, h: f32, scale: f32, style: DeckStyle) -> Image {
    let (tw, th) = ((w * scale).round().max(8.0), (h * scale).round().max(8.0));
    let mut canvas = Canvas::new(tw as u32, th as u32, 1.0);
    // An odd size puts the centre mid-texel: keep the art on the same grid as the atlas's.
    canvas.origin_at(Vec2::new((tw / 2.0).floor(), (th / 2.0).floor()));
    let faces = Faces::new(tw, th, scale, style);
    match faces.picture(Some(card)) {
        Some(trees) => traditional::render_all(&mut canvas, vec![(Vec2::ZERO, trees)], tw, th),
        None => faces.paint(&mut canvas, Some(card), Vec2::ZERO),
    }
    canvas.into_image()
}

/// The shadow under a lifted card (a child of the card's entity, shown while it is lifted).
#[derive(Component)]
pub struct LiftShadow;

#[cfg(test)]
mod tests;
