//! Hostile files for `metropolys` (issue 12): nothing blocks, nothing is
//! skipped, nothing turns a failure into success.

mod common;
use common::scratch;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn vector() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/conformance/r14-subway-card-tie.json")
}

/// Runs the binary, killing it (and failing) if it takes over 60 s.
fn run(args: &[&Path], closed_stdout: bool) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_metropolys"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if closed_stdout {
        drop(child.stdout.take());
    }
    finish(child, &format!("metropolys {args:?}"))
}

fn mkfifo(path: &Path) {
    let st = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(st.success());
}

#[test]
fn verify_dir_counts_dangling_links_and_fifos_as_failures() {
    let dir = scratch("hostile-dir");
    std::fs::copy(vector(), dir.join("a.json")).unwrap();
    std::os::unix::fs::symlink(dir.join("gone.json"), dir.join("b.json")).unwrap();
    mkfifo(&dir.join("c.json"));
    let o = run(&[Path::new("verify"), &dir], false);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("1 passed, 2 failed"), "{out}");
    assert!(out.contains("b.json") && out.contains("c.json"), "{out}");
    assert!(out.contains("not a regular file"), "{out}");
}

#[test]
fn verify_of_a_fifo_fails_at_once() {
    let dir = scratch("hostile-fifo");
    let fifo = dir.join("f.json");
    mkfifo(&fifo);
    let o = run(&[Path::new("verify"), &fifo], false);
    assert_eq!(o.status.code(), Some(1));
    let o = run(&[Path::new("replay"), &fifo], false);
    assert_eq!(o.status.code(), Some(3));
}

#[test]
fn non_utf8_files_are_malformed() {
    let dir = scratch("hostile-utf8");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, b"{\"format\": \"\xff\xfe\"}").unwrap();
    let o = run(&[Path::new("replay"), &bad], false);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("not UTF-8"));
    let o = run(&[Path::new("verify"), &bad], false);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn verify_into_a_closed_pipe_still_fails() {
    // `metropolys verify DIR | head -1` with thousands of failures.
    let dir = scratch("hostile-pipe");
    for i in 0..3000 {
        std::fs::write(dir.join(format!("{i:04}.json")), "[]").unwrap();
    }
    let o = run(&[Path::new("verify"), &dir], true);
    assert_eq!(o.status.code(), Some(1));
}

/// A conformance engine (a `sh` script) that answers the handshake, then
/// rejects every configuration (R-1): `conform` finds a disagreement in its
/// first game, at once, without Python.
fn rejecting_engine(dir: &Path) -> String {
    let script = dir.join("rejecter.sh");
    std::fs::write(
        &script,
        r#"read line
echo '{"ok":true,"version":1,"name":"rejecter"}'
while read line; do
  case "$line" in
    *new_game*) echo '{"ok":false,"error":"rejected","rule":"R-1"}' ;;
    *to_act*) echo '{"ok":true,"to_act":0}' ;;
    *legal*) echo '{"ok":true,"legal":[]}' ;;
    *) echo '{"ok":true}' ;;
  esac
done
"#,
    )
    .unwrap();
    format!("sh {}", script.display())
}

/// `metropolys conform --engine ENGINE --out OUT --shrink-time 1` with
/// `extra` options (`--shrink-time` among them replaces the default),
/// standard output closed when `closed_stdout`.
fn conform(engine: &str, out: &Path, extra: &[&str], closed_stdout: bool) -> Output {
    let mut args = vec![
        "conform",
        "--engine",
        engine,
        "--out",
        out.to_str().unwrap(),
    ];
    if !extra.contains(&"--shrink-time") {
        args.extend_from_slice(&["--shrink-time", "1"]);
    }
    args.extend_from_slice(extra);
    let args: Vec<&Path> = args.iter().map(Path::new).collect();
    run(&args, closed_stdout)
}

#[test]
fn conform_into_a_closed_pipe_still_writes_its_record_and_fails() {
    // `metropolys conform --engine E | head -1`.
    let dir = scratch("hostile-conform-pipe");
    let engine = rejecting_engine(&dir);
    let out = dir.join("failure.json");
    let o = conform(&engine, &out, &["--games", "3"], true);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.is_file(), "{err}");
}

#[test]
fn conform_that_cannot_write_its_record_exits_3() {
    let dir = scratch("hostile-conform-out");
    let engine = rejecting_engine(&dir);
    let out = dir.join("no-such-dir").join("failure.json");
    let o = conform(&engine, &out, &["--games", "3"], false);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.contains("cannot write"), "{err}");
    // The diagnosis is still told.
    assert!(String::from_utf8_lossy(&o.stdout).contains("DISAGREEMENT"));
}

/// `metropolys conform` against the rejecting engine with `extra` options.
fn conform_with(name: &str, extra: &[&str]) -> Output {
    let dir = scratch(&format!("hostile-{name}"));
    let engine = rejecting_engine(&dir);
    conform(&engine, &dir.join("failure.json"), extra, false)
}

#[test]
fn conform_refuses_absurd_step_counts() {
    for n in ["18446744073709551615", "100000000", "10001", "0"] {
        let o = conform_with("steps", &["--games", "1", "--max-steps", n]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "--max-steps {n}: {err}");
        assert!(err.contains("--max-steps"), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // The bound is far above any game (784 decisions with 4 players).
    let o = conform_with("steps-ok", &["--games", "1", "--max-steps", "10000"]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn conform_refuses_zero_games() {
    let o = conform_with("games", &["--games", "0"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("--games"), "{err}");
    assert!(!String::from_utf8_lossy(&o.stdout).contains("ok"));
}

/// `metropolys conform` against a `sh` engine that answers the handshake,
/// reads one more request and runs `then`.
fn conform_against(name: &str, then: &str) -> Output {
    let dir = scratch(&format!("hostile-{name}"));
    let script = dir.join("engine.sh");
    std::fs::write(
        &script,
        format!(
            "read line\necho '{{\"ok\":true,\"version\":1,\"name\":\"{name}\"}}'\nread line\n{then}\n"
        ),
    )
    .unwrap();
    let engine = format!("sh {}", script.display());
    let out = dir.join("failure.json");
    let args = [
        "conform",
        "--engine",
        &engine,
        "--games",
        "1",
        "--out",
        out.to_str().unwrap(),
    ];
    let args: Vec<&Path> = args.iter().map(Path::new).collect();
    run(&args, false)
}

#[test]
fn conform_refuses_an_endless_line() {
    // 3 MB without a newline: read up to 1 MiB, then a protocol error.
    let o = conform_against("flood", "head -c 3000000 /dev/zero | tr '\\0' x");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("a line longer than 1 MiB"), "{err}");
    assert!(err.contains("new_game"), "{err}");
    assert!(err.len() < 10_000, "the line is not echoed whole");
}

#[test]
fn conform_refuses_a_line_that_is_not_utf8() {
    let o = conform_against(
        "latin1",
        "printf '{\"ok\":true,\"x\":\"\\377\"}\\n'; sleep 1",
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("not UTF-8"), "{err}");
}

#[test]
fn conform_with_no_shrink_time_does_not_shrink() {
    // proptest reads a time limit of 0 as "no limit": 0 s means no shrinking.
    let o = conform_with("no-shrink", &["--games", "1", "--shrink-time", "0"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("shrunk in 0 step(s)"), "{out}");
}

/// Starts the binary with `args` under an address-space limit of `limit`
/// MiB (`ulimit -v`), standard input piped, output captured.
fn spawn_limited(limit: u64, args: &[&str], stdin: Stdio) -> std::process::Child {
    Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {} && exec \"$0\" \"$@\"", limit * 1024))
        .arg(env!("CARGO_BIN_EXE_metropolys"))
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits for a child, killing it (and failing) after 60 s.
fn finish(mut child: std::process::Child, what: &str) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("{what} blocked");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// No abort, no panic text: the failure is one of ours.
fn assert_clean_failure(o: &Output, status: i32, needle: &str) {
    let err = String::from_utf8_lossy(&o.stderr);
    let all = String::from_utf8_lossy(&o.stdout) + err.clone();
    assert_eq!(o.status.code(), Some(status), "{err}");
    assert!(all.contains(needle), "{all}");
    for bad in [
        "panicked",
        "memory allocation",
        "RUST_BACKTRACE",
        "thread '",
    ] {
        assert!(!err.contains(bad), "{err}");
    }
}

#[test]
fn a_line_without_end_at_the_prompt_is_an_error_not_an_abort() {
    // 640 MiB without a newline under a 1 GiB address-space limit: the
    // prompt buffered the whole line and aborted (status 134). It reads at
    // most 1 MiB of a line.
    let mut child = spawn_limited(
        1024,
        &["play", "--seats", "human,random", "--seed", "3"],
        Stdio::piped(),
    );
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write as _;
        let chunk = vec![b'7'; 1 << 20];
        for _ in 0..640 {
            if stdin.write_all(&chunk).is_err() {
                return;
            }
        }
    });
    let o = finish(child, "play --seats with an endless line");
    let _ = writer.join();
    assert_clean_failure(&o, 1, "a line longer than 1 MiB");
    assert!(String::from_utf8_lossy(&o.stderr).contains("stops unfinished during call 1"));
}

#[test]
fn files_larger_than_the_bound_are_refused_before_they_are_read() {
    // A sparse 1.5 GiB file under a 1 GiB address-space limit: reading it
    // whole aborted (status 134). Records and configurations are read up
    // to 16 MiB.
    let dir = scratch("hostile-huge");
    let huge = dir.join("huge.json");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(3 << 29)
        .unwrap();
    let path = huge.to_str().unwrap();
    for args in [
        vec!["replay", path],
        vec!["verify", path],
        vec!["play", "--config", path],
    ] {
        let o = finish(spawn_limited(1024, &args, Stdio::null()), "a huge file");
        assert_clean_failure(&o, 1, "larger than 16 MiB");
    }
    // Standard input is read up to the bound too.
    let stdin = Stdio::from(std::fs::File::open(&huge).unwrap());
    let o = finish(spawn_limited(1024, &["replay", "-"], stdin), "replay -");
    assert_clean_failure(&o, 1, "larger than 16 MiB");
    // A file of exactly the bound is read (and is not a record).
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(16 << 20)
        .unwrap();
    let o = finish(
        spawn_limited(1024, &["replay", path], Stdio::null()),
        "16 MiB",
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(!err.contains("larger than"), "{err}");
}

/// A conformance engine (a `sh` script) that first starts a grandchild
/// (`sleep 300`, its process id written to `pidfile`), then answers like
/// the rejecting engine, `new_game` after `delay` seconds.
fn forking_engine(dir: &Path, delay: &str) -> (String, PathBuf) {
    let pidfile = dir.join("grandchild.pid");
    let script = dir.join("forker.sh");
    std::fs::write(
        &script,
        format!(
            r#"sleep 300 </dev/null >/dev/null 2>&1 &
echo $! > {pidfile}.tmp && mv {pidfile}.tmp {pidfile}
read line
echo '{{"ok":true,"version":1,"name":"forker"}}'
while read line; do
  case "$line" in
    *new_game*) sleep {delay}; echo '{{"ok":false,"error":"rejected","rule":"R-1"}}' ;;
    *to_act*) echo '{{"ok":true,"to_act":0}}' ;;
    *legal*) echo '{{"ok":true,"legal":[]}}' ;;
    *) echo '{{"ok":true}}' ;;
  esac
done
"#,
            pidfile = pidfile.display()
        ),
    )
    .unwrap();
    (format!("sh {}", script.display()), pidfile)
}

/// Whether process `pid` is gone (or a zombie nobody reaped yet).
fn gone(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(") ")
            .is_some_and(|(_, rest)| rest.starts_with('Z')),
    }
}

/// Waits up to 10 s for `pidfile` and returns the process id it holds.
fn pid_in(pidfile: &Path) -> String {
    let start = Instant::now();
    loop {
        if let Ok(pid) = std::fs::read_to_string(pidfile) {
            return pid.trim().to_string();
        }
        assert!(start.elapsed() < Duration::from_secs(10), "no grandchild");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Waits up to 5 s for a process to be gone.
fn assert_gone(pid: &str, what: &str) {
    let start = Instant::now();
    while !gone(pid) {
        assert!(start.elapsed() < Duration::from_secs(5), "{what} survived");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn conform_ends_the_engines_whole_process_group() {
    let dir = scratch("hostile-group");
    let (engine, pidfile) = forking_engine(&dir, "0");
    let o = conform(&engine, &dir.join("failure.json"), &["--games", "2"], false);
    assert_eq!(o.status.code(), Some(1));
    assert_gone(&pid_in(&pidfile), "the engine's grandchild");
}

#[test]
fn conform_interrupted_ends_the_engines_group_and_exits_130() {
    let dir = scratch("hostile-sigint");
    // The engine takes 300 s to answer new_game: conform waits for it.
    let (engine, pidfile) = forking_engine(&dir, "300");
    let child = Command::new(env!("CARGO_BIN_EXE_metropolys"))
        .args(["conform", "--engine", &engine, "--timeout-ms", "600000"])
        .arg("--out")
        .arg(dir.join("failure.json"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let grandchild = pid_in(&pidfile);
    // Ctrl-C, as the terminal sends it to the foreground group (here
    // conform alone: the engine is in a group of its own).
    std::thread::sleep(Duration::from_millis(200));
    let st = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(st.success());
    let o = finish(child, "conform after Ctrl-C");
    assert_eq!(o.status.code(), Some(130), "{o:?}");
    assert_gone(&grandchild, "the engine's grandchild");
}

#[test]
fn conform_shrinks_within_its_time_and_says_nothing_of_proptest() {
    // Each candidate game takes 0.3 s (the engine's new_game): proptest's
    // own limit printed "proptest: Aborting shrinking … set
    // PROPTEST_MAX_SHRINK_TIME".
    let dir = scratch("hostile-slow-candidates");
    let (engine, _) = forking_engine(&dir, "0.3");
    let o = conform(&engine, &dir.join("failure.json"), &["--games", "3"], false);
    let err = String::from_utf8_lossy(&o.stderr);
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        !err.contains("proptest") && !text.contains("proptest"),
        "{err}"
    );
    assert!(!err.to_lowercase().contains("shrink"), "{err}");
    assert!(text.contains("shrunk in"), "{text}");
}

#[test]
fn conform_refuses_a_timeout_of_zero() {
    let o = conform_with("timeout", &["--games", "1", "--timeout-ms", "0"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("invalid value '0' for '--timeout-ms"), "{err}");
}

#[test]
fn threads_are_bounded_and_a_refused_thread_is_one_failure() {
    for n in ["0", "1025", "100000"] {
        let o = run(
            &["arena", "--bots", "random,random", "--threads", n]
                .iter()
                .map(Path::new)
                .collect::<Vec<_>>(),
            false,
        );
        assert_clean_failure(&o, 2, "--threads");
    }
    // Threads the system refuses (stacks larger than the address space,
    // then an address-space limit): status 4, one line, no panic.
    let huge_stacks = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_metropolys"))
            .args(args)
            .env("RUST_MIN_STACK", "200000000000000")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_clean_failure(&o, 4, "cannot start a thread");
    };
    huge_stacks(&["arena", "--bots", "random,greedy", "--threads", "2"]);
    huge_stacks(&[
        "play",
        "--seats",
        r#"random,ismcts:{"iterations":50,"threads":2}"#,
    ]);
    let dir = scratch("hostile-thread");
    let engine = rejecting_engine(&dir);
    huge_stacks(&["conform", "--engine", &engine, "--games", "1"]);
    // Not tested under an address-space limit: there the standard library
    // may abort a thread it did start when that thread's signal stack
    // cannot be mapped, which no caller can catch; the refusals above are
    // the ones a caller sees.
}

/// The address space `metropolys` maps when it starts (VmSize of a
/// `replay -` blocked reading its standard input), in KiB.
fn started_size_kib() -> u64 {
    let mut child = Command::new(env!("CARGO_BIN_EXE_metropolys"))
        .args(["replay", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let path = format!("/proc/{}/status", child.id());
    let start = Instant::now();
    let size = loop {
        let status = std::fs::read_to_string(&path).unwrap_or_default();
        // Sleeping: blocked in its first read, so started.
        let sleeping = status
            .lines()
            .any(|l| l.starts_with("State:") && l.contains("S (sleeping)"));
        let size = status
            .lines()
            .find_map(|l| l.strip_prefix("VmSize:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok());
        match size {
            Some(size) if sleeping => break size,
            _ if start.elapsed() > Duration::from_secs(20) => panic!("no size: {status}"),
            _ => std::thread::sleep(Duration::from_millis(20)),
        }
    };
    child.kill().unwrap();
    let _ = child.wait();
    size
}

#[test]
#[cfg(target_os = "linux")]
fn a_thread_the_system_refuses_is_status_4_without_a_panic() {
    // Threads get 64 MiB stacks and share one malloc arena, under a limit
    // of 224 MiB above what the command maps when it starts: a few stacks
    // fit, the next thread cannot start, and tens of MiB stay free for
    // the threads that did. (With 2 MiB stacks and a 64 MiB arena per
    // thread, the limit was reached inside started threads, whose
    // allocation failures abort the process before any code can report
    // them.)
    let limit = started_size_kib() + (224 << 10);
    for args in [
        "arena --bots greedy,greedy --games 2000 --threads 1000",
        "ladder --bots random,greedy,beginner --deals 300 --threads 1000",
    ] {
        let child = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "ulimit -v {limit} && exec \"$0\" {args} --no-progress"
            ))
            .arg(env!("CARGO_BIN_EXE_metropolys"))
            .env("RUST_MIN_STACK", (64u64 << 20).to_string())
            .env("MALLOC_ARENA_MAX", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let o = finish(child, args);
        assert_clean_failure(&o, 4, "cannot start a thread");
    }
}
