//! Hosts of the URL Standard (section 3): domains, IPv4, IPv6, opaque and empty hosts, with in-house UTS #46 IDNA and the Public Suffix List.
//!
//! This crate is being built; see the workspace README for its state.
#![no_std]
#![deny(missing_docs)]

extern crate alloc;
