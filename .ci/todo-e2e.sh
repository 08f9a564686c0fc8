#!/usr/bin/env bash
# End-to-end: the TodoApp example, built with the RelayCompilerPlugin, against the real
# GraphQL server of Examples/TodoServer (graphql-core) on a free loopback port.
# list → add → toggle (optimistic value first, then the server's) → a toggle the server fails
# (rolled back) → server restarted on the same data file → the state persisted → paging with a
# pagination fragment's loadNext → a refetch with a status filter → a plural fragment with
# `Date`-typed `createdAt` (the server's clock is fixed, so dates are known) → an overview whose
# summary is deferred and whose list is streamed (multipart/mixed, order asserted) → a live update
# through a subscription over the server's WebSocket → a rename whose optimistic updater assigns a typed
# `@updatable` fragment (and one the server refuses, rolled back) → a live Relay Resolver over the
# app's state Store following its commits → a persisted store listed with the server down, a
# toggle made offline, kept across a restart and sent when the server is back (and one refused,
# rolled back), a stale to-do fetched again → fetch-schema → persisted queries from the compiler's
# manifest (ids and automatic persisted queries) → Relay's remote persisting (the server's ids,
# then ids only); then, under
# both of SwiftPM's build systems, the plugin's incremental behaviour and its diagnostics at the
# Swift line. Any failed step fails.
set -euo pipefail
cd "$(dirname "$0")/.."
app=Examples/TodoApp
work=$(mktemp -d)
server_pid=""
cleanup() {
    [[ -n "$server_pid" ]] && kill "$server_pid" 2>/dev/null || true
    # Undo the deliberate edits, whatever happened.
    [[ -f "$work/ChangeTodoStatus.swift" ]] && cp "$work/ChangeTodoStatus.swift" "$app/Sources/todo/ChangeTodoStatus.swift"
    [[ -f "$work/AddTodo.swift" ]] && cp "$work/AddTodo.swift" "$app/Sources/todo/AddTodo.swift"
    [[ -f "$work/relay.json" ]] && cp "$work/relay.json" "$app/relay.json"
    [[ -f "$work/made-generated-folder" ]] && rm -rf "$app/Sources/todo/__generated__"
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "e2e: FAILED: $*" >&2; exit 1; }
expect() { # expect OUTPUT PATTERN DESCRIPTION
    grep -qE -- "$2" <<<"$1" || { printf '%s\n' "$1" >&2; fail "$3"; }
}

# The server's Python packages, in a virtual environment of their own.
python=$(bash .ci/todo-server-venv.sh)

start_server() { # start_server [SERVER OPTIONS…]
    rm -f "$work/port"
    "$python" Examples/TodoServer/server.py --port 0 --ws-port 0 --port-file "$work/port" \
        --ws-port-file "$work/ws-port" --data "$work/todos.json" \
        --latency-ms 400 --clock 2026-11-24T09:00:00Z "$@" >"$work/server.log" 2>&1 &
    server_pid=$!
    for _ in $(seq 1 100); do [[ -s "$work/port" ]] && break; sleep 0.1; done
    [[ -s "$work/port" ]] || { cat "$work/server.log" >&2; fail "the server did not start"; }
    server_url="http://127.0.0.1:$(cat "$work/port")/graphql"
    server_ws_url="ws://127.0.0.1:$(cat "$work/ws-port")/graphql"
}
stop_server() { kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""; }

echo "e2e: building the example (the build plugin compiles its GraphQL)"
swift build --package-path "$app" 2>&1 | tee "$work/build.log" | tail -n 3
grep -q "Compiling GraphQL in todo" "$work/build.log" || fail "the build plugin did not run"
# The server's address goes to the app only: SwiftPM reruns build commands when the
# environment of `swift build` changes.
todo() { TODO_SERVER_URL="$server_url" TODO_SERVER_WS_URL="$server_ws_url" "$app/.build/debug/todo" "$@"; }

start_server
out=$(todo list); expect "$out" "^0 open of 0$" "an empty list"
out=$(todo add "Buy milk"); expect "$out" "^added: todo-1 \[ \] Buy milk$" "add"
out=$(todo list); expect "$out" "^todo-1 \[ \] Buy milk$" "the added to-do is listed"

out=$(todo toggle todo-1)
expect "$out" "^optimistic: todo-1 \[x\] Buy milk$" "the optimistic value while the request is in flight"
expect "$out" "^server: todo-1 \[x\] Buy milk$" "the server's value"
[[ $(head -n 1 <<<"$out") == optimistic:* ]] || fail "the optimistic value came after the server's"

curl -s -X POST "${server_url%/graphql}/control" -d '{"failNextMutations": 1}' >/dev/null
set +e; out=$(todo toggle todo-1 2>&1); code=$?; set -e
[[ $code -eq 1 ]] || fail "a failed toggle exits 1 (got $code)"
expect "$out" "^optimistic: todo-1 \[ \] Buy milk$" "the optimistic value of the failing toggle"
expect "$out" "^rolled back: todo-1 \[x\] Buy milk$" "the rollback"

stop_server
start_server
out=$(todo list); expect "$out" "^todo-1 \[x\] Buy milk$" "the state persisted across a server restart"
expect "$out" "^0 open of 1$" "the computed open count"
out=$(todo add "Write docs"); expect "$out" "^added: todo-2" "a second add"
out=$(todo remove todo-2); expect "$out" "^removed: todo-2; 0 open$" "remove"

for text in "Walk the dog" "Call mum" "Fix the bike" "Plant seeds"; do todo add "$text" >/dev/null; done
out=$(todo pages 2)
expect "$out" "^page 1: todo-1 todo-3$" "the first page of two"
expect "$out" "^page 2: todo-1 todo-3 todo-4 todo-5$" "loadNext appends the second page"
expect "$out" "^page 3: todo-1 todo-3 todo-4 todo-5 todo-6$" "loadNext appends the last page"
expect "$out" "^5 to-dos in 3 pages$" "paging stops when the connection has no next page"
out=$(todo filter completed)
expect "$out" "^todo-1 \[x\] Buy milk$" "the refetch with status COMPLETED"
expect "$out" "^1 completed$" "only the completed to-do after the refetch"
out=$(todo filter open)
expect "$out" "^todo-3 \[ \] Walk the dog$" "the refetch with status OPEN"
expect "$out" "^4 open$" "only the open to-dos after the refetch"
out=$(todo recent 3)
expect "$out" "^todo-6 2026-11-24T09:06:00Z Plant seeds$" "the newest to-do and its Date"
expect "$out" "^todo-4 2026-11-24T09:04:00Z Call mum$" "the third newest to-do and its Date"
expect "$out" "^span: 2 minutes$" "arithmetic on the Dates"
[[ $(grep -c "^todo-" <<<"$out") -eq 3 ]] || fail "the plural fragment reads three to-dos"

# @defer and @stream over multipart/mixed: the first payload has the list's first item and not the
# deferred summary; the list grows in later payloads, and the summary lands in one of them.
out=$(todo overview)
[[ $(head -n 1 <<<"$out") == "payload 1: item todo-1 Buy milk" ]] || { printf '%s\n' "$out" >&2; fail "the initial payload comes first, with the first streamed item"; }
if grep -q "^payload 1: summary" <<<"$out"; then fail "the deferred summary came with the initial payload"; fi
expect "$out" "^payload ([2-9]|[1-9][0-9]+): summary 1 of 5 done$" "the deferred summary in a later payload"
expect "$out" "^payload ([2-9]|[1-9][0-9]+): item todo-6 Plant seeds$" "the streamed list grows in later payloads"
expect "$out" "^overview: 5 items and the summary in ([3-9]|[1-9][0-9]+) payloads$" "every part of the response"

# A live update: one `todo watch` subscribes over the WebSocket while another process toggles a
# to-do twice; the watcher shows both changes, in order, as the row reads them from its store.
TODO_SERVER_URL="$server_url" TODO_SERVER_WS_URL="$server_ws_url" timeout 120 "$app/.build/debug/todo" watch 2 \
    >"$work/watch.log" 2>&1 &
watch_pid=$!
for _ in $(seq 1 600); do
    [[ $(curl -s -X POST "${server_url%/graphql}/control" -d '{}') == *'"subscriptions": 1'* ]] && break
    sleep 0.1
done
todo toggle todo-3 >/dev/null
todo toggle todo-3 >/dev/null
wait "$watch_pid" || { cat "$work/watch.log" >&2; fail "todo watch did not see two changes"; }
out=$(cat "$work/watch.log")
expect "$out" "^todo-3 \[ \] Walk the dog$" "the watcher lists the to-dos first"
[[ $(grep "^live:" <<<"$out") == $'live: todo-3 [x] Walk the dog\nlive: todo-3 [ ] Walk the dog' ]] \
    || { printf '%s\n' "$out" >&2; fail "the watcher shows each pushed change, in order"; }

# A rename: the optimistic updater assigns the text through the typed `@updatable` fragment, then
# the server's answer; a rename the server refuses rolls the text back.
out=$(todo rename todo-4 "Call mum back")
expect "$out" "^optimistic: todo-4 \[ \] Call mum back$" "the renamed text while the request is in flight"
expect "$out" "^server: todo-4 \[ \] Call mum back$" "the server's renamed text"
curl -s -X POST "${server_url%/graphql}/control" -d '{"failNextMutations": 1}' >/dev/null
set +e; out=$(todo rename todo-4 "Never" 2>&1); code=$?; set -e
[[ $code -eq 1 ]] || fail "a refused rename exits 1 (got $code)"
expect "$out" "^optimistic: todo-4 \[ \] Never$" "the optimistic text of the refused rename"
expect "$out" "^rolled back: todo-4 \[ \] Call mum back$" "the rename rolled back"

# A live Relay Resolver over the app's state Store: a commit that pins the to-do, then one that
# unpins it, each reaches the subscription reading the row fragment's `isPinned`.
out=$(todo pin todo-4)
[[ $(grep -E "^(before|pinned|unpinned):" <<<"$out") == $'before: todo-4 [ ] Call mum back\npinned: todo-4 [ ] Call mum back (pinned)\nunpinned: todo-4 [ ] Call mum back' ]] \
    || { printf '%s\n' "$out" >&2; fail "the live field follows the app state's commits"; }

# The store in an SQLite file ($TODO_STORE): listed once, it is there at the next start with the
# server down (store-only, store-or-network); a toggle made then is shown at once and waits in the
# file's queue, still shown after the app restarts, and is sent when the server is back; a toggle
# the server refuses is rolled back and reported; a to-do marked stale is fetched again.
echo "e2e: a persisted store, offline toggles, staleness"
stored() { TODO_STORE="$work/store.sqlite" todo "$@"; }
out=$(stored list); expect "$out" "^store: missing$" "a new store has nothing"
expect "$out" "^todo-5 \[ \] Fix the bike$" "the list from the server"
stop_server
out=$(stored list store-only); expect "$out" "^store: available$" "the list is in the file at the next start"
expect "$out" "^todo-5 \[ \] Fix the bike$" "store-only lists from the file, the server down"
out=$(stored list store-or-network); expect "$out" "^todo-5 \[ \] Fix the bike$" "store-or-network needs no server"
out=$(stored toggle todo-5)
expect "$out" "^optimistic: todo-5 \[x\] Fix the bike$" "the offline toggle is shown at once"
expect "$out" "^queued: todo-5 \[x\] Fix the bike$" "the offline toggle waits"
out=$(stored queue); expect "$out" '^waiting: #[0-9]+ ChangeTodoStatusMutation "todo-5" true$' "the queue lists it"
out=$(stored list store-only); expect "$out" "^todo-5 \[x\] Fix the bike$" "the waiting toggle is shown after a restart"
start_server
out=$(stored sync); expect "$out" "^0 waiting$" "the waiting toggle is sent when the server is back"
out=$(todo list); expect "$out" "^todo-5 \[x\] Fix the bike$" "the server applied the replayed toggle"
stop_server
out=$(stored toggle todo-6); expect "$out" "^queued: todo-6 \[x\] Plant seeds$" "a second offline toggle"
start_server
curl -s -X POST "${server_url%/graphql}/control" -d '{"failNextMutations": 1}' >/dev/null
out=$(stored sync)
expect "$out" "^refused: ChangeTodoStatusMutation #[0-9]+: " "the refused toggle is reported"
expect "$out" "^0 waiting$" "a refused toggle leaves the queue"
out=$(stored list store-only); expect "$out" "^todo-6 \[ \] Plant seeds$" "the refused toggle is rolled back"
# Another client changes todo-5; the file's list is fresh, so store-or-network shows it as it was,
# until the app marks the to-do stale.
todo toggle todo-5 >/dev/null
out=$(stored list store-or-network); expect "$out" "^store: available$" "the stored list is fresh"
expect "$out" "^todo-5 \[x\] Fix the bike$" "fresh data is not fetched again"
out=$(stored invalidate todo-5); expect "$out" "^invalidated: todo-5$" "invalidateRecord"
out=$(stored list store-or-network); expect "$out" "^store: stale$" "the invalidation is in the file"
expect "$out" "^todo-5 \[ \] Fix the bike$" "the stale list is fetched again"
out=$(stored list store-only); expect "$out" "^store: available$" "fetched again, it is fresh"

# fetch-schema: the server's schema by introspection is its SDL (graphql-core compares both,
# sorted; @defer and @stream are the server's built-ins, which fetch-schema leaves out).
echo "e2e: fetch-schema reproduces the server's schema"
swift run relay-swift-compiler fetch-schema --url "$server_url" --output "$work/fetched.graphql" >"$work/fetch.log" 2>&1 \
    || { cat "$work/fetch.log" >&2; fail "fetch-schema"; }
"$python" - Examples/TodoServer/schema.graphql "$work/fetched.graphql" <<'PYTHON' || fail "the fetched schema differs"
import sys
from graphql import build_schema, lexicographic_sort_schema, print_schema
def printed(path):
    blocks = print_schema(lexicographic_sort_schema(build_schema(open(path).read()))).split("\n\n")
    return [block for block in blocks if "directive @defer" not in block and "directive @stream" not in block]
served, fetched = printed(sys.argv[1]), printed(sys.argv[2])
if served != fetched:
    print("\n".join(set(served) ^ set(fetched)), file=sys.stderr)
    sys.exit(1)
PYTHON
stop_server

# Persisted queries: the compiler's --persist-output manifest of the app's operations is all the
# server runs (--persisted-only); the app sends ids, or hashes (automatic persisted queries).
echo "e2e: persisted queries from the --persist-output manifest"
compile_log=$(swift run relay-swift-compiler --config "$app/relay.json" --src "$app/Sources/todo" \
    --artifact-directory "$work/persisted-generated" --persist-output "$work/persisted.json" --no-cache 2>&1) \
    || { printf '%s\n' "$compile_log" >&2; fail "the manifest could not be written"; }
start_server --persisted-queries "$work/persisted.json" --persisted-only
out=$(TODO_PERSISTED_QUERIES=ids todo list); expect "$out" "^todo-1 \[x\] Buy milk$" "a list by persisted id"
out=$(TODO_PERSISTED_QUERIES=ids todo add "Sent by id"); expect "$out" "^added: todo-7 \[ \] Sent by id$" "an add by id"
out=$(TODO_PERSISTED_QUERIES=automatic todo list); expect "$out" "^todo-7 \[ \] Sent by id$" "a list by hash"
counts=$(curl -s -X POST "${server_url%/graphql}/control" -d '{}')
expect "$counts" '"byId": 2, "byHash": 1, "notFound": 0, "registered": 0, "text": 0' "ids and a hash, never a text"
set +e; out=$(todo list 2>&1); code=$?; set -e
[[ $code -eq 1 ]] || fail "a text query to a persisted-only server exits 1 (got $code)"
expect "$out" "this server runs persisted queries only" "the server's refusal"
stop_server

# Relay's remote persisting: the app's relay.json gets a persistConfig with the server's url (and
# a parameter and a header the server requires); the build plugin's compile POSTs every text, the
# artifacts carry the ids the server answered, and the app runs with those ids only.
echo "e2e: remote persisting (persistConfig.url), then ids only"
start_server --persisted-only --persist-require app=todo --persist-require X-Persist-Token:secret
cp "$app/relay.json" "$work/relay.json"
"$python" - "$app/relay.json" "${server_url%/graphql}/persist" <<'PYTHON'
import json, sys
path, url = sys.argv[1], sys.argv[2]
config = json.load(open(path))
config["persistConfig"] = {"url": url, "params": {"app": "todo"}, "headers": {"X-Persist-Token": "secret"},
                           "concurrency": 4}
json.dump(config, open(path, "w"), indent=2)
PYTHON
swift build --package-path "$app" >"$work/remote.log" 2>&1 || { cat "$work/remote.log" >&2; fail "the build with remote persisting"; }
grep -q "Compiling GraphQL in todo" "$work/remote.log" || fail "the plugin did not compile again for persistConfig"
grep -rqs '"id":"persisted-' "$app/.build/plugins/outputs" || fail "the artifacts carry the server's ids"
out=$(TODO_PERSISTED_QUERIES=ids todo list); expect "$out" "^todo-7 \[ \] Sent by id$" "a list by the server's id"
out=$(TODO_PERSISTED_QUERIES=ids todo add "Persisted remotely"); expect "$out" "^added: todo-8 \[ \] Persisted remotely$" "an add by the server's id"
counts=$(curl -s -X POST "${server_url%/graphql}/control" -d '{}')
expect "$counts" '"byId": 2, "byHash": 0, "notFound": 0, "registered": 0, "text": 0, "persisted": [1-9][0-9]*' "every text persisted, then ids only"
cp "$work/relay.json" "$app/relay.json" && rm "$work/relay.json"
stop_server
# Built again with the example's own relay.json, so the builds below start from it.
swift build --package-path "$app" >"$work/remote.log" 2>&1 || { cat "$work/remote.log" >&2; fail "the build after remote persisting"; }

# build SYSTEM LOG: builds the example with one of SwiftPM's build systems, in its own folder.
# swiftbuild names the commands it runs only with -v: "Compiling GraphQL in todo" and
# "Compiling <File>.swift" for each Swift file it compiles.
build() {
    local flags=(--package-path "$app")
    [[ $1 == swiftbuild ]] && flags+=(--build-system swiftbuild --scratch-path "$app/.build-swiftbuild" -v)
    swift build "${flags[@]}" >"$2" 2>&1
}
# compiled_generated SYSTEM LOG: the generated files the build compiled, one a line.
compiled_generated() {
    if [[ $1 == swiftbuild ]]; then
        grep -oE 'Compiling [A-Za-z]+\.graphql\.swift' "$2" | sed 's/^Compiling //' | sort -u || true
    else
        grep -oE '[A-Za-z]+\.graphql\.swift' "$2" | sort -u || true
    fi
}
ran_graphql() { grep -q "Compiling GraphQL in todo" "$1"; }

# error_at_its_line SYSTEM LOG FILE SED PLACE: FILE (of the app) misspelled by SED fails the
# build with the error at PLACE (a regular expression of path:line:column); undone, it builds.
error_at_its_line() {
    local system=$1 log=$2 file=$app/$3
    cp "$file" "$work/undo"
    sed -i.bak "$4" "$file"
    rm -f "$file.bak"
    if build "$system" "$log"; then fail "a build with an error in $3 succeeded"; fi
    grep -E "$5: error: Cannot query field \"completed\" on type \"Todo\"" "$log" \
        || { cat "$log" >&2; fail "the error in $3 is not at its line and column"; }
    cp "$work/undo" "$file"
    build "$system" "$log" || { cat "$log" >&2; fail "the example does not build again after the fix of $3"; }
}

# incremental_checks SYSTEM: a no-change build, an edit to one literal, deliberate errors.
incremental_checks() {
    local system=$1 log=$work/build-$1.log
    if [[ $system == native ]]; then
        echo "e2e [native]: a no-change build compiles no Swift; from the third build on it runs nothing"
        # SwiftPM's native build system links the plugin's tool in two build graphs (plugin tools
        # and the main build) at the same path; after a cold build the next build relinks it, which
        # reruns every command of every plugin that uses it. Our run writes nothing, so no Swift
        # file is recompiled; from the build after, nothing runs at all.
        build native "$log"
        [[ -z "$(compiled_generated native "$log")" ]] || fail "a no-change build recompiled generated files"
        if grep -E "Compiling todo" "$log"; then fail "a no-change build recompiled Swift files"; fi
        build native "$log"
        if grep -E "Compiling GraphQL|Compiling todo|Linking" "$log"; then fail "a no-change build ran something"; fi
    else
        echo "e2e [swiftbuild]: a cold build, then a second build runs nothing"
        build swiftbuild "$log" || { cat "$log" >&2; fail "the cold swiftbuild build"; }
        ran_graphql "$log" || fail "the build plugin did not run under swiftbuild"
        build swiftbuild "$log"
        if ran_graphql "$log"; then fail "a no-change build ran the GraphQL compiler"; fi
        if grep -E "Compiling [A-Za-z_]+\.swift" "$log"; then fail "a no-change build compiled Swift"; fi
    fi

    echo "e2e [$system]: an edit to one literal reruns the compiler and recompiles only its generated file"
    cp "$app/Sources/todo/AddTodo.swift" "$work/AddTodo.swift"
    python3 - "$app/Sources/todo/AddTodo.swift" <<'PYTHON'
import sys
path = sys.argv[1]
text = open(path).read()
open(path, "w").write(text.replace("          id\n          openCount", "          id\n          name\n          openCount", 1))
PYTHON
    build "$system" "$log" || { cat "$log" >&2; fail "the edited build"; }
    ran_graphql "$log" || fail "the edit did not rerun the compiler"
    local compiled
    compiled=$(compiled_generated "$system" "$log")
    # With relay.json's testSupport, RelayDefinitions.graphql.swift names every generated type, so
    # Swift recompiles that one small file too when a type's members change (it is not rewritten).
    [[ "$(printf '%s\n' "$compiled" | grep -v '^RelayDefinitions.graphql.swift$')" == "AddTodo.graphql.swift" ]] \
        || fail "the edit should recompile AddTodo.graphql.swift alone, it compiled: ${compiled:-nothing}"
    cp "$work/AddTodo.swift" "$app/Sources/todo/AddTodo.swift"
    build "$system" "$log" || { cat "$log" >&2; fail "the build after undoing the edit"; }

    echo "e2e [$system]: a GraphQL error shows at the Swift line"
    error_at_its_line "$system" "$log" Sources/todo/ChangeTodoStatus.swift 's/^          complete$/          completed/' \
        'ChangeTodoStatus\.swift:[0-9]+:[0-9]+'
    echo "e2e [$system]: an edit to a GraphQL document (relay.json's documents) reruns the compiler; its error shows at its line"
    error_at_its_line "$system" "$log" GraphQL/ToDoItem.graphql 's/^  complete$/  completed/' \
        'GraphQL/ToDoItem\.graphql:7:3'
}
incremental_checks native
incremental_checks swiftbuild

echo "e2e: the command plugin writes generated files into the package and validates them"
swift package --package-path "$app" --allow-writing-to-package-directory relay-compile \
    --src Sources/todo --artifact-directory .build/relay-compile-check --no-cache >"$work/command.log" 2>&1 \
    || { cat "$work/command.log" >&2; fail "swift package relay-compile"; }
[[ -f "$app/.build/relay-compile-check/ChangeTodoStatusMutation.graphql.swift" ]] || fail "relay-compile wrote nothing"
swift package --package-path "$app" --allow-writing-to-package-directory relay-compile \
    --src Sources/todo --artifact-directory .build/relay-compile-check --no-cache --validate >"$work/command.log" 2>&1 \
    || { cat "$work/command.log" >&2; fail "swift package relay-compile --validate"; }

echo "e2e: the command plugin without --src compiles each target that has GraphQL, with the build plugin's relay.json"
swift package --package-path "$app" --allow-writing-to-package-directory relay-compile \
    --artifact-directory .build/relay-compile-targets --no-cache >"$work/command.log" 2>&1 \
    || { cat "$work/command.log" >&2; fail "swift package relay-compile without --src"; }
grep -q "relay-compile: todo with" "$work/command.log" || { cat "$work/command.log" >&2; fail "the target was not named"; }
[[ -f "$app/.build/relay-compile-targets/ChangeTodoStatusMutation.graphql.swift" ]] || fail "relay-compile wrote nothing"

echo "e2e: committed generated files in a target that uses the build plugin are one clear error"
[[ -e "$app/Sources/todo/__generated__" ]] && fail "Sources/todo/__generated__ exists already"
touch "$work/made-generated-folder"
mkdir "$app/Sources/todo/__generated__"
cp "$app/.build/relay-compile-targets/ChangeTodoStatusMutation.graphql.swift" "$app/Sources/todo/__generated__/"
if swift build --package-path "$app" >"$work/both.log" 2>&1; then fail "a target with both kinds of generated code built"; fi
grep -q "uses RelayCompilerPlugin, which generates its GraphQL on every build, and also has committed generated files" \
    "$work/both.log" || { cat "$work/both.log" >&2; fail "the error does not say which way to choose"; }
if grep -q "multiple producers" "$work/both.log"; then fail "SwiftPM's multiple producers error came as well"; fi
rm -rf "$app/Sources/todo/__generated__" "$work/made-generated-folder"
swift build --package-path "$app" >"$work/both.log" 2>&1 || { cat "$work/both.log" >&2; fail "the example does not build again"; }

echo "e2e: passed"
