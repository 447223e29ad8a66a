// A TypeScript program using the package as a typed consumer would:
// scripts/test-wasm compiles it (tsc --strict, no output) against the
// installed package's declarations. The `@ts-expect-error` lines must
// fail to type-check: the declarations are precise, not `any`.
import init, {
  Action,
  Bot,
  CardPlaces,
  Config,
  constants,
  Game,
  GameEvent,
  GameRecord,
  IllegalActionError,
  kindColor,
  legend,
  review,
  Review,
  ReviewGrade,
  Texts,
  LegendItem,
  MetropolysCard,
  MetropolysError,
  RunningScore,
  ScoreSheet,
  ScoringRule,
  scoreCategories,
  scoringRules,
  simulate,
  Snapshot,
} from "metropolys";
import { BotWorker, ReviewWorker } from "metropolys/worker";

await init();
const config: Config = { players: 3, variant: "expert", seed: 7n };
const game: Game = Game.fromConfig(config);
const events: GameEvent[] = game.apply(game.legalActions()[0]);
for (const e of events) {
  if (e.type === "bid_placed") {
    const where: number = e.neighborhood;
    console.log(where);
  }
}
const view: Snapshot = game.view(0);
const objective = view.objectives[0];
const area: string | undefined = objective?.area;
const sheets: (ScoreSheet | null)[] = game.knownScores();
const record: GameRecord = game.toRecord();
const chosen: Action = new Bot("greedy").choose(game);
const ids = new Uint16Array(constants().ACTION_COUNT);
const k: number = game.legalIds(ids);
const next: number | null = game.step(ids[k - 1]);
const totals: Int16Array = simulate(10, { players: 2, categories: false }).total_0;
const worker = new BotWorker("expert", { seed: 1 });
const decided: Promise<Action> = worker.choose(game);
try {
  game.apply("pass");
} catch (e) {
  if (e instanceof IllegalActionError) {
    const rules: readonly string[] = e.rules;
    const base: MetropolysError = e;
    console.log(rules, base.rule);
  }
}
console.log(area, sheets, record.actions.length, chosen, next, totals, decided);

// The facts a page explains the game with.
const rules: ScoringRule[] = scoringRules("expert", false);
const category: string | null = rules[0].category;
const items: LegendItem[] = legend("family");
const picture: string = items[0].svg;
const places: CardPlaces[] = game.whereCardsScore(0);
const scoresOn: number[] = places[0].neighborhoods;
const running: RunningScore[] = game.runningScores();
const value: number | null = running[0].categories[0].value;
const complete: boolean = running[0].complete;
const mall: string = kindColor("mall");
const label: string = constants().SCORE_CATEGORY_INFO[0].label;
const rows: string[] = scoreCategories("family", true).map((c) => c.label);
const parkColour: string = constants().KIND_COLORS.park;
console.log(category, picture, scoresOn, value, complete, mall, label, rows, parkColour);
// @ts-expect-error: a variant that does not exist
legend("solo");
// @ts-expect-error: a kind that does not exist
kindColor("castle");

// @ts-expect-error: an option that does not exist
new Game({ startplayer: 1 });
// @ts-expect-error: a variant that does not exist
new Game({ variant: "solo" });
// @ts-expect-error: an action is an id, "pass" or a bid
game.apply("bid 3 on 12");
// @ts-expect-error: a bot kind that does not exist
new Bot("minimax");

// A finished game's review, and its words.
const finished: Game = new Game({ players: 2, variant: "family", seed: 3 });
while (!finished.isOver) finished.apply(finished.legalActionIds()[0]);
const reviewed: Review = review(finished.toRecord(), { preset: "beginner", seed: 1n, worlds: 8 });
const grade: ReviewGrade = reviewed.decisions[0].grade;
const graph: number[] | undefined = reviewed.decisions[0].revealed?.played.win;
const accuracy: number | null = reviewed.seats[0].accuracy;
const turning: number[] = reviewed.turning_points;
const words = new Texts("cs");
const said: string = words.grade(grade);
const suggestion: string = words.reviewSuggestion("family", reviewed.decisions[0].best, reviewed.decisions[0].known.drop);
console.log(graph, accuracy, turning, said, suggestion);
const reviewer = new ReviewWorker();
const later: Promise<Review> = reviewer.review(finished.toRecord(), { preset: "strong" }, { onProgress: (done: number, total: number) => console.log(done, total) });
console.log(later);
// @ts-expect-error: a preset that does not exist
review(finished.toRecord(), { preset: "greedy" });
// @ts-expect-error: a grade that does not exist
words.grade("brilliant");

// One spelling for "none": no seat to act is null, and a configuration the
// package writes holds metropolys_cards, null without the module.
const seatToAct: number | null = game.toAct;
const written: MetropolysCard[] | null = game.config!.metropolys_cards;
const recorded: MetropolysCard[] | null = game.toRecord().config.metropolys_cards;
Game.fromConfig({ players: 3, metropolys_cards: null });
Game.fromConfig({ players: 3 });
const typed: Config = { players: 2, variant: "family", metropolys_cards: null };
console.log(seatToAct, written, recorded, typed);
// @ts-expect-error: toAct is a number or null, never undefined
const undefinedSeat: number | undefined = game.toAct;
// @ts-expect-error: what the package writes always holds metropolys_cards
const absentCards: MetropolysCard[] | undefined = game.config!.metropolys_cards;
console.log(undefinedSeat, absentCards);

// The rules alone (`metropolys/engine`): the same typed game, no bots and
// no words.
import initRules, { Game as RulesGame, IllegalActionError as RulesIllegal } from "metropolys/engine";
// @ts-expect-error: the rules alone have no bots
import { Bot as NoBot } from "metropolys/engine";
await initRules();
const rulesGame = new RulesGame({ players: 2, seed: 1 });
const rulesSeat: number | null = rulesGame.toAct;
const rulesRecord: GameRecord = rulesGame.toRecord();
// @ts-expect-error: nor the pictures
rulesGame.toSvg();
// @ts-expect-error: nor the words
rulesGame.whereCardsScore(0);
// @ts-expect-error: nor the scoring rules in words
import { scoringRules as noRules } from "metropolys/engine";
console.log(rulesSeat, rulesRecord, RulesIllegal === IllegalActionError, NoBot, noRules);

// The rules and the bots (`metropolys/bots`): typed bots, the network
// loaded at run time, no words and no pictures.
import initBots, { Bot as EntryBot, Game as BotsGame, loadValueNetwork, hasValueNetwork, installValueNetwork } from "metropolys/bots";
// @ts-expect-error: the bots entry has no words
import { Texts as NoTexts } from "metropolys/bots";
await initBots();
await loadValueNetwork();
await loadValueNetwork(new URL("https://example.org/value.mtpnet"));
await loadValueNetwork(new Uint8Array(0));
// @ts-expect-error: a network is bytes or where to fetch them
await loadValueNetwork(42);
const loaded: boolean = hasValueNetwork();
installValueNetwork(new Uint8Array(0));
const botsGame = new BotsGame({ players: 3, seed: 2 });
const expert = new EntryBot("expert", { seed: 1 });
const chosenId: number = expert.chooseId(botsGame);
// @ts-expect-error: nor the pictures
botsGame.toSvg();
console.log(loaded, chosenId, NoTexts);
// Workers on the bots entry.
const botsWorker = new BotWorker("expert", { seed: 1 }, { entry: "bots" });
const botsReviewer = new ReviewWorker({ entry: "bots" });
// @ts-expect-error: the entries are "metropolys" and "bots"
new BotWorker("greedy", {}, { entry: "engine" });
console.log(botsWorker.busy, botsReviewer.busy);
