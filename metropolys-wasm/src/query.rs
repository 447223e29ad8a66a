//! What a [`Game`] answers: who is to act, the board, the secrets its
//! viewer may know, score sheets and winners, views and positions,
//! and the board as text and as an SVG picture (drawn by core).

use crate::args;
#[cfg(feature = "pictures")]
use crate::errors::type_error;
use crate::errors::{range_error, JsResult};
use crate::game::Game;
use crate::json::{config_to_js, to_js, Pairs};
#[cfg(feature = "pictures")]
use metropolys_core::svg::{render_with, scripted_board, Piece, SvgOptions};
#[cfg(feature = "pictures")]
use metropolys_core::text::{board_text, snapshot_text};
use metropolys_core::{Card, Seat, State, Token, TokenCounts, NEIGHBORHOOD_COUNT};
use wasm_bindgen::prelude::*;

use crate::json::seat_or_null;

impl Game {
    fn state(&self) -> &State {
        self.inner.state()
    }

    fn seat(&self, player: &JsValue) -> JsResult<Seat> {
        args::seat(player, self.state().players())
    }
}

#[wasm_bindgen]
impl Game {
    /// The seat whose view this game is (it knows the other seats'
    /// objectives and Metropolys cards only once the game is over, R-21),
    /// or `undefined` for a whole game and for the public view.
    #[wasm_bindgen(getter)]
    pub fn viewer(&self) -> Option<u8> {
        self.inner.viewer()
    }

    /// The number of players (2–4).
    #[wasm_bindgen(getter)]
    pub fn players(&self) -> u8 {
        self.state().players()
    }

    /// `"family"` or `"expert"`.
    #[wasm_bindgen(getter, unchecked_return_type = "Variant")]
    pub fn variant(&self) -> String {
        self.state().variant().name().into()
    }

    /// Whether the Metropolys cards module is in play (§9).
    #[wasm_bindgen(getter = usesMetropolysCards)]
    pub fn uses_metropolys_cards(&self) -> bool {
        self.state().uses_metropolys_cards()
    }

    /// The seat to act, or `null` once the game is over (as a position's
    /// `to_act`, and what `step` returns then).
    #[wasm_bindgen(getter = toAct, unchecked_return_type = "number | null")]
    pub fn to_act(&self) -> JsValue {
        seat_or_null(self.state().to_act())
    }

    /// Whether the game has ended.
    #[wasm_bindgen(getter = isOver)]
    pub fn is_over(&self) -> bool {
        self.state().is_over()
    }

    /// The current call's number, from 1 (at game end: calls played).
    #[wasm_bindgen(getter = callNumber)]
    pub fn call_number(&self) -> u16 {
        self.state().call_number()
    }

    /// The number of decisions so far (forced passes are not decisions);
    /// 0 for a game loaded from a position.
    #[wasm_bindgen(getter)]
    pub fn decisions(&self) -> u32 {
        self.inner.decisions() as u32
    }

    /// The districts out of play, in ring order.
    #[wasm_bindgen(getter = outOfPlay, unchecked_return_type = "District[]")]
    pub fn out_of_play(&self) -> JsResult<JsValue> {
        to_js(&self.state().out_of_play())
    }

    /// The bids of the current call, oldest first.
    #[wasm_bindgen(getter, unchecked_return_type = "Bid[]")]
    pub fn bids(&self) -> JsResult<JsValue> {
        to_js(self.state().bids())
    }

    /// The events of the transition that produced this position: a new
    /// game has its opening `call_started`, a game loaded with `fromJSON`
    /// none.
    #[wasm_bindgen(getter, unchecked_return_type = "GameEvent[]")]
    pub fn events(&self) -> JsResult<JsValue> {
        to_js(self.inner.last_events())
    }

    /// The winning seats of the position (final once the game is
    /// over). Throws a `RangeError` in a view that does not know
    /// every seat's cards (see `knownScores`).
    #[wasm_bindgen(getter, unchecked_return_type = "number[]")]
    pub fn winners(&self) -> JsResult<JsValue> {
        self.require_all_secrets("winners")?;
        to_js(&self.state().winners())
    }

    /// The configuration this game was set up from, or `undefined` for a
    /// position loaded with `fromJSON` (a seed above 2^53 − 1 is a BigInt).
    #[wasm_bindgen(getter, unchecked_return_type = "WrittenConfig | undefined")]
    pub fn config(&self) -> JsResult<JsValue> {
        match self.inner.config() {
            Some(c) => config_to_js(c),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// The decisions so far (`{player, action}`, forced passes are not
    /// decisions), or `undefined` when the history is unknown.
    #[wasm_bindgen(getter, unchecked_return_type = "RecordedAction[] | undefined")]
    pub fn history(&self) -> JsResult<JsValue> {
        match self.inner.actions() {
            Some(a) => to_js(&a),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// The deck the Metropolys cards were dealt from, or
    /// `undefined` when the game does not know one. It is public: views
    /// know it too.
    #[wasm_bindgen(getter = metropolysDeck, unchecked_return_type = "MetropolysCard[] | undefined")]
    pub fn metropolys_deck(&self) -> JsResult<JsValue> {
        match self.inner.metropolys_deck() {
            Some(d) => to_js(d),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// The legal actions of the seat to act, bids by increasing id, then
    /// the pass if allowed (empty once the game is over).
    #[wasm_bindgen(js_name = legalActions, unchecked_return_type = "Action[]")]
    pub fn legal_actions(&self) -> JsResult<JsValue> {
        to_js(&self.state().legal_actions())
    }

    /// The ids of the legal actions, ascending, in a new `Uint16Array`
    /// (`legalIds` writes them into an array of yours).
    #[wasm_bindgen(js_name = legalActionIds)]
    pub fn legal_action_ids(&self) -> Vec<u16> {
        let mut ids = Vec::with_capacity(self.state().legal_action_count());
        self.state().for_each_legal(|a| ids.extend(a.id()));
        ids
    }

    /// The number of legal actions.
    #[wasm_bindgen(js_name = legalActionCount)]
    pub fn legal_action_count(&self) -> u32 {
        self.state().legal_action_count() as u32
    }

    /// A uniformly random legal action drawn with `rng` (advanced in
    /// place), or `undefined` once the game is over.
    #[wasm_bindgen(js_name = randomAction, unchecked_return_type = "Action | undefined")]
    pub fn random_action(&self, rng: &mut crate::rng::SplitMix64) -> JsResult<JsValue> {
        match self.state().random_action(&mut rng.inner) {
            Some(a) => to_js(&a),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    // ----- scores -------------------------------------------------------------

    /// Every seat's score sheet as the position stands (final once the game
    /// is over). Throws a `RangeError` in a view that does not know
    /// every seat's cards: use `knownScores`.
    #[wasm_bindgen(unchecked_return_type = "ScoreSheet[]")]
    pub fn scores(&self) -> JsResult<JsValue> {
        self.require_all_secrets("scores()")?;
        to_js(&self.state().scores())
    }

    /// The score sheets this game knows: `scores()` with `null` for a seat
    /// whose cards a view does not know (R-21: a sheet is never computed
    /// from cards it does not know).
    #[wasm_bindgen(js_name = knownScores, unchecked_return_type = "(ScoreSheet | null)[]")]
    pub fn known_scores(&self) -> JsResult<JsValue> {
        to_js(&self.inner.scores())
    }

    /// Every seat's score as the position stands, as far as this game
    /// knows it: per seat, each category of points (`categories`:
    /// name, label, value, the value `null` when it depends on a card
    /// this game does not know: another seat's in a view, every seat's in
    /// the public view, until the game ends), the names of the `unknown`
    /// ones, the sum of the known ones (`known_total`), whether it is
    /// `complete`, and the buildings `constructed`. Tokens, special cards
    /// and highest buildings are public; nothing is computed from a card
    /// the game does not know.
    #[wasm_bindgen(js_name = runningScores, unchecked_return_type = "RunningScore[]")]
    pub fn running_scores(&self) -> JsResult<JsValue> {
        to_js(&self.inner.running_scores())
    }

    #[cfg(feature = "text")]
    /// Where each secret card of `player` scores: for every card this game
    /// knows of that seat (its area card, its Expert neighborhood card,
    /// its Metropolys card), the card, its label, its text (core's words,
    /// with its points and ruling) and the ids of the neighborhoods in
    /// play where a building can count for it. Throws a `RangeError` for a
    /// seat not in the game, or whose cards this game does not know
    /// another seat's in a view, any seat's in the public view,
    /// until the game ends).
    #[wasm_bindgen(js_name = whereCardsScore, unchecked_return_type = "CardPlaces[]")]
    pub fn where_cards_score(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] player: &JsValue,
    ) -> JsResult<JsValue> {
        let seat = self.seat(player)?;
        self.require_secrets([seat], &format!("where seat {seat}'s cards score"))?;
        match self.inner.where_cards_score(seat) {
            Some(places) => to_js(&places),
            None => Err(range_error(format!(
                "{} does not know seat {seat}'s cards (R-21)",
                self.view_name()
            ))),
        }
    }

    /// Each seat's total; throws like `scores()`.
    #[wasm_bindgen(unchecked_return_type = "number[]")]
    pub fn totals(&self) -> JsResult<JsValue> {
        self.require_all_secrets("totals()")?;
        to_js(self.state().totals().totals())
    }

    // ----- views and positions ------------------------------------------------

    /// What `player` may see: the position with the other seats'
    /// objectives and Metropolys cards `null` until the game ends.
    /// `Game.fromJSON` loads it as that seat's view.
    #[wasm_bindgen(unchecked_return_type = "Snapshot")]
    pub fn view(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] player: &JsValue,
    ) -> JsResult<JsValue> {
        let seat = self.seat(player)?;
        self.require_secrets([seat], &format!("seat {seat}'s view"))?;
        match self.inner.view(seat) {
            Some(view) => to_js(&view.snapshot()),
            None => Err(range_error(format!(
                "{} holds no view of seat {seat} (R-21)",
                self.view_name()
            ))),
        }
    }

    /// What a spectator may see: every seat's objectives and
    /// Metropolys cards `null` until the game ends, `viewer` null.
    #[wasm_bindgen(js_name = publicView, unchecked_return_type = "Snapshot")]
    pub fn public_view(&self) -> JsResult<JsValue> {
        to_js(&self.inner.public_view().snapshot())
    }

    /// The position (core's snapshot shape): the whole state, secrets
    /// included, or for a view that view. `Game.fromJSON` loads it back,
    /// and `JSON.stringify(game)` writes it.
    #[wasm_bindgen(js_name = toJSON, unchecked_return_type = "Snapshot")]
    pub fn to_json(&self) -> JsResult<JsValue> {
        to_js(&self.inner.snapshot())
    }

    /// The objective cards of `player` (a secret of that seat, R-21), or
    /// `undefined` in a view that does not know them.
    #[wasm_bindgen(unchecked_return_type = "Objective | undefined")]
    pub fn objective(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] player: &JsValue,
    ) -> JsResult<JsValue> {
        match self.inner.objective(self.seat(player)?) {
            Some(o) => to_js(&o),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// The Metropolys card of `player` (three kinds), or `undefined`
    /// without the module or in a view that does not know it.
    #[wasm_bindgen(js_name = metropolysCard, unchecked_return_type = "MetropolysCard | undefined")]
    pub fn metropolys_card(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] player: &JsValue,
    ) -> JsResult<JsValue> {
        match self.inner.metropolys_card(self.seat(player)?) {
            Some(c) => to_js(&c),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    // ----- the board ----------------------------------------------------------

    /// The tokens `player` has taken (`{trendy, subway, archaeology}`).
    #[wasm_bindgen(js_name = tokensTaken, unchecked_return_type = "TokenCounts")]
    pub fn tokens_taken(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] player: &JsValue,
    ) -> JsResult<JsValue> {
        let seat = self.seat(player)?;
        let taken = |t| self.state().tokens_taken(seat, t);
        to_js(&TokenCounts {
            trendy: taken(Token::Trendy),
            subway: taken(Token::Subway),
            archaeology: taken(Token::Archaeology),
        })
    }

    /// The building constructed on neighborhood `nb` (`{player,
    /// neighborhood, building}`), or `undefined`.
    #[wasm_bindgen(js_name = buildingAt, unchecked_return_type = "Constructed | undefined")]
    pub fn building_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "NeighborhoodId")] nb: &JsValue,
    ) -> JsResult<JsValue> {
        let neighborhood = args::neighborhood(nb)?;
        match self.state().building_at(neighborhood) {
            Some((player, building)) => to_js(&metropolys_core::Constructed {
                neighborhood,
                player,
                building,
            }),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// The token still lying on neighborhood `nb`, or `undefined`.
    #[wasm_bindgen(js_name = tokenAt, unchecked_return_type = "Token | undefined")]
    pub fn token_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "NeighborhoodId")] nb: &JsValue,
    ) -> JsResult<Option<String>> {
        let neighborhood = args::neighborhood(nb)?;
        Ok(self.state().token_at(neighborhood).map(|t| t.name().into()))
    }

    /// The tokens still on the board: `{neighborhood: token}`.
    #[wasm_bindgen(unchecked_return_type = "Record<number, Token>")]
    pub fn tokens(&self) -> JsResult<JsValue> {
        to_js(&Pairs(
            (0..NEIGHBORHOOD_COUNT as u8)
                .filter_map(|id| self.state().token_at(id).map(|t| (id, t)))
                .collect(),
        ))
    }

    /// The neighborhoods where `player` has constructed buildings.
    pub fn constructed(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] player: &JsValue,
    ) -> JsResult<Vec<u8>> {
        Ok(self
            .state()
            .constructed(self.seat(player)?)
            .iter()
            .collect())
    }

    /// The free neighborhoods: in play, no building, no bid.
    #[wasm_bindgen(js_name = freeNeighborhoods)]
    pub fn free_neighborhoods(&self) -> Vec<u8> {
        self.state().free().iter().collect()
    }

    /// The building numbers of `player` neither constructed nor standing as
    /// a bid, ascending.
    pub fn supply(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] player: &JsValue,
    ) -> JsResult<Vec<u8>> {
        Ok(self.state().supply(self.seat(player)?))
    }

    /// Whether `player` has passed in the current call.
    #[wasm_bindgen(js_name = hasPassed)]
    pub fn has_passed(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] player: &JsValue,
    ) -> JsResult<bool> {
        Ok(self.state().has_passed(self.seat(player)?))
    }

    /// The holder of `card` (`"subway"` or `"archaeology"`), or
    /// `undefined`.
    #[wasm_bindgen(js_name = cardHolder)]
    pub fn card_holder(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Card")] card: &JsValue,
    ) -> JsResult<Option<u8>> {
        let name = args::string(card, "card")?;
        let card = crate::board::parse_name::<Card>(&name).map_err(range_error)?;
        Ok(self.state().card_holder(card))
    }

    // ----- pictures -----------------------------------------------------------

    #[cfg(feature = "pictures")]
    /// The board as an SVG document (drawn by core). Options:
    /// `highlight` rings a neighborhood in gold, `caption` replaces the
    /// status line, `hideStatus` leaves out the status line and key,
    /// `hideIds` the neighborhood ids.
    #[wasm_bindgen(js_name = toSvg)]
    pub fn to_svg(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "SvgOptions")] options: &JsValue,
    ) -> JsResult<String> {
        let o = args::options(
            options,
            &["highlight", "caption", "hideStatus", "hideIds"],
            "toSvg()",
        )?;
        let flag = |key: &str| -> JsResult<bool> {
            args::option(&o, key)?.map_or(Ok(false), |v| args::boolean(&v, key))
        };
        let options = SvgOptions {
            highlight: args::option(&o, "highlight")?
                .map(|v| args::neighborhood(&v))
                .transpose()?,
            caption: args::option(&o, "caption")?
                .map(|v| args::string(&v, "caption"))
                .transpose()?,
            hide_status: flag("hideStatus")?,
            hide_ids: flag("hideIds")?,
        };
        render_with(self.state(), &options).map_err(range_error)
    }

    #[cfg(feature = "pictures")]
    /// The board without pieces, every piece drawn once as a definition
    /// (`b{seat}_{n}` buildings, `d{seat}_{n}` bids, `l{seat}_{n}` the
    /// latest bid, `t{i}` tokens, `h` the highlight ring) and an empty
    /// `<g id="pieces">` on top for `<use>` elements: what a client that
    /// animates the pieces draws on (core's `svg::scripted_board`).
    #[wasm_bindgen(js_name = boardSvg)]
    pub fn board_svg(&self) -> String {
        scripted_board(self.state(), &Piece::all(self.state().players()))
    }

    #[cfg(feature = "pictures")]
    /// The board as fixed-width text (drawn by core), as `player` may see
    /// it, or when `player` is null or undefined (`text(game.toAct)`
    /// once the game is over) what this game knows: the
    /// whole state, or its view. Throws a `RangeError` for a seat not in
    /// the game, or whose cards a view does not know.
    pub fn text(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] player: &JsValue,
    ) -> JsResult<String> {
        if player.is_undefined() || player.is_null() {
            return Ok(snapshot_text(&self.inner.snapshot()));
        }
        let seat = self.seat(player)?;
        self.require_secrets([seat], &format!("seat {seat}'s board"))?;
        if !self.inner.knows_all_secrets() {
            // A view knows its viewer's cards only, even once over.
            return Ok(snapshot_text(&self.inner.snapshot()));
        }
        board_text(self.state(), Some(seat)).ok_or_else(|| type_error("no such seat"))
    }

    #[cfg(feature = "pictures")]
    /// `text()`.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_string_js(&self) -> String {
        snapshot_text(&self.inner.snapshot())
    }
}
