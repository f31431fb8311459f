#!/usr/bin/env bash
# Instruction counts of every family (bench/src/families): each contestant alone, one pass (the
# third, as the bench counts allocations in), under callgrind, counting only inside
# `measured_pass` (so loading, input derivation and the two passes before are excluded).
# Writes `family<TAB>impl<TAB>instructions<TAB>allocations` lines to OUT (default
# target/families-instructions.tsv), which `weburl-bench families --instructions OUT` puts in
# its table.
#
# allocations: for ada (whose C++ allocations the bench's counting allocator cannot see), the
# allocations in the third pass (the one the bench counts for the Rust contestants: the first
# two may grow buffers, and the in-place setters apply their second value in the second): the
# difference of valgrind's "total heap usage" count (malloc, calloc, realloc, new) between a
# run with two unmeasured passes before the measured one and a run with one. Empty for the
# Rust contestants, whose allocations in the third pass the bench counts itself;
# ALL_ALLOCATIONS=1 counts them for every contestant (to check the two counts against each
# other).
#
#   bench/callgrind-families.sh [BIN] [OUT] [FILTER]
#
# BIN defaults to $CARGO_TARGET_DIR/release/weburl-bench; FILTER keeps families whose name
# contains it; IMPLS="ada url" keeps those contestants.
set -euo pipefail
bin=${1:-${CARGO_TARGET_DIR:-target}/release/weburl-bench}
out=${2:-${CARGO_TARGET_DIR:-target}/families-instructions.tsv}
filter=${3:-}
tmp=$(mktemp -d)
: > "$out"
# Valgrind's count of heap allocations in a run of `families-profile FAMILY IMPL PASSES`.
heap_allocs() {
    valgrind --tool=memcheck --leak-check=no --undef-value-errors=no \
        "$bin" families-profile "$1" "$2" "$3" 2>&1 >/dev/null \
        | awk '/total heap usage/ {gsub(",", "", $5); print $5}'
}
"$bin" families-list | while IFS=$'\t' read -r family imp; do
    [[ -n $filter && $family != *"$filter"* ]] && continue
    [[ -n ${IMPLS:-} && " $IMPLS " != *" $imp "* ]] && continue
    valgrind --tool=callgrind --toggle-collect='*measured_pass*' \
        --callgrind-out-file="$tmp/cg.out" "$bin" families-profile "$family" "$imp" \
        > /dev/null 2> "$tmp/err" || { echo "failed: $family $imp" >&2; continue; }
    n=$(awk '/^summary:|^totals:/ {print $2; exit}' "$tmp/cg.out")
    allocs=
    if [[ $imp == ada || ${ALL_ALLOCATIONS:-0} == 1 ]]; then
        two=$(heap_allocs "$family" "$imp" 1)
        three=$(heap_allocs "$family" "$imp" 2)
        [[ -n $two && -n $three ]] && allocs=$((three - two))
    fi
    printf '%s\t%s\t%s\t%s\n' "$family" "$imp" "$n" "$allocs" | tee -a "$out"
done
rm -rf "$tmp"
