//! The table's layout: one pure function from the window's logical size (and scale factor) to a
//! rectangle for every place. Rendering, hit-testing and tests all use it.
//!
//! Coordinates are the 2D camera's: logical pixels, origin at the window's centre, y up.
//! The 24 Zodiac piles sit on an ellipse shaped like the window, spaced evenly in "card
//! lengths" (so upright cards never touch, whether the ring runs across or down); the Equator
//! is a row across the middle; the foundations sit above and below it; the waste and the stock
//! sit to the right of the lower foundations, within reach of every Zodiac pile.

use crate::rules::Place;

/// A rectangle given by its centre and size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Rect {
    pub fn new(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect { x, y, w, h }
    }

    pub fn left(&self) -> f32 {
        self.x - self.w / 2.0
    }
    pub fn right(&self) -> f32 {
        self.x + self.w / 2.0
    }
    pub fn bottom(&self) -> f32 {
        self.y - self.h / 2.0
    }
    pub fn top(&self) -> f32 {
        self.y + self.h / 2.0
    }

    pub fn contains(&self, x: f32, y: f32) -> bool {
        (x - self.x).abs() <= self.w / 2.0 && (y - self.y).abs() <= self.h / 2.0
    }

    /// The area both rectangles cover (0 when apart or only touching).
    pub fn overlap_area(&self, other: &Rect) -> f32 {
        let w = self.right().min(other.right()) - self.left().max(other.left());
        let h = self.top().min(other.top()) - self.bottom().max(other.bottom());
        if w > 0.0 && h > 0.0 { w * h } else { 0.0 }
    }

    /// Grown by `margin` on every side.
    pub fn inflate(&self, margin: f32) -> Rect {
        Rect::new(self.x, self.y, self.w + 2.0 * margin, self.h + 2.0 * margin)
    }
}

/// The proportions of a playing card (2.5 × 3.5 inches).
pub const CARD_ASPECT: f32 = 2.5 / 3.5;

/// Height of the HUD bar across the top, in logical pixels.
pub const HUD_HEIGHT: f32 = 44.0;

/// How much the HUD is scaled for a window `width` logical pixels wide: it fits across 1024
/// pixels and stays readable on large screens.
pub fn hud_scale(width: f32) -> f32 {
    // In steps of 1/20: each text size drawn costs a glyph atlas, so a window resized pixel by
    // pixel must not make a new size at each step.
    ((width / 1280.0).clamp(0.8, 2.0) * 20.0).round() / 20.0
}

/// How many depth edges a Zodiac pile shows under its top card at most.
pub const MAX_DEPTH_EDGES: usize = 6;

/// Every place's rectangle for one window size.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// The window's logical size.
    pub width: f32,
    pub height: f32,
    pub scale_factor: f32,
    /// One card's size.
    pub card_w: f32,
    pub card_h: f32,
    /// How far each depth edge of a Zodiac pile shows beneath the one above it.
    pub depth_step: f32,
    /// The area below the HUD bar that the table uses.
    pub table: Rect,
    /// The ellipse the Zodiac piles' centres lie on.
    pub ring_a: f32,
    pub ring_b: f32,
    ring_center_y: f32,
    places: [Rect; 42],
}

/// The index of a place in [`Place::all`]'s order.
pub fn place_index(place: Place) -> usize {
    match place {
        Place::Stock => 0,
        Place::Waste => 1,
        Place::Equator(e) => 2 + usize::from(e),
        Place::Zodiac(z) => 10 + usize::from(z),
        Place::Foundation(f) => 34 + usize::from(f),
    }
}

impl Layout {
    /// Lays out the table for a window of `width` × `height` logical pixels.
    pub fn new(width: f32, height: f32, scale_factor: f32) -> Layout {
        let width = if width.is_finite() {
            width.max(1.0)
        } else {
            1.0
        };
        let height = if height.is_finite() {
            height.max(1.0)
        } else {
            1.0
        };
        let scale_factor = if scale_factor.is_finite() && scale_factor > 0.0 {
            scale_factor
        } else {
            1.0
        };
        // The largest card height whose layout fits, by bisection (the fit is monotone in it).
        let (mut lo, mut hi) = (4.0f32, height.min(width * 1.4));
        if let Some(layout) = Layout::try_with_card(width, height, scale_factor, hi) {
            return layout;
        }
        for _ in 0..24 {
            let mid = (lo + hi) / 2.0;
            if Layout::try_with_card(width, height, scale_factor, mid).is_some() {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Layout::try_with_card(width, height, scale_factor, lo)
            .unwrap_or_else(|| Layout::build(width, height, scale_factor, lo))
    }

    fn try_with_card(width: f32, height: f32, scale_factor: f32, card_h: f32) -> Option<Layout> {
        let layout = Layout::build(width, height, scale_factor, card_h);
        layout.fits().then_some(layout)
    }

    /// Places everything for a given card height, without checking that it fits.
    fn build(width: f32, height: f32, scale_factor: f32, card_h: f32) -> Layout {
        let snap = |v: f32| (v * scale_factor).round() / scale_factor;
        let card_h = snap(card_h);
        let card_w = snap(card_h * CARD_ASPECT);
        let gap = (card_w * 0.12).max(2.0);
        let depth_step = (card_h * 0.018).max(1.0 / scale_factor);
        let margin = (card_w * 0.15).max(4.0);
        let hud = (HUD_HEIGHT * hud_scale(width)).min(height * 0.2);
        let table = Rect::new(0.0, -hud / 2.0, width, height - hud);
        // The ring's ellipse, as large as the table allows (pile depth edges show below a card).
        let depth = depth_step * MAX_DEPTH_EDGES as f32;
        let ring_a = (table.w / 2.0 - card_w / 2.0 - margin).max(1.0);
        let ring_b = (table.h / 2.0 - card_h / 2.0 - margin - depth / 2.0).max(1.0);
        let ring_center_y = table.y + depth / 2.0;

        let mut places = [Rect::new(0.0, 0.0, card_w, card_h); 42];
        let card = |x: f32, y: f32| Rect::new(snap(x), snap(y), card_w, card_h);
        for (z, (x, y)) in ring_points(ring_a, ring_b, card_w + gap, card_h + gap + depth)
            .into_iter()
            .enumerate()
        {
            places[place_index(Place::Zodiac(z as u8))] = card(x, ring_center_y + y);
        }
        let step = card_w + gap;
        let row_y = card_h + gap * 1.5;
        let cy = ring_center_y;
        for e in 0..8 {
            places[place_index(Place::Equator(e))] = card((f32::from(e) - 3.5) * step, cy);
        }
        for f in 0..4 {
            places[place_index(Place::Foundation(f))] =
                card((f32::from(f) - 1.5) * step, cy + row_y);
            places[place_index(Place::Foundation(f + 4))] =
                card((f32::from(f) - 1.5) * step, cy - row_y);
        }
        // Waste then stock, right of the lower foundations, a little apart from them.
        let x0 = 2.5 * step + gap;
        places[place_index(Place::Waste)] = card(x0, cy - row_y);
        places[place_index(Place::Stock)] = card(x0 + step, cy - row_y);

        Layout {
            width,
            height,
            scale_factor,
            card_w,
            card_h,
            depth_step,
            table,
            ring_a,
            ring_b,
            ring_center_y,
            places,
        }
    }

    /// True when every place lies inside the table and no two places overlap (with the Zodiac
    /// piles' depth edges counted).
    fn fits(&self) -> bool {
        let rects: Vec<Rect> = Place::all().map(|p| self.footprint(p)).collect();
        let table = self.table;
        let inside = |r: &Rect| {
            r.left() >= table.left() - 0.01
                && r.right() <= table.right() + 0.01
                && r.bottom() >= table.bottom() - 0.01
                && r.top() <= table.top() + 0.01
        };
        if !rects.iter().all(inside) {
            return false;
        }
        // Keep a little air between places so they read as separate.
        let air = (self.card_w * 0.04).max(1.0);
        for i in 0..rects.len() {
            for j in i + 1..rects.len() {
                if rects[i]
                    .inflate(air / 2.0)
                    .overlap_area(&rects[j].inflate(air / 2.0))
                    > 0.0
                {
                    return false;
                }
            }
        }
        true
    }

    /// The rectangle of a place: where its top card lies.
    pub fn rect(&self, place: Place) -> Rect {
        self.places[place_index(place)]
    }

    /// What a place covers on screen, including a Zodiac pile's depth edges below its top card.
    pub fn footprint(&self, place: Place) -> Rect {
        let r = self.rect(place);
        match place {
            Place::Zodiac(_) => {
                let depth = self.depth_step * MAX_DEPTH_EDGES as f32;
                Rect::new(r.x, r.y - depth / 2.0, r.w, r.h + depth)
            }
            _ => r,
        }
    }

    /// Where the card `depth` places below the top of a pile lies (Zodiac piles show their depth
    /// as edges stepping down; other places stack straight).
    pub fn card_rect(&self, place: Place, depth_from_top: usize) -> Rect {
        let r = self.rect(place);
        match place {
            Place::Zodiac(_) => {
                let d = depth_from_top.min(MAX_DEPTH_EDGES) as f32;
                Rect::new(r.x, r.y - d * self.depth_step, r.w, r.h)
            }
            _ => r,
        }
    }

    /// The ring's centre, for paths that curve around it.
    pub fn ring_center(&self) -> (f32, f32) {
        (0.0, self.ring_center_y)
    }

    /// Converts a window position (logical pixels, origin top-left, y down) to table coordinates.
    pub fn window_to_table(&self, x: f32, y: f32) -> (f32, f32) {
        (x - self.width / 2.0, self.height / 2.0 - y)
    }

    /// The inverse of [`Layout::window_to_table`].
    pub fn table_to_window(&self, x: f32, y: f32) -> (f32, f32) {
        (x + self.width / 2.0, self.height / 2.0 - y)
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

    const SIZES: [(f32, f32); 9] = [
        (1024.0, 640.0),
        (1024.0, 768.0),
        (1280.0, 720.0),
        (1280.0, 1024.0),
        (1366.0, 768.0),
        (1600.0, 900.0),
        (1920.0, 1080.0),
        (2560.0, 1440.0),
        (3840.0, 2160.0),
    ];

    fn check(layout: &Layout) {
        let half_w = layout.width / 2.0;
        let half_h = layout.height / 2.0;
        let places: Vec<Place> = Place::all().collect();
        for &p in &places {
            let r = layout.footprint(p);
            assert!(
                r.left() >= -half_w && r.right() <= half_w,
                "{p} sticks out sideways: {r:?}"
            );
            assert!(
                r.bottom() >= -half_h && r.top() <= half_h - HUD_HEIGHT + 0.01,
                "{p} sticks out: {r:?}"
            );
        }
        for (i, &p) in places.iter().enumerate() {
            for &q in &places[i + 1..] {
                let overlap = layout.footprint(p).overlap_area(&layout.footprint(q));
                assert_eq!(
                    overlap, 0.0,
                    "{p} and {q} overlap at {}x{}",
                    layout.width, layout.height
                );
            }
        }
    }

    #[test]
    fn nothing_overlaps_and_everything_fits_from_1024x640_to_4k() {
        for (w, h) in SIZES {
            for scale in [1.0, 1.25, 1.5, 2.0] {
                let layout = Layout::new(w, h, scale);
                check(&layout);
            }
        }
        // In between, too, portrait included.
        for w in (1024..=3840).step_by(173) {
            for h in (640..=2160).step_by(151) {
                check(&Layout::new(w as f32, h as f32, 1.0));
            }
        }
    }

    #[test]
    fn cards_stay_readable_at_the_smallest_size() {
        let layout = Layout::new(1024.0, 640.0, 1.0);
        assert!(
            layout.card_w >= 52.0,
            "cards are {}x{}",
            layout.card_w,
            layout.card_h
        );
        let big = Layout::new(3840.0, 2160.0, 1.0);
        assert!(
            big.card_h > layout.card_h * 2.5,
            "cards grow with the window"
        );
    }

    #[test]
    fn the_ring_starts_at_twelve_and_runs_clockwise() {
        let layout = Layout::new(1280.0, 720.0, 1.0);
        let z = |i| layout.rect(Place::Zodiac(i));
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
            assert!(layout.rect(Place::Equator(e)).x < layout.rect(Place::Equator(e + 1)).x);
        }
        assert!(layout.rect(Place::Foundation(0)).y > layout.rect(Place::Equator(0)).y);
        assert!(layout.rect(Place::Foundation(4)).y < layout.rect(Place::Equator(0)).y);
    }

    #[test]
    fn each_place_is_the_only_one_at_its_centre() {
        let layout = Layout::new(1920.0, 1080.0, 1.0);
        for p in Place::all() {
            let r = layout.rect(p);
            let here: Vec<Place> = Place::all()
                .filter(|&q| layout.footprint(q).contains(r.x, r.y))
                .collect();
            assert_eq!(here, [p]);
        }
        let (x, y) = layout.window_to_table(0.0, 0.0);
        assert_eq!((x, y), (-960.0, 540.0));
        assert_eq!(layout.table_to_window(x, y), (0.0, 0.0));
        assert_eq!(layout.table_to_window(100.5, -20.0), (1060.5, 560.0));
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
            let layout = Layout::new(w, h, 1.0);
            assert!(layout.card_w.is_finite() && layout.card_h > 0.0);
        }
        let layout = Layout::new(800.0, 600.0, 0.0);
        assert_eq!(layout.scale_factor, 1.0);
    }
}
