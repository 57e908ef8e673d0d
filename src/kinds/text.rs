//! A patience written as a file in words: its places' names and letters, the notation of its
//! moves, and the table as `zodiac show` prints it.

use super::compiled::Compiled;
use super::file::Kind;
use super::position::{DOWN, Position, card};
use crate::patience::Place;

/// A place's letter in the notation and its number, if it has one.
pub fn token(place: Place) -> (char, Option<u8>) {
    match place {
        Place::Stock => ('s', None),
        Place::Waste => ('w', None),
        Place::Foundation(n) => ('f', Some(n)),
        Place::Cell(n) => ('r', Some(n)),
        Place::Pile(n) => ('p', Some(n)),
        Place::Column(n) => ('c', Some(n)),
    }
}

/// The place a token names (`c3`, `w`), whether or not a patience has it.
pub fn place_of(text: &str) -> Option<Place> {
    let (letter, n) = crate::cards::notation::place_token(text)?;
    Some(match (letter, n) {
        ('s', None) => Place::Stock,
        ('w', None) => Place::Waste,
        ('f', Some(n)) => Place::Foundation(n),
        ('r', Some(n)) => Place::Cell(n),
        ('p', Some(n)) => Place::Pile(n),
        ('c', Some(n)) => Place::Column(n),
        _ => return None,
    })
}

/// A pile in a player's words: "column c3", "reserve r12", "waste".
pub fn pile_name(rules: &Compiled, pile: u8) -> String {
    let p = &rules.piles[usize::from(pile)];
    let group = &rules.file.groups[usize::from(p.group)];
    let name = group.called.as_ref().unwrap_or(&group.name);
    match token(p.place) {
        (_, None) => name.clone(),
        (letter, Some(n)) => format!("{name} {letter}{n}"),
    }
}

/// The table as `zodiac show` prints it: a line a pile, cards bottom to top, face-down ones in
/// parentheses; the stock from its next card on.
pub fn show(rules: &Compiled, p: &Position) -> String {
    let mut out = String::new();
    for pile in 0..rules.piles.len() as u8 {
        out += &pile_name(rules, pile);
        out.push(':');
        let cards: Vec<u8> = if rules.piles[usize::from(pile)].kind == Kind::Stock {
            p.pile(pile).iter().rev().map(|&b| b & !DOWN).collect()
        } else {
            p.pile(pile).to_vec()
        };
        for b in cards {
            if b & DOWN != 0 {
                out += &format!(" ({})", card(b));
            } else {
                out += &format!(" {}", card(b));
            }
        }
        out.push('\n');
    }
    out
}
