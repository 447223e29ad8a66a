//! TypeScript declarations of this package's own shapes: the options the
//! functions take and the columns `simulate` returns, derived (tsify)
//! from the Rust types below, which exist for that alone. The shapes of
//! the game (configurations, actions, events, states and views, score
//! sheets, records, the board) are derived from core's serde types
//! (`metropolys-core`'s `typescript` feature).

#![allow(dead_code)]

use metropolys_core::{NeighborhoodId, Seat, Variant};
use serde::Serialize;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

/// The options of `new Game()`.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct NewGameOptions {
    /// 2, 3 or 4 (default 4).
    #[tsify(optional)]
    players: Option<u8>,
    /// `"family"` or `"expert"` (default), in any case.
    #[tsify(optional)]
    variant: Option<Variant>,
    /// The seed everything is drawn from (R-6; default 0).
    #[tsify(type = "number | bigint", optional)]
    seed: Option<u64>,
    /// The seat opening the first call (default 0).
    #[tsify(optional)]
    start_player: Option<Seat>,
}

/// The options of `game.toSvg()`.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct SvgOptions {
    /// A neighborhood to ring in gold.
    #[tsify(optional)]
    highlight: Option<NeighborhoodId>,
    /// A caption in place of the status line.
    #[tsify(optional)]
    caption: Option<String>,
    /// Leave out the status line and key.
    #[tsify(optional)]
    hide_status: Option<bool>,
    /// Leave out the neighborhood ids.
    #[tsify(optional)]
    hide_ids: Option<bool>,
}

/// The options of `simulate()`.
#[derive(Serialize, Tsify)]
pub struct SimulateOptions {
    /// Game `first + i` is seeded `seed + first + i` (default 0).
    #[tsify(type = "number | bigint", optional)]
    seed: Option<u64>,
    /// 2, 3 or 4 (default 4), unless `config` is given.
    #[tsify(optional)]
    players: Option<u8>,
    /// `"family"` or `"expert"` (default), in any case, unless `config` is
    /// given.
    #[tsify(optional)]
    variant: Option<Variant>,
    /// A configuration (its seed is replaced by each game's).
    #[tsify(type = "Config | string", optional)]
    config: Option<String>,
    /// The index of the first game (default 0).
    #[tsify(type = "number | bigint", optional)]
    first: Option<u64>,
    /// Every score category (default), or the totals alone.
    #[tsify(optional)]
    categories: Option<bool>,
}

/// The columns of `simulate()`: one entry per game; `win_{p}`,
/// `total_{p}` and (with `categories`) `{category}_{p}` per seat `p`.
#[derive(Serialize, Tsify)]
#[tsify(
    type = "{ start_player: Uint8Array; calls: Uint16Array } & Record<`win_${number}`, Uint8Array> & Record<`${string}_${number}`, Int16Array>"
)]
pub struct SimulateColumns;

/// A bot's parameters: those of its kind (docs/bots.md), and `seed`, the
/// seed of its own generator.
#[derive(Serialize, Tsify)]
#[tsify(type = "{ seed?: number | bigint; [parameter: string]: unknown }")]
pub struct BotParameters;

/// A configuration as the package writes it (`game.config`, the `config`
/// of `toRecord()`): `metropolys_cards` is always there, `null` without
/// the Metropolys cards, as every configuration and record holds it. Inputs
/// take a `Config`, where it may be left out or be `null` (the same).
const WRITTEN_CONFIG: &str = r#"/**
 * A configuration as the package writes it (`game.config`, the `config` of
 * `toRecord()`): `metropolys_cards` is always there, `null` without the
 * Metropolys cards. Inputs take a `Config`, where `metropolys_cards` may be
 * left out or `null` (the same).
 */
export type WrittenConfig = Config & { metropolys_cards: MetropolysCard[] | null };"#;

#[wasm_bindgen(typescript_custom_section)]
const WRITTEN_CONFIG_SECTION: &str = WRITTEN_CONFIG;

/// The bot kinds, as `metropolys_bots::KINDS` names them (a test checks
/// this list against it).
const BOT_KIND: &str = r#"/** A bot kind (`constants().BOT_KINDS`). */
export type BotKind = "random" | "greedy" | "ismcts" | "ismcts-v1" | "beginner" | "casual" | "strong" | "expert";"#;

#[wasm_bindgen(typescript_custom_section)]
const BOT_KIND_SECTION: &str = BOT_KIND;

#[cfg(all(test, feature = "bots"))]
mod tests {
    /// The TypeScript union names exactly the kinds of the bots crate.
    #[test]
    fn bot_kind_is_the_bots_crates_kinds() {
        let union = super::BOT_KIND
            .split("export type BotKind = ")
            .nth(1)
            .unwrap();
        let named: Vec<&str> = union
            .trim_end_matches(';')
            .split(" | ")
            .map(|k| k.trim_matches('"'))
            .collect();
        let mut kinds = metropolys_bots::KINDS.to_vec();
        let mut named_sorted = named.clone();
        kinds.sort_unstable();
        named_sorted.sort_unstable();
        assert_eq!(named_sorted, kinds);
    }
}
