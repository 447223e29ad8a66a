//! Plays a seeded random game and prints the board after every call and the
//! final score sheet.
//!
//! `cargo run -p metropolys-core --example play -- [players] [family|expert] [seed]`

use metropolys_core::{rng::SplitMix64, Config, Event, State, Variant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let players: u8 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(4);
    let variant: Variant = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(Variant::Expert);
    let seed: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(2008);
    let mut state = match State::new(&Config::new(players, variant, seed)) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut rng = SplitMix64::new(seed);
    while let Some(action) = state.random_action(&mut rng) {
        let (next, events) = state.apply(action).expect("a random legal action");
        for e in &events {
            match e {
                Event::BidPlaced {
                    player,
                    neighborhood,
                    building,
                } => {
                    println!("  seat {player} bids {building} on {neighborhood}")
                }
                Event::Passed { player, forced } => {
                    println!(
                        "  seat {player} passes{}",
                        if *forced { " (forced)" } else { "" }
                    )
                }
                Event::Constructed {
                    player,
                    neighborhood,
                    building,
                    call,
                } => {
                    println!("call {call}: seat {player} builds {building} on {neighborhood}")
                }
                Event::TokenTaken { player, token, .. } => {
                    println!("  seat {player} takes a {token} token")
                }
                Event::CardTaken { player, card, .. } => {
                    println!("  seat {player} takes the {card} card")
                }
                _ => {}
            }
        }
        state = next;
    }
    for s in state.scores() {
        println!("{}", serde_json::to_string(&s).unwrap());
    }
    println!("winners: {:?}", state.winners());
}
