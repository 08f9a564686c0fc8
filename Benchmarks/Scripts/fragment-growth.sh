#!/usr/bin/env bash
# How the release compiler grows with fragments that select one field with different
# sub-fields, all spread into one selection (docs/Limits.md): N Swift files, each with
# `fragment F<i>_user on User { friend { f<i>: name } }`, and one query spreading them all.
# Prints, per N, the time of the two stages that compared every pair of such fragments (field
# merging in validation, and the check of the operation's server text), the CPU time (user +
# system) and peak memory of a cold compile,
# and each one's ratio to the previous N: linear growth doubles them (2x per doubling),
# quadratic quadruples them.
# Usage (from the repository root): bash Benchmarks/Scripts/fragment-growth.sh [N…]  (default 1000 2000 4000 8000)
set -euo pipefail
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(1000 2000 4000 8000)
swift build -c release --product relay-swift-compiler >/dev/null
compiler=$(swift build -c release --show-bin-path)/relay-swift-compiler
# In memory (/dev/shm) where there is one: writing N + 1 files to a virtual machine's disk costs
# system time that has nothing to do with the compiler (8 s for 8,001 files here, 0.8 s in memory).
work=$(mktemp -d -p "$( [ -w /dev/shm ] && echo /dev/shm || echo "${TMPDIR:-/tmp}")")
trap 'rm -rf "$work"' EXIT
previous_cpu="" previous_memory="" previous_validation="" previous_text_check=""
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
        --schema "$project/schema.graphql" --no-cache --verbose >/dev/null 2>"$work/output" || {
        cat "$work/output" >&2
        exit 1
    }
    read -r user system memory <"$work/time"
    validation=$(grep -oE 'validation [0-9]+ ms' "$work/output" | grep -oE '[0-9]+')
    text_check=$(grep -oE 'operation text check [0-9]+ ms' "$work/output" | grep -oE '[0-9]+')
    cpu=$(echo "$user + $system" | bc)
    line="$count fragments: validation $validation ms, server-text check $text_check ms, CPU $cpu s, peak memory $((memory / 1024)) MB"
    if [ -n "$previous_cpu" ]; then
        ratio() { echo "scale=2; $1 / ($2 + 0.001)" | bc; }
        line+=" (vs the previous: validation $(ratio "$validation" "$previous_validation")x,"
        line+=" server-text check $(ratio "$text_check" "$previous_text_check")x, CPU $(ratio "$cpu" "$previous_cpu")x,"
        line+=" memory $(ratio "$memory" "$previous_memory")x)"
    fi
    echo "$line"
    previous_validation=$validation previous_text_check=$text_check
    previous_cpu=$cpu previous_memory=$memory
    rm -rf "$project"
done
