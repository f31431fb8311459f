//! `SearchParams` operations (section 6.2) against a naive model list, on their own and
//! through `Url::search_params_mut` (the update steps), which must leave a URL passing
//! `check_url` whose query parses back to the model.
//!
//! Layout: `href 0xFF (op name 0x00 value 0xFF)*`; `op` is one byte (modulo 8).
#![no_main]

use std::cmp::Ordering;

use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl::form::SearchParams;
use weburl_fuzz::{FALLBACK_URLS, check_url, fields};

type Model = Vec<(String, String)>;

/// Names compared by UTF-16 code units (URLSearchParams `sort()`).
fn cmp_utf16(a: &str, b: &str) -> Ordering {
    a.encode_utf16().cmp(b.encode_utf16())
}

fn apply_model(model: &mut Model, op: u8, name: &str, value: &str) {
    match op {
        0 => model.push((name.to_owned(), value.to_owned())),
        1 => model.retain(|(n, _)| n != name),
        2 => model.retain(|(n, v)| !(n == name && v == value)),
        3 => match model.iter().position(|(n, _)| n == name) {
            None => model.push((name.to_owned(), value.to_owned())),
            Some(first) => {
                model[first].1 = value.to_owned();
                let mut i = 0;
                model.retain(|(n, _)| {
                    i += 1;
                    i - 1 <= first || n != name
                });
            }
        },
        4 => model.sort_by(|a, b| cmp_utf16(&a.0, &b.0)),
        5 => model.clear(),
        _ => {}
    }
}

fn apply(params: &mut SearchParams, op: u8, name: &str, value: &str) {
    match op {
        0 => params.append(name, value),
        1 => params.delete(name, None),
        2 => params.delete(name, Some(value)),
        3 => params.set(name, value),
        4 => params.sort(),
        5 => params.clear(),
        _ => {}
    }
}

/// The read-only methods against the model.
fn check_reads(params: &SearchParams, model: &Model, name: &str, value: &str) {
    assert_eq!(&owned(params), model, "list differs from the model");
    assert_eq!(params.len(), model.len());
    let first = model.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
    assert_eq!(params.get(name), first, "get({name:?})");
    let all: Vec<&str> = model.iter().filter(|(n, _)| n == name).map(|(_, v)| v.as_str()).collect();
    assert_eq!(params.get_all(name).collect::<Vec<_>>(), all, "get_all({name:?})");
    assert_eq!(params.has(name, None), first.is_some(), "has({name:?})");
    let pair = model.iter().any(|(n, v)| n == name && v == value);
    assert_eq!(params.has(name, Some(value)), pair, "has({name:?}, {value:?})");
    let serialized = params.serialize();
    assert_eq!(&owned(&SearchParams::parse(&serialized)), model, "reparse {serialized:?}");
}

fuzz_target!(|data: &[u8]| {
    let parts = fields(data);
    let href = parts.first().map(|s| s.as_ref()).unwrap_or("");
    let mut url = Url::parse(href)
        .unwrap_or_else(|_| Url::parse(FALLBACK_URLS[href.len() % FALLBACK_URLS.len()]).unwrap());
    let mut model: Model = owned(&url.search_params());
    let mut params = url.search_params();
    for part in parts.iter().skip(1).take(32) {
        let mut chars = part.chars();
        let op = chars.next().map_or(0, |c| (c as u32 % 8) as u8);
        let rest = chars.as_str();
        let (name, value) = rest.split_once('\0').unwrap_or((rest, ""));
        apply_model(&mut model, op, name, value);
        apply(&mut params, op, name, value);
        check_reads(&params, &model, name, value);
        // The same operation on the URL through the update steps.
        let mutating = op < 6;
        if mutating {
            apply(&mut url.search_params_mut(), op, name, value);
        } else {
            check_reads(&url.search_params_mut(), &model, name, value);
        }
        check_url(&url);
        assert_eq!(owned(&url.search_params()), model, "URL query: {:?}", url.href());
        if mutating && model.is_empty() {
            assert_eq!(url.query(), None, "an empty list leaves a query: {:?}", url.href());
        }
    }
});

/// The pairs of `params`, owned (to compare with the model).
fn owned(params: &SearchParams) -> Model {
    params.iter().map(|(n, v)| (n.to_owned(), v.to_owned())).collect()
}
