//! web-platform-tests `setters_tests.json`: every setter case, every expected attribute.

use weburl_parser::{SetOutcome, SetterError, Url};
use weburl_test_support::{Tally, load_wpt_json};

fn getter(url: &Url, name: &str) -> String {
    match name {
        "href" => url.href(),
        "protocol" => url.protocol(),
        "username" => url.username(),
        "password" => url.password(),
        "host" => url.host(),
        "hostname" => url.hostname(),
        "port" => url.port(),
        "pathname" => url.pathname(),
        "search" => url.search(),
        "hash" => url.hash(),
        other => panic!("unknown attribute {other}"),
    }
    .to_owned()
}

/// Runs the setter; `None` for the href setter, which returns a `Result`.
fn set(url: &mut Url, name: &str, value: &str) -> Option<SetOutcome> {
    Some(match name {
        "href" => {
            // The href setter throws on failure; the URL is then unchanged.
            let _ = url.set_href(value);
            return None;
        }
        "protocol" => url.set_protocol(value),
        "username" => url.set_username(value),
        "password" => url.set_password(value),
        "host" => url.set_host(value),
        "hostname" => url.set_hostname(value),
        "port" => url.set_port(value),
        "pathname" => url.set_pathname(value),
        "search" => url.set_search(value),
        "hash" => url.set_hash(value),
        other => panic!("unknown setter {other}"),
    })
}

#[test]
fn setters() {
    let data = load_wpt_json("setters_tests.json");
    let mut total = Tally::new("setters_tests.json");
    let mut ignored = 0;
    for (attribute, cases) in data.as_object().unwrap() {
        if attribute == "comment" {
            continue;
        }
        let (mut passed, mut failed) = (0, 0);
        for case in cases.as_array().unwrap() {
            let href = case["href"].as_str().unwrap();
            let value = case["new_value"].as_str().unwrap();
            let mut url = Url::parse(href).unwrap();
            let before = url.href().to_owned();
            let outcome = set(&mut url, attribute, value);
            let mut problems = Vec::new();
            // A setter that says it ignored the value left the URL as it was (the host setter
            // keeps a valid host when only its port is out of range).
            if let Some(error) = outcome.and_then(SetOutcome::err) {
                if error != SetterError::PortOutOfRange && url.href() != before {
                    problems.push(format!("ignored ({error}) but changed to {}", url.href()));
                }
                ignored += 1;
            }
            for (name, expected) in case["expected"].as_object().unwrap() {
                let actual = getter(&url, name);
                if actual != expected.as_str().unwrap() {
                    problems.push(format!("{name}: got {actual:?}, want {expected}"));
                }
            }
            // The result must survive a reparse of its href.
            match Url::parse(url.href()) {
                Ok(again) if again.href() == url.href() => {}
                other => problems.push(format!("href does not reparse to itself: {other:?}")),
            }
            let failure = (!problems.is_empty())
                .then(|| format!("{href:?}.{attribute} = {value:?}: {}", problems.join("; ")));
            if failure.is_some() {
                failed += 1
            } else {
                passed += 1
            }
            total.record(failure);
        }
        println!("setters_tests.json [{attribute}]: {passed} passed, {failed} failed");
    }
    println!("setters_tests.json: {ignored} values reported as ignored");
    assert!(ignored >= 90, "{ignored}");
    total.finish();
}
