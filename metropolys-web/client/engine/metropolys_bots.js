/* @ts-self-types="./metropolys_bots.d.ts" */
import { engineError, jsonOf } from './engine-error.js';


/**
 * A bot: `random`, `greedy`, `ismcts` (with an iteration or a time
 * budget), the difficulty presets `beginner`, `casual`, `strong`,
 * `expert`, or `ismcts-v1`, with its parameters (docs/bots.md lists them
 * all) and its own seeded generator.
 */
export class Bot {
    static __wrap(ptr) {
        const obj = Object.create(Bot.prototype);
        obj.__wbg_ptr = ptr;
        BotFinalization.register(obj, obj.__wbg_ptr, obj);
        return obj;
    }
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        BotFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_bot_free(ptr, 0);
    }
    /**
     * `choose`, as an action id.
     * @param {Game} game
     * @returns {number}
     */
    chooseId(game) {
        _assertClass(game, Game);
        const ret = wasm.bot_chooseId(this.__wbg_ptr, game.__wbg_ptr);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return ret[0];
    }
    /**
     * The action this bot plays for the seat to act in `game` (a whole
     * game, or the acting seat's view), decided from that seat's view
     * only. Throws `IllegalActionError` once the game is
     * over, a `RangeError` when `game` is a view that does not
     * know the acting seat's cards.
     * @param {Game} game
     * @returns {Action}
     */
    choose(game) {
        _assertClass(game, Game);
        const ret = wasm.bot_choose(this.__wbg_ptr, game.__wbg_ptr);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * A bot from a spec as the command line writes it: `kind` or
     * `kind:{JSON parameters}` (`ismcts:{"iterations":500,"seed":3}`).
     * @param {string} spec
     * @returns {Bot}
     */
    static fromSpec(spec) {
        const ret = wasm.bot_fromSpec(spec);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return Bot.__wrap(ret[0]);
    }
    /**
     * The bot's kind, as given.
     * @returns {BotKind}
     */
    get kind() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.bot_kind(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * The bot's name (what arena tables show).
     * @returns {string}
     */
    get name() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.bot_name(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * A bot of `kind` with `params` (an object, its JSON text, or
     * undefined for the defaults); `params.seed` seeds the bot's own
     * generator (default 0). Throws a `RangeError` naming what is wrong:
     * an unknown kind or parameter, a value of the wrong type or range,
     * `threads` above 1 (this build runs no threads).
     * @param {BotKind} kind
     * @param {BotParameters | string} [params]
     */
    constructor(kind, params) {
        const ret = wasm.bot_new(kind, params);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        this.__wbg_ptr = ret[0];
        BotFinalization.register(this, this.__wbg_ptr, this);
        return this;
    }
}
if (Symbol.dispose) Bot.prototype[Symbol.dispose] = Bot.prototype.free;

/**
 * A game of Metropolys. `apply` plays an action for the seat to act and
 * returns what happened; the game is whole, one seat's view (`viewer`:
 * what a bot receives) or the public view (what a spectator receives,
 * `Game.fromJSON(game.publicView())`), and a view answers `undefined` for
 * the secrets it does not know.
 */
export class Game {
    static __wrap(ptr) {
        const obj = Object.create(Game.prototype);
        obj.__wbg_ptr = ptr;
        GameFinalization.register(obj, obj.__wbg_ptr, obj);
        return obj;
    }
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        GameFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_game_free(ptr, 0);
    }
    /**
     * The fast path's half in the module: writes the legal ids into the
     * scratch buffer (`scratchIds`) and returns their count.
     * @returns {number}
     */
    __legalIdsToScratch() {
        const ret = wasm.game___legalIdsToScratch(this.__wbg_ptr);
        return ret >>> 0;
    }
    /**
     * `step` without a `Result` (whose return value JavaScript receives
     * as a new array) and without a `JsValue`: the seat to act next, -1
     * at the end (the package's entry returns `null` for it), or -2 when
     * `step` would throw (the game unchanged; the package's entry then
     * calls `step` for its error).
     * @param {number} id
     * @returns {number}
     */
    __step(id) {
        const ret = wasm.game___step(this.__wbg_ptr, id);
        return ret;
    }
    /**
     * Like `apply`, first checking that `player` is the seat to act:
     * for servers and hot-seat tables that take moves from several seats.
     * @param {number} player
     * @param {Action | number} action
     * @returns {GameEvent[]}
     */
    applyFor(player, action) {
        const ret = wasm.game_applyFor(this.__wbg_ptr, player, action);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * Plays `action` (an id, `"pass"` or `{bid: {neighborhood, building}}`)
     * for the seat to act, with the forced passes and the end of
     * the call that follow, and returns the events, in order. Throws
     * `IllegalActionError` naming the rule (R-17 once the game is over);
     * the game is then unchanged.
     * @param {Action | number} action
     * @returns {GameEvent[]}
     */
    apply(action) {
        const ret = wasm.game_apply(this.__wbg_ptr, action);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * The bids of the current call, oldest first.
     * @returns {Bid[]}
     */
    get bids() {
        const ret = wasm.game_bids(this.__wbg_ptr);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * The building constructed on neighborhood `nb` (`{player,
     * neighborhood, building}`), or `undefined`.
     * @param {NeighborhoodId} nb
     * @returns {Constructed | undefined}
     */
    buildingAt(nb) {
        const ret = wasm.game_buildingAt(this.__wbg_ptr, nb);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * The current call's number, from 1 (at game end: calls played).
     * @returns {number}
     */
    get callNumber() {
        const ret = wasm.game_call_number(this.__wbg_ptr);
        return ret;
    }
    /**
     * The holder of `card` (`"subway"` or `"archaeology"`), or
     * `undefined`.
     * @param {Card} card
     * @returns {number | undefined}
     */
    cardHolder(card) {
        const ret = wasm.game_cardHolder(this.__wbg_ptr, card);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return ret[0] === 0xFFFFFF ? undefined : ret[0];
    }
    /**
     * Throws `IllegalActionError` naming the rule if `action` is illegal;
     * returns nothing otherwise.
     * @param {Action | number} action
     */
    check(action) {
        const ret = wasm.game_check(this.__wbg_ptr, action);
        if (ret[1]) {
            throw takeFromExternrefTable0(ret[0]);
        }
    }
    /**
     * A copy of this game (its history is shared, not copied): playing on
     * one leaves the other as it was.
     * @returns {Game}
     */
    clone() {
        const ret = wasm.game_clone(this.__wbg_ptr);
        return Game.__wrap(ret);
    }
    /**
     * The configuration this game was set up from, or `undefined` for a
     * position loaded with `fromJSON` (a seed above 2^53 − 1 is a BigInt).
     * @returns {WrittenConfig | undefined}
     */
    get config() {
        const ret = wasm.game_config(this.__wbg_ptr);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * The neighborhoods where `player` has constructed buildings.
     * @param {number} player
     * @returns {Uint8Array}
     */
    constructed(player) {
        const ret = wasm.game_constructed(this.__wbg_ptr, player);
        if (ret[3]) {
            throw takeFromExternrefTable0(ret[2]);
        }
        var v1 = getArrayU8FromWasm0(ret[0], ret[1]).slice();
        wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
        return v1;
    }
    /**
     * The number of decisions so far (forced passes are not decisions);
     * 0 for a game loaded from a position.
     * @returns {number}
     */
    get decisions() {
        const ret = wasm.game_decisions(this.__wbg_ptr);
        return ret >>> 0;
    }
    /**
     * The events of the transition that produced this position: a new
     * game has its opening `call_started`, a game loaded with `fromJSON`
     * none.
     * @returns {GameEvent[]}
     */
    get events() {
        const ret = wasm.game_events(this.__wbg_ptr);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * The free neighborhoods: in play, no building, no bid.
     * @returns {Uint8Array}
     */
    freeNeighborhoods() {
        const ret = wasm.game_freeNeighborhoods(this.__wbg_ptr);
        var v1 = getArrayU8FromWasm0(ret[0], ret[1]).slice();
        wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
        return v1;
    }
    /**
     * A new game from a configuration (an object or its JSON text:
     * `players`, `variant`, `seed`, `start_player`, `out_of_play`,
     * `tokens`, `objectives`, `metropolys_cards`, `metropolys_deck`).
     * Throws `InvalidConfigError`.
     * @param {Config | string} config
     * @returns {Game}
     */
    static fromConfig(config) {
        const ret = wasm.game_fromConfig(config);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return Game.__wrap(ret[0]);
    }
    /**
     * Loads a position (an object or its JSON text, as `toJSON` writes
     * it): a whole state, a seat's view (the game is then that view,
     * `viewer` set) or the public view (`viewer` undefined, every seat's
     * cards hidden). The game has no history (`toRecord` throws) and no
     * events. Throws `InvalidStateError`.
     * @param {Snapshot | string} position
     * @returns {Game}
     */
    static fromJSON(position) {
        const ret = wasm.game_fromJSON(position);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return Game.__wrap(ret[0]);
    }
    /**
     * Replays a game record (an object or its JSON text) and returns the
     * game it reaches, with its history. The record's `expected` part is
     * not checked (see `verifyRecord`). Throws `RecordError`.
     * @param {GameRecord | string} record
     * @returns {Game}
     */
    static fromRecord(record) {
        const ret = wasm.game_fromRecord(record);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return Game.__wrap(ret[0]);
    }
    /**
     * Whether `player` has passed in the current call.
     * @param {number} player
     * @returns {boolean}
     */
    hasPassed(player) {
        const ret = wasm.game_hasPassed(this.__wbg_ptr, player);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return ret[0] !== 0;
    }
    /**
     * The decisions so far (`{player, action}`, forced passes are not
     * decisions), or `undefined` when the history is unknown.
     * @returns {RecordedAction[] | undefined}
     */
    get history() {
        const ret = wasm.game_history(this.__wbg_ptr);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * Whether `action` (an id or an action) is legal for the seat to act;
     * `false` for an id that names no action.
     * @param {Action | number} action
     * @returns {boolean}
     */
    isLegal(action) {
        const ret = wasm.game_isLegal(this.__wbg_ptr, action);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return ret[0] !== 0;
    }
    /**
     * Whether the game has ended.
     * @returns {boolean}
     */
    get isOver() {
        const ret = wasm.game_is_over(this.__wbg_ptr);
        return ret !== 0;
    }
    /**
     * The score sheets this game knows: `scores()` with `null` for a seat
     * whose cards a view does not know (R-21: a sheet is never computed
     * from cards it does not know).
     * @returns {(ScoreSheet | null)[]}
     */
    knownScores() {
        const ret = wasm.game_knownScores(this.__wbg_ptr);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * The number of legal actions.
     * @returns {number}
     */
    legalActionCount() {
        const ret = wasm.game_legalActionCount(this.__wbg_ptr);
        return ret >>> 0;
    }
    /**
     * The ids of the legal actions, ascending, in a new `Uint16Array`
     * (`legalIds` writes them into an array of yours).
     * @returns {Uint16Array}
     */
    legalActionIds() {
        const ret = wasm.game_legalActionIds(this.__wbg_ptr);
        var v1 = getArrayU16FromWasm0(ret[0], ret[1]).slice();
        wasm.__wbindgen_free(ret[0], ret[1] * 2, 2);
        return v1;
    }
    /**
     * The legal actions of the seat to act, bids by increasing id, then
     * the pass if allowed (empty once the game is over).
     * @returns {Action[]}
     */
    legalActions() {
        const ret = wasm.game_legalActions(this.__wbg_ptr);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * Writes the ids of the legal actions, ascending, into `out` (a
     * `Uint16Array`; `ACTION_COUNT` entries always suffice) and returns
     * how many there are, `n` (0 once the game is over; the entries from
     * `n` on are not part of the answer); a `RangeError` when `out` is
     * too short. Nothing is allocated: the loop of a learner or
     * a UI reuses one array. (The package's entry checks that `out` is a
     * `Uint16Array`, and copies the ids itself from the module's memory;
     * this method, which receives a copy of `out`, answers the cases that
     * throw.)
     * @param {Uint16Array} out
     * @returns {number}
     */
    legalIds(out) {
        var ptr0 = passArray16ToWasm0(out, wasm.__wbindgen_malloc);
        var len0 = WASM_VECTOR_LEN;
        const ret = wasm.game_legalIds(this.__wbg_ptr, ptr0, len0, out);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return ret[0] >>> 0;
    }
    /**
     * The Metropolys card of `player` (three kinds), or `undefined`
     * without the module or in a view that does not know it.
     * @param {number} player
     * @returns {MetropolysCard | undefined}
     */
    metropolysCard(player) {
        const ret = wasm.game_metropolysCard(this.__wbg_ptr, player);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * The deck the Metropolys cards were dealt from, or
     * `undefined` when the game does not know one. It is public: views
     * know it too.
     * @returns {MetropolysCard[] | undefined}
     */
    get metropolysDeck() {
        const ret = wasm.game_metropolys_deck(this.__wbg_ptr);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * A new game drawn from `seed`: `players` 2–4 (default 4),
     * `variant` `"family"` or `"expert"` (default), `seed` (default 0; a
     * BigInt above 2^53 − 1), `startPlayer` the seat opening the first
     * call (default 0). `Game.fromConfig` takes explicit setups. Throws
     * `InvalidConfigError`.
     * @param {NewGameOptions} [options]
     */
    constructor(options) {
        const ret = wasm.game_new(options);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        this.__wbg_ptr = ret[0];
        GameFinalization.register(this, this.__wbg_ptr, this);
        return this;
    }
    /**
     * The objective cards of `player` (a secret of that seat, R-21), or
     * `undefined` in a view that does not know them.
     * @param {number} player
     * @returns {Objective | undefined}
     */
    objective(player) {
        const ret = wasm.game_objective(this.__wbg_ptr, player);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * The districts out of play, in ring order.
     * @returns {District[]}
     */
    get outOfPlay() {
        const ret = wasm.game_out_of_play(this.__wbg_ptr);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * The number of players (2–4).
     * @returns {number}
     */
    get players() {
        const ret = wasm.game_players(this.__wbg_ptr);
        return ret;
    }
    /**
     * What a spectator may see: every seat's objectives and
     * Metropolys cards `null` until the game ends, `viewer` null.
     * @returns {Snapshot}
     */
    publicView() {
        const ret = wasm.game_publicView(this.__wbg_ptr);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * A uniformly random legal action drawn with `rng` (advanced in
     * place), or `undefined` once the game is over.
     * @param {SplitMix64} rng
     * @returns {Action | undefined}
     */
    randomAction(rng) {
        _assertClass(rng, SplitMix64);
        const ret = wasm.game_randomAction(this.__wbg_ptr, rng.__wbg_ptr);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * Every seat's score as the position stands, as far as this game
     * knows it: per seat, each category of points (`categories`:
     * name, label, value, the value `null` when it depends on a card
     * this game does not know: another seat's in a view, every seat's in
     * the public view, until the game ends), the names of the `unknown`
     * ones, the sum of the known ones (`known_total`), whether it is
     * `complete`, and the buildings `constructed`. Tokens, special cards
     * and highest buildings are public; nothing is computed from a card
     * the game does not know.
     * @returns {RunningScore[]}
     */
    runningScores() {
        const ret = wasm.game_runningScores(this.__wbg_ptr);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * Every seat's score sheet as the position stands (final once the game
     * is over). Throws a `RangeError` in a view that does not know
     * every seat's cards: use `knownScores`.
     * @returns {ScoreSheet[]}
     */
    scores() {
        const ret = wasm.game_scores(this.__wbg_ptr);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * Plays the action with id `id` (a number; as `apply`, without
     * building its events for JavaScript: `events` has them) and returns
     * the seat to act next, or `null` once the game is over (as `toAct`).
     * Throws `IllegalActionError` (a number that is no id names §8).
     * @param {number} id
     * @returns {number | null}
     */
    step(id) {
        const ret = wasm.game_step(this.__wbg_ptr, id);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * The building numbers of `player` neither constructed nor standing as
     * a bid, ascending.
     * @param {number} player
     * @returns {Uint8Array}
     */
    supply(player) {
        const ret = wasm.game_supply(this.__wbg_ptr, player);
        if (ret[3]) {
            throw takeFromExternrefTable0(ret[2]);
        }
        var v1 = getArrayU8FromWasm0(ret[0], ret[1]).slice();
        wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
        return v1;
    }
    /**
     * The position (core's snapshot shape): the whole state, secrets
     * included, or for a view that view. `Game.fromJSON` loads it back,
     * and `JSON.stringify(game)` writes it.
     * @returns {Snapshot}
     */
    toJSON() {
        const ret = wasm.game_toJSON(this.__wbg_ptr);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * The game record as JSON text, laid out for reading (one action a
     * line), exact for any seed. Throws like `toRecord`.
     * @returns {string}
     */
    toRecordText() {
        let deferred2_0;
        let deferred2_1;
        try {
            const ret = wasm.game_toRecordText(this.__wbg_ptr);
            var ptr1 = ret[0];
            var len1 = ret[1];
            if (ret[3]) {
                ptr1 = 0; len1 = 0;
                throw takeFromExternrefTable0(ret[2]);
            }
            deferred2_0 = ptr1;
            deferred2_1 = len1;
            return getStringFromWasm0(ptr1, len1);
        } finally {
            wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
        }
    }
    /**
     * The game record (`format`, `version`, `config`, `actions`, `expected`
     * filled from this position). Throws `RecordError` for a game loaded
     * with `fromJSON` (no history).
     * @returns {GameRecord & { config: WrittenConfig }}
     */
    toRecord() {
        const ret = wasm.game_toRecord(this.__wbg_ptr);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * The seat to act, or `null` once the game is over (as a position's
     * `to_act`, and what `step` returns then).
     * @returns {number | null}
     */
    get toAct() {
        const ret = wasm.game_to_act(this.__wbg_ptr);
        return ret;
    }
    /**
     * The token still lying on neighborhood `nb`, or `undefined`.
     * @param {NeighborhoodId} nb
     * @returns {Token | undefined}
     */
    tokenAt(nb) {
        const ret = wasm.game_tokenAt(this.__wbg_ptr, nb);
        if (ret[3]) {
            throw takeFromExternrefTable0(ret[2]);
        }
        let v1;
        if (ret[0] !== 0) {
            v1 = getStringFromWasm0(ret[0], ret[1]);
            wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
        }
        return v1;
    }
    /**
     * The tokens `player` has taken (`{trendy, subway, archaeology}`).
     * @param {number} player
     * @returns {TokenCounts}
     */
    tokensTaken(player) {
        const ret = wasm.game_tokensTaken(this.__wbg_ptr, player);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * The tokens still on the board: `{neighborhood: token}`.
     * @returns {Record<number, Token>}
     */
    tokens() {
        const ret = wasm.game_tokens(this.__wbg_ptr);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * Each seat's total; throws like `scores()`.
     * @returns {number[]}
     */
    totals() {
        const ret = wasm.game_totals(this.__wbg_ptr);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * Takes the last decision back (core's `Game::undo`, replayed from the
     * history): the position right after the decision before it, or the
     * opening one, with that transition's events. It works in a game
     * restored from its record as in the game that was played. Throws
     * `InvalidStateError` when there is no decision to undo (a new game)
     * or no history (a position from `fromJSON`, a view).
     */
    undo() {
        const ret = wasm.game_undo(this.__wbg_ptr);
        if (ret[1]) {
            throw takeFromExternrefTable0(ret[0]);
        }
    }
    /**
     * Whether the Metropolys cards module is in play (§9).
     * @returns {boolean}
     */
    get usesMetropolysCards() {
        const ret = wasm.game_uses_metropolys_cards(this.__wbg_ptr);
        return ret !== 0;
    }
    /**
     * `"family"` or `"expert"`.
     * @returns {Variant}
     */
    get variant() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.game_variant(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * Replays a game record and checks its `expected` part (game over,
     * totals, winners, score sheets, or the rejection of its last action).
     * Returns the game reached (for a rejection record, the game before
     * the rejected action); throws `RecordError` naming the first illegal
     * action or mismatch.
     * @param {GameRecord | string} record
     * @returns {Game}
     */
    static verifyRecord(record) {
        const ret = wasm.game_verifyRecord(record);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return Game.__wrap(ret[0]);
    }
    /**
     * What `player` may see (R-21): the position with the other seats'
     * objectives and Metropolys cards `null` until the game ends.
     * `Game.fromJSON` loads it as that seat's view.
     * @param {number} player
     * @returns {Snapshot}
     */
    view(player) {
        const ret = wasm.game_view(this.__wbg_ptr, player);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
    /**
     * The seat whose view this game is (it knows the other seats'
     * objectives and Metropolys cards only once the game is over, R-21),
     * or `undefined` for a whole game and for the public view.
     * @returns {number | undefined}
     */
    get viewer() {
        const ret = wasm.game_viewer(this.__wbg_ptr);
        return ret === 0xFFFFFF ? undefined : ret;
    }
    /**
     * The winning seats of the position (final once the game is
     * over). Throws a `RangeError` in a view that does not know
     * every seat's cards (see `knownScores`).
     * @returns {number[]}
     */
    get winners() {
        const ret = wasm.game_winners(this.__wbg_ptr);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return takeFromExternrefTable0(ret[0]);
    }
}
if (Symbol.dispose) Game.prototype[Symbol.dispose] = Game.prototype.free;

/**
 * The SplitMix64 generator of core: seeded, the same draws everywhere.
 */
export class SplitMix64 {
    static __wrap(ptr) {
        const obj = Object.create(SplitMix64.prototype);
        obj.__wbg_ptr = ptr;
        SplitMix64Finalization.register(obj, obj.__wbg_ptr, obj);
        return obj;
    }
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        SplitMix64Finalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_splitmix64_free(ptr, 0);
    }
    /**
     * `below` without a `Result`: -1 when `below` would throw (the
     * generator unchanged; the package's entry then calls `below` for
     * its error).
     * @param {number} n
     * @returns {number}
     */
    __below(n) {
        const ret = wasm.splitmix64___below(this.__wbg_ptr, n);
        return ret;
    }
    /**
     * A uniform integer of 0 … n − 1 (`n` a number from 1 to 2^53 − 1),
     * without modulo bias.
     * @param {number} n
     * @returns {number}
     */
    below(n) {
        const ret = wasm.splitmix64_below(this.__wbg_ptr, n);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return ret[0];
    }
    /**
     * A copy of this generator, at the same point of its stream.
     * @returns {SplitMix64}
     */
    clone() {
        const ret = wasm.splitmix64_clone(this.__wbg_ptr);
        return SplitMix64.__wrap(ret);
    }
    /**
     * A generator whose state starts at `seed` (an integer of 0 …
     * 2^64 − 1; a BigInt above 2^53 − 1).
     * @param {number | bigint} seed
     */
    constructor(seed) {
        const ret = wasm.splitmix64_new(seed);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        this.__wbg_ptr = ret[0];
        SplitMix64Finalization.register(this, this.__wbg_ptr, this);
        return this;
    }
    /**
     * The next 64 random bits, as a BigInt.
     * @returns {bigint}
     */
    nextU64() {
        const ret = wasm.splitmix64_nextU64(this.__wbg_ptr);
        return BigInt.asUintN(64, ret);
    }
}
if (Symbol.dispose) SplitMix64.prototype[Symbol.dispose] = SplitMix64.prototype.free;

/**
 * The module's memory, where the fast path's buffer of legal ids lies (a
 * byte offset) and its length: the package's entry copies the ids from
 * there into the caller's array without any allocation.
 * @returns {Array<any>}
 */
export function __scratchIds() {
    const ret = wasm.__scratchIds();
    return ret;
}

/**
 * The action with id `id` (0 … 715); throws `IllegalActionError` (§8)
 * for any other value.
 * @param {number | bigint} id
 * @returns {Action}
 */
export function actionFromId(id) {
    const ret = wasm.actionFromId(id);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * The id of an action (`{bid: {neighborhood, building}}` or `"pass"`):
 * `neighborhood * 13 + building - 1` for bids, 715 for the pass. Throws
 * `IllegalActionError` for a bid naming no neighborhood or building.
 * @param {Action} action
 * @returns {number}
 */
export function actionId(action) {
    const ret = wasm.actionId(action);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return ret[0];
}

/**
 * The board: the 55 neighborhoods (district, kind, adjacency, border,
 * blind alleys, drawing position), bridges, statues, lakes and the ring
 * of peripheral districts (core's `board::describe`).
 * @returns {BoardInfo}
 */
export function board() {
    const ret = wasm.board();
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * The bot kinds, as `new Bot` takes them.
 * @returns {BotKind[]}
 */
export function botKinds() {
    const ret = wasm.botKinds();
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * The constants of the game: the action space, the player counts, the
 * score categories, building sizes and points, the vocabularies, the
 * seats' colours and the bot kinds.
 * @returns {Constants}
 */
export function constants() {
    const ret = wasm.constants();
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * An action in words, as the command line and the logs write it (`"bid
 * 3 on 12"`, `"pass"`).
 * @param {Action | number} action
 * @returns {string}
 */
export function describeAction(action) {
    let deferred2_0;
    let deferred2_1;
    try {
        const ret = wasm.describeAction(action);
        var ptr1 = ret[0];
        var len1 = ret[1];
        if (ret[3]) {
            ptr1 = 0; len1 = 0;
            throw takeFromExternrefTable0(ret[2]);
        }
        deferred2_0 = ptr1;
        deferred2_1 = len1;
        return getStringFromWasm0(ptr1, len1);
    } finally {
        wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
    }
}

/**
 * Whether this module has the learned value network, which the `expert`
 * preset and `{"leaf": "value"}` searches need: always in the whole
 * package, in the `metropolys/bots` entry once `installValueNetwork` (or
 * the entry's `loadValueNetwork`) has given it.
 * @returns {boolean}
 */
export function hasValueNetwork() {
    const ret = wasm.hasValueNetwork();
    return ret !== 0;
}

/**
 * Gives this module the learned value network: the bytes of the file
 * `value.mtpnet` shipped beside it (a `Uint8Array`). Only that network
 * is taken, so that bots decide as natively; given again, or where the
 * module carries it already (the whole package), it changes nothing.
 * Throws a `TypeError` for anything but a `Uint8Array`, a `RangeError`
 * naming what is wrong for other bytes (more than [`MAX_NETWORK_BYTES`]
 * are refused before they are copied).
 * @param {Uint8Array} bytes
 */
export function installValueNetwork(bytes) {
    const ret = wasm.installValueNetwork(bytes);
    if (ret[1]) {
        throw takeFromExternrefTable0(ret[0]);
    }
}

/**
 * The colour neighborhoods of `kind` are drawn in, as on the printed
 * board (a CSS colour); `constants().KIND_COLORS` has them all.
 * @param {Kind} kind
 * @returns {string}
 */
export function kindColor(kind) {
    let deferred2_0;
    let deferred2_1;
    try {
        const ret = wasm.kindColor(kind);
        var ptr1 = ret[0];
        var len1 = ret[1];
        if (ret[3]) {
            ptr1 = 0; len1 = 0;
            throw takeFromExternrefTable0(ret[2]);
        }
        deferred2_0 = ptr1;
        deferred2_1 = len1;
        return getStringFromWasm0(ptr1, len1);
    } finally {
        wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
    }
}

/**
 * The action a text names (`"bid 3 on 12"`, `"12 3"`, `"pass"`, as the
 * command line reads it); throws `ActionParseError` otherwise.
 * @param {string} text
 * @returns {Action}
 */
export function parseAction(text) {
    const ret = wasm.parseAction(text);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * Reviews a finished game's record (its JSON text or object) with a bot
 * preset and returns the review (`Review`): per decision the action
 * played, the preset's preferred action, a grade (`"forced"`, `"best"`,
 * `"good"`, `"inaccuracy"`, `"mistake"`, `"blunder"`) and two readings,
 * `known` (with what the deciding seat knew: the grades and the accuracy
 * come from it) and `revealed` (with every card face up: the win-chance
 * graph and the turning points); per seat an accuracy and its errors;
 * the turning points. Options: `preset` (`"beginner"`, `"casual"`,
 * `"strong"`, the default, or `"expert"`), `seed` (default 0), `worlds`
 * (1 to 100,000; default the preset's), `only` (a seat: only its
 * decisions, with only what it knew; the one way to review a game not
 * over) and `progress(done, total)`. The same record and options give the
 * same review, natively too. It runs on the calling thread (seconds for
 * `strong`): a page runs it in a worker (`ReviewWorker`). Throws
 * `RecordError` for a malformed record or one that does not replay,
 * `TypeError` for an option of the wrong type or an unknown option,
 * `RangeError` for an option out of range or a game that is not over
 * (without `only`).
 * @param {GameRecord | string} record
 * @param {ReviewOptions} [options]
 * @returns {Review}
 */
export function review(record, options) {
    const ret = wasm.review(record, options);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * The score categories a game of `variant`, with or without the
 * Metropolys cards, fills, each with its label and basis (the rows of its
 * score sheet): its categories of points (no neighborhood card in the
 * Family game, no Metropolys card without the module, no highest building
 * with it), then the total and the buildings constructed. The others are
 * 0 for every seat of such a game.
 * @param {Variant} variant
 * @param {boolean} [usesMetropolysCards]
 * @returns {CategoryInfo[]}
 */
export function scoreCategories(variant, usesMetropolysCards) {
    const ret = wasm.scoreCategories(variant, usesMetropolysCards);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * Plays `n` random games and returns their results as columns (typed
 * arrays, one entry per game): `start_player` (Uint8Array), `calls`
 * (Uint16Array), per seat p `win_p` (Uint8Array, 1 when seat p is among
 * the winners) and `total_p` (Int16Array), and with `categories: true`
 * (the default) every score category `{category}_p` (`SCORE_CATEGORIES`).
 * Game `first + i` of a run is set up from seed `seed + first + i` and
 * its moves drawn from `SplitMix64(seed + first + i)`, the same games as
 * Rust's `play_random`, C and Python's `simulate` play. Options: `seed`
 * (default 0), `players` (2–4, default 4), `variant` (default
 * `"expert"`), `config` (a configuration, whose seed is replaced), `first`
 * (default 0), `categories`. At most 1,000,000 games a call.
 * @param {number | bigint} n
 * @param {SimulateOptions} [options]
 * @returns {SimulateColumns}
 */
export function simulate(n, options) {
    const ret = wasm.simulate(n, options);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * Installs the panic hook when the module is instantiated. No input
 * reaches a panic (the tests throw random values at every function); if a
 * bug ever does, the hook says so on the console, with the panic's
 * message, before the instance stops (a panic aborts here: the module is
 * then unusable and must be loaded again). The module is built without
 * panic locations (scripts/build-wasm), so the message has no file and
 * line.
 */
export function start() {
    wasm.start();
}

/**
 * The version of the package (the workspace's).
 * @returns {string}
 */
export function version() {
    let deferred1_0;
    let deferred1_1;
    try {
        const ret = wasm.version();
        deferred1_0 = ret[0];
        deferred1_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
    }
}
function __wbg_get_imports() {
    const import0 = {
        __proto__: null,
        __wbg___wbindgen_boolean_get_4f1baf9a00be3c74: function(arg0) {
            const v = arg0;
            const ret = typeof(v) === 'boolean' ? v : undefined;
            return isLikeNone(ret) ? 0xFFFFFF : ret ? 1 : 0;
        },
        __wbg___wbindgen_copy_to_typed_array_680b191e71920dc1: function(arg0, arg1, arg2) {
            new Uint8Array(arg2.buffer, arg2.byteOffset, arg2.byteLength).set(getArrayU8FromWasm0(arg0, arg1));
        },
        __wbg___wbindgen_is_bigint_5fa10641e039d3ef: function(arg0) {
            const ret = typeof(arg0) === 'bigint';
            return ret;
        },
        __wbg___wbindgen_is_function_741ff2bb612836f5: function(arg0) {
            const ret = typeof(arg0) === 'function';
            return ret;
        },
        __wbg___wbindgen_is_null_c22311b1cc228e3a: function(arg0) {
            const ret = arg0 === null;
            return ret;
        },
        __wbg___wbindgen_is_object_8b968c3ab8e96595: function(arg0) {
            const val = arg0;
            const ret = typeof(val) === 'object' && val !== null;
            return ret;
        },
        __wbg___wbindgen_is_string_fc456fee5d3317de: function(arg0) {
            const ret = typeof(arg0) === 'string';
            return ret;
        },
        __wbg___wbindgen_is_undefined_be5b34249ff1fc15: function(arg0) {
            const ret = arg0 === undefined;
            return ret;
        },
        __wbg___wbindgen_memory_17a1178bc3328ea3: function() {
            const ret = wasm.memory;
            return ret;
        },
        __wbg___wbindgen_number_get_934b640d0889af78: function(arg0, arg1) {
            const obj = arg1;
            const ret = typeof(obj) === 'number' ? obj : undefined;
            getDataViewMemory0().setFloat64((arg0 >>> 0) + 8 * 1, isLikeNone(ret) ? 0 : ret, true);
            getDataViewMemory0().setInt32((arg0 >>> 0) + 4 * 0, !isLikeNone(ret), true);
        },
        __wbg___wbindgen_string_get_7ce8eee7fd327545: function(arg0, arg1) {
            const obj = arg1;
            const ret = typeof(obj) === 'string' ? obj : undefined;
            var ptr1 = isLikeNone(ret) ? 0 : passStringToWasm0(ret, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            var len1 = WASM_VECTOR_LEN;
            getDataViewMemory0().setInt32((arg0 >>> 0) + 4 * 1, len1, true);
            getDataViewMemory0().setInt32((arg0 >>> 0) + 4 * 0, ptr1, true);
        },
        __wbg___wbindgen_throw_4c88d8bf264fd984: function(arg0, arg1) {
            throw new Error(getStringFromWasm0(arg0, arg1));
        },
        __wbg___wbindgen_typeof_ee4990276e02f607: function(arg0) {
            const ret = typeof arg0;
            return ret;
        },
        __wbg_call_fc92fee6137d452d: function() { return handleError(function (arg0, arg1, arg2, arg3) {
            const ret = arg0.call(arg1, arg2, arg3);
            return ret;
        }, arguments); },
        __wbg_engineError_d536405773f7ba73: function(arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7) {
            let v0;
            if (arg4 !== 0) {
                v0 = getStringFromWasm0(arg4, arg5);
                wasm.__wbindgen_free(arg4, arg5 * 1, 1);
            }
            var v1 = getArrayJsValueFromWasm0(arg6, arg7);
            wasm.__wbindgen_free(arg6, arg7 * 4, 4);
            const ret = engineError(getStringFromWasm0(arg0, arg1), getStringFromWasm0(arg2, arg3), v0, v1);
            return ret;
        },
        __wbg_error_77ac4b378b16b625: function(arg0, arg1) {
            console.error(getStringFromWasm0(arg0, arg1));
        },
        __wbg_get_2080c49015e35254: function() { return handleError(function (arg0, arg1) {
            const ret = Reflect.get(arg0, arg1);
            return ret;
        }, arguments); },
        __wbg_get_bb8b6b35041e00c9: function() { return handleError(function (arg0, arg1) {
            const ret = Reflect.get(arg0, arg1 >>> 0);
            return ret;
        }, arguments); },
        __wbg_get_unchecked_e6325ad374eff861: function(arg0, arg1) {
            const ret = arg0[arg1 >>> 0];
            return ret;
        },
        __wbg_instanceof_Error_74e3cca0c4a69161: function(arg0) {
            let result;
            try {
                result = arg0 instanceof Error;
            } catch (_) {
                result = false;
            }
            const ret = result;
            return ret;
        },
        __wbg_instanceof_Uint8Array_d7aeb0dcb3108fea: function(arg0) {
            let result;
            try {
                result = arg0 instanceof Uint8Array;
            } catch (_) {
                result = false;
            }
            const ret = result;
            return ret;
        },
        __wbg_isArray_7762e207e6d288d0: function() { return handleError(function (arg0) {
            const ret = Array.isArray(arg0);
            return ret;
        }, arguments); },
        __wbg_isSafeInteger_1a35ba4d31e71d38: function(arg0) {
            const ret = Number.isSafeInteger(arg0);
            return ret;
        },
        __wbg_jsonOf_80c9c764e45d66ec: function(arg0, arg1) {
            const ret = jsonOf(arg1);
            var ptr1 = isLikeNone(ret) ? 0 : passStringToWasm0(ret, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            var len1 = WASM_VECTOR_LEN;
            getDataViewMemory0().setInt32((arg0 >>> 0) + 4 * 1, len1, true);
            getDataViewMemory0().setInt32((arg0 >>> 0) + 4 * 0, ptr1, true);
        },
        __wbg_keys_52c8ee13f45f2b02: function() { return handleError(function (arg0) {
            const ret = Object.keys(arg0);
            return ret;
        }, arguments); },
        __wbg_length_186163212ffe79c3: function(arg0) {
            const ret = arg0.length;
            return ret;
        },
        __wbg_length_b03a0fabb109b1e9: function(arg0) {
            const ret = arg0.length;
            return ret;
        },
        __wbg_length_e83e819f48c774e4: function(arg0) {
            const ret = arg0.length;
            return ret;
        },
        __wbg_message_43d8c8f1d543a349: function(arg0) {
            const ret = arg0.message;
            return ret;
        },
        __wbg_new_cd4348290afae586: function() {
            const ret = new Object();
            return ret;
        },
        __wbg_new_from_slice_1ed4a41a79189233: function(arg0, arg1) {
            const ret = new Uint16Array(getArrayU16FromWasm0(arg0, arg1));
            return ret;
        },
        __wbg_new_from_slice_b8daf545a41c6aa0: function(arg0, arg1) {
            const ret = new Uint8Array(getArrayU8FromWasm0(arg0, arg1));
            return ret;
        },
        __wbg_new_from_slice_c8184102bc38811b: function(arg0, arg1) {
            const ret = new Int16Array(getArrayI16FromWasm0(arg0, arg1));
            return ret;
        },
        __wbg_now_e7c6795a7f81e10f: function(arg0) {
            const ret = arg0.now();
            return ret;
        },
        __wbg_of_4cc373bef1f715a4: function(arg0, arg1, arg2) {
            const ret = Array.of(arg0, arg1, arg2);
            return ret;
        },
        __wbg_parse_c3f72b5a24f83c01: function() { return handleError(function (arg0, arg1) {
            const ret = JSON.parse(getStringFromWasm0(arg0, arg1));
            return ret;
        }, arguments); },
        __wbg_performance_7e4e4494fdc9d07a: function(arg0) {
            const ret = arg0.performance;
            return ret;
        },
        __wbg_prototypesetcall_13162965d1fe7aa3: function(arg0, arg1, arg2) {
            Uint8Array.prototype.set.call(getArrayU8FromWasm0(arg0, arg1), arg2);
        },
        __wbg_set_2793479888329cb6: function() { return handleError(function (arg0, arg1, arg2) {
            const ret = Reflect.set(arg0, arg1, arg2);
            return ret;
        }, arguments); },
        __wbg_static_accessor_GLOBAL_THIS_003ee833af9699fc: function() {
            const ret = typeof globalThis === 'undefined' ? undefined : globalThis;
            return isLikeNone(ret) ? 0 : addToExternrefTable0(ret);
        },
        __wbg_static_accessor_GLOBAL_e4293fb22cbe77da: function() {
            const ret = typeof global === 'undefined' ? undefined : global;
            return isLikeNone(ret) ? 0 : addToExternrefTable0(ret);
        },
        __wbg_static_accessor_SELF_53bb20457401453d: function() {
            const ret = typeof self === 'undefined' ? undefined : self;
            return isLikeNone(ret) ? 0 : addToExternrefTable0(ret);
        },
        __wbg_static_accessor_WINDOW_b5e0810bfecb7feb: function() {
            const ret = typeof window === 'undefined' ? undefined : window;
            return isLikeNone(ret) ? 0 : addToExternrefTable0(ret);
        },
        __wbg_toString_ac62c4a5cb3e62c7: function() { return handleError(function (arg0, arg1) {
            const ret = arg0.toString(arg1);
            return ret;
        }, arguments); },
        __wbg_valueOf_6db341d77a0b1da4: function(arg0) {
            const ret = arg0.valueOf();
            return ret;
        },
        __wbindgen_generic_0000000000000001: function(arg0) {
            // Cast intrinsic for `F64 -> Externref`.
            const ret = arg0;
            return ret;
        },
        __wbindgen_generic_0000000000000002: function(arg0, arg1) {
            // Cast intrinsic for `Ref(String) -> Externref`.
            const ret = getStringFromWasm0(arg0, arg1);
            return ret;
        },
        __wbindgen_generic_0000000000000003: function(arg0) {
            // Cast intrinsic for `U64 -> Externref`.
            const ret = BigInt.asUintN(64, arg0);
            return ret;
        },
        __wbindgen_init_externref_table: function() {
            const table = wasm.__wbindgen_externrefs;
            table.set(0, undefined);
            table.set(1024, undefined);
            table.set(1025, null);
            table.set(1026, true);
            table.set(1027, false);
        },
    };
    return {
        __proto__: null,
        "./metropolys_bots_bg.js": import0,
    };
}

const BotFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_bot_free(ptr, 1));
const GameFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_game_free(ptr, 1));
const SplitMix64Finalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_splitmix64_free(ptr, 1));

function addToExternrefTable0(obj) {
    const idx = wasm.__externref_table_alloc();
    wasm.__wbindgen_externrefs.set(idx, obj);
    return idx;
}

function _assertClass(instance, klass) {
    if (!(instance instanceof klass)) {
        throw new Error(`expected instance of ${klass.name}`);
    }
}

function getArrayI16FromWasm0(ptr, len) {
    ptr = ptr >>> 0;
    return getInt16ArrayMemory0().subarray(ptr / 2, ptr / 2 + len);
}

function getArrayJsValueFromWasm0(ptr, len) {
    ptr = ptr >>> 0;
    const mem = getDataViewMemory0();
    const result = [];
    for (let i = ptr; i < ptr + 4 * len; i += 4) {
        result.push(wasm.__wbindgen_externrefs.get(mem.getUint32(i, true)));
    }
    wasm.__externref_drop_slice(ptr, len);
    return result;
}

function getArrayU16FromWasm0(ptr, len) {
    ptr = ptr >>> 0;
    return getUint16ArrayMemory0().subarray(ptr / 2, ptr / 2 + len);
}

function getArrayU8FromWasm0(ptr, len) {
    ptr = ptr >>> 0;
    return getUint8ArrayMemory0().subarray(ptr / 1, ptr / 1 + len);
}

let cachedDataViewMemory0 = null;
function getDataViewMemory0() {
    if (cachedDataViewMemory0 === null || cachedDataViewMemory0.buffer.detached === true || (cachedDataViewMemory0.buffer.detached === undefined && cachedDataViewMemory0.buffer !== wasm.memory.buffer)) {
        cachedDataViewMemory0 = new DataView(wasm.memory.buffer);
    }
    return cachedDataViewMemory0;
}

let cachedInt16ArrayMemory0 = null;
function getInt16ArrayMemory0() {
    if (cachedInt16ArrayMemory0 === null || cachedInt16ArrayMemory0.byteLength === 0) {
        cachedInt16ArrayMemory0 = new Int16Array(wasm.memory.buffer);
    }
    return cachedInt16ArrayMemory0;
}

function getStringFromWasm0(ptr, len) {
    ptr = ptr >>> 0;
    return decodeText(getUint8ArrayMemory0().subarray(ptr, ptr + len));
}

let cachedUint16ArrayMemory0 = null;
function getUint16ArrayMemory0() {
    if (cachedUint16ArrayMemory0 === null || cachedUint16ArrayMemory0.byteLength === 0) {
        cachedUint16ArrayMemory0 = new Uint16Array(wasm.memory.buffer);
    }
    return cachedUint16ArrayMemory0;
}

let cachedUint8ArrayMemory0 = null;
function getUint8ArrayMemory0() {
    if (cachedUint8ArrayMemory0 === null || cachedUint8ArrayMemory0.byteLength === 0) {
        cachedUint8ArrayMemory0 = new Uint8Array(wasm.memory.buffer);
    }
    return cachedUint8ArrayMemory0;
}

function handleError(f, args) {
    try {
        return f.apply(this, args);
    } catch (e) {
        const idx = addToExternrefTable0(e);
        wasm.__wbindgen_exn_store(idx);
    }
}

function isLikeNone(x) {
    return x === undefined || x === null;
}

function passArray16ToWasm0(arg, malloc) {
    const ptr = malloc(arg.length * 2, 2) >>> 0;
    getUint16ArrayMemory0().set(arg, ptr / 2);
    WASM_VECTOR_LEN = arg.length;
    return ptr;
}

function passStringToWasm0(arg, malloc, realloc) {
    if (realloc === undefined) {
        const buf = cachedTextEncoder.encode(arg);
        const ptr = malloc(buf.length, 1) >>> 0;
        getUint8ArrayMemory0().subarray(ptr, ptr + buf.length).set(buf);
        WASM_VECTOR_LEN = buf.length;
        return ptr;
    }

    let len = arg.length;
    let ptr = malloc(len, 1) >>> 0;

    const mem = getUint8ArrayMemory0();

    let offset = 0;

    for (; offset < len; offset++) {
        const code = arg.charCodeAt(offset);
        if (code > 0x7F) break;
        mem[ptr + offset] = code;
    }
    if (offset !== len) {
        if (offset !== 0) {
            arg = arg.slice(offset);
        }
        ptr = realloc(ptr, len, len = offset + arg.length * 3, 1) >>> 0;
        const view = getUint8ArrayMemory0().subarray(ptr + offset, ptr + len);
        const ret = cachedTextEncoder.encodeInto(arg, view);

        offset += ret.written;
        ptr = realloc(ptr, len, offset, 1) >>> 0;
    }

    WASM_VECTOR_LEN = offset;
    return ptr;
}

function takeFromExternrefTable0(idx) {
    const value = wasm.__wbindgen_externrefs.get(idx);
    wasm.__externref_table_dealloc(idx);
    return value;
}

let cachedTextDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
cachedTextDecoder.decode();
const MAX_SAFARI_DECODE_BYTES = 2146435072;
let numBytesDecoded = 0;
function decodeText(bytes) {
    numBytesDecoded += bytes.length;
    if (numBytesDecoded >= MAX_SAFARI_DECODE_BYTES) {
        cachedTextDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
        cachedTextDecoder.decode();
        numBytesDecoded = bytes.length;
    }
    return cachedTextDecoder.decode(bytes);
}

const cachedTextEncoder = new TextEncoder();

if (!('encodeInto' in cachedTextEncoder)) {
    cachedTextEncoder.encodeInto = function (arg, view) {
        const buf = cachedTextEncoder.encode(arg);
        view.set(buf);
        return {
            read: arg.length,
            written: buf.length
        };
    };
}

let WASM_VECTOR_LEN = 0;

let wasmModule, wasmInstance, wasm;
function __wbg_finalize_init(instance, module) {
    wasmInstance = instance;
    wasm = instance.exports;
    wasmModule = module;
    cachedDataViewMemory0 = null;
    cachedInt16ArrayMemory0 = null;
    cachedUint16ArrayMemory0 = null;
    cachedUint8ArrayMemory0 = null;
    wasm.__wbindgen_start();
    return wasm;
}

async function __wbg_load(module, imports) {
    if (typeof Response === 'function' && module instanceof Response) {
        if (!module.ok) {
            throw new Error(`failed to fetch Wasm: ${module.status} ${module.statusText} fetching '${module.url}'`);
        }

        if (typeof WebAssembly.instantiateStreaming === 'function') {
            try {
                return await WebAssembly.instantiateStreaming(module, imports);
            } catch (e) {
                const validResponse = expectedResponseType(module.type);

                if (validResponse && module.headers.get('Content-Type') !== 'application/wasm') {
                    console.warn("`WebAssembly.instantiateStreaming` failed because your server does not serve Wasm with `application/wasm` MIME type. Falling back to `WebAssembly.instantiate` which is slower. Original error:\n", e);

                } else { throw e; }
            }
        }

        const bytes = await module.arrayBuffer();
        return await WebAssembly.instantiate(bytes, imports);
    } else {
        const instance = await WebAssembly.instantiate(module, imports);

        if (instance instanceof WebAssembly.Instance) {
            return { instance, module };
        } else {
            return instance;
        }
    }

    function expectedResponseType(type) {
        switch (type) {
            case 'basic': case 'cors': case 'default': return true;
        }
        return false;
    }
}

function initSync(module) {
    if (wasm !== undefined) return wasm;


    if (module !== undefined) {
        if (Object.getPrototypeOf(module) === Object.prototype) {
            ({module} = module)
        } else {
            console.warn('using deprecated parameters for `initSync()`; pass a single object instead')
        }
    }

    const imports = __wbg_get_imports();
    if (!(module instanceof WebAssembly.Module)) {
        module = new WebAssembly.Module(module);
    }
    const instance = new WebAssembly.Instance(module, imports);
    return __wbg_finalize_init(instance, module);
}

let __wbg_init_promise;
async function __wbg_init(module_or_path) {
    if (wasm !== undefined) return wasm;
    if (__wbg_init_promise === undefined) {
        __wbg_init_promise = __wbg_init_once(module_or_path);
        __wbg_init_promise.catch(() => { __wbg_init_promise = undefined; });
    }
    return __wbg_init_promise;
}

async function __wbg_init_once(module_or_path) {

    if (module_or_path !== undefined) {
        if (Object.getPrototypeOf(module_or_path) === Object.prototype) {
            ({module_or_path} = module_or_path)
        } else {
            console.warn('using deprecated parameters for the initialization function; pass a single object instead')
        }
    }

    if (module_or_path === undefined) {
        module_or_path = new URL('metropolys_bots_bg.wasm', import.meta.url);
    }
    const imports = __wbg_get_imports();

    if (typeof module_or_path === 'string' || (typeof Request === 'function' && module_or_path instanceof Request) || (typeof URL === 'function' && module_or_path instanceof URL)) {
        module_or_path = fetch(module_or_path);
    }

    const { instance, module } = await __wbg_load(await module_or_path, imports);

    return __wbg_finalize_init(instance, module);
}

export { initSync, __wbg_init as default };
