#!/usr/bin/env bash
# What an app pays to build its generated GraphQL code, Apollo iOS's against relay-swift's, for
# the same documents in one run: an app's committed Apollo iOS 1.x generated code against
# ApolloAPI built from an apollo-ios checkout the user gives, and relay-swift's code for the
# app's documents against this checkout's `Relay` module, each built whole-module with the same
# flags — `swiftc -typecheck`, then an unoptimized object build (`-Onone -g`, as an app's debug
# build) — ROUNDS times, interleaved. Prints the median CPU time, peak memory and object size of
# each, and relay-swift's over Apollo iOS's.
#
# The app's `apollo-codegen-config.json` says where its documents, schema and generated code are.
# Its documents are given to relay-swift unchanged but for Relay's naming rule: each definition in
# a file of its own named after it, and an operation's name ending with its kind (`query User` →
# `UserQuery`, the name Apollo iOS gives its class too). Custom scalars are strings for both (as
# Apollo iOS's generated `typealias Date = String`). Nothing of the app is written into this
# repository.
#
# Usage (from the repository root):
#   bash Benchmarks/Scripts/compare-apollo-generated.sh APOLLO_IOS_CHECKOUT APP_DIR [EXTRA.swift ...]
#   APOLLO_IOS_CHECKOUT: apollo-ios at the tag the app's generated code was made with (its
#     Sources/ApolloAPI is built); APP_DIR: the app at a commit whose generated code matches its
#     documents; EXTRA.swift: files of the app the generated code needs (built with it). ROUNDS=N
#     (default 3) sets the rounds; GENERATED=DIR[:DIR] (relative to APP_DIR) where the generated
#     code is, when the app moved it from where its configuration writes it; MODULE=NAME the
#     module both are built as, when the generated code names its module (default AppGraphQL);
#     EDITED=FILE[:FILE] generated files (by name) the app edited to use its own types, built
#     without the app's members (those indented with four spaces).
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
apollo_checkout=$(cd "$1" && pwd)
app=$(cd "$2" && pwd)
shift 2
extras=()
for extra in "$@"; do extras+=("$(cd "$(dirname "$extra")" && pwd)/$(basename "$extra")"); done
rounds=${ROUNDS:-3}
[ -d "$apollo_checkout/Sources/ApolloAPI" ] || { echo "no Sources/ApolloAPI in $apollo_checkout" >&2; exit 2; }
[ -f "$app/apollo-codegen-config.json" ] || { echo "no apollo-codegen-config.json in $app" >&2; exit 2; }

swift build -c release --product relay-swift-compiler >/dev/null
compiler=$(swift build -c release --show-bin-path)/relay-swift-compiler
swift build --target Relay >/dev/null
modules=$(swift build --show-bin-path)/Modules
[ -d "$modules" ] || modules=$(swift build --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The app's documents ported to relay-swift, its schema, and its Apollo generated files.
python3 - "$app" "$work" <<'PYTHON'
import glob, json, os, re, sys
app, work = sys.argv[1], sys.argv[2]
config = json.load(open(os.path.join(app, "apollo-codegen-config.json")))
def found(patterns, suffixes):
    files = set()
    for pattern in patterns:
        for path in glob.glob(os.path.join(app, pattern), recursive=True):
            skipped = ("/node_modules/", "/.build/", "/Pods/")
            if path.endswith(suffixes) and not any(part in path for part in skipped):
                files.add(path)
    return sorted(files)
schemas = found(config["input"].get("schemaSearchPaths", ["**/*.graphqls"]), (".graphqls", ".graphql", ".json"))
documents = [path for path in found(config["input"].get("operationSearchPaths", ["**/*.graphql"]), (".graphql",))
             if path not in schemas]
os.makedirs(os.path.join(work, "relay", "documents"))
definition = re.compile(r"^(query|mutation|subscription|fragment)\b\s*(\w*)", re.M)
suffixes = {"query": "Query", "mutation": "Mutation", "subscription": "Subscription"}
count = 0
for path in documents:
    text = open(path, encoding="utf-8").read()
    starts = list(definition.finditer(text))
    for index, match in enumerate(starts):
        body = text[match.start():starts[index + 1].start() if index + 1 < len(starts) else len(text)]
        kind, name = match.group(1), match.group(2)
        if kind in suffixes:
            # An operation's name: letters and digits, ending with its kind; its file named after it.
            renamed = re.sub(r"[^A-Za-z0-9]", "", name)
            if not renamed.endswith(suffixes[kind]):
                renamed += suffixes[kind]
            body = body.replace(name, renamed, 1)
            module = renamed[: -len(suffixes[kind])]
        else:
            # A fragment keeps its name (spreads name it): `A_B` goes in a file `A`, as Relay's
            # `<module>_<name>`.
            module = name.split("_")[0] if "_" in name else name
        with open(os.path.join(work, "relay", "documents", module + ".graphql"), "a", encoding="utf-8") as file:
            file.write(body.strip() + "\n\n")
        count += 1
with open(os.path.join(work, "relay", "relay.json"), "w") as file:
    json.dump({"schema": schemas, "documents": ["documents"], "artifactDirectory": "generated"}, file)
output = config.get("output", {})
folders = [output.get("schemaTypes", {}).get("path", ".")]
operations = output.get("operations", {})
for key in ("absolute", "relative"):
    if isinstance(operations.get(key), dict) and operations[key].get("path"):
        folders.append(operations[key]["path"])
if os.environ.get("GENERATED"):
    folders = os.environ["GENERATED"].split(":")
mocks = output.get("testMocks", {}).get("absolute", {}).get("path")
edited = set(filter(None, os.environ.get("EDITED", "").split(":")))
def unedited(path):
    """A generated file the app edited, without its edits: Apollo iOS indents members with two
    spaces, so a member declared with four (up to its closing brace) is the app's."""
    lines, kept, skipping = open(path, encoding="utf-8").read().split("\n"), [], False
    for line in lines:
        if not skipping and re.match(r"^    (public|internal|private|fileprivate|static) ", line):
            skipping = True
        if not skipping:
            kept.append(line)
        elif line == "    }":
            skipping = False
    copy = os.path.join(work, "unedited", os.path.basename(path))
    os.makedirs(os.path.dirname(copy), exist_ok=True)
    open(copy, "w", encoding="utf-8").write("\n".join(kept))
    return copy
apollo = set()
for folder in folders:
    for path in glob.glob(os.path.join(app, folder, "**", "*.swift"), recursive=True):
        if mocks and os.path.abspath(path).startswith(os.path.abspath(os.path.join(app, mocks)) + os.sep):
            continue
        # Generated files, and those Apollo iOS generates once for the app to edit (the custom
        # scalars', the schema's configuration).
        if (path.endswith(".graphql.swift") or os.sep + "CustomScalars" + os.sep in path
                or path.endswith(os.sep + "SchemaConfiguration.swift")):
            apollo.add(unedited(path) if os.path.basename(path) in edited else os.path.abspath(path))
with open(os.path.join(work, "apollo-files"), "w") as file:
    file.write("\n".join(sorted(apollo)) + "\n")
print(f"{count} definitions from {len(documents)} documents; Apollo iOS's generated code: {len(apollo)} files")
PYTHON
(cd "$work/relay" && "$compiler" --config relay.json --no-cache >"$work/relay.log" 2>&1) || {
    cat "$work/relay.log" >&2
    exit 1
}
mapfile -t apollo_files <"$work/apollo-files"
relay_files=("$work"/relay/generated/*.swift)
echo "relay-swift's generated code: ${#relay_files[@]} files"

# ApolloAPI, built once as an app's dependency is.
mkdir -p "$work/apollo-api"
mapfile -t apollo_api_files < <(find "$apollo_checkout/Sources/ApolloAPI" -name '*.swift' | sort)
swiftc -emit-module -parse-as-library -wmo -swift-version 5 -module-name ApolloAPI \
    -emit-module-path "$work/apollo-api/ApolloAPI.swiftmodule" "${apollo_api_files[@]}" \
    -o "$work/apollo-api/ApolloAPI.o" -c >"$work/apollo-api.log" 2>&1 || {
    cat "$work/apollo-api.log" >&2
    exit 1
}

# shellcheck source=measure.sh
source "$(dirname "$0")/measure.sh"
file_size() { stat -c %s "$1" 2>/dev/null || stat -f %z "$1"; }
flags=(-parse-as-library -swift-version 5 -wmo)
module=${MODULE:-AppGraphQL}
apollo_build=(-module-name "$module" -I "$work/apollo-api" "${apollo_files[@]}" "${extras[@]}")
relay_build=(-module-name "$module" -I "$modules" "${relay_files[@]}")
declare -A samples
sample() { samples[$1]="${samples[$1]:-} $2"; }
for round in $(seq "$rounds"); do
    measure "Apollo iOS type-check (round $round)" swiftc -typecheck "${flags[@]}" "${apollo_build[@]}"
    sample apollo_check_cpu "$cpu"
    sample apollo_check_peak "$peak"
    measure "relay-swift type-check (round $round)" swiftc -typecheck "${flags[@]}" "${relay_build[@]}"
    sample relay_check_cpu "$cpu"
    sample relay_check_peak "$peak"
    measure "Apollo iOS object build (round $round)" swiftc -c -Onone -g "${flags[@]}" "${apollo_build[@]}" \
        -o "$work/apollo.o"
    sample apollo_object_cpu "$cpu"
    sample apollo_object_peak "$peak"
    measure "relay-swift object build (round $round)" swiftc -c -Onone -g "${flags[@]}" "${relay_build[@]}" \
        -o "$work/relay.o"
    sample relay_object_cpu "$cpu"
    sample relay_object_peak "$peak"
done
median() { tr ' ' '\n' <<<"${samples[$1]}" | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }
ratio() { echo "scale=2; ($1) / ($2)" | bc; }
apollo_size=$(file_size "$work/apollo.o")
relay_size=$(file_size "$work/relay.o")
echo "== medians of $rounds rounds"
echo "| | Apollo iOS | relay-swift | relay-swift / Apollo iOS |"
echo "| --- | --- | --- | --- |"
row() { # row LABEL APOLLO RELAY UNIT (seconds to two decimals, sizes whole)
    local number="%d"
    [ "$4" != s ] || number="%.2f"
    # shellcheck disable=SC2059
    printf "| %s | $number %s | $number %s | %.2f× |\n" "$1" "$2" "$4" "$3" "$4" "$(ratio "$3" "$2")"
}
row "type-check CPU" "$(median apollo_check_cpu)" "$(median relay_check_cpu)" s
row "type-check peak memory" $(($(median apollo_check_peak) / 1024)) $(($(median relay_check_peak) / 1024)) MB
row "object build CPU (-Onone -g)" "$(median apollo_object_cpu)" "$(median relay_object_cpu)" s
row "object build peak memory" $(($(median apollo_object_peak) / 1024)) $(($(median relay_object_peak) / 1024)) MB
row "object size" $((apollo_size / 1024)) $((relay_size / 1024)) KB
