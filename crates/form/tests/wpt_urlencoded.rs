//! Every case of web-platform-tests' `urlencoded-parser-data.json`, through each of the
//! crate's parsers: `parse`, `parse_iter` and `SearchParams::parse` (which WPT's
//! `new URLSearchParams(input)` corresponds to).

use weburl_form::{SearchParams, parse, parse_iter};
use weburl_test_support::{Tally, load_wpt_json};

#[test]
fn urlencoded_parser_data_json() {
    let data = load_wpt_json("urlencoded-parser-data.json");
    let cases = data.as_array().expect("urlencoded-parser-data.json is an array");
    let mut tally = Tally::new("urlencoded-parser-data.json");
    for case in cases.iter().filter(|c| c.is_object()) {
        let input = case["input"].as_str().expect("input is a string");
        let expected: Vec<(String, String)> = case["output"]
            .as_array()
            .expect("output is an array")
            .iter()
            .map(|pair| {
                let pair = pair.as_array().expect("a pair is an array");
                let text = |i: usize| pair[i].as_str().expect("names and values are strings");
                (text(0).to_owned(), text(1).to_owned())
            })
            .collect();
        let owned = parse(input.as_bytes());
        let lazy: Vec<(String, String)> =
            parse_iter(input.as_bytes()).map(|(n, v)| (n.into_owned(), v.into_owned())).collect();
        let params: Vec<(String, String)> = SearchParams::parse(input).into();
        tally.check(owned == expected && lazy == expected && params == expected, || {
            format!(
                "{input:?}: parse {owned:?}, parse_iter {lazy:?}, SearchParams {params:?}, \
                 expected {expected:?}"
            )
        });
    }
    tally.finish();
}
