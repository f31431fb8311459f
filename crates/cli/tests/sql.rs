//! `weburl sql` (cargo feature `sql`): SQL over a CSV file and a Parquet file written by the
//! test from a sample of the benchmark lists; every row is compared with the per-URL API.
//! Run with `cargo test -p weburl-cli --features sql --test sql`.
#![cfg(feature = "sql")]

mod common;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use common::run_binary;
use datafusion::arrow::array::{RecordBatch, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::dataframe::DataFrameWriteOptions;
use datafusion::prelude::SessionContext;
use weburl::Url;
use weburl::host::Host;
use weburl_test_support::{BENCH_LISTS, load_bench_list};

/// Every 40th line of each benchmark list, and two that do not parse.
fn sample() -> Vec<String> {
    let mut urls: Vec<String> = BENCH_LISTS
        .iter()
        .flat_map(|name| {
            let list = load_bench_list(name);
            list.lines()
                .step_by(40)
                .filter(|l| !l.is_empty())
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect();
    urls.push("not a url".to_owned());
    urls.push("http://[::1".to_owned());
    assert!(urls.len() > 2_000, "{}", urls.len());
    urls
}

/// A fresh directory under the target's temporary directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-sql-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write_csv(path: &Path, urls: &[String]) {
    let mut text = String::from("id,u\n");
    for (id, url) in urls.iter().enumerate() {
        text.push_str(&format!("{id},\"{}\"\n", url.replace('"', "\"\"")));
    }
    std::fs::write(path, text).unwrap();
}

fn write_parquet(path: &Path, urls: &[String]) {
    let schema = Arc::new(Schema::new(vec![Field::new("u", DataType::Utf8, false)]));
    let column = StringArray::from_iter_values(urls);
    let batch = RecordBatch::try_new(schema, vec![Arc::new(column)]).unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let ctx = SessionContext::new();
        ctx.read_batch(batch)
            .unwrap()
            .write_parquet(path.to_str().unwrap(), DataFrameWriteOptions::new(), None)
            .await
            .unwrap();
    });
}

/// `(hostname, registrable domain)` of `url` by the per-URL API.
fn expected(url: &str) -> (Option<String>, Option<String>) {
    let Ok(url) = Url::parse(url) else { return (None, None) };
    let domain = (url.host_kind() == Some(weburl::HostKind::Domain))
        .then(|| Host::parse(url.hostname(), false).unwrap())
        .and_then(|host| weburl::host::registrable_domain(&host).map(str::to_owned));
    (Some(url.hostname().to_owned()), domain)
}

/// Runs a query printing JSON lines: the rows as `(u, h, d)`.
fn rows(args: &[&str]) -> Vec<(String, Option<String>, Option<String>)> {
    let output = run_binary(args, b"");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let row: serde_json::Value = serde_json::from_str(line).unwrap();
            let text = |k: &str| row.get(k).and_then(|v| v.as_str()).map(str::to_owned);
            (text("u").unwrap(), text("h"), text("d"))
        })
        .collect()
}

#[test]
fn csv_and_parquet_rows_equal_the_per_url_api() {
    let urls = sample();
    let dir = scratch("files");
    let (csv, parquet) = (dir.join("urls.csv"), dir.join("urls.parquet"));
    write_csv(&csv, &urls);
    write_parquet(&parquet, &urls);
    let query = "SELECT u, url_hostname(u) AS h, url_registrable_domain(u) AS d FROM t";
    for (flag, path) in [("--csv", &csv), ("--parquet", &parquet)] {
        let table = format!("t={}", path.display());
        let mut found = rows(&["sql", flag, table.as_str(), "--format", "json", query]);
        found.sort();
        let mut want: Vec<_> = urls
            .iter()
            .map(|u| {
                let (h, d) = expected(u);
                (u.clone(), h, d)
            })
            .collect();
        want.sort();
        assert_eq!(found.len(), want.len(), "{flag}");
        for (f, w) in found.iter().zip(&want) {
            assert_eq!(f, w, "{flag}");
        }
    }
}

#[test]
fn table_and_csv_output_and_errors() {
    let dir = scratch("formats");
    let csv = dir.join("urls.csv");
    write_csv(&csv, &["https://www.Example.co.uk/a?q=1".to_owned(), "nope".to_owned()]);
    let table = format!("t={}", csv.display());
    let query = "SELECT url_registrable_domain(u) AS site, url_search_param(u, 'q') AS q \
                 FROM t ORDER BY id";
    let output = run_binary(&["sql", "--csv", table.as_str(), query], b"");
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(text.contains("| example.co.uk | 1 |"), "{text}");
    let output = run_binary(&["sql", "--csv", table.as_str(), "--format", "csv", query], b"");
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "site,q\nexample.co.uk,1\n,\n");
    // --strict: the bad row fails the query, naming it and its value; exit status 2.
    let output = run_binary(&["sql", "--strict", "--csv", table.as_str(), query], b"");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("row 1 of the batch"), "{stderr}");
    assert!(stderr.contains("url = \"nope\""), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    // A bad table argument and a query on a missing table are usage errors.
    let output = run_binary(&["sql", "--csv", "t", query], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("expected NAME=PATH"));
    let output = run_binary(&["sql", "SELECT * FROM missing"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("query failed"));
}
