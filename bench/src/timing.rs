//! Paired, alternating timing rounds and their statistics.

use std::time::Instant;

/// One contestant of a comparison: a name and a pass over the whole input set.
pub struct Contestant<'a> {
    /// Name printed in the tables.
    pub name: &'static str,
    /// Runs once over every input and returns a checksum (kept alive with `black_box`).
    pub pass: Box<dyn FnMut() -> usize + 'a>,
}

/// Per-contestant round times in nanoseconds (one entry per round, same order as contestants).
pub struct Rounds {
    /// Contestant names.
    pub names: Vec<&'static str>,
    /// `times[c][r]`: nanoseconds of contestant `c` in round `r`.
    pub times: Vec<Vec<f64>>,
}

/// Runs `rounds` timed rounds after one untimed warm-up pass of each contestant. Every round
/// runs each contestant once; the order is reversed every other round so that neither side
/// always runs first (caches, frequency).
pub fn run_rounds(contestants: &mut [Contestant<'_>], rounds: usize) -> Rounds {
    for c in contestants.iter_mut() {
        std::hint::black_box((c.pass)());
    }
    let n = contestants.len();
    let mut times = vec![Vec::with_capacity(rounds); n];
    for round in 0..rounds {
        let order: Vec<usize> =
            if round % 2 == 0 { (0..n).collect() } else { (0..n).rev().collect() };
        for i in order {
            let c = &mut contestants[i];
            let start = Instant::now();
            std::hint::black_box((c.pass)());
            times[i].push(start.elapsed().as_nanos() as f64);
        }
    }
    Rounds { names: contestants.iter().map(|c| c.name).collect(), times }
}

/// The median of `values` (which must not be empty).
pub fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let mid = v.len() / 2;
    if v.len() % 2 == 1 { v[mid] } else { (v[mid - 1] + v[mid]) / 2.0 }
}

/// Median, minimum and maximum of the per-round ratios `num[r] / den[r]`.
pub fn paired_ratio(num: &[f64], den: &[f64]) -> (f64, f64, f64) {
    let ratios: Vec<f64> = num.iter().zip(den).map(|(a, b)| a / b).collect();
    let min = ratios.iter().copied().fold(f64::INFINITY, f64::min);
    let max = ratios.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (median(&ratios), min, max)
}

impl Rounds {
    /// The round times of the contestant called `name`.
    pub fn of(&self, name: &str) -> &[f64] {
        let i = self.names.iter().position(|n| *n == name).unwrap_or(0);
        &self.times[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_and_ratios() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
        assert_eq!(paired_ratio(&[2.0, 6.0, 3.0], &[1.0, 2.0, 1.0]), (3.0, 2.0, 3.0));
    }
}
