//! Hosts of the URL Standard (section 3): domains, IPv4, IPv6, opaque and empty hosts, with
//! in-house UTS #46 IDNA and the Public Suffix List.
//!
//! This crate is being built; see `docs/architecture.md` for the planned interface.
#![no_std]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)
)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod idna;
