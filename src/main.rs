//! The `zodiac` binary: text commands print and exit; no command opens the game window.

use zodiac::cli::{self, Command};

fn main() -> std::process::ExitCode {
    // Clap's conventions: help and the version on standard output (status 0), a mistake on
    // standard error with the usage (status 2).
    let command = match cli::parse(std::env::args_os()) {
        Ok(c) => c,
        Err(e) => e.exit(),
    };
    match command {
        Command::Window {
            patience,
            deal,
            rules,
            data_dir,
        } => open_window(patience, deal, rules, data_dir),
        text => match cli::run_text(&text) {
            Ok(out) => {
                print!("{out}");
                std::process::ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("zodiac: {e}");
                std::process::ExitCode::FAILURE
            }
        },
    }
}

#[cfg(feature = "game")]
fn open_window(
    patience: Option<String>,
    deal: Option<zodiac::cards::DealNumber>,
    rules: Option<String>,
    data_dir: Option<std::path::PathBuf>,
) -> std::process::ExitCode {
    let data_dir = zodiac::game::data_dir(data_dir);
    let refuse = |e: String| {
        zodiac::cli::command()
            .error(clap::error::ErrorKind::InvalidValue, e)
            .exit()
    };
    // Refuse an unknown patience or rule set here, as clap refuses any other mistake on the
    // command line: a patience of the game, or one of the player's own files.
    let own = data_dir.join("patiences");
    let asked = match patience.as_deref() {
        None => Some(zodiac::registry::default()),
        Some(name) => match zodiac::registry::by_name(name) {
            Some(p) => Some(p),
            None if zodiac::kinds::mine::has(&own, name) => None,
            None => refuse(format!(
                "no patience is called {name:?} ({}; or a file of your own in {})",
                zodiac::registry::all()
                    .iter()
                    .map(|p| p.name())
                    .collect::<Vec<_>>()
                    .join(", "),
                own.display()
            )),
        },
    };
    // The rule set belongs to the patience asked for (Zodiac unless another is named); a
    // file of the player's own is its one rule set.
    if let (Some(name), Some(asked)) = (&rules, asked)
        && let Err(e) = asked.rule_set(name)
    {
        refuse(e);
    }
    // One game window per data folder: two would overwrite each other's saves and statistics.
    // The lock lives as long as this function, and the system lets go of it if we die.
    let _lock = match zodiac::storage::lock_dir(&data_dir) {
        Ok(lock) => Some(lock),
        Err(zodiac::storage::LockError::Held) => {
            eprintln!(
                "zodiac: Zodiac is already open on {} (one game at a time per data folder)",
                data_dir.display()
            );
            return std::process::ExitCode::FAILURE;
        }
        Err(zodiac::storage::LockError::Io(e)) => {
            eprintln!(
                "zodiac: could not lock {} ({e}); playing without the lock",
                data_dir.display()
            );
            None
        }
    };
    free_large_buffers_at_once();
    let options = zodiac::game::LaunchOptions {
        patience,
        deal,
        rules,
        data_dir,
    };
    match zodiac::game::run(options) {
        bevy::app::AppExit::Success => std::process::ExitCode::SUCCESS,
        bevy::app::AppExit::Error(code) => std::process::ExitCode::from(code.get()),
    }
}

/// glibc serves a freed large block's size from its heap from then on (its mmap threshold
/// adapts), where such blocks stay resident after they are freed. Start-up paints the table and
/// the card atlas into buffers of a few MiB each, used once: with the threshold fixed at 1 MiB
/// they go back to the system when freed, 3–5 MiB less at the peak. Nothing that size is
/// allocated per frame (checked with strace while dragging).
#[cfg(all(feature = "game", target_os = "linux", target_env = "gnu"))]
fn free_large_buffers_at_once() {
    const M_MMAP_THRESHOLD: i32 = -3;
    unsafe extern "C" {
        fn mallopt(param: i32, value: i32) -> i32;
    }
    // SAFETY: mallopt only sets an allocator parameter; it is called before any other thread
    // exists, and a refusal (0) leaves glibc's default in place, which is harmless.
    unsafe {
        mallopt(M_MMAP_THRESHOLD, 1 << 20);
    }
}

#[cfg(all(feature = "game", not(all(target_os = "linux", target_env = "gnu"))))]
fn free_large_buffers_at_once() {}

#[cfg(not(feature = "game"))]
fn open_window(
    _patience: Option<String>,
    _deal: Option<zodiac::cards::DealNumber>,
    _rules: Option<String>,
    _data_dir: Option<std::path::PathBuf>,
) -> std::process::ExitCode {
    eprintln!("zodiac: this build has no game window (built without the `game` feature)");
    std::process::ExitCode::FAILURE
}
