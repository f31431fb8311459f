//! RFC 3986 URI references: parsing and validation, reference resolution, normalization and comparison.
//!
//! This crate is being built; see the workspace README for its state.
#![no_std]
#![deny(missing_docs)]

extern crate alloc;
