#!/usr/bin/env bash
# Times the release compiler on a synthetic project: one Swift file per definition of
# ../shared/workloads/github-queries.graphql (2,432 files) over the GitHub schema. Prints the
# wall time and peak memory of a cold compile (no __generated__ yet), of a no-change rerun (the
# build cache answers), of reruns after editing one file (the build cache's file states let the
# compile redo only that file; three edits, each timed), and of a full compile with the cache off
# (--no-cache, every file compared with what is on disk).
# Usage (from the repository root): bash Benchmarks/Scripts/compile-synthetic-project.sh
# COMPILER=path times another build of relay-swift-compiler (an earlier commit's, to compare).
set -euo pipefail
workloads=${WORKLOADS:-../shared/workloads}
[ -f "$workloads/github-queries.graphql" ] || { echo "skipped: $workloads/github-queries.graphql not found" >&2; exit 0; }
if [ -z "${COMPILER:-}" ]; then
    swift build -c release --product relay-swift-compiler >/dev/null
    compiler=$(swift build -c release --show-bin-path)/relay-swift-compiler
else
    compiler=$COMPILER
fi
project=$(mktemp -d)
trap 'rm -rf "$project"' EXIT
python3 Benchmarks/Scripts/make-synthetic-project.py "$workloads/github-queries.graphql" "$project/Sources"
arguments=(--src "$project/Sources" --schema "$workloads/github-schema.graphql" --cache-directory "$project/cache")
# The GitHub schema's custom scalars, all carried as strings.
for scalar in $(grep -E '^scalar ' "$workloads/github-schema.graphql" | awk '{print $2}'); do
    arguments+=(--custom-scalar "$scalar=String")
done
run() {
    local label=$1
    local start end
    start=$(date +%s.%N)
    /usr/bin/time -f "$label: peak memory %M KB, CPU %U s user + %S s system" "$compiler" "${arguments[@]}"
    end=$(date +%s.%N)
    echo "$label: wall $(echo "$end - $start" | bc) s"
}
run "cold compile"
run "no-change rerun"
sources=("$project/Sources"/*.swift)
first=${sources[0]}
for edit in 1 2 3; do
    sed -i.bak 's/graphql(/graphql( /' "$first" && rm -f "$first.bak"
    run "one file edited ($edit)"
done
arguments+=(--no-cache)
run "full compile, cache off"
