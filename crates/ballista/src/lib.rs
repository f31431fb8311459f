//! weburl's SQL URL functions on Apache Ballista: the session state, function registry,
//! scheduler and executor configurations that carry them, for in-process (standalone) and
//! cluster use, and the two binaries `weburl-ballista-scheduler` and
//! `weburl-ballista-executor`.
//!
//! A Ballista job is planned on the client, decoded on the scheduler and executed on the
//! executors; each side looks functions up by name in its own registry. So the URL functions
//! must be in all three: [`session_state`] for the client, [`scheduler_config`] (or
//! [`session_builder`]) for the scheduler and [`executor_config`] (or [`function_registry`])
//! for the executors. A scheduler or executor built from stock Ballista fails the job with
//! "LogicalExtensionCodec is not provided for scalar function url_host".
//!
//! ```no_run
//! use datafusion::prelude::SessionContext;
//! use weburl_ballista::Options;
//!
//! # #[tokio::main]
//! # async fn main() -> datafusion::error::Result<()> {
//! // A client of a cluster whose scheduler and executors run the binaries of this crate.
//! let ctx = weburl_ballista::remote_context("df://scheduler.internal:50050", Options::new()).await?;
//! ctx.register_parquet("logs", "/data/logs/", Default::default()).await?;
//! let top = ctx
//!     .sql("SELECT url_registrable_domain(url) AS site, count(*) AS n FROM logs
//!           GROUP BY site ORDER BY n DESC LIMIT 10")
//!     .await?
//!     .collect()
//!     .await?;
//! # let _ = top;
//! # Ok(())
//! # }
//! ```
//!
//! This crate is separate from `weburl-datafusion` because Ballista (gRPC, Flight, the
//! scheduler's state machine) roughly triples the build of a DataFusion user who does not
//! need it. `docs/sql.md` describes deploying on a cluster.
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)
)]

pub mod args;

use std::sync::Arc;

use ballista::prelude::SessionConfigExt;
use ballista_core::registry::BallistaFunctionRegistry;
use ballista_executor::executor_process::ExecutorProcessConfig;
use ballista_scheduler::config::SchedulerConfig;
use ballista_scheduler::scheduler_server::SessionBuilder;
use datafusion::common::Result;
use datafusion::execution::FunctionRegistry;
use datafusion::execution::SessionState;
use datafusion::prelude::{SessionConfig, SessionContext};

pub use weburl_datafusion::{OnInvalid, Options};

/// Adds the URL functions to `state`.
fn with_url_functions(mut state: SessionState, options: Options) -> Result<SessionState> {
    for udf in weburl_datafusion::functions(options) {
        state.register_udf(udf)?;
    }
    Ok(state)
}

/// A client session state for Ballista (`SessionConfig::new_with_ballista`) with
/// DataFusion's default functions and the URL functions, for
/// `SessionContext::standalone_with_state` or `remote_with_state`.
///
/// # Errors
///
/// When DataFusion refuses to register a function (it does not for these).
///
/// ```
/// let state = weburl_ballista::session_state(weburl_ballista::Options::new())?;
/// assert!(state.scalar_functions().contains_key("url_host"));
/// assert!(state.scalar_functions().contains_key("lower"));
/// # Ok::<(), datafusion::error::DataFusionError>(())
/// ```
pub fn session_state(options: Options) -> Result<SessionState> {
    let state = datafusion::execution::SessionStateBuilder::new()
        .with_default_features()
        .with_config(SessionConfig::new_with_ballista())
        .build();
    with_url_functions(state, options)
}

/// A Ballista scheduler's session builder: Ballista's default one plus the URL functions,
/// so that the scheduler decodes plans that call them.
///
/// ```
/// let builder = weburl_ballista::session_builder(weburl_ballista::Options::new());
/// let state = builder(datafusion::prelude::SessionConfig::new())?;
/// assert!(state.scalar_functions().contains_key("url_registrable_domain"));
/// # Ok::<(), datafusion::error::DataFusionError>(())
/// ```
#[must_use]
pub fn session_builder(options: Options) -> SessionBuilder {
    Arc::new(move |config: SessionConfig| {
        with_url_functions(ballista_core::utils::default_session_builder(config)?, options)
    })
}

/// A Ballista executor's function registry: Ballista's default one plus the URL functions.
///
/// ```
/// let registry = weburl_ballista::function_registry(weburl_ballista::Options::new());
/// assert!(registry.scalar_functions.contains_key("url_parse"));
/// assert!(registry.scalar_functions.contains_key("upper"));
/// ```
#[must_use]
pub fn function_registry(options: Options) -> BallistaFunctionRegistry {
    let mut registry = BallistaFunctionRegistry::default();
    for udf in weburl_datafusion::functions(options) {
        registry.scalar_functions.insert(udf.name().to_owned(), udf);
    }
    registry
}

/// `config` with the URL functions on the scheduler (its session builder).
///
/// ```
/// use ballista_scheduler::config::SchedulerConfig;
/// let config = weburl_ballista::scheduler_config(SchedulerConfig::default(), Default::default());
/// assert!(config.override_session_builder.is_some());
/// ```
#[must_use]
pub fn scheduler_config(config: SchedulerConfig, options: Options) -> SchedulerConfig {
    config.with_override_session_builder(session_builder(options))
}

/// `config` with the URL functions on the executor (its function registry).
///
/// ```
/// use ballista_executor::executor_process::ExecutorProcessConfig;
/// let config = weburl_ballista::executor_config(ExecutorProcessConfig::default(), Default::default());
/// assert!(config.override_function_registry.is_some());
/// ```
#[must_use]
pub fn executor_config(
    mut config: ExecutorProcessConfig,
    options: Options,
) -> ExecutorProcessConfig {
    config.override_function_registry = Some(Arc::new(function_registry(options)));
    config
}

/// A context with an in-process Ballista scheduler and executor that both know the URL
/// functions (Ballista's standalone mode), the functions registered on it too.
///
/// # Errors
///
/// When the scheduler or executor cannot start.
pub async fn standalone_context(options: Options) -> Result<SessionContext> {
    use ballista::prelude::SessionContextExt;
    let ctx = SessionContext::standalone_with_state(session_state(options)?).await?;
    // The returned context does not keep the state's own functions.
    weburl_datafusion::register_all_with(&ctx, options);
    Ok(ctx)
}

/// A context connected to the Ballista scheduler at `url` (`df://host:port`), with the URL
/// functions registered. The scheduler and executors must include them (the binaries of
/// this crate, or [`scheduler_config`] and [`executor_config`]).
///
/// # Errors
///
/// When `url` is not a scheduler URL.
pub async fn remote_context(url: &str, options: Options) -> Result<SessionContext> {
    use ballista::prelude::SessionContextExt;
    let ctx = SessionContext::remote_with_state(url, session_state(options)?).await?;
    weburl_datafusion::register_all_with(&ctx, options);
    Ok(ctx)
}
