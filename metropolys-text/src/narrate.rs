//! The one narrator of a game's events: each call told as a title and its
//! lines, the game's end told with its reason and its winners. The
//! terminal, the HTML replay, the web client and the offline page all tell
//! a game with it, so the same record gives the same lines everywhere.

use crate::texts::{signed, Arg, Texts};
use metropolys_core::{Event, Seat, State, Variant};
use serde::Serialize;

/// How a narration names the seats: by a player's name when one is known
/// (`Alice (Black)`), else by colour (`Black`); the reader's own seat, if
/// any, as `You`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Seats {
    /// A name per seat (a person's name or a bot's kind); a seat without
    /// one (or past the end) is named by its colour.
    pub names: Vec<Option<String>>,
    /// The reader's seat, told in the second person.
    pub me: Option<Seat>,
    /// Whether a named seat is written colour first (`Brown (ismcts)`, as
    /// the terminal names who plays each seat) rather than name first
    /// (`Alice (Black)`, as the web table names people).
    pub color_first: bool,
}

impl Seats {
    /// Every seat by its colour, nobody's seat the reader's.
    pub fn colors() -> Seats {
        Seats::default()
    }

    /// How `texts` names seat `p`: `You`, `Alice (Black)` or `Black`.
    pub fn who(&self, texts: &Texts, p: Seat) -> String {
        if self.me == Some(p) {
            return texts.you();
        }
        match self.names.get(p as usize).and_then(Option::as_deref) {
            Some(name) if !name.is_empty() && self.color_first => texts.seat_played(name, p),
            Some(name) if !name.is_empty() => texts.seat_named(name, p),
            _ => texts.color(p),
        }
    }

    /// `"yes"` for the reader's seat, else `"no"` (the messages' `$me`).
    fn me(&self, p: Seat) -> Arg {
        Arg::from(if self.me == Some(p) { "yes" } else { "no" })
    }
}

/// One call as told: its number, its title and its lines.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CallLog {
    /// The call number, from 1.
    pub call: u16,
    /// The title line: `Call 3: Brown opens.`
    pub title: String,
    /// What happened, one line each.
    pub lines: Vec<String>,
}

/// A line told as it happens ([`Narrator::take_told`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "text", rename_all = "snake_case")]
pub enum Told {
    /// A call's title.
    Title(String),
    /// A line of the call going on.
    Line(String),
    /// A line of the game's ending.
    Ending(String),
}

/// A whole game told: its calls, and once it ended, the lines that say why
/// and who won.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Narration {
    /// The calls told, the unfinished one last (if it has any line).
    pub calls: Vec<CallLog>,
    /// Why the game ended and who won; empty while it goes on.
    pub ending: Vec<String>,
}

/// Turns events into per-call logs, and into the text told since it was
/// last taken ([`Narrator::take_told`]).
pub struct Narrator<'t> {
    texts: &'t Texts,
    seats: Seats,
    variant: Variant,
    calls: Vec<CallLog>,
    current: Option<CallLog>,
    returned: Vec<String>,
    told: Vec<Told>,
    ending: Vec<String>,
    last_builder: Option<(Seat, u16)>,
    /// One mark per bid or pass told (forced passes included): the index
    /// of its call among the calls told, and the number of that call's
    /// lines once its line was added.
    pub marks: Vec<(usize, usize)>,
}

impl<'t> Narrator<'t> {
    /// A narrator in `texts`' language for a game that starts at
    /// `initial`, naming seats as `seats` says; the opening events are
    /// told.
    pub fn new(texts: &'t Texts, initial: &State, seats: Seats) -> Narrator<'t> {
        let mut n = Narrator::joining(texts, initial.variant(), seats);
        n.feed(&initial.opening_events());
        n
    }

    /// A narrator for a game of `variant` that is already under way (a
    /// page that joins a match): it tells the events it is fed from then
    /// on.
    pub fn joining(texts: &'t Texts, variant: Variant, seats: Seats) -> Narrator<'t> {
        Narrator {
            texts,
            seats,
            variant,
            calls: Vec::new(),
            current: None,
            returned: Vec::new(),
            told: Vec::new(),
            ending: Vec::new(),
            last_builder: None,
            marks: Vec::new(),
        }
    }

    /// A whole game told at once: from `initial`, each transition's
    /// events.
    pub fn tell<'a>(
        texts: &'t Texts,
        initial: &State,
        seats: Seats,
        transitions: impl IntoIterator<Item = &'a [Event]>,
    ) -> Narration {
        let mut n = Narrator::new(texts, initial, seats);
        for events in transitions {
            n.feed(events);
        }
        n.finish()
    }

    fn who(&self, p: Seat) -> Arg {
        Arg::from(self.seats.who(self.texts, p))
    }

    fn say(&self, id: &str, p: Seat, args: &[(&str, Arg)]) -> String {
        let mut all = vec![("who", self.who(p)), ("me", self.seats.me(p))];
        all.extend(args.iter().cloned());
        self.texts.format(id, &all)
    }

    fn open(&mut self, call: u16, player: Seat) {
        let title = self.say(
            "call-title",
            player,
            &[("call", Arg::from(u32::from(call)))],
        );
        self.told.push(Told::Title(title.clone()));
        self.current = Some(CallLog {
            call,
            title,
            lines: Vec::new(),
        });
    }

    /// A line of the call going on (told as it happens even when the
    /// narrator joined the game after the call began).
    fn line(&mut self, text: String) {
        self.told.push(Told::Line(text.clone()));
        if let Some(c) = &mut self.current {
            c.lines.push(text);
        }
    }

    /// Marks the line just told as a decision's.
    fn mark(&mut self) {
        if let Some(c) = &self.current {
            self.marks.push((self.calls.len(), c.lines.len()));
        }
    }

    fn flush_returned(&mut self) {
        if !self.returned.is_empty() {
            let list = self.texts.list(&self.returned);
            self.returned.clear();
            let text = self
                .texts
                .format("event-returned", &[("list", list.into())]);
            self.line(text);
        }
    }

    fn close(&mut self) {
        self.flush_returned();
        if let Some(c) = self.current.take() {
            self.calls.push(c);
        }
    }

    /// Takes the events of one transition, in order.
    pub fn feed(&mut self, events: &[Event]) {
        let (t, variant) = (self.texts, self.variant);
        for e in events {
            match *e {
                Event::CallStarted { call, player } => {
                    self.close();
                    self.open(call, player);
                }
                Event::BidPlaced {
                    player,
                    neighborhood,
                    building,
                } => {
                    let text = self.say(
                        "event-bid",
                        player,
                        &[
                            ("building", t.building(variant, building).into()),
                            ("place", t.place(neighborhood).into()),
                        ],
                    );
                    self.line(text);
                    self.mark();
                }
                Event::Passed { player, forced } => {
                    let id = if forced {
                        "event-pass-forced"
                    } else {
                        "event-pass"
                    };
                    let text = self.say(id, player, &[]);
                    self.line(text);
                    self.mark();
                }
                Event::Constructed {
                    player,
                    neighborhood,
                    building,
                    call,
                } => {
                    self.last_builder = Some((player, call));
                    let text = self.say(
                        "event-constructed",
                        player,
                        &[
                            ("call", Arg::from(u32::from(call))),
                            ("building", t.building(variant, building).into()),
                            ("place", t.place(neighborhood).into()),
                        ],
                    );
                    self.line(text);
                }
                Event::BidReturned {
                    player, building, ..
                } => {
                    let item = t.format(
                        "returned-item",
                        &[
                            ("who", self.who(player)),
                            ("building", t.building(variant, building).into()),
                        ],
                    );
                    self.returned.push(item);
                }
                Event::TokenTaken { player, token, .. } => {
                    // The losing bids go back before the winner's gains.
                    self.flush_returned();
                    let text = self.say(
                        "event-token",
                        player,
                        &[
                            ("token", t.token(token).into()),
                            ("points", signed(token.points()).into()),
                        ],
                    );
                    self.line(text);
                }
                Event::CardTaken { player, card, from } => {
                    self.flush_returned();
                    let mut args = vec![
                        ("card", Arg::from(t.card(card))),
                        ("points", signed(card.points()).into()),
                    ];
                    let id = match from {
                        Some(holder) => {
                            args.push(("holder", self.who(holder)));
                            "event-card-from"
                        }
                        None => "event-card",
                    };
                    let text = self.say(id, player, &args);
                    self.line(text);
                }
                Event::GameEnded {
                    ref scores,
                    ref winners,
                } => {
                    self.close();
                    self.ending = self.ending_lines(scores, winners);
                    self.told
                        .extend(self.ending.iter().cloned().map(Told::Ending));
                }
            }
        }
        self.flush_returned();
    }

    /// Why the game ended (the seat that constructed its 13th building,
    /// R-17) and who won.
    fn ending_lines(
        &self,
        scores: &[metropolys_core::ScoreSheet],
        winners: &[Seat],
    ) -> Vec<String> {
        let mut lines = Vec::new();
        // The game ends in the call of the last construction.
        if let Some((p, call)) = self.last_builder {
            let calls = Arg::from(u32::from(call));
            lines.push(self.say("end-reason", p, &[("calls", calls)]));
        }
        let total = winners
            .first()
            .and_then(|&w| scores.iter().find(|s| s.player == w))
            .map_or(0, |s| s.total);
        let total = Arg::Number(f64::from(total));
        match winners {
            [] => {}
            [w] => lines.push(self.say("winner-one", *w, &[("total", total)])),
            many => {
                let names: Vec<String> = many
                    .iter()
                    .map(|&w| self.seats.who(self.texts, w))
                    .collect();
                lines.push(self.texts.format(
                    "winners-shared",
                    &[("names", self.texts.list(&names).into()), ("total", total)],
                ));
            }
        }
        lines
    }

    /// How many lines the call at `index` (among the calls told, the one
    /// going on last) has so far.
    pub fn lines_told(&self, index: usize) -> usize {
        match (self.calls.get(index), &self.current) {
            (Some(c), _) => c.lines.len(),
            (None, Some(c)) if index == self.calls.len() => c.lines.len(),
            _ => 0,
        }
    }

    /// What was told since this was last called, in order, for a game
    /// told as it happens.
    pub fn take_told(&mut self) -> Vec<Told> {
        std::mem::take(&mut self.told)
    }

    /// The calls told so far, the unfinished one last (if it has any line),
    /// and the lines that ended the game, once it ended.
    pub fn finish(mut self) -> Narration {
        if let Some(c) = self.current.take() {
            if !c.lines.is_empty() {
                self.calls.push(c);
            }
        }
        Narration {
            calls: self.calls,
            ending: self.ending,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lang;
    use metropolys_core::{Config, Variant};

    /// Plays `state` out with the first legal action each time.
    fn first_legal_game(config: &Config) -> (State, Vec<(Vec<Event>, State)>) {
        let initial = State::new(config).unwrap();
        let mut s = initial;
        let mut steps = Vec::new();
        while !s.is_over() {
            let a = s.legal_actions()[0];
            let (next, events) = s.apply(a).unwrap();
            steps.push((events, next));
            s = next;
        }
        (initial, steps)
    }

    fn tell(lang: Lang, seats: Seats) -> Narration {
        let (initial, steps) = first_legal_game(&Config::new(3, Variant::Expert, 7));
        Narrator::tell(
            Texts::of(lang),
            &initial,
            seats,
            steps.iter().map(|(e, _)| e.as_slice()),
        )
    }

    /// the ending says who constructed their 13th building, and
    /// after how many calls; R-20: who won.
    #[test]
    fn r17_the_ending_says_why_the_game_ended() {
        let n = tell(Lang::En, Seats::colors());
        assert_eq!(n.ending.len(), 2, "{:?}", n.ending);
        assert!(
            n.ending[0].contains("constructed their 13th building"),
            "{}",
            n.ending[0]
        );
        assert!(
            n.ending[0].contains(&format!("after {} calls", n.calls.len())),
            "{}",
            n.ending[0]
        );
        assert!(n.ending[1].contains(" win"), "{}", n.ending[1]);
    }

    #[test]
    fn every_line_is_told_in_every_language() {
        for lang in Lang::ALL {
            let n = tell(
                lang,
                Seats {
                    names: vec![Some("Alice".into())],
                    me: Some(1),
                    color_first: false,
                },
            );
            let lines: Vec<&String> = n.calls.iter().flat_map(|c| &c.lines).collect();
            assert!(lines.len() > 40, "{lang}");
            for l in lines
                .iter()
                .chain(n.calls.iter().map(|c| &c.title).collect::<Vec<_>>().iter())
            {
                assert!(!l.contains("R-") && !l.contains('§'), "{lang}: {l}");
                assert!(!l.starts_with("event-") && !l.contains('{'), "{lang}: {l}");
            }
            assert!(lines.iter().any(|l| l.contains("Alice")), "{lang}");
        }
    }

    /// The reader's own seat is told in the second person.
    #[test]
    fn the_readers_seat_is_you() {
        let n = tell(
            Lang::En,
            Seats {
                names: vec![],
                me: Some(0),
                color_first: false,
            },
        );
        let all: Vec<&String> = n.calls.iter().flat_map(|c| &c.lines).collect();
        assert!(all.iter().any(|l| l.starts_with("You bid ")), "{all:?}");
        assert!(!all.iter().any(|l| l.starts_with("Blue ")), "{all:?}");
    }
}
