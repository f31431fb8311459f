//! Call sites written as for rust-url (`url` 2.5) and as in JavaScript compile unchanged and
//! warning-free: the standard's setters are statements (their outcome is not `#[must_use]`,
//! which `deny(unused_must_use)` below holds to), and their outcome reads like rust-url's
//! `Result<(), ()>`.
#![deny(unused_must_use)]

use std::net::{IpAddr, Ipv4Addr};

use weburl_parser::{ParseError, SetterError, Url};

#[derive(Debug, PartialEq)]
struct MyError;

fn rust_url_style(url: &mut Url) -> Result<(), MyError> {
    url.set_username("user").map_err(|_| MyError)?;
    url.set_password("pass").map_err(|_| MyError)?;
    url.set_scheme("https").map_err(|_| MyError)?;
    url.set_port_u16(Some(8443)).map_err(|_| MyError)?;
    url.set_path("/a/b");
    url.set_query(Some("q=1"));
    url.set_fragment(None);
    url.set_ip_host(IpAddr::V4(Ipv4Addr::LOCALHOST)).map_err(|_| MyError)?;
    Ok(())
}

#[test]
fn javascript_style_statements() {
    let mut url = Url::parse("http://example.org/").unwrap();
    url.set_protocol("https");
    url.set_port("8080");
    url.set_pathname("/x");
    url.set_search("q");
    url.set_hash("f");
    url.set_host("example.com:8443");
    url.set_hostname("example.net");
    url.set_username("u");
    url.set_password("p");
    assert_eq!(url.href(), "https://u:p@example.net:8443/x?q#f");
}

#[test]
fn rust_url_style_results() {
    let mut url = Url::parse("http://example.org/").unwrap();
    rust_url_style(&mut url).unwrap();
    assert_eq!(url.href(), "https://user:pass@127.0.0.1:8443/a/b?q=1");
    url.set_username("me").unwrap();
    url.set_password("").expect("a password");
    assert!(url.set_port("x").is_err());
    assert!(url.set_host("a b").is_err());
    let mut mail = Url::parse("mailto:a@example.org").unwrap();
    assert_eq!(rust_url_style(&mut mail), Err(MyError));
    assert_eq!(mail.set_username("x").err(), Some(SetterError::CannotHaveCredentials));
    assert!(mail.cannot_be_a_base() && mail.host_str().is_none());
    match Url::parse("relative/path") {
        Err(ParseError::RelativeUrlWithoutBase) => {}
        other => panic!("{other:?}"),
    }
    let outcome: Result<(), SetterError> = url.set_hash("top").into();
    assert_eq!(outcome, Ok(()));
}
