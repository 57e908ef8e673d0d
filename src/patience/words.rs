//! What a place says to a player who cannot see it (a screen reader reads these labels): its
//! name and what lies there, in the same words the game uses elsewhere ("Column c3: 2 face
//! down, then 7♠, 6♥"). Any patience, through [`Game`] alone.

use super::{Game, Move, Place, Slot};

/// The place's name with a capital, as a label starts: "Zodiac pile z5", "Stock".
pub fn place_title(game: &dyn Game, place: Place) -> String {
    let name = game.place_name(place);
    let name = name.strip_prefix("the ").unwrap_or(&name);
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// "1 card", "13 cards".
fn count(n: usize) -> String {
    if n == 1 {
        "1 card".into()
    } else {
        format!("{n} cards")
    }
}

/// The label of a place: its name and its cards. `picked`: the keyboard holds its card.
pub fn place_label(game: &dyn Game, place: Place, picked: bool) -> String {
    let cards = game.cards(place);
    let title = place_title(game, place);
    let top = cards.last().map(|s| s.card.name());
    let mut label = match place {
        Place::Stock if cards.is_empty() && game.redeal_possible() => {
            format!("{title}, empty: Enter turns the waste over")
        }
        Place::Stock => match cards.len() {
            0 => format!("{title}, empty"),
            n => format!("{title}, {}", count(n)),
        },
        Place::Foundation(f) => {
            let what = match game.foundation_caption(f) {
                Some((suit, "A", "up")) => suit.name().to_string(),
                Some((suit, start, dir)) => format!("{} {dir} from {start}", suit.name()),
                None => String::new(),
            };
            let what = if what.is_empty() {
                String::new()
            } else {
                format!(", {what}")
            };
            let dir = game.foundation_caption(f).map_or("up", |c| c.2);
            match top {
                Some(top) => format!("{title}{what}, {dir} to {top}"),
                None => format!("{title}{what}, empty"),
            }
        }
        Place::Column(_) => column(&title, &cards),
        Place::Cell(_) => match top {
            Some(top) => format!("{title}: {top}"),
            None => format!("{title}, empty"),
        },
        Place::Waste | Place::Pile(_) => match (cards.len(), top) {
            (0, _) | (_, None) => format!("{title}, empty"),
            (n, Some(top)) => format!("{title}, {}, top {top}", count(n)),
        },
    };
    if picked {
        label.push_str(", picked up");
    }
    label
}

/// The card `count` from the top of `place` (1: the top), now.
fn card_at(game: &dyn Game, place: Place, count: u8) -> Option<String> {
    let cards = game.cards(place);
    let i = cards.len().checked_sub(usize::from(count.max(1)))?;
    Some(cards[i].card.name())
}

/// What a place shows after cards left it: " Column c2 now shows 5♠." (or is empty, or
/// nothing for the stock and the foundations, whose news is elsewhere).
fn left_behind(game: &dyn Game, place: Place) -> String {
    if matches!(place, Place::Stock | Place::Foundation(_)) {
        return String::new();
    }
    let title = place_title(game, place);
    match game.cards(place).last() {
        None => format!(" {title} is empty."),
        Some(s) if s.face_up => format!(" {title} now shows {}.", s.card.name()),
        Some(_) => String::new(),
    }
}

/// A move just played (or redone), said from the table it left: "7♥ from the waste to column
/// c3. Waste now shows 4♦."
pub fn move_said(game: &dyn Game, m: Move) -> String {
    if m.is_turn() {
        return match card_at(game, Place::Waste, 1) {
            Some(top) => format!("Turned {top} onto the waste."),
            None => "Turned the stock.".into(),
        };
    }
    if m.is_redeal() {
        return "The waste turned over onto the stock.".into();
    }
    let card = card_at(game, m.to, m.count).unwrap_or_default();
    format!(
        "{}.{}",
        card_move(game, &card, m),
        left_behind(game, m.from)
    )
}

/// A move of `card` (and the cards on it) in words: "7♥ from the waste to column c3".
fn card_move(game: &dyn Game, card: &str, m: Move) -> String {
    let with = if m.count > 1 {
        " and the cards on it"
    } else {
        ""
    };
    format!(
        "{card}{with} from {} to {}",
        game.place_name(m.from),
        game.place_name(m.to)
    )
}

/// A move about to be played, in words, from the table before it (the lost notice names the
/// move that lost the game so: "That move (7♥ from the waste to column c3) …").
pub fn move_words(game: &dyn Game, m: Move) -> String {
    if m.is_turn() {
        return "turning the stock".into();
    }
    if m.is_redeal() {
        return "turning the waste over".into();
    }
    let card = game.moving_card(m).map(|c| c.name()).unwrap_or_default();
    card_move(game, &card, m)
}

/// A move just taken back, said from the table the undo left: "Undone: 7♥ back to the waste."
pub fn undo_said(game: &dyn Game, m: Move) -> String {
    if m.is_turn() {
        return "Undone: the card went back to the stock.".into();
    }
    if m.is_redeal() {
        return "Undone: the stock turned back onto the waste.".into();
    }
    let card = card_at(game, m.from, m.count).unwrap_or_default();
    format!("Undone: {card} back to {}.", game.place_name(m.from))
}

/// A new table: "Klondike, deal 7, single pass. Stock, 23 cards."
pub fn dealt_said(game: &dyn Game) -> String {
    format!(
        "{}, deal {}, {}. {}.",
        game.patience().title(),
        game.deal(),
        game.rule_set().title,
        place_label(game, Place::Stock, false)
    )
}

/// "Column c3: 2 face down, then 7♠, 6♥": every face-up card, from the one deepest down.
fn column(title: &str, cards: &[Slot]) -> String {
    if cards.is_empty() {
        return format!("{title}, empty");
    }
    let down = cards.iter().filter(|s| !s.face_up).count();
    let up: Vec<String> = cards
        .iter()
        .filter(|s| s.face_up)
        .map(|s| s.card.name())
        .collect();
    match (down, up.is_empty()) {
        (0, _) => format!("{title}: {}", up.join(", ")),
        (d, true) => format!("{title}: {d} face down"),
        (d, false) => format!("{title}: {d} face down, then {}", up.join(", ")),
    }
}

/// Cards no way of playing frees, as the solvers' looser games say it: "however the other
/// cards are played, the 3♥, the 4♦ and the 9♣ never come free".
pub fn never_come_free(cards: impl Iterator<Item = crate::cards::Card>) -> String {
    let names: Vec<String> = cards.map(|c| format!("the {}", c.name())).collect();
    let list = match names.as_slice() {
        [] => return "no card is stuck".into(),
        [one] => return format!("however the other cards are played, {one} never comes free"),
        [a, b] => format!("{a} and {b}"),
        [a, b, c] => format!("{a}, {b} and {c}"),
        [a, b, c, rest @ ..] => format!("{a}, {b}, {c} and {} more cards", rest.len()),
    };
    format!("however the other cards are played, {list} never come free")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::DealNumber;
    use crate::registry;

    fn game(name: &str, deal: u128) -> Box<dyn Game> {
        let p = registry::by_name(name).unwrap();
        p.new_game(&p.rule_sets()[0].name, DealNumber::new(deal).unwrap())
            .unwrap()
    }

    #[test]
    fn klondike_places_say_their_cards() {
        let g = game("klondike", 1);
        // Deal 1 (PySolFC): c0 holds one card, c6 six face down and one up.
        let c0 = place_label(g.as_ref(), Place::Column(0), false);
        assert_eq!(c0, "Column c0: Q♥");
        assert_eq!(
            place_label(g.as_ref(), Place::Column(6), false),
            "Column c6: 6 face down, then A♠"
        );
        let stock = place_label(g.as_ref(), Place::Stock, false);
        assert_eq!(stock, "Stock, 23 cards");
        assert_eq!(
            place_label(g.as_ref(), Place::Foundation(0), false),
            "Foundation f0, clubs, empty"
        );
        let waste = place_label(g.as_ref(), Place::Waste, true);
        assert!(
            waste.starts_with("Waste, 1 card, top ") && waste.ends_with(", picked up"),
            "{waste}"
        );
    }

    #[test]
    fn zodiac_places_say_their_cards() {
        let g = game("zodiac", 1);
        for place in g.places() {
            let label = place_label(g.as_ref(), place, false);
            assert!(!label.is_empty() && label.chars().next().unwrap().is_uppercase());
        }
        assert_eq!(
            place_label(g.as_ref(), Place::Pile(4), false),
            "Zodiac pile z4, 1 card, top 6♣"
        );
        assert_eq!(
            place_label(g.as_ref(), Place::Cell(0), false),
            "Equator cell e0: 3♦"
        );
        // Cadogan: f4 to f7 go down from the King.
        assert_eq!(
            place_label(g.as_ref(), Place::Foundation(4), false),
            "Foundation f4, clubs down from K, empty"
        );
    }

    #[test]
    fn moves_are_said_as_the_table_shows_them() {
        let mut g = game("klondike", 1);
        // Deal 1: A♥ on c5 and A♠ on c6 go home; 4♥ waits on the waste.
        let m = g.home_move(Place::Column(6)).unwrap();
        g.play(m).unwrap();
        assert_eq!(
            move_said(g.as_ref(), m),
            "A♠ from column c6 to foundation f1. Column c6 now shows J♠."
        );
        let turn = g.best_move(Place::Stock, 0).unwrap();
        g.play(turn).unwrap();
        assert_eq!(move_said(g.as_ref(), turn), "Turned A♣ onto the waste.");
        g.undo().unwrap();
        assert_eq!(
            undo_said(g.as_ref(), turn),
            "Undone: the card went back to the stock."
        );
        g.undo().unwrap();
        assert_eq!(undo_said(g.as_ref(), m), "Undone: A♠ back to column c6.");
        assert!(dealt_said(g.as_ref()).starts_with("Klondike, deal 1, "));
    }

    #[test]
    fn labels_change_with_the_game() {
        let mut g = game("klondike", 1);
        let before = place_label(g.as_ref(), Place::Stock, false);
        let turn = g.best_move(Place::Stock, 0).unwrap();
        g.play(turn).unwrap();
        assert_eq!(
            place_label(g.as_ref(), Place::Stock, false),
            "Stock, 22 cards"
        );
        assert_ne!(before, place_label(g.as_ref(), Place::Stock, false));
        let waste = place_label(g.as_ref(), Place::Waste, false);
        assert!(waste.starts_with("Waste, 2 cards, top "), "{waste}");
    }
}
