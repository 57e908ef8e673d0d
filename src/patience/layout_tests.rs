use super::*;

fn column_layout() -> Layout {
    let r = Rect::new(0.0, 100.0, 50.0, 70.0);
    Layout {
        width: 400.0,
        height: 400.0,
        scale_factor: 1.0,
        card_w: 50.0,
        card_h: 70.0,
        depth_step: 1.0,
        table: Rect::new(0.0, 0.0, 400.0, 400.0),
        wheel: Ellipse {
            x: 0.0,
            y: 0.0,
            a: 100.0,
            b: 100.0,
        },
        places: vec![(
            Place::Column(0),
            r,
            Shape::Fanned {
                down: 8.0,
                up: 20.0,
                floor: -200.0,
            },
        )],
        track: None,
        captions: Vec::new(),
    }
}

#[test]
fn a_fan_steps_face_down_cards_tighter_and_closes_up_when_long() {
    let l = column_layout();
    let c = Place::Column(0);
    let y = |i, len, down| l.card_rect(c, i, len, down).y;
    assert_eq!(y(0, 5, 2), 100.0);
    assert_eq!(y(1, 5, 2), 92.0);
    assert_eq!(y(2, 5, 2), 84.0);
    assert_eq!(y(3, 5, 2), 64.0);
    // 20 face-up cards would need 380 below the first; only 265 are left above the floor.
    let last = l.card_rect(c, 19, 20, 0);
    assert!(last.bottom() >= -200.0 - 0.5, "{last:?}");
    assert!(y(1, 20, 0) < 100.0, "still fanned");
    assert!(l.footprint(c).bottom() <= -200.0 + 0.01);
}

#[test]
fn a_spread_shows_the_top_cards_side_by_side_and_the_rest_under_the_first() {
    let mut l = column_layout();
    let c = Place::Column(0);
    l.places[0].2 = Shape::Spread {
        step: 15.0,
        shown: 3,
    };
    let x = |i, len| l.card_rect(c, i, len, 0).x;
    assert_eq!(x(0, 1), 0.0);
    assert_eq!((x(0, 2), x(1, 2)), (0.0, 15.0));
    assert_eq!(
        (x(0, 5), x(1, 5), x(2, 5), x(3, 5), x(4, 5)),
        (0.0, 0.0, 0.0, 15.0, 30.0)
    );
    assert!(l.card_rect(c, 4, 5, 0).y == l.rect(c).y);
    let f = l.footprint(c);
    assert_eq!((f.left(), f.right()), (-25.0, 55.0));
}

#[test]
fn a_run_covers_its_cards_from_the_first_to_the_top_one() {
    let l = column_layout();
    let c = Place::Column(0);
    // Empty: the place itself.
    assert_eq!(l.run_rect(c, 0, 0, 1), l.rect(c));
    // The top card alone, wherever the fan put it.
    assert_eq!(l.run_rect(c, 5, 2, 1), l.card_rect(c, 4, 5, 2));
    // Three cards: from the top of the third from the top to the bottom of the last.
    let run = l.run_rect(c, 5, 2, 3);
    assert_eq!(run.top(), l.card_rect(c, 2, 5, 2).top());
    assert_eq!(run.bottom(), l.card_rect(c, 4, 5, 2).bottom());
    assert_eq!((run.x, run.w), (0.0, 50.0));
    // More than the place holds: all of it, never past its first card.
    assert_eq!(l.run_rect(c, 5, 2, 9), l.run_rect(c, 5, 2, 5));
    assert_eq!(l.run_rect(c, 5, 2, 0), l.run_rect(c, 5, 2, 1));
}
