//! FreeCell's table: one pure function from the window's logical size (and scale factor) to a
//! rectangle for every place (see [`crate::patience::layout`]).
//!
//! The classic table: the four free cells at the top left, over columns c0..c3, the four
//! foundations at the top right, over c4..c7; below, the eight columns fanned down to the
//! bottom of the table (the table of columns is [`crate::patience::columns`]).

use crate::patience::Place;
use crate::patience::columns;
use crate::patience::layout::{Layout, fit_largest};

/// Lays out the FreeCell table for a window of `width` × `height` logical pixels.
pub fn layout(width: f32, height: f32, scale_factor: f32) -> Layout {
    let top = [
        (0, Place::Cell(0)),
        (1, Place::Cell(1)),
        (2, Place::Cell(2)),
        (3, Place::Cell(3)),
        (4, Place::Foundation(0)),
        (5, Place::Foundation(1)),
        (6, Place::Foundation(2)),
        (7, Place::Foundation(3)),
    ];
    let mut l = fit_largest(width, height, scale_factor, |frame| {
        columns::build(frame, super::COLUMNS, &top)
    });
    // Each free cell says what it is while empty, as each foundation shows its suit's Ace.
    l.captions = (0..4)
        .map(|k| {
            let r = l.rect(Place::Cell(k));
            ("free cell", r.x, r.y)
        })
        .collect();
    l
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patience::layout::checks::at_every_size;

    /// The longest column there can be, seven dealt and a King-to-Two run on them, stays above
    /// its floor, from 1024×640 to 4K.
    #[test]
    fn nothing_overlaps_and_everything_fits_from_1024x640_to_4k() {
        at_every_size(layout, |l| {
            crate::patience::columns::checks::columns_fit(l, 8, 0, 19)
        });
    }

    #[test]
    fn the_table_is_classic_and_large() {
        let l = layout(1280.0, 720.0, 1.0);
        let order: Vec<Place> = l.all().collect();
        let mut expected: Vec<Place> = (0..4).map(Place::Cell).collect();
        expected.extend((0..4).map(Place::Foundation));
        expected.extend((0..8).map(Place::Column));
        assert_eq!(order, expected);
        for i in 0..4u8 {
            assert_eq!(l.rect(Place::Cell(i)).x, l.rect(Place::Column(i)).x);
            assert_eq!(
                l.rect(Place::Foundation(i)).x,
                l.rect(Place::Column(i + 4)).x
            );
            assert_eq!(l.rect(Place::Cell(i)).y, l.rect(Place::Foundation(i)).y);
            assert!(l.rect(Place::Column(i)).y < l.rect(Place::Cell(i)).y);
        }
        let (left, right) = (
            l.rect(Place::Column(0)).left(),
            l.rect(Place::Column(7)).right(),
        );
        assert!((left + right).abs() < 1.0, "centred: {left} {right}");
        assert!(l.card_h >= 95.0, "cards are {}x{}", l.card_w, l.card_h);
        assert!(layout(3840.0, 2160.0, 1.0).card_h > 2.5 * layout(1024.0, 640.0, 1.0).card_h);
        // A caption in the middle of each free cell.
        for (k, &(words, x, y)) in l.captions.iter().enumerate() {
            let r = l.rect(Place::Cell(k as u8));
            assert_eq!((words, x, y), ("free cell", r.x, r.y));
        }
        assert_eq!(l.captions.len(), 4);
    }
}
