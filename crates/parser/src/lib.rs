//! The URL record, the basic URL parser, the serializer, the API setters and origins (URL Standard, sections 4 and 6.1).
//!
//! This crate is being built; see the workspace README for its state.
#![no_std]
#![deny(missing_docs)]

extern crate alloc;
