//! The `metropolys` binary: every subcommand, success and error paths.

mod common;
use common::{code, metropolys, scratch, stderr, stdout};
use metropolys_core::{Event, Record, Token};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn vectors() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/conformance")
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The decisions a record plays (its actions: the passes the engine
/// applies, R-11, are not decisions) and its calls (one construction each,
/// plus the call going on, if it has a bid).
fn decisions_and_calls(record: &Record) -> (usize, usize) {
    let replay = record.replay().unwrap();
    let built = replay
        .events
        .iter()
        .flatten()
        .filter(|e| matches!(e, Event::Constructed { .. }))
        .count();
    (
        record.actions.len(),
        built + usize::from(!replay.final_state().bids().is_empty()),
    )
}

/// The HTML replay's embedded data: one step per decision after the setup,
/// one account per call; the board drawn once, no network, no emoji.
fn check_replay_page(page: &str, record: &Record) -> serde_json::Value {
    let data = page
        .split(r#"<script id="replay-data" type="application/json">"#)
        .nth(1)
        .and_then(|s| s.split("</script>").next())
        .expect("the replay data");
    let data: serde_json::Value = serde_json::from_str(data).unwrap();
    let (decisions, calls) = decisions_and_calls(record);
    assert_eq!(data["steps"].as_array().unwrap().len(), decisions + 1);
    assert_eq!(data["calls"].as_array().unwrap().len(), calls);
    // The last step shows the position reached: each seat's total as its
    // score sheet has it, and each token on its neighborhood.
    let last = data["steps"].as_array().unwrap().last().unwrap();
    let replay = record.replay().unwrap();
    let end = replay.final_state();
    let sheets: Vec<i64> = end.scores().iter().map(|s| i64::from(s.total)).collect();
    let shown: Vec<i64> = last[7]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    assert_eq!(shown, sheets);
    let tokens = last[4].as_array().unwrap();
    let on_board = (0..metropolys_core::NEIGHBORHOOD_COUNT as u8)
        .filter(|&n| end.token_at(n).is_some())
        .count();
    assert_eq!(tokens.len(), on_board);
    for t in tokens {
        let (n, i) = (
            t[0].as_u64().unwrap() as u8,
            t[1].as_u64().unwrap() as usize,
        );
        assert_eq!(end.token_at(n), Some(Token::ALL[i]));
    }
    // The legend of the seats' colours, one entry per seat.
    let legend = page.split(r#"<p class="key" id="seats">"#).nth(1).unwrap();
    let legend = legend.split("</p>").next().unwrap();
    assert_eq!(
        legend.matches(r#"class="seat""#).count(),
        usize::from(record.config.players)
    );
    assert_eq!(page.matches(r#"class="districts""#).count(), 1);
    assert_eq!(page.matches(r#"<g id="pieces">"#).count(), 1);
    assert!(!page.contains("src=\"http") && !page.contains("href=\"http"));
    assert!(page.contains("ArrowRight") && page.contains("ArrowLeft"));
    // Controls in inline SVG or text: no arrows or media symbols that need
    // an emoji or symbol font (the minus sign of negative points is in
    // every text font).
    assert!(
        !page.chars().any(
            |c| (('\u{2190}'..='\u{2BFF}').contains(&c) && c != '\u{2212}') || c >= '\u{1F000}'
        ),
        "symbol characters in the page"
    );
    data
}

#[test]
fn help_and_version() {
    let o = metropolys(&["--help"]);
    assert_eq!(code(&o), 0);
    for word in ["play", "replay", "verify", "Exit status"] {
        assert!(stdout(&o).contains(word), "{word}");
    }
    let o = metropolys(&["--version"]);
    assert_eq!(code(&o), 0);
    assert_eq!(
        stdout(&o).trim(),
        format!("metropolys {}", env!("CARGO_PKG_VERSION"))
    );
    for cmd in ["play", "replay", "verify"] {
        let o = metropolys(&[cmd, "--help"]);
        assert_eq!(code(&o), 0, "{cmd}");
        assert!(
            stdout(&o).contains(&format!("Usage: metropolys {cmd}")),
            "{cmd}"
        );
        let o = metropolys(&["help", cmd]);
        assert_eq!(code(&o), 0);
        assert!(stdout(&o).contains("Usage"));
    }
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &[][..],
        &["dance"][..],
        &["--frobnicate"][..],
        &["play", "--players"][..],
        &["play", "--players", "four"][..],
        &["play", "--variant", "solo"][..],
        &["play", "--seed", "-1"][..],
        &["play", "--colour", "red"][..],
        &["replay"][..],
        &["replay", "a.json", "b.json"][..],
        &["verify"][..],
        &["verify", "--fast", "x"][..],
        &["help", "dance"][..],
    ] {
        let o = metropolys(args);
        assert_eq!(code(&o), 2, "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).starts_with("metropolys: "), "{args:?}");
    }
}

#[test]
fn play_tells_the_game_and_writes_a_record_that_verifies() {
    let dir = scratch("cli-test");
    let rec = dir.join("game.json");
    let html = dir.join("game.html");
    let o = metropolys(&[
        "play",
        "--players",
        "4",
        "--variant",
        "expert",
        "--seed",
        "2008",
        "--record",
        s(&rec),
        "--html",
        s(&html),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    for needle in [
        "Metropolys · Expert game · 4 players · seed 2008",
        "Call 1: Blue opens.",
        " bids ",
        "passes",
        "cannot outbid and passes.",
        " wins call ",
        "takes the",
        "Final score",
        "Highest buildings",
        "Total",
        "13th building: the game ends after",
    ] {
        assert!(out.contains(needle), "missing {needle:?}");
    }
    assert!(out.contains("Winner: ") || out.contains("Shared victory"));

    let record = Record::from_json(&std::fs::read_to_string(&rec).unwrap()).unwrap();
    let end = record.verify().unwrap();
    assert!(end.is_over());
    assert!(record.expected.as_ref().unwrap().scores.is_some());

    // One board per call, no network.
    let page = std::fs::read_to_string(&html).unwrap();
    let data = check_replay_page(&page, &record);
    assert_eq!(
        data["calls"].as_array().unwrap().len(),
        end.call_number() as usize
    );
    // A whole game (4 players, Expert) is a few hundred KB, not megabytes.
    assert!(page.len() < 400_000, "{} bytes", page.len());
    // The score sheet is shown at the last step only.
    assert!(page.contains(r#"<div id="sheet" hidden>"#));
    // The colour key: malls red, administrations blue, as on the printed board.
    assert!(page.contains("background:#e5685b\"></span> mall"));
    assert!(page.contains("background:#6e9ae6\"></span> administration"));

    // play → record → verify.
    let o = metropolys(&["verify", s(&rec)]);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert!(stdout(&o).contains("1 passed, 0 failed"));

    // Deterministic: the same command gives the same record.
    let again = dir.join("again.json");
    let o = metropolys(&[
        "play",
        "--players",
        "4",
        "--variant",
        "expert",
        "--seed",
        "2008",
        "--record",
        s(&again),
        "--quiet",
    ]);
    assert_eq!(code(&o), 0);
    assert!(stdout(&o).starts_with("Final score"));
    assert_eq!(
        std::fs::read_to_string(&rec).unwrap(),
        std::fs::read_to_string(&again).unwrap()
    );
}

#[test]
fn play_reproduces_the_seeded_conformance_games() {
    let dir = scratch("cli-test");
    for (file, args) in [
        (
            "game-2p-family-seed-1.json",
            vec!["--players", "2", "--variant", "family", "--seed", "1"],
        ),
        (
            "game-3p-expert-seed-4.json",
            vec!["--players", "3", "--variant", "expert", "--seed", "4"],
        ),
        (
            "game-3p-family-start-2-seed-103.json",
            vec!["--players", "3", "--seed", "103", "--start-player", "2"],
        ),
    ] {
        let out = dir.join(file);
        let mut a = vec!["play", "--quiet", "--record", s(&out)];
        a.extend(args);
        assert_eq!(code(&metropolys(&a)), 0);
        let mine = Record::from_json(&std::fs::read_to_string(&out).unwrap()).unwrap();
        let theirs =
            Record::from_json(&std::fs::read_to_string(vectors().join(file)).unwrap()).unwrap();
        assert_eq!(mine.config, theirs.config, "{file}");
        assert_eq!(mine.actions, theirs.actions, "{file}");
        assert_eq!(mine.expected, theirs.expected, "{file}");
    }
    // --config with explicit parts.
    let theirs = Record::from_json(
        &std::fs::read_to_string(vectors().join("game-3p-expert-metropolys-cards-seed-7.json"))
            .unwrap(),
    )
    .unwrap();
    let cfg = dir.join("config.json");
    std::fs::write(&cfg, serde_json::to_string(&theirs.config).unwrap()).unwrap();
    let out = dir.join("g7.json");
    let o = metropolys(&["play", "--config", s(&cfg), "--record", s(&out)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("Metropolys card"));
    let mine = Record::from_json(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(mine.actions, theirs.actions);
}

#[test]
fn play_rejects_illegal_configurations_and_unwritable_files() {
    let o = metropolys(&["play", "--players", "5"]);
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).contains("R-1"), "{}", stderr(&o));
    let o = metropolys(&["play", "--players", "3", "--start-player", "3"]);
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).contains("R-1"));

    let dir = scratch("cli-test");
    let cfg = dir.join("bad.json");
    std::fs::write(&cfg, r#"{"players": 2, "out_of_play": ["north", "south"]}"#).unwrap();
    let o = metropolys(&["play", "--config", s(&cfg)]);
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).contains("R-2"), "{}", stderr(&o));
    std::fs::write(&cfg, r#"{"players": 2, "colour": "red"}"#).unwrap();
    let o = metropolys(&["play", "--config", s(&cfg)]);
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).contains("unknown field"), "{}", stderr(&o));
    let o = metropolys(&["play", "--config", s(&dir.join("missing.json"))]);
    assert_eq!(code(&o), 3);
    assert!(stderr(&o).contains("cannot read"));

    let o = metropolys(&[
        "play",
        "--record",
        s(&dir.join("no/such/dir/game.json")),
        "--quiet",
    ]);
    assert_eq!(code(&o), 3);
    assert!(stderr(&o).contains("cannot write"));
}

#[test]
fn replay_tells_the_same_game_and_steps_decision_by_decision() {
    let dir = scratch("cli-test");
    let rec = dir.join("game.json");
    let played = metropolys(&[
        "play",
        "--players",
        "3",
        "--variant",
        "family",
        "--seed",
        "11",
        "--record",
        s(&rec),
    ]);
    assert_eq!(code(&played), 0);
    let html = dir.join("replay.html");
    let o = metropolys(&["replay", s(&rec), "--html", s(&html)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let told = stdout(&o);
    assert!(told.contains("Check: every expectation met."));
    // The calls are told exactly as `play` told them.
    let calls = |text: &str| -> String {
        let start = text.find("Call 1:").unwrap();
        let end = text.find("Final score").unwrap();
        text[start..end].to_string()
    };
    assert_eq!(calls(&told), calls(&stdout(&played)));
    let record = Record::from_json(&std::fs::read_to_string(&rec).unwrap()).unwrap();
    let page = std::fs::read_to_string(&html).unwrap();
    check_replay_page(&page, &record);

    // A record that stops in the middle of a call: the call going on gets a
    // board too.
    let mut partial = record.clone();
    partial.actions.truncate(7);
    partial.expected = None;
    let cut = dir.join("partial.json");
    std::fs::write(&cut, partial.to_json_readable()).unwrap();
    let html = dir.join("partial.html");
    let o = metropolys(&["replay", s(&cut), "--html", s(&html)]);
    assert_eq!(code(&o), 0);
    assert!(stdout(&o).contains("The record stops during call"));
    assert!(stdout(&o).contains("no expectations to check"));
    let page = std::fs::read_to_string(&html).unwrap();
    let data = check_replay_page(&page, &partial);
    // The last step is in the call going on.
    assert_eq!(data["over"], false);
    let last_call = data["steps"].as_array().unwrap().last().unwrap()[0].clone();
    assert_eq!(last_call, data["calls"].as_array().unwrap().len() - 1);
}

#[test]
fn replay_errors() {
    let dir = scratch("cli-test");
    let o = metropolys(&["replay", s(&dir.join("missing.json"))]);
    assert_eq!(code(&o), 3);
    assert!(stderr(&o).contains("cannot read"));

    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{ not json").unwrap();
    let o = metropolys(&["replay", s(&bad)]);
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).contains("malformed JSON"), "{}", stderr(&o));

    std::fs::write(
        &bad,
        r#"{"format": "metropolys-record", "version": 1, "config": {"players": 5}, "actions": []}"#,
    )
    .unwrap();
    let o = metropolys(&["replay", s(&bad)]);
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).contains("R-1"), "{}", stderr(&o));

    // An illegal action: the account up to it, then the error naming the rule.
    std::fs::write(
        &bad,
        r#"{"format": "metropolys-record", "version": 1, "config": {"players": 2},
            "actions": [{"player": 0, "action": {"bid": {"neighborhood": 1, "building": 3}}},
                        {"player": 1, "action": {"bid": {"neighborhood": 3, "building": 5}}}]}"#,
    )
    .unwrap();
    let o = metropolys(&["replay", s(&bad)]);
    assert_eq!(code(&o), 1);
    assert!(
        stdout(&o).contains("Blue bids 3 on 1 (center, housing)."),
        "{}",
        stdout(&o)
    );
    assert!(stderr(&o).contains("action 1"), "{}", stderr(&o));
    assert!(stderr(&o).contains("R-9"), "{}", stderr(&o));

    // A rejection vector replays fine.
    let o = metropolys(&[
        "replay",
        s(&vectors().join("r09-outbid-not-higher-rejected.json")),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("rejected as expected (R-9)"));
}

#[test]
fn verify_the_conformance_directory() {
    let o = metropolys(&["verify", s(&vectors())]);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    let out = stdout(&o);
    let n = std::fs::read_dir(vectors())
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "json")
        })
        .count();
    assert!(out.ends_with(&format!("{n} passed, 0 failed\n")), "{out}");
    assert_eq!(out.matches("\nok    ").count() + 1, n);
    let o = metropolys(&["verify", "--quiet", s(&vectors())]);
    assert_eq!(stdout(&o), format!("{n} passed, 0 failed\n"));
}

#[test]
fn verify_reports_each_failure_and_exits_1() {
    let dir = scratch("cli-test");
    let good = vectors().join("r14-subway-card-tie.json");
    let text = std::fs::read_to_string(&good).unwrap();
    let mut record = Record::from_json(&text).unwrap();

    // A wrong total.
    record.expected.as_mut().unwrap().totals = Some(vec![7, 5]);
    std::fs::write(dir.join("a-wrong-total.json"), record.to_json_readable()).unwrap();
    // An illegal action: an outbid not adjacent to the most recent bid.
    let mut illegal = Record::from_json(&text).unwrap();
    illegal.actions[3].action = metropolys_core::Action::bid(40, 3);
    std::fs::write(dir.join("b-illegal.json"), illegal.to_json_readable()).unwrap();
    // Malformed JSON, an unknown field, another format.
    std::fs::write(dir.join("c-malformed.json"), "{\"format\": ").unwrap();
    std::fs::write(
        dir.join("d-unknown-field.json"),
        text.replacen("\"version\": 1,", "\"version\": 1, \"colour\": \"red\",", 1),
    )
    .unwrap();
    std::fs::write(
        dir.join("e-format.json"),
        text.replacen("\"version\": 1,", "\"version\": 2,", 1),
    )
    .unwrap();
    // Not a record: ignored, only *.json counts.
    std::fs::write(dir.join("notes.txt"), "hello").unwrap();

    let o = metropolys(&["verify", s(&dir), s(&good), s(&dir.join("missing.json"))]);
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    let line = |name: &str| -> String {
        out.lines()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("no line for {name} in {out}"))
            .to_string()
    };
    assert!(line("a-wrong-total").starts_with("FAIL"));
    assert!(line("a-wrong-total").contains("expected totals [7,5], but replaying gives [7,4]"));
    assert!(line("b-illegal").contains("action 3"));
    assert!(line("b-illegal").contains("R-9"));
    assert!(line("c-malformed").contains("malformed JSON"));
    assert!(line("d-unknown-field").contains("unknown field `colour`"));
    assert!(line("e-format").contains("version 2"));
    assert!(line("missing.json").contains("cannot read"));
    assert!(line("r14-subway-card-tie").starts_with("ok"));
    assert!(!out.contains("notes.txt"));
    // Sorted by name within the directory.
    assert!(out.find("a-wrong-total").unwrap() < out.find("b-illegal").unwrap());
    assert!(out.ends_with("1 passed, 6 failed\n"), "{out}");

    // An empty directory is a failure, not a silent pass.
    let empty = scratch("cli-test");
    let o = metropolys(&["verify", s(&empty)]);
    assert_eq!(code(&o), 1);
    assert!(stdout(&o).contains("no *.json records"));
}

#[test]
fn conventional_options_suggestions_and_standard_input() {
    // --opt=value, short options, and the long form give the same game.
    let a = metropolys(&["play", "--players=3", "--seed=4", "--quiet"]);
    let b = metropolys(&["play", "-p", "3", "-s", "4", "-q"]);
    let c = metropolys(&["play", "--players", "3", "--seed", "4", "--quiet"]);
    assert_eq!(code(&a), 0, "{}", stderr(&a));
    assert_eq!(stdout(&a), stdout(&b));
    assert_eq!(stdout(&a), stdout(&c));

    // "Did you mean": misspelt commands, options and values.
    let o = metropolys(&["plya"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("'play'"), "{}", stderr(&o));
    let o = metropolys(&["play", "--playrs", "3"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("--players"), "{}", stderr(&o));
    let o = metropolys(&["play", "--variant", "expret"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("expert"), "{}", stderr(&o));

    // `-` reads the record (replay, verify) or the configuration (play)
    // from standard input.
    let rec = vectors().join("r14-subway-card-tie.json");
    let stdin_of = |args: &[&str]| -> Output {
        use std::io::Write as _;
        let mut child = Command::new(env!("CARGO_BIN_EXE_metropolys"))
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(&std::fs::read(&rec).unwrap())
            .unwrap();
        child.wait_with_output().unwrap()
    };
    let o = stdin_of(&["replay", "-"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("record standard input"));
    assert!(stdout(&o).contains("Check: every expectation met."));
    let o = stdin_of(&["verify", "-"]);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert!(stdout(&o).starts_with("ok    standard input: "));
    let config = Record::from_json(&std::fs::read_to_string(&rec).unwrap())
        .unwrap()
        .config;
    let dir = scratch("cli-test");
    let cfg = dir.join("config.json");
    std::fs::write(&cfg, serde_json::to_string(&config).unwrap()).unwrap();
    let from_file = metropolys(&["play", "--config", s(&cfg), "--quiet"]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_metropolys"))
        .args(["play", "--config", "-", "--quiet"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write as _;
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all(serde_json::to_string(&config).unwrap().as_bytes())
            .unwrap();
    }
    let from_stdin = child.wait_with_output().unwrap();
    assert_eq!(code(&from_stdin), 0);
    assert_eq!(stdout(&from_stdin), stdout(&from_file));
}

#[test]
fn shell_completions() {
    for (shell, needle) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef metropolys"),
        ("fish", "complete -c metropolys"),
    ] {
        let o = metropolys(&["completions", shell]);
        assert_eq!(code(&o), 0, "{shell}");
        let script = stdout(&o);
        assert!(script.contains(needle), "{shell}: {script}");
        // Generated from the same definitions as the parser.
        for word in ["play", "replay", "verify", "players", "start-player"] {
            assert!(script.contains(word), "{shell}: {word}");
        }
    }
    let o = metropolys(&["completions", "tcsh"]);
    assert_eq!(code(&o), 2);
}

/// Runs the binary with standard output a pipe closed before it writes.
fn with_stdout_closed(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_metropolys"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.wait_with_output().unwrap()
}

#[test]
fn requested_files_are_written_whatever_happens_to_standard_output() {
    // `metropolys play --record g.json --html g.html | head -1`
    let dir = scratch("cli-test");
    let (rec, html) = (dir.join("g.json"), dir.join("g.html"));
    let o = with_stdout_closed(&["play", "--record", s(&rec), "--html", s(&html)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(rec.is_file() && html.is_file());
    let record = Record::from_json(&std::fs::read_to_string(&rec).unwrap()).unwrap();
    assert!(record.verify().unwrap().is_over());
    assert!(std::fs::read_to_string(&html)
        .unwrap()
        .ends_with("</html>\n"));
    // The same through a real shell pipe.
    let sh = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "'{}' play --record '{}' --html '{}' | head -1",
            env!("CARGO_BIN_EXE_metropolys"),
            dir.join("h.json").display(),
            dir.join("h.html").display()
        ))
        .output()
        .unwrap();
    assert_eq!(code(&sh), 0);
    assert!(dir.join("h.json").is_file() && dir.join("h.html").is_file());

    let o = with_stdout_closed(&["replay", s(&rec), "--html", s(&dir.join("r.html"))]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(dir.join("r.html").is_file());

    // One file cannot be written: the other still is, and the status says so.
    let o = metropolys(&[
        "play",
        "--record",
        s(&dir.join("no/such/dir/g.json")),
        "--html",
        s(&dir.join("still.html")),
    ]);
    assert_eq!(code(&o), 3);
    assert!(stderr(&o).contains("cannot write"), "{}", stderr(&o));
    assert!(dir.join("still.html").is_file());
}

#[test]
fn failures_are_never_reported_as_success() {
    // A failing record behind a closed pipe still fails the command.
    let dir = scratch("cli-test");
    std::fs::write(dir.join("bad.json"), "{ not json").unwrap();
    let o = with_stdout_closed(&["verify", s(&vectors()), s(&dir.join("bad.json"))]);
    assert_eq!(code(&o), 1);
    // So does a record whose expectations fail, with its replay written.
    let mut record = Record::from_json(
        &std::fs::read_to_string(vectors().join("r14-subway-card-tie.json")).unwrap(),
    )
    .unwrap();
    record.expected.as_mut().unwrap().totals = Some(vec![7, 5]);
    let wrong = dir.join("wrong.json");
    std::fs::write(&wrong, record.to_json_readable()).unwrap();
    let html = dir.join("wrong.html");
    let o = with_stdout_closed(&["replay", s(&wrong), "--html", s(&html)]);
    assert_eq!(code(&o), 1);
    assert!(html.is_file());
    // Standard output that fails other than by a closed pipe: status 3.
    if Path::new("/dev/full").exists() {
        let o = Command::new(env!("CARGO_BIN_EXE_metropolys"))
            .args(["play", "--quiet"])
            .stdout(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open("/dev/full")
                    .unwrap(),
            )
            .output()
            .unwrap();
        assert_eq!(code(&o), 3);
        assert!(stderr(&o).contains("cannot write standard output"));
    }
}

#[test]
fn progress_only_on_a_terminal() {
    // Standard error is a pipe here: no progress bar, nothing on it.
    let o = metropolys(&["verify", s(&vectors())]);
    assert_eq!(code(&o), 0);
    assert_eq!(stderr(&o), "");
    // On a terminal (util-linux `script` gives one), the bar is drawn.
    let script = Command::new("script")
        .args([
            "-qec",
            &format!(
                "'{}' verify --quiet '{}' >/dev/null",
                env!("CARGO_BIN_EXE_metropolys"),
                vectors().display()
            ),
            "/dev/null",
        ])
        .output();
    match script {
        Ok(o) if o.status.success() => {
            assert!(stdout(&o).contains("records checked"), "{}", stdout(&o));
        }
        _ => eprintln!("note: no `script` command; the terminal case was not run"),
    }
}

// ----- conform -------------------------------------------------------------

#[test]
fn conform_reports_an_engine_that_exits_with_status_2() {
    let o = metropolys(&["conform", "--engine", "true", "--games", "3"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(stderr(&o).contains("the engine exited"), "{}", stderr(&o));
    assert!(stderr(&o).contains("hello"), "{}", stderr(&o));
}

#[test]
fn conform_reports_a_malformed_answer_with_status_2() {
    // `cat` echoes each request: a JSON object, but not an answer.
    let o = metropolys(&["conform", "--engine", "cat", "--games", "3"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(stderr(&o).contains("malformed answer"), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(r#"{"op":"hello","version":1}"#),
        "{}",
        stderr(&o)
    );
}

#[test]
fn conform_times_out_on_a_hung_engine_with_status_2() {
    let started = std::time::Instant::now();
    let o = metropolys(&["conform", "--engine", "sleep 30", "--timeout-ms", "300"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(stderr(&o).contains("did not answer"), "{}", stderr(&o));
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
}

#[test]
fn conform_refuses_a_missing_engine_and_bad_options() {
    let o = metropolys(&["conform", "--engine", "/nonexistent/engine"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("cannot start engine"), "{}", stderr(&o));
    assert_eq!(code(&metropolys(&["conform"])), 2);
    assert_eq!(
        code(&metropolys(&["conform", "--engine", "x", "--players", "5"])),
        2
    );
}
