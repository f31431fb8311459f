#!/usr/bin/env bash
# Instruction counts of every family (bench/src/families): each contestant alone, one pass, under
# callgrind, counting only inside `measured_pass` (so loading and input derivation are excluded).
# Writes `family<TAB>impl<TAB>instructions<TAB>allocations` lines to OUT (default
# target/families-instructions.tsv), which `weburl-bench families --instructions OUT` puts in
# its table.
#
# allocations: for ada (whose C++ allocations the bench's counting allocator cannot see), the
# calls to malloc, calloc, realloc and the aligned allocators in one pass, found as the
# difference between a run with two unmeasured passes and one with one (callgrind counts calls
# in every pass, not only in the collected one); empty for the Rust contestants, whose
# allocations the bench counts itself. ALL_ALLOCATIONS=1 counts them for every contestant
# (to check this count against the counting allocator's).
#
#   bench/callgrind-families.sh [BIN] [OUT] [FILTER]
#
# BIN defaults to $CARGO_TARGET_DIR/release/weburl-bench; FILTER keeps families whose name
# contains it.
set -euo pipefail
bin=${1:-${CARGO_TARGET_DIR:-target}/release/weburl-bench}
out=${2:-${CARGO_TARGET_DIR:-target}/families-instructions.tsv}
filter=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
: > "$out"
# The calls to the C allocator recorded in a callgrind output file.
alloc_calls() { perl "$here/callgrind-alloc-calls.pl" "$1"; }
"$bin" families-list | while IFS=$'\t' read -r family imp; do
    [[ -n $filter && $family != *"$filter"* ]] && continue
    valgrind --tool=callgrind --toggle-collect='*measured_pass*' \
        --callgrind-out-file="$tmp/cg.out" "$bin" families-profile "$family" "$imp" \
        > /dev/null 2> "$tmp/err" || { echo "failed: $family $imp" >&2; continue; }
    n=$(awk '/^summary:|^totals:/ {print $2; exit}' "$tmp/cg.out")
    allocs=
    if [[ $imp == ada || ${ALL_ALLOCATIONS:-0} == 1 ]]; then
        valgrind --tool=callgrind --toggle-collect='*measured_pass*' \
            --callgrind-out-file="$tmp/cg2.out" "$bin" families-profile "$family" "$imp" 2 \
            > /dev/null 2> "$tmp/err" || { echo "failed: $family $imp (2 passes)" >&2; continue; }
        allocs=$(( $(alloc_calls "$tmp/cg2.out") - $(alloc_calls "$tmp/cg.out") ))
    fi
    printf '%s\t%s\t%s\t%s\n' "$family" "$imp" "$n" "$allocs" | tee -a "$out"
done
rm -rf "$tmp"
