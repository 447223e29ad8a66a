//! `metropolys verify`: replays records and checks them against their
//! expectations, one line per record.

use crate::common::{describe, read_text, shown, Failure, Outcome};
use metropolys_core::record::Record;
use std::path::{Path, PathBuf};

/// Options of `metropolys verify`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Replays each record (for a directory: every *.json file directly inside it,
in name order) and checks its \"expected\" part. For each record prints ok or
FAIL with the first illegal action (its index, the ruling it breaks) or the
first difference from \"expected\"; then a summary line `N passed, M failed`.
An unreadable file or malformed record counts as failed.

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

/// Checks every record named, prints one line each and the summary.
pub fn run(args: Args) -> Outcome {
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut fail = |what: &str, why: String| {
        outln!("FAIL  {what}: {why}");
        failed += 1;
    };
    for path in &args.paths {
        let files = if path.is_dir() {
            match records_in(path) {
                Ok(f) if f.is_empty() => {
                    fail(
                        &path.display().to_string(),
                        "no *.json records in this directory".into(),
                    );
                    continue;
                }
                Ok(f) => f,
                Err(e) => {
                    fail(&path.display().to_string(), e);
                    continue;
                }
            }
        } else {
            vec![path.clone()]
        };
        for file in files {
            let shown = shown(&file);
            match check_file(&file) {
                Ok(summary) => {
                    passed += 1;
                    if !args.quiet {
                        outln!("ok    {shown}: {summary}");
                    }
                }
                Err(why) => fail(&shown, why),
            }
        }
    }
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

fn records_in(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read directory: {e}"))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    Ok(files)
}

fn check_file(path: &Path) -> Result<String, String> {
    let text = read_text(path)?;
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
