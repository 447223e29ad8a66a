//! What the command's tests share: running the binary (with a standard
//! input, in a directory) and reading what it wrote, and scratch
//! directories, each removed with what the test wrote in it when the test
//! drops it.
// Not every test file uses every helper.
#![allow(dead_code)]

use std::io::Write as _;
use std::ops::Deref;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs the binary with `args`.
pub fn metropolys(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_metropolys"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs the binary in `dir` with `input` as its standard input.
pub fn metropolys_in(dir: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_metropolys"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("a piped stdin");
    let input = input.to_string();
    // Write from a thread: the program may end (and close its input)
    // before the whole script is read.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("the binary ends");
    let _ = writer.join();
    out
}

/// Runs the binary with `input` as its standard input.
pub fn metropolys_with_input(args: &[&str], input: &str) -> Output {
    metropolys_in(Path::new("."), args, input)
}

/// What the binary wrote on its standard output.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What the binary wrote on its standard error.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Its exit status.
pub fn code(o: &Output) -> i32 {
    o.status.code().expect("exited")
}

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
pub fn robot_script() -> String {
    let mut cycle = String::new();
    for b in 1..=13 {
        for n in 0..55 {
            cycle.push_str(&format!("pass\n{n} {b}\n"));
        }
    }
    cycle.repeat(20)
}
