//! The WHATWG URLPattern Standard on weburl's own URL parser, with ECMAScript regular
//! expressions.
//!
//! ```
//! use weburl_pattern::{UrlPattern, UrlPatternInit};
//!
//! let pattern = UrlPattern::parse("https://*.example.com/books/:id", None, Default::default())?;
//! assert!(pattern.test("https://store.example.com/books/123", None)?);
//! let result = pattern.exec("https://store.example.com/books/123", None)?.unwrap();
//! assert_eq!(result.hostname.group("0"), Some("store"));
//! assert_eq!(result.pathname.group("id"), Some("123"));
//!
//! let init = UrlPatternInit::default().with_pathname("/api/:version(v\\d+)/*");
//! let api = UrlPattern::from_init(&init, Default::default())?;
//! assert_eq!(api.protocol(), "*");
//! assert!(api.has_regexp_groups());
//! assert!(!api.test("https://example.com/api/latest/users", None)?);
//! # Ok::<(), weburl_pattern::PatternError>(())
//! ```
//!
//! Modules follow the standard's sections: `tokenizer` (tokenizing pattern strings), `parser`
//! (parts, options and the pattern parser), `regexp_gen` (part list to regular expression),
//! `pattern_string` (part list to pattern string), `constructor_string` (the constructor string
//! parser), `canonicalize` (the encoding callbacks, through weburl-parser's parser and setters),
//! `init` ([`UrlPatternInit`] processing), `component` (compiling one component), `direct`
//! (matching route-shaped part lists without the engine), `pattern` ([`UrlPattern`]: create, match,
//! test, exec) and `engine` (the regular expression engine behind a small trait). Beyond the
//! standard, `list` holds [`UrlPatternList`], which matches one URL against many patterns.
//!
//! Regular expressions: each component compiles to an ECMAScript regular expression with the `v`
//! flag (`vi` with `ignoreCase`), run by `regress` 0.12. `regress` is a classical backtracking
//! engine with no linear-time guarantee, no step limit and no non-backtracking mode (its PikeVM
//! backend is documented as a test aid). What this crate guarantees: pattern strings are
//! limited to [`MAX_PATTERN_LEN`] bytes per component; an invalid expression is
//! [`PatternError::InvalidRegExp`], never a panic; a component made of fixed text, `:name`
//! groups with at most a `?` modifier, and `*` groups with any modifier (a repeated `*` group
//! matches exactly what an unrepeated one does) never runs the engine when case matters, nor
//! with `ignoreCase` on ASCII input (component inputs are ASCII after canonicalization): a
//! direct search in the engine's order matches it, remembering failed (part, position) pairs,
//! in time quadratic in the component's length times the number of parts. A repeated `*` or
//! `:name` group that does reach the engine runs as a single quantifier (`(.*)` for
//! `((?:.*)+)`, `([^/]+)` for `((?:[^/]+?)+)`), with the same result. Everything else runs
//! `regress` unbounded: regexp groups with nested quantifiers (`((?:a+)+)b`), repeated `:name`
//! groups with a prefix, optional or repeated `{...}` groups (`{a}?{a}?aa`), can take time
//! exponential in the length of the URL component, as ECMAScript regular expressions do in
//! browsers. Do not compile
//! untrusted patterns without vetting them ([`UrlPattern::has_regexp_groups`], `ignoreCase`).
//!
//! The standard's `compareComponent` is not part of the text this crate follows
//! (`../shared/spec/urlpattern.bs`), so there is no ordering of patterns.
//!
//! Features: `std` (default) enables `std` in the dependencies. The crate is `no_std` with
//! `alloc` either way.
#![no_std]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)
)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod canonicalize;
mod component;
mod constructor_string;
mod direct;
mod engine;
mod error;
mod init;
mod list;
mod parser;
mod pattern;
mod pattern_string;
mod regexp_gen;
mod tokenizer;

pub use component::MAX_PATTERN_LEN;
pub use error::{Component, PatternError, SyntaxError};
pub use init::UrlPatternInit;
pub use list::{ListMatch, UrlPatternList};
pub use pattern::{
    ComponentResult, ResultInput, UrlPattern, UrlPatternInput, UrlPatternOptions, UrlPatternResult,
};
