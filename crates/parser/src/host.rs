//! The bridge to the host parser of `weburl-host` (URL Standard, section 3.5, "host parser").

use alloc::string::String;

use crate::error::ValidationErrorKind;

pub use weburl_host::HostKind;

impl From<weburl_host::ValidationErrorKind> for ValidationErrorKind {
    /// The same spec error in this crate's list (matched by the spec's name).
    fn from(kind: weburl_host::ValidationErrorKind) -> ValidationErrorKind {
        // Both enums carry the spec's names; a host error this crate does not list yet counts
        // as the IDNA group's catch-all.
        ValidationErrorKind::from_name(kind.name()).unwrap_or(ValidationErrorKind::DomainToAscii)
    }
}

/// Host parser: appends the serialized host to `out` (unchanged on failure). `report` gets
/// each validation error with its byte offset in `input`. On failure, the error that caused it
/// and its offset (the last one reported at or before the failure, else 0).
pub(crate) fn parse_host_into(
    input: &str,
    is_opaque: bool,
    out: &mut String,
    report: Option<&mut dyn FnMut(ValidationErrorKind, usize)>,
) -> Result<HostKind, (ValidationErrorKind, usize)> {
    let mut last_offset = 0;
    let result = match report {
        Some(report) => {
            let mut forward = |kind: weburl_host::ValidationErrorKind, offset: usize| {
                last_offset = offset;
                report(kind.into(), offset);
            };
            weburl_host::parse_host_into(input, is_opaque, out, Some(&mut forward))
        }
        None => {
            let result = weburl_host::parse_host_into(input, is_opaque, out, None);
            if result.is_err() {
                // Failures are rare: parse once more with a sink only to learn where it failed,
                // so that the failure's offset does not depend on whether anyone listens.
                let mut scratch = String::new();
                let mut note = |_: weburl_host::ValidationErrorKind, offset: usize| {
                    last_offset = offset;
                };
                let _ =
                    weburl_host::parse_host_into(input, is_opaque, &mut scratch, Some(&mut note));
            }
            result
        }
    };
    result.map_err(|error| (error.kind().into(), last_offset))
}
