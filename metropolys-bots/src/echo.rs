//! What an error message echoes of a refused value: core's bounded excerpt
//! ([`metropolys_core::echo`]), re-exported where front ends have always
//! found it.

pub use metropolys_core::echo::excerpt;
