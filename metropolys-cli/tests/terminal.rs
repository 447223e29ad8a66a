//! The terminal game (`metropolys play --seats`) as a person meets it:
//! `quit` saves and `--resume` continues, colour on a terminal only, lines
//! within 80 columns (issue 37).

mod common;
use common::{code, metropolys_in, robot_script, scratch, stderr, stdout};
use metropolys_core::Record;
use std::io::Write as _;
use std::process::{Command, Stdio};

#[test]
fn end_of_input_and_quit_leave_cleanly() {
    let dir = scratch("cli-quit");
    let o = metropolys_in(&dir, &["play", "--seats", "human,greedy"], "");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("End of input: the game stops unfinished during call 1."));
    // The end of input saves nothing unless --record names a file.
    assert!(!dir.join("metropolys-game.json").exists());
    let o = metropolys_in(&dir, &["play", "--seats", "greedy,human,random"], "quit\n");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("You quit: the game stops unfinished"));
    assert!(
        stdout(&o).contains("Game saved to metropolys-game.json"),
        "{}",
        stdout(&o)
    );
    assert!(dir.join("metropolys-game.json").exists());
}

/// Issue 37: `quit` saves a record (who sat where included) that `play
/// --resume FILE` continues to the end; the whole game's record verifies
/// and begins with the saved decisions.
#[test]
fn quit_saves_a_game_that_resume_continues() {
    let dir = scratch("cli-resume");
    let args = [
        "play",
        "--seats",
        r#"human,ismcts:{"iterations":30},greedy"#,
        "--seed",
        "3",
    ];
    let o = metropolys_in(&dir, &args, "0 5\npass\n1 6\npass\nquit\n");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let saved =
        Record::from_json(&std::fs::read_to_string(dir.join("metropolys-game.json")).unwrap())
            .unwrap();
    assert!(!saved.actions.is_empty());
    let kinds: Vec<&str> = saved
        .seats
        .as_ref()
        .unwrap()
        .iter()
        .map(|s| s.kind.as_str())
        .collect();
    assert_eq!(kinds, ["human", "ismcts", "greedy"]);
    let o = metropolys_in(
        &dir,
        &[
            "play",
            "--resume",
            "metropolys-game.json",
            "--record",
            "whole.json",
        ],
        &robot_script(),
    );
    let out = stdout(&o);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        out.contains(&format!("Resumed after {} decisions", saved.actions.len())),
        "{out}"
    );
    assert!(
        out.contains("seats: 0 Blue (you), 1 Brown (ismcts), 2 White (greedy)"),
        "{out}"
    );
    assert!(out.contains("13th building: the game ends after"), "{out}");
    let whole =
        Record::from_json(&std::fs::read_to_string(dir.join("whole.json")).unwrap()).unwrap();
    assert!(whole.verify().unwrap().is_over());
    assert_eq!(whole.actions[..saved.actions.len()], saved.actions[..]);
    assert_eq!(whole.config, saved.config);
    // A finished game has nothing to resume; a resumed game takes its
    // setup from the record, so setup options are usage errors.
    let o = metropolys_in(&dir, &["play", "--resume", "whole.json"], "");
    assert_eq!(code(&o), 1, "{}", stdout(&o));
    assert!(
        stderr(&o).contains("the game is over (R-17)"),
        "{}",
        stderr(&o)
    );
    let o = metropolys_in(
        &dir,
        &["play", "--resume", "metropolys-game.json", "--seed", "4"],
        "",
    );
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    let o = metropolys_in(
        &dir,
        &[
            "play",
            "--resume",
            "metropolys-game.json",
            "--seats",
            "human,greedy",
        ],
        "",
    );
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("has 3 seats, but 2 are named"),
        "{}",
        stderr(&o)
    );
    // --seats replaces the record's.
    let o = metropolys_in(
        &dir,
        &[
            "play",
            "--resume",
            "metropolys-game.json",
            "--seats",
            "human,random,random",
        ],
        "quit\n",
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stdout(&o).contains("1 Brown (random), 2 White (random)"),
        "{}",
        stdout(&o)
    );
}

/// Issue 37: colour only on a terminal, and never with NO_COLOR; 80
/// columns in a pipe. The terminal is a pseudo-terminal made by
/// util-linux's `script`, when the machine has it.
#[test]
fn colour_on_a_terminal_unless_no_color() {
    let dir = scratch("cli-tty");
    let o = metropolys_in(&dir, &["play", "--seats", "human,greedy"], "quit\n");
    assert!(!stdout(&o).contains('\u{1b}'), "escapes in a pipe");
    // (At a terminal the person's typing ends the prompt's line.)
    let lines = stdout(&o);
    let widest = lines
        .lines()
        .map(|l| l.rsplit("(you) > ").next().unwrap())
        .map(|l| l.chars().count())
        .max();
    assert!(widest <= Some(80), "{lines}");
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped the terminal half: no `script` (util-linux) on this machine");
        return;
    }
    let run = |no_color: Option<&str>| -> String {
        let bin = env!("CARGO_BIN_EXE_metropolys");
        let mut cmd = Command::new("script");
        cmd.args([
            "-qec",
            &format!("{bin} play --seats human,greedy"),
            "/dev/null",
        ])
        .current_dir(&*dir)
        .env("COLUMNS", "100")
        .env_remove("NO_COLOR");
        if let Some(v) = no_color {
            cmd.env("NO_COLOR", v);
        }
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(b"quit\n").unwrap();
        String::from_utf8_lossy(&child.wait_with_output().unwrap().stdout).into_owned()
    };
    let coloured = run(None);
    assert!(coloured.contains("\u{1b}["), "{coloured}");
    assert!(coloured.contains("Game saved to"), "{coloured}");
    let plain = run(Some("1"));
    assert!(!plain.contains("\u{1b}["), "{plain}");
    assert!(plain.contains("Game saved to"), "{plain}");
}
