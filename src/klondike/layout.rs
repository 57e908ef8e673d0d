//! Klondike's table: one pure function from the window's logical size (and scale factor) to a
//! rectangle for every place (see [`crate::patience::layout`]).
//!
//! The classic table: across the top, the stock at the far left and the waste beside it, a
//! column's width of felt, then the four foundations over columns c3..c6; below, the seven
//! columns, fanned down to the bottom of the table. The cards are as large as fits: seven
//! columns across, and one card and twelve face-up steps down each column at full step (a
//! longer column closes up to stay above the floor).

use crate::patience::Place;
use crate::patience::layout::{Frame, Layout, Rect, Shape, fit_largest};

/// How far apart face-down cards of a column are, in card heights.
pub const DOWN_STEP: f32 = 0.12;
/// How far apart face-up cards of a column are at most, in card heights.
pub const UP_STEP: f32 = 0.27;
/// Face-up steps a column shows at full step below its first card before it closes up.
pub const FULL_STEPS: f32 = 7.0;

/// Lays out the Klondike table for a window of `width` × `height` logical pixels.
pub fn layout(width: f32, height: f32, scale_factor: f32) -> Layout {
    fit_largest(width, height, scale_factor, build)
}

/// Places everything on a frame, without checking that it fits (a column too short for its
/// full steps is given a floor below the table, so it does not fit).
fn build(frame: &Frame) -> Layout {
    let Frame {
        width,
        height,
        scale_factor,
        card_w,
        card_h,
        table,
    } = *frame;
    let snap = |v: f32| frame.snap(v);
    // Between columns, a little more than the air `Layout::fits` wants.
    let gap = snap((card_w * 0.16).max(3.0));
    let margin = snap((card_h * 0.08).max(3.0));

    let step = card_w + gap;
    let x = |i: u8| snap((f32::from(i) - 3.0) * step);
    let top_y = snap(table.top() - margin - card_h / 2.0);
    let column_y = snap(top_y - card_h - margin * 1.5);
    let card = |x: f32, y: f32| Rect::new(x, y, card_w, card_h);

    let (down, up) = (card_h * DOWN_STEP, card_h * UP_STEP);
    let column_top = column_y + card_h / 2.0;
    let floor = table.bottom() + margin;
    let floor = if column_top - card_h - FULL_STEPS * up >= floor {
        floor
    } else {
        table.bottom() - card_h
    };

    let mut places = Vec::with_capacity(13);
    places.push((Place::Stock, card(x(0), top_y), Shape::Stacked));
    places.push((Place::Waste, card(x(1), top_y), Shape::Stacked));
    for f in 0..4u8 {
        places.push((Place::Foundation(f), card(x(f + 3), top_y), Shape::Stacked));
    }
    for c in 0..7u8 {
        places.push((
            Place::Column(c),
            card(x(c), column_y),
            Shape::Fanned { down, up, floor },
        ));
    }
    Layout {
        width,
        height,
        scale_factor,
        card_w,
        card_h,
        depth_step: (card_h * 0.018).max(1.0 / scale_factor),
        table,
        wheel: (0.0, table.y, table.w * 0.4, table.h * 0.4),
        places,
        track: None,
        captions: vec![],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::patience::layout::checks::at_every_size;

    /// The longest column there can be, six face down and a King-to-Ace run, stays above its
    /// floor and inside the table; a column shows its first face-up cards at full step.
    fn columns_fit(l: &Layout) {
        for c in 0..7 {
            let column = Place::Column(c);
            let Shape::Fanned { floor, .. } = l.shape(column) else {
                panic!("{column:?} is not fanned");
            };
            let last = l.card_rect(column, 18, 19, 6);
            let slack = 1.0 / l.scale_factor;
            assert!(
                last.bottom() >= floor - slack && last.bottom() >= l.table.bottom() - slack,
                "{column:?}'s last card {last:?} is below the floor {floor} at {}x{}",
                l.width,
                l.height
            );
            // FULL_STEPS face-up cards on one show at full step.
            let n = FULL_STEPS as usize;
            let twelfth = l.card_rect(column, n, n + 1, 0);
            let full = l.rect(column).y - FULL_STEPS * l.card_h * UP_STEP;
            assert!(
                (twelfth.y - full).abs() <= slack,
                "{column:?} closes up too soon at {}x{}",
                l.width,
                l.height
            );
        }
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
        assert_eq!(l.track, None);
        assert!(l.captions.is_empty());
        assert_eq!(l.wheel.0, 0.0);
    }

    #[test]
    fn degenerate_windows_do_not_panic() {
        for (w, h) in [
            (0.0, 0.0),
            (1.0, 1.0),
            (50.0, 3000.0),
            (3000.0, 50.0),
            (f32::NAN, 10.0),
            (f32::INFINITY, 5.0),
        ] {
            let l = layout(w, h, 1.0);
            assert!(l.card_w.is_finite() && l.card_h > 0.0);
        }
        assert_eq!(layout(800.0, 600.0, 0.0).scale_factor, 1.0);
    }
}
