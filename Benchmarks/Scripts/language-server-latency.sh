#!/usr/bin/env bash
# The language server's time from a change to published diagnostics (see
# language-server-latency.py), and to answer find references and rename (see
# language-server-navigation.py), with the release compiler, on two projects: the Quickstart
# example (three Swift files) and the synthetic project of compile-synthetic-project.sh (one
# Swift file per definition of ../shared/workloads/github-queries.graphql, 2,432 files, over
# the GitHub schema). The edited file is a query no other file spreads; references and rename
# start from a fragment that another file's query spreads. A third project is a new package
# depending on this checkout by path with the build plugin's minimal relay.json (only
# "schema"), then with "src": `initialize` reads the same files either way.
# Usage (from the repository root): bash Benchmarks/Scripts/language-server-latency.sh [ROUNDS]
# COMPILER=path runs another build of relay-swift-compiler (an earlier commit's, to compare).
set -euo pipefail
rounds=${1:-30}
workloads=${WORKLOADS:-../shared/workloads}
if [ -z "${COMPILER:-}" ]; then
    swift build -c release --product relay-swift-compiler >/dev/null
    compiler=$(swift build -c release --show-bin-path)/relay-swift-compiler
else
    compiler=$COMPILER
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/quickstart"
cp -R Examples/Quickstart/Sources Examples/Quickstart/schema.graphql "$work/quickstart/"
rm -rf "$work/quickstart/Sources/__generated__"
echo '{"src": "Sources", "schema": "schema.graphql", "customScalarTypes": {"DateTime": "String"}}' \
    >"$work/quickstart/relay.json"
echo "== Quickstart (3 Swift files)"
python3 Benchmarks/Scripts/language-server-latency.py "$compiler" "$work/quickstart" \
    "$work/quickstart/Sources/TodoList.swift" "$rounds"
python3 Benchmarks/Scripts/language-server-navigation.py "$compiler" "$work/quickstart" \
    "$work/quickstart/Sources/TodoItem.swift" "$rounds"

# A package depending on this checkout by path, as the README's manifest has it.
mkdir -p "$work/BlogApp/Sources/BlogKit"
ln -s "$PWD" "$work/relay-swift"
cat >"$work/BlogApp/Package.swift" <<'MANIFEST'
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "BlogApp", dependencies: [.package(path: "../relay-swift")],
    targets: [.target(name: "BlogKit", dependencies: [.product(name: "Relay", package: "relay-swift")])])
MANIFEST
cp Examples/Quickstart/schema.graphql "$work/BlogApp/"
cp Examples/Quickstart/Sources/*.swift "$work/BlogApp/Sources/BlogKit/"
for relay_json in '{"schema": "schema.graphql", "customScalarTypes": {"DateTime": "String"}}' \
    '{"src": "Sources", "schema": "schema.graphql", "customScalarTypes": {"DateTime": "String"}}'; do
    echo "$relay_json" >"$work/BlogApp/relay.json"
    echo "== a package depending on relay-swift by path, relay.json: $relay_json"
    python3 Benchmarks/Scripts/language-server-latency.py "$compiler" "$work/BlogApp" \
        "$work/BlogApp/Sources/BlogKit/TodoList.swift" "$rounds"
done

if [ ! -f "$workloads/github-queries.graphql" ]; then
    echo "skipped the large project: $workloads/github-queries.graphql not found" >&2
    exit 0
fi
mkdir -p "$work/large"
python3 Benchmarks/Scripts/make-synthetic-project.py "$workloads/github-queries.graphql" "$work/large/Sources"
python3 - "$workloads/github-schema.graphql" "$work/large/relay.json" <<'PYTHON'
import json, re, sys
schema = open(sys.argv[1], encoding="utf-8").read()
scalars = {name: "String" for name in re.findall(r"^scalar (\w+)", schema, re.M)}
json.dump({"src": "Sources", "schema": __import__('os').path.abspath(sys.argv[1]), "customScalarTypes": scalars}, open(sys.argv[2], "w"))
PYTHON
echo "== synthetic GitHub project ($(ls "$work/large/Sources" | wc -l) Swift files)"
python3 Benchmarks/Scripts/language-server-latency.py "$compiler" "$work/large" \
    "$work/large/Sources/CodeOfConductQuery1013.swift" "$rounds"
python3 Benchmarks/Scripts/language-server-navigation.py "$compiler" "$work/large" \
    "$work/large/Sources/AppFields100.swift" "$rounds"
