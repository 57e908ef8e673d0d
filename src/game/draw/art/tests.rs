//! The card atlas: every cell shows its card, every deck and colouring renders and reads, the
//! inspector's card at its size.

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
            let texel =
                |dx: f32, dy: f32| canvas.texel((cell.min.x + dx) as u32, (cell.min.y + dy) as u32);
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
    let layout = crate::registry::default().layout(1024.0, 640.0, 1.0);
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
