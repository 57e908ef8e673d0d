//! The real binary in a virtual X display, driven by xdotool as a player's hand would: drag the
//! waste card onto the Zodiac pile that takes it, click the stock, quit, and read the saved game.
//!
//! Nothing here waits a fixed time: the game runs with `ZODIAC_PROBE=1` and says on standard
//! output when its table is at rest (`probe: ready moves=N …`), and the tests wait for that.
//! xdotool's events may reach the game all in one frame; the game must take them in order.
//! Skipped, with a message, where no X server can be started, except under CI (`CI=true`),
//! where that is a failure.

use bevy::color::ColorToPacked;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use zodiac::game::theme::Palette;
use zodiac::patience::Layout;
use zodiac::patience::Rules as _;
use zodiac::zodiac::{Game, Move, Place};

pub(crate) struct Killed(pub(crate) Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub(crate) fn have(program: &str) -> bool {
    Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {program}"))
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The end-to-end tests take turns: each starts its own X server and a real renderer, and two
/// at once would race for a display number and share two cores.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// A virtual display for one test, and the turn it holds.
pub(crate) struct Display {
    _server: XServer,
    pub(crate) name: String,
    _turn: std::sync::MutexGuard<'static, ()>,
}

/// An X server for one test. Stopped with SIGTERM, so that it removes its lock file and socket
/// (SIGKILL would leave them, and a few hundred runs would use up every display number).
struct XServer(Child);

impl Drop for XServer {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.0.id().to_string()])
            .status();
        let stopped = wait_until(Duration::from_secs(10), || self.0.try_wait().ok().flatten());
        if stopped.is_none() {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

/// Starts Xvfb on a display it picks itself (`-displayfd`: no race for a number with other
/// servers). None (with a message) if this machine cannot; under CI that is a failure instead,
/// so a missing package never passes as a skipped test.
pub(crate) fn start_x(test: &str) -> Option<Display> {
    let missing: Vec<&str> = ["Xvfb", "xdotool"]
        .into_iter()
        .filter(|p| !have(p))
        .collect();
    if !missing.is_empty() {
        let why = format!(
            "{test}: {} not installed (scripts/setup-debian --test installs them)",
            missing.join(" and ")
        );
        assert!(std::env::var("CI").as_deref() != Ok("true"), "{why}");
        eprintln!("SKIPPED {why}");
        return None;
    }
    let turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut child = Command::new("Xvfb")
        .args([
            "-displayfd",
            "1",
            "-screen",
            "0",
            "1280x800x24",
            "-nolisten",
            "tcp",
            // Without it the server resets whenever its last client leaves (the readiness
            // check below, a game that quit), and a client connecting meanwhile is refused.
            "-noreset",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("Xvfb starts");
    // Xvfb writes the display number it took on the descriptor once it listens.
    let mut number = String::new();
    let stdout = child.stdout.take().expect("Xvfb's standard output");
    std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut number)
        .expect("Xvfb says its display");
    let server = XServer(child);
    let number = number.trim();
    assert!(
        !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()),
        "{test}: Xvfb gave no display number ({number:?})"
    );
    let display = format!(":{number}");
    // Ready when a client can talk to it.
    let ready = wait_until(Duration::from_secs(60), || {
        Command::new("xdotool")
            .arg("getmouselocation")
            .env("DISPLAY", &display)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
            .then_some(())
    });
    assert!(ready.is_some(), "{test}: Xvfb on {display} never answered");
    Some(Display {
        _server: server,
        name: display,
        _turn: turn,
    })
}

/// Polls `check` until it gives an answer, or the timeout (a guard against a hang, not a
/// timing assumption) runs out.
pub(crate) fn wait_until<T>(timeout: Duration, mut check: impl FnMut() -> Option<T>) -> Option<T> {
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(v) = check() {
            return Some(v);
        }
        if Instant::now() >= deadline {
            return None;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn xdotool(display: &str, args: &[&str]) -> String {
    let out = Command::new("xdotool")
        .args(args)
        .env("DISPLAY", display)
        .output()
        .expect("xdotool runs");
    assert!(
        out.status.success(),
        "xdotool {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The real game, its probe lines on standard output going to a file.
pub(crate) struct Running {
    child: Killed,
    out: PathBuf,
    display: String,
    /// The patience asked for on the command line (Zodiac's unless named).
    patience: &'static dyn zodiac::patience::Patience,
}

/// The table at rest, as the probe said.
pub(crate) struct Ready {
    layout: Layout,
}

impl Running {
    pub(crate) fn start(display: &Display, label: &str, args: &[&str]) -> Running {
        Running::start_with(display, label, args, &[])
    }

    /// The game with these variables added to its environment.
    pub(crate) fn start_with(
        display: &Display,
        label: &str,
        args: &[&str],
        env: &[(&str, &str)],
    ) -> Running {
        let base = std::env::temp_dir().join(format!("zodiac-e2e-{label}-{}", std::process::id()));
        let out = base.with_extension("out");
        let log = std::fs::File::create(base.with_extension("log")).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_zodiac"))
            .args(args)
            .env("DISPLAY", &display.name)
            .env("ZODIAC_PROBE", "1")
            .env_remove("WAYLAND_DISPLAY")
            .envs(env.iter().copied())
            .stdout(std::fs::File::create(&out).unwrap())
            .stderr(log)
            .spawn()
            .expect("start zodiac");
        let patience = args
            .windows(2)
            .find(|w| w[0] == "--patience")
            .and_then(|w| zodiac::registry::by_name(w[1]))
            .unwrap_or_else(zodiac::registry::default);
        Running {
            child: Killed(child),
            out,
            display: display.name.clone(),
            patience,
        }
    }

    /// Waits until the game says its table is at rest with `moves` moves played.
    pub(crate) fn ready(&mut self, moves: usize) -> Ready {
        let want = format!("probe: ready moves={moves} ");
        let line = wait_until(Duration::from_secs(180), || {
            if let Ok(Some(status)) = self.child.0.try_wait() {
                panic!("zodiac exited with {status} while we waited for {want:?}");
            }
            let text = std::fs::read_to_string(&self.out).unwrap_or_default();
            text.lines()
                .rev()
                .find(|l| l.starts_with(&want))
                .map(str::to_string)
        })
        .unwrap_or_else(|| {
            let said = std::fs::read_to_string(&self.out).unwrap_or_default();
            let pointer = Command::new("xdotool")
                .arg("getmouselocation")
                .env("DISPLAY", &self.display)
                .output()
                .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
                .unwrap_or_default();
            panic!("the game never said {want:?}; it said:\n{said}the pointer: {pointer}")
        });
        let field = |name: &str| {
            line.split_whitespace()
                .find_map(|w| w.strip_prefix(name))
                .unwrap_or_else(|| panic!("no {name} in {line:?}"))
                .to_string()
        };
        let (w, h) = field("window=")
            .split_once('x')
            .map(|(w, h)| (w.parse().unwrap(), h.parse().unwrap()))
            .unwrap();
        let scale: f32 = field("scale=").parse().unwrap();
        Ready {
            layout: self.patience.layout(w, h, scale),
        }
    }

    /// How many times the game has said its table is at rest.
    fn readies(&self) -> usize {
        std::fs::read_to_string(&self.out)
            .unwrap_or_default()
            .lines()
            .filter(|l| l.starts_with("probe: ready "))
            .count()
    }

    /// Waits until, after the first `seen` readies, the table comes to rest with `moves` moves
    /// played. (A key or a click also says "ready" again once it has been taken, with the moves
    /// unchanged: only the count tells.)
    fn ready_after(&mut self, seen: usize, moves: usize) {
        let want = format!("probe: ready moves={moves} ");
        let found = wait_until(Duration::from_secs(180), || {
            if let Ok(Some(status)) = self.child.0.try_wait() {
                panic!("zodiac exited with {status} while we waited for {want:?}");
            }
            let text = std::fs::read_to_string(&self.out).unwrap_or_default();
            text.lines()
                .filter(|l| l.starts_with("probe: ready "))
                .skip(seen)
                .any(|l| l.starts_with(&want))
                .then_some(())
        });
        assert!(found.is_some(), "the game never said {want:?} again");
    }

    /// Waits until the game prints a line that starts with `prefix`, and gives the line.
    fn said(&mut self, prefix: &str, timeout: Duration) -> String {
        let found = wait_until(timeout, || {
            if let Ok(Some(status)) = self.child.0.try_wait() {
                panic!("zodiac exited with {status} while we waited for {prefix:?}");
            }
            let text = std::fs::read_to_string(&self.out).unwrap_or_default();
            text.lines()
                .find(|l| l.starts_with(prefix))
                .map(str::to_string)
        });
        found.unwrap_or_else(|| {
            let text = std::fs::read_to_string(&self.out).unwrap_or_default();
            panic!("the game never said {prefix:?}; it said:\n{text}")
        })
    }

    /// Waits until the game prints a line that is exactly `line` for the `n`th time.
    fn said_times(&mut self, line: &str, n: usize, timeout: Duration) {
        let found = wait_until(timeout, || {
            let text = std::fs::read_to_string(&self.out).unwrap_or_default();
            (text.lines().filter(|l| *l == line).count() >= n).then_some(())
        });
        if found.is_none() {
            let text = std::fs::read_to_string(&self.out).unwrap_or_default();
            panic!("the game never said {line:?} {n} times; it said:\n{text}");
        }
    }

    /// Types a key into the window.
    fn key(&self, key: &str) {
        let (id, _, _) = self.window();
        xdotool(&self.display, &["windowfocus", "--sync", &id]);
        xdotool(&self.display, &["key", key]);
    }

    /// Waits until the game says its table is at rest in a window of this size.
    fn ready_at_size(&mut self, moves: usize, w: u32, h: u32) -> Ready {
        let want = format!("probe: ready moves={moves} window={w}x{h} ");
        let found = wait_until(Duration::from_secs(180), || {
            if let Ok(Some(status)) = self.child.0.try_wait() {
                panic!("zodiac exited with {status} while we waited for {want:?}");
            }
            let text = std::fs::read_to_string(&self.out).unwrap_or_default();
            text.lines().any(|l| l.starts_with(&want)).then_some(())
        });
        assert!(found.is_some(), "the game never said {want:?}");
        self.ready(moves)
    }

    /// The window's id and where it is on the screen.
    pub(crate) fn window(&self) -> (String, i32, i32) {
        let id = xdotool(&self.display, &["search", "--name", "^Zodiac$"])
            .lines()
            .next()
            .expect("the window is mapped once the game is ready")
            .to_string();
        let geometry = xdotool(&self.display, &["getwindowgeometry", "--shell", &id]);
        let field = |name: &str| -> i32 {
            geometry
                .lines()
                .find_map(|l| l.strip_prefix(&format!("{name}=")))
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or_else(|| panic!("no {name} in {geometry}"))
        };
        (id, field("X"), field("Y"))
    }

    /// Where a place's centre is on the screen.
    fn screen(&self, ready: &Ready, place: Place) -> (String, String) {
        self.screen_at(ready, zodiac::zodiac::patience::to_neutral(place), 0.0)
    }

    /// Where a point `down` logical pixels below a place's first card's centre is on the screen.
    fn screen_at(
        &self,
        ready: &Ready,
        place: zodiac::patience::Place,
        down: f32,
    ) -> (String, String) {
        let (_, wx, wy) = self.window();
        let l = &ready.layout;
        let mut r = l.rect(place);
        r.y -= down;
        (
            ((wx as f32 + r.x + l.width / 2.0).round() as i32).to_string(),
            ((wy as f32 + l.height / 2.0 - r.y).round() as i32).to_string(),
        )
    }

    fn quit_with_ctrl_q(mut self) {
        let (id, _, _) = self.window();
        xdotool(&self.display, &["windowfocus", "--sync", &id]);
        xdotool(&self.display, &["key", "ctrl+q"]);
        let status = wait_until(Duration::from_secs(60), || {
            self.child.0.try_wait().ok().flatten()
        })
        .expect("zodiac quits on Ctrl+Q");
        assert!(status.success(), "zodiac exited with {status}");
        let _ = std::fs::remove_file(&self.out);
    }
}

/// The window shows the felt, the Zodiac track and a card's back in their colours (`probe:
/// pixels felt=R,G,B track=R,G,B card=R,G,B`, from a screenshot): not a blank or black table
/// picture, and the cards are drawn on it.
fn the_table_is_drawn(line: &str) {
    let pixel = |name: &str| -> [u8; 3] {
        let v: Vec<u8> = line
            .split_whitespace()
            .find_map(|w| w.strip_prefix(name))
            .unwrap_or_else(|| panic!("no {name} in {line:?}"))
            .split(',')
            .map(|c| {
                c.parse()
                    .unwrap_or_else(|_| panic!("no colour in {line:?}"))
            })
            .collect();
        [v[0], v[1], v[2]]
    };
    for (name, colour) in [
        ("felt=", Palette::FELT),
        ("track=", Palette::TRACK),
        ("card=", Palette::BACK),
    ] {
        let [r, g, b, _] = colour.to_srgba().to_u8_array();
        let seen = pixel(name);
        let near = seen.iter().zip([r, g, b]).all(|(s, w)| s.abs_diff(w) <= 3);
        assert!(near, "{name} is {seen:?}, not {:?}: {line}", [r, g, b]);
    }
}

fn saved_moves(save: &Path) -> Vec<Move> {
    std::fs::read_to_string(save)
        .ok()
        .and_then(|t| Game::from_ron(&t).ok())
        .map(|g| g.moves().to_vec())
        .unwrap_or_default()
}

pub(crate) fn scratch(label: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("zodiac-e2e-{label}-data-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn the_real_window_plays_drag_and_click_and_saves_them() {
    let Some(x) = start_x("the_real_window_plays_drag_and_click_and_saves_them") else {
        return;
    };
    let dir = scratch("drag");
    let save = dir.join("game.ron");
    let mut game = Running::start(
        &x,
        "drag",
        &["--deal", "1", "--data-dir", dir.to_str().unwrap()],
    );
    let ready = game.ready(0);
    the_table_is_drawn(&game.said("probe: pixels ", Duration::from_secs(180)));
    // A flick: the press, the moves and the release follow each other with no pause at all.
    let (sx, sy) = game.screen(&ready, Place::Waste);
    let (tx, ty) = game.screen(&ready, Place::Zodiac(20));
    xdotool(
        &x.name,
        &[
            "mousemove",
            &sx,
            &sy,
            "mousedown",
            "1",
            "mousemove",
            &tx,
            &ty,
            "mouseup",
            "1",
        ],
    );
    game.ready(1);
    assert_eq!(
        saved_moves(&save),
        vec![Move::WasteToZodiac(20)],
        "the drag"
    );
    let (kx, ky) = game.screen(&ready, Place::Stock);
    xdotool(&x.name, &["mousemove", &kx, &ky, "click", "1"]);
    game.ready(2);
    game.quit_with_ctrl_q();
    assert_eq!(
        saved_moves(&save),
        vec![Move::WasteToZodiac(20), Move::Turn],
        "exactly the drag and the click"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// S plays the solver's line to the win in the real window. The won game stays in the data
/// folder (`zodiac show --game` says it is won) and counts as solved with help.
#[test]
fn show_me_wins_in_the_real_window() {
    let Some(x) = start_x("show_me_wins_in_the_real_window") else {
        return;
    };
    let dir = scratch("show-me");
    animation_off(&dir);
    let data = dir.to_str().unwrap().to_string();
    let mut game = Running::start(&x, "show-me", &["--deal", "1", "--data-dir", &data]);
    game.ready(0);
    game.key("s");
    game.said("probe: finished helped", Duration::from_secs(300));
    game.quit_with_ctrl_q();
    won_with_help(&dir, &dir.join("game.ron"), "cadogan");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A data folder whose settings turn animation off: Show me plays a move a frame (the speed
/// is the player's choice).
fn animation_off(dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(
        dir.join("settings.ron"),
        "(format: \"zodiac-settings\", animation: Off)",
    )
    .unwrap();
}

/// The saved game `save` is won (`zodiac show --game` says so) and the rule set `rules` counts
/// one game won with help, none won or lost alone.
fn won_with_help(dir: &Path, save: &Path, rules: &str) {
    let shown = Command::new(env!("CARGO_BIN_EXE_zodiac"))
        .args(["show", "--game"])
        .arg(save)
        .output()
        .expect("zodiac show runs");
    let text = String::from_utf8_lossy(&shown.stdout);
    assert!(shown.status.success(), "{text}");
    assert!(text.contains("status: won"), "{text}");
    let stats = std::fs::read_to_string(dir.join("statistics.ron")).unwrap();
    let stats: zodiac::profile::Statistics = ron::from_str(&stats).unwrap();
    let counts = stats.for_rules(rules);
    assert_eq!(
        (counts.helped, counts.won, counts.lost),
        (1, 0, 0),
        "{rules}"
    );
}

#[test]
fn a_game_killed_with_sigkill_resumes_where_it_was() {
    let Some(x) = start_x("a_game_killed_with_sigkill_resumes_where_it_was") else {
        return;
    };
    let dir = scratch("kill");
    let data = dir.to_str().unwrap().to_string();
    let save = dir.join("game.ron");
    let mut game = Running::start(&x, "kill", &["--deal", "1", "--data-dir", &data]);
    let ready = game.ready(0);
    // Three clicks as fast as xdotool can make them: 8H goes to z20 by itself, then two turns.
    let (wx, wy) = game.screen(&ready, Place::Waste);
    let (kx, ky) = game.screen(&ready, Place::Stock);
    xdotool(
        &x.name,
        &[
            "mousemove",
            &wx,
            &wy,
            "click",
            "1",
            "mousemove",
            &kx,
            &ky,
            "click",
            "1",
            "click",
            "1",
        ],
    );
    game.ready(3);
    // SIGKILL: no chance to save anything more.
    game.child.0.kill().unwrap();
    game.child.0.wait().unwrap();
    let before = Game::from_ron(&std::fs::read_to_string(&save).unwrap())
        .expect("the save survives SIGKILL");
    assert_eq!(
        before.moves(),
        &[Move::WasteToZodiac(20), Move::Turn, Move::Turn]
    );
    // Start again with no deal: the same game comes back.
    let mut again = Running::start(&x, "kill-again", &["--data-dir", &data]);
    again.ready(3);
    let after = Game::from_ron(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(after.deal(), before.deal());
    assert_eq!(after.moves(), before.moves());
    assert!(after.elapsed_ms >= before.elapsed_ms);
    again.quit_with_ctrl_q();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_window_opens_where_it_was_left() {
    let Some(x) = start_x("the_window_opens_where_it_was_left") else {
        return;
    };
    let dir = scratch("place");
    let data = dir.to_str().unwrap().to_string();
    let mut game = Running::start(&x, "place", &["--deal", "1", "--data-dir", &data]);
    game.ready(0);
    let (id, _, _) = game.window();
    xdotool(&x.name, &["windowsize", &id, "1000", "700"]);
    xdotool(&x.name, &["windowmove", &id, "120", "60"]);
    game.ready_at_size(0, 1000, 700);
    let moved = wait_until(Duration::from_secs(60), || {
        let (_, wx, wy) = game.window();
        (wx == 120 && wy == 60).then_some(())
    });
    assert!(
        moved.is_some(),
        "the window moved to 120,60: {:?}",
        game.window()
    );
    game.quit_with_ctrl_q();
    let mut again = Running::start(&x, "place-again", &["--data-dir", &data]);
    again.ready_at_size(0, 1000, 700);
    let placed = wait_until(Duration::from_secs(60), || {
        let (_, wx, wy) = again.window();
        (wx == 120 && wy == 60).then_some(())
    });
    assert!(
        placed.is_some(),
        "the window opens where it was left (120,60): {:?}",
        again.window()
    );
    again.quit_with_ctrl_q();
    let _ = std::fs::remove_dir_all(&dir);
}

/// The statistics file of a data folder, for the rule set `cadogan`: played, won, streak.
fn cadogan_counts(dir: &Path) -> (u32, u32, u32) {
    let text = std::fs::read_to_string(dir.join("statistics.ron")).unwrap_or_default();
    let stats: zodiac::profile::Statistics = ron::from_str(&text).unwrap_or_default();
    let s = stats.for_rules("cadogan");
    (s.played, s.won, s.current_streak)
}

/// Saves deal 7 (Cadogan) with these moves played as the data folder's game.
fn save_deal_7(dir: &Path, moves: &[Move]) {
    let mut game = Game::new(
        zodiac::zodiac::RuleSet::default_set(),
        zodiac::zodiac::DealNumber::new(7).unwrap(),
    );
    for &m in moves {
        game.play(m).unwrap();
    }
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("game.ron"), game.to_record().to_ron()).unwrap();
}

/// Deal 7 played by the solver's line to `left` moves before the win, as a saved game; the
/// line's length.
fn saved_short_of_the_win(dir: &Path, left: usize) -> usize {
    let deal = zodiac::zodiac::Position::deal(zodiac::zodiac::DealNumber::new(7).unwrap());
    let rules = zodiac::zodiac::RuleSet::default_set().rules();
    let line = match zodiac::zodiac::solver::solve(&deal, &rules) {
        zodiac::zodiac::solver::Verdict::Winnable { line, .. } => line,
        other => panic!("deal 7 is winnable: {other:?}"),
    };
    save_deal_7(dir, &line[..line.len() - left]);
    line.len()
}

/// Win (auto-finish plays the last card), quit, relaunch, Ctrl+Z: the card stays back and the
/// statistics still say one game, one win, a streak of one. While the game is open, a second
/// one on the same data folder is refused.
#[test]
fn a_won_game_relaunched_and_undone_is_not_counted_again() {
    let Some(x) = start_x("a_won_game_relaunched_and_undone_is_not_counted_again") else {
        return;
    };
    let dir = scratch("win-relaunch");
    let data = dir.to_str().unwrap().to_string();
    let won = saved_short_of_the_win(&dir, 1);
    let mut game = Running::start(&x, "win-relaunch", &["--data-dir", &data]);
    game.said("probe: finished won", Duration::from_secs(180));
    game.ready(won);
    let second = Command::new(env!("CARGO_BIN_EXE_zodiac"))
        .args(["--data-dir", &data])
        .env("DISPLAY", &x.name)
        .output()
        .expect("a second zodiac runs");
    let err = String::from_utf8_lossy(&second.stderr);
    assert_eq!(second.status.code(), Some(1), "refused: {err}");
    assert!(err.contains("already open"), "{err}");
    game.quit_with_ctrl_q();
    assert_eq!(cadogan_counts(&dir), (1, 1, 1));
    let mut again = Running::start(&x, "win-relaunch-again", &["--data-dir", &data]);
    again.ready(won);
    let seen = again.readies();
    // The won table opens with the statistics; Esc closes them.
    again.key("Escape");
    again.key("ctrl+z");
    again.ready_after(seen, won - 1);
    again.quit_with_ctrl_q();
    assert_eq!(
        saved_moves(&dir.join("game.ron")).len(),
        won - 1,
        "and stayed back"
    );
    assert_eq!(cadogan_counts(&dir), (1, 1, 1), "counted once");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Deal 7 after `e7>z20 e1>z1 e6>z1`, with an Equator cell free: the waste's card lifted, moved
/// a few pixels and let go over the waste goes home, and no move is played.
#[test]
fn a_card_lifted_and_put_back_over_the_waste_plays_no_move() {
    let Some(x) = start_x("a_card_lifted_and_put_back_over_the_waste_plays_no_move") else {
        return;
    };
    let dir = scratch("put-back");
    let data = dir.to_str().unwrap().to_string();
    let moves: Vec<Move> = ["e7>z20", "e1>z1", "e6>z1"]
        .iter()
        .map(|t| Move::parse(t).unwrap())
        .collect();
    save_deal_7(&dir, &moves);
    let mut game = Running::start(&x, "put-back", &["--data-dir", &data]);
    let ready = game.ready(3);
    let (sx, sy) = game.screen(&ready, Place::Waste);
    let at = |dx: i32, dy: i32| {
        (
            (sx.parse::<i32>().unwrap() + dx).to_string(),
            (sy.parse::<i32>().unwrap() + dy).to_string(),
        )
    };
    let (lx, ly) = at(24, 18);
    let (bx, by) = at(6, 4);
    xdotool(
        &x.name,
        &[
            "mousemove",
            &sx,
            &sy,
            "mousedown",
            "1",
            "mousemove",
            &lx,
            &ly,
            "mousemove",
            &bx,
            &by,
            "mouseup",
            "1",
        ],
    );
    // The quit is taken after the gesture, in order: the save then holds every move it made.
    game.quit_with_ctrl_q();
    assert_eq!(saved_moves(&dir.join("game.ron")), moves);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Klondike in the real window: a flick drags an Ace home from its column, a click turns the
/// stock, and both are in Klondike's own saved game, in its notation.
#[test]
fn the_real_window_plays_klondike() {
    use zodiac::klondike::{Position, RuleSet};
    use zodiac::patience::Place as P;
    let Some(x) = start_x("the_real_window_plays_klondike") else {
        return;
    };
    // A deal with an Ace face up on a column, from the start.
    let rules = RuleSet::default_set().rules();
    let (deal, column) = (1..300u128)
        .find_map(|d| {
            let p = Position::deal(zodiac::zodiac::DealNumber::new(d).unwrap(), &rules);
            (0..7u8)
                .find(|&c| p.column(c).last().is_some_and(|card| card.rank() == 1))
                .map(|c| (d, c))
        })
        .expect("an Ace on a column");
    let dir = scratch("klondike");
    let save = dir.join("klondike-game.ron");
    let deal = deal.to_string();
    let mut game = Running::start(
        &x,
        "klondike",
        &[
            "--patience",
            "klondike",
            "--deal",
            &deal,
            "--data-dir",
            dir.to_str().unwrap(),
        ],
    );
    let ready = game.ready(0);
    // The Ace lies below the column's face-down cards.
    let l = &ready.layout;
    let down = usize::from(column);
    let ace = l.card_rect(P::Column(column), down, down + 1, down);
    let (ax, ay) = game.screen_at(
        &ready,
        P::Column(column),
        l.rect(P::Column(column)).y - ace.y,
    );
    // A drag goes to the Ace's own foundation: its suit's.
    let p = Position::deal(
        zodiac::zodiac::DealNumber::new(deal.parse().unwrap()).unwrap(),
        &rules,
    );
    let f = p.column(column).last().unwrap().suit() as u8;
    let (fx, fy) = game.screen_at(&ready, P::Foundation(f), 0.0);
    xdotool(
        &x.name,
        &[
            "mousemove",
            &ax,
            &ay,
            "mousedown",
            "1",
            "mousemove",
            &fx,
            &fy,
            "mouseup",
            "1",
        ],
    );
    game.ready(1);
    let (kx, ky) = game.screen_at(&ready, P::Stock, 0.0);
    xdotool(&x.name, &["mousemove", &kx, &ky, "click", "1"]);
    game.ready(2);
    game.quit_with_ctrl_q();
    let saved = zodiac::klondike::Game::from_ron(&std::fs::read_to_string(&save).unwrap()).unwrap();
    let moves: Vec<String> = saved.moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, vec![format!("c{column}>f{f}"), "d".to_string()]);
    assert!(
        !dir.join("game.ron").exists(),
        "Zodiac's game is not touched"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// FreeCell in the real window: a drag puts deal 1's 6♠ in free cell r2, a double-click sends
/// 9♣ (which fits on no column) to the first free cell, once, and both are in FreeCell's own
/// saved game, in its notation.
#[test]
fn the_real_window_plays_freecell() {
    use zodiac::patience::Place as P;
    let Some(x) = start_x("the_real_window_plays_freecell") else {
        return;
    };
    let dir = scratch("freecell");
    let save = dir.join("freecell-game.ron");
    let mut game = Running::start(
        &x,
        "freecell",
        &[
            "--patience",
            "freecell",
            "--deal",
            "1",
            "--data-dir",
            dir.to_str().unwrap(),
        ],
    );
    let ready = game.ready(0);
    let l = &ready.layout;
    let top = |c: u8| {
        let column = P::Column(c);
        l.rect(column).y - l.card_rect(column, 6, 7, 0).y
    };
    let (sx, sy) = game.screen_at(&ready, P::Column(0), top(0));
    let (rx, ry) = game.screen_at(&ready, P::Cell(2), 0.0);
    xdotool(
        &x.name,
        &[
            "mousemove",
            &sx,
            &sy,
            "mousedown",
            "1",
            "mousemove",
            &rx,
            &ry,
            "mouseup",
            "1",
        ],
    );
    game.ready(1);
    let (cx, cy) = game.screen_at(&ready, P::Column(1), top(1));
    xdotool(
        &x.name,
        &[
            "mousemove",
            &cx,
            &cy,
            "click",
            "--repeat",
            "2",
            "--delay",
            "80",
            "1",
        ],
    );
    game.ready(2);
    game.quit_with_ctrl_q();
    let text = std::fs::read_to_string(&save).unwrap();
    let saved = zodiac::freecell::patience::Game::from_ron(&text).unwrap();
    let moves: Vec<String> = saved.moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["c0>r2", "c1>r0"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Today's FreeCell deal, saved one move short of the win as the daily game (the helpers off,
/// so the last card waits for the player): a click sends it home in the real window, the win
/// is counted, and the calendar, reached from the keyboard (Tab to New, Enter, Tab to
/// Calendar, Enter), marks today won.
#[test]
fn a_daily_deal_won_in_the_real_window_is_marked_on_the_calendar() {
    use zodiac::patience::Verdict;
    use zodiac::patience::daily::{self, Date};
    use zodiac::registry;
    let Some(x) = start_x("a_daily_deal_won_in_the_real_window_is_marked_on_the_calendar") else {
        return;
    };
    let dir = scratch("daily");
    std::fs::create_dir_all(&dir).unwrap();
    let today = Date::today();
    let freecell = registry::by_name("freecell").unwrap();
    let (deal, _) = daily::daily(freecell, "freecell", today).unwrap();
    let mut game =
        zodiac::freecell::patience::Game::new(zodiac::freecell::RuleSet::default_set(), deal);
    let Verdict::Winnable { line, .. } = zodiac::patience::Game::start_snapshot(&game).solve()
    else {
        panic!("a daily deal is winnable");
    };
    let line: Vec<_> = line
        .iter()
        .map(|&m| zodiac::freecell::patience::FreeCell::from_neutral(m).unwrap())
        .collect();
    for &m in &line[..line.len() - 1] {
        game.play(m).unwrap();
    }
    let last = zodiac::freecell::patience::FreeCell::to_neutral(line[line.len() - 1]);
    std::fs::write(dir.join("freecell-game.ron"), game.to_record().to_ron()).unwrap();
    std::fs::write(
        dir.join("settings.ron"),
        format!(
            "(format: \"zodiac-settings\", patience: \"freecell\", auto_finish: false, \
             daily_games: {{\"freecell\": (rules: \"freecell\", deal: \"{deal}\", date: \"{today}\")}})"
        ),
    )
    .unwrap();
    let data = dir.to_str().unwrap().to_string();
    let mut running = Running::start(
        &x,
        "daily",
        &["--patience", "freecell", "--data-dir", &data],
    );
    let ready = running.ready(line.len() - 1);
    // The last card home: the top card of its place.
    let n = zodiac::patience::Game::cards(&game, last.from).len();
    let down = match last.from {
        zodiac::patience::Place::Column(_) if n > 1 => {
            let l = &ready.layout;
            l.rect(last.from).y - l.card_rect(last.from, n - 1, n, 0).y
        }
        _ => 0.0,
    };
    let (sx, sy) = running.screen_at(&ready, last.from, down);
    xdotool(&x.name, &["mousemove", &sx, &sy, "click", "1"]);
    running.said("probe: finished won", Duration::from_secs(120));
    // The win opens the statistics; Esc closes them. Each panel is waited for before the keys
    // meant for it.
    let wait = Duration::from_secs(60);
    running.said_times("probe: overlay Statistics", 1, wait);
    running.key("Escape");
    running.said_times("probe: overlay None", 2, wait);
    running.key("Tab");
    running.key("Return");
    running.said_times("probe: overlay NewGame", 1, wait);
    // In the chooser under FreeCell, Calendar is the 4th button after the families, the
    // patiences of FreeCell's, FreeCell's two rule sets and the six kinds of deal.
    let all = registry::all();
    let mut families: Vec<&str> = all.iter().map(|p| p.family()).collect();
    families.sort();
    families.dedup();
    let kin = all.iter().filter(|p| p.family() == "FreeCell type").count();
    for _ in 0..families.len() + kin + 2 + 6 + 3 {
        running.key("Tab");
    }
    running.key("Return");
    let said = running.said("probe: calendar won=", Duration::from_secs(60));
    assert!(said.contains(&today.to_string()), "{said}");
    running.quit_with_ctrl_q();
    let history = std::fs::read_to_string(dir.join("history.txt")).unwrap();
    assert!(
        history.contains(&format!("{today}\tfreecell\tfreecell/freecell\t{deal}\t")),
        "{history}"
    );
    assert!(
        history.trim_end().ends_with("\t1"),
        "a daily game: {history}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Accordion, a patience of named rules, in the real window: deal 1's 2♦ dragged onto J♦ just
/// left of it (the line closes up), then Show me plays the rest to a win; the saved game is
/// won and counted as helped.
#[test]
fn accordion_is_played_to_a_win_in_the_real_window() {
    use zodiac::patience::Place as P;
    let Some(x) = start_x("accordion_is_played_to_a_win_in_the_real_window") else {
        return;
    };
    let dir = scratch("accordion");
    animation_off(&dir);
    let data = dir.to_str().unwrap().to_string();
    let mut game = Running::start(
        &x,
        "accordion",
        &[
            "--patience",
            "accordion",
            "--deal",
            "1",
            "--data-dir",
            &data,
        ],
    );
    let ready = game.ready(0);
    let (fx, fy) = game.screen_at(&ready, P::Cell(1), 0.0);
    let (tx, ty) = game.screen_at(&ready, P::Cell(0), 0.0);
    xdotool(
        &x.name,
        &[
            "mousemove",
            &fx,
            &fy,
            "mousedown",
            "1",
            "mousemove",
            &tx,
            &ty,
            "mouseup",
            "1",
        ],
    );
    game.ready(1);
    game.key("s");
    game.said("probe: finished helped", Duration::from_secs(300));
    game.quit_with_ctrl_q();
    let save = dir.join("accordion-game.ron");
    let record = std::fs::read_to_string(&save).unwrap();
    assert!(
        record.contains("\"r1>r0\""),
        "the drag was saved first: {record}"
    );
    won_with_help(&dir, &save, "accordion");
    let _ = std::fs::remove_dir_all(&dir);
}
