//! A player's own patiences: the files in the data folder's `patiences/`, each a patience of
//! the game once it is sound. A file that is not says why (the file, the line, the field) and
//! is left where it is, for the player to mend; every other patience stays playable.

use super::patience::{FilePatience, add};
use crate::patience::Patience;
use std::path::Path;

/// The sound files of `dir` (`*.ron`, in the order of their names), added as patiences, and a
/// notice for each that is not. `taken`: the names of the game's own patiences, which a
/// player's file may not take.
pub fn load(dir: &Path, taken: &[&str]) -> (Vec<&'static dyn Patience>, Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return (Vec::new(), Vec::new());
    };
    let mut paths: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    paths.sort();
    let (mut added, mut notices) = (Vec::new(), Vec::new());
    let mut names: Vec<String> = Vec::new();
    for path in paths {
        match check(&path, taken, &names) {
            Ok(file) => match add(&file) {
                Ok(c) => {
                    names.push(c.file.name.clone());
                    added.push(FilePatience::of(c) as &'static dyn Patience);
                }
                Err(e) => notices.push(refused(&e)),
            },
            Err(e) => notices.push(refused(&e)),
        }
    }
    (added, notices)
}

/// Whether a sound file of `dir` is the patience called `name` (the window's `--patience`,
/// checked before the data folder is read).
pub fn has(dir: &Path, name: &str) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .filter_map(|p| check(&p, &[], &[]).ok())
        .any(|file| file.name.eq_ignore_ascii_case(name))
}

/// `why` names the file first.
fn refused(why: &str) -> String {
    format!("Your patience file was not read: {why}")
}

/// A patience file read and checked: `zodiac check` and the data folder's files.
pub fn check(path: &Path, taken: &[&str], also: &[String]) -> Result<super::PatienceFile, String> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: cannot read it: {e}"))?;
    let compiled = super::parse(&name, &text)?;
    let file = compiled.file;
    let same = |t: &str| t.eq_ignore_ascii_case(&file.name);
    let clash = taken.iter().any(|t| same(t))
        || also.iter().any(|t| same(t))
        || super::shipped().iter().any(|c| same(&c.file.name));
    if clash {
        return Err(format!(
            "{name}: name: {:?} is a patience of the game already; give yours another name",
            file.name
        ));
    }
    // Another rule set goes by its own name, which no rule set of the game may have.
    for other in &file.rule_sets {
        let same = |t: &str| t.eq_ignore_ascii_case(&other.name);
        if super::shipped()
            .iter()
            .any(|c| same(c.file.rule_set_name()))
            || same(&file.name)
        {
            return Err(format!(
                "{name}: rule_sets: {:?} is a rule set of the game already; give yours another name",
                other.name
            ));
        }
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn four_seasons() -> String {
        super::super::SHIPPED[0].1.to_string()
    }

    fn write(dir: &Path, name: &str, text: &str) {
        std::fs::write(dir.join(name), text).unwrap();
    }

    /// Broken files say what is wrong and where, and the sound one beside them is played.
    #[test]
    fn a_bad_file_says_why_and_the_others_are_played() {
        let dir = std::env::temp_dir().join(format!("zodiac-mine-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mine = four_seasons().replace("\"four-seasons\"", "\"my-seasons\"");
        write(&dir, "a-good.ron", &mine);
        write(
            &dir,
            "b-missing.ron",
            &mine.replace("    title: \"Four Seasons\",\n", ""),
        );
        write(
            &dir,
            "c-kind.ron",
            &mine
                .replace("kind: Waste", "kind: Wastebasket")
                .replace("my-seasons", "my-c"),
        );
        let more = mine.replace("Row(group: \"pile\")", "Row(group: \"pile\"), Row(group: \"pile\"), Row(group: \"pile\"), Row(group: \"pile\"), Row(group: \"pile\"), Row(group: \"pile\"), Row(group: \"pile\"), Row(group: \"pile\"), Row(group: \"pile\"), Row(group: \"pile\"), Row(group: \"pile\")").replace("my-seasons", "my-d");
        write(&dir, "d-too-many.ron", &more);
        let wide = mine
            .replace("count: Some(5)", "count: Some(90)")
            .replace(
                "Row(group: \"pile\")",
                "Row(group: \"pile\", last: Some(5))",
            )
            .replace("my-seasons", "my-e");
        write(&dir, "e-wide.ron", &wide);
        write(&dir, "f-taken.ron", &four_seasons());
        let (added, notices) = load(&dir, &["zodiac", "klondike"]);
        let names: Vec<&str> = added.iter().map(|p| p.name()).collect();
        assert_eq!(names, ["my-seasons"]);
        let said = notices.join("\n");
        println!("{said}");
        assert_eq!(notices.len(), 5, "{said}");
        assert!(
            notices[0].contains("b-missing.ron") && notices[0].contains("title"),
            "{said}"
        );
        assert!(
            notices[1].contains("c-kind.ron") && notices[1].contains("line"),
            "{said}"
        );
        assert!(
            notices[2].contains("d-too-many.ron") && notices[2].contains("the pack has 52"),
            "{said}"
        );
        assert!(
            notices[3].contains("e-wide.ron") && notices[3].contains("layout"),
            "{said}"
        );
        assert!(
            notices[4].contains("f-taken.ron") && notices[4].contains("another name"),
            "{said}"
        );
        let game = added[0]
            .new_game("my-seasons", crate::cards::DealNumber::new(3).unwrap())
            .unwrap();
        assert_eq!(
            added[0].load(&game.record()).unwrap().record(),
            game.record()
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
