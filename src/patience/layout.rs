//! A table's layout, whatever the patience: a rectangle and a shape for every place, for one
//! window size. Each patience has a pure function from the window's logical size to this;
//! drawing, hit-testing and tests all read it.
//!
//! Coordinates are the 2D camera's: logical pixels, origin at the window's centre, y up.

use super::Place;

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

/// An ellipse by its centre and half-axes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ellipse {
    pub x: f32,
    pub y: f32,
    /// Across.
    pub a: f32,
    /// Up and down.
    pub b: f32,
}

impl Ellipse {
    /// The winning wheel of a table with no ring of its own: centred, four tenths of it across
    /// and up.
    pub fn within(table: Rect) -> Ellipse {
        Ellipse {
            x: 0.0,
            y: table.y,
            a: table.w * 0.4,
            b: table.h * 0.4,
        }
    }
}

/// A band on the felt along an ellipse (the Zodiac ring's), `width` across.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Track {
    pub ring: Ellipse,
    pub width: f32,
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

/// How many depth edges a squared pile shows under its top card at most.
pub const MAX_DEPTH_EDGES: usize = 6;

/// How a place holds its cards.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// Straight on top of each other (stock, waste, foundations, cells).
    Stacked,
    /// Squared up, the depth shown as edges stepping down below the top card.
    Squared,
    /// Fanned downwards, face-down cards `down` apart and face-up cards `up` apart at most; a
    /// long fan closes up so that its last card stays above `floor`.
    Fanned { down: f32, up: f32, floor: f32 },
    /// The top `shown` cards side by side, each `step` to the right of the one under it, the
    /// rest under the first of them (Klondike's waste: the last cards turned show).
    Spread { step: f32, shown: usize },
}

/// The window's size made safe: finite and at least one pixel; a scale factor that is positive.
pub fn sane(width: f32, height: f32, scale_factor: f32) -> (f32, f32, f32) {
    let size = |v: f32| if v.is_finite() { v.max(1.0) } else { 1.0 };
    let scale = if scale_factor.is_finite() && scale_factor > 0.0 {
        scale_factor
    } else {
        1.0
    };
    (size(width), size(height), scale)
}

/// The largest card height in `lo..hi` for which `build` gives a layout that fits, by bisection
/// (the fit is monotone in the card's height).
pub fn largest_fit(lo: f32, hi: f32, build: impl Fn(f32) -> Layout) -> Layout {
    let top = build(hi);
    if top.fits() {
        return top;
    }
    let (mut lo, mut hi) = (lo, hi);
    for _ in 0..24 {
        let mid = (lo + hi) / 2.0;
        if build(mid).fits() {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    build(lo)
}

/// A window made sane, one card's size snapped to its texels, and the table's area below the
/// HUD: what each patience's layout places its cards on.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    pub width: f32,
    pub height: f32,
    pub scale_factor: f32,
    pub card_w: f32,
    pub card_h: f32,
    pub table: Rect,
}

impl Frame {
    fn new(width: f32, height: f32, scale_factor: f32, card_h: f32) -> Frame {
        let snap = |v: f32| (v * scale_factor).round() / scale_factor;
        let card_h = snap(card_h);
        let hud = (HUD_HEIGHT * hud_scale(width)).min(height * 0.2);
        Frame {
            width,
            height,
            scale_factor,
            card_w: snap(card_h * CARD_ASPECT),
            card_h,
            table: Rect::new(0.0, -hud / 2.0, width, height - hud),
        }
    }

    /// A length or a coordinate rounded to whole texels, so card edges stay crisp.
    pub fn snap(&self, v: f32) -> f32 {
        (v * self.scale_factor).round() / self.scale_factor
    }
}

/// The layout with the largest cards that fits the window (see [`largest_fit`]): `build`
/// places everything on a frame, without checking that it fits.
pub fn fit_largest(
    width: f32,
    height: f32,
    scale_factor: f32,
    build: impl Fn(&Frame) -> Layout,
) -> Layout {
    let (width, height, scale_factor) = sane(width, height, scale_factor);
    largest_fit(4.0, height.min(width * 1.4), |card_h| {
        build(&Frame::new(width, height, scale_factor, card_h))
    })
}

/// Every place's rectangle and shape for one window size.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// The window's logical size.
    pub width: f32,
    pub height: f32,
    pub scale_factor: f32,
    /// One card's size.
    pub card_w: f32,
    pub card_h: f32,
    /// How far each depth edge of a squared pile shows beneath the one above it.
    pub depth_step: f32,
    /// The area below the HUD bar that the table uses.
    pub table: Rect,
    /// The wheel the cards form when the game is won.
    pub wheel: Ellipse,
    /// Every place: where its first card lies, and how it holds its cards.
    pub places: Vec<(Place, Rect, Shape)>,
    /// A band painted on the felt under a ring of places.
    pub track: Option<Track>,
    /// Small captions on the felt, under the cards, so a newcomer knows what is where: the
    /// words and where they are centred.
    pub captions: Vec<(&'static str, f32, f32)>,
}

impl Layout {
    fn entry(&self, place: Place) -> Option<&(Place, Rect, Shape)> {
        self.places.iter().find(|(p, _, _)| *p == place)
    }

    /// The places, in the patience's order.
    pub fn all(&self) -> impl Iterator<Item = Place> + '_ {
        self.places.iter().map(|(p, _, _)| *p)
    }

    /// The table has this place.
    pub fn has(&self, place: Place) -> bool {
        self.entry(place).is_some()
    }

    /// The rectangle of a place: where its top card lies (its first card, for a fan).
    pub fn rect(&self, place: Place) -> Rect {
        self.entry(place)
            .map_or(Rect::new(0.0, 0.0, self.card_w, self.card_h), |e| e.1)
    }

    pub fn shape(&self, place: Place) -> Shape {
        self.entry(place).map_or(Shape::Stacked, |e| e.2)
    }

    /// What a place covers on screen: with a squared pile's depth edges, and a fan's whole
    /// reach down to its floor.
    pub fn footprint(&self, place: Place) -> Rect {
        let r = self.rect(place);
        match self.shape(place) {
            Shape::Squared => {
                let depth = self.depth_step * MAX_DEPTH_EDGES as f32;
                Rect::new(r.x, r.y - depth / 2.0, r.w, r.h + depth)
            }
            Shape::Fanned { floor, .. } => {
                let bottom = floor.min(r.bottom());
                Rect::new(r.x, (r.top() + bottom) / 2.0, r.w, r.top() - bottom)
            }
            Shape::Spread { step, shown } => {
                let reach = step * shown.saturating_sub(1) as f32;
                Rect::new(r.x + reach / 2.0, r.y, r.w + reach, r.h)
            }
            Shape::Stacked => r,
        }
    }

    /// Where the card `index` (0 at the bottom) of a place holding `len` cards, the first
    /// `face_down` of them face down, lies.
    pub fn card_rect(&self, place: Place, index: usize, len: usize, face_down: usize) -> Rect {
        let r = self.rect(place);
        let snap = |v: f32| (v * self.scale_factor).round() / self.scale_factor;
        match self.shape(place) {
            Shape::Squared => {
                let d = len.saturating_sub(index + 1).min(MAX_DEPTH_EDGES) as f32;
                Rect::new(r.x, r.y - d * self.depth_step, r.w, r.h)
            }
            Shape::Fanned { down, up, floor } => {
                let (down, up) = fan_steps(down, up, r, floor, len, face_down);
                let below = index.min(face_down) as f32 * down
                    + index.saturating_sub(face_down) as f32 * up;
                Rect::new(r.x, snap(r.y - below), r.w, r.h)
            }
            Shape::Spread { step, shown } => {
                // The top card is as far right as the cards there are allow, at most
                // `shown - 1` steps.
                let k = (index + shown.min(len)).saturating_sub(len);
                Rect::new(snap(r.x + k as f32 * step), r.y, r.w, r.h)
            }
            Shape::Stacked => r,
        }
    }

    /// What the top `count` cards of a place holding `len` cards (the first `face_down` face
    /// down) cover together: the top card alone in a pile, the run from its first card to the
    /// last in a fan, the place itself when empty. Highlights frame this, so a hint or a drop
    /// target shows on the cards it is about, not on a column's first card.
    pub fn run_rect(&self, place: Place, len: usize, face_down: usize, count: usize) -> Rect {
        if len == 0 {
            return self.rect(place);
        }
        let first = self.card_rect(place, len - count.clamp(1, len), len, face_down);
        let last = self.card_rect(place, len - 1, len, face_down);
        let (top, bottom) = (first.top(), last.bottom());
        Rect::new(last.x, (top + bottom) / 2.0, last.w, top - bottom)
    }

    /// True when every place lies inside the table and no two places overlap.
    pub fn fits(&self) -> bool {
        let rects: Vec<Rect> = self.all().map(|p| self.footprint(p)).collect();
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

    /// Converts a window position (logical pixels, origin top-left, y down) to table coordinates.
    pub fn window_to_table(&self, x: f32, y: f32) -> (f32, f32) {
        (x - self.width / 2.0, self.height / 2.0 - y)
    }

    /// The inverse of [`Layout::window_to_table`].
    pub fn table_to_window(&self, x: f32, y: f32) -> (f32, f32) {
        (x + self.width / 2.0, self.height / 2.0 - y)
    }
}

/// A fan's steps, closed up (both in proportion) when the full steps would take its last card
/// below the floor.
fn fan_steps(down: f32, up: f32, r: Rect, floor: f32, len: usize, face_down: usize) -> (f32, f32) {
    let face_down = face_down.min(len.saturating_sub(1));
    let ups = len.saturating_sub(face_down + 1);
    let need = face_down as f32 * down + ups as f32 * up;
    let room = (r.bottom() - floor).max(0.0);
    if need <= room || need <= 0.0 {
        (down, up)
    } else {
        let k = room / need;
        (down * k, up * k)
    }
}

#[cfg(test)]
#[path = "layout_tests.rs"]
mod tests;

/// What every patience's layout is tested for: it fits, inside the window and below the HUD,
/// with nothing overlapping, at every size from 1024×640 to 4K, scale factors too.
#[cfg(test)]
pub mod checks {
    use super::*;

    /// The window sizes players have, smallest to 4K.
    pub const WINDOW_SIZES: [(f32, f32); 9] = [
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

    /// The layout fits: every place inside the window and below the HUD as the window draws
    /// it (scaled with the width, at most a fifth of the height), and no two places overlap.
    pub fn check(layout: &Layout) {
        assert!(
            layout.fits(),
            "does not fit at {}x{}",
            layout.width,
            layout.height
        );
        let half_w = layout.width / 2.0;
        let half_h = layout.height / 2.0;
        let hud = (HUD_HEIGHT * hud_scale(layout.width)).min(layout.height * 0.2);
        let places: Vec<Place> = layout.all().collect();
        for &p in &places {
            let r = layout.footprint(p);
            assert!(
                r.left() >= -half_w && r.right() <= half_w,
                "{p:?} sticks out sideways: {r:?}"
            );
            assert!(
                r.bottom() >= -half_h && r.top() <= half_h - hud + 0.01,
                "{p:?} sticks out: {r:?}"
            );
        }
        for (i, &p) in places.iter().enumerate() {
            for &q in &places[i + 1..] {
                let overlap = layout.footprint(p).overlap_area(&layout.footprint(q));
                assert_eq!(
                    overlap, 0.0,
                    "{p:?} and {q:?} overlap at {}x{}",
                    layout.width, layout.height
                );
            }
        }
    }

    /// `also` and [`check`] hold at every size players have, at four scale factors, and in
    /// between, portrait included.
    pub fn at_every_size(layout: impl Fn(f32, f32, f32) -> Layout, also: impl Fn(&Layout)) {
        let both = |l: Layout| {
            check(&l);
            also(&l);
        };
        for (w, h) in WINDOW_SIZES {
            for scale in [1.0, 1.25, 1.5, 2.0] {
                both(layout(w, h, scale));
            }
        }
        for w in (1024..=3840).step_by(173) {
            for h in (640..=2160).step_by(151) {
                both(layout(w as f32, h as f32, 1.0));
            }
        }
        for (w, h) in [(640.0, 1024.0), (768.0, 1366.0), (1080.0, 1920.0)] {
            both(layout(w, h, 1.0));
        }
    }
}
