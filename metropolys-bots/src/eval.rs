//! The static evaluation shared by the greedy bot, the search's move
//! ordering and its greedy playouts: what constructing one building is worth
//! to its owner, from the public position and (when known) the owner's
//! objective.

use metropolys_core::board;
use metropolys_core::{Action, Area, Kind, MetropolysCard, Objective, Seat, State, Token, Variant};

/// Board facts per neighborhood, as bit masks (built once per bot).
#[derive(Debug, Clone)]
pub(crate) struct Tables {
    neighbors: [u64; 55],
    district: [u64; 55],
    kind: [Kind; 55],
    /// The other ends of the bridges from each neighborhood.
    bridge_ends: [u64; 55],
    /// The statues touching each neighborhood (masks of their three).
    statues: [[u64; 4]; 55],
    /// The lakes each neighborhood lies on (masks of their shores).
    lakes: [[u64; 4]; 55],
    border: u64,
    /// The neighborhoods of each kind.
    of_kind: [u64; 5],
}

impl Tables {
    /// The kind of neighborhood `nb`.
    pub(crate) fn kind_of(&self, nb: u8) -> Kind {
        self.kind[nb as usize]
    }

    /// The neighborhoods adjacent to `nb` (R-9: a border or a bridge).
    pub(crate) fn adjacent(&self, nb: u8) -> u64 {
        self.neighbors[usize::from(nb) % 55]
    }

    pub(crate) fn new() -> Tables {
        let mut t = Tables {
            neighbors: [0; 55],
            district: [0; 55],
            kind: [Kind::Industry; 55],
            bridge_ends: [0; 55],
            statues: [[0; 4]; 55],
            lakes: [[0; 4]; 55],
            border: board::border().0,
            of_kind: [0; 5],
        };
        for id in 0..55u8 {
            let i = id as usize;
            t.neighbors[i] = board::neighbors(id).0;
            if let Some(d) = board::district(id) {
                t.district[i] = board::in_district(d).0;
            }
            if let Some(k) = board::kind(id) {
                t.kind[i] = k;
                t.of_kind[k.index()] |= 1u64 << id;
            }
        }
        for &[a, b] in board::bridges() {
            t.bridge_ends[a as usize] |= 1u64 << b;
            t.bridge_ends[b as usize] |= 1u64 << a;
        }
        for (features, out) in [
            (board::statues(), &mut t.statues),
            (board::lakes(), &mut t.lakes),
        ] {
            for f in features {
                for id in f.neighborhoods.iter() {
                    if let Some(slot) = out[id as usize].iter_mut().find(|m| **m == 0) {
                        *slot = f.neighborhoods.0;
                    }
                }
            }
        }
        t
    }
}

/// The weights of the evaluation (documented in docs/bots.md).
pub(crate) const TRENDY: f32 = 3.0;
pub(crate) const SUBWAY: f32 = 1.0;
pub(crate) const SUBWAY_CARD: f32 = 3.0;
pub(crate) const ARCHAEOLOGY: f32 = -1.0;
pub(crate) const ARCHAEOLOGY_CARD: f32 = -2.0;
/// Per own building next to the neighborhood (buildings that stand together
/// serve most objectives).
pub(crate) const NEIGHBOR: f32 = 0.3;

/// One seat's situation, computed once per decision.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ctx {
    own: u64,
    /// Neighborhoods in play with no constructed building.
    open: u64,
    objective: Option<Objective>,
    card: Option<MetropolysCard>,
    variant: Variant,
    highest: bool,
    /// Whether taking one more subway token brings the subway card.
    subway_card_next: bool,
    /// Whether taking an archaeological token brings its card.
    archaeology_card_next: bool,
}

impl Ctx {
    /// `seat`'s situation in `s`; `secret` is the seat's objective and
    /// Metropolys card when the evaluator may use them.
    pub(crate) fn new(
        s: &State,
        seat: Seat,
        secret: Option<(Objective, Option<MetropolysCard>)>,
    ) -> Ctx {
        let mut occupied = 0u64;
        for q in 0..s.players() {
            occupied |= s.constructed(q).0;
        }
        // what taking a token would bring, from core.
        let subway_card_next = s.takes_card(seat, Token::Subway);
        Ctx {
            own: s.constructed(seat).0,
            open: s.in_play().0 & !occupied,
            objective: secret.map(|x| x.0),
            card: secret.and_then(|x| x.1),
            variant: s.variant(),
            highest: s.variant() == Variant::Expert && !s.uses_metropolys_cards(),
            subway_card_next,
            archaeology_card_next: s.takes_card(seat, Token::Archaeology),
        }
    }

    /// The situation of `seat` in `s` as if it owned exactly `own` and
    /// held `objective` and `card`: what the belief model values an
    /// opponent's past constructions with.
    pub(crate) fn hypothetical(
        s: &State,
        seat: Seat,
        own: u64,
        objective: Option<Objective>,
        card: Option<MetropolysCard>,
    ) -> Ctx {
        let mut ctx = Ctx::new(s, seat, None);
        ctx.own = own;
        ctx.objective = objective;
        ctx.card = card;
        ctx
    }

    /// What constructing a building on `nb` would bring (before its cost).
    pub(crate) fn place_value(&self, t: &Tables, s: &State, nb: u8) -> f32 {
        let bit = 1u64 << nb;
        let mut v = self.public_value(t, s, nb);
        if let Some(o) = self.objective {
            v += self.objective_value(t, o, nb, bit);
        }
        if let Some(card) = self.card {
            v += self.card_value(t, card, nb);
        }
        v
    }

    /// The part of [`Ctx::place_value`] that no secret card changes: the
    /// token and the buildings next to the seat's own.
    pub(crate) fn public_value(&self, t: &Tables, s: &State, nb: u8) -> f32 {
        let i = nb as usize;
        let own = self.own;
        let mut v = match s.token_at(nb) {
            Some(Token::Trendy) => TRENDY,
            Some(Token::Subway) => {
                SUBWAY
                    + if self.subway_card_next {
                        SUBWAY_CARD
                    } else {
                        0.0
                    }
            }
            Some(Token::Archaeology) => {
                ARCHAEOLOGY
                    + if self.archaeology_card_next {
                        ARCHAEOLOGY_CARD
                    } else {
                        0.0
                    }
            }
            None => 0.0,
        };
        let near = (t.neighbors[i] & own).count_ones() as f32;
        v += NEIGHBOR * near.min(3.0);
        v
    }

    /// What the Metropolys card `card` adds to constructing on `nb`: +9
    /// per group of its three kinds in one district, valued by progress.
    pub(crate) fn card_value(&self, t: &Tables, card: MetropolysCard, nb: u8) -> f32 {
        let i = nb as usize;
        let k = t.kind[i];
        if !card.contains(&k) {
            return 0.0;
        }
        let d = t.district[i] & self.own;
        let mut have = 0;
        for &c in &card {
            if c != k && d & t.of_kind[c.index()] != 0 {
                have += 1;
            }
        }
        [1.5, 3.0, 9.0][have]
    }

    /// What the objective `o` adds to constructing on `nb` (`bit` is
    /// `1 << nb`).
    pub(crate) fn objective_value(&self, t: &Tables, o: Objective, nb: u8, bit: u64) -> f32 {
        let i = nb as usize;
        let own = self.own;
        let mut v = 0.0;
        if let Some(k) = o.neighborhood {
            if t.kind[i] == k {
                v += 2.0;
            }
        }
        match self.variant {
            Variant::Family => {
                let hit = match o.area {
                    Area::Bridges => t.bridge_ends[i] != 0,
                    Area::Statues => t.statues[i][0] != 0,
                    Area::Lakes => t.lakes[i][0] != 0,
                    Area::Border => t.border & bit != 0,
                    _ => false,
                };
                if hit {
                    v += 3.0;
                }
            }
            Variant::Expert => match o.area {
                Area::Bridges => {
                    let ends = t.bridge_ends[i];
                    if ends & own != 0 {
                        v += 4.0;
                    } else if ends & self.open != 0 {
                        v += 1.0;
                    }
                }
                Area::Statues | Area::Lakes => {
                    let (masks, need, points) = if o.area == Area::Statues {
                        (&t.statues[i], 3, 7.0)
                    } else {
                        (&t.lakes[i], 3, 5.0)
                    };
                    let mut best: f32 = 0.0;
                    for &m in masks.iter().take_while(|m| **m != 0) {
                        let have = (m & own).count_ones();
                        let room = (m & (own | self.open) & !bit).count_ones() + 1;
                        if room < need {
                            continue;
                        }
                        let x = match have {
                            0 => 0.5,
                            1 => points * 0.3,
                            2 => points,
                            _ => 0.3,
                        };
                        best = best.max(x);
                    }
                    v += best;
                }
                Area::Districts => {
                    v += match (t.district[i] & own).count_ones() {
                        0 => 0.4,
                        1 => 1.3,
                        2 => 4.0,
                        _ => 0.0,
                    };
                }
                Area::Chains => {
                    v += match (t.neighbors[i] & own).count_ones() {
                        0 => 0.3,
                        1 => 1.5,
                        _ => 3.0,
                    };
                }
                Area::Border => {}
            },
        }
        v
    }

    /// The value of `action` for this seat: a bid's place value minus the
    /// cost of its building; a pass is worth 0.
    #[inline]
    pub(crate) fn action_value(&self, t: &Tables, s: &State, action: Action, cost: f32) -> f32 {
        match action {
            Action::Pass => 0.0,
            Action::Bid {
                neighborhood,
                building,
            } => self.bid_value(self.place_value(t, s, neighborhood), building, cost),
        }
    }

    /// The value of a bid of `building` on a neighborhood whose
    /// [`Ctx::place_value`] is `place` (what [`Ctx::action_value`] computes,
    /// for a caller that knows the place's value).
    #[inline]
    pub(crate) fn bid_value(&self, place: f32, building: u8, cost: f32) -> f32 {
        let mut v = place - cost * f32::from(building);
        if self.highest && building >= 10 {
            // A tall building contends for the district's highest-building
            // token (R-18, +5).
            v += 0.5;
        }
        v
    }
}
