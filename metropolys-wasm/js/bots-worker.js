// The worker script of `BotWorker` and `ReviewWorker` (worker.js) with the
// package's `metropolys/bots` entry (`{ entry: "bots" }`): the rules and
// the bots, the learned network fetched from beside the module the first
// time a bot or a review needs it; see worker-serve.js.
import * as lib from "./bots.js";
import { serve } from "./worker-serve.js";

serve(lib, lib.default());
