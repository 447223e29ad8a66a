//! `metropolys play --seats human,ismcts,greedy`: builds each seat's
//! controller (a person, or a bot from the bots crate deciding from the
//! seat's own view, R-21), plays at the terminal ([`drive`]) on standard
//! input and output, and writes the record of a finished game.

use crate::args::{bot_params, kind_params, params_by_kind};
use crate::cmd::play::table::{drive, ending_text, names, Controller, Decide, Ending};
use crate::failure::{Failure, Outcome};
use crate::io::write;
use metropolys_bots::{from_spec, split_specs, Player, KINDS};
use metropolys_core::rng::SplitMix64;
use metropolys_core::{Config, Game, State};
use std::io::{self, Write};
use std::path::Path;

/// `metropolys play --seats ...`: checks the seat count against
/// `--players`, then [`run`].
pub fn play(
    seats: &[String],
    players: Option<u8>,
    mut config: Config,
    params: Option<&str>,
    record: Option<&Path>,
) -> Outcome {
    // Commas inside a bot's JSON do not separate seats.
    let seats: Vec<String> = split_specs(&seats.join(","))
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
    run(seats, &config, params, record)
}

/// The seat kinds `play --seats` accepts: `human` and the bot kinds.
fn seat_kinds() -> String {
    let mut kinds = vec!["human"];
    kinds.extend(KINDS);
    kinds.join(", ")
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
/// their parameters from `--params`, a JSON object keyed by kind), plays on
/// standard input and output, and writes the record to `record` when given
/// and the game was played to its end. `config.players` must already be the
/// number of seats.
fn run(seats: &[String], config: &Config, params: Option<&str>, record: Option<&Path>) -> Outcome {
    if !(2..=4).contains(&seats.len()) {
        return Err(Failure::Usage(format!(
            "--seats names 2 to 4 seats (R-1), not {}",
            seats.len()
        )));
    }
    let params = params_by_kind(params).map_err(Failure::Usage)?;
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
        let text = bot_params(kind, own, &params)
            .map_err(|e| Failure::Usage(format!("--seats: {e} (seats are: {})", seat_kinds())))?;
        let bot = from_spec(kind, &text).map_err(|e| Failure::Usage(e.to_string()))?;
        let player = Player::new(bot, bot_seed(config.seed, 5 + p as u64));
        controllers.push(Controller::Bot {
            name: kind.to_string(),
            decide: bot_decide(player, config.clone()),
        });
    }
    // The hint bot is made afresh for each hint, so that asking twice in
    // one position gives the same answer.
    let hint_text = kind_params("ismcts", &params).map_err(Failure::Usage)?;
    let hint_seed = bot_seed(config.seed, 9);
    let hint_config = config.clone();
    let mut hint: Decide<'_> = Box::new(move |s: &State| {
        let bot = from_spec("ismcts", &hint_text).map_err(|e| e.to_string())?;
        bot_decide(Player::new(bot, hint_seed), hint_config.clone())(s)
    });
    Game::new(config.clone())
        .map_err(|e| Failure::Invalid(format!("illegal configuration: {e}")))?;
    let names = names(&controllers);
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let ending = match drive(config, controllers, &mut hint, &mut input, &mut out) {
        Ok(e) => e,
        // A closed output (`| head`) ends quietly, like the other commands.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
        Err(e) if e.kind() == io::ErrorKind::Other => return Err(Failure::Invalid(e.to_string())),
        Err(e) => return Err(Failure::Io(e.to_string())),
    };
    let _ = write!(out, "{}", ending_text(&ending, &names));
    if let (Some(path), Ending::Finished(game)) = (record, &ending) {
        let r = game.to_record();
        write(path, &r.to_json_readable())?;
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
