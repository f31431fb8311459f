//! `Position` slicing against rust-url's, over every WPT urltestdata.json input both parse to
//! the same href and a sample of the benchmark URL lists: all 16 x 16 ranges (start not after
//! end) must agree wherever rust-url's positions are right, that is wherever its eight
//! component slices (`[BeforeX..AfterX]`) are the components the standard gives.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Once;

use weburl_parser::{Position, Url};
use weburl_test_support::{BENCH_LISTS, load_bench_list, load_wpt_json};

const THEIRS: [url::Position; 16] = {
    use url::Position::*;
    [
        BeforeScheme,
        AfterScheme,
        BeforeUsername,
        AfterUsername,
        BeforePassword,
        AfterPassword,
        BeforeHost,
        AfterHost,
        BeforePort,
        AfterPort,
        BeforePath,
        AfterPath,
        BeforeQuery,
        AfterQuery,
        BeforeFragment,
        AfterFragment,
    ]
};

/// The eight components as the standard gives them (our getters, which WPT checks), in the
/// order of the position pairs.
fn components(url: &Url) -> [&str; 8] {
    [
        url.scheme(),
        url.username(),
        url.password(),
        url.hostname(),
        url.port(),
        url.pathname(),
        url.query().unwrap_or(""),
        url.fragment().unwrap_or(""),
    ]
}

/// rust-url's slicing panics on some URLs (a debug assertion in its slicing, an index out of
/// bounds); keep those panics, which the tests catch and count, out of the output.
fn quiet_rust_url_panics() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !info.location().is_some_and(|l| l.file().contains("/url-2.")) {
                default(info);
            }
        }));
    });
}

#[derive(Default)]
struct Counts {
    urls: usize,
    ranges: usize,
    rust_url_wrong: usize,
    rust_url_panics: Vec<String>,
    failures: Vec<String>,
}

impl Counts {
    fn compare(&mut self, ours: &Url, theirs: &url::Url) {
        quiet_rust_url_panics();
        if ours.href() != theirs.as_str() {
            return;
        }
        // rust-url's slices, or None where it panics.
        let slice = |i: usize, j: usize| {
            catch_unwind(AssertUnwindSafe(|| theirs[THEIRS[i]..THEIRS[j]].to_owned())).ok()
        };
        let theirs_right = components(ours)
            .iter()
            .enumerate()
            .all(|(k, want)| slice(2 * k, 2 * k + 1).as_deref() == Some(*want));
        if !theirs_right {
            self.rust_url_wrong += 1;
            let panics = (0..16).any(|i| (i..16).any(|j| slice(i, j).is_none()));
            if panics {
                self.rust_url_panics.push(ours.href().to_owned());
            }
            return;
        }
        self.urls += 1;
        for i in 0..16 {
            for j in i..16 {
                let mine = &ours[Position::ALL[i]..Position::ALL[j]];
                self.ranges += 1;
                match slice(i, j) {
                    Some(s) if s == mine => {}
                    other => self.failures.push(format!(
                        "{}: [{:?}..{:?}] ours {mine:?}, rust-url {other:?}",
                        ours.href(),
                        Position::ALL[i],
                        Position::ALL[j]
                    )),
                }
            }
            // Reversed ranges are empty for us (rust-url panics on most of them).
            for j in 0..i {
                if !ours[Position::ALL[i]..Position::ALL[j]].is_empty() {
                    self.failures.push(format!("{}: reversed range not empty", ours.href()));
                }
            }
        }
        // The unbounded forms agree with the bounded ones.
        for (i, &p) in Position::ALL.iter().enumerate() {
            let from = catch_unwind(AssertUnwindSafe(|| theirs[THEIRS[i]..].to_owned())).ok();
            let to = catch_unwind(AssertUnwindSafe(|| theirs[..THEIRS[i]].to_owned())).ok();
            if from.as_deref() != Some(&ours[p..]) || to.as_deref() != Some(&ours[..p]) {
                self.failures.push(format!("{}: open ranges at {p:?}", ours.href()));
            }
        }
        if &ours[..] != theirs.as_str() {
            self.failures.push(format!("{}: full range", ours.href()));
        }
    }

    fn finish(self, name: &str, min_urls: usize) {
        eprintln!(
            "{name}: {} passed, {} failed ({} URLs; {} where rust-url's positions are wrong, \
             {} of them where its slicing panics: {:?})",
            self.ranges - self.failures.len(),
            self.failures.len(),
            self.urls,
            self.rust_url_wrong,
            self.rust_url_panics.len(),
            &self.rust_url_panics[..self.rust_url_panics.len().min(3)],
        );
        assert!(
            self.failures.is_empty(),
            "{}",
            self.failures[..self.failures.len().min(40)].join("\n")
        );
        assert!(self.urls >= min_urls, "only {} URLs compared", self.urls);
    }
}

#[test]
fn wpt_inputs_slice_like_rust_url() {
    let data = load_wpt_json("urltestdata.json");
    let mut counts = Counts::default();
    for case in data.as_array().expect("urltestdata.json is an array") {
        let Some(input) = case.get("input").and_then(|v| v.as_str()) else { continue };
        let base = case.get("base").and_then(|v| v.as_str());
        let ours = match base {
            Some(base) => Url::parse(base).and_then(|b| b.join(input)),
            None => Url::parse(input),
        };
        let theirs = url::Url::options()
            .base_url(base.and_then(|b| url::Url::parse(b).ok()).as_ref())
            .parse(input);
        if let (Ok(ours), Ok(theirs)) = (ours, theirs) {
            counts.compare(&ours, &theirs);
        }
    }
    counts.finish("position slices (WPT)", 400);
}

#[test]
fn benchmark_urls_slice_like_rust_url() {
    let mut counts = Counts::default();
    for name in BENCH_LISTS {
        let list = load_bench_list(name);
        // Every 23rd line: about 4,800 URLs over the four lists.
        for line in list.lines().step_by(23) {
            let input = line.trim_start_matches('\u{feff}');
            if let (Ok(ours), Ok(theirs)) = (Url::parse(input), url::Url::parse(input)) {
                counts.compare(&ours, &theirs);
            }
        }
    }
    counts.finish("position slices (benchmark lists)", 3000);
}

#[test]
fn tricky_shapes_slice_like_rust_url() {
    let inputs = [
        "web+demo:/.//not-a-host/",
        "sc:/.//x?q#f",
        "mailto:someone@example.org?subject=hi",
        "data:text/plain,x#f",
        "https://:pw@example.org:8080/",
        "https://u:p@h/p",
        "file:///C:/x",
        "file://host/share",
        "sc://[::1]:2?#",
        "sc:",
        "http://example.org?",
    ];
    let mut counts = Counts::default();
    for input in inputs {
        counts.compare(&Url::parse(input).unwrap(), &url::Url::parse(input).unwrap());
    }
    let compared = counts.urls;
    counts.finish("position slices (listed)", inputs.len());
    assert_eq!(compared, inputs.len());
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(4096))]

    /// On any URL the positions never decrease, consecutive slices tile the serialization,
    /// and no range (reversed ones included) panics.
    #[test]
    fn slices_tile_the_serialization(
        input in "(https?|file|sc|mailto):(//)?[a-z0-9@:.\\[\\]/?#% ]{0,24}"
    ) {
        let Ok(url) = Url::parse(&input) else { return Ok(()) };
        let offsets = Position::ALL.map(|p| url.position(p));
        proptest::prop_assert!(offsets.windows(2).all(|w| w[0] <= w[1]), "{}: {:?}", url.href(), offsets);
        let mut tiled = String::new();
        for pair in Position::ALL.windows(2) {
            tiled.push_str(&url[pair[0]..pair[1]]);
        }
        proptest::prop_assert_eq!(tiled.as_str(), url.href());
        for &a in &Position::ALL {
            proptest::prop_assert_eq!(format!("{}{}", &url[..a], &url[a..]), url.href());
            for &b in &Position::ALL {
                let _ = &url[a..b];
            }
        }
    }
}
