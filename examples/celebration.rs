//! Opens the real game one card from a win (the Ace of clubs on z4 is all that is left), so the
//! win celebration can be seen and photographed: the card goes home by itself (auto-finish, on
//! by default), or click it. A position, not a deal's replay, so nothing is saved worth keeping:
//! it uses a temporary data directory.
//!
//!     cargo run --example celebration

use bevy::prelude::*;
use zodiac::game::messages::GameChanged;
use zodiac::game::session::Session;
use zodiac::game::{LaunchOptions, window_app};
use zodiac::zodiac::{Card, DealNumber, Game, Position, RuleSet};

fn main() -> AppExit {
    let dir = std::env::temp_dir().join(format!("zodiac-celebration-{}", std::process::id()));
    let options = LaunchOptions {
        patience: None,
        deal: DealNumber::new(1),
        rules: None,
        data_dir: dir,
    };
    let mut app = window_app(options);
    app.add_systems(Startup, one_card_from_a_win);
    app.run()
}

fn one_card_from_a_win(mut session: ResMut<Session>, mut changed: MessageWriter<GameChanged>) {
    let ace = [Card::parse("AC").expect("a card")];
    let mut zodiac: [&[Card]; 24] = [&[]; 24];
    zodiac[4] = &ace;
    let position = Position::from_parts(
        [None; 8],
        zodiac,
        [13, 13, 13, 13, 12, 13, 13, 13],
        &[],
        &[],
    );
    let mut game = Game::from_position(
        RuleSet::default_set(),
        DealNumber::new(1).expect("1 is a deal"),
        position,
    );
    game.elapsed_ms = 754_000;
    *session = Session::new(Box::new(game));
    changed.write(GameChanged::Dealt);
}
