//! The subcommands, one module each: its options (`Args`, a clap
//! definition) and its `run`. No command imports another; what several
//! share is in the helpers below them (`failure`, `io`, `args`, `narrate`,
//! `account`, `html`, `review`).

pub mod arena;
pub mod completions;
pub mod conform;
pub mod ladder;
pub mod play;
pub mod replay;
pub mod review;
pub mod verify;
pub mod web;
