//! Real SQL through a `SessionContext` over Parquet and CSV files written by the test from
//! the WPT inputs and samples of the benchmark lists; every row is compared with the per-URL
//! `weburl` API.

use std::sync::Arc;

use datafusion::arrow::array::{
    Array, AsArray, BooleanArray, Int64Array, ListArray, RecordBatch, StringArray, StructArray,
};
use datafusion::arrow::datatypes::{DataType, Field, Schema, UInt16Type};
use datafusion::dataframe::DataFrameWriteOptions;
use datafusion::prelude::{CsvReadOptions, ParquetReadOptions, SessionContext};
use weburl::Url;
use weburl::host::Host;
use weburl_datafusion::{OnInvalid, Options};
use weburl_test_support::{BENCH_LISTS, load_bench_list, load_wpt_json};

/// `(input, base)` rows: the WPT inputs with their bases, then every 16th line of each
/// benchmark list with no base.
fn sample() -> Vec<(String, Option<String>)> {
    let data = load_wpt_json("urltestdata.json");
    let mut rows: Vec<(String, Option<String>)> = data
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|case| {
            let input = case.get("input")?.as_str()?.to_owned();
            Some((input, case.get("base").and_then(|b| b.as_str()).map(str::to_owned)))
        })
        .collect();
    assert!(rows.len() > 800);
    for name in BENCH_LISTS {
        let list = load_bench_list(name);
        rows.extend(
            list.lines().step_by(16).filter(|l| !l.is_empty()).map(|l| (l.to_owned(), None)),
        );
    }
    assert!(rows.len() > 7_000, "{} rows", rows.len());
    rows
}

fn batch(rows: &[(String, Option<String>)]) -> RecordBatch {
    let schema = Arc::new(Schema::new(vec![
        Field::new("id", DataType::Int64, false),
        Field::new("u", DataType::Utf8, true),
        Field::new("base", DataType::Utf8, true),
    ]));
    let ids = Int64Array::from_iter_values(0..i64::try_from(rows.len()).unwrap());
    let urls = StringArray::from_iter(rows.iter().map(|(u, _)| Some(u.as_str())).chain([None]));
    let bases = StringArray::from_iter(rows.iter().map(|(_, b)| b.as_deref()).chain([None]));
    // One more row with a null URL.
    let ids = Int64Array::from_iter_values(ids.values().iter().copied().chain([ids.len() as i64]));
    RecordBatch::try_new(schema, vec![Arc::new(ids), Arc::new(urls), Arc::new(bases)]).unwrap()
}

/// Writes the sample as `sample.parquet` (a directory of files, several partitions) and
/// `sample.csv` into `dir`.
async fn write_files(dir: &std::path::Path, rows: &[(String, Option<String>)]) {
    let ctx = SessionContext::new();
    let df = ctx
        .read_batch(batch(rows))
        .unwrap()
        .repartition(datafusion::logical_expr::Partitioning::RoundRobinBatch(3))
        .unwrap();
    df.clone()
        .write_parquet(
            dir.join("sample.parquet").to_str().unwrap(),
            DataFrameWriteOptions::new(),
            None,
        )
        .await
        .unwrap();
    df.write_csv(dir.join("sample.csv").to_str().unwrap(), DataFrameWriteOptions::new(), None)
        .await
        .unwrap();
}

fn context() -> SessionContext {
    let ctx = SessionContext::new();
    weburl_datafusion::register_all(&ctx);
    ctx
}

async fn query(ctx: &SessionContext, sql: &str) -> RecordBatch {
    let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
    let schema = batches.first().map(|b| b.schema()).unwrap();
    datafusion::arrow::compute::concat_batches(&schema, &batches).unwrap()
}

fn text(batch: &RecordBatch, name: &str) -> Vec<Option<String>> {
    let column = batch.column_by_name(name).unwrap();
    let column = datafusion::arrow::compute::cast(column, &DataType::Utf8).unwrap();
    column.as_string::<i32>().iter().map(|v| v.map(str::to_owned)).collect()
}

fn booleans(batch: &RecordBatch, name: &str) -> BooleanArray {
    batch.column_by_name(name).unwrap().as_boolean().clone()
}

/// The functions of one URL, computed with the per-URL API: the column name and the value.
fn per_url(input: Option<&str>) -> Vec<(&'static str, Option<String>)> {
    let url = input.and_then(|u| Url::parse(u).ok());
    let get = |f: fn(&Url) -> String| url.as_ref().map(f);
    let host = url.as_ref().and_then(|u| {
        (u.host_kind() == Some(weburl::HostKind::Domain))
            .then(|| Host::parse(u.hostname(), false).unwrap())
    });
    vec![
        ("href", get(|u| u.href().to_owned())),
        ("origin", get(|u| u.origin().to_string())),
        ("protocol", get(|u| u.protocol().to_owned())),
        ("username", get(|u| u.username().to_owned())),
        ("password", get(|u| u.password().to_owned())),
        ("host", get(|u| u.host().to_owned())),
        ("hostname", get(|u| u.hostname().to_owned())),
        ("port", get(|u| u.port().to_owned())),
        ("pathname", get(|u| u.pathname().to_owned())),
        ("search", get(|u| u.search().to_owned())),
        ("hash", get(|u| u.hash().to_owned())),
        ("scheme", get(|u| u.scheme().to_owned())),
        ("port_number", url.as_ref().and_then(Url::port_u16).map(|p| p.to_string())),
        (
            "host_kind",
            url.as_ref()
                .and_then(Url::host_kind)
                .map(|k| weburl_arrow::host_kind_name(k).to_owned()),
        ),
        (
            "registrable_domain",
            host.as_ref().and_then(|h| weburl::host::registrable_domain(h)).map(str::to_owned),
        ),
        (
            "public_suffix",
            host.as_ref().and_then(|h| weburl::host::public_suffix(h)).map(str::to_owned),
        ),
        ("q", url.as_ref().and_then(|u| u.search_params().get("q").map(str::to_owned))),
        ("rendered", url.as_ref().map(weburl::render)),
        (
            "ascii",
            url.as_ref().and_then(|u| {
                weburl::host::domain_to_ascii(&weburl::host::domain_to_unicode(u.hostname()), false)
                    .ok()
                    .map(|c| c.into_owned())
            }),
        ),
        (
            "rfc3986",
            input
                .and_then(|u| weburl::rfc3986::UriRef::parse(u).ok())
                .map(|r| r.normalized().as_str().to_owned()),
        ),
    ]
}

const SELECT: &str = "SELECT id, u, base,
    url_href(u) AS href, url_origin(u) AS origin, url_protocol(u) AS protocol,
    url_username(u) AS username, url_password(u) AS password, url_host(u) AS host,
    url_hostname(u) AS hostname, url_port(u) AS port, url_pathname(u) AS pathname,
    url_search(u) AS search, url_hash(u) AS hash, url_scheme(u) AS scheme,
    url_port_number(u) AS port_number, url_host_kind(u) AS host_kind,
    url_registrable_domain(u) AS registrable_domain, url_public_suffix(u) AS public_suffix,
    url_search_param(u, 'q') AS q, url_render(u) AS rendered,
    url_domain_to_ascii(url_domain_to_unicode(url_hostname(u))) AS ascii,
    url_rfc3986_normalize(u) AS rfc3986, url_rfc3986_is_valid(u) AS rfc3986_valid,
    url_can_parse(u) AS can_parse, url_can_parse(u, base) AS can_parse_base,
    url_join(base, u) AS joined, url_join('https://example.org/a/b', u) AS joined_fixed,
    url_search_param_all(u, 'q') AS q_all,
    url_parse(u) AS parsed
    FROM t ORDER BY id";

/// Checks every row of the [`SELECT`] result; returns how many URLs parsed.
fn check_rows(result: &RecordBatch) -> usize {
    let inputs = text(result, "u");
    let bases = text(result, "base");
    let columns: Vec<(&str, Vec<Option<String>>)> =
        per_url(None).iter().map(|(name, _)| (*name, text(result, name))).collect();
    let rfc_valid = booleans(result, "rfc3986_valid");
    let can_parse = booleans(result, "can_parse");
    let can_parse_base = booleans(result, "can_parse_base");
    let joined = text(result, "joined");
    let joined_fixed = text(result, "joined_fixed");
    let q_all: ListArray = result.column_by_name("q_all").unwrap().as_list::<i32>().clone();
    let parsed: StructArray = result.column_by_name("parsed").unwrap().as_struct().clone();
    let valid = parsed.column_by_name("valid").unwrap().as_boolean().clone();
    let parsed_ports =
        parsed.column_by_name("port_number").unwrap().as_primitive::<UInt16Type>().clone();
    let fixed_base = Url::parse("https://example.org/a/b").unwrap();
    let mut ok = 0;
    for (row, input) in inputs.iter().enumerate() {
        let input = input.as_deref();
        let url = input.and_then(|u| Url::parse(u).ok());
        ok += usize::from(url.is_some());
        for ((name, want), (_, got)) in per_url(input).into_iter().zip(&columns) {
            assert_eq!(got[row], want, "{name} of {input:?}");
        }
        // Struct fields equal the single-component functions.
        assert_eq!(parsed.is_null(row), input.is_none(), "{input:?}");
        if input.is_some() {
            assert_eq!(valid.value(row), url.is_some(), "valid of {input:?}");
            assert_eq!(parsed_ports.is_null(row), url.as_ref().and_then(Url::port_u16).is_none());
            for (name, values) in columns.iter().take(12) {
                let field = parsed.column_by_name(name).unwrap().as_string::<i32>();
                assert_eq!(
                    field.is_valid(row).then(|| field.value(row).to_owned()),
                    values[row],
                    "parsed.{name} of {input:?}"
                );
            }
        }
        match input {
            None => {
                assert!(rfc_valid.is_null(row) && can_parse.is_null(row) && q_all.is_null(row));
            }
            Some(input) => {
                assert_eq!(rfc_valid.value(row), weburl::rfc3986::validate(input).is_ok());
                assert_eq!(can_parse.value(row), Url::can_parse(input, None), "{input:?}");
                match bases[row].as_deref() {
                    None => assert!(can_parse_base.is_null(row) && joined[row].is_none()),
                    Some(base) => {
                        assert_eq!(can_parse_base.value(row), Url::can_parse(input, Some(base)));
                        let want = Url::parse(base).ok().and_then(|b| b.join(input).ok());
                        assert_eq!(
                            joined[row],
                            want.map(|u| u.href().to_owned()),
                            "join {base:?} {input:?}"
                        );
                    }
                }
                let want = fixed_base.join(input).ok().map(|u| u.href().to_owned());
                assert_eq!(joined_fixed[row], want, "join fixed {input:?}");
                match &url {
                    None => assert!(q_all.is_null(row)),
                    Some(url) => {
                        let values = q_all.value(row);
                        let got: Vec<&str> =
                            values.as_string::<i32>().iter().map(|v| v.unwrap()).collect();
                        let params = url.search_params();
                        let want: Vec<&str> = params.get_all("q").collect();
                        assert_eq!(got, want, "q_all of {input:?}");
                    }
                }
            }
        }
    }
    ok
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sql_over_parquet_matches_the_per_url_api() {
    let dir = tempfile::tempdir().unwrap();
    let rows = sample();
    write_files(dir.path(), &rows).await;
    let ctx = context();
    ctx.register_parquet(
        "t",
        dir.path().join("sample.parquet").to_str().unwrap(),
        ParquetReadOptions::default(),
    )
    .await
    .unwrap();
    let result = query(&ctx, SELECT).await;
    assert_eq!(result.num_rows(), rows.len() + 1);
    let ok = check_rows(&result);
    assert!(ok > 6_000, "{ok} URLs parsed");
    // The URL column of the Parquet file reads as Utf8View by default: the functions take it.
    let types =
        query(&ctx, "SELECT arrow_typeof(u) AS t, arrow_typeof(url_host(u)) AS h FROM t LIMIT 1")
            .await;
    assert_eq!(text(&types, "t"), [Some("Utf8View".to_owned())]);
    assert_eq!(text(&types, "h"), [Some("Utf8".to_owned())]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sql_over_csv_matches_the_per_url_api() {
    let dir = tempfile::tempdir().unwrap();
    let rows = sample();
    write_files(dir.path(), &rows).await;
    let ctx = context();
    let options = CsvReadOptions::new().newlines_in_values(true);
    ctx.register_csv("t", dir.path().join("sample.csv").to_str().unwrap(), options).await.unwrap();
    let result = query(&ctx, SELECT).await;
    // CSV cannot tell an empty string from null; the inputs read back are what is checked.
    assert_eq!(result.num_rows(), rows.len() + 1);
    let ok = check_rows(&result);
    assert!(ok > 6_000, "{ok} URLs parsed");
}

#[tokio::test]
async fn every_string_type_is_accepted() {
    let ctx = context();
    let sql = "SELECT
        url_host(arrow_cast(u, 'Utf8')) AS a, url_host(arrow_cast(u, 'LargeUtf8')) AS b,
        url_host(arrow_cast(u, 'Utf8View')) AS c, url_host(CAST(u AS BYTEA)) AS d,
        url_host(arrow_cast(u, 'Dictionary(Int32, Utf8)')) AS e,
        arrow_typeof(url_host(arrow_cast(u, 'LargeUtf8'))) AS large_type,
        arrow_typeof(url_parse(u)) AS struct_type
        FROM (VALUES ('https://a.example:1/'), (NULL), ('x')) AS t(u)";
    let result = query(&ctx, sql).await;
    for column in ["a", "b", "c", "d", "e"] {
        assert_eq!(text(&result, column), [Some("a.example:1".to_owned()), None, None], "{column}");
    }
    assert_eq!(text(&result, "large_type")[0].as_deref(), Some("LargeUtf8"));
    assert!(text(&result, "struct_type")[0].as_deref().unwrap().starts_with("Struct("));
}

#[tokio::test]
async fn scalars_and_columns_mix_in_every_position() {
    let ctx = context();
    let sql = "SELECT url_join(b, 'x?y') AS j1, url_join('https://h/d/e', i) AS j2,
        url_search_param('https://h/?a=1&b=2', n) AS s1, url_search_param(b, 'k') AS s2,
        url_can_parse('/p', b) AS c1, url_can_parse(i, 'https://h/') AS c2
        FROM (VALUES ('https://b.example/k/?k=v', '../f', 'a'), ('nope', '//o/', 'b'), (NULL, NULL, NULL))
        AS t(b, i, n)";
    let result = query(&ctx, sql).await;
    assert_eq!(text(&result, "j1"), [Some("https://b.example/k/x?y".to_owned()), None, None]);
    assert_eq!(
        text(&result, "j2"),
        [Some("https://h/f".to_owned()), Some("https://o/".to_owned()), None]
    );
    assert_eq!(text(&result, "s1"), [Some("1".to_owned()), Some("2".to_owned()), None]);
    assert_eq!(text(&result, "s2"), [Some("v".to_owned()), None, None]);
    let c1 = booleans(&result, "c1");
    assert_eq!(c1.iter().collect::<Vec<_>>(), [Some(true), Some(false), None]);
    let c2 = booleans(&result, "c2");
    assert_eq!(c2.iter().collect::<Vec<_>>(), [Some(true), Some(true), None]);
}

#[tokio::test]
async fn literal_arguments_are_folded_at_planning_time() {
    let ctx = context();
    let sql = "EXPLAIN SELECT url_hostname('https://WWW.Example.com/') AS h, \
               url_registrable_domain('https://a.b.example.co.uk/') AS d FROM (VALUES (1)) AS t(x)";
    let plan = text(&query(&ctx, sql).await, "plan").into_iter().flatten().collect::<Vec<_>>();
    let plan = plan.join("\n");
    assert!(plan.contains("www.example.com") && plan.contains("example.co.uk"), "{plan}");
    assert!(!plan.contains("url_hostname") && !plan.contains("url_registrable_domain"), "{plan}");
    // All-literal calls also run as scalars without a table.
    let result =
        query(&ctx, "SELECT url_port_number('http://h:8080/') AS p, url_parse('x')['valid'] AS v")
            .await;
    assert_eq!(text(&result, "p"), [Some("8080".to_owned())]);
    assert_eq!(text(&result, "v"), [Some("false".to_owned())]);
}

async fn error_of(ctx: &SessionContext, sql: &str) -> String {
    match ctx.sql(sql).await {
        Err(error) => error.to_string(),
        Ok(df) => match df.collect().await {
            Err(error) => error.to_string(),
            Ok(_) => panic!("{sql} succeeded"),
        },
    }
}

#[tokio::test]
async fn non_string_arguments_are_planning_errors() {
    let ctx = context();
    let error =
        ctx.sql("SELECT url_host(x) FROM (VALUES (1)) AS t(x)").await.map(|_| ()).unwrap_err();
    let message = error.to_string();
    assert!(message.contains("url_host: argument `url` must be a string"), "{message}");
    assert!(message.contains("got Int64"), "{message}");
    let message = error_of(&ctx, "SELECT url_search_param('https://h/', 1)").await;
    assert!(message.contains("url_search_param: argument `name` must be a string"), "{message}");
    let message = error_of(&ctx, "SELECT url_join('https://h/')").await;
    assert!(message.contains("url_join takes 2 argument(s) (base, input), got 1"), "{message}");
    let message = error_of(&ctx, "SELECT url_can_parse('a', 'b', 'c')").await;
    assert!(message.contains("url_can_parse takes 1 or 2 argument(s)"), "{message}");
}

#[tokio::test]
async fn strict_options_fail_the_query_naming_the_row() {
    let ctx = SessionContext::new();
    weburl_datafusion::register_all_with(&ctx, Options::new().invalid(OnInvalid::Error));
    let sql =
        "SELECT url_host(u) FROM (VALUES ('https://a/'), ('http://[::'), ('https://b/')) AS t(u)";
    let message = error_of(&ctx, sql).await;
    assert!(
        message.contains(
            "url_host: row 1 of the batch of 3 rows (counted from 0 within each batch, not across \
             the table), url = \"http://[::\": invalid"
        ),
        "{message}"
    );
    // The default context gives null instead.
    let result = query(&context(), &sql.replace("url_host(u)", "url_host(u) AS h")).await;
    assert_eq!(text(&result, "h"), [Some("a".to_owned()), None, Some("b".to_owned())]);
}

/// DataFusion calls a function once per batch and tells it nothing of where the batch starts:
/// the message names the row within its batch, says so, and shows the value to find it by.
#[tokio::test]
async fn a_strict_error_in_a_later_batch_names_the_row_of_that_batch_and_its_value() {
    let schema = Arc::new(Schema::new(vec![Field::new("u", DataType::Utf8, false)]));
    let batch = |urls: &[&str]| {
        let column = StringArray::from(urls.to_vec());
        RecordBatch::try_new(Arc::clone(&schema), vec![Arc::new(column)]).unwrap()
    };
    let first = batch(&["https://a/", "https://b/", "https://c/"]);
    let long = format!("https://{}", "x".repeat(300));
    let second = batch(&["https://d/", "https://e/", "nope", "https://f/"]);
    let bad_base = format!("{long}:99999/");
    let third = batch(&["https://g/", bad_base.as_str()]);
    let table =
        datafusion::datasource::MemTable::try_new(Arc::clone(&schema), vec![vec![first, second]])
            .unwrap();
    let ctx = SessionContext::new_with_config(
        datafusion::prelude::SessionConfig::new().with_target_partitions(1),
    );
    weburl_datafusion::register_all_with(&ctx, Options::new().invalid(OnInvalid::Error));
    ctx.register_table("urls", Arc::new(table)).unwrap();
    let message = error_of(&ctx, "SELECT url_hostname(u) FROM urls").await;
    assert!(
        message.contains(
            "url_hostname: row 2 of the batch of 4 rows (counted from 0 within each batch, not \
             across the table), url = \"nope\": relative URL without a base"
        ),
        "{message}"
    );
    // Long values are cut; the base and the input of a join are both shown.
    let table =
        datafusion::datasource::MemTable::try_new(Arc::clone(&schema), vec![vec![third]]).unwrap();
    ctx.deregister_table("urls").unwrap();
    ctx.register_table("urls", Arc::new(table)).unwrap();
    let message = error_of(&ctx, "SELECT url_join(u, 'x') FROM urls").await;
    let shown = format!("base = \"{}\"...", &long[..100]);
    assert!(message.contains("url_join: row 1 of the batch of 2 rows"), "{message}");
    assert!(message.contains(&shown), "{message}");
    assert!(message.contains("input = \"x\": "), "{message}");
}

#[tokio::test]
async fn invalid_utf8_in_binary_is_an_error_or_null_by_option() {
    let sql = "SELECT url_host(b) AS h FROM (VALUES (X'68747470733A2F2F612F'), (X'FF')) AS t(b)";
    let message = error_of(&context(), sql).await;
    assert!(message.contains("url_host: row 1 of the batch of 2 rows"), "{message}");
    assert!(message.contains(", url = \"\u{fffd}\": binary value is not UTF-8"), "{message}");
    let message = error_of(&context(), "SELECT url_host(X'FF')").await;
    assert!(message.contains("not UTF-8"), "{message}");
    let ctx = SessionContext::new();
    weburl_datafusion::register_all_with(&ctx, Options::new().invalid_utf8(OnInvalid::Null));
    let result = query(&ctx, sql).await;
    assert_eq!(text(&result, "h"), [Some("a".to_owned()), None]);
}
