//! The protocol's version.

/// The protocol version: the `protocol` field of `GET /api/v1` and of every
/// `welcome` message, and the `v1` of every path.
pub const PROTOCOL_VERSION: u32 = 1;
