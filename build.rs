// Link the game's programs with packed relative relocations (DT_RELR, glibc 2.36+): a Bevy
// binary carries about 10 MB of them, which the loader would otherwise read in at every start.
// And the version players and bug reports read: Cargo.toml's, with the git commit built from
// where there is one (`zodiac --version`, Settings).
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    let commit = std::process::Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty());
    match commit {
        Some(commit) => {
            println!("cargo:rustc-env=ZODIAC_VERSION={version} (commit {commit})");
            // A new commit is a new version: HEAD names the branch, the branch the commit
            // (asked of git, so that a worktree's own HEAD is the one watched).
            for args in [
                ["rev-parse", "--git-path", "HEAD"],
                ["rev-parse", "--git-path", "refs/heads"],
                ["rev-parse", "--git-path", "packed-refs"],
            ] {
                let path = std::process::Command::new("git")
                    .args(args)
                    .output()
                    .ok()
                    .and_then(|o| String::from_utf8(o.stdout).ok())
                    .map(|s| s.trim().to_string())
                    .unwrap_or_default();
                if !path.is_empty() && std::path::Path::new(&path).exists() {
                    println!("cargo:rerun-if-changed={path}");
                }
            }
        }
        None => println!("cargo:rustc-env=ZODIAC_VERSION={version}"),
    }
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
        println!("cargo:rustc-link-arg-examples=-Wl,-z,pack-relative-relocs");
        // Identical code folded into one copy (lld): a tenth of Bevy's generic code is the same
        // machine code under other names, and every page of the binary's code ends up resident.
        println!("cargo:rustc-link-arg-bins=-Wl,--icf=all");
        println!("cargo:rustc-link-arg-examples=-Wl,--icf=all");
    }
}
