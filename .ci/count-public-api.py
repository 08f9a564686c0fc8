#!/usr/bin/env python3
"""Counts what `import Relay` shows: the public declarations, outside an SPI, of the `Relay`
module and of the modules it re-exports (`RelayContract`, and `RelayState`, the app-state store),
from their symbol graphs (after a debug build): the top-level ones, and the types nested in others
(`Environment.Configuration`), which are API as much (nesting hides nothing). Fails above the
limit, so generated-code plumbing stays behind `@_spi(RelayGenerated)` and what only the runtime
uses is not public. `--list` prints every name."""
import json
import os
import subprocess
import sys
import tempfile

# The honest count, nested types included (issue 62): 70 top-level and 44 nested at the time;
# one more since schema enums became plain enums (`SchemaEnum`) read through the `GraphQLEnum`
# wrapper, where one `GraphQLEnum` protocol was before (issue 65).
LIMIT = 115
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


TYPE_KINDS = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"}


def declarations(path):
    """The top-level declarations, and the nested types (`Environment.Configuration`), by name."""
    graph = json.load(open(path))
    members = {
        r["source"]
        for r in graph["relationships"]
        if r["kind"] in ("memberOf", "requirementOf", "optionalRequirementOf")
    }
    public = [s for s in graph["symbols"] if not s.get("spi")]
    top = sorted(
        s["names"]["title"]
        for s in public
        if s["identifier"]["precise"] not in members and len(s["pathComponents"]) == 1
    )
    nested = sorted(
        ".".join(s["pathComponents"])
        for s in public
        if len(s["pathComponents"]) > 1 and s["kind"]["identifier"] in TYPE_KINDS
    )
    return top, nested


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
            counts[module] = declarations(os.path.join(output, f"{module}.symbols.json"))
    top = sum(len(top) for top, _ in counts.values())
    nested = sum(len(nested) for _, nested in counts.values())
    parts = ", ".join(f"{module} {len(t)} + {len(n)}" for module, (t, n) in counts.items())
    print(f"import Relay: {top} top-level public declarations and {nested} nested public types outside an SPI, "
          f"{top + nested} in all ({parts}; limit {LIMIT})")
    if "--list" in sys.argv:
        for module, (t, n) in counts.items():
            print(f"{module}: " + ", ".join(t + n))
    if top + nested > LIMIT:
        print("  " + ", ".join(name for t, n in counts.values() for name in t + n), file=sys.stderr)
        print(f"error: more than {LIMIT}: put what only generated code uses behind @_spi(RelayGenerated), "
              "and what only the runtime uses at `package` or internal", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
