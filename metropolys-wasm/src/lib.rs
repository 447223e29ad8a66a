//! # metropolys-wasm
//!
//! The rules engine of *Metropolys* and its bots as WebAssembly, with
//! typed JavaScript bindings (wasm-bindgen): what the npm package
//! `metropolys` and the server's web client load. Like the C and Python
//! bindings it is thin: every rule, id, score category and picture comes
//! from `metropolys-core`, every bot from `metropolys-bots`; this crate
//! converts arguments and results, and checks every argument at the
//! boundary, so that no input from JavaScript reaches a panic (which would
//! leave the instance unusable).
//!
//! Modules, bottom first (each imports only those above it):
//!
//! * [`errors`]: engine errors as the JavaScript classes of `errors.js`
//!   (`IllegalActionError` … with `rule` and `rules`), `TypeError`,
//!   `RangeError`.
//! * [`json`]: JavaScript values to and from core's JSON shapes, bounded.
//! * [`args`]: integers, seeds, seats, actions and options from
//!   JavaScript, never coerced.
//! * [`types`]: TypeScript declarations of the options and results of
//!   this package (those of the game's shapes come from core).
//! * [`rng`]: `SplitMix64`, core's generator.
//! * [`board`]: `constants()`, `board()`, the action space in ids and text.
//! * [`game`]: `Game`, creating and playing (with the allocation-free fast
//!   path `legalIds`/`step`) and records; [`query`]: what a game answers.
//! * [`bots`]: `Bot`, from a spec; [`simulate`]: many random games;
//!   [`review`]: a finished game reviewed by a bot preset.
//! * [`text`]: words for players in their language (`Texts`, `Narrator`,
//!   `narrateRecord`), from `metropolys-text`.
//!
//! Features (all on by default): `bots`, `network` (the learned value
//! network's weights in the module), `text` and `pictures`. Built with
//! none, the module is the rules alone, the package's `metropolys/engine`
//! entry; with `bots` alone, the rules and the bots, the network given at
//! run time (`installValueNetwork`): the `metropolys/bots` entry.
//!
//! docs/wasm.md describes the package, the toolchain and the worker helper.

#![deny(missing_docs)]

pub mod args;
pub mod board;
#[cfg(feature = "bots")]
pub mod bots;
pub mod errors;
pub mod game;
pub mod json;
pub mod query;
#[cfg(feature = "bots")]
pub mod review;
pub mod rng;
pub mod simulate;
#[cfg(feature = "text")]
pub mod text;
pub mod types;

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// Installs the panic hook when the module is instantiated. No input
/// reaches a panic (the tests throw random values at every function); if a
/// bug ever does, the hook says so on the console, with the panic's
/// message, before the instance stops (a panic aborts here: the module is
/// then unusable and must be loaded again). The module is built without
/// panic locations (scripts/build-wasm), so the message has no file and
/// line.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        let message = info.payload_as_str().unwrap_or("a panic");
        console_error(&format!(
            "metropolys: internal error (a bug, please report it): {message}; \
             this engine instance can no longer be used, load the module again"
        ));
    }));
}

/// The version of the package (the workspace's).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").into()
}
