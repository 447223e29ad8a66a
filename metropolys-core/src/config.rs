//! Configuration and setup (R-1 … R-6, R-22).
//!
//! A [`Config`] says how to set a game up: the player count, the variant, the
//! start player, a seed, and optionally any part of the setup given
//! explicitly (districts out of play, token layout, objective deal,
//! Metropolys cards). [`Config::resolve`] validates it and draws whatever is
//! not given from the seed ([`crate::rng`] documents the generator), giving a
//! [`Setup`] where everything is explicit. Setup is a pure function of the
//! configuration (R-6).
//!
//! # JSON
//!
//! ```json
//! {
//!   "players": 3, "variant": "expert", "seed": 42, "start_player": 0,
//!   "out_of_play": ["west"],
//!   "tokens": {"12": "trendy", "30": "subway", "7": "archaeology", "...": "..."},
//!   "objectives": [{"neighborhood": "park", "area": "chains"}, "..."],
//!   "metropolys_cards": [["park", "mall", "housing"], "..."]
//! }
//! ```
//!
//! Only `players` is required. `variant` defaults to `family`, `seed` and
//! `start_player` to 0. `tokens` maps neighborhood ids (as strings, JSON
//! object keys) to `trendy`, `subway` or `archaeology` and must be a whole
//! layout. `objectives` is one per seat: Family `{"area": …}`; Expert
//! `{"neighborhood": kind, "area": …}`; Expert with Metropolys cards
//! `{"area": …}`. `metropolys_cards` enables the Metropolys module with the
//! cards of each seat; `metropolys_deck` (four cards) enables it and deals
//! the deck from the seed instead (R-22: the deck is never invented). Unknown
//! fields are rejected.

use crate::bits::{BitIter, NeighborhoodSet};
use crate::board;
use crate::error::ConfigError;
use crate::rng::{self, SplitMix64};
use crate::types::{
    Area, District, Kind, NeighborhoodId, Seat, Token, Variant, EXPERT_AREAS, FAMILY_AREAS,
    MAX_PLAYERS, PLAYER_COUNTS,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub use crate::types::{MetropolysCard, Objective};

/// How to set a game up. See the [module docs](self) for the JSON shape.
///
/// ```
/// use metropolys_core::{Config, Variant};
/// let config = Config::new(3, Variant::Expert, 42);
/// let setup = config.resolve().unwrap();
/// assert_eq!(setup.out_of_play.len(), 1); // R-2
/// assert_eq!(setup.tokens.len(), 22); // R-3: 8 + 7 + 7
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// 2, 3 or 4 players (R-1).
    pub players: u8,
    /// Family or Expert.
    #[serde(default = "default_variant")]
    #[cfg_attr(feature = "typescript", tsify(optional))]
    pub variant: Variant,
    /// The seed from which everything not given explicitly is drawn (R-6).
    #[serde(default)]
    #[cfg_attr(feature = "typescript", tsify(type = "number | bigint", optional))]
    pub seed: u64,
    /// The seat that opens the first call (R-1).
    #[serde(default)]
    #[cfg_attr(feature = "typescript", tsify(optional))]
    pub start_player: Seat,
    /// Districts out of play (R-2); drawn from the seed when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub out_of_play: Option<Vec<District>>,
    /// The token layout (R-4); drawn from the seed when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(
        feature = "typescript",
        tsify(type = "Partial<Record<NeighborhoodId, Token>>", optional)
    )]
    pub tokens: Option<BTreeMap<NeighborhoodId, Token>>,
    /// One objective per seat (R-5); dealt from the seed when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objectives: Option<Vec<Objective>>,
    /// The Metropolys card of each seat (§9); `None` plays without the module
    /// unless `metropolys_deck` is given.
    #[serde(default)]
    #[cfg_attr(feature = "typescript", tsify(optional))]
    pub metropolys_cards: Option<Vec<MetropolysCard>>,
    /// A deck of four Metropolys cards dealt from the seed (R-22).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metropolys_deck: Option<Vec<MetropolysCard>>,
}

fn default_variant() -> Variant {
    Variant::Family
}

/// A fully explicit setup: the result of [`Config::resolve`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// 2, 3 or 4.
    pub players: u8,
    /// Family or Expert.
    pub variant: Variant,
    /// The seat that opens the first call.
    pub start_player: Seat,
    /// Districts out of play, in ring order.
    pub out_of_play: Vec<District>,
    /// The token on each neighborhood that has one.
    pub tokens: BTreeMap<NeighborhoodId, Token>,
    /// One objective per seat.
    pub objectives: Vec<Objective>,
    /// One Metropolys card per seat, when the module is in play.
    pub metropolys_cards: Option<Vec<MetropolysCard>>,
}

impl Config {
    /// A configuration that draws everything from `seed`, start player 0.
    pub fn new(players: u8, variant: Variant, seed: u64) -> Config {
        Config {
            players,
            variant,
            seed,
            start_player: 0,
            out_of_play: None,
            tokens: None,
            objectives: None,
            metropolys_cards: None,
            metropolys_deck: None,
        }
    }

    /// Whether the Metropolys module is in play.
    pub fn uses_metropolys_cards(&self) -> bool {
        self.metropolys_cards.is_some() || self.metropolys_deck.is_some()
    }

    /// The same configuration with every part drawn from the seed written out
    /// explicitly (the deck, if any, becomes the dealt cards).
    pub fn resolved(&self) -> Result<Config, ConfigError> {
        let s = self.resolve()?;
        Ok(Config {
            players: s.players,
            variant: s.variant,
            seed: self.seed,
            start_player: s.start_player,
            out_of_play: Some(s.out_of_play),
            tokens: Some(s.tokens),
            objectives: Some(s.objectives),
            metropolys_cards: s.metropolys_cards,
            metropolys_deck: None,
        })
    }

    /// Validates the configuration and draws what is not explicit (R-1 … R-6).
    pub fn resolve(&self) -> Result<Setup, ConfigError> {
        Ok(self.draw()?.to_setup())
    }

    /// [`Config::resolve`] into fixed-size arrays, allocating nothing for the
    /// parts drawn from the seed (`State::new` builds from this).
    pub(crate) fn draw(&self) -> Result<Drawn, ConfigError> {
        let n = self.players;
        if !PLAYER_COUNTS.contains(&n) {
            return Err(ConfigError::Players(n));
        }
        if self.start_player >= n {
            return Err(ConfigError::StartPlayer {
                start: self.start_player,
                players: n,
            });
        }
        let in_play = match &self.out_of_play {
            Some(given) => {
                check_out_of_play(n, given)?;
                in_play_mask(given)
            }
            None => draw_in_play(n, self.seed),
        };
        let tokens = match &self.tokens {
            Some(given) => {
                check_tokens(n, in_play, given)?;
                let mut masks = [0u64; 3];
                for (&id, &t) in given {
                    masks[t.index()] |= 1u64 << id;
                }
                masks
            }
            None => draw_tokens(n, in_play, self.seed),
        };
        let metropolys = self.uses_metropolys_cards();
        let objectives = match &self.objectives {
            Some(given) => {
                check_objectives(n, self.variant, metropolys, given)?;
                let mut o = [NO_OBJECTIVE; MAX_PLAYERS];
                o[..given.len()].copy_from_slice(given);
                o
            }
            None => deal_objectives(n, self.variant, metropolys, self.seed),
        };
        let cards = match (&self.metropolys_cards, &self.metropolys_deck) {
            (Some(_), Some(_)) => return Err(ConfigError::MetropolysCards(
                "give either metropolys_cards (per seat) or metropolys_deck (four cards), not both"
                    .into(),
            )),
            (Some(cards), None) => {
                if cards.len() != n as usize {
                    return Err(ConfigError::MetropolysCards(format!(
                        "metropolys_cards needs one card per seat: {} cards for {n} players",
                        cards.len()
                    )));
                }
                check_cards(cards)?;
                let mut c = [NO_CARD; MAX_PLAYERS];
                c[..cards.len()].copy_from_slice(cards);
                Some(c)
            }
            (None, Some(deck)) => {
                check_deck(deck)?;
                let mut c = [NO_CARD; MAX_PLAYERS];
                c.copy_from_slice(deck);
                SplitMix64::stream(self.seed, rng::STREAM_METROPOLYS).shuffle(&mut c);
                // Only the first `n` cards are dealt.
                c[n as usize..].fill(NO_CARD);
                Some(c)
            }
            (None, None) => None,
        };
        Ok(Drawn {
            players: n,
            variant: self.variant,
            start_player: self.start_player,
            in_play,
            tokens,
            objectives,
            cards,
        })
    }
}

/// The filler of unused objective slots (seats beyond the player count).
pub(crate) const NO_OBJECTIVE: Objective = Objective {
    neighborhood: None,
    area: Area::Bridges,
};

/// The filler of unused Metropolys card slots.
pub(crate) const NO_CARD: MetropolysCard = [Kind::Industry; 3];

/// A resolved setup in fixed-size arrays (slots beyond the player count hold
/// [`NO_OBJECTIVE`] and [`NO_CARD`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Drawn {
    pub(crate) players: u8,
    pub(crate) variant: Variant,
    pub(crate) start_player: Seat,
    /// The neighborhoods in play (R-2).
    pub(crate) in_play: u64,
    /// The token layout as one mask per [`Token::index`] (R-4).
    pub(crate) tokens: [u64; 3],
    pub(crate) objectives: [Objective; MAX_PLAYERS],
    /// The Metropolys cards, when the module is in play.
    pub(crate) cards: Option<[MetropolysCard; MAX_PLAYERS]>,
}

impl Drawn {
    /// The same setup as a [`Setup`].
    fn to_setup(self) -> Setup {
        let n = self.players as usize;
        let all = self.tokens[0] | self.tokens[1] | self.tokens[2];
        Setup {
            players: self.players,
            variant: self.variant,
            start_player: self.start_player,
            out_of_play: District::PERIPHERAL
                .iter()
                .copied()
                .filter(|&d| board::in_district(d).0 & self.in_play == 0)
                .collect(),
            tokens: BitIter(all)
                .map(|id| {
                    let t = Token::ALL
                        .iter()
                        .copied()
                        .find(|t| self.tokens[t.index()] & (1u64 << id) != 0)
                        .unwrap_or(Token::Trendy);
                    (id, t)
                })
                .collect(),
            objectives: self.objectives[..n].to_vec(),
            metropolys_cards: self.cards.map(|c| c[..n].to_vec()),
        }
    }
}

/// The mask of neighborhoods in play given the districts out of play (R-2).
pub(crate) fn in_play_mask(out_of_play: &[District]) -> u64 {
    out_of_play
        .iter()
        .fold(NeighborhoodSet::ALL.0, |m, &d| m & !board::in_district(d).0)
}

/// How many peripheral districts are out of play for `n` players (R-2).
fn out_count(n: u8) -> usize {
    match n {
        4 => 0,
        3 => 1,
        _ => 2,
    }
}

fn check_out_of_play(n: u8, given: &[District]) -> Result<(), ConfigError> {
    let want = out_count(n);
    if given.len() != want {
        return Err(ConfigError::OutOfPlay(format!(
            "{n} players leave {want} peripheral district(s) out of play, not {}",
            given.len()
        )));
    }
    if given.contains(&District::Center) {
        return Err(ConfigError::OutOfPlay(
            "the center is always in play".into(),
        ));
    }
    if want == 2 {
        if given[0] == given[1] {
            return Err(ConfigError::OutOfPlay(
                "the two districts out of play must differ".into(),
            ));
        }
        let ring = board::peripheral_ring();
        let pos = |d: District| ring.iter().position(|&r| r == d).unwrap_or(0);
        let (a, b) = (pos(given[0]), pos(given[1]));
        if (a + 1) % 4 != b && (b + 1) % 4 != a {
            return Err(ConfigError::OutOfPlay(format!(
                "with 2 players the districts out of play must be adjacent on the ring north-east-south-west: {} and {} are not",
                given[0], given[1]
            )));
        }
    }
    Ok(())
}

/// Draws the districts out of play (R-2); returns the neighborhoods in play.
fn draw_in_play(n: u8, seed: u64) -> u64 {
    let ring = board::peripheral_ring();
    let mut rng = SplitMix64::stream(seed, rng::STREAM_DISTRICTS);
    match out_count(n) {
        0 => in_play_mask(&[]),
        1 => in_play_mask(&[ring[rng.below(4) as usize]]),
        _ => {
            let i = rng.below(4) as usize;
            in_play_mask(&[ring[i], ring[(i + 1) % 4]])
        }
    }
}

/// The token pool of R-3: (trendy, subway, archaeology).
pub(crate) fn token_pool(n: u8) -> [u8; 3] {
    match n {
        4 => [9, 9, 9],
        3 => [8, 7, 7],
        _ => [5, 6, 6],
    }
}

/// How many tokens a district holds (R-4).
pub(crate) fn tokens_in(d: District) -> usize {
    if d == District::Center {
        7
    } else {
        5
    }
}

fn check_tokens(
    n: u8,
    in_play: u64,
    given: &BTreeMap<NeighborhoodId, Token>,
) -> Result<(), ConfigError> {
    let mut counts = [0u8; 3];
    let mut per_district = [0usize; 5];
    for (&id, &t) in given {
        let Some(d) = board::district(id) else {
            return Err(ConfigError::Tokens(format!(
                "there is no neighborhood {id}; ids are 0-54"
            )));
        };
        if in_play & (1u64 << id) == 0 {
            return Err(ConfigError::Tokens(format!(
                "neighborhood {id} is in the {d} district, which is out of play"
            )));
        }
        if board::is_blind_alley(id) {
            return Err(ConfigError::Tokens(format!(
                "neighborhood {id} is a blind alley and never holds a token"
            )));
        }
        counts[t.index()] += 1;
        per_district[d.index()] += 1;
    }
    let pool = token_pool(n);
    if counts != pool {
        return Err(ConfigError::Tokens(format!(
            "{n} players use {} trendy, {} subway and {} archaeology tokens, not {}, {} and {}",
            pool[0], pool[1], pool[2], counts[0], counts[1], counts[2]
        )));
    }
    for &d in District::ALL {
        let want = if in_play & board::in_district(d).0 != 0 {
            tokens_in(d)
        } else {
            0
        };
        if per_district[d.index()] != want {
            return Err(ConfigError::Tokens(format!(
                "the {d} district holds {want} tokens, not {}",
                per_district[d.index()]
            )));
        }
    }
    Ok(())
}

/// The neighborhoods of each district (by [`District::index`]) that can
/// hold a token, ascending: every one but the blind alleys (R-4); and how
/// many (a district has at most 15 neighborhoods).
const TOKEN_SPOTS: [([NeighborhoodId; 15], usize); 5] = {
    let mut t = [([0 as NeighborhoodId; 15], 0usize); 5];
    let mut d = 0;
    while d < 5 {
        let (start, len) = board::district_range(District::ALL[d]);
        let mut id = start;
        while id < start + len {
            if board::BLIND_ALLEY & (1u64 << id) == 0 {
                t[d].0[t[d].1] = id;
                t[d].1 += 1;
            }
            id += 1;
        }
        d += 1;
    }
    t
};

/// Draws the token layout (R-3, R-4): the pool is shuffled, then each
/// district in order shuffles its eligible neighborhoods and takes the next
/// tokens for the first of them. Returns one mask per [`Token::index`].
fn draw_tokens(n: u8, in_play: u64, seed: u64) -> [u64; 3] {
    let mut rng = SplitMix64::stream(seed, rng::STREAM_TOKENS);
    let pool = token_pool(n);
    let mut tokens = [Token::Trendy; 27];
    let mut len = 0;
    for &t in Token::ALL {
        for _ in 0..pool[t.index()] {
            tokens[len] = t;
            len += 1;
        }
    }
    let tokens = &mut tokens[..len];
    rng.shuffle(tokens);
    let mut next = tokens.iter();
    let mut layout = [0u64; 3];
    for (&d, &(mut eligible, m)) in District::ALL.iter().zip(&TOKEN_SPOTS) {
        // Districts are wholly in play or out of it (R-2).
        if board::in_district(d).0 & in_play == 0 {
            continue;
        }
        let eligible = &mut eligible[..m];
        rng.shuffle(eligible);
        for &id in eligible.iter().take(tokens_in(d)) {
            if let Some(t) = next.next() {
                layout[t.index()] |= 1u64 << id;
            }
        }
    }
    layout
}

/// The area deck of a variant, before the deal (R-5, §9): the cards and
/// how many there are.
fn area_deck(n: u8, variant: Variant, metropolys: bool) -> ([Area; 5], usize) {
    let (all, left_out): (&[Area], Option<Area>) = match variant {
        Variant::Family => (&FAMILY_AREAS, (n == 2).then_some(Area::Border)),
        Variant::Expert => (&EXPERT_AREAS, metropolys.then_some(Area::Districts)),
    };
    let mut deck = [Area::Bridges; 5];
    let mut len = 0;
    for &a in all {
        if Some(a) != left_out {
            deck[len] = a;
            len += 1;
        }
    }
    (deck, len)
}

fn check_objectives(
    n: u8,
    variant: Variant,
    metropolys: bool,
    given: &[Objective],
) -> Result<(), ConfigError> {
    let known: Vec<Option<Objective>> = given.iter().copied().map(Some).collect();
    check_known_objectives(n, variant, metropolys, &known)
}

/// [`check_objectives`] where some seats' objectives are unknown (`None`,
/// hidden in a view): the known ones are checked against the deck and
/// against each other.
fn check_known_objectives(
    n: u8,
    variant: Variant,
    metropolys: bool,
    given: &[Option<Objective>],
) -> Result<(), ConfigError> {
    if given.len() != n as usize {
        return Err(ConfigError::Objectives(format!(
            "one objective per seat: {} given for {n} players",
            given.len()
        )));
    }
    let (deck, len) = area_deck(n, variant, metropolys);
    let deck = &deck[..len];
    let wants_kind = variant == Variant::Expert && !metropolys;
    for (seat, o) in given.iter().enumerate() {
        let Some(o) = o else { continue };
        if !deck.contains(&o.area) {
            return Err(ConfigError::Objectives(format!(
                "seat {seat}: the {} area card is not in the deck of this game ({})",
                o.area,
                deck.iter().map(|a| a.name()).collect::<Vec<_>>().join(", ")
            )));
        }
        match (wants_kind, o.neighborhood) {
            (true, None) => {
                return Err(ConfigError::Objectives(format!(
                    "seat {seat}: the Expert game deals a neighborhood card to each seat"
                )))
            }
            (false, Some(_)) => {
                return Err(ConfigError::Objectives(format!(
                    "seat {seat}: this game has no neighborhood cards"
                )))
            }
            _ => {}
        }
        for (other, p) in given.iter().enumerate().take(seat) {
            let Some(p) = p else { continue };
            if p.area == o.area {
                return Err(ConfigError::Objectives(format!(
                    "seats {other} and {seat} both hold the {} area card; there is one of each",
                    o.area
                )));
            }
            if o.neighborhood.is_some() && p.neighborhood == o.neighborhood {
                return Err(ConfigError::Objectives(format!(
                    "seats {other} and {seat} both hold the {} neighborhood card; there is one of each",
                    o.neighborhood.map(|k| k.name()).unwrap_or_default()
                )));
            }
        }
    }
    Ok(())
}

/// Deals one objective per seat (R-5): the area deck is shuffled, then (in
/// the Expert game without Metropolys cards) the five neighborhood cards.
fn deal_objectives(
    n: u8,
    variant: Variant,
    metropolys: bool,
    seed: u64,
) -> [Objective; MAX_PLAYERS] {
    let mut rng = SplitMix64::stream(seed, rng::STREAM_OBJECTIVES);
    let (mut areas, len) = area_deck(n, variant, metropolys);
    rng.shuffle(&mut areas[..len]);
    let kinds = (variant == Variant::Expert && !metropolys).then(|| {
        let mut k = [Kind::Industry; 5];
        k.copy_from_slice(Kind::ALL);
        rng.shuffle(&mut k);
        k
    });
    let mut out = [NO_OBJECTIVE; MAX_PLAYERS];
    for (i, o) in out.iter_mut().enumerate().take(n as usize) {
        *o = Objective {
            neighborhood: kinds.map(|k| k[i]),
            area: areas[i],
        };
    }
    out
}

/// Checks a Metropolys deck (R-22): the four cards of the game, each of
/// three different kinds (§9).
///
/// ```
/// use metropolys_core::config::check_deck;
/// use metropolys_core::Kind::*;
/// let deck = [[Park, Mall, Industry], [Housing, Park, Mall], [Administration, Housing, Park], [Industry, Housing, Mall]];
/// assert!(check_deck(&deck).is_ok());
/// assert!(check_deck(&deck[..3]).is_err());
/// ```
pub fn check_deck(deck: &[MetropolysCard]) -> Result<(), ConfigError> {
    if deck.len() != 4 {
        return Err(ConfigError::MetropolysCards(format!(
            "metropolys_deck holds the four cards of the game, not {}",
            deck.len()
        )));
    }
    check_cards(deck)
}

/// Whether two Metropolys cards are the same card: they show the same three
/// kinds, in any order (§9).
///
/// ```
/// use metropolys_core::config::same_metropolys_card;
/// use metropolys_core::Kind::*;
/// assert!(same_metropolys_card(&[Park, Mall, Industry], &[Industry, Park, Mall]));
/// assert!(!same_metropolys_card(&[Park, Mall, Industry], &[Park, Mall, Housing]));
/// ```
pub fn same_metropolys_card(a: &MetropolysCard, b: &MetropolysCard) -> bool {
    let (mut a, mut b) = (*a, *b);
    a.sort();
    b.sort();
    a == b
}

/// Checks that `cards` (the Metropolys cards a position shows) can have
/// been dealt from `deck` (R-22): the deck is a valid deck
/// ([`check_deck`]) and each card is a different card of it (a deck
/// holding a card twice may deal it twice).
///
/// ```
/// use metropolys_core::config::check_dealt_from;
/// use metropolys_core::Kind::*;
/// let deck = [[Park, Mall, Industry], [Housing, Park, Mall], [Administration, Housing, Park], [Industry, Housing, Mall]];
/// assert!(check_dealt_from(&deck, &[[Mall, Park, Housing]]).is_ok());
/// assert!(check_dealt_from(&deck, &[[Mall, Park, Housing], [Housing, Park, Mall]]).is_err());
/// assert!(check_dealt_from(&deck, &[[Mall, Park, Administration]]).is_err());
/// ```
pub fn check_dealt_from(
    deck: &[MetropolysCard],
    cards: &[MetropolysCard],
) -> Result<(), ConfigError> {
    check_deck(deck)?;
    let mut used = [false; 4];
    for c in cards {
        let free = (0..deck.len()).find(|&i| !used[i] && same_metropolys_card(&deck[i], c));
        match free {
            Some(i) => used[i] = true,
            None => {
                return Err(ConfigError::MetropolysCards(format!(
                    "the card {}, {}, {} is not one left in the deck",
                    c[0], c[1], c[2]
                )))
            }
        }
    }
    Ok(())
}

/// The deck a position names (a snapshot's, or one a game is told),
/// checked against it (R-22): the game plays with Metropolys cards
/// (`metropolys`) and the deck can have dealt the cards it shows
/// ([`check_dealt_from`]).
pub(crate) fn check_position_deck(
    metropolys: bool,
    deck: &[MetropolysCard],
    shown: &[MetropolysCard],
) -> Result<[MetropolysCard; 4], ConfigError> {
    if !metropolys {
        return Err(ConfigError::MetropolysCards(
            "a metropolys_deck in a game without Metropolys cards".into(),
        ));
    }
    check_dealt_from(deck, shown)?;
    as_deck(Some(deck)).ok_or_else(|| ConfigError::MetropolysCards("not four cards".into()))
}

/// Four cards as a deck array; `None` for none or another count (the
/// loaders check decks first, see [`check_deck`]).
pub(crate) fn as_deck(deck: Option<&[MetropolysCard]>) -> Option<[MetropolysCard; 4]> {
    deck.and_then(|d| <[MetropolysCard; 4]>::try_from(d).ok())
}

fn check_cards(cards: &[MetropolysCard]) -> Result<(), ConfigError> {
    for (i, c) in cards.iter().enumerate() {
        if c[0] == c[1] || c[0] == c[2] || c[1] == c[2] {
            return Err(ConfigError::MetropolysCards(format!(
                "card {i} must show three different kinds, not {}, {}, {}",
                c[0], c[1], c[2]
            )));
        }
    }
    Ok(())
}

/// Checks one objective list against a game's variant and module (used when
/// loading a state).
pub(crate) fn validate_objectives(
    n: u8,
    variant: Variant,
    metropolys: bool,
    given: &[Objective],
) -> Result<(), ConfigError> {
    check_objectives(n, variant, metropolys, given)
}

/// Checks the objectives a view shows (`None` where hidden) against a
/// game's variant and module (used when loading a view).
pub(crate) fn validate_known_objectives(
    n: u8,
    variant: Variant,
    metropolys: bool,
    given: &[Option<Objective>],
) -> Result<(), ConfigError> {
    check_known_objectives(n, variant, metropolys, given)
}

/// Checks Metropolys cards (used when loading a state).
pub(crate) fn validate_cards(cards: &[MetropolysCard]) -> Result<(), ConfigError> {
    check_cards(cards)
}

/// Checks districts out of play (used when loading a state).
pub(crate) fn validate_out_of_play(n: u8, given: &[District]) -> Result<(), ConfigError> {
    check_out_of_play(n, given)
}

/// The area cards of a game's deck before the deal (R-5, §9): Family, the
/// four area cards (2 players: without Border); Expert, the five expert area
/// cards (with Metropolys cards: without Districts).
///
/// ```
/// use metropolys_core::{config::area_cards, Area, Variant};
/// assert_eq!(area_cards(2, Variant::Family, false), [Area::Bridges, Area::Statues, Area::Lakes]);
/// assert_eq!(area_cards(4, Variant::Expert, true).len(), 4);
/// ```
pub fn area_cards(players: u8, variant: Variant, metropolys: bool) -> Vec<Area> {
    let (deck, len) = area_deck(players, variant, metropolys);
    deck[..len].to_vec()
}

/// The neighborhood cards of a game's deck before the deal (R-5, §9): every
/// kind in the Expert game without Metropolys cards, none otherwise.
///
/// ```
/// use metropolys_core::{config::neighborhood_cards, Variant};
/// assert_eq!(neighborhood_cards(Variant::Expert, false).len(), 5);
/// assert!(neighborhood_cards(Variant::Expert, true).is_empty());
/// assert!(neighborhood_cards(Variant::Family, false).is_empty());
/// ```
pub fn neighborhood_cards(variant: Variant, metropolys: bool) -> &'static [Kind] {
    if variant == Variant::Expert && !metropolys {
        Kind::ALL
    } else {
        &[]
    }
}
