//! [`Cancel`]: a flag that asks a running decision, arena or batch step to
//! stop (what front ends raise on Ctrl-C).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A shared flag that asks running work to stop: a search checks it every
/// few iterations ([`crate::Ismcts`]), the arena between decisions
/// ([`crate::RunOptions::cancel`]). Clones share the flag.
///
/// A bot that may think long takes the flag in [`crate::Bot::set_cancel`]
/// and, once it is raised, returns [`crate::BotError::Interrupted`]
/// instead of a decision; nothing has been played then, so the game is as
/// it was before the decision began.
///
/// ```
/// use metropolys_bots::{Bot, BotError, Cancel, Ismcts, InfoSet};
/// use metropolys_core::{rng::SplitMix64, Config, State, Variant};
///
/// let state = State::new(&Config::new(2, Variant::Expert, 1)).unwrap();
/// let mut bot = Ismcts::default();
/// bot.iterations = None;
/// bot.seconds = Some(3600.0);
/// let cancel = Cancel::new();
/// bot.set_cancel(&cancel);
/// cancel.cancel(); // e.g. from a signal handler or another thread
/// let decided = bot.choose(&InfoSet::to_act(&state).unwrap(), &mut SplitMix64::new(1));
/// assert_eq!(decided, Err(BotError::Interrupted));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag not raised.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Raises the flag: work that watches it stops soon.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Lowers the flag again, so that the next piece of work may run.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// Whether the flag is raised.
    #[inline]
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Whether `self` and `other` are the same flag.
    pub fn same(&self, other: &Cancel) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// Flags compare by identity: two `Cancel`s are equal when they are clones
/// of one flag.
impl PartialEq for Cancel {
    fn eq(&self, other: &Cancel) -> bool {
        self.same(other)
    }
}

impl Eq for Cancel {}
