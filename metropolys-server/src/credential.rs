//! Seat credentials: random secrets from the operating system, of which the
//! store keeps only the SHA-256 hash, compared in constant time; and the
//! other secrets drawn from it (private matches' invites, ids, seeds).

use crate::protocol::{ErrorCode, ProtoError};
use sha2::{Digest, Sha256};

/// A new credential: 256 bits from the operating system's generator, as 64
/// hexadecimal digits, and its SHA-256 hash (all the store keeps).
pub fn new_credential() -> Result<(String, [u8; 32]), ProtoError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)
        .map_err(|e| ProtoError::new(ErrorCode::Internal, format!("no randomness: {e}")))?;
    let token: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let hash = hash_credential(&token);
    Ok((token, hash))
}

/// The SHA-256 hash of a credential.
pub fn hash_credential(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// A private match's invite: 128 bits from the operating system's
/// generator, as 32 lowercase hexadecimal digits.
pub fn new_invite() -> Result<String, ProtoError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|e| ProtoError::new(ErrorCode::Internal, format!("no randomness: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// A random 64-bit number from the operating system.
pub fn random_u64() -> Result<u64, ProtoError> {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b)
        .map_err(|e| ProtoError::new(ErrorCode::Internal, format!("no randomness: {e}")))?;
    Ok(u64::from_le_bytes(b))
}

/// Constant-time equality of two hashes.
pub fn ct_eq(a: &[u8; 32], b: &[u8; 32]) -> bool {
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The rate limiter's key of a credential.
pub fn credential_key(token: &str) -> String {
    let h = hash_credential(token);
    let hex: String = h[..12].iter().map(|b| format!("{b:02x}")).collect();
    format!("cred:{hex}")
}
