//! Steps a batch of games for instruction counting:
//! `valgrind --tool=callgrind target/release/examples/vector_steps 1024 100`
//! (the batch size and the number of batched steps; the actions are the
//! first legal id of each mask). A third argument, `random` or a bot kind
//! (`greedy`), moves the other seats inside the step (`none`: the caller
//! plays every seat); a fourth, the thread count (default 1). It also
//! prints the wall-clock time of the `step` calls alone, per game-step.

use metropolys_core::Variant;
use metropolys_tensor::vector::{Opponents, Outputs, VectorEnv};
use metropolys_tensor::{ACTION_COUNT, OBSERVATION_SIZE};

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1024);
    let steps: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let opponents = match args.next().as_deref() {
        None | Some("none") => Opponents::None,
        Some("random") => Opponents::Random,
        Some(kind) => Opponents::bot(kind, "{}").expect("a bot kind"),
    };
    let threads: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut env =
        VectorEnv::new(n, 4, Variant::Expert, 0, threads, opponents).expect("a 4-player game");
    let mut obs = vec![0f32; n * OBSERVATION_SIZE];
    let mut masks = vec![false; n * ACTION_COUNT];
    let mut to_act = vec![0i64; n];
    let mut rewards = vec![0f32; n * 4];
    let mut terminated = vec![false; n];
    let mut truncated = vec![false; n];
    let mut seeds = vec![0u64; n];
    macro_rules! out {
        () => {
            Outputs {
                observations: &mut obs,
                masks: &mut masks,
                to_act: &mut to_act,
                rewards: &mut rewards,
                terminated: &mut terminated,
                truncated: &mut truncated,
                seeds: &mut seeds,
            }
        };
    }
    env.reset(None, out!())
        .expect("buffers sized for the batch");
    let mut actions = vec![0i64; n];
    let mut checksum = 0.0f64;
    let mut stepping = std::time::Duration::ZERO;
    for _ in 0..steps {
        for (i, a) in actions.iter_mut().enumerate() {
            let m = &masks[i * ACTION_COUNT..(i + 1) * ACTION_COUNT];
            *a = m.iter().position(|&b| b).unwrap_or(0) as i64;
        }
        let start = std::time::Instant::now();
        env.step(&actions, out!()).expect("legal actions");
        stepping += start.elapsed();
        checksum += f64::from(obs[0]) + f64::from(rewards[0]);
    }
    println!("{n} envs x {steps} steps, checksum {checksum}");
    println!(
        "step: {:.1} ns per game-step (wall clock)",
        stepping.as_nanos() as f64 / (n * steps.max(1)) as f64
    );
}
