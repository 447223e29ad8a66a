//! Scratch directories for the command's tests: each is removed, with what
//! the test wrote in it, when the test drops it.

use std::ops::Deref;
use std::path::Path;

/// A fresh directory, removed on drop; it reads as its path.
pub struct Scratch(tempfile::TempDir);

impl Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        self.0.path()
    }
}

/// A fresh scratch directory whose name starts with `metropolys-{name}-`.
pub fn scratch(name: &str) -> Scratch {
    Scratch(
        tempfile::Builder::new()
            .prefix(&format!("metropolys-{name}-"))
            .tempdir()
            .expect("a scratch directory"),
    )
}

/// Lines that play any game to its end without knowing it: before each bid
/// the person tries `pass`, so whenever passing is allowed they pass, and
/// as the opener of a call (who may not pass, R-7) they try every bid in
/// turn until one is legal.
#[allow(dead_code)] // not every test file plays whole games
pub fn robot_script() -> String {
    let mut cycle = String::new();
    for b in 1..=13 {
        for n in 0..55 {
            cycle.push_str(&format!("pass\n{n} {b}\n"));
        }
    }
    cycle.repeat(20)
}
