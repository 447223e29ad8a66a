// The worker script of `BotWorker` and `ReviewWorker` (worker.js) with the
// whole package: see worker-serve.js.
import * as lib from "./index.js";
import { serve } from "./worker-serve.js";

serve(lib, lib.default());
