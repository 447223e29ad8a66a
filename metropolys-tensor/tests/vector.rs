//! The vector environment: the same games as single states, whatever the
//! thread count; illegal actions change nothing.

use metropolys_bots::{Bot, InfoSet};
use metropolys_core::rng::SplitMix64;
use metropolys_core::{Action, Config, State, Variant};
use metropolys_tensor::vector::{Opponents, Outputs, VectorEnv, VectorError, LEARNER_SEAT};
use metropolys_tensor::{
    action_mask_into, observation_into, Reveal, ACTION_COUNT, OBSERVATION_SIZE,
};

struct Bufs {
    obs: Vec<f32>,
    masks: Vec<bool>,
    to_act: Vec<i64>,
    rewards: Vec<f32>,
    terminated: Vec<bool>,
    truncated: Vec<bool>,
    seeds: Vec<u64>,
}

impl Bufs {
    fn new(n: usize, players: usize) -> Bufs {
        Bufs {
            obs: vec![0.0; n * OBSERVATION_SIZE],
            masks: vec![false; n * ACTION_COUNT],
            to_act: vec![0; n],
            rewards: vec![0.0; n * players],
            terminated: vec![false; n],
            truncated: vec![false; n],
            seeds: vec![0; n],
        }
    }
    fn out(&mut self) -> Outputs<'_> {
        Outputs {
            observations: &mut self.obs,
            masks: &mut self.masks,
            to_act: &mut self.to_act,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            seeds: &mut self.seeds,
        }
    }
}

/// A legal action of env `i` picked from its mask.
fn pick(b: &Bufs, i: usize, rng: &mut SplitMix64) -> i64 {
    let legal: Vec<usize> = (0..ACTION_COUNT)
        .filter(|&a| b.masks[i * ACTION_COUNT + a])
        .collect();
    if legal.is_empty() {
        return 0; // ignored: the game restarts
    }
    legal[rng.below(legal.len() as u64) as usize] as i64
}

/// One env replayed alone: its state, its generator and its bot.
type Replay = (State, SplitMix64, Option<Box<dyn Bot>>);

/// Plays `steps` steps and replays every env with plain states.
fn check_against_states(
    players: u8,
    variant: Variant,
    opponents: &Opponents,
    threads: usize,
) -> Vec<f32> {
    // Several parts per thread in a threaded step (parts of at least 8 envs).
    let n = 19;
    let p = players as usize;
    let mut env = VectorEnv::new(n, players, variant, 11, threads, opponents.clone()).unwrap();
    let mut b = Bufs::new(n, p);
    env.reset(None, b.out()).unwrap();
    let mut rng = SplitMix64::new(5);
    // Per env: the state replayed alone, the env's generator and its bot.
    let mut mine: Vec<Replay> = (0..n)
        .map(|i| {
            let mut g = SplitMix64::stream(11, i as u64 + 1);
            let seed = g.next_u64();
            assert_eq!(b.seeds[i], seed);
            let mut s = State::new(&Config::new(players, variant, seed)).unwrap();
            let mut bot = match opponents {
                Opponents::Bot(spec) => Some(spec.build()),
                _ => None,
            };
            opponents_move(&mut s, &mut g, opponents, &mut bot);
            (s, g, bot)
        })
        .collect();
    let mut done = vec![false; n];
    let mut trace = Vec::new();
    let mut games = 0;
    for _ in 0..400 {
        let actions: Vec<i64> = (0..n).map(|i| pick(&b, i, &mut rng)).collect();
        env.step(&actions, b.out()).unwrap();
        for i in 0..n {
            let (s, g, bot) = &mut mine[i];
            let mut seat = s.to_act().unwrap_or(0);
            if done[i] {
                let seed = g.next_u64();
                *s = State::new(&Config::new(players, variant, seed)).unwrap();
                opponents_move(s, g, opponents, bot);
                assert_eq!(b.seeds[i], seed);
                seat = s.to_act().unwrap();
                done[i] = false;
                assert!(!b.terminated[i]);
                assert!(b.rewards[i * p..(i + 1) * p].iter().all(|&r| r == 0.0));
            } else {
                *s = s.play(Action::from_id(actions[i] as u16).unwrap()).unwrap();
                opponents_move(s, g, opponents, bot);
                if let Some(next) = s.to_act() {
                    seat = next;
                }
                if s.is_over() {
                    done[i] = true;
                    games += 1;
                    let winners = s.winners();
                    for q in 0..p {
                        let want = if winners.contains(&(q as u8)) {
                            1.0
                        } else {
                            -1.0
                        };
                        assert_eq!(b.rewards[i * p + q], want);
                    }
                }
            }
            assert_eq!(env.state(i), Some(&*s));
            assert_eq!(b.terminated[i], s.is_over());
            assert!(!b.truncated[i]);
            assert_eq!(b.to_act[i], s.to_act().map_or(-1, i64::from));
            if opponents.single_agent() {
                // The bots never move the learner's seat.
                assert!(b.to_act[i] == i64::from(LEARNER_SEAT) || b.to_act[i] == -1);
                seat = LEARNER_SEAT;
            }
            let mut o = vec![0.0; OBSERVATION_SIZE];
            observation_into(s, seat, Reveal::Own, &mut o).unwrap();
            assert_eq!(
                &b.obs[i * OBSERVATION_SIZE..(i + 1) * OBSERVATION_SIZE],
                &o[..]
            );
            let mut m = vec![false; ACTION_COUNT];
            action_mask_into(s, &mut m).unwrap();
            assert_eq!(&b.masks[i * ACTION_COUNT..(i + 1) * ACTION_COUNT], &m[..]);
        }
        trace.extend_from_slice(&b.obs[..OBSERVATION_SIZE]);
        trace.extend_from_slice(&b.rewards);
    }
    assert!(games > 0, "some games ended");
    trace
}

/// The opponents' moves replayed alone: random moves from the state, bot
/// moves from the seat's view; `play` checks that every one is legal.
fn opponents_move(
    s: &mut State,
    g: &mut SplitMix64,
    opponents: &Opponents,
    bot: &mut Option<Box<dyn Bot>>,
) {
    if !opponents.single_agent() {
        return;
    }
    while let Some(seat) = s.to_act() {
        if seat == LEARNER_SEAT {
            break;
        }
        let a = match bot {
            None => s.random_action(g).unwrap(),
            Some(bot) => bot.choose(&InfoSet::new(s, seat).unwrap(), g).unwrap(),
        };
        *s = s.play(a).unwrap();
    }
}

#[test]
fn multi_agent_games_match_single_states() {
    for players in 2..=4 {
        for variant in [Variant::Family, Variant::Expert] {
            let one = check_against_states(players, variant, &Opponents::None, 1);
            let two = check_against_states(players, variant, &Opponents::None, 2);
            assert_eq!(one, two);
        }
    }
}

#[test]
fn single_agent_games_match_single_states() {
    for players in 2..=4 {
        let one = check_against_states(players, Variant::Expert, &Opponents::Random, 1);
        let three = check_against_states(players, Variant::Expert, &Opponents::Random, 3);
        assert_eq!(one, three);
    }
}

#[test]
fn greedy_opponents_games_match_single_states() {
    let greedy = Opponents::bot("greedy", "{}").unwrap();
    for players in 2..=4 {
        let one = check_against_states(players, Variant::Expert, &greedy, 1);
        let three = check_against_states(players, Variant::Family, &greedy, 3);
        let again = check_against_states(players, Variant::Family, &greedy, 1);
        assert_eq!(three, again);
        assert_ne!(one, three);
    }
}

#[test]
fn ismcts_opponents_with_an_iteration_budget_are_reproducible() {
    let ismcts = Opponents::bot("ismcts", r#"{"iterations": 3}"#).unwrap();
    let one = check_against_states(3, Variant::Expert, &ismcts, 1);
    let two = check_against_states(3, Variant::Expert, &ismcts, 2);
    assert_eq!(one, two);
}

#[test]
fn a_batch_with_bots_is_send_and_sync() {
    // Python objects must be both.
    fn send_sync<T: Send + Sync>(_: &T) {}
    let env = VectorEnv::new(
        2,
        2,
        Variant::Expert,
        0,
        1,
        Opponents::bot("greedy", "").unwrap(),
    );
    send_sync(&env.unwrap());
}

#[test]
fn bad_bot_specs_are_errors() {
    assert!(matches!(
        Opponents::bot("minimax", "{}"),
        Err(VectorError::BotSpec(_))
    ));
    // The env's generator drives the bot: no seed of its own.
    let e = Opponents::bot("greedy", r#"{"seed": 1}"#).unwrap_err();
    assert!(e.to_string().contains("seed"), "{e}");
    let e = Opponents::bot("ismcts", "[1]").unwrap_err();
    assert!(e.to_string().contains("JSON object"), "{e}");
    // A bot of an unknown kind cannot be made (a `BotSpec` is checked
    // when it is read), so no batch can hold one.
    assert!(matches!(
        Opponents::bot("nope", ""),
        Err(VectorError::BotSpec(_))
    ));
}

#[test]
fn an_illegal_action_changes_no_env() {
    let n = 4;
    let mut env = VectorEnv::new(n, 3, Variant::Expert, 2, 2, Opponents::None).unwrap();
    let mut b = Bufs::new(n, 3);
    env.reset(None, b.out()).unwrap();
    let before: Vec<State> = (0..n).map(|i| *env.state(i).unwrap()).collect();
    let obs_before = b.obs.clone();
    let mut actions: Vec<i64> = (0..n)
        .map(|i| {
            (0..ACTION_COUNT)
                .find(|&a| b.masks[i * ACTION_COUNT + a])
                .unwrap() as i64
        })
        .collect();
    actions[2] = Action::PASS_ID as i64; // R-7: the opening player cannot pass
    let e = env.step(&actions, b.out()).unwrap_err();
    assert!(
        matches!(
            e,
            VectorError::Illegal {
                env: 2,
                action: 715,
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(e.rule(), [metropolys_core::Rule::R7]);
    assert!(
        e.to_string()
            .starts_with("env 2: action 715 is illegal: R-7"),
        "{e}"
    );
    actions[2] = -1;
    let e = env.step(&actions, b.out()).unwrap_err();
    assert!(matches!(e, VectorError::Illegal { env: 2, .. }));
    // The id is named as given.
    assert!(e.to_string().contains("there is no action id -1;"), "{e}");
    actions[2] = 716;
    assert!(matches!(
        env.step(&actions, b.out()),
        Err(VectorError::Illegal { env: 2, .. })
    ));
    let after: Vec<State> = (0..n).map(|i| *env.state(i).unwrap()).collect();
    assert_eq!(before, after);
    assert_eq!(obs_before, b.obs);
}

#[test]
fn bad_construction_and_buffers() {
    assert!(matches!(
        VectorEnv::new(0, 2, Variant::Family, 0, 1, Opponents::None),
        Err(VectorError::Size(_))
    ));
    assert!(matches!(
        VectorEnv::new(2, 2, Variant::Family, 0, 0, Opponents::None),
        Err(VectorError::Size(_))
    ));
    let e = VectorEnv::new(2, 5, Variant::Family, 0, 1, Opponents::None).unwrap_err();
    assert_eq!(e.rule(), [metropolys_core::Rule::R1]);
    let mut env = VectorEnv::new(2, 2, Variant::Family, 0, 1, Opponents::None).unwrap();
    let mut b = Bufs::new(2, 2);
    assert!(matches!(
        env.step(&[0, 0], b.out()),
        Err(VectorError::NotReset)
    ));
    let mut wrong = Bufs::new(3, 2);
    assert!(matches!(
        env.reset(None, wrong.out()),
        Err(VectorError::BufferSize { .. })
    ));
    env.reset(Some(4), b.out()).unwrap();
    assert!(matches!(
        env.step(&[0], b.out()),
        Err(VectorError::BufferSize { .. })
    ));
}

/// Ctrl-C, end to end in Rust: a step whose opponents search for an hour
/// stops soon after its cancel flag is raised from another thread, and
/// every game and every buffer is as the previous call left them; the same
/// step then plays normally.
#[test]
fn an_interrupted_step_changes_no_game() {
    let slow = Opponents::bot("ismcts", r#"{"seconds": 3600}"#).unwrap();
    let n = 3;
    let mut env = VectorEnv::new(n, 3, Variant::Expert, 4, 2, slow).unwrap();
    let mut b = Bufs::new(n, 3);
    env.reset(None, b.out()).unwrap();
    let mut rng = SplitMix64::new(1);
    let actions: Vec<i64> = (0..n).map(|i| pick(&b, i, &mut rng)).collect();
    let states: Vec<State> = (0..n).map(|i| *env.state(i).unwrap()).collect();
    let (obs, masks, to_act, seeds) = (
        b.obs.clone(),
        b.masks.clone(),
        b.to_act.clone(),
        b.seeds.clone(),
    );
    let flag = env.cancel_flag();
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(300));
        flag.cancel();
    });
    let started = std::time::Instant::now();
    assert_eq!(env.step(&actions, b.out()), Err(VectorError::Interrupted));
    raiser.join().unwrap();
    // Far from the hour the opponents were given (a bound, not a timing).
    assert!(started.elapsed().as_secs() < 600);
    for (i, s) in states.iter().enumerate() {
        assert_eq!(env.state(i).unwrap(), s, "env {i}");
    }
    assert_eq!(
        (
            b.obs.clone(),
            b.masks.clone(),
            b.to_act.clone(),
            b.seeds.clone()
        ),
        (obs, masks, to_act, seeds)
    );
    assert!(b.rewards.iter().all(|&r| r == 0.0) && !b.terminated.iter().any(|&t| t));
    // The flag is lowered by the next step, which plays (with quick
    // opponents the same env would move on; here the same actions are
    // still legal).
    for (i, &a) in actions.iter().enumerate() {
        assert!(env
            .state(i)
            .unwrap()
            .is_legal(Action::from_id(a as u16).unwrap()));
    }
}
