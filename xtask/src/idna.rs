//! Generator for `crates/host/src/idna/tables.rs`: the UTS #46 mapping table and the character
//! properties the IDNA processing and validity rules need, from the pinned Unicode 17.0.0 data.
//!
//! - `MAPPING`: a sorted array of `u32` entries `start << 11 | kind << 8 | len` that the library
//!   searches with a binary search (the entry for `c` is the last whose start is `<= c`), with
//!   `MAPPING_PAYLOAD[i]` the byte offset in the UTF-8 string `MAPPING_POOL` of the mapping
//!   (`len` bytes). Kinds: see [`Kind`]. `MAPPING_INDEX` holds, for every block of `BLOCK` code
//!   points of planes 0 and 1, the index of the range holding the block's first code point, so
//!   that a lookup searches only the few ranges of its block.
//! - The character information trie, looked up in O(1): the `u16` value of code point `c` is
//!   `INFO_VALUES[INFO_LEAF[INFO_MID[INFO_TOP[c >> 10] * 32 + (c >> 5 & 31)] * 32 + (c & 31)]]`,
//!   (for the Basic Multilingual Plane, `INFO_BMP[c >> 5]` gives the `INFO_LEAF` block directly,
//!   saving a level), and holds `combining << 15 | nfc_not_yes << 14 | status << 11 | mark << 10 |
//!   virama << 9 | joining_type << 5 | bidi_class`: the joining types and Bidi classes numbered
//!   in the order of `JOINING_TYPE_NAMES` and `BIDI_CLASS_NAMES`, which the generated file also
//!   holds; the status numbered as [`InfoStatus`]; `nfc_not_yes` set unless the code point has
//!   NFC_Quick_Check=Yes, `combining` when its Canonical_Combining_Class is not 0 (a string of
//!   code points with neither is in NFC, and so is one whose combining code points all have
//!   NFC_Quick_Check=Yes and follow a code point of class 0: the NFC quick check says Yes).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use crate::Generated;

/// The pinned Unicode version of the inputs.
const UNICODE_VERSION: &str = "17.0.0";
/// Number of code points.
const CODE_POINTS: usize = 0x11_0000;
/// The file written, relative to the workspace root.
const OUTPUT: &str = "crates/host/src/idna/tables.rs";

/// Bidi classes (short aliases), numbered by position: the `bidi_class` field of the information
/// values.
const BIDI_CLASSES: [(&str, &str); 23] = [
    ("L", "Left_To_Right"),
    ("R", "Right_To_Left"),
    ("AL", "Arabic_Letter"),
    ("EN", "European_Number"),
    ("ES", "European_Separator"),
    ("ET", "European_Terminator"),
    ("AN", "Arabic_Number"),
    ("CS", "Common_Separator"),
    ("NSM", "Nonspacing_Mark"),
    ("BN", "Boundary_Neutral"),
    ("B", "Paragraph_Separator"),
    ("S", "Segment_Separator"),
    ("WS", "White_Space"),
    ("ON", "Other_Neutral"),
    ("LRE", "Left_To_Right_Embedding"),
    ("LRO", "Left_To_Right_Override"),
    ("RLE", "Right_To_Left_Embedding"),
    ("RLO", "Right_To_Left_Override"),
    ("PDF", "Pop_Directional_Format"),
    ("LRI", "Left_To_Right_Isolate"),
    ("RLI", "Right_To_Left_Isolate"),
    ("FSI", "First_Strong_Isolate"),
    ("PDI", "Pop_Directional_Isolate"),
];

/// Joining types (short aliases), numbered by position: the `joining_type` field of the
/// information values.
const JOINING_TYPES: [(&str, &str); 6] = [
    ("U", "Non_Joining"),
    ("L", "Left_Joining"),
    ("D", "Dual_Joining"),
    ("R", "Right_Joining"),
    ("T", "Transparent"),
    ("C", "Join_Causing"),
];

/// The kind of a `MAPPING` range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Status valid.
    Valid = 0,
    /// Status ignored (maps to nothing).
    Ignored = 1,
    /// Status disallowed.
    Disallowed = 2,
    /// Status mapped: every code point of the range maps to the pool string.
    Mapped = 3,
    /// Status mapped: code point `start + k` maps to the pool's one code point plus `k`.
    MappedDelta = 4,
    /// Even offsets `k` map to the pool's code point plus `k` (status mapped); odd offsets are
    /// valid (the upper/lower-case pairs of many alphabets).
    MappedAlternating = 5,
    /// Status deviation: every code point of the range maps to the pool string.
    Deviation = 6,
}

const KINDS: [Kind; 7] = [
    Kind::Valid,
    Kind::Ignored,
    Kind::Disallowed,
    Kind::Mapped,
    Kind::MappedDelta,
    Kind::MappedAlternating,
    Kind::Deviation,
];

/// The status field of the character information trie.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum InfoStatus {
    Valid = 0,
    Mapped = 1,
    Ignored = 2,
    Deviation = 3,
    Disallowed = 4,
}

/// The status of one code point in IdnaMappingTable.txt.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Status {
    Valid,
    Ignored,
    Disallowed,
    Mapped(Vec<u32>),
    Deviation(Vec<u32>),
}

/// One input file: its name and contents.
struct Input {
    name: &'static str,
    text: String,
}

/// Generates the idna table files from the pinned inputs under `testdata` (the vendored data folder).
pub fn generate(testdata: &Path) -> Result<Vec<Generated>, String> {
    let dir = testdata.join("unicode").join(UNICODE_VERSION);
    let names = [
        "IdnaMappingTable.txt",
        "DerivedBidiClass.txt",
        "DerivedJoiningType.txt",
        "DerivedGeneralCategory.txt",
        "DerivedCombiningClass.txt",
        "DerivedNormalizationProps.txt",
    ];
    let mut inputs = Vec::new();
    for name in names {
        let path = dir.join(name);
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        check_version(name, &text)?;
        inputs.push(Input { name, text });
    }
    let [mapping_in, bidi_in, joining_in, category_in, combining_in, normalization_in] =
        inputs.as_slice()
    else {
        return Err("internal: wrong number of inputs".into());
    };

    let statuses = parse_mapping_table(&mapping_in.text)?;
    check_ascii(&statuses)?;
    check_mapping_values(&statuses)?;
    let (ranges, payload, pool) = build_mapping(&statuses)?;
    verify_mapping(&statuses, &ranges, &payload, &pool)?;

    let bidi = parse_bidi(&bidi_in.text)?;
    let joining = parse_property(&joining_in.text, &JOINING_TYPES)?;
    let marks = parse_marks(&category_in.text)?;
    let (viramas, combining) = parse_combining(&combining_in.text)?;
    let nfc_quick_not_yes = parse_nfc_quick_check(&normalization_in.text)?;
    let info: Vec<u16> = (0..CODE_POINTS)
        .map(|c| {
            let status = match statuses[c] {
                Status::Valid => InfoStatus::Valid,
                Status::Mapped(_) => InfoStatus::Mapped,
                Status::Ignored => InfoStatus::Ignored,
                Status::Deviation(_) => InfoStatus::Deviation,
                Status::Disallowed => InfoStatus::Disallowed,
            };
            u16::from(combining[c]) << 15
                | u16::from(nfc_quick_not_yes[c]) << 14
                | (status as u16) << 11
                | u16::from(marks[c]) << 10
                | u16::from(viramas[c]) << 9
                | u16::from(joining[c]) << 5
                | u16::from(bidi[c])
        })
        .collect();
    let deltas = single_mapping_deltas(&statuses, &info);
    let trie = build_trie(&info, &deltas)?;
    let tables =
        Tables { mapping_index: block_index(&ranges)?, mapping: ranges, payload, pool, trie };
    let contents = emit(&inputs, &tables);
    Ok(vec![Generated { path: OUTPUT.into(), contents }])
}

/// Refuses an input whose header names another Unicode version.
fn check_version(name: &str, text: &str) -> Result<(), String> {
    let header: String = text.lines().take(12).collect::<Vec<_>>().join("\n");
    if header.contains(&format!("Version: {UNICODE_VERSION}"))
        || header.contains(&format!("-{UNICODE_VERSION}.txt"))
    {
        Ok(())
    } else {
        Err(format!("{name}: header does not name Unicode {UNICODE_VERSION}"))
    }
}

/// The data lines of a UCD file: fields split at `;`, trimmed, comment removed.
fn data_lines(text: &str) -> impl Iterator<Item = Vec<&str>> {
    text.lines().filter_map(|line| {
        let data = line.split('#').next().unwrap_or("").trim();
        (!data.is_empty()).then(|| data.split(';').map(str::trim).collect())
    })
}

/// `0041` or `0041..005A` as an inclusive range.
fn parse_range(field: &str) -> Result<(usize, usize), String> {
    let hex =
        |s: &str| usize::from_str_radix(s, 16).map_err(|e| format!("bad code point {s}: {e}"));
    let (start, end) = match field.split_once("..") {
        Some((a, b)) => (hex(a)?, hex(b)?),
        None => (hex(field)?, hex(field)?),
    };
    if start > end || end >= CODE_POINTS {
        return Err(format!("bad range {field}"));
    }
    Ok((start, end))
}

/// `0073 0073` as code points.
fn parse_code_points(field: &str) -> Result<Vec<u32>, String> {
    field
        .split_whitespace()
        .map(|s| u32::from_str_radix(s, 16).map_err(|e| format!("bad code point {s}: {e}")))
        .collect()
}

/// IdnaMappingTable.txt: the status (and mapping) of every code point.
fn parse_mapping_table(text: &str) -> Result<Vec<Status>, String> {
    let mut table: Vec<Option<Status>> = vec![None; CODE_POINTS];
    for fields in data_lines(text) {
        let (start, end) = parse_range(fields.first().copied().unwrap_or(""))?;
        let mapping = parse_code_points(fields.get(2).copied().unwrap_or(""))?;
        let status = match fields.get(1).copied() {
            Some("valid") => Status::Valid,
            Some("ignored") => Status::Ignored,
            Some("disallowed") => Status::Disallowed,
            Some("mapped") => Status::Mapped(mapping),
            Some("deviation") => Status::Deviation(mapping),
            other => return Err(format!("IdnaMappingTable.txt: unknown status {other:?}")),
        };
        for slot in &mut table[start..=end] {
            if slot.replace(status.clone()).is_some() {
                return Err(format!("IdnaMappingTable.txt: {start:04X} listed twice"));
            }
        }
    }
    table
        .into_iter()
        .enumerate()
        .map(|(c, s)| s.ok_or_else(|| format!("IdnaMappingTable.txt: {c:04X} missing")))
        .collect()
}

/// The library's ASCII fast path assumes A-Z map to a-z and every other ASCII code point is
/// valid; refuse data that breaks this.
fn check_ascii(statuses: &[Status]) -> Result<(), String> {
    for (c, status) in statuses.iter().enumerate().take(0x80) {
        let expected = if (0x41..=0x5A).contains(&c) {
            Status::Mapped(vec![c as u32 + 0x20])
        } else {
            Status::Valid
        };
        if *status != expected {
            return Err(format!("ASCII fast path assumption broken at {c:04X}: {status:?}"));
        }
    }
    Ok(())
}

/// The library relies on mapping values holding only valid and deviation code points, and on
/// deviation mappings holding only valid ones; refuse data that breaks this.
fn check_mapping_values(statuses: &[Status]) -> Result<(), String> {
    for (c, status) in statuses.iter().enumerate() {
        let (mapping, allow_deviation) = match status {
            Status::Mapped(m) => (m, true),
            Status::Deviation(m) => (m, false),
            _ => continue,
        };
        for &p in mapping {
            match statuses.get(p as usize) {
                Some(Status::Valid) => {}
                Some(Status::Deviation(_)) if allow_deviation => {}
                other => {
                    return Err(format!("mapping of {c:04X} holds {p:04X} with status {other:?}"));
                }
            }
        }
    }
    Ok(())
}

fn to_string(points: &[u32]) -> Result<String, String> {
    points
        .iter()
        .map(|&p| char::from_u32(p).ok_or_else(|| format!("bad mapping code point {p:04X}")))
        .collect()
}

/// The single code point a status maps to, for `Mapped` mappings of length one.
fn single(status: &Status) -> Option<u32> {
    match status {
        Status::Mapped(m) if m.len() == 1 => m.first().copied(),
        _ => None,
    }
}

/// One range of the mapping table before packing.
struct Range {
    start: usize,
    kind: Kind,
    /// The mapping string (for the delta kinds: the mapping of `start`).
    text: String,
}

/// Splits the table into ranges (greedy, longest first) and packs the mappings into one pool.
fn build_mapping(statuses: &[Status]) -> Result<(Vec<u32>, Vec<u16>, String), String> {
    let mut ranges: Vec<Range> = Vec::new();
    let mut c = 0;
    while c < CODE_POINTS {
        let status = &statuses[c];
        let at = |k: usize| statuses.get(c + k);
        let (kind, len, text) = if let Some(m) = single(status) {
            let shifted = |k: usize| Status::Mapped(vec![m + k as u32]);
            // Alternating: c+2k maps to m+2k, c+2k+1 is valid.
            let mut alt = 0;
            while at(alt) == Some(&shifted(alt)) && at(alt + 1) == Some(&Status::Valid) {
                alt += 2;
            }
            let mut delta = 1;
            while at(delta) == Some(&shifted(delta)) {
                delta += 1;
            }
            let mut same = 1;
            while at(same) == Some(status) {
                same += 1;
            }
            if alt >= 4 && alt > delta {
                (Kind::MappedAlternating, alt, to_string(&[m])?)
            } else if same > delta {
                (Kind::Mapped, same, to_string(&[m])?)
            } else {
                (Kind::MappedDelta, delta, to_string(&[m])?)
            }
        } else {
            let mut len = 1;
            while at(len) == Some(status) {
                len += 1;
            }
            match status {
                Status::Valid => (Kind::Valid, len, String::new()),
                Status::Ignored => (Kind::Ignored, len, String::new()),
                Status::Disallowed => (Kind::Disallowed, len, String::new()),
                Status::Mapped(m) => (Kind::Mapped, len, to_string(m)?),
                Status::Deviation(m) => (Kind::Deviation, len, to_string(m)?),
            }
        };
        // A range that does not start a new kind or mapping merges with the previous one.
        let merges = ranges.last().is_some_and(|last| {
            last.kind == kind && matches!(kind, Kind::Valid | Kind::Ignored | Kind::Disallowed)
        });
        if !merges {
            ranges.push(Range { start: c, kind, text });
        }
        c += len;
    }

    // The pool: distinct strings, longest first, each stored once or found inside an earlier
    // one.
    let mut texts: Vec<&str> = ranges.iter().map(|r| r.text.as_str()).collect();
    texts.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    texts.dedup();
    let mut pool = String::new();
    let mut offsets: BTreeMap<&str, usize> = BTreeMap::new();
    for text in texts {
        let offset = match pool.find(text) {
            Some(at) => at,
            None => {
                pool.push_str(text);
                pool.len() - text.len()
            }
        };
        offsets.insert(text, offset);
    }
    if pool.len() > usize::from(u16::MAX) {
        return Err(format!("mapping pool too large for u16 offsets: {}", pool.len()));
    }

    let mut packed = Vec::with_capacity(ranges.len());
    let mut payload = Vec::with_capacity(ranges.len());
    for range in &ranges {
        let len = u32::try_from(range.text.len())
            .ok()
            .filter(|&l| l < 256)
            .ok_or_else(|| format!("mapping of {:04X} too long", range.start))?;
        packed.push((range.start as u32) << 11 | (range.kind as u32) << 8 | len);
        payload.push(offsets.get(range.text.as_str()).copied().unwrap_or(0) as u16);
    }
    Ok((packed, payload, pool))
}

/// Expands the packed table back and compares it with the parsed data.
fn verify_mapping(
    statuses: &[Status],
    ranges: &[u32],
    payload: &[u16],
    pool: &str,
) -> Result<(), String> {
    for (i, (&entry, &offset)) in ranges.iter().zip(payload).enumerate() {
        let start = (entry >> 11) as usize;
        let end = ranges.get(i + 1).map_or(CODE_POINTS, |&next| (next >> 11) as usize);
        let kind = KINDS[(entry >> 8 & 7) as usize];
        let offset = usize::from(offset);
        let text = &pool[offset..offset + (entry & 0xFF) as usize];
        let first = text.chars().next().map_or(0, u32::from);
        for (k, status) in statuses.iter().enumerate().take(end).skip(start) {
            let shifted = Status::Mapped(vec![first + (k - start) as u32]);
            let mapping: Vec<u32> = text.chars().map(u32::from).collect();
            let expected = match kind {
                Kind::Valid => Status::Valid,
                Kind::Ignored => Status::Ignored,
                Kind::Disallowed => Status::Disallowed,
                Kind::Mapped => Status::Mapped(mapping),
                Kind::Deviation => Status::Deviation(mapping),
                Kind::MappedDelta => shifted,
                Kind::MappedAlternating if (k - start).is_multiple_of(2) => shifted,
                Kind::MappedAlternating => Status::Valid,
            };
            if *status != expected {
                return Err(format!("internal: packed table wrong at {k:04X}"));
            }
        }
    }
    Ok(())
}

/// Looks up a property value name (short or long alias) in `names`.
fn value_index(names: &[(&str, &str)], value: &str) -> Result<u8, String> {
    names
        .iter()
        .position(|(short, long)| *short == value || *long == value)
        .map(|i| i as u8)
        .ok_or_else(|| format!("unknown property value {value}"))
}

/// A property file with `# @missing` defaults and `range ; value` lines.
fn parse_property(text: &str, names: &[(&str, &str)]) -> Result<Vec<u8>, String> {
    let mut values = vec![0u8; CODE_POINTS];
    // The @missing lines, in file order (later ones refine earlier ones).
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# @missing:") {
            let (range, value) = rest.split_once(';').ok_or("bad @missing line")?;
            let (start, end) = parse_range(range.trim())?;
            let value = value_index(names, value.trim())?;
            values[start..=end].fill(value);
        }
    }
    for fields in data_lines(text) {
        let (start, end) = parse_range(fields.first().copied().unwrap_or(""))?;
        let value = value_index(names, fields.get(1).copied().unwrap_or(""))?;
        values[start..=end].fill(value);
    }
    Ok(values)
}

fn parse_bidi(text: &str) -> Result<Vec<u8>, String> {
    parse_property(text, &BIDI_CLASSES)
}

/// General_Category=Mark (Mn, Mc, Me) from DerivedGeneralCategory.txt.
fn parse_marks(text: &str) -> Result<Vec<bool>, String> {
    let mut marks = vec![false; CODE_POINTS];
    for fields in data_lines(text) {
        if matches!(fields.get(1).copied(), Some("Mn" | "Mc" | "Me")) {
            let (start, end) = parse_range(fields.first().copied().unwrap_or(""))?;
            marks[start..=end].fill(true);
        }
    }
    Ok(marks)
}

/// Canonical_Combining_Class=Virama (9), and Canonical_Combining_Class other than 0, from
/// DerivedCombiningClass.txt.
fn parse_combining(text: &str) -> Result<(Vec<bool>, Vec<bool>), String> {
    let mut viramas = vec![false; CODE_POINTS];
    let mut nonzero = vec![false; CODE_POINTS];
    for fields in data_lines(text) {
        let class = fields.get(1).copied().unwrap_or("");
        let (start, end) = parse_range(fields.first().copied().unwrap_or(""))?;
        if class == "9" {
            viramas[start..=end].fill(true);
        }
        if class != "0" {
            nonzero[start..=end].fill(true);
        }
    }
    Ok((viramas, nonzero))
}

/// NFC_Quick_Check other than Yes (No or Maybe) from DerivedNormalizationProps.txt.
fn parse_nfc_quick_check(text: &str) -> Result<Vec<bool>, String> {
    let mut not_yes = vec![false; CODE_POINTS];
    for fields in data_lines(text) {
        if fields.get(1).copied() == Some("NFC_QC") {
            if !matches!(fields.get(2).copied(), Some("N" | "M")) {
                return Err(format!("DerivedNormalizationProps.txt: odd NFC_QC line {fields:?}"));
            }
            let (start, end) = parse_range(fields.first().copied().unwrap_or(""))?;
            not_yes[start..=end].fill(true);
        }
    }
    Ok(not_yes)
}

/// Most distinct values of the information trie (its leaves hold `u8` indexes).
const MAX_VALUES: usize = 256;

/// For each code point, the offset from it to its mapping when the information trie holds it
/// (0 when it does not): a mapped code point whose mapping is one code point gets it when its
/// offset is one of the most frequent offsets, taken by decreasing number of code points (ties
/// by offset) while the distinct `(information, offset)` values stay within [`MAX_VALUES`]. The
/// others keep to the mapping table.
fn single_mapping_deltas(statuses: &[Status], info: &[u16]) -> Vec<i32> {
    let delta_of = |c: usize| -> Option<i32> {
        let to = single(&statuses[c])?;
        i32::try_from(to).ok()?.checked_sub(i32::try_from(c).ok()?)
    };
    // For each offset: its number of code points and the values it would add.
    let mut by_delta: BTreeMap<i32, (usize, BTreeSet<(u16, i32)>)> = BTreeMap::new();
    for (c, &value) in info.iter().enumerate() {
        if let Some(delta) = delta_of(c) {
            let entry = by_delta.entry(delta).or_default();
            entry.0 += 1;
            entry.1.insert((value, delta));
        }
    }
    let mut by_count: Vec<(usize, i32)> = by_delta.iter().map(|(&d, (n, _))| (*n, d)).collect();
    by_count.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut values: BTreeSet<(u16, i32)> = info.iter().map(|&v| (v, 0)).collect();
    let mut chosen: BTreeSet<i32> = BTreeSet::new();
    for (_, delta) in by_count {
        let Some((_, added)) = by_delta.get(&delta) else { continue };
        if values.len() + added.len() > MAX_VALUES {
            continue;
        }
        values.extend(added.iter().copied());
        chosen.insert(delta);
    }
    (0..CODE_POINTS).map(|c| delta_of(c).filter(|d| chosen.contains(d)).unwrap_or(0)).collect()
}

/// Code points per leaf block of the information trie (`c & 31` picks the entry).
const LEAF: usize = 32;
/// Leaf blocks per middle block (`c >> 5 & 31` picks the leaf).
const MID: usize = 32;

/// The three-level information trie, with the distinct values apart, and the leaf block of each
/// 32 code points of the Basic Multilingual Plane.
struct Trie {
    top: Vec<u8>,
    mid: Vec<u16>,
    leaf: Vec<u8>,
    values: Vec<u16>,
    /// The mapping offset of each value (see [`single_mapping_deltas`]).
    deltas: Vec<i32>,
    bmp: Vec<u16>,
}

impl Trie {
    fn bytes(&self) -> usize {
        self.top.len()
            + self.mid.len() * 2
            + self.leaf.len()
            + self.values.len() * 2
            + self.deltas.len() * 4
            + self.bmp.len() * 2
    }
}

/// Splits `info` into deduplicated leaf and middle blocks, and checks the result.
fn build_trie(info: &[u16], deltas: &[i32]) -> Result<Trie, String> {
    let pairs: Vec<(u16, i32)> = info.iter().copied().zip(deltas.iter().copied()).collect();
    let mut distinct: Vec<(u16, i32)> = pairs.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let value_index: BTreeMap<(u16, i32), u8> = distinct
        .iter()
        .enumerate()
        .map(|(i, &v)| u8::try_from(i).map(|i| (v, i)))
        .collect::<Result<_, _>>()
        .map_err(|_| format!("too many distinct character values: {}", distinct.len()))?;
    let values: Vec<u16> = distinct.iter().map(|&(v, _)| v).collect();
    let value_deltas: Vec<i32> = distinct.iter().map(|&(_, d)| d).collect();
    let mut leaves: BTreeMap<Vec<u8>, u16> = BTreeMap::new();
    let mut leaf = Vec::new();
    let mut leaf_ids = Vec::with_capacity(CODE_POINTS / LEAF);
    for block in pairs.chunks(LEAF) {
        let indexes: Vec<u8> = block.iter().map(|v| value_index[v]).collect();
        let next = u16::try_from(leaves.len()).map_err(|_| "too many leaf blocks")?;
        let id = *leaves.entry(indexes.clone()).or_insert_with(|| {
            leaf.extend_from_slice(&indexes);
            next
        });
        leaf_ids.push(id);
    }
    let mut mids: BTreeMap<Vec<u16>, u8> = BTreeMap::new();
    let mut mid = Vec::new();
    let mut top = Vec::with_capacity(leaf_ids.len() / MID);
    for block in leaf_ids.chunks(MID) {
        let next = u8::try_from(mids.len()).map_err(|_| "too many middle blocks")?;
        let id = *mids.entry(block.to_vec()).or_insert_with(|| {
            mid.extend_from_slice(block);
            next
        });
        top.push(id);
    }
    let bmp = leaf_ids[..0x1_0000 / LEAF].to_vec();
    let trie = Trie { top, mid, leaf, values, deltas: value_deltas, bmp };
    let value = |index: u8| (trie.values[usize::from(index)], trie.deltas[usize::from(index)]);
    for (c, &expected) in pairs.iter().enumerate() {
        let m = usize::from(trie.top[c >> 10]) * MID + (c >> 5 & 31);
        let l = usize::from(trie.mid[m]) * LEAF + (c & 31);
        if value(trie.leaf[l]) != expected {
            return Err(format!("internal: information trie wrong at {c:04X}"));
        }
        if c < 0x1_0000 {
            let l = usize::from(trie.bmp[c >> 5]) * LEAF + (c & 31);
            if value(trie.leaf[l]) != expected {
                return Err(format!("internal: BMP information index wrong at {c:04X}"));
            }
        }
    }
    Ok(trie)
}

/// Code points covered by the block indexes (planes 0 and 1); beyond, a lookup searches the
/// ranges after the last indexed block.
const INDEXED: usize = 0x2_0000;
/// Code points per index block.
const BLOCK: usize = 256;

/// For each block of `BLOCK` code points below `INDEXED` (and one more, for `INDEXED` itself),
/// the index of the range holding the block's first code point: the range of any code point of
/// block `b` lies between entries `index[b]` and `index[b + 1]`.
fn block_index(ranges: &[u32]) -> Result<Vec<u16>, String> {
    (0..=INDEXED / BLOCK)
        .map(|block| {
            let start = (block * BLOCK) as u32;
            let i = ranges.partition_point(|&e| e >> 11 <= start).saturating_sub(1);
            u16::try_from(i).map_err(|_| "range table too long for u16 indexes".to_string())
        })
        .collect()
}

/// Writes `name: [u8; N]` in decimal, sixteen a line.
fn emit_u8s(out: &mut String, doc: &str, name: &str, values: &[u8]) {
    let _ = writeln!(out, "{doc}");
    let _ = writeln!(out, "pub(super) static {name}: [u8; {}] = [", values.len());
    for chunk in values.chunks(16) {
        let line: Vec<String> = chunk.iter().map(u8::to_string).collect();
        let _ = writeln!(out, "    {},", line.join(", "));
    }
    let _ = writeln!(out, "];\n");
}

/// Writes `name: [u16; N]` in hex, twelve a line.
fn emit_u16s(out: &mut String, doc: &str, name: &str, values: &[u16]) {
    let _ = writeln!(out, "{doc}");
    let _ = writeln!(out, "pub(super) static {name}: [u16; {}] = [", values.len());
    for chunk in values.chunks(12) {
        let line: Vec<String> = chunk.iter().map(|v| format!("0x{v:04X}")).collect();
        let _ = writeln!(out, "    {},", line.join(", "));
    }
    let _ = writeln!(out, "];\n");
}

/// Writes `name: [u32; N]` in hex, eight a line.
fn emit_u32s(out: &mut String, doc: &str, name: &str, values: &[u32]) {
    let _ = writeln!(out, "{doc}");
    let _ = writeln!(out, "pub(super) static {name}: [u32; {}] = [", values.len());
    for chunk in values.chunks(8) {
        let line: Vec<String> = chunk.iter().map(|v| format!("0x{v:08X}")).collect();
        let _ = writeln!(out, "    {},", line.join(", "));
    }
    let _ = writeln!(out, "];\n");
}

/// Everything `tables.rs` holds.
struct Tables {
    mapping: Vec<u32>,
    mapping_index: Vec<u16>,
    payload: Vec<u16>,
    pool: String,
    trie: Trie,
}

fn emit(inputs: &[Input], tables: &Tables) -> String {
    let Tables { mapping: ranges, mapping_index, payload, pool, trie } = tables;
    let mapping_bytes = ranges.len() * 4 + mapping_index.len() * 2 + payload.len() * 2 + pool.len();
    let props_bytes = trie.bytes();
    let mut out = String::new();
    out.push_str("// @generated by cargo xtask gen — do not edit\n");
    let _ = writeln!(out, "// Unicode {UNICODE_VERSION}, from testdata/unicode/{UNICODE_VERSION}:");
    for input in inputs {
        let _ = writeln!(
            out,
            "//   {} sha256 {}",
            input.name,
            crate::sha256_hex(input.text.as_bytes())
        );
    }
    let _ = writeln!(
        out,
        "// Sizes: MAPPING {} ranges + index + payload + MAPPING_POOL {} bytes = {mapping_bytes} \
         bytes;\n// INFO trie: {} top + {} middle + {} leaf entries + {} values and mapping offsets + \
         {} BMP entries = {props_bytes} bytes; total {} bytes.",
        ranges.len(),
        pool.len(),
        trie.top.len(),
        trie.mid.len(),
        trie.leaf.len(),
        trie.values.len(),
        trie.bmp.len(),
        mapping_bytes + props_bytes
    );
    out.push_str("//! Generated UTS #46 tables (see `xtask/src/idna.rs` for the layout).\n\n");
    let _ = writeln!(out, "/// The Unicode version of these tables.");
    let _ = writeln!(out, "pub(super) const UNICODE_VERSION: (u8, u8, u8) = (17, 0, 0);\n");
    let _ = writeln!(out, "/// Code points per block of `MAPPING_INDEX`.");
    let _ = writeln!(out, "pub(super) const BLOCK: u32 = {BLOCK};\n");
    let _ = writeln!(out, "/// Total size of the static data below, in bytes.");
    let _ =
        writeln!(out, "pub(super) const DATA_BYTES: usize = {};\n", mapping_bytes + props_bytes);
    let _ = writeln!(out, "/// `MAPPING` kinds, by number.");
    let _ = writeln!(out, "#[cfg(test)]");
    let kind_names: Vec<String> = KINDS.iter().map(|k| format!("\"{k:?}\"")).collect();
    let _ = writeln!(
        out,
        "pub(super) const MAPPING_KIND_NAMES: [&str; {}] = [{}];\n",
        KINDS.len(),
        kind_names.join(", ")
    );
    let _ = writeln!(out, "/// Bidi classes of the information values, by number.");
    let _ = writeln!(out, "#[cfg(test)]");
    let bidi_names: Vec<String> = BIDI_CLASSES.iter().map(|(s, _)| format!("\"{s}\"")).collect();
    let _ = writeln!(
        out,
        "pub(super) const BIDI_CLASS_NAMES: [&str; {}] = [\n    {},\n];\n",
        BIDI_CLASSES.len(),
        bidi_names.join(", ")
    );
    let _ = writeln!(out, "/// Joining types of the information values, by number.");
    let _ = writeln!(out, "#[cfg(test)]");
    let jt_names: Vec<String> = JOINING_TYPES.iter().map(|(s, _)| format!("\"{s}\"")).collect();
    let _ = writeln!(
        out,
        "pub(super) const JOINING_TYPE_NAMES: [&str; {}] = [{}];\n",
        JOINING_TYPES.len(),
        jt_names.join(", ")
    );
    emit_u32s(
        &mut out,
        "/// IDNA mapping ranges: `start << 11 | kind << 8 | mapping length in bytes`.",
        "MAPPING",
        ranges,
    );
    emit_u16s(
        &mut out,
        "/// `MAPPING` index of the range holding each block's first code point (see the xtask).",
        "MAPPING_INDEX",
        mapping_index,
    );
    let _ = writeln!(out, "/// Byte offset in `MAPPING_POOL` of each `MAPPING` range's mapping.");
    let _ = writeln!(out, "pub(super) static MAPPING_PAYLOAD: [u16; {}] = [", payload.len());
    for chunk in payload.chunks(12) {
        let line: Vec<String> = chunk.iter().map(|v| format!("0x{v:04X}")).collect();
        let _ = writeln!(out, "    {},", line.join(", "));
    }
    let _ = writeln!(out, "];\n");
    let _ =
        writeln!(out, "/// Every mapping string, concatenated ({} bytes of UTF-8).", pool.len());
    let _ = writeln!(out, "pub(super) static MAPPING_POOL: &str = concat!(");
    let escaped: Vec<String> = pool
        .chars()
        .map(|c| match c {
            ' '..='~' if c != '"' && c != '\\' => c.to_string(),
            _ => format!("\\u{{{:X}}}", u32::from(c)),
        })
        .collect();
    let mut line = String::new();
    for piece in escaped {
        if line.len() + piece.len() > 90 {
            let _ = writeln!(out, "    \"{line}\",");
            line.clear();
        }
        line.push_str(&piece);
    }
    if !line.is_empty() {
        let _ = writeln!(out, "    \"{line}\",");
    }
    let _ = writeln!(out, ");\n");
    emit_u8s(
        &mut out,
        "/// Information trie, first level: the `INFO_MID` block of each 1024 code points.",
        "INFO_TOP",
        &trie.top,
    );
    emit_u16s(
        &mut out,
        "/// Information trie, second level: the `INFO_LEAF` block of each 32 code points.",
        "INFO_MID",
        &trie.mid,
    );
    emit_u8s(
        &mut out,
        "/// Information trie, third level: the `INFO_VALUES` index of each code point.",
        "INFO_LEAF",
        &trie.leaf,
    );
    emit_u16s(
        &mut out,
        "/// The `INFO_LEAF` block of each 32 code points of the Basic Multilingual Plane.",
        "INFO_BMP",
        &trie.bmp,
    );
    emit_u16s(
        &mut out,
        "/// The distinct information values: `combining << 15 | nfc_not_yes << 14 | status << 11 \
         | mark << 10 | virama << 9 | joining_type << 5 | bidi_class`.",
        "INFO_VALUES",
        &trie.values,
    );
    let _ = writeln!(
        out,
        "/// The offset from a code point with each information value to its mapping, for the \
         mapped code points\n/// whose mapping is one code point with a frequent offset (0: none \
         here; see `MAPPING`)."
    );
    let _ = writeln!(out, "pub(super) static INFO_DELTAS: [i32; {}] = [", trie.deltas.len());
    for chunk in trie.deltas.chunks(12) {
        let line: Vec<String> = chunk.iter().map(|v| v.to_string()).collect();
        let _ = writeln!(out, "    {},", line.join(", "));
    }
    let _ = writeln!(out, "];\n");
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}
