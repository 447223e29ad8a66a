//! What an error message echoes of a refused value: a bounded excerpt
//! (core's, so that every crate cuts alike).

pub use metropolys_core::text::excerpt;
pub(crate) use metropolys_core::text::ECHO;
