//! The `zodiac` binary: text commands print and exit; no command opens the game window.

use zodiac::cli::{self, Command};

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = match cli::parse(&args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("zodiac: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    match command {
        Command::Window {
            deal,
            rules,
            data_dir,
        } => open_window(deal, rules, data_dir),
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
    deal: Option<zodiac::rules::DealNumber>,
    rules: Option<String>,
    data_dir: Option<std::path::PathBuf>,
) -> std::process::ExitCode {
    if let Some(name) = &rules {
        // Refuse an unknown rule set here, with the same one-line error as the text commands.
        if let Err(e) = zodiac::rules::RuleSet::by_name_or_path(name) {
            eprintln!("zodiac: {e}");
            return std::process::ExitCode::from(2);
        }
    }
    let options = zodiac::game::LaunchOptions {
        deal,
        rules,
        data_dir: zodiac::game::data_dir(data_dir),
    };
    match zodiac::game::run(options) {
        bevy::app::AppExit::Success => std::process::ExitCode::SUCCESS,
        bevy::app::AppExit::Error(code) => std::process::ExitCode::from(code.get()),
    }
}

#[cfg(not(feature = "game"))]
fn open_window(
    _deal: Option<zodiac::rules::DealNumber>,
    _rules: Option<String>,
    _data_dir: Option<std::path::PathBuf>,
) -> std::process::ExitCode {
    eprintln!("zodiac: this build has no game window (built without the `game` feature)");
    std::process::ExitCode::FAILURE
}
