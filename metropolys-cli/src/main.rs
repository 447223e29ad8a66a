//! `metropolys`: play, replay and verify Metropolys game records.
//!
//! See `metropolys --help`, docs/records.md and docs/conformance.md.

/// `print!` that ends quietly on a closed pipe.
macro_rules! out {
    ($($t:tt)*) => { say(&format!($($t)*)) };
}

/// `println!` that ends quietly on a closed pipe.
macro_rules! outln {
    () => { say("\n") };
    ($($t:tt)*) => { say(&(format!($($t)*) + "\n")) };
}

mod account;
mod arena;
mod html;
mod human;

use account::{header, score_table, Narrator};
use metropolys_core::record::Record;
use metropolys_core::rng::SplitMix64;
use metropolys_core::{Config, Game, RecordError, State, Variant};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The setup streams 1–4 belong to core (`metropolys_core::rng`); `play`
/// draws its decisions from stream 5 of the configuration's seed.
const DECISION_STREAM: u64 = 5;

const VERSION: &str = env!("CARGO_PKG_VERSION");

const HELP: &str = "\
metropolys — play, replay and verify Metropolys game records

Usage:
  metropolys play   [--players N] [--variant family|expert] [--seed S] [options]
  metropolys play   --seats human,ismcts,greedy [options]
  metropolys arena  --bots ismcts,greedy,random,random [--games N] [options]
  metropolys replay FILE [--html OUT] [--quiet]
  metropolys verify FILE|DIR... [--quiet]
  metropolys help [COMMAND]

Commands:
  play     play a whole game with random legal decisions and tell it;
           with --seats, play in the terminal against bots
  arena    play many games between bots and print their results
  replay   tell the game a record holds, and check its expectations
  verify   replay records and check them against their expectations

Options:
  -h, --help       show help (also after a command: metropolys play --help)
  -V, --version    show the version

Exit status:
  0  success (verify: every record passed)
  1  a record failed: illegal configuration, illegal action, unmet
     expectation, malformed or unknown record content
  2  usage error (unknown option, missing or bad argument)
  3  a file could not be read or written (play, replay)
";

const PLAY_HELP: &str = "\
metropolys play — play a game with uniformly random legal decisions

Usage:
  metropolys play [--players N] [--variant family|expert] [--seed S]
                  [--start-player P] [--config FILE]
                  [--record FILE] [--html FILE] [--quiet]
  metropolys play --seats KIND,KIND[,KIND[,KIND]] [--params JSON] [options]

Options:
  --players N         2, 3 or 4 (default 4)
  --variant V         family or expert (default family)
  --seed S            setup seed, 0 to 2^64-1 (default 2008); it also seeds
                      the decisions
  --start-player P    the seat that opens the first call (default 0)
  --config FILE       read the configuration (the JSON object of a record's
                      \"config\") from FILE; the options above override it
  --record FILE       write the game record, with \"expected\" filled in
  --html FILE         write a self-contained HTML replay (one board per call)
  --quiet             print only the score sheet
  --seats KINDS       who plays each seat, in seat order: human, random,
                      greedy or ismcts (e.g. human,ismcts,greedy); a person
                      plays in the terminal (see docs/cli.md). The player
                      count is the number of seats.
  --params JSON       bot parameters by kind, e.g. '{\"ismcts\": {\"iterations\": 500}}'
  -h, --help          show this help

With --seats, a person types `12 7` (neighborhood, building), `pass`,
`hint`, `board`, `help` or `quit`; the end of input also quits (exit 0).
The bot at seat p is seeded with the first draw of stream 5 + p of the seed.

Decisions: each decision is State::random_action with a SplitMix64 generator
started at stream 5 of the seed (state = seed ^ 5 * 0xD1B54A32D192ED03), so
the same command gives the same game everywhere (see docs/records.md).

Seats are named by colour: 0 blue, 1 red, 2 white, 3 gray.
";

const REPLAY_HELP: &str = "\
metropolys replay — tell the game a record holds

Usage:
  metropolys replay FILE [--html OUT] [--quiet]

Prints the setup, every call (bids, passes, forced passes, constructions,
tokens, cards) and the score sheet of the position the record reaches, then
checks the record's \"expected\" part. Exits 1 at the first illegal action
(unless the record expects that rejection) or unmet expectation.

Options:
  --html OUT    also write a self-contained HTML replay (one board per call)
  --quiet       print only the check result
  -h, --help    show this help
";

const ARENA_HELP: &str = "\
metropolys arena — play many games between bots and print their results

Usage:
  metropolys arena --bots KIND,KIND[,KIND[,KIND]] [--games N] [--threads T]
                   [--players N] [--variant family|expert] [--seed S]
                   [--params JSON] [--no-progress]

Options:
  --bots KINDS     one bot per seat: random, greedy or ismcts
  --games N        games to play (default 100); a multiple of the player
                   count gives every bot every seat equally often
  --threads T      games played in parallel (default 1); results do not
                   depend on it
  --players N      2, 3 or 4; must equal the number of bots (the default)
  --variant V      family or expert (default expert)
  --seed S         everything random derives from it (default 0)
  --params JSON    bot parameters by kind, e.g. '{\"ismcts\": {\"iterations\": 500}}'
  --no-progress    no progress bar (none is drawn when standard error is not
                   a terminal anyway)
  -h, --help       show this help

Bots are rotated over the seats from one game to the next. Each row: games,
wins (a shared victory counts as a fraction, R-20), win rate with its 95%
Wilson interval, and the mean final total.
";

const VERIFY_HELP: &str = "\
metropolys verify — check records against the engine

Usage:
  metropolys verify FILE|DIR... [--quiet]

Replays each record (for a directory: every *.json file directly inside it,
in name order) and checks its \"expected\" part. For each record prints ok or
FAIL with the first illegal action (its index, the ruling it breaks) or the
first difference from \"expected\"; then a summary line `N passed, M failed`.
An unreadable file or malformed record counts as failed.

Exit status: 0 if every record passed, 1 if any failed, 2 on usage errors.

Options:
  --quiet       print only failures and the summary
  -h, --help    show this help
";

/// Why a command failed; each maps to an exit status.
#[derive(Debug)]
enum Failure {
    /// Exit 1: a record or configuration is invalid, or a check failed.
    Invalid(String),
    /// Exit 2: bad command line.
    Usage(String),
    /// Exit 3: a file could not be read or written.
    Io(String),
}

impl Failure {
    fn code(&self) -> u8 {
        match self {
            Failure::Invalid(_) => 1,
            Failure::Usage(_) => 2,
            Failure::Io(_) => 3,
        }
    }
}

type Outcome = Result<(), Failure>;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            match &f {
                Failure::Usage(m) => {
                    eprintln!("metropolys: {m}");
                    eprintln!("Try 'metropolys --help'.");
                }
                Failure::Invalid(m) | Failure::Io(m) => eprintln!("metropolys: {m}"),
            }
            ExitCode::from(f.code())
        }
    }
}

fn run(args: &[String]) -> Outcome {
    let Some(first) = args.first() else {
        out!("{HELP}");
        return Err(Failure::Usage("no command given".into()));
    };
    let rest = &args[1..];
    match first.as_str() {
        "-h" | "--help" => {
            out!("{HELP}");
            Ok(())
        }
        "-V" | "--version" => {
            outln!("metropolys {VERSION}");
            Ok(())
        }
        "help" => {
            let text = match rest.first().map(String::as_str) {
                None => HELP,
                Some("play") => PLAY_HELP,
                Some("replay") => REPLAY_HELP,
                Some("verify") => VERIFY_HELP,
                Some("arena") => ARENA_HELP,
                Some(other) => return Err(Failure::Usage(format!("no command {other:?}"))),
            };
            out!("{text}");
            Ok(())
        }
        "play" => play(rest),
        "replay" => replay(rest),
        "verify" => verify(rest),
        "arena" => run_arena(rest),
        other if other.starts_with('-') => Err(Failure::Usage(format!("unknown option {other}"))),
        other => Err(Failure::Usage(format!(
            "unknown command {other:?} (commands: play, replay, verify, arena)"
        ))),
    }
}

/// A tiny command-line reader: options with values, flags, positionals.
struct Args<'a> {
    command: &'static str,
    items: std::slice::Iter<'a, String>,
}

impl<'a> Args<'a> {
    fn new(command: &'static str, args: &'a [String]) -> Args<'a> {
        Args {
            command,
            items: args.iter(),
        }
    }

    fn next(&mut self) -> Option<&'a str> {
        self.items.next().map(String::as_str)
    }

    fn value(&mut self, option: &str) -> Result<&'a str, Failure> {
        self.next().ok_or_else(|| {
            Failure::Usage(format!(
                "{} {option} needs a value (see metropolys {} --help)",
                self.command, self.command
            ))
        })
    }

    fn number<T: std::str::FromStr>(&mut self, option: &str) -> Result<T, Failure> {
        let v = self.value(option)?;
        v.parse()
            .map_err(|_| Failure::Usage(format!("{option} takes a whole number, not {v:?}")))
    }

    fn unknown(&self, arg: &str) -> Failure {
        Failure::Usage(format!(
            "unknown option {arg} for {} (see metropolys {} --help)",
            self.command, self.command
        ))
    }
}

/// Writes to standard output; a closed pipe (`metropolys play | head`) ends
/// the program quietly.
fn say(text: &str) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    if out
        .write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        std::process::exit(0);
    }
}

/// The header and every call, one paragraph each.
fn tell(head: &str, calls: &[account::CallLog]) -> String {
    let mut s = String::from(head);
    for c in calls {
        s.push('\n');
        s.push_str(&c.title);
        s.push('\n');
        for l in &c.lines {
            s.push_str(l);
            s.push('\n');
        }
    }
    s
}

fn read(path: &Path) -> Result<String, Failure> {
    std::fs::read_to_string(path)
        .map_err(|e| Failure::Io(format!("cannot read {}: {e}", path.display())))
}

fn write(path: &Path, text: &str) -> Outcome {
    std::fs::write(path, text)
        .map_err(|e| Failure::Io(format!("cannot write {}: {e}", path.display())))
}

fn play(args: &[String]) -> Outcome {
    let mut a = Args::new("play", args);
    let (mut players, mut variant, mut seed, mut start) = (None, None, None, None);
    let (mut config_file, mut record_file, mut html_file) = (None, None, None);
    let mut quiet = false;
    let (mut seats, mut params) = (None, None);
    while let Some(arg) = a.next() {
        match arg {
            "-h" | "--help" => {
                out!("{PLAY_HELP}");
                return Ok(());
            }
            "--seats" => seats = Some(list(a.value(arg)?)),
            "--params" => params = Some(a.value(arg)?.to_string()),
            "--players" => players = Some(a.number::<u8>(arg)?),
            "--variant" => {
                let v = a.value(arg)?;
                variant = Some(v.parse::<Variant>().map_err(|_| {
                    Failure::Usage(format!("--variant is family or expert, not {v:?}"))
                })?);
            }
            "--seed" => seed = Some(a.number::<u64>(arg)?),
            "--start-player" => start = Some(a.number::<u8>(arg)?),
            "--config" => config_file = Some(PathBuf::from(a.value(arg)?)),
            "--record" => record_file = Some(PathBuf::from(a.value(arg)?)),
            "--html" => html_file = Some(PathBuf::from(a.value(arg)?)),
            "--quiet" | "-q" => quiet = true,
            other => return Err(a.unknown(other)),
        }
    }
    let mut config = match &config_file {
        Some(path) => Config::from_json(&read(path)?)
            .map_err(|e| Failure::Invalid(format!("{}: {e}", path.display())))?,
        None => Config::new(4, Variant::Family, 2008),
    };
    if let Some(p) = players {
        config.players = p;
    }
    if let Some(v) = variant {
        config.variant = v;
    }
    if let Some(s) = seed {
        config.seed = s;
    }
    if let Some(s) = start {
        config.start_player = s;
    }
    if let Some(seats) = seats {
        return play_seats(
            &seats,
            players,
            config,
            params.as_deref(),
            record_file.as_deref(),
        );
    }
    let mut game = Game::new(config.clone())
        .map_err(|e| Failure::Invalid(format!("illegal configuration: {e}")))?;
    let initial = *game.state();
    let mut rng = SplitMix64::stream(config.seed, DECISION_STREAM);
    let mut narrator = Narrator::new(&initial);
    while let Some(action) = game.state().random_action(&mut rng) {
        let events = game
            .apply(action)
            .map_err(|e| Failure::Invalid(format!("engine refused its own legal action: {e}")))?
            .to_vec();
        narrator.feed(&events, game.state());
    }
    let end = *game.state();
    let source = format!(
        "seed {} · random decisions (SplitMix64 stream {DECISION_STREAM})",
        config.seed
    );
    let head = header(&config, &initial, &source);
    let (calls, ending) = narrator.finish();
    let scores = score_table(&end);
    if !quiet {
        say(&tell(&head, &calls));
        if let Some(e) = &ending {
            say(&format!("\n{e}\n"));
        }
        say("\n");
    }
    say(&scores);
    let record = game.to_record();
    if let Some(path) = &record_file {
        write(path, &(record.to_json_readable()))?;
        if !quiet {
            outln!(
                "\nRecord written to {} ({} decisions).",
                path.display(),
                record.actions.len()
            );
        }
    }
    if let Some(path) = &html_file {
        let title = format!(
            "Metropolys · {} players · {} · seed {}",
            config.players, config.variant, config.seed
        );
        write(path, &html::page(&title, &head, &calls, &end, &scores))?;
        if !quiet {
            outln!("HTML replay written to {}.", path.display());
        }
    }
    Ok(())
}

/// `a,b,c` as a list.
fn list(text: &str) -> Vec<String> {
    text.split(',').map(|s| s.trim().to_string()).collect()
}

/// `play --seats`: a person against bots (human.rs).
fn play_seats(
    seats: &[String],
    players: Option<u8>,
    mut config: Config,
    params: Option<&str>,
    record: Option<&Path>,
) -> Outcome {
    let n = seats.len() as u8;
    if players.is_some_and(|p| p != n) {
        return Err(Failure::Usage(format!(
            "--players {} but --seats names {n} seats",
            players.unwrap_or(0)
        )));
    }
    config.players = n;
    human::run(seats, &config, params, record).map_err(|e| match e {
        human::PlayError::Usage(m) => Failure::Usage(m),
        human::PlayError::Failed(m) => Failure::Invalid(m),
        human::PlayError::Io(m) => Failure::Io(m),
    })
}

/// `arena` (arena.rs).
fn run_arena(args: &[String]) -> Outcome {
    let mut a = Args::new("arena", args);
    let mut o = arena::ArenaArgs {
        bots: Vec::new(),
        games: 100,
        players: None,
        variant: Variant::Expert,
        seed: 0,
        threads: 1,
        params: None,
        progress: true,
    };
    while let Some(arg) = a.next() {
        match arg {
            "-h" | "--help" => {
                out!("{ARENA_HELP}");
                return Ok(());
            }
            "--bots" => o.bots = list(a.value(arg)?),
            "--games" => o.games = a.number(arg)?,
            "--threads" => o.threads = a.number(arg)?,
            "--players" => o.players = Some(a.number(arg)?),
            "--variant" => {
                let v = a.value(arg)?;
                o.variant = v.parse::<Variant>().map_err(|_| {
                    Failure::Usage(format!("--variant is family or expert, not {v:?}"))
                })?;
            }
            "--seed" => o.seed = a.number(arg)?,
            "--params" => o.params = Some(a.value(arg)?.to_string()),
            "--no-progress" => o.progress = false,
            other => return Err(a.unknown(other)),
        }
    }
    if o.bots.is_empty() {
        return Err(Failure::Usage(
            "arena needs --bots (e.g. --bots greedy,random)".into(),
        ));
    }
    match arena::run(&o) {
        Ok(table) => {
            say(&table);
            Ok(())
        }
        Err(arena::ArenaError::Usage(m)) => Err(Failure::Usage(m)),
        Err(arena::ArenaError::Failed(m)) => Err(Failure::Invalid(m)),
    }
}

fn replay(args: &[String]) -> Outcome {
    let mut a = Args::new("replay", args);
    let (mut file, mut html_file, mut quiet) = (None, None, false);
    while let Some(arg) = a.next() {
        match arg {
            "-h" | "--help" => {
                out!("{REPLAY_HELP}");
                return Ok(());
            }
            "--html" => html_file = Some(PathBuf::from(a.value(arg)?)),
            "--quiet" | "-q" => quiet = true,
            other if other.starts_with('-') && other.len() > 1 => return Err(a.unknown(other)),
            path => {
                if file.is_some() {
                    return Err(Failure::Usage(
                        "replay takes one record file (verify checks several)".into(),
                    ));
                }
                file = Some(PathBuf::from(path));
            }
        }
    }
    let Some(path) = file else {
        return Err(Failure::Usage("replay needs a record file".into()));
    };
    let text = read(&path)?;
    let shown = path.display().to_string();
    let record = Record::from_json(&text).map_err(|e| Failure::Invalid(format!("{shown}: {e}")))?;
    let initial = State::new(&record.config)
        .map_err(|e| Failure::Invalid(format!("{shown}: illegal configuration: {e}")))?;
    let mut narrator = Narrator::new(&initial);
    let mut state = initial;
    let mut refused = None;
    for (index, ra) in record.actions.iter().enumerate() {
        match state.apply_for(ra.player, ra.action) {
            Ok((next, events)) => {
                narrator.feed(&events, &next);
                state = next;
            }
            Err(error) => {
                refused = Some(RecordError::Illegal {
                    index,
                    player: ra.player,
                    action: ra.action,
                    error,
                });
                break;
            }
        }
    }
    let mut source = format!("record {shown}");
    if let Some(d) = &record.description {
        source = format!("{source}\n  {d}");
    }
    let head = header(&record.config, &initial, &source);
    let (calls, ending) = narrator.finish();
    let scores = score_table(&state);
    if !quiet {
        say(&tell(&head, &calls));
        if let Some(e) = &ending {
            outln!("\n{e}");
        } else if let Some(p) = state.to_act() {
            outln!(
                "\nThe record stops during call {}: {} to act.",
                state.call_number(),
                account::seat_name(p)
            );
        }
        if let Some(r) = &refused {
            outln!("Refused: {r}");
        }
        outln!();
        out!("{scores}");
    }
    if let Some(out) = &html_file {
        let title = format!("Metropolys · {shown}");
        write(out, &html::page(&title, &head, &calls, &state, &scores))?;
        if !quiet {
            outln!("\nHTML replay written to {}.", out.display());
        }
    }
    match record.verify() {
        Ok(_) => {
            let what = match (&record.expected, refused) {
                (None, _) => "no expectations to check".to_string(),
                (Some(_), Some(r)) => format!(
                    "action {} was rejected as expected ({})",
                    match &r {
                        RecordError::Illegal { index, .. } => *index,
                        _ => 0,
                    },
                    r.rule().unwrap_or("?")
                ),
                (Some(_), None) => "every expectation met".to_string(),
            };
            outln!("\nCheck: {what}.");
            Ok(())
        }
        Err(e) => Err(Failure::Invalid(format!("{shown}: {}", describe(&e)))),
    }
}

/// A record failure in words, naming the rule when there is one.
fn describe(e: &RecordError) -> String {
    match e {
        RecordError::Illegal { .. } => format!("{e} (actions count from 0)"),
        _ => e.to_string(),
    }
}

fn verify(args: &[String]) -> Outcome {
    let mut a = Args::new("verify", args);
    let mut paths = Vec::new();
    let mut quiet = false;
    while let Some(arg) = a.next() {
        match arg {
            "-h" | "--help" => {
                out!("{VERIFY_HELP}");
                return Ok(());
            }
            "--quiet" | "-q" => quiet = true,
            other if other.starts_with('-') && other.len() > 1 => return Err(a.unknown(other)),
            path => paths.push(PathBuf::from(path)),
        }
    }
    if paths.is_empty() {
        return Err(Failure::Usage(
            "verify needs at least one record file or directory".into(),
        ));
    }
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut fail = |what: &str, why: String| {
        outln!("FAIL  {what}: {why}");
        failed += 1;
    };
    for path in &paths {
        let files = if path.is_dir() {
            match records_in(path) {
                Ok(f) if f.is_empty() => {
                    fail(
                        &path.display().to_string(),
                        "no *.json records in this directory".into(),
                    );
                    continue;
                }
                Ok(f) => f,
                Err(e) => {
                    fail(&path.display().to_string(), e);
                    continue;
                }
            }
        } else {
            vec![path.clone()]
        };
        for file in files {
            let shown = file.display().to_string();
            match check_file(&file) {
                Ok(summary) => {
                    passed += 1;
                    if !quiet {
                        outln!("ok    {shown}: {summary}");
                    }
                }
                Err(why) => fail(&shown, why),
            }
        }
    }
    outln!("{passed} passed, {failed} failed");
    if failed == 0 {
        Ok(())
    } else {
        Err(Failure::Invalid(format!(
            "{failed} record{} failed",
            if failed == 1 { "" } else { "s" }
        )))
    }
}

fn records_in(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read directory: {e}"))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    Ok(files)
}

fn check_file(path: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let record = Record::from_json(&text).map_err(|e| e.to_string())?;
    let end = record.verify().map_err(|e| describe(&e))?;
    let expected = record.expected.as_ref();
    let mut parts = vec![format!("{} actions", record.actions.len())];
    if let Some(err) = expected.and_then(|e| e.error.as_ref()) {
        parts.push(format!("action {} rejected with {}", err.index, err.rule));
    } else if end.is_over() {
        parts.push(format!("game over after {} calls", end.call_number()));
    } else {
        parts.push(format!("call {}", end.call_number()));
    }
    match expected {
        None => parts.push("nothing expected".into()),
        Some(e) => {
            let checked: Vec<&str> = [
                ("game_over", e.game_over.is_some()),
                ("totals", e.totals.is_some()),
                ("winners", e.winners.is_some()),
                ("scores", e.scores.is_some()),
                ("error", e.error.is_some()),
            ]
            .iter()
            .filter(|(_, on)| *on)
            .map(|(name, _)| *name)
            .collect();
            parts.push(format!("checked {}", checked.join(", ")));
        }
    }
    Ok(parts.join("; "))
}
