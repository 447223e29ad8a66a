//! `metropolys.Game`: an immutable game, core's [`metropolys_core::Game`]
//! (a state, the events of the transition that produced it, and the
//! history of decisions when known). Successors, histories, records and
//! pickles are core's; this module converts arguments and results.

mod seats;

use crate::action::{self, Action, Given};
use crate::convert::{json_text, keyword_config, to_py};
use crate::errors::{self, Kind as ErrKind};
use crate::persist;
use crate::tensor;
use metropolys_core::{
    Action as CoreAction, Card, Config, Game as CoreGame, HistoryError, Seat, Token,
};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PyTuple, PyType};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

/// Why a game loaded from a position cannot give its record or undo.
const NO_HISTORY: &str = "this game was loaded from a position (from_json)";

/// How to keep a game's history instead.
const SAVE_HISTORY: &str = "to save a game with its history, save game.to_record() (or \
     pickle the game) and restore it with Game.from_record";

/// Small integers as a Python list of ints (a `Vec<u8>` would become `bytes`).
pub fn ints(v: impl IntoIterator<Item = u8>) -> Vec<u32> {
    v.into_iter().map(u32::from).collect()
}

/// A game of Metropolys: an immutable value. ``apply`` returns a new game
/// and leaves this one untouched. A game is whole, one seat's view
/// (``viewer``; what a bot receives), or the public view (what a
/// spectator receives, ``Game.from_dict(game.public_view())``): a view
/// answers ``None`` for the secrets it does not know.
#[pyclass(frozen, module = "metropolys", name = "Game")]
pub struct Game(CoreGame);

/// Replays a game record (``str`` JSON or the decoded ``dict``) and returns
/// the game it reaches, with its history. The record's ``expected`` part is
/// not checked (see ``verify_record``). Raises ``RecordError``.
#[pyfunction]
pub fn load_record(py: Python<'_>, record: &Bound<'_, PyAny>) -> PyResult<Game> {
    persist::load_record(py, record, false).map(Game)
}

/// Replays a game record and checks its ``expected`` part (game over,
/// totals, winners, score sheets, or the rejection of its last action).
/// Returns the game reached (for a rejection record, the game before the
/// rejected action); raises ``RecordError`` naming the first illegal action
/// or mismatch.
#[pyfunction]
pub fn verify_record(py: Python<'_>, record: &Bound<'_, PyAny>) -> PyResult<Game> {
    persist::load_record(py, record, true).map(Game)
}

fn card_name(card: &str) -> PyResult<Card> {
    crate::names::parse::<Card>(card).map_err(errors::value_error)
}

#[pymethods]
impl Game {
    /// A new game drawn from ``seed``: ``players`` 2–4, ``variant``
    /// ``"family"`` or ``"expert"``, ``start_player`` the seat opening the
    /// first call. Use ``Game.from_config`` for explicit setups.
    #[new]
    #[pyo3(
        signature = (players=crate::ints::Int(4), variant="expert", seed=crate::ints::U64(0), start_player=crate::ints::Int(0)),
        text_signature = "(players=4, variant='expert', seed=0, start_player=0)"
    )]
    fn new(
        py: Python<'_>,
        players: crate::ints::Int,
        variant: &str,
        seed: crate::ints::U64,
        start_player: crate::ints::Int,
    ) -> PyResult<Game> {
        let players = players.0;
        let seed = seed.0;
        let start_player = start_player.0;
        let config = keyword_config(py, players, variant, seed, start_player)?;
        Game::from_core_config(py, config)
    }

    /// A new game from a core configuration: a JSON ``str`` or its decoded
    /// ``dict`` (``players``, ``variant``, ``seed``, ``start_player``,
    /// ``out_of_play``, ``tokens``, ``objectives``, ``metropolys_cards``,
    /// ``metropolys_deck``). Raises ``InvalidConfigError``.
    #[staticmethod]
    fn from_config(py: Python<'_>, config: &Bound<'_, PyAny>) -> PyResult<Game> {
        let text = json_text(config)?;
        let config =
            Config::from_json(&text).map_err(|e| errors::error(py, e, ErrKind::InvalidConfig))?;
        Game::from_core_config(py, config)
    }

    /// Loads a position from the JSON of ``to_json``: a whole state, a
    /// seat's view (then the game is that view, ``viewer`` set), or the
    /// public view (``viewer`` ``None``, every seat's cards hidden). The
    /// game has no history (``to_record`` raises) and no events. Raises
    /// ``InvalidStateError``.
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &str) -> PyResult<Game> {
        persist::from_json(py, text).map(Game)
    }

    /// Like ``from_json``, from the dict of ``to_dict``.
    #[staticmethod]
    fn from_dict(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Game> {
        let text = json_text(value)?;
        Game::from_json(py, &text)
    }

    /// Same as ``metropolys.load_record``.
    #[staticmethod]
    fn from_record(py: Python<'_>, record: &Bound<'_, PyAny>) -> PyResult<Game> {
        load_record(py, record)
    }

    #[staticmethod]
    fn _from_pickle(py: Python<'_>, data: &str) -> PyResult<Game> {
        persist::unpickle(py, data).map(Game)
    }

    // ----- queries ---------------------------------------------------------

    /// The seat whose view this game is (what a bot receives: it knows the
    /// other seats' objectives and Metropolys cards only once the game is
    /// over, R-21), or ``None`` for a whole game and for the public view.
    #[getter]
    fn viewer(&self) -> Option<u8> {
        self.0.viewer()
    }

    /// Whose game this is (core's ``Perspective``): ``"whole"``, ``"seat"``
    /// (a seat's view: ``viewer`` is the seat) or ``"public"`` (the public
    /// view, what a spectator may know, R-21).
    #[getter]
    fn perspective(&self) -> &'static str {
        match self.0.perspective() {
            metropolys_core::Perspective::Whole => "whole",
            metropolys_core::Perspective::Seat(_) => "seat",
            metropolys_core::Perspective::Public => "public",
        }
    }

    /// The number of players (2–4).
    #[getter]
    fn players(&self) -> u8 {
        self.state().players()
    }

    /// ``"family"`` or ``"expert"``.
    #[getter]
    fn variant(&self) -> &'static str {
        self.state().variant().name()
    }

    /// Whether the Metropolys cards module is in play (§9).
    #[getter]
    fn uses_metropolys_cards(&self) -> bool {
        self.state().uses_metropolys_cards()
    }

    /// The seat to act, or ``None`` once the game is over.
    #[getter]
    fn to_act(&self) -> Option<u8> {
        self.state().to_act()
    }

    /// Whether the game has ended.
    #[getter]
    fn is_over(&self) -> bool {
        self.state().is_over()
    }

    /// The current call's number, from 1 (at game end: calls played).
    #[getter]
    fn call_number(&self) -> u16 {
        self.state().call_number()
    }

    /// The districts out of play, in ring order.
    #[getter]
    fn out_of_play(&self) -> Vec<&'static str> {
        self.state()
            .out_of_play()
            .iter()
            .map(|d| d.name())
            .collect()
    }

    /// The bids of the current call, oldest first: dicts with ``player``,
    /// ``neighborhood``, ``building``.
    #[getter]
    fn bids<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, self.state().bids())
    }

    /// The events of the transition that produced this game (dicts with a
    /// ``type`` key, the core JSON shape). A new game has its opening
    /// ``call_started``; a game loaded with ``from_json`` has none.
    #[getter]
    fn events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, self.0.last_events())
    }

    /// The winning seats of the position (final once the game is
    /// over). Raises ``ValueError`` in a seat's view that does not
    /// know every seat's cards (see ``known_scores``).
    #[getter]
    fn winners(&self) -> PyResult<Vec<u32>> {
        self.require_all_secrets("winners")?;
        Ok(ints(self.state().winners()))
    }

    /// The configuration this game was set up from (a dict), or ``None`` for
    /// a position loaded with ``from_json``.
    #[getter]
    fn config<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.0.config().map(|c| to_py(py, c)).transpose()
    }

    /// The decisions so far as ``(player, Action)`` pairs (forced passes are
    /// not decisions), or ``None`` when the history is unknown.
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        let Some(actions) = self.0.actions() else {
            return Ok(None);
        };
        let items = actions
            .into_iter()
            .map(|ra| Ok((ra.player, action::object(py, ra.action)?)))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, items).map(Some)
    }

    /// The legal actions of the seat to act, bids by increasing id, then the
    /// pass if allowed (empty once the game is over).
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let table = action::table(py)?;
        let mut ids = Vec::with_capacity(self.state().legal_action_count());
        self.state()
            .for_each_legal(|a| ids.push(a.id().unwrap_or(CoreAction::PASS_ID) as usize));
        PyList::new(py, ids.into_iter().map(|i| table[i].bind(py)))
    }

    /// The ids of the legal actions, ascending.
    fn legal_action_ids<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let table = action::ids(py);
        let mut ids = Vec::with_capacity(self.state().legal_action_count());
        self.state()
            .for_each_legal(|a| ids.push(a.id().unwrap_or(CoreAction::PASS_ID) as usize));
        PyList::new(py, ids.into_iter().map(|i| table[i].bind(py)))
    }

    /// The number of legal actions.
    fn legal_action_count(&self) -> usize {
        self.state().legal_action_count()
    }

    /// A numpy ``bool`` array of shape ``(ACTION_COUNT,)``: ``mask[id]`` is
    /// whether action ``id`` is legal (all false once the game is over).
    fn action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<bool>>> {
        tensor::action_mask(py, self.state())
    }

    /// The ids of the legal actions, ascending, as a numpy ``int64`` array
    /// (the array form of ``legal_action_ids()``).
    fn legal_action_ids_array<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        tensor::legal_ids(py, self.state())
    }

    /// The observation of ``player`` (default: the seat to act) as a numpy
    /// ``float32`` array of ``OBSERVATION_SIZE`` values (layout version
    /// ``OBSERVATION_VERSION``,
    /// https://github.com/metropolys/metropolys/blob/main/docs/rl.md). It holds only
    /// what the seat may
    /// see: ``reveal="own"``. ``reveal="none"`` hides every seat's
    /// objectives and ``"all"`` shows them all (OpenSpiel's observers); once
    /// the game is over every objective is shown. With ``out`` (a
    /// contiguous float32 array of that size) the observation is written
    /// there and ``out`` is returned.
    #[pyo3(signature = (player=None, *, reveal="own", out=None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        player: Option<crate::ints::Int>,
        reveal: &str,
        out: Option<Bound<'py, PyArray1<f32>>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.seat_or_to_act(player)?;
        let reveal = tensor::parse_reveal(reveal)?;
        self.require_secrets(self.revealed(seat, reveal), "this observation")?;
        tensor::observation(py, self.state(), seat, reveal, out)
    }

    /// The information-state tensor of ``player`` (default: the seat to
    /// act): the observation followed by one row per decision so far
    /// (https://github.com/metropolys/metropolys/blob/main/docs/rl.md),
    /// ``information_state_size(players)`` float32 values.
    /// Needs the game's history (``ValueError`` for a game loaded with
    /// ``from_json``, and for a view, which is a position: its decisions
    /// are not kept). ``reveal`` as for ``observation``.
    #[pyo3(signature = (player=None, *, reveal="own"))]
    fn information_state<'py>(
        &self,
        py: Python<'py>,
        player: Option<crate::ints::Int>,
        reveal: &str,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let reveal = tensor::parse_reveal(reveal)?;
        let seat = self.seat_or_to_act(player)?;
        self.require_secrets(self.revealed(seat, reveal), "this information state")?;
        let Some(actions) = self.0.actions() else {
            let players = self.state().players();
            let whole = self.0.viewer().is_none() && (0..players).all(|p| self.0.knows_secrets(p));
            return Err(errors::value_error(if whole {
                "this game has no history (loaded from a state), so no information state".into()
            } else {
                format!(
                    "{} has no history (a view is a position: its decisions are not kept), \
                     so no information state; observation() is what it shows",
                    self.view_name()
                )
            }));
        };
        let ids: Vec<u16> = actions
            .iter()
            .map(|ra| ra.action.id().unwrap_or(CoreAction::PASS_ID))
            .collect();
        tensor::information_state(py, self.state(), seat, reveal, &ids)
    }

    /// For the OpenSpiel adapter's chance phase: writes into ``out`` the
    /// observation of ``player`` with nobody to act and ``dealt[seat]`` (a
    /// dict with ``neighborhood`` and/or ``area``, or ``None``) as the cards
    /// dealt so far that ``player`` is shown; this game's own objectives are
    /// ignored.
    fn _dealing_observation<'py>(
        &self,
        player: i64,
        dealt: &Bound<'py, PyAny>,
        out: Bound<'py, PyArray1<f32>>,
    ) -> PyResult<()> {
        let seat = self.seat(player)?;
        tensor::dealing_observation(self.state(), seat, dealt, out)
    }

    /// Whether ``action`` (an ``Action`` or an id) is legal for the seat to act.
    fn is_legal(&self, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(match action::extract(action)? {
            Given::Action(a) => self.state().is_legal(a),
            Given::BadId(_) => false,
        })
    }

    /// Raises ``IllegalActionError`` naming the rule if ``action`` is
    /// illegal; returns ``None`` otherwise.
    fn check(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = action::extract_valid(action)?;
        self.state().check(a).map_err(|e| errors::rule_error(py, e))
    }

    /// The game after the seat to act takes ``action`` (an ``Action`` or an
    /// id). Forced passes and the end of the call are applied too.
    /// Raises ``IllegalActionError``; this game is never changed.
    fn apply(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<Game> {
        // The fast path for plain integer ids (bool is not an id).
        if let Ok(id) = action.cast_exact::<PyInt>() {
            if let Ok(id) = id.extract::<i64>() {
                return self.apply_core(py, action::from_id(py, id)?);
            }
        }
        let a = action::extract_valid(action)?;
        self.apply_core(py, a)
    }

    /// The game before the last decision (core's ``Game::undo``), replayed
    /// from the history: the position right after the decision before it
    /// (its forced passes included), or the opening position, with that
    /// transition's events and the history without the last decision. It
    /// works in a game restored from its record (``Game.from_record``) or a
    /// pickle as in the game that was saved; this game is unchanged.
    /// Raises ``InvalidStateError`` when there is no decision to undo (a
    /// new game) or no history (a position from ``from_json``, a view).
    fn undo(&self, py: Python<'_>) -> PyResult<Game> {
        let invalid = |message: String| errors::raise(py, ErrKind::InvalidState, message, &[]);
        self.0.undo().map(Game).map_err(|e| {
            invalid(match e {
                HistoryError::Position => {
                    format!("{NO_HISTORY}, which holds no history to undo; {SAVE_HISTORY}")
                }
                e => e.to_string(),
            })
        })
    }

    /// Like ``apply``, first checking that ``player`` is the seat to act.
    fn apply_for(
        &self,
        py: Python<'_>,
        player: crate::ints::Int,
        action: &Bound<'_, PyAny>,
    ) -> PyResult<Game> {
        // A seat not in the game is the same ValueError as `view`'s.
        let seat = self.seat(player.0)?;
        let a = action::extract_valid(action)?;
        // R-8 (or R-17 once the game is over), in core's words.
        self.state()
            .check_player(seat)
            .map_err(|e| errors::rule_error(py, e))?;
        self.apply_core(py, a)
    }

    /// A uniformly random legal action, or ``None`` once the game is over.
    /// ``rng`` may be a ``SplitMix64`` (advanced in place: this is how
    /// ``simulate`` draws), an ``int`` seed (a fresh ``SplitMix64(seed)``
    /// for this one draw), a ``numpy.random.Generator`` (``integers``), a
    /// ``random.Random`` (``randrange``), or ``None`` (the ``random``
    /// module). Any other object is a ``TypeError``; a generator answering
    /// outside ``range(n)`` a ``ValueError``.
    #[pyo3(signature = (rng=None))]
    fn random_action(
        &self,
        py: Python<'_>,
        rng: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<Py<Action>>> {
        let core = crate::rngs::legal_action(py, self.state(), rng)?;
        core.map(|a| action::object(py, a)).transpose()
    }

    /// The score sheets of every seat as the position stands (final once the
    /// game is over). Raises ``ValueError`` in a seat's view that does
    /// not know every seat's cards: use ``known_scores``. Sheets are dicts
    /// with the core category names (``player``,
    /// ``trendy``, ``subway``, ``subway_card``, ``archaeology``,
    /// ``archaeology_card``, ``area``, ``neighborhood``,
    /// ``highest_building``, ``metropolys``, ``total``, ``constructed``,
    /// ``area_groups``, ``highest_building_districts``, ``metropolys_groups``).
    fn scores<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.require_all_secrets("scores()")?;
        to_py(py, &self.state().scores())
    }

    /// The score sheets this game knows: ``scores()`` with ``None`` for a
    /// seat whose cards a seat's view does not know (R-21: a sheet is never
    /// computed from cards it does not know); for a whole game, ``scores()``.
    fn known_scores<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.0.scores())
    }

    /// Each seat's total (``[s["total"] for s in scores()]``); raises like
    /// ``scores()``.
    fn totals(&self) -> PyResult<Vec<i32>> {
        self.require_all_secrets("totals()")?;
        Ok(self.state().totals().totals().to_vec())
    }

    /// Every seat's score as the position stands, as far as this game
    /// knows it (R-21; core's ``Game::running_scores``), one dict per seat:
    /// ``player``, ``categories`` (in sheet order, each ``category``,
    /// ``label`` and ``value``, ``None`` when it depends on a card this game
    /// does not know), ``unknown`` (those categories' names),
    /// ``known_total``, ``complete`` (``known_total`` is the seat's total)
    /// and ``constructed``. A whole game knows every category; a seat's view
    /// the others' public ones and all of its own; the public view the
    /// public ones. Hidden cards are never read. The labels are core's, or
    /// in ``lang``'s words when a language tag is given.
    #[pyo3(signature = (*, lang=None))]
    fn running_scores<'py>(
        &self,
        py: Python<'py>,
        lang: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let lang = crate::text::lang_given(lang)?;
        crate::text::running_scores(py, &self.0.running_scores(), lang)
    }

    /// Where each secret card of ``player`` scores (core's
    /// ``Game::where_cards_score``), one dict per card (area card,
    /// neighborhood card, Metropolys card): ``card`` (as ``objective`` and
    /// ``metropolys_card`` name it: ``{"area": ...}``,
    /// ``{"neighborhood": ...}`` or ``{"metropolys": [...]}``), ``label``,
    /// ``text`` (what it scores, with its points; core's words with the
    /// ruling, or ``lang``'s words without it when a language tag is given)
    /// and ``neighborhoods`` (the ids in play where a building can count for
    /// it). Raises ``ValueError`` in a view that does not know that
    /// seat's cards.
    #[pyo3(signature = (player, *, lang=None))]
    fn where_cards_score<'py>(
        &self,
        py: Python<'py>,
        player: crate::ints::Int,
        lang: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.seat(player.0)?;
        let lang = crate::text::lang_given(lang)?;
        self.require_secrets([seat], &format!("where seat {seat}'s cards score"))?;
        match (self.0.where_cards_score(seat), lang) {
            (Some(places), None) => to_py(py, &places),
            (Some(places), Some(lang)) => to_py(
                py,
                &crate::text::card_places(places, self.state().variant(), lang),
            ),
            (None, _) => Err(errors::value_error(format!(
                "{} does not know seat {seat}'s cards (R-21)",
                self.view_name()
            ))),
        }
    }

    /// What ``player`` may see: the state as a dict with the other
    /// seats' objectives and Metropolys cards replaced by ``None`` until the
    /// game ends.
    fn view<'py>(&self, py: Python<'py>, player: crate::ints::Int) -> PyResult<Bound<'py, PyAny>> {
        let player = player.0;
        let seat = self.seat(player)?;
        self.require_secrets([seat], &format!("seat {seat}'s view"))?;
        // Core's view of this game: a view played to the end still hides
        // the cards it never knew (the state's own would show made-up ones).
        match self.0.view(seat) {
            Some(view) => to_py(py, &view.snapshot()),
            None => Err(errors::value_error(format!(
                "{} holds no view of seat {seat} (R-21)",
                self.view_name()
            ))),
        }
    }

    /// What a spectator, who holds no seat, may see (R-21; core's
    /// ``Game::public_view``): the state as a dict with every seat's
    /// objectives and Metropolys cards replaced by ``None`` until the game
    /// ends (and ``viewer`` ``None``). ``Game.from_dict`` loads it as the
    /// public view, a game that knows no seat's cards.
    fn public_view<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.0.public_view().snapshot())
    }

    /// The position as JSON (the core snapshot shape): the whole state,
    /// secrets included, or for a view that view (a seat's: ``viewer`` set;
    /// the public view: ``viewer`` ``None``; hidden cards ``null``).
    /// ``from_json`` loads each back.
    fn to_json(&self) -> String {
        self.0.to_json()
    }

    /// The position as a dict (``json.loads(self.to_json())``).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.0.snapshot())
    }

    /// The game record (a dict: ``format``, ``version``, ``config``,
    /// ``actions``, ``expected`` filled from this position). Raises
    /// ``RecordError`` for a game loaded with ``from_json`` (no history).
    fn to_record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let Ok(record) = self.0.to_record() else {
            return Err(errors::raise(
                py,
                ErrKind::Record,
                format!("{NO_HISTORY}, so it has no record of its decisions; {SAVE_HISTORY}"),
                &[],
            ));
        };
        to_py(py, &record)
    }

    /// The objective cards of ``player`` (a secret of that seat, R-21:
    /// ``view`` shows a player what they may see): ``{"area": ...}`` plus
    /// ``"neighborhood"`` for Expert neighborhood cards; ``None`` in a seat's
    /// view that does not know them.
    fn objective<'py>(
        &self,
        py: Python<'py>,
        player: crate::ints::Int,
    ) -> PyResult<Bound<'py, PyAny>> {
        let player = player.0;
        let seat = self.seat(player)?;
        to_py(py, &self.0.objective(seat))
    }

    /// The Metropolys card of ``player`` (three kinds), or ``None`` without
    /// the module or in a seat's view that does not know it.
    fn metropolys_card(&self, player: crate::ints::Int) -> PyResult<Option<Vec<&'static str>>> {
        let player = player.0;
        let seat = self.seat(player)?;
        Ok(self
            .0
            .metropolys_card(seat)
            .map(|c| c.iter().map(|k| k.name()).collect()))
    }

    /// The deck the Metropolys cards were dealt from, four cards of
    /// three kinds each, or ``None`` when the game does not know one (no
    /// module, cards given per seat, or a position loaded without it). It
    /// is public: a seat's view and the public view know it too.
    #[getter]
    fn metropolys_deck(&self) -> Option<Vec<Vec<&'static str>>> {
        self.0.metropolys_deck().map(|d| {
            d.iter()
                .map(|c| c.iter().map(|k| k.name()).collect())
                .collect()
        })
    }

    /// The tokens ``player`` has taken: a dict ``{"trendy": n, "subway": n,
    /// "archaeology": n}``, or the count of one kind when ``token`` is given.
    #[pyo3(signature = (player, token=None))]
    fn tokens_taken<'py>(
        &self,
        py: Python<'py>,
        player: crate::ints::Int,
        token: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let player = player.0;
        let seat = self.seat(player)?;
        match token {
            Some(t) => {
                let t: Token = crate::names::parse(t).map_err(errors::value_error)?;
                Ok(self
                    .state()
                    .tokens_taken(seat, t)
                    .into_pyobject(py)?
                    .into_any())
            }
            None => {
                let d = PyDict::new(py);
                for &t in Token::ALL {
                    d.set_item(t.name(), self.state().tokens_taken(seat, t))?;
                }
                Ok(d.into_any())
            }
        }
    }

    /// The building constructed on neighborhood ``nb`` as ``(player,
    /// building)``, or ``None``.
    fn building_at(&self, nb: crate::ints::Int) -> PyResult<Option<(u8, u8)>> {
        let nb = nb.0;
        Ok(self.state().building_at(Game::neighborhood(nb)?))
    }

    /// The token still lying on neighborhood ``nb`` (``"trendy"``,
    /// ``"subway"``, ``"archaeology"``), or ``None``.
    fn token_at(&self, nb: crate::ints::Int) -> PyResult<Option<&'static str>> {
        let nb = nb.0;
        Ok(self
            .state()
            .token_at(Game::neighborhood(nb)?)
            .map(|t| t.name()))
    }

    /// The tokens still on the board: ``{neighborhood: token}``.
    fn tokens(&self) -> std::collections::BTreeMap<u8, &'static str> {
        (0..metropolys_core::NEIGHBORHOOD_COUNT as u8)
            .filter_map(|id| self.state().token_at(id).map(|t| (id, t.name())))
            .collect()
    }

    /// The neighborhoods where ``player`` has constructed buildings.
    fn constructed(&self, player: crate::ints::Int) -> PyResult<Vec<u32>> {
        let player = player.0;
        Ok(ints(self.state().constructed(self.seat(player)?).iter()))
    }

    /// The free neighborhoods: in play, no building, no bid.
    fn free_neighborhoods(&self) -> Vec<u32> {
        ints(self.state().free().iter())
    }

    /// The building numbers of ``player`` neither constructed nor standing
    /// as a bid, ascending.
    fn supply(&self, player: crate::ints::Int) -> PyResult<Vec<u32>> {
        let player = player.0;
        Ok(ints(self.state().supply(self.seat(player)?)))
    }

    /// Whether ``player`` has passed in the current call.
    fn has_passed(&self, player: crate::ints::Int) -> PyResult<bool> {
        let player = player.0;
        Ok(self.state().has_passed(self.seat(player)?))
    }

    /// The holder of ``card`` (``"subway"`` or ``"archaeology"``), or ``None``.
    fn card_holder(&self, card: &str) -> PyResult<Option<u8>> {
        Ok(self.state().card_holder(card_name(card)?))
    }

    /// The board as an SVG document (drawn by core). The keywords are core's
    /// drawing options (``svg::SvgOptions``), defaults as in core:
    /// ``highlight`` rings a neighborhood in gold, ``caption`` replaces the
    /// status line, ``hide_status`` leaves out the status line and key,
    /// ``hide_ids`` the neighborhood ids.
    #[pyo3(signature = (*, highlight=None, caption=None, hide_status=false, hide_ids=false))]
    fn to_svg(
        &self,
        highlight: Option<crate::ints::Int>,
        caption: Option<String>,
        hide_status: bool,
        hide_ids: bool,
    ) -> PyResult<String> {
        let options = metropolys_core::svg::SvgOptions {
            highlight: highlight.map(|h| Game::neighborhood(h.0)).transpose()?,
            caption,
            hide_status,
            hide_ids,
        };
        metropolys_core::svg::render_with(self.state(), &options)
            .map_err(|e| errors::value_error(e.to_string()))
    }

    /// The board as fixed-width text (drawn by core, ``metropolys_core::text``)
    /// as ``player`` may see it, or when ``player`` is ``None`` what
    /// this game knows: the whole state, or its view (a seat's, or the
    /// public view); ``str(game)`` is ``game.text()``.
    /// Raises ``ValueError`` for a seat not in the game, or whose cards a
    /// view does not know.
    #[pyo3(signature = (player=None))]
    fn text(&self, player: Option<crate::ints::Int>) -> PyResult<String> {
        let Some(player) = player.map(|p| p.0) else {
            // What this game knows: the whole state, or its view.
            return Ok(metropolys_core::text::snapshot_text(&self.0.snapshot()));
        };
        if let Ok(seat) = Seat::try_from(player) {
            if seat < self.state().players() {
                self.require_secrets([seat], &format!("seat {seat}'s board"))?;
                if !self.0.knows_all_secrets() {
                    // A view knows its viewer's cards only, even once over
                    // (the others' are not made up): what it knows.
                    return Ok(metropolys_core::text::snapshot_text(&self.0.snapshot()));
                }
            }
        }
        crate::text::board(self.state(), Some(player))
    }

    fn __str__(&self) -> PyResult<String> {
        self.text(None)
    }

    fn _repr_svg_(&self) -> String {
        metropolys_core::svg::render(self.state())
    }

    fn __repr__(&self) -> String {
        persist::repr(&self.0)
    }

    /// Games are equal when their positions, as known, are (events and
    /// history aside): a seat's view equals only the same seat's view.
    fn __eq__(&self, other: PyRef<'_, Self>) -> bool {
        // Core states are equal exactly when they are the same position
        // (a state and its JSON round trip compare equal).
        self.state() == other.state() && self.0.viewer() == other.0.viewer()
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.state().hash(&mut h);
        self.0.viewer().hash(&mut h);
        h.finish()
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let cls: Bound<'py, PyType> = slf.get_type();
        let data = persist::pickle(&slf.get().0)?;
        Ok((
            cls.getattr("_from_pickle")?,
            PyTuple::new(slf.py(), [data])?,
        ))
    }
}

impl Game {
    fn from_core_config(py: Python<'_>, config: Config) -> PyResult<Game> {
        CoreGame::new(config)
            .map(Game)
            .map_err(|e| errors::config_error(py, e))
    }
}
