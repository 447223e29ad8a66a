//! What people type: a player's name and a chat message, checked once at
//! the edge. Both are stored and sent as given (clients show them as text,
//! never as markup); what is refused is what would not read as one line of
//! text: control characters, line breaks, the characters that reorder the
//! text around them, and anything too long. A name says who sits where,
//! so it is held to more: nothing invisible in it, stored composed (NFC),
//! and never one that reads as another seat's ([`name_key`],
//! [`is_color_name`]).

use super::errors::{ErrorCode, ProtoError};
use icu_normalizer::ComposingNormalizerBorrowed;
use icu_properties::props::{DefaultIgnorableCodePoint, GeneralCategory};
use icu_properties::{CodePointMapData, CodePointSetData};
use metropolys_text::{Lang, Texts};
use std::sync::OnceLock;

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

/// Whether `c` shows nothing where it stands: a format character
/// (Unicode's general category Cf: zero-width spaces and joiners,
/// bidirectional marks, invisible operators, tags) or a
/// Default_Ignorable_Code_Point (soft hyphens, Hangul fillers, variation
/// selectors, combining grapheme joiners), which renderers draw as
/// nothing. With one, "Al\u{200B}ice" reads "Alice" beside another
/// seat's "Alice". Unicode's own property tables (ICU4X), not a list kept
/// here, which would miss the characters each new version adds. Chat keeps
/// them: there they impersonate nobody, and joiners build emoji and words
/// of several scripts.
fn invisible(c: char) -> bool {
    CodePointMapData::<GeneralCategory>::new().get(c) == GeneralCategory::Format
        || CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
}

/// What two names are compared by: compatibility forms folded (NFKC, so
/// that full-width "Ａｌｉｃｅ" is "Alice"), then case (upper then lower
/// case, so that "ß" is "ss" and a final "ς" is "σ"), then NFKC again,
/// then the confusable skeleton of Unicode's security mechanisms (UTS #39,
/// from the `unicode-security` crate: a Cyrillic "а" is a Latin "a", "0"
/// an "o", "rn" an "m"), in lower case. Two names with the same key read
/// alike.
pub fn name_key(name: &str) -> String {
    let nfkc = ComposingNormalizerBorrowed::new_nfkc();
    let folded = nfkc.normalize(name).to_uppercase().to_lowercase();
    let folded = nfkc.normalize(&folded);
    // The skeleton's prototypes may be capitals ("0" is "O"): its lower
    // case, and that skeleton again, so that case never tells two apart.
    let skeleton =
        |s: &str| -> String { unicode_security::confusable_detection::skeleton(s).collect() };
    skeleton(&skeleton(&folded).to_lowercase())
}

/// Whether `name` reads as a seat's colour in a language of the
/// catalogues (`Blue`, `modrý`, `NOIR`: compared by [`name_key`]): a seat
/// under that name would pass for the seat of that colour, which the
/// clients name by its colour when it has no name.
pub fn is_color_name(name: &str) -> bool {
    static COLORS: OnceLock<Vec<String>> = OnceLock::new();
    let colors = COLORS.get_or_init(|| {
        let mut v: Vec<String> = Lang::ALL
            .iter()
            .flat_map(|&lang| (0..4).map(move |seat| Texts::of(lang).color(seat)))
            // Without the isolation marks Fluent may put around a value.
            .map(|c| name_key(c.trim_matches(['\u{2068}', '\u{2069}'])))
            .collect();
        v.sort();
        v.dedup();
        v
    });
    colors.contains(&name_key(name))
}

/// A player's name as given on joining: trimmed; empty or absent is no
/// name; otherwise, composed (NFC), 1 to [`NAME_MAX_CHARS`] characters and
/// at most [`NAME_MAX_BYTES`] bytes, without control, invisible or format
/// characters, and not a seat colour's name in any language (else
/// `bad_message`, saying why). Whether another seat of the match has it is
/// the match's to check ([`name_key`]).
pub fn player_name(raw: Option<&str>) -> Result<Option<String>, ProtoError> {
    let Some(name) = raw.map(str::trim).filter(|n| !n.is_empty()) else {
        return Ok(None);
    };
    let composed = ComposingNormalizerBorrowed::new_nfc().normalize(name);
    let name: &str = &composed;
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
    if let Some(c) = name.chars().find(|&c| invisible(c)) {
        return Err(ProtoError::new(
            ErrorCode::BadMessage,
            format!(
                "a name has no invisible or format characters (U+{:04X} shows nothing, so the name would read as another)",
                u32::from(c)
            ),
        ));
    }
    if is_color_name(name) {
        return Err(ProtoError::new(
            ErrorCode::BadMessage,
            format!(
                "the name is taken: \"{name}\" is a seat's colour; a player under it would pass for that seat: choose another name"
            ),
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
    fn names_show_everything_they_hold_and_are_stored_composed() {
        assert_eq!(player_name(Some("Zoe\u{301}")), Ok(Some("Zo\u{e9}".into())));
        // Composed first: 24 letters with accents as combining marks fit.
        let long = "e\u{301}".repeat(24);
        assert_eq!(player_name(Some(&long)), Ok(Some("\u{e9}".repeat(24))));
        for invisible in [
            "Al\u{200B}ice",
            "Al\u{200C}ice",
            "Alice\u{2060}",
            "Ali\u{AD}ce",
            "\u{3164}",
            "\u{115F}Al",
            "A\u{FE0F}",
            "Al\u{E0061}",
            "A\u{34F}b",
            "Al\u{FEFF}ice",
            "Bob\u{2064}",
            "x\u{1BCA0}",
        ] {
            let e = player_name(Some(invisible)).unwrap_err();
            assert_eq!(e.code, ErrorCode::BadMessage, "{invisible:?}");
        }
        for fine in ["Zoë", "Łukasz", "Čeněk", "李雷", "Ana María", "O'Neil"] {
            assert_eq!(player_name(Some(fine)), Ok(Some(fine.into())));
        }
    }

    #[test]
    fn a_seat_colour_in_any_language_is_not_a_name() {
        for colour in [
            "Blue",
            "brown",
            "WHITE",
            "Black",
            "Modrý",
            "hnědý",
            "Bílý",
            "ČERNÝ",
            "Niebieski",
            "brązowy",
            "Biały",
            "Czarny",
            "Bleu",
            "Marron",
            "blanc",
            "Noir",
            "Ｂｌｕｅ",
        ] {
            assert!(is_color_name(colour), "{colour}");
            let e = player_name(Some(colour)).unwrap_err();
            assert_eq!(e.code, ErrorCode::BadMessage, "{colour}");
            assert!(e.message.contains("colour"), "{}", e.message);
        }
        for name in ["Bluebell", "Red", "Blanche", "Alice"] {
            assert!(!is_color_name(name), "{name}");
        }
    }

    #[test]
    fn names_that_read_alike_have_one_key() {
        assert_eq!(name_key("Alice"), name_key("ALICE"));
        assert_eq!(name_key("Alice"), name_key("Ａｌｉｃｅ"));
        assert_eq!(name_key("Zo\u{e9}"), name_key("ZOE\u{301}"));
        assert_eq!(name_key("Strauß"), name_key("STRAUSS"));
        assert_eq!(name_key("ΟΔΥΣΣΕΥΣ"), name_key("οδυσσευς"));
        assert_ne!(name_key("Alice"), name_key("Alicia"));
        // Look-alikes from other scripts and letters that pass for others.
        assert_eq!(name_key("Alice"), name_key("\u{410}lice"));
        assert_eq!(name_key("Paul"), name_key("\u{420}\u{430}ul"));
        assert_eq!(name_key("Bob"), name_key("B0b"));
        assert_eq!(name_key("Kim"), name_key("Kirn"));
        assert_ne!(name_key("Bob"), name_key("Rob"));
        assert_ne!(name_key("Zo\u{eb}"), name_key("Zoe"));
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
