//! What an error message echoes of a refused value: a bounded excerpt.

/// At most the first 60 bytes of `text` (cut at a character boundary),
/// followed by its length when it is longer: what an error message echoes
/// of a value it refuses, so that a huge value never becomes a huge
/// message. The front ends use it for what they echo themselves.
///
/// ```
/// let long = "x".repeat(1 << 20);
/// assert_eq!(metropolys_bots::excerpt(&long), format!("{}… (1048576 bytes)", "x".repeat(60)));
/// assert_eq!(metropolys_bots::excerpt("expert"), "expert");
/// ```
pub fn excerpt(text: &str) -> String {
    if text.len() <= ECHO {
        return text.to_string();
    }
    let mut end = ECHO;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} bytes)", &text[..end], text.len())
}

/// The most bytes of a refused value an error message echoes.
pub(crate) const ECHO: usize = 60;
