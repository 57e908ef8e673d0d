//! Klondike's table: one pure function from the window's logical size (and scale factor) to a
//! rectangle for every place (see [`crate::patience::layout`]).
//!
//! The classic table: across the top, the stock at the far left and the waste beside it, its
//! last three cards side by side over the felt left free above c2, then the four foundations
//! over columns c3..c6; below, the seven columns, fanned down to the bottom of the table (the
//! table of columns is [`crate::patience::columns`], shared with FreeCell).

use crate::patience::columns;
use crate::patience::layout::{Layout, fit_largest};
use crate::patience::{Place, Shape};

/// How far apart the waste's cards that show lie, in card widths: each one's index in view.
pub const WASTE_STEP: f32 = 0.3;

/// Lays out the Klondike table for a window of `width` × `height` logical pixels: the stock
/// over c0, the waste over c1 (its last three cards spread to the right, as Aisleriot shows
/// them: under draw three, the three a turn brings; one at a time, the cards just passed),
/// the foundations over c3..c6.
pub fn layout(width: f32, height: f32, scale_factor: f32) -> Layout {
    let top = [
        (0, Place::Stock),
        (1, Place::Waste),
        (3, Place::Foundation(0)),
        (4, Place::Foundation(1)),
        (5, Place::Foundation(2)),
        (6, Place::Foundation(3)),
    ];
    fit_largest(width, height, scale_factor, |frame| {
        let mut l = columns::build(frame, 7, &top);
        let step = frame.snap(l.card_w * WASTE_STEP);
        for (place, _, shape) in &mut l.places {
            if *place == Place::Waste {
                *shape = Shape::Spread { step, shown: 3 };
            }
        }
        l
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::patience::layout::checks::at_every_size;

    /// The longest column there can be, six face down and a King-to-Ace run, stays above its
    /// floor and inside the table; a column shows its first face-up cards at full step.
    fn columns_fit(l: &Layout) {
        crate::patience::columns::checks::columns_fit(l, 7, 6, 13);
    }

    #[test]
    fn nothing_overlaps_and_everything_fits_from_1024x640_to_4k() {
        at_every_size(layout, columns_fit);
    }

    #[test]
    fn cards_are_large_and_readable() {
        let small = layout(1024.0, 640.0, 1.0);
        assert!(
            small.card_w >= 60.0,
            "cards are {}x{}",
            small.card_w,
            small.card_h
        );
        let hd = layout(1280.0, 720.0, 1.0);
        assert!(hd.card_h >= 95.0, "cards are {}x{}", hd.card_w, hd.card_h);
        let big = layout(3840.0, 2160.0, 1.0);
        assert!(
            big.card_h > small.card_h * 2.5,
            "cards grow with the window"
        );
        // A very wide window: the height decides, and the table stays centred.
        let wide = layout(3840.0, 720.0, 1.0);
        assert!(wide.card_h <= hd.card_h, "{} > {}", wide.card_h, hd.card_h);
        let left = wide.rect(Place::Column(0)).left();
        let right = wide.rect(Place::Column(6)).right();
        assert!((left + right).abs() < 1.0, "centred: {left} {right}");
    }

    #[test]
    fn the_table_is_classic() {
        let l = layout(1280.0, 720.0, 1.0);
        let r = |p| l.rect(p);
        let order: Vec<Place> = l.all().collect();
        let mut expected = vec![Place::Stock, Place::Waste];
        expected.extend((0..4).map(Place::Foundation));
        expected.extend((0..7).map(Place::Column));
        assert_eq!(order, expected);
        assert!(r(Place::Stock).x < r(Place::Waste).x);
        assert_eq!(r(Place::Stock).x, r(Place::Column(0)).x);
        assert_eq!(r(Place::Waste).x, r(Place::Column(1)).x);
        for f in 0..4 {
            assert_eq!(r(Place::Foundation(f)).x, r(Place::Column(f + 3)).x);
            assert_eq!(r(Place::Foundation(f)).y, r(Place::Stock).y);
        }
        for c in 0..6 {
            assert!(r(Place::Column(c)).x < r(Place::Column(c + 1)).x);
            assert!(r(Place::Column(c)).y < r(Place::Stock).y);
        }
        let Shape::Fanned { down, up, .. } = l.shape(Place::Column(0)) else {
            panic!("columns fan");
        };
        assert!(down < up, "face-down cards fan tighter");
        let Shape::Spread { step, shown: 3 } = l.shape(Place::Waste) else {
            panic!("the waste shows three cards");
        };
        // Each card's index shows beside the next, and the three clear the first foundation.
        assert!(step >= l.card_w * 0.25, "{step}");
        let waste = l.footprint(Place::Waste);
        assert!(waste.right() < l.rect(Place::Foundation(0)).left());
        assert_eq!(
            l.card_rect(Place::Waste, 9, 10, 0).x,
            r(Place::Waste).x + 2.0 * step
        );
        assert_eq!(l.track, None);
        assert!(l.captions.is_empty());
        assert_eq!(l.wheel.x, 0.0);
    }
}
