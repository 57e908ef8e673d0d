//! The classic table of columns, shared by the patiences that have one (Klondike, FreeCell): a
//! row of piles along the top, each over a column, and the columns fanned down below to the
//! bottom of the table. The cards are as large as fits: the columns across, and one card and
//! [`FULL_STEPS`] face-up steps down each column at full step (a longer column closes up to stay
//! above the floor).

use super::Place;
use super::layout::{Ellipse, Frame, Layout, Rect, Shape};

/// How far apart face-down cards of a column are, in card heights.
pub const DOWN_STEP: f32 = 0.12;
/// How far apart face-up cards of a column are at most, in card heights.
pub const UP_STEP: f32 = 0.27;
/// Face-up steps a column shows at full step below its first card before it closes up.
pub const FULL_STEPS: f32 = 7.0;

/// Places `columns` columns and, above them, each place of `top` over the column it names,
/// without checking that it fits (a column too short for its full steps is given a floor below
/// the table, so it does not fit).
pub fn build(frame: &Frame, columns: u8, top: &[(u8, Place)]) -> Layout {
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
    let middle = f32::from(columns.max(1) - 1) / 2.0;
    let x = |i: u8| snap((f32::from(i) - middle) * step);
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

    let mut places = Vec::with_capacity(top.len() + usize::from(columns));
    for &(i, place) in top {
        places.push((place, card(x(i), top_y), Shape::Stacked));
    }
    for c in 0..columns {
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
        wheel: Ellipse::within(table),
        places,
        track: None,
        captions: vec![],
    }
}

#[cfg(test)]
pub mod checks {
    use super::*;

    /// The longest column there can be (`face_down` face down under a run of `up_cards`) stays
    /// above its floor and inside the table; a column shows its first face-up cards at full
    /// step.
    pub fn columns_fit(l: &Layout, columns: u8, face_down: usize, up_cards: usize) {
        let len = face_down + up_cards;
        for c in 0..columns {
            let column = Place::Column(c);
            let Shape::Fanned { floor, .. } = l.shape(column) else {
                panic!("{column:?} is not fanned");
            };
            let last = l.card_rect(column, len - 1, len, face_down);
            let slack = 1.0 / l.scale_factor;
            assert!(
                last.bottom() >= floor - slack && last.bottom() >= l.table.bottom() - slack,
                "{column:?}'s last card {last:?} is below the floor {floor} at {}x{}",
                l.width,
                l.height
            );
            let n = FULL_STEPS as usize;
            let step_n = l.card_rect(column, n, n + 1, 0);
            let full = l.rect(column).y - FULL_STEPS * l.card_h * UP_STEP;
            assert!(
                (step_n.y - full).abs() <= slack,
                "{column:?} closes up too soon at {}x{}",
                l.width,
                l.height
            );
        }
    }
}
