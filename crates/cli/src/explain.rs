//! One-line explanations of the URL Standard's validation errors (section 1.1), keyed by the
//! spec's name for each error.

/// The explanation of the validation error named `name`, or `None` for a name this table does
/// not know (a newer revision of the standard).
pub fn explain(name: &str) -> Option<&'static str> {
    Some(match name {
        // IDNA.
        "domain-to-ASCII" => {
            "Unicode ToASCII with the strict flags reports an error for this domain"
        }
        // Older revisions' names, kept for parsers that still report them.
        "domain-to-Unicode" => "Unicode ToUnicode reports an error for this domain",
        // Host parsing.
        "domain-percent-encoded" => "the host of a special URL contains percent-encoded bytes",
        "domain-invalid-code-point" => {
            "the domain contains a forbidden domain code point (after IDNA processing)"
        }
        "host-invalid-code-point" => "the opaque host contains a forbidden host code point",
        "IPv4-empty-part" => "the IPv4 address ends with a dot",
        "IPv4-too-few-parts" => "the IPv4 address has fewer than four parts",
        "IPv4-too-many-parts" => "the IPv4 address has more than four parts",
        "IPv4-non-numeric-part" => "a part of the IPv4 address is not a number",
        "IPv4-non-decimal-part" => "a part of the IPv4 address is written in hexadecimal or octal",
        "IPv4-out-of-range-part" => "a part of the IPv4 address is greater than 255",
        "IPv4-non-ASCII-input" => "the IPv4 address was derived from non-ASCII input by IDNA",
        "IPv6-unclosed" => "the IPv6 address is missing its closing ]",
        "IPv6-invalid-compression" => "the IPv6 address begins with an improper compression (:)",
        "IPv6-too-many-pieces" => "the IPv6 address has more than eight pieces",
        "IPv6-multiple-compression" => "the IPv6 address is compressed (::) in more than one place",
        "IPv6-invalid-code-point" => {
            "the IPv6 address contains something other than hex digits and colons, or ends early"
        }
        "IPv6-too-few-pieces" => "the uncompressed IPv6 address has fewer than eight pieces",
        "IPv6-piece-leading-zero" => "a piece of the IPv6 address has a leading zero",
        "IPv4-in-IPv6-too-many-pieces" => {
            "the IPv6 address with an IPv4 part has more than six pieces"
        }
        "IPv4-in-IPv6-invalid-code-point" => {
            "the IPv4 part of the IPv6 address is empty, has a leading zero or a non-digit"
        }
        "IPv4-in-IPv6-out-of-range-part" => {
            "a part of the IPv4 part of the IPv6 address exceeds 255"
        }
        "IPv4-in-IPv6-too-few-parts" => "the IPv4 part of the IPv6 address has too few parts",
        // URL parsing.
        "invalid-URL-unit" => {
            "a code point that is not a URL unit (or a % not followed by two hex digits)"
        }
        "special-scheme-missing-following-solidus" => "the special scheme is not followed by //",
        "missing-scheme-non-relative-URL" => {
            "there is no scheme, and no base URL (or one with an opaque path) to resolve against"
        }
        "invalid-reverse-solidus" => "a special URL uses \\ where / belongs",
        "invalid-credentials" => "the URL contains a username or password",
        "host-missing" => "the special URL has no host",
        "port-out-of-range" => "the port is greater than 65535",
        "port-invalid" => "the port is not a number",
        "file-invalid-Windows-drive-letter" => {
            "a relative URL starting with a Windows drive letter, against a file: base URL"
        }
        "file-invalid-Windows-drive-letter-host" => {
            "the host of the file: URL is a Windows drive letter"
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::explain;

    #[test]
    fn every_spec_name_is_explained() {
        // The names of the table in URL Standard section 1.1.
        let names = [
            "domain-to-ASCII",
            "domain-percent-encoded",
            "host-invalid-code-point",
            "IPv4-empty-part",
            "IPv4-too-few-parts",
            "IPv4-too-many-parts",
            "IPv4-non-numeric-part",
            "IPv4-non-decimal-part",
            "IPv4-out-of-range-part",
            "IPv4-non-ASCII-input",
            "IPv6-unclosed",
            "IPv6-invalid-compression",
            "IPv6-too-many-pieces",
            "IPv6-multiple-compression",
            "IPv6-invalid-code-point",
            "IPv6-too-few-pieces",
            "IPv6-piece-leading-zero",
            "IPv4-in-IPv6-too-many-pieces",
            "IPv4-in-IPv6-invalid-code-point",
            "IPv4-in-IPv6-out-of-range-part",
            "IPv4-in-IPv6-too-few-parts",
            "invalid-URL-unit",
            "special-scheme-missing-following-solidus",
            "missing-scheme-non-relative-URL",
            "invalid-reverse-solidus",
            "invalid-credentials",
            "host-missing",
            "port-out-of-range",
            "port-invalid",
            "file-invalid-Windows-drive-letter",
            "file-invalid-Windows-drive-letter-host",
        ];
        for name in names {
            assert!(explain(name).is_some(), "{name}");
        }
        assert_eq!(explain("no-such-error"), None);
    }
}
