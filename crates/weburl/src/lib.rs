//! weburl: the WHATWG URL Standard for Rust. This facade re-exports the layered crates
//! (`weburl-percent`, `weburl-form`, `weburl-host`, `weburl-parser`, `weburl-rfc3986`).
#![no_std]
#![deny(missing_docs)]

pub use weburl_form as form;
pub use weburl_percent as percent;
