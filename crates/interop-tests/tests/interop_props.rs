//! Property tests: on arbitrary URL-like strings, no conversion panics, and each one either
//! succeeds with the same serialization on both sides or fails with an error naming that
//! serialization.

use proptest::prelude::*;
use weburl::http_interop::{UriConversionError, to_request_uri};
use weburl::url_interop::UrlConversionError;

/// Strings that often parse: a scheme, an authority with odd bytes, a path, a query, a fragment.
fn url_like() -> impl Strategy<Value = String> {
    let scheme = prop::sample::select(vec![
        "http://", "https://", "file://", "sc://", "ws:", "mailto:", "", "HTTP://",
    ]);
    let piece = prop_oneof![
        4 => "[a-zA-Z0-9.]{0,8}",
        1 => prop::sample::select(vec!["@", ":", "::1", "[", "]", "%", "%2", "%41", "#", "?", "/", "\\\\", "|", " ", "\u{e9}", "xn--", "..", "\u{200D}", "^", "{", "`", "\"", "\t"]).prop_map(String::from),
    ];
    (scheme, prop::collection::vec(piece, 0..10))
        .prop_map(|(s, pieces)| format!("{s}{}", pieces.concat()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn url_conversions_are_consistent(input in url_like()) {
        if let Ok(ours) = weburl::Url::parse(&input) {
            match url::Url::try_from(&ours) {
                Ok(theirs) => {
                    prop_assert_eq!(theirs.as_str(), ours.href());
                    let back = weburl::Url::try_from(theirs);
                    prop_assert_eq!(back.as_ref(), Ok(&ours));
                }
                Err(UrlConversionError::RejectedByUrl { href, .. }) => prop_assert_eq!(href, ours.href()),
                Err(UrlConversionError::SerializedDifferently { weburl, url }) => {
                    prop_assert_eq!(weburl.as_str(), ours.href());
                    prop_assert_ne!(weburl, url);
                }
                Err(other) => prop_assert!(false, "unexpected {other:?}"),
            }
        }
        if let Ok(theirs) = url::Url::parse(&input) {
            match weburl::Url::try_from(&theirs) {
                Ok(ours) => prop_assert_eq!(ours.href(), theirs.as_str()),
                Err(UrlConversionError::RejectedByWeburl { href, .. }) => prop_assert_eq!(href, theirs.as_str()),
                Err(UrlConversionError::SerializedDifferently { weburl, url }) => {
                    prop_assert_eq!(url.as_str(), theirs.as_str());
                    prop_assert_ne!(weburl, url);
                }
                Err(other) => prop_assert!(false, "unexpected {other:?}"),
            }
        }
    }

    #[test]
    fn http_conversions_are_consistent(input in url_like()) {
        if let Ok(url) = weburl::Url::parse(&input) {
            match http::Uri::try_from(&url) {
                Ok(uri) => {
                    prop_assert_eq!(uri.to_string(), url.href());
                    let back = weburl::Url::try_from(&uri).ok();
                    prop_assert_eq!(back.as_ref(), Some(&url));
                }
                Err(err) => {
                    // Every error names the href it is about.
                    let named = format!("{:?}", url.href());
                    prop_assert!(err.to_string().contains(&named), "{}", err);
                    if matches!(err, UriConversionError::HasFragment { .. }) {
                        prop_assert!(url.fragment().is_some());
                    }
                }
            }
            if let Ok(uri) = to_request_uri(&url) {
                prop_assert!(uri.authority().is_some_and(|a| !a.as_str().contains('@')));
            }
        }
        if let Ok(uri) = input.parse::<http::Uri>() {
            let serialized = uri.to_string();
            match weburl::Url::try_from(&uri) {
                Ok(url) => prop_assert_eq!(url.href(), serialized),
                Err(err) => {
                    // Which failure it is follows from the URI and from weburl's own reading
                    // of its serialization; the message quotes that serialization.
                    let parsed = weburl::Url::parse(&serialized);
                    match &err {
                        UriConversionError::NotAbsoluteWithAuthority { href } => {
                            prop_assert!(uri.scheme().is_none() || uri.authority().is_none());
                            prop_assert_eq!(href, &serialized);
                        }
                        UriConversionError::RejectedByWeburl { href, error } => {
                            prop_assert_eq!(href, &serialized);
                            prop_assert_eq!(parsed.as_ref().err(), Some(error));
                        }
                        UriConversionError::SerializedDifferently { weburl, http } => {
                            prop_assert_eq!(http, &serialized);
                            let ours = parsed.as_ref().map(|u| u.href()).ok();
                            prop_assert_eq!(ours, Some(weburl.as_str()));
                            prop_assert_ne!(weburl, http);
                        }
                        other => prop_assert!(false, "unexpected {:?} for {}", other, serialized),
                    }
                    let named = format!("{serialized:?}");
                    prop_assert!(err.to_string().contains(&named), "{}", err);
                }
            }
        }
    }
}
