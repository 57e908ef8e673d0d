//! Files that must survive a crash: atomic writes, and setting aside a file we cannot read.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` so that a reader sees either the old file or the new one, never a
/// mix: write a temporary file beside it, flush it to disk, then rename it over the old one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)?;
        // Make the rename itself durable where the platform allows opening a directory.
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Renames an unreadable file aside as `NAME.broken-<unix seconds>` (plus a counter if that is
/// taken) and returns the new path, so the player's data is never silently lost.
pub fn set_aside(path: &Path) -> std::io::Result<PathBuf> {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    let mut target = path.with_file_name(format!("{name}.broken-{secs}"));
    let mut n = 1;
    while target.exists() {
        target = path.with_file_name(format!("{name}.broken-{secs}-{n}"));
        n += 1;
    }
    std::fs::rename(path, &target)?;
    Ok(target)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_and_leaves_no_temporary_file() {
        let dir = std::env::temp_dir().join(format!("zodiac-storage-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let file = dir.join("game.ron");
        write_atomic(&file, b"one").unwrap();
        write_atomic(&file, b"two").unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"two");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        let aside = set_aside(&file).unwrap();
        assert!(!file.exists());
        assert_eq!(std::fs::read(&aside).unwrap(), b"two");
        std::fs::write(&file, b"three").unwrap();
        let second = set_aside(&file).unwrap();
        assert_ne!(aside, second);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
