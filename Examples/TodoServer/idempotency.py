"""Idempotency keys: a mutation sent again with the key it was first sent with is answered with
the first answer and not applied twice.

relay-swift's offline queue (`Environment.OfflineMutations`) sends each queued mutation with a
key made once when the app committed it, in the `Idempotency-Key` header over HTTP and in the
body's `extensions.idempotencyKey`. It may send a mutation again: after a restart, when the app
was killed while a request was under way, since it cannot know whether that request reached the
server. This is the server's half of exactly once: remember each key with its answer.

The key is recorded in the same save of the to-do file as the change the mutation made (the
store's `save` writes `applied` with the to-dos), so no crash of the server can leave a change
without its key. The answer is saved just after; a replay that finds the key without its answer
(the server died between the two saves) is told so instead of applied again.
"""
import threading

HEADER = "Idempotency-Key"


def key_of(headers, request):
    """The request's key: the header, else `extensions.idempotencyKey`; None without one."""
    key = headers.get(HEADER)
    if key:
        return key
    extensions = request.get("extensions") or {}
    key = extensions.get("idempotencyKey") if isinstance(extensions, dict) else None
    return key if isinstance(key, str) and key else None


class IdempotencyKeys:
    """Runs keyed requests one at a time, each key's effect once."""

    def __init__(self, store):
        self.store = store
        self.lock = threading.Lock()
        self.replays = 0

    def answer(self, key, execute):
        """The answer for `key`: the remembered one for a key seen before, else what `execute()`
        answers. An answer with `data` is remembered, errors included (the mutation ran and may
        have changed something); one without is a request refused before it ran (a syntax or
        validation error), which changed nothing, so its replay runs."""
        with self.lock:
            applied = self.store.data.setdefault("applied", {})
            if key in applied:
                self.replays += 1
                remembered = applied[key]
                if remembered is None:
                    return {"errors": [{"message": f"the mutation with idempotency key {key} was applied; its answer was lost"}]}
                return remembered
            self.store.pending_key.key = key
            try:
                result = execute()
            finally:
                self.store.pending_key.key = None
            if "data" in result:
                self.store.remember_answer(key, result)
            return result
