#!/usr/bin/env bash
# Measures what an app pays to build the code relay-swift generates: for synthetic GitHub
# projects of about 600 and 2,432 definitions (Scripts/make-synthetic-project.py), compiles them
# with this checkout's release compiler, then builds the generated Swift against this checkout's
# `Relay` module twice, whole-module: `swiftc -typecheck`, and an unoptimized object build
# (`-Onone -g`, as a debug build of an app). Prints, per project, the generated lines and bytes
# per definition, and each build's wall time, CPU time, peak memory and object size. In the same
# run it builds the floor (`generated-floor-601`: the same 601 definitions' bare declarations,
# read in place) with the same flags, and prints each figure as a ratio to the floor's (per
# definition for other sizes).
# Usage (from the repository root): bash Benchmarks/Scripts/build-generated-code.sh [DEFINITIONS ...]
#   DEFINITIONS: project sizes (default: 600 2432); SKIP_OBJECT=1 only type-checks.
# Compare two commits by running it in a worktree of each, interleaved, on an idle machine.
set -euo pipefail
workloads=${WORKLOADS:-../shared/workloads}
[ -f "$workloads/github-queries.graphql" ] || { echo "skipped: $workloads/github-queries.graphql not found" >&2; exit 0; }
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(600 2432)
swift build -c release --product relay-swift-compiler >/dev/null
compiler=$(swift build -c release --show-bin-path)/relay-swift-compiler
swift build --target Relay >/dev/null
debug=$(swift build --show-bin-path)
modules=$debug/Modules
[ -d "$modules" ] || modules=$debug
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
scalars=()
for scalar in $(grep -E '^scalar ' "$workloads/github-schema.graphql" | awk '{print $2}'); do
    scalars+=(--custom-scalar "$scalar=String")
done
# shellcheck source=measure.sh
source "$(dirname "$0")/measure.sh"
# `ratio A B`: A / B to two decimals.
ratio() { echo "scale=2; ($1) / ($2)" | bc; }
file_size() { stat -c %s "$1" 2>/dev/null || stat -f %z "$1"; }
flags=(-parse-as-library -swift-version 6 -wmo)
# The floor: 601 definitions' bare declarations, built as the generated code is.
floor=$workloads/generated-floor-601/Sources
floor_count=601
if [ -d "$floor" ]; then
    echo "== floor: $floor_count definitions' bare declarations ($floor)"
    measure "type-check" swiftc -typecheck "${flags[@]}" -module-name Floor "$floor"/*.swift
    floor_check_cpu=$cpu floor_check_peak=$peak
    if [ "${SKIP_OBJECT:-0}" != 1 ]; then
        measure "object build (-Onone -g)" swiftc -c -Onone -g "${flags[@]}" -module-name Floor -o "$work/Floor.o" \
            "$floor"/*.swift
        floor_object_cpu=$cpu floor_object_peak=$peak floor_object_size=$(file_size "$work/Floor.o")
        echo "object: $((floor_object_size / 1024)) KB"
    fi
else
    echo "note: $floor not found; no ratios to the floor" >&2
fi
# Prints "<label> / floor: R× CPU, R× peak memory", both per definition when the project is not
# the floor's size.
against_floor() {
    local label=$1 floor_cpu=$2 floor_peak=$3 count=$4
    [ -n "$floor_cpu" ] || return 0
    local scale="1" per=""
    if [ "$count" != "$floor_count" ]; then scale="$floor_count / $count" per=" per definition"; fi
    echo "  $label / floor$per: $(ratio "$cpu * $scale" "$floor_cpu")× CPU," \
        "$(ratio "$peak * $scale" "$floor_peak")× peak memory"
}
for size in "${sizes[@]}"; do
    project=$work/project-$size
    count=$(python3 Benchmarks/Scripts/make-synthetic-project.py "$workloads/github-queries.graphql" "$project/Sources" "$size" | awk '{print $1}')
    "$compiler" --src "$project/Sources" --schema "$workloads/github-schema.graphql" --no-cache "${scalars[@]}" >/dev/null
    files=("$project"/Sources/__generated__/*.swift)
    lines=$(cat "${files[@]}" | wc -l)
    bytes=$(cat "${files[@]}" | wc -c)
    echo "== $count definitions: $lines generated lines ($((lines / count)) per definition), $((bytes / 1024)) KB ($((bytes / count)) B per definition)"
    generated_flags=("${flags[@]}" -module-name Generated -I "$modules")
    measure "type-check" swiftc -typecheck "${generated_flags[@]}" "${files[@]}"
    against_floor "type-check" "${floor_check_cpu:-}" "${floor_check_peak:-}" "$count"
    if [ "${SKIP_OBJECT:-0}" != 1 ]; then
        measure "object build (-Onone -g)" swiftc -c -Onone -g "${generated_flags[@]}" -o "$project/Generated.o" \
            "${files[@]}"
        against_floor "object build" "${floor_object_cpu:-}" "${floor_object_peak:-}" "$count"
        size_bytes=$(file_size "$project/Generated.o")
        echo "object: $((size_bytes / 1024)) KB ($((size_bytes / count / 1024)) KB per definition)"
        if [ -n "${floor_object_size:-}" ]; then
            echo "  object / floor per definition: $(ratio "$size_bytes * $floor_count" "$floor_object_size * $count")×"
        fi
    fi
done
