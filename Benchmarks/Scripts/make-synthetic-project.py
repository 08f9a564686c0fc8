#!/usr/bin/env python3
"""Writes a synthetic relay-swift project: one Swift file per definition of
../shared/workloads/github-queries.graphql (2,432 files), renamed to satisfy Relay's naming rule
(a query `Foo` lives in Foo.swift as `FooQuery`; a fragment `Bar` lives in Bar.swift as
`Bar_fragment`, and every spread follows). Usage: make-synthetic-project.py QUERIES OUT_DIR"""
import os
import re
import sys

queries_path, out_dir = sys.argv[1], sys.argv[2]
text = open(queries_path, encoding="utf-8").read()
starts = [m.start() for m in re.finditer(r"^(query|mutation|subscription|fragment) ", text, re.M)]
definitions = [text[a:b].strip() for a, b in zip(starts, starts[1:] + [len(text)])]

def header(definition):
    match = re.match(r"(query|mutation|subscription|fragment) ([A-Za-z0-9_]+)", definition)
    return match.group(1), match.group(2)

fragments = {name for kind, name in map(header, definitions) if kind == "fragment"}
spread = re.compile(r"\.\.\.([A-Za-z_][A-Za-z0-9_]*)")
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
