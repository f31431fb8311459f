//! `weburl sql` (cargo feature `sql`): one SQL query over CSV and Parquet files, run by Apache
//! DataFusion with the URL functions of `weburl-datafusion` (`url_host`, `url_parse`,
//! `url_registrable_domain`, ...) registered; the result as a table, CSV or JSON lines.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use datafusion::arrow::array::RecordBatch;
use datafusion::error::DataFusionError;
use datafusion::prelude::{CsvReadOptions, ParquetReadOptions, SessionContext};
use weburl_datafusion::{OnInvalid, Options};

use crate::out::{Failure, Out, Status};

/// `weburl sql`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  weburl sql --csv logs=access.csv \\
    \"SELECT url_registrable_domain(url) AS site, count(*) AS hits
     FROM logs GROUP BY site ORDER BY hits DESC LIMIT 10\"
  weburl sql --parquet crawl=frontier/ --format json \\
    \"SELECT url_hostname(u) AS host, url_search_param(u, 'id') AS id FROM crawl\"

Tables are CSV files with a header line (--csv) or Parquet files (--parquet); PATH may be a
file or a directory of such files. Every function of `docs/sql.md` is registered. A URL that
does not parse gives NULL, or with --strict fails the query naming the row (within its batch)
and the value. A query that does not plan or run is a one-line error with exit status 2.")]
pub struct SqlArgs {
    /// The query (SQL, DataFusion's dialect).
    pub query: String,
    /// A CSV table: NAME=PATH (a file with a header line, or a directory of them).
    #[arg(long = "csv", value_name = "NAME=PATH")]
    pub csv: Vec<String>,
    /// A Parquet table: NAME=PATH (a file, or a directory of them).
    #[arg(long = "parquet", value_name = "NAME=PATH")]
    pub parquet: Vec<String>,
    /// How to print the result.
    #[arg(long, value_enum, default_value_t = SqlFormat::Table)]
    pub format: SqlFormat,
    /// Make a URL that does not parse fail the query instead of giving NULL.
    #[arg(long)]
    pub strict: bool,
}

/// The output formats of `weburl sql`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SqlFormat {
    /// A table with borders, for people.
    Table,
    /// CSV with a header line.
    Csv,
    /// One JSON object per row.
    Json,
}

/// Splits `NAME=PATH`.
fn table_arg(arg: &str, flag: &str) -> Result<(String, PathBuf), Failure> {
    match arg.split_once('=') {
        Some((name, path)) if !name.is_empty() && !path.is_empty() => {
            Ok((name.to_owned(), PathBuf::from(path)))
        }
        _ => Err(Failure::Usage(format!("{flag} {arg:?}: expected NAME=PATH"))),
    }
}

/// A DataFusion error's message on one line.
fn one_line(error: &DataFusionError) -> String {
    let message = error.to_string();
    let lines: Vec<&str> = message.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    lines.join(" ")
}

/// A DataFusion error as the usage error it is reported as.
fn query_failed(error: &DataFusionError) -> Failure {
    Failure::Usage(format!("query failed: {}", one_line(error)))
}

/// Runs `weburl sql`.
pub fn run(args: &SqlArgs, out: &mut Out) -> Status {
    let mut tables = Vec::new();
    for arg in &args.csv {
        tables.push((table_arg(arg, "--csv")?, false));
    }
    for arg in &args.parquet {
        tables.push((table_arg(arg, "--parquet")?, true));
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|err| Failure::Usage(format!("cannot start the query runtime: {err}")))?;
    let ctx = SessionContext::new();
    let options =
        if args.strict { Options::new().invalid(OnInvalid::Error) } else { Options::new() };
    weburl_datafusion::register_all_with(&ctx, options);
    let batches = runtime.block_on(async {
        for ((name, path), parquet) in &tables {
            let Some(path) = path.to_str() else {
                return Err(Failure::Usage(format!("table {name}: the path is not UTF-8")));
            };
            let registered = if *parquet {
                ctx.register_parquet(name.as_str(), path, ParquetReadOptions::default()).await
            } else {
                ctx.register_csv(name.as_str(), path, CsvReadOptions::new()).await
            };
            registered.map_err(|err| {
                Failure::Usage(format!("table {name} ({path}): {}", one_line(&err)))
            })?;
        }
        let frame = ctx.sql(&args.query).await.map_err(|err| query_failed(&err))?;
        frame.collect().await.map_err(|err| query_failed(&err))
    })?;
    print(&batches, args.format, out)?;
    Ok(0)
}

/// Writes the result in `format`.
fn print(batches: &[RecordBatch], format: SqlFormat, out: &mut Out) -> Result<(), Failure> {
    let arrow_failed = |err: datafusion::arrow::error::ArrowError| match err {
        datafusion::arrow::error::ArrowError::IoError(_, io) => Failure::Output(io),
        other => Failure::Usage(format!("cannot print the result: {other}")),
    };
    match format {
        SqlFormat::Table => {
            let table = datafusion::arrow::util::pretty::pretty_format_batches(batches)
                .map_err(arrow_failed)?;
            out.write_fmt(format_args!("{table}\n"))
        }
        SqlFormat::Csv => {
            let mut writer = datafusion::arrow::csv::Writer::new(out.writer());
            for batch in batches {
                writer.write(batch).map_err(arrow_failed)?;
            }
            Ok(())
        }
        SqlFormat::Json => {
            let mut writer = datafusion::arrow::json::LineDelimitedWriter::new(out.writer());
            for batch in batches {
                writer.write(batch).map_err(arrow_failed)?;
            }
            writer.finish().map_err(arrow_failed)
        }
    }
}
