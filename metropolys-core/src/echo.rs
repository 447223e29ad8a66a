//! What an error message echoes of a value it refuses: a bounded excerpt,
//! the same everywhere (core's loaders, the bots' parameters, the command
//! line, C, Python and the server), so that a huge value never becomes a
//! huge message.

use serde_json::Value;

/// The most bytes of a refused value an error message echoes.
pub const ECHO: usize = 60;

/// At most the first [`ECHO`] bytes of `text` (cut at a character
/// boundary), followed by its length when it is longer.
///
/// ```
/// use metropolys_core::echo::excerpt;
/// let long = "x".repeat(1 << 20);
/// assert_eq!(excerpt(&long), format!("{}… (1048576 bytes)", "x".repeat(60)));
/// assert_eq!(excerpt("expert"), "expert");
/// ```
pub fn excerpt(text: &str) -> String {
    excerpt_within(text, ECHO)
}

/// [`excerpt`] with another bound: at most the first `max` bytes of `text`
/// (cut at a character boundary), followed by its length when it is
/// longer (for longer texts than a value, such as a line an engine wrote).
///
/// ```
/// use metropolys_core::echo::excerpt_within;
/// assert_eq!(excerpt_within("éé", 3), "é… (4 bytes)");
/// ```
pub fn excerpt_within(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} bytes)", &text[..end], text.len())
}

/// A JSON value as an error message shows it: at most [`ECHO`] bytes of
/// its compact text, then `…`. The text is written only as far as it is
/// shown, so a huge value costs no more than a small one.
///
/// ```
/// use metropolys_core::echo::excerpt_json;
/// assert_eq!(excerpt_json(&serde_json::json!({"a": 1})), r#"{"a":1}"#);
/// let long = serde_json::json!(vec![1; 1000]);
/// assert!(excerpt_json(&long).ends_with('…') && excerpt_json(&long).len() < 70);
/// ```
pub fn excerpt_json(v: &Value) -> String {
    /// Keeps the first bytes written and stops the writer after them.
    struct Head(Vec<u8>);
    impl std::io::Write for Head {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            let room = ECHO + 1 - self.0.len();
            self.0.extend_from_slice(&buf[..buf.len().min(room)]);
            if self.0.len() > ECHO {
                Err(std::io::Error::other("enough"))
            } else {
                Ok(buf.len())
            }
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut head = Head(Vec::with_capacity(ECHO + 1));
    let cut = serde_json::to_writer(&mut head, v).is_err();
    let mut bytes = head.0;
    if cut {
        bytes.truncate(ECHO);
    }
    let mut text = String::from_utf8_lossy(&bytes).into_owned();
    if cut {
        // A character cut in two shows as U+FFFD; drop it.
        if text.ends_with('\u{FFFD}') {
            text.pop();
        }
        text.push('…');
    }
    text
}
