//! What people type: a player's name and a chat message, checked once at
//! the edge. Both are stored and sent as given (clients show them as text,
//! never as markup); what is refused is what would not read as one line of
//! text: control characters, line breaks, the characters that reorder the
//! text around them, and anything too long.

use super::errors::{ErrorCode, ProtoError};

/// The longest name, in characters (Unicode scalar values).
pub const NAME_MAX_CHARS: usize = 24;

/// The longest name, in bytes of UTF-8: what a game record's seat entry
/// holds (`metropolys_core::record::SEAT_NAME_MAX`).
pub const NAME_MAX_BYTES: usize = metropolys_core::record::SEAT_NAME_MAX;

/// The longest chat message, in characters (Unicode scalar values).
pub const CHAT_MAX_CHARS: usize = 300;

/// Whether `c` may not stand in a name or a chat message: a control
/// character (Unicode's Cc, line feeds and tabs included), a line or
/// paragraph separator, or a bidirectional formatting character (which
/// would reorder the text shown after it).
fn refused(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}'
                | '\u{2029}'
                | '\u{061C}'
                | '\u{200E}'
                | '\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2066}'..='\u{2069}'
        )
}

/// A player's name as given on joining: trimmed; empty or absent is no
/// name; otherwise 1 to [`NAME_MAX_CHARS`] characters and at most
/// [`NAME_MAX_BYTES`] bytes, without control characters (else
/// `bad_message`).
pub fn player_name(raw: Option<&str>) -> Result<Option<String>, ProtoError> {
    let Some(name) = raw.map(str::trim).filter(|n| !n.is_empty()) else {
        return Ok(None);
    };
    let chars = name.chars().count();
    if chars > NAME_MAX_CHARS || name.len() > NAME_MAX_BYTES {
        return Err(ProtoError::new(
            ErrorCode::BadMessage,
            format!(
                "a name is 1 to {NAME_MAX_CHARS} characters (at most {NAME_MAX_BYTES} bytes of UTF-8), not {chars} ({} bytes)",
                name.len()
            ),
        ));
    }
    if name.chars().any(refused) {
        return Err(ProtoError::new(
            ErrorCode::BadMessage,
            "a name has no control characters, line breaks or bidirectional formatting characters",
        ));
    }
    Ok(Some(name.to_string()))
}

/// A chat message's text: trimmed, 1 to [`CHAT_MAX_CHARS`] characters,
/// one line without control characters (else `bad_message`).
pub fn chat_text(raw: &str) -> Result<String, ProtoError> {
    let text = raw.trim();
    let chars = text.chars().count();
    if chars == 0 || chars > CHAT_MAX_CHARS {
        return Err(ProtoError::new(
            ErrorCode::BadMessage,
            format!("a chat message is 1 to {CHAT_MAX_CHARS} characters, not {chars}"),
        ));
    }
    if text.chars().any(refused) {
        return Err(ProtoError::new(
            ErrorCode::BadMessage,
            "a chat message is one line without control characters or bidirectional formatting characters",
        ));
    }
    Ok(text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_bounded_and_one_line() {
        assert_eq!(player_name(None), Ok(None));
        assert_eq!(player_name(Some("  \t ")), Ok(None));
        assert_eq!(player_name(Some(" Zoë ")), Ok(Some("Zoë".into())));
        let ok = "é".repeat(24);
        assert_eq!(player_name(Some(&ok)), Ok(Some(ok.clone())));
        for bad in [
            "é".repeat(25),
            "x".repeat(10_000),
            "日".repeat(22), // 22 characters, 66 bytes: more than a record holds
            "a\nb".into(),
            "a\u{7}b".into(),
            "a\u{202E}b".into(),
            "a\u{2028}b".into(),
        ] {
            let e = player_name(Some(&bad)).unwrap_err();
            assert_eq!(e.code, ErrorCode::BadMessage, "{bad:?}");
            assert!(e.message.len() < 200, "{}", e.message);
        }
    }

    #[test]
    fn chat_text_is_one_bounded_line_kept_as_given() {
        let html = "<script>alert('x')</script> &amp; <b>";
        assert_eq!(chat_text(html), Ok(html.to_string()));
        assert_eq!(chat_text("  hi  "), Ok("hi".into()));
        assert_eq!(chat_text(&"x".repeat(300)).map(|t| t.len()), Ok(300));
        for bad in [String::new(), "   ".into(), "x".repeat(301), "a\nb".into()] {
            assert_eq!(chat_text(&bad).unwrap_err().code, ErrorCode::BadMessage);
        }
    }
}
