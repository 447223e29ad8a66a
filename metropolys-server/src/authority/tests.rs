//! The authority alone: no socket, no database, no clock but the one the
//! test passes.

use super::*;
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
    let p = a.propose_join(Some(seat), [key; 32]).unwrap();
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
    let p = a.propose_leave(0);
    let fx = commit(&mut a, p);
    assert_eq!(fx.close, vec![(7, 1000, "left")]);
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
    assert!(a.propose_join(Some(1), [2; 32]).is_err());
    assert!(a.propose_cancel(4).is_none());
}
