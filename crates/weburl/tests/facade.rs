//! The facade's promises: the re-exported names, the Rust conventions on `Url`, and the
//! modules a user reaches through `weburl::`.

use std::collections::{BTreeSet, HashSet};
use std::str::FromStr;

use weburl::{Origin, ParseError, Url, ValidationError, ValidationErrorKind};

fn assert_send_sync<T: Send + Sync>() {}

#[test]
fn types_are_send_and_sync() {
    assert_send_sync::<Url>();
    assert_send_sync::<Origin>();
    assert_send_sync::<ParseError>();
    assert_send_sync::<ValidationError>();
    assert_send_sync::<weburl::form::SearchParams>();
    assert_send_sync::<weburl::host::Host>();
}

#[test]
fn conversions() -> Result<(), ParseError> {
    let a = Url::from_str("https://example.org/a")?;
    let b = Url::try_from("https://EXAMPLE.org/a")?;
    let c: Url = "https://example.org/a".parse()?;
    assert_eq!(a, b);
    assert_eq!(b, c);
    assert_eq!(a.to_string(), "https://example.org/a");
    assert_eq!(AsRef::<str>::as_ref(&a), "https://example.org/a");
    assert!(Url::from_str("no scheme").is_err());
    Ok(())
}

#[test]
fn debug_shows_components() -> Result<(), ParseError> {
    let url = Url::parse("https://example.org:8080/p?q#f")?;
    let debug = format!("{url:?}");
    for part in ["example.org", "8080", "/p", "q", "f"] {
        assert!(debug.contains(part), "{debug}");
    }
    Ok(())
}

#[test]
fn equality_hashing_and_order_follow_the_href() -> Result<(), ParseError> {
    let urls = ["https://b.example/", "https://a.example/", "HTTPS://A.example:443/"];
    let parsed: Vec<Url> = urls.iter().map(|u| Url::parse(u)).collect::<Result<_, _>>()?;
    let set: HashSet<&Url> = parsed.iter().collect();
    assert_eq!(set.len(), 2);
    let ordered: Vec<&str> =
        parsed.iter().collect::<BTreeSet<_>>().into_iter().map(Url::href).collect();
    assert_eq!(ordered, ["https://a.example/", "https://b.example/"]);
    Ok(())
}

#[test]
fn validation_errors_through_the_facade() -> Result<(), ParseError> {
    let mut seen = Vec::new();
    let url = Url::options()
        .on_validation_error(|e: ValidationError| seen.push((e.kind(), e.offset())))
        .parse("https://user@example.org/")?;
    assert_eq!(url.href(), "https://user@example.org/");
    assert_eq!(seen.first().map(|(kind, _)| *kind), Some(ValidationErrorKind::InvalidCredentials));
    assert_eq!(ValidationErrorKind::InvalidCredentials.name(), "invalid-credentials");
    Ok(())
}

#[test]
fn the_modules_are_reachable() {
    assert_eq!(
        weburl::percent::utf8_percent_encode("a b", &weburl::percent::PATH).to_string(),
        "a%20b"
    );
    assert_eq!(weburl::form::serialize_utf8([("a", "b c")]), "a=b+c");
    assert!(weburl::host::Host::parse("[::1]", false).is_ok());
    assert!(weburl::rfc3986::UriRef::parse("a/b?c").is_ok());
    let _ = weburl::encoding_rs::WINDOWS_1252;
}

#[test]
fn search_params_mut_runs_the_update_steps() {
    let mut url = weburl::Url::parse("https://example.org/?a=1#f").unwrap();
    url.search_params_mut().append("b", "x y");
    assert_eq!(url.href(), "https://example.org/?a=1&b=x+y#f");
    {
        let mut params = url.search_params_mut();
        params.sort();
        params.delete("a", None);
    }
    assert_eq!(url.href(), "https://example.org/?b=x+y#f");
    url.search_params_mut().clear();
    assert_eq!(url.href(), "https://example.org/#f");
    assert_eq!(url.search(), "");
}

#[test]
fn serde_uses_the_href() {
    let url = weburl::Url::parse("HTTPS://example.org:443/a/../b").unwrap();
    assert_eq!(serde_json::to_string(&url).unwrap(), r#""https://example.org/b""#);
    let back: weburl::Url = serde_json::from_str(r#""https://example.org/b""#).unwrap();
    assert_eq!(back, url);
    assert!(serde_json::from_str::<weburl::Url>(r#""//no-scheme""#).is_err());
}
