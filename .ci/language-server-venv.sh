#!/usr/bin/env bash
# Makes (once) the virtual environment the language server's end-to-end tests run in:
# pytest-lsp, a real Language Server Protocol client for pytest. Prints the path of its Python.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/language-server-venv
if ! "$venv/bin/python" -c "import pytest_lsp" 2>/dev/null; then
    python3 -m venv "$venv" >&2
    "$venv/bin/pip" install --quiet "pytest-lsp==1.0.1" >&2
fi
echo "$PWD/$venv/bin/python"
