//! The authority alone: no socket, no database, no clock but the one the
//! test passes.

use super::*;
use crate::protocol::CloseReason;
use crate::store::MatchRow;

fn row() -> MatchRow {
    MatchRow {
        id: "m".into(),
        created: 0,
        config: String::new(),
        seats: String::new(),
        turn_seconds: None,
        started: false,
        finished: false,
        cancelled: false,
        ended: None,
        seed_chosen: false,
        invite: None,
        rematch: None,
    }
}

fn two_humans() -> Authority {
    let config = Config::new(2, metropolys_core::Variant::Family, 5);
    Authority::create(
        &row(),
        config,
        vec![SeatSpec::Human, SeatSpec::Human],
        Instant::now(),
    )
    .unwrap()
}

fn commit(a: &mut Authority, p: Proposal) -> Effects {
    a.apply(p.change, Instant::now(), 1)
}

fn join(a: &mut Authority, seat: u8, key: u8) {
    let p = a.propose_join(Some(seat), [key; 32], None, None).unwrap();
    commit(a, p);
}

fn first_legal(a: &Authority) -> i64 {
    i64::from(a.game.state().legal_actions()[0].id().unwrap())
}

#[test]
fn a_socket_of_an_earlier_holder_of_its_seat_acts_no_more() {
    let mut a = two_humans();
    join(&mut a, 0, 1);
    join(&mut a, 1, 2);
    let (seat, epoch) = a.seat_of(&[1; 32]).unwrap();
    a.connect(7, Some((seat, epoch)), None, Instant::now())
        .unwrap();
    // The seat is given up and taken by someone else: the old socket is
    // closed, and were it still sending, its submission is refused.
    let p = a.propose_leave(0).unwrap();
    let fx = commit(&mut a, p);
    assert_eq!(fx.close, vec![(7, CloseReason::Left)]);
    join(&mut a, 0, 3);
    let action = first_legal(&a);
    let e = a.propose_submit(7, 0, action, 1).unwrap_err();
    assert_eq!(e.code, ErrorCode::Forbidden);
    // Nor can it come back with its old epoch.
    let e = a
        .connect(8, Some((0, epoch)), None, Instant::now())
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::Forbidden);
    // The new holder's socket plays.
    let (_, now) = a.seat_of(&[3; 32]).unwrap();
    a.connect(9, Some((0, now)), None, Instant::now()).unwrap();
    assert!(matches!(
        a.propose_submit(9, 0, action, 1),
        Ok(Submission::Commit(_))
    ));
    assert_eq!(a.move_number(), 0, "a proposal changes nothing");
}

#[test]
fn the_mover_alone_is_told_its_action_was_accepted_in_one_message() {
    let mut a = two_humans();
    join(&mut a, 0, 1);
    join(&mut a, 1, 2);
    a.connect(1, a.seat_of(&[1; 32]), None, Instant::now())
        .unwrap();
    a.connect(2, a.seat_of(&[2; 32]), None, Instant::now())
        .unwrap();
    a.connect(3, None, None, Instant::now()).unwrap();
    let action = first_legal(&a);
    let Ok(Submission::Commit(p)) = a.propose_submit(1, 0, action, 1) else {
        panic!("not accepted")
    };
    let fx = commit(&mut a, p);
    let mut told = Vec::new();
    for o in &fx.send {
        let ServerMessage::Update(u) = &o.msg else {
            panic!("only updates: {:?}", o.msg)
        };
        for id in &o.to {
            told.push(*id);
            assert_eq!(u.accepted.is_some(), *id == 1, "client {id}");
        }
    }
    told.sort();
    assert_eq!(told, vec![1, 2, 3], "one message per client");
    // The same submission again: a duplicate, nothing applied.
    match a.propose_submit(1, 0, action, 1).unwrap() {
        Submission::Duplicate(fx) => assert!(matches!(
            fx.send[0].msg,
            ServerMessage::Accepted(Accepted {
                duplicate: true,
                ..
            })
        )),
        Submission::Commit(_) => panic!("applied twice"),
    }
}

#[test]
fn bots_and_timers_acting_late_change_nothing() {
    let mut a = two_humans();
    join(&mut a, 0, 1);
    join(&mut a, 1, 2);
    let seat = a.game.state().to_act().unwrap();
    let action = a.game.state().legal_actions()[0];
    let g = a.generation;
    assert!(a.propose_auto(seat, g, action, Actor::Timer, 1).is_some());
    assert!(a
        .propose_auto(seat, g - 1, action, Actor::Timer, 1)
        .is_none());
    assert!(a
        .propose_auto(1 - seat, g, action, Actor::Timer, 1)
        .is_none());
}

#[test]
fn an_open_match_expires_only_when_nobody_sits_at_it() {
    let mut a = two_humans();
    let t0 = Instant::now();
    let later = t0 + Duration::from_secs(60);
    assert!(a.expired(later, Duration::from_secs(30)));
    join(&mut a, 0, 1);
    a.connect(1, a.seat_of(&[1; 32]), None, t0).unwrap();
    assert!(!a.expired(later, Duration::from_secs(30)), "someone waits");
    a.disconnect(1, t0);
    assert!(a.expired(later, Duration::from_secs(30)));
    let p = a.propose_cancel(3).unwrap();
    commit(&mut a, p);
    assert_eq!(a.status(), Status::Cancelled);
    assert!(a.propose_join(Some(1), [2; 32], None, None).is_err());
    assert!(a.propose_cancel(4).is_none());
}

fn with_row(row: MatchRow, seats: Vec<SeatSpec>, turn: bool) -> Authority {
    let config = Config::new(seats.len() as u8, metropolys_core::Variant::Family, 5);
    let mut a = Authority::create(&row, config, seats, Instant::now()).unwrap();
    if turn {
        a.turn = Some(Duration::from_secs(30));
    }
    a
}

fn named_join(a: &mut Authority, seat: u8, key: u8, name: &str) {
    let p = a
        .propose_join(Some(seat), [key; 32], Some(name.into()), None)
        .unwrap();
    commit(a, p);
}

/// Plays the seat to act's first legal action until the game is over.
fn play_out(a: &mut Authority) {
    while let Some(seat) = a.game.state().to_act() {
        let action = a.game.state().legal_actions()[0];
        let p = a
            .propose_auto(seat, a.generation, action, Actor::Bot, 7)
            .unwrap();
        commit(a, p);
    }
}

fn private_row() -> MatchRow {
    MatchRow {
        invite: Some("0123456789abcdef0123456789abcdef".into()),
        ..row()
    }
}

fn draws() -> RematchDraws {
    RematchDraws {
        id: "r".into(),
        seed: 99,
        invite: "fedcba9876543210fedcba9876543210".into(),
        bot_seeds: vec![11, 12, 13],
    }
}

fn codes<T: std::fmt::Debug>(r: Result<T, ProtoError>) -> ErrorCode {
    r.unwrap_err().code
}

#[test]
fn a_private_match_needs_its_invite_and_a_public_one_refuses_one() {
    let a = with_row(private_row(), vec![SeatSpec::Human, SeatSpec::Human], false);
    let invite = "0123456789abcdef0123456789abcdef";
    for wrong in [
        None,
        Some(""),
        Some("0123456789abcdef0123456789abcdee"),
        Some("0123456789ABCDEF0123456789ABCDEF"),
        Some(&*"x".repeat(10_000)),
    ] {
        let e = a.propose_join(Some(0), [1; 32], None, wrong).unwrap_err();
        assert_eq!(e.code, ErrorCode::InviteRequired, "{wrong:?}");
        assert!(!e.message.contains(invite));
    }
    assert!(a.propose_join(Some(0), [1; 32], None, Some(invite)).is_ok());
    assert!(a.summary().private);
    assert_eq!(a.invite(), Some(invite));
    let public = two_humans();
    assert_eq!(
        codes(public.propose_join(Some(0), [1; 32], None, Some(invite))),
        ErrorCode::BadMessage
    );
    assert!(!public.summary().private);
}

#[test]
fn names_are_public_go_with_a_seat_given_up_and_stay_at_the_end() {
    let mut a = two_humans();
    named_join(&mut a, 0, 1, "Ann");
    assert_eq!(a.summary().seats[0].name.as_deref(), Some("Ann"));
    let p = a.propose_leave(0).unwrap();
    commit(&mut a, p);
    assert_eq!(
        a.summary().seats[0].name,
        None,
        "the name went with the seat"
    );
    named_join(&mut a, 0, 3, "Cy");
    named_join(&mut a, 1, 2, "Bo <b>");
    play_out(&mut a);
    assert_eq!(a.status(), Status::Finished);
    assert_eq!(codes(a.propose_leave(0)), ErrorCode::MatchOver);
    let record = metropolys_core::Record::from_json(&a.record().unwrap()).unwrap();
    let seats = record.seats.unwrap();
    assert_eq!(seats[0].name.as_deref(), Some("Cy"));
    assert_eq!(seats[1].name.as_deref(), Some("Bo <b>"));
    assert!(record.expected.is_some());
}

#[test]
fn chat_is_for_seated_players_of_a_started_match_and_sent_to_everyone() {
    let mut a = two_humans();
    named_join(&mut a, 0, 1, "Ann");
    a.connect(1, a.seat_of(&[1; 32]), None, Instant::now())
        .unwrap();
    a.connect(2, None, None, Instant::now()).unwrap();
    assert_eq!(
        codes(a.propose_chat(2, "hi".into(), 1)),
        ErrorCode::Spectator
    );
    assert_eq!(
        codes(a.propose_chat(9, "hi".into(), 1)),
        ErrorCode::Forbidden
    );
    // An open match: anyone may take a seat of it (and give it up, for a
    // new credential), so its chat opens once it starts.
    assert_eq!(
        codes(a.propose_chat(1, "hi".into(), 1)),
        ErrorCode::NotStarted
    );
    join(&mut a, 1, 2);
    assert_eq!(a.status(), Status::Playing);
    let p = a.propose_chat(1, "<script>x</script>".into(), 5).unwrap();
    let fx = commit(&mut a, p);
    let ServerMessage::Chat(c) = &fx.send[0].msg else {
        panic!("{:?}", fx.send)
    };
    assert_eq!(fx.send[0].to, vec![1, 2]);
    assert_eq!(c.messages[0].text, "<script>x</script>");
    assert_eq!(c.messages[0].name.as_deref(), Some("Ann"));
    assert_eq!((c.messages[0].n, c.messages[0].at), (0, 5));
    // The chat never fills (the store keeps its last messages): past the
    // bound it once had, a message is still accepted and numbered on.
    for i in 1..=CHAT_MAX {
        let p = a.propose_chat(1, format!("m{i}"), 5).unwrap();
        commit(&mut a, p);
    }
    let p = a.propose_chat(1, "one more".into(), 5).unwrap();
    let Change::Chat(entry) = &p.change else {
        panic!("{:?}", p.change)
    };
    assert_eq!(entry.n, CHAT_MAX + 1);
    // A client connecting gets its update, then the last 50 messages.
    let fx = a.connect(3, None, None, Instant::now()).unwrap();
    assert!(matches!(fx.send[1].msg, ServerMessage::Update(_)));
    let ServerMessage::Chat(c) = &fx.send[2].msg else {
        panic!("{:?}", fx.send[2].msg)
    };
    assert_eq!(c.messages.len(), CHAT_SENT);
    assert_eq!(c.messages[CHAT_SENT - 1].n, CHAT_MAX);
    // The seat given up: its socket may chat no more.
    let p = a.propose_leave(0).unwrap();
    commit(&mut a, p);
    let mut b = two_humans();
    join(&mut b, 0, 1);
    join(&mut b, 1, 2);
    b.connect(1, b.seat_of(&[1; 32]), None, Instant::now())
        .unwrap();
    let p = b.propose_leave(0).unwrap();
    commit(&mut b, p);
    join(&mut b, 0, 4);
    assert_eq!(
        codes(b.propose_chat(1, "hi".into(), 1)),
        ErrorCode::Forbidden
    );
    // Nothing was sent to a new client for an empty chat.
    let fx = b.connect(5, None, None, Instant::now()).unwrap();
    assert!(fx
        .send
        .iter()
        .all(|o| !matches!(o.msg, ServerMessage::Chat(_))));
    let p = b
        .propose_cancel_by(0, Instant::now(), Duration::ZERO, 3)
        .unwrap();
    commit(&mut b, p);
    b.connect(6, b.seat_of(&[4; 32]), None, Instant::now())
        .unwrap();
    assert_eq!(
        codes(b.propose_chat(6, "hi".into(), 1)),
        ErrorCode::MatchOver
    );
    // A finished match: its players may still chat (a good game).
    let mut c = two_humans();
    join(&mut c, 0, 1);
    join(&mut c, 1, 2);
    play_out(&mut c);
    assert_eq!(c.status(), Status::Finished);
    c.connect(1, c.seat_of(&[2; 32]), None, Instant::now())
        .unwrap();
    assert!(c.propose_chat(1, "gg".into(), 9).is_ok());
}

#[test]
fn a_rematch_keeps_the_seats_for_their_players() {
    let seats = vec![
        SeatSpec::Human,
        SeatSpec::Bot {
            label: "greedy".into(),
            spec: "greedy".parse().unwrap(),
            seed: 3,
        },
        SeatSpec::Human,
    ];
    let mut a = with_row(private_row(), seats, true);
    let invite = a.invite().unwrap().to_string();
    let p = a
        .propose_join(Some(0), [1; 32], Some("Ann".into()), Some(&invite))
        .unwrap();
    commit(&mut a, p);
    assert_eq!(
        codes(a.propose_rematch(&[1; 32], draws(), 1)),
        ErrorCode::NotFinished
    );
    let p = a
        .propose_join(Some(2), [2; 32], Some("Bo".into()), Some(&invite))
        .unwrap();
    commit(&mut a, p);
    play_out(&mut a);
    assert_eq!(
        codes(a.propose_rematch(&[9; 32], draws(), 1)),
        ErrorCode::Forbidden
    );
    a.connect(7, None, None, Instant::now()).unwrap();
    let (p, stored) = a.propose_rematch(&[2; 32], draws(), 1).unwrap();
    let fx = commit(&mut a, p);
    assert!(matches!(&fx.send[0].msg, ServerMessage::Rematch(r) if r.match_id == "r"));
    assert_eq!(a.summary().rematch.as_deref(), Some("r"));
    assert_eq!(
        a.update_for(None, None, None, None).rematch.as_deref(),
        Some("r")
    );
    let config = Config::from_json(&stored.row.config).unwrap();
    assert_eq!((config.seed, config.start_player), (99, 1));
    assert!(!stored.row.seed_chosen && !stored.row.started);
    assert_eq!(stored.row.invite.as_deref(), Some(draws().invite.as_str()));
    assert_eq!(stored.row.turn_seconds, Some(30.0));
    let specs: Vec<SeatSpec> = serde_json::from_str(&stored.row.seats).unwrap();
    assert!(matches!(specs[1], SeatSpec::Bot { seed: 12, .. }));
    let mut r = Authority::restore(&stored, Instant::now()).unwrap();
    // The caller holds seat 2 with the same credential; seat 0 is kept for
    // Ann, whom nobody else can displace.
    assert_eq!(r.seat_of(&[2; 32]).map(|s| s.0), Some(2));
    let s = r.summary();
    assert!(s.seats[0].reserved && !s.seats[0].taken);
    assert_eq!(s.seats[2].name.as_deref(), Some("Bo"));
    assert!(s.private && s.rematch.is_none());
    let new_invite = draws().invite;
    assert_eq!(
        codes(r.propose_join(Some(0), [5; 32], None, Some(&new_invite))),
        ErrorCode::SeatReserved
    );
    assert_eq!(
        codes(r.propose_join(None, [5; 32], None, Some(&new_invite))),
        ErrorCode::MatchFull
    );
    assert!(matches!(r.claim(2, &[2; 32]), Ok(Claim::Held(2))));
    assert_eq!(codes(r.claim(0, &[5; 32])), ErrorCode::SeatTaken);
    let Ok(Claim::Take(p)) = r.claim(0, &[1; 32]) else {
        panic!("Ann takes her seat")
    };
    commit(&mut r, *p);
    assert_eq!(r.status(), Status::Playing, "every human seat is taken");
    assert_eq!(r.summary().seats[0].name.as_deref(), Some("Ann"));
    assert!(matches!(r.claim(0, &[1; 32]), Ok(Claim::Held(0))));
}

#[test]
fn cancelling_an_open_match_at_once_and_a_playing_one_once_abandoned() {
    let t0 = Instant::now();
    let abandon = Duration::from_secs(120);
    let mut a = two_humans();
    named_join(&mut a, 0, 1, "Ann");
    assert!(a.propose_cancel_by(0, t0, abandon, 1).is_ok(), "open");
    named_join(&mut a, 1, 2, "Bo");
    a.connect(2, a.seat_of(&[2; 32]), None, t0).unwrap();
    let e = a.propose_cancel_by(0, t0, abandon, 1).unwrap_err();
    assert_eq!(e.code, ErrorCode::NotAbandoned);
    assert!(e.message.contains("seat 1 (Bo) is here"), "{}", e.message);
    let t1 = t0 + Duration::from_secs(10);
    a.disconnect(2, t1);
    let e = a
        .propose_cancel_by(0, t1 + Duration::from_secs(5), abandon, 1)
        .unwrap_err();
    assert!(e.message.contains("was here 5 s ago"), "{}", e.message);
    let later = t1 + abandon;
    let p = a.propose_cancel_by(0, later, abandon, 1).unwrap();
    let fx = commit(&mut a, p);
    assert!(fx.stop_timer);
    assert_eq!(a.status(), Status::Cancelled);
    assert_eq!(
        codes(a.propose_cancel_by(0, later, abandon, 1)),
        ErrorCode::MatchOver
    );
    // Its record: the actions played, nothing expected.
    let record = metropolys_core::Record::from_json(&a.record().unwrap()).unwrap();
    assert!(record.expected.is_none());
    assert_eq!(record.seats.unwrap()[1].name.as_deref(), Some("Bo"));
    // A seat given up counts as gone; 0 s: at once.
    let mut b = two_humans();
    join(&mut b, 0, 1);
    join(&mut b, 1, 2);
    assert_eq!(
        codes(b.propose_cancel_by(0, t0, abandon, 1)),
        ErrorCode::NotAbandoned
    );
    assert!(b.propose_cancel_by(0, t0, Duration::ZERO, 1).is_ok());
    let p = b.propose_leave(1).unwrap();
    commit(&mut b, p);
    assert!(b.propose_cancel_by(0, t0, abandon, 1).is_ok());
    assert_eq!(codes(b.record()), ErrorCode::NotFinished);
}

#[test]
fn the_turn_timer_stops_while_every_human_is_away() {
    let mut a = with_row(row(), vec![SeatSpec::Human, SeatSpec::Human], true);
    join(&mut a, 0, 1);
    let p = a.propose_join(Some(1), [2; 32], None, None).unwrap();
    let fx = commit(&mut a, p);
    assert!(fx.job.is_none(), "nobody is here: no timer");
    assert!(a.deadline.is_none());
    let t0 = Instant::now();
    let fx = a.connect(1, a.seat_of(&[1; 32]), None, t0).unwrap();
    let Some(Job::Timer { after, .. }) = fx.job else {
        panic!("a human came: the timer runs")
    };
    assert_eq!(after, Duration::from_secs(30));
    let g = a.generation;
    // A second socket changes nothing; the last one leaving stops it.
    let fx = a.connect(2, a.seat_of(&[2; 32]), None, t0).unwrap();
    assert!(fx.job.is_none());
    assert!(!a.disconnect(1, t0).stop_timer);
    let fx = a.disconnect(2, t0);
    assert!(fx.stop_timer && a.deadline.is_none());
    assert!(
        a.timer_view(a.game.state().to_act().unwrap(), g).is_none(),
        "stale"
    );
    // A chat or a seat change does not restart it; a human coming back does,
    // with a full turn.
    let later = t0 + Duration::from_secs(25);
    let fx = a.connect(3, a.seat_of(&[2; 32]), None, later).unwrap();
    assert!(matches!(fx.job, Some(Job::Timer { after, .. }) if after == Duration::from_secs(30)));
    let p = a.propose_chat(3, "back".into(), 1).unwrap();
    let fx = commit(&mut a, p);
    assert!(fx.job.is_none() && !fx.stop_timer);
    // Giving the only connected seat up stops it too.
    let p = a.propose_leave(1).unwrap();
    let fx = commit(&mut a, p);
    assert!(fx.stop_timer && a.deadline.is_none());
}

#[test]
fn a_name_another_seat_holds_or_keeps_is_taken() {
    let mut a = with_row(
        row(),
        vec![SeatSpec::Human, SeatSpec::Human, SeatSpec::Human],
        false,
    );
    named_join(&mut a, 0, 1, "Ann");
    for same in ["Ann", "ann", "ANN", "Ａｎｎ"] {
        let e = a
            .propose_join(Some(1), [2; 32], Some(same.into()), None)
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::BadMessage, "{same}");
        assert!(e.message.contains("taken"), "{}", e.message);
    }
    named_join(&mut a, 1, 2, "Bo");
    // A rematch: seat 0 kept for Ann, under her name.
    let p = a.propose_leave(2).unwrap();
    commit(&mut a, p);
    named_join(&mut a, 2, 3, "Cy");
    play_out(&mut a);
    let (_, stored) = a.propose_rematch(&[2; 32], draws(), 9).unwrap();
    let r = Authority::restore(&stored, Instant::now()).unwrap();
    let e = r
        .propose_join(Some(2), [5; 32], Some("ANN".into()), None)
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::BadMessage, "kept for Ann");
    assert!(e.message.contains("taken"), "{}", e.message);
    assert!(r
        .propose_join(Some(2), [5; 32], Some("Di".into()), None)
        .is_err_and(|e| e.code == ErrorCode::SeatReserved));
}

#[test]
fn an_idle_playing_match_expires_once_every_player_has_gone() {
    let abandon = Duration::from_secs(120);
    let mut open = two_humans();
    join(&mut open, 0, 1);
    let later = Instant::now() + Duration::from_secs(10_000);
    assert!(
        open.propose_expire(later, abandon, 1).is_none(),
        "an open match expires by --open-seconds, not this"
    );
    let mut a = two_humans();
    join(&mut a, 0, 1);
    join(&mut a, 1, 2);
    let t0 = Instant::now();
    assert!(
        a.propose_expire(t0, abandon, 1).is_none(),
        "its players were just here"
    );
    // Someone is at the match: it stays, however long nobody moves.
    a.connect(1, a.seat_of(&[2; 32]), None, t0).unwrap();
    assert!(a.propose_expire(later, abandon, 1).is_none());
    let fx = a.disconnect(1, t0 + Duration::from_secs(100));
    assert!(fx.close.is_empty());
    assert!(a
        .propose_expire(t0 + Duration::from_secs(200), abandon, 1)
        .is_none());
    // Everybody away for --abandon-seconds: cancelled.
    let p = a
        .propose_expire(t0 + Duration::from_secs(221), abandon, 9)
        .unwrap();
    assert!(matches!(p.change, Change::Cancel));
    commit(&mut a, p);
    assert_eq!(a.status(), Status::Cancelled);
    assert!(a.propose_expire(later, abandon, 1).is_none());
}

#[test]
fn a_correspondence_clock_runs_while_everyone_is_away_and_across_a_restart() {
    let day = Duration::from_secs(86_400);
    let mut a = with_row(row(), vec![SeatSpec::Human, SeatSpec::Human], false);
    a.turn = Some(2 * day);
    assert!(a.correspondence());
    join(&mut a, 0, 1);
    let p = a.propose_join(Some(1), [2; 32], None, None).unwrap();
    let fx = commit(&mut a, p);
    // Nobody is here, and the clock runs all the same.
    let Some(Job::Timer { seat: 0, after, .. }) = fx.job else {
        panic!(
            "a correspondence match's timer runs for nobody: {:?}",
            fx.job
        )
    };
    assert!(after > 2 * day - Duration::from_secs(1) && after <= 2 * day);
    // The seat to act is away: its notice is due, with the deadline.
    let now = Instant::now();
    let n = a
        .turn_notice(now, 1_000)
        .expect("a notice for the away seat");
    assert_eq!((n.seat, n.holder, n.move_number), (0, [1; 32], 0));
    assert!(
        (1_000 + 172_798..=1_000 + 172_800).contains(&n.deadline),
        "{n:?}"
    );
    // Its holder comes: no notice; leaves: the clock does not stop.
    a.connect(1, a.seat_of(&[1; 32]), None, now).unwrap();
    assert!(a.turn_notice(now, 1_000).is_none(), "the holder is here");
    let fx = a.disconnect(1, now);
    assert!(!fx.stop_timer && a.deadline.is_some());
    // A move: the other seat's turn, and its notice.
    let action = first_legal(&a);
    a.connect(2, a.seat_of(&[1; 32]), None, now).unwrap();
    let Submission::Commit(p) = a.propose_submit(2, 0, action, 1).unwrap() else {
        panic!("a fresh submission")
    };
    commit(&mut a, p);
    let n = a.turn_notice(now, 1_000).expect("seat 1 is away");
    assert_eq!((n.seat, n.holder, n.move_number), (1, [2; 32], 1));
    // A restart: the seat to act has what was left of its turn.
    let fx = a.resume(now, day + Duration::from_secs(3_600));
    let Some(Job::Timer { seat: 1, after, .. }) = fx.job else {
        panic!("the restored clock runs: {:?}", fx.job)
    };
    assert_eq!(after, day - Duration::from_secs(3_600));
    let fx = a.resume(now, 3 * day);
    assert!(matches!(fx.job, Some(Job::Timer { after, .. }) if after.is_zero()));
}

#[test]
fn a_real_time_timer_restarts_with_a_full_turn_after_a_restart() {
    let mut a = with_row(row(), vec![SeatSpec::Human, SeatSpec::Human], true);
    assert!(!a.correspondence());
    join(&mut a, 0, 1);
    join(&mut a, 1, 2);
    let now = Instant::now();
    a.connect(1, a.seat_of(&[1; 32]), None, now).unwrap();
    assert!(a.turn_notice(now, 0).is_none(), "no notices in real time");
    a.disconnect(1, now);
    assert!(a.turn_notice(now, 0).is_none());
    a.connect(1, a.seat_of(&[1; 32]), None, now).unwrap();
    let fx = a.resume(now, Duration::from_secs(3_600));
    assert!(matches!(fx.job, Some(Job::Timer { after, .. }) if after == Duration::from_secs(30)));
}

#[test]
fn a_seat_of_an_open_match_shows_no_cards_until_it_starts() {
    // R-21: whoever takes a seat and gives it up before the start learns
    // nothing of the cards its next holder plays with.
    let mut a = with_row(
        row(),
        vec![SeatSpec::Human, SeatSpec::Human, SeatSpec::Human],
        false,
    );
    join(&mut a, 1, 9);
    let public = serde_json::to_value(a.update_for(None, None, None, None).view).unwrap();
    let seated = serde_json::to_value(a.update_for(Some(1), None, None, None).view).unwrap();
    assert_eq!(seated, public, "an open match: the public view only");
    let p = a.propose_leave(1).unwrap();
    commit(&mut a, p);
    join(&mut a, 0, 1);
    join(&mut a, 1, 2);
    join(&mut a, 2, 3);
    let seated = serde_json::to_value(a.update_for(Some(1), None, None, None).view).unwrap();
    assert_ne!(seated, public, "started: the seat's own cards");
    let own = serde_json::to_value(a.game.state().view_snapshot(1).unwrap()).unwrap();
    assert_eq!(seated["viewer"], own["viewer"]);
}
