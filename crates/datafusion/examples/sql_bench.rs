//! `weburl-bench sql` built without the rest of the benchmark crate: the same code
//! (`bench/src/sql.rs` and its timing helpers `bench/src/timing.rs`, included by path), linked
//! only against DataFusion and weburl, so that it builds on a small machine without ada's C++,
//! criterion and the other parsers of `weburl-bench`. Arguments as `weburl-bench sql`:
//!
//! ```text
//! cargo run --profile sqlbench -p weburl-datafusion --example sql_bench -- [--rounds R] [--rows N]
//! ```

#[path = "../../../bench/src/timing.rs"]
#[allow(dead_code)]
mod timing;

#[path = "../../../bench/src/sql.rs"]
mod sql;

fn main() -> std::process::ExitCode {
    let data = match std::env::var_os("WEBURL_BENCH_DIR") {
        Some(dir) if !dir.is_empty() => std::path::PathBuf::from(dir),
        _ => std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/bench"),
    };
    sql::main(std::env::args().skip(1), &data)
}
