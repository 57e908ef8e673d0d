//! The proof of the files' engine: Klondike and FreeCell written as files (`assets/patiences/
//! proofs/`) played side by side with the hand-written Klondike and FreeCell, from random
//! deals by random moves; the deal, the legal moves, the table and the status must agree after
//! every move.

use crate::cards::DealNumber;
use crate::freecell::patience::FreeCell;
use crate::kinds::patience::Kinds;
use crate::klondike::patience::Klondike;
use crate::patience::{Move, Played, Rules, Status, Table};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Random games of each rule set: five rule sets, 10,000 games in all.
const GAMES: usize = 2_000;
/// Moves a random game plays at most.
const LONGEST: usize = 200;

fn moves<R: Table>(game: &Played<R>) -> Vec<Move> {
    let mut all = R::moves(game);
    all.sort_by_key(|m| format!("{m:?}"));
    all
}

/// The hand-written game and the file's agree: every place's cards, the legal moves, the
/// status.
fn agree<R: Table>(hand: &Played<R>, file: &Played<Kinds>, what: &str) {
    let places = R::places(hand);
    let mut theirs = <Kinds as Table>::places(file);
    let mut ours = places.clone();
    theirs.sort();
    ours.sort();
    assert_eq!(ours, theirs, "{what}: the places");
    for place in places {
        assert_eq!(
            R::cards(hand, place),
            <Kinds as Table>::cards(file, place),
            "{what}: the cards of {place:?}"
        );
    }
    assert_eq!(moves(hand), moves(file), "{what}: the legal moves");
    assert_eq!(
        R::status(hand.rules(), hand.position()),
        Kinds::status(file.rules(), file.position()),
        "{what}: the status"
    );
}

fn side_by_side<R: Table>(hand_set: &str, file: &str, seed: u64) -> usize {
    let set = R::by_name_or_path(hand_set).unwrap();
    let text = crate::kinds::PROOFS
        .iter()
        .find(|(name, _)| *name == file)
        .unwrap()
        .1;
    let file_set = crate::kinds::parse(file, text).unwrap().file;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut played = 0;
    for _ in 0..GAMES {
        // Deals from both shuffles: PySolFC's LCG below 32000, the Mersenne Twister above.
        let n = if rng.random_bool(0.5) {
            rng.random_range(1..32_000)
        } else {
            rng.random_range(32_000..1_000_000_000_000)
        };
        let deal = DealNumber::new(n).unwrap();
        let mut hand = Played::<R>::new(set.clone(), deal);
        let mut ours = Played::<Kinds>::new(file_set.clone(), deal);
        let what = format!("{file} deal {n}");
        agree(&hand, &ours, &what);
        for step in 0..LONGEST {
            let legal = moves(&hand);
            if legal.is_empty() || R::status(hand.rules(), hand.position()) == Status::Won {
                break;
            }
            let m = legal[rng.random_range(0..legal.len())];
            let what = format!("{what}, move {step} {m:?}");
            if let Err(e) = hand.play(R::from_neutral(m).unwrap()) {
                panic!("{what}: its own rules refuse it: {e}");
            }
            ours.play(Kinds::from_neutral(m).unwrap())
                .unwrap_or_else(|e| panic!("{what}: the file refuses it: {e}"));
            agree(&hand, &ours, &what);
            played += 1;
        }
    }
    played
}

#[test]
fn klondike_written_as_a_file_plays_as_klondike() {
    let a = side_by_side::<Klondike>("single-pass", "klondike", 1);
    let b = side_by_side::<Klondike>("unlimited", "klondike-unlimited", 2);
    let c = side_by_side::<Klondike>("draw-three", "klondike-draw-three", 3);
    println!("moves compared: {a} {b} {c}");
}

#[test]
fn freecell_written_as_a_file_plays_as_freecell() {
    let a = side_by_side::<FreeCell>("freecell", "freecell", 4);
    let b = side_by_side::<FreeCell>("bakers-game", "bakers-game", 5);
    println!("moves compared: {a} {b}");
}
