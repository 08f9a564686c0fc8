#!/usr/bin/env bash
# Builds the libFuzzer harnesses (-sanitize=fuzzer,address, linked with lld: gold fails on
# them) and runs each for a while, seeded from Golden/ and ../shared/conformance.
#
#   bash Fuzz/run.sh                       # every harness, 60 s each
#   bash Fuzz/run.sh FuzzParser 600        # one harness, 10 minutes
#   bash Fuzz/run.sh all 0 -runs=10000000  # every harness, 10 million executions each
#   bash Fuzz/run.sh FuzzCompile 0 -runs=10000000 -fork=1  # a long run in libFuzzer's fork
#                                          # mode: inputs run in child processes, so a timeout
#                                          # (saved to artifacts/) does not end the run
#   FUZZ_UNOPTIMIZED=1 bash Fuzz/run.sh all 10  # CI's smoke: unoptimized code compiles in a
#                                              # fraction of the time and runs slower, which a
#                                              # smoke affords (in its own .build-unoptimized)
#
# Leak detection is off: LeakSanitizer reports the Swift runtime's own process-lifetime caches;
# Swift's backtracer is off: libFuzzer reports the crash, and the backtracer under ASan can hang.
# ASan records no allocation stacks (malloc_context_size=0; runs are 15% faster). To see where a
# crash's memory came from, run the harness on its input alone:
#   ASAN_OPTIONS=detect_leaks=0 Fuzz/.build/release/<harness> Fuzz/artifacts/<harness>/crash-…
# A crash stops the run and leaves its input in Fuzz/artifacts/<harness>/; turn it into a
# regression test before fixing it. The corpus grows in .build/fuzz-corpus/<harness>/.
set -euo pipefail
cd "$(dirname "$0")"
harnesses=(FuzzParser FuzzExtractor FuzzCompile FuzzNormalize FuzzCursorContext FuzzMessageFramer FuzzNodeDecoder)
which=${1:-all}
seconds=${2:-60}
shift $(( $# > 2 ? 2 : $# )) || true
extra=("$@")
[[ "$which" == all ]] || harnesses=("$which")

toolset=$(mktemp)
trap 'rm -f "$toolset"' EXIT
linker=$(dirname "$(command -v swift)")/ld.lld
printf '{ "schemaVersion": "1.0", "linker": { "path": "%s" } }\n' "$linker" >"$toolset"
# Release configuration either way: a debug build links libFuzzer's own main instead of ours.
build=(swift build -c release --toolset "$toolset" -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
[[ -n "${FUZZ_UNOPTIMIZED:-}" ]] && build+=(-Xswiftc -Onone --scratch-path .build-unoptimized)
# Every harness in one build shares its modules' compilation; one harness builds alone.
[[ "$which" == all ]] || build+=(--product "$which")
if ! output=$("${build[@]}" 2>&1); then
    printf '%s\n' "$output" >&2
    exit 1
fi
printf '%s\n' "$output" | tail -n 1
bin=$("${build[@]}" --show-bin-path)

shared=${RELAY_SWIFT_SHARED:-../../shared}
seed() { # seed HARNESS DIR: copies the starting inputs into DIR
    local directory=$2
    mkdir -p "$directory"
    case $1 in
    FuzzParser | FuzzCursorContext)
        find ../Golden -name '*.graphql' -exec cp {} "$directory/" \;
        [[ -d "$shared/conformance" ]] && find "$shared/conformance" -name '*.graphql' -size -4k \
            -exec sh -c 'cp "$1" "$2/$(echo "$1" | tr / _)"' _ {} "$directory" \; || true
        ;;
    FuzzExtractor | FuzzCompile)
        find ../Golden ../Examples -name '*.swift' ! -name '*.graphql.swift' ! -path '*/.build/*' \
            -exec sh -c 'cp "$1" "$2/$(echo "$1" | tr / _)"' _ {} "$directory" \;
        ;;
    FuzzMessageFramer)
        # Well-framed messages, and each framing mistake: a length off, in characters, absurd, missing.
        printf 'Content-Length: 52\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":1}}' >"$directory/good"
        printf 'Content-Length: 20\r\n\r\n{"id":3,"method":"x"}Content-Type: a\r\nContent-Length: 8\r\n\r\n{"id":4}' >"$directory/short"
        printf 'Content-Length: 30\r\n\r\n{"id":"é","method":"x"}\r\nContent-Length: 8\r\n\r\n{"id":4}' >"$directory/long"
        printf 'Content-Length: 99999999999\r\n\r\n{"id":3}Content-Length: x\r\n\r\n{"id":4}junk' >"$directory/absurd"
        ;;
    FuzzNodeDecoder)
        # Every generated node of the golden cases, one a file, as the runtime receives it.
        python3 - "$directory" <<'PYTHON'
import pathlib, re, sys
pattern = re.compile(r'(?s)(?:ConcreteRequest|ReaderFragment)\(json: #"""\n(.*?)\n\s*"""#\)|ReaderFragment\(json: #"(.*?)"#\)')
for path in sorted(pathlib.Path("../Golden").glob("*/expected/*.graphql.swift")):
    for number, match in enumerate(pattern.finditer(path.read_text())):
        text = match.group(1) if match.group(1) is not None else match.group(2)
        lines = [line.strip() for line in text.split("\n")]
        pathlib.Path(sys.argv[1], f"{path.stem}-{number}.json").write_text("\n".join(lines))
PYTHON
        ;;
    FuzzNormalize)
        printf '%s' '{"viewer":{"id":"me","todos":{"edges":[{"cursor":"c1","node":{"id":"t1","text":"a","complete":false,"__typename":"Todo"}}],"pageInfo":{"hasNextPage":false,"endCursor":"c1"}}}}' \
            >"$directory/list.json"
        printf '%s' '{"addTodo":{"todoEdge":{"cursor":"c2","node":{"id":"t2","text":"b","complete":true}}},"removeTodo":{"deletedTodoId":"t1"}}' \
            >"$directory/mutations.json"
        ;;
    esac
}

for harness in "${harnesses[@]}"; do
    corpus=.build/fuzz-corpus/$harness
    artifacts=artifacts/$harness
    mkdir -p "$corpus" "$artifacts"
    [[ -n "$(ls -A "$corpus")" ]] || seed "$harness" "$corpus"
    limit=()
    [[ "$seconds" != 0 ]] && limit=(-max_total_time="$seconds")
    echo "== $harness"
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:malloc_context_size=0 "$bin/$harness" "$corpus" -artifact_prefix="$artifacts/" -max_len=4096 -timeout=10 -detect_leaks=0 \
        -rss_limit_mb=4096 -print_final_stats=1 "${limit[@]}" "${extra[@]}" 2>&1 \
        | grep --line-buffered -E "^(Done|stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+==|SUMMARY|artifact_prefix|Test unit written|#[0-9]+: cov|INFO: (fuzzed for|exiting|-fork))" || true
    if compgen -G "$artifacts/crash-*" >/dev/null || compgen -G "$artifacts/timeout-*" >/dev/null \
        || compgen -G "$artifacts/oom-*" >/dev/null; then
        echo "$harness found a problem: see $artifacts/" >&2
        exit 1
    fi
done
