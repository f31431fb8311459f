//! `weburl-bench sql`: rows per second of the DataFusion URL functions (`weburl-datafusion`)
//! through a real `SessionContext` over an in-memory table, against what users write today
//! (`regexp_match` and `split_part` host extraction) and against the bare per-URL weburl loop
//! over the same Arrow arrays (the upper bound), on one core and on two.
//!
//! ```text
//! weburl-bench sql [--rounds R] [--rows N] [--partitions P] [--cores 1,2] [--only GROUP]
//! weburl-bench sql profile CONTESTANT [CORES] [PASSES]     one contestant, for callgrind
//! ```
//!
//! The table `urls(u)` holds the four benchmark lists (`testdata/bench/*.txt`) one after the
//! other, repeated until it has `N` rows (default 1,000,000), as `Utf8` batches of 8,192 rows
//! (DataFusion's batch size) dealt round-robin into `P` partitions (default 4). For each
//! number of cores `c`, the session has `target_partitions = c` and runs on a Tokio runtime
//! of `c` worker threads; the bare loop runs on `c` threads, each taking every `c`-th
//! partition. Each query is planned once; a pass executes the physical plan and drains its
//! stream. Contestants of a group run in paired, alternating rounds (order reversed every
//! other round, one untimed warm-up pass); the tables give median rows per second and the
//! median and range of the per-round time ratios.

use std::hint::black_box;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, RecordBatch, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::datasource::MemTable;
use datafusion::execution::TaskContext;
use datafusion::physical_plan::{ExecutionPlan, execute_stream};
use datafusion::prelude::{SessionConfig, SessionContext};
use futures::StreamExt;
use tokio::runtime::Runtime;
use weburl::Url;
use weburl::host::Host;

use crate::timing::{Contestant, median, paired_ratio, run_rounds};

/// Rows per batch: DataFusion's default `batch_size`.
const BATCH_ROWS: usize = 8192;

/// What a contestant computes per row.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Work {
    /// A SQL projection over `urls`.
    Sql(&'static str),
    /// The bare loop: `Url::parse`, then the host's length.
    BareHost,
    /// The bare loop: `Url::parse`, then the registrable domain of a domain host.
    BareRegistrable,
    /// The bare loop: `Url::parse`, then the href's length.
    BareParse,
}

/// One contestant: a name and what it computes.
struct Entry {
    name: &'static str,
    work: Work,
}

/// A group of contestants compared with each other; the first is the reference of the
/// ratios.
struct Group {
    name: &'static str,
    entries: &'static [Entry],
}

const GROUPS: &[Group] = &[
    Group {
        name: "host",
        entries: &[
            Entry { name: "url_host", work: Work::Sql("SELECT url_host(u) FROM urls") },
            Entry {
                name: "regexp_match",
                work: Work::Sql("SELECT regexp_match(u, '^[a-z]+://([^/:?#]+)')[1] FROM urls"),
            },
            Entry {
                name: "split_part",
                work: Work::Sql(
                    "SELECT split_part(split_part(split_part(u, '/', 3), '?', 1), ':', 1) \
                     FROM urls",
                ),
            },
            Entry { name: "bare loop (host)", work: Work::BareHost },
        ],
    },
    Group {
        name: "registrable_domain",
        entries: &[
            Entry {
                name: "url_registrable_domain",
                work: Work::Sql("SELECT url_registrable_domain(u) FROM urls"),
            },
            Entry { name: "bare loop (registrable)", work: Work::BareRegistrable },
        ],
    },
    Group {
        name: "parse",
        entries: &[
            Entry { name: "url_parse", work: Work::Sql("SELECT url_parse(u) FROM urls") },
            Entry {
                name: "url_parse hostname",
                work: Work::Sql("SELECT url_parse(u)['hostname'] FROM urls"),
            },
            Entry { name: "bare loop (href)", work: Work::BareParse },
        ],
    },
];

struct Args {
    rounds: usize,
    rows: usize,
    partitions: usize,
    cores: Vec<usize>,
    only: Option<String>,
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut a = Args { rounds: 11, rows: 1_000_000, partitions: 4, cores: vec![1, 2], only: None };
    while let Some(arg) = args.next() {
        let value = args.next().ok_or_else(|| format!("{arg} needs a value"))?;
        let number = |v: &str| {
            v.parse::<usize>().ok().filter(|&n| n > 0).ok_or_else(|| format!("{arg} {value}"))
        };
        match arg.as_str() {
            "--rounds" => a.rounds = number(&value)?,
            "--rows" => a.rows = number(&value)?,
            "--partitions" => a.partitions = number(&value)?,
            "--cores" => a.cores = value.split(',').map(number).collect::<Result<_, _>>()?,
            "--only" => a.only = Some(value),
            _ => return Err(format!("unknown option {arg}")),
        }
    }
    Ok(a)
}

/// Every non-empty line of every `*.txt` list in `dir`, lists in name order.
fn load_urls(dir: &Path) -> Result<Vec<String>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut paths: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    paths.sort();
    let mut urls = Vec::new();
    for path in paths {
        let text = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let text = String::from_utf8_lossy(&text);
        urls.extend(
            text.split('\n')
                .map(|l| l.strip_suffix('\r').unwrap_or(l))
                .filter(|l| !l.is_empty())
                .map(str::to_owned),
        );
    }
    if urls.is_empty() {
        return Err(format!("no URLs in {}/*.txt", dir.display()));
    }
    Ok(urls)
}

/// The lists repeated to `rows` rows, in batches of [`BATCH_ROWS`] dealt round-robin into
/// `partitions` partitions.
fn table(urls: &[String], rows: usize, partitions: usize) -> Result<Vec<Vec<RecordBatch>>, String> {
    let schema = Arc::new(Schema::new(vec![Field::new("u", DataType::Utf8, false)]));
    let mut parts = vec![Vec::new(); partitions];
    let mut cycle = urls.iter().cycle();
    let mut done = 0;
    let mut index = 0;
    while done < rows {
        let n = BATCH_ROWS.min(rows - done);
        let column: StringArray = cycle.by_ref().take(n).map(|s| Some(s.as_str())).collect();
        let batch = RecordBatch::try_new(Arc::clone(&schema), vec![Arc::new(column) as ArrayRef])
            .map_err(|e| e.to_string())?;
        parts[index % partitions].push(batch);
        index += 1;
        done += n;
    }
    Ok(parts)
}

/// A session over `parts` with the URL functions, planning for `cores` partitions.
fn session(parts: &[Vec<RecordBatch>], cores: usize) -> Result<SessionContext, String> {
    let config = SessionConfig::new().with_target_partitions(cores);
    let ctx = SessionContext::new_with_config(config);
    weburl_datafusion::register_all(&ctx);
    let schema = parts
        .iter()
        .flatten()
        .next()
        .map(RecordBatch::schema)
        .ok_or_else(|| "empty table".to_owned())?;
    let table = MemTable::try_new(schema, parts.to_vec()).map_err(|e| e.to_string())?;
    ctx.register_table("urls", Arc::new(table)).map_err(|e| e.to_string())?;
    Ok(ctx)
}

/// Runs `plan` to the end: the number of non-null values in the first column.
async fn drain(plan: Arc<dyn ExecutionPlan>, task: Arc<TaskContext>) -> usize {
    let mut stream = match execute_stream(plan, task) {
        Ok(stream) => stream,
        Err(err) => panic!("execute: {err}"),
    };
    let mut values = 0;
    while let Some(batch) = stream.next().await {
        match batch {
            Ok(batch) => {
                let column = batch.column(0);
                values += column.len() - column.null_count();
            }
            Err(err) => panic!("execute: {err}"),
        }
    }
    values
}

/// The bare loop over one partition: the number of rows with a result.
fn bare_partition(work: Work, batches: &[RecordBatch]) -> usize {
    let mut values = 0;
    let mut scratch = Host::Domain(String::new());
    for batch in batches {
        let Some(column) = batch.column(0).as_any().downcast_ref::<StringArray>() else {
            continue;
        };
        for input in column.iter().flatten() {
            let Ok(url) = Url::parse(input) else { continue };
            match work {
                Work::BareHost => {
                    black_box(url.host().len());
                    values += 1;
                }
                Work::BareParse => {
                    black_box(url.href().len());
                    values += 1;
                }
                Work::BareRegistrable => {
                    if url.host_kind() != Some(weburl::HostKind::Domain) {
                        continue;
                    }
                    if let Host::Domain(text) = &mut scratch {
                        text.clear();
                        text.push_str(url.hostname());
                    }
                    if let Some(domain) = weburl::host::registrable_domain(&scratch) {
                        black_box(domain.len());
                        values += 1;
                    }
                }
                Work::Sql(_) => {}
            }
        }
    }
    values
}

/// The bare loop over every partition on `cores` threads.
fn bare(work: Work, parts: &[Vec<RecordBatch>], cores: usize) -> usize {
    if cores <= 1 {
        return parts.iter().map(|p| bare_partition(work, p)).sum();
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..cores)
            .map(|t| {
                scope.spawn(move || {
                    parts
                        .iter()
                        .skip(t)
                        .step_by(cores)
                        .map(|p| bare_partition(work, p))
                        .sum::<usize>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0)).sum::<usize>()
    })
}

/// A Tokio runtime of `cores` worker threads.
fn runtime(cores: usize) -> Result<Runtime, String> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(cores)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())
}

/// A planned contestant: the physical plan of its query, or `None` for a bare loop.
struct Planned {
    entry: &'static Entry,
    plan: Option<Arc<dyn ExecutionPlan>>,
}

fn plan_all(
    rt: &Runtime,
    ctx: &SessionContext,
    entries: &'static [Entry],
) -> Result<Vec<Planned>, String> {
    entries
        .iter()
        .map(|entry| {
            let plan = match entry.work {
                Work::Sql(sql) => Some(rt.block_on(async {
                    let frame = ctx.sql(sql).await.map_err(|e| format!("{sql}: {e}"))?;
                    frame.create_physical_plan().await.map_err(|e| format!("{sql}: {e}"))
                })?),
                _ => None,
            };
            Ok(Planned { entry, plan })
        })
        .collect()
}

/// One pass of `p`.
fn pass(
    p: &Planned,
    rt: &Runtime,
    ctx: &SessionContext,
    parts: &[Vec<RecordBatch>],
    cores: usize,
) -> usize {
    match &p.plan {
        Some(plan) => rt.block_on(drain(Arc::clone(plan), ctx.task_ctx())),
        None => bare(p.entry.work, parts, cores),
    }
}

fn run(a: &Args, data: &Path) -> Result<(), String> {
    let urls = load_urls(data)?;
    let parts = table(&urls, a.rows, a.partitions)?;
    let bytes: usize = parts
        .iter()
        .flatten()
        .map(|b| b.column(0).as_any().downcast_ref::<StringArray>().map_or(0, |s| s.values().len()))
        .sum();
    println!(
        "weburl-bench sql: {} rows ({} distinct URLs from {}, {:.1} MB), {} partitions, \
         batches of {BATCH_ROWS}, {} rounds",
        a.rows,
        urls.len(),
        data.display(),
        bytes as f64 / 1e6,
        a.partitions,
        a.rounds
    );
    for &cores in &a.cores {
        let rt = runtime(cores)?;
        let ctx = session(&parts, cores)?;
        for group in GROUPS {
            if a.only.as_deref().is_some_and(|o| !group.name.contains(o)) {
                continue;
            }
            let planned = plan_all(&rt, &ctx, group.entries)?;
            let mut contestants: Vec<Contestant<'_>> = planned
                .iter()
                .map(|p| Contestant {
                    name: p.entry.name,
                    pass: Box::new(|| pass(p, &rt, &ctx, &parts, cores)),
                })
                .collect();
            let checks: Vec<usize> = contestants.iter_mut().map(|c| (c.pass)()).collect();
            let rounds = run_rounds(&mut contestants, a.rounds);
            println!("\n{} on {cores} core(s) (target_partitions = {cores})", group.name);
            println!(
                "  {:<26} {:>12} {:>11}  {:<24} non-null rows",
                "contestant", "M rows/s", "ms/pass", "time / first (min-max)"
            );
            let reference = &rounds.times[0];
            for (i, times) in rounds.times.iter().enumerate() {
                let ns = median(times);
                let (m, lo, hi) = paired_ratio(times, reference);
                let ratio =
                    if i == 0 { "1".to_owned() } else { format!("{m:.2} ({lo:.2}-{hi:.2})") };
                println!(
                    "  {:<26} {:>12.2} {:>11.1}  {:<24} {}",
                    rounds.names[i],
                    a.rows as f64 / ns * 1e3,
                    ns / 1e6,
                    ratio,
                    checks[i]
                );
            }
        }
    }
    Ok(())
}

/// `sql profile CONTESTANT [CORES] [PASSES]`: one contestant alone (planning outside the
/// passes), for `valgrind --tool=callgrind`.
fn profile(mut args: impl Iterator<Item = String>, data: &Path) -> Result<(), String> {
    let name = args.next().ok_or("sql profile needs a contestant name")?;
    let cores = args.next().and_then(|n| n.parse().ok()).filter(|&n| n > 0).unwrap_or(1);
    let passes = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
    let entry = GROUPS
        .iter()
        .flat_map(|g| g.entries)
        .find(|e| e.name == name)
        .ok_or_else(|| format!("no contestant {name}"))?;
    let urls = load_urls(data)?;
    let parts = table(&urls, urls.len(), 4)?;
    let rt = runtime(cores)?;
    let ctx = session(&parts, cores)?;
    let planned = plan_all(&rt, &ctx, std::slice::from_ref(entry))?;
    let mut sum = 0;
    for p in &planned {
        for _ in 0..passes {
            sum += pass(p, &rt, &ctx, &parts, cores);
        }
    }
    println!("{name}: {sum} non-null values");
    Ok(())
}

/// Entry point of `weburl-bench sql`.
pub fn main(mut args: impl Iterator<Item = String>, data: &Path) -> ExitCode {
    let mut args = args.by_ref().peekable();
    let result = if args.peek().is_some_and(|a| a == "profile") {
        args.next();
        profile(args, data)
    } else {
        parse_args(args).and_then(|a| run(&a, data))
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("weburl-bench sql: {err}");
            ExitCode::FAILURE
        }
    }
}
