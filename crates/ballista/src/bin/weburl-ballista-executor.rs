//! A Ballista executor with weburl's URL functions in its function registry. Options: see
//! `weburl_ballista::args::EXECUTOR_USAGE`.

use std::process::ExitCode;
use std::sync::Arc;

use ballista_executor::executor_process::{ExecutorProcessConfig, start_executor_process};
use weburl_ballista::args::{self, ArgsError};

#[tokio::main]
async fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let config = match args::executor(ExecutorProcessConfig::default(), &argv) {
        Ok(config) => config,
        Err(ArgsError::Help) => {
            println!("{}", args::EXECUTOR_USAGE);
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            eprintln!("weburl-ballista-executor: {error}\n{}", args::EXECUTOR_USAGE);
            return ExitCode::from(2);
        }
    };
    let config = weburl_ballista::executor_config(config, weburl_ballista::Options::new());
    println!(
        "weburl-ballista-executor on {}:{} (scheduler {}:{})",
        config.bind_host, config.port, config.scheduler_host, config.scheduler_port
    );
    match start_executor_process(Arc::new(config)).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("weburl-ballista-executor: {error}");
            ExitCode::FAILURE
        }
    }
}
