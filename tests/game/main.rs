//! The game as a player meets it: the command line as a program, the window's input through
//! Bevy's picking pipeline (headless, real cursor and button messages), and the real binary in
//! a virtual X display driven by xdotool. One test binary, so Bevy is linked once.

mod access;
mod asleep;
mod at_table;
mod cli;
mod daily;
mod decks;
mod e2e;
mod files;
mod freecell;
mod harness;
mod hud;
mod input;
mod klondike;
mod no_stock;
mod screen_reader;
mod trust;
