//! Files that must survive a crash: atomic writes (in the background, in order, with
//! [`Saver`]), setting aside a file we cannot read, and one game per data folder ([`lock_dir`]).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

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

enum Job {
    Write(PathBuf, Vec<u8>),
    /// Answered once every write asked for before it is on disk.
    Flush(Sender<()>),
}

/// Writes files on a thread of its own, so that a frame never waits for the disk: each write
/// atomic ([`write_atomic`]), all in the order asked. When writes to one file queue up, only the
/// newest is written (the older ones would be replaced at once). Dropping it writes what is
/// still queued first.
pub struct Saver {
    send: Option<Sender<Job>>,
    thread: Option<JoinHandle<()>>,
    /// Writes asked for and not yet done.
    pending: Arc<AtomicUsize>,
    /// Writes that failed, in words, until [`Saver::failures`] takes them.
    failed: Arc<Mutex<Vec<String>>>,
}

impl Default for Saver {
    fn default() -> Self {
        Saver::new()
    }
}

impl Saver {
    pub fn new() -> Saver {
        let (send, receive) = channel();
        let pending = Arc::new(AtomicUsize::new(0));
        let failed = Arc::new(Mutex::new(Vec::new()));
        let thread = {
            let (pending, failed) = (pending.clone(), failed.clone());
            std::thread::Builder::new()
                .name("zodiac saver".into())
                .spawn(move || save_in_order(&receive, &pending, &failed))
                .ok()
        };
        Saver {
            // Without a thread (none could be started) every write is made at once instead.
            send: thread.is_some().then_some(send),
            thread,
            pending,
            failed,
        }
    }

    /// Writes `bytes` to `path` atomically, soon, after every write asked for before.
    pub fn write(&self, path: &Path, bytes: Vec<u8>) {
        self.pending.fetch_add(1, Ordering::SeqCst);
        let job = Job::Write(path.to_path_buf(), bytes);
        let unsent = match &self.send {
            Some(send) => send.send(job).err().map(|e| e.0),
            None => Some(job),
        };
        if let Some(Job::Write(path, bytes)) = unsent {
            write_now(&path, &bytes, &self.failed);
            self.pending.fetch_sub(1, Ordering::SeqCst);
        }
    }

    /// Waits until every write asked for so far is on disk.
    pub fn flush(&self) {
        let Some(send) = &self.send else { return };
        let (done, wait) = channel();
        if send.send(Job::Flush(done)).is_ok() {
            let _ = wait.recv();
        }
    }

    /// Nothing is waiting to be written.
    pub fn idle(&self) -> bool {
        self.pending.load(Ordering::SeqCst) == 0
    }

    /// The writes that failed since last asked, in words.
    pub fn failures(&self) -> Vec<String> {
        self.failed
            .lock()
            .map(|mut f| std::mem::take(&mut *f))
            .unwrap_or_default()
    }
}

impl Drop for Saver {
    fn drop(&mut self) {
        self.send = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn write_now(path: &Path, bytes: &[u8], failed: &Mutex<Vec<String>>) {
    if let Err(e) = write_atomic(path, bytes)
        && let Ok(mut f) = failed.lock()
    {
        f.push(format!("could not write {}: {e}", path.display()));
    }
}

/// Which jobs of a batch are done: a write is left out only when a newer write of the same
/// file comes before the next flush (a flush answers for every write asked before it, so one
/// before a flush is never left to a write after it).
fn kept(batch: &[Job]) -> Vec<bool> {
    (0..batch.len())
        .map(|i| match &batch[i] {
            Job::Write(path, _) => !batch[i + 1..]
                .iter()
                .take_while(|j| !matches!(j, Job::Flush(_)))
                .any(|j| matches!(j, Job::Write(p, _) if p == path)),
            Job::Flush(_) => true,
        })
        .collect()
}

/// The saver's thread: takes whatever has queued up, drops writes a newer one of the same file
/// replaces, and writes the rest in order.
fn save_in_order(receive: &Receiver<Job>, pending: &AtomicUsize, failed: &Mutex<Vec<String>>) {
    while let Ok(first) = receive.recv() {
        let mut batch = vec![first];
        batch.extend(receive.try_iter());
        let keep = kept(&batch);
        for (job, keep) in batch.into_iter().zip(keep) {
            match job {
                Job::Write(path, bytes) => {
                    if keep {
                        write_now(&path, &bytes, failed);
                    }
                    pending.fetch_sub(1, Ordering::SeqCst);
                }
                Job::Flush(done) => {
                    let _ = done.send(());
                }
            }
        }
    }
}

/// The lock that keeps a second game off a data folder while one is open.
#[derive(Debug)]
pub struct DirLock {
    _file: std::fs::File,
}

/// Why the data folder could not be locked.
#[derive(Debug)]
pub enum LockError {
    /// Another process holds it: the game is already open on this folder.
    Held,
    /// The lock file could not be made or locked (a folder that cannot be written, a file
    /// system without locks).
    Io(std::io::Error),
}

/// Takes the data folder's lock (`zodiac.lock` in it) for as long as the returned value lives.
/// The operating system lets go of it when the process ends, however it ends, so a crash or a
/// kill never leaves the folder locked.
pub fn lock_dir(dir: &Path) -> Result<DirLock, LockError> {
    std::fs::create_dir_all(dir).map_err(LockError::Io)?;
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join("zodiac.lock"))
        .map_err(LockError::Io)?;
    match file.try_lock() {
        Ok(()) => Ok(DirLock { _file: file }),
        Err(std::fs::TryLockError::WouldBlock) => Err(LockError::Held),
        Err(std::fs::TryLockError::Error(e)) => Err(LockError::Io(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_before_a_flush_is_on_disk_when_the_flush_answers() {
        let write = |name: &str| Job::Write(PathBuf::from(name), Vec::new());
        let flush = || Job::Flush(channel().0);
        // Two writes of one file, then another file: only the newest of the first is made.
        assert_eq!(
            kept(&[write("a"), write("b"), write("a")]),
            [false, true, true]
        );
        // A flush between them: the first write is made before the flush answers.
        assert_eq!(kept(&[write("a"), flush(), write("a")]), [true, true, true]);
        assert_eq!(
            kept(&[write("a"), write("a"), flush(), write("a")]),
            [false, true, true, true]
        );
    }

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("zodiac-storage-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Writes land in order, the newest of each file last, whether or not they queued up;
    /// a flush waits for them; dropping the saver writes what is left.
    #[test]
    fn the_saver_writes_in_order_off_the_caller() {
        let dir = scratch("saver");
        let (a, b) = (dir.join("a.ron"), dir.join("b.ron"));
        let saver = Saver::new();
        for i in 0..200 {
            saver.write(&a, format!("a{i}").into_bytes());
            if i % 7 == 0 {
                saver.write(&b, format!("b{i}").into_bytes());
            }
        }
        saver.flush();
        assert!(saver.idle());
        assert_eq!(std::fs::read(&a).unwrap(), b"a199");
        assert_eq!(std::fs::read(&b).unwrap(), b"b196");
        saver.write(&a, b"last".to_vec());
        drop(saver);
        assert_eq!(std::fs::read(&a).unwrap(), b"last");
        // A write that cannot be made is told, not lost in silence.
        let saver = Saver::new();
        saver.write(&a.join("not-a-folder").join("x.ron"), b"x".to_vec());
        saver.flush();
        let failures = saver.failures();
        assert_eq!(failures.len(), 1, "{failures:?}");
        assert!(saver.failures().is_empty(), "told once");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// One holder at a time; the lock is free again once its holder is gone.
    #[test]
    fn a_data_folder_is_locked_once() {
        let dir = scratch("lock");
        let first = lock_dir(&dir).expect("the first takes it");
        assert!(matches!(lock_dir(&dir), Err(LockError::Held)));
        drop(first);
        let again = lock_dir(&dir).expect("free again");
        drop(again);
        std::fs::remove_dir_all(&dir).unwrap();
    }

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
