#!/usr/bin/env bash
# What reading relay.json costs as it grows: the release compiler with a relay.json of N
# `customScalarTypes` keys (default 16000 and 128000) over a one-file project, five runs each,
# the median CPU time (user + system) of each N and its ratio to the first: linear growth is
# about N's ratio (8x for 16,000 to 128,000); a duplicate-key check by search made it ~60x.
# Usage (from the repository root): bash Benchmarks/Scripts/relay-json-size.sh [N…]
# (RELAY_SWIFT_COMPILER names a release compiler already built, to skip building one.)
set -euo pipefail
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(16000 128000)
compiler=${RELAY_SWIFT_COMPILER:-}
if [ -z "$compiler" ]; then
    swift build -c release --product relay-swift-compiler >/dev/null
    compiler=$(swift build -c release --show-bin-path)/relay-swift-compiler
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
first=""
for count in "${counts[@]}"; do
    project=$work/$count
    mkdir -p "$project/Sources"
    echo 'type Query { a: Int }' >"$project/schema.graphql"
    echo 'let q = graphql("query ScreenQuery { a }")' >"$project/Sources/Screen.swift"
    python3 - "$project/relay.json" "$count" <<'PYTHON'
import json, sys
path, count = sys.argv[1], int(sys.argv[2])
scalars = {f"Scalar{i}": "String" for i in range(count)}
json.dump({"src": "Sources", "schema": "schema.graphql", "artifactDirectory": "out", "customScalarTypes": scalars},
          open(path, "w"), indent=2)
PYTHON
    times=()
    for _ in 1 2 3 4 5; do
        /usr/bin/time -o "$work/time" -f '%U %S' "$compiler" --config "$project/relay.json" --no-cache --quiet \
            >/dev/null 2>&1
        times+=("$(awk '{ print $1 + $2 }' "$work/time")")
    done
    median=$(printf '%s\n' "${times[@]}" | sort -g | sed -n 3p)
    ratio=""
    if [ -n "$first" ]; then ratio=$(awk -v a="$median" -v b="$first" 'BEGIN { printf " (x%.1f of the first)", a / b }'); fi
    [ -n "$first" ] || first=$median
    echo "relay.json with $count keys: median CPU ${median} s of 5 runs$ratio"
done
