//! The one table of the game's keys. `zodiac --help`, the Rules panel and the README list it,
//! and the window's keyboard input looks keys up in it, so the four can never disagree.

use std::fmt::Write;

/// What a key does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyCommand {
    Undo,
    Redo,
    /// Turn a card from the stock (or the waste over); with a place selected, Space picks up or
    /// puts down like Enter.
    Turn,
    Hint,
    /// Play the solver's line to the win (or stop it).
    ShowMe,
    NewGame,
    Restart,
    /// Move the keyboard selection: -1 back, +1 forward.
    Select(i8),
    /// Move the focus round the buttons (the bar's, or the open panel's): -1 back, +1 forward.
    Button(i8),
    PickOrDrop,
    Inspect,
    Close,
    Fullscreen,
    Quit,
}

/// One line of the table: the chords (as a player types them) and what they do.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    pub chords: &'static [&'static str],
    pub command: KeyCommand,
    pub what: &'static str,
}

/// Every key the game knows, in the order the help lists them.
pub const KEYS: &[Binding] = &[
    Binding {
        chords: &["Ctrl+Z"],
        command: KeyCommand::Undo,
        what: "undo",
    },
    Binding {
        chords: &["Ctrl+Y", "Ctrl+Shift+Z"],
        command: KeyCommand::Redo,
        what: "redo",
    },
    Binding {
        chords: &["Space", "D"],
        command: KeyCommand::Turn,
        what: "turn the stock",
    },
    Binding {
        chords: &["H"],
        command: KeyCommand::Hint,
        what: "hint",
    },
    Binding {
        chords: &["S"],
        command: KeyCommand::ShowMe,
        what: "show me the win (any key or click stops it)",
    },
    Binding {
        chords: &["N"],
        command: KeyCommand::NewGame,
        what: "new game",
    },
    Binding {
        chords: &["Ctrl+R"],
        command: KeyCommand::Restart,
        what: "restart",
    },
    Binding {
        chords: &["Left", "Up"],
        command: KeyCommand::Select(-1),
        what: "select the previous place",
    },
    Binding {
        chords: &["Right", "Down"],
        command: KeyCommand::Select(1),
        what: "select the next place",
    },
    Binding {
        chords: &["Tab"],
        command: KeyCommand::Button(1),
        what: "focus the next button (Enter or Space presses it)",
    },
    Binding {
        chords: &["Shift+Tab"],
        command: KeyCommand::Button(-1),
        what: "focus the previous button",
    },
    Binding {
        chords: &["Enter"],
        command: KeyCommand::PickOrDrop,
        what: "pick up or put down the selected card (twice: to its best place)",
    },
    Binding {
        chords: &["I"],
        command: KeyCommand::Inspect,
        what: "inspect the selected pile",
    },
    Binding {
        chords: &["Esc"],
        command: KeyCommand::Close,
        what: "close",
    },
    Binding {
        chords: &["F11"],
        command: KeyCommand::Fullscreen,
        what: "fullscreen",
    },
    Binding {
        chords: &["Ctrl+Q"],
        command: KeyCommand::Quit,
        what: "quit",
    },
];

/// The command a chord stands for, if any. A chord is written as in [`KEYS`]: modifiers first
/// (`Ctrl+`, then `Shift+`), then the key's name; case does not matter.
pub fn command_for(chord: &str) -> Option<KeyCommand> {
    KEYS.iter()
        .find(|b| b.chords.iter().any(|c| c.eq_ignore_ascii_case(chord)))
        .map(|b| b.command)
}

/// The whole table on one line per binding: `Ctrl+Y or Ctrl+Shift+Z  redo`.
pub fn lines() -> Vec<(String, &'static str)> {
    KEYS.iter()
        .map(|b| (b.chords.join(" or "), b.what))
        .collect()
}

/// The table as a help text block, each line indented by `indent` spaces.
pub fn help_text(indent: usize) -> String {
    let width = lines().iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    let mut out = String::new();
    for (keys, what) in lines() {
        let _ = writeln!(out, "{:indent$}{keys:width$}  {what}", "");
    }
    out.truncate(out.trim_end().len());
    out
}

/// The table as one paragraph: `Ctrl+Z undo · Ctrl+Y or Ctrl+Shift+Z redo · …`.
pub fn one_line() -> String {
    lines()
        .iter()
        .map(|(keys, what)| format!("{keys} {what}"))
        .collect::<Vec<_>>()
        .join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_chord_means_one_thing() {
        let mut seen = std::collections::HashMap::new();
        for b in KEYS {
            for c in b.chords {
                let key = c.to_ascii_lowercase();
                assert!(seen.insert(key, b.command).is_none(), "{c} is bound twice");
                assert_eq!(command_for(c), Some(b.command));
            }
        }
        assert_eq!(command_for("ctrl+shift+z"), Some(KeyCommand::Redo));
        assert_eq!(command_for("Ctrl+D"), None);
        assert_eq!(command_for("X"), None);
    }

    #[test]
    fn the_help_lists_every_binding() {
        let help = help_text(4);
        let line = one_line();
        for b in KEYS {
            for c in b.chords {
                assert!(help.contains(c), "{c} missing from the help");
                assert!(line.contains(c), "{c} missing from the one-line list");
            }
            assert!(help.contains(b.what));
        }
        assert_eq!(help.lines().count(), KEYS.len());
    }

    /// The README's Keys paragraph is this table, word for word (wrapped as Markdown likes).
    #[test]
    fn the_readme_lists_the_same_keys() {
        let readme = include_str!("../README.md");
        let flat = readme.split_whitespace().collect::<Vec<_>>().join(" ");
        let wanted = format!("**Keys**: {}.", one_line());
        assert!(
            flat.contains(&wanted),
            "README.md must say, under Playing:\n{wanted}"
        );
    }
}
