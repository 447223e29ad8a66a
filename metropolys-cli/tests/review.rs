//! `metropolys review`, the review at the end of `play`, and the review in
//! the HTML replay (`replay --html --review`): the bots' judgement of a
//! game played by the `beginner` and `greedy` bots, with few worlds so that
//! the tests are fast.

mod common;
use common::{code, metropolys, metropolys_in, scratch, stderr, stdout};
use metropolys_core::Record;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A whole 2-player Family game between the `beginner` and `greedy` bots,
/// recorded by `play --seats` in `dir`; its path and record.
fn bots_game(dir: &Path) -> (PathBuf, Record) {
    let path = dir.join("game.json");
    let o = metropolys(&[
        "play",
        "--seats",
        "beginner,greedy",
        "--variant",
        "family",
        "--seed",
        "3",
        "--record",
        s(&path),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let record = Record::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert!(record.verify().unwrap().is_over());
    (path, record)
}

/// The same record without its last `drop` decisions (and its
/// expectations, which were the whole game's), written to `dir/name`.
fn unfinished(dir: &Path, record: &Record, drop: usize, name: &str) -> PathBuf {
    let mut part = record.clone();
    part.actions.truncate(part.actions.len() - drop);
    part.expected = None;
    let path = dir.join(name);
    std::fs::write(&path, part.to_json_readable()).unwrap();
    path
}

/// Every line within 80 columns.
fn fits_80(text: &str) {
    for l in text.lines() {
        assert!(
            l.chars().count() <= 80,
            "a line of {} columns: {l:?}\n{text}",
            l.chars().count()
        );
    }
}

const GRADES: [&str; 6] = ["forced", "best", "good", "inaccuracy", "mistake", "blunder"];

#[test]
fn a_finished_game_in_text_and_json() {
    let dir = scratch("review-text");
    let (path, record) = bots_game(&dir);
    let args = ["review", s(&path), "--preset", "beginner", "--worlds", "8"];
    let o = metropolys(&[&args[..], &["--json"]].concat());
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let review: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(review["reviewer"], "beginner");
    assert_eq!(review["seed"], 0);
    assert_eq!(review["worlds"], 8);
    assert_eq!(review["players"], 2);
    assert_eq!(review["over"], true);
    assert!(review["only"].is_null());
    // One decision per action of the record, in order, each graded, with
    // both readings.
    let decisions = review["decisions"].as_array().unwrap();
    assert_eq!(decisions.len(), record.actions.len());
    for (i, (d, ra)) in decisions.iter().zip(&record.actions).enumerate() {
        assert_eq!(d["index"], i);
        assert_eq!(d["seat"], ra.player);
        assert_eq!(d["played"], serde_json::to_value(ra.action).unwrap());
        assert!(
            GRADES.contains(&d["grade"].as_str().unwrap()),
            "{}",
            d["grade"]
        );
        for reading in ["known", "revealed"] {
            let r = &d[reading];
            assert!(r["drop"].as_f64().unwrap().is_finite(), "{i} {reading}");
            let win: f64 = r["played"]["win"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| w.as_f64().unwrap())
                .sum();
            assert!((win - 1.0).abs() < 1e-9, "{i} {reading}: {win}");
        }
    }
    let seats = review["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    let errors = |seat: usize, key: &str| seats[seat][key].as_u64().unwrap() as usize;
    let graded: usize = (0..2)
        .map(|p| errors(p, "inaccuracies") + errors(p, "mistakes") + errors(p, "blunders"))
        .sum();
    let marked = decisions
        .iter()
        .filter(|d| ["inaccuracy", "mistake", "blunder"].contains(&d["grade"].as_str().unwrap()))
        .count();
    assert_eq!(graded, marked);
    for t in review["turning_points"].as_array().unwrap() {
        assert!((t.as_u64().unwrap() as usize) < decisions.len());
    }

    // The text: the header with both readings named, the table, one entry
    // per graded decision, the graph; within 80 columns.
    let o = metropolys(&args);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let text = stdout(&o);
    fits_80(&text);
    for needle in [
        "Review · Reviewed by the Beginner bot\n",
        "  seed 0 · 8 worlds per estimate\n",
        "  With what the player knew: Accuracy, Inaccuracies, Mistakes, Blunders\n",
        "  With every card revealed: Win chance, Turning points\n",
        "\n  0 Blue ",
        "\n  1 Brown ",
        "\nWin chance\n",
    ] {
        assert!(text.contains(needle), "missing {needle:?}:\n{text}");
    }
    assert_eq!(
        text.matches("\nDecision ").count(),
        marked,
        "one entry per graded decision:\n{text}"
    );
    assert_eq!(
        text.matches("The bot would have chosen: ").count(),
        marked,
        "{text}"
    );
    for (i, d) in decisions.iter().enumerate() {
        let grade = d["grade"].as_str().unwrap();
        if ["inaccuracy", "mistake", "blunder"].contains(&grade) {
            let seat = if d["seat"] == 0 { "0 Blue" } else { "1 Brown" };
            let entry = format!("\nDecision {} · {seat} · {grade}: ", i + 1);
            assert!(text.contains(&entry), "missing {entry:?}:\n{text}");
        }
    }
    // In another language, with the catalogue's words, still in 80 columns.
    let o = metropolys(&[&["--lang", "pl"], &args[..]].concat());
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let pl = stdout(&o);
    fits_80(&pl);
    assert!(
        pl.contains("Analiza partii · Analiza: bot Początkujący"),
        "{pl}"
    );
    assert!(pl.contains("Ze wszystkimi kartami odkrytymi"), "{pl}");
}

#[test]
fn the_same_seed_gives_the_same_review_whatever_the_threads() {
    let dir = scratch("review-seed");
    let (path, _) = bots_game(&dir);
    let run = |seed: &str, threads: &str, json: bool| {
        let mut args = vec![
            "review",
            s(&path),
            "--preset",
            "beginner",
            "--worlds",
            "8",
            "--seed",
            seed,
            "--threads",
            threads,
        ];
        if json {
            args.push("--json");
        }
        let o = metropolys(&args);
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        stdout(&o)
    };
    let text = run("5", "1", false);
    assert_eq!(text, run("5", "2", false));
    assert!(text.contains("seed 5 · 8 worlds"), "{text}");
    let json = run("5", "1", true);
    assert_eq!(json, run("5", "3", true));
    assert_ne!(json, run("6", "1", true), "the seed changes nothing?");
}

#[test]
fn an_unfinished_game_is_reviewed_for_one_seat() {
    let dir = scratch("review-seat");
    let (_, record) = bots_game(&dir);
    let part = unfinished(&dir, &record, 20, "part.json");
    let base = ["review", s(&part), "--preset", "beginner", "--worlds", "4"];
    // Without --seat: a clear usage error, no panic.
    let o = metropolys(&base);
    assert_eq!(code(&o), 2, "{}", stdout(&o));
    let e = stderr(&o);
    assert!(
        e.starts_with("metropolys: ") && e.contains("the game is not over") && e.contains("--seat"),
        "{e}"
    );
    assert!(
        !e.contains("panicked") && !e.contains("internal error"),
        "{e}"
    );
    assert!(stdout(&o).is_empty());
    // With --seat (a number or a colour): that seat's decisions only, with
    // what it knew; nothing revealed.
    let o = metropolys(&[&base[..], &["--seat", "brown", "--json"]].concat());
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let review: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(review["only"], 1);
    assert_eq!(review["over"], false);
    assert!(review["start"].is_null());
    let decisions = review["decisions"].as_array().unwrap();
    let brown = record.actions[..record.actions.len() - 20]
        .iter()
        .filter(|ra| ra.player == 1)
        .count();
    assert_eq!(decisions.len(), brown);
    assert!(decisions
        .iter()
        .all(|d| d["seat"] == 1 && d["revealed"].is_null()));
    let o = metropolys(&[&base[..], &["--seat", "1"]].concat());
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let text = stdout(&o);
    fits_80(&text);
    assert!(text.contains("\n  1 Brown "), "{text}");
    assert!(!text.contains("\n  0 Blue "), "{text}");
    assert!(!text.contains("With every card revealed"), "{text}");
    assert!(!text.contains("Win chance"), "{text}");
    // A seat the game does not have.
    let o = metropolys(&[&base[..], &["--seat", "2"]].concat());
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("has 2 seats"), "{}", stderr(&o));
}

#[test]
fn bad_records_and_options_are_errors_not_panics() {
    let dir = scratch("review-errors");
    let (path, _) = bots_game(&dir);
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\"format\": \"nonsense\"").unwrap();
    for (args, status, says) in [
        (vec!["review", s(&bad)], 1, "bad.json"),
        (
            vec!["review", "missing.json"],
            3,
            "cannot read missing.json",
        ),
        (
            vec!["review", s(&path), "--preset", "grandmaster"],
            2,
            "--preset",
        ),
        (vec!["review", s(&path), "--worlds", "0"], 2, "--worlds"),
        (vec!["review", s(&path), "--threads", "0"], 2, "--threads"),
        (vec!["review", s(&path), "--seat", "purple"], 2, "a seat is"),
    ] {
        let o = metropolys(&args);
        assert_eq!(code(&o), status, "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{args:?}");
    }
    // An illegal action: the record does not replay.
    let mut record = Record::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
    record.actions.swap(0, 1);
    record.expected = None;
    let swapped = dir.join("swapped.json");
    std::fs::write(&swapped, record.to_json_readable()).unwrap();
    let o = metropolys(&["review", s(&swapped), "--preset", "beginner"]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert!(stderr(&o).contains("swapped.json: "), "{}", stderr(&o));
    // Standard input.
    let text = std::fs::read_to_string(&path).unwrap();
    let o = metropolys_in(
        &dir,
        &["review", "-", "--preset", "beginner", "--worlds", "4"],
        &text,
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).starts_with("Review · "));
}

/// The replay's embedded review data: the graded steps and their grades.
fn review_data(page: &str) -> Value {
    let data = page
        .split(r#"<script id="review-data" type="application/json">"#)
        .nth(1)
        .and_then(|s| s.split("</script>").next())
        .expect("the review data");
    serde_json::from_str(data).unwrap()
}

#[test]
fn the_html_replay_shows_the_review() {
    let dir = scratch("review-html");
    let (path, record) = bots_game(&dir);
    let html = dir.join("replay.html");
    let o = metropolys(&[
        "replay",
        s(&path),
        "--html",
        s(&html),
        "--review",
        "beginner",
        "--quiet",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let page = std::fs::read_to_string(&html).unwrap();
    // The same review as `review --preset beginner` (seed 0, its worlds).
    let o = metropolys(&["review", s(&path), "--preset", "beginner", "--json"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let review: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let graded: Vec<u64> = review["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| ["inaccuracy", "mistake", "blunder"].contains(&d["grade"].as_str().unwrap()))
        .map(|d| d["index"].as_u64().unwrap() + 1)
        .collect();
    assert!(!graded.is_empty(), "nothing graded: the marks go untested");
    // The graph: one polyline per seat in its colour, each with one point
    // per step (the setup and every decision), the graded decisions and
    // turning points marked, the cursor; labelled as with every card
    // revealed.
    assert_eq!(page.matches(r#"<svg id="review-graph""#).count(), 1);
    let lines: Vec<&str> = page
        .split(r#"<polyline class="seat-line""#)
        .skip(1)
        .collect();
    assert_eq!(lines.len(), 2);
    for (p, colour) in ["#0072b2", "#663300"].iter().enumerate() {
        let line = lines[p].split('>').next().unwrap();
        assert!(line.contains(&format!(r#"data-seat="{p}""#)), "{line}");
        assert!(line.contains(&format!(r#"stroke="{colour}""#)), "{line}");
        let points = line
            .split(r#"points=""#)
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        assert_eq!(points.split(' ').count(), record.actions.len() + 1);
    }
    assert_eq!(
        page.matches(r#"<circle class="mark g-"#).count(),
        graded.len()
    );
    assert_eq!(
        page.matches(r#"<line class="turn""#).count(),
        review["turning_points"].as_array().unwrap().len()
    );
    assert!(page.contains(r#"<line id="review-cursor""#));
    assert!(page.contains("Win chance · With every card revealed"));
    assert!(page.contains("Click the graph to see the board at that decision."));
    // The grades, with what the player knew: the table and the list, each
    // entry a step to show, with the suggestion beside it.
    assert!(page.contains("<h3>With what the player knew</h3>"));
    assert!(
        page.contains("<th>Accuracy</th><th>Inaccuracies</th><th>Mistakes</th><th>Blunders</th>")
    );
    let listed: Vec<u64> = page
        .split(r#"<li class="g-"#)
        .skip(1)
        .map(|li| {
            assert!(li.contains(r#"<span class="suggestion">The bot would have chosen: "#));
            li.split(r#"data-step=""#)
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
                .parse()
                .unwrap()
        })
        .collect();
    assert_eq!(listed, graded);
    // The marks in the replay's log: the data the page's script reads.
    let data = review_data(&page);
    let marks: Vec<u64> = data["marks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            assert!(m[3]
                .as_str()
                .unwrap()
                .starts_with("The bot would have chosen: "));
            m[0].as_u64().unwrap()
        })
        .collect();
    assert_eq!(marks, graded);
    assert!(page.contains("var MetropolysReview"));
    assert!(page.contains("MetropolysReview.mount("));
    // Still self-contained, with no symbol characters.
    assert!(!page.contains("src=\"http") && !page.contains("href=\"http"));
    assert!(
        !page.chars().any(
            |c| (('\u{2190}'..='\u{2BFF}').contains(&c) && c != '\u{2212}') || c >= '\u{1F000}'
        ),
        "symbol characters in the page"
    );
    // In another language, and without --review no review at all.
    let fr = dir.join("fr.html");
    let o = metropolys(&[
        "--lang",
        "fr",
        "replay",
        s(&path),
        "--html",
        s(&fr),
        "--review",
        "beginner",
        "--quiet",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let page = std::fs::read_to_string(&fr).unwrap();
    assert!(page.contains("Chances de victoire · Toutes les cartes révélées"));
    assert!(page.contains("<h3>Avec ce que le joueur savait</h3>"));
    let plain = dir.join("plain.html");
    let o = metropolys(&["replay", s(&path), "--html", s(&plain), "--quiet"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let page = std::fs::read_to_string(&plain).unwrap();
    assert!(!page.contains("review-graph\"") && !page.contains("var MetropolysReview"));
    // --review needs --html; an unfinished game is written without it.
    let o = metropolys(&["replay", s(&path), "--review", "beginner"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    let part = unfinished(&dir, &record, 5, "part.json");
    let html = dir.join("part.html");
    let o = metropolys(&[
        "replay",
        s(&part),
        "--html",
        s(&html),
        "--review",
        "beginner",
        "--quiet",
    ]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("the game is not over"),
        "{}",
        stderr(&o)
    );
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("replay-data") && !page.contains("id=\"review-data\""));
}

#[test]
fn play_offers_the_review_when_the_game_ends() {
    let dir = scratch("review-play");
    let (_, record) = bots_game(&dir);
    // The game one decision before its end, the person at the seat that
    // ends it.
    let last = *record.actions.last().unwrap();
    unfinished(&dir, &record, 1, "almost.json");
    let mut seats = ["greedy", "greedy"];
    seats[usize::from(last.player)] = "human";
    let seats = seats.join(",");
    let typed = match last.action {
        metropolys_core::Action::Bid {
            neighborhood,
            building,
        } => format!("{neighborhood} {building}"),
        metropolys_core::Action::Pass => "pass".into(),
    };
    // `review` during the game: not yet; at the end, the review of the
    // whole game by the strong bot, within 80 columns.
    let o = metropolys_in(
        &dir,
        &["play", "--resume", "almost.json", "--seats", &seats],
        &format!("review\n{typed}\nreview\n"),
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("The review is offered once the game is over."),
        "{out}"
    );
    assert!(
        out.contains("Type `review` for the strong bot's review of the game"),
        "{out}"
    );
    let review = out
        .split("\nReview · ")
        .nth(1)
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        review.starts_with("Reviewed by the Strong bot\n"),
        "{review}"
    );
    assert!(
        review.contains("  seed 0 · 256 worlds per estimate\n"),
        "{review}"
    );
    assert!(review.contains("\nWin chance\n"), "{review}");
    fits_80(&out.replace(" > ", "\n"));
    // Enter (or anything else) leaves without it.
    let o = metropolys_in(
        &dir,
        &["play", "--resume", "almost.json", "--seats", &seats],
        &format!("{typed}\n\n"),
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("Type `review`"));
    assert!(!stdout(&o).contains("Review · "));
    // The help lists it.
    let o = metropolys_in(
        &dir,
        &["play", "--resume", "almost.json", "--seats", &seats],
        "help\nquit\n",
    );
    assert!(
        stdout(&o).contains("  review    once the game is over"),
        "{}",
        stdout(&o)
    );
}
