//! A Ballista scheduler with weburl's URL functions in its session builder (so that it
//! decodes plans calling `url_*`). Options: see `weburl_ballista::args::SCHEDULER_USAGE`.

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;

use ballista_scheduler::cluster::BallistaCluster;
use ballista_scheduler::config::SchedulerConfig;
use weburl_ballista::args::{self, ArgsError};

#[tokio::main]
async fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let config = match args::scheduler(SchedulerConfig::default(), &argv) {
        Ok(config) => config,
        Err(ArgsError::Help) => {
            println!("{}", args::SCHEDULER_USAGE);
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            eprintln!("weburl-ballista-scheduler: {error}\n{}", args::SCHEDULER_USAGE);
            return ExitCode::from(2);
        }
    };
    let config = weburl_ballista::scheduler_config(config, weburl_ballista::Options::new());
    let address: SocketAddr = match format!("{}:{}", config.bind_host, config.bind_port).parse() {
        Ok(address) => address,
        Err(error) => {
            eprintln!("weburl-ballista-scheduler: bad bind address: {error}");
            return ExitCode::from(2);
        }
    };
    let result = async {
        let cluster = BallistaCluster::new_from_config(&config).await?;
        println!("weburl-ballista-scheduler listening on {address}");
        ballista_scheduler::scheduler_process::start_server(cluster, address, Arc::new(config))
            .await
    };
    match result.await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("weburl-ballista-scheduler: {error}");
            ExitCode::FAILURE
        }
    }
}
