//! `cargo xtask fuzz [TARGET] [--seconds N]`: seeds the corpora of the libFuzzer targets in
//! `fuzz/` from the vendored test data, builds the targets with cargo-fuzz (AddressSanitizer,
//! debug assertions; `RUSTC_BOOTSTRAP=1` on the stable toolchain), runs each for N seconds
//! with the URL dictionary, and prints executions, coverage (`cov`), features (`ft`) and any
//! crash artifact per target. Fails when a target crashes.
//!
//! Seeds go to `fuzz/corpus/<target>/` (gitignored), one file per seed named by the start of
//! its SHA-256, so reseeding never duplicates and never removes what libFuzzer added. The
//! multi-field layouts (`base 0xFF input`, setter scripts) are those of `fuzz/src/lib.rs`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use serde_json::Value;
use weburl_test_support::{BENCH_LISTS, load_bench_list, load_wpt_json};

/// Every fuzz target, in the order `cargo xtask fuzz` runs them.
pub const TARGETS: [&str; 20] = [
    "parse",
    "parse_base",
    "setters",
    "fast_path",
    "can_parse",
    "host",
    "idna",
    "punycode",
    "percent",
    "form",
    "search_params",
    "rfc3986",
    "file_path",
    "file_path_windows",
    "make_relative",
    "query_pairs_mut",
    "path_segments_mut",
    "rust_setters",
    "position",
    "pattern",
];

/// The field separator of the multi-field inputs (`weburl_fuzz::SEP`).
const SEP: u8 = 0xFF;

/// The setter names in the order of their selector bytes (`weburl_fuzz::Setter::ALL`).
const SETTERS: [&str; 10] = [
    "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
    "hash",
];

/// Seeds of `file_path_windows`: drive, UNC, verbatim and device paths, dot components,
/// mixed separators, NUL, non-ASCII, and the hosts the URL parser rewrites.
const WINDOWS_PATHS: [&str; 25] = [
    r"C:\",
    r"C:\dir\file.txt",
    r"c:/dir/sub/",
    r"C:\a b\100%#1?.txt",
    r"C:\a\.\b\.",
    r"C:\a\..\b",
    "C:\\a\0b",
    r"C:\été\日本",
    r"C:dir",
    r"\dir",
    r"\\server\share\dir\file",
    r"\\server\share",
    r"//server/share/x/",
    r"\\Bücher.example\c$\x",
    r"\\10.0.0.1\share",
    r"\\0x7f.1\share",
    r"\\localhost\c$",
    "\\\\a\tb\\share",
    r"\\server\.\x",
    r"\\?\C:\dir\file",
    r"\\?\C:",
    r"\\?\C:\a\.\b",
    r"\\?\UNC\server\share\x",
    r"\\?\Volume{1}\x",
    r"\\.\COM1",
];

/// How many lines of each benchmark list become seeds (spread over the whole list).
const BENCH_SEEDS_PER_LIST: usize = 400;

/// The test data the seeds come from, loaded once.
struct Data {
    /// `(input, base)` of urltestdata.json.
    urls: Vec<(String, Option<String>)>,
    /// `(attribute, href, new_value)` of setters_tests.json.
    setters: Vec<(String, String, String)>,
    /// Inputs of toascii.json and IdnaTestV2.json.
    domains: Vec<String>,
    /// ASCII outputs of IdnaTestV2.json (for Punycode labels).
    ace: Vec<String>,
    /// Inputs of urlencoded-parser-data.json.
    forms: Vec<String>,
    /// A sample of the benchmark URL lists.
    bench: Vec<String>,
    /// `pattern 0xFF input [0xFF base]` from urlpatterntestdata.json (init dictionaries as
    /// `protocol|hostname|pathname|search|hash`, the layout of the `pattern` target).
    patterns: Vec<Vec<u8>>,
}

fn str_field(case: &Value, key: &str) -> Option<String> {
    case.get(key).and_then(Value::as_str).map(str::to_owned)
}

fn objects(value: &Value) -> impl Iterator<Item = &Value> {
    value.as_array().into_iter().flatten().filter(|c| c.is_object())
}

impl Data {
    fn load() -> Data {
        let urls = objects(&load_wpt_json("urltestdata.json"))
            .filter_map(|c| Some((str_field(c, "input")?, str_field(c, "base"))))
            .collect();
        let mut setters = Vec::new();
        let setter_data = load_wpt_json("setters_tests.json");
        for name in SETTERS {
            for case in setter_data.get(name).map(objects).into_iter().flatten() {
                if let (Some(href), Some(value)) =
                    (str_field(case, "href"), str_field(case, "new_value"))
                {
                    setters.push((name.to_owned(), href, value));
                }
            }
        }
        let mut domains = Vec::new();
        let mut ace = Vec::new();
        for file in ["toascii.json", "IdnaTestV2.json"] {
            for case in objects(&load_wpt_json(file)) {
                domains.extend(str_field(case, "input"));
                ace.extend(str_field(case, "output"));
            }
        }
        let forms = objects(&load_wpt_json("urlencoded-parser-data.json"))
            .filter_map(|c| str_field(c, "input"))
            .collect();
        let mut bench = Vec::new();
        for list in BENCH_LISTS {
            let text = load_bench_list(list);
            let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
            let step = (lines.len() / BENCH_SEEDS_PER_LIST).max(1);
            bench.extend(lines.iter().step_by(step).map(|l| (*l).to_owned()));
        }
        let patterns =
            objects(&load_wpt_json("urlpatterntestdata.json")).filter_map(pattern_seed).collect();
        Data { urls, setters, domains, ace, forms, bench, patterns }
    }

    /// Every URL-shaped input: the WPT inputs and bases, the setter hrefs, the bench sample.
    fn url_inputs(&self) -> Vec<Vec<u8>> {
        let mut out: Vec<Vec<u8>> = Vec::new();
        for (input, base) in &self.urls {
            out.push(input.as_bytes().to_vec());
            out.extend(base.iter().map(|b| b.as_bytes().to_vec()));
        }
        out.extend(self.setters.iter().map(|(_, href, _)| href.as_bytes().to_vec()));
        out.extend(self.bench.iter().map(|l| l.as_bytes().to_vec()));
        out
    }

    /// `base 0xFF input` for every WPT case with a base.
    fn with_base(&self) -> Vec<Vec<u8>> {
        self.urls
            .iter()
            .filter_map(|(input, base)| Some(join(&[base.as_deref()?, input])))
            .collect()
    }

    /// The seeds of one target.
    fn seeds(&self, target: &str) -> Vec<Vec<u8>> {
        match target {
            "parse" => self.url_inputs(),
            "parse_base" => self.with_base(),
            "fast_path" | "can_parse" | "rfc3986" => {
                let mut seeds = self.url_inputs();
                seeds.extend(self.with_base());
                seeds
            }
            "setters" => {
                // Also the two URLs where the spec is not idempotent (docs/spec-notes.md): the
                // protocol setter makes `file:` URLs that reparse differently, which the target
                // must accept exactly (a fuzz run found the first; these keep it in every run).
                let quirks = [
                    ("protocol", "http://localhost/p?q#f", "file"),
                    ("protocol", "https://h/c|/x", "file"),
                ];
                let cases =
                    self.setters.iter().map(|(n, h, v)| (n.as_str(), h.as_str(), v.as_str()));
                cases
                    .chain(quirks)
                    .map(|(name, href, value)| {
                        let selector = SETTERS.iter().position(|s| *s == name).unwrap_or(0) as u8;
                        let mut seed = href.as_bytes().to_vec();
                        seed.push(SEP);
                        seed.push(selector);
                        seed.extend_from_slice(value.as_bytes());
                        seed
                    })
                    .collect()
            }
            "host" => {
                let mut seeds: Vec<Vec<u8>> =
                    self.domains.iter().map(|d| d.as_bytes().to_vec()).collect();
                // The hosts of the setter cases and of the bench sample.
                for (name, _, value) in &self.setters {
                    if name == "host" || name == "hostname" {
                        seeds.push(value.as_bytes().to_vec());
                    }
                }
                seeds.extend(self.bench.iter().filter_map(|l| host_of(l)).map(Vec::from));
                seeds
            }
            // One byte of flags (0: the URL Standard's settings; 0x1B: the strict checks)
            // before the domain.
            "idna" => self
                .domains
                .iter()
                .flat_map(|d| [0u8, 0x1B].map(|flags| [&[flags], d.as_bytes()].concat()))
                .collect(),
            "punycode" => {
                let mut seeds = Vec::new();
                for domain in self.ace.iter().chain(&self.domains) {
                    for label in domain.split('.') {
                        let label = label.strip_prefix("xn--").unwrap_or(label);
                        seeds.push(label.as_bytes().to_vec());
                    }
                }
                seeds
            }
            // One byte selecting the percent-encode set, then text with and without escapes:
            // the form data and the WPT inputs.
            "percent" => {
                let texts = self.forms.iter().chain(self.urls.iter().map(|(input, _)| input));
                texts.enumerate().map(|(i, t)| [&[i as u8], t.as_bytes()].concat()).collect()
            }
            "form" => {
                let mut seeds: Vec<Vec<u8>> =
                    self.forms.iter().map(|f| f.as_bytes().to_vec()).collect();
                for (input, _) in &self.urls {
                    if let Some((_, query)) = input.split_once('?') {
                        seeds.push(query.as_bytes().to_vec());
                    }
                }
                seeds
            }
            // `href 0xFF (op name 0x00 value 0xFF)*`, ops as the digits '0'..'7' (append,
            // delete, delete with value, set, sort, clear, reads).
            "search_params" => {
                let mut seeds = Vec::new();
                for form in &self.forms {
                    let href = format!("https://example.org/?{form}");
                    seeds.push(join(&[&href, "0a\0b", "3a\0c", "4", "6a\0c"]));
                    seeds.push(join(&[&href, "1a", "0\u{1F308}\0x", "0\u{FB03}\0y", "4"]));
                }
                for (name, href, value) in &self.setters {
                    if name == "search" {
                        seeds.push(join(&[href, &format!("0{value}\0{value}"), "2x\0y", "5"]));
                    }
                }
                seeds
            }
            // Paths: the file URLs' paths of the WPT data and a few shapes of their own.
            "file_path" => {
                let mut seeds: Vec<Vec<u8>> = [
                    "/",
                    "/tmp/a b/100%#1?.txt",
                    "/./a/.",
                    "/a/../b",
                    "/a\\b/C:/c|",
                    "/x\0y",
                    "//srv//x/",
                ]
                .iter()
                .map(|p| p.as_bytes().to_vec())
                .collect();
                for url in self.url_inputs() {
                    if url.starts_with(b"file:") {
                        seeds.push(url.clone());
                        let text = String::from_utf8_lossy(&url);
                        let path = text.trim_start_matches("file:").trim_start_matches("//");
                        seeds.push(format!("/{}", path.trim_start_matches('/')).into_bytes());
                    }
                }
                seeds
            }
            // Windows paths of every prefix form, and the WPT file URLs whose paths have a
            // drive letter or whose host would be a UNC server (the target also reads its
            // input as URL text).
            "file_path_windows" => {
                let mut seeds: Vec<Vec<u8>> =
                    WINDOWS_PATHS.iter().map(|p| p.as_bytes().to_vec()).collect();
                for url in self.url_inputs() {
                    let text = String::from_utf8_lossy(&url);
                    if text.get(..5).is_some_and(|s| s.eq_ignore_ascii_case("file:")) {
                        seeds.push(url.clone());
                    }
                }
                seeds
            }
            // `base 0xFF url`: neighbouring bench URLs (often one host) and WPT base/input pairs.
            "make_relative" => {
                let mut seeds: Vec<Vec<u8>> =
                    self.bench.windows(2).map(|w| join(&[&w[0], &w[1]])).collect();
                seeds.extend(
                    self.urls
                        .iter()
                        .filter_map(|(input, base)| Some(join(&[base.as_deref()?, input]))),
                );
                seeds
            }
            // `href 0xFF op bytes`: the setter hrefs with a few op scripts.
            "query_pairs_mut" | "path_segments_mut" | "rust_setters" => {
                let ops: [&[u8]; 3] =
                    [b"\x00\x02a=\x03b c\x01", b"\x01\x05x/y%\x00\x03\x03", b"\x04\x02\x02"];
                let mut seeds = Vec::new();
                for (_, href, _) in &self.setters {
                    for op in ops {
                        let mut seed = href.as_bytes().to_vec();
                        seed.push(SEP);
                        seed.extend_from_slice(op);
                        seeds.push(seed);
                    }
                }
                seeds
            }
            "position" => self.url_inputs(),
            "pattern" => self.patterns.clone(),
            _ => Vec::new(),
        }
    }
}

/// The seed of one urlpatterntestdata.json case (see [`Data::patterns`]), if its first
/// pattern and input are strings or dictionaries of strings.
fn pattern_seed(case: &Value) -> Option<Vec<u8>> {
    let as_text = |v: &Value| -> Option<String> {
        match v {
            Value::String(s) => Some(s.clone()),
            Value::Object(o) => Some(
                ["protocol", "hostname", "pathname", "search", "hash"]
                    .map(|k| o.get(k).and_then(Value::as_str).unwrap_or("*"))
                    .join("|"),
            ),
            _ => None,
        }
    };
    let pattern = as_text(case.get("pattern")?.get(0)?)?;
    let inputs = case.get("inputs")?.as_array()?;
    let input = inputs.first().and_then(Value::as_str).unwrap_or("https://example.com/");
    let mut fields = vec![pattern.as_str(), input];
    if let Some(base) = inputs.get(1).and_then(Value::as_str) {
        fields.push(base);
    }
    let seed = join(&fields);
    (seed.len() <= 256).then_some(seed)
}

/// libFuzzer's per-input time limit for `target`: 10 s, and 2 s for `pattern`, whose
/// inputs are capped at 256 bytes, so a slower one is a backtracking blow-up worth reporting.
fn timeout_seconds(target: &str) -> u32 {
    if target == "pattern" { 2 } else { 10 }
}

/// The fields joined by the separator byte.
fn join(fields: &[&str]) -> Vec<u8> {
    let mut out = Vec::new();
    for (i, field) in fields.iter().enumerate() {
        if i > 0 {
            out.push(SEP);
        }
        out.extend_from_slice(field.as_bytes());
    }
    out
}

/// The text between `//` and the next `/`, `?` or `#`, less any userinfo: a rough host.
fn host_of(url: &str) -> Option<&str> {
    let rest = &url[url.find("//")? + 2..];
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = &rest[..end];
    Some(authority.rsplit_once('@').map_or(authority, |(_, host)| host))
}

/// Writes the seeds of `target` into `dir`, one file per distinct seed; returns how many were
/// new.
fn write_seeds(dir: &Path, seeds: Vec<Vec<u8>>) -> Result<usize, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let unique: BTreeSet<Vec<u8>> = seeds.into_iter().collect();
    let mut new = 0;
    for seed in unique {
        let name = format!("seed-{}", &crate::sha256_hex(&seed)[..16]);
        let path = dir.join(name);
        if !path.exists() {
            std::fs::write(&path, &seed).map_err(|e| format!("{}: {e}", path.display()))?;
            new += 1;
        }
    }
    Ok(new)
}

/// What one run printed, read from libFuzzer's log.
#[derive(Default)]
struct Outcome {
    executions: Option<u64>,
    cov: Option<u64>,
    ft: Option<u64>,
    corpus: Option<u64>,
    artifact: Option<String>,
}

/// The number after `key` in `line` (`cov: 123`).
fn number_after(line: &str, key: &str) -> Option<u64> {
    let at = line.find(key)? + key.len();
    let digits: String = line[at..].chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

fn read_outcome(log: &str) -> Outcome {
    let mut outcome = Outcome::default();
    for line in log.lines() {
        if line.starts_with('#') {
            outcome.cov = number_after(line, "cov: ").or(outcome.cov);
            outcome.ft = number_after(line, "ft: ").or(outcome.ft);
            outcome.corpus = number_after(line, "corp: ").or(outcome.corpus);
        }
        if let Some(n) = number_after(line, "stat::number_of_executed_units: ") {
            outcome.executions = Some(n);
        }
        if let Some(at) = line.find("Test unit written to ") {
            outcome.artifact = Some(line[at + "Test unit written to ".len()..].trim().to_owned());
        }
    }
    outcome
}

fn cargo() -> Command {
    let mut cmd = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    // cargo-fuzz passes nightly-only flags (-Z sanitizer); the stable toolchain accepts them
    // with RUSTC_BOOTSTRAP=1.
    cmd.env("RUSTC_BOOTSTRAP", "1");
    cmd
}

/// Runs `cargo xtask fuzz`: `target` (all when `None`) for `seconds` each.
pub fn run(root: &Path, target: Option<&str>, seconds: u64) -> Result<bool, String> {
    let targets: Vec<&str> = match target {
        Some(t) if TARGETS.contains(&t) => vec![t],
        Some(t) => {
            return Err(format!("unknown fuzz target {t:?}; targets: {}", TARGETS.join(", ")));
        }
        None => TARGETS.to_vec(),
    };
    let version = cargo().args(["fuzz", "--version"]).stdout(Stdio::null()).status();
    if !version.is_ok_and(|s| s.success()) {
        return Err("cargo-fuzz is not installed: run `cargo install cargo-fuzz --locked`".into());
    }
    let fuzz = root.join("fuzz");

    let data = Data::load();
    for t in &targets {
        let new = write_seeds(&fuzz.join("corpus").join(t), data.seeds(t))?;
        println!("seeded fuzz/corpus/{t}: {new} new seeds");
    }

    let started = Instant::now();
    let mut build = cargo();
    build.current_dir(root).args(["fuzz", "build"]);
    if let [one] = targets.as_slice() {
        build.arg(one);
    }
    let status = build.status().map_err(|e| format!("cargo fuzz build: {e}"))?;
    if !status.success() {
        return Err("cargo fuzz build failed".into());
    }
    println!("built in {:.0} s", started.elapsed().as_secs_f64());

    let logs = fuzz.join("target").join("xtask-logs");
    std::fs::create_dir_all(&logs).map_err(|e| format!("{}: {e}", logs.display()))?;
    let mut rows = Vec::new();
    let mut clean = true;
    for t in &targets {
        let log_path = logs.join(format!("{t}.log"));
        let log =
            std::fs::File::create(&log_path).map_err(|e| format!("{}: {e}", log_path.display()))?;
        let corpus = fuzz.join("corpus").join(t);
        let started = Instant::now();
        // One process (one core); hangs are inputs over the timeout.
        let status = cargo()
            .current_dir(root)
            .args(["fuzz", "run", t])
            .arg(&corpus)
            .arg("--")
            .arg(format!("-max_total_time={seconds}"))
            .arg(format!("-dict={}", fuzz.join("url.dict").display()))
            .arg(format!("-timeout={}", timeout_seconds(t)))
            .args(["-rss_limit_mb=2048", "-print_final_stats=1"])
            .stdout(log.try_clone().map_err(|e| e.to_string())?)
            .stderr(log)
            .status()
            .map_err(|e| format!("cargo fuzz run {t}: {e}"))?;
        let elapsed = started.elapsed().as_secs_f64();
        let text = std::fs::read_to_string(&log_path).unwrap_or_default();
        let outcome = read_outcome(&text);
        let ok = status.success();
        clean &= ok;
        if !ok {
            eprintln!("== {t} failed; the end of {}:", log_path.display());
            let lines: Vec<&str> = text.lines().collect();
            for line in &lines[lines.len().saturating_sub(40)..] {
                eprintln!("{line}");
            }
        }
        rows.push((t.to_string(), elapsed, outcome, ok));
    }

    let show = |n: Option<u64>| n.map_or_else(|| "?".to_owned(), |n| n.to_string());
    println!(
        "\n{:<17} {:>6} {:>12} {:>9} {:>7} {:>7} {:>7}  result",
        "target", "secs", "executions", "exec/s", "cov", "ft", "corpus"
    );
    for (t, elapsed, o, ok) in &rows {
        let rate =
            o.executions.map_or_else(|| "?".to_owned(), |n| format!("{:.0}", n as f64 / elapsed));
        let result = match (&o.artifact, ok) {
            (Some(path), _) => format!("CRASH {path}"),
            (None, true) => "ok".to_owned(),
            (None, false) => "FAILED (see the log)".to_owned(),
        };
        println!(
            "{t:<17} {elapsed:>6.0} {:>12} {rate:>9} {:>7} {:>7} {:>7}  {result}",
            show(o.executions),
            show(o.cov),
            show(o.ft),
            show(o.corpus)
        );
    }
    println!("logs in {}", logs.display());
    Ok(clean)
}

/// Parses the arguments after `fuzz`: an optional target and `--seconds N` (default 60).
pub fn parse_args(args: &[String]) -> Result<(Option<String>, u64), String> {
    let mut target = None;
    let mut seconds = 60;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--seconds" => {
                let n = it.next().ok_or("--seconds needs a number")?;
                seconds = n.parse().map_err(|_| format!("--seconds {n:?} is not a number"))?;
            }
            s if s.starts_with('-') => return Err(format!("unknown option {s}")),
            s if target.is_none() => target = Some(s.to_owned()),
            s => return Err(format!("unexpected argument {s}")),
        }
    }
    Ok((target, seconds))
}

/// The workspace root of this xtask.
#[must_use]
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_libfuzzer_output() {
        let log = "INFO: Seed: 1\n\
            #2048\tpulse  cov: 10 ft: 20 corp: 5/1Kb exec/s: 1 rss: 40Mb\n\
            #9000\tNEW    cov: 1234 ft: 5678 corp: 900/45Kb lim: 554 exec/s: 100 rss: 400Mb\n\
            ==1== ERROR: libFuzzer: deadly signal\n\
            artifact_prefix='fuzz/artifacts/parse/'; Test unit written to fuzz/artifacts/parse/crash-ab\n\
            stat::number_of_executed_units: 9001\n";
        let o = read_outcome(log);
        assert_eq!(
            (o.executions, o.cov, o.ft, o.corpus),
            (Some(9001), Some(1234), Some(5678), Some(900))
        );
        assert_eq!(o.artifact.as_deref(), Some("fuzz/artifacts/parse/crash-ab"));
        let quiet = read_outcome("INFO: nothing yet\n");
        assert_eq!((quiet.executions, quiet.cov, quiet.artifact), (None, None, None));
    }

    #[test]
    fn arguments() {
        let args = |a: &[&str]| parse_args(&a.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>());
        assert_eq!(args(&[]), Ok((None, 60)));
        assert_eq!(args(&["parse", "--seconds", "5"]), Ok((Some("parse".into()), 5)));
        assert_eq!(args(&["--seconds", "7", "host"]), Ok((Some("host".into()), 7)));
        assert!(args(&["--seconds"]).is_err());
        assert!(args(&["--seconds", "x"]).is_err());
        assert!(args(&["a", "b"]).is_err());
        assert!(args(&["--jobs"]).is_err());
    }

    #[test]
    fn seed_layouts() {
        assert_eq!(join(&["a", "b", ""]), b"a\xFFb\xFF");
        assert_eq!(host_of("https://u:p@Example.com:8080/x?y"), Some("Example.com:8080"));
        assert_eq!(host_of("http://h"), Some("h"));
        assert_eq!(host_of("mailto:x"), None);
        // The selector bytes follow weburl_fuzz::Setter::ALL.
        assert_eq!(SETTERS[0], "href");
        assert_eq!(SETTERS[9], "hash");
        // Only the pattern target, with its capped inputs, has the short timeout.
        assert_eq!((timeout_seconds("pattern"), timeout_seconds("parse")), (2, 10));
        // The Windows path seeds cover every prefix form the conversion distinguishes.
        assert!(TARGETS.contains(&"file_path_windows"));
        for prefix in [r"C:\", "c:/", r"\\s", "//s", r"\\?\C:", r"\\?\UNC\", r"\\.\", r"\"] {
            assert!(WINDOWS_PATHS.iter().any(|p| p.starts_with(prefix)), "{prefix}");
        }
        let unique: BTreeSet<&str> = TARGETS.iter().copied().collect();
        assert_eq!(unique.len(), TARGETS.len(), "a target is listed twice");
    }
}
