//! `metropolys play`: a whole game with uniformly random legal decisions,
//! told, and optionally recorded and drawn; or, with `--seats`, a game at
//! the terminal between people and bots ([`seats`]).

mod map;
mod prompt;
mod screen;
mod seats;
mod style;
mod table;

use crate::account::{header, players, score_table, tell};
use crate::args::VariantArg;
use crate::failure::{first_of, Failure, Outcome};
use crate::html;
use crate::io::{read, say, shown, write};
use crate::narrate::{Narrator, Voice};
use metropolys_core::rng::SplitMix64;
use metropolys_core::svg::PLAYER_COLOR_NAMES;
use metropolys_core::{Config, Game, SeatPlayer, Variant};
use std::path::PathBuf;

/// The setup streams 1–4 belong to core (`metropolys_core::rng`); `play`
/// draws its decisions from stream 5 of the configuration's seed.
pub const DECISION_STREAM: u64 = 5;

/// The help after the options of `play`: how decisions are drawn, the
/// seats' names (core's colour names), what a person types.
fn after_help() -> String {
    let seats: Vec<String> = (0..PLAYER_COLOR_NAMES.len())
        .map(|p| format!("{p} {}", PLAYER_COLOR_NAMES[p]))
        .collect();
    format!(
        "{DECISIONS}\n\nSeats are named by colour: {}.\n\n{PERSON}",
        seats.join(", ")
    )
}

/// How `play` draws its decisions, for its help.
const DECISIONS: &str = "\
Decisions: each decision is State::random_action with a SplitMix64 generator
started at stream 5 of the seed (state = seed ^ 5 * 0xD1B54A32D192ED03), so
the same command gives the same game everywhere (see docs/records.md).";

/// What a person types and sees, for the help of `play`.
const PERSON: &str = "\
With --seats, a person types `12 7` (neighborhood, building), `pass`,
`map` (where their cards score), `hint`, `n 12` (the neighbors of 12),
`board`, `help` or `quit`, which saves the game (to --record FILE, else
metropolys-game.json) for `metropolys play --resume FILE`; the end of input
leaves too (status 0). When the game is over, `review` shows the strong
bot's review of it (as `metropolys review` tells it). The text fits 80 columns (the terminal's width when
wider), in colour on a terminal unless NO_COLOR is set.
The bot at seat p is seeded with the first draw of stream 5 + p of the seed.";

/// Options of `metropolys play`.
#[derive(Debug, clap::Args)]
#[command(after_help = after_help())]
pub struct Args {
    /// Number of players: 2, 3 or 4 [default: 4]
    #[arg(short, long, value_name = "N")]
    pub players: Option<u8>,
    /// The variant [default: family]
    #[arg(long, value_enum, value_name = "V")]
    pub variant: Option<VariantArg>,
    /// Setup seed, 0 to 2^64-1; it also seeds the decisions [default: 2008]
    #[arg(short, long, value_name = "S")]
    pub seed: Option<u64>,
    /// The seat that opens the first call [default: 0]
    #[arg(long, value_name = "P")]
    pub start_player: Option<u8>,
    /// Read the configuration (the JSON object of a record's "config") from
    /// FILE ('-': standard input); the options above override it
    #[arg(short, long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Write the game record, with "expected" filled in
    #[arg(short, long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Write a self-contained HTML replay (with --seats: at the end, of
    /// the game as it stopped)
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Print only the score sheet
    #[arg(short, long)]
    pub quiet: bool,
    /// Who plays each seat, in seat order: human, random, greedy, ismcts,
    /// ismcts-v1 or a difficulty preset (beginner, casual, strong, expert),
    /// e.g. human,expert,greedy; a bot optionally as kind:JSON with its
    /// own parameters; a person plays in the terminal (see docs/cli.md).
    /// The player count is the number of seats
    #[arg(long, value_name = "SEATS", conflicts_with = "quiet")]
    pub seats: Option<Vec<String>>,
    /// A guided first game: you against the beginner bot (2 players,
    /// unless --seats says otherwise), stopping the first time something
    /// happens (a bid, an outbid, a pass, the end of a call, a token, the
    /// end) to say what happened and why
    #[arg(long, conflicts_with_all = ["resume", "quiet"])]
    pub guided: bool,
    /// With --seats: bot parameters by kind, a JSON object such as
    /// '{"ismcts": {"iterations": 500}}'
    #[arg(long, value_name = "JSON")]
    pub params: Option<String>,
    /// Continue the game a record holds (what `quit` saved), with its
    /// seats (or --seats); --record FILE then saves the whole game
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with_all = ["players", "variant", "seed", "start_player", "config", "quiet"]
    )]
    pub resume: Option<PathBuf>,
}

/// Plays, tells, and writes the files asked for.
pub fn run(args: Args) -> Outcome {
    let mut config = match &args.config {
        Some(path) => Config::from_json(&read(path)?)
            .map_err(|e| Failure::Invalid(format!("{}: {e}", shown(path))))?,
        None => Config::new(4, Variant::Family, 2008),
    };
    if let Some(p) = args.players {
        config.players = p;
    }
    if let Some(v) = args.variant {
        config.variant = v.into();
    }
    if let Some(s) = args.seed {
        config.seed = s;
    }
    if let Some(s) = args.start_player {
        config.start_player = s;
    }
    let files = seats::Files {
        record: args.record.as_deref(),
        html: args.html.as_deref(),
        guided: args.guided,
    };
    if let Some(path) = &args.resume {
        return seats::resume(path, args.seats.as_deref(), args.params.as_deref(), files);
    }
    if let Some(seats) = &args.seats {
        return seats::play(seats, args.players, config, args.params.as_deref(), files);
    }
    if args.guided {
        let seats = ["human".to_string(), "beginner".to_string()];
        return seats::play(&seats, args.players, config, args.params.as_deref(), files);
    }
    if args.params.is_some() {
        return Err(Failure::Usage(
            "--params sets the parameters of the bots at --seats (or of a --resume game's)".into(),
        ));
    }
    let mut game = Game::new(config.clone())
        .map_err(|e| Failure::Invalid(format!("illegal configuration: {e}")))?;
    let initial = *game.state();
    let mut rng = SplitMix64::stream(config.seed, DECISION_STREAM);
    let mut narrator = Narrator::new(&initial, Voice::Account);
    while let Some(action) = game.state().random_action(&mut rng) {
        game = game
            .apply(action)
            .map_err(|e| Failure::Invalid(format!("engine refused its own legal action: {e}")))?;
        narrator.feed(game.last_events());
    }
    let end = *game.state();
    let source = format!(
        "seed {} · random decisions (SplitMix64 stream {DECISION_STREAM})",
        config.seed
    );
    // Every seat plays uniformly random legal decisions.
    let mut record = game
        .to_record()
        .expect("a game set up from a configuration has a history");
    record.seats = Some(vec![
        SeatPlayer::bot("random", None);
        usize::from(config.players)
    ]);
    let who = players(&record);
    let head = header(&config, &initial, &source, &who);
    let (calls, ending) = narrator.finish();
    let scores = score_table(&end);
    if !args.quiet {
        say(&tell(&head, &calls));
        if let Some(e) = &ending {
            say(&format!("\n{e}\n"));
        }
        say("\n");
    }
    say(&scores);
    // Every file asked for is written, whatever happened to standard output
    // or to the other file; the first failure sets the status.
    let mut failures = Vec::new();
    if let Some(path) = &args.record {
        match write(path, &record.to_json_readable()) {
            Ok(()) if !args.quiet => outln!(
                "\nRecord written to {} ({} decisions).",
                path.display(),
                record.actions.len()
            ),
            Ok(()) => {}
            Err(f) => failures.push(f),
        }
    }
    if let Some(path) = &args.html {
        let title = format!(
            "Metropolys · {} players · {} · seed {}",
            config.players, config.variant, config.seed
        );
        match write(
            path,
            &html::page(
                &title,
                &head,
                &initial,
                &record.actions,
                &scores,
                &who,
                None,
            ),
        ) {
            Ok(()) if !args.quiet => outln!("HTML replay written to {}.", path.display()),
            Ok(()) => {}
            Err(f) => failures.push(f),
        }
    }
    first_of(failures)
}
