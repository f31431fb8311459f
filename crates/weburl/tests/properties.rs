//! Property tests of the facade's glue: `render` and the RFC 3986 bridges, over generated
//! URL-like inputs.

use proptest::prelude::*;
use weburl::rfc3986_bridge::{Disagreement, disagreement, to_rfc3986};
use weburl::{Url, render};

/// URL-like strings: a scheme, maybe `//`, then a mix of the characters the two standards
/// treat differently.
fn url_like() -> impl Strategy<Value = String> {
    "(https?|wss?|ftp|file|foo|data|mailto):(//)?([a-zA-Z0-9]|xn--|%[0-9a-fA-F]{2}|%|[-._~!$&'()*+,;=:@/?#\\[\\]|^{}` \"<>\\\\]|é|日|\u{200b}){0,24}"
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Rendering never panics; without credentials, percent signs or non-ASCII hosts there is
    /// nothing to change, so it is the href.
    #[test]
    fn render_is_the_href_when_nothing_needs_showing(input in url_like()) {
        if let Ok(url) = Url::parse(&input) {
            let shown = render(&url);
            let plain = !url.href().contains('%') && !url.hostname().contains("xn--");
            if plain && url.username().is_empty() && url.password().is_empty() {
                prop_assert_eq!(shown, url.href());
            }
        }
    }

    /// `to_rfc3986` accepts exactly what RFC 3986's `URI` rule accepts, and when it refuses, the
    /// byte it names is in the href and is never a letter or digit (a WHATWG serialization only
    /// breaks RFC 3986 with punctuation, spaces or stray `%`).
    #[test]
    fn to_rfc3986_names_a_real_offending_byte(input in url_like()) {
        if let Ok(url) = Url::parse(&input) {
            let href = url.href();
            match to_rfc3986(&url) {
                Ok(uri) => prop_assert_eq!(uri.as_str(), href),
                Err(err) => {
                    prop_assert!(weburl::rfc3986::UriRef::parse_uri(href).is_err());
                    prop_assert_eq!(href.as_bytes().get(err.offset()).copied(), err.byte());
                    if let Some(byte) = err.byte() {
                        prop_assert!(!byte.is_ascii_alphanumeric(), "{} in {}", err, href);
                    }
                }
            }
        }
    }

    /// A WHATWG href parses again under the URL Standard, so on an href the only possible
    /// disagreements are those where the URL Standard accepts it.
    #[test]
    fn hrefs_never_fail_on_the_whatwg_side(input in url_like()) {
        if let Ok(url) = Url::parse(&input) {
            let found = disagreement(url.href(), None);
            prop_assert!(!matches!(found, Some(Disagreement::Rfc3986Only { .. })), "{:?}", found);
        }
    }
}
