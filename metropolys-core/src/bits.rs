//! Bit sets and bit tricks: the set of neighborhoods (a `u64` mask), an
//! iterator over set bits, and the table-driven counts and selections the
//! legality checks and the random playout use (layer 0: no other module of
//! the crate but `types`).

use crate::types::{NeighborhoodId, NEIGHBORHOOD_COUNT};
use serde::{Deserialize, Serialize};

/// A set of neighborhoods, stored as a 64-bit mask (bit `i` = neighborhood `i`).
///
/// It serializes as a sorted list of ids.
///
/// ```
/// use metropolys_core::board::{neighbors, NeighborhoodSet};
/// let n = neighbors(11);
/// assert_eq!(n.len(), 1);
/// assert!(n.contains(10));
/// assert_eq!(n.iter().collect::<Vec<_>>(), vec![10]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct NeighborhoodSet(pub u64);

impl NeighborhoodSet {
    /// The empty set.
    pub const EMPTY: NeighborhoodSet = NeighborhoodSet(0);
    /// Every neighborhood of the board.
    pub const ALL: NeighborhoodSet = NeighborhoodSet((1u64 << NEIGHBORHOOD_COUNT) - 1);

    /// Whether `id` is in the set (`false` for ids outside the board).
    #[inline]
    pub const fn contains(self, id: NeighborhoodId) -> bool {
        id < 64 && self.0 & (1u64 << id) != 0
    }

    /// The number of neighborhoods in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set with `id` added.
    #[inline]
    pub const fn with(self, id: NeighborhoodId) -> NeighborhoodSet {
        NeighborhoodSet(self.0 | (1u64 << id))
    }

    /// The ids in the set, in increasing order.
    pub fn iter(self) -> impl Iterator<Item = NeighborhoodId> {
        BitIter(self.0)
    }
}

impl FromIterator<NeighborhoodId> for NeighborhoodSet {
    fn from_iter<T: IntoIterator<Item = NeighborhoodId>>(iter: T) -> Self {
        iter.into_iter()
            .filter(|&i| (i as usize) < NEIGHBORHOOD_COUNT)
            .fold(NeighborhoodSet::EMPTY, NeighborhoodSet::with)
    }
}

impl Serialize for NeighborhoodSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for NeighborhoodSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let ids = Vec::<NeighborhoodId>::deserialize(d)?;
        if let Some(bad) = ids.iter().find(|&&i| i as usize >= NEIGHBORHOOD_COUNT) {
            return Err(serde::de::Error::custom(format!(
                "no neighborhood {bad}: ids are 0-54"
            )));
        }
        Ok(ids.into_iter().collect())
    }
}

/// Iterates over the set bits of a mask, lowest first.
#[derive(Clone, Copy)]
pub(crate) struct BitIter(pub(crate) u64);

impl Iterator for BitIter {
    type Item = u8;
    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(i)
        }
    }
}

/// The number of set bits of each byte value.
const BYTE_POP: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// `BYTE_SELECT[byte * 8 + n]`: the position of the `n`-th (from 0) set bit
/// of `byte` (8 when there is none).
const BYTE_SELECT: [u8; 2048] = {
    let mut t = [8u8; 2048];
    let mut byte = 0;
    while byte < 256 {
        let mut n = 0;
        let mut bit = 0;
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                t[byte * 8 + n] = bit as u8;
                n += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    t
};

/// The number of set bits of a building mask (two table look-ups: cheaper
/// than a portable population count).
#[inline]
pub(crate) fn count_buildings(mask: u16) -> u32 {
    u32::from(BYTE_POP[usize::from(mask & 0xFF)]) + u32::from(BYTE_POP[usize::from(mask >> 8)])
}

/// The `n`-th (from 0) set bit of `mask` (64 when there is none): whole
/// bytes are skipped by their bit counts, then one table look-up.
#[inline]
pub(crate) fn nth_bit(mask: u64, mut n: u32) -> u8 {
    let mut shift = 0u32;
    while shift < 64 {
        let byte = ((mask >> shift) & 0xFF) as usize;
        let count = u32::from(BYTE_POP[byte]);
        if n < count {
            return shift as u8 + BYTE_SELECT[byte * 8 + n as usize];
        }
        n -= count;
        shift += 8;
    }
    64
}

/// The number of set bits of a mask with few of them (the neighborhoods next
/// to the last bid): one step per bit, cheaper than a portable population
/// count for a handful of bits.
#[inline]
pub(crate) fn count_sparse(mut mask: u64) -> u32 {
    let mut n = 0;
    while mask != 0 {
        mask &= mask - 1;
        n += 1;
    }
    n
}

/// The `n`-th (from 0) set bit of `mask`, which has more than `n` set bits
/// and few of them (the neighborhoods next to the last bid): its lowest
/// bits cleared one by one.
#[inline]
pub(crate) fn select(mut mask: u64, n: u32) -> u8 {
    for _ in 0..n {
        mask &= mask.wrapping_sub(1);
    }
    mask.trailing_zeros() as u8
}

/// The `n`-th (from 0) set bit of a building mask with more than `n` set
/// bits: two byte-table look-ups.
#[inline]
pub(crate) fn nth_building(mask: u16, n: u32) -> u8 {
    let low = usize::from(mask & 0xFF);
    let in_low = u32::from(BYTE_POP[low]);
    if n < in_low {
        BYTE_SELECT[(low << 3) | (n & 7) as usize]
    } else {
        8 + BYTE_SELECT[(usize::from(mask >> 8) << 3) | ((n - in_low) & 7) as usize]
    }
}

/// One in every byte of a word.
const BYTE_ONES: u64 = 0x0101_0101_0101_0101;

/// `BYTES_AFTER[id]`: one in every byte of a 64-bit mask above the byte of
/// bit `id` (what removing bit `id` takes from [`byte_prefix`]).
pub(crate) const BYTES_AFTER: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut id = 0;
    while id < 56 {
        t[id] = BYTE_ONES << (8 * (id / 8 + 1));
        id += 1;
    }
    t
};

/// Byte `j` of the result: the number of set bits of `mask` in its bytes
/// below byte `j` (at most 56, so every byte stays below 128).
pub(crate) fn byte_prefix(mask: u64) -> u64 {
    let mut prefix = 0u64;
    let mut before = 0u64;
    for j in 0..8 {
        prefix |= before << (8 * j);
        before += u64::from(BYTE_POP[((mask >> (8 * j)) & 0xFF) as usize]);
    }
    prefix
}

/// The `n`-th (from 0) set bit of `mask` (which has more than `n` set bits
/// and at most 56), given its [`byte_prefix`]: the byte holding it is the
/// last whose prefix is at most `n`, found for all bytes at once, then one
/// table look-up.
#[inline]
pub(crate) fn select_with_prefix(mask: u64, prefix: u64, n: u32) -> u8 {
    // Bit 7 of byte j: prefix_j <= n (no byte borrows: both are below 128).
    let at_most = ((0x80 + u64::from(n)) * BYTE_ONES - prefix) & (0x80 * BYTE_ONES);
    let bytes = (at_most >> 7).wrapping_mul(BYTE_ONES) >> 56;
    let shift = (8 * (bytes.wrapping_sub(1) & 7)) as u32;
    let byte = ((mask >> shift) & 0xFF) as usize;
    let rank = (u64::from(n).wrapping_sub((prefix >> shift) & 0xFF) & 7) as usize;
    shift as u8 + BYTE_SELECT[(byte << 3) | rank]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    #[test]
    fn select_with_prefix_agrees_with_the_plain_definition() {
        let mut rng = SplitMix64::new(5);
        for i in 0..3000u64 {
            let full = (1u64 << 56) - 1;
            let mut mask = match i % 3 {
                0 => rng.next_u64(),
                1 => rng.next_u64() | rng.next_u64(),
                _ => rng.next_u64() & rng.next_u64(),
            } & full;
            if i % 5 == 0 {
                mask = full;
            }
            let mut prefix = byte_prefix(mask);
            // Removing bits keeps the prefix up to date.
            let bits: Vec<u8> = BitIter(mask).collect();
            for &gone in bits.iter().filter(|&&b| b % 3 == (i % 3) as u8) {
                mask &= !(1u64 << gone);
                prefix -= BYTES_AFTER[gone as usize];
            }
            assert_eq!(prefix, byte_prefix(mask));
            for (n, bit) in BitIter(mask).enumerate() {
                assert_eq!(
                    select_with_prefix(mask, prefix, n as u32),
                    bit,
                    "{mask:#x} {n}"
                );
            }
        }
    }

    #[test]
    fn count_sparse_and_select_agree_with_the_plain_definitions() {
        let mut rng = SplitMix64::new(3);
        for _ in 0..2000 {
            let mask = rng.next_u64() & rng.next_u64() & rng.next_u64();
            assert_eq!(count_sparse(mask), mask.count_ones());
            let bits: Vec<u8> = BitIter(mask).collect();
            for (n, &bit) in bits.iter().enumerate() {
                assert_eq!(select(mask, n as u32), bit, "{mask:#x} {n}");
            }
        }
    }

    #[test]
    fn nth_bit_and_count_buildings_agree_with_the_plain_definitions() {
        let mut rng = SplitMix64::new(3);
        for i in 0..2000u64 {
            let mask = match i % 3 {
                0 => rng.next_u64(),
                1 => rng.next_u64() & rng.next_u64() & rng.next_u64(),
                _ => 1u64 << (i % 64),
            };
            let bits: Vec<u8> = (0..64).filter(|&b| mask & (1u64 << b) != 0).collect();
            for (n, &b) in bits.iter().enumerate() {
                assert_eq!(nth_bit(mask, n as u32), b, "{mask:#x} {n}");
            }
            assert_eq!(nth_bit(mask, bits.len() as u32), 64);
            let m16 = mask as u16;
            assert_eq!(count_buildings(m16), m16.count_ones());
            let bits16: Vec<u8> = bits.iter().copied().filter(|&b| b < 16).collect();
            for (n, &b) in bits16.iter().enumerate() {
                assert_eq!(nth_building(m16, n as u32), b, "{m16:#x} {n}");
            }
        }
    }
}
