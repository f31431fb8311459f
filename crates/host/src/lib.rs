//! Hosts of the WHATWG URL Standard (section 3): parsing and serializing domains, IPv4 and
//! IPv6 addresses, opaque and empty hosts, with in-house UTS #46 IDNA and the Public Suffix
//! List.
//!
//! ```
//! use weburl_host::{Host, domain_to_ascii, public_suffix, registrable_domain};
//!
//! let host = Host::parse("WWW.Example.CO.UK", false)?;
//! assert_eq!(host.to_string(), "www.example.co.uk");
//! assert_eq!(public_suffix(&host), Some("co.uk"));
//! assert_eq!(registrable_domain(&host), Some("example.co.uk"));
//!
//! assert_eq!(Host::parse("[2001:db8:0:0:0:0:0:1]", false)?.to_string(), "[2001:db8::1]");
//! assert_eq!(domain_to_ascii("xn--ab-j1t", false)?, "xn--ab-j1t");
//! # Ok::<(), weburl_host::HostError>(())
//! ```
//!
//! Modules follow the spec's sections: the [`Host`] type and host equality (3.1, 3.7) in
//! `host.rs`; forbidden code points, the domain parser ([`domain_to_ascii`]) and
//! [`domain_to_unicode`] (3.2, 3.3) in `domain.rs`; valid host strings (3.4) in `valid.rs`;
//! the host parser (3.5) in `parse.rs`, with `ipv4.rs`, `ipv6.rs` and `opaque.rs` for the
//! address and opaque-host parsers; the host serializer (3.6) in `serialize.rs`; the
//! validation errors ([`ValidationErrorKind`]) and [`HostError`] in `error.rs`; [`idna`] for
//! UTS #46; [`psl`] for public suffixes and registrable domains over a table generated from
//! the Public Suffix List.
//!
//! The URL parser calls [`parse_host_into`], which appends the serialized host straight to the
//! URL's buffer and reports validation errors to an optional sink.
//!
//! Features: `std` (default) is reserved for std-only additions; the crate is `no_std` with
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

mod domain;
mod error;
mod host;
pub mod idna;
mod ipv4;
mod ipv6;
mod opaque;
mod parse;
pub mod psl;
mod serialize;
mod uts46;
mod valid;

pub use domain::{
    domain_to_ascii, domain_to_ascii_with_errors, domain_to_unicode,
    is_forbidden_domain_code_point, is_forbidden_host_code_point,
};
pub use error::{HostError, ValidationErrorKind};
pub use host::Host;
pub use opaque::is_url_code_point;
pub use parse::{HostKind, parse_host_into};
pub use psl::{public_suffix, registrable_domain};
pub use valid::{
    is_valid_domain, is_valid_host_string, is_valid_ipv4_address_string,
    is_valid_ipv6_address_string, is_valid_opaque_host_string,
};
