#!/usr/bin/env bash
# The same work for relay-swift and ariadne-codegen (a Python GraphQL client generator, from
# PyPI), in one run: every definition of ../shared/workloads/github-queries.graphql (2,432)
# over the GitHub schema, read, validated and turned into typed client code. relay-swift reads
# them from the synthetic project (one Swift file per definition, Scripts/make-synthetic-project.py)
# and compiles cold (no cache, no __generated__ yet); ariadne-codegen reads the .graphql file.
# Prints each one's wall time, CPU time and peak memory, and ariadne-codegen's over relay-swift's.
# ariadne-codegen is installed into .build/ariadne-venv on first use (pip, network needed once).
# Usage (from the repository root): bash Benchmarks/Scripts/compare-ariadne-codegen.sh [ROUNDS]
set -euo pipefail
workloads=$(cd "${WORKLOADS:-../shared/workloads}" 2>/dev/null && pwd) || {
    echo "skipped: ../shared/workloads not found" >&2
    exit 0
}
rounds=${1:-2}
venv=.build/ariadne-venv
if [ ! -x "$venv/bin/ariadne-codegen" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "ariadne-codegen==0.19.0"
fi
swift build -c release --product relay-swift-compiler >/dev/null
compiler=$(swift build -c release --show-bin-path)/relay-swift-compiler
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/Scripts/make-synthetic-project.py "$workloads/github-queries.graphql" "$work/project" >/dev/null
scalars=()
for scalar in $(grep -E '^scalar ' "$workloads/github-schema.graphql" | awk '{print $2}'); do
    scalars+=(--custom-scalar "$scalar=String")
done
cat >"$work/pyproject.toml" <<TOML
[tool.ariadne-codegen]
schema_path = "$workloads/github-schema.graphql"
queries_path = "$workloads/github-queries.graphql"
target_package_name = "github_client"
target_package_path = "$work/ariadne-out"
TOML
# shellcheck source=measure.sh
source "$(dirname "$0")/measure.sh"
best_relay_cpu="" best_relay_wall="" best_ariadne_cpu="" best_ariadne_wall=""
keep_best() { # keep_best NAME VALUE: the smaller of $NAME and VALUE into NAME
    local current=${!1}
    if [ -z "$current" ] || [ "$(echo "$2 < $current" | bc)" = 1 ]; then printf -v "$1" '%s' "$2"; fi
}
for round in $(seq "$rounds"); do
    rm -rf "$work/project/__generated__" "$work/cache" "$work/ariadne-out"
    measure "relay-swift (round $round)" "$compiler" --src "$work/project" \
        --schema "$workloads/github-schema.graphql" --cache-directory "$work/cache" "${scalars[@]}"
    keep_best best_relay_cpu "$cpu"
    keep_best best_relay_wall "$wall"
    mkdir -p "$work/ariadne-out"
    measure "ariadne-codegen (round $round)" "$venv/bin/ariadne-codegen" --config "$work/pyproject.toml"
    keep_best best_ariadne_cpu "$cpu"
    keep_best best_ariadne_wall "$wall"
done
echo "best of $rounds: ariadne-codegen / relay-swift: $(echo "scale=1; $best_ariadne_cpu / $best_relay_cpu" | bc)× CPU," \
    "$(echo "scale=1; $best_ariadne_wall / $best_relay_wall" | bc)× wall"
