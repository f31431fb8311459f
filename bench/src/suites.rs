//! The comparison suites: parse, can_parse, domain to ASCII, form, setters, callback cost.

use std::collections::BTreeSet;
use std::hint::black_box;
use std::path::Path;

use crate::Options;
use crate::timing::{Contestant, Rounds, median, paired_ratio, run_rounds};

/// One URL list.
struct Dataset {
    name: String,
    lines: Vec<String>,
    bytes: usize,
}

fn load_datasets(dir: &Path) -> Result<Vec<Dataset>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut paths: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    paths.sort();
    let mut sets = Vec::new();
    for path in paths {
        let text = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let text = String::from_utf8_lossy(&text);
        let lines: Vec<String> = text
            .split('\n')
            .map(|l| l.strip_suffix('\r').unwrap_or(l).to_owned())
            .filter(|l| !l.is_empty())
            .collect();
        let bytes = lines.iter().map(String::len).sum();
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        sets.push(Dataset { name, lines, bytes });
    }
    if sets.is_empty() {
        return Err(format!("no *.txt datasets in {}", dir.display()));
    }
    Ok(sets)
}

/// Runs one contestant of the parse or can_parse suite (or weburl's parse with a counting
/// validation-error callback, suite `callback`) over every dataset `passes` times.
pub fn profile(imp: &str, suite: &str, passes: usize, dir: &Path) -> Result<usize, String> {
    let sets = load_datasets(dir)?;
    let lines: Vec<&str> = sets.iter().flat_map(|s| s.lines.iter().map(String::as_str)).collect();
    let mut sum = 0;
    for _ in 0..passes {
        for line in &lines {
            let line = black_box(*line);
            sum += match (imp, suite) {
                ("weburl", "parse") => weburl::Url::parse(line).map_or(0, |u| u.href().len()),
                ("ada", "parse") => ada_url::Url::parse(line, None).map_or(0, |u| u.href().len()),
                ("url", "parse") => url::Url::parse(line).map_or(0, |u| u.as_str().len()),
                ("weburl", "can_parse") => usize::from(weburl::Url::can_parse(line, None)),
                ("weburl", "callback") => {
                    let mut errors = 0;
                    let ok = weburl::Url::options()
                        .on_validation_error(|_| errors += 1)
                        .parse(line)
                        .map_or(0, |u| u.href().len());
                    ok + errors
                }
                ("ada", "can_parse") => usize::from(ada_url::Url::can_parse(line, None)),
                ("url", "can_parse") => usize::from(url::Url::parse(line).is_ok()),
                _ => return Err(format!("unknown contestant {imp} or suite {suite}")),
            };
        }
    }
    Ok(sum)
}

fn wanted(options: &Options, suite: &str) -> bool {
    options.only.as_deref().is_none_or(|only| suite.contains(only))
}

/// Runs every suite selected by `options`.
pub fn run_all(options: &Options) -> Result<(), String> {
    let sets = load_datasets(&options.data)?;
    println!(
        "weburl-bench compare: {} rounds, data {}\n(ratios are medians of per-round ratios, min-max in brackets; >1 means weburl is faster)\n",
        options.rounds,
        options.data.display()
    );
    if wanted(options, "parse") {
        for set in &sets {
            parse_suite(set, options.rounds);
        }
    }
    if wanted(options, "can_parse") {
        for set in &sets {
            can_parse_suite(set, options.rounds);
        }
    }
    if wanted(options, "rfc3986") {
        for set in &sets {
            rfc3986_suite(set, options.rounds);
        }
    }
    if wanted(options, "domain_to_ascii") {
        domain_suite(&sets, options.rounds);
    }
    if wanted(options, "form") {
        form_suite(options.rounds);
    }
    if wanted(options, "setters") {
        setter_suite(&sets, options.rounds);
    }
    if wanted(options, "callback") {
        callback_suite(&sets, options.rounds);
    }
    Ok(())
}

fn print_medians(rounds: &Rounds, items: usize, bytes: usize) {
    println!("  {:<16} {:>12} {:>10}", "impl", "ns/item", "MB/s");
    for (name, times) in rounds.names.iter().zip(&rounds.times) {
        let m = median(times);
        println!("  {:<16} {:>12.1} {:>10.1}", name, m / items as f64, bytes as f64 / m * 1e3);
    }
}

fn print_ratio(rounds: &Rounds, label: &str, slow: &str, fast: &str) {
    let (med, min, max) = paired_ratio(rounds.of(slow), rounds.of(fast));
    println!("  {label:<24} {med:>6.2}  [{min:.2}-{max:.2}]");
}

fn parse_suite(set: &Dataset, rounds: usize) {
    let lines = &set.lines;
    println!("parse: {} ({} URLs, {} bytes)", set.name, lines.len(), set.bytes);
    let mut contestants = vec![
        Contestant {
            name: "weburl",
            pass: Box::new(|| {
                let mut sum = 0;
                for line in lines {
                    if let Ok(url) = weburl::Url::parse(line) {
                        sum += url.href().len();
                    }
                }
                sum
            }),
        },
        Contestant {
            name: "ada",
            pass: Box::new(|| {
                let mut sum = 0;
                for line in lines {
                    if let Ok(url) = ada_url::Url::parse(line.as_str(), None) {
                        sum += url.href().len();
                    }
                }
                sum
            }),
        },
        Contestant {
            name: "url",
            pass: Box::new(|| {
                let mut sum = 0;
                for line in lines {
                    if let Ok(url) = url::Url::parse(line) {
                        sum += url.as_str().len();
                    }
                }
                sum
            }),
        },
        Contestant {
            name: "baseline",
            pass: Box::new(|| {
                let mut sum = 0;
                for line in lines {
                    if let Ok(s) = std::str::from_utf8(black_box(line.as_bytes())) {
                        sum += black_box(s.to_owned()).len();
                    }
                }
                sum
            }),
        },
    ];
    let result = run_rounds(&mut contestants, rounds);
    drop(contestants);
    print_medians(&result, lines.len(), set.bytes);
    print_ratio(&result, "ada/weburl", "ada", "weburl");
    print_ratio(&result, "url/weburl", "url", "weburl");
    print_ratio(&result, "weburl/baseline", "weburl", "baseline");
    agreement(lines);
    println!();
}

/// Failure counts and href agreement between weburl and the others.
fn agreement(lines: &[String]) {
    let (mut fail_w, mut fail_a, mut fail_u) = (0, 0, 0);
    let (mut both_a, mut diff_a, mut both_u, mut diff_u) = (0, 0, 0, 0);
    let mut examples = Vec::new();
    for line in lines {
        let w = weburl::Url::parse(line).ok();
        let a = ada_url::Url::parse(line.as_str(), None).ok();
        let u = url::Url::parse(line).ok();
        fail_w += usize::from(w.is_none());
        fail_a += usize::from(a.is_none());
        fail_u += usize::from(u.is_none());
        if let (Some(w), Some(a)) = (&w, &a) {
            both_a += 1;
            if w.href() != a.href() {
                diff_a += 1;
                if examples.len() < 3 {
                    examples.push(format!(
                        "    ada differs: {line:?} -> {:?} vs {:?}",
                        w.href(),
                        a.href()
                    ));
                }
            }
        }
        if let (Some(w), Some(u)) = (&w, &u) {
            both_u += 1;
            if w.href() != u.as_str() {
                diff_u += 1;
                if examples.len() < 6 {
                    examples.push(format!(
                        "    url differs: {line:?} -> {:?} vs {:?}",
                        w.href(),
                        u.as_str()
                    ));
                }
            }
        }
    }
    println!("  failures: weburl {fail_w}, ada {fail_a}, url {fail_u}");
    println!(
        "  agreement: ada {} of {both_a} identical hrefs, url {} of {both_u}",
        both_a - diff_a,
        both_u - diff_u
    );
    for e in examples {
        println!("{e}");
    }
}

fn can_parse_suite(set: &Dataset, rounds: usize) {
    let lines = &set.lines;
    println!("can_parse: {} ({} URLs)", set.name, lines.len());
    let mut contestants = vec![
        Contestant {
            name: "weburl",
            pass: Box::new(|| lines.iter().filter(|l| weburl::Url::can_parse(l, None)).count()),
        },
        Contestant {
            name: "ada",
            pass: Box::new(|| lines.iter().filter(|l| ada_url::Url::can_parse(l, None)).count()),
        },
        Contestant {
            name: "url",
            pass: Box::new(|| lines.iter().filter(|l| url::Url::parse(l).is_ok()).count()),
        },
    ];
    let result = run_rounds(&mut contestants, rounds);
    drop(contestants);
    print_medians(&result, lines.len(), set.bytes);
    print_ratio(&result, "ada/weburl", "ada", "weburl");
    print_ratio(&result, "url/weburl", "url", "weburl");
    println!();
}

/// RFC 3986 validation of each line (weburl-rfc3986) next to WHATWG parsing and `can_parse`.
fn rfc3986_suite(set: &Dataset, rounds: usize) {
    let lines = &set.lines;
    println!("rfc3986 validate vs WHATWG: {} ({} URLs)", set.name, lines.len());
    let mut contestants = vec![
        Contestant {
            name: "rfc3986",
            pass: Box::new(|| {
                lines.iter().filter(|l| weburl::rfc3986::validate(black_box(l)).is_ok()).count()
            }),
        },
        Contestant {
            name: "can_parse",
            pass: Box::new(|| lines.iter().filter(|l| weburl::Url::can_parse(l, None)).count()),
        },
        Contestant {
            name: "parse",
            pass: Box::new(|| lines.iter().filter(|l| weburl::Url::parse(l).is_ok()).count()),
        },
    ];
    let result = run_rounds(&mut contestants, rounds);
    drop(contestants);
    print_medians(&result, lines.len(), set.bytes);
    print_ratio(&result, "parse/rfc3986", "parse", "rfc3986");
    let valid = lines.iter().filter(|l| weburl::rfc3986::validate(l).is_ok()).count();
    println!("  valid RFC 3986 URI references: {valid} of {}", lines.len());
    println!();
}

/// The raw host of an absolute URL line: after `//`, before the path, without userinfo and port.
fn raw_host(line: &str) -> Option<&str> {
    let rest = &line[line.find("://")? + 3..];
    let end = rest.find(['/', '?', '#', '\\']).unwrap_or(rest.len());
    let authority = &rest[..end];
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host = host.split(':').next().unwrap_or(host);
    (!host.is_empty() && !host.starts_with('[')).then_some(host)
}

/// A deterministic set of non-ASCII host names mixing scripts, cases and punycode-to-be labels.
fn non_ascii_hosts() -> Vec<String> {
    const LABELS: &[&str] = &[
        "bücher",
        "münchen",
        "日本語",
        "пример",
        "例え",
        "παράδειγμα",
        "faß",
        "ÉCOLE",
        "straße",
        "testé",
        "中国",
        "россия",
        "الاختبار",
        "उदाहरण",
        "테스트",
        "ñandú",
        "ŁÓDŹ",
        "café",
        "www",
        "mail",
        "shop",
        "news",
    ];
    const TLDS: &[&str] = &["com", "de", "jp", "рф", "org", "中国", "net", "co.uk"];
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = |n: usize| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize % n
    };
    let mut hosts = BTreeSet::new();
    while hosts.len() < 2000 {
        let depth = 1 + next(3);
        let mut host = String::new();
        for _ in 0..depth {
            host.push_str(LABELS[next(LABELS.len())]);
            if next(4) == 0 {
                host.push_str(&next(100).to_string());
            }
            host.push('.');
        }
        host.push_str(TLDS[next(TLDS.len())]);
        hosts.insert(host);
    }
    hosts.into_iter().collect()
}

fn domain_suite(sets: &[Dataset], rounds: usize) {
    let ascii: Vec<String> = sets
        .iter()
        .flat_map(|s| s.lines.iter().filter_map(|l| raw_host(l)))
        .filter(|h| h.is_ascii())
        .map(str::to_owned)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let non_ascii = non_ascii_hosts();
    for (label, hosts) in
        [("ASCII hosts of the datasets", &ascii), ("generated non-ASCII hosts", &non_ascii)]
    {
        let bytes: usize = hosts.iter().map(String::len).sum();
        println!("domain_to_ascii: {label} ({} distinct)", hosts.len());
        let mut contestants = vec![
            Contestant {
                name: "weburl",
                pass: Box::new(|| {
                    hosts
                        .iter()
                        .filter_map(|h| weburl::host::domain_to_ascii(h, false).ok())
                        .map(|s| s.len())
                        .sum()
                }),
            },
            Contestant {
                name: "idna",
                pass: Box::new(|| {
                    hosts
                        .iter()
                        .filter_map(|h| idna::domain_to_ascii(h).ok())
                        .map(|s| s.len())
                        .sum()
                }),
            },
            Contestant {
                name: "ada",
                pass: Box::new(|| hosts.iter().map(|h| ada_url::Idna::ascii(h).len()).sum()),
            },
        ];
        let result = run_rounds(&mut contestants, rounds);
        drop(contestants);
        print_medians(&result, hosts.len(), bytes);
        print_ratio(&result, "idna/weburl", "idna", "weburl");
        print_ratio(&result, "ada/weburl", "ada", "weburl");
        let differ = hosts
            .iter()
            .filter(|h| {
                weburl::host::domain_to_ascii(h, false).ok().as_deref()
                    != idna::domain_to_ascii(h).ok().as_deref()
            })
            .count();
        println!("  weburl and idna differ on {differ} hosts");
        println!();
    }
}

/// A 20-pair query with spaces, `+`, percent-escapes and non-ASCII text.
fn form_query() -> String {
    (0..20)
        .map(|i| match i % 4 {
            0 => format!("key{i}=value+{i}"),
            1 => format!("name%20{i}=caf%C3%A9+%26+cr%C3%A8me"),
            2 => format!("k{i}=plain-value-{i}"),
            _ => format!("q{i}=%E6%97%A5%E6%9C%AC%E8%AA%9E&empty{i}="),
        })
        .take(20)
        .collect::<Vec<_>>()
        .join("&")
}

fn form_suite(rounds: usize) {
    let query = form_query();
    const REPS: usize = 2000;
    println!(
        "form parse+serialize (borrowing parse, then serialize): 20-pair query ({} bytes) x {REPS}",
        query.len()
    );
    let q = query.as_str();
    let mut contestants = vec![
        Contestant {
            name: "weburl",
            pass: Box::new(|| {
                (0..REPS)
                    .map(|_| {
                        weburl::form::serialize_utf8(weburl::form::parse_iter(
                            black_box(q).as_bytes(),
                        ))
                        .len()
                    })
                    .sum()
            }),
        },
        Contestant {
            name: "form_urlencoded",
            pass: Box::new(|| {
                (0..REPS)
                    .map(|_| {
                        form_urlencoded::Serializer::new(String::new())
                            .extend_pairs(form_urlencoded::parse(black_box(q).as_bytes()))
                            .finish()
                            .len()
                    })
                    .sum()
            }),
        },
        Contestant {
            name: "ada",
            pass: Box::new(|| {
                (0..REPS)
                    .filter_map(|_| ada_url::UrlSearchParams::parse(black_box(q)).ok())
                    .map(|p| p.to_string().len())
                    .sum()
            }),
        },
    ];
    let result = run_rounds(&mut contestants, rounds);
    drop(contestants);
    print_medians(&result, REPS, query.len() * REPS);
    print_ratio(&result, "form_urlencoded/weburl", "form_urlencoded", "weburl");
    print_ratio(&result, "ada/weburl", "ada", "weburl");
    println!();
}

fn setter_suite(sets: &[Dataset], rounds: usize) {
    // URLs all three parse, from every dataset, capped so the suite stays short.
    let lines: Vec<&str> = sets
        .iter()
        .flat_map(|s| s.lines.iter().step_by(8))
        .map(String::as_str)
        .filter(|l| {
            weburl::Url::parse(l).is_ok()
                && ada_url::Url::parse(*l, None).is_ok()
                && url::Url::parse(l).is_ok()
        })
        .collect();
    println!("setters: {} parsed URLs", lines.len());
    for setter in ["href", "host", "pathname", "search"] {
        let mut ours: Vec<weburl::Url> =
            lines.iter().filter_map(|l| weburl::Url::parse(l).ok()).collect();
        let mut theirs: Vec<ada_url::Url> =
            lines.iter().filter_map(|l| ada_url::Url::parse(*l, None).ok()).collect();
        let mut servo: Vec<url::Url> =
            lines.iter().filter_map(|l| url::Url::parse(l).ok()).collect();
        let values: [&str; 2] = match setter {
            "href" => ["https://example.com/a/b?c#d", "http://user@example.org:8080/x"],
            "host" => ["example.com", "sub.example.org:8443"],
            "pathname" => ["/a/b/../c", "/%7Euser/file name"],
            _ => ["?q=1&r=two words", "?"],
        };
        let lines = &lines;
        let mut contestants = vec![
            Contestant {
                name: "weburl",
                pass: Box::new(|| {
                    let mut sum = 0;
                    for (i, u) in ours.iter_mut().enumerate() {
                        let v = values[i % 2];
                        match setter {
                            "href" => sum += usize::from(u.set_href(v).is_ok()),
                            "host" => sum += usize::from(u.set_host(v).is_ok()),
                            "pathname" => sum += usize::from(u.set_pathname(v).is_ok()),
                            _ => sum += usize::from(u.set_search(v).is_ok()),
                        }
                        sum += u.href().len();
                    }
                    sum
                }),
            },
            Contestant {
                name: "ada",
                pass: Box::new(|| {
                    let mut sum = 0;
                    for (i, u) in theirs.iter_mut().enumerate() {
                        let v = values[i % 2];
                        let _ = match setter {
                            "href" => u.set_href(v),
                            "host" => u.set_host(Some(v)),
                            "pathname" => u.set_pathname(Some(v)),
                            _ => {
                                u.set_search(Some(v));
                                Ok(())
                            }
                        };
                        sum += u.href().len();
                    }
                    sum
                }),
            },
            Contestant {
                name: "url",
                pass: Box::new(|| {
                    let mut sum = 0;
                    for (i, u) in servo.iter_mut().enumerate() {
                        let v = values[i % 2];
                        match setter {
                            "href" => {
                                if let Ok(n) = url::Url::parse(v) {
                                    *u = n;
                                }
                            }
                            "host" => {
                                let _ = u.set_host(Some(v.split(':').next().unwrap_or(v)));
                            }
                            "pathname" => u.set_path(v),
                            _ => u.set_query(Some(v.trim_start_matches('?'))),
                        }
                        sum += u.as_str().len();
                    }
                    sum
                }),
            },
        ];
        let result = run_rounds(&mut contestants, rounds);
        drop(contestants);
        println!(" set_{setter}:");
        print_medians(&result, lines.len(), 0);
        print_ratio(&result, "ada/weburl", "ada", "weburl");
        print_ratio(&result, "url/weburl", "url", "weburl");
    }
    println!();
}

fn callback_suite(sets: &[Dataset], rounds: usize) {
    let lines: Vec<&str> = sets.iter().flat_map(|s| s.lines.iter().map(String::as_str)).collect();
    println!("validation-error callback: all datasets ({} URLs)", lines.len());
    let lines = &lines;
    let mut contestants = vec![
        Contestant {
            name: "none",
            pass: Box::new(|| lines.iter().filter_map(|l| weburl::Url::parse(l).ok()).count()),
        },
        Contestant {
            name: "counting",
            pass: Box::new(|| {
                let mut errors = 0usize;
                let ok = lines
                    .iter()
                    .filter(|l| {
                        weburl::Url::options().on_validation_error(|_| errors += 1).parse(l).is_ok()
                    })
                    .count();
                ok + errors
            }),
        },
    ];
    let result = run_rounds(&mut contestants, rounds);
    drop(contestants);
    print_medians(&result, lines.len(), lines.iter().map(|l| l.len()).sum());
    print_ratio(&result, "counting/none", "counting", "none");
    println!();
}
