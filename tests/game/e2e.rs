//! The real binary in a virtual X display, driven by xdotool as a player's hand would: drag the
//! waste card onto the Zodiac pile that takes it, click the stock, quit, and read the saved game.
//! Skipped, with a message, only where no X server can be started.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use zodiac::layout::Layout;
use zodiac::rules::{Game, Move, Place};

struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn have(program: &str) -> bool {
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

/// Starts Xvfb on a free display; None if it cannot. Holds the turn until the server stops.
fn start_x() -> Option<(Killed, String, std::sync::MutexGuard<'static, ()>)> {
    if !have("Xvfb") || !have("xdotool") {
        return None;
    }
    let turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    for n in 140..200 {
        if Path::new(&format!("/tmp/.X{n}-lock")).exists() {
            continue;
        }
        let display = format!(":{n}");
        let child = Command::new("Xvfb")
            .args([&display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let x = Killed(child);
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if Path::new(&format!("/tmp/.X11-unix/X{n}")).exists() {
                return Some((x, display, turn));
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        return None;
    }
    None
}

fn xdotool(display: &str, args: &[&str]) -> String {
    let out = Command::new("xdotool")
        .args(args)
        .env("DISPLAY", display)
        .output()
        .expect("xdotool runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn wait_for(what: &str, timeout: Duration, mut ready: impl FnMut() -> bool) {
    let deadline = Instant::now() + timeout;
    while !ready() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn the_real_window_plays_drag_and_click_and_saves_them() {
    let Some((_x, display, _turn)) = start_x() else {
        eprintln!(
            "SKIPPED the_real_window_plays_drag_and_click_and_saves_them: no X server (install xvfb and xdotool)"
        );
        return;
    };
    let dir = std::env::temp_dir().join(format!("zodiac-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let game = spawn_game(
        &display,
        &["--deal", "1", "--data-dir", dir.to_str().unwrap()],
    );
    let save = dir.join("game.ron");
    wait_for("the first save", Duration::from_secs(120), || save.exists());
    let (window, wx, wy, w, h) = find_window(&display);
    assert!(w > 0.0 && h > 0.0, "window geometry");
    let layout = Layout::new(w, h, 1.0);
    let screen = |place: Place| {
        let r = layout.rect(place);
        (
            (wx + r.x + w / 2.0).round() as i32,
            (wy + h / 2.0 - r.y).round() as i32,
        )
    };
    let (sx, sy) = screen(Place::Waste);
    let (tx, ty) = screen(Place::Zodiac(20));
    xdotool(&display, &["mousemove", &sx.to_string(), &sy.to_string()]);
    std::thread::sleep(Duration::from_millis(300));
    xdotool(&display, &["mousedown", "1"]);
    for k in 1..=12 {
        let x = sx + (tx - sx) * k / 12;
        let y = sy + (ty - sy) * k / 12;
        xdotool(&display, &["mousemove", &x.to_string(), &y.to_string()]);
        std::thread::sleep(Duration::from_millis(60));
    }
    std::thread::sleep(Duration::from_millis(200));
    xdotool(&display, &["mouseup", "1"]);
    let moves = || {
        std::fs::read_to_string(&save)
            .ok()
            .and_then(|t| Game::from_ron(&t).ok())
            .map(|g| g.moves().to_vec())
            .unwrap_or_default()
    };
    wait_for("the drop to be saved", Duration::from_secs(30), || {
        !moves().is_empty()
    });
    std::thread::sleep(Duration::from_millis(800));
    let (kx, ky) = screen(Place::Stock);
    xdotool(&display, &["mousemove", &kx.to_string(), &ky.to_string()]);
    std::thread::sleep(Duration::from_millis(300));
    xdotool(&display, &["click", "1"]);
    wait_for(
        "the stock turn to be saved",
        Duration::from_secs(30),
        || moves().len() >= 2,
    );
    std::thread::sleep(Duration::from_millis(500));
    xdotool(&display, &["windowfocus", "--sync", &window]);
    xdotool(&display, &["key", "ctrl+q"]);
    let mut game = game;
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Some(status) = game.0.try_wait().unwrap() {
            assert!(status.success(), "zodiac exited with {status}");
            break;
        }
        assert!(Instant::now() < deadline, "zodiac did not quit on Ctrl+Q");
        std::thread::sleep(Duration::from_millis(200));
    }
    assert_eq!(
        moves(),
        vec![Move::WasteToZodiac(20), Move::Turn],
        "exactly the drag and the click"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Starts the real game in `display` with these arguments; its log goes to a temporary file.
fn spawn_game(display: &str, args: &[&str]) -> Killed {
    let log = std::fs::File::create(
        std::env::temp_dir().join(format!("zodiac-e2e-{}.log", std::process::id())),
    )
    .unwrap();
    Killed(
        Command::new(env!("CARGO_BIN_EXE_zodiac"))
            .args(args)
            .env("DISPLAY", display)
            .env_remove("WAYLAND_DISPLAY")
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("start zodiac"),
    )
}

/// The window's id, position and size, once it is mapped.
fn find_window(display: &str) -> (String, f32, f32, f32, f32) {
    let mut window = String::new();
    wait_for("the window", Duration::from_secs(60), || {
        window = xdotool(display, &["search", "--name", "^Zodiac$"])
            .lines()
            .next()
            .unwrap_or("")
            .to_string();
        !window.is_empty()
    });
    std::thread::sleep(Duration::from_secs(2));
    let geometry = xdotool(display, &["getwindowgeometry", "--shell", &window]);
    let field = |name: &str| -> f32 {
        geometry
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{name}=")))
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0.0)
    };
    (
        window,
        field("X"),
        field("Y"),
        field("WIDTH"),
        field("HEIGHT"),
    )
}

#[test]
fn a_game_killed_with_sigkill_resumes_where_it_was() {
    let Some((_x, display, _turn)) = start_x() else {
        eprintln!(
            "SKIPPED a_game_killed_with_sigkill_resumes_where_it_was: no X server (install xvfb and xdotool)"
        );
        return;
    };
    let dir = std::env::temp_dir().join(format!("zodiac-e2e-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let data = dir.to_str().unwrap().to_string();
    let save = dir.join("game.ron");
    let record = || {
        std::fs::read_to_string(&save)
            .ok()
            .and_then(|t| Game::from_ron(&t).ok())
    };
    let mut game = spawn_game(&display, &["--deal", "1", "--data-dir", &data]);
    wait_for("the first save", Duration::from_secs(120), || save.exists());
    let (_, wx, wy, w, h) = find_window(&display);
    let layout = Layout::new(w, h, 1.0);
    let click = |place: Place| {
        let r = layout.rect(place);
        let (x, y) = (
            (wx + r.x + w / 2.0).round() as i32,
            (wy + h / 2.0 - r.y).round() as i32,
        );
        xdotool(&display, &["mousemove", &x.to_string(), &y.to_string()]);
        std::thread::sleep(Duration::from_millis(300));
        xdotool(&display, &["click", "1"]);
        std::thread::sleep(Duration::from_millis(700));
    };
    click(Place::Waste); // 8H goes to z20 by itself
    click(Place::Stock);
    click(Place::Stock);
    wait_for("three moves saved", Duration::from_secs(30), || {
        record().is_some_and(|g| g.moves().len() == 3)
    });
    // SIGKILL: no chance to save anything more.
    game.0.kill().unwrap();
    game.0.wait().unwrap();
    let before = record().expect("the save survives SIGKILL");
    assert_eq!(
        before.moves(),
        &[Move::WasteToZodiac(20), Move::Turn, Move::Turn]
    );
    std::fs::remove_file(dir.join("settings.ron")).ok();
    // Start again with no deal: the same game comes back, and is saved again as it was.
    let modified = std::fs::metadata(&save).unwrap().modified().unwrap();
    let _again = spawn_game(&display, &["--data-dir", &data]);
    wait_for("the resumed game's save", Duration::from_secs(120), || {
        std::fs::metadata(&save)
            .and_then(|m| m.modified())
            .is_ok_and(|t| t > modified)
    });
    let after = record().expect("a readable save");
    assert_eq!(after.deal(), before.deal());
    assert_eq!(after.moves(), before.moves());
    assert!(after.elapsed_ms >= before.elapsed_ms);
    let _ = std::fs::remove_dir_all(&dir);
}
