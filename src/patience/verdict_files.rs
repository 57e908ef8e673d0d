//! The published verdict files (`docs/winrates/PATIENCE-RULES.verdicts.gz`, written by
//! `scripts/verdicts`; the format is in docs/winrates.md), read for the tests that hold them
//! against the rules and the solvers.

/// The letters of `docs/winrates/FILE.verdicts.gz` by deal, checked as they are read: lines of
/// a first deal and 1000 letters (`W`, `L`, `U`), the blocks one after another from deal 1.
pub fn read(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/docs/winrates/{name}.verdicts.gz",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = std::process::Command::new("gzip")
        .args(["-dc", &path])
        .output()
        .unwrap_or_else(|e| panic!("gzip for {path}: {e}"));
    assert!(out.status.success(), "{path} unreadable");
    let text = String::from_utf8(out.stdout).expect("text");
    let mut all = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let (first, letters) = line.split_once(' ').expect("FIRST LETTERS");
        assert_eq!(
            first.parse::<usize>().unwrap(),
            1 + 1000 * i,
            "{name}: line {i}"
        );
        assert_eq!(letters.len(), 1000, "{name}: line {i}");
        assert!(
            letters.bytes().all(|b| b"WLU".contains(&b)),
            "{name}: line {i}"
        );
        all.extend(letters.bytes());
    }
    assert!(!all.is_empty(), "{name}: no verdicts");
    all
}
