//! Code written the way rust-url's users write it (rust-url's method names, argument shapes
//! and borrow patterns) compiles against weburl-parser unchanged, and gives the same hrefs as
//! rust-url. Each block is one habit seen in programs that use `url::Url`.
#![allow(
    clippy::double_ended_iterator_last,
    clippy::useless_vec,
    reason = "written as rust-url's users write it, not as clippy would"
)]

use std::borrow::Cow;
use std::collections::HashMap;

/// The same body, compiled once against `url::Url` and once against `weburl_parser::Url`.
macro_rules! both {
    (|$url:ident: $ty:ident| $body:block) => {{
        fn with_url() -> Result<Vec<String>, Box<dyn std::error::Error>> {
            use url::Url as $ty;
            $body
        }
        fn with_weburl() -> Result<Vec<String>, Box<dyn std::error::Error>> {
            use weburl_parser::Url as $ty;
            $body
        }
        let (theirs, ours) = (with_url().unwrap(), with_weburl().unwrap());
        assert_eq!(ours, theirs);
        ours
    }};
}

#[test]
fn query_habits() {
    let out = both!(|url: Url| {
        let mut out = Vec::new();
        let mut url = Url::parse("https://example.net/cb?redirect_uri=https://app/cb&scope=a,b#x")?;
        url.query_pairs_mut().append_pair("state", "s p&c").append_key_only("debug");
        out.push(url.to_string());
        url.query_pairs_mut()
            .clear()
            .append_pair("foo", "bar & baz")
            .append_pair("saisons", "\u{C9}t\u{E9}+hiver");
        out.push(url.as_str().to_owned());
        url.query_pairs_mut().extend_pairs(&[("a", "1"), ("b", "2")]);
        url.query_pairs_mut().extend_pairs(vec![("c".to_owned(), "3".to_owned())]);
        url.query_pairs_mut().extend_pairs([("d", "4")].iter());
        url.query_pairs_mut().extend_keys_only::<_, &str>(["e"]);
        let finished: &mut Url = url.query_pairs_mut().append_pair("f", "5").finish();
        out.push(finished.as_str().to_owned());
        let params: HashMap<String, String> = url.query_pairs().into_owned().collect();
        out.push(params["foo"].clone());
        for (name, value) in url.query_pairs() {
            let (name, value): (Cow<'_, str>, Cow<'_, str>) = (name, value);
            out.push(format!("{name}={value}"));
        }
        let lang = url.query_pairs().find(|(k, _)| k == "saisons").map(|(_, v)| v.into_owned());
        out.push(lang.unwrap_or_default());
        out.push(url.query_pairs().count().to_string());
        let url = Url::parse_with_params(
            "https://example.net/?dont=clobberme",
            &[("lang", "rust"), ("browser", "servo")],
        )?;
        out.push(url.into());
        Ok(out)
    });
    assert_eq!(
        out[0],
        "https://example.net/cb?redirect_uri=https://app/cb&scope=a,b&state=s+p%26c&debug#x"
    );
}

#[test]
fn path_habits() {
    both!(|url: Url| {
        let mut out = Vec::new();
        let mut url = Url::parse("http://example.net/foo/index.html?q=1#top")?;
        url.path_segments_mut().map_err(|_| "cannot be base")?.pop().push("img").push("2/100%.png");
        out.push(url.to_string());
        url.path_segments_mut().unwrap().clear().extend(&["api", "v1"]);
        let names = vec!["users".to_owned(), "j\u{FC}rgen m".to_owned()];
        url.path_segments_mut().expect("hierarchical").pop_if_empty().extend(names.iter());
        out.push(url.as_str().to_owned());
        let last = url.path_segments().and_then(|segments| segments.last()).unwrap_or("");
        out.push(last.to_owned());
        let first = url.path_segments().and_then(|mut segments| segments.next()).unwrap_or("");
        out.push(first.to_owned());
        let back: Vec<&str> = url.path_segments().map(|s| s.rev().collect()).unwrap_or_default();
        out.push(back.join("|"));
        if let Ok(mut segments) = url.path_segments_mut() {
            segments.pop();
        }
        out.push(url.to_string());
        let mut mailto = Url::parse("mailto:someone@example.org")?;
        out.push(mailto.path_segments_mut().is_err().to_string());
        out.push(mailto.path_segments().is_none().to_string());
        Ok(out)
    });
}
