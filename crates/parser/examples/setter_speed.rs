//! A light speed check of the setters and of parse, weburl against rust-url (`url`), on values
//! drawn from the benchmark lists in `testdata/bench`. The full cross-peer benchmark is
//! `bench/`; this one exists to measure one change quickly.
//!
//! `cargo run --release -p weburl-parser --example setter_speed [rounds]` runs each operation
//! for weburl and rust-url alternately in paired rounds and prints, per operation, the median
//! (and range) of rust-url time / weburl time, so above 1 means weburl is faster; for parse it
//! prints weburl time / copy time (a copy: UTF-8 check plus `to_owned` of each line).
//!
//! `setter_speed only <weburl|url|copy> <operation>` runs one contestant once, for
//! `valgrind --tool=callgrind` instruction counts; `only weburl none` loads the data and stops,
//! so a pass costs its count minus that one.

use std::hint::black_box;
use std::time::Instant;

/// Lines of `testdata/bench/<name>.txt`, without a byte order mark or blank lines.
fn list(name: &str) -> Vec<String> {
    let path = format!("{}/../../testdata/bench/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    text.trim_start_matches('\u{feff}')
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(String::from)
        .collect()
}

const LISTS: [&str; 4] = ["isaacs_files", "kasztp", "node_files", "userbait"];

/// Everything one round works on, for both libraries.
struct Data {
    lines: Vec<Vec<String>>,
    hosts: Vec<String>,
    paths: Vec<String>,
    queries: Vec<String>,
    fragments: Vec<String>,
    segments: Vec<Vec<String>>,
    ours: Vec<weburl_parser::Url>,
    theirs: Vec<url::Url>,
    /// Moves the values each round, so a setter never sets what it set last round.
    shift: usize,
}

fn data() -> Data {
    let lines: Vec<Vec<String>> = LISTS.iter().map(|n| list(n)).collect();
    let mut hosts = Vec::new();
    let mut paths = Vec::new();
    let mut queries = Vec::new();
    let mut fragments = Vec::new();
    let mut segments = Vec::new();
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    for line in lines.iter().flatten() {
        let (Ok(a), Ok(b)) = (weburl_parser::Url::parse(line), url::Url::parse(line)) else {
            continue;
        };
        if a.has_opaque_path() {
            continue;
        }
        paths.push(String::from(a.pathname()));
        if let Some(s) = b.path_segments() {
            segments.push(s.map(String::from).collect());
        }
        if !a.hostname().is_empty() && a.is_special() && !a.scheme().eq("file") {
            hosts.push(String::from(a.hostname()));
            ours.push(a.clone());
            theirs.push(b.clone());
        }
        if let Some(q) = a.query() {
            queries.push(String::from(q));
        }
        if let Some(f) = a.fragment() {
            fragments.push(String::from(f));
        }
    }
    if queries.is_empty() {
        queries.push(String::from("q=1"));
    }
    if fragments.is_empty() {
        fragments.push(String::from("top"));
    }
    Data { lines, hosts, paths, queries, fragments, segments, ours, theirs, shift: 0 }
}

/// One operation: a weburl pass and a rust-url pass over the same values.
type Pass = fn(&mut Data) -> usize;

fn op_table() -> Vec<(&'static str, Pass, Pass)> {
    vec![
        (
            "set_host",
            |d| w_each(d, |u, i, d| ignore(u.set_host(&d.hosts[(i + d.shift) % d.hosts.len()]))),
            |d| {
                r_each(d, |u, i, d| {
                    ignore(u.set_host(Some(&d.hosts[(i + d.shift) % d.hosts.len()])))
                })
            },
        ),
        (
            "set_hostname",
            |d| {
                w_each(d, |u, i, d| ignore(u.set_hostname(&d.hosts[(i + d.shift) % d.hosts.len()])))
            },
            |d| {
                r_each(d, |u, i, d| {
                    ignore(u.set_host(Some(&d.hosts[(i + d.shift) % d.hosts.len()])))
                })
            },
        ),
        (
            "set_pathname",
            |d| {
                w_each(d, |u, i, d| ignore(u.set_pathname(&d.paths[(i + d.shift) % d.paths.len()])))
            },
            |d| r_each(d, |u, i, d| u.set_path(&d.paths[(i + d.shift) % d.paths.len()])),
        ),
        (
            "set_path",
            |d| w_each(d, |u, i, d| u.set_path(&d.paths[(i + d.shift) % d.paths.len()])),
            |d| r_each(d, |u, i, d| u.set_path(&d.paths[(i + d.shift) % d.paths.len()])),
        ),
        (
            "set_query",
            |d| w_each(d, |u, i, d| u.set_query(Some(&d.queries[(i + d.shift) % d.queries.len()]))),
            |d| r_each(d, |u, i, d| u.set_query(Some(&d.queries[(i + d.shift) % d.queries.len()]))),
        ),
        (
            "set_search",
            |d| {
                w_each(d, |u, i, d| {
                    ignore(u.set_search(&d.queries[(i + d.shift) % d.queries.len()]))
                })
            },
            |d| r_each(d, |u, i, d| u.set_query(Some(&d.queries[(i + d.shift) % d.queries.len()]))),
        ),
        (
            "set_fragment",
            |d| {
                w_each(d, |u, i, d| {
                    u.set_fragment(Some(&d.fragments[(i + d.shift) % d.fragments.len()]))
                })
            },
            |d| {
                r_each(d, |u, i, d| {
                    u.set_fragment(Some(&d.fragments[(i + d.shift) % d.fragments.len()]))
                })
            },
        ),
        (
            "set_hash",
            |d| {
                w_each(d, |u, i, d| {
                    ignore(u.set_hash(&d.fragments[(i + d.shift) % d.fragments.len()]))
                })
            },
            |d| {
                r_each(d, |u, i, d| {
                    u.set_fragment(Some(&d.fragments[(i + d.shift) % d.fragments.len()]))
                })
            },
        ),
        (
            "set_scheme",
            |d| {
                w_each(d, |u, i, d| {
                    ignore(u.set_scheme(if (i + d.shift) % 2 == 0 { "http" } else { "https" }))
                })
            },
            |d| {
                r_each(d, |u, i, d| {
                    ignore(u.set_scheme(if (i + d.shift) % 2 == 0 { "http" } else { "https" }))
                })
            },
        ),
        (
            "set_port_u16",
            |d| {
                w_each(d, |u, i, d| {
                    ignore(u.set_port_u16(Some(8000 + ((i + d.shift) % 100) as u16)))
                })
            },
            |d| r_each(d, |u, i, d| ignore(u.set_port(Some(8000 + ((i + d.shift) % 100) as u16)))),
        ),
        (
            "query_pairs_mut",
            |d| {
                w_each(d, |u, i, d| {
                    u.query_pairs_mut()
                        .clear()
                        .append_pair("q", &d.hosts[(i + d.shift) % d.hosts.len()])
                        .append_pair("page", "2");
                })
            },
            |d| {
                r_each(d, |u, i, d| {
                    u.query_pairs_mut()
                        .clear()
                        .append_pair("q", &d.hosts[(i + d.shift) % d.hosts.len()])
                        .append_pair("page", "2");
                })
            },
        ),
        (
            "path_segments_mut",
            |d| {
                w_each(d, |u, i, d| {
                    if let Ok(mut s) = u.path_segments_mut() {
                        s.clear().extend(d.segments[(i + d.shift) % d.segments.len()].iter());
                    }
                })
            },
            |d| {
                r_each(d, |u, i, d| {
                    if let Ok(mut s) = u.path_segments_mut() {
                        s.clear().extend(d.segments[(i + d.shift) % d.segments.len()].iter());
                    }
                })
            },
        ),
    ]
}

fn w_each(d: &mut Data, f: impl Fn(&mut weburl_parser::Url, usize, &Data)) -> usize {
    let mut urls = std::mem::take(&mut d.ours);
    let mut sum = 0;
    for (i, u) in urls.iter_mut().enumerate() {
        f(black_box(u), i, d);
        sum += u.href().len();
    }
    d.ours = urls;
    sum
}

fn r_each(d: &mut Data, f: impl Fn(&mut url::Url, usize, &Data)) -> usize {
    let mut urls = std::mem::take(&mut d.theirs);
    let mut sum = 0;
    for (i, u) in urls.iter_mut().enumerate() {
        f(black_box(u), i, d);
        sum += u.as_str().len();
    }
    d.theirs = urls;
    sum
}

fn parse_weburl(lines: &[String]) -> usize {
    lines
        .iter()
        .filter_map(|l| weburl_parser::Url::parse(black_box(l)).ok())
        .map(|u| u.href().len())
        .sum()
}

fn parse_url(lines: &[String]) -> usize {
    lines.iter().filter_map(|l| url::Url::parse(black_box(l)).ok()).map(|u| u.as_str().len()).sum()
}

fn copy(lines: &[String]) -> usize {
    lines
        .iter()
        .filter_map(|l| std::str::from_utf8(black_box(l.as_bytes())).ok())
        .map(|s| black_box(s.to_owned()).len())
        .sum()
}

fn time(f: impl FnOnce() -> usize) -> f64 {
    let start = Instant::now();
    black_box(f());
    start.elapsed().as_secs_f64()
}

/// Median, min and max of `b / a` over paired rounds.
fn ratios(a: &[f64], b: &[f64]) -> (f64, f64, f64) {
    let mut r: Vec<f64> = a.iter().zip(b).map(|(x, y)| y / x).collect();
    r.sort_by(f64::total_cmp);
    (r[r.len() / 2], r[0], r[r.len() - 1])
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut d = data();
    if args.first().map(String::as_str) == Some("only") {
        let (who, what) =
            (args.get(1).map_or("", String::as_str), args.get(2).map_or("", String::as_str));
        if let Some(k) = LISTS.iter().position(|n| format!("parse_{n}") == what) {
            let lines = &d.lines[k];
            black_box(match who {
                "weburl" => parse_weburl(lines),
                "url" => parse_url(lines),
                _ => copy(lines),
            });
            // No drop of the data: `only weburl none` then counts everything but the pass.
            std::process::exit(0);
        }
        if what == "none" {
            std::process::exit(0);
        }
        let Some(&(_, w, r)) = op_table().iter().find(|(n, ..)| *n == what) else {
            eprintln!("unknown operation {what}");
            std::process::exit(2);
        };
        black_box(if who == "weburl" { w(&mut d) } else { r(&mut d) });
        std::process::exit(0);
    }
    let rounds: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(15);
    println!(
        "{} base URLs, {} hosts, {} paths, {} queries, {} fragments; {rounds} paired rounds",
        d.ours.len(),
        d.hosts.len(),
        d.paths.len(),
        d.queries.len(),
        d.fragments.len()
    );
    println!("{:<20} {:>8} {:>16}", "operation", "url/weburl", "range");
    for (name, w, r) in op_table() {
        let (mut tw, mut tr) = (Vec::new(), Vec::new());
        for round in 0..rounds + 1 {
            let a = time(|| w(&mut d));
            let b = time(|| r(&mut d));
            d.shift += 1;
            if round > 0 {
                tw.push(a);
                tr.push(b);
            }
        }
        let (m, lo, hi) = ratios(&tw, &tr);
        println!("{name:<20} {m:>8.2} {:>16}", format!("{lo:.2}-{hi:.2}"));
    }
    println!("{:<20} {:>8} {:>16} {:>10}", "parse", "weburl/copy", "range", "url/weburl");
    for (k, name) in LISTS.iter().enumerate() {
        let lines = &d.lines[k];
        let (mut tw, mut tc, mut tr) = (Vec::new(), Vec::new(), Vec::new());
        for round in 0..rounds + 1 {
            let a = time(|| parse_weburl(lines));
            let c = time(|| copy(lines));
            let b = time(|| parse_url(lines));
            if round > 0 {
                tw.push(a);
                tc.push(c);
                tr.push(b);
            }
        }
        let (m, lo, hi) = ratios(&tc, &tw);
        let (u, ..) = ratios(&tw, &tr);
        println!("{name:<20} {m:>8.2} {:>16} {u:>10.2}", format!("{lo:.2}-{hi:.2}"));
    }
}

/// Discards a setter's outcome (the benchmark only times it).
fn ignore<T>(_: T) {}
