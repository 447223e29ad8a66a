//! An engine under test, as a child process speaking the protocol.

use crate::lines::{self, Line};
use crate::protocol::{parse_answer, Answer, Request};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

pub use crate::lines::MAX_LINE;

/// Reads one line of the engine's output of at most [`MAX_LINE`] bytes,
/// without its line ending; `None` at the end of the output.
fn read_line(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> Result<Option<String>, String> {
    match lines::read_line(reader, buf, MAX_LINE)
        .map_err(|e| format!("cannot read the engine's output ({e})"))?
    {
        Line::End => return Ok(None),
        Line::TooLong => return Err("the engine wrote a line longer than 1 MiB".into()),
        Line::Read => {}
    }
    String::from_utf8(std::mem::take(buf))
        .map(Some)
        .map_err(|e| {
            format!(
                "the engine wrote a line that is not UTF-8 text (invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            )
        })
}

/// Anything that answers protocol requests.
pub trait Engine {
    /// Sends the requests in order and reads one answer for each. Sending a
    /// batch before reading saves a round trip per request.
    fn batch(&mut self, requests: &[Request]) -> Result<Vec<Answer>, String>;
}

/// A child process, one request per line on its stdin, one response per
/// line on its stdout. Its stderr is passed through. On Unix it runs in a
/// process group of its own, which is ended whole when the `Process` is
/// dropped (and by [`kill_group`] from a signal handler): nothing the
/// engine started outlives the tester.
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Result<String, String>>,
    timeout: Duration,
    buffer: String,
}

/// Why an engine could not be started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartError {
    /// The command is empty or cannot be run.
    Engine(String),
    /// The system refused the thread that reads the engine's answers.
    Thread(String),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Engine(m) => f.write_str(m),
            StartError::Thread(m) => write!(f, "cannot start a thread: {m}"),
        }
    }
}

impl Process {
    /// Starts `command` (split on whitespace; quote nothing), on Unix in a
    /// process group of its own (its id is [`Process::group`]).
    pub fn spawn(command: &str, timeout: Duration) -> Result<Process, StartError> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| StartError::Engine("--engine is empty".into()))?;
        let mut cmd = Command::new(program);
        cmd.args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = cmd
            .spawn()
            .map_err(|e| StartError::Engine(format!("cannot start engine {command:?}: {e}")))?;
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = mpsc::channel();
        // A reader thread, so that a hung engine meets the timeout.
        let reader = std::thread::Builder::new().spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                let line = match read_line(&mut reader, &mut buf) {
                    Ok(Some(line)) => Ok(line),
                    Ok(None) => break,
                    Err(e) => Err(e),
                };
                let end = line.is_err();
                if tx.send(line).is_err() || end {
                    break;
                }
            }
        });
        let process = Process {
            stdin: child.stdin.take(),
            child,
            lines,
            timeout,
            buffer: String::new(),
        };
        match reader {
            Ok(_) => Ok(process),
            // Dropping the process ends its group.
            Err(e) => Err(StartError::Thread(e.to_string())),
        }
    }

    /// The id of the engine's process group (on Unix; its process id
    /// elsewhere), for [`kill_group`].
    pub fn group(&self) -> u32 {
        self.child.id()
    }

    /// Whether the engine has exited, without reaping it (so that its
    /// process group id stays its own until the group is ended).
    fn exited(&mut self) -> bool {
        #[cfg(unix)]
        {
            use nix::sys::wait::{waitid, Id, WaitPidFlag, WaitStatus};
            let pid = nix::unistd::Pid::from_raw(self.child.id() as i32);
            let flags = WaitPidFlag::WEXITED | WaitPidFlag::WNOHANG | WaitPidFlag::WNOWAIT;
            // An error is a child already reaped (by `gone`).
            !matches!(waitid(Id::Pid(pid), flags), Ok(WaitStatus::StillAlive))
        }
        #[cfg(not(unix))]
        {
            !matches!(self.child.try_wait(), Ok(None))
        }
    }

    fn gone(&mut self, request: &Request) -> String {
        // Give a crashing process a moment to be reaped.
        let mut status = None;
        for _ in 0..50 {
            if let Ok(Some(s)) = self.child.try_wait() {
                status = Some(s);
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let how = match status {
            Some(s) => format!("exited ({s})"),
            None => "closed its output".to_string(),
        };
        format!(
            "the engine {how} while answering {}",
            serde_json::to_string(request).unwrap_or_default()
        )
    }
}

impl Engine for Process {
    fn batch(&mut self, requests: &[Request]) -> Result<Vec<Answer>, String> {
        self.buffer.clear();
        for r in requests {
            self.buffer
                .push_str(&serde_json::to_string(r).expect("requests serialize"));
            self.buffer.push('\n');
        }
        let written = match self.stdin.as_mut() {
            Some(stdin) => stdin
                .write_all(self.buffer.as_bytes())
                .and_then(|()| stdin.flush()),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        };
        if written.is_err() {
            return Err(self.gone(&requests[0]));
        }
        let mut answers = Vec::with_capacity(requests.len());
        for r in requests {
            let line = match self.lines.recv_timeout(self.timeout) {
                Ok(Ok(line)) => line,
                Ok(Err(e)) => {
                    return Err(format!(
                        "{e} while answering {}",
                        serde_json::to_string(r).unwrap_or_default()
                    ))
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "the engine did not answer {} within {} ms (--timeout-ms)",
                        serde_json::to_string(r).unwrap_or_default(),
                        self.timeout.as_millis()
                    ))
                }
                Err(RecvTimeoutError::Disconnected) => return Err(self.gone(r)),
            };
            let answer = parse_answer(r, &line).map_err(|e| {
                format!(
                    "malformed answer to {}: {e}\n  the engine wrote: {}",
                    serde_json::to_string(r).unwrap_or_default(),
                    truncate(&line, 300)
                )
            })?;
            answers.push(answer);
        }
        Ok(answers)
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "{{\"op\":\"quit\"}}");
        }
        // Closing stdin ends a well-behaved engine; a hung one is killed,
        // and so is anything it started (its whole process group).
        for _ in 0..20 {
            if self.exited() {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        kill_group(self.group());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Ends the engine's whole process group (SIGKILL) on Unix: what dropping
/// a [`Process`] does last, for a signal handler (Ctrl-C) that cannot reach
/// the `Process` itself. Elsewhere it does nothing (dropping the `Process`
/// ends the engine).
pub fn kill_group(group: u32) {
    #[cfg(unix)]
    if let Ok(group) = i32::try_from(group) {
        let _ = nix::sys::signal::killpg(
            nix::unistd::Pid::from_raw(group),
            nix::sys::signal::Signal::SIGKILL,
        );
    }
    #[cfg(not(unix))]
    let _ = group;
}

fn truncate(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        s.chars().take(n).collect::<String>() + "…"
    }
}

#[cfg(test)]
mod tests {
    use super::{read_line, MAX_LINE};
    use std::io::{BufReader, Cursor};

    fn lines(bytes: Vec<u8>) -> Vec<Result<String, String>> {
        let mut r = BufReader::new(Cursor::new(bytes));
        let mut buf = Vec::new();
        let mut out = Vec::new();
        while let Some(l) = read_line(&mut r, &mut buf).transpose() {
            let end = l.is_err();
            out.push(l);
            if end {
                break;
            }
        }
        out
    }

    #[test]
    fn lines_end_with_a_newline_or_the_output() {
        let got = lines(b"a\r\nb\n\nc".to_vec());
        let want: Vec<Result<String, String>> = ["a", "b", "", "c"]
            .iter()
            .map(|s| Ok(s.to_string()))
            .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn a_line_of_the_longest_length_is_read_one_byte_more_is_refused() {
        let mut bytes = vec![b'x'; MAX_LINE];
        bytes.push(b'\n');
        assert_eq!(lines(bytes), vec![Ok("x".repeat(MAX_LINE))]);
        let got = lines(vec![b'x'; MAX_LINE + 1]);
        assert_eq!(got.len(), 1);
        assert!(got[0].as_ref().unwrap_err().contains("longer than 1 MiB"));
        let mut bytes = vec![b'x'; MAX_LINE + 1];
        bytes.push(b'\n');
        assert!(lines(bytes)[0].is_err());
    }

    #[test]
    fn a_line_that_is_not_utf8_is_named() {
        let got = lines(b"ok\n{\"a\":\"\xff\"}\n".to_vec());
        assert_eq!(got[0], Ok("ok".into()));
        assert!(
            got[1].as_ref().unwrap_err().contains("not UTF-8"),
            "{got:?}"
        );
    }
}
