//! Adversarial scaling: cost(2n)/cost(n) of every case in [`cases::CASES`], and peak memory
//! for a 100 MB input.
//!
//! ```text
//! weburl-bench scaling [--only S] [--bytes N] [--pairs K]    instruction counts (callgrind)
//! weburl-bench scaling --timing [--only S] [--rounds R] ...  paired timing ratios, one process
//! weburl-bench scaling memory [--only S] [--bytes N]         peak RSS as a multiple of the input
//! weburl-bench scaling one CASE N                            one measured call (for callgrind)
//! ```
//!
//! Instruction counts: every case and size runs in its own process under
//! `valgrind --tool=callgrind --toggle-collect=*scaling*measured*`, so only the instructions of
//! [`measured`] (the operation and everything it calls) are counted, not building the input.
//! Memory: each case runs in its own process, which builds its input, resets the peak resident
//! set (`/proc/self/clear_refs`), runs the operation once and reads `VmHWM`.

mod cases;

use std::hint::black_box;
use std::process::Command;
use std::time::Instant;

use cases::{CASES, Case, Subject, Unit};

use crate::timing::median;

/// Default sizes: n bytes, or n pairs.
const BYTES: usize = 64 * 1024;
const PAIRS: usize = 100_000;
/// The ratio every case must stay under.
const LIMIT: f64 = 2.2;

/// The measured call: the only function callgrind counts.
#[inline(never)]
pub fn measured(op: fn(&mut Subject) -> usize, subject: &mut Subject) -> usize {
    black_box(op(black_box(subject)))
}

struct Args {
    only: Option<String>,
    bytes: usize,
    pairs: usize,
    rounds: usize,
}

fn parse_args(mut args: impl Iterator<Item = String>, bytes: usize) -> Result<Args, String> {
    let mut a = Args { only: None, bytes, pairs: PAIRS, rounds: 15 };
    while let Some(arg) = args.next() {
        let value = args.next().ok_or_else(|| format!("{arg} needs a value"))?;
        let number = || value.parse::<usize>().map_err(|e| format!("{arg} {value}: {e}"));
        match arg.as_str() {
            "--only" => a.only = Some(value.clone()),
            "--bytes" => a.bytes = number()?,
            "--pairs" => a.pairs = number()?,
            "--rounds" => a.rounds = number()?.max(1),
            _ => return Err(format!("unknown option {arg}")),
        }
    }
    Ok(a)
}

fn selected(a: &Args) -> impl Iterator<Item = &'static Case> + '_ {
    CASES.iter().filter(|c| a.only.as_deref().is_none_or(|o| c.name.contains(o)))
}

fn size_of(case: &Case, a: &Args) -> usize {
    match case.unit {
        Unit::Bytes => a.bytes,
        Unit::Pairs => a.pairs,
    }
}

fn n_label(case: &Case, n: usize) -> String {
    match case.unit {
        Unit::Bytes if n.is_multiple_of(1024) => format!("{} KiB", n / 1024),
        Unit::Bytes => format!("{n} B"),
        Unit::Pairs => format!("{n} pairs"),
    }
}

/// `weburl-bench scaling ...`.
pub fn main(mut args: impl Iterator<Item = String>) -> Result<(), String> {
    let mut rest: Vec<String> = Vec::new();
    match args.next().as_deref() {
        Some("one") => {
            let (Some(name), Some(n)) = (args.next(), args.next()) else {
                return Err("usage: scaling one CASE N".into());
            };
            let case = cases::find(&name).ok_or_else(|| format!("no case {name}"))?;
            let n = n.parse().map_err(|e| format!("{n}: {e}"))?;
            let mut subject = (case.generate)(n);
            println!("{} {n}: {}", case.name, measured(case.op, &mut subject));
            return Ok(());
        }
        Some("memory") => return memory(parse_args(args, 100_000_000)?),
        Some("memory-one") => {
            let (Some(name), Some(n)) = (args.next(), args.next()) else {
                return Err("usage: scaling memory-one CASE N".into());
            };
            return memory_one(&name, n.parse().map_err(|e| format!("{n}: {e}"))?);
        }
        Some("--timing") => return timing(parse_args(args, BYTES)?),
        Some(first) => rest.push(first.to_owned()),
        None => {}
    }
    rest.extend(args);
    callgrind(parse_args(rest.into_iter(), BYTES)?)
}

/// Instructions of one measured call of `case` at size `n`, counted by callgrind.
fn instructions(case: &Case, n: usize) -> Result<u64, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let out = Command::new("valgrind")
        .args(["--tool=callgrind", "--toggle-collect=*scaling*measured*"])
        .arg("--callgrind-out-file=/dev/null")
        .arg(exe)
        .args(["scaling", "one", case.name, &n.to_string()])
        .output()
        .map_err(|e| format!("valgrind: {e}"))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!("{} {n}: {stderr}", case.name));
    }
    stderr
        .lines()
        .find_map(|l| l.split_once("Collected :").map(|(_, v)| v.trim().replace(',', "")))
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("{} {n}: no count in {stderr}", case.name))
}

fn callgrind(a: Args) -> Result<(), String> {
    println!("| case | generator | n | cost(n) | cost(2n) | ratio |");
    println!("|---|---|---:|---:|---:|---:|");
    let mut over = Vec::new();
    for case in selected(&a) {
        let n = size_of(case, &a);
        let small = instructions(case, n)?;
        let large = instructions(case, 2 * n)?;
        let ratio = large as f64 / small.max(1) as f64;
        if ratio > LIMIT {
            over.push(case.name);
        }
        println!(
            "| {} | {} | {} | {small} | {large} | {ratio:.2} |",
            case.name,
            case.generator,
            n_label(case, n)
        );
    }
    report_over(&over)
}

fn report_over(over: &[&str]) -> Result<(), String> {
    if over.is_empty() {
        println!("\nevery ratio <= {LIMIT}");
        Ok(())
    } else {
        Err(format!("ratio above {LIMIT}: {}", over.join(", ")))
    }
}

/// Paired timing: each round times one call at n and one at 2n (order alternating), each on
/// a freshly generated subject. The verdict uses the ratio of the fastest calls (the least
/// disturbed by other processes); the median and range of the per-round ratios show the noise.
fn timing(a: Args) -> Result<(), String> {
    println!("| case | n | ratio of minima | median round ratio | min | max |");
    println!("|---|---:|---:|---:|---:|---:|");
    let mut over = Vec::new();
    for case in selected(&a) {
        let n = size_of(case, &a);
        let mut ratios = Vec::with_capacity(a.rounds);
        let (mut best_small, mut best_large) = (f64::INFINITY, f64::INFINITY);
        let time = |size: usize| {
            let mut subject = (case.generate)(size);
            let start = Instant::now();
            black_box(measured(case.op, &mut subject));
            start.elapsed().as_nanos() as f64
        };
        time(n);
        time(2 * n);
        for round in 0..a.rounds {
            let (small, large) = if round % 2 == 0 {
                let s = time(n);
                (s, time(2 * n))
            } else {
                let l = time(2 * n);
                (time(n), l)
            };
            best_small = best_small.min(small);
            best_large = best_large.min(large);
            ratios.push(large / small.max(1.0));
        }
        let med = median(&ratios);
        let min = ratios.iter().copied().fold(f64::INFINITY, f64::min);
        let max = ratios.iter().copied().fold(0.0, f64::max);
        let best = best_large / best_small.max(1.0);
        if best > LIMIT {
            over.push(case.name);
        }
        println!(
            "| {} | {} | {best:.2} | {med:.2} | {min:.2} | {max:.2} |",
            case.name,
            n_label(case, n)
        );
    }
    report_over(&over)
}

/// A `kB` field of `/proc/self/status`, in bytes.
fn status_kb(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kb: u64 = line.get(field.len()..)?.trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kb * 1024)
}

/// The memory cases: every parse of one string, and form parsing.
fn memory_case(case: &Case) -> bool {
    case.unit == Unit::Bytes && !case.name.starts_with("set_") && !case.name.starts_with("join")
}

fn memory_one(name: &str, n: usize) -> Result<(), String> {
    let case = cases::find(name).ok_or_else(|| format!("no case {name}"))?;
    let mut subject = (case.generate)(n);
    let input = subject.text.len() + subject.other.len();
    let before = status_kb("VmRSS:").unwrap_or(0);
    // Writing 5 resets the peak resident set size to the current one (Linux 4.0+).
    std::fs::write("/proc/self/clear_refs", "5").map_err(|e| format!("clear_refs: {e}"))?;
    let start = Instant::now();
    let sum = measured(case.op, &mut subject);
    let secs = start.elapsed().as_secs_f64();
    let peak = status_kb("VmHWM:").unwrap_or(0);
    println!("{input} {before} {peak} {secs:.3} {sum}");
    Ok(())
}

fn memory(a: Args) -> Result<(), String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    println!("| case | input | RSS before | peak RSS | peak / input | (peak - before) / input |");
    println!("|---|---:|---:|---:|---:|---:|");
    let mb = |b: f64| b / 1e6;
    for case in selected(&a).filter(|c| memory_case(c)) {
        let out = Command::new(&exe)
            .args(["scaling", "memory-one", case.name, &a.bytes.to_string()])
            .output()
            .map_err(|e| e.to_string())?;
        let stdout = String::from_utf8_lossy(&out.stdout);
        let v: Vec<f64> = stdout.split_whitespace().filter_map(|x| x.parse().ok()).collect();
        let [input, before, peak, ..] = v[..] else {
            return Err(format!("{}: {stdout}{}", case.name, String::from_utf8_lossy(&out.stderr)));
        };
        println!(
            "| {} | {:.0} MB | {:.0} MB | {:.0} MB | {:.2} | {:.2} |",
            case.name,
            mb(input),
            mb(before),
            mb(peak),
            peak / input,
            (peak - before) / input
        );
    }
    Ok(())
}
