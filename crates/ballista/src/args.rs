//! Command-line arguments of the two binaries: `--name value` pairs mapped onto Ballista's
//! scheduler and executor configurations (a small parser, so that the binaries need neither
//! clap nor Ballista's `build-binary` feature).

use ballista_executor::executor_process::ExecutorProcessConfig;
use ballista_scheduler::config::SchedulerConfig;

/// Why the arguments were refused.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgsError {
    /// An argument that is not one of the binary's options.
    Unknown(String),
    /// An option without its value.
    MissingValue(String),
    /// A value that does not parse.
    BadValue {
        /// The option.
        option: String,
        /// Its value.
        value: String,
    },
    /// `--help` was given: the caller prints the usage.
    Help,
}

impl core::fmt::Display for ArgsError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ArgsError::Unknown(arg) => write!(f, "unknown argument {arg:?}"),
            ArgsError::MissingValue(option) => write!(f, "{option} needs a value"),
            ArgsError::BadValue { option, value } => write!(f, "bad value {value:?} for {option}"),
            ArgsError::Help => f.write_str("help requested"),
        }
    }
}

impl std::error::Error for ArgsError {}

/// The scheduler's usage text.
pub const SCHEDULER_USAGE: &str = "usage: weburl-ballista-scheduler [--bind-host 0.0.0.0] \
[--bind-port 50050] [--external-host HOST] [--namespace NAME]
A Ballista scheduler whose planner knows weburl's url_* SQL functions.";

/// The executor's usage text.
pub const EXECUTOR_USAGE: &str = "usage: weburl-ballista-executor [--bind-host 0.0.0.0] \
[--external-host HOST] [--port 50051] [--grpc-port 50052] [--scheduler-host localhost] \
[--scheduler-port 50050] [--vcores N] [--work-dir DIR]
A Ballista executor whose function registry holds weburl's url_* SQL functions.";

/// Splits `args` into `(option, value)` pairs.
fn pairs(args: &[String]) -> Result<Vec<(&str, &str)>, ArgsError> {
    let mut out = Vec::new();
    let mut iter = args.iter();
    while let Some(option) = iter.next() {
        if option == "--help" || option == "-h" {
            return Err(ArgsError::Help);
        }
        if !option.starts_with("--") {
            return Err(ArgsError::Unknown(option.clone()));
        }
        let value = iter.next().ok_or_else(|| ArgsError::MissingValue(option.clone()))?;
        out.push((option.as_str(), value.as_str()));
    }
    Ok(out)
}

fn number<T: core::str::FromStr>(option: &str, value: &str) -> Result<T, ArgsError> {
    value
        .parse()
        .map_err(|_| ArgsError::BadValue { option: option.to_owned(), value: value.to_owned() })
}

/// Applies the scheduler options in `args` (without the program name) to `config`.
///
/// # Errors
///
/// [`ArgsError`] for an unknown option, a missing or bad value, or `--help`.
///
/// ```
/// use ballista_scheduler::config::SchedulerConfig;
/// let args: Vec<String> = ["--bind-port", "6000"].map(String::from).into();
/// let config = weburl_ballista::args::scheduler(SchedulerConfig::default(), &args)?;
/// assert_eq!(config.bind_port, 6000);
/// # Ok::<(), weburl_ballista::args::ArgsError>(())
/// ```
pub fn scheduler(
    mut config: SchedulerConfig,
    args: &[String],
) -> Result<SchedulerConfig, ArgsError> {
    for (option, value) in pairs(args)? {
        match option {
            "--bind-host" => config.bind_host = value.to_owned(),
            "--bind-port" => config.bind_port = number(option, value)?,
            "--external-host" => config.external_host = value.to_owned(),
            "--namespace" => config.namespace = value.to_owned(),
            _ => return Err(ArgsError::Unknown(option.to_owned())),
        }
    }
    Ok(config)
}

/// Applies the executor options in `args` (without the program name) to `config`.
///
/// # Errors
///
/// [`ArgsError`] for an unknown option, a missing or bad value, or `--help`.
///
/// ```
/// use ballista_executor::executor_process::ExecutorProcessConfig;
/// let args: Vec<String> = ["--scheduler-host", "sched", "--vcores", "4"].map(String::from).into();
/// let config = weburl_ballista::args::executor(ExecutorProcessConfig::default(), &args)?;
/// assert_eq!((config.scheduler_host.as_str(), config.vcores), ("sched", 4));
/// assert!(weburl_ballista::args::executor(ExecutorProcessConfig::default(), &["--port".into()]).is_err());
/// # Ok::<(), weburl_ballista::args::ArgsError>(())
/// ```
pub fn executor(
    mut config: ExecutorProcessConfig,
    args: &[String],
) -> Result<ExecutorProcessConfig, ArgsError> {
    for (option, value) in pairs(args)? {
        match option {
            "--bind-host" => config.bind_host = value.to_owned(),
            "--external-host" => config.external_host = Some(value.to_owned()),
            "--port" => config.port = number(option, value)?,
            "--grpc-port" => config.grpc_port = number(option, value)?,
            "--scheduler-host" => config.scheduler_host = value.to_owned(),
            "--scheduler-port" => config.scheduler_port = number(option, value)?,
            "--vcores" => config.vcores = number(option, value)?,
            "--work-dir" => config.work_dir = Some(value.to_owned()),
            _ => return Err(ArgsError::Unknown(option.to_owned())),
        }
    }
    Ok(config)
}
