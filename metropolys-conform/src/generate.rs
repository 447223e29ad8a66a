//! The games compared: a configuration from core's proptest strategies
//! (`metropolys_core::strategies::config`) and a list of [`Step`]s, each a
//! choice among the legal actions or an illegal probe. Shrinking (by
//! proptest) makes the list shorter, its choices smaller and the
//! configuration simpler.

use crate::options::Options;
use crate::protocol::Hello;
use metropolys_core::{strategies, Action, Config, Variant};
use proptest::prelude::*;

/// One generated decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Take the legal action with this index (modulo the count, in
    /// ascending id order) for the seat to act.
    Choose(u32),
    /// An illegal probe: a pass when `id % 8 == 0` (so opening passes are
    /// probed often), else action id `id % 716`; if that action is legal it
    /// is sent for another seat, else for the seat to act. After the
    /// game's end, any action.
    Probe {
        /// The action id, before `% 716`.
        id: u16,
        /// Which other seat, for R-8 probes.
        seat: u8,
    },
}

/// The action id a probe sends (see [`Step::Probe`]).
pub fn probe_id(id: u16) -> u16 {
    if id.is_multiple_of(8) {
        Action::PASS_ID
    } else {
        id % Action::COUNT as u16
    }
}

/// Mostly legal decisions, one in ten an illegal probe.
pub fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        9 => any::<u32>().prop_map(Step::Choose),
        1 => (any::<u16>(), any::<u8>()).prop_map(|(id, seat)| Step::Probe { id, seat }),
    ]
}

/// Whether a game of `config` is compared: its player count and variant
/// are selected by the options (`--players`, `--variant`) and the engine
/// supports it.
pub fn selected(options: &Options, hello: &Hello, config: &Config) -> bool {
    (options.players.is_empty() || options.players.contains(&config.players))
        && options.variant.is_none_or(|v| v == config.variant)
        && hello.supports(config)
}

/// Whether any game is [`selected`]: some player count and variant the
/// options select and the engine supports, without Metropolys cards (which
/// every player count and variant may be dealt without).
pub fn any_selected(options: &Options, hello: &Hello) -> bool {
    metropolys_core::PLAYER_COUNTS.into_iter().any(|n| {
        [Variant::Family, Variant::Expert]
            .into_iter()
            .any(|v| selected(options, hello, &Config::new(n, v, 0)))
    })
}

/// The generator of games, as [`selected`] by the options and the engine's
/// declared features.
pub fn games(options: &Options, hello: &Hello) -> impl Strategy<Value = (Config, Vec<Step>)> {
    let max_steps = options.max_steps;
    let (options, hello) = (options.clone(), hello.clone());
    (
        strategies::config().prop_filter("selected by the options and the engine", move |c| {
            selected(&options, &hello, c)
        }),
        proptest::collection::vec(step(), 0..=max_steps),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;

    #[test]
    fn the_selection_is_one_rule() {
        let hello = Hello {
            name: "x".into(),
            unsupported: vec!["players_3".into(), "expert".into()],
        };
        let only = |players: Vec<u8>, variant| Options {
            players,
            variant,
            ..Options::default()
        };
        assert!(any_selected(&only(vec![], None), &hello));
        assert!(any_selected(
            &only(vec![2, 3], Some(Variant::Family)),
            &hello
        ));
        assert!(!any_selected(&only(vec![3], None), &hello));
        assert!(!any_selected(&only(vec![], Some(Variant::Expert)), &hello));
        let o = only(vec![2, 4], None);
        let mut runner = TestRunner::deterministic();
        let strategy = games(&o, &hello);
        for _ in 0..50 {
            let (c, _) = strategy.new_tree(&mut runner).unwrap().current();
            assert!(selected(&o, &hello, &c));
            assert!(c.players != 3 && c.variant == Variant::Family);
        }
    }

    #[test]
    fn unsupported_features_are_skipped() {
        let hello = Hello {
            name: "x".into(),
            unsupported: vec!["metropolys_cards".into(), "players_2".into()],
        };
        let mut runner = TestRunner::deterministic();
        let strategy = games(&Options::default(), &hello);
        for _ in 0..50 {
            let (c, _) = strategy.new_tree(&mut runner).unwrap().current();
            assert!(!c.uses_metropolys_cards() && c.players != 2);
        }
    }

    #[test]
    fn probes_cover_every_action_id_and_often_the_pass() {
        let ids: std::collections::BTreeSet<u16> = (0..=u16::MAX).map(probe_id).collect();
        assert_eq!(ids.len(), Action::COUNT);
        assert_eq!(probe_id(0), Action::PASS_ID);
        assert_eq!(probe_id(8 * 100), Action::PASS_ID);
    }
}
