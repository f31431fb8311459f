//! application/x-www-form-urlencoded parsing and serializing and `SearchParams` (URL Standard, sections 5 and 6.2).
//!
//! This crate is being built; see the workspace README for its state.
#![no_std]
#![deny(missing_docs)]

extern crate alloc;
