//! The inputs both interop suites run over: every WPT urltestdata.json case and every line of
//! the benchmark lists.

use serde_json::Value;
use weburl_test_support::{BENCH_LISTS, load_bench_list, load_wpt_json};

/// One input, with its base when WPT gives one, and where it comes from (for messages).
pub struct Input {
    pub input: String,
    pub base: Option<String>,
    pub source: &'static str,
}

/// Every string input of urltestdata.json (with its base).
pub fn wpt_inputs() -> Vec<Input> {
    let Value::Array(cases) = load_wpt_json("urltestdata.json") else {
        panic!("urltestdata.json is not an array");
    };
    let inputs: Vec<Input> = cases
        .iter()
        .filter_map(|case| {
            let input = case.get("input")?.as_str()?;
            let base = case.get("base").and_then(Value::as_str);
            Some(Input { input: input.into(), base: base.map(Into::into), source: "wpt" })
        })
        .collect();
    assert!(inputs.len() > 800, "urltestdata.json: only {} inputs", inputs.len());
    inputs
}

/// Every line of the four benchmark lists (no base).
pub fn bench_inputs() -> Vec<Input> {
    let mut inputs = Vec::new();
    for name in BENCH_LISTS {
        let list = load_bench_list(name);
        let before = inputs.len();
        inputs.extend(list.lines().filter(|l| !l.is_empty()).map(|line| Input {
            input: line.into(),
            base: None,
            source: name,
        }));
        assert!(inputs.len() - before > 1000, "{name}: too few lines");
    }
    inputs
}

/// weburl's `new URL(input, base)`.
pub fn weburl_parse(input: &Input) -> Option<weburl::Url> {
    match &input.base {
        None => weburl::Url::parse(&input.input).ok(),
        Some(base) => weburl::Url::parse(base).ok()?.join(&input.input).ok(),
    }
}
