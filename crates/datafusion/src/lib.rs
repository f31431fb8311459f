//! WHATWG URL functions for Apache DataFusion SQL: `url_parse`, `url_host`,
//! `url_registrable_domain`, `url_search_param`, `url_join`, `url_can_parse` and more, backed
//! by the `weburl-arrow` kernels.
//!
//! ```
//! use datafusion::prelude::SessionContext;
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::error::Result<()> {
//! let ctx = SessionContext::new();
//! weburl_datafusion::register_all(&ctx);
//! let batches = ctx
//!     .sql(
//!         "SELECT url_hostname(u) AS host, url_registrable_domain(u) AS site,
//!                 url_search_param(u, 'q') AS q, url_parse(u)['valid'] AS valid
//!          FROM (VALUES ('https://www.Example.co.uk/s?q=a+b'), ('nope')) AS t(u)",
//!     )
//!     .await?
//!     .collect()
//!     .await?;
//! let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert!(text.contains("| www.example.co.uk | example.co.uk | a b | true  |"), "{text}");
//! assert!(text.contains("|                   |               |     | false |"), "{text}");
//! # Ok(())
//! # }
//! ```
//!
//! # Names
//!
//! Every function is `url_` followed by the JavaScript `URL` getter it computes (`url_href`,
//! `url_origin`, `url_protocol`, `url_username`, `url_password`, `url_host`, `url_hostname`,
//! `url_port`, `url_pathname`, `url_search`, `url_hash`) or by the `weburl` function name
//! (`url_parse`, `url_scheme`, `url_port_number`, `url_host_kind`, `url_can_parse`,
//! `url_join`, `url_search_param`, `url_search_param_all`, `url_registrable_domain`,
//! `url_public_suffix`, `url_domain_to_ascii`, `url_domain_to_unicode`, `url_render`,
//! `url_rfc3986_is_valid`, `url_rfc3986_normalize`). The URL is the first argument, except
//! `url_join(base, input)` (as `base.join(input)`); `url_can_parse(input [, base])` follows
//! `URL.canParse`. [`Function`] lists them; `docs/sql.md` describes each.
//!
//! # Types, nulls and errors
//!
//! Arguments may be `Utf8`, `LargeUtf8`, `Utf8View`, dictionaries of them, or binary (read
//! as UTF-8), as columns or literals; other types are a planning error naming the function
//! and parameter. Results are `Utf8` (`LargeUtf8` for `LargeUtf8` input), `Boolean`,
//! `UInt16`, a `List` or, for `url_parse`, a `Struct`. A null argument gives null. A URL that
//! does not parse gives null (`valid = false` in `url_parse`) unless the functions are
//! registered with [`register_all_with`] and [`weburl_arrow::OnInvalid::Error`], which makes
//! the query fail naming the function and the row of the batch. Binary values that are not
//! UTF-8 fail the query by default, or give null by option.
//!
//! Every function is [`Volatility::Immutable`](datafusion::logical_expr::Volatility), so
//! DataFusion's expression simplifier evaluates calls whose arguments are all literals once,
//! at planning time (constant folding), and a scalar argument beside a column (the base of
//! `url_join`, the name of `url_search_param`) is parsed once per batch.
//!
//! # Modules
//!
//! `function` holds [`Function`] (names, arities, result types); `udf` holds [`UrlUdf`], the
//! `ScalarUDFImpl`; this file registers them. Distributed execution on Apache Ballista is in
//! the `weburl-ballista` crate.
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)
)]

mod function;
mod udf;

use std::sync::Arc;

use datafusion::logical_expr::ScalarUDF;
use datafusion::prelude::SessionContext;

pub use function::Function;
pub use udf::UrlUdf;
pub use weburl_arrow::{OnInvalid, Options};

/// Every function as a `ScalarUDF`, treating bad rows as `options` says: for a
/// `SessionStateBuilder::with_scalar_functions` or a function registry (as Ballista's
/// scheduler and executors need).
///
/// ```
/// let udfs = weburl_datafusion::functions(weburl_datafusion::Options::new());
/// assert_eq!(udfs.len(), weburl_datafusion::Function::ALL.len());
/// assert!(udfs.iter().any(|udf| udf.name() == "url_join"));
/// ```
#[must_use]
pub fn functions(options: Options) -> Vec<Arc<ScalarUDF>> {
    Function::ALL
        .iter()
        .map(|function| Arc::new(ScalarUDF::new_from_impl(UrlUdf::new(*function, options))))
        .collect()
}

/// Registers every function on `ctx` with the default [`Options`] (a row that does not parse
/// gives null; a binary value that is not UTF-8 is an error).
///
/// ```
/// let ctx = datafusion::prelude::SessionContext::new();
/// weburl_datafusion::register_all(&ctx);
/// assert!(ctx.state().scalar_functions().contains_key("url_registrable_domain"));
/// ```
pub fn register_all(ctx: &SessionContext) {
    register_all_with(ctx, Options::new());
}

/// Registers every function on `ctx`, treating bad rows as `options` says.
///
/// ```
/// use weburl_datafusion::{OnInvalid, Options};
/// let ctx = datafusion::prelude::SessionContext::new();
/// weburl_datafusion::register_all_with(&ctx, Options::new().invalid(OnInvalid::Error));
/// assert!(ctx.state().scalar_functions().contains_key("url_parse"));
/// ```
pub fn register_all_with(ctx: &SessionContext, options: Options) {
    for udf in functions(options) {
        ctx.register_udf(udf.as_ref().clone());
    }
}
