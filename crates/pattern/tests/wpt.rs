//! Runs web-platform-tests' `urlpatterntestdata.json` the way WPT's `urlpatterntests.js` does:
//! construct from the `pattern` arguments (a string or a dictionary, then an optional base URL
//! and an optional options dictionary, resolved like the WebIDL overloads), compare every
//! component getter with `expected_obj` (filling omitted components the way the runner does),
//! then call `test` and `exec` with `inputs` and compare with `expected_match`.

use serde_json::{Map, Value};
use weburl_pattern::{
    Component, ComponentResult, PatternError, ResultInput, UrlPattern, UrlPatternInit,
    UrlPatternInput, UrlPatternOptions, UrlPatternResult,
};
use weburl_test_support::{Tally, load_wpt_json};

/// A JavaScript argument converted the way WebIDL would for a `USVString` parameter.
fn to_usv_string(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Object(_) => "[object Object]".into(),
        Value::Null => "null".into(),
        other => other.to_string(),
    }
}

fn to_init(map: &Map<String, Value>) -> UrlPatternInit {
    let get = |k: &str| map.get(k).map(to_usv_string);
    UrlPatternInit {
        protocol: get("protocol"),
        username: get("username"),
        password: get("password"),
        hostname: get("hostname"),
        port: get("port"),
        pathname: get("pathname"),
        search: get("search"),
        hash: get("hash"),
        base_url: get("baseURL"),
    }
}

/// An owned `URLPatternInput`.
enum Input {
    String(String),
    Init(UrlPatternInit),
}

impl Input {
    fn from_json(v: Option<&Value>) -> Input {
        match v {
            None => Input::Init(UrlPatternInit::default()),
            Some(Value::Object(map)) => Input::Init(to_init(map)),
            Some(other) => Input::String(to_usv_string(other)),
        }
    }

    fn as_input(&self) -> UrlPatternInput<'_> {
        match self {
            Input::String(s) => UrlPatternInput::String(s),
            Input::Init(init) => UrlPatternInput::Init(init),
        }
    }
}

fn to_options(v: &Value) -> Result<UrlPatternOptions, String> {
    match v {
        Value::Object(map) => {
            let ignore_case = map.get("ignoreCase").is_some_and(|v| v.as_bool().unwrap_or(false));
            Ok(UrlPatternOptions::default().ignore_case(ignore_case))
        }
        Value::Null => Ok(UrlPatternOptions::default()),
        _ => Err("options argument is not a dictionary (TypeError)".into()),
    }
}

/// The constructor's overloads: `(input, baseURL, options)` and `(input, options)`.
fn construct(args: &[Value]) -> Result<UrlPattern, String> {
    let input = Input::from_json(args.first());
    let (base, options) = match args {
        [] | [_] => (None, UrlPatternOptions::default()),
        [_, second] if second.is_object() => (None, to_options(second)?),
        [_, second] => (Some(to_usv_string(second)), UrlPatternOptions::default()),
        [_, second, third, ..] => (Some(to_usv_string(second)), to_options(third)?),
    };
    UrlPattern::new(input.as_input(), base.as_deref(), options).map_err(|e| e.to_string())
}

fn earlier_components(c: Component) -> &'static [&'static str] {
    match c {
        Component::Protocol | Component::Username | Component::Password => &[],
        Component::Hostname => &["protocol"],
        Component::Port => &["protocol", "hostname"],
        Component::Pathname => &["protocol", "hostname", "port"],
        Component::Search => &["protocol", "hostname", "port", "pathname"],
        Component::Hash => &["protocol", "hostname", "port", "pathname", "search"],
    }
}

/// A base URL's getter value, as the runner strips separators from it.
fn base_component(base: &weburl_parser::Url, c: Component) -> String {
    match c {
        Component::Protocol => base.scheme().into(),
        Component::Hostname => base.hostname().into(),
        Component::Port => base.port().into(),
        Component::Pathname => base.pathname().into(),
        Component::Search => base.search().get(1..).unwrap_or("").into(),
        Component::Hash => base.hash().get(1..).unwrap_or("").into(),
        Component::Username | Component::Password => unreachable!(),
    }
}

fn truthy_str(v: Option<&Value>) -> Option<&str> {
    v.and_then(Value::as_str).filter(|s| !s.is_empty())
}

/// The runner's expected pattern string for `c` when `expected_obj` omits it.
fn default_expected(entry: &Value, c: Component) -> Result<String, String> {
    let pattern = entry["pattern"].as_array().cloned().unwrap_or_default();
    let first = pattern.first();
    let empty = entry
        .get("exactly_empty_components")
        .and_then(Value::as_array)
        .is_some_and(|l| l.iter().any(|v| v == c.name()));
    if empty {
        return Ok(String::new());
    }
    if let Some(Value::Object(map)) = first {
        if let Some(s) = truthy_str(map.get(c.name())) {
            return Ok(s.into());
        }
        if earlier_components(c).iter().any(|k| map.contains_key(*k)) {
            return Ok("*".into());
        }
    }
    let base_str = match (first, pattern.get(1)) {
        (Some(Value::Object(map)), _) if truthy_str(map.get("baseURL")).is_some() => {
            truthy_str(map.get("baseURL"))
        }
        (_, Some(Value::String(s))) => Some(s.as_str()),
        _ => None,
    };
    if let Some(base) = base_str
        && !matches!(c, Component::Username | Component::Password)
    {
        let url = weburl_parser::Url::parse(base).map_err(|e| format!("runner base: {e}"))?;
        return Ok(base_component(&url, c));
    }
    Ok("*".into())
}

fn call_args(inputs: &[Value]) -> (Input, Option<String>) {
    (Input::from_json(inputs.first()), inputs.get(1).map(to_usv_string))
}

fn compare_component(
    entry: &Value,
    got: &ComponentResult,
    expected: Option<&Value>,
    c: Component,
) -> Result<(), String> {
    let mut expected_input = String::new();
    let mut expected_groups: Vec<(String, Option<String>)> = Vec::new();
    match expected.filter(|v| v.is_object()) {
        Some(obj) => {
            expected_input = obj["input"].as_str().unwrap_or_default().into();
            if let Some(groups) = obj["groups"].as_object() {
                for (k, v) in groups {
                    expected_groups.push((k.clone(), v.as_str().map(String::from)));
                }
            }
        }
        None => {
            let empty = entry
                .get("exactly_empty_components")
                .and_then(Value::as_array)
                .is_some_and(|l| l.iter().any(|v| v == c.name()));
            if !empty {
                expected_groups.push(("0".into(), Some(String::new())));
            }
        }
    }
    let mut got_groups: Vec<(String, Option<String>)> =
        got.groups.iter().map(|(n, v)| (n.to_string(), v.clone())).collect();
    got_groups.sort();
    expected_groups.sort();
    if got.input != expected_input || got_groups != expected_groups {
        return Err(format!(
            "exec() {c}: got input {:?} groups {:?}, expected input {:?} groups {:?}",
            got.input, got_groups, expected_input, expected_groups
        ));
    }
    Ok(())
}

fn compare_inputs(got: &[ResultInput], expected: &[Value]) -> Result<(), String> {
    if got.len() != expected.len() {
        return Err(format!("exec() inputs: got {} expected {}", got.len(), expected.len()));
    }
    for (g, e) in got.iter().zip(expected) {
        match (g, e) {
            (ResultInput::String(s), Value::String(t)) if s == t => {}
            (ResultInput::Init(init), Value::Object(map)) => {
                let expected = to_init(map);
                for c in Component::ALL {
                    if init.get(c) != expected.get(c) {
                        return Err(format!("exec() inputs[{c}] differ"));
                    }
                }
            }
            _ => return Err(format!("exec() inputs: got {g:?}, expected {e}")),
        }
    }
    Ok(())
}

fn check_result(entry: &Value, result: &UrlPatternResult) -> Result<(), String> {
    let expected = &entry["expected_match"];
    let inputs = expected
        .get("inputs")
        .or_else(|| entry.get("inputs"))
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    compare_inputs(&result.inputs, &inputs)?;
    for c in Component::ALL {
        compare_component(entry, result.get(c), expected.get(c.name()), c)?;
    }
    Ok(())
}

fn run_case(entry: &Value) -> Result<(), String> {
    let args = entry["pattern"].as_array().cloned().unwrap_or_default();
    let constructed = construct(&args);
    if entry.get("expected_obj").and_then(Value::as_str) == Some("error") {
        return match constructed {
            Err(_) => Ok(()),
            Ok(p) => Err(format!("constructor succeeded, expected an error: {p:?}")),
        };
    }
    let pattern = constructed.map_err(|e| format!("constructor failed: {e}"))?;
    for c in Component::ALL {
        let expected = match entry.get("expected_obj").and_then(|o| o.get(c.name())) {
            Some(Value::String(s)) => s.clone(),
            _ => default_expected(entry, c)?,
        };
        if pattern.component(c) != expected {
            return Err(format!("{c}: got {:?}, expected {expected:?}", pattern.component(c)));
        }
    }
    let Some(inputs) = entry.get("inputs").and_then(Value::as_array) else {
        return Ok(());
    };
    let (input, base) = call_args(inputs);
    let tested = pattern.test(input.as_input(), base.as_deref());
    let executed = pattern.exec(input.as_input(), base.as_deref());
    let expected = &entry["expected_match"];
    if expected.as_str() == Some("error") {
        return match (tested, executed) {
            (Err(PatternError::BaseUrlWithInit), Err(PatternError::BaseUrlWithInit)) => Ok(()),
            other => Err(format!("test/exec should throw, got {other:?}")),
        };
    }
    let tested = tested.map_err(|e| format!("test() threw {e}"))?;
    let executed = executed.map_err(|e| format!("exec() threw {e}"))?;
    let expect_match = expected.is_object();
    if tested != expect_match {
        return Err(format!("test() returned {tested}, expected {expect_match}"));
    }
    match (&executed, expect_match) {
        (None, false) => Ok(()),
        (Some(result), true) => check_result(entry, result),
        (got, _) => Err(format!("exec() returned {got:?}, expected {expected}")),
    }
}

#[test]
fn urlpatterntestdata() {
    let data = load_wpt_json("urlpatterntestdata.json");
    let mut tally = Tally::new("urlpatterntestdata.json");
    for entry in data.as_array().expect("an array").iter().filter(|e| e.is_object()) {
        let outcome = run_case(entry);
        tally.record(outcome.err().map(|why| format!("{}: {why}", entry["pattern"])));
    }
    tally.finish();
}
