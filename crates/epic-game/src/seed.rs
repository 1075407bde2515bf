//! Seeds for many games from one: the documented hash every front end deals with.

/// SplitMix64 over `values` in turn: a well-spread seed from a run's seed and a game's
/// place in it, so that neighbouring seeds share no deal. `mix(&[z])` is SplitMix64's
/// output for `z`; Python's `epic.mix` gives the same numbers.
pub fn mix(values: &[u64]) -> u64 {
    let mut z = 0u64;
    for &v in values {
        z = (z ^ v).wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
    }
    z
}
