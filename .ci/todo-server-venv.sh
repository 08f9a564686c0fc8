#!/usr/bin/env bash
# Makes (once) the virtual environment the TodoServer example runs in: graphql-core 3.3, which
# delivers @defer and @stream incrementally, and websockets for graphql-transport-ws. Prints the
# path of its Python, which the live-server tests take from RELAY_TODO_SERVER_PYTHON.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/todo-server-venv
if ! "$venv/bin/python" -c "import graphql, websockets; assert graphql.__version__.startswith('3.3')" 2>/dev/null; then
    python3 -m venv "$venv" >&2
    "$venv/bin/pip" install --quiet "graphql-core==3.3.2" "websockets==15.0.1" >&2
fi
echo "$PWD/$venv/bin/python"
