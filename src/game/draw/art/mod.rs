//! The card faces and back, in one texture, the card atlas, at the cards' exact size in physical
//! pixels: the traditional deck rendered from its SVG files (`traditional`), or the clear deck
//! painted from vector shapes in the theme's colours and fonts; one of three backs.
//!
//! Each card on the table is then one sprite cut from the atlas: a renderer draws one quad a
//! card, and all cards batch into a few draw calls. The atlas is painted on the CPU (`paint`)
//! in the frame the card size, the scale factor or the deck chosen change, so it stays as sharp
//! as the vector art, anti-aliased on every renderer. Either deck's corner index is at least
//! `traditional::MIN_INDEX_PX` tall, however small the cards.

use crate::game::draw::backdrop;
use crate::game::draw::paint::{self, Canvas, Face};
use crate::game::draw::shapes::{self, Shape};
use crate::game::draw::texels::Texels;
use crate::game::draw::traditional::{self, MIN_INDEX_PX};
use crate::game::table::Table;
use crate::game::theme::Palette;
use crate::patience::{Card, Suit};
pub use crate::profile::{Back, Deck};
use bevy::prelude::*;
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

/// The deck chosen: its faces, two or four colours (♣ green, ♦ blue), and its back.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DeckStyle {
    pub deck: Deck,
    pub four_colour: bool,
    pub back: Back,
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

/// The shadow under a lifted card (a child of the card's entity, shown while it is lifted).
#[derive(Component)]
pub struct LiftShadow;

/// The card art at one size, in texels: the shapes and colours every face and the back use.
struct CardArt {
    w: f32,
    h: f32,
    body: Shape,
    edge: Shape,
    court_panel: Shape,
    court_frame: Shape,
    back_inner: Shape,
    back_ring: Shape,
    back_dot: Shape,
    small_suit: [Shape; 4],
    big_suit: [Shape; 4],
    ace_suit: [Shape; 4],
    crowns: [Shape; 3],
    /// The corner index's em, in texels.
    index: f32,
    style: DeckStyle,
}

/// How tall the index's figures and capitals are, in ems (Hack).
const INDEX_FIGURE: f32 = 0.73;

impl CardArt {
    /// The art for cards `w` × `h` texels, `scale` texels to a logical pixel.
    fn new(w: f32, h: f32, scale: f32, style: DeckStyle) -> CardArt {
        let r = w * 0.08;
        // The index's em: a fifth of the card, but never so small that its figures (about
        // 0.73 em tall in Hack) are under the smallest readable index.
        let index = (h * 0.2).max(MIN_INDEX_PX * scale / INDEX_FIGURE);
        let line = (w * 0.018).max(1.0);
        let suits = |size: f32| Suit::ALL.map(|s| shapes::suit(s, size));
        CardArt {
            w,
            h,
            body: shapes::rounded_rect(w - 2.0 * line, h - 2.0 * line, r - line),
            edge: shapes::rounded_rect(w, h, r),
            court_panel: shapes::rounded_rect(w * 0.62, h * 0.56, r * 0.6),
            court_frame: shapes::rounded_frame(w * 0.62, h * 0.56, r * 0.6, line * 1.2),
            back_inner: shapes::rounded_frame(w * 0.82, h * 0.87, r * 0.7, line * 1.4),
            back_ring: shapes::ring(w * 0.26, line * 1.6),
            back_dot: shapes::disc(w * 0.035),
            small_suit: suits(w * 0.2 * index / (h * 0.2)),
            big_suit: suits(w * 0.44),
            ace_suit: suits(w * 0.7),
            crowns: [3, 5, 4].map(|points| shapes::crown(w * 0.36, points)),
            index,
            style,
        }
    }

    /// A card's face, its centre at `at`.
    fn face(&self, canvas: &mut Canvas, card: Card, at: Vec2) {
        let (w, h) = (self.w, self.h);
        let suit = card.suit() as usize;
        let colour = self.style.colour(card.suit());
        canvas.fill(&self.edge, Palette::CARD_EDGE, at);
        canvas.fill(&self.body, Palette::PAPER, at);
        if card.rank() >= 11 {
            // The court's panel lies under everything else, the corner indices included.
            let panel = at + Vec2::new(0.0, -h * 0.02);
            canvas.fill(&self.court_panel, Palette::COURT_PANEL, panel);
            canvas.fill(&self.court_frame, Palette::COURT_FRAME, panel);
        }
        let rank = match card.rank() {
            10 => "10".to_string(),
            _ => card.rank_letter().to_string(),
        };
        // The index, top-left and (turned) bottom-right, so it reads from either end. A larger
        // one (on a small card) keeps its top-left corner where the usual one has it.
        let grow = self.index / (h * 0.2);
        for (sx, sy, turn) in [(-1.0, 1.0, 0.0), (1.0, -1.0, std::f32::consts::PI)] {
            let usual = Vec2::new(w * 0.33, h * 0.355);
            let shift = Vec2::new(w * 0.12, h * 0.1) * (grow - 1.0);
            let corner = at + Vec2::new(sx * (usual.x - shift.x), sy * (usual.y - shift.y));
            let down = Vec2::from_angle(turn).rotate(Vec2::new(0.0, -h * 0.15 * grow));
            canvas.text(&rank, Face::Index, self.index, colour, corner, turn);
            canvas.fill_turned(&self.small_suit[suit], colour, corner + down, turn);
        }
        match card.rank() {
            1 => canvas.fill(&self.ace_suit[suit], colour, at + Vec2::new(0.0, -h * 0.02)),
            11..=13 => {
                let crown = usize::from(card.rank() - 11);
                canvas.fill(&self.crowns[crown], colour, at + Vec2::new(0.0, h * 0.1));
                let letter = card.rank_letter().to_string();
                let middle = at + Vec2::new(0.0, -h * 0.04);
                canvas.text(&letter, Face::Index, h * 0.17, colour, middle, 0.0);
                canvas.fill(
                    &self.small_suit[suit],
                    colour,
                    at + Vec2::new(0.0, -h * 0.19),
                );
            }
            _ => canvas.fill(&self.big_suit[suit], colour, at + Vec2::new(0.0, -h * 0.04)),
        }
    }

    /// The back of every card, its centre at `at`.
    fn back(&self, canvas: &mut Canvas, at: Vec2) {
        let w = self.w;
        canvas.fill(&self.edge, Palette::CARD_EDGE, at);
        canvas.fill(&self.body, Palette::BACK, at);
        canvas.fill(&self.back_inner, Palette::BACK_LINE, at);
        canvas.fill(&self.back_ring, Palette::BACK_LINE, at);
        // Twelve points around the ring: the signs of the Zodiac.
        for k in 0..12 {
            let a = k as f32 / 12.0 * std::f32::consts::TAU;
            let dot = at + Vec2::new(a.sin(), a.cos()) * w * 0.34;
            canvas.fill(&self.back_dot, Palette::BACK_LINE, dot);
        }
        canvas.fill(&self.back_dot, Palette::BACK_LINE, at);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn near(texel: [u8; 4], colour: Color) -> bool {
        paint::shows(texel, colour, 3)
    }

    #[test]
    fn every_cell_shows_its_card_on_paper_with_clear_corners() {
        let (w, h) = (90.0, 126.0);
        for four_colour in [false, true] {
            let style = DeckStyle {
                deck: Deck::Clear,
                four_colour,
                back: Back::Zodiac,
            };
            let (canvas, cells) = atlas(w, h, 1.0, style);
            assert_eq!(cells.len(), 53);
            for (i, cell) in cells.iter().enumerate() {
                assert_eq!((cell.width(), cell.height()), (w, h));
                let texel = |dx: f32, dy: f32| {
                    canvas.texel((cell.min.x + dx) as u32, (cell.min.y + dy) as u32)
                };
                // The rounded corner is clear; inside the edge is paper (or the back's blue).
                assert_eq!(texel(0.0, 0.0)[3], 0, "cell {i}");
                let paper = if i < 52 {
                    Palette::PAPER
                } else {
                    Palette::BACK
                };
                assert!(
                    near(texel(w * 0.5, h * 0.06), paper),
                    "cell {i}: {:?}",
                    texel(w * 0.5, h * 0.06)
                );
                let Some(card) = Card::from_index(i as u8).filter(|_| i < 52) else {
                    continue;
                };
                // The pip (or the crown of a court card) in the suit's colour.
                let y = if card.rank() >= 11 {
                    h * 0.4 + w * 0.04
                } else {
                    h * 0.54
                };
                let pip = texel(w * 0.5, y);
                assert!(
                    near(pip, style.colour(card.suit())),
                    "{}: {pip:?}",
                    card.name()
                );
            }
        }
    }

    /// Every style there is: both decks, two and four colours, each back.
    fn every_style() -> Vec<DeckStyle> {
        let mut all = Vec::new();
        for deck in [Deck::Traditional, Deck::Clear] {
            for four_colour in [false, true] {
                for back in [Back::Zodiac, Back::Black, Back::Red] {
                    all.push(DeckStyle {
                        deck,
                        four_colour,
                        back,
                    });
                }
            }
        }
        all
    }

    /// The height, in texels, of the topmost run of inked rows in the card's top-left corner:
    /// the index's rank.
    fn index_height(canvas: &Canvas, cell: &Rect) -> u32 {
        let (w, h) = (cell.width(), cell.height());
        let inked = |y: u32| {
            // Inside the card's rounded border.
            ((w * 0.05).ceil() as u32..(w * 0.45) as u32).any(|x| {
                let [r, g, b, a] = canvas.texel(cell.min.x as u32 + x, cell.min.y as u32 + y);
                // Ink, however faint (a thin stroke on a small card): away from the paper.
                let away = [r, g, b].iter().map(|&c| 255 - u32::from(c)).sum::<u32>();
                a > 128 && away > 40
            })
        };
        let rows: Vec<u32> = ((h * 0.04).ceil() as u32..(h * 0.5) as u32).collect();
        let Some(start) = rows.iter().position(|&y| inked(y)) else {
            return 0;
        };
        rows[start..].iter().take_while(|&&y| inked(y)).count() as u32
    }

    /// Every card of every style, at the size of a 1024 × 640 window: the right size, never
    /// blank (faces show ink, backs their pattern), and an index at least 11 px tall.
    #[test]
    fn every_card_of_every_deck_renders_and_reads_at_1024x640() {
        let layout = crate::patience::registry::default().layout(1024.0, 640.0, 1.0);
        let (w, h) = (layout.card_w.round(), layout.card_h.round());
        for style in every_style() {
            let (canvas, cells) = atlas(w, h, 1.0, style);
            assert_eq!(cells.len(), 53);
            for (i, cell) in cells.iter().enumerate() {
                assert_eq!((cell.width(), cell.height()), (w, h), "{style:?} cell {i}");
                let mut colours = std::collections::HashSet::new();
                for y in (0..h as u32).step_by(2) {
                    for x in (0..w as u32).step_by(2) {
                        let t = canvas.texel(cell.min.x as u32 + x, cell.min.y as u32 + y);
                        colours.insert([t[0] / 32, t[1] / 32, t[2] / 32, t[3] / 64]);
                    }
                }
                assert!(colours.len() >= 4, "{style:?} cell {i} is blank");
                if i < 52 {
                    let name = Card::from_index(i as u8).unwrap().name();
                    let tall = index_height(&canvas, cell);
                    assert!(tall >= 11, "{style:?} {name}: index {tall} px at {w}x{h}");
                }
            }
        }
    }

    #[test]
    fn an_inspected_card_is_painted_at_its_size_in_texels() {
        let card = Card::from_index(0).unwrap();
        let image = card_image(card, 100.0, 140.0, 1.5, DeckStyle::default());
        assert_eq!((image.width(), image.height()), (150, 210));
    }
}
