//! The crate's own files import each other in one direction: no circle among them (a test, so
//! that none comes back). A file's `use crate::…` and `use super::…` name the file of the
//! deepest module in the path (an item of a folder's `mod.rs` is that `mod.rs`'s). A folder's
//! `mod.rs` and the files below it are one module tree: the parent declares and re-exports its
//! children, and the children read the parent's items, so imports along that line are not
//! counted; only imports between files of different branches can close a circle.
//!
//! The front end's files import downward too: each file of `game/` has a rank (`RANKS`, by the
//! frame's order), and imports no file of a higher one.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Circles allowed, each the files in it, sorted: none.
const KNOWN: &[&[&str]] = &[];

/// A module path (`["game", "session"]`) to its file, for every file under `src/` (but
/// `main.rs`, the binary's own crate).
fn modules(src: &Path) -> BTreeMap<Vec<String>, PathBuf> {
    let mut found = BTreeMap::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(src).unwrap();
            let mut parts: Vec<String> = relative
                .iter()
                .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
                .collect();
            match parts.last().map(String::as_str) {
                Some("main") if parts.len() == 1 => continue,
                Some("lib") if parts.len() == 1 => parts.clear(),
                Some("mod") => {
                    parts.pop();
                }
                _ => {}
            }
            found.insert(parts, relative.to_path_buf());
        }
    }
    found
}

/// The module paths a file names, resolved from its own module: its `use` lines and the paths
/// written inline (`crate::game::session::Session` in a signature). Comments are passed over,
/// and so is a nested module (its tests), whose `super` is the file itself.
fn imports(text: &str, module: &[String]) -> Vec<Vec<String>> {
    // `super` is the parent module (of a folder's `mod.rs`: the folder's parent).
    let parent = module[..module.len().saturating_sub(1)].to_vec();
    let mut paths = Vec::new();
    for line in text.lines() {
        let code = line.trim_start();
        if code.starts_with("//") {
            continue;
        }
        if (code.starts_with("mod ") || code.starts_with("pub mod ")) && code.ends_with('{') {
            break;
        }
        let code = code.split(" //").next().unwrap_or(code);
        for (at, _) in code.match_indices("::") {
            let before = &code[..at];
            let word_start = before
                .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(0, |i| i + 1);
            let (start, from) = match &before[word_start..] {
                "crate" => (Vec::new(), at + 2),
                "super" if !before[..word_start].ends_with("::") => (parent.clone(), at + 2),
                _ => continue,
            };
            let rest = &code[from..];
            let path_end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(rest.len());
            let mut base = start;
            base.extend(
                rest[..path_end]
                    .split("::")
                    .filter(|s| !s.is_empty())
                    .map(str::to_string),
            );
            // A group (`a::{b, c::d}`) names each of its members.
            match rest[path_end..].strip_prefix('{') {
                None => paths.push(base),
                Some(group) => {
                    let group = group.split('}').next().unwrap_or(group);
                    for member in group.split(',').map(str::trim).filter(|m| !m.is_empty()) {
                        let mut p = base.clone();
                        p.extend(member.split("::").map(|s| s.trim().to_string()));
                        paths.push(p);
                    }
                }
            }
        }
    }
    paths
}

/// The import graph: file to the files it imports, along no module tree's line.
fn graph(src: &Path) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let modules = modules(src);
    let mut edges = BTreeMap::new();
    for (module, file) in &modules {
        let mut text = std::fs::read_to_string(src.join(file)).unwrap();
        // Groups rustfmt spread over lines, joined into one.
        text = join_groups(&text);
        let mut to = BTreeSet::new();
        for path in imports(&text, module) {
            // The deepest module of the path that is a file.
            let Some(target) = (0..=path.len())
                .rev()
                .find_map(|n| modules.get_key_value(&path[..n]))
            else {
                continue;
            };
            let (target_module, target_file) = target;
            let along_tree = target_module.starts_with(module) || module.starts_with(target_module);
            if !along_tree {
                to.insert(target_file.clone());
            }
        }
        edges.insert(file.clone(), to);
    }
    edges
}

/// `use a::{\n b,\n c,\n};` as one line.
fn join_groups(text: &str) -> String {
    let mut out = String::new();
    let mut open = false;
    for line in text.lines() {
        if open {
            out.push_str(line.trim());
            if line.contains("};") {
                open = false;
                out.push('\n');
            } else {
                out.push(' ');
            }
            continue;
        }
        out.push_str(line);
        if (line.starts_with("use ") || line.starts_with("pub use ")) && !line.ends_with(';') {
            open = true;
        } else {
            out.push('\n');
        }
    }
    out
}

/// Every circle: the strongly connected groups of two or more files (Tarjan's), each sorted.
fn circles(edges: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<Vec<String>> {
    struct Search<'a> {
        edges: &'a BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        index: BTreeMap<&'a PathBuf, usize>,
        low: BTreeMap<&'a PathBuf, usize>,
        stack: Vec<&'a PathBuf>,
        on_stack: BTreeSet<&'a PathBuf>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Search<'a> {
        fn visit(&mut self, v: &'a PathBuf) {
            let i = self.index.len();
            self.index.insert(v, i);
            self.low.insert(v, i);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.edges.get(v).into_iter().flatten() {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut group = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    group.push(w.to_string_lossy().replace('\\', "/"));
                    if w == v {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    self.found.push(group);
                }
            }
        }
    }
    let mut search = Search {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !search.index.contains_key(v) {
            search.visit(v);
        }
    }
    search.found
}

#[test]
fn no_files_import_each_other_in_a_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = circles(&graph(&src));
    let new: Vec<_> = found
        .iter()
        .filter(|c| !KNOWN.iter().any(|k| k == c))
        .collect();
    assert!(
        new.is_empty(),
        "files importing each other in a circle: {new:#?}"
    );
}

#[test]
fn the_reading_of_imports_finds_a_circle() {
    let module = |p: &str| p.split('/').map(str::to_string).collect::<Vec<_>>();
    let a = imports("use crate::game::b::Thing;\n", &module("game/a"));
    let b = imports("use super::a::{self, Other};\n", &module("game/b"));
    assert_eq!(a, [module("game/b/Thing")]);
    assert_eq!(b, [module("game/a/self"), module("game/a/Other")]);
    let edges = BTreeMap::from([
        (
            PathBuf::from("a.rs"),
            BTreeSet::from([PathBuf::from("b.rs")]),
        ),
        (
            PathBuf::from("b.rs"),
            BTreeSet::from([PathBuf::from("a.rs")]),
        ),
    ]);
    assert_eq!(circles(&edges), [["a.rs", "b.rs"]]);
}

/// The front end's layers, lowest first: a file of `game/` may import only files of its own
/// rank or lower. The folders follow the frame (input → session → table → assistance →
/// hud, overlays, audio); the longest matching prefix of a file's path gives its rank.
const RANKS: &[(&str, u8)] = &[
    // Shared by all: the messages and the frame's sets, the widgets, the settings' types.
    ("game/messages.rs", 0),
    ("game/theme.rs", 0),
    ("game/settings.rs", 0),
    // Pixels on the CPU and the camera, knowing no game.
    ("game/draw/", 1),
    // The solver at the table, below the session, which asks it for a finished game's verdict.
    ("game/verdicts.rs", 2),
    ("game/session/", 3),
    ("game/table/", 4),
    // The card atlas, painted at the table's card size.
    ("game/draw/art/", 4),
    ("game/assistance/", 5),
    // Input runs first in the frame, but it only reads the others' resources (the session, the
    // table, Show me) and writes `Request`s, which the session reads next: a reader of all
    // below the panels, so it sits just under them.
    ("game/input/", 6),
    ("game/hud/", 7),
    ("game/overlays/", 7),
    ("game/audio.rs", 7),
    // Readers of everything on screen: the accessibility tree and the probe's lines.
    ("game/access/", 8),
    ("game/probe.rs", 8),
];

/// Imports from a file of `game/` to one of a higher rank, allowed, each with why: none.
const UPWARD: &[(&str, &str)] = &[];

/// A file's rank in `RANKS`, if it is in `game/` (but `game/mod.rs`, which builds the app).
fn rank(file: &Path) -> Option<u8> {
    let file = file.to_string_lossy().replace('\\', "/");
    RANKS
        .iter()
        .filter(|(prefix, _)| file.starts_with(prefix))
        .max_by_key(|(prefix, _)| prefix.len())
        .map(|&(_, rank)| rank)
}

/// Every import from a file of `game/` to one of a higher rank, but those in `UPWARD`.
fn upward(edges: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<String> {
    let mut found = Vec::new();
    for (from, tos) in edges {
        let name = from.to_string_lossy().replace('\\', "/");
        for to in tos {
            let (Some(a), Some(b)) = (rank(from), rank(to)) else {
                continue;
            };
            let to = to.to_string_lossy().replace('\\', "/");
            if b > a && !UPWARD.contains(&(name.as_str(), to.as_str())) {
                found.push(format!("{name} ({a}) imports {to} ({b})"));
            }
        }
    }
    found
}

#[test]
fn no_file_of_the_front_end_imports_one_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let edges = graph(&src);
    let unranked: Vec<_> = edges
        .keys()
        .map(|f| f.to_string_lossy().replace('\\', "/"))
        .filter(|f| f.starts_with("game/") && f != "game/mod.rs")
        .filter(|f| rank(Path::new(f)).is_none())
        .collect();
    assert!(
        unranked.is_empty(),
        "files with no rank in RANKS: {unranked:?}"
    );
    let found = upward(&edges);
    assert!(found.is_empty(), "imports from below: {found:#?}");
}

#[test]
fn the_ranks_find_an_import_from_below() {
    assert_eq!(rank(Path::new("game/draw/paint.rs")), Some(1));
    assert_eq!(rank(Path::new("game/draw/art/clear.rs")), Some(4));
    assert_eq!(rank(Path::new("game/mod.rs")), None);
    assert_eq!(rank(Path::new("patience/rules.rs")), None);
    let edges = BTreeMap::from([
        (
            PathBuf::from("game/session/requests.rs"),
            BTreeSet::from([
                PathBuf::from("game/settings.rs"),
                PathBuf::from("game/assistance/daily.rs"),
                PathBuf::from("patience/rules.rs"),
            ]),
        ),
        (
            PathBuf::from("game/input/drag.rs"),
            BTreeSet::from([PathBuf::from("game/table/mod.rs")]),
        ),
    ]);
    assert_eq!(
        upward(&edges),
        ["game/session/requests.rs (3) imports game/assistance/daily.rs (5)"]
    );
}
