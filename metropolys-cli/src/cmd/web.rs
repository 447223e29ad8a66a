//! `metropolys web DIR`: the offline web client as a static folder — the
//! page that plays a whole game in the browser, hot-seat and against bots
//! in Web Workers, with no game server — written from the files the server
//! embeds (`metropolys_server::web::offline_site`), so that any web server
//! can host it.

use crate::failure::{Failure, Outcome};
use crate::io::say;
use std::path::PathBuf;

/// Options of `metropolys web`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Then host the folder with any web server, for example:
  metropolys web site/ && python3 -m http.server --directory site 8000
and open http://localhost:8000/. A page opened from the disk (file://)
cannot load the engine: browsers load modules only over HTTP.")]
pub struct Args {
    /// The folder to write (created if missing; files of the same names
    /// are replaced, others left alone)
    pub dir: PathBuf,
}

/// Writes every file of the offline page under `args.dir`.
pub fn run(args: Args) -> Outcome {
    let files = metropolys_web::offline_site();
    let mut bytes = 0;
    for (path, content) in &files {
        let to = args.dir.join(path);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| Failure::Io(format!("{}: {e}", parent.display())))?;
        }
        std::fs::write(&to, content).map_err(|e| Failure::Io(format!("{}: {e}", to.display())))?;
        bytes += content.len();
    }
    say(&format!(
        "wrote the offline web client to {} ({} files, {} KiB); open index.html over HTTP\n",
        args.dir.display(),
        files.len(),
        bytes / 1024
    ));
    Ok(())
}
