//! Test inputs for the crate's differential unit tests: seeded strings of random pieces.

use alloc::string::String;

/// `count` strings, each of up to `max_pieces` pieces drawn from `pieces` by a xorshift walk
/// from `seed` (the same strings on every run).
pub(crate) fn pieced<'a>(
    pieces: &'a [&'a str],
    seed: u64,
    count: usize,
    max_pieces: u64,
) -> impl Iterator<Item = String> + 'a {
    let mut seed = seed;
    let n = pieces.len() as u64;
    (0..count).map(move |_| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (0..seed % (max_pieces + 1))
            .filter_map(|k| pieces.get(((seed >> (k * 4 + 4)) % n) as usize).copied())
            .collect()
    })
}
