//! Fast paths of the host, hostname and pathname setters: a value the general path would
//! write unchanged (but for ASCII lowercasing) is spliced in directly, skipping the host parser
//! or the state machine and their buffers. Each returns `None` when the value needs the
//! general path; `tests` checks both paths agree.

use weburl_percent::PATH;

use crate::Url;
use crate::host::HostKind;
use crate::parser::path::{is_double_dot, is_single_dot};
use crate::setter_outcome::SetterError;

use super::Shift;

/// Whether `value` is a domain that domain to ASCII maps to itself lowercased and that is not
/// an IPv4 address: ASCII letters, digits, `-` and `.` only, no `--` (so no `xn--` label to
/// decode), and a last label (after at most one trailing `.`) that starts with a letter, so
/// the IPv4 parser's "ends in a number" check (section 3.5) is false.
fn is_plain_domain(value: &[u8]) -> bool {
    // One pass: the allowed bytes, no `--`, and where the last label (ignoring one trailing
    // `.`) starts.
    let mut previous = b'.';
    let mut label_start = 0;
    let mut last_start = 0;
    for (i, &b) in value.iter().enumerate() {
        match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' => {}
            b'-' if previous != b'-' => {}
            b'.' => {
                last_start = label_start;
                label_start = i + 1;
            }
            _ => return false,
        }
        previous = b;
    }
    if label_start < value.len() {
        last_start = label_start;
    }
    value.get(last_start).is_some_and(u8::is_ascii_alphabetic)
}

/// Whether `value` is a path the path start and path states (section 4.4) copy unchanged for
/// this URL: it starts with `/`, has only ASCII bytes outside the path percent-encode set and
/// no `\`, no `.` or `..` segment, no leading Windows drive letter segment in a `file` URL,
/// and does not start with `//` when the host is null (which would need the `/.` prefix).
fn is_plain_path(url: &Url, value: &[u8]) -> bool {
    let Some(rest) = value.strip_prefix(b"/") else {
        return false;
    };
    if !value.iter().all(|&b| b.is_ascii() && b != b'\\' && !PATH.contains(b)) {
        return false;
    }
    if url.host_kind.is_none() && rest.first() == Some(&b'/') {
        return false;
    }
    let mut segments = rest.split(|&b| b == b'/');
    if url.scheme_type.is_file() && segments.clone().next().is_some_and(|s| s.len() == 2) {
        return false;
    }
    !segments.any(|s| is_single_dot(s) || is_double_dot(s))
}

impl Url {
    /// Host state with state override (host and hostname setters) on a special, non-`file` URL
    /// for a plain domain with no port: the domain, lowercased, replaces the host.
    pub(super) fn fast_host(&mut self, value: &str) -> Option<Result<(), SetterError>> {
        if !self.scheme_type.is_special()
            || self.scheme_type.is_file()
            || !is_plain_domain(value.as_bytes())
        {
            return None;
        }
        if !self.set_host_text(value, HostKind::Domain) {
            return Some(Err(SetterError::TooLong));
        }
        let host = self.host_start as usize..self.host_end as usize;
        if let Some(text) = self.serialization.get_mut(host) {
            text.make_ascii_lowercase();
        }
        self.debug_check();
        Some(Ok(()))
    }

    /// The pathname setter after its opaque-path check, for a plain path: `value` replaces
    /// the path as it is.
    pub(super) fn fast_path(&mut self, value: &str) -> Option<Result<(), SetterError>> {
        if !is_plain_path(self, value.as_bytes()) {
            return None;
        }
        let start = self.authority_end();
        if !self.splice(start, self.path_end(), value, Shift::Query) {
            return Some(Err(SetterError::TooLong));
        }
        self.path_start = start;
        self.debug_check();
        Some(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use crate::Url;
    use crate::parser::State;
    use alloc::string::String;
    use alloc::vec::Vec;

    fn bases() -> [&'static str; 7] {
        [
            "https://u:p@example.org:8080/a/b?q#f",
            "http://h/",
            "ws://h",
            "file:///C:/x",
            "file://host/p",
            "sc://h/p?q",
            "sc:/p",
        ]
    }

    fn hosts() -> Vec<String> {
        let mut values: Vec<String> = [
            "example.com",
            "EXAMPLE.COM",
            "a.b.",
            "a.b..",
            "a..b",
            ".",
            "..",
            "a.1",
            "a.0x1",
            "1.2.3.4",
            "0x1.a",
            "a.b1",
            "xn--nxasmq6b.com",
            "XN--a.com",
            "ab--cd.com",
            "-a-.com",
            "a-.-b",
            "1a.com",
            "a.1a",
            "localhost",
            "LOCALHOST",
            "a",
            "é.com",
            "a b",
            "a:1",
            "",
            "[::1]",
            "a.b.c.d.e.f.g.h",
            "x.0",
            "x.09",
            "x.0x",
            "x.0xg",
        ]
        .into_iter()
        .map(String::from)
        .collect();
        for name in weburl_test_support::BENCH_LISTS {
            let list = weburl_test_support::load_bench_list(name);
            for line in list.lines().step_by(37) {
                if let Ok(url) = Url::parse(line) {
                    values.push(String::from(url.hostname()));
                    values.push(url.hostname().to_ascii_uppercase());
                }
            }
        }
        values
    }

    fn paths() -> Vec<String> {
        let mut values: Vec<String> = [
            "/",
            "//",
            "///a",
            "/a/./b",
            "/a/../b",
            "/.",
            "/..",
            "/%2e",
            "/%2E%2e/x",
            "/a/.%2e",
            "/a b",
            "/a\\b",
            "/a?b",
            "/a#b",
            "/é",
            "/C:",
            "/C|/x",
            "/ab",
            "/abc",
            "/a/",
            "/a//b",
            "/%zz",
            "/a\tb",
            "a",
            "",
            "/.a",
            "/a.",
            "/...",
            "/{}^`|",
            "/a;b=c,d!$&'()*+@~",
        ]
        .into_iter()
        .map(String::from)
        .collect();
        for name in weburl_test_support::BENCH_LISTS {
            let list = weburl_test_support::load_bench_list(name);
            for line in list.lines().step_by(29) {
                if let Ok(url) = Url::parse(line) {
                    values.push(String::from(url.pathname()));
                }
            }
        }
        values
    }

    /// The one-pass classifier agrees with a naive three-pass one.
    #[test]
    fn plain_domain_against_a_naive_oracle() {
        let naive = |v: &[u8]| {
            let body = v.strip_suffix(b".").unwrap_or(v);
            let last = body.rsplit(|&b| b == b'.').next().unwrap_or(&[]);
            v.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
                && !v.windows(2).any(|w| w == b"--")
                && last.first().is_some_and(u8::is_ascii_alphabetic)
        };
        for value in hosts() {
            let v = value.as_bytes();
            assert_eq!(super::is_plain_domain(v), naive(v), "{value:?}");
        }
    }

    /// The host fast path agrees with the general host state, for both setters, on crafted
    /// values and hosts from the benchmark lists.
    #[test]
    fn fast_host_agrees_with_the_general_path() {
        let mut taken = 0;
        for base in bases() {
            for value in hosts() {
                for state in [State::Host, State::Hostname] {
                    let mut fast = Url::parse(base).unwrap();
                    let Some(got) = fast.fast_host(&value) else { continue };
                    taken += 1;
                    let mut general = Url::parse(base).unwrap();
                    let want = general.host_setter_general(&value, state);
                    assert_eq!(got, want, "{base} {value:?}");
                    assert_eq!(fast.href(), general.href(), "{base} {value:?}");
                    assert_eq!(
                        alloc::format!("{fast:?}"),
                        alloc::format!("{general:?}"),
                        "{base} {value:?}"
                    );
                    assert_eq!(fast.check_invariants(), Ok(()), "{base} {value:?}");
                }
            }
        }
        assert!(taken > 1000, "the fast path ran {taken} times");
    }

    /// The path fast path agrees with the path start state, on crafted values and paths from
    /// the benchmark lists.
    #[test]
    fn fast_path_agrees_with_the_general_path() {
        let mut taken = 0;
        for base in bases() {
            for value in paths() {
                let mut fast = Url::parse(base).unwrap();
                let Some(got) = fast.fast_path(&value) else { continue };
                taken += 1;
                let mut general = Url::parse(base).unwrap();
                let want = general.write_path_general(&value);
                assert_eq!(got, want, "{base} {value:?}");
                assert_eq!(fast.href(), general.href(), "{base} {value:?}");
                assert_eq!(
                    alloc::format!("{fast:?}"),
                    alloc::format!("{general:?}"),
                    "{base} {value:?}"
                );
                assert_eq!(fast.check_invariants(), Ok(()), "{base} {value:?}");
            }
        }
        assert!(taken > 1000, "the fast path ran {taken} times");
    }
}
