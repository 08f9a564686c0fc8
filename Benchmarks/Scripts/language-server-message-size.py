#!/usr/bin/env python3
"""Measures how the language server's reading of one message grows with its size: a
`textDocument/didOpen` of a document of 1 to 16 MB, then a `textDocument/hover`; the time is
from the first byte sent to the hover's answer (reading, decoding and handling the document).
Reading is linear when the time per MB stays flat.

Usage: language-server-message-size.py COMPILER [SIZES_IN_MB...]   (default 1 2 4 8 16)"""
import json
import os
import subprocess
import sys
import tempfile
import time


def frame(message):
    message["jsonrpc"] = "2.0"
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def receive(stream):
    length = None
    while True:
        line = stream.readline()
        if not line:
            raise EOFError("the server stopped")
        if not line.strip():
            break
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    return json.loads(stream.read(length))


def measure(compiler, megabytes, folder):
    server = subprocess.Popen([compiler, "lsp"], cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL)
    try:
        server.stdin.write(frame({"id": 1, "method": "initialize", "params": {"rootUri": "file://" + folder,
                                                                               "capabilities": {}}}))
        server.stdin.flush()
        while receive(server.stdout).get("id") != 1:
            pass
        line = "// é " + "x" * 90 + "\n"
        text = line * (megabytes * 1024 * 1024 // len(line.encode()))
        uri = "file://" + os.path.join(folder, "Notes.swift")
        message = frame({"method": "textDocument/didOpen",
                         "params": {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}}})
        hover = frame({"id": 2, "method": "textDocument/hover",
                       "params": {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}})
        start = time.perf_counter()
        server.stdin.write(message + hover)
        server.stdin.flush()
        while receive(server.stdout).get("id") != 2:
            pass
        return time.perf_counter() - start, len(message)
    finally:
        server.kill()
        server.wait()


def main():
    compiler = os.path.abspath(sys.argv[1])
    sizes = [int(size) for size in sys.argv[2:]] or [1, 2, 4, 8, 16]
    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, "schema.graphql"), "w") as schema:
            schema.write("type Query { a: Int }\n")
        with open(os.path.join(folder, "relay.json"), "w") as configuration:
            configuration.write('{"src": "Sources", "schema": "schema.graphql"}')
        os.makedirs(os.path.join(folder, "Sources"))
        first = None
        for megabytes in sizes:
            seconds = min(measure(compiler, megabytes, folder)[0] for _ in range(3))
            first = first or seconds / megabytes
            print(f"{megabytes:3d} MB: {seconds * 1000:8.1f} ms, {seconds * 1000 / megabytes:6.1f} ms/MB "
                  f"({seconds / megabytes / first:.2f}x the first size's per MB)")


if __name__ == "__main__":
    main()
