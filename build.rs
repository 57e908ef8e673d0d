// Link the game's programs with packed relative relocations (DT_RELR, glibc 2.36+): a Bevy
// binary carries about 10 MB of them, which the loader would otherwise read in at every start.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
        println!("cargo:rustc-link-arg-examples=-Wl,-z,pack-relative-relocs");
    }
}
