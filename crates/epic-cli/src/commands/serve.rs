//! `epic serve`: the game server and its web client (docs/server.md), on this machine.

use crate::data_dir::data_dir;
use crate::error::{CliError, CliResult};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
#[command(
    after_help = "With no options: serves on http://127.0.0.1:8080/, with its database in your data folder (EPIC_DATA_DIR, else ~/.local/share/epic/server on Linux). To play with friends on your network, add --host 0.0.0.0 and send them the address it prints with your machine's name or address in place of 127.0.0.1."
)]
pub struct Args {
    /// The port to listen on (0: any free port, which is printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on: 127.0.0.1 for this machine only, 0.0.0.0 for every
    /// network it is on.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
    /// The folder of the SQLite database (epic.sqlite3), made if missing.
    #[arg(long, value_name = "DIR", conflicts_with = "database")]
    data: Option<PathBuf>,
    /// A PostgreSQL database instead of SQLite: postgres://USER[:PASSWORD]@HOST[:PORT]/NAME.
    #[arg(long, value_name = "URL")]
    database: Option<String>,
    /// The built web client (default: EPIC_WEB_DIR, else web/dist of the source tree).
    #[arg(long, value_name = "DIR")]
    client: Option<PathBuf>,
    /// Mark the session cookie Secure: for a server behind an HTTPS proxy.
    #[arg(long)]
    secure_cookies: bool,
    /// Served behind a reverse proxy: take a client's address from X-Forwarded-For, so
    /// that rate limits count each client, not the proxy.
    #[arg(long)]
    behind_proxy: bool,
    /// Sign-ups, sign-ins and guests a minute from one address.
    #[arg(long, value_name = "N", default_value_t = epic_server::accounts::ACCOUNTS_PER_MINUTE,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    accounts_per_minute: u32,
    /// The AI searches that run at once, for every game together (default: one for each
    /// core); an account's own AI seats take their turn one search at a time.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    ai_workers: Option<u16>,
}

/// Where the web client is, when not given.
fn default_client() -> PathBuf {
    match std::env::var_os("EPIC_WEB_DIR").filter(|d| !d.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/dist")),
    }
}

pub fn run(args: Args) -> CliResult {
    let database_url = match args.database {
        Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => url,
        Some(url) => {
            return Err(CliError::input(format!(
                "--database takes a PostgreSQL URL (postgres://…), not '{url}'; for SQLite give \
                 --data DIR"
            )))
        }
        None => {
            let dir = match args.data {
                Some(dir) => dir,
                None => data_dir()?.join("server"),
            };
            std::fs::create_dir_all(&dir).map_err(|e| {
                CliError::input(format!(
                    "cannot make the data folder {}: {e}",
                    dir.display()
                ))
            })?;
            let file = dir.join("epic.sqlite3");
            format!("sqlite://{}?mode=rwc", file.display())
        }
    };
    let client = args.client.unwrap_or_else(default_client);
    if !client.join("index.html").is_file() {
        eprintln!(
            "note: no web client in {} (build it with `npm ci --prefix web && npm run build \
             --prefix web`, or run scripts/serve); the API is served without it",
            client.display()
        );
    }
    let config = epic_server::Config {
        addr: SocketAddr::new(args.host, args.port),
        database_url,
        client_dir: Some(client),
        secure_cookies: args.secure_cookies,
        accounts_per_minute: args.accounts_per_minute,
        behind_proxy: args.behind_proxy,
        ai_workers: args
            .ai_workers
            .map_or_else(epic_server::ai_pool::AiPool::default_workers, usize::from),
    };
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|e| CliError::findings(format!("cannot start the server: {e}")))?;
    runtime
        .block_on(epic_server::serve(
            config,
            |addr| {
                println!("Epic is served at http://{addr}/ (Ctrl-C stops it)");
            },
            async {
                let _ = tokio::signal::ctrl_c().await;
            },
        ))
        .map_err(|e| CliError::input(e.to_string()))
}
