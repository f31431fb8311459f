//! Inputs of the families, derived from the URL lists of `testdata/bench` (or the `--data`
//! folder) and from seeded generators that are not tuned to any implementation. Each derived
//! set is built on first use, so that a filtered or profiled run builds only what it needs.

use std::cell::OnceCell;
use std::collections::BTreeSet;
use std::path::Path;

/// One URL list.
pub struct Dataset {
    /// File name.
    pub name: String,
    /// Non-empty lines.
    pub lines: Vec<String>,
}

/// The kinds of relative link derived for `join` and RFC 3986 resolution.
pub const RELATIVE_KINDS: [&str; 5] =
    ["path-relative", "root-relative", "dot-dot", "query-only", "scheme-relative"];

/// Every input set, built lazily.
pub struct Inputs {
    /// The URL lists.
    pub sets: Vec<Dataset>,
    absolute: OnceCell<Vec<String>>,
    relative: OnceCell<Vec<Vec<(usize, String)>>>,
    ascii_hosts: OnceCell<Vec<String>>,
    mixed_hosts: OnceCell<Vec<String>>,
    xn_hosts: OnceCell<Vec<String>>,
    mix_hosts: OnceCell<Vec<String>>,
    decomposed_hosts: OnceCell<Vec<String>>,
    queries: OnceCell<Vec<String>>,
    shapes: OnceCell<Vec<String>>,
    invalid: OnceCell<Vec<String>>,
    long_paths: OnceCell<Vec<String>>,
}

/// A small deterministic generator (64-bit LCG, high bits).
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 =
            self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
    /// One element of `items`.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

impl Inputs {
    /// Loads every `*.txt` list of `dir`.
    pub fn load(dir: &Path) -> Result<Inputs, String> {
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
            let lines = String::from_utf8_lossy(&text)
                .split('\n')
                .map(|l| l.strip_suffix('\r').unwrap_or(l).to_owned())
                .filter(|l| !l.is_empty())
                .collect();
            let name =
                path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            sets.push(Dataset { name, lines });
        }
        if sets.is_empty() {
            return Err(format!("no *.txt datasets in {}", dir.display()));
        }
        Ok(Inputs {
            sets,
            absolute: OnceCell::new(),
            relative: OnceCell::new(),
            ascii_hosts: OnceCell::new(),
            mixed_hosts: OnceCell::new(),
            xn_hosts: OnceCell::new(),
            mix_hosts: OnceCell::new(),
            decomposed_hosts: OnceCell::new(),
            queries: OnceCell::new(),
            shapes: OnceCell::new(),
            invalid: OnceCell::new(),
            long_paths: OnceCell::new(),
        })
    }

    /// 4,000 generated URLs of shapes the lists hold few of, 200 of each of 20 (a seeded
    /// generator): `mailto:`, `data:`, `javascript:`, `tel:`, `urn:` and `blob:` URLs (opaque
    /// paths), credentials, IPv6 and IPv4 hosts, a scheme that is not special with a host
    /// (`git+ssh://`), non-ASCII hosts, upper-case URLs, dot segments, `wss:` with a port,
    /// non-ASCII text in the path, the query and the fragment, Windows file paths, spaces and
    /// newlines around the URL, and backslashes for slashes.
    pub fn shapes(&self) -> &[String] {
        self.shapes.get_or_init(|| {
            let mut rng = Rng::new(0x05ee_d0f5_a9e5);
            let words = ["alpha", "news", "Shop", "docs", "x", "team-7", "b2b", "Info"];
            let texts = ["東京", "Zürich", "Москва", "القاهرة", "café crème", "Ελλάδα", "서울"];
            let mut out = Vec::new();
            for i in 0..200 {
                let w = *rng.pick(&words);
                let n = rng.below(100_000);
                out.push(format!("mailto:{w}{n}@example.com?subject=Re%3A%20{w}"));
                out.push(format!("data:text/plain;base64,SGVsbG8{n}="));
                out.push(format!("javascript:void(0);show('{w}')"));
                out.push(format!("tel:+1-555-{:04}", n % 10_000));
                out.push(format!("urn:isbn:{n}"));
                out.push(format!("blob:https://{w}.example/{n:x}-4a1b-9c2d"));
                out.push(format!("https://{w}:{n}@example.com/private/{i}"));
                out.push(format!("http://[2001:db8::{n:x}]:8080/{w}"));
                out.push(format!("http://10.{}.{}.{}/{w}", n % 256, i % 256, n % 7));
                out.push(format!("git+ssh://git@github.com/{w}/repo{n}.git"));
                out.push(format!("https://{w}-m\u{FC}nchen.de/{n}"));
                out.push(format!("HTTPS://WWW.{}.COM/{w}/{n}?Q=1", w.to_uppercase()));
                out.push(format!("https://example.com/a/./{w}/../b/{n}"));
                out.push(format!("wss://socket.example.com:8443/{w}?room={n}"));
                let t = *rng.pick(&texts);
                out.push(format!("https://{w}.wikipedia.org/wiki/{t}_{n}"));
                out.push(format!("https://www.example.com/search?q={t}+{n}&lang=de"));
                out.push(format!("https://docs.example.org/{w}/{n}#{t}"));
                out.push(format!("file:///C:/Users/{w}/Documents/report{n}.pdf"));
                out.push(format!("  https://{w}.example.com/{n}\n"));
                out.push(format!("http:\\\\{w}.example.com\\{n}\\index.html"));
            }
            out
        })
    }

    /// 2,400 inputs that fail to parse, 200 of each of 12 shapes (a seeded generator over the
    /// lists' ASCII hosts): a space in the host, a port above 65535, a port that is not a
    /// number, a negative port, `<` and `>` in the host, an IPv4 address out of range, an
    /// unclosed IPv6 address, credentials with no host, a `%` that encodes nothing in the
    /// host, an empty host after `//`, no scheme (`www.host/path`), and a path with no base.
    pub fn invalid(&self) -> &[String] {
        self.invalid.get_or_init(|| {
            let hosts = self.ascii_hosts();
            let mut rng = Rng::new(0x1a7a_11d5);
            let words = ["index", "news", "a", "Shop", "docs", "team-7"];
            let mut out = Vec::new();
            for _ in 0..200 {
                let h = rng.pick(hosts).as_str();
                let w = *rng.pick(&words);
                let n = rng.below(100_000);
                let cut = h.len() / 2;
                let (front, back) = (h.get(..cut).unwrap_or(h), h.get(cut..).unwrap_or(""));
                out.push(format!("https://{front} {back}/{w}"));
                out.push(format!("https://{h}:{}/{w}", 65_536 + n));
                out.push(format!("http://{h}:{n}x/{w}"));
                out.push(format!("http://{h}:-{n}/"));
                out.push(format!("https://{h}<{w}>/{n}"));
                out.push(format!("http://{}.{}.1.1/{w}", 256 + n % 700, n % 256));
                out.push(format!("http://[2001:db8::{n:x}/{w}"));
                out.push(format!("https://{w}@/{n}"));
                out.push(format!("https://{front}%zz{back}/{w}"));
                out.push(format!("https://:{n}/{w}"));
                out.push(format!("www.{h}/{w}/{n}"));
                out.push(format!("/{w}/{n}?page=2"));
            }
            out
        })
    }

    /// Up to 1,000 URLs of each list (taken evenly) with a host and a directory in their
    /// path, each with that directory written twice (`https://h/a/b/f.js?q` becomes
    /// `https://h/a/b/a/b/f.js?q`): the lists' own bytes in longer paths, for parse against
    /// the copy as paths grow.
    pub fn long_paths(&self) -> &[String] {
        self.long_paths.get_or_init(|| self.sample().filter_map(|l| directory_twice(l)).collect())
    }

    /// Up to 1,000 lines of each list, taken evenly.
    fn sample(&self) -> impl Iterator<Item = &String> {
        self.sets.iter().flat_map(|set| {
            let step = (set.lines.len() / 1000).max(1);
            set.lines.iter().step_by(step).take(1000)
        })
    }

    /// Every line of every list.
    pub fn all_lines(&self) -> impl Iterator<Item = &str> {
        self.sets.iter().flat_map(|s| s.lines.iter().map(String::as_str))
    }

    /// Up to 4,000 http(s) URLs with a host that weburl, ada and rust-url all parse, taken
    /// evenly from every list, in their serialized (href) form.
    pub fn absolute(&self) -> &[String] {
        self.absolute.get_or_init(|| {
            let mut out = Vec::new();
            for line in self.sample() {
                let Ok(u) = weburl::Url::parse(line) else { continue };
                if !matches!(u.scheme(), "http" | "https") || u.hostname().is_empty() {
                    continue;
                }
                if ada_url::Url::parse(line.as_str(), None).is_err()
                    || url::Url::parse(line).is_err()
                {
                    continue;
                }
                out.push(u.href().to_owned());
            }
            out
        })
    }

    /// For each of [`RELATIVE_KINDS`], `(index of the base in absolute(), link)` pairs: the link
    /// is made from the *next* URL of the list (its path, path and query, host, ...), as a page
    /// would link to a neighbour.
    pub fn relative(&self, kind: usize) -> &[(usize, String)] {
        let all = self.relative.get_or_init(|| {
            let abs = self.absolute();
            let mut out = vec![Vec::new(); RELATIVE_KINDS.len()];
            for i in 0..abs.len().saturating_sub(1) {
                let Ok(next) = weburl::Url::parse(&abs[i + 1]) else { continue };
                let path = next.pathname();
                let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
                let tail = |n: usize| segments[segments.len().saturating_sub(n)..].join("/");
                let query = next.search();
                out[0].push((i, format!("{}{query}", tail(2))));
                out[1].push((i, format!("{path}{query}")));
                out[2].push((i, format!("../{}", tail(1))));
                let q = if query.is_empty() {
                    "?page=2&sort=desc".to_owned()
                } else {
                    query.to_owned()
                };
                out[3].push((i, q));
                out[4].push((i, format!("//{}{path}{query}", next.host())));
            }
            out
        });
        &all[kind]
    }

    /// The distinct ASCII hosts of the lists.
    pub fn ascii_hosts(&self) -> &[String] {
        self.ascii_hosts.get_or_init(|| {
            self.all_lines()
                .filter_map(raw_host)
                .filter(|h| h.is_ascii())
                .map(str::to_owned)
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect()
        })
    }

    /// 2,000 distinct hosts shaped like real links with non-ASCII labels: mixed-case ASCII
    /// words, non-ASCII words of many scripts joined to them by hyphens, digits, upper- and
    /// lower-case TLDs including `XN--` ones (e.g. `Bücher-GitHub.テスト-CDN01.com`).
    pub fn mixed_hosts(&self) -> &[String] {
        self.mixed_hosts.get_or_init(|| {
            const ASCII: &[&str] = &[
                "GitHub", "CDN01", "WWW", "Login", "Mail", "Shop", "API", "Static", "News",
                "Cloud", "img2", "Beta", "www", "m", "Docs", "AUTH",
            ];
            const WORDS: &[&str] = &[
                "Bücher",
                "إختبار",
                "テスト",
                "München",
                "Пример",
                "Παράδειγμα",
                "中文",
                "Ñandú",
                "ÉCOLE",
                "Straße",
                "한국어",
                "हिन्दी",
                "ไทย",
                "עברית",
                "Ελλάδα",
                "Zürich",
                "Ärzte",
                "Москва",
                "日本語",
                "Çalışma",
            ];
            const TLDS: &[&str] =
                &["com", "org", "XN--P1AI", "Net", "РФ", "de", "JP", "中国", "co.uk", "xn--fiqs8s"];
            let mut rng = Rng::new(0x5eed_0001);
            let mut hosts = BTreeSet::new();
            while hosts.len() < 2000 {
                let mut host = String::new();
                for _ in 0..1 + rng.below(3) {
                    let (a, w) = (*rng.pick(ASCII), *rng.pick(WORDS));
                    let label = match rng.below(5) {
                        0 => w.to_owned(),
                        1 => format!("{w}-{a}"),
                        2 => format!("{a}-{w}"),
                        3 => format!("{w}{}", rng.below(100)),
                        _ => a.to_owned(),
                    };
                    host.push_str(&label);
                    host.push('.');
                }
                let tld: &&str = rng.pick(TLDS);
                host.push_str(tld);
                if host.is_ascii() {
                    continue;
                }
                hosts.insert(host);
            }
            hosts.into_iter().collect()
        })
    }

    /// `xn--` input: rust-url's (`idna`) ASCII form of [`Inputs::mixed_hosts`] and
    /// [`Inputs::mix_hosts`] where it has one with an `xn--` label; every third with the
    /// `xn--` prefixes upper-cased.
    pub fn xn_hosts(&self) -> &[String] {
        self.xn_hosts.get_or_init(|| {
            self.mixed_hosts()
                .iter()
                .chain(self.mix_hosts())
                .filter_map(|h| idna::domain_to_ascii(h).ok())
                .filter(|a| a.contains("xn--"))
                .enumerate()
                .map(|(i, a)| if i % 3 == 0 { a.replace("xn--", "XN--") } else { a })
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect()
        })
    }

    /// 3,000 generated hosts: a broad mix of scripts (Latin and its extensions, Greek,
    /// Cyrillic, Armenian, Hebrew, Arabic, Devanagari, Thai, Georgian, Hangul, kana, CJK,
    /// full-width forms, emoji), both cases, hyphens and digits, the four IDNA dot separators
    /// and one to five labels. Seeded, not tuned to any implementation; many are invalid (both
    /// sides must then fail).
    pub fn mix_hosts(&self) -> &[String] {
        self.mix_hosts.get_or_init(|| {
            const RANGES: &[(u32, u32)] = &[
                (0x61, 0x7A),
                (0x41, 0x5A),
                (0xC0, 0xFF),
                (0x100, 0x17F),
                (0x391, 0x3C9),
                (0x410, 0x44F),
                (0x531, 0x586),
                (0x5D0, 0x5EA),
                (0x627, 0x64A),
                (0x915, 0x939),
                (0xE01, 0xE30),
                (0x10D0, 0x10F0),
                (0xAC00, 0xD7A3),
                (0x3041, 0x3096),
                (0x30A1, 0x30FA),
                (0x4E00, 0x9FFF),
                (0xFF21, 0xFF5A),
                (0x1F600, 0x1F64F),
            ];
            const DOTS: &[char] =
                &['.', '.', '.', '.', '.', '.', '\u{3002}', '\u{FF0E}', '\u{FF61}'];
            let mut rng = Rng::new(0x5eed_0002);
            let mut hosts = BTreeSet::new();
            while hosts.len() < 3000 {
                let labels = 1 + rng.below(5);
                let mut host = String::new();
                for l in 0..labels {
                    if l > 0 {
                        host.push(*rng.pick(DOTS));
                    }
                    let scripts = [*rng.pick(RANGES), *rng.pick(RANGES)];
                    let mixed = rng.below(3) == 0;
                    let len = 1 + rng.below(14);
                    for k in 0..len {
                        let (lo, hi) = if mixed { scripts[k % 2] } else { scripts[0] };
                        match rng.below(12) {
                            0 if k > 0 && k + 1 < len => host.push('-'),
                            1 => host.push(char::from(b'0' + rng.below(10) as u8)),
                            _ => host.extend(char::from_u32(
                                lo + rng.below((hi - lo + 1) as usize) as u32,
                            )),
                        }
                    }
                }
                hosts.insert(host);
            }
            hosts.into_iter().collect()
        })
    }

    /// Decomposed input: the canonical decomposition (NFD, as macOS file names and some input
    /// methods write text) of each host of [`Inputs::mixed_hosts`] and [`Inputs::mix_hosts`]
    /// that it changes: accented letters, Hangul syllables and voiced kana that step 2 of
    /// UTS #46 processing (Normalize) must compose again.
    pub fn decomposed_hosts(&self) -> &[String] {
        use unicode_normalization::UnicodeNormalization;
        self.decomposed_hosts.get_or_init(|| {
            self.mixed_hosts()
                .iter()
                .chain(self.mix_hosts())
                .map(|h| (h, h.nfd().collect::<String>()))
                .filter(|(h, d)| *h != d)
                .map(|(_, d)| d)
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect()
        })
    }

    /// Queries of the lists (without `?`), and a generated 20-pair query with spaces, `+`,
    /// escapes and non-ASCII text, so that every query family has real work.
    pub fn queries(&self) -> &[String] {
        self.queries.get_or_init(|| {
            let mut out: Vec<String> = self
                .all_lines()
                .filter_map(|l| l.split_once('?').map(|(_, q)| q.split('#').next().unwrap_or(q)))
                .filter(|q| q.contains('='))
                .map(str::to_owned)
                .collect::<BTreeSet<_>>()
                .into_iter()
                .take(3000)
                .collect();
            let generated: String = (0..20)
                .map(|i| match i % 4 {
                    0 => format!("key{i}=value+{i}"),
                    1 => format!("name%20{i}=caf%C3%A9+%26+cr%C3%A8me"),
                    2 => format!("k{i}=plain-value-{i}"),
                    _ => format!("q{i}=%E6%97%A5%E6%9C%AC%E8%AA%9E&empty{i}="),
                })
                .collect::<Vec<_>>()
                .join("&");
            out.extend(std::iter::repeat_n(generated, 200));
            out
        })
    }
}

/// `line` with its path's directory (up to the last `/` before any `?` or `#`) written twice,
/// when it has a `://` authority and a directory of at least one segment.
fn directory_twice(line: &str) -> Option<String> {
    let authority = line.find("://")? + 3;
    let path = authority + line[authority..].find('/')?;
    let end = line[path..].find(['?', '#']).map_or(line.len(), |e| path + e);
    let dir_end = path + line[path..end].rfind('/')?;
    (dir_end > path).then(|| {
        let dir = &line[path..dir_end];
        format!("{}{dir}{}", &line[..dir_end], &line[dir_end..])
    })
}

/// The raw host of an absolute URL line: after `//`, before the path, without userinfo and port.
pub fn raw_host(line: &str) -> Option<&str> {
    let rest = &line[line.find("://")? + 3..];
    let end = rest.find(['/', '?', '#', '\\']).unwrap_or(rest.len());
    let authority = &rest[..end];
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host = host.split(':').next().unwrap_or(host);
    (!host.is_empty() && !host.starts_with('[')).then_some(host)
}

#[cfg(test)]
mod tests {
    use super::directory_twice;

    #[test]
    fn directory_twice_repeats_the_path_directory_only() {
        let cases = [
            ("https://h.com/a/b/f.js?q=/x#y", Some("https://h.com/a/b/a/b/f.js?q=/x#y")),
            (
                "file:///Users/x/node_modules/p/i.js",
                Some("file:///Users/x/node_modules/p/Users/x/node_modules/p/i.js"),
            ),
            ("https://h.com/a/", Some("https://h.com/a/a/")),
            ("https://h.com/f.js", None),
            ("https://h.com", None),
            ("node:url", None),
        ];
        for (line, want) in cases {
            assert_eq!(directory_twice(line).as_deref(), want, "{line}");
        }
    }
}
