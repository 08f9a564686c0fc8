#!/usr/bin/env python3
"""Counts what `import Relay` shows: the top-level public declarations, outside an SPI, of the
`Relay` module and of the modules it re-exports (`RelayContract`, and `RelayState`, the app-state
store), from their symbol graphs (after a debug build). Fails above the limit, so generated-code
plumbing stays behind `@_spi(RelayGenerated)` and what belongs to a type is nested in it."""
import json
import os
import subprocess
import sys
import tempfile

LIMIT = 70
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def top_level(path):
    graph = json.load(open(path))
    members = {
        r["source"]
        for r in graph["relationships"]
        if r["kind"] in ("memberOf", "requirementOf", "optionalRequirementOf")
    }
    return sorted(
        s["names"]["title"]
        for s in graph["symbols"]
        if s["identifier"]["precise"] not in members and len(s["pathComponents"]) == 1 and not s.get("spi")
    )


def main():
    modules = os.path.join(ROOT, ".build", "debug", "Modules")
    triple = subprocess.run(
        ["swift", "-print-target-info"], capture_output=True, text=True, check=True
    ).stdout
    target = json.loads(triple)["target"]["unversionedTriple"]
    counts = {}
    with tempfile.TemporaryDirectory() as output:
        for module in ("Relay", "RelayContract", "RelayState"):
            subprocess.run(
                ["swift", "symbolgraph-extract", "-module-name", module, "-I", modules, "-target", target,
                 "-minimum-access-level", "public", "-output-dir", output],
                check=True)
            counts[module] = top_level(os.path.join(output, f"{module}.symbols.json"))
    total = sum(len(names) for names in counts.values())
    parts = ", ".join(f"{module} {len(names)}" for module, names in counts.items())
    print(f"import Relay: {total} public declarations outside an SPI ({parts}; limit {LIMIT})")
    if total > LIMIT:
        print("  " + ", ".join(name for names in counts.values() for name in names), file=sys.stderr)
        print(f"error: more than {LIMIT}: put what only generated code uses behind @_spi(RelayGenerated)",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
