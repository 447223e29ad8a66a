//! The guided first game: what just happened and why, said the first time
//! each thing happens (an opening bid, an outbid, a pass, a forced pass,
//! the end of a call, a token, a special card, the end of the game). The
//! terminal's `play --guided` and the offline page's guided game ask it
//! after each decision.

use crate::narrate::Seats;
use crate::texts::{signed, Arg, Texts};
use metropolys_core::{Event, Seat};
use std::collections::BTreeSet;

/// What the guide explains, each once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Lesson {
    Opening,
    Outbid,
    Pass,
    ForcedPass,
    CallEnd,
    Token,
    Card,
    GameEnd,
}

/// Explains a game's events the first time each kind of thing happens.
pub struct Guide<'t> {
    texts: &'t Texts,
    seats: Seats,
    taught: BTreeSet<Lesson>,
    bids_this_call: usize,
}

impl<'t> Guide<'t> {
    /// A guide in `texts`' language, naming seats as `seats` says.
    pub fn new(texts: &'t Texts, seats: Seats) -> Guide<'t> {
        Guide {
            texts,
            seats,
            taught: BTreeSet::new(),
            bids_this_call: 0,
        }
    }

    /// The guided game's first words, before it starts.
    pub fn intro(&self) -> String {
        self.texts.format("guide-intro", &[])
    }

    fn who(&self, p: Seat) -> Arg {
        Arg::from(self.seats.who(self.texts, p))
    }

    fn teach(&mut self, lesson: Lesson, id: &str, args: &[(&str, Arg)], out: &mut Vec<String>) {
        if self.taught.insert(lesson) {
            out.push(self.texts.format(id, args));
        }
    }

    /// Takes one transition's events; returns what is explained now (the
    /// things that happened for the first time, in order), often nothing.
    pub fn feed(&mut self, events: &[Event]) -> Vec<String> {
        let mut out = Vec::new();
        for e in events {
            match *e {
                Event::CallStarted { .. } => self.bids_this_call = 0,
                Event::BidPlaced { player, .. } => {
                    // The first bid of a call opens it; the others outbid.
                    let (lesson, id) = if self.bids_this_call == 0 {
                        (Lesson::Opening, "guide-opening")
                    } else {
                        (Lesson::Outbid, "guide-outbid")
                    };
                    self.bids_this_call += 1;
                    let who = self.who(player);
                    self.teach(lesson, id, &[("who", who)], &mut out);
                }
                Event::Passed { player, forced } => {
                    // By choice, or with no outbid left.
                    let (lesson, id) = if forced {
                        (Lesson::ForcedPass, "guide-forced-pass")
                    } else {
                        (Lesson::Pass, "guide-pass")
                    };
                    let who = self.who(player);
                    self.teach(lesson, id, &[("who", who)], &mut out);
                }
                // The call ends and its latest bid is constructed.
                Event::Constructed { player, .. } => {
                    let who = self.who(player);
                    self.teach(Lesson::CallEnd, "guide-call-end", &[("who", who)], &mut out);
                }
                // The winner takes the neighborhood's token.
                Event::TokenTaken { player, token, .. } => {
                    let args = [
                        ("who", self.who(player)),
                        ("token", self.texts.token(token).into()),
                        ("points", signed(token.points()).into()),
                    ];
                    self.teach(Lesson::Token, "guide-token", &args, &mut out);
                }
                // The subway and archaeological cards change hands.
                Event::CardTaken { player, card, .. } => {
                    let args = [
                        ("who", self.who(player)),
                        ("card", self.texts.card(card).into()),
                        ("points", signed(card.points()).into()),
                    ];
                    self.teach(Lesson::Card, "guide-card", &args, &mut out);
                }
                Event::BidReturned { .. } => {}
                Event::GameEnded { .. } => {}
            }
        }
        // The game's end names who constructed their last building:
        // the last construction of these events.
        if events.iter().any(|e| matches!(e, Event::GameEnded { .. })) {
            if let Some(p) = events.iter().rev().find_map(|e| match e {
                Event::Constructed { player, .. } => Some(*player),
                _ => None,
            }) {
                let who = self.who(p);
                self.teach(Lesson::GameEnd, "guide-game-end", &[("who", who)], &mut out);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lang;
    use metropolys_core::{Config, State, Variant};

    /// A whole game explains each lesson once: the opening bid, the end of
    /// a call and the game's end always happen; the others in most games.
    #[test]
    fn each_lesson_is_taught_once_in_every_language() {
        for lang in Lang::ALL {
            let mut s = State::new(&Config::new(3, Variant::Family, 5)).unwrap();
            let mut guide = Guide::new(Texts::of(lang), Seats::colors());
            let mut said = guide.feed(&s.opening_events());
            let mut rng = metropolys_core::rng::SplitMix64::new(3);
            while let Some(a) = s.random_action(&mut rng) {
                let (next, events) = s.apply(a).unwrap();
                said.extend(guide.feed(&events));
                s = next;
            }
            assert_eq!(said.len(), guide.taught.len(), "{lang}");
            for l in [
                Lesson::Opening,
                Lesson::Outbid,
                Lesson::CallEnd,
                Lesson::GameEnd,
                Lesson::Token,
            ] {
                assert!(guide.taught.contains(&l), "{lang}: {l:?}");
            }
            assert!(
                said.iter()
                    .all(|t| !t.contains("R-") && !t.starts_with("guide-")),
                "{said:?}"
            );
        }
    }
}
