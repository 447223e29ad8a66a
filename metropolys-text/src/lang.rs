//! The supported languages, and how a front end picks one.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A language the catalogues are written in: the four of the printed
/// rulebook, and a pseudo-locale for layout tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Czech (čeština).
    Cs,
    /// Polish (polski).
    Pl,
    /// French (français).
    Fr,
    /// A pseudo-locale for layout tests (tag `en-XA`): the English
    /// catalogue with accented letters, 40 % longer, so that text written
    /// with fixed widths in mind shows up clipped or overflowing.
    #[serde(rename = "en-XA")]
    Pseudo,
}

impl Lang {
    /// The languages of the printed rulebook, in the order the language
    /// menus list them.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Cs, Lang::Pl, Lang::Fr];

    /// The language's tag: `en`, `cs`, `pl`, `fr`, `en-XA`.
    pub const fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Cs => "cs",
            Lang::Pl => "pl",
            Lang::Fr => "fr",
            Lang::Pseudo => "en-XA",
        }
    }

    /// The first language of `preferred` (tags as browsers and the
    /// environment give them, most preferred first) that the catalogues
    /// hold, else English. Tags that do not parse are skipped.
    ///
    /// ```
    /// use metropolys_text::Lang;
    /// assert_eq!(Lang::negotiate(["de-DE", "pl", "en"]), Lang::Pl);
    /// assert_eq!(Lang::negotiate(["de"]), Lang::En);
    /// ```
    pub fn negotiate<I, S>(preferred: I) -> Lang
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        preferred
            .into_iter()
            .find_map(|t| t.as_ref().parse().ok())
            .unwrap_or_default()
    }

    /// The language the environment asks for, as POSIX orders it: the
    /// first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not
    /// empty decides; a value the catalogues do not hold (`C`, `de_DE`)
    /// gives English. `get` reads a variable (`std::env::var` in a program;
    /// a map in tests).
    ///
    /// ```
    /// use metropolys_text::Lang;
    /// let env = |k: &str| (k == "LANG").then(|| "cs_CZ.UTF-8".to_string());
    /// assert_eq!(Lang::from_env(env), Lang::Cs);
    /// let env = |k: &str| match k { "LC_ALL" => Some("C".into()), _ => Some("fr_FR".into()) };
    /// assert_eq!(Lang::from_env(env), Lang::En); // LC_ALL decides, and C is English
    /// ```
    pub fn from_env(get: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|k| get(k))
            .find(|v| !v.is_empty())
            .and_then(|v| v.parse().ok())
            .unwrap_or_default()
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

/// A language tag that names no language of the catalogues.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no catalogue for the language {tag:?}; the languages are en, cs, pl and fr")]
pub struct ParseLangError {
    /// The tag given (cut to 40 characters).
    pub tag: String,
}

impl FromStr for Lang {
    type Err = ParseLangError;

    /// Reads a BCP 47 tag (`cs`, `pl-PL`, `fr-CA`) or a POSIX locale
    /// (`cs_CZ.UTF-8`, `fr_FR@euro`): the primary language decides, in any
    /// case. `en-XA` is the pseudo-locale.
    fn from_str(s: &str) -> Result<Lang, ParseLangError> {
        let t = s.trim();
        // POSIX: language[_territory][.codeset][@modifier].
        let t = t.split(['.', '@']).next().unwrap_or("");
        let mut parts = t.split(['-', '_']);
        let primary = parts.next().unwrap_or("").to_ascii_lowercase();
        let region = parts.next().unwrap_or("").to_ascii_lowercase();
        match (primary.as_str(), region.as_str()) {
            ("en", "xa") => Ok(Lang::Pseudo),
            ("en", _) => Ok(Lang::En),
            ("cs", _) => Ok(Lang::Cs),
            ("pl", _) => Ok(Lang::Pl),
            ("fr", _) => Ok(Lang::Fr),
            _ => Err(ParseLangError {
                tag: s.chars().take(40).collect(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_and_locales_parse() {
        for (text, lang) in [
            ("en", Lang::En),
            ("EN-gb", Lang::En),
            ("cs", Lang::Cs),
            ("cs_CZ.UTF-8", Lang::Cs),
            ("pl-PL", Lang::Pl),
            ("pl_PL.utf8", Lang::Pl),
            ("fr", Lang::Fr),
            ("fr_FR@euro", Lang::Fr),
            ("fr-CA", Lang::Fr),
            ("en-XA", Lang::Pseudo),
        ] {
            assert_eq!(text.parse::<Lang>(), Ok(lang), "{text}");
        }
        for bad in ["", "C", "POSIX", "de", "cz", "polish", "\u{0}cs"] {
            assert!(bad.parse::<Lang>().is_err(), "{bad:?}");
        }
        for lang in Lang::ALL.into_iter().chain([Lang::Pseudo]) {
            assert_eq!(lang.tag().parse::<Lang>(), Ok(lang));
        }
    }

    #[test]
    fn the_environment_is_read_in_posix_order() {
        let env = |vars: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                vars.iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(Lang::from_env(env(&[])), Lang::En);
        assert_eq!(Lang::from_env(env(&[("LANG", "pl_PL.UTF-8")])), Lang::Pl);
        assert_eq!(
            Lang::from_env(env(&[("LANG", "pl_PL"), ("LC_MESSAGES", "fr_FR")])),
            Lang::Fr
        );
        assert_eq!(
            Lang::from_env(env(&[("LC_ALL", "cs_CZ"), ("LC_MESSAGES", "fr_FR")])),
            Lang::Cs
        );
        // An empty variable is skipped, as POSIX says.
        assert_eq!(
            Lang::from_env(env(&[("LC_ALL", ""), ("LANG", "fr")])),
            Lang::Fr
        );
    }

    #[test]
    fn serde_uses_the_tags() {
        assert_eq!(serde_json::to_string(&Lang::Cs).unwrap(), "\"cs\"");
        assert_eq!(serde_json::to_string(&Lang::Pseudo).unwrap(), "\"en-XA\"");
    }
}
