//! `TryFrom` between `weburl::Url` and `http::Uri`, and `to_request_uri`, over every WPT
//! urltestdata.json input and every benchmark URL: each conversion succeeds exactly where the
//! documented rules allow it and the `http` crate reads the href back unchanged (or weburl reads
//! the URI's serialization back unchanged), and each error is the one those rules name.

mod common;

use common::{Input, bench_inputs, weburl_parse, wpt_inputs};
use weburl::http_interop::{UriConversionError, to_request_uri};
use weburl_test_support::Tally;

/// Whether the URL has an authority: `//` follows the scheme's `:`.
fn has_authority(url: &weburl::Url) -> bool {
    url.href()[url.protocol().len()..].starts_with("//")
}

/// Checks `http::Uri::try_from(url)` against the rules. Returns whether it converted.
fn check_to_uri(url: &weburl::Url, tally: &mut Tally, label: &str) -> bool {
    let href = url.href();
    let result = http::Uri::try_from(url);
    let owned = http::Uri::try_from(url.clone());
    tally.check(format!("{result:?}") == format!("{owned:?}"), || {
        format!("{label}: owned and by-reference conversions differ")
    });
    let expected_http = http::Uri::try_from(href);
    match result {
        Ok(uri) => {
            let serialized = uri.to_string();
            let ok = url.fragment().is_none()
                && !url.has_credentials()
                && serialized == href
                && uri.scheme_str() == Some(url.scheme());
            tally.check(ok, || format!("{label}: converted to {uri}"));
            let back = weburl::Url::try_from(&uri);
            tally.check(back.as_ref().ok() == Some(url), || format!("{label}: back: {back:?}"));
            true
        }
        Err(err) => {
            let ok = match &err {
                UriConversionError::HasFragment { href: h } => {
                    h == href && url.fragment().is_some()
                }
                UriConversionError::HasCredentials { href: h } => {
                    h == href && url.fragment().is_none() && url.has_credentials()
                }
                UriConversionError::NotAbsoluteWithAuthority { href: h } => {
                    h == href
                        && url.fragment().is_none()
                        && !url.has_credentials()
                        && (!has_authority(url)
                            || expected_http.as_ref().is_ok_and(|u| u.scheme().is_none()))
                }
                UriConversionError::RejectedByHttp { href: h, .. } => {
                    h == href && has_authority(url) && expected_http.is_err()
                }
                UriConversionError::SerializedDifferently { weburl, http } => {
                    weburl == href
                        && expected_http.as_ref().is_ok_and(|u| u.to_string() == *http)
                        && http != weburl
                }
                other => {
                    tally.record(Some(format!("{label}: unexpected error kind {other:?}")));
                    return false;
                }
            };
            tally.check(ok, || {
                format!("{label}: wrong error {err:?} (http reads {expected_http:?})")
            });
            // The message names the href.
            tally.check(err.to_string().contains(&format!("{href:?}")), || {
                format!("{label}: message {err} lacks the href")
            });
            false
        }
    }
}

/// Checks `to_request_uri`: the URL less fragment and credentials, converted by the same rules.
fn check_request_uri(url: &weburl::Url, tally: &mut Tally, label: &str) {
    let mut target = url.clone();
    target.set_hash("");
    target.set_username("");
    target.set_password("");
    let got = to_request_uri(url);
    let expected = http::Uri::try_from(&target);
    tally.check(format!("{got:?}") == format!("{expected:?}"), || {
        format!("{label}: to_request_uri gave {got:?}, expected {expected:?}")
    });
    if let Ok(uri) = &got {
        let clean = uri.authority().is_some_and(|a| !a.as_str().contains('@'));
        tally.check(clean, || format!("{label}: request URI {uri} keeps credentials"));
    }
}

/// Checks `weburl::Url::try_from(uri)` against weburl's reading of the URI's serialization.
fn check_from_uri(uri: &http::Uri, tally: &mut Tally, label: &str) -> bool {
    let serialized = uri.to_string();
    let result = weburl::Url::try_from(uri);
    let owned = weburl::Url::try_from(uri.clone());
    tally.check(format!("{result:?}") == format!("{owned:?}"), || {
        format!("{label}: owned and by-reference conversions differ")
    });
    let expected = weburl::Url::parse(&serialized);
    let absolute = uri.scheme().is_some() && uri.authority().is_some();
    match result {
        Ok(url) => {
            tally.check(absolute && url.href() == serialized, || format!("{label}: got {url}"));
            true
        }
        Err(err) => {
            let ok = match &err {
                UriConversionError::NotAbsoluteWithAuthority { href } => {
                    *href == serialized && !absolute
                }
                UriConversionError::RejectedByWeburl { href, error } => {
                    *href == serialized && absolute && expected.as_ref().err() == Some(error)
                }
                UriConversionError::SerializedDifferently { weburl, http } => {
                    *http == serialized
                        && absolute
                        && expected.as_ref().is_ok_and(|u| u.href() == weburl)
                        && weburl != http
                }
                other => {
                    tally.record(Some(format!("{label}: unexpected error kind {other:?}")));
                    return false;
                }
            };
            tally.check(ok, || format!("{label}: wrong error {err:?} (weburl reads {expected:?})"));
            false
        }
    }
}

#[derive(Default, Debug)]
struct Counts {
    to_ok: usize,
    to_err: usize,
    from_ok: usize,
    from_err: usize,
}

fn run(name: &str, inputs: &[Input]) -> Counts {
    let mut tally = Tally::new(name);
    let mut counts = Counts::default();
    for input in inputs {
        let label = format!("[{}] {:?} against {:?}", input.source, input.input, input.base);
        if let Some(url) = weburl_parse(input) {
            if check_to_uri(&url, &mut tally, &label) {
                counts.to_ok += 1;
            } else {
                counts.to_err += 1;
            }
            check_request_uri(&url, &mut tally, &label);
        }
        // The raw input as an `http::Uri` (WPT's bases are not used: http has no joining).
        if input.base.is_none()
            && let Ok(uri) = input.input.parse::<http::Uri>()
        {
            if check_from_uri(&uri, &mut tally, &label) {
                counts.from_ok += 1;
            } else {
                counts.from_err += 1;
            }
        }
    }
    eprintln!("{name}: {counts:?}");
    tally.finish();
    counts
}

#[test]
fn wpt_urltestdata() {
    let counts = run("http_interop urltestdata.json", &wpt_inputs());
    assert!(counts.to_ok > 100 && counts.to_err > 100, "{counts:?}");
    assert!(counts.from_ok > 10 && counts.from_err > 10, "{counts:?}");
}

#[test]
fn bench_lists() {
    let counts = run("http_interop bench lists", &bench_inputs());
    assert!(counts.to_ok > 10_000 && counts.from_ok > 10_000, "{counts:?}");
}

/// The documented decisions, spelled out once on fixed URLs.
#[test]
fn documented_rules() {
    let url = weburl::Url::parse("https://user:pw@example.org/p?q#f").unwrap();
    assert!(matches!(http::Uri::try_from(&url), Err(UriConversionError::HasFragment { .. })));
    assert_eq!(to_request_uri(&url).unwrap(), "https://example.org/p?q");
    let uri: http::Uri = "https://user:pw@example.org/p?q".parse().unwrap();
    let back = weburl::Url::try_from(&uri).unwrap();
    assert_eq!((back.username(), back.password()), ("user", "pw"), "credentials are kept");
    assert!(matches!(http::Uri::try_from(&back), Err(UriConversionError::HasCredentials { .. })));
}
