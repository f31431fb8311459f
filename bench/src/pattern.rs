//! `weburl-bench pattern`: weburl-pattern against the `urlpattern` crate (0.6, rust-url and
//! `regex`) in paired, alternating rounds: constructing a route set, `test` and `exec` of every
//! URL against every route, and first-match routing (weburl's `UrlPatternList` against a loop
//! over `urlpattern` patterns).
//!
//! Both sides get the same work: each URL is parsed once per pass by its own library's parser
//! (weburl's `Url`, rust-url's `Url`) and then matched against every route. `urlpattern`
//! takes its URL by value, so its side clones the parsed URL per call; that clone is part of
//! its API's cost and is counted.

use std::hint::black_box;
use std::path::Path;

use weburl::pattern::{UrlPattern, UrlPatternInit, UrlPatternList, UrlPatternOptions};

use crate::timing::{Contestant, median, paired_ratio, run_rounds};

type Theirs = urlpattern::UrlPattern<regex::Regex>;

/// A realistic route set: REST routes with named groups, wildcards, optional segments and
/// regexp groups, over any host, plus a few host-specific routes.
const ROUTES: &[(Option<&str>, &str)] = &[
    (None, "/"),
    (None, "/index.html"),
    (None, "/about{/}?"),
    (None, "/blog/:year(\\d{4})/:month(\\d{2})/:slug"),
    (None, "/blog/:slug"),
    (None, "/api/:version(v\\d+)/users/:id"),
    (None, "/api/:version(v\\d+)/users/:id/posts/:post?"),
    (None, "/products/:category/:id(\\d+)"),
    (None, "/products/:category?"),
    (None, "/search/:query*"),
    (None, "/static/*"),
    (None, "/assets/:name.:ext"),
    (None, "/:lang(en|fr|de|es)/*"),
    (None, "/docs/*"),
    (None, "/*.html"),
    (None, "/*.php"),
    (None, "/content/*"),
    (None, "/wiki/:title"),
    (Some("*.example.com"), "/*"),
    (Some("www.:domain.org"), "/:page"),
];

/// URLs that hit the routes, added to the real-world lists so that matches happen.
const HITS: &[&str] = &[
    "https://example.com/",
    "https://example.com/index.html",
    "https://example.com/about/",
    "https://example.com/blog/2024/05/hello-world",
    "https://example.com/blog/hello-world",
    "https://api.example.com/api/v2/users/1234",
    "https://api.example.com/api/v2/users/1234/posts/99",
    "https://shop.example.com/products/books/978",
    "https://shop.example.com/products/books",
    "https://example.com/search/rust/url/pattern",
    "https://cdn.example.net/static/js/app.min.js",
    "https://cdn.example.net/assets/logo.png",
    "https://example.com/fr/accueil/actualites",
    "https://docs.example.org/docs/guide/intro",
    "https://www.example.org/page.html",
    "https://old.example.org/cgi/index.php",
    "https://www.wikipedia.org/wiki/URL",
];

fn routes_ours() -> Vec<UrlPattern> {
    ROUTES
        .iter()
        .map(|(host, path)| {
            let mut init = UrlPatternInit::default().with_pathname(*path);
            init.hostname = host.map(String::from);
            UrlPattern::from_init(&init, UrlPatternOptions::default()).expect("route compiles")
        })
        .collect()
}

fn routes_theirs() -> Vec<Theirs> {
    ROUTES
        .iter()
        .map(|(host, path)| {
            let init = urlpattern::UrlPatternInit {
                pathname: Some((*path).to_string()),
                hostname: host.map(String::from),
                ..Default::default()
            };
            Theirs::parse(init, urlpattern::UrlPatternOptions::default()).expect("route compiles")
        })
        .collect()
}

/// The URL set: `per_list` URLs from each benchmark list, then the route hits repeated.
fn load_urls(dir: &Path, per_list: usize) -> Result<Vec<String>, String> {
    let mut urls = Vec::new();
    for name in ["kasztp.txt", "userbait.txt"] {
        let path = dir.join(name);
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        urls.extend(
            text.lines()
                .map(|l| l.trim_start_matches('\u{feff}').trim())
                .filter(|l| !l.is_empty())
                .take(per_list)
                .map(String::from),
        );
    }
    for _ in 0..(per_list / 20).max(1) {
        urls.extend(HITS.iter().map(|s| s.to_string()));
    }
    Ok(urls)
}

fn report(title: &str, rounds: &crate::timing::Rounds, items: usize) {
    println!("{title}");
    println!("  {:<18} {:>12}", "impl", "ns/item");
    for (name, times) in rounds.names.iter().zip(&rounds.times) {
        println!("  {:<18} {:>12.1}", name, median(times) / items as f64);
    }
    let (med, min, max) = paired_ratio(rounds.of("urlpattern 0.6"), rounds.of("weburl-pattern"));
    println!("  urlpattern / weburl-pattern: {med:.2}  [{min:.2}-{max:.2}]");
}

/// Runs `contestants` for `suite`: timed paired rounds and a report, or, when `only` is
/// `Some((suite, impl))` (a profile run), just that contestant's pass `rounds` times.
fn go(
    suite: &str,
    title: &str,
    contestants: &mut [Contestant<'_>],
    rounds: usize,
    items: usize,
    only: Option<(&str, &str)>,
) {
    match only {
        None => report(title, &run_rounds(contestants, rounds), items),
        Some((s, who)) if s == suite => {
            for c in contestants.iter_mut().filter(|c| c.name.starts_with(who)) {
                let sum: usize = (0..rounds).map(|_| black_box((c.pass)())).sum();
                println!("{suite} {}: {rounds} passes, checksum {sum}", c.name);
            }
        }
        Some(_) => {}
    }
}

/// Runs the pattern suites with `rounds` rounds on the lists in `dir`; `only` is
/// `SUITE:IMPL` (`construct`, `test`, `exec` or `first`; `weburl` or `urlpattern`) for a
/// single-contestant run under `valgrind --tool=callgrind`.
pub fn run(dir: &Path, rounds: usize, only: Option<&str>) -> Result<(), String> {
    let only = match only {
        None => None,
        Some(arg) => Some(arg.split_once(':').ok_or("pattern: expected SUITE:IMPL")?),
    };
    let urls = load_urls(dir, 2000)?;
    let ours = routes_ours();
    let theirs = routes_theirs();
    // Both sides must agree on what matches, or the comparison means nothing.
    let mut both = 0;
    let mut hits = 0;
    let mut disagreements = 0;
    for u in urls.iter().filter(|_| only.is_none()) {
        let (Ok(a), Ok(b)) = (weburl::Url::parse(u), url::Url::parse(u)) else { continue };
        both += 1;
        for (p, q) in ours.iter().zip(&theirs) {
            let x = p.test_url(&a);
            let y = q.test(urlpattern::UrlPatternMatchInput::Url(b.clone())).unwrap_or(false);
            if x != y {
                disagreements += 1;
                if disagreements <= 5 {
                    println!("  note: disagree on {u} with route {}: {x} vs {y}", p.pathname());
                }
            }
            hits += usize::from(x);
        }
    }
    println!(
        "pattern: {} routes, {} URLs ({both} parse in both), {hits} (URL, route) matches, \
         {disagreements} disagreements",
        ROUTES.len(),
        urls.len(),
    );

    // Construction of the whole route set.
    let mut contestants = vec![
        Contestant { name: "weburl-pattern", pass: Box::new(|| routes_ours().len()) },
        Contestant { name: "urlpattern 0.6", pass: Box::new(|| routes_theirs().len()) },
    ];
    go("construct", "construct (per route)", &mut contestants, rounds, ROUTES.len(), only);

    // test: every URL (parsed once) against every route.
    let pairs = urls.len() * ROUTES.len();
    let mut contestants = vec![
        Contestant {
            name: "weburl-pattern",
            pass: Box::new(|| {
                let mut n = 0;
                for u in &urls {
                    let Ok(url) = weburl::Url::parse(u) else { continue };
                    n += ours.iter().filter(|p| p.test_url(&url)).count();
                }
                n
            }),
        },
        Contestant {
            name: "urlpattern 0.6",
            pass: Box::new(|| {
                let mut n = 0;
                for u in &urls {
                    let Ok(url) = url::Url::parse(u) else { continue };
                    n += theirs
                        .iter()
                        .filter(|p| {
                            p.test(urlpattern::UrlPatternMatchInput::Url(url.clone()))
                                .unwrap_or(false)
                        })
                        .count();
                }
                n
            }),
        },
    ];
    go(
        "test",
        "test (per URL x route, URL parse included once per URL)",
        &mut contestants,
        rounds,
        pairs,
        only,
    );

    // exec: the same, building the results.
    let mut contestants = vec![
        Contestant {
            name: "weburl-pattern",
            pass: Box::new(|| {
                let mut n = 0;
                for u in &urls {
                    let Ok(url) = weburl::Url::parse(u) else { continue };
                    for p in &ours {
                        if let Some(r) = p.exec_url(&url) {
                            n += black_box(r).pathname.groups.len();
                        }
                    }
                }
                n
            }),
        },
        Contestant {
            name: "urlpattern 0.6",
            pass: Box::new(|| {
                let mut n = 0;
                for u in &urls {
                    let Ok(url) = url::Url::parse(u) else { continue };
                    for p in &theirs {
                        if let Ok(Some(r)) =
                            p.exec(urlpattern::UrlPatternMatchInput::Url(url.clone()))
                        {
                            n += black_box(r).pathname.groups.len();
                        }
                    }
                }
                n
            }),
        },
    ];
    go(
        "exec",
        "exec (per URL x route, URL parse included once per URL)",
        &mut contestants,
        rounds,
        pairs,
        only,
    );

    // Routing: the first matching route's result, from the URL string.
    let mut list = UrlPatternList::new();
    for p in routes_ours() {
        list.push(p, ());
    }
    let mut contestants = vec![
        Contestant {
            name: "weburl-pattern",
            pass: Box::new(|| {
                urls.iter().filter_map(|u| list.first(u, None)).map(|m| m.index + 1).sum()
            }),
        },
        Contestant {
            name: "urlpattern 0.6",
            pass: Box::new(|| {
                let mut n = 0;
                for u in &urls {
                    let Ok(url) = url::Url::parse(u) else { continue };
                    for (i, p) in theirs.iter().enumerate() {
                        if let Ok(Some(r)) =
                            p.exec(urlpattern::UrlPatternMatchInput::Url(url.clone()))
                        {
                            black_box(r);
                            n += i + 1;
                            break;
                        }
                    }
                }
                n
            }),
        },
    ];
    go(
        "first",
        "first match (per URL: UrlPatternList::first vs a loop)",
        &mut contestants,
        rounds,
        urls.len(),
        only,
    );
    Ok(())
}
