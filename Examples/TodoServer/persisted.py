"""Persisted queries for the TodoApp example's server: operations known by id from the manifest
`relay-swift-compiler --persist-output` writes (`{"<sha256>": "<text>"}`), the automatic
persisted queries protocol (Apollo's): a request carries `extensions.persistedQuery.sha256Hash`
without its text; an unknown hash is answered with `PersistedQueryNotFound`, and the client sends
the text with the hash once, which the server checks and keeps; and Relay's remote persisting
(`POST /persist`, a form with `text` and the compiler's `params`, answered `{"id": …}`), after
which requests name the operation by that id.

Run alone (`python3 persisted.py --port-file F`), it is only the persisting endpoint, with the
Python standard library: the compiler's tests start it on loopback. `GET /stats` tells what came.
"""
import argparse
import os
import hashlib
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs


class PersistedQueryError(Exception):
    def __init__(self, message, code=None):
        super().__init__(message)
        self.formatted = {"message": message}
        if code:
            self.formatted["extensions"] = {"code": code}


class PersistedQueries:
    """The texts known by hash, and how requests came: by id, by hash, or as text."""

    def __init__(self, manifest_path=None, only=False):
        self.lock = threading.Lock()
        self.texts = {}
        self.only = only
        self.counts = {"byId": 0, "byHash": 0, "notFound": 0, "registered": 0, "text": 0, "persisted": 0}
        self.required_params = {}
        self.required_headers = {}
        self.delay_ms = 0
        self.in_flight = 0
        self.max_in_flight = 0
        if manifest_path:
            with open(manifest_path) as file:
                self.texts.update(json.load(file))

    def count(self, kind):
        with self.lock:
            self.counts[kind] += 1

    def statistics(self):
        with self.lock:
            return dict(self.counts)

    def resolve(self, request):
        """The operation text of a request, or a PersistedQueryError."""
        text = request.get("query")
        persisted = ((request.get("extensions") or {}).get("persistedQuery") or {}).get("sha256Hash")
        if persisted:
            if text is not None:
                if hashlib.sha256(text.encode()).hexdigest() != persisted:
                    raise PersistedQueryError("provided sha does not match query", "BAD_USER_INPUT")
                with self.lock:
                    self.texts[persisted] = text
                self.count("registered")
                return text
            with self.lock:
                text = self.texts.get(persisted)
            if text is None:
                self.count("notFound")
                raise PersistedQueryError("PersistedQueryNotFound", "PERSISTED_QUERY_NOT_FOUND")
            self.count("byHash")
            return text
        if text is None and request.get("id"):
            with self.lock:
                text = self.texts.get(request["id"])
            if text is None:
                raise PersistedQueryError(f"no persisted query with id {request['id']}")
            self.count("byId")
            return text
        if self.only:
            raise PersistedQueryError("this server runs persisted queries only")
        self.count("text")
        return text or ""

    def persist(self, body, headers):
        """Relay's remote persisting: (status, answer) for a form with `text`. The id is the
        server's own (`persisted-` and 16 hex digits of the text's SHA-256), so a client that
        sends it cannot have computed it from a digest algorithm of its own."""
        form = {name: values[-1] for name, values in parse_qs(body.decode(), keep_blank_values=True).items()}
        for name, value in self.required_params.items():
            if form.get(name) != value:
                return 403, {"error": {"message": f"the parameter {name} is missing or wrong"}}
        for name, value in self.required_headers.items():
            if headers.get(name) != value:
                return 403, {"error": {"message": f"the header {name} is missing or wrong"}}
        text = form.get("text")
        if not text:
            return 400, {"error": {"message": "no text to persist"}}
        with self.lock:
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
        time.sleep(self.delay_ms / 1000)
        persisted_id = "persisted-" + hashlib.sha256(text.encode()).hexdigest()[:16]
        with self.lock:
            self.in_flight -= 1
            self.texts[persisted_id] = text
            self.counts["persisted"] += 1
        return 200, {"id": persisted_id}

    def persisting_statistics(self):
        with self.lock:
            return {"persisted": self.counts["persisted"], "maxInFlight": self.max_in_flight, "ids": sorted(self.texts)}

    def configure_persisting(self, params, headers, delay_ms):
        """Requirements of the persisting endpoint: `name=value` parameters and `Name: value`
        headers every request must carry, and a delay that lets concurrent requests overlap."""
        self.required_params = dict(item.split("=", 1) for item in params)
        self.required_headers = dict(item.split(":", 1) for item in headers)
        self.delay_ms = delay_ms


def send_json(handler, status, body):
    """Answers an HTTP request with `body` as JSON (the TodoServer's handler answers this way too)."""
    data = json.dumps(body).encode()
    handler.send_response(status)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)


def main():
    parser = argparse.ArgumentParser(description="Relay's remote persisting endpoint alone, on loopback")
    parser.add_argument("--port-file", required=True, help="write the port chosen here once listening")
    parser.add_argument("--require-param", action="append", default=[], help="NAME=VALUE every request carries")
    parser.add_argument("--require-header", action="append", default=[], help="NAME:VALUE every request carries")
    parser.add_argument("--delay-ms", type=int, default=0, help="how long each persisting takes")
    options = parser.parse_args()
    persisted = PersistedQueries()
    persisted.configure_persisting(options.require_param, options.require_header, options.delay_ms)

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format, *arguments):
            pass

        def do_GET(self):
            send_json(self, 200, persisted.persisting_statistics())

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            send_json(self, *persisted.persist(body, self.headers))

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    with open(options.port_file + ".tmp", "w") as file:
        file.write(str(server.server_address[1]))


    os.replace(options.port_file + ".tmp", options.port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
