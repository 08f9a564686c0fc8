#!/usr/bin/env bash
# End-to-end: the TodoApp example, built with the RelayCompilerPlugin, against the real
# GraphQL server of Examples/TodoServer (graphql-core) on a free loopback port.
# list → add → toggle (optimistic value first, then the server's) → a toggle the server fails
# (rolled back) → server restarted on the same data file → the state persisted; then the
# plugin's incremental behaviour and its diagnostics at the Swift line. Any failed step fails.
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
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "e2e: FAILED: $*" >&2; exit 1; }
expect() { # expect OUTPUT PATTERN DESCRIPTION
    grep -qE -- "$2" <<<"$1" || { printf '%s\n' "$1" >&2; fail "$3"; }
}

python3 -c "import graphql" 2>/dev/null || python3 -m pip install --quiet graphql-core

start_server() {
    rm -f "$work/port"
    python3 Examples/TodoServer/server.py --port 0 --port-file "$work/port" --data "$work/todos.json" \
        --latency-ms 400 >"$work/server.log" 2>&1 &
    server_pid=$!
    for _ in $(seq 1 100); do [[ -s "$work/port" ]] && break; sleep 0.1; done
    [[ -s "$work/port" ]] || { cat "$work/server.log" >&2; fail "the server did not start"; }
    server_url="http://127.0.0.1:$(cat "$work/port")/graphql"
}
stop_server() { kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""; }

echo "e2e: building the example (the build plugin compiles its GraphQL)"
swift build --package-path "$app" 2>&1 | tee "$work/build.log" | tail -n 3
grep -q "Compiling GraphQL in todo" "$work/build.log" || fail "the build plugin did not run"
# The server's address goes to the app only: SwiftPM reruns build commands when the
# environment of `swift build` changes.
todo() { TODO_SERVER_URL="$server_url" "$app/.build/debug/todo" "$@"; }

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
stop_server

echo "e2e: a no-change build compiles no Swift; once SwiftPM has settled its copy of the tool, it runs nothing"
# After a cold build SwiftPM relinks the plugin's tool once more (it builds the tool in two build
# graphs), which reruns the GraphQL command; that run writes nothing, so no Swift file is
# recompiled. From the next build on, nothing runs at all.
swift build --package-path "$app" >"$work/build2.log" 2>&1
if grep -E "Compiling todo" "$work/build2.log"; then fail "a no-change build recompiled Swift files"; fi
swift build --package-path "$app" >"$work/build2.log" 2>&1
if grep -E "Compiling GraphQL|Compiling todo|Linking" "$work/build2.log"; then fail "a no-change build ran something"; fi

echo "e2e: an edit to one literal recompiles only its generated file"
cp "$app/Sources/todo/AddTodo.swift" "$work/AddTodo.swift"
python3 - "$app/Sources/todo/AddTodo.swift" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
open(path, "w").write(text.replace("          id\n          openCount", "          id\n          name\n          openCount", 1))
PY
swift build --package-path "$app" >"$work/build3.log" 2>&1 || { cat "$work/build3.log" >&2; fail "the edited build"; }
grep -q "Compiling GraphQL in todo" "$work/build3.log" || fail "the edit did not rerun the compiler"
grep -q "AddTodo.graphql.swift" "$work/build3.log" || fail "the edited literal's file was not recompiled"
if grep -E "(ChangeTodoStatus|ToDoItem|TodoList|RemoveTodo|SchemaTypes)\.graphql\.swift" "$work/build3.log"; then
    fail "generated files the edit did not change were recompiled"
fi
cp "$work/AddTodo.swift" "$app/Sources/todo/AddTodo.swift"

echo "e2e: a GraphQL error shows at the Swift line"
cp "$app/Sources/todo/ChangeTodoStatus.swift" "$work/ChangeTodoStatus.swift"
sed -i.bak 's/^          complete$/          completed/' "$app/Sources/todo/ChangeTodoStatus.swift"
rm -f "$app/Sources/todo/ChangeTodoStatus.swift.bak"
if swift build --package-path "$app" >"$work/build4.log" 2>&1; then fail "a build with a GraphQL error succeeded"; fi
grep -E 'ChangeTodoStatus\.swift:[0-9]+:[0-9]+: error: Cannot query field "completed" on type "Todo"' "$work/build4.log" \
    || { cat "$work/build4.log" >&2; fail "the error is not at the Swift line and column"; }
cp "$work/ChangeTodoStatus.swift" "$app/Sources/todo/ChangeTodoStatus.swift"
swift build --package-path "$app" >/dev/null 2>&1 || fail "the example does not build again after the fix"

echo "e2e: the command plugin writes generated files into the package and validates them"
swift package --package-path "$app" --allow-writing-to-package-directory relay-compile \
    --src Sources/todo --artifact-directory .build/relay-compile-check --no-cache >"$work/command.log" 2>&1 \
    || { cat "$work/command.log" >&2; fail "swift package relay-compile"; }
[[ -f "$app/.build/relay-compile-check/ChangeTodoStatusMutation.graphql.swift" ]] || fail "relay-compile wrote nothing"
swift package --package-path "$app" --allow-writing-to-package-directory relay-compile \
    --src Sources/todo --artifact-directory .build/relay-compile-check --no-cache --validate >"$work/command.log" 2>&1 \
    || { cat "$work/command.log" >&2; fail "swift package relay-compile --validate"; }

echo "e2e: passed"
