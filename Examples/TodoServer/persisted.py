"""Persisted queries for the TodoApp example's server: operations known by id from the manifest
`relay-swift-compiler --persist-output` writes (`{"<sha256>": "<text>"}`), and the automatic
persisted queries protocol (Apollo's): a request carries `extensions.persistedQuery.sha256Hash`
without its text; an unknown hash is answered with `PersistedQueryNotFound`, and the client sends
the text with the hash once, which the server checks and keeps.
"""
import hashlib
import json
import threading


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
        self.counts = {"byId": 0, "byHash": 0, "notFound": 0, "registered": 0, "text": 0}
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
