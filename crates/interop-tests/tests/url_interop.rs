//! `TryFrom` between `weburl::Url` and `url::Url` over every WPT urltestdata.json input and
//! every benchmark URL: a conversion succeeds exactly where rust-url reads weburl's href (or
//! weburl reads rust-url's serialization) to the same string, its error names the library and
//! the hrefs that make it fail, and the round trip gives the same URL back.

mod common;

use common::{Input, bench_inputs, weburl_parse, wpt_inputs};
use weburl::url_interop::UrlConversionError;
use weburl_test_support::Tally;

/// rust-url's `Url::parse(base)?.join(input)`.
fn url_parse(input: &Input) -> Option<url::Url> {
    match &input.base {
        None => url::Url::parse(&input.input).ok(),
        Some(base) => url::Url::parse(base).ok()?.join(&input.input).ok(),
    }
}

/// Checks the conversion of weburl's URL to rust-url's against rust-url's own reading of the
/// href. Returns whether it converted.
fn check_to_url(ours: &weburl::Url, tally: &mut Tally, label: &str) -> bool {
    let href = ours.href();
    let expected = url::Url::parse(href);
    let by_ref = url::Url::try_from(ours);
    let owned = url::Url::try_from(ours.clone());
    tally.check(by_ref == owned, || format!("{label}: owned and by-reference conversions differ"));
    match (by_ref, expected) {
        (Ok(theirs), Ok(expected)) => {
            tally.check(theirs.as_str() == href && theirs == expected, || {
                format!("{label}: converted to {:?}, not {href:?}", theirs.as_str())
            });
            let back = weburl::Url::try_from(&theirs);
            tally.check(back.as_ref() == Ok(ours), || format!("{label}: round trip gave {back:?}"));
            true
        }
        (Err(UrlConversionError::RejectedByUrl { href: h, error }), Err(expected)) => {
            tally.check(h == href && error == expected, || format!("{label}: wrong rejection"));
            false
        }
        (Err(UrlConversionError::SerializedDifferently { weburl, url }), Ok(expected)) => {
            tally.check(weburl == href && url == expected.as_str() && url != weburl, || {
                format!("{label}: wrong SerializedDifferently {weburl:?} / {url:?}")
            });
            false
        }
        (got, expected) => {
            tally.record(Some(format!("{label}: got {got:?}, rust-url reads {expected:?}")));
            false
        }
    }
}

/// Checks the conversion of rust-url's URL to weburl's against weburl's own reading of the
/// serialization. Returns whether it converted.
fn check_from_url(theirs: &url::Url, tally: &mut Tally, label: &str) -> bool {
    let href = theirs.as_str();
    let expected = weburl::Url::parse(href);
    let by_ref = weburl::Url::try_from(theirs);
    let owned = weburl::Url::try_from(theirs.clone());
    tally.check(by_ref == owned, || format!("{label}: owned and by-reference conversions differ"));
    match (by_ref, expected) {
        (Ok(ours), Ok(expected)) => {
            tally.check(ours.href() == href && ours == expected, || {
                format!("{label}: converted to {:?}, not {href:?}", ours.href())
            });
            let back = url::Url::try_from(&ours);
            tally.check(back.as_ref() == Ok(theirs), || {
                format!("{label}: round trip gave {back:?}")
            });
            true
        }
        (Err(UrlConversionError::RejectedByWeburl { href: h, error }), Err(expected)) => {
            tally.check(h == href && error == expected, || format!("{label}: wrong rejection"));
            false
        }
        (Err(UrlConversionError::SerializedDifferently { weburl, url }), Ok(expected)) => {
            tally.check(url == href && weburl == expected.href() && url != weburl, || {
                format!("{label}: wrong SerializedDifferently {weburl:?} / {url:?}")
            });
            false
        }
        (got, expected) => {
            tally.record(Some(format!("{label}: got {got:?}, weburl reads {expected:?}")));
            false
        }
    }
}

/// Counts of one run, to show and to bound.
#[derive(Default, Debug)]
struct Counts {
    /// Inputs both libraries parse to the same href.
    same: usize,
    /// Conversions weburl -> rust-url that succeeded / failed.
    to_ok: usize,
    to_err: usize,
    /// Conversions rust-url -> weburl that succeeded / failed.
    from_ok: usize,
    from_err: usize,
}

fn run(name: &str, inputs: &[Input]) -> Counts {
    let mut tally = Tally::new(name);
    let mut counts = Counts::default();
    for input in inputs {
        let label = format!("[{}] {:?} against {:?}", input.source, input.input, input.base);
        let ours = weburl_parse(input);
        let theirs = url_parse(input);
        if let Some(ours) = &ours {
            if check_to_url(ours, &mut tally, &label) {
                counts.to_ok += 1;
            } else {
                counts.to_err += 1;
            }
        }
        if let Some(theirs) = &theirs {
            if check_from_url(theirs, &mut tally, &label) {
                counts.from_ok += 1;
            } else {
                counts.from_err += 1;
            }
        }
        // Where both libraries parse the input to the same string, both conversions succeed.
        if let (Some(ours), Some(theirs)) = (&ours, &theirs)
            && ours.href() == theirs.as_str()
        {
            counts.same += 1;
            tally.check(
                url::Url::try_from(ours).is_ok() && weburl::Url::try_from(theirs).is_ok(),
                || format!("{label}: both read {:?}, yet a conversion failed", ours.href()),
            );
        }
    }
    eprintln!("{name}: {counts:?}");
    tally.finish();
    counts
}

#[test]
fn wpt_urltestdata() {
    let counts = run("url_interop urltestdata.json", &wpt_inputs());
    // rust-url 2.5 follows an older revision of the standard: some WPT cases differ, and most
    // agree. Both bounds keep this test able to fail.
    assert!(counts.to_err > 0 && counts.from_err > 0, "{counts:?}");
    assert!(counts.to_ok > 500 && counts.from_ok > 500 && counts.same > 500, "{counts:?}");
}

#[test]
fn bench_lists() {
    let counts = run("url_interop bench lists", &bench_inputs());
    assert!(counts.to_ok > 100_000, "{counts:?}");
}
