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
