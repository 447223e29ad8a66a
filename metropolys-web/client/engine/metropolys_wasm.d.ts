/* tslint:disable */
/* eslint-disable */
/**
 * A Metropolys card: three neighborhood kinds (§9).
 */
export type MetropolysCard = [Kind, Kind, Kind];

/**
 * A bid on the board during a call.
 */
export interface Bid {
    /**
     * Who bid.
     */
    player: Seat;
    /**
     * Where.
     */
    neighborhood: NeighborhoodId;
    /**
     * Which building.
     */
    building: BuildingNumber;
}

/**
 * A bot's parameters: those of its kind (docs/bots.md), and `seed`, the
 * seed of its own generator.
 */
export type BotParameters = { seed?: number | bigint; [parameter: string]: unknown };

/**
 * A building number, `1..=13`.
 */
export type BuildingNumber = number;

/**
 * A configuration as the package writes it (`game.config`, the `config` of
 * `toRecord()`): `metropolys_cards` is always there, `null` without the
 * Metropolys cards. Inputs take a `Config`, where `metropolys_cards` may be
 * left out or `null` (the same).
 */
export type WrittenConfig = Config & { metropolys_cards: MetropolysCard[] | null };

/**
 * A constructed building.
 */
export interface Constructed {
    /**
     * Where it stands.
     */
    neighborhood: NeighborhoodId;
    /**
     * Its owner.
     */
    player: Seat;
    /**
     * Its number.
     */
    building: BuildingNumber;
}

/**
 * A decision of the player to act (§8).
 *
 * JSON: `{"bid": {"neighborhood": 12, "building": 3}}` or `"pass"`; the same
 * in records, C and Python.
 *
 * Every action also has a stable integer id in a fixed action space of
 * [`Action::COUNT`] ids: `neighborhood * 13 + (building - 1)` for bids
 * (0–714) and [`Action::PASS_ID`] (715) for a pass.
 *
 * ```
 * use metropolys_core::Action;
 * let a = Action::bid(12, 3);
 * assert_eq!(a.id(), Some(12 * 13 + 2));
 * assert_eq!(Action::from_id(a.id().unwrap()), Ok(a));
 * assert_eq!(serde_json::to_string(&a).unwrap(),
 *            r#"{"bid":{"neighborhood":12,"building":3}}"#);
 * assert_eq!(serde_json::to_string(&Action::Pass).unwrap(), r#""pass""#);
 * ```
 *
 * Parsing ([`Action::from_json`], and every loader that reads actions:
 * records, C, Python) accepts only those two shapes, with integer fields of
 * 0-255; anything else is an [`ActionError`] naming the field, never a
 * different action. A neighborhood beyond 54 or a building outside 1-13
 * parses, and is then rejected by the rules (`RuleError::UnknownNeighborhood`,
 * `RuleError::UnknownBuilding`, R-7/R-9) wherever it is applied or checked.
 */
export type Action = { bid: { neighborhood: NeighborhoodId; building: BuildingNumber } } | "pass";

/**
 * A game record (see the [module docs](crate::record)).
 */
export interface GameRecord {
    /**
     * Always [`RECORD_FORMAT`].
     */
    format: string;
    /**
     * Always [`RECORD_VERSION`].
     */
    version: number;
    /**
     * What the record shows, in words (ignored when replaying).
     */
    description?: string;
    /**
     * The rulings the record pins, e.g. `["R-11", "R-12"]` (ignored when
     * replaying).
     */
    rules?: string[];
    /**
     * Who played each seat, in seat order (ignored when replaying).
     */
    seats?: SeatPlayer[];
    /**
     * The configuration of the game.
     */
    config: Config;
    /**
     * The decisions, in order.
     */
    actions: RecordedAction[];
    /**
     * What the actions must lead to.
     */
    expected?: Expected;
}

/**
 * A neighborhood id, `0..55` (center 0–14, north 15–24, east 25–34,
 * south 35–44, west 45–54).
 */
export type NeighborhoodId = number;

/**
 * A neighborhood token.
 */
export type Token = "trendy" | "subway" | "archaeology";

/**
 * A record told whole, as the replays show it.
 */
export interface RecordNarration {
    /**
     * The calls: each one's number, title and lines.
     */
    calls: { call: number; title: string; lines: string[] }[];
    /**
     * Why the game ended and who won (empty for an unfinished record).
     */
    ending: string[];
    /**
     * Per decision the engine accepted, in order: the index of its call
     * in `calls`, the number of that call's lines told once the decision
     * and what it caused were told, and the line of the decision itself
     * (from 1).
     */
    steps: [number, number, number][];
    /**
     * Why the replay stopped before the record's end (an action the
     * engine refused), else `null`.
     */
    error: string | null;
}

/**
 * A rejection a record expects: `actions[index]`, the last action, must be
 * rejected with an error naming ruling `rule`.
 *
 * An error that enforces several rulings (some name `R-7` and `R-9`)
 * matches each of them, and their joined form: `"R-9"` and `"R-7/R-9"`
 * both match `[R7, R9]`.
 */
export interface ExpectedError {
    /**
     * The position of the rejected action in `actions` (the last one).
     */
    index: number;
    /**
     * The ruling the rejection names, e.g. `"R-9"`.
     */
    rule: string;
}

/**
 * A seat at the table, `0..players` in clockwise order.
 */
export type Seat = number;

/**
 * A state, or a player's view of it (R-21), as plain data: the stable JSON
 * shape of states and views.
 *
 * ```json
 * {
 *   "viewer": null, "players": 3, "variant": "expert", "out_of_play": ["west"],
 *   "call": 4, "to_act": 1, "game_over": false,
 *   "constructed": [{"neighborhood": 12, "player": 0, "building": 3}],
 *   "tokens": {"7": "archaeology", "30": "subway"},
 *   "bids": [{"player": 2, "neighborhood": 9, "building": 4}],
 *   "passed": [false, false, false],
 *   "supply": [[1, 2, 4, 5], [1, 2, 3], [1, 2, 3, 5]],
 *   "taken": [{"trendy": 1, "subway": 0, "archaeology": 0}],
 *   "subway_card": null, "archaeology_card": 0,
 *   "objective_counts": [2, 2, 2],
 *   "objectives": [{"neighborhood": "park", "area": "chains"}, null, null],
 *   "metropolys_cards": []
 * }
 * ```
 *
 * * `viewer`: `null` for a whole state; the seat whose view this is.
 * * `tokens`: tokens still on the board; `taken`: per seat.
 * * `supply`: per seat, buildings neither constructed nor bid (derived).
 * * `objectives` / `metropolys_cards`: per seat; `null` where hidden from
 *   the viewer (R-21). `metropolys_cards` is empty without the module.
 * * `objective_counts`: how many objective cards each seat holds.
 * * `metropolys_deck`: the four Metropolys cards the seats' cards were
 *   dealt from (R-22), when the game was set up from a deck; public, so a
 *   view carries it too. Left out when unknown (a state alone never
 *   knows it: [`Game::snapshot`](crate::Game::snapshot) writes it).
 *
 * Loading a state ([`State::try_from`], `State::from_json`) checks that the
 * snapshot is whole (`viewer` null, nothing hidden) and consistent: ids in
 * range, districts, token and building conservation, bids adjacent and
 * rising, card holders, turn and call numbers; a `metropolys_deck` must
 * have dealt the cards shown (R-22), and is then not part of the state
 * (a [`Game`](crate::Game) loaded from it keeps it).
 */
export interface Snapshot {
    /**
     * Whose view this is; `None` for the whole state.
     */
    viewer: Seat | null;
    /**
     * 2, 3 or 4.
     */
    players: number;
    /**
     * Family or Expert.
     */
    variant: Variant;
    /**
     * Districts out of play.
     */
    out_of_play: District[];
    /**
     * The current call number (at game end: calls played).
     */
    call: number;
    /**
     * The seat to act; `None` once the game is over.
     */
    to_act: Seat | null;
    /**
     * Whether the game has ended.
     */
    game_over: boolean;
    /**
     * Constructed buildings, by neighborhood id.
     */
    constructed: Constructed[];
    /**
     * Tokens still on the board.
     */
    tokens: Partial<Record<NeighborhoodId, Token>>;
    /**
     * The bids of the current call, oldest first.
     */
    bids: Bid[];
    /**
     * Per seat, whether it has passed in this call.
     */
    passed: boolean[];
    /**
     * Per seat, building numbers neither constructed nor bid.
     */
    supply: BuildingNumber[][];
    /**
     * Per seat, tokens taken.
     */
    taken: TokenCounts[];
    /**
     * Holder of the subway card.
     */
    subway_card: Seat | null;
    /**
     * Holder of the archaeological card.
     */
    archaeology_card: Seat | null;
    /**
     * Per seat, the number of objective cards held.
     */
    objective_counts: number[];
    /**
     * Per seat, the objective (`None` where hidden).
     */
    objectives: (Objective | null)[];
    /**
     * Per seat, the Metropolys card (`None` where hidden); empty without the
     * module.
     */
    metropolys_cards: (MetropolysCard | null)[];
    /**
     * The deck the Metropolys cards were dealt from, when known;
     * loading checks that every card shown is a different card of it.
     */
    metropolys_deck?: MetropolysCard[];
}

/**
 * A statue or a lake: the neighborhoods it touches and where to draw it.
 */
export interface Feature {
    /**
     * The statue's or lake's id (its index in [`statues`](crate::board::statues) or
     * [`lakes`](crate::board::lakes)).
     */
    id: number;
    /**
     * The neighborhoods touching it (a statue touches exactly three; a
     * lake's shore).
     */
    neighborhoods: NeighborhoodId[];
    /**
     * Drawing position, percent of the board's width.
     */
    x: number;
    /**
     * Drawing position, percent of the board's height.
     */
    y: number;
}

/**
 * A symbol of the board picture ([`LegendItem::symbol`]). Its JSON is
 * `{"kind": "park"}`, `{"token": "trendy"}`, `{"size": "tall"}` or the
 * name of the others: `"statue"`, `"lake"`, `"street"`, `"bridge"`,
 * `"out_of_play"`, `"building"`, `"bid"`, `"latest_bid"`, `"highlight"`.
 */
export type LegendSymbol = { kind: Kind } | { token: Token } | "statue" | "lake" | "street" | "bridge" | "out_of_play" | "building" | "bid" | "latest_bid" | "highlight" | { size: Size };

/**
 * A whole review, as `review()` returns it (and the server's
 * `GET /api/v1/matches/{id}/review` sends it).
 */
export interface Review {
    /**
     * The preset whose judgement it is.
     */
    reviewer: string;
    /**
     * The seed it was computed from (a BigInt above 2^53 − 1).
     */
    seed: number | bigint;
    /**
     * The positions each estimate sampled.
     */
    worlds: number;
    /**
     * Seats at the table.
     */
    players: number;
    /**
     * Whether the record's game is over.
     */
    over: boolean;
    /**
     * The seat whose knowledge alone was used, else `null`.
     */
    only: number | null;
    /**
     * The setup's estimate with every card revealed (`null` with `only`).
     */
    start: ReviewEstimate | null;
    /**
     * The decisions reviewed, in game order.
     */
    decisions: ReviewDecision[];
    /**
     * One summary per seat.
     */
    seats: ReviewSeat[];
    /**
     * The indices of the decisions that swung the game most (revealed
     * reading), in game order.
     */
    turning_points: number[];
}

/**
 * Everything known about one neighborhood, as one value (for bindings and
 * JSON).
 */
export interface NeighborhoodInfo {
    /**
     * The id, `0..55`.
     */
    id: NeighborhoodId;
    /**
     * Its district.
     */
    district: District;
    /**
     * Its kind.
     */
    kind: Kind;
    /**
     * The adjacent neighborhoods.
     */
    adjacent: NeighborhoodId[];
    /**
     * Whether it lies on the city border.
     */
    border: boolean;
    /**
     * Whether it is a blind alley.
     */
    blind_alley: boolean;
    /**
     * Drawing position, percent of the board's width.
     */
    x: number;
    /**
     * Drawing position, percent of the board's height.
     */
    y: number;
}

/**
 * How to set a game up. See the [module docs](self) for the JSON shape.
 *
 * ```
 * use metropolys_core::{Config, Variant};
 * let config = Config::new(3, Variant::Expert, 42);
 * let setup = config.resolve().unwrap();
 * assert_eq!(setup.out_of_play.len(), 1); // R-2
 * assert_eq!(setup.tokens.len(), 22); // R-3: 8 + 7 + 7
 * ```
 */
export interface Config {
    /**
     * 2, 3 or 4 players.
     */
    players: number;
    /**
     * Family or Expert.
     */
    variant?: Variant;
    /**
     * The seed from which everything not given explicitly is drawn.
     */
    seed?: number | bigint;
    /**
     * The seat that opens the first call.
     */
    start_player?: Seat;
    /**
     * Districts out of play; drawn from the seed when absent.
     */
    out_of_play?: District[];
    /**
     * The token layout; drawn from the seed when absent.
     */
    tokens?: Partial<Record<NeighborhoodId, Token>>;
    /**
     * One objective per seat; dealt from the seed when absent.
     */
    objectives?: Objective[];
    /**
     * The Metropolys card of each seat (§9); `None` plays without the module
     * unless `metropolys_deck` is given.
     */
    metropolys_cards?: MetropolysCard[] | null;
    /**
     * A deck of four Metropolys cards dealt from the seed.
     */
    metropolys_deck?: MetropolysCard[];
}

/**
 * One category of a running score: its name (of
 * [`ScoreSheet::CATEGORIES`]), its label, and its value as the position
 * stands, `None` when it depends on a card the game does not know.
 */
export interface CategoryValue {
    /**
     * The category's name: `"trendy"`, `"area"`, …
     */
    category: string;
    /**
     * Its label: `"Trendy tokens"`, `"Area card"`, …
     */
    label: string;
    /**
     * Its points as the position stands, or `None` when unknown.
     */
    value: number | null;
}

/**
 * One category of a score sheet: its name (the field's,
 * [`ScoreSheet::CATEGORIES`]), its label for people and what it depends
 * on.
 */
export interface CategoryInfo {
    /**
     * The field's name: `"trendy"`, `"area"`, …
     */
    name: string;
    /**
     * The label for people: `"Trendy tokens"`, `"Area card"`, …
     */
    label: string;
    /**
     * What it depends on.
     */
    basis: Basis;
}

/**
 * One language of the catalogues: its tag and its own name.
 */
export interface LanguageInfo {
    /**
     * The tag: `en`, `cs`, `pl`, `fr`.
     */
    tag: string;
    /**
     * The language's own name: `English`, `Čeština`, `Polski`, `Français`.
     */
    name: string;
}

/**
 * One line of the scoring rules: what it is about, the score-sheet
 * category it fills, a short label and the line itself.
 */
export interface ScoringRule {
    /**
     * What the line is about.
     */
    topic: Topic;
    /**
     * The score-sheet category its points go to ([`Topic::category`]),
     * `null` for the winner.
     */
    category: string | null;
    /**
     * A short name: `"Bridges card"`, `"Trendy token"`, `"Winner"`.
     */
    label: string;
    /**
     * The rule in one line, with its points and its ruling.
     */
    text: string;
}

/**
 * One of a seat's secret cards (R-5, §9) as what it scores on: the area
 * card, the Expert neighborhood card (a kind) or the Metropolys card
 * (three kinds). Its JSON is `{"area": "bridges"}`, `{"neighborhood":
 * "park"}` or `{"metropolys": ["industry", "park", "housing"]}`.
 */
export type SecretCard = { area: Area } | { neighborhood: Kind } | { metropolys: MetropolysCard };

/**
 * One of the five districts, separated by the river.
 */
export type District = "center" | "north" | "east" | "south" | "west";

/**
 * One of the two special cards.
 */
export type Card = "subway" | "archaeology";

/**
 * One reading of a decision: after the action played and after the
 * reviewer's preferred one, on the same sampled positions.
 */
export interface ReviewReading {
    /**
     * After the action played.
     */
    played: ReviewEstimate;
    /**
     * After the reviewer's preferred action.
     */
    best: ReviewEstimate;
    /**
     * The deciding seat's win chance after `best` minus after `played`.
     */
    drop: number;
}

/**
 * One recorded decision.
 */
export interface RecordedAction {
    /**
     * The seat that decided.
     */
    player: Seat;
    /**
     * What it decided.
     */
    action: Action;
}

/**
 * One reviewed decision.
 */
export interface ReviewDecision {
    /**
     * Its index in the record's actions (0 is the first decision).
     */
    index: number;
    /**
     * The seat that decided.
     */
    seat: number;
    /**
     * What it played.
     */
    played: Action;
    /**
     * What the reviewer would have played, knowing what the seat knew.
     */
    best: Action;
    /**
     * Its grade, from the `known` reading (`Texts.grade` words it).
     */
    grade: ReviewGrade;
    /**
     * Judged with what the seat knew.
     */
    known: ReviewReading;
    /**
     * Judged with every card revealed; `null` in a review with `only`.
     */
    revealed: ReviewReading | null;
}

/**
 * One seat's objective cards.
 *
 * Family: an area card (`bridges`, `statues`, `lakes`, `border`). Expert: a
 * neighborhood card (a kind) and an expert area card (`bridges`, `statues`,
 * `lakes`, `districts`, `chains`); with Metropolys cards the Expert game has
 * no neighborhood cards (§9).
 */
export interface Objective {
    /**
     * The Expert neighborhood card, if any.
     */
    neighborhood?: Kind;
    /**
     * The area card.
     */
    area: Area;
}

/**
 * One seat's score as the position stands, as far as the game knows it:
 * each category of points (tokens, special cards and highest buildings
 * are public; the area, neighborhood and Metropolys cards are known for
 * the seats whose cards the game knows, R-21), their known sum, and
 * whether that sum is the seat's whole total.
 */
export interface RunningScore {
    /**
     * The seat.
     */
    player: Seat;
    /**
     * Every category of points, in sheet order (the categories of
     * [`ScoreSheet::CATEGORY_INFO`] that are points).
     */
    categories: CategoryValue[];
    /**
     * The names of the categories whose value is unknown, in sheet order.
     */
    unknown: string[];
    /**
     * The sum of the known categories.
     */
    known_total: number;
    /**
     * Whether every category is known: then `known_total` is the seat's
     * total.
     */
    complete: boolean;
    /**
     * The buildings the seat has constructed (public; R-20's tie-break).
     */
    constructed: number;
}

/**
 * One seat's summary.
 */
export interface ReviewSeat {
    /**
     * The seat.
     */
    seat: number;
    /**
     * The mean accuracy of its decisions that were not forced, 0 to 100
     * (`null` when it had none).
     */
    accuracy: number | null;
    /**
     * Its decisions that were not forced.
     */
    decisions: number;
    /**
     * Of those, the inaccuracies.
     */
    inaccuracies: number;
    /**
     * The mistakes.
     */
    mistakes: number;
    /**
     * The blunders.
     */
    blunders: number;
}

/**
 * One symbol of the board picture: which, its label, what it means in
 * one line, and its picture, a standalone SVG document drawn at the
 * board's scale.
 */
export interface LegendItem {
    /**
     * The symbol.
     */
    symbol: LegendSymbol;
    /**
     * Its label: `"Industry neighborhood"`, `"Trendy token"`, `"Bridge"`, …
     */
    label: string;
    /**
     * What it means, in one line.
     */
    meaning: string;
    /**
     * The symbol as a standalone SVG document.
     */
    svg: string;
}

/**
 * Prestige points of one seat, one field per category.
 *
 * `area_groups` lists which buildings scored on the area card: one
 * group per scoring unit (a single building for Family cards; a
 * bridge pair, a statue's three, a lake's three, a district's
 * buildings or a chain for Expert cards). `metropolys_groups`
 * likewise for the Metropolys card, and `highest_building_districts`
 * the districts whose highest-building token the seat gets.
 */
export interface ScoreSheet {
    /**
     * The seat.
     */
    player: Seat;
    /**
     * Trendy tokens: +3 each (§4).
     */
    trendy: number;
    /**
     * Subway tokens: +1 each (§4).
     */
    subway: number;
    /**
     * The subway card: +3 (§4, R-14).
     */
    subway_card: number;
    /**
     * Archaeological tokens: −1 each (§4).
     */
    archaeology: number;
    /**
     * The archaeological card: −2 (§4, R-15).
     */
    archaeology_card: number;
    /**
     * The area card (§4 Family, R-19 Expert).
     */
    area: number;
    /**
     * The Expert neighborhood card: +2 per building on its kind (§5).
     */
    neighborhood: number;
    /**
     * Highest-building tokens: +5 each.
     */
    highest_building: number;
    /**
     * The Metropolys card: +9 per group (§9).
     */
    metropolys: number;
    /**
     * The sum of every category.
     */
    total: number;
    /**
     * Buildings constructed (the first tie-break, R-20).
     */
    constructed: number;
    /**
     * The groups of buildings that scored on the area card.
     */
    area_groups: NeighborhoodId[][];
    /**
     * The districts whose highest-building token this seat gets.
     */
    highest_building_districts: District[];
    /**
     * The groups of buildings that scored on the Metropolys card.
     */
    metropolys_groups: NeighborhoodId[][];
}

/**
 * The area shown on an area objective card (Family §4 or Expert R-19).
 */
export type Area = "bridges" | "statues" | "lakes" | "border" | "districts" | "chains";

/**
 * The columns of `simulate()`: one entry per game; `win_{p}`,
 * `total_{p}` and (with `categories`) `{category}_{p}` per seat `p`.
 */
export type SimulateColumns = { start_player: Uint8Array; calls: Uint16Array } & Record<`win_${number}`, Uint8Array> & Record<`${string}_${number}`, Int16Array>;

/**
 * The constants of the game and of this package (`constants()`).
 */
export interface Constants {
    /**
     * The size of the action space: 55 × 13 bids and a pass (ids
     * 0 … 715).
     */
    ACTION_COUNT: number;
    /**
     * The id of the pass (715); a bid's id is `neighborhood * 13 +
     * building - 1`.
     */
    PASS_ID: number;
    /**
     * The neighborhoods, ids 0 … 54.
     */
    NEIGHBORHOOD_COUNT: number;
    /**
     * Buildings per seat, numbered 1 … 13.
     */
    BUILDINGS_PER_PLAYER: number;
    /**
     * The fewest players (2).
     */
    MIN_PLAYERS: number;
    /**
     * The most players (4).
     */
    MAX_PLAYERS: number;
    /**
     * The score categories, in score-sheet order.
     */
    SCORE_CATEGORIES: string[];
    /**
     * Each score category with its label and what it depends on (public,
     * a seat's secret cards, the total, a count), in score-sheet order.
     */
    SCORE_CATEGORY_INFO: CategoryInfo[];
    /**
     * The size of each building number in the Expert game (index 1 … 13;
     * index 0 is unused).
     */
    BUILDING_SIZES: Size[];
    /**
     * The points of each token taken (§4).
     */
    TOKEN_POINTS: Record<Token, number>;
    /**
     * The points of each special card held.
     */
    CARD_POINTS: Record<Card, number>;
    /**
     * The area cards of the Family game.
     */
    FAMILY_AREAS: Area[];
    /**
     * The area cards of the Expert game.
     */
    EXPERT_AREAS: Area[];
    /**
     * Every variant, district, kind, token and card name.
     */
    VARIANTS: Variant[];
    /**
     * The districts, the centre first.
     */
    DISTRICTS: District[];
    /**
     * The neighborhood kinds.
     */
    KINDS: Kind[];
    /**
     * The colour each kind is drawn in, as on the printed board (CSS
     * colours).
     */
    KIND_COLORS: Record<Kind, string>;
    /**
     * The names of the kinds' colours (`"gray"`, `"orange"`, …).
     */
    KIND_COLOR_NAMES: Record<Kind, string>;
    /**
     * The letter each kind carries in the picture (`"I"`, `"P"`, …).
     */
    KIND_LETTERS: Record<Kind, string>;
    /**
     * The tokens.
     */
    TOKENS: Token[];
    /**
     * The special cards.
     */
    CARDS: Card[];
    /**
     * The ten Metropolys cards that can exist (every three different
     * kinds, §9); a game's deck is four of them.
     */
    METROPOLYS_CARDS: MetropolysCard[];
    /**
     * The seats' colours, seat 0 to 3 (CSS colours).
     */
    PLAYER_COLORS: string[];
    /**
     * The names of the seats' colours.
     */
    PLAYER_COLOR_NAMES: string[];
    /**
     * The ink of a number or a name on each seat's colour (CSS colours).
     */
    PLAYER_INKS: string[];
    /**
     * The bot kinds `new Bot(kind)` takes (none in a build without the
     * bots).
     */
    BOT_KINDS: string[];
}

/**
 * The game variant (§4, §5).
 */
export type Variant = "family" | "expert";

/**
 * The kind of a neighborhood.
 */
export type Kind = "industry" | "park" | "housing" | "mall" | "administration";

/**
 * The options of `game.toSvg()`.
 */
export interface SvgOptions {
    /**
     * A neighborhood to ring in gold.
     */
    highlight?: NeighborhoodId;
    /**
     * A caption in place of the status line.
     */
    caption?: string;
    /**
     * Leave out the status line and key.
     */
    hideStatus?: boolean;
    /**
     * Leave out the neighborhood ids.
     */
    hideIds?: boolean;
}

/**
 * The options of `new Game()`.
 */
export interface NewGameOptions {
    /**
     * 2, 3 or 4 (default 4).
     */
    players?: number;
    /**
     * `"family"` or `"expert"` (default), in any case.
     */
    variant?: Variant;
    /**
     * The seed everything is drawn from (R-6; default 0).
     */
    seed?: number | bigint;
    /**
     * The seat opening the first call (default 0).
     */
    startPlayer?: Seat;
}

/**
 * The options of `new Narrator` and `narrateRecord`.
 */
export interface NarrationOptions {
    /**
     * The language (default `"en"`).
     */
    lang?: string;
    /**
     * A name (or `null`) per seat; a seat without one is named by colour.
     */
    names?: (string | null)[];
    /**
     * The reader's seat, told in the second person.
     */
    me?: number;
}

/**
 * The options of `review()`.
 */
export interface ReviewOptions {
    /**
     * The reviewer: `"beginner"`, `"casual"`, `"strong"` (default) or
     * `"expert"`.
     */
    preset?: "beginner" | "casual" | "strong" | "expert";
    /**
     * Everything random derives from it (default 0).
     */
    seed?: number | bigint;
    /**
     * The positions sampled per estimate, 1 to 100,000 (default: the
     * preset's, 64 to 512).
     */
    worlds?: number;
    /**
     * Review only this seat's decisions with only what it knew (no
     * revealed reading, no graph); `null` or absent: every seat (the game
     * must then be over).
     */
    only?: number | null;
    /**
     * Called after each decision reviewed with the decisions done and the
     * decisions to review; what it throws stops the review and is thrown
     * by `review`.
     */
    progress?: (done: number, total: number) => void;
}

/**
 * The options of `simulate()`.
 */
export interface SimulateOptions {
    /**
     * Game `first + i` is seeded `seed + first + i` (default 0).
     */
    seed?: number | bigint;
    /**
     * 2, 3 or 4 (default 4), unless `config` is given.
     */
    players?: number;
    /**
     * `"family"` or `"expert"` (default), in any case, unless `config` is
     * given.
     */
    variant?: Variant;
    /**
     * A configuration (its seed is replaced by each game's).
     */
    config?: Config | string;
    /**
     * The index of the first game (default 0).
     */
    first?: number | bigint;
    /**
     * Every score category (default), or the totals alone.
     */
    categories?: boolean;
}

/**
 * The shape `replayData` returns.
 */
export interface ReplayData {
    /**
     * The seats' names (a name, else the colour).
     */
    seats: string[];
    /**
     * The calls as told.
     */
    calls: { call: number; title: string; lines: string[] }[];
    /**
     * Why the game ended and who won.
     */
    ending: string[];
    /**
     * One row per step.
     */
    steps: [number, number, number, [number, number, number][], [number, number][], [number, number, number][], number, number[]][];
    /**
     * Where each step stands, in words.
     */
    where: string[];
    /**
     * The heading of the running score.
     */
    score_title: string;
    /**
     * Whether the game is over at the last step.
     */
    over: boolean;
    /**
     * The score sheets at the end.
     */
    scores: ScoreSheet[] | null;
    /**
     * The winners at the end.
     */
    winners: number[] | null;
    /**
     * Why the replay stopped early.
     */
    error: string | null;
    /**
     * The board at the start, as text.
     */
    setup: string;
}

/**
 * The size of a building in the Expert game.
 */
export type Size = "small" | "medium" | "tall";

/**
 * The whole board as one serializable value (the shape of `board.json`).
 */
export interface BoardInfo {
    /**
     * The 55 neighborhoods in id order.
     */
    neighborhoods: NeighborhoodInfo[];
    /**
     * The 21 bridges.
     */
    bridges: [NeighborhoodId, NeighborhoodId][];
    /**
     * The 11 statues.
     */
    statues: Feature[];
    /**
     * The 6 lakes.
     */
    lakes: Feature[];
    /**
     * The peripheral districts in ring order.
     */
    peripheral_ring: District[];
}

/**
 * Tokens taken by one seat.
 */
export interface TokenCounts {
    /**
     * Trendy tokens.
     */
    trendy: number;
    /**
     * Subway tokens.
     */
    subway: number;
    /**
     * Archaeological tokens.
     */
    archaeology: number;
}

/**
 * What a category of a score sheet depends on ([`CategoryInfo::basis`]).
 */
export type Basis = "public" | "secret" | "total" | "count";

/**
 * What a line of the scoring rules ([`ScoringRule`]) is about. Its JSON
 * is `{"area": "bridges"}`, `"neighborhood"`, `"metropolys"`, `{"token":
 * "trendy"}`, `{"card": "subway"}`, `"highest_building"` or `"winner"`.
 */
export type Topic = { area: Area } | "neighborhood" | "metropolys" | { token: Token } | { card: Card } | "highest_building" | "winner";

/**
 * What a narration gives as it goes: a call's `title`, a `line` of the
 * call going on, or a line of the game's `ending`.
 */
export type ToldLine = { kind: "title"; text: string } | { kind: "line"; text: string } | { kind: "ending"; text: string };

/**
 * What happened, in order (§8), for frontends, logs and animation.
 *
 * JSON: an object with a `type` field (`call_started`, `bid_placed`,
 * `passed`, `constructed`, `bid_returned`, `token_taken`, `card_taken`,
 * `game_ended`) and the variant's fields.
 *
 * The end of a call emits, in order: `constructed`, one `bid_returned` per
 * other bid of the call (in bid order), `token_taken` and `card_taken` if
 * any, then `call_started` for the next call or `game_ended`.
 */
export type GameEvent = { type: "call_started"; call: number; player: Seat } | { type: "bid_placed"; player: Seat; neighborhood: NeighborhoodId; building: BuildingNumber } | { type: "passed"; player: Seat; forced: boolean } | { type: "constructed"; player: Seat; neighborhood: NeighborhoodId; building: BuildingNumber; call: number } | { type: "bid_returned"; player: Seat; neighborhood: NeighborhoodId; building: BuildingNumber } | { type: "token_taken"; player: Seat; neighborhood: NeighborhoodId; token: Token } | { type: "card_taken"; player: Seat; card: Card; from: Seat | null } | { type: "game_ended"; scores: ScoreSheet[]; winners: Seat[] };

/**
 * What playouts from a position gave, per seat.
 */
export interface ReviewEstimate {
    /**
     * Each seat's chance of winning, 0 to 1 (a shared victory counts
     * `1/k`); they sum to 1.
     */
    win: number[];
    /**
     * Each seat's expected final total, in points.
     */
    score: number[];
}

/**
 * What replaying a record must give. Every part is optional.
 */
export interface Expected {
    /**
     * Whether the game is over after the actions.
     */
    game_over?: boolean;
    /**
     * Each seat's total.
     */
    totals?: number[];
    /**
     * The winning seats.
     */
    winners?: Seat[];
    /**
     * Whole score sheets.
     */
    scores?: ScoreSheet[];
    /**
     * The last action must be rejected (a rejection test).
     */
    error?: ExpectedError;
}

/**
 * Where one secret card of a seat scores: the card, its label, what it
 * scores in words ([`crate::explain`]) and the neighborhoods in play where
 * a building can count for it ([`where_scores`]).
 */
export interface CardPlaces {
    /**
     * The card.
     */
    card: SecretCard;
    /**
     * Its label: `"Bridges card"`, `"Park neighborhood card"`, …
     */
    label: string;
    /**
     * What it scores, in one line, with its points and ruling.
     */
    text: string;
    /**
     * The neighborhoods in play where a building can count for it.
     */
    neighborhoods: NeighborhoodId[];
}

/**
 * Who played one seat of a recorded game: an entry of the record's
 * optional `seats`, `{"kind": "human"}`, `{"kind": "human", "name":
 * "Ada"}` or `{"kind": "ismcts", "params": {"iterations": 500}}`.
 *
 * `kind` is `"human"` for a person, or the bot's kind as the program that
 * played names it (the `metropolys` tool writes the kinds of
 * `metropolys-bots`, `"random"` for its random decisions): 1 to
 * [`SEAT_KIND_MAX`] bytes without control characters. `params` is the
 * bot's parameters, a JSON object (no key twice, at any depth), left out
 * when it has none. `name` is the person's name, for a `human` entry
 * only: 1 to [`SEAT_NAME_MAX`] bytes without control characters, left out
 * when unknown (since 0.3.0; older readers refuse it as an unknown
 * field). Replaying ignores all three.
 *
 * ```
 * use metropolys_core::{record::SeatPlayer, Config, Record, Variant};
 * let mut r = Record::new(Config::new(2, Variant::Family, 1));
 * r.seats = Some(vec![SeatPlayer::named("Ada"), SeatPlayer::bot("greedy", None)]);
 * let again = Record::from_json(&r.to_json_readable()).unwrap();
 * let seats = again.seats.unwrap();
 * assert_eq!(seats[0].name.as_deref(), Some("Ada"));
 * assert_eq!(seats[1].kind, "greedy");
 * ```
 */
export interface SeatPlayer {
    /**
     * `"human"`, or the bot's kind.
     */
    kind: string;
    /**
     * The bot's parameters, when it has any.
     */
    params?: Record<string, unknown>;
    /**
     * The person's name, for a `human` entry, when known.
     */
    name?: string;
}

/** A bot kind (`constants().BOT_KINDS`). */
export type BotKind = "random" | "greedy" | "ismcts" | "ismcts-v1" | "beginner" | "casual" | "strong" | "expert";

/** A review's grade of a decision (`Texts.grade` words it). */
export type ReviewGrade = "forced" | "best" | "good" | "inaccuracy" | "mistake" | "blunder";


/**
 * A bot: `random`, `greedy`, `ismcts` (with an iteration or a time
 * budget), the difficulty presets `beginner`, `casual`, `strong`,
 * `expert`, or `ismcts-v1`, with its parameters (docs/bots.md lists them
 * all) and its own seeded generator.
 */
export class Bot {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * `choose`, as an action id.
     */
    chooseId(game: Game): number;
    /**
     * The action this bot plays for the seat to act in `game` (a whole
     * game, or the acting seat's view), decided from that seat's view
     * only. Throws `IllegalActionError` once the game is
     * over, a `RangeError` when `game` is a view that does not
     * know the acting seat's cards.
     */
    choose(game: Game): Action;
    /**
     * A bot from a spec as the command line writes it: `kind` or
     * `kind:{JSON parameters}` (`ismcts:{"iterations":500,"seed":3}`).
     */
    static fromSpec(spec: string): Bot;
    /**
     * A bot of `kind` with `params` (an object, its JSON text, or
     * undefined for the defaults); `params.seed` seeds the bot's own
     * generator (default 0). Throws a `RangeError` naming what is wrong:
     * an unknown kind or parameter, a value of the wrong type or range,
     * `threads` above 1 (this build runs no threads).
     */
    constructor(kind: BotKind, params?: BotParameters | string);
    /**
     * The bot's kind, as given.
     */
    readonly kind: BotKind;
    /**
     * The bot's name (what arena tables show).
     */
    readonly name: string;
}

/**
 * A game of Metropolys. `apply` plays an action for the seat to act and
 * returns what happened; the game is whole, one seat's view (`viewer`:
 * what a bot receives) or the public view (what a spectator receives,
 * `Game.fromJSON(game.publicView())`), and a view answers `undefined` for
 * the secrets it does not know.
 */
export class Game {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * Like `apply`, first checking that `player` is the seat to act:
     * for servers and hot-seat tables that take moves from several seats.
     */
    applyFor(player: number, action: Action | number): GameEvent[];
    /**
     * Plays `action` (an id, `"pass"` or `{bid: {neighborhood, building}}`)
     * for the seat to act, with the forced passes and the end of
     * the call that follow, and returns the events, in order. Throws
     * `IllegalActionError` naming the rule (R-17 once the game is over);
     * the game is then unchanged.
     */
    apply(action: Action | number): GameEvent[];
    /**
     * The board without pieces, every piece drawn once as a definition
     * (`b{seat}_{n}` buildings, `d{seat}_{n}` bids, `l{seat}_{n}` the
     * latest bid, `t{i}` tokens, `h` the highlight ring) and an empty
     * `<g id="pieces">` on top for `<use>` elements: what a client that
     * animates the pieces draws on (core's `svg::scripted_board`).
     */
    boardSvg(): string;
    /**
     * The building constructed on neighborhood `nb` (`{player,
     * neighborhood, building}`), or `undefined`.
     */
    buildingAt(nb: NeighborhoodId): Constructed | undefined;
    /**
     * The holder of `card` (`"subway"` or `"archaeology"`), or
     * `undefined`.
     */
    cardHolder(card: Card): number | undefined;
    /**
     * Throws `IllegalActionError` naming the rule if `action` is illegal;
     * returns nothing otherwise.
     */
    check(action: Action | number): void;
    /**
     * A copy of this game (its history is shared, not copied): playing on
     * one leaves the other as it was.
     */
    clone(): Game;
    /**
     * The neighborhoods where `player` has constructed buildings.
     */
    constructed(player: number): Uint8Array;
    /**
     * The free neighborhoods: in play, no building, no bid.
     */
    freeNeighborhoods(): Uint8Array;
    /**
     * A new game from a configuration (an object or its JSON text:
     * `players`, `variant`, `seed`, `start_player`, `out_of_play`,
     * `tokens`, `objectives`, `metropolys_cards`, `metropolys_deck`).
     * Throws `InvalidConfigError`.
     */
    static fromConfig(config: Config | string): Game;
    /**
     * Loads a position (an object or its JSON text, as `toJSON` writes
     * it): a whole state, a seat's view (the game is then that view,
     * `viewer` set) or the public view (`viewer` undefined, every seat's
     * cards hidden). The game has no history (`toRecord` throws) and no
     * events. Throws `InvalidStateError`.
     */
    static fromJSON(position: Snapshot | string): Game;
    /**
     * Replays a game record (an object or its JSON text) and returns the
     * game it reaches, with its history. The record's `expected` part is
     * not checked (see `verifyRecord`). Throws `RecordError`.
     */
    static fromRecord(record: GameRecord | string): Game;
    /**
     * Whether `player` has passed in the current call.
     */
    hasPassed(player: number): boolean;
    /**
     * Whether `action` (an id or an action) is legal for the seat to act;
     * `false` for an id that names no action.
     */
    isLegal(action: Action | number): boolean;
    /**
     * The score sheets this game knows: `scores()` with `null` for a seat
     * whose cards a view does not know (R-21: a sheet is never computed
     * from cards it does not know).
     */
    knownScores(): (ScoreSheet | null)[];
    /**
     * The number of legal actions.
     */
    legalActionCount(): number;
    /**
     * The ids of the legal actions, ascending, in a new `Uint16Array`
     * (`legalIds` writes them into an array of yours).
     */
    legalActionIds(): Uint16Array;
    /**
     * The legal actions of the seat to act, bids by increasing id, then
     * the pass if allowed (empty once the game is over).
     */
    legalActions(): Action[];
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
     */
    legalIds(out: Uint16Array): number;
    /**
     * The Metropolys card of `player` (three kinds), or `undefined`
     * without the module or in a view that does not know it.
     */
    metropolysCard(player: number): MetropolysCard | undefined;
    /**
     * A new game drawn from `seed`: `players` 2–4 (default 4),
     * `variant` `"family"` or `"expert"` (default), `seed` (default 0; a
     * BigInt above 2^53 − 1), `startPlayer` the seat opening the first
     * call (default 0). `Game.fromConfig` takes explicit setups. Throws
     * `InvalidConfigError`.
     */
    constructor(options?: NewGameOptions);
    /**
     * The objective cards of `player` (a secret of that seat, R-21), or
     * `undefined` in a view that does not know them.
     */
    objective(player: number): Objective | undefined;
    /**
     * What a spectator may see: every seat's objectives and
     * Metropolys cards `null` until the game ends, `viewer` null.
     */
    publicView(): Snapshot;
    /**
     * A uniformly random legal action drawn with `rng` (advanced in
     * place), or `undefined` once the game is over.
     */
    randomAction(rng: SplitMix64): Action | undefined;
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
     */
    runningScores(): RunningScore[];
    /**
     * Every seat's score sheet as the position stands (final once the game
     * is over). Throws a `RangeError` in a view that does not know
     * every seat's cards: use `knownScores`.
     */
    scores(): ScoreSheet[];
    /**
     * Plays the action with id `id` (a number; as `apply`, without
     * building its events for JavaScript: `events` has them) and returns
     * the seat to act next, or `null` once the game is over (as `toAct`).
     * Throws `IllegalActionError` (a number that is no id names §8).
     */
    step(id: number): number | null;
    /**
     * The building numbers of `player` neither constructed nor standing as
     * a bid, ascending.
     */
    supply(player: number): Uint8Array;
    /**
     * The board as fixed-width text (drawn by core), as `player` may see
     * it, or when `player` is null or undefined (`text(game.toAct)`
     * once the game is over) what this game knows: the
     * whole state, or its view. Throws a `RangeError` for a seat not in
     * the game, or whose cards a view does not know.
     */
    text(player?: number | null): string;
    /**
     * The position (core's snapshot shape): the whole state, secrets
     * included, or for a view that view. `Game.fromJSON` loads it back,
     * and `JSON.stringify(game)` writes it.
     */
    toJSON(): Snapshot;
    /**
     * The game record as JSON text, laid out for reading (one action a
     * line), exact for any seed. Throws like `toRecord`.
     */
    toRecordText(): string;
    /**
     * The game record (`format`, `version`, `config`, `actions`, `expected`
     * filled from this position). Throws `RecordError` for a game loaded
     * with `fromJSON` (no history).
     */
    toRecord(): GameRecord & { config: WrittenConfig };
    /**
     * `text()`.
     */
    toString(): string;
    /**
     * The board as an SVG document (drawn by core). Options:
     * `highlight` rings a neighborhood in gold, `caption` replaces the
     * status line, `hideStatus` leaves out the status line and key,
     * `hideIds` the neighborhood ids.
     */
    toSvg(options?: SvgOptions): string;
    /**
     * The token still lying on neighborhood `nb`, or `undefined`.
     */
    tokenAt(nb: NeighborhoodId): Token | undefined;
    /**
     * The tokens `player` has taken (`{trendy, subway, archaeology}`).
     */
    tokensTaken(player: number): TokenCounts;
    /**
     * The tokens still on the board: `{neighborhood: token}`.
     */
    tokens(): Record<number, Token>;
    /**
     * Each seat's total; throws like `scores()`.
     */
    totals(): number[];
    /**
     * Takes the last decision back (core's `Game::undo`, replayed from the
     * history): the position right after the decision before it, or the
     * opening one, with that transition's events. It works in a game
     * restored from its record as in the game that was played. Throws
     * `InvalidStateError` when there is no decision to undo (a new game)
     * or no history (a position from `fromJSON`, a view).
     */
    undo(): void;
    /**
     * Replays a game record and checks its `expected` part (game over,
     * totals, winners, score sheets, or the rejection of its last action).
     * Returns the game reached (for a rejection record, the game before
     * the rejected action); throws `RecordError` naming the first illegal
     * action or mismatch.
     */
    static verifyRecord(record: GameRecord | string): Game;
    /**
     * What `player` may see (R-21): the position with the other seats'
     * objectives and Metropolys cards `null` until the game ends.
     * `Game.fromJSON` loads it as that seat's view.
     */
    view(player: number): Snapshot;
    /**
     * Where each secret card of `player` scores: for every card this game
     * knows of that seat (its area card, its Expert neighborhood card,
     * its Metropolys card), the card, its label, its text (core's words,
     * with its points and ruling) and the ids of the neighborhoods in
     * play where a building can count for it. Throws a `RangeError` for a
     * seat not in the game, or whose cards this game does not know
     * another seat's in a view, any seat's in the public view,
     * until the game ends).
     */
    whereCardsScore(player: number): CardPlaces[];
    /**
     * The bids of the current call, oldest first.
     */
    readonly bids: Bid[];
    /**
     * The current call's number, from 1 (at game end: calls played).
     */
    readonly callNumber: number;
    /**
     * The configuration this game was set up from, or `undefined` for a
     * position loaded with `fromJSON` (a seed above 2^53 − 1 is a BigInt).
     */
    readonly config: WrittenConfig | undefined;
    /**
     * The number of decisions so far (forced passes are not decisions);
     * 0 for a game loaded from a position.
     */
    readonly decisions: number;
    /**
     * The events of the transition that produced this position: a new
     * game has its opening `call_started`, a game loaded with `fromJSON`
     * none.
     */
    readonly events: GameEvent[];
    /**
     * The decisions so far (`{player, action}`, forced passes are not
     * decisions), or `undefined` when the history is unknown.
     */
    readonly history: RecordedAction[] | undefined;
    /**
     * Whether the game has ended.
     */
    readonly isOver: boolean;
    /**
     * The deck the Metropolys cards were dealt from, or
     * `undefined` when the game does not know one. It is public: views
     * know it too.
     */
    readonly metropolysDeck: MetropolysCard[] | undefined;
    /**
     * The districts out of play, in ring order.
     */
    readonly outOfPlay: District[];
    /**
     * The number of players (2–4).
     */
    readonly players: number;
    /**
     * The seat to act, or `null` once the game is over (as a position's
     * `to_act`, and what `step` returns then).
     */
    readonly toAct: number | null;
    /**
     * Whether the Metropolys cards module is in play (§9).
     */
    readonly usesMetropolysCards: boolean;
    /**
     * `"family"` or `"expert"`.
     */
    readonly variant: Variant;
    /**
     * The seat whose view this game is (it knows the other seats'
     * objectives and Metropolys cards only once the game is over, R-21),
     * or `undefined` for a whole game and for the public view.
     */
    readonly viewer: number | undefined;
    /**
     * The winning seats of the position (final once the game is
     * over). Throws a `RangeError` in a view that does not know
     * every seat's cards (see `knownScores`).
     */
    readonly winners: number[];
}

/**
 * The guided first game: what just happened and why, the first time each
 * thing happens (an opening bid, an outbid, a pass, the end of a call, a
 * token, a card, the end of the game).
 */
export class Guide {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * Takes one transition's events; returns what is explained now (often
     * nothing).
     */
    feed(events: readonly GameEvent[]): string[];
    /**
     * The guided game's first words.
     */
    intro(): string;
    /**
     * A guide; options as `new Narrator` (`lang`, `names`, `me`).
     */
    constructor(options?: NarrationOptions);
}

/**
 * A game told as it happens: feed it each transition's events and it
 * gives the lines told (the terminal's and the HTML replay's lines).
 */
export class Narrator {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * Takes the events of one transition (core's events, as `apply`
     * returns them and the server sends them) and returns what they tell.
     */
    feed(events: readonly GameEvent[]): ToldLine[];
    /**
     * A narrator for a game of `variant` joined now (nothing told yet).
     * Options: `lang` (default `"en"`), `names` (a name or `null` per
     * seat) and `me` (the reader's seat, told as `You`).
     */
    constructor(variant: Variant, options?: NarrationOptions);
}

/**
 * The SplitMix64 generator of core: seeded, the same draws everywhere.
 */
export class SplitMix64 {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * A uniform integer of 0 … n − 1 (`n` a number from 1 to 2^53 − 1),
     * without modulo bias.
     */
    below(n: number): number;
    /**
     * A copy of this generator, at the same point of its stream.
     */
    clone(): SplitMix64;
    /**
     * A generator whose state starts at `seed` (an integer of 0 …
     * 2^64 − 1; a BigInt above 2^53 − 1).
     */
    constructor(seed: number | bigint);
    /**
     * The next 64 random bits, as a BigInt.
     */
    nextU64(): bigint;
}

/**
 * One language's catalogue: everything a page says about the game.
 */
export class Texts {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * An action in words: `bid 7 on 12 (center, mall)`, `pass`.
     */
    action(variant: Variant, action: Action | number): string;
    /**
     * A building: its number, with its size in the Expert game (`7
     * (medium)`).
     */
    building(variant: Variant, number: number): string;
    /**
     * A secret card's label: `Bridges card`, `Neighborhood card (park)`.
     */
    cardLabel(card: SecretCard): string;
    /**
     * What a secret card scores in `variant`, in one line.
     */
    cardText(variant: Variant, card: SecretCard): string;
    /**
     * The row of a score-sheet category (`trendy`, `total`, ...); a
     * `RangeError` for a name that is no category.
     */
    category(name: string): string;
    /**
     * A seat's colour, as a sentence's subject: `Blue`, `Modrý`.
     */
    color(seat: number): string;
    /**
     * A review's grade in words (`mistake`, `chyba`), for a grade of
     * `review()` (`forced`, `best`, `good`, `inaccuracy`, `mistake`,
     * `blunder`); a `RangeError` for another.
     */
    grade(id: ReviewGrade): string;
    /**
     * How the game is played, one paragraph each: the goal, a call
     * (opening, outbidding, passing, its end), the game's end, and the
     * Expert sizes.
     */
    howToPlay(variant: Variant): string[];
    /**
     * The legend of the board picture of a game of `variant`, with or
     * without the Metropolys cards: core's symbols and pictures (as the
     * package's `legend`), their labels and meanings in this language.
     */
    legend(variant: Variant, usesMetropolysCards?: boolean): LegendItem[];
    /**
     * Items joined as a list: `Blue, Brown and Black`.
     */
    list(items: readonly string[]): string;
    /**
     * Message `id` of the catalogue with its variables (`args`: an object
     * of strings and numbers), for the words of the pages' own controls
     * (`ui-*` messages); a `RangeError` for an unknown id or a missing
     * variable.
     */
    message(id: string, args?: Record<string, string | number>): string;
    /**
     * The catalogue of `lang` (`"en"`, `"cs"`, `"pl"`, `"fr"`, a regional
     * tag such as `"pl-PL"`, or the pseudo-locale `"en-XA"`); a
     * `RangeError` for another language.
     */
    constructor(lang: string);
    /**
     * A neighborhood in words: `12 (center, mall)`.
     */
    place(id: number): string;
    /**
     * A total of points with the language's plural form: `31 points`.
     */
    points(n: number): string;
    /**
     * A bot preset's name and what it does (`{label, about}`), or `null`
     * for a bot kind that is no preset.
     */
    preset(name: string): { label: string; about: string } | null;
    /**
     * What a review's preset would have played instead and the win chance
     * it would have kept (`gain`, from −1 to 1, a decision's
     * `known.drop`; shown in whole percentage points, at least 0): `The
     * bot would have chosen: bid 9 (tall) on 14 (…) (+12 % win chance)`.
     */
    reviewSuggestion(variant: Variant, action: Action | number, gain: number): string;
    /**
     * The scoring rules of a game of `variant`, with or without the
     * Metropolys cards, one line each (`topic`, `category`, `label`,
     * `text`), in this language and without rule numbers.
     */
    scoringRules(variant: Variant, usesMetropolysCards?: boolean): ScoringRule[];
    /**
     * A seat as the pages name it: `You` for `me`, `Alice (Black)` when
     * `name` is given, else the colour.
     */
    seat(seat: number, name?: string | null, me?: number | null): string;
    /**
     * A building size's name: `small`, `medium`, `tall`.
     */
    size(size: Size): string;
    /**
     * A token's label: `Trendy token`.
     */
    tokenLabel(token: Token): string;
    /**
     * The variant's name: `Expert game`.
     */
    variant(variant: Variant): string;
    /**
     * The catalogue's language tag.
     */
    readonly lang: string;
}

/**
 * The action with id `id` (0 … 715); throws `IllegalActionError` (§8)
 * for any other value.
 */
export function actionFromId(id: number | bigint): Action;

/**
 * The id of an action (`{bid: {neighborhood, building}}` or `"pass"`):
 * `neighborhood * 13 + building - 1` for bids, 715 for the pass. Throws
 * `IllegalActionError` for a bid naming no neighborhood or building.
 */
export function actionId(action: Action): number;

/**
 * The board: the 55 neighborhoods (district, kind, adjacency, border,
 * blind alleys, drawing position), bridges, statues, lakes and the ring
 * of peripheral districts (core's `board::describe`).
 */
export function board(): BoardInfo;

/**
 * The bot kinds, as `new Bot` takes them.
 */
export function botKinds(): BotKind[];

/**
 * The constants of the game: the action space, the player counts, the
 * score categories, building sizes and points, the vocabularies, the
 * seats' colours and the bot kinds.
 */
export function constants(): Constants;

/**
 * An action in words, as the command line and the logs write it (`"bid
 * 3 on 12"`, `"pass"`).
 */
export function describeAction(action: Action | number): string;

/**
 * Whether this module has the learned value network, which the `expert`
 * preset and `{"leaf": "value"}` searches need: always in the whole
 * package, in the `metropolys/bots` entry once `installValueNetwork` (or
 * the entry's `loadValueNetwork`) has given it.
 */
export function hasValueNetwork(): boolean;

/**
 * Gives this module the learned value network: the bytes of the file
 * `value.mtpnet` shipped beside it (a `Uint8Array`). Only that network
 * is taken, so that bots decide as natively; given again, or where the
 * module carries it already (the whole package), it changes nothing.
 * Throws a `TypeError` for anything but a `Uint8Array`, a `RangeError`
 * naming what is wrong for other bytes (more than [`MAX_NETWORK_BYTES`]
 * are refused before they are copied).
 */
export function installValueNetwork(bytes: Uint8Array): void;

/**
 * The colour neighborhoods of `kind` are drawn in, as on the printed
 * board (a CSS colour); `constants().KIND_COLORS` has them all.
 */
export function kindColor(kind: Kind): string;

/**
 * The languages of the catalogues (those of the printed rulebook), in
 * the order a language menu lists them.
 */
export function languages(): LanguageInfo[];

/**
 * The legend of the board picture of a game of `variant`, with or
 * without the Metropolys cards: each symbol (the kinds, the tokens, a
 * statue, a lake, a street, a bridge, a district out of play, a
 * building, the Expert sizes, a bid, the latest bid, the ring of the
 * building just constructed) as a standalone SVG document drawn by core's
 * own drawing code, with a label and its meaning in one line.
 */
export function legend(variant: Variant, usesMetropolysCards?: boolean): LegendItem[];

/**
 * A game record (its JSON text or object) told whole in a language: its
 * calls with their lines, its ending, and where each decision's line is
 * (what the replays step through). Options as `new Narrator`. Throws
 * `RecordError` for a malformed record; an action the engine refuses
 * stops the narration there (`error`).
 */
export function narrateRecord(record: GameRecord | string, options?: NarrationOptions): RecordNarration;

/**
 * The first language of `preferred` (tags, most preferred first, as
 * `navigator.languages` gives them) the catalogues hold, else `"en"`.
 */
export function negotiateLanguage(preferred: readonly string[]): string;

/**
 * The action a text names (`"bid 3 on 12"`, `"12 3"`, `"pass"`, as the
 * command line reads it); throws `ActionParseError` otherwise.
 */
export function parseAction(text: string): Action;

/**
 * A game record (its JSON text or object) replayed for showing, told in
 * a language (metropolys-text's `Replay`, which the command line's HTML
 * replay uses too): `seats` (a name or the colour per seat), `calls`,
 * `ending`, `steps` (one per decision, the setup first: `[call index or
 * -1, lines shown, the decision's line, buildings, tokens, bids, the
 * neighborhood just built on or -1, totals]`), `where` (per step, in
 * words), `score_title`, `over`, `scores` and `winners` (at the end, else
 * `null`), `error` (why it stopped before the record's end, else `null`)
 * and `setup` (the board at the start as text). Options as `new
 * Narrator`. Throws `RecordError` for a malformed record.
 */
export function replayData(record: GameRecord | string, options?: NarrationOptions): ReplayData;

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
 */
export function review(record: GameRecord | string, options?: ReviewOptions): Review;

/**
 * The score categories a game of `variant`, with or without the
 * Metropolys cards, fills, each with its label and basis (the rows of its
 * score sheet): its categories of points (no neighborhood card in the
 * Family game, no Metropolys card without the module, no highest building
 * with it), then the total and the buildings constructed. The others are
 * 0 for every seat of such a game.
 */
export function scoreCategories(variant: Variant, usesMetropolysCards?: boolean): CategoryInfo[];

/**
 * The scoring rules of a game of `variant` (`"family"` or `"expert"`),
 * with or without the Metropolys cards (§9), one line each with core's
 * points, in this order: each area card dealt in it, the neighborhood
 * card (Expert without the Metropolys cards), the Metropolys card (with
 * them), the tokens, the special cards, the highest buildings with the
 * building sizes (Expert without the Metropolys cards) and the winner
 * . Each says what it is about (`topic`), the score-sheet
 * category it fills, a label and the text (core's `explain`).
 */
export function scoringRules(variant: Variant, usesMetropolysCards?: boolean): ScoringRule[];

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
 */
export function simulate(n: number | bigint, options?: SimulateOptions): SimulateColumns;

/**
 * Installs the panic hook when the module is instantiated. No input
 * reaches a panic (the tests throw random values at every function); if a
 * bug ever does, the hook says so on the console, with the panic's
 * message, before the instance stops (a panic aborts here: the module is
 * then unusable and must be loaded again). The module is built without
 * panic locations (scripts/build-wasm), so the message has no file and
 * line.
 */
export function start(): void;

/**
 * The version of the package (the workspace's).
 */
export function version(): string;

export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

export interface InitOutput {
    readonly memory: WebAssembly.Memory;
    readonly __scratchIds: () => any;
    readonly __wbg_bot_free: (a: number, b: number) => void;
    readonly __wbg_game_free: (a: number, b: number) => void;
    readonly __wbg_guide_free: (a: number, b: number) => void;
    readonly __wbg_narrator_free: (a: number, b: number) => void;
    readonly __wbg_splitmix64_free: (a: number, b: number) => void;
    readonly __wbg_texts_free: (a: number, b: number) => void;
    readonly actionFromId: (a: any) => [number, number, number];
    readonly actionId: (a: any) => [number, number, number];
    readonly board: () => [number, number, number];
    readonly botKinds: () => [number, number, number];
    readonly bot_choose: (a: number, b: number) => [number, number, number];
    readonly bot_chooseId: (a: number, b: number) => [number, number, number];
    readonly bot_fromSpec: (a: any) => [number, number, number];
    readonly bot_kind: (a: number) => [number, number];
    readonly bot_name: (a: number) => [number, number];
    readonly bot_new: (a: any, b: any) => [number, number, number];
    readonly constants: () => [number, number, number];
    readonly describeAction: (a: any) => [number, number, number, number];
    readonly game___legalIdsToScratch: (a: number) => number;
    readonly game___step: (a: number, b: number) => number;
    readonly game_apply: (a: number, b: any) => [number, number, number];
    readonly game_applyFor: (a: number, b: any, c: any) => [number, number, number];
    readonly game_bids: (a: number) => [number, number, number];
    readonly game_boardSvg: (a: number) => [number, number];
    readonly game_buildingAt: (a: number, b: any) => [number, number, number];
    readonly game_call_number: (a: number) => number;
    readonly game_cardHolder: (a: number, b: any) => [number, number, number];
    readonly game_check: (a: number, b: any) => [number, number];
    readonly game_clone: (a: number) => number;
    readonly game_config: (a: number) => [number, number, number];
    readonly game_constructed: (a: number, b: any) => [number, number, number, number];
    readonly game_decisions: (a: number) => number;
    readonly game_events: (a: number) => [number, number, number];
    readonly game_freeNeighborhoods: (a: number) => [number, number];
    readonly game_fromConfig: (a: any) => [number, number, number];
    readonly game_fromJSON: (a: any) => [number, number, number];
    readonly game_fromRecord: (a: any) => [number, number, number];
    readonly game_hasPassed: (a: number, b: any) => [number, number, number];
    readonly game_history: (a: number) => [number, number, number];
    readonly game_isLegal: (a: number, b: any) => [number, number, number];
    readonly game_is_over: (a: number) => number;
    readonly game_knownScores: (a: number) => [number, number, number];
    readonly game_legalActionCount: (a: number) => number;
    readonly game_legalActionIds: (a: number) => [number, number];
    readonly game_legalActions: (a: number) => [number, number, number];
    readonly game_legalIds: (a: number, b: number, c: number, d: any) => [number, number, number];
    readonly game_metropolysCard: (a: number, b: any) => [number, number, number];
    readonly game_metropolys_deck: (a: number) => [number, number, number];
    readonly game_new: (a: any) => [number, number, number];
    readonly game_objective: (a: number, b: any) => [number, number, number];
    readonly game_out_of_play: (a: number) => [number, number, number];
    readonly game_players: (a: number) => number;
    readonly game_publicView: (a: number) => [number, number, number];
    readonly game_randomAction: (a: number, b: number) => [number, number, number];
    readonly game_runningScores: (a: number) => [number, number, number];
    readonly game_scores: (a: number) => [number, number, number];
    readonly game_step: (a: number, b: number) => [number, number, number];
    readonly game_supply: (a: number, b: any) => [number, number, number, number];
    readonly game_text: (a: number, b: any) => [number, number, number, number];
    readonly game_toJSON: (a: number) => [number, number, number];
    readonly game_toRecord: (a: number) => [number, number, number];
    readonly game_toRecordText: (a: number) => [number, number, number, number];
    readonly game_toString: (a: number) => [number, number];
    readonly game_toSvg: (a: number, b: any) => [number, number, number, number];
    readonly game_to_act: (a: number) => any;
    readonly game_tokenAt: (a: number, b: any) => [number, number, number, number];
    readonly game_tokens: (a: number) => [number, number, number];
    readonly game_tokensTaken: (a: number, b: any) => [number, number, number];
    readonly game_totals: (a: number) => [number, number, number];
    readonly game_undo: (a: number) => [number, number];
    readonly game_uses_metropolys_cards: (a: number) => number;
    readonly game_variant: (a: number) => [number, number];
    readonly game_verifyRecord: (a: any) => [number, number, number];
    readonly game_view: (a: number, b: any) => [number, number, number];
    readonly game_viewer: (a: number) => number;
    readonly game_whereCardsScore: (a: number, b: any) => [number, number, number];
    readonly game_winners: (a: number) => [number, number, number];
    readonly guide_feed: (a: number, b: any) => [number, number, number];
    readonly guide_intro: (a: number) => [number, number];
    readonly guide_new: (a: any) => [number, number, number];
    readonly hasValueNetwork: () => number;
    readonly installValueNetwork: (a: any) => [number, number];
    readonly kindColor: (a: any) => [number, number, number, number];
    readonly languages: () => [number, number, number];
    readonly legend: (a: any, b: any) => [number, number, number];
    readonly narrateRecord: (a: any, b: any) => [number, number, number];
    readonly narrator_feed: (a: number, b: any) => [number, number, number];
    readonly narrator_new: (a: any, b: any) => [number, number, number];
    readonly negotiateLanguage: (a: any) => [number, number, number, number];
    readonly parseAction: (a: any) => [number, number, number];
    readonly replayData: (a: any, b: any) => [number, number, number];
    readonly review: (a: any, b: any) => [number, number, number];
    readonly scoreCategories: (a: any, b: any) => [number, number, number];
    readonly scoringRules: (a: any, b: any) => [number, number, number];
    readonly simulate: (a: any, b: any) => [number, number, number];
    readonly splitmix64___below: (a: number, b: number) => number;
    readonly splitmix64_below: (a: number, b: number) => [number, number, number];
    readonly splitmix64_clone: (a: number) => number;
    readonly splitmix64_new: (a: any) => [number, number, number];
    readonly splitmix64_nextU64: (a: number) => bigint;
    readonly start: () => void;
    readonly texts_action: (a: number, b: any, c: any) => [number, number, number, number];
    readonly texts_building: (a: number, b: any, c: any) => [number, number, number, number];
    readonly texts_cardLabel: (a: number, b: any) => [number, number, number, number];
    readonly texts_cardText: (a: number, b: any, c: any) => [number, number, number, number];
    readonly texts_category: (a: number, b: any) => [number, number, number, number];
    readonly texts_color: (a: number, b: any) => [number, number, number, number];
    readonly texts_grade: (a: number, b: any) => [number, number, number, number];
    readonly texts_howToPlay: (a: number, b: any) => [number, number, number];
    readonly texts_lang: (a: number) => [number, number];
    readonly texts_legend: (a: number, b: any, c: any) => [number, number, number];
    readonly texts_list: (a: number, b: any) => [number, number, number, number];
    readonly texts_message: (a: number, b: any, c: any) => [number, number, number, number];
    readonly texts_new: (a: any) => [number, number, number];
    readonly texts_place: (a: number, b: any) => [number, number, number, number];
    readonly texts_points: (a: number, b: any) => [number, number, number, number];
    readonly texts_preset: (a: number, b: any) => [number, number, number];
    readonly texts_reviewSuggestion: (a: number, b: any, c: any, d: any) => [number, number, number, number];
    readonly texts_scoringRules: (a: number, b: any, c: any) => [number, number, number];
    readonly texts_seat: (a: number, b: any, c: any, d: any) => [number, number, number, number];
    readonly texts_size: (a: number, b: any) => [number, number, number, number];
    readonly texts_tokenLabel: (a: number, b: any) => [number, number, number, number];
    readonly texts_variant: (a: number, b: any) => [number, number, number, number];
    readonly version: () => [number, number];
    readonly __wbindgen_malloc: (a: number, b: number) => number;
    readonly __wbindgen_realloc: (a: number, b: number, c: number, d: number) => number;
    readonly __wbindgen_free: (a: number, b: number, c: number) => void;
    readonly __wbindgen_exn_store: (a: number) => void;
    readonly __externref_table_alloc: () => number;
    readonly __wbindgen_externrefs: WebAssembly.Table;
    readonly __externref_drop_slice: (a: number, b: number) => void;
    readonly __externref_table_dealloc: (a: number) => void;
    readonly __wbindgen_start: () => void;
}

export type SyncInitInput = BufferSource | WebAssembly.Module;

/**
 * Instantiates the given `module`, which can either be bytes or
 * a precompiled `WebAssembly.Module`.
 *
 * @param {{ module: SyncInitInput }} module - Passing `SyncInitInput` directly is deprecated.
 *
 * @returns {InitOutput}
 */
export function initSync(module: { module: SyncInitInput } | SyncInitInput): InitOutput;

/**
 * If `module_or_path` is {RequestInfo} or {URL}, makes a request and
 * for everything else, calls `WebAssembly.instantiate` directly.
 *
 * @param {{ module_or_path: InitInput | Promise<InitInput> }} module_or_path - Passing `InitInput` directly is deprecated.
 *
 * @returns {Promise<InitOutput>}
 */
export default function __wbg_init (module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>): Promise<InitOutput>;
