#!/usr/bin/env bash
# How the release compiler grows with fragments that select one field with different
# sub-fields, all spread into one selection (docs/Limits.md): N Swift files, each with
# `fragment F<i>_user on User { friend { f<i>: name } }`, and one query spreading them all.
# Prints, per N, the CPU time (user + system) and peak memory of a cold compile, and the ratio
# to the previous N: linear growth doubles them (2x per doubling), quadratic quadruples them.
# Usage (from the repository root): bash Benchmarks/Scripts/fragment-growth.sh [N…]  (default 1000 2000 4000 8000)
set -euo pipefail
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(1000 2000 4000 8000)
swift build -c release --product relay-swift-compiler >/dev/null
compiler=$(swift build -c release --show-bin-path)/relay-swift-compiler
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
previous_cpu="" previous_memory=""
for count in "${counts[@]}"; do
    project=$work/$count
    mkdir -p "$project/Sources"
    echo 'type Query { viewer: User } type User { id: ID! name: String friend: User }' >"$project/schema.graphql"
    python3 - "$project/Sources" "$count" <<'PYTHON'
import sys
folder, count = sys.argv[1], int(sys.argv[2])
spreads = " ".join(f"...F{i}_user" for i in range(count))
open(f"{folder}/Screen.swift", "w").write(f'let q = graphql("""\nquery ScreenQuery {{ viewer {{ {spreads} }} }}\n""")\n')
for i in range(count):
    open(f"{folder}/F{i}.swift", "w").write(f'let f = graphql("""\nfragment F{i}_user on User {{ friend {{ f{i}: name }} }}\n""")\n')
PYTHON
    /usr/bin/time -o "$work/time" -f "%U %S %M" "$compiler" --src "$project/Sources" \
        --schema "$project/schema.graphql" --no-cache --quiet >/dev/null 2>"$work/errors" || {
        cat "$work/errors" >&2
        exit 1
    }
    read -r user system memory <"$work/time"
    cpu=$(echo "$user + $system" | bc)
    line="$count fragments: CPU $cpu s, peak memory $((memory / 1024)) MB"
    if [ -n "$previous_cpu" ]; then
        line+=" ($(echo "scale=2; $cpu / $previous_cpu" | bc)x CPU, $(echo "scale=2; $memory / $previous_memory" | bc)x memory of the previous)"
    fi
    echo "$line"
    previous_cpu=$cpu previous_memory=$memory
    rm -rf "$project"
done
