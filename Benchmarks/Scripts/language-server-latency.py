#!/usr/bin/env python3
"""Measures `relay-swift-compiler lsp`: the time from a `textDocument/didChange` to the
`textDocument/publishDiagnostics` for the changed file, as an editor sees it (JSON-RPC over a
pipe included). Each round edits one literal of one open file three ways, in turn: a blank
added (no diagnostic), a field misspelled (one diagnostic) and that typo fixed again.

Usage: language-server-latency.py COMPILER PROJECT_DIR SWIFT_FILE [ROUNDS]

PROJECT_DIR holds relay.json; SWIFT_FILE (inside it) must contain the text `id` as a field
of a literal. Prints the time `initialize` took (reading relay.json and listing the projects'
files), the first compile's, and the median and 90th percentile of each kind of edit, in
milliseconds."""
import json
import os
import statistics
import subprocess
import sys
import time


class Client:
    def __init__(self, command, cwd):
        self.process = subprocess.Popen(command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 0

    def send(self, message):
        message["jsonrpc"] = "2.0"
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise EOFError("the server stopped")
            line = line.strip()
            if not line:
                break
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == self.next_id and "method" not in message:
                return message

    def notify(self, method, params):
        self.send({"method": method, "params": params})

    def diagnostics_for(self, uri):
        while True:
            message = self.receive()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                return message["params"]["diagnostics"]


def main():
    compiler, project, swift_file = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3])
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 20
    client = Client([compiler, "lsp"] + sys.argv[5:], project)
    start = time.perf_counter()
    client.request("initialize", {"processId": None, "rootUri": "file://" + project, "capabilities": {}})
    initialized = (time.perf_counter() - start) * 1000
    client.notify("initialized", {})
    uri = "file://" + swift_file
    text = open(swift_file, encoding="utf-8").read()
    anchor = text.index("graphql(")
    field = text.index(" id", anchor) + 1
    start = time.perf_counter()
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}})
    first = client.diagnostics_for(uri)
    opened = (time.perf_counter() - start) * 1000
    if first:
        sys.exit(f"the file has diagnostics before any edit: {first}")
    edits = {
        "blank added": (text[:anchor] + "graphql( " + text[anchor + 8:], 0),
        "field misspelled": (text[:field] + "idd" + text[field + 2:], 1),
        "typo fixed": (text, 0),
    }
    times = {name: [] for name in edits}
    # Edits answered with the wrong number of diagnostics (a server checking the wrong files).
    wrong = {}
    version = 1
    for _ in range(rounds):
        for name, (edited, expected) in edits.items():
            version += 1
            start = time.perf_counter()
            client.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": edited}]})
            diagnostics = client.diagnostics_for(uri)
            times[name].append((time.perf_counter() - start) * 1000)
            if len(diagnostics) != expected:
                wrong[name] = wrong.get(name, 0) + 1
    client.request("shutdown", None)
    client.notify("exit", None)
    client.process.wait(timeout=10)
    print(f"initialize: {initialized:.1f} ms")
    print(f"first compile (open): {opened:.1f} ms")
    for name, samples in times.items():
        samples.sort()
        p90 = samples[min(len(samples) - 1, int(len(samples) * 0.9))]
        note = f", WRONG diagnostics {wrong[name]} times" if name in wrong else ""
        print(f"{name}: median {statistics.median(samples):.1f} ms, p90 {p90:.1f} ms ({len(samples)} changes{note})")


if __name__ == "__main__":
    main()
