#!/usr/bin/env bash
# Instruction counts of every family (bench/src/families): each contestant alone, one pass, under
# callgrind, counting only inside `measured_pass` (so loading and input derivation are excluded).
# Writes `family<TAB>impl<TAB>instructions` lines to OUT (default target/families-instructions.tsv),
# which `weburl-bench families --instructions OUT` puts in its table.
#
#   bench/callgrind-families.sh [BIN] [OUT] [FILTER]
#
# BIN defaults to $CARGO_TARGET_DIR/release/weburl-bench; FILTER keeps families whose name
# contains it.
set -euo pipefail
bin=${1:-${CARGO_TARGET_DIR:-target}/release/weburl-bench}
out=${2:-${CARGO_TARGET_DIR:-target}/families-instructions.tsv}
filter=${3:-}
tmp=$(mktemp -d)
: > "$out"
"$bin" families-list | while IFS=$'\t' read -r family imp; do
    [[ -n $filter && $family != *"$filter"* ]] && continue
    valgrind --tool=callgrind --toggle-collect='*measured_pass*' \
        --callgrind-out-file="$tmp/cg.out" "$bin" families-profile "$family" "$imp" \
        > /dev/null 2> "$tmp/err" || { echo "failed: $family $imp" >&2; continue; }
    n=$(awk '/^summary:|^totals:/ {print $2; exit}' "$tmp/cg.out")
    printf '%s\t%s\t%s\n' "$family" "$imp" "$n" | tee -a "$out"
done
rm -rf "$tmp"
