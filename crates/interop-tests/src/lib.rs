//! Tests of the facade's interop features (`url`, `http`); the tests are under `tests/`.
//!
//! This crate exists so that `cargo test --workspace` turns the features on: it depends on
//! `weburl` with `url` and `http`, and on the `url` and `http` crates the tests compare with.
//! It has no API of its own.
