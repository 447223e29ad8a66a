//! A game at the terminal: the driver ([`drive`]) asks each seat's
//! controller for its decisions (a person at the prompt, or a bot's
//! closure) and tells the game as it happens. It knows nothing of the bots:
//! each bot seat is a closure from the position to an action.

use crate::account::score_table;
use crate::cmd::play::map::{map_text, scoring_text};
use crate::cmd::play::prompt::{parse, Command, HELP};
use crate::cmd::play::screen::{action_text, list, turn_text};
use crate::narrate::{game_over, seat_name, variant_name, Narrator, Voice};
use metropolys_conform::lines::{read_line, Line, MAX_LINE};
use metropolys_core::{Action, Config, Game, RuleError, Seat, State};
use std::fmt::Write as _;
use std::io::{self, BufRead, Write};

/// A bot's decision: the action for the seat to act in a position (or why
/// the bot failed).
pub type Decide<'a> = Box<dyn FnMut(&State) -> Result<Action, String> + 'a>;

/// Who plays a seat.
pub enum Controller<'a> {
    /// A person typing at the terminal.
    Human,
    /// A bot, named for the table (`ismcts`).
    Bot {
        /// The bot's name as shown.
        name: String,
        /// Its decisions.
        decide: Decide<'a>,
    },
}

/// How the game ended.
#[derive(Debug)]
pub enum Ending {
    /// The game was played to its end.
    Finished(Game),
    /// The person typed `quit`, or their input ended, before the end.
    Abandoned {
        /// The game as it stood.
        game: Game,
        /// Whether the input ended (rather than `quit`).
        end_of_input: bool,
    },
}

/// The table's seat names: `you` for a single person, `human` for each of
/// several, and each bot's name.
pub fn names(controllers: &[Controller<'_>]) -> Vec<String> {
    let humans = controllers
        .iter()
        .filter(|c| matches!(c, Controller::Human))
        .count();
    controllers
        .iter()
        .map(|c| match c {
            Controller::Human if humans == 1 => "you".to_string(),
            Controller::Human => "human".to_string(),
            Controller::Bot { name, .. } => name.clone(),
        })
        .collect()
}

/// Plays a game from `config` with one controller per seat, reading the
/// people's moves from `input` and telling everything on `out`. `hint` is
/// asked for a move in the person's place (it decides from the seat to
/// act's view, like every bot).
pub fn drive(
    config: &Config,
    mut controllers: Vec<Controller<'_>>,
    hint: &mut Decide<'_>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<Ending> {
    let mut game = Game::new(config.clone())
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
    let names = names(&controllers);
    let start = *game.state();
    let seats: Vec<String> = (0..start.players())
        .map(|p| format!("{p} {} ({})", seat_name(p), names[p as usize]))
        .collect();
    writeln!(
        out,
        "Metropolys · {} game · {} players · seed {}",
        variant_name(config.variant),
        start.players(),
        config.seed
    )?;
    writeln!(out, "  seats: {}", seats.join(", "))?;
    let out_of_play = start.out_of_play();
    if !out_of_play.is_empty() {
        writeln!(out, "  out of play (R-2): {}", list(out_of_play))?;
    }
    writeln!(out, "Type `help` for the commands.")?;
    let mut narrator = Narrator::new(&start, Voice::Table(names.clone()));
    write!(out, "{}", narrator.take_told())?;
    let mut shown_for: Option<(u16, usize)> = None;
    while let Some(seat) = game.state().to_act() {
        let state = *game.state();
        let action = match &mut controllers[seat as usize] {
            Controller::Bot { decide, .. } => decide(&state).map_err(|e| {
                io::Error::other(format!(
                    "{} ({}) failed: {e}",
                    seat_name(seat),
                    names[seat as usize]
                ))
            })?,
            Controller::Human => {
                // Show the whole position once per decision.
                let key = (state.call_number(), state.bids().len());
                if shown_for != Some(key) {
                    write!(out, "{}", turn_text(&state, seat, &names))?;
                    shown_for = Some(key);
                }
                match ask(&state, seat, &names, hint, input, out)? {
                    Answer::Move(a) => a,
                    Answer::Quit => {
                        return Ok(Ending::Abandoned {
                            game,
                            end_of_input: false,
                        })
                    }
                    Answer::EndOfInput => {
                        return Ok(Ending::Abandoned {
                            game,
                            end_of_input: true,
                        })
                    }
                    Answer::TooLong => {
                        return Err(io::Error::new(
                            io::ErrorKind::InvalidData,
                            format!(
                                "standard input: a line longer than 1 MiB ({MAX_LINE} bytes); \
                                 the game stops unfinished during call {}",
                                state.call_number()
                            ),
                        ))
                    }
                }
            }
        };
        game = match game.apply(action) {
            Ok(next) => next,
            Err(e) => {
                // A bot that breaks a rule is a bug of the bot: stop loudly.
                return Err(io::Error::other(format!(
                    "{} ({}) chose an illegal action {action}: {e}",
                    seat_name(seat),
                    names[seat as usize]
                )));
            }
        };
        narrator.feed(game.last_events(), game.state());
        write!(out, "{}", narrator.take_told())?;
    }
    Ok(Ending::Finished(game))
}

/// What the person answered at the prompt.
enum Answer {
    /// A legal move.
    Move(Action),
    /// `quit`.
    Quit,
    /// The input ended.
    EndOfInput,
    /// A line longer than [`MAX_LINE`].
    TooLong,
}

/// Asks the person at `seat` until they type a legal move or `quit`, or
/// the input ends.
fn ask(
    state: &State,
    seat: Seat,
    names: &[String],
    hint: &mut Decide<'_>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<Answer> {
    loop {
        write!(out, "{} ({}) > ", seat_name(seat), names[seat as usize])?;
        out.flush()?;
        // Bytes: a line that is not UTF-8 is a mistyped move like any
        // other, not an I/O failure. A line without end is read only up
        // to the bound (1 MiB), never buffered whole.
        let mut bytes = Vec::new();
        match read_line(input, &mut bytes, MAX_LINE)? {
            Line::Read => {}
            Line::End => {
                writeln!(out)?;
                return Ok(Answer::EndOfInput);
            }
            Line::TooLong => {
                writeln!(out)?;
                return Ok(Answer::TooLong);
            }
        }
        let line = String::from_utf8_lossy(&bytes);
        match parse(&line) {
            Ok(Command::Nothing) => {}
            Ok(Command::Help) => writeln!(out, "{HELP}\n\n{}", scoring_text(state))?,
            Ok(Command::Map) => write!(out, "{}", map_text(state, seat))?,
            Ok(Command::Board) => write!(out, "{}", turn_text(state, seat, names))?,
            Ok(Command::Quit) => return Ok(Answer::Quit),
            Ok(Command::Hint) => {
                let a = match hint(state) {
                    Ok(a) => a,
                    Err(e) => {
                        writeln!(out, "No hint: {e}")?;
                        continue;
                    }
                };
                let typed = match a {
                    Action::Bid {
                        neighborhood,
                        building,
                    } => format!("{neighborhood} {building}"),
                    Action::Pass => "pass".into(),
                };
                writeln!(
                    out,
                    "Hint: ismcts would {} (type `{typed}`).",
                    action_text(state.variant(), a)
                )?;
            }
            Ok(Command::Move(a)) => match state.check(a) {
                Ok(()) => return Ok(Answer::Move(a)),
                Err(e) => writeln!(out, "Illegal move: {}", explain(state, &e))?,
            },
            Err(message) => writeln!(out, "{message}")?,
        }
    }
}

/// A rule error, with what to do instead.
fn explain(state: &State, e: &RuleError) -> String {
    let mut s = e.to_string();
    if let (RuleError::NotAdjacent { .. } | RuleError::NotHigher { .. }, Some(last)) =
        (e, state.last_bid())
    {
        let _ = write!(
            s,
            " (outbid next to {} with a building above {}, or `pass`)",
            last.neighborhood, last.building
        );
    }
    s
}

/// The end of a game in words: the score sheet and who won.
pub fn ending_text(ending: &Ending, names: &[String]) -> String {
    match ending {
        Ending::Finished(game) => {
            let end = game.state();
            let mut s = format!(
                "\n{}\nEvery secret card is now shown (R-21).\n\n",
                game_over(end.call_number())
            );
            s.push_str(&score_table(end));
            let winners = end.winners();
            let humans: Vec<Seat> = (0..end.players())
                .filter(|&p| names[p as usize] == "you" || names[p as usize] == "human")
                .collect();
            if let [me] = humans.as_slice() {
                s.push_str(if winners.contains(me) {
                    if winners.len() == 1 {
                        "You win.\n"
                    } else {
                        "You share the victory.\n"
                    }
                } else {
                    "You lose.\n"
                });
            }
            s
        }
        Ending::Abandoned { game, end_of_input } => format!(
            "{}: the game stops unfinished during call {}.\n",
            if *end_of_input {
                "End of input"
            } else {
                "You quit"
            },
            game.state().call_number()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use metropolys_core::rng::SplitMix64;
    use metropolys_core::Variant;

    /// A script that plays any game to its end without knowing it: before
    /// each bid it tries `pass`, so a person who may pass passes, and an
    /// opener tries every bid in turn until one is legal.
    fn robot_script() -> String {
        let mut cycle = String::new();
        for b in 1..=13 {
            for n in 0..55 {
                cycle.push_str(&format!("pass\n{n} {b}\n"));
            }
        }
        cycle.repeat(20)
    }

    /// A whole game: the person types the first legal move each time, with
    /// a mistyped and an illegal move and a hint first.
    #[test]
    fn a_scripted_game_reaches_the_end() {
        let config = Config::new(2, Variant::Expert, 4);
        let mut input = b"twelve\n\xff\xfe 3\n99 1\nhint\n".to_vec();
        input.extend_from_slice(robot_script().as_bytes());
        let mut rng = SplitMix64::new(3);
        let bot: Decide<'_> = Box::new(move |s: &State| Ok(s.random_action(&mut rng).unwrap()));
        let mut hint: Decide<'_> = Box::new(|s: &State| Ok(s.legal_actions()[0]));
        let mut out = Vec::new();
        let ending = drive(
            &config,
            vec![
                Controller::Human,
                Controller::Bot {
                    name: "random".into(),
                    decide: bot,
                },
            ],
            &mut hint,
            &mut &input[..],
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("cannot read \"twelve\""), "{text}");
        assert!(text.contains("no neighborhood 99"));
        assert!(
            text.contains("cannot read \"\u{fffd}\u{fffd} 3\""),
            "{text}"
        );
        assert!(text.contains("Hint: ismcts would"));
        assert!(text.contains("Illegal move: R-"));
        assert!(text.contains("Your secret cards (blue)"));
        assert!(!text.contains("Your secret cards (red)"));
        match ending {
            Ending::Finished(g) => assert!(g.state().is_over()),
            Ending::Abandoned { game, .. } => {
                panic!("abandoned at call {}", game.state().call_number())
            }
        }
    }
}
