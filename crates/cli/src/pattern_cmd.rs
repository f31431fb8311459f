//! `weburl pattern`: test URLs against a URLPattern, or print the groups each match captures
//! (the URLPattern Standard, through `weburl::pattern`).

use clap::{Args, Subcommand};
use serde_json::{Map, Value};
use weburl::pattern::{Component, ComponentResult, UrlPattern, UrlPatternOptions};

use crate::out::{Failure, Out, Status};

/// `weburl pattern`.
#[derive(Debug, Args)]
pub struct PatternArgs {
    #[command(subcommand)]
    pub action: PatternAction,
}

/// The pattern commands.
#[derive(Debug, Subcommand)]
pub enum PatternAction {
    /// Print one JSON line per URL: {"input":URL,"match":true|false}.
    #[command(after_help = "\
Examples:
  weburl pattern test \"https://*.example.com/books/:id\" https://shop.example.com/books/7
  weburl pattern test /api/:v/* --base https://example.com /api/v1/users https://example.com/x

Exit status: 0 when every URL matched, 1 when any did not, 2 on a usage error or an invalid
pattern.")]
    Test(MatchArgs),
    /// Print one JSON line per URL with each component's input and groups, or "match":null.
    #[command(after_help = "\
Examples:
  weburl pattern exec \"https://example.com/books/:id(\\\\d+)\" https://example.com/books/42
  weburl pattern exec --ignore-case /Docs/* --base https://example.com /docs/a/b

Exit status: 0 when every URL matched, 1 when any did not, 2 on a usage error or an invalid
pattern.")]
    Exec(MatchArgs),
}

/// The arguments of `pattern test` and `pattern exec`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// The pattern, as a constructor string (`https://*.example.com/:path*`).
    pub pattern: String,
    /// Base URL for a relative pattern and for each relative URL.
    #[arg(long, value_name = "URL")]
    pub base: Option<String>,
    /// Match the pathname, search and hash case-insensitively.
    #[arg(long)]
    pub ignore_case: bool,
    /// The URLs to match.
    #[arg(required = true, value_name = "URL")]
    pub urls: Vec<String>,
}

/// Runs `weburl pattern`.
pub fn run(args: &PatternArgs, out: &mut Out) -> Status {
    let (m, exec) = match &args.action {
        PatternAction::Test(m) => (m, false),
        PatternAction::Exec(m) => (m, true),
    };
    let options = UrlPatternOptions::default().ignore_case(m.ignore_case);
    let pattern = UrlPattern::parse(&m.pattern, m.base.as_deref(), options)
        .map_err(|err| Failure::Usage(format!("invalid pattern {:?}: {err}", m.pattern)))?;
    let mut status = 0;
    for url in &m.urls {
        let mut line = Map::new();
        line.insert("input".into(), Value::String(url.clone()));
        // A URL string with a base cannot be refused: only an init dictionary can.
        let result = pattern.exec(url.as_str(), m.base.as_deref()).unwrap_or(None);
        if result.is_none() {
            status = 1;
        }
        let value = match (exec, result) {
            (false, r) => Value::Bool(r.is_some()),
            (true, None) => Value::Null,
            (true, Some(r)) => {
                let mut components = Map::new();
                for c in Component::ALL {
                    components.insert(c.name().into(), component_json(r.get(c)));
                }
                Value::Object(components)
            }
        };
        line.insert("match".into(), value);
        serde_json::to_writer(out.writer(), &Value::Object(line)).map_err(std::io::Error::from)?;
        out.str("\n")?;
    }
    Ok(status)
}

fn component_json(r: &ComponentResult) -> Value {
    let groups: Map<String, Value> = r
        .groups
        .iter()
        .map(|(name, value)| (name.to_string(), value.clone().map_or(Value::Null, Value::String)))
        .collect();
    let mut object = Map::new();
    object.insert("input".into(), Value::String(r.input.clone()));
    object.insert("groups".into(), Value::Object(groups));
    Value::Object(object)
}
