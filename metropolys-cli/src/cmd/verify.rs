//! `metropolys verify`: replays records and checks them against their
//! expectations, one line per record.

use crate::failure::{describe, Failure, Outcome};
use crate::io::{progress_bar, read_text, regular_file, shown};
use metropolys_core::record::Record;
use std::path::{Path, PathBuf};

/// Options of `metropolys verify`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Replays each record (for a directory: every *.json file directly inside it,
in name order) and checks its \"expected\" part. For each record prints ok or
FAIL with the first illegal action (its index, the ruling it breaks) or the
first difference from \"expected\"; then a summary line `N passed, M failed`.
An unreadable file or malformed record counts as failed, and so does every
*.json entry that is a dangling link, a FIFO or anything but a regular file
(such entries are never opened, so verify never blocks on one).

Exit status: 0 if every record passed, 1 if any failed, 2 on usage errors.")]
pub struct Args {
    /// Record files or directories of records ('-': one record on standard
    /// input)
    #[arg(value_name = "FILE|DIR", required = true)]
    pub paths: Vec<PathBuf>,
    /// Print only failures and the summary
    #[arg(short, long)]
    pub quiet: bool,
}

/// What to check, in order: a record file, or a path that already failed
/// (an empty or unreadable directory).
enum Item {
    File(PathBuf),
    Failed(String, String),
}

/// Checks every record named, prints one line each and the summary. With
/// standard error on a terminal, a progress bar counts the records checked.
pub fn run(args: Args) -> Outcome {
    let mut items = Vec::new();
    for path in &args.paths {
        if path.is_dir() {
            match records_in(path) {
                Ok(f) if f.is_empty() => items.push(Item::Failed(
                    path.display().to_string(),
                    "no *.json records in this directory".into(),
                )),
                Ok(f) => items.extend(f),
                Err(e) => items.push(Item::Failed(path.display().to_string(), e)),
            }
        } else {
            items.push(Item::File(path.clone()));
        }
    }
    let progress = progress_bar(
        items.len() as u64,
        "{bar:40} {pos}/{len} records checked ({elapsed})",
        true,
    );
    let (mut passed, mut failed) = (0usize, 0usize);
    for item in items {
        let (what, result) = match item {
            Item::Failed(what, why) => (what, Err(why)),
            Item::File(file) => (shown(&file), check_file(&file)),
        };
        progress.suspend(|| match result {
            Ok(summary) => {
                passed += 1;
                if !args.quiet {
                    outln!("ok    {what}: {summary}");
                }
            }
            Err(why) => {
                failed += 1;
                outln!("FAIL  {what}: {why}");
            }
        });
        progress.inc(1);
    }
    progress.finish_and_clear();
    outln!("{passed} passed, {failed} failed");
    if failed == 0 {
        Ok(())
    } else {
        Err(Failure::Invalid(format!(
            "{failed} record{} failed",
            if failed == 1 { "" } else { "s" }
        )))
    }
}

/// The `*.json` entries of a directory, in name order. Entries that cannot
/// be listed, dangling links and anything that is not a regular file (a
/// FIFO is never opened) are failures, named with their reason.
fn records_in(dir: &Path) -> Result<Vec<Item>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read directory: {e}"))?;
    let mut items: Vec<(PathBuf, Item)> = Vec::new();
    for entry in entries {
        let path = match entry {
            Ok(e) => e.path(),
            Err(e) => {
                let what = dir.display().to_string();
                items.push((
                    dir.to_path_buf(),
                    Item::Failed(what, format!("cannot read a directory entry: {e}")),
                ));
                continue;
            }
        };
        if path.extension().is_none_or(|x| x != "json") {
            continue;
        }
        let item = match regular_file(&path) {
            Ok(()) => Item::File(path.clone()),
            Err(why) => Item::Failed(path.display().to_string(), why),
        };
        items.push((path, item));
    }
    items.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(items.into_iter().map(|(_, i)| i).collect())
}

fn check_file(path: &Path) -> Result<String, String> {
    let text = read_text(path).map_err(|e| e.to_string())?;
    let record = Record::from_json(&text).map_err(|e| e.to_string())?;
    let end = record.verify().map_err(|e| describe(&e))?;
    let expected = record.expected.as_ref();
    let mut parts = vec![format!("{} actions", record.actions.len())];
    if let Some(err) = expected.and_then(|e| e.error.as_ref()) {
        parts.push(format!("action {} rejected with {}", err.index, err.rule));
    } else if end.is_over() {
        parts.push(format!("game over after {} calls", end.call_number()));
    } else {
        parts.push(format!("call {}", end.call_number()));
    }
    match expected {
        None => parts.push("nothing expected".into()),
        Some(e) => {
            let checked: Vec<&str> = [
                ("game_over", e.game_over.is_some()),
                ("totals", e.totals.is_some()),
                ("winners", e.winners.is_some()),
                ("scores", e.scores.is_some()),
                ("error", e.error.is_some()),
            ]
            .iter()
            .filter(|(_, on)| *on)
            .map(|(name, _)| *name)
            .collect();
            parts.push(format!("checked {}", checked.join(", ")));
        }
    }
    Ok(parts.join("; "))
}
