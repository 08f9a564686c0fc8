#!/usr/bin/env python3
"""The TodoApp example's GraphQL server: graphql-core behind the standard library's HTTP server.

Serves POST /graphql on 127.0.0.1 and keeps the to-dos in a JSON file. For exercising the
client: --latency-ms delays every answer, --fail-mutations fails every mutation, and
POST /control {"failNextMutations": N, "latencyMs": M} changes both while it runs;
--clock 2026-11-24T09:00:00Z dates the n-th to-do added n minutes after that time instead of now,
so runs are reproducible.

Subscriptions (`todoAdded`, `todoChanged`) are served over WebSocket with the graphql-transport-ws
protocol on --ws-port, and over Server-Sent Events at POST /graphql/stream (or any POST that
accepts `text/event-stream`); see live.py. POST /control answers with how many subscriptions are
listening (and how requests named their operations: by persisted id, by hash, as text), and also takes {"ackConnections": false, "closeSockets": true, "malformedFor": ID,
"sendGarbage": true} to make the WebSocket side misbehave.

Idempotency keys (idempotency.py): a request with an `Idempotency-Key` header (or
`extensions.idempotencyKey`) is applied once; one sent again with the same key gets the first
answer (POST /control counts them as `idempotentReplays`).

Persisted queries (persisted.py): --persisted-queries takes the manifest that
`relay-swift-compiler --persist-output` writes, so requests may send an `id` instead of the text
(--persisted-only refuses text), and automatic persisted queries (a hash in
`extensions.persistedQuery`, `PersistedQueryNotFound` until the text has come once) always work.
`POST /persist` is Relay's remote persisting (a form with `text`, answered `{"id": …}`), for a
relay.json whose `persistConfig` has this server's `url`; --persist-require names a parameter
(`app=todo`) or header (`X-Persist-Token:secret`) it must carry.

With graphql-core 3.3, `@defer` and `@stream` are answered incrementally: a request that accepts
`multipart/mixed` gets each payload as a part as soon as it is ready (`User.summary` takes
--slow-ms; `User.allTodos` yields an item every --stream-delay-ms).

    pip install 'graphql-core>=3.3' 'websockets>=13'
    python3 server.py --port 4000 --ws-port 4001 --data todos.json
"""
import argparse
import asyncio
import json
import os
import sys
import tempfile
import threading
import time
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from graphql import GraphQLError, GraphQLSchema, build_schema

import idempotency
import live
import persisted as persistence

try:  # graphql-core 3.3: incremental delivery
    from graphql import GraphQLDeferDirective, GraphQLStreamDirective, experimental_execute_incrementally
except ImportError:  # graphql-core 3.2: @defer and @stream are unknown directives there
    experimental_execute_incrementally = None

HERE = os.path.dirname(os.path.abspath(__file__))
USER_ID = "me"


class TodoStore:
    """The to-dos, saved to a JSON file (atomically) after every change."""

    def __init__(self, path, clock=None, hub=None):
        self.path = path
        self.clock = clock
        self.hub = hub or live.EventHub()
        self.lock = threading.Lock()
        # The idempotency key of the request being applied on this thread (idempotency.py):
        # recorded in the same save as the change it makes.
        self.pending_key = threading.local()
        if os.path.exists(path):
            with open(path) as file:
                self.data = json.load(file)
            for todo in self.data["todos"]:  # files written before to-dos had dates
                todo.setdefault("createdAt", "2026-01-01T00:00:00Z")
        else:
            self.data = {"nextId": 1, "todos": []}
            self.save()

    def now(self):
        """The next to-do's date: the clock's start plus a minute per to-do so far, or now."""
        if self.clock is None:
            moment = datetime.now(timezone.utc)
        else:
            moment = self.clock + timedelta(minutes=self.data["nextId"])
        return moment.strftime("%Y-%m-%dT%H:%M:%SZ")

    def save(self):
        key = getattr(self.pending_key, "key", None)
        if key is not None:
            self.data.setdefault("applied", {}).setdefault(key, None)
        folder = os.path.dirname(os.path.abspath(self.path))
        descriptor, temporary = tempfile.mkstemp(dir=folder, prefix=".todos-")
        with os.fdopen(descriptor, "w") as file:
            json.dump(self.data, file, indent=2)
        os.replace(temporary, self.path)

    def remember_answer(self, key, answer):
        """Keeps the answer to the mutation sent with `key`, for its replays."""
        with self.lock:
            self.data.setdefault("applied", {})[key] = answer
            self.save()

    def todos(self):
        with self.lock:
            return [dict(todo) for todo in self.data["todos"]]

    def add(self, text):
        with self.lock:
            todo = {"id": f"todo-{self.data['nextId']}", "text": text, "complete": False, "createdAt": self.now()}
            self.data["nextId"] += 1
            self.data["todos"].append(todo)
            self.save()
        self.hub.publish("todoAdded", edge(todo))
        return dict(todo)

    def change(self, todo_id, **fields):
        """Sets `complete` or `text`, and tells subscribers when that changed anything (so a
        request repeated after a lost answer pushes nothing twice)."""
        with self.lock:
            for todo in self.data["todos"]:
                if todo["id"] == todo_id:
                    unchanged = all(todo.get(name) == value for name, value in fields.items())
                    todo.update(fields)
                    self.save()
                    changed = dict(todo)
                    break
            else:
                raise GraphQLError(f"no to-do with id {todo_id}")
        if not unchanged:
            self.hub.publish("todoChanged", todo_value(changed))
        return changed

    def exists(self, todo_id):
        return any(todo["id"] == todo_id for todo in self.todos())

    def remove(self, todo_id):
        with self.lock:
            before = len(self.data["todos"])
            self.data["todos"] = [todo for todo in self.data["todos"] if todo["id"] != todo_id]
            if len(self.data["todos"]) == before:
                raise GraphQLError(f"no to-do with id {todo_id}")
            self.save()


def todo_value(todo):
    return {"__typename": "Todo", **todo}


def edge(todo):
    return {"cursor": todo["id"], "node": todo_value(todo)}


class Root:
    """Resolvers: graphql-core calls a root attribute that is callable with (info, **arguments)."""

    def __init__(self, store, settings):
        self.store = store
        self.settings = settings

    def user(self):
        store = self.store

        def todos(info, first=100, after=None, status="ALL"):
            items = [todo for todo in store.todos() if status == "ALL" or todo["complete"] == (status == "COMPLETED")]
            start = 0
            if after is not None:
                ids = [todo["id"] for todo in items]
                start = ids.index(after) + 1 if after in ids else len(items)
            page = items[start : start + first]
            return {
                "edges": [edge(todo) for todo in page],
                "pageInfo": {
                    "hasNextPage": start + len(page) < len(items),
                    "endCursor": page[-1]["id"] if page else None,
                    "hasPreviousPage": start > 0,
                    "startCursor": page[0]["id"] if page else None,
                },
            }

        settings = self.settings

        async def summary(info):
            await asyncio.sleep(settings.slow_ms / 1000)
            todos = store.todos()
            done = sum(1 for todo in todos if todo["complete"])
            return f"{done} of {len(todos)} done"

        async def all_todos(info):
            for todo in store.todos():
                await asyncio.sleep(settings.stream_delay_ms / 1000)
                yield todo_value(todo)

        return {
            "__typename": "User",
            "id": USER_ID,
            "name": "Example User",
            "summary": summary,
            "allTodos": all_todos,
            "todos": todos,
            "openCount": lambda info: sum(1 for todo in store.todos() if not todo["complete"]),
            "recent": lambda info, count=3: [todo_value(todo) for todo in reversed(store.todos()[-count:])] if count > 0 else [],
        }

    def viewer(self, info):
        return self.user()

    def node(self, info, id):
        if id == USER_ID:
            return self.user()
        for todo in self.store.todos():
            if todo["id"] == id:
                return todo_value(todo)
        return None

    def check_failure(self):
        if self.settings.take_failure():
            raise GraphQLError("the server was told to fail this mutation")

    def addTodo(self, info, input):
        self.check_failure()
        return {"todoEdge": edge(self.store.add(input["text"])), "user": self.user()}

    def changeTodoStatus(self, info, input):
        self.check_failure()
        return {"todo": todo_value(self.store.change(input["id"], complete=input["complete"])), "user": self.user()}

    def renameTodo(self, info, input):
        self.check_failure()
        return {"todo": todo_value(self.store.change(input["id"], text=input["text"]))}

    def removeTodo(self, info, input):
        self.check_failure()
        self.store.remove(input["id"])
        return {"deletedTodoId": input["id"], "user": self.user()}


class Settings:
    """What the server is told to do, changeable through POST /control."""

    def __init__(self, latency_ms, fail_mutations, slow_ms=300, stream_delay_ms=50):
        self.lock = threading.Lock()
        self.latency_ms = latency_ms
        self.slow_ms = slow_ms
        self.stream_delay_ms = stream_delay_ms
        self.fail_all = fail_mutations
        self.fail_next = 0

    def take_failure(self):
        with self.lock:
            if self.fail_all:
                return True
            if self.fail_next > 0:
                self.fail_next -= 1
                return True
            return False


def make_handler(schema, root, settings, faults, persisted, verbose, keys):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format, *arguments):
            if verbose:
                sys.stderr.write("%s\n" % (format % arguments))

        def send_json(self, status, body):
            persistence.send_json(self, status, body)

        def read_json(self):
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length)
            # A client that died while sending leaves a short body: not a request to run.
            if len(body) < length:
                raise ValueError("the body ended early")
            return json.loads(body or b"{}")

        def do_POST(self):
            if self.path == "/persist":
                # Relay's remote persisting: a form, not JSON.
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                return self.send_json(*persisted.persist(body, self.headers))
            try:
                request = self.read_json()
            except ValueError:
                return self.send_json(400, {"errors": [{"message": "the body is not JSON"}]})
            if self.path == "/control":
                with settings.lock:
                    settings.fail_next = int(request.get("failNextMutations", settings.fail_next))
                    settings.latency_ms = int(request.get("latencyMs", settings.latency_ms))
                faults.update(request)
                with faults.lock:
                    sockets = len(faults.connections)
                return self.send_json(
                    200,
                    {
                        "ok": True,
                        "subscriptions": root.store.hub.count(),
                        "sockets": sockets,
                        "persistedQueries": persisted.statistics(),
                        "idempotentReplays": keys.replays,
                    },
                )
            try:
                request["query"] = persisted.resolve(request)
            except persistence.PersistedQueryError as error:
                return self.send_json(200, {"errors": [error.formatted]})
            if self.path == "/graphql/stream" or "text/event-stream" in self.headers.get("Accept", ""):
                return live.serve_event_stream(self, schema, root, request)
            if self.path != "/graphql":
                return self.send_json(404, {"errors": [{"message": "POST /graphql"}]})
            time.sleep(settings.latency_ms / 1000)
            multipart = "multipart/mixed" in self.headers.get("Accept", "")
            key = idempotency.key_of(self.headers, request)
            if key is not None and not multipart:
                return self.send_json(200, keys.answer(key, lambda: asyncio.run(self.result(request))))
            asyncio.run(self.answer(request, multipart))

        async def result(self, request):
            """The one JSON answer to a request that is not incremental."""
            results = await live.run_operation(schema, root, request)
            if live.is_errors(results):
                return {"errors": [error.formatted for error in results]}
            if isinstance(results, list):
                return results[0].formatted
            return {"errors": [{"message": "@defer and @stream need an Accept header with multipart/mixed"}]}

        async def answer(self, request, multipart):
            """Executes the request; an incremental result goes out part by part."""
            results = await live.run_operation(schema, root, request)
            if live.is_errors(results):
                return self.send_json(200, {"errors": [error.formatted for error in results]})
            if isinstance(results, list):
                return self.send_json(200, results[0].formatted)
            if not multipart:
                return self.send_json(
                    200, {"errors": [{"message": "@defer and @stream need an Accept header with multipart/mixed"}]}
                )
            self.send_response(200)
            self.send_header("Content-Type", 'multipart/mixed; boundary="-"')
            self.end_headers()
            async for payload in live.aiterate(results):
                self.write_part(payload.formatted)
            self.wfile.write(b"\r\n-----\r\n")
            self.wfile.flush()

        def write_part(self, payload):
            data = json.dumps(payload).encode()
            self.wfile.write(b"\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n" + data)
            self.wfile.flush()

    return Handler


def load_schema():
    """The schema, with graphql-core's own `@defer` and `@stream` where it has them (it only
    delivers incrementally for those)."""
    with open(os.path.join(HERE, "schema.graphql")) as file:
        built = build_schema(file.read())
    if experimental_execute_incrementally is None:
        return built
    directives = [d for d in built.directives if d.name not in ("defer", "stream")]
    return GraphQLSchema(
        query=built.query_type,
        mutation=built.mutation_type,
        subscription=built.subscription_type,
        types=list(built.type_map.values()),
        directives=[*directives, GraphQLDeferDirective, GraphQLStreamDirective],
        description=built.description,
    )


def write_port(path, port):
    """Writes the port atomically, so a reader never sees half of it."""
    if path:
        with open(path + ".tmp", "w") as file:
            file.write(str(port))
        os.replace(path + ".tmp", path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=4000, help="0 picks a free port")
    parser.add_argument("--port-file", help="write the port chosen here once listening")
    parser.add_argument("--data", default=os.path.join(HERE, "todos.json"), help="the JSON file of to-dos")
    parser.add_argument("--latency-ms", type=int, default=0, help="delay every answer")
    parser.add_argument("--fail-mutations", action="store_true", help="fail every mutation")
    parser.add_argument("--clock", help="date the n-th to-do n minutes after this ISO 8601 time (UTC)")
    parser.add_argument("--slow-ms", type=int, default=300, help="how long User.summary takes")
    parser.add_argument("--stream-delay-ms", type=int, default=50, help="the wait before each item of User.allTodos")
    parser.add_argument("--ws-port", type=int, help="the graphql-transport-ws port (0 picks a free one); --port + 1 by default")
    parser.add_argument("--ws-port-file", help="write the WebSocket port chosen here once listening")
    parser.add_argument("--persisted-queries", help="a persisted-queries manifest (relay-swift-compiler --persist-output)")
    parser.add_argument("--persisted-only", action="store_true", help="refuse operations sent as text")
    parser.add_argument(
        "--persist-require", action="append", default=[],
        help="NAME=VALUE (a form parameter) or NAME:VALUE (a header) every POST /persist must carry")
    parser.add_argument("--verbose", action="store_true")
    options = parser.parse_args()
    schema = load_schema()
    settings = Settings(options.latency_ms, options.fail_mutations, options.slow_ms, options.stream_delay_ms)
    clock = datetime.strptime(options.clock, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc) if options.clock else None
    store = TodoStore(options.data, clock)
    root = Root(store, settings)
    live.install_subscriptions(schema, store.hub, store.exists)
    faults = live.Faults()
    persisted = persistence.PersistedQueries(options.persisted_queries, options.persisted_only)
    persisted.configure_persisting(
        [item for item in options.persist_require if "=" in item.split(":", 1)[0]],
        [item for item in options.persist_require if "=" not in item.split(":", 1)[0]], 0)
    handler = make_handler(
        schema, root, settings, faults, persisted, options.verbose, idempotency.IdempotencyKeys(store)
    )
    server = ThreadingHTTPServer(("127.0.0.1", options.port), handler)
    server.daemon_threads = True
    port = server.server_address[1]
    ws_port = options.ws_port if options.ws_port is not None else (port + 1 if options.port else 0)
    ws_port = live.start_websocket_server("127.0.0.1", ws_port, schema, root, faults)
    write_port(options.ws_port_file, ws_port)
    write_port(options.port_file, port)
    print(f"listening on http://127.0.0.1:{port}/graphql and ws://127.0.0.1:{ws_port}/graphql", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
