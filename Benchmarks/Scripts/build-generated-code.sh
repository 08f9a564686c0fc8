#!/usr/bin/env bash
# Measures what an app pays to build the code relay-swift generates: for synthetic GitHub
# projects of about 600 and 2,432 definitions (Scripts/make-synthetic-project.py), compiles them
# with this checkout's release compiler, then builds the generated Swift against this checkout's
# `Relay` module twice, whole-module: `swiftc -typecheck`, and an unoptimized object build
# (`-Onone -g`, as a debug build of an app). Prints, per project, the generated lines and bytes
# per definition, and each build's wall time, CPU time, peak memory and object size.
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
# Runs a command under GNU time; prints "<label>: wall W s, CPU C s, peak memory M MB".
measure() {
    local label=$1
    shift
    /usr/bin/time -o "$work/time" -f "%e %U %S %M" "$@" >"$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }
    read -r wall user system peak <"$work/time"
    printf '%s: wall %s s, CPU %.1f s, peak memory %d MB\n' "$label" "$wall" "$(echo "$user + $system" | bc)" $((peak / 1024))
}
for size in "${sizes[@]}"; do
    project=$work/project-$size
    count=$(python3 Benchmarks/Scripts/make-synthetic-project.py "$workloads/github-queries.graphql" "$project/Sources" "$size" | awk '{print $1}')
    "$compiler" --src "$project/Sources" --schema "$workloads/github-schema.graphql" --no-cache "${scalars[@]}" >/dev/null
    files=("$project"/Sources/__generated__/*.swift)
    lines=$(cat "${files[@]}" | wc -l)
    bytes=$(cat "${files[@]}" | wc -c)
    echo "== $count definitions: $lines generated lines ($((lines / count)) per definition), $((bytes / 1024)) KB ($((bytes / count)) B per definition)"
    flags=(-parse-as-library -swift-version 6 -module-name Generated -I "$modules" -wmo)
    measure "type-check" swiftc -typecheck "${flags[@]}" "${files[@]}"
    if [ "${SKIP_OBJECT:-0}" != 1 ]; then
        measure "object build (-Onone -g)" swiftc -c -Onone -g "${flags[@]}" -o "$project/Generated.o" "${files[@]}"
        size_bytes=$(stat -c %s "$project/Generated.o" 2>/dev/null || stat -f %z "$project/Generated.o")
        echo "object: $((size_bytes / 1024)) KB ($((size_bytes / count / 1024)) KB per definition)"
    fi
done
