//! Positions made by hand for the solver's tests, each where a pruning rule is easy to get
//! wrong: won positions a rule broken on purpose (`Mutant`) calls lost, and lost ones only a
//! rule proves at once. Each comment says what the position is and what it catches.

use crate::kinds::Position;
use crate::kinds::compiled::Compiled;
use crate::kinds::position::DOWN;

/// A small patience with cards coming back from its foundations (built up by suit from the
/// Ace) onto five piles built down in alternate colours, whose empty piles take nothing. Every
/// other card home: ♣ A-4, ♠ A-K, ♥ A-4, ♦ A; piles K♣..5♣ 5♦ 2♦ (face down) 3♦; 5♥;
/// K♦..6♦ (down) 4♦; K♥..7♥ (down) 6♥. 5♥ may go home, and every card that could lie on it
/// (the black Fours) is home; yet the only win takes 4♣ back onto it, for 3♦ to free 2♦. A
/// card that may come back is not safe home for that.
pub(super) fn five_of_hearts_holds_four_of_clubs() -> (&'static Compiled, Position) {
    let text = "(name: \"back\", title: \"Back\", summary: \"\", rules: \"\", \
        groups: [(name: \"home\", kind: Foundation, count: Some(4), suits: Some(\"CSHD\"), \
        moves: Some(One)), (name: \"piles\", kind: Tableau, count: Some(5), \
        build: Some(AlternateColour), empty: Some(Nothing))], \
        deal: (steps: [Row(group: \"piles\"), Row(group: \"piles\"), Row(group: \"piles\"), \
        Row(group: \"piles\"), Row(group: \"piles\"), Row(group: \"piles\"), \
        Row(group: \"piles\"), Row(group: \"piles\"), Row(group: \"piles\"), \
        Row(group: \"piles\"), Row(group: \"piles\", last: Some(2))]), \
        layout: [(groups: [(group: \"home\")]), (groups: [(group: \"piles\")])])";
    let rules: &'static Compiled =
        Box::leak(Box::new(crate::kinds::parse("back.ron", text).unwrap()));
    let card = |suit: u8, rank: u8| suit * 13 + rank - 1;
    let (clubs, spades, hearts, diamonds) = (0, 1, 2, 3);
    let down = crate::kinds::position::DOWN;
    let mut p = Position::empty(rules.piles.len());
    let mut lay = |pile: u8, cards: Vec<u8>| {
        for b in cards {
            p.push(pile, b);
        }
    };
    let run = |suit: u8, top: u8| -> Vec<u8> { (1..=top).map(|r| card(suit, r)).collect() };
    // From the King down to `last`, face down.
    let hidden = |suit: u8, last: u8| -> Vec<u8> {
        (last..=13).rev().map(|r| card(suit, r) | down).collect()
    };
    lay(0, run(clubs, 4));
    lay(1, run(spades, 13));
    lay(2, run(hearts, 4));
    lay(3, run(diamonds, 1));
    let mut first = hidden(clubs, 5);
    first.extend([
        card(diamonds, 5) | down,
        card(diamonds, 2) | down,
        card(diamonds, 3),
    ]);
    lay(4, first);
    lay(5, vec![card(hearts, 5)]);
    let mut third = hidden(diamonds, 6);
    third.push(card(diamonds, 4));
    lay(6, third);
    let mut fourth = hidden(hearts, 7);
    fourth.push(card(hearts, 6));
    lay(7, fourth);
    (rules, p)
}

/// Foundations, a stock turning three cards at a time with one redeal, and a waste; every
/// card home but K♣ on the waste and, to be turned, K♠ Q♦ K♦. K♣ may go home, and nothing
/// is ever built on it; yet only with K♣ still there does the redeal's first three bring Q♦
/// to the top (K♣ K♠ Q♦ | K♦): without it, K♦ tops both passes. A waste card goes home at
/// once only where the stock turns one card at a time.
fn king_of_clubs_keeps_the_threes() -> (&'static Compiled, Position) {
    let text = "(name: \"threes\", title: \"Threes\", summary: \"\", rules: \"\", \
        groups: [(name: \"home\", kind: Foundation, count: Some(4), suits: Some(\"CSHD\")), \
        (name: \"stock\", kind: Stock, deals: Some(ToWaste(3)), rounds: Some(Times(2))), \
        (name: \"waste\", kind: Waste)], deal: (steps: []), \
        layout: [(groups: [(group: \"home\")]), (groups: [(group: \"stock\"), (group: \"waste\")])])";
    let rules: &'static Compiled =
        Box::leak(Box::new(crate::kinds::parse("threes.ron", text).unwrap()));
    let card = |suit: u8, rank: u8| suit * 13 + rank - 1;
    let down = crate::kinds::position::DOWN;
    let mut p = Position::empty(rules.piles.len());
    home_up_to(&mut p, [12, 12, 13, 11]);
    // The stock's top card is turned first: K♠, then Q♦, then K♦.
    for b in [card(3, 13), card(3, 12), card(1, 13)] {
        p.push(4, b | down);
    }
    p.push(5, card(0, 13));
    (rules, p)
}

/// A reserve that gives its top card to two empty piles (which take nothing else), a stock
/// that deals a card to each pile in turn, foundations that take from the piles only; every
/// card home but ♣ 10-K: J♣ K♣ on the reserve, 10♣ and then Q♣ to be dealt. K♣ to the first
/// pile loses (10♣ comes on it, and Q♣ on J♣); K♣ to the second wins (J♣ 10♣ | K♣ Q♣). The
/// piles are not alike while the stock deals to them in order.
fn king_of_clubs_to_the_second_pile() -> (&'static Compiled, Position) {
    let text = "(name: \"turns\", title: \"Turns\", summary: \"\", rules: \"\", \
        groups: [(name: \"home\", kind: Foundation, count: Some(4), suits: Some(\"CSHD\"), \
        from: Some([\"piles\"])), (name: \"reserve\", kind: Tableau, shown: Some(Squared), \
        build: Some(Nothing), takes: Some(Nothing), moves: Some(One)), (name: \"piles\", \
        kind: Tableau, count: Some(2), build: Some(Nothing), takes: Some(One), \
        from: Some([\"reserve\"])), (name: \"stock\", kind: Stock, deals: Some(ToEach(\"piles\")))], \
        deal: (steps: []), layout: [(groups: [(group: \"home\")]), (groups: [(group: \"reserve\"), \
        (group: \"piles\"), (group: \"stock\")])])";
    let rules: &'static Compiled =
        Box::leak(Box::new(crate::kinds::parse("turns.ron", text).unwrap()));
    let card = |suit: u8, rank: u8| suit * 13 + rank - 1;
    let down = crate::kinds::position::DOWN;
    let mut p = Position::empty(rules.piles.len());
    home_up_to(&mut p, [9, 13, 13, 13]);
    p.push(4, card(0, 11));
    p.push(4, card(0, 13));
    // The stock's top card is dealt first: 10♣ to the first pile, Q♣ to the second.
    p.push(7, card(0, 12) | down);
    p.push(7, card(0, 10) | down);
    (rules, p)
}

/// Three piles built down in alternate colours, a card at a time, an empty one taking any
/// card; foundations that give nothing back, every card home but ♥ 2-K: 2♥ under 3♥, and
/// K♥..6♥ under 4♥. 3♥ waits to go home for the 2♥ under it, and every black Four it could
/// lie on is home; yet the third pile, empty, takes it (`space`), and then every heart goes
/// home. With 5♥ there instead, no card can ever move (rule 9: lost at once).
pub(super) fn three_of_hearts_waits_for_a_space(space: bool) -> (&'static Compiled, Position) {
    let text = "(name: \"space\", title: \"Space\", summary: \"\", rules: \"\", \
        groups: [(name: \"home\", kind: Foundation, count: Some(4), suits: Some(\"CSHD\")), \
        (name: \"piles\", kind: Tableau, count: Some(3), build: Some(AlternateColour), \
        moves: Some(One))], deal: (steps: [{}Row(group: \"piles\", last: Some(1))]), \
        layout: [(groups: [(group: \"home\")]), (groups: [(group: \"piles\")])])";
    let text = text.replace("{}", &"Row(group: \"piles\"), ".repeat(17));
    let rules: &'static Compiled =
        Box::leak(Box::new(crate::kinds::parse("space.ron", &text).unwrap()));
    let heart = |rank: u8| 2 * 13 + rank - 1;
    let mut p = Position::empty(rules.piles.len());
    home_up_to(&mut p, [13, 13, 1, 13]);
    p.push(4, heart(2));
    p.push(4, heart(3));
    for r in (6..=13).rev() {
        p.push(5, heart(r));
    }
    if space {
        p.push(5, heart(5));
    } else {
        p.push(6, heart(5));
    }
    p.push(5, heart(4));
    (rules, p)
}

/// Four piles built down in alternate colours that move runs, empty ones taking nothing;
/// foundations that give nothing back, holding ♣ A-K, ♠ A-3, ♥ A and no ♦: 3♥ on 4♠ on 2♥,
/// K♥..5♥, 4♥, K♠..5♠ and every ♦ home. 3♥ waits for the 2♥ under it, and every black Four
/// it could lie on is home or under it; yet the run 4♠ 3♥ goes onto 5♥, and then every card
/// home: a run from below carries a card off.
fn three_of_hearts_rides_on_four_of_spades() -> (&'static Compiled, Position) {
    let text = "(name: \"ride\", title: \"Ride\", summary: \"\", rules: \"\", \
        groups: [(name: \"home\", kind: Foundation, count: Some(4), suits: Some(\"CSHD\")), \
        (name: \"piles\", kind: Tableau, count: Some(4), build: Some(AlternateColour), \
        empty: Some(Nothing))], deal: (steps: [{}]), \
        layout: [(groups: [(group: \"home\")]), (groups: [(group: \"piles\")])])";
    let text = text.replace("{}", &"Row(group: \"piles\"), ".repeat(13));
    let rules: &'static Compiled =
        Box::leak(Box::new(crate::kinds::parse("ride.ron", &text).unwrap()));
    let card = |suit: u8, rank: u8| suit * 13 + rank - 1;
    let (spades, hearts) = (1, 2);
    let mut p = Position::empty(rules.piles.len());
    home_up_to(&mut p, [13, 3, 1, 13]);
    for b in [card(hearts, 2), card(spades, 4), card(hearts, 3)] {
        p.push(4, b);
    }
    for r in (5..=13).rev() {
        p.push(5, card(hearts, r));
        p.push(7, card(spades, r));
    }
    p.push(6, card(hearts, 4));
    (rules, p)
}

/// As "ride", K♥..5♥, K♣..5♣ under 4♥, K♠..5♠, and 4♣ 2♥ 4♠ 3♥ with the 3♥ face down under
/// K♦; ♣ and ♠ home to the Three, ♥ to the Ace, ♦ to the Queen. The K♦ goes home, the 3♥ is
/// turned up, and the run 4♠ 3♥ goes onto 5♥: then every card home. Both black Fours lie under
/// the 3♥, so a looser game (rule 10) that carries nothing off under a run, or nothing under a
/// card face down now, calls it lost.
fn three_of_hearts_rides_face_down() -> (&'static Compiled, Position) {
    let (rules, _) = three_of_hearts_rides_on_four_of_spades();
    let card = |suit: u8, rank: u8| suit * 13 + rank - 1;
    let (clubs, spades, hearts, diamonds) = (0, 1, 2, 3);
    let mut p = Position::empty(rules.piles.len());
    home_up_to(&mut p, [3, 3, 1, 12]);
    for b in [
        card(clubs, 4),
        card(hearts, 2),
        card(spades, 4),
        card(hearts, 3) | DOWN,
        card(diamonds, 13),
    ] {
        p.push(4, b);
    }
    for r in (5..=13).rev() {
        p.push(5, card(hearts, r));
        p.push(7, card(spades, r));
    }
    for r in (5..=13).rev() {
        p.push(6, card(clubs, r));
    }
    p.push(6, card(hearts, 4));
    (rules, p)
}

/// A stock turning three cards at a time, without end, and nothing but home for its cards:
/// every card home but ♠6-K; the waste 7♠ 6♠, the stock turning 10♠ 9♠ 8♠, then K♠ Q♠ J♠.
/// The 6♠ and the 7♠ go home from the waste, then the turns bring up each card in order. A
/// looser game (rule 10) that reaches only the places a later round's turns bring up (the 10♠,
/// the K♠, the J♠) calls it lost.
fn six_of_spades_on_top_of_the_waste() -> (&'static Compiled, Position) {
    let text = "(name: \"reach\", title: \"Reach\", summary: \"\", rules: \"\", \
        groups: [(name: \"home\", kind: Foundation, count: Some(4), suits: Some(\"CSHD\")), \
        (name: \"piles\", kind: Tableau, count: Some(4), build: Some(Nothing), \
        takes: Some(Nothing), moves: Some(One), empty: Some(Nothing)), \
        (name: \"stock\", kind: Stock, deals: Some(ToWaste(3)), rounds: Some(WithoutEnd)), \
        (name: \"waste\", kind: Waste)], deal: (steps: [{}]), \
        layout: [(groups: [(group: \"home\")]), (groups: [(group: \"piles\")]), \
        (groups: [(group: \"stock\"), (group: \"waste\")])])";
    let text = text.replace("{}", &"Row(group: \"piles\"), ".repeat(13));
    let rules: &'static Compiled =
        Box::leak(Box::new(crate::kinds::parse("reach.ron", &text).unwrap()));
    let spade = |rank: u8| 13 + rank - 1;
    let mut p = Position::empty(rules.piles.len());
    home_up_to(&mut p, [13, 5, 13, 13]);
    let (stock, waste) = (rules.stock.unwrap(), rules.waste.unwrap());
    for r in [7, 6] {
        p.push(waste, spade(r));
    }
    for r in [11, 12, 13, 8, 9, 10] {
        p.push(stock, spade(r) | DOWN);
    }
    (rules, p)
}

/// Six piles built down in alternate colours, moving `moves`, an empty one taking `empty`
/// (rule 10's seats, `prune/seats.rs`); foundations that give nothing back.
fn seats_file(name: &str, moves: &str, empty: &str) -> &'static Compiled {
    let text = "(name: \"NAME\", title: \"Seats\", summary: \"\", rules: \"\", \
        groups: [(name: \"home\", kind: Foundation, count: Some(4), suits: Some(\"CSHD\")), \
        (name: \"piles\", kind: Tableau, count: Some(6), build: Some(AlternateColour), \
        moves: Some(MOVES), empty: Some(EMPTY))], \
        deal: (steps: [{}Row(group: \"piles\", last: Some(4))]), \
        layout: [(groups: [(group: \"home\")]), (groups: [(group: \"piles\")])])";
    let text = text
        .replace("{}", &"Row(group: \"piles\"), ".repeat(8))
        .replace("NAME", name)
        .replace("MOVES", moves)
        .replace("EMPTY", empty);
    Box::leak(Box::new(crate::kinds::parse("seats.ron", &text).unwrap()))
}

/// Pushes onto pile `i` the cards named by (suit, rank), bottom first, face up.
fn lay(p: &mut Position, i: u8, cards: &[(u8, u8)]) {
    for &(suit, rank) in cards {
        p.push(i, suit * 13 + rank - 1);
    }
}

/// ♣ and ♠ home to the Four, ♥ and ♦ to the Six; 8♣ 8♠ 5♣ 7♥ 5♠ 6♣; K♦..7♦ 6♠; K♣..9♣ 7♣;
/// K♥..8♥; K♠..9♠ 7♠; runs move, empty piles take nothing. The 6♣ needs a red Seven: the 7♥
/// lies under it, and on the 7♦ sits the 6♠, which leaves it only to go home after the 5♠
/// under the 6♣. The run 7♦ 6♠ could go home in a looser game that forgets it, or onto a
/// black Eight, both buried: lost, by rule 10 only with its seats (rule 9 finds nothing: the
/// run from the 7♦ carries the 6♠).
pub(super) fn six_of_spades_keeps_the_seven_of_diamonds() -> (&'static Compiled, Position) {
    let rules = seats_file("keeps", "Run", "Nothing");
    let (c, s, h, d) = (0, 1, 2, 3);
    let mut p = Position::empty(rules.piles.len());
    home_up_to(&mut p, [4, 4, 6, 6]);
    lay(&mut p, 4, &[(c, 8), (s, 8), (c, 5), (h, 7), (s, 5), (c, 6)]);
    lay(
        &mut p,
        5,
        &[
            (d, 13),
            (d, 12),
            (d, 11),
            (d, 10),
            (d, 9),
            (d, 8),
            (d, 7),
            (s, 6),
        ],
    );
    lay(
        &mut p,
        6,
        &[(c, 13), (c, 12), (c, 11), (c, 10), (c, 9), (c, 7)],
    );
    lay(
        &mut p,
        7,
        &[(h, 13), (h, 12), (h, 11), (h, 10), (h, 9), (h, 8)],
    );
    lay(
        &mut p,
        8,
        &[(s, 13), (s, 12), (s, 11), (s, 10), (s, 9), (s, 7)],
    );
    (rules, p)
}

/// ♣ home to the Four, ♥ to the Six, ♠ and ♦ all; 8♣ 5♣ 7♥ 6♣; K♣..9♣ 7♣; K♥..8♥; empty piles
/// take Sixes only. The 6♣ lies on the 7♥ and waits for the 5♣ under it; it goes into an
/// empty pile, the 7♥ goes home, then every card. A looser game (rule 10) that seats the 6♣
/// on the 7♥ though a space takes it pins the 7♥ there: lost.
fn six_of_clubs_takes_the_space() -> (&'static Compiled, Position) {
    let rules = seats_file("space-six", "One", "Rank(6)");
    let (c, h) = (0, 2);
    let mut p = Position::empty(rules.piles.len());
    home_up_to(&mut p, [4, 13, 6, 13]);
    lay(&mut p, 4, &[(c, 8), (c, 5), (h, 7), (c, 6)]);
    lay(
        &mut p,
        6,
        &[(c, 13), (c, 12), (c, 11), (c, 10), (c, 9), (c, 7)],
    );
    lay(
        &mut p,
        7,
        &[(h, 13), (h, 12), (h, 11), (h, 10), (h, 9), (h, 8)],
    );
    (rules, p)
}

/// As "space-six" with empty piles taking nothing, ♦ home to the Six and K♦..7♦ in a pile: the
/// 6♣ moves onto the 7♦, the 7♥ goes home, then every card. A looser game (rule 10) whose
/// seated cards never move to another parent pins the 7♥ under the 6♣: lost.
fn six_of_clubs_moves_to_the_seven_of_diamonds() -> (&'static Compiled, Position) {
    let rules = seats_file("move-six", "One", "Nothing");
    let (c, h, d) = (0, 2, 3);
    let mut p = Position::empty(rules.piles.len());
    home_up_to(&mut p, [4, 13, 6, 6]);
    lay(&mut p, 4, &[(c, 8), (c, 5), (h, 7), (c, 6)]);
    lay(
        &mut p,
        5,
        &[(d, 13), (d, 12), (d, 11), (d, 10), (d, 9), (d, 8), (d, 7)],
    );
    lay(
        &mut p,
        6,
        &[(c, 13), (c, 12), (c, 11), (c, 10), (c, 9), (c, 7)],
    );
    lay(
        &mut p,
        7,
        &[(h, 13), (h, 12), (h, 11), (h, 10), (h, 9), (h, 8)],
    );
    (rules, p)
}

/// Piles 0-3, the foundations of ♣ ♠ ♥ ♦, built from the Ace up to these ranks.
fn home_up_to(p: &mut Position, tops: [u8; 4]) {
    for (suit, top) in (0..4u8).zip(tops) {
        for r in 1..=top {
            p.push(suit, suit * 13 + r - 1);
        }
    }
}

/// The positions made by hand where a rule is easy to get wrong.
pub(super) fn delicate() -> Vec<(&'static Compiled, Position)> {
    vec![
        five_of_hearts_holds_four_of_clubs(),
        king_of_clubs_keeps_the_threes(),
        king_of_clubs_to_the_second_pile(),
        three_of_hearts_waits_for_a_space(true),
        three_of_hearts_rides_on_four_of_spades(),
        three_of_hearts_rides_face_down(),
        six_of_spades_on_top_of_the_waste(),
        six_of_clubs_takes_the_space(),
        six_of_clubs_moves_to_the_seven_of_diamonds(),
    ]
}
