//! The URL functions on Ballista: an in-process scheduler and executor (standalone mode), and
//! a scheduler and an executor started from this crate's configurations on loopback, run SQL
//! over a Parquet data set of several files; the results equal local DataFusion's.

use std::net::TcpListener;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use ballista_executor::executor_process::{ExecutorProcessConfig, start_executor_process};
use ballista_scheduler::cluster::BallistaCluster;
use ballista_scheduler::config::SchedulerConfig;
use datafusion::arrow::array::{Int64Array, RecordBatch, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::dataframe::DataFrameWriteOptions;
use datafusion::prelude::{ParquetReadOptions, SessionContext};
use weburl_ballista::Options;
use weburl_test_support::{BENCH_LISTS, load_bench_list, load_wpt_json};

/// The WPT inputs and every 32nd line of each benchmark list, as `sample/` (four Parquet
/// files) in `dir`.
async fn write_sample(dir: &Path) -> String {
    let data = load_wpt_json("urltestdata.json");
    let mut urls: Vec<String> = data
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|case| Some(case.get("input")?.as_str()?.to_owned()))
        .collect();
    for name in BENCH_LISTS {
        urls.extend(load_bench_list(name).lines().step_by(32).map(str::to_owned));
    }
    assert!(urls.len() > 4_000, "{} URLs", urls.len());
    let schema = Arc::new(Schema::new(vec![
        Field::new("id", DataType::Int64, false),
        Field::new("u", DataType::Utf8, true),
    ]));
    let ids = Int64Array::from_iter_values(0..i64::try_from(urls.len()).unwrap());
    let batch = RecordBatch::try_new(
        schema,
        vec![Arc::new(ids), Arc::new(StringArray::from_iter_values(urls))],
    )
    .unwrap();
    // Four files, so that Ballista reads several partitions.
    let path = dir.join("sample");
    std::fs::create_dir_all(&path).unwrap();
    let ctx = SessionContext::new();
    let quarter = batch.num_rows() / 4 + 1;
    for part in 0..4 {
        let start = (part * quarter).min(batch.num_rows());
        let len = quarter.min(batch.num_rows() - start);
        let file = path.join(format!("part-{part}.parquet"));
        ctx.read_batch(batch.slice(start, len))
            .unwrap()
            .write_parquet(file.to_str().unwrap(), DataFrameWriteOptions::new(), None)
            .await
            .unwrap();
    }
    let files = std::fs::read_dir(&path).unwrap().count();
    assert!(files >= 2, "{files} Parquet files");
    path.to_str().unwrap().to_owned()
}

const QUERIES: [&str; 2] = [
    "SELECT id, url_hostname(u) AS host, url_registrable_domain(u) AS site,
            url_search_param(u, 'q') AS q, url_join('https://example.org/a/', u) AS joined,
            url_parse(u)['valid'] AS valid, url_parse(u)['pathname'] AS path
     FROM t ORDER BY id",
    // A grouping: rows move between stages (a shuffle) before the final sort.
    "SELECT url_registrable_domain(u) AS site, url_host_kind(u) AS kind, count(*) AS n
     FROM t GROUP BY site, kind ORDER BY n DESC, site, kind",
];

async fn run(ctx: &SessionContext, table: &str, sql: &str) -> String {
    ctx.register_parquet("t", table, ParquetReadOptions::default()).await.unwrap();
    let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
    ctx.deregister_table("t").unwrap();
    pretty_format_batches(&batches).unwrap().to_string()
}

/// The answers of local DataFusion, checked to be non-trivial.
async fn local_answers(table: &str) -> Vec<String> {
    let ctx = SessionContext::new();
    weburl_datafusion::register_all(&ctx);
    let mut answers = Vec::new();
    for sql in QUERIES {
        answers.push(run(&ctx, table, sql).await);
    }
    assert!(answers[0].lines().count() > 4_000);
    assert!(answers[0].contains("| example.com"), "{}", &answers[0][..2000]);
    assert!(answers[1].contains("| domain"), "{}", answers[1]);
    answers
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn standalone_ballista_equals_local_datafusion() {
    let dir = tempfile::tempdir().unwrap();
    let table = write_sample(dir.path()).await;
    let want = local_answers(&table).await;
    let ctx = weburl_ballista::standalone_context(Options::new()).await.unwrap();
    for (sql, want) in QUERIES.iter().zip(&want) {
        assert_eq!(&run(&ctx, &table, sql).await, want, "{sql}");
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn scheduler_and_executor_from_this_crate_equal_local_datafusion() {
    let dir = tempfile::tempdir().unwrap();
    let table = write_sample(dir.path()).await;
    let want = local_answers(&table).await;

    // The scheduler, as the weburl-ballista-scheduler binary starts it.
    let scheduler_port = free_port();
    let args: Vec<String> = vec!["--bind-port".into(), scheduler_port.to_string()];
    let config = weburl_ballista::args::scheduler(SchedulerConfig::default(), &args).unwrap();
    let config = weburl_ballista::scheduler_config(config, Options::new());
    let address = format!("127.0.0.1:{scheduler_port}").parse().unwrap();
    let cluster = BallistaCluster::new_from_config(&config).await.unwrap();
    tokio::spawn(ballista_scheduler::scheduler_process::start_server(
        cluster,
        address,
        Arc::new(config),
    ));

    // The executor, as the weburl-ballista-executor binary starts it.
    let work = dir.path().join("work");
    std::fs::create_dir_all(&work).unwrap();
    let args: Vec<String> = [
        "--scheduler-host",
        "127.0.0.1",
        "--scheduler-port",
        &scheduler_port.to_string(),
        "--port",
        &free_port().to_string(),
        "--grpc-port",
        &free_port().to_string(),
        "--vcores",
        "2",
        "--work-dir",
        work.to_str().unwrap(),
    ]
    .map(String::from)
    .into();
    let config = weburl_ballista::args::executor(ExecutorProcessConfig::default(), &args).unwrap();
    let config = weburl_ballista::executor_config(config, Options::new());
    tokio::spawn(start_executor_process(Arc::new(config)));

    // Wait for the scheduler to listen.
    let mut tries = 0;
    while std::net::TcpStream::connect(("127.0.0.1", scheduler_port)).is_err() {
        tries += 1;
        assert!(tries < 100, "the scheduler did not start");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let url = format!("df://127.0.0.1:{scheduler_port}");
    let ctx = weburl_ballista::remote_context(&url, Options::new()).await.unwrap();
    for (sql, want) in QUERIES.iter().zip(&want) {
        let got =
            tokio::time::timeout(Duration::from_secs(300), run(&ctx, &table, sql)).await.unwrap();
        assert_eq!(&got, want, "{sql}");
    }
}
