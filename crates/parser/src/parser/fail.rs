//! Lax mode: the failures of a special URL's authority, known without the state machine.
//!
//! An input the fast paths give up on goes to the state machine, which costs a few thousand
//! instructions even when it fails at the host. For a special URL other than file, the state
//! machine's first failure in lax mode can only be the host parser's (host state steps 2.3
//! and 3.3) or the port state's (steps 2.1 and 3): the scheme, slashes and credentials states
//! before them never fail. The lax fast walk (`fast::parse_or_fail`, without credentials) and
//! the rare fast path (`fast::parse_rare_or_fail`) walk those states over the same input;
//! where their host parser fails, or the port state (`authority::scan_port`, which the state
//! machine's port state calls too), they return the state machine's failure, and the parser's
//! entry returns it without running the state machine. The tests below compare both with the
//! state machine on generated authorities.

#[cfg(test)]
mod tests {
    use alloc::format;
    use alloc::string::String;

    use super::super::authority::scan_port;
    use super::super::check::has_tab_or_newline;
    use super::super::fast::{parse_or_fail, parse_rare_or_fail};
    use super::super::{parse_into, state_machine};
    use crate::error::{ParseError, ValidationErrorKind};
    use crate::url::Url;

    /// Whether the state machine's `error` is a host parser's or port state's failure.
    fn is_authority_failure(error: &ParseError) -> bool {
        use ValidationErrorKind::{HostMissing, PortInvalid, PortOutOfRange};
        match error {
            ParseError::InvalidHost(_) => true,
            ParseError::Invalid(e) => {
                matches!(e.kind(), PortInvalid | PortOutOfRange | HostMissing)
            }
            _ => false,
        }
    }

    /// Generated authorities of special and other URLs (hosts the host parser rejects in
    /// every way, ports out of range or not numbers, credentials with `@` and `:`, brackets,
    /// backslashes, padding, tabs), without and with a base: whenever the rare fast path
    /// answers with a failure, it is the state machine's, offset included; it answers every
    /// host and port failure of a special URL other than file written with `//`, credentials
    /// it takes and no tab, newline or padding; and the parser's entry fails or succeeds
    /// exactly as the state machine.
    #[test]
    fn fails_exactly_as_the_state_machine() {
        let schemes = ["https", "HTTP", "ws", "ftp", "file", "sc"];
        let slashes = ["://", ":", ":/\\", ":\\\\", ":////"];
        let credentials = ["", "u@", "u:p@", "a@b:c@", "@", "u\t@"];
        let hosts = [
            "example.com",
            "exa mple.com",
            "ex<a>",
            "999.1.1.1",
            "1.2.3.4",
            "0x1.1",
            "[::1]",
            "[::1",
            "[:::]",
            "[1:2]x",
            "xn--a",
            "\u{FC}.com",
            "a\u{200B}b",
            "%20",
            "a%2Fb",
            "",
            "EXA:MPLE",
            "a\tb",
        ];
        let ports =
            ["", ":", ":80", ":7z", ":70000", ":65535", ":0080", ":-1", ":8 ", ":8\t0", ":1@h"];
        let tails = ["", "/", "/p", "?q", "#f", "\\x", " ", "\t", "/\t", "@h"];
        let base = Url::parse("https://base.example/dir/").unwrap();
        let (mut answered, mut checked, mut walked) = (0, 0, 0);
        for scheme in schemes {
            for slash in slashes {
                for user in credentials {
                    for host in hosts {
                        for port in ports {
                            for tail in tails {
                                let input = format!("{scheme}{slash}{user}{host}{port}{tail}");
                                // (Not an empty host before slashes with no credentials:
                                // the state machine skips the slashes.)
                                let skipped = host.is_empty()
                                    && user.is_empty()
                                    && port.is_empty()
                                    && tail.starts_with(['/', '\\']);
                                let covered = ["https", "HTTP", "ws", "ftp"].contains(&scheme)
                                    && slash == "://"
                                    && ["", "u@", "u:p@"].contains(&user)
                                    && !skipped;
                                for base in [None, Some(&base)] {
                                    let (rare, walk) = check(&input, base, covered);
                                    answered += rare;
                                    walked += walk;
                                    checked += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(answered > 20_000, "{answered} of {checked}");
        assert!(walked > 5_000, "{walked} of {checked}");
    }

    /// One input of [`fails_exactly_as_the_state_machine`] (`covered`: one whose host or port
    /// failure must be answered): whether the rare fast path and the lax fast walk answered
    /// with a failure.
    fn check(input: &str, base: Option<&Url>, covered: bool) -> (usize, usize) {
        let slow = state_machine(input, base, None, None, String::new());
        let mut walked = None;
        if let Some(url) = parse_or_fail(input, &mut String::new(), &mut walked) {
            let slow = slow.as_ref().map(Url::href);
            assert_eq!(Ok(url.href()), slow, "{input:?} {base:?} (fast walk)");
        }
        if let Some(error) = &walked {
            assert_eq!(Some(error), slow.as_ref().err(), "{input:?} {base:?} (fast walk)");
        }
        let found = match parse_rare_or_fail(input, false, &mut String::new()) {
            Some(Err(error)) => Some(error),
            _ => None,
        };
        let plain = !has_tab_or_newline(input.as_bytes());
        if let Some(error) = &found {
            assert_eq!(Some(error), slow.as_ref().err(), "{input:?} {base:?}");
        } else if let Err(error) = &slow {
            let padded = input.ends_with([' ', '\t']);
            assert!(
                !(covered && plain && !padded && is_authority_failure(error)),
                "missed {input:?} {base:?}: {error}"
            );
        }
        let entry = parse_into(input, base, None, None, String::new());
        match (&entry, &slow) {
            (Ok(a), Ok(b)) => assert_eq!(a.href(), b.href(), "{input:?}"),
            _ => assert_eq!(entry.as_ref().err(), slow.as_ref().err(), "{input:?} {base:?}"),
        }
        (usize::from(found.is_some()), usize::from(walked.is_some()))
    }

    /// The port state's failures, and ports it takes.
    #[test]
    fn port_failures() {
        use ValidationErrorKind::{PortInvalid, PortOutOfRange};
        let cases = [
            ("70000/", Some((PortOutOfRange, 10))),
            ("7z/", Some((PortInvalid, 11))),
            ("70000z", Some((PortInvalid, 15))),
            ("-1", Some((PortInvalid, 10))),
            ("65535\\x", None),
            ("0080?", None),
            ("", None),
        ];
        for (port, expected) in cases {
            let got = scan_port(port.as_bytes(), true).err().map(|(kind, at)| (kind, 10 + at));
            assert_eq!(got, expected, "{port:?}");
        }
        // Through the entry: the same as the state machine.
        for input in ["https://h:70000/", "http://exa mple.com/", "wss://u@h:7z", "ftp://[::1/"] {
            let slow = state_machine(input, None, None, None, String::new());
            let fast = parse_into(input, None, None, None, String::new());
            assert!(slow.is_err(), "{input}");
            assert_eq!(fast.err(), slow.err(), "{input}");
        }
    }
}
