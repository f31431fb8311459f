//! `families`: every public operation family of weburl beside its best peer, in one run.
//!
//! Each family is a set of contestants (weburl first, then the peers that offer the same
//! operation, sometimes a baseline) over the same inputs. They run in paired, alternating
//! rounds ([`crate::timing::run_rounds`]); the ratio reported for a family is the median of the
//! per-round ratios of the *fastest* peer's time to weburl's (>1: weburl is faster), with its
//! min and max. Two more untimed passes of each contestant come first; the second counts its
//! allocations (the counting global allocator of [`alloc`]). `families-profile` runs one contestant of one family alone
//! inside [`measured_pass`], for `valgrind --tool=callgrind --toggle-collect=*measured_pass*`;
//! `bench/callgrind-families.sh` does that for every family and writes the counts that
//! `families --instructions FILE` puts in the table, with ada's allocations (valgrind's count
//! of the third pass, which the counting allocator cannot see).
//!
//! Modules: [`inputs`] derives every input from the URL lists (and seeded generators);
//! [`url_ops`] the URL record's families; [`text_ops`] hosts, Punycode, percent and form;
//! [`rfc`] RFC 3986 against the Rust RFC 3986 crates.

mod alloc;
mod inputs;
mod rfc;
mod text_ops;
mod url_ops;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::timing::{self, median, paired_ratio, run_rounds};
use inputs::Inputs;

/// What part a contestant plays in its family.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// weburl (always the first contestant).
    Ours,
    /// Another library offering the same operation.
    Peer,
    /// A floor, not a competitor (parse: copy the input).
    Baseline,
    /// A peer that gave a wrong answer on some input: timed, never the best peer.
    Other,
}

/// One contestant of a family.
pub struct Entrant<'a> {
    /// Its part.
    pub role: Role,
    /// The name and the pass over every input.
    pub c: timing::Contestant<'a>,
}

/// One operation family over one input set.
pub struct Family<'a> {
    /// `group/variant`, e.g. `join/root-relative`.
    pub name: String,
    /// Operations per pass.
    pub items: usize,
    /// Correctness notes (agreement with the peers), printed under the table.
    pub note: String,
    /// weburl first.
    pub entrants: Vec<Entrant<'a>>,
}

impl<'a> Family<'a> {
    /// A family named `name` of `items` operations per pass, with weburl's pass.
    pub fn new(name: impl Into<String>, items: usize, ours: impl FnMut() -> usize + 'a) -> Self {
        let mut f = Family { name: name.into(), items, note: String::new(), entrants: Vec::new() };
        f.entrants.push(Entrant {
            role: Role::Ours,
            c: timing::Contestant { name: "weburl", pass: Box::new(ours) },
        });
        f
    }

    /// Adds a peer.
    pub fn peer(mut self, name: &'static str, pass: impl FnMut() -> usize + 'a) -> Self {
        self.entrants.push(Entrant {
            role: Role::Peer,
            c: timing::Contestant { name, pass: Box::new(pass) },
        });
        self
    }

    /// Adds a baseline.
    pub fn baseline(mut self, name: &'static str, pass: impl FnMut() -> usize + 'a) -> Self {
        self.entrants.push(Entrant {
            role: Role::Baseline,
            c: timing::Contestant { name, pass: Box::new(pass) },
        });
        self
    }

    /// Sets the correctness note.
    pub fn note(mut self, note: impl Into<String>) -> Self {
        self.note = note.into();
        self
    }

    /// Appends to the correctness note.
    pub fn note_add(mut self, note: impl AsRef<str>) -> Self {
        if !self.note.is_empty() {
            self.note.push_str("; ");
        }
        self.note.push_str(note.as_ref());
        self
    }
}

/// Every family, built from `inputs`; `wanted` filters by family name before any is built
/// (inputs are derived lazily, so a filtered or profiled run builds only what it needs).
fn all_families<'a>(inputs: &'a Inputs, wanted: &dyn Fn(&str) -> bool) -> Vec<Family<'a>> {
    let mut out = Vec::new();
    url_ops::families(inputs, wanted, &mut out);
    text_ops::families(inputs, wanted, &mut out);
    rfc::families(inputs, wanted, &mut out);
    out
}

/// The one function whose instructions callgrind collects (`--toggle-collect=*measured_pass*`).
#[inline(never)]
fn measured_pass(pass: &mut dyn FnMut() -> usize) -> usize {
    std::hint::black_box(pass())
}

/// One result row.
struct Row {
    name: String,
    peer: &'static str,
    ratio: (f64, f64, f64),
    ns_ours: f64,
    allocs_ours: f64,
    allocs_peer: f64,
    items: f64,
    baseline: Option<(&'static str, (f64, f64, f64))>,
    note: String,
}

/// `families [--rounds N] [--only S] [--data DIR] [--instructions FILE]`.
pub fn main(mut args: impl Iterator<Item = String>, data: PathBuf) -> ExitCode {
    let (mut rounds, mut only, mut data, mut instr) = (21usize, None::<String>, data, None);
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next()) {
            ("--rounds", Some(n)) => rounds = n.parse().unwrap_or(21).max(1),
            ("--only", Some(s)) => only = Some(s),
            ("--data", Some(d)) => data = PathBuf::from(d),
            ("--instructions", Some(f)) => instr = Some(PathBuf::from(f)),
            _ => {
                eprintln!(
                    "usage: weburl-bench families [--rounds N] [--only S] [--data DIR] [--instructions FILE]"
                );
                return ExitCode::from(2);
            }
        }
    }
    let inputs = match Inputs::load(&data) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("weburl-bench: {e}");
            return ExitCode::FAILURE;
        }
    };
    let counts = instr.map(|f| read_instructions(&f)).unwrap_or_default();
    let wanted = |name: &str| only.as_deref().is_none_or(|o| name.contains(o));
    let mut rows = Vec::new();
    for mut family in all_families(&inputs, &wanted) {
        eprintln!("{} ...", family.name);
        rows.push(run_family(&mut family, rounds));
    }
    print_table(&rows, rounds, &data, &counts);
    ExitCode::SUCCESS
}

/// The passes before the one whose allocations are counted.
const WARM_PASSES: usize = 2;

fn run_family(family: &mut Family<'_>, rounds: usize) -> Row {
    let items = family.items.max(1) as f64;
    let mut allocs = Vec::new();
    // The third pass: the first two may grow the contestant's buffers, as every later timed
    // pass finds them (the in-place setters alternate two values, so the second pass is the
    // first to apply the second value).
    for e in &mut family.entrants {
        for _ in 0..WARM_PASSES {
            std::hint::black_box((e.c.pass)());
        }
        let (_, n) = alloc::count(|| (e.c.pass)());
        allocs.push(n as f64 / items);
    }
    let roles: Vec<Role> = family.entrants.iter().map(|e| e.role).collect();
    let mut contestants: Vec<timing::Contestant<'_>> =
        family.entrants.drain(..).map(|e| e.c).collect();
    let result = run_rounds(&mut contestants, rounds);
    drop(contestants);
    let ours = &result.times[0];
    let best = (1..roles.len())
        .filter(|&i| roles[i] == Role::Peer)
        .min_by(|&a, &b| median(&result.times[a]).total_cmp(&median(&result.times[b])));
    let baseline = (1..roles.len())
        .find(|&i| roles[i] == Role::Baseline)
        .map(|i| (result.names[i], paired_ratio(ours, &result.times[i])));
    let (peer, ratio, allocs_peer) = match best {
        Some(i) => (result.names[i], paired_ratio(&result.times[i], ours), allocs[i]),
        None => ("-", (f64::NAN, f64::NAN, f64::NAN), f64::NAN),
    };
    Row {
        name: family.name.clone(),
        peer,
        ratio,
        ns_ours: median(ours) / items,
        allocs_ours: allocs[0],
        allocs_peer,
        items,
        baseline,
        note: family.note.clone(),
    }
}

/// What `bench/callgrind-families.sh` measured of one contestant: instructions of one pass,
/// and (for ada) the heap allocations of the third pass, as valgrind counts them.
#[derive(Clone, Copy)]
struct Counted {
    instructions: f64,
    allocations: Option<f64>,
}

/// `family<TAB>impl<TAB>instructions[<TAB>allocations]` lines written by
/// `bench/callgrind-families.sh`.
fn read_instructions(path: &std::path::Path) -> BTreeMap<(String, String), Counted> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter_map(|l| {
            let mut it = l.split('\t');
            let (f, i, n) = (it.next()?, it.next()?, it.next()?.trim().parse().ok()?);
            let allocations = it.next().and_then(|a| a.trim().parse().ok());
            Some(((f.to_owned(), i.to_owned()), Counted { instructions: n, allocations }))
        })
        .collect()
}

fn print_table(
    rows: &[Row],
    rounds: usize,
    data: &std::path::Path,
    counts: &BTreeMap<(String, String), Counted>,
) {
    println!(
        "weburl-bench families: {rounds} paired rounds, data {}\n\nratio = best peer's time / weburl's (median of per-round ratios, [min-max]); >1 means weburl is faster.\ninstr = the same peer's instruction count / weburl's (callgrind, the third pass of each, alone).\nallocs = allocations (alloc + realloc) per operation in the third pass, weburl vs that peer (ada's: valgrind's count of heap allocations, from the --instructions file).\n",
        data.display()
    );
    println!("| family | best peer | ratio | instr | allocs/op (weburl vs peer) | weburl ns/op |");
    println!("| --- | --- | ---: | ---: | ---: | ---: |");
    for r in rows {
        let instr = match (
            counts.get(&(r.name.clone(), "weburl".to_owned())),
            counts.get(&(r.name.clone(), r.peer.to_owned())),
        ) {
            (Some(o), Some(p)) if o.instructions > 0.0 => {
                format!("{:.2}", p.instructions / o.instructions)
            }
            _ => "-".to_owned(),
        };
        let ratio = if r.ratio.0.is_nan() {
            "-".to_owned()
        } else {
            let mark = if r.ratio.0 < 1.5 { " **below**" } else { "" };
            format!("{:.2} [{:.2}-{:.2}]{mark}", r.ratio.0, r.ratio.1, r.ratio.2)
        };
        // ada allocates with C++'s allocator, which the counting allocator does not see: its
        // count is valgrind's, when the file has it.
        let ada_allocs = counts
            .get(&(r.name.clone(), r.peer.to_owned()))
            .and_then(|c| c.allocations)
            .filter(|_| r.peer == "ada");
        let peer_allocs = if r.allocs_peer.is_nan() {
            "-".to_owned()
        } else if let Some(calls) = ada_allocs {
            format!("{:.2} (valgrind)", calls / r.items)
        } else if r.peer == "ada" {
            "n/c (C++)".to_owned()
        } else {
            format!("{:.2}", r.allocs_peer)
        };
        println!(
            "| {} | {} | {} | {} | {:.2} vs {} | {:.1} |",
            r.name, r.peer, ratio, instr, r.allocs_ours, peer_allocs, r.ns_ours
        );
    }
    println!();
    for r in rows {
        if let Some((name, (m, lo, hi))) = r.baseline {
            println!("- {}: weburl/{name} {m:.2} [{lo:.2}-{hi:.2}]", r.name);
        }
    }
    for r in rows.iter().filter(|r| !r.note.is_empty()) {
        println!("- {}: {}", r.name, r.note);
    }
}

/// `families-list`: every family and contestant, one `family<TAB>impl` line each.
pub fn list(data: PathBuf) -> ExitCode {
    use std::io::Write;
    let Ok(inputs) = Inputs::load(&data) else { return ExitCode::FAILURE };
    let mut out = std::io::stdout().lock();
    for f in all_families(&inputs, &|_| true) {
        for e in &f.entrants {
            // A reader that stops early (`| grep -q`) closes the pipe: stop quietly.
            if writeln!(out, "{}\t{}", f.name, e.c.name).is_err() {
                return ExitCode::SUCCESS;
            }
        }
    }
    ExitCode::SUCCESS
}

/// `families-profile FAMILY IMPL [PASSES]`: one pass of one contestant inside
/// [`measured_pass`] (for callgrind's `--toggle-collect`), after `PASSES` unmeasured ones
/// (default [`WARM_PASSES`], as for the table's allocations; thousands give a sampling
/// profiler such as `perf record` enough samples of that contestant alone).
pub fn profile(mut args: impl Iterator<Item = String>, data: PathBuf) -> ExitCode {
    let usage = || {
        eprintln!("usage: weburl-bench families-profile FAMILY IMPL [PASSES]");
        ExitCode::from(2)
    };
    let (Some(family), Some(imp)) = (args.next(), args.next()) else { return usage() };
    let passes = match args.next().map(|n| n.parse::<usize>()) {
        None => WARM_PASSES,
        Some(Ok(n)) => n,
        Some(Err(_)) => return usage(),
    };
    let Ok(inputs) = Inputs::load(&data) else { return ExitCode::FAILURE };
    // Some families are filtered by a short name ("form/parse") and named in full.
    for mut f in all_families(&inputs, &|n| family.starts_with(n)) {
        if f.name != family {
            continue;
        }
        if let Some(e) = f.entrants.iter_mut().find(|e| e.c.name == imp) {
            // A pass first, as the timed rounds repeat passes: a family whose first pass
            // changes its data (search_params/set appends a pair) is counted as it is timed.
            for _ in 0..passes {
                std::hint::black_box((e.c.pass)());
            }
            let sum = measured_pass(&mut e.c.pass);
            println!("{family} {imp}: checksum {sum}");
            return ExitCode::SUCCESS;
        }
    }
    eprintln!("weburl-bench: no contestant {imp} in family {family}");
    ExitCode::FAILURE
}
