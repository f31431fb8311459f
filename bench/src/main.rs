//! weburl-bench: side-by-side comparison of weburl, ada (C++, through the `ada-url` crate) and
//! rust-url (`url`, `idna`, `form_urlencoded`) on the same inputs in one process.
//!
//! `cargo run --release -p weburl-bench -- compare [--rounds N] [--data DIR]`
//! `cargo run --release -p weburl-bench -- scaling [--timing | memory] [--only CASE]`
//! `cargo run --profile sqlbench -p weburl-bench --features sql -- sql [--rounds N]` (DataFusion)
//!
//! Every suite runs its contestants in alternating rounds (order reversed every other round,
//! one untimed warm-up pass first) and prints medians and paired ratios with their min and max.

mod families;
mod pattern;
mod scaling;
#[cfg(feature = "sql")]
mod sql;
mod suites;
mod timing;

use std::path::PathBuf;
use std::process::ExitCode;

/// Command-line options of `compare`.
pub struct Options {
    /// Timed rounds per suite.
    pub rounds: usize,
    /// Folder of `*.txt` URL lists, one URL per line.
    pub data: PathBuf,
    /// Only run suites whose name contains this.
    pub only: Option<String>,
}

fn usage() -> ExitCode {
    eprintln!(
        "usage: weburl-bench compare [--rounds N] [--data DIR] [--only SUITE]\n\
         \x20      weburl-bench profile IMPL SUITE [PASSES] [DIR]\n\
         \x20      weburl-bench scaling [--timing | memory] [--only CASE] [--bytes N] [--pairs K]\n\
         \x20      weburl-bench pattern [ROUNDS [SUITE:IMPL]]   (weburl-pattern against urlpattern 0.6)\n\
         \x20      weburl-bench sql [--rounds N] [--rows N] [--partitions P] [--cores 1,2] [--only GROUP]\n\
         \x20      weburl-bench sql profile CONTESTANT [CORES] [PASSES]   (feature `sql`: DataFusion)\n\
         \x20      weburl-bench families [--rounds N] [--only PREFIX] [--data DIR] [--instructions TSV]\n\
         \x20      weburl-bench families-list\n\
         \x20      weburl-bench families-profile FAMILY IMPL [PASSES]\n\
         suites: parse, can_parse, rfc3986, domain_to_ascii, form, setters, callback\n\
         profile runs one contestant (weburl, ada, url) of parse or can_parse over every dataset,\n\
         for valgrind --tool=callgrind or perf record"
    );
    ExitCode::from(2)
}

/// `profile IMPL SUITE [PASSES] [DIR]`: one contestant alone, for instruction counting.
fn profile(mut args: impl Iterator<Item = String>) -> ExitCode {
    let (Some(imp), Some(suite)) = (args.next(), args.next()) else {
        return usage();
    };
    let passes = args.next().and_then(|p| p.parse().ok()).unwrap_or(1);
    let data = args.next().map_or_else(default_data_dir, PathBuf::from);
    match suites::profile(&imp, &suite, passes, &data) {
        Ok(sum) => {
            println!("{imp} {suite}: checksum {sum}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("weburl-bench: {err}");
            ExitCode::FAILURE
        }
    }
}

/// The benchmark URL lists: `$WEBURL_BENCH_DIR`, or the copies vendored in `testdata/bench`.
fn default_data_dir() -> PathBuf {
    match std::env::var_os("WEBURL_BENCH_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/bench"),
    }
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    match args.next().as_deref() {
        Some("compare") => {}
        Some("profile") => return profile(args),
        Some("scaling") => {
            return match scaling::main(args) {
                Ok(()) => ExitCode::SUCCESS,
                Err(err) => {
                    eprintln!("weburl-bench: {err}");
                    ExitCode::FAILURE
                }
            };
        }
        Some("pattern") => {
            let rounds = args.next().and_then(|n| n.parse().ok()).filter(|&n| n > 0).unwrap_or(10);
            return pattern::run(&default_data_dir(), rounds, args.next().as_deref()).map_or_else(
                |err| {
                    eprintln!("weburl-bench: {err}");
                    ExitCode::FAILURE
                },
                |()| ExitCode::SUCCESS,
            );
        }
        #[cfg(feature = "sql")]
        Some("sql") => return sql::main(args, &default_data_dir()),
        #[cfg(not(feature = "sql"))]
        Some("sql") => {
            eprintln!(
                "weburl-bench: built without feature `sql`; build with \
                 `cargo build --profile sqlbench -p weburl-bench --features sql`"
            );
            return ExitCode::from(2);
        }
        Some("families") => return families::main(args, default_data_dir()),
        Some("families-list") => return families::list(default_data_dir()),
        Some("families-profile") => return families::profile(args, default_data_dir()),
        _ => return usage(),
    }
    let mut options = Options { rounds: 21, data: default_data_dir(), only: None };
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next()) {
            ("--rounds", Some(n)) => match n.parse() {
                Ok(n) if n > 0 => options.rounds = n,
                _ => return usage(),
            },
            ("--data", Some(dir)) => options.data = PathBuf::from(dir),
            ("--only", Some(s)) => options.only = Some(s),
            _ => return usage(),
        }
    }
    match suites::run_all(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("weburl-bench: {err}");
            ExitCode::FAILURE
        }
    }
}
