//! A small picture of a patience's table as it is dealt, for the New chooser: painted on the CPU
//! from the patience's own layout (at the smallest window it fits) and a deal's cards, so every
//! patience, a player's own file too, has its picture without art made for it.

use crate::game::draw::paint::{Canvas, Face};
use crate::game::draw::shapes;
use crate::game::settings::DeckStyle;
use crate::game::theme::Palette;
use crate::patience::{Game, Layout, Place};
use bevy::math::Vec2;
use bevy::prelude::Image;

/// The window size the picture is laid out at: the smallest every patience fits.
pub const LAID_OUT_AT: (f32, f32) = (1024.0, 640.0);

/// The picture's size in logical pixels for `width` across: the table's proportions.
pub fn size(layout: &Layout, width: f32) -> Vec2 {
    let t = layout.table;
    Vec2::new(width, (width * t.h / t.w.max(1.0)).round())
}

/// Paints `game`'s table as `layout` lays it out, `width` logical pixels across, `scale`
/// texels to a logical pixel.
pub fn paint(game: &dyn Game, layout: &Layout, width: f32, scale: f32, style: DeckStyle) -> Image {
    picture(game, layout, width, scale, style).into_image()
}

fn picture(game: &dyn Game, layout: &Layout, width: f32, scale: f32, style: DeckStyle) -> Canvas {
    let size = size(layout, width);
    let scale = scale.clamp(0.5, 8.0);
    let mut canvas = Canvas::new(
        (size.x * scale).round() as u32,
        (size.y * scale).round() as u32,
        scale,
    );
    canvas.flood(Palette::FELT);
    let t = layout.table;
    let k = size.x / t.w.max(1.0);
    // Table coordinates (y up, centred on the table's middle) to the picture's.
    let at = |x: f32, y: f32| Vec2::new((x - t.x) * k, (y - t.y) * k);
    if let Some(track) = layout.track {
        let ring = track.ring;
        canvas.fill(
            &shapes::ellipse_band(ring.a * k, ring.b * k, track.width * k),
            Palette::TRACK,
            at(ring.x, ring.y),
        );
    }
    let (w, h) = (layout.card_w * k, layout.card_h * k);
    let r = w * 0.1;
    // A place's slot and a card's edge are one outline.
    let edge = shapes::rounded_rect(w, h, r);
    let line = (0.6 / scale).max(w * 0.04);
    let body = shapes::rounded_rect(w - 2.0 * line, h - 2.0 * line, (r - line).max(0.0));
    let frame = shapes::rounded_frame(w * 0.7, h * 0.78, r * 0.6, line);
    let suits = crate::patience::Suit::ALL.map(|s| shapes::suit(s, w * 0.36));
    let places: Vec<Place> = game.places();
    for (place, rect, _) in &layout.places {
        if !places.contains(place) {
            continue;
        }
        canvas.fill(&edge, Palette::SLOT_FILL, at(rect.x, rect.y));
        let cards = game.cards(*place);
        let down = cards.iter().take_while(|s| !s.face_up).count();
        for (i, s) in cards.iter().enumerate() {
            let c = layout.card_rect(*place, i, cards.len(), down);
            let centre = at(c.x, c.y);
            canvas.fill(&edge, Palette::CARD_EDGE, centre);
            if !s.face_up {
                canvas.fill(&body, Palette::BACK, centre);
                canvas.fill(&frame, Palette::BACK_LINE, centre);
                continue;
            }
            canvas.fill(&body, Palette::PAPER, centre);
            // The index in the top corner, where a fan shows it, and the suit under it.
            let colour = style.colour(s.card.suit());
            let rank = match s.card.rank() {
                10 => "10".to_string(),
                _ => s.card.rank_letter().to_string(),
            };
            let corner = centre + Vec2::new(-w * 0.2, h * 0.3);
            canvas.text(&rank, Face::Index, h * 0.3, colour, corner, 0.0);
            canvas.fill(
                &suits[s.card.suit() as usize],
                colour,
                centre + Vec2::new(w * 0.16, h * 0.3),
            );
            canvas.fill(
                &suits[s.card.suit() as usize],
                colour,
                centre + Vec2::new(0.0, -h * 0.12),
            );
        }
    }
    canvas
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patience::DealNumber;

    /// Every patience's picture shows its cards: the texel at the middle of each top card is
    /// paper or a back, not felt.
    #[test]
    fn every_patience_has_a_picture_with_its_cards() {
        for patience in crate::registry::all() {
            let rules = &patience.rule_sets()[0].name;
            let game = patience
                .new_game(rules, DealNumber::new(1).expect("deal 1"))
                .unwrap();
            let (ww, wh) = LAID_OUT_AT;
            let layout = patience.layout(ww, wh, 1.0);
            let canvas = picture(game.as_ref(), &layout, 256.0, 1.0, DeckStyle::default());
            let size = size(&layout, 256.0);
            assert_eq!(canvas.width(), size.x as u32);
            let t = layout.table;
            let k = size.x / t.w;
            let mut seen = 0;
            for place in game.places() {
                let cards = game.cards(place);
                let Some(top) = cards.last() else { continue };
                let down = cards.iter().take_while(|s| !s.face_up).count();
                let c = layout.card_rect(place, cards.len() - 1, cards.len(), down);
                // The card's lower right: clear of the index, the suit and a back's frame.
                let x = size.x / 2.0 + (c.x - t.x + c.w * 0.25) * k;
                let y = size.y / 2.0 - (c.y - t.y - c.h * 0.28) * k;
                let texel = canvas.texel(x as u32, y as u32);
                let paper = crate::game::draw::paint::shows(texel, Palette::PAPER, 40);
                let back = crate::game::draw::paint::shows(texel, Palette::BACK, 40);
                assert!(
                    if top.face_up { paper } else { back },
                    "{}: {place:?}'s top card not painted ({texel:?})",
                    patience.name()
                );
                seen += 1;
            }
            assert!(seen > 0, "{}: no card painted", patience.name());
        }
    }
}
