//! web-platform-tests `toascii.json` through the URL parser and the host and hostname setters,
//! as WPT's toascii.window.js runs it (three subtests per case).

use weburl_parser::Url;
use weburl_test_support::{Tally, load_wpt_json};

#[test]
fn toascii() {
    let data = load_wpt_json("toascii.json");
    let mut tally = Tally::new("toascii.json");
    for case in data.as_array().unwrap().iter().filter(|v| v.is_object()) {
        let input = case["input"].as_str().unwrap();
        let output = case["output"].as_str();
        // new URL("https://" + input + "/x")
        let parsed = Url::parse(&format!("https://{input}/x"));
        tally.check(
            match (output, &parsed) {
                (Some(host), Ok(url)) => {
                    url.host() == host
                        && url.hostname() == host
                        && url.pathname() == "/x"
                        && url.href() == format!("https://{host}/x")
                }
                (None, Err(_)) => true,
                _ => false,
            },
            || format!("parse {input:?}: got {parsed:?}, want {output:?}"),
        );
        // url.host = input and url.hostname = input on "https://x/x".
        for hostname_setter in [false, true] {
            let mut url = Url::parse("https://x/x").unwrap();
            if hostname_setter {
                url.set_hostname(input);
            } else {
                url.set_host(input);
            }
            let want = output.unwrap_or("x");
            tally.check(url.host() == want && url.hostname() == want, || {
                format!(
                    "set host({hostname_setter}) {input:?}: got {:?}, want {want:?}",
                    url.host()
                )
            });
        }
    }
    tally.finish();
}
