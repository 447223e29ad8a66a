//! A game at the terminal: the driver ([`drive`]) asks each seat's
//! controller for its decisions (a person at the prompt, or a bot's
//! closure) and tells the game as it happens. It knows nothing of the bots:
//! each bot seat is a closure from the position to an action.

use crate::account::score_table;
use crate::cmd::play::map::{map_text, scoring_text};
use crate::cmd::play::prompt::{parse, Command, HELP};
use crate::cmd::play::screen::{action_text, changes_text, list, neighbors_text, turn_text};
use crate::cmd::play::style::Style;
use crate::narrate::{seat_name, texts, variant_name, Narrator, Voice};
use metropolys_conform::lines::{read_line, Line, MAX_LINE};
use metropolys_core::{Action, Game, RuleError, Seat, State};
use metropolys_text::{Guide, Seats};
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

/// Writes `text` as the style prints it (wrapped to its width, coloured
/// when it colours).
fn put(out: &mut dyn Write, style: &Style, text: &str) -> io::Result<()> {
    out.write_all(style.render(text).as_bytes())
}

/// Plays the game `start` (a new game, or one resumed from its record) to
/// its end with one controller per seat, reading the people's moves from
/// `input` and telling everything on `out` in `style`. `hint` is asked for
/// a move in the person's place (it decides from the seat to act's view,
/// like every bot). A person sees the whole position at their first
/// decision and on `board`, and at their later decisions what changed
/// since they last saw it.
pub fn drive(
    start: Game,
    mut controllers: Vec<Controller<'_>>,
    hint: &mut Decide<'_>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    style: &Style,
    guided: bool,
) -> io::Result<Ending> {
    let config = start.config().cloned().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "a game without its configuration",
        )
    })?;
    let names = names(&controllers);
    let initial = State::new(&config)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
    let seats: Vec<String> = (0..initial.players())
        .map(|p| format!("{p} {} ({})", seat_name(p), names[p as usize]))
        .collect();
    let mut head = format!(
        "Metropolys · {} · {} players · seed {}\n  seats: {}\n",
        variant_name(config.variant),
        initial.players(),
        config.seed,
        seats.join(", ")
    );
    let out_of_play = initial.out_of_play();
    if !out_of_play.is_empty() {
        let _ = writeln!(head, "  out of play (R-2): {}", list(out_of_play));
    }
    // The narrator follows the game from its setup; a resumed game's
    // earlier calls are not told again.
    let mut narrator = Narrator::new(&initial, Voice::Table(names.clone()));
    let mut game = start;
    let decisions = game.decisions();
    if decisions > 0 {
        let mut state = initial;
        for ra in game.actions().unwrap_or_default() {
            let (next, events) = state
                .apply_for(ra.player, ra.action)
                .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
            narrator.feed(&events);
            state = next;
        }
        narrator.take_told();
        let _ = writeln!(
            head,
            "Resumed after {decisions} decisions, during call {}.",
            game.state().call_number()
        );
    }
    head.push_str("Type `help` for the commands.\n");
    put(out, style, &head)?;
    put(out, style, &narrator.take_told())?;
    // The guided game: what happened and why, the first time it happens.
    let mut guide = guided.then(|| {
        let seats = Seats {
            names: names.iter().cloned().map(Some).collect(),
            me: None,
            color_first: true,
        };
        Guide::new(texts(), seats)
    });
    if let Some(g) = &mut guide {
        put(out, style, &format!("\n{}\n", g.intro()))?;
        let lessons = g.feed(&initial.opening_events());
        guide_says(&lessons, &game, &controllers, input, out, style)?;
    }
    // Per seat, the position its person last saw in full or in part.
    let mut seen: Vec<Option<State>> = vec![None; usize::from(initial.players())];
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
                // The whole position at the person's first decision, then
                // what changed since they last saw it.
                let text = match seen[seat as usize] {
                    None => turn_text(&state, seat, &names, style.width),
                    Some(before) => changes_text(&before, &state, &names),
                };
                put(out, style, &text)?;
                seen[seat as usize] = Some(state);
                match ask(&state, seat, &names, hint, input, out, style)? {
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
        narrator.feed(game.last_events());
        put(out, style, &narrator.take_told())?;
        if let Some(g) = &mut guide {
            let lessons = g.feed(game.last_events());
            guide_says(&lessons, &game, &controllers, input, out, style)?;
        }
    }
    Ok(Ending::Finished(game))
}

/// The guided game's explanations of what just happened; when a bot plays
/// next, the game waits for Enter (the person's own turn is a pause of
/// its own). The end of input goes on without waiting.
fn guide_says(
    lessons: &[String],
    game: &Game,
    controllers: &[Controller<'_>],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    style: &Style,
) -> io::Result<()> {
    if lessons.is_empty() {
        return Ok(());
    }
    for l in lessons {
        put(out, style, &format!("\n» {l}\n"))?;
    }
    let bot_next = game
        .state()
        .to_act()
        .is_some_and(|p| matches!(controllers.get(p as usize), Some(Controller::Bot { .. })));
    if bot_next {
        put(
            out,
            style,
            &format!("{} ", texts().format("guide-continue", &[])),
        )?;
        out.flush()?;
        let mut bytes = Vec::new();
        if read_line(input, &mut bytes, MAX_LINE)? == Line::End {
            writeln!(out)?;
        }
    }
    Ok(())
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
    style: &Style,
) -> io::Result<Answer> {
    loop {
        put(
            out,
            style,
            &format!("{} ({}) > ", seat_name(seat), names[seat as usize]),
        )?;
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
        let text = match parse(&line) {
            Ok(Command::Nothing) => continue,
            Ok(Command::Help) => format!("{HELP}\n\n{}\n", scoring_text(state)),
            Ok(Command::Map) => map_text(state, seat),
            Ok(Command::Board) => turn_text(state, seat, names, style.width),
            Ok(Command::Neighbors(id)) => neighbors_text(state, id),
            Ok(Command::Quit) => return Ok(Answer::Quit),
            Ok(Command::Review) => format!("{}\n", texts().format("review-not-over", &[])),
            Ok(Command::Hint) => match hint(state) {
                Ok(a) => {
                    let typed = match a {
                        Action::Bid {
                            neighborhood,
                            building,
                        } => format!("{neighborhood} {building}"),
                        Action::Pass => "pass".into(),
                    };
                    format!(
                        "Hint: ismcts would {} (type `{typed}`).\n",
                        action_text(state.variant(), a)
                    )
                }
                Err(e) => format!("No hint: {e}\n"),
            },
            Ok(Command::Move(a)) => match state.check(a) {
                Ok(()) => return Ok(Answer::Move(a)),
                Err(e) => format!("Illegal move: {}\n", explain(state, &e)),
            },
            Err(message) => format!("{message}\n"),
        };
        put(out, style, &text)?;
    }
}

/// A rule error, with what to do instead.
fn explain(state: &State, e: &RuleError) -> String {
    // The player's sentence; the rule's number stays in the error's data.
    let mut s = texts().rule_error(e);
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

/// What the person may type once the game is over.
pub const AFTER_GAME: &str =
    "Type `review` for the strong bot's review of the game, or Enter to leave.\n";

/// After a finished game: offers the review of it, and shows it
/// (`review()`'s text, or why there is none) when the person types
/// `review`. Any other line, or the end of input, leaves.
pub fn offer_review(
    review: &mut dyn FnMut() -> Result<String, String>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    style: &Style,
) -> io::Result<()> {
    put(out, style, &format!("\n{AFTER_GAME}> "))?;
    out.flush()?;
    let mut bytes = Vec::new();
    if read_line(input, &mut bytes, MAX_LINE)? != Line::Read {
        return writeln!(out);
    }
    if parse(&String::from_utf8_lossy(&bytes)) != Ok(Command::Review) {
        return Ok(());
    }
    let text = match review() {
        Ok(text) => format!("\n{text}"),
        Err(e) => format!("No review: {e}\n"),
    };
    put(out, style, &text)?;
    out.flush()
}

/// The end of a game in words: the score sheet and who won.
pub fn ending_text(ending: &Ending, names: &[String]) -> String {
    match ending {
        Ending::Finished(game) => {
            let end = game.state();
            // Why the game ended was told with its last events.
            let mut s = String::from("\nEvery secret card is now shown (R-21).\n\n");
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
    use crate::cmd::play::style::Paint;
    use metropolys_core::rng::SplitMix64;
    use metropolys_core::{Config, Variant};

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

    /// Plays `config` with a person at seat 0 typing `script` and a random
    /// bot at seat 1, in `style`; the output and how the game ended.
    fn scripted(config: Config, script: &[u8], style: Style) -> (String, Ending) {
        let mut rng = SplitMix64::new(3);
        let bot: Decide<'_> = Box::new(move |s: &State| Ok(s.random_action(&mut rng).unwrap()));
        let mut hint: Decide<'_> = Box::new(|s: &State| Ok(s.legal_actions()[0]));
        let mut out = Vec::new();
        let ending = drive(
            Game::new(config).unwrap(),
            vec![
                Controller::Human,
                Controller::Bot {
                    name: "random".into(),
                    decide: bot,
                },
            ],
            &mut hint,
            &mut &script[..],
            &mut out,
            &style,
            false,
        )
        .unwrap();
        (String::from_utf8(out).unwrap(), ending)
    }

    /// A whole game: the person types the first legal move each time, with
    /// a mistyped and an illegal move and a hint first.
    #[test]
    fn a_scripted_game_reaches_the_end() {
        let config = Config::new(2, Variant::Expert, 4);
        let mut input = b"twelve\n\xff\xfe 3\n99 1\nhint\nn 12\n".to_vec();
        input.extend_from_slice(robot_script().as_bytes());
        let (text, ending) = scripted(config, &input, Style::plain());
        assert!(text.contains("cannot read \"twelve\""), "{text}");
        assert!(text.contains("no neighborhood 99"));
        assert!(
            text.contains("cannot read \"\u{fffd}\u{fffd} 3\""),
            "{text}"
        );
        assert!(text.contains("Hint: ismcts would"));
        assert!(text.contains("Illegal move: "));
        assert!(!text.contains("Illegal move: R-"), "{text}");
        assert!(text.contains("Your secret cards (Blue)"));
        assert!(!text.contains("Your secret cards (Brown)"));
        match ending {
            Ending::Finished(g) => assert!(g.state().is_over()),
            Ending::Abandoned { game, .. } => {
                panic!("abandoned at call {}", game.state().call_number())
            }
        }
    }

    /// Issue 37: every line of a whole game fits in 80 columns (lines ran
    /// to 171); a wider terminal gets longer lines and a wider board.
    #[test]
    fn every_line_fits_the_width() {
        let script = robot_script();
        let (text, _) = scripted(
            Config::new(2, Variant::Expert, 9),
            format!("help\nmap\nn 30\nboard\n{script}").as_bytes(),
            Style::plain(),
        );
        // At a terminal the person's typing ends the prompt's line; here
        // the next text follows the prompt on its line.
        let lines = || text.lines().map(|l| l.rsplit("(you) > ").next().unwrap());
        let widest = lines().max_by_key(|l| l.chars().count()).unwrap();
        assert!(
            widest.chars().count() <= 80,
            "a line of {} columns: {widest:?}",
            widest.chars().count()
        );
        assert!(lines().any(|l| l.chars().count() > 70), "nothing near 80?");
        let wide = Style {
            width: 120,
            color: Paint::Off,
        };
        let (text, _) = scripted(Config::new(2, Variant::Expert, 9), script.as_bytes(), wide);
        let lines = || text.lines().map(|l| l.rsplit("(you) > ").next().unwrap());
        let widest = lines().map(|l| l.chars().count()).max().unwrap();
        assert!((81..=120).contains(&widest), "{widest}");
        // Four board cells a row at 120 columns (three at 80).
        let row = text.lines().skip_while(|l| *l != "center:").nth(1).unwrap();
        let kinds = ["indust", "housing", "mall", "admin", "park"];
        assert_eq!(
            row.split_whitespace().filter(|w| kinds.contains(w)).count(),
            4,
            "{row}"
        );
    }

    /// Issue 37: the whole board once, then only what changed; `board`
    /// shows it all again.
    #[test]
    fn only_what_changed_is_shown_between_decisions() {
        let (text, _) = scripted(
            Config::new(2, Variant::Family, 4),
            robot_script().as_bytes(),
            Style::plain(),
        );
        assert_eq!(text.matches("Board (id kind").count(), 1, "{text}");
        assert_eq!(text.matches("Your secret cards").count(), 1);
        assert!(text.matches("Board changes: ").count() > 10, "{text}");
        assert!(
            text.matches("To outbid (R-9)").count() + text.matches("You open the call").count()
                > 10
        );
        let mut again = b"board\n".to_vec();
        again.extend_from_slice(robot_script().as_bytes());
        let (text, _) = scripted(Config::new(2, Variant::Family, 4), &again, Style::plain());
        assert_eq!(text.matches("Board (id kind").count(), 2);
    }

    /// Issue 37: `n 12` lists the neighbors of 12 (core's adjacency) with
    /// what stands on them.
    #[test]
    fn the_neighbors_of_a_neighborhood_on_request() {
        let (text, _) = scripted(
            Config::new(2, Variant::Family, 4),
            b"n 12\n",
            Style::plain(),
        );
        let n = metropolys_core::board::neighbors(12);
        assert!(
            text.contains(&format!("is next to {} neighborhoods", n.iter().count())),
            "{text}"
        );
        for id in n.iter() {
            assert!(
                text.contains(&format!("\n  {}", crate::narrate::place(id))),
                "{id}: {text}"
            );
        }
    }

    /// After the game, `review` shows the review; anything else, or the
    /// end of input, leaves without it.
    #[test]
    fn the_review_is_offered_after_the_game() {
        let offer = |typed: &[u8]| {
            let mut asked = 0;
            let mut review = || {
                asked += 1;
                Ok("Review · the text\n".to_string())
            };
            let mut out = Vec::new();
            offer_review(&mut review, &mut &typed[..], &mut out, &Style::plain()).unwrap();
            (String::from_utf8(out).unwrap(), asked)
        };
        let (text, asked) = offer(b"review\n");
        assert_eq!(asked, 1);
        assert!(text.starts_with(&format!("\n{AFTER_GAME}> ")), "{text}");
        assert!(text.ends_with("\nReview · the text\n"), "{text}");
        for typed in [&b"\n"[..], b"", b"pass\n", b"quit\n"] {
            let (text, asked) = offer(typed);
            assert_eq!(asked, 0, "{typed:?}");
            assert!(!text.contains("Review ·"), "{text}");
        }
        let mut failing = || Err("no threads".to_string());
        let mut out = Vec::new();
        offer_review(
            &mut failing,
            &mut &b"review\n"[..],
            &mut out,
            &Style::plain(),
        )
        .unwrap();
        assert!(String::from_utf8(out)
            .unwrap()
            .contains("No review: no threads"));
    }

    /// Issue 37: colour when asked (a terminal without NO_COLOR), never in
    /// a pipe; the text is the same once the escapes are removed.
    #[test]
    fn colour_only_when_the_style_says() {
        let script = b"0 5\nquit\n";
        let config = Config::new(2, Variant::Family, 4);
        let (plain, _) = scripted(config.clone(), script, Style::plain());
        assert!(!plain.contains('\u{1b}'));
        let (coloured, _) = scripted(
            config,
            script,
            Style {
                width: 80,
                color: Paint::Xterm256,
            },
        );
        assert!(coloured.contains("\u{1b}["), "{coloured}");
        assert_eq!(console::strip_ansi_codes(&coloured), plain);
    }
}
