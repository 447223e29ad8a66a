//! Snapshots: the plain-data form of a state, or of a player's view of it
//! (R-21), with the stable JSON shape of states and views. Loading one back
//! checks every invariant (`validate.rs`).

use super::value::State;
use crate::action::Bid;
use crate::bits::BitIter;
use crate::types::{
    BuildingNumber, Card, District, MetropolysCard, NeighborhoodId, Objective, Seat, Token, Variant,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

impl State {
    /// The whole state as a [`Snapshot`] (nothing hidden).
    pub fn snapshot(&self) -> Snapshot {
        self.snapshot_for(None)
    }

    /// The snapshot of what `seat` may see (R-21), its view's plain data:
    /// everything but the opponents' objectives, which are replaced by
    /// `null` until the game ends (then all are shown). `None` for a seat
    /// that is not in the game. The view itself, a game that can be played
    /// on, is [`Game::view`](crate::Game::view).
    pub fn view_snapshot(&self, seat: Seat) -> Option<Snapshot> {
        (seat < self.players).then(|| self.snapshot_for(Some(seat)))
    }

    /// [`State::view_snapshot`]: "view" now names a game seen from a seat
    /// ([`Game::view`](crate::Game::view)), and this is its snapshot.
    #[deprecated(since = "0.2.0", note = "renamed `view_snapshot`")]
    pub fn view(&self, seat: Seat) -> Option<Snapshot> {
        self.view_snapshot(seat)
    }

    /// [`State::public_snapshot`], under its former name.
    #[deprecated(since = "0.2.0", note = "renamed `public_snapshot`")]
    pub fn public_view(&self) -> Snapshot {
        self.public_snapshot()
    }

    /// The snapshot of what a spectator, who holds no seat, may see
    /// (R-21), the public view's plain data: the board and every player's
    /// public counts, but no objective or Metropolys card until the game
    /// ends (then all are shown, as at the table). The public view itself
    /// is [`Game::public_view`](crate::Game::public_view).
    ///
    /// ```
    /// use metropolys_core::{Config, State, Variant};
    /// let s = State::new(&Config::new(3, Variant::Family, 7)).unwrap();
    /// let v = s.public_snapshot();
    /// assert_eq!(v.viewer, None);
    /// assert!(v.objectives.iter().all(|o| o.is_none()));
    /// ```
    pub fn public_snapshot(&self) -> Snapshot {
        let mut view = self.snapshot_with(None, |_| self.over);
        view.viewer = None;
        view
    }

    fn snapshot_for(&self, viewer: Option<Seat>) -> Snapshot {
        self.snapshot_with(viewer, |p| self.shows_secrets(viewer, p as Seat))
    }

    /// The snapshot whose seat `p`'s secrets are shown when `shown(p)`.
    fn snapshot_with(&self, viewer: Option<Seat>, shown: impl Fn(usize) -> bool) -> Snapshot {
        let n = self.players as usize;
        let per_card = match (self.variant, self.metropolys) {
            (Variant::Expert, false) => 2,
            _ => 1,
        } + u8::from(self.metropolys);
        Snapshot {
            viewer,
            players: self.players,
            variant: self.variant,
            out_of_play: self.out_of_play(),
            call: self.call,
            to_act: self.to_act(),
            game_over: self.over,
            constructed: BitIter(self.occupied)
                .filter_map(|id| {
                    self.building_at(id).map(|(player, building)| Constructed {
                        neighborhood: id,
                        player,
                        building,
                    })
                })
                .collect(),
            tokens: BitIter(self.tokens[0] | self.tokens[1] | self.tokens[2])
                .filter_map(|id| self.token_at(id).map(|t| (id, t)))
                .collect(),
            bids: self.bids().to_vec(),
            passed: (0..self.players).map(|p| self.has_passed(p)).collect(),
            supply: (0..self.players).map(|p| self.supply(p)).collect(),
            taken: (0..n)
                .map(|p| TokenCounts {
                    trendy: self.taken[p][0],
                    subway: self.taken[p][1],
                    archaeology: self.taken[p][2],
                })
                .collect(),
            subway_card: self.card_holder(Card::Subway),
            archaeology_card: self.card_holder(Card::Archaeology),
            objective_counts: vec![per_card; n],
            objectives: (0..n)
                .map(|p| shown(p).then_some(self.objectives[p]))
                .collect(),
            metropolys_cards: if self.metropolys {
                (0..n).map(|p| shown(p).then_some(self.cards[p])).collect()
            } else {
                vec![]
            },
            metropolys_deck: None,
        }
    }
}

/// A constructed building.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Constructed {
    /// Where it stands.
    pub neighborhood: NeighborhoodId,
    /// Its owner.
    pub player: Seat,
    /// Its number.
    pub building: BuildingNumber,
}

/// Tokens taken by one seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenCounts {
    /// Trendy tokens.
    pub trendy: u8,
    /// Subway tokens.
    pub subway: u8,
    /// Archaeological tokens.
    pub archaeology: u8,
}

/// A state, or a player's view of it (R-21), as plain data: the stable JSON
/// shape of states and views.
///
/// ```json
/// {
///   "viewer": null, "players": 3, "variant": "expert", "out_of_play": ["west"],
///   "call": 4, "to_act": 1, "game_over": false,
///   "constructed": [{"neighborhood": 12, "player": 0, "building": 3}],
///   "tokens": {"7": "archaeology", "30": "subway"},
///   "bids": [{"player": 2, "neighborhood": 9, "building": 4}],
///   "passed": [false, false, false],
///   "supply": [[1, 2, 4, 5], [1, 2, 3], [1, 2, 3, 5]],
///   "taken": [{"trendy": 1, "subway": 0, "archaeology": 0}],
///   "subway_card": null, "archaeology_card": 0,
///   "objective_counts": [2, 2, 2],
///   "objectives": [{"neighborhood": "park", "area": "chains"}, null, null],
///   "metropolys_cards": []
/// }
/// ```
///
/// * `viewer`: `null` for a whole state; the seat whose view this is.
/// * `tokens`: tokens still on the board; `taken`: per seat.
/// * `supply`: per seat, buildings neither constructed nor bid (derived).
/// * `objectives` / `metropolys_cards`: per seat; `null` where hidden from
///   the viewer (R-21). `metropolys_cards` is empty without the module.
/// * `objective_counts`: how many objective cards each seat holds.
/// * `metropolys_deck`: the four Metropolys cards the seats' cards were
///   dealt from (R-22), when the game was set up from a deck; public, so a
///   view carries it too. Left out when unknown (a state alone never
///   knows it: [`Game::snapshot`](crate::Game::snapshot) writes it).
///
/// Loading a state ([`State::try_from`], `State::from_json`) checks that the
/// snapshot is whole (`viewer` null, nothing hidden) and consistent: ids in
/// range, districts, token and building conservation, bids adjacent and
/// rising, card holders, turn and call numbers; a `metropolys_deck` must
/// have dealt the cards shown (R-22), and is then not part of the state
/// (a [`Game`](crate::Game) loaded from it keeps it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Snapshot {
    /// Whose view this is; `None` for the whole state.
    pub viewer: Option<Seat>,
    /// 2, 3 or 4.
    pub players: u8,
    /// Family or Expert.
    pub variant: Variant,
    /// Districts out of play.
    pub out_of_play: Vec<District>,
    /// The current call number (at game end: calls played).
    pub call: u16,
    /// The seat to act; `None` once the game is over.
    pub to_act: Option<Seat>,
    /// Whether the game has ended.
    pub game_over: bool,
    /// Constructed buildings, by neighborhood id.
    pub constructed: Vec<Constructed>,
    /// Tokens still on the board.
    pub tokens: BTreeMap<NeighborhoodId, Token>,
    /// The bids of the current call, oldest first.
    pub bids: Vec<Bid>,
    /// Per seat, whether it has passed in this call.
    pub passed: Vec<bool>,
    /// Per seat, building numbers neither constructed nor bid.
    pub supply: Vec<Vec<BuildingNumber>>,
    /// Per seat, tokens taken.
    pub taken: Vec<TokenCounts>,
    /// Holder of the subway card.
    pub subway_card: Option<Seat>,
    /// Holder of the archaeological card.
    pub archaeology_card: Option<Seat>,
    /// Per seat, the number of objective cards held.
    pub objective_counts: Vec<u8>,
    /// Per seat, the objective (`None` where hidden).
    pub objectives: Vec<Option<Objective>>,
    /// Per seat, the Metropolys card (`None` where hidden); empty without the
    /// module.
    pub metropolys_cards: Vec<Option<MetropolysCard>>,
    /// The deck the Metropolys cards were dealt from (R-22), when known;
    /// loading checks that every card shown is a different card of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metropolys_deck: Option<Vec<MetropolysCard>>,
}

impl Serialize for State {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.snapshot().serialize(s)
    }
}

impl<'de> Deserialize<'de> for State {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let snap = Snapshot::deserialize(d)?;
        State::try_from(snap).map_err(serde::de::Error::custom)
    }
}
