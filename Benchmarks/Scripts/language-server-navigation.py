#!/usr/bin/env python3
"""Measures `relay-swift-compiler lsp` answering find references and rename, as an editor sees
it (JSON-RPC over a pipe included): the time from sending the request to receiving its answer.

Usage: language-server-navigation.py COMPILER PROJECT_DIR FRAGMENT_FILE [ROUNDS]

FRAGMENT_FILE (a Swift file inside PROJECT_DIR, which holds relay.json) defines one fragment,
`fragment <Name> on <Type> { … }`, whose second selection is a plain field of <Type>, and some
other file's operation spreads it. The server opens the file first and compiles the project;
each round then asks, without edits in between:
  - references of the fragment (its definition and spreads, across files);
  - references of the field (Relay's "find field usages": every selection of it in the project);
  - references of the type (type conditions and variable types);
  - rename of the fragment (GraphQL and Swift edits in both files; the edit is not applied);
  - rename of the operation that spreads it.
Prints the median and 90th percentile of each, in milliseconds, with the size of the answer."""
import os
import re
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from importlib import import_module

latency = import_module("language-server-latency")


def position(text, offset):
    """The LSP position (line, UTF-16 column) of a character offset of the text."""
    line = text.count("\n", 0, offset)
    column = offset - (text.rfind("\n", 0, offset) + 1)
    return {"line": line, "character": len(text[offset - column:offset].encode("utf-16-le")) // 2}


def main():
    compiler, project, fragment_file = (os.path.abspath(argument) for argument in sys.argv[1:4])
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 20
    text = open(fragment_file, encoding="utf-8").read()
    definition = re.search(r"fragment (\w+) on (\w+) \{\s*\w+\s*(\w+)", text)
    if not definition:
        sys.exit(f"{fragment_file} defines no fragment with two fields")
    fragment, type_name, field = definition.group(1), definition.group(2), definition.group(3)
    spreading = None
    for folder, _, names in os.walk(project):
        for name in names:
            path = os.path.join(folder, name)
            if name.endswith(".swift") and path != fragment_file:
                other = open(path, encoding="utf-8").read()
                if "..." + fragment in other:
                    spreading = (path, other)
    if not spreading:
        sys.exit(f"no file spreads {fragment}")
    operation = re.search(r"(?:query|mutation|subscription) (\w+)", spreading[1])

    client = latency.Client([compiler, "lsp"], project)
    client.request("initialize", {"processId": None, "rootUri": "file://" + project, "capabilities": {}})
    client.notify("initialized", {})
    uri = "file://" + fragment_file
    other_uri = "file://" + spreading[0]
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}})
    if client.diagnostics_for(uri):
        sys.exit(f"{fragment_file} has diagnostics")

    def at(document_uri, document_text, offset):
        return {"textDocument": {"uri": document_uri}, "position": position(document_text, offset)}

    new_operation = operation.group(1) + "Renamed" if operation else None
    if new_operation and new_operation.endswith("QueryRenamed"):
        new_operation = operation.group(1)[:-len("Query")] + "RenamedQuery"
    requests = {
        "references: fragment": ("textDocument/references",
                                 {**at(uri, text, definition.start(1)), "context": {"includeDeclaration": True}}),
        f"references: field {type_name}.{field}": ("textDocument/references",
                                                   {**at(uri, text, definition.start(3)), "context": {"includeDeclaration": True}}),
        f"references: type {type_name}": ("textDocument/references",
                                          {**at(uri, text, definition.start(2)), "context": {"includeDeclaration": True}}),
        "rename: fragment": ("textDocument/rename", {**at(uri, text, definition.start(1)), "newName": fragment + "Renamed"}),
    }
    if operation:
        requests["rename: operation"] = ("textDocument/rename",
                                         {**at(other_uri, spreading[1], operation.start(1)), "newName": new_operation})
    times = {name: [] for name in requests}
    sizes = {}
    for _ in range(rounds):
        for name, (method, params) in requests.items():
            start = time.perf_counter()
            answer = client.request(method, params)
            times[name].append((time.perf_counter() - start) * 1000)
            if "error" in answer or not answer.get("result"):
                sys.exit(f"{name}: no answer: {answer}")
            result = answer["result"]
            sizes[name] = (f"{len(result)} locations" if isinstance(result, list)
                           else f"{sum(len(edits) for edits in result['changes'].values())} edits in "
                                f"{len(result['changes'])} files")
    client.request("shutdown", None)
    client.notify("exit", None)
    client.process.wait(timeout=10)
    for name, samples in times.items():
        samples.sort()
        p90 = samples[min(len(samples) - 1, int(len(samples) * 0.9))]
        print(f"{name}: median {statistics.median(samples):.1f} ms, p90 {p90:.1f} ms ({sizes[name]}, {len(samples)} requests)")


if __name__ == "__main__":
    main()
