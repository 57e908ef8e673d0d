//! Zodiac's table: one pure function from the window's logical size (and scale factor) to a
//! rectangle for every place (see [`crate::patience::layout`]).
//!
//! The 24 Zodiac piles sit on an ellipse shaped like the window, spaced evenly in "card
//! lengths" (so upright cards never touch, whether the ring runs across or down); the Equator
//! is a row across the middle; the foundations sit above and below it; the waste and the stock
//! sit to the right of the lower foundations, within reach of every Zodiac pile.

use crate::patience::Place;
use crate::patience::layout::{
    Ellipse, Frame, Layout, MAX_DEPTH_EDGES, Rect, Shape, Track, fit_largest,
};

/// Lays out the Zodiac table for a window of `width` × `height` logical pixels.
pub fn layout(width: f32, height: f32, scale_factor: f32) -> Layout {
    fit_largest(width, height, scale_factor, build)
}

/// Places everything on a frame, without checking that it fits.
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
    let gap = (card_w * 0.12).max(2.0);
    let depth_step = (card_h * 0.018).max(1.0 / scale_factor);
    let margin = (card_w * 0.15).max(4.0);
    // The ring's ellipse, as large as the table allows (pile depth edges show below a card).
    let depth = depth_step * MAX_DEPTH_EDGES as f32;
    let ring_a = (table.w / 2.0 - card_w / 2.0 - margin).max(1.0);
    let ring_b = (table.h / 2.0 - card_h / 2.0 - margin - depth / 2.0).max(1.0);
    let cy = table.y + depth / 2.0;

    let card = |x: f32, y: f32| Rect::new(snap(x), snap(y), card_w, card_h);
    let mut places = Vec::with_capacity(42);
    let step = card_w + gap;
    let row_y = card_h + gap * 1.5;
    // Waste then stock, right of the lower foundations, a little apart from them. The order
    // here is the keyboard's: the waste, the stock, the Equator left to right, the Zodiac
    // clockwise, the foundations.
    let x0 = 2.5 * step + gap;
    places.push((Place::Waste, card(x0, cy - row_y), Shape::Stacked));
    places.push((Place::Stock, card(x0 + step, cy - row_y), Shape::Stacked));
    for e in 0..8u8 {
        places.push((
            Place::Cell(e),
            card((f32::from(e) - 3.5) * step, cy),
            Shape::Stacked,
        ));
    }
    for (z, (x, y)) in ring_points(ring_a, ring_b, card_w + gap, card_h + gap + depth)
        .into_iter()
        .enumerate()
    {
        places.push((Place::Pile(z as u8), card(x, cy + y), Shape::Squared));
    }
    for f in 0..8u8 {
        let (i, y) = if f < 4 {
            (f, cy + row_y)
        } else {
            (f - 4, cy - row_y)
        };
        places.push((
            Place::Foundation(f),
            card((f32::from(i) - 1.5) * step, y),
            Shape::Stacked,
        ));
    }
    Layout {
        width,
        height,
        scale_factor,
        card_w,
        card_h,
        depth_step,
        table,
        wheel: Ellipse {
            x: 0.0,
            y: cy,
            a: ring_a * 0.82,
            b: ring_b * 0.8,
        },
        places,
        track: Some(Track {
            ring: Ellipse {
                x: 0.0,
                y: cy - depth_step * 3.0,
                a: ring_a,
                b: ring_b,
            },
            width: card_h * 1.35,
        }),
        captions: vec![("EQUATOR", snap(-3.5 * step) - card_w * 1.05, snap(cy))],
    }
}

/// 24 points on the ellipse with semi-axes `a` × `b`, z0 at twelve o'clock going clockwise,
/// spaced evenly in the metric where two upright cards `cw` × `ch` apart just touch
/// (max(|dx| / cw, |dy| / ch)), so the ring is as roomy across the top as down the sides.
fn ring_points(a: f32, b: f32, cw: f32, ch: f32) -> [(f32, f32); 24] {
    const STEPS: usize = 2880;
    let point = |t: f32| (a * t.sin(), b * t.cos());
    // Cumulative length along the ellipse, clockwise from the top.
    let mut cumulative = [0f32; STEPS + 1];
    let mut prev = point(0.0);
    for i in 1..=STEPS {
        let p = point(i as f32 / STEPS as f32 * std::f32::consts::TAU);
        let d = ((p.0 - prev.0).abs() / cw).max((p.1 - prev.1).abs() / ch);
        cumulative[i] = cumulative[i - 1] + d;
        prev = p;
    }
    let total = cumulative[STEPS];
    let mut out = [(0.0, 0.0); 24];
    let mut i = 0;
    for (k, slot) in out.iter_mut().enumerate() {
        let target = total * k as f32 / 24.0;
        while i < STEPS && cumulative[i + 1] < target {
            i += 1;
        }
        let span = (cumulative[i + 1] - cumulative[i]).max(f32::EPSILON);
        let frac = ((target - cumulative[i]) / span).clamp(0.0, 1.0);
        let t = (i as f32 + frac) / STEPS as f32 * std::f32::consts::TAU;
        *slot = point(t);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::patience::layout::checks::at_every_size;

    #[test]
    fn nothing_overlaps_and_everything_fits_from_1024x640_to_4k() {
        at_every_size(layout, |_| {});
    }

    #[test]
    fn cards_stay_readable_at_the_smallest_size() {
        let layout = layout(1024.0, 640.0, 1.0);
        assert!(
            layout.card_w >= 52.0,
            "cards are {}x{}",
            layout.card_w,
            layout.card_h
        );
        let big = super::layout(3840.0, 2160.0, 1.0);
        assert!(
            big.card_h > layout.card_h * 2.5,
            "cards grow with the window"
        );
    }

    #[test]
    fn the_ring_starts_at_twelve_and_runs_clockwise() {
        let layout = layout(1280.0, 720.0, 1.0);
        let z = |i| layout.rect(Place::Pile(i));
        assert!(z(0).x.abs() < 1.0 && z(0).y > 0.0, "z0 at twelve o'clock");
        assert!(
            z(6).x > 0.0 && z(6).y.abs() < z(0).y / 2.0,
            "z6 at three o'clock"
        );
        assert!(z(12).x.abs() < 1.0 && z(12).y < 0.0, "z12 at six o'clock");
        assert!(z(18).x < 0.0, "z18 at nine o'clock");
        assert!(z(1).x > 0.0 && z(23).x < 0.0, "clockwise");
        // The Equator runs left to right across the middle; up foundations above it.
        for e in 0..7 {
            assert!(layout.rect(Place::Cell(e)).x < layout.rect(Place::Cell(e + 1)).x);
        }
        assert!(layout.rect(Place::Foundation(0)).y > layout.rect(Place::Cell(0)).y);
        assert!(layout.rect(Place::Foundation(4)).y < layout.rect(Place::Cell(0)).y);
    }

    #[test]
    fn each_place_is_the_only_one_at_its_centre() {
        let layout = layout(1920.0, 1080.0, 1.0);
        for p in layout.all() {
            let r = layout.rect(p);
            let here: Vec<Place> = layout
                .all()
                .filter(|&q| layout.footprint(q).contains(r.x, r.y))
                .collect();
            assert_eq!(here, [p]);
        }
        let (x, y) = layout.window_to_table(0.0, 0.0);
        assert_eq!((x, y), (-960.0, 540.0));
        assert_eq!(layout.table_to_window(x, y), (0.0, 0.0));
        assert_eq!(layout.table_to_window(100.5, -20.0), (1060.5, 560.0));
    }
}
