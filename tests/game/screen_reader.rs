//! A screen reader's view of the real window: the game runs under Xvfb in a D-Bus session with
//! the AT-SPI bus enabled (Debian's at-spi2-core), and `tests/atspi/screen_reader.py` reads its
//! accessibility tree through pyatspi as Orca would: the application, the buttons and the
//! places by their labels, the focus following the keyboard's selection, a move announced.

use crate::e2e::{Killed, Running, have, scratch, start_x, wait_until};
use std::io::BufRead;
use std::process::{Command, Stdio};
use std::time::Duration;

/// A D-Bus session bus of the test's own, stopped when dropped.
struct SessionBus {
    _daemon: Killed,
    address: String,
}

impl SessionBus {
    fn start() -> SessionBus {
        let mut child = Command::new("dbus-daemon")
            .args(["--session", "--nofork", "--print-address=1"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("dbus-daemon starts");
        let mut address = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut address)
            .expect("dbus-daemon says its address");
        SessionBus {
            _daemon: Killed(child),
            address: address.trim().to_string(),
        }
    }

    /// Turns the screen reader on, as Orca does when it starts: the AT-SPI bus (started on
    /// demand by at-spi-bus-launcher) then serves every application that asks.
    fn enable_screen_reader(&self, display: &str) {
        let status = Command::new("dbus-send")
            .args([
                "--session",
                "--print-reply",
                "--dest=org.a11y.Bus",
                "/org/a11y/bus",
                "org.freedesktop.DBus.Properties.Set",
                "string:org.a11y.Status",
                "string:ScreenReaderEnabled",
                "variant:boolean:true",
            ])
            .env("DBUS_SESSION_BUS_ADDRESS", &self.address)
            .env("DISPLAY", display)
            .stdout(Stdio::null())
            .status()
            .expect("dbus-send runs");
        assert!(status.success(), "the AT-SPI bus did not start");
    }
}

#[test]
fn a_screen_reader_finds_the_places_follows_the_focus_and_hears_a_move() {
    read_aloud(
        "klondike",
        &[
            "ok application",
            "ok buttons: New, Undo, Redo, Hint, Show me, Settings",
            "ok places: Stock, 23 cards; Waste, 1 card, top 4♥; Column c0: Q♥",
            "ok focus: Stock, 23 cards",
            "ok focus: Waste, 1 card, top 4♥",
            "ok announced: Turned A♣ onto the waste.",
            "ok label: Stock, 22 cards",
        ],
    );
}

/// FreeCell through the same reader: the free cells' labels, the focus going round the cells
/// and foundations to the columns, and a card sent to a free cell by the keyboard, said.
#[test]
fn a_screen_reader_reads_freecells_free_cells() {
    read_aloud(
        "freecell",
        &[
            "ok application",
            "ok places: Free cell r0, empty; Free cell r3, empty; Column c0: J♦, K♦, 2♠, 4♣, 3♠, 6♦, 6♠",
            "ok focus: Free cell r0, empty",
            "ok focus: Column c0: J♦, K♦, 2♠, 4♣, 3♠, 6♦, 6♠",
            "ok announced: 6♠ from column c0 to free cell r0. Column c0 now shows 6♦.",
            "ok label: Free cell r0: 6♠",
        ],
    );
}

/// Runs `tests/atspi/screen_reader.py`'s scenario for `patience` against the real window on
/// deal 1, and checks it said each of `lines` (each the start of a line it printed).
fn read_aloud(patience: &str, lines: &[&str]) {
    let test = format!("a_screen_reader_reads_{patience}");
    let missing: Vec<&str> = [
        "dbus-daemon",
        "dbus-send",
        "/usr/libexec/at-spi-bus-launcher",
    ]
    .into_iter()
    .filter(|p| !have(p))
    .collect();
    let pyatspi = Command::new("/usr/bin/python3")
        .args(["-c", "import pyatspi"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !missing.is_empty() || !pyatspi {
        let why = format!(
            "{test}: {} missing (scripts/setup-debian --test installs them)",
            if pyatspi {
                missing.join(", ")
            } else {
                "python3-pyatspi".into()
            }
        );
        assert!(std::env::var("CI").as_deref() != Ok("true"), "{why}");
        eprintln!("SKIPPED {why}");
        return;
    }
    let Some(x) = start_x(&test) else {
        return;
    };
    let bus = SessionBus::start();
    bus.enable_screen_reader(&x.name);
    let data = scratch(&format!("screen-reader-{patience}"));
    let data = data.to_str().unwrap();
    let mut game = Running::start_with(
        &x,
        &format!("screen-reader-{patience}"),
        &["--patience", patience, "--deal", "1", "--data-dir", data],
        &[
            ("DBUS_SESSION_BUS_ADDRESS", &bus.address),
            ("NO_AT_BRIDGE", "0"),
        ],
    );
    game.ready(0);
    let (window, _, _) = game.window();
    let out = std::env::temp_dir().join(format!(
        "zodiac-atspi-{patience}-{}.out",
        std::process::id()
    ));
    let mut reader = Killed(
        Command::new("/usr/bin/python3")
            .arg(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/atspi/screen_reader.py"
            ))
            .arg(&window)
            .arg(patience)
            .env("DISPLAY", &x.name)
            .env("DBUS_SESSION_BUS_ADDRESS", &bus.address)
            .stdout(std::fs::File::create(&out).unwrap())
            .stderr(std::fs::File::create(out.with_extension("err")).unwrap())
            .spawn()
            .expect("python3 runs"),
    );
    // The script has its own deadlines; this one only guards against a hang.
    let status = wait_until(Duration::from_secs(600), || {
        reader.0.try_wait().ok().flatten()
    });
    let said = std::fs::read_to_string(&out).unwrap_or_default()
        + &std::fs::read_to_string(out.with_extension("err")).unwrap_or_default();
    let status = status.unwrap_or_else(|| panic!("the screen reader hung:\n{said}"));
    assert!(status.success(), "the screen reader failed:\n{said}");
    for line in lines {
        assert!(
            said.lines().any(|l| l.starts_with(line)),
            "the screen reader did not say {line:?}:\n{said}"
        );
    }
}
