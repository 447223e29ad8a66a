//! [`Game`]: a game with its history beside it, the one game-with-history
//! of the project. The C ABI (`MtpGame`) and the Python module (`Game`)
//! wrap it; neither builds successors or histories of its own.

use crate::action::{Action, Event};
use crate::config::{as_deck, Config};
use crate::error::{ConfigError, RuleError, StateError};
use crate::record::{Record, RecordError, RecordedAction};
use crate::sheet::ScoreSheet;
use crate::state::{Snapshot, State};
use crate::types::{MetropolysCard, Objective, Rule, Seat};
use std::sync::Arc;

/// A game: the current [`State`], the events of the transition that led to
/// it, and (unless it was loaded from a bare state) how it was reached: the
/// configuration and the decisions since. Like the state, a game is an
/// immutable value: [`Game::apply`] returns the next game and leaves this
/// one untouched. Cloning a game, or applying an action to it, shares its
/// history instead of copying it (the decisions are a persistent list), so
/// every position of a search or of a binding's handles can keep its own
/// game cheaply.
///
/// ```
/// use metropolys_core::{Config, Game, Variant};
/// let mut game = Game::new(Config::new(2, Variant::Family, 3)).unwrap();
/// while let Some(a) = game.state().legal_actions().first().copied() {
///     game = game.apply(a).unwrap();
/// }
/// assert!(game.state().is_over());
/// assert!(game.to_record().unwrap().verify().is_ok());
/// ```
///
/// An action is applied for the seat to act, and recorded for that seat.
/// On a finished game every action is [`RuleError::GameOver`] (R-17):
/// nothing is applied and nothing is recorded, so a history names only
/// seats that were asked to act.
///
/// A game is whole, one seat's view ([`Game::view`], what a bot
/// receives), or the public view ([`Game::public_view`], what a spectator
/// receives): a view knows only what its seat, or a spectator, may see
/// (R-21), so its queries of the secrets it does not know answer `None`
/// instead of a made-up value, it has no history (the configuration would
/// reveal the deal), and its snapshot ([`Game::snapshot`]) is that view,
/// which [`Game::from_snapshot`] loads back. A view stays a view as it is played
/// on: secrets it did not know stay unknown even when its game ends (and
/// its `game_ended` event, whose scores need them, is left out).
///
/// ```
/// use metropolys_core::{Config, Game, Variant};
/// let game = Game::new(Config::new(3, Variant::Expert, 5)).unwrap();
/// let view = game.view(1).unwrap();
/// assert_eq!(view.viewer(), Some(1));
/// assert_eq!(view.objective(1), game.state().objective(1));
/// assert_eq!(view.objective(0), None); // hidden from seat 1 (R-21)
/// assert!(view.scores()[0].is_none() && view.scores()[1].is_some());
/// assert_eq!(view.winners(), None);
/// let back = Game::from_snapshot(view.snapshot()).unwrap();
/// assert_eq!(back.viewer(), Some(1));
/// assert_eq!(back.state(), view.state());
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    state: State,
    events: Vec<Event>,
    history: Option<History>,
    /// Whose game this is: whole, a seat's view or the public view.
    perspective: Perspective,
    /// The seats whose objectives and Metropolys card this game does not
    /// know (bit per seat): erased in its state. 0 for a whole game.
    hidden: u8,
    /// The deck the Metropolys cards were dealt from (R-22), when known:
    /// public, so views keep it.
    deck: Option<[MetropolysCard; 4]>,
}

/// Why saved parts of a game (a state, its events, its history) do not
/// make a game ([`Game::from_parts`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PartsError {
    /// The history does not replay.
    #[error("the history does not replay: {0}")]
    Replay(#[from] RecordError),
    /// The history replays to another position than the state given.
    #[error("the history does not lead to the state")]
    State,
    /// The events are not those of the history's last transition.
    #[error("the events are not those of the history's last action")]
    Events,
    /// The snapshot does not load ([`Game::from_snapshot`]).
    #[error("{0}")]
    Snapshot(#[from] StateError),
    /// A seat's view with a history: a view has none (its configuration
    /// would reveal the deal).
    #[error("a seat's view has no history")]
    ViewHistory,
    /// Without a history: the events contradict the state (a game end in
    /// a game that goes on, another call, other scores).
    #[error("the events do not agree with the state")]
    Disagree,
    /// The snapshot's Metropolys deck is not the configuration's (R-22).
    #[error("the snapshot's metropolys_deck is not the configuration's (R-22)")]
    Deck,
}

impl Game {
    /// A new game (its events are the opening `call_started`).
    pub fn new(config: Config) -> Result<Game, ConfigError> {
        let state = State::new(&config)?;
        Ok(Game {
            events: state.opening_events(),
            state,
            deck: as_deck(config.metropolys_deck.as_deref()),
            history: Some(History::new(config)),
            perspective: Perspective::Whole,
            hidden: 0,
        })
    }

    /// A game at `state` alone: no events, no history (so no record, see
    /// [`Game::to_record`]). A position loaded from JSON is one.
    pub fn from_state(state: State) -> Game {
        Game {
            state,
            events: Vec::new(),
            history: None,
            perspective: Perspective::Whole,
            hidden: 0,
            deck: None,
        }
    }

    /// The game a record reaches, with the events of its last action and its
    /// history (its `expected` is not checked).
    pub fn from_record(record: &Record) -> Result<Game, RecordError> {
        let replay = record.replay()?;
        Ok(Game {
            state: *replay.final_state(),
            events: replay.last_events(),
            history: Some(History::from_actions(
                record.config.clone(),
                &record.actions,
            )),
            perspective: Perspective::Whole,
            hidden: 0,
            deck: as_deck(record.config.metropolys_deck.as_deref()),
        })
    }

    /// Replays a record and checks its `expected` part ([`Record::verify`]);
    /// the game it reaches, or for a rejection record (whose `expected.error`
    /// names its rejected last action) the game before that action. It is
    /// [`Record::verify`] giving the game with its history (the accepted
    /// decisions, [`Record::accepted`]) and the events of its last action
    /// instead of the bare [`State`]; the errors are the same.
    ///
    /// ```
    /// use metropolys_core::{record::{Expected, ExpectedError}, Action, Config, Game, Record, RecordedAction, Variant};
    /// let config = Config::new(2, Variant::Family, 1);
    /// let opening = Game::new(config.clone())?;
    /// // A rejection record: opening with a pass breaks R-7.
    /// let mut record = Record::new(config);
    /// record.actions.push(RecordedAction { player: 0, action: Action::Pass });
    /// record.expected = Some(Expected {
    ///     error: Some(ExpectedError { index: 0, rule: "R-7".into() }),
    ///     ..Default::default()
    /// });
    /// let game = Game::from_verified_record(&record)?;
    /// assert_eq!(game.state(), &record.verify()?);
    /// assert_eq!(game.state(), opening.state()); // before the rejected pass
    /// assert_eq!(game.decisions(), 0);
    /// // A wrong expectation is the error `verify` reports.
    /// record.expected.as_mut().unwrap().error.as_mut().unwrap().rule = "R-9".into();
    /// assert_eq!(Game::from_verified_record(&record).unwrap_err(), record.verify().unwrap_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_verified_record(record: &Record) -> Result<Game, RecordError> {
        record.verify()?;
        Game::from_record(&record.accepted())
    }

    /// A game from its saved parts (as a binding pickles it): the state, the
    /// events of its last transition and, when known, its configuration and
    /// decisions. They must agree: the decisions replay from the
    /// configuration to exactly this state and these events; without a
    /// history, the events must at least agree with the state (the game's
    /// end and scores, the call started). The state itself is taken as
    /// given (load it through its validating loader first).
    pub fn from_parts(
        state: State,
        events: Vec<Event>,
        history: Option<(Config, &[RecordedAction])>,
    ) -> Result<Game, PartsError> {
        let history = match history {
            Some((config, actions)) => {
                let mut record = Record::new(config);
                record.actions = actions.to_vec();
                let replay = record.replay()?;
                if *replay.final_state() != state {
                    return Err(PartsError::State);
                }
                if replay.last_events() != events {
                    return Err(PartsError::Events);
                }
                Some(History::from_actions(record.config, &record.actions))
            }
            None => {
                let agrees = |e: &Event| match e {
                    Event::GameEnded { scores, winners } => {
                        state.is_over() && *scores == state.scores() && *winners == state.winners()
                    }
                    Event::CallStarted { call, .. } => {
                        !state.is_over() && *call == state.call_number()
                    }
                    _ => true,
                };
                if !events.iter().all(agrees) {
                    return Err(PartsError::Disagree);
                }
                None
            }
        };
        Ok(Game {
            state,
            events,
            deck: history
                .as_ref()
                .and_then(|h| as_deck(h.config.metropolys_deck.as_deref())),
            history,
            perspective: Perspective::Whole,
            hidden: 0,
        })
    }

    /// A game from its saved parts like [`Game::from_parts`], the position
    /// given as a [`Snapshot`]: a whole state, or a seat's view (then
    /// without history) as [`Game::snapshot`] writes it.
    pub fn from_snapshot_parts(
        snapshot: Snapshot,
        events: Vec<Event>,
        history: Option<(Config, &[RecordedAction])>,
    ) -> Result<Game, PartsError> {
        let given = as_deck(snapshot.metropolys_deck.as_deref());
        let (state, viewer, hidden) = State::load_view(snapshot)?;
        if viewer.is_some() && history.is_some() {
            return Err(PartsError::ViewHistory);
        }
        // With a history, the configuration's deck is the game's: a
        // snapshot that names another contradicts it (R-22).
        if let (Some(d), Some((config, _))) = (given, &history) {
            if as_deck(config.metropolys_deck.as_deref()).is_none_or(|c| !same_deck(&c, &d)) {
                return Err(PartsError::Deck);
            }
        }
        if hidden != 0 && events.iter().any(|e| matches!(e, Event::GameEnded { .. })) {
            return Err(PartsError::Disagree);
        }
        let mut game = Game::from_parts(state, events, history)?;
        game.perspective = Perspective::loaded(viewer, hidden);
        game.hidden = hidden;
        game.deck = game.deck.or(given);
        Ok(game)
    }

    /// The game at a snapshot, without events or history: a whole state
    /// (as [`Game::from_state`] of the loaded state), or a seat's view, the
    /// inverse of [`Game::snapshot`] (see [`Game::view`]). A view must hide
    /// exactly what its seat may not see ([`StateError::ViewSecrets`]).
    pub fn from_snapshot(snapshot: Snapshot) -> Result<Game, StateError> {
        let deck = as_deck(snapshot.metropolys_deck.as_deref());
        let (state, viewer, hidden) = State::load_view(snapshot)?;
        let mut game = Game::from_state(state);
        game.perspective = Perspective::loaded(viewer, hidden);
        game.hidden = hidden;
        game.deck = deck;
        Ok(game)
    }

    /// What `seat` may know of this game (R-21), as a game: the position
    /// with the other seats' objectives and Metropolys cards erased
    /// ([`State::redacted`]), the last events (which reveal nothing
    /// secret), no history. `None` for a seat not in the game. The view of
    /// a view is itself for its own seat; another seat's is `None`, and so
    /// is any seat's view of the public view ([`Game::public_view`]): their
    /// secrets are not known.
    pub fn view(&self, seat: Seat) -> Option<Game> {
        if !self.knows_secrets(seat) || self.viewer().is_some_and(|v| v != seat) {
            return None;
        }
        let hidden = (0..self.state.players())
            .filter(|&p| !self.state.shows_secrets(Some(seat), p) || !self.knows_secrets(p))
            .fold(0u8, |m, p| m | 1 << p);
        Some(Game {
            state: self.state.redacted(seat),
            events: self.events.clone(),
            history: None,
            perspective: Perspective::Seat(seat),
            hidden,
            deck: self.deck,
        })
    }

    /// What a spectator, who holds no seat, may know of this game (R-21),
    /// as a game: the position with every seat's objectives and Metropolys
    /// card erased until the game ends (then all are shown, as at the
    /// table), the last events (which reveal nothing secret), no history.
    /// Its viewer is `None` and it knows no seat's secrets
    /// ([`Game::knows_secrets`]) until the end; its snapshot is
    /// [`State::public_snapshot`] of the position, which [`Game::from_snapshot`]
    /// loads back as the public view. Any game has one: the public view of
    /// a view (or of the public view) is the public view of its game, but
    /// a game that does not know every seat's secrets shows none, even
    /// once it is over. A public view played on keeps its secrets hidden
    /// even when its game ends (like a seat's view, [`Game::view`]).
    ///
    /// ```
    /// use metropolys_core::{Config, Game, Variant};
    /// let game = Game::new(Config::new(3, Variant::Expert, 5)).unwrap();
    /// let public = game.public_view();
    /// assert_eq!(public.viewer(), None);
    /// assert!((0..3).all(|p| public.objective(p).is_none() && !public.knows_secrets(p)));
    /// assert_eq!(public.snapshot(), game.state().public_snapshot());
    /// assert!(public.view(0).is_none()); // no seat's secrets are known
    /// let back = Game::from_json(&public.to_json()).unwrap();
    /// assert_eq!(back.state(), public.state());
    /// assert!(!back.knows_secrets(0));
    /// ```
    pub fn public_view(&self) -> Game {
        let shown = self.state.is_over() && self.knows_all_secrets();
        let hidden = if shown {
            0
        } else {
            (1u8 << self.state.players()) - 1
        };
        Game {
            state: self.state.erased(hidden),
            events: self.events.clone(),
            history: None,
            perspective: Perspective::Public,
            hidden,
            deck: self.deck,
        }
    }

    /// The seat whose view this game is ([`Game::view`]); `None` for a
    /// whole game and for the public view ([`Game::public_view`]).
    pub fn viewer(&self) -> Option<Seat> {
        match self.perspective {
            Perspective::Seat(seat) => Some(seat),
            Perspective::Whole | Perspective::Public => None,
        }
    }

    /// Whose game this is: the whole game, one seat's view
    /// ([`Game::view`]) or the public view ([`Game::public_view`]); its
    /// `Display` names it in messages (`seat 2's view`).
    ///
    /// ```
    /// use metropolys_core::{game::Perspective, Config, Game, Variant};
    /// let game = Game::new(Config::new(3, Variant::Expert, 5)).unwrap();
    /// assert_eq!(game.perspective(), Perspective::Whole);
    /// assert_eq!(game.view(2).unwrap().perspective(), Perspective::Seat(2));
    /// assert_eq!(game.public_view().perspective(), Perspective::Public);
    /// assert_eq!(game.view(2).unwrap().perspective().to_string(), "seat 2's view");
    /// ```
    pub fn perspective(&self) -> Perspective {
        self.perspective
    }

    /// Whether this game knows the objectives and Metropolys card of `seat`:
    /// always for a whole game, for a view only the viewer's own until the
    /// game ends (R-21, [`State::shows_secrets`]). False for a seat not in
    /// the game.
    pub fn knows_secrets(&self, seat: Seat) -> bool {
        seat < self.state.players() && self.hidden & (1 << seat) == 0
    }

    /// Whether this game knows every seat's secrets (a whole game, or a
    /// view of a finished game).
    pub fn knows_all_secrets(&self) -> bool {
        (0..self.state.players()).all(|p| self.knows_secrets(p))
    }

    /// The objective of `seat`, `None` when it is hidden from this game's
    /// viewer (R-21) or the seat is not in the game.
    pub fn objective(&self, seat: Seat) -> Option<Objective> {
        self.knows_secrets(seat)
            .then(|| self.state.objective(seat))
            .flatten()
    }

    /// The Metropolys card of `seat`, `None` without the module, when it is
    /// hidden from this game's viewer (R-21) or the seat is not in the game.
    pub fn metropolys_card(&self, seat: Seat) -> Option<MetropolysCard> {
        self.knows_secrets(seat)
            .then(|| self.state.metropolys_card(seat))
            .flatten()
    }

    /// Every seat's score sheet as the position stands (final once the game
    /// is over). A sheet needs its seat's objectives and Metropolys card,
    /// so in a view the other seats' sheets are `None` until the game ends
    /// (R-21): they are never computed from the erased placeholders.
    pub fn scores(&self) -> Vec<Option<ScoreSheet>> {
        self.state
            .scores()
            .into_iter()
            .enumerate()
            .map(|(p, sheet)| self.knows_secrets(p as Seat).then_some(sheet))
            .collect()
    }

    /// Every seat's total, `None` where [`Game::scores`] has no sheet.
    pub fn totals(&self) -> Vec<Option<i32>> {
        let totals = self.state.totals();
        totals
            .totals()
            .iter()
            .enumerate()
            .map(|(p, &t)| self.knows_secrets(p as Seat).then_some(t))
            .collect()
    }

    /// The winners (R-20) of the position; `None` when they depend on
    /// secrets this game does not know (a view before the end).
    pub fn winners(&self) -> Option<Vec<Seat>> {
        self.knows_all_secrets().then(|| self.state.winners())
    }

    /// The position as a [`Snapshot`]: the whole state, for a seat's view
    /// the viewer's view of it (`State::view_snapshot`), for the public view
    /// [`State::public_snapshot`]; [`Game::from_snapshot`] loads each back.
    pub fn snapshot(&self) -> Snapshot {
        let mut s = self.state.snapshot();
        s.viewer = self.viewer();
        for p in 0..s.objectives.len() {
            if !self.knows_secrets(p as Seat) {
                s.objectives[p] = None;
                if let Some(c) = s.metropolys_cards.get_mut(p) {
                    *c = None;
                }
            }
        }
        s.metropolys_deck = self.deck.map(|d| d.to_vec());
        s
    }

    /// The deck the seats' Metropolys cards were dealt from (R-22): the
    /// configuration's `metropolys_deck`, kept by the game's views and by
    /// its snapshot ([`Game::snapshot`]). It is public, unlike the cards
    /// dealt: a bot deciding in a view samples the others' cards from it
    /// (less the viewer's own). `None` when the game has no Metropolys
    /// cards, gave them per seat, or was loaded without it.
    ///
    /// ```
    /// use metropolys_core::{Config, Game, Kind::*, Variant};
    /// let deck = vec![[Park, Mall, Industry], [Housing, Park, Mall], [Administration, Housing, Park], [Industry, Housing, Mall]];
    /// let mut config = Config::new(3, Variant::Expert, 5);
    /// config.metropolys_deck = Some(deck.clone());
    /// let view = Game::new(config).unwrap().view(2).unwrap();
    /// assert_eq!(view.metropolys_deck(), Some(&deck[..]));
    /// let back = Game::from_json(&view.to_json()).unwrap();
    /// assert_eq!(back.metropolys_deck(), Some(&deck[..]));
    /// ```
    pub fn metropolys_deck(&self) -> Option<&[MetropolysCard]> {
        self.deck.as_ref().map(|d| &d[..])
    }

    /// The same game, knowing that its Metropolys cards were dealt from
    /// `deck` (R-22): for a game loaded from a bare state, which does not
    /// know it ([`Game::metropolys_deck`]). An error when the game has no
    /// Metropolys cards, the deck is not four cards of three different
    /// kinds each, a card the game knows is not a different card of the
    /// deck ([`check_dealt_from`](crate::config::check_dealt_from)), or
    /// the game already knows another deck.
    ///
    /// ```
    /// use metropolys_core::{Config, Game, Kind::*, Variant};
    /// let deck = vec![[Park, Mall, Industry], [Housing, Park, Mall], [Administration, Housing, Park], [Industry, Housing, Mall]];
    /// let mut config = Config::new(2, Variant::Family, 5);
    /// config.metropolys_deck = Some(deck.clone());
    /// let game = Game::new(config).unwrap();
    /// let bare = Game::from_state(*game.state()).view(0).unwrap();
    /// assert_eq!(bare.metropolys_deck(), None);
    /// let told = bare.with_metropolys_deck(&deck).unwrap();
    /// assert_eq!(told.metropolys_deck(), Some(&deck[..]));
    /// assert!(told.with_metropolys_deck(&deck[..3]).is_err());
    /// ```
    pub fn with_metropolys_deck(mut self, deck: &[MetropolysCard]) -> Result<Game, ConfigError> {
        let known: Vec<MetropolysCard> = (0..self.state.players())
            .filter_map(|p| self.metropolys_card(p))
            .collect();
        let given =
            crate::config::check_position_deck(self.state.uses_metropolys_cards(), deck, &known)?;
        if self.deck.is_some_and(|d| !same_deck(&d, &given)) {
            return Err(ConfigError::MetropolysCards(
                "the game already knows another metropolys_deck".into(),
            ));
        }
        self.deck = Some(given);
        Ok(self)
    }

    /// The current state.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The events of the transition that led here: those of the last action
    /// (forced passes and the end of a call included), the opening
    /// `call_started` for a new game, none for a game loaded from a state.
    pub fn last_events(&self) -> &[Event] {
        &self.events
    }

    /// The configuration the game was set up from; `None` for a game loaded
    /// from a bare state.
    pub fn config(&self) -> Option<&Config> {
        self.history.as_ref().map(|h| &*h.config)
    }

    /// The decisions so far, oldest first (forced passes are not
    /// decisions); `None` for a game loaded from a bare state.
    pub fn actions(&self) -> Option<Vec<RecordedAction>> {
        self.history.as_ref().map(History::actions)
    }

    /// The number of decisions so far (0 for a game loaded from a bare
    /// state), without listing them.
    pub fn decisions(&self) -> usize {
        self.history.as_ref().map_or(0, |h| h.len)
    }

    /// The game after the seat to act takes `action` (forced passes, R-11,
    /// and the end of the call, R-12 … R-17, are applied too); this game is
    /// unchanged. On error nothing is built: [`RuleError::GameOver`] once
    /// the game is over, the broken rule otherwise.
    #[must_use = "apply returns the next game and leaves this one unchanged"]
    pub fn apply(&self, action: Action) -> Result<Game, RuleError> {
        let player = self.state.to_act().ok_or(RuleError::GameOver)?;
        let (state, mut events) = self.state.apply(action)?;
        if self.hidden != 0 {
            // Its scores would be computed from erased secrets.
            events.retain(|e| !matches!(e, Event::GameEnded { .. }));
        }
        Ok(Game {
            state,
            events,
            history: self.history.as_ref().map(|h| h.push(player, action)),
            perspective: self.perspective,
            hidden: self.hidden,
            deck: self.deck,
        })
    }

    /// Like [`Game::apply`], but first checks that `player` is the seat to
    /// act (R-8): for servers that receive actions from several players.
    #[must_use = "apply_for returns the next game and leaves this one unchanged"]
    pub fn apply_for(&self, player: Seat, action: Action) -> Result<Game, RuleError> {
        self.state.check_player(player)?;
        self.apply(action)
    }

    /// The game before its last decision, replayed from the history: the
    /// position right after the decision before it (its forced passes
    /// included), or the opening position, with that transition's events
    /// and the history without the last decision. It is how a frontend
    /// undoes a move in a game it did not build step by step, such as one
    /// restored from its record ([`Game::from_record`]). An error says why
    /// there is nothing to undo: no decision yet
    /// ([`HistoryError::NoDecision`]), or no history
    /// ([`Game::history_error`]).
    ///
    /// ```
    /// use metropolys_core::{Config, Game, HistoryError, Variant};
    /// let game = Game::new(Config::new(3, Variant::Family, 7)).unwrap();
    /// let next = game.apply(game.state().legal_actions()[0]).unwrap();
    /// let restored = Game::from_record(&next.to_record().unwrap()).unwrap();
    /// let undone = restored.undo().unwrap();
    /// assert_eq!(undone.state(), game.state());
    /// assert_eq!(undone.last_events(), game.last_events());
    /// assert_eq!(undone.undo().unwrap_err(), HistoryError::NoDecision);
    /// ```
    pub fn undo(&self) -> Result<Game, HistoryError> {
        let h = self.history()?;
        let last = h.last.as_ref().ok_or(HistoryError::NoDecision)?;
        let history = History {
            config: Arc::clone(&h.config),
            last: last.prev.clone(),
            len: h.len - 1,
        };
        let mut record = Record::new((*h.config).clone());
        record.actions = history.actions();
        // The history was built by applying legal actions, so it replays.
        let replay = record.replay().map_err(|_| HistoryError::NoDecision)?;
        // Only whole games have a history (a seat's view has none).
        Ok(Game {
            state: *replay.final_state(),
            events: replay.last_events(),
            history: Some(history),
            perspective: Perspective::Whole,
            hidden: 0,
            deck: self.deck,
        })
    }

    /// The record of the game so far, with `expected` filled in from the
    /// current position; an error for a game without history
    /// ([`Game::history_error`]).
    pub fn to_record(&self) -> Result<Record, HistoryError> {
        let h = self.history()?;
        let mut r = Record::new((*h.config).clone());
        r.actions = h.actions();
        r.expect(&self.state);
        Ok(r)
    }

    /// Why this game has no history, if it has none: it is a view
    /// ([`HistoryError::View`]: its configuration would reveal the deal,
    /// R-21), or it was loaded from a position alone
    /// ([`HistoryError::Position`]). `None` for a game with its history.
    ///
    /// ```
    /// use metropolys_core::{game::Perspective, Config, Game, HistoryError, Variant};
    /// let game = Game::new(Config::new(2, Variant::Family, 1)).unwrap();
    /// assert_eq!(game.history_error(), None);
    /// assert_eq!(game.view(1).unwrap().history_error(), Some(HistoryError::View(Perspective::Seat(1))));
    /// assert_eq!(Game::from_state(*game.state()).history_error(), Some(HistoryError::Position));
    /// ```
    pub fn history_error(&self) -> Option<HistoryError> {
        self.history().err()
    }

    fn history(&self) -> Result<&History, HistoryError> {
        match (&self.history, self.perspective) {
            (Some(h), _) => Ok(h),
            (None, Perspective::Whole) => Err(HistoryError::Position),
            (None, view) => Err(HistoryError::View(view)),
        }
    }
}

/// Whose game a [`Game`] is ([`Game::perspective`]): the whole game, what
/// one seat may know of it, or what a spectator may know of it (R-21).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Perspective {
    /// The whole game: every secret is known.
    Whole,
    /// One seat's view ([`Game::view`]): the other seats' objectives and
    /// Metropolys cards are unknown until the game ends.
    Seat(Seat),
    /// The public view ([`Game::public_view`]): no seat's secrets are known
    /// until the game ends.
    Public,
}

impl Perspective {
    /// The perspective of a loaded snapshot: its viewer, or the public
    /// view when it hides secrets without a viewer.
    fn loaded(viewer: Option<Seat>, hidden: u8) -> Perspective {
        match viewer {
            Some(seat) => Perspective::Seat(seat),
            None if hidden != 0 => Perspective::Public,
            None => Perspective::Whole,
        }
    }
}

impl std::fmt::Display for Perspective {
    /// `the whole game`, `seat 2's view` or `the public view`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Perspective::Whole => f.write_str("the whole game"),
            Perspective::Seat(seat) => write!(f, "seat {seat}'s view"),
            Perspective::Public => f.write_str("the public view"),
        }
    }
}

/// Why a game cannot undo its last decision or give its record
/// ([`Game::undo`], [`Game::to_record`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HistoryError {
    /// A view keeps no history: its configuration would reveal the deal
    /// (R-21).
    #[error("{0} has no history (its configuration would reveal the deal, R-21)")]
    View(Perspective),
    /// The game was loaded from a position alone (a state or a snapshot),
    /// which holds no history.
    #[error("this game was loaded from a position alone, which holds no history")]
    Position,
    /// No one has acted yet: there is no decision to undo.
    #[error("there is no decision to undo: no one has acted in this game yet")]
    NoDecision,
}

impl HistoryError {
    /// The rulings this error names: R-21 for a view.
    pub fn rule(&self) -> &'static [Rule] {
        match self {
            HistoryError::View(_) => &[Rule::R21],
            HistoryError::Position | HistoryError::NoDecision => &[],
        }
    }
}

/// Whether two decks hold the same cards, in order.
fn same_deck(a: &[MetropolysCard; 4], b: &[MetropolysCard; 4]) -> bool {
    a.iter()
        .zip(b)
        .all(|(x, y)| crate::config::same_metropolys_card(x, y))
}

/// One decision of a [`History`], linked to the decisions before it.
#[derive(Debug)]
struct Step {
    prev: Option<Arc<Step>>,
    decision: RecordedAction,
}

/// How a position was reached: the configuration and the decisions since, as
/// a persistent list. Extending a history costs O(1) and shares every
/// earlier decision with the history it extends.
#[derive(Debug, Clone)]
struct History {
    config: Arc<Config>,
    last: Option<Arc<Step>>,
    len: usize,
}

impl History {
    fn new(config: Config) -> History {
        History {
            config: Arc::new(config),
            last: None,
            len: 0,
        }
    }

    fn from_actions(config: Config, actions: &[RecordedAction]) -> History {
        actions
            .iter()
            .fold(History::new(config), |h, ra| h.push(ra.player, ra.action))
    }

    /// This history followed by one more decision (this one is unchanged).
    fn push(&self, player: Seat, action: Action) -> History {
        History {
            config: Arc::clone(&self.config),
            last: Some(Arc::new(Step {
                prev: self.last.clone(),
                decision: RecordedAction { player, action },
            })),
            len: self.len + 1,
        }
    }

    /// The decisions, oldest first.
    fn actions(&self) -> Vec<RecordedAction> {
        let mut out = Vec::with_capacity(self.len);
        let mut at = self.last.as_deref();
        while let Some(step) = at {
            out.push(step.decision);
            at = step.prev.as_deref();
        }
        out.reverse();
        out
    }
}

impl Drop for History {
    // Unlinks a long chain iteratively: dropping it recursively could
    // overflow the stack.
    fn drop(&mut self) {
        let mut at = self.last.take();
        while let Some(step) = at {
            match Arc::try_unwrap(step) {
                Ok(mut s) => at = s.prev.take(),
                Err(_) => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Variant;

    #[test]
    fn history_extends_without_changing_its_past_and_drops_long_chains() {
        let h0 = History::new(Config::new(2, Variant::Family, 1));
        let h1 = h0.push(0, Action::bid(3, 5));
        let h2a = h1.push(1, Action::Pass);
        let h2b = h1.push(1, Action::bid(4, 6));
        assert_eq!(h0.len, 0);
        assert_eq!(h1.actions().len(), 1);
        assert_eq!(h2a.actions()[1].action, Action::Pass);
        assert_eq!(h2b.actions()[1].action, Action::bid(4, 6));
        assert_eq!(h2a.actions()[0], h2b.actions()[0]);
        // A chain far longer than any game is dropped without recursion.
        let mut long = h0.clone();
        for _ in 0..200_000 {
            long = long.push(0, Action::Pass);
        }
        assert_eq!(long.len, 200_000);
        drop(long);
    }

    /// Undo after a record round-trip gives back every earlier game, with
    /// its events and history; a game without decisions or history has
    /// nothing to undo.
    #[test]
    fn undo_walks_back_through_a_restored_game() {
        let mut games = vec![Game::new(Config::new(4, Variant::Expert, 11)).unwrap()];
        while let Some(&a) = games.last().unwrap().state().legal_actions().last() {
            let next = games.last().unwrap().apply(a).unwrap();
            games.push(next);
        }
        let last = games.last().unwrap();
        assert!(last.state().is_over());
        let mut at = Game::from_record(&last.to_record().unwrap()).unwrap();
        for earlier in games.iter().rev().skip(1) {
            at = at.undo().expect("a decision to undo");
            assert_eq!(at.state(), earlier.state());
            assert_eq!(at.last_events(), earlier.last_events());
            assert_eq!(at.actions(), earlier.actions());
            assert_eq!(at.decisions(), earlier.decisions());
        }
        assert_eq!(at.undo().unwrap_err(), HistoryError::NoDecision);
        assert_eq!(
            Game::from_state(*last.state()).undo().unwrap_err(),
            HistoryError::Position
        );
    }
}
