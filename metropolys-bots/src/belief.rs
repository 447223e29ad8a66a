//! A belief over the opponents' secret cards, read from public facts only
//! where each opponent has constructed.
//!
//! # The model
//!
//! Each construction of an opponent is taken as a choice among the
//! neighborhoods it could have built on (those in play and free now, and
//! the one it chose), made with probability proportional to
//! `exp(β × value)`, the value being the greedy evaluation of building
//! there ([`crate::Greedy`]'s place value: the token, the buildings next to
//! its others, and the candidate secret card's progress) with the
//! opponent's other buildings around it. Each candidate card (area card,
//! neighborhood card, Metropolys card) gets the log-likelihood of the
//! opponent's constructions under it, each kind of card on its own. The
//! opponents' cards are then dealt (without repeating a card, as the real
//! deal) with probability proportional to the product of their
//! likelihoods; `β = 0` is the uniform deal of
//! [`InfoSet::determinize`].
//!
//! The belief is built once per decision from the [`InfoSet`] (whose
//! position has every secret of the other seats erased); each search
//! iteration draws a deal from it.
//!
//! # The learned model
//!
//! [`Model::Learned`] weighs each candidate card with weights fitted on
//! games of the search (docs/learning.md, "The learned belief"): a
//! log-linear model of three [`FEATURES`] per candidate, the log-likelihood
//! above with `β` = [`LEARNED_BETA`], the points the card would score on
//! the opponent's buildings as they stand (core's
//! [`scoring::secret_points`]) and those points times the share of the
//! opponent's buildings constructed, plus one weight per card
//! ([`crate::belief_weights`]). Its arithmetic is `f64` additions and
//! products and `libm`'s functions, so it is the same on every platform.

use crate::belief_weights::{Weights, LEARNED};
use crate::eval::{Ctx, Tables};
use crate::infoset::InfoSet;
use metropolys_core::rng::SplitMix64;
use metropolys_core::{
    scoring, Area, Kind, MetropolysCard, Objective, Seat, SecretCard, State, BUILDINGS_PER_PLAYER,
    MAX_PLAYERS, METROPOLYS_CARDS,
};

/// The features of a candidate card in the learned model: the hand
/// model's log-likelihood at `β` = [`LEARNED_BETA`], the points the card
/// scores on the opponent's buildings / 10, and those points times the
/// share of its 13 buildings constructed.
pub(crate) const FEATURES: usize = 3;

/// The `β` of the log-likelihood the learned model reads.
pub(crate) const LEARNED_BETA: f64 = 0.2;

/// How a belief weighs the opponents' possible cards.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Model {
    /// The hand-written model with evidence weight `β` (0: uniform).
    Hand(f64),
    /// The learned log-linear model.
    Learned,
}

/// A candidate card's identity: its index in `Area::ALL`, `Kind::ALL` or
/// `METROPOLYS_CARDS`, and the secret card it is.
pub(crate) trait Candidate: Copy {
    /// The index of the card among those of its kind.
    fn id(&self) -> usize;
    /// The card as core scores it.
    fn secret(&self) -> SecretCard;
}

impl Candidate for Area {
    fn id(&self) -> usize {
        self.index()
    }
    fn secret(&self) -> SecretCard {
        SecretCard::Area(*self)
    }
}

impl Candidate for Kind {
    fn id(&self) -> usize {
        self.index()
    }
    fn secret(&self) -> SecretCard {
        SecretCard::Neighborhood(*self)
    }
}

impl Candidate for MetropolysCard {
    /// Its index in `METROPOLYS_CARDS` whatever the order of its kinds (a
    /// configured deck may list them in any order; core's
    /// `same_metropolys_card` says which card it is). Every card of a
    /// valid game is one of the ten; another would get no card's weight.
    fn id(&self) -> usize {
        METROPOLYS_CARDS
            .iter()
            .position(|c| metropolys_core::config::same_metropolys_card(c, self))
            .unwrap_or(METROPOLYS_CARDS.len())
    }
    fn secret(&self) -> SecretCard {
        SecretCard::Metropolys(*self)
    }
}

/// Seat `q`'s features of each candidate of `deck` ([`FEATURES`]), from
/// the log-likelihoods `ll` at [`LEARNED_BETA`].
pub(crate) fn features<T: Candidate>(
    s: &State,
    q: Seat,
    deck: &[T],
    ll: &[f64],
) -> Vec<[f64; FEATURES]> {
    let owned = s.constructed(q).0;
    let share = f64::from(owned.count_ones()) / f64::from(BUILDINGS_PER_PLAYER);
    deck.iter()
        .zip(ll)
        .map(|(c, &l)| {
            let points = f64::from(scoring::secret_points(s.variant(), owned, c.secret())) / 10.0;
            [l, points, points * share]
        })
        .collect()
}

/// The log-weights of `model` for each candidate of `deck` for seat `q`:
/// the hand model's log-likelihoods `ll`, or the learned model's weights
/// `w` applied to them and the other features.
fn weigh<T: Candidate>(
    model: Model,
    s: &State,
    q: Seat,
    deck: &[T],
    ll: Vec<f64>,
    w: &Weights,
) -> Vec<f64> {
    match model {
        Model::Hand(_) => ll,
        Model::Learned => learned(s, q, deck, &ll, w),
    }
}

/// The learned model's log-weight of each candidate of `deck` for seat
/// `q`, from the log-likelihoods `ll` at [`LEARNED_BETA`].
fn learned<T: Candidate>(s: &State, q: Seat, deck: &[T], ll: &[f64], w: &Weights) -> Vec<f64> {
    features(s, q, deck, ll)
        .iter()
        .zip(deck)
        .map(|(f, c)| {
            let mut x = w.bias.get(c.id()).copied().unwrap_or(0.0);
            for (wi, fi) in w.features.iter().zip(f) {
                x += wi * fi;
            }
            x
        })
        .collect()
}

/// Deals of one deck to the opponents: each deal gives `deal[i]` to the
/// `i`-th opponent (in seat order), drawn by cumulative weight.
#[derive(Debug, Clone)]
struct Deals<T: Copy> {
    deals: Vec<[T; MAX_PLAYERS]>,
    cumulative: Vec<f64>,
}

impl<T: Copy> Deals<T> {
    /// Every way to give distinct items of `deck` to `m` opponents, each
    /// weighted by `Π exp(loglik[i][item])`.
    fn new(deck: &[T], m: usize, loglik: &[Vec<f64>]) -> Deals<T> {
        let mut deals = Vec::new();
        let mut logw = Vec::new();
        let mut pick = [0usize; MAX_PLAYERS];
        enumerate(deck.len(), m, 0, &mut pick, &mut |p| {
            let mut d = [deck[0]; MAX_PLAYERS];
            let mut w = 0.0;
            for i in 0..m {
                d[i] = deck[p[i]];
                w += loglik[i][p[i]];
            }
            deals.push(d);
            logw.push(w);
        });
        let top = logw.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mut total = 0.0;
        let cumulative = logw
            .iter()
            .map(|w| {
                // Never quite impossible: the model is rough.
                total += libm::exp((w - top).max(-30.0));
                total
            })
            .collect();
        Deals { deals, cumulative }
    }

    fn draw(&self, rng: &mut SplitMix64) -> &[T; MAX_PLAYERS] {
        let total = self.cumulative.last().copied().unwrap_or(0.0);
        let x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
        let i = self.cumulative.partition_point(|&c| c <= x);
        &self.deals[i.min(self.deals.len() - 1)]
    }
}

/// Calls `f` with every injective choice of `m` indices below `n`.
fn enumerate(
    n: usize,
    m: usize,
    at: usize,
    pick: &mut [usize; MAX_PLAYERS],
    f: &mut impl FnMut(&[usize; MAX_PLAYERS]),
) {
    if at == m {
        f(pick);
        return;
    }
    for i in 0..n {
        if !pick[..at].contains(&i) {
            pick[at] = i;
            enumerate(n, m, at + 1, pick, f);
        }
    }
}

/// The Metropolys cards of the opponents.
#[derive(Debug, Clone)]
enum Cards {
    /// The game has none.
    None,
    /// Dealt from a known deck (the deck minus the seat's own card).
    Deck(Deals<MetropolysCard>),
    /// Each opponent's card is any of the ten, independently: cumulative
    /// weights per opponent.
    Free(Vec<[f64; 10]>),
}

/// The belief of one seat over the opponents' secret cards.
#[derive(Debug, Clone)]
pub(crate) struct Belief {
    areas: Deals<Area>,
    kinds: Option<Deals<Kind>>,
    cards: Cards,
}

impl Belief {
    /// The belief of `view`'s seat with evidence weight `beta`.
    pub(crate) fn new(view: &InfoSet, tables: &Tables, beta: f64) -> Belief {
        Belief::with(view, tables, Model::Hand(beta))
    }

    /// The belief of `view`'s seat under `model`.
    pub(crate) fn with(view: &InfoSet, tables: &Tables, model: Model) -> Belief {
        let s = view.position();
        let opponents: Vec<Seat> = (0..s.players()).filter(|&q| q != view.seat()).collect();
        let m = opponents.len();
        let beta = match model {
            Model::Hand(beta) => beta,
            Model::Learned => LEARNED_BETA,
        };
        let areas = view.hidden_areas();
        let area_ll: Vec<Vec<f64>> = opponents
            .iter()
            .map(|&q| {
                let ll = area_loglik(s, tables, q, beta, areas);
                weigh(model, s, q, areas, ll, &LEARNED.area)
            })
            .collect();
        let kinds = view.hidden_kinds();
        let kinds = (!kinds.is_empty()).then(|| {
            let ll: Vec<Vec<f64>> = opponents
                .iter()
                .map(|&q| {
                    let ll = kind_loglik(s, tables, q, beta, kinds);
                    weigh(model, s, q, kinds, ll, &LEARNED.neighborhood)
                })
                .collect();
            Deals::new(kinds, m, &ll)
        });
        let card_ll = |deck: &[MetropolysCard]| -> Vec<Vec<f64>> {
            opponents
                .iter()
                .map(|&q| {
                    let ll = card_loglik(s, tables, q, beta, deck);
                    weigh(model, s, q, deck, ll, &LEARNED.metropolys)
                })
                .collect()
        };
        let cards = if view.metropolys_card().is_none() {
            Cards::None
        } else if let Some(rest) = view.deck_rest() {
            Cards::Deck(Deals::new(rest, m, &card_ll(rest)))
        } else {
            let all = metropolys_core::METROPOLYS_CARDS;
            Cards::Free(
                card_ll(&all)
                    .into_iter()
                    .map(|ll| {
                        let top = ll.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                        let mut c = [0.0; 10];
                        let mut total = 0.0;
                        for (slot, l) in c.iter_mut().zip(&ll) {
                            total += libm::exp(l - top);
                            *slot = total;
                        }
                        c
                    })
                    .collect(),
            )
        };
        Belief {
            areas: Deals::new(areas, m, &area_ll),
            kinds,
            cards,
        }
    }

    /// A whole state drawn from the belief: the view's position with the
    /// opponents' cards dealt.
    pub(crate) fn sample(&self, view: &InfoSet, rng: &mut SplitMix64) -> State {
        let s = view.position();
        if s.is_over() {
            return *s;
        }
        let n = s.players() as usize;
        let areas = *self.areas.draw(rng);
        let kinds = self.kinds.as_ref().map(|k| *k.draw(rng));
        let own = view.objective();
        let mut objectives = [own; MAX_PLAYERS];
        let mut next = 0;
        for (q, o) in objectives.iter_mut().enumerate().take(n) {
            if q != view.seat() as usize {
                *o = Objective {
                    neighborhood: kinds.map(|k| k[next]),
                    area: areas[next],
                };
                next += 1;
            }
        }
        let cards = view.metropolys_card().map(|own_card| {
            let mut cards = [own_card; MAX_PLAYERS];
            let mut next = 0;
            let deck = match &self.cards {
                Cards::Deck(d) => Some(*d.draw(rng)),
                _ => None,
            };
            for (q, c) in cards.iter_mut().enumerate().take(n) {
                if q == view.seat() as usize {
                    continue;
                }
                *c = match (&self.cards, deck) {
                    (_, Some(d)) => d[next],
                    (Cards::Free(w), _) => {
                        let cum = &w[next];
                        let x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * cum[9];
                        let i = cum.partition_point(|&c| c <= x).min(9);
                        metropolys_core::METROPOLYS_CARDS[i]
                    }
                    _ => own_card,
                };
                next += 1;
            }
            cards
        });
        view.deal(&objectives[..n], cards.as_ref().map(|c| &c[..n]))
    }
}

/// [`loglik`] of each area card.
pub(crate) fn area_loglik(
    s: &State,
    tables: &Tables,
    q: Seat,
    beta: f64,
    deck: &[Area],
) -> Vec<f64> {
    loglik(s, tables, q, beta, deck, |ctx, nb, a: &Area| {
        let o = Objective {
            neighborhood: None,
            area: *a,
        };
        ctx.objective_value(tables, o, nb, 1u64 << nb)
    })
}

/// [`loglik`] of each neighborhood card.
pub(crate) fn kind_loglik(
    s: &State,
    tables: &Tables,
    q: Seat,
    beta: f64,
    deck: &[Kind],
) -> Vec<f64> {
    loglik(s, tables, q, beta, deck, |_, nb, k: &Kind| {
        if tables.kind_of(nb) == *k {
            2.0
        } else {
            0.0
        }
    })
}

/// [`loglik`] of each Metropolys card.
pub(crate) fn card_loglik(
    s: &State,
    tables: &Tables,
    q: Seat,
    beta: f64,
    deck: &[MetropolysCard],
) -> Vec<f64> {
    loglik(s, tables, q, beta, deck, |ctx, nb, c: &MetropolysCard| {
        ctx.card_value(tables, *c, nb)
    })
}

/// The log-likelihood of seat `q`'s constructions under each candidate of
/// `deck`: each construction a choice among the free neighborhoods and
/// itself, with probability ∝ `exp(β (public value + candidate value))`.
/// `value(ctx, nb, candidate)` is the candidate's own term for building
/// on `nb`.
fn loglik<T>(
    s: &State,
    tables: &Tables,
    q: Seat,
    beta: f64,
    deck: &[T],
    value: impl Fn(&Ctx, u8, &T) -> f32,
) -> Vec<f64> {
    let mut ll = vec![0.0; deck.len()];
    if beta == 0.0 {
        return ll;
    }
    let built = s.constructed(q).0;
    let mut occupied = 0u64;
    for p in 0..s.players() {
        occupied |= s.constructed(p).0;
    }
    let free = s.in_play().0 & !occupied;
    let mut rest = built;
    while rest != 0 {
        let nb = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        let ctx = Ctx::hypothetical(s, q, built & !(1u64 << nb), None, None);
        let mut options = free | 1u64 << nb;
        // Per option: its public value and each candidate's term.
        let mut terms: Vec<(u8, f32, Vec<f32>)> = Vec::new();
        while options != 0 {
            let o = options.trailing_zeros() as u8;
            options &= options - 1;
            terms.push((
                o,
                ctx.public_value(tables, s, o),
                deck.iter().map(|c| value(&ctx, o, c)).collect(),
            ));
        }
        for (c, l) in ll.iter_mut().enumerate() {
            let x = |t: &(u8, f32, Vec<f32>)| beta * f64::from(t.1 + t.2[c]);
            let top = terms.iter().map(x).fold(f64::NEG_INFINITY, f64::max);
            let lse = top + libm::log(terms.iter().map(|t| libm::exp(x(t) - top)).sum::<f64>());
            let chosen = terms.iter().find(|t| t.0 == nb).map_or(0.0, x);
            *l += chosen - lse;
        }
    }
    ll
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bot, Greedy};
    use metropolys_core::{Config, Variant};

    impl<T: Copy + PartialEq> Deals<T> {
        /// The probability that opponent `i` holds `item`.
        fn marginal(&self, i: usize, item: T) -> f64 {
            let mut last = 0.0;
            let mut hit = 0.0;
            for (d, &c) in self.deals.iter().zip(&self.cumulative) {
                if d[i] == item {
                    hit += c - last;
                }
                last = c;
            }
            hit / last
        }
    }

    /// Positions of games between `bots`, every `step` decisions from the
    /// `from`-th on.
    fn positions(
        config: &Config,
        bots: &mut [Box<dyn Bot>],
        from: usize,
        step: usize,
    ) -> Vec<State> {
        let mut s = State::new(config).unwrap();
        let mut out = Vec::new();
        let mut rng = SplitMix64::new(config.seed);
        let mut i = 0;
        while let Some(seat) = s.to_act() {
            if i >= from && (i - from).is_multiple_of(step) {
                out.push(s);
            }
            let view = InfoSet::new(&s, seat).unwrap();
            let a = bots[seat as usize].choose(&view, &mut rng).unwrap();
            s = s.play(a).unwrap();
            i += 1;
        }
        out
    }

    /// The mean log-probability the belief gives the opponents' true area
    /// and neighborhood cards, over positions of greedy games.
    fn mean_log_probability(beta: f64, positions: &[State]) -> f64 {
        mean_log_probability_of(Model::Hand(beta), positions)
    }

    /// [`mean_log_probability`] under `model`.
    fn mean_log_probability_of(model: Model, positions: &[State]) -> f64 {
        let tables = Tables::new();
        let (mut sum, mut n) = (0.0, 0.0);
        for s in positions {
            let seat = s.to_act().unwrap();
            let view = InfoSet::new(s, seat).unwrap();
            let belief = Belief::with(&view, &tables, model);
            let opponents: Vec<Seat> = (0..s.players()).filter(|&q| q != seat).collect();
            for (i, &q) in opponents.iter().enumerate() {
                let truth = s.objective(q).unwrap();
                sum += belief.areas.marginal(i, truth.area).ln();
                if let (Some(k), Some(kinds)) = (truth.neighborhood, &belief.kinds) {
                    sum += kinds.marginal(i, k).ln();
                }
                n += 1.0;
            }
        }
        sum / n
    }

    /// Positions from the second half of six 3-player greedy games.
    fn greedy_positions() -> Vec<State> {
        let mut pos = Vec::new();
        for seed in 0..6 {
            let config = Config::new(3, Variant::Expert, seed);
            let mut bots: Vec<Box<dyn Bot>> = (0..3)
                .map(|_| Box::new(Greedy::default()) as Box<dyn Bot>)
                .collect();
            pos.extend(positions(&config, &mut bots, 40, 9));
        }
        pos
    }

    /// The belief reads the opponents' constructions: in the second half
    /// of greedy games it gives their true cards more probability than the
    /// uniform deal, and β = 0 is the uniform deal.
    #[test]
    fn the_belief_finds_the_opponents_cards_better_than_chance() {
        let pos = greedy_positions();
        assert!(pos.len() > 20, "{}", pos.len());
        let uniform = mean_log_probability(0.0, &pos);
        // 4 area cards and 4 kinds left for each opponent: ln(1/4) each.
        assert!((uniform - 2.0 * (0.25f64).ln()).abs() < 1e-9, "{uniform}");
        // β = 0.2 is about the best for these games (0.1: -2.63, 0.2:
        // -2.61, 0.5: -3.13, 1: -5.38: larger weights are overconfident).
        let informed = mean_log_probability(0.2, &pos);
        assert!(informed > uniform + 0.1, "{informed} vs {uniform}");
    }

    /// The learned belief (fitted on games of `strong`,
    /// docs/learning.md) gives the opponents' true cards more probability
    /// than the hand-written one at its best weight, also in these games
    /// of another bot.
    #[test]
    fn the_learned_belief_finds_the_opponents_cards_better_than_the_hand_written_one() {
        let pos = greedy_positions();
        let hand = mean_log_probability(0.2, &pos);
        let learned = mean_log_probability_of(Model::Learned, &pos);
        assert!(learned > hand + 0.05, "{learned} vs {hand}");
    }

    /// A Metropolys card is the same card whatever the order of its kinds.
    #[test]
    fn a_metropolys_card_has_its_index_in_any_order() {
        for (i, c) in METROPOLYS_CARDS.iter().enumerate() {
            assert_eq!(c.id(), i);
            assert_eq!([c[2], c[0], c[1]].id(), i);
        }
    }
}
