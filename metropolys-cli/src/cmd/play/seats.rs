//! `metropolys play --seats human,ismcts,greedy`: builds each seat's
//! controller (a person, or a bot from the bots crate deciding from the
//! seat's own view, R-21), plays at the terminal ([`drive`]) on standard
//! input and output, and writes the record of a finished game.

use crate::account::{header, players, score_table};
use crate::args::{kind_spec, params_by_kind, seat_kinds, seat_spec};
use crate::cmd::play::style::Style;
use crate::cmd::play::table::{
    drive, ending_text, names, offer_review, Controller, Decide, Ending,
};
use crate::failure::{bot_failure, first_of, Failure, Outcome};
use crate::html;
use crate::io::write;
use crate::narrate::seat_name;
use metropolys_bots::{split_list, BotKind, Player, SeatSpec};
use metropolys_core::rng::SplitMix64;
use metropolys_core::{Config, Game, Record, SeatPlayer, State};
use std::io::{self, Write};
use std::path::Path;

/// The files `play --seats` writes at the end: the record of a finished
/// game, the HTML replay of the game as it stopped.
#[derive(Debug, Clone, Copy, Default)]
pub struct Files<'a> {
    /// `--record`.
    pub record: Option<&'a Path>,
    /// `--html`.
    pub html: Option<&'a Path>,
    /// `--guided`: the game stops to explain what happened the first time
    /// it happens.
    pub guided: bool,
}

/// `metropolys play --seats ...`: checks the seat count against
/// `--players`, then [`run`].
pub fn play(
    seats: &[String],
    players: Option<u8>,
    mut config: Config,
    params: Option<&str>,
    files: Files<'_>,
) -> Outcome {
    // Commas inside a bot's JSON do not separate seats.
    let seats: Vec<String> = split_list(&seats.join(","))
        .into_iter()
        .map(str::to_string)
        .collect();
    let seats = &seats[..];
    if let [only] = seats {
        if only.is_empty() {
            return Err(Failure::Usage(format!(
                "--seats is empty: name 2 to 4 seats, separated by commas, such as \
                 human,ismcts (seats are: {})",
                seat_kinds().join(", ")
            )));
        }
    }
    if let Some(p) = seats.iter().position(String::is_empty) {
        return Err(Failure::Usage(format!(
            "--seats names no one for seat {p} ({}): give one name per seat, separated by \
             commas (seats are: {})",
            seat_name(p as u8),
            seat_kinds().join(", ")
        )));
    }
    let n = seats.len() as u8;
    if players.is_some_and(|p| p != n) {
        return Err(Failure::Usage(format!(
            "--players {} but --seats names {n} seats",
            players.unwrap_or(0)
        )));
    }
    if !metropolys_core::PLAYER_COUNTS.contains(&n) {
        return Err(Failure::Usage(format!(
            "--seats names 2 to 4 seats (R-1), not {n}"
        )));
    }
    config.players = n;
    let game =
        Game::new(config).map_err(|e| Failure::Invalid(format!("illegal configuration: {e}")))?;
    run(seats, game, params, files)
}

/// The file `quit` saves to when `--record` names none.
pub const SAVE_FILE: &str = "metropolys-game.json";

/// `metropolys play --resume FILE [--seats ...]`: the game the record holds
/// (replayed, each action checked), continued with the record's seats, or
/// with `--seats` when given (one per seat of the game).
pub fn resume(
    path: &Path,
    seats: Option<&[String]>,
    params: Option<&str>,
    files: Files<'_>,
) -> Outcome {
    let shown = crate::io::shown(path);
    let record = Record::from_json(&crate::io::read(path)?)
        .map_err(|e| Failure::Invalid(format!("{shown}: {e}")))?;
    let game = Game::from_record(&record).map_err(|e| Failure::Invalid(format!("{shown}: {e}")))?;
    if game.state().is_over() {
        return Err(Failure::Invalid(format!(
            "{shown}: the game is over (R-17): nothing to resume (`metropolys replay {shown}` tells it)"
        )));
    }
    let players = usize::from(game.state().players());
    let seats: Vec<String> = match (seats, &record.seats) {
        (Some(given), _) => split_list(&given.join(","))
            .into_iter()
            .map(str::to_string)
            .collect(),
        // Who sat where, as the record says, in the form --seats reads.
        (None, Some(who)) => who
            .iter()
            .map(|s| SeatSpec::try_from(s).map(|spec| spec.to_string()))
            .collect::<Result<_, _>>()
            .map_err(|e| Failure::Invalid(format!("{shown}: its seats: {e}")))?,
        (None, None) => {
            return Err(Failure::Usage(format!(
                "{shown} does not say who sat where (no \"seats\"): give --seats, one per seat"
            )))
        }
    };
    if seats.len() != players {
        return Err(Failure::Usage(format!(
            "the game of {shown} has {players} seats, but {} are named",
            seats.len()
        )));
    }
    run(&seats, game, params, files)
}

/// The seed of the bot at `seat`: the first draw of stream `5 + seat` of the
/// configuration's seed (streams 1-4 belong to setup, R-6); the hint bot
/// uses stream 9.
fn bot_seed(seed: u64, stream: u64) -> u64 {
    SplitMix64::stream(seed, stream).next_u64()
}

/// The decisions of `player` in a game set up from `config`, each from the
/// view of the seat to act with the configuration (R-21): in a game with a
/// Metropolys deck the other seats' cards are sampled from the deck minus
/// the seat's own (R-22).
fn bot_decide(mut player: Player, config: Config) -> Decide<'static> {
    Box::new(move |s: &State| player.choose_in(s, &config).map_err(|e| e.to_string()))
}

/// `metropolys play --seats human,ismcts,greedy`: builds the bots (with
/// their parameters from `--params`, a JSON object keyed by kind), plays
/// `game` (new, or resumed) on standard input and output, and writes the
/// record when asked and the game was played to its end or saved by
/// `quit`, and the HTML replay when asked. The game's player count must
/// already be the number of seats.
fn run(seats: &[String], game: Game, params: Option<&str>, files: Files<'_>) -> Outcome {
    let config = &game
        .config()
        .cloned()
        .expect("a game set up from a configuration or a record has it");
    if !u8::try_from(seats.len()).is_ok_and(|n| metropolys_core::PLAYER_COUNTS.contains(&n)) {
        return Err(Failure::Usage(format!(
            "--seats names 2 to 4 seats (R-1), not {}",
            seats.len()
        )));
    }
    let params = params_by_kind(params).map_err(Failure::Usage)?;
    let mut controllers = Vec::new();
    // Who plays each seat, for the record.
    let mut who = Vec::new();
    for (p, seat) in seats.iter().enumerate() {
        let spec = seat_spec(seat, &params).map_err(|e| Failure::Usage(format!("--seats: {e}")))?;
        who.push(SeatPlayer::from(&spec));
        let SeatSpec::Bot(bot) = spec else {
            controllers.push(Controller::Human);
            continue;
        };
        let player = Player::new(bot.build(), bot_seed(config.seed, 5 + p as u64));
        controllers.push(Controller::Bot {
            name: bot.kind().name().to_string(),
            decide: bot_decide(player, config.clone()),
        });
    }
    // The hint bot is made afresh for each hint, so that asking twice in
    // one position gives the same answer.
    let hint_spec = kind_spec(BotKind::Ismcts, &params);
    let hint_seed = bot_seed(config.seed, 9);
    let hint_config = config.clone();
    let mut hint: Decide<'_> = Box::new(move |s: &State| {
        bot_decide(
            Player::new(hint_spec.build(), hint_seed),
            hint_config.clone(),
        )(s)
    });
    let names = names(&controllers);
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let style = Style::for_stdout();
    let guided = files.guided;
    let ending = match drive(
        game,
        controllers,
        &mut hint,
        &mut input,
        &mut out,
        &style,
        guided,
    ) {
        Ok(e) => e,
        // A closed output (`| head`) ends quietly, like the other commands.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
        // A bot that failed, or a line too long to be a command.
        Err(e) if matches!(e.kind(), io::ErrorKind::Other | io::ErrorKind::InvalidData) => {
            return Err(bot_failure(e.to_string()))
        }
        Err(e) => return Err(Failure::Io(e.to_string())),
    };
    let _ = write!(out, "{}", style.render(&ending_text(&ending, &names)));
    // Each file asked for is written, the first failure sets the status.
    let mut failures = Vec::new();
    let (Ending::Finished(game) | Ending::Abandoned { game, .. }) = &ending;
    let mut r = game
        .to_record()
        .expect("a game set up from a configuration has a history");
    r.seats = Some(who);
    // A finished game is recorded when asked; `quit` saves the game to
    // continue (to --record FILE, else SAVE_FILE), as does the end of
    // input when --record names a file.
    let save = match &ending {
        Ending::Finished(_) => files.record,
        Ending::Abandoned {
            end_of_input: false,
            ..
        } => Some(files.record.unwrap_or(Path::new(SAVE_FILE))),
        Ending::Abandoned {
            end_of_input: true, ..
        } => files.record,
    };
    if let Some(path) = save {
        match write(path, &r.to_json_readable()) {
            Ok(()) if matches!(ending, Ending::Finished(_)) => {
                let said = format!(
                    "Record written to {} ({} decisions).\n",
                    path.display(),
                    r.actions.len()
                );
                let _ = write!(out, "{}", style.render(&said));
            }
            Ok(()) => {
                let said = format!(
                    "Game saved to {} ({} decisions): `metropolys play --resume {}` continues it.\n",
                    path.display(),
                    r.actions.len(),
                    path.display()
                );
                let _ = write!(out, "{}", style.render(&said));
            }
            Err(f) => failures.push(f),
        }
    }
    if let Some(path) = files.html {
        match write(path, &replay_page(&r, game.state())) {
            Ok(()) => {
                let said = format!("HTML replay written to {}.\n", path.display());
                let _ = write!(out, "{}", style.render(&said));
            }
            Err(f) => failures.push(f),
        }
    }
    // A person who played to the end may ask for the review of the game.
    let human = names.iter().any(|n| n == "you" || n == "human");
    if human && matches!(ending, Ending::Finished(_)) {
        let variant = config.variant;
        let mut review = || {
            let options = crate::review::whole(BotKind::Strong);
            crate::review::compute(&r, &options, true)
                .map(|review| crate::review::text(&review, variant, style.width))
                .map_err(|f| f.to_string())
        };
        match offer_review(&mut review, &mut input, &mut out, &style) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
            Err(e) => failures.push(Failure::Io(e.to_string())),
        }
    }
    let _ = out.flush();
    first_of(failures)
}

/// The HTML replay of a game played at the terminal (finished or not),
/// from its record.
fn replay_page(record: &Record, end: &State) -> String {
    let config = &record.config;
    let initial = State::new(config).expect("the game was played from it");
    let title = format!(
        "Metropolys · {} players · {} · seed {}",
        config.players, config.variant, config.seed
    );
    let source = format!("seed {} · played at the terminal", config.seed);
    let who = players(record);
    let head = header(config, &initial, &source, &who);
    html::page(
        &title,
        &head,
        &initial,
        &record.actions,
        &score_table(end),
        &who,
        None,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use metropolys_core::Variant;

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
}
