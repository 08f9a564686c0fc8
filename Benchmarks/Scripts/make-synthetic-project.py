#!/usr/bin/env python3
"""Writes a synthetic relay-swift project: one Swift file per definition of
../shared/workloads/github-queries.graphql (2,432 files), renamed to satisfy Relay's naming rule
(a query `Foo` lives in Foo.swift as `FooQuery`; a fragment `Bar` lives in Bar.swift as
`Bar_fragment`, and every spread follows).

Usage: make-synthetic-project.py QUERIES OUT_DIR [DEFINITIONS]

With DEFINITIONS, only a deterministic part of the project is written: definitions in file
order until at least that many are taken, each with every fragment it spreads (directly or
not), so the part compiles on its own."""
import os
import re
import sys

queries_path, out_dir = sys.argv[1], sys.argv[2]
wanted = int(sys.argv[3]) if len(sys.argv) > 3 else None
text = open(queries_path, encoding="utf-8").read()
starts = [m.start() for m in re.finditer(r"^(query|mutation|subscription|fragment) ", text, re.M)]
definitions = [text[a:b].strip() for a, b in zip(starts, starts[1:] + [len(text)])]

def header(definition):
    match = re.match(r"(query|mutation|subscription|fragment) ([A-Za-z0-9_]+)", definition)
    return match.group(1), match.group(2)

spread = re.compile(r"\.\.\.([A-Za-z_][A-Za-z0-9_]*)")
by_name = {header(d)[1]: d for d in definitions}
fragments = {name for kind, name in map(header, definitions) if kind == "fragment"}

def with_spreads(name, taken):
    """Adds `name` and the fragments it spreads, transitively, to `taken`."""
    pending = [name]
    while pending:
        current = pending.pop()
        if current in taken:
            continue
        taken[current] = True
        pending.extend(m.group(1) for m in spread.finditer(by_name[current]) if m.group(1) in fragments)

if wanted is not None:
    taken = {}
    for definition in definitions:
        if len(taken) >= wanted:
            break
        with_spreads(header(definition)[1], taken)
    definitions = [d for d in definitions if header(d)[1] in taken]

suffix = {"query": "Query", "mutation": "Mutation", "subscription": "Subscription"}
os.makedirs(out_dir, exist_ok=True)
for definition in definitions:
    kind, name = header(definition)
    module = name.replace("_", "")
    if kind == "fragment":
        new_name = module + "_fragment"
    else:
        new_name = name if name.endswith(suffix[kind]) and name.startswith(module) else module + suffix[kind]
    body = definition.replace(f"{kind} {name}", f"{kind} {new_name}", 1)
    body = spread.sub(lambda m: "..." + m.group(1).replace("_", "") + "_fragment" if m.group(1) in fragments else m.group(0), body)
    literal = "\n".join("    " + line if line else "" for line in body.split("\n"))
    with open(os.path.join(out_dir, module + ".swift"), "w", encoding="utf-8") as file:
        file.write(f'private let document = graphql(#"""\n{literal}\n    """#)\n')
print(f"{len(definitions)} Swift files in {out_dir}")
