//! Families of the URL record: parse, can_parse, join, the ten setters, search params,
//! origin, href, `Display`, `Eq`, hashing, and the Rust-side API shared with rust-url
//! (`query_pairs`, `query_pairs_mut`, `path_segments_mut`, `from_file_path`, `make_relative`).

use std::fmt::Write as _;
use std::hash::BuildHasher;
use std::hint::black_box;

use super::Family;
use super::inputs::{Inputs, RELATIVE_KINDS};

/// Pushes the URL families whose names `wanted` accepts.
pub fn families<'a>(inputs: &'a Inputs, wanted: &dyn Fn(&str) -> bool, out: &mut Vec<Family<'a>>) {
    for set in &inputs.sets {
        let name = format!("parse/{}", set.name.trim_end_matches(".txt"));
        if wanted(&name) {
            out.push(parse(name, &set.lines));
        }
    }
    if wanted("parse/other shapes") {
        out.push(parse("parse/other shapes".to_owned(), inputs.shapes()));
    }
    if wanted("parse/long paths") {
        out.push(parse("parse/long paths".to_owned(), inputs.long_paths()));
    }
    if wanted("parse/invalid inputs") {
        out.push(parse("parse/invalid inputs".to_owned(), inputs.invalid()));
    }
    if wanted("can_parse/invalid inputs") {
        let lines: Vec<&'a str> = inputs.invalid().iter().map(String::as_str).collect();
        out.push(can_parse("can_parse/invalid inputs", lines));
    }
    if wanted("can_parse/all lists") {
        let lines: Vec<&'a str> = inputs.all_lines().collect();
        out.push(can_parse("can_parse/all lists", lines));
    }
    if wanted("can_parse/other shapes") {
        let lines: Vec<&'a str> = inputs.shapes().iter().map(String::as_str).collect();
        out.push(can_parse("can_parse/other shapes", lines));
    }
    for (k, kind) in RELATIVE_KINDS.iter().enumerate() {
        let name = format!("join/{kind}");
        if wanted(&name) {
            out.push(join(name, inputs.absolute(), inputs.relative(k)));
        }
    }
    setters(inputs, wanted, out);
    search_params(inputs, wanted, out);
    record(inputs, wanted, out);
    rust_api(inputs, wanted, out);
}

fn parse<'a>(name: String, lines: &'a [String]) -> Family<'a> {
    let agree = lines
        .iter()
        .filter(|l| {
            let (w, a, u) = (
                weburl::Url::parse(l).ok(),
                ada_url::Url::parse(l.as_str(), None).ok(),
                url::Url::parse(l).ok(),
            );
            let w = w.as_ref().map(|w| w.href());
            w == a.as_ref().map(|a| a.href()) && w == u.as_ref().map(|u| u.as_str())
        })
        .count();
    Family::new(name, lines.len(), move || {
        lines.iter().filter_map(|l| weburl::Url::parse(l).ok()).map(|u| u.href().len()).sum()
    })
    .peer("ada", move || {
        lines
            .iter()
            .filter_map(|l| ada_url::Url::parse(l.as_str(), None).ok())
            .map(|u| u.href().len())
            .sum()
    })
    .peer("url", move || {
        lines.iter().filter_map(|l| url::Url::parse(l).ok()).map(|u| u.as_str().len()).sum()
    })
    .baseline("copy", move || {
        lines
            .iter()
            .filter_map(|l| std::str::from_utf8(black_box(l.as_bytes())).ok())
            .map(|s| black_box(s.to_owned()).len())
            .sum()
    })
    .note(format!(
        "all three give the same result (href or failure) on {agree} of {} lines",
        lines.len()
    ))
}

fn can_parse<'a>(name: &str, lines: Vec<&'a str>) -> Family<'a> {
    let n = lines.len();
    let disagree = lines
        .iter()
        .filter(|l| weburl::Url::can_parse(l, None) != ada_url::Url::can_parse(l, None))
        .count();
    let (l1, l2, l3) = (lines.clone(), lines.clone(), lines);
    Family::new(name, n, move || l1.iter().filter(|l| weburl::Url::can_parse(l, None)).count())
        .peer("ada", move || l2.iter().filter(|l| ada_url::Url::can_parse(l, None)).count())
        .peer("url", move || l3.iter().filter(|l| url::Url::parse(l).is_ok()).count())
        .note(format!("weburl and ada disagree on {disagree} lines"))
}

fn join<'a>(name: String, abs: &'a [String], links: &'a [(usize, String)]) -> Family<'a> {
    let ours: Vec<weburl::Url> = abs.iter().filter_map(|a| weburl::Url::parse(a).ok()).collect();
    let servo: Vec<url::Url> = abs.iter().filter_map(|a| url::Url::parse(a).ok()).collect();
    let adas: Vec<ada_url::Url> =
        abs.iter().filter_map(|a| ada_url::Url::parse(a.as_str(), None).ok()).collect();
    let differ = links
        .iter()
        .filter(|(b, r)| {
            let w = ours[*b].join(r).ok().map(|u| u.href().to_owned());
            w != servo[*b].join(r).ok().map(|u| u.as_str().to_owned())
                || w != ada_url::Url::parse(r.as_str(), Some(adas[*b].href()))
                    .ok()
                    .map(|u| u.href().to_owned())
        })
        .count();
    Family::new(name, links.len(), move || {
        links.iter().filter_map(|(b, r)| ours[*b].join(r).ok()).map(|u| u.href().len()).sum()
    })
    .peer("url", move || {
        links.iter().filter_map(|(b, r)| servo[*b].join(r).ok()).map(|u| u.as_str().len()).sum()
    })
    .peer("ada", move || {
        // ada's API takes the base as a string and parses it again: that is its join.
        links
            .iter()
            .filter_map(|(b, r)| ada_url::Url::parse(r.as_str(), Some(adas[*b].href())).ok())
            .map(|u| u.href().len())
            .sum()
    })
    .note(format!("results differ from rust-url or ada on {differ} of {} links", links.len()))
}

/// The two families of one setter, as `wanted` accepts them: `setter/NAME`, where every URL
/// of `abs` gets `values[i % len]` through each library in place (and `values[(i + 1) % len]`
/// in every other pass), and `clone+setter/NAME`, where every operation clones the parsed URL
/// and sets `values[i % len]` on the clone, as code deriving one URL from another does
/// (`let mut next = base.clone(); next.set_...`).
#[allow(clippy::too_many_arguments)]
fn setter_families<'a>(
    name: &str,
    abs: &'a [String],
    values: Vec<String>,
    wanted: &dyn Fn(&str) -> bool,
    ours: impl Fn(&mut weburl::Url, &str) + Copy + 'a,
    ada: impl Fn(&mut ada_url::Url, &str) + Copy + 'a,
    servo: impl Fn(&mut url::Url, &str) + Copy + 'a,
    out: &mut Vec<Family<'a>>,
) {
    let in_place = format!("setter/{name}");
    let cloned = format!("clone+setter/{name}");
    if !wanted(&in_place) && !wanted(&cloned) {
        return;
    }
    let w: Vec<weburl::Url> = abs.iter().filter_map(|a| weburl::Url::parse(a).ok()).collect();
    let s: Vec<url::Url> = abs.iter().filter_map(|a| url::Url::parse(a).ok()).collect();
    let a: Vec<ada_url::Url> =
        abs.iter().filter_map(|x| ada_url::Url::parse(x.as_str(), None).ok()).collect();
    // Agreement: one application on fresh copies.
    let mut differ = 0;
    for i in 0..w.len() {
        let v = &values[i % values.len()];
        let (mut w1, mut s1, mut a1) = (w[i].clone(), s[i].clone(), a[i].clone());
        ours(&mut w1, v);
        servo(&mut s1, v);
        ada(&mut a1, v);
        differ += usize::from(w1.href() != s1.as_str() || w1.href() != a1.href());
    }
    let n = w.len();
    let note = format!(
        "after one application, hrefs differ from rust-url (quirks) or ada on {differ} of {n}"
    );
    // Two values for each URL, laid out beside the URLs beforehand: its own and the next URL's.
    // Passes alternate between them, so that every application writes (re-applying the value a
    // URL already has, as every pass after the first would, times a no-op), and the timed loops
    // do no index arithmetic of their own (a division per operation was a large part of a
    // setter that takes a few nanoseconds).
    let urls = n.max(s.len()).max(a.len());
    let per_url: Vec<[String; 2]> = (0..urls)
        .map(|i| [values[i % values.len()].clone(), values[(i + 1) % values.len()].clone()])
        .collect();
    if wanted(&cloned) {
        let firsts: Vec<String> = per_url.iter().map(|[v, _]| v.clone()).collect();
        let (w, s, a) = (w.clone(), s.clone(), a.clone());
        let (v1, v2, v3) = (firsts.clone(), firsts.clone(), firsts);
        out.push(
            Family::new(cloned, n, on_clones(w, v1, ours, |u| u.href().len()))
                .peer("url", on_clones(s, v2, servo, |u| u.as_str().len()))
                .peer("ada", on_clones(a, v3, ada, |u| u.href().len()))
                .note(note.clone()),
        );
    }
    if wanted(&in_place) {
        let (v1, v2, v3) = (per_url.clone(), per_url.clone(), per_url);
        out.push(
            Family::new(in_place, n, alternating(w, v1, ours, |u| u.href().len()))
                .peer("url", alternating(s, v2, servo, |u| u.as_str().len()))
                .peer("ada", alternating(a, v3, ada, |u| u.href().len()))
                .note(note),
        );
    }
}

/// One pass that clones each of `urls`, applies its value to the clone and sums `len` of
/// the results (each clone is dropped after it is measured).
fn on_clones<'a, U: Clone + 'a>(
    urls: Vec<U>,
    values: Vec<String>,
    set: impl Fn(&mut U, &str) + 'a,
    len: impl Fn(&U) -> usize + 'a,
) -> impl FnMut() -> usize + 'a {
    move || {
        let mut sum = 0;
        for (u, v) in urls.iter().zip(&values) {
            let mut next = u.clone();
            set(&mut next, v);
            sum += len(&next);
        }
        sum
    }
}

/// One setter pass over `urls` that applies the first value of each URL's pair in even passes
/// and the second in odd ones, summing `len` of the results.
fn alternating<'a, U: 'a>(
    mut urls: Vec<U>,
    values: Vec<[String; 2]>,
    set: impl Fn(&mut U, &str) + 'a,
    len: impl Fn(&U) -> usize + 'a,
) -> impl FnMut() -> usize + 'a {
    let mut pass = 0;
    move || {
        let k = pass & 1;
        pass += 1;
        let mut sum = 0;
        for (u, v) in urls.iter_mut().zip(&values) {
            set(u, &v[k]);
            sum += len(u);
        }
        sum
    }
}

fn setters<'a>(inputs: &'a Inputs, wanted: &dyn Fn(&str) -> bool, out: &mut Vec<Family<'a>>) {
    use url::quirks as q;
    let abs = inputs.absolute();
    // Realistic values: the neighbouring URL's component, as a link rewriter would set it.
    let parsed =
        || abs.iter().skip(1).chain(abs.first()).filter_map(|a| weburl::Url::parse(a).ok());
    let fixed = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    macro_rules! setter {
        ($name:literal, $values:expr, $w:expr, $a:expr, $s:expr) => {
            setter_families($name, abs, $values, wanted, $w, $a, $s, out)
        };
    }
    setter!(
        "href",
        abs.iter().skip(1).cloned().collect(),
        |u, v| ignore(u.set_href(v)),
        |u, v| ignore(u.set_href(v)),
        |u, v| ignore(q::set_href(u, v))
    );
    setter!(
        "protocol",
        fixed(&["https", "http:", "wss", "https:"]),
        |u, v| ignore(u.set_protocol(v)),
        |u, v| ignore(u.set_protocol(v)),
        |u, v| ignore(q::set_protocol(u, v))
    );
    setter!(
        "username",
        fixed(&["user", "john.doe", "", "a%20b"]),
        |u, v| ignore(u.set_username(v)),
        |u, v| ignore(u.set_username(Some(v))),
        |u, v| ignore(q::set_username(u, v))
    );
    setter!(
        "password",
        fixed(&["secret", "p@ss w0rd", "", "tok3n"]),
        |u, v| ignore(u.set_password(v)),
        |u, v| ignore(u.set_password(Some(v))),
        |u, v| ignore(q::set_password(u, v))
    );
    // International values: non-ASCII text (every byte of it encoded) and, for the pathname,
    // a dot segment, as links in other languages carry them.
    setter!(
        "username (international)",
        fixed(&["jürgen", "zoë", "山田", "renée.dupont"]),
        |u, v| ignore(u.set_username(v)),
        |u, v| ignore(u.set_username(Some(v))),
        |u, v| ignore(q::set_username(u, v))
    );
    setter!(
        "password (international)",
        fixed(&["pässwörd", "contraseña", "пароль123", "s3cret"]),
        |u, v| ignore(u.set_password(v)),
        |u, v| ignore(u.set_password(Some(v))),
        |u, v| ignore(q::set_password(u, v))
    );
    setter!(
        "host",
        parsed().map(|u| u.host().to_owned()).collect(),
        |u, v| ignore(u.set_host(v)),
        |u, v| ignore(u.set_host(Some(v))),
        |u, v| ignore(q::set_host(u, v))
    );
    setter!(
        "hostname",
        parsed().map(|u| u.hostname().to_owned()).collect(),
        |u, v| ignore(u.set_hostname(v)),
        |u, v| ignore(u.set_hostname(Some(v))),
        |u, v| ignore(q::set_hostname(u, v))
    );
    setter!(
        "port",
        fixed(&["8080", "443", "", "3000"]),
        |u, v| ignore(u.set_port(v)),
        |u, v| ignore(u.set_port(Some(v))),
        |u, v| ignore(q::set_port(u, v))
    );
    setter!(
        "pathname",
        parsed().map(|u| u.pathname().to_owned()).collect(),
        |u, v| ignore(u.set_pathname(v)),
        |u, v| ignore(u.set_pathname(Some(v))),
        q::set_pathname
    );
    setter!(
        "pathname (international)",
        fixed(&["/café/menü", "/wiki/Ölfarbe_auf_Leinwand", "/東京/地図.html", "/docs/../api/v2/"]),
        |u, v| ignore(u.set_pathname(v)),
        |u, v| ignore(u.set_pathname(Some(v))),
        q::set_pathname
    );
    setter!(
        "search",
        parsed().map(|u| u.search().to_owned()).chain(fixed(&["?q=rust url&page=2"])).collect(),
        |u, v| ignore(u.set_search(v)),
        |u, v| u.set_search(Some(v)),
        q::set_search
    );
    setter!(
        "search (international)",
        fixed(&["?q=crème brûlée", "?city=Zürich&lang=de", "?q=東京", "?q=a b"]),
        |u, v| ignore(u.set_search(v)),
        |u, v| u.set_search(Some(v)),
        q::set_search
    );
    setter!(
        "hash",
        fixed(&["#section-2", "top", "", "#%C3%A9t%C3%A9"]),
        |u, v| ignore(u.set_hash(v)),
        |u, v| u.set_hash(Some(v)),
        q::set_hash
    );
    setter!(
        "hash (international)",
        fixed(&["#résumé", "#Überblick", "#概要", "#section-2"]),
        |u, v| ignore(u.set_hash(v)),
        |u, v| u.set_hash(Some(v)),
        q::set_hash
    );
}

fn search_params<'a>(inputs: &'a Inputs, wanted: &dyn Fn(&str) -> bool, out: &mut Vec<Family<'a>>) {
    use weburl::form::SearchParams;
    let qs = inputs.queries();
    let n = qs.len();
    if wanted("search_params/parse") {
        out.push(
            Family::new("search_params/parse", n, move || {
                qs.iter().map(|q| SearchParams::parse(q).len()).sum()
            })
            .peer("ada", move || {
                qs.iter()
                    .filter_map(|q| ada_url::UrlSearchParams::parse(q.as_str()).ok())
                    .map(|p| p.len())
                    .sum()
            })
            .peer("form_urlencoded", move || {
                qs.iter()
                    .map(|q| {
                        form_urlencoded::parse(q.as_bytes()).into_owned().collect::<Vec<_>>().len()
                    })
                    .sum()
            }),
        );
    }
    // The first and last names of each query and one that is absent.
    let names: Vec<[String; 3]> = qs
        .iter()
        .map(|q| {
            let p = SearchParams::parse(q);
            let first = p.iter().next().map_or("", |(k, _)| k).to_owned();
            let last = p.iter().next_back().map_or("", |(k, _)| k).to_owned();
            [first, last, "missing".to_owned()]
        })
        .collect();
    if wanted("search_params/get") {
        let ours: Vec<SearchParams> = qs.iter().map(|q| SearchParams::parse(q)).collect();
        let adas: Vec<ada_url::UrlSearchParams> =
            qs.iter().filter_map(|q| ada_url::UrlSearchParams::parse(q.as_str()).ok()).collect();
        let (n1, n2) = (names.clone(), names.clone());
        out.push(
            Family::new("search_params/get", 3 * n, move || {
                ours.iter()
                    .zip(&n1)
                    .map(|(p, ns)| ns.iter().filter_map(|k| p.get(k)).map(str::len).sum::<usize>())
                    .sum()
            })
            .peer("ada", move || {
                adas.iter()
                    .zip(&n2)
                    .map(|(p, ns)| ns.iter().filter_map(|k| p.get(k)).map(str::len).sum::<usize>())
                    .sum()
            }),
        );
    }
    if wanted("search_params/set") {
        let mut ours: Vec<SearchParams> = qs.iter().map(|q| SearchParams::parse(q)).collect();
        let mut adas: Vec<ada_url::UrlSearchParams> =
            qs.iter().filter_map(|q| ada_url::UrlSearchParams::parse(q.as_str()).ok()).collect();
        let (n1, n2) = (names.clone(), names.clone());
        out.push(
            Family::new("search_params/set", 2 * n, move || {
                ours.iter_mut()
                    .zip(&n1)
                    .map(|(p, ns)| {
                        p.set(&ns[0], "new value");
                        p.set("page", "3");
                        p.len()
                    })
                    .sum()
            })
            .peer("ada", move || {
                adas.iter_mut()
                    .zip(&n2)
                    .map(|(p, ns)| {
                        p.set(&ns[0], "new value");
                        p.set("page", "3");
                        p.len()
                    })
                    .sum()
            }),
        );
    }
    if wanted("search_params/parse+sort") {
        out.push(
            Family::new("search_params/parse+sort", n, move || {
                qs.iter()
                    .map(|q| {
                        let mut p = SearchParams::parse(q);
                        p.sort();
                        p.len()
                    })
                    .sum()
            })
            .peer("ada", move || {
                qs.iter()
                    .filter_map(|q| ada_url::UrlSearchParams::parse(q.as_str()).ok())
                    .map(|mut p| {
                        p.sort();
                        p.len()
                    })
                    .sum()
            }),
        );
    }
    if wanted("search_params/serialize") {
        let ours: Vec<SearchParams> = qs.iter().map(|q| SearchParams::parse(q)).collect();
        let adas: Vec<ada_url::UrlSearchParams> =
            qs.iter().filter_map(|q| ada_url::UrlSearchParams::parse(q.as_str()).ok()).collect();
        let pairs: Vec<Vec<(String, String)>> = qs
            .iter()
            .map(|q| form_urlencoded::parse(q.as_bytes()).into_owned().collect())
            .collect();
        let differ = ours.iter().zip(&adas).filter(|(o, a)| o.serialize() != a.to_string()).count();
        out.push(
            Family::new("search_params/serialize", n, move || {
                ours.iter().map(|p| p.serialize().len()).sum()
            })
            .peer("ada", move || adas.iter().map(|p| p.to_string().len()).sum())
            .peer("form_urlencoded", move || {
                pairs
                    .iter()
                    .map(|p| {
                        form_urlencoded::Serializer::new(String::new())
                            .extend_pairs(p)
                            .finish()
                            .len()
                    })
                    .sum()
            })
            .note(format!("serializations differ from ada's on {differ} of {n}")),
        );
    }
}

fn record<'a>(inputs: &'a Inputs, wanted: &dyn Fn(&str) -> bool, out: &mut Vec<Family<'a>>) {
    let abs = inputs.absolute();
    let n = abs.len();
    let ours = || abs.iter().filter_map(|a| weburl::Url::parse(a).ok()).collect::<Vec<_>>();
    let servo = || abs.iter().filter_map(|a| url::Url::parse(a).ok()).collect::<Vec<_>>();
    let adas = || {
        abs.iter().filter_map(|a| ada_url::Url::parse(a.as_str(), None).ok()).collect::<Vec<_>>()
    };
    if wanted("origin") {
        let (w, s, a) = (ours(), servo(), adas());
        let differ = w
            .iter()
            .zip(&a)
            .filter(|(w, a)| w.origin().ascii_serialization() != a.origin())
            .count();
        out.push(
            Family::new("origin", n, move || {
                w.iter().map(|u| u.origin().ascii_serialization().len()).sum()
            })
            .peer("url", move || s.iter().map(|u| u.origin().ascii_serialization().len()).sum())
            .peer("ada", move || a.iter().map(|u| u.origin().len()).sum())
            .note(format!("serialized origins differ from ada's on {differ} of {n}")),
        );
    }
    if wanted("href") {
        let (w, s, a) = (ours(), servo(), adas());
        out.push(
            Family::new("href", n, move || w.iter().map(|u| black_box(u).href().len()).sum())
                .peer("url", move || s.iter().map(|u| black_box(u).as_str().len()).sum())
                .peer("ada", move || a.iter().map(|u| black_box(u).href().len()).sum()),
        );
    }
    if wanted("Display") {
        let (w, s, a) = (ours(), servo(), adas());
        let (mut b1, mut b2, mut b3) = (String::new(), String::new(), String::new());
        out.push(
            Family::new("Display", n, move || {
                w.iter()
                    .map(|u| {
                        b1.clear();
                        let _ = write!(b1, "{u}");
                        b1.len()
                    })
                    .sum()
            })
            .peer("url", move || {
                s.iter()
                    .map(|u| {
                        b2.clear();
                        let _ = write!(b2, "{u}");
                        b2.len()
                    })
                    .sum()
            })
            .peer("ada", move || {
                a.iter()
                    .map(|u| {
                        b3.clear();
                        let _ = write!(b3, "{u}");
                        b3.len()
                    })
                    .sum()
            }),
        );
    }
    if wanted("Eq") {
        // Each URL against an equal copy (a full comparison) and against its neighbour.
        let (w, s, a) = (ours(), servo(), adas());
        let (w2, s2, a2) = (w.clone(), s.clone(), a.clone());
        out.push(
            Family::new("Eq", 2 * n, move || {
                (0..w.len()).filter(|&i| w[i] == w2[i]).count()
                    + w.windows(2).filter(|p| p[0] == p[1]).count()
            })
            .peer("url", move || {
                (0..s.len()).filter(|&i| s[i] == s2[i]).count()
                    + s.windows(2).filter(|p| p[0] == p[1]).count()
            })
            .peer("ada", move || {
                (0..a.len()).filter(|&i| a[i] == a2[i]).count()
                    + a.windows(2).filter(|p| p[0] == p[1]).count()
            }),
        );
    }
    if wanted("Hash") {
        // Each library's `Hash` impl (all three feed the serialization to the hasher).
        let (w, s, a) = (ours(), servo(), adas());
        let st = std::hash::RandomState::new();
        let (st2, st3) = (st.clone(), st.clone());
        out.push(
            Family::new("Hash", n, move || w.iter().map(|u| st.hash_one(u) as usize & 1).sum())
                .peer("url", move || s.iter().map(|u| st2.hash_one(u) as usize & 1).sum())
                .peer("ada", move || a.iter().map(|u| st3.hash_one(u) as usize & 1).sum()),
        );
    }
}

fn rust_api<'a>(inputs: &'a Inputs, wanted: &dyn Fn(&str) -> bool, out: &mut Vec<Family<'a>>) {
    let abs = inputs.absolute();
    if wanted("rust/query_pairs") {
        let qurls: Vec<String> =
            inputs.queries().iter().map(|q| format!("https://example.com/search?{q}")).collect();
        let w: Vec<weburl::Url> = qurls.iter().filter_map(|a| weburl::Url::parse(a).ok()).collect();
        let s: Vec<url::Url> = qurls.iter().filter_map(|a| url::Url::parse(a).ok()).collect();
        out.push(
            Family::new("rust/query_pairs", w.len(), move || {
                w.iter()
                    .map(|u| u.query_pairs().map(|(k, v)| k.len() + v.len()).sum::<usize>())
                    .sum()
            })
            .peer("url", move || {
                s.iter()
                    .map(|u| u.query_pairs().map(|(k, v)| k.len() + v.len()).sum::<usize>())
                    .sum()
            }),
        );
    }
    let ours = || abs.iter().filter_map(|a| weburl::Url::parse(a).ok()).collect::<Vec<_>>();
    let servo = || abs.iter().filter_map(|a| url::Url::parse(a).ok()).collect::<Vec<_>>();
    if wanted("rust/query_pairs_mut") {
        let (w, s) = (ours(), servo());
        out.push(
            Family::new("rust/query_pairs_mut (clone, clear, 2 appends)", w.len(), move || {
                w.iter()
                    .map(|u| {
                        let mut u = u.clone();
                        u.query_pairs_mut()
                            .clear()
                            .append_pair("q", "rust url")
                            .append_pair("page", "2");
                        u.href().len()
                    })
                    .sum()
            })
            .peer("url", move || {
                s.iter()
                    .map(|u| {
                        let mut u = u.clone();
                        u.query_pairs_mut()
                            .clear()
                            .append_pair("q", "rust url")
                            .append_pair("page", "2");
                        u.as_str().len()
                    })
                    .sum()
            }),
        );
    }
    if wanted("rust/path_segments_mut") {
        let (w, s) = (ours(), servo());
        out.push(
            Family::new("rust/path_segments_mut (clone, pop_if_empty, push)", w.len(), move || {
                w.iter()
                    .map(|u| {
                        let mut u = u.clone();
                        if let Ok(mut p) = u.path_segments_mut() {
                            p.pop_if_empty().push("index.html");
                        }
                        u.href().len()
                    })
                    .sum()
            })
            .peer("url", move || {
                s.iter()
                    .map(|u| {
                        let mut u = u.clone();
                        if let Ok(mut p) = u.path_segments_mut() {
                            p.pop_if_empty().push("index.html");
                        }
                        u.as_str().len()
                    })
                    .sum()
            }),
        );
    }
    if wanted("rust/from_file_path") {
        let paths: Vec<std::path::PathBuf> = inputs
            .all_lines()
            .filter(|l| l.starts_with("file:"))
            .filter_map(|l| url::Url::parse(l).ok()?.to_file_path().ok())
            .take(4000)
            .collect();
        let differ = paths
            .iter()
            .filter(|p| {
                weburl::Url::from_file_path(p).ok().map(|u| u.href().to_owned())
                    != url::Url::from_file_path(p).ok().map(|u| u.as_str().to_owned())
            })
            .count();
        let p2 = paths.clone();
        out.push(
            Family::new("rust/from_file_path", paths.len(), move || {
                paths
                    .iter()
                    .filter_map(|p| weburl::Url::from_file_path(p).ok())
                    .map(|u| u.href().len())
                    .sum()
            })
            .peer("url", move || {
                p2.iter()
                    .filter_map(|p| url::Url::from_file_path(p).ok())
                    .map(|u| u.as_str().len())
                    .sum()
            })
            .note(format!("results differ from rust-url on {differ} paths")),
        );
    }
    if wanted("rust/make_relative") {
        let (w, s) = (ours(), servo());
        let differ = (1..w.len())
            .filter(|&i| w[i - 1].make_relative(&w[i]) != s[i - 1].make_relative(&s[i]))
            .count();
        out.push(
            Family::new("rust/make_relative", w.len().saturating_sub(1), move || {
                w.windows(2).filter_map(|p| p[0].make_relative(&p[1])).map(|r| r.len()).sum()
            })
            .peer("url", move || {
                s.windows(2).filter_map(|p| p[0].make_relative(&p[1])).map(|r| r.len()).sum()
            })
            .note(format!("answers differ from rust-url on {differ} pairs")),
        );
    }
}

/// Discards a setter's result (the families compare the hrefs, not the answers).
fn ignore<T>(_: T) {}
