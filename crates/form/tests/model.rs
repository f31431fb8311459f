//! `SearchParams` (stored as one string and varint lengths) against a naive model: a
//! `Vec<(String, String)>` edited the way section 6.2 describes each method. After every
//! operation the two must hold the same pairs, from both ends, with the same answers.

use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};

use proptest::prelude::*;
use weburl_form::{SearchParams, serialize_utf8};

#[derive(Clone, Debug)]
enum Op {
    Append(String, String),
    Delete(String, Option<String>),
    Set(String, String),
    Sort,
    Clear,
}

/// The short texts `text` draws most often.
const NAMES: [&str; 8] = ["", "a", "b", "ab", "\u{E9}", "\u{FB03}", "\u{1F308}", "a b"];

/// Few distinct names (so that they collide), some long enough for two-byte and three-byte
/// varints, some outside the BMP (where UTF-16 order differs).
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(NAMES.to_vec()).prop_map(str::to_owned),
        1 => (prop::sample::select(vec!['x', '\u{E9}', '\u{1F600}']), 100usize..3_000)
            .prop_map(|(c, n)| c.to_string().repeat(n / c.len_utf8())),
        1 => any::<String>(),
    ]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (text(), text()).prop_map(|(n, v)| Op::Append(n, v)),
        2 => (text(), prop::option::of(text())).prop_map(|(n, v)| Op::Delete(n, v)),
        2 => (text(), text()).prop_map(|(n, v)| Op::Set(n, v)),
        1 => Just(Op::Sort),
        1 => Just(Op::Clear),
    ]
}

fn apply_model(model: &mut Vec<(String, String)>, op: &Op) {
    match op {
        Op::Append(n, v) => model.push((n.clone(), v.clone())),
        Op::Delete(n, None) => model.retain(|(name, _)| name != n),
        Op::Delete(n, Some(v)) => model.retain(|pair| pair != &(n.clone(), v.clone())),
        Op::Set(n, v) => match model.iter().position(|(name, _)| name == n) {
            None => model.push((n.clone(), v.clone())),
            Some(first) => {
                model[first].1 = v.clone();
                let mut i = 0;
                model.retain(|(name, _)| {
                    i += 1;
                    i - 1 <= first || name != n
                });
            }
        },
        Op::Sort => model.sort_by(|(a, _), (b, _)| a.encode_utf16().cmp(b.encode_utf16())),
        Op::Clear => model.clear(),
    }
}

fn apply(params: &mut SearchParams, op: &Op) {
    match op {
        Op::Append(n, v) => params.append(n.as_str(), v.as_str()),
        Op::Delete(n, v) => params.delete(n, v.as_deref()),
        Op::Set(n, v) => params.set(n, v.as_str()),
        Op::Sort => params.sort(),
        Op::Clear => params.clear(),
    }
}

fn hash(params: &SearchParams) -> u64 {
    BuildHasherDefault::<DefaultHasher>::default().hash_one(params)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn operations_match_the_model(start in prop::collection::vec((text(), text()), 0..8),
                                  ops in prop::collection::vec(op(), 0..24)) {
        let mut model = start.clone();
        let mut params: SearchParams = start.into_iter().collect();
        for op in &ops {
            apply_model(&mut model, op);
            apply(&mut params, op);
            prop_assert_eq!(&params, &model, "after {:?}", op);
            prop_assert_eq!(params.len(), model.len());
            prop_assert_eq!(params.is_empty(), model.is_empty());
            let backwards: Vec<(&str, &str)> = params.iter().rev().collect();
            let expected: Vec<(&str, &str)> =
                model.iter().rev().map(|(n, v)| (n.as_str(), v.as_str())).collect();
            prop_assert_eq!(backwards, expected);
            prop_assert_eq!(params.serialize(), serialize_utf8(model.iter().map(|(n, v)| (n, v))));
            // The same pairs built another way are equal and hash alike.
            let rebuilt = SearchParams::from(model.clone());
            prop_assert_eq!(&rebuilt, &params);
            prop_assert_eq!(hash(&rebuilt), hash(&params));
            // `get` of every name of the list and of the names `text` draws from: the first
            // pair, the last one, the walk between them and the filters all answer as the
            // model does (a name once or more, first, last or in between, or absent).
            for probe in model.iter().map(|(n, _)| n.as_str()).chain(NAMES.iter().copied()) {
                let first = model.iter().find(|(n, _)| n == probe).map(|(_, v)| v.as_str());
                prop_assert_eq!(params.get(probe), first, "get {:?} after {:?}", probe, op);
            }
            if let Some((name, value)) = model.first() {
                let first = model.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
                prop_assert_eq!(params.get(name), first);
                prop_assert!(params.has(name, Some(value)));
                let all: Vec<&str> =
                    model.iter().filter(|(n, _)| n == name).map(|(_, v)| v.as_str()).collect();
                prop_assert_eq!(params.get_all(name).collect::<Vec<_>>(), all);
            }
        }
        // The owning iterator from both ends, interleaved.
        let mut it = params.into_iter();
        let (mut front, mut back) = (0, model.len());
        let mut take_front = true;
        while front < back {
            prop_assert_eq!(it.len(), back - front);
            if take_front {
                prop_assert_eq!(it.next(), model.get(front).cloned());
                front += 1;
            } else {
                back -= 1;
                prop_assert_eq!(it.next_back(), model.get(back).cloned());
            }
            take_front = !take_front;
        }
        prop_assert_eq!(it.next(), None);
        prop_assert_eq!(it.next_back(), None);
    }
}
