//! `metropolys play --seats human,ismcts,greedy`: a person plays in the
//! terminal against bots.
//!
//! The driver ([`drive`]) knows nothing of the bots: each bot seat is a
//! closure from the position to an action, built by [`run`] from the bots
//! crate, which decides from the seat's own view (R-21). The person sees the
//! board as text, their own secret cards (never an opponent's), the current
//! bids and their legal moves, and types `12 7` (neighborhood, building),
//! `pass`, `hint`, `board`, `help` or `quit`.

use crate::account::{objectives_of, place, score_table, seat_name};
use metropolys_core::{
    board, Action, Config, District, Event, Game, Kind, NeighborhoodId, ParseActionError,
    RuleError, Seat, Size, State, Token, Variant, BUILDINGS_PER_PLAYER, NEIGHBORHOOD_COUNT,
};
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
    /// The game was played to its end (R-17).
    Finished(Game),
    /// The person typed `quit`, or their input ended, before the end.
    Abandoned {
        /// The game as it stood.
        game: Game,
        /// Whether the input ended (rather than `quit`).
        end_of_input: bool,
    },
}

/// What a line typed at the prompt means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// A move (already checked to name a neighborhood and a building that
    /// exist, not yet checked against the rules).
    Move(Action),
    /// Show the commands.
    Help,
    /// Ask the strongest bot what it would play.
    Hint,
    /// Show the board again.
    Board,
    /// Leave the game.
    Quit,
    /// An empty line: ask again.
    Nothing,
}

/// Reads one typed line: `12 7` (neighborhood, building; also `12,7`),
/// `pass`, `help`, `hint`, `board`, `quit`. The error is the message to show.
pub fn parse(line: &str) -> Result<Command, String> {
    let lower = line.trim().to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    match words.as_slice() {
        [] => Ok(Command::Nothing),
        ["pass" | "p"] => Ok(Command::Move(Action::Pass)),
        ["help" | "h" | "?"] => Ok(Command::Help),
        ["hint"] => Ok(Command::Hint),
        ["board" | "b"] => Ok(Command::Board),
        ["quit" | "q" | "exit"] => Ok(Command::Quit),
        [n, b] if is_number(n) && is_number(b) => {
            // Core reads the move and knows the board's ranges (R-7, R-9).
            match metropolys_core::text::parse_action(&format!("{n} {b}")) {
                Ok(action) => Ok(Command::Move(action)),
                Err(ParseActionError::Neighborhood(n)) => Err(format!(
                    "R-7/R-9: there is no neighborhood {n}; ids are 0-{}",
                    NEIGHBORHOOD_COUNT - 1
                )),
                Err(ParseActionError::Building(b)) => Err(format!(
                    "R-7/R-9: there is no building {b}; buildings are numbered 1-{BUILDINGS_PER_PLAYER}"
                )),
                Err(e) => Err(e.to_string()),
            }
        }
        _ => Err(format!(
            "cannot read {:?}: type a neighborhood and a building, such as `12 7`, or `pass` \
             (`help` lists every command)",
            line.trim()
        )),
    }
}

fn is_number(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit())
}

/// The help shown by `help`.
pub const HELP: &str = "\
Commands:
  12 7      bid: place your building 7 on neighborhood 12
  pass      take no further part in this call (not allowed when opening, R-7)
  hint      what the strongest bot (ismcts) would play in your place
  board     show the board again
  help      this text
  quit      leave the game (so does the end of input, Ctrl-D)

Rules in short: the opener of a call bids any building of their supply on
any free neighborhood (R-7). Each later bid must be on a free neighborhood
adjacent to the most recent bid, with a higher building number (R-9); a
player who cannot outbid passes (R-11). When everybody else has passed, the
most recent bidder constructs their building there and takes its token
(R-12, R-13); the others take their bids back. The game ends when a player
has constructed all 13 buildings (R-17).";

fn kind_short(k: Kind) -> &'static str {
    match k {
        Kind::Industry => "indust",
        Kind::Park => "park",
        Kind::Housing => "housing",
        Kind::Mall => "mall",
        Kind::Administration => "admin",
    }
}

fn token_letter(t: Token) -> char {
    match t {
        Token::Trendy => 'T',
        Token::Subway => 'S',
        Token::Archaeology => 'A',
    }
}

fn building(variant: Variant, number: u8) -> String {
    match variant {
        Variant::Family => number.to_string(),
        Variant::Expert => format!("{number} ({})", Size::of(number)),
    }
}

fn list(items: impl IntoIterator<Item = impl ToString>) -> String {
    items
        .into_iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// One neighborhood as a board cell: `12 admin T bid red 5`.
fn cell(state: &State, id: NeighborhoodId) -> String {
    let kind = board::kind(id).map_or("", kind_short);
    let token = state.token_at(id).map_or(' ', token_letter);
    let status = if let Some((owner, number)) = state.building_at(id) {
        format!("{} {number}", seat_name(owner))
    } else if let Some(bid) = state.bids().iter().find(|b| b.neighborhood == id) {
        format!("bid {} {}", seat_name(bid.player), bid.building)
    } else {
        ".".to_string()
    };
    format!("{id:>2} {kind:<7} {token} {status}")
}

/// The board as text: one block per district, three neighborhoods a row.
pub fn board_text(state: &State) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Board (id kind token status; tokens: T trendy {:+}, S subway {:+}, A archaeology {:+}; \
         . free)",
        Token::Trendy.points(),
        Token::Subway.points(),
        Token::Archaeology.points()
    );
    let in_play = state.in_play();
    for d in District::ALL {
        let ids: Vec<NeighborhoodId> = board::in_district(*d).iter().collect();
        if !ids.iter().any(|&i| in_play.contains(i)) {
            let _ = writeln!(
                s,
                "  {:<7} out of play (R-2): {}-{}",
                d.name(),
                ids[0],
                ids[ids.len() - 1]
            );
            continue;
        }
        for (row, chunk) in ids.chunks(3).enumerate() {
            let label = if row == 0 { d.name() } else { "" };
            let cells: Vec<String> = chunk
                .iter()
                .map(|&i| format!("{:<24}", cell(state, i)))
                .collect();
            let _ = writeln!(s, "  {label:<7} {}", cells.join(" ").trim_end());
        }
    }
    s
}

/// Every seat's public situation: supply, tokens taken, special cards,
/// passes.
fn seats_text(state: &State, names: &[String]) -> String {
    let mut s = String::new();
    for p in 0..state.players() {
        let mut cards = Vec::new();
        for card in metropolys_core::Card::ALL {
            if state.card_holder(*card) == Some(p) {
                cards.push(format!("{card} card"));
            }
        }
        let _ = writeln!(
            s,
            "  {:<16} built {:>2}  tokens T{} S{} A{}{}{}  supply {}",
            format!("{} ({})", seat_name(p), names[p as usize]),
            state.constructed_count(p),
            state.tokens_taken(p, Token::Trendy),
            state.tokens_taken(p, Token::Subway),
            state.tokens_taken(p, Token::Archaeology),
            if cards.is_empty() {
                String::new()
            } else {
                format!("  {}", cards.join(", "))
            },
            if state.has_passed(p) { "  passed" } else { "" },
            list(state.supply(p)),
        );
    }
    s
}

/// The bids of the call going on, oldest first.
fn bids_text(state: &State) -> String {
    let bids = state.bids();
    if bids.is_empty() {
        return format!("Call {}: no bid yet.\n", state.call_number());
    }
    let shown: Vec<String> = bids
        .iter()
        .map(|b| {
            format!(
                "{} {} on {}",
                seat_name(b.player),
                building(state.variant(), b.building),
                place(b.neighborhood)
            )
        })
        .collect();
    format!(
        "Call {} bids (oldest first): {}.\n",
        state.call_number(),
        shown.join("; ")
    )
}

/// The legal moves of the seat to act, in words. They are always every
/// building of one set on every neighborhood of another, plus perhaps the
/// pass.
pub fn moves_text(state: &State) -> String {
    let legal = state.legal_actions();
    let mut neighborhoods = Vec::new();
    let mut buildings = Vec::new();
    for a in &legal {
        if let Action::Bid {
            neighborhood,
            building,
        } = *a
        {
            if !neighborhoods.contains(&neighborhood) {
                neighborhoods.push(neighborhood);
            }
            if !buildings.contains(&building) {
                buildings.push(building);
            }
        }
    }
    buildings.sort_unstable();
    let can_pass = legal.contains(&Action::Pass);
    let mut s = String::new();
    match state.last_bid() {
        None => {
            let _ = writeln!(
                s,
                "You open the call (R-7): any building of your supply on any free neighborhood; \
                 you cannot pass."
            );
        }
        Some(last) => {
            let _ = writeln!(
                s,
                "To outbid (R-9): a free neighborhood next to {} with a building above {}.",
                last.neighborhood, last.building
            );
        }
    }
    if !neighborhoods.is_empty() {
        let example = (neighborhoods[0], buildings[0]);
        let _ = writeln!(
            s,
            "  neighborhoods: {}\n  buildings:     {}\n  type e.g. `{} {}`{}",
            list(&neighborhoods),
            list(&buildings),
            example.0,
            example.1,
            if can_pass { ", or `pass`" } else { "" }
        );
    } else if can_pass {
        let _ = writeln!(s, "  only `pass`");
    }
    s
}

/// An action in words: `bids 7 on 12 (center park)` or `passes`.
fn action_text(variant: Variant, action: Action) -> String {
    match action {
        Action::Bid {
            neighborhood,
            building: b,
        } => format!("bid {} on {}", building(variant, b), place(neighborhood)),
        Action::Pass => "pass".into(),
    }
}

/// What the events of one transition mean, one line each.
fn events_text(variant: Variant, events: &[Event], names: &[String]) -> String {
    let who = |p: Seat| format!("{} ({})", seat_name(p), names[p as usize]);
    let mut s = String::new();
    let mut returned = Vec::new();
    for e in events {
        match e {
            Event::BidPlaced {
                player,
                neighborhood,
                building: b,
            } => {
                let _ = writeln!(
                    s,
                    "{} bids {} on {}.",
                    who(*player),
                    building(variant, *b),
                    place(*neighborhood)
                );
            }
            Event::Passed { player, forced } => {
                let _ = writeln!(
                    s,
                    "{} passes{}.",
                    who(*player),
                    if *forced {
                        " (forced: no outbid possible, R-11)"
                    } else {
                        ""
                    }
                );
            }
            Event::Constructed {
                player,
                neighborhood,
                building: b,
                call,
            } => {
                let _ = writeln!(
                    s,
                    "=> {} wins call {call} and builds {} on {} (R-12).",
                    who(*player),
                    building(variant, *b),
                    place(*neighborhood)
                );
            }
            Event::BidReturned {
                player, building, ..
            } => returned.push(format!("{} {building}", seat_name(*player))),
            Event::TokenTaken { player, token, .. } => {
                let _ = writeln!(s, "   {} takes the {token} token.", seat_name(*player));
            }
            Event::CardTaken { player, card, from } => {
                let _ = writeln!(
                    s,
                    "   {} takes the {card} card{}.",
                    seat_name(*player),
                    match from {
                        Some(f) => format!(" from {}", seat_name(*f)),
                        None => String::new(),
                    }
                );
            }
            Event::CallStarted { call, player } => {
                if !returned.is_empty() {
                    let _ = writeln!(s, "   back to supply: {}.", returned.join(", "));
                    returned.clear();
                }
                let _ = writeln!(s, "\nCall {call}: {} opens.", who(*player));
            }
            Event::GameEnded { .. } => {}
        }
    }
    if !returned.is_empty() {
        let _ = writeln!(s, "   back to supply: {}.", returned.join(", "));
    }
    s
}

/// Everything the person to act may see (R-21): the board, the seats, the
/// bids, their own secret cards and their legal moves.
fn turn_text(state: &State, seat: Seat, names: &[String]) -> String {
    let mut s = String::new();
    s.push('\n');
    s.push_str(&board_text(state));
    s.push_str(&seats_text(state, names));
    s.push_str(&bids_text(state));
    let _ = writeln!(
        s,
        "Your secret cards ({}): {}.",
        seat_name(seat),
        objectives_of(state, seat)
    );
    s.push_str(&moves_text(state));
    s
}

/// The table's seat names: `you` for a single person, `you` and the colour
/// otherwise, and each bot's name.
fn names(controllers: &[Controller<'_>]) -> Vec<String> {
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
    let variant = config.variant;
    let start = *game.state();
    let seats: Vec<String> = (0..start.players())
        .map(|p| format!("{p} {} ({})", seat_name(p), names[p as usize]))
        .collect();
    writeln!(
        out,
        "Metropolys · {} game · {} players · seed {}",
        match variant {
            Variant::Family => "Family",
            Variant::Expert => "Expert",
        },
        start.players(),
        config.seed
    )?;
    writeln!(out, "  seats: {}", seats.join(", "))?;
    let out_of_play = start.out_of_play();
    if !out_of_play.is_empty() {
        writeln!(out, "  out of play (R-2): {}", list(out_of_play))?;
    }
    writeln!(out, "Type `help` for the commands.")?;
    write!(
        out,
        "{}",
        events_text(variant, &start.opening_events(), &names)
    )?;
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
        write!(out, "{}", events_text(variant, game.last_events(), &names))?;
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
        // Bytes, not `read_line`: a line that is not UTF-8 is a mistyped
        // move like any other, not an I/O failure.
        let mut bytes = Vec::new();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            writeln!(out)?;
            return Ok(Answer::EndOfInput);
        }
        let line = String::from_utf8_lossy(&bytes);
        match parse(&line) {
            Ok(Command::Nothing) => {}
            Ok(Command::Help) => writeln!(out, "{HELP}")?,
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
                "\nGame over after {} calls: a player has built all 13 buildings (R-17).\n\
                 Every secret card is now shown (R-21).\n\n",
                end.call_number()
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

/// Why `play --seats` could not run.
#[derive(Debug)]
pub enum PlayError {
    /// Bad arguments (exit 2): seats, bot kinds, parameters.
    Usage(String),
    /// A bad configuration or a bot failure (exit 1).
    Failed(String),
    /// Reading, writing the terminal or a file failed (exit 3).
    Io(String),
}

/// `metropolys play --seats ...`: checks the seat count against
/// `--players`, then [`run`].
pub fn play(
    seats: &[String],
    players: Option<u8>,
    mut config: Config,
    args: &crate::play::Args,
) -> crate::common::Outcome {
    use crate::common::Failure;
    // Commas inside a bot's JSON do not separate seats.
    let seats: Vec<String> = metropolys_bots::split_specs(&seats.join(","))
        .into_iter()
        .map(|(kind, own)| match own {
            Some(own) => format!("{kind}:{own}"),
            None => kind.to_string(),
        })
        .collect();
    let seats = &seats[..];
    let n = seats.len() as u8;
    if players.is_some_and(|p| p != n) {
        return Err(Failure::Usage(format!(
            "--players {} but --seats names {n} seats",
            players.unwrap_or(0)
        )));
    }
    config.players = n;
    run(
        seats,
        &config,
        args.params.as_deref(),
        args.record.as_deref(),
    )
    .map_err(|e| match e {
        PlayError::Usage(m) => Failure::Usage(m),
        PlayError::Failed(m) => Failure::Invalid(m),
        PlayError::Io(m) => Failure::Io(m),
    })
}

/// The seat kinds `play --seats` accepts: `human` and the bot kinds.
pub fn seat_kinds() -> String {
    let mut kinds = vec!["human"];
    kinds.extend(metropolys_bots::KINDS);
    kinds.join(", ")
}

/// The seed of the bot at `seat`: the first draw of stream `5 + seat` of the
/// configuration's seed (streams 1-4 belong to setup, R-6); the hint bot
/// uses stream 9.
pub fn bot_seed(seed: u64, stream: u64) -> u64 {
    metropolys_core::rng::SplitMix64::stream(seed, stream).next_u64()
}

/// The decisions of `player` in a game set up from `config`, each from the
/// view of the seat to act with the configuration (R-21): in a game with a
/// Metropolys deck the other seats' cards are sampled from the deck minus
/// the seat's own (R-22).
pub fn bot_decide(mut player: metropolys_bots::Player, config: Config) -> Decide<'static> {
    Box::new(move |s: &State| player.choose_in(s, &config).map_err(|e| e.to_string()))
}

/// `metropolys play --seats human,ismcts,greedy`: builds the bots (with
/// their parameters from `--params`, a JSON object keyed by kind), plays on
/// standard input and output, and writes the record to `record` when given
/// and the game was played to its end. `config.players` must already be the
/// number of seats.
pub fn run(
    seats: &[String],
    config: &Config,
    params: Option<&str>,
    record: Option<&std::path::Path>,
) -> Result<(), PlayError> {
    if !u8::try_from(seats.len()).is_ok_and(|n| metropolys_core::PLAYER_COUNTS.contains(&n)) {
        return Err(PlayError::Usage(format!(
            "--seats names 2 to 4 seats (R-1), not {}",
            seats.len()
        )));
    }
    let params = crate::arena::params_by_kind(params).map_err(PlayError::Usage)?;
    let mut controllers = Vec::new();
    for (p, seat) in seats.iter().enumerate() {
        if seat == "human" {
            controllers.push(Controller::Human);
            continue;
        }
        // `kind` or `kind:JSON` (its own parameters).
        let (kind, own) = match seat.split_once(':') {
            Some((kind, own)) => (kind, Some(own)),
            None => (seat.as_str(), None),
        };
        let text = crate::arena::bot_params(kind, own, &params)
            .map_err(|e| PlayError::Usage(format!("--seats: {e} (seats are: {})", seat_kinds())))?;
        let bot =
            metropolys_bots::from_spec(kind, &text).map_err(|e| PlayError::Usage(e.to_string()))?;
        let player = metropolys_bots::Player::new(bot, bot_seed(config.seed, 5 + p as u64));
        controllers.push(Controller::Bot {
            name: kind.to_string(),
            decide: bot_decide(player, config.clone()),
        });
    }
    // The hint bot is made afresh for each hint, so that asking twice in
    // one position gives the same answer.
    let hint_text = crate::arena::spec("ismcts", &params).map_err(PlayError::Usage)?;
    let hint_seed = bot_seed(config.seed, 9);
    let hint_config = config.clone();
    let mut hint: Decide<'_> = Box::new(move |s: &State| {
        let bot = metropolys_bots::from_spec("ismcts", &hint_text).map_err(|e| e.to_string())?;
        bot_decide(
            metropolys_bots::Player::new(bot, hint_seed),
            hint_config.clone(),
        )(s)
    });
    Game::new(config.clone())
        .map_err(|e| PlayError::Failed(format!("illegal configuration: {e}")))?;
    let names = names(&controllers);
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let ending = match drive(config, controllers, &mut hint, &mut input, &mut out) {
        Ok(e) => e,
        // A closed output (`| head`) ends quietly, like the other commands.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
        Err(e) if e.kind() == io::ErrorKind::Other => return Err(PlayError::Failed(e.to_string())),
        Err(e) => return Err(PlayError::Io(e.to_string())),
    };
    let _ = write!(out, "{}", ending_text(&ending, &names));
    if let (Some(path), Ending::Finished(game)) = (record, &ending) {
        let r = game
            .to_record()
            .expect("a game set up from a configuration has a history");
        std::fs::write(path, r.to_json_readable())
            .map_err(|e| PlayError::Io(format!("cannot write {}: {e}", path.display())))?;
        let _ = writeln!(
            out,
            "Record written to {} ({} decisions).",
            path.display(),
            r.actions.len()
        );
    }
    let _ = out.flush();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use metropolys_core::rng::SplitMix64;

    /// In a game dealt from a Metropolys deck, a seat's bot decides as the
    /// bots crate does from that seat's view with the configuration (the
    /// deck, R-22), which is not always what a view without the deck gives.
    #[test]
    fn bots_decide_from_the_seats_view_with_the_deck_r21_r22() {
        use metropolys_bots::Player;
        use metropolys_core::Kind;
        let mut config = Config::new(3, Variant::Expert, 21);
        config.metropolys_deck = Some(vec![
            [Kind::Park, Kind::Mall, Kind::Housing],
            [Kind::Industry, Kind::Mall, Kind::Administration],
            [Kind::Park, Kind::Industry, Kind::Housing],
            [Kind::Administration, Kind::Park, Kind::Housing],
        ]);
        let mut state = State::new(&config).unwrap();
        let mut differs = false;
        for step in 0..12u64 {
            let params = format!(r#"{{"iterations": 300, "seed": {step}}}"#);
            let player = || Player::from_spec("ismcts", &params).unwrap();
            let chosen = bot_decide(player(), config.clone())(&state).unwrap();
            assert_eq!(chosen, player().choose_in(&state, &config).unwrap());
            differs |= chosen != player().choose_for(&state).unwrap();
            state = state.play(chosen).unwrap();
        }
        assert!(differs, "the deck never changed a decision: is it used?");
    }

    #[test]
    fn typed_moves_parse() {
        assert_eq!(parse("12 7"), Ok(Command::Move(Action::bid(12, 7))));
        assert_eq!(parse("  12,7 \n"), Ok(Command::Move(Action::bid(12, 7))));
        assert_eq!(parse("PASS"), Ok(Command::Move(Action::Pass)));
        assert_eq!(parse("hint"), Ok(Command::Hint));
        assert_eq!(parse("?"), Ok(Command::Help));
        assert_eq!(parse(""), Ok(Command::Nothing));
        assert_eq!(parse("quit"), Ok(Command::Quit));
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

    #[test]
    fn the_board_shows_every_neighborhood_in_play() {
        let s = State::new(&Config::new(3, Variant::Expert, 9)).unwrap();
        let s = s.play(Action::bid(3, 7)).unwrap();
        let text = board_text(&s);
        assert!(text.contains("out of play (R-2)"), "{text}");
        assert!(text.contains(" 3 "), "{text}");
        assert!(text.contains("bid blue 7"), "{text}");
        for id in s.in_play().iter() {
            assert!(text.contains(&cell(&s, id)), "{id}");
        }
    }

    #[test]
    fn the_legal_moves_text_covers_the_legal_actions() {
        let s = State::new(&Config::new(2, Variant::Family, 1)).unwrap();
        let s = s.play(Action::bid(3, 2)).unwrap();
        let text = moves_text(&s);
        for a in s.legal_actions() {
            if let Action::Bid {
                neighborhood,
                building,
            } = a
            {
                assert!(text.contains(&format!(" {neighborhood}")));
                assert!(text.contains(&format!(" {building}")));
            }
        }
        assert!(text.contains("`pass`"));
    }

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
