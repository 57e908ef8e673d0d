//! The clear deck and the Zodiac back, painted from vector shapes in the theme's colours and
//! fonts: the shapes at one card size, a face, the back.

use super::*;
use crate::game::draw::paint::Face;
use crate::game::draw::shapes::{self, Shape};

/// The card art at one size, in texels: the shapes and colours every face and the back use.
pub(super) struct CardArt {
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
    pub(super) style: DeckStyle,
}

/// How tall the index's figures and capitals are, in ems (Hack).
const INDEX_FIGURE: f32 = 0.73;

impl CardArt {
    /// The art for cards `w` × `h` texels, `scale` texels to a logical pixel.
    pub(super) fn new(w: f32, h: f32, scale: f32, style: DeckStyle) -> CardArt {
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
    pub(super) fn face(&self, canvas: &mut Canvas, card: Card, at: Vec2) {
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
    pub(super) fn back(&self, canvas: &mut Canvas, at: Vec2) {
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
