//! URL rendering (URL Standard, section 4.8).

use weburl::{Url, render};

fn rendered(input: &str) -> String {
    render(&Url::parse(input).unwrap_or_else(|err| panic!("{input:?}: {err}")))
}

#[test]
fn credentials_are_left_out() {
    assert_eq!(rendered("https://examplecorp.com@attacker.example/"), "https://attacker.example/");
    assert_eq!(
        rendered("https://user:pass@example.org:8080/p?q#f"),
        "https://example.org:8080/p?q#f"
    );
    assert_eq!(rendered("https://:pass@example.org/"), "https://example.org/");
}

#[test]
fn domains_are_shown_in_unicode() {
    assert_eq!(rendered("https://xn--bcher-kva.example/"), "https://bücher.example/");
    assert_eq!(rendered("https://Bücher.example/"), "https://bücher.example/");
    assert_eq!(rendered("https://xn--53h.example/"), "https://☕.example/");
    // An ACE label that does not decode stays as it is.
    assert_eq!(rendered("https://xn--8i7caa.example/"), "https://xn--8i7caa.example/");
}

#[test]
fn unsafe_or_non_domain_hosts_stay_ascii() {
    // Opaque hosts of non-special URLs are not domains.
    assert_eq!(rendered("foo://xn--bcher-kva.example/"), "foo://xn--bcher-kva.example/");
    assert_eq!(rendered("http://[::1]:8080/"), "http://[::1]:8080/");
    assert_eq!(rendered("http://0x7f.1/"), "http://127.0.0.1/");
}

#[test]
fn percent_encoded_text_is_decoded_when_visible() {
    assert_eq!(
        rendered("https://example.org/%E6%97%A5%E6%9C%AC?q=%E2%82%AC#%C3%A9"),
        "https://example.org/日本?q=€#é"
    );
    // Encoded ASCII, invisible code points and the lock emoji stay encoded.
    assert_eq!(rendered("https://example.org/a%2Fb%20c"), "https://example.org/a%2Fb%20c");
    assert_eq!(rendered("https://example.org/%E2%80%8B"), "https://example.org/%E2%80%8B");
    assert_eq!(rendered("https://example.org/%F0%9F%94%92"), "https://example.org/%F0%9F%94%92");
    // Invalid UTF-8 stays encoded.
    assert_eq!(rendered("https://example.org/%C3%28"), "https://example.org/%C3%28");
}

#[test]
fn urls_without_host() {
    assert_eq!(rendered("mailto:someone@example.org"), "mailto:someone@example.org");
    assert_eq!(rendered("file:///tmp/%C3%BC"), "file:///tmp/ü");
    // The serializer's `/.` prefix is kept.
    assert_eq!(rendered("web+demo:/.//not-a-host/"), "web+demo:/.//not-a-host/");
    assert_eq!(rendered("data:text/plain,%E2%9C%93"), "data:text/plain,✓");
}
