//! What a person types at the prompt of a game at the terminal, and the
//! help that lists it.

use metropolys_conform::rules::rule_text;
use metropolys_core::text::{parse_action, ParseActionError};
use metropolys_core::{
    Action, NeighborhoodId, RuleError, BUILDINGS_PER_PLAYER, NEIGHBORHOOD_COUNT,
};

/// What a line typed at the prompt means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// A move (already checked to name a neighborhood and a building that
    /// exist, not yet checked against the rules).
    Move(Action),
    /// Show the commands and the scoring.
    Help,
    /// Show where the person's own cards score.
    Map,
    /// Ask the default search (`ismcts`) what it would play.
    Hint,
    /// Show the whole position again.
    Board,
    /// Show the neighbors of a neighborhood.
    Neighbors(NeighborhoodId),
    /// The bots' review of the game, once it is over.
    Review,
    /// Leave the game.
    Quit,
    /// An empty line: ask again.
    Nothing,
}

/// Reads one typed line: `12 7` (neighborhood, building; also `12,7`),
/// `pass`, `help`, `hint`, `board`, `map`, `neighbors 12`, `review`,
/// `quit`. The
/// error is the message to show.
pub fn parse(line: &str) -> Result<Command, String> {
    let lower = line.trim().to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let unreadable = || {
        format!(
            "cannot read {:?}: type a neighborhood and a building, such as `12 7`, or `pass` \
             (`help` lists every command)",
            line.trim()
        )
    };
    match words.as_slice() {
        [] => Ok(Command::Nothing),
        ["pass" | "p"] => Ok(Command::Move(Action::Pass)),
        ["help" | "h" | "?"] => Ok(Command::Help),
        ["hint"] => Ok(Command::Hint),
        ["board" | "b"] => Ok(Command::Board),
        ["map" | "m" | "objective" | "objectives" | "cards"] => Ok(Command::Map),
        ["review"] => Ok(Command::Review),
        ["quit" | "q" | "exit"] => Ok(Command::Quit),
        ["neighbors" | "neighbours" | "n" | "next"] => {
            Err("neighbors of which neighborhood? type e.g. `neighbors 12` (or `n 12`)".to_string())
        }
        ["neighbors" | "neighbours" | "n" | "next", id] => match id.parse::<NeighborhoodId>() {
            Ok(id) if usize::from(id) < NEIGHBORHOOD_COUNT => Ok(Command::Neighbors(id)),
            _ => Err(format!(
                "there is no neighborhood {id}; ids are 0-{}",
                NEIGHBORHOOD_COUNT - 1
            )),
        },
        // Core reads the move and knows the board's ranges.
        [n, b] => match parse_action(&format!("{n} {b}")) {
            Ok(action) => Ok(Command::Move(action)),
            Err(ParseActionError::Neighborhood(n)) => Err(format!(
                "{}: there is no neighborhood {n}; ids are 0-{}",
                rule_text(RuleError::UnknownNeighborhood(0).rule()),
                NEIGHBORHOOD_COUNT - 1
            )),
            Err(ParseActionError::Building(b)) => Err(format!(
                "{}: there is no building {b}; buildings are numbered 1-{BUILDINGS_PER_PLAYER}",
                rule_text(RuleError::UnknownBuilding(0).rule())
            )),
            Err(ParseActionError::Form(_)) => Err(unreadable()),
        },
        _ => Err(unreadable()),
    }
}

/// The help shown by `help` (followed by the scoring of the game played).
pub const HELP: &str = "\
Commands:
  12 7      bid: place your building 7 on neighborhood 12
  pass      take no further part in this call (not allowed when opening, R-7)
  map       where your secret cards score: their neighborhoods and areas
            (also `objective`)
  hint      what the default search (ismcts) would play in your place
  n 12      the neighbors of neighborhood 12 and what stands on them
            (also `neighbors 12`)
  board     show the whole position again (between your decisions only
            what changed is shown)
  review    once the game is over: the bots' review of it (the strong
            bot's grades of every decision, with what each player knew)
  help      this text
  quit      leave the game, saving it: `metropolys play --resume FILE`
            continues it (the end of input, Ctrl-D, leaves without saving
            unless --record names a file)

Rules in short: the opener of a call bids any building of their supply on
any free neighborhood (R-7). Each later bid must be on a free neighborhood
adjacent to the most recent bid, with a higher building number (R-9); a
player who cannot outbid passes (R-11). When everybody else has passed, the
most recent bidder constructs their building there and takes its token
(R-12, R-13); the others take their bids back. The game ends when a player
has constructed all 13 buildings (R-17).";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_moves_parse() {
        assert_eq!(parse("12 7"), Ok(Command::Move(Action::bid(12, 7))));
        assert_eq!(parse("  12,7 \n"), Ok(Command::Move(Action::bid(12, 7))));
        assert_eq!(parse("PASS"), Ok(Command::Move(Action::Pass)));
        assert_eq!(parse("hint"), Ok(Command::Hint));
        assert_eq!(parse("?"), Ok(Command::Help));
        assert_eq!(parse(""), Ok(Command::Nothing));
        assert_eq!(parse("quit"), Ok(Command::Quit));
        assert_eq!(parse(" Review "), Ok(Command::Review));
        assert_eq!(parse("map"), Ok(Command::Map));
        assert_eq!(parse("Objective"), Ok(Command::Map));
        assert_eq!(parse("neighbors 12"), Ok(Command::Neighbors(12)));
        assert_eq!(parse("N 0"), Ok(Command::Neighbors(0)));
        assert!(parse("n 55").unwrap_err().contains("no neighborhood 55"));
        assert!(parse("neighbors").unwrap_err().contains("neighbors 12"));
    }

    #[test]
    fn mistyped_moves_say_what_is_wrong() {
        let e = parse("12").unwrap_err();
        assert!(e.contains("cannot read") && e.contains("12 7"), "{e}");
        assert!(parse("twelve seven").unwrap_err().contains("cannot read"));
        assert!(parse("-1 3").unwrap_err().contains("cannot read"));
        let e = parse("55 3").unwrap_err();
        assert!(
            e.starts_with("R-7/R-9") && e.contains("no neighborhood 55"),
            "{e}"
        );
        let e = parse("3 14").unwrap_err();
        assert!(e.contains("no building 14"), "{e}");
        let e = parse("3 0").unwrap_err();
        assert!(e.contains("no building 0"), "{e}");
        let e = parse("99999999999999999999999 1").unwrap_err();
        assert!(e.contains("no neighborhood"), "{e}");
    }
}
