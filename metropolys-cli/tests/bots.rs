//! `metropolys play --seats ...` (a person against bots, driven by a
//! scripted standard input) and `metropolys arena`.

mod common;
use common::{code, metropolys, metropolys_with_input, robot_script, scratch, stderr, stdout};
use metropolys_core::Record;

#[test]
fn a_person_plays_a_whole_game_against_bots_from_a_script() {
    let dir = scratch("cli-bots-test");
    let rec = dir.join("game.json");
    // A mistyped move, an unknown neighborhood, a hint, help, then an
    // illegal move (the opener's pass, R-7) and the robot script.
    let mut input = String::from("twelve seven\n99 3\nhint\nhelp\nmap\n");
    input.push_str(&robot_script());
    let o = metropolys_with_input(
        &[
            "play",
            "--seats",
            "human,ismcts,greedy",
            "--params",
            r#"{"ismcts": {"iterations": 200}}"#,
            "--variant",
            "expert",
            "--seed",
            "5",
            "--start-player",
            "0",
            "--record",
            rec.to_str().unwrap(),
        ],
        &input,
    );
    let out = stdout(&o);
    assert_eq!(
        code(&o),
        0,
        "{}\n{}",
        stderr(&o),
        &out[out.len().saturating_sub(3000)..]
    );
    for needle in [
        "seats: 0 Blue (you), 1 Brown (ismcts), 2 White (greedy)",
        "Board (",
        "center",
        "Your secret cards (Blue): ",
        "You open the call (R-7)",
        "cannot read \"twelve seven\"",
        "R-7/R-9: there is no neighborhood 99",
        "Hint: ",
        "Commands:",
        "Scoring, at the end of the game (R-17):\n  Bridges card: +4 per bridge",
        "Trendy token: +3 for each trendy token",
        "Where your cards score (Blue)",
        "As the position stands: Area card 0, Neighborhood card 0.",
        "\n      supply small 1 2 3 4 5, medium 6 7 8 9, tall 10 11 12 13\n",
        "Illegal move: The player who opens a call must bid; passing is not allowed.",
        "Brown (ismcts) bids",
        "White (greedy) ",
        "Blue (you) passes.",
        "13th building: the game ends after",
        "Final score",
    ] {
        assert!(out.contains(needle), "missing {needle:?}");
    }
    // Never an opponent's secret cards before the end (R-21).
    let before_end = &out[..out.find("13th building: the game ends").unwrap()];
    assert!(!before_end.contains("Your secret cards (Brown)"));
    assert!(!before_end.contains("Your secret cards (White)"));
    assert!(!before_end.contains("Brown holds"));
    assert!(out.contains("You win.") || out.contains("You lose.") || out.contains("You share"));
    // The game is recorded, and the record verifies.
    let record = Record::from_json(&std::fs::read_to_string(&rec).unwrap()).unwrap();
    assert!(record.verify().unwrap().is_over());
}

#[test]
fn an_illegal_outbid_names_the_rule_and_asks_again() {
    // Blue opens on 0 with 5; brown (bot) answers or passes; whatever
    // happens, a later `0 1` is illegal: 0 holds a bid or a building.
    let o = metropolys_with_input(
        &["play", "--seats", "human,random", "--seed", "1"],
        "0 5\n0 1\n",
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Blue (you) bids 5 on 0 ("), "{out}");
    assert!(
        out.contains("Illegal move: Neighborhood 0 already holds")
            || out.contains("Illegal move: Neighborhood 0 is not next to")
            || out.contains("Illegal move: Your building 1 is already"),
        "{out}"
    );
    assert!(
        out.contains("End of input: the game stops unfinished"),
        "{out}"
    );
}

#[test]
fn seats_errors_are_usage_errors() {
    for args in [
        &["play", "--seats", "human"][..],
        &["play", "--seats", "human,chess"][..],
        &["play", "--seats", "human,greedy,random,random,random"][..],
        &["play", "--seats", "human,greedy", "--players", "3"][..],
        &["play", "--seats"][..],
    ] {
        let o = metropolys_with_input(args, "");
        assert_eq!(code(&o), 2, "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).starts_with("metropolys: "), "{args:?}");
    }
}

#[test]
fn bots_alone_play_to_the_end() {
    // No person at the table: the bots play the game out.
    let o = metropolys_with_input(&["play", "--seats", "greedy,random"], "");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("Final score"));
    // A bot seat may carry its own parameters (commas inside its JSON do
    // not separate seats); bad ones are a usage error naming the parameter.
    let o = metropolys_with_input(
        &[
            "play",
            "--seats",
            r#"greedy,ismcts:{"iterations": 20, "threads": 1}"#,
        ],
        "",
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("Final score"));
    let o = metropolys_with_input(
        &["play", "--seats", r#"greedy,ismcts:{"iteration": 20}"#],
        "",
    );
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("unknown parameter \"iteration\""),
        "{}",
        stderr(&o)
    );
}

#[test]
fn arena_prints_one_row_per_bot() {
    let o = metropolys(&[
        "arena",
        "--bots",
        "greedy,random",
        "--games",
        "20",
        "--seed",
        "3",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("bot"), "{out}");
    assert!(out.contains("win rate"), "{out}");
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("greedy") || l.starts_with("random"))
        .collect();
    assert_eq!(rows.len(), 2, "{out}");
    // Deterministic with a seed.
    let again = metropolys(&[
        "arena",
        "--bots",
        "greedy,random",
        "--games",
        "20",
        "--seed",
        "3",
        "--threads",
        "2",
    ]);
    assert_eq!(stdout(&again), out);
    // No progress bar when standard error is not a terminal.
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
}

#[test]
fn arena_bots_take_their_own_parameters() {
    // Two greedy bots that differ only in their parameters: the rows are
    // named as given, and the parameters change the play (a greedy bot that
    // values a building at -50 plays differently from the default one).
    let args = |bots: &str| {
        let o = metropolys(&["arena", "--bots", bots, "--games", "20", "--seed", "3"]);
        assert_eq!(code(&o), 0, "{bots}: {}", stderr(&o));
        stdout(&o)
    };
    let out = args(r#"greedy:{"building_value": -50, "cost_per_number": 2},greedy"#);
    let rows: Vec<&str> = out.lines().filter(|l| l.starts_with("greedy")).collect();
    assert_eq!(rows.len(), 2, "{out}");
    assert!(
        rows[0].starts_with(r#"greedy:{"building_value": -50, "cost_per_number": 2}"#),
        "{out}"
    );
    assert!(rows[1].starts_with("greedy "), "{out}");
    let same = args("greedy,greedy");
    assert_ne!(out.lines().nth(2), same.lines().nth(2), "{out}\n{same}");
    // A bot's own parameters win over --params for that seat only.
    let o = metropolys(&[
        "arena",
        "--bots",
        r#"greedy:{},greedy"#,
        "--params",
        r#"{"greedy": {"building_value": -50, "cost_per_number": 2}}"#,
        "--games",
        "20",
        "--seed",
        "3",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let swapped = stdout(&o);
    let win = |out: &str, k: usize| {
        out.lines()
            .nth(k)
            .unwrap_or("")
            .split_whitespace()
            .nth(2)
            .map(str::to_string)
    };
    assert_eq!(win(&swapped, 2), win(&out, 3), "{out}\n{swapped}");
}

#[test]
fn arena_usage_errors() {
    for args in [
        &["arena"][..],
        &["arena", "--bots", "greedy"][..],
        &["arena", "--bots", "greedy,chess"][..],
        &["arena", "--bots", "greedy,random", "--games", "none"][..],
        &["arena", "--bots", "greedy,random", "--params", "{"][..],
        &[
            "arena",
            "--bots",
            "greedy,random",
            "--params",
            "{\"ismcts\": {\"iterations\": -3}}",
        ][..],
        &["arena", "--bots", "greedy,random", "--variant", "solo"][..],
        &["arena", "--bots", r#"ismcts:{"iteration": 5},greedy"#][..],
        &["arena", "--bots", r#"ismcts:{"iterations": 5,greedy"#][..],
        &["arena", "--bots", r#"ismcts:[5],greedy"#][..],
        &["arena", "--bots", r#"chess:{},greedy"#][..],
    ] {
        let o = metropolys(args);
        assert_eq!(code(&o), 2, "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).starts_with("metropolys: "), "{args:?}");
    }
}

#[test]
fn empty_and_misspelt_seats_and_bots_are_named() {
    for (args, needle) in [
        (
            vec!["play", "--seats", ""],
            "--seats is empty: name 2 to 4 seats",
        ),
        (
            vec!["play", "--seats", "human,,random"],
            "--seats names no one for seat 1 (Brown)",
        ),
        (
            vec!["play", "--seats", "human,ismtcs"],
            "unknown seat \"ismtcs\"; did you mean \"ismcts\"?",
        ),
        (
            vec!["play", "--seats", "humna,random"],
            "did you mean \"human\"?",
        ),
        (vec!["arena", "--bots", ""], "--bots is empty"),
        (
            vec!["arena", "--bots", "grredy,random"],
            "unknown bot kind \"grredy\"; did you mean \"greedy\"?",
        ),
        (
            vec![
                "arena",
                "--bots",
                "greedy,random",
                "--params",
                r#"{"ismcst": {}}"#,
            ],
            "did you mean \"ismcts\"?",
        ),
    ] {
        let o = metropolys(&args);
        let err = stderr(&o);
        assert_eq!(code(&o), 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("not 1"), "{err}");
    }
}

#[test]
fn a_game_at_the_terminal_writes_its_html_replay() {
    let dir = scratch("cli-bots-test");
    let html = dir.join("game.html");
    let rec = dir.join("game.json");
    // Played to the end: the record and the replay.
    let o = metropolys_with_input(
        &[
            "play",
            "--seats",
            "human,greedy",
            "--seed",
            "8",
            "--html",
            html.to_str().unwrap(),
            "--record",
            rec.to_str().unwrap(),
        ],
        &robot_script(),
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("HTML replay written to"));
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("replay-data") && page.contains("Final score"));
    assert!(rec.is_file());
    // Stopped by the end of input: the replay of the game so far.
    std::fs::remove_file(&html).unwrap();
    let o = metropolys_with_input(
        &[
            "play",
            "--seats",
            "human,greedy",
            "--html",
            html.to_str().unwrap(),
        ],
        "3 5\n",
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains("The game is not over: "),
        "the replay of an unfinished game"
    );
    // An unwritable replay is status 3, after the game.
    let o = metropolys_with_input(
        &[
            "play",
            "--seats",
            "human,greedy",
            "--html",
            dir.join("no/such/dir.html").to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code(&o), 3, "{}", stderr(&o));
}

#[test]
fn records_say_who_played_each_seat_and_replays_show_it() {
    let dir = scratch("cli-bots-test");
    let (rec, html) = (dir.join("who.json"), dir.join("who.html"));
    let o = metropolys_with_input(
        &[
            "play",
            "--seats",
            r#"human,greedy:{"cost_per_number":1},random"#,
            "--seed",
            "6",
            "--record",
            rec.to_str().unwrap(),
            "--html",
            html.to_str().unwrap(),
        ],
        &robot_script(),
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(
        text.contains(r#"{"kind": "greedy", "params": {"cost_per_number": 1}},"#),
        "{text}"
    );
    let record = Record::from_json(&text).unwrap();
    let who: Vec<String> = record
        .seats
        .iter()
        .flatten()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(who, ["human", r#"greedy:{"cost_per_number":1}"#, "random"]);
    assert!(record.verify().unwrap().is_over());
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains(r#"1 Brown: greedy:{&quot;cost_per_number&quot;:1}</span>"#),
        "the legend"
    );
    let o = metropolys(&["replay", rec.to_str().unwrap()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stdout(&o).contains(
            r#"seats:               0 Blue (human), 1 Brown (greedy:{"cost_per_number":1}), 2 White (random)"#
        ),
        "{}",
        stdout(&o)
    );
    // A record without the field is told as before; a malformed one fails.
    let mut bare = record.clone();
    bare.seats = None;
    let bare_path = dir.join("bare.json");
    std::fs::write(&bare_path, bare.to_json_readable()).unwrap();
    let o = metropolys(&["replay", bare_path.to_str().unwrap()]);
    assert!(stdout(&o).contains("  seats:               0 Blue, 1 Brown, 2 White\n"));
    let bad = dir.join("bad.json");
    std::fs::write(
        &bad,
        text.replace(r#"{"kind": "random"}"#, r#"{"kind": ""}"#),
    )
    .unwrap();
    let o = metropolys(&["verify", bad.to_str().unwrap()]);
    assert_eq!(code(&o), 1);
    assert!(stdout(&o).contains("seats[2]"), "{}", stdout(&o));
}

#[test]
fn arena_sprt_stops_as_soon_as_the_evidence_decides() {
    // greedy is far stronger than random: H1 (20 Elo) is accepted long
    // before the limit of 400 games, the same way with any thread count.
    let args = |threads: &'static str| {
        metropolys(&[
            "arena",
            "--bots",
            "greedy,random",
            "--sprt",
            "0,20",
            "--games",
            "400",
            "--seed",
            "2",
            "--variant",
            "family",
            "--threads",
            threads,
        ])
    };
    let o = args("1");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("SPRT · greedy vs random"), "{out}");
    assert!(out.contains("H1 accepted"), "{out}");
    let games: u64 = out
        .split(" after ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{out}"));
    assert!(games < 400 && games.is_multiple_of(2), "{out}");
    assert_eq!(stdout(&args("2")), out);
    // Random against itself: the limit comes first or H0 is accepted,
    // never H1.
    let o = metropolys(&[
        "arena",
        "--bots",
        "random,random",
        "--sprt",
        "-5,5",
        "--games",
        "60",
        "--seed",
        "1",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(!stdout(&o).contains("H1 accepted"), "{}", stdout(&o));
    // Bad tests and more than two bots are usage errors.
    for args in [
        &["arena", "--bots", "greedy,random", "--sprt", "20,0"][..],
        &["arena", "--bots", "greedy,random", "--sprt", "0"][..],
        &[
            "arena",
            "--bots",
            "greedy,random",
            "--sprt",
            "0,20,1.5,0.05",
        ][..],
        &["arena", "--bots", "greedy,random,random", "--sprt", "0,20"][..],
    ] {
        let o = metropolys(args);
        assert_eq!(code(&o), 2, "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).starts_with("metropolys: "), "{args:?}");
    }
}

#[test]
fn the_presets_sit_at_arena_and_play() {
    let o = metropolys(&[
        "arena",
        "--bots",
        "beginner,casual",
        "--games",
        "2",
        "--seed",
        "1",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("beginner") && stdout(&o).contains("casual"));
}

#[test]
fn the_help_of_arena_and_play_names_every_bot_kind() {
    // The help listed random, greedy and ismcts only, after ismcts-v1 and
    // the difficulty presets had become kinds.
    for cmd in ["arena", "play", "ladder"] {
        let o = metropolys(&[cmd, "--help"]);
        assert_eq!(o.status.code(), Some(0), "{cmd}");
        let help = stdout(&o).replace('\n', " ");
        for kind in metropolys_bots::KINDS {
            assert!(help.contains(kind), "{cmd} --help does not name {kind}");
        }
    }
}

#[test]
fn ladder_rates_the_bots_and_is_reproduced_by_its_seed() {
    let args = |threads: &'static str| {
        vec![
            "ladder",
            "--bots",
            "random,greedy,beginner",
            "--deals",
            "3",
            "--seed",
            "4",
            "--resamples",
            "50",
            "--threads",
            threads,
        ]
    };
    let o = metropolys(&args("1"));
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let out = stdout(&o);
    // 3 pairs, 3 deals, both seatings.
    assert!(
        out.starts_with("Ladder · 18 games · 2 players per table"),
        "{out}"
    );
    // Strongest first; random is the anchor.
    let rows: Vec<&str> = out.lines().skip(2).take(3).collect();
    assert!(rows[0].starts_with("greedy "), "{out}");
    assert!(
        rows[2].starts_with("random ") && rows[2].contains("[0, 0]"),
        "{out}"
    );
    assert_eq!(
        stdout(&metropolys(&args("3"))),
        out,
        "threads change nothing"
    );
    let md = stdout(&metropolys(&[
        "ladder",
        "--bots",
        "random,greedy",
        "--deals",
        "2",
        "--markdown",
    ]));
    assert!(md.contains("| `greedy` | 4 |"), "{md}");
}

#[test]
fn ladder_usage_errors() {
    let many = vec!["random"; 65].join(",");
    for (args, needle) in [
        (
            vec!["ladder", "--bots", "random"],
            "ladder: 1 bots cannot fill a table of 2",
        ),
        (
            vec!["ladder", "--bots", "random,greedy", "--players", "5"],
            "ladder: a ladder's tables have 2, 3 or 4 players, not 5",
        ),
        (
            vec!["ladder", "--bots", "random,,greedy"],
            "names no bot for bot 1",
        ),
        (vec!["ladder", "--bots", ""], "--bots is empty"),
        (vec!["ladder", "--bots", &many], "at most 64 bots, not 65"),
        (vec!["ladder", "--deals", "0"], "--deals"),
        (vec!["ladder", "--threads", "100000"], "--threads"),
        (vec!["ladder", "--resamples", "1000000"], "--resamples"),
        (
            vec!["ladder", "--bots", "random,grredy"],
            "did you mean \"greedy\"?",
        ),
    ] {
        let o = metropolys(&args);
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}
