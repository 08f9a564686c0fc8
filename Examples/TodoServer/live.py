"""Live data for the TodoApp example's server: GraphQL subscriptions over WebSocket (the
graphql-transport-ws protocol, with the `websockets` package) and over Server-Sent Events (the
GraphQL over SSE protocol's distinct connections mode), fed by an event hub that the to-do store
publishes to.

For exercising clients, `Faults` (changed through POST /control) makes the WebSocket side
misbehave: never acknowledge a connection, close every socket at once, send a `next` message
whose payload is not a GraphQL response, or send a frame that is not JSON.
"""
import asyncio
import contextlib
import json
import threading

from graphql import GraphQLError, parse, subscribe, validate

try:  # graphql-core 3.3, whose schema here has @defer and @stream
    from graphql import experimental_execute_incrementally as execute
except ImportError:
    from graphql import execute

PROTOCOL = "graphql-transport-ws"


class EventHub:
    """Publishes store events to every listener, each an asyncio queue on its own event loop;
    `publish` may be called from any thread."""

    def __init__(self):
        self.lock = threading.Lock()
        self.listeners = set()

    def count(self):
        with self.lock:
            return len(self.listeners)

    def publish(self, kind, value):
        with self.lock:
            listeners = list(self.listeners)
        for loop, queue in listeners:
            with contextlib.suppress(RuntimeError):  # a loop that has just closed
                loop.call_soon_threadsafe(queue.put_nowait, (kind, value))

    @contextlib.contextmanager
    def listen(self):
        listener = (asyncio.get_running_loop(), asyncio.Queue())
        with self.lock:
            self.listeners.add(listener)
        try:
            yield listener[1]
        finally:
            with self.lock:
                self.listeners.discard(listener)


def install_subscriptions(schema, hub, todo_exists):
    """Gives the schema's Subscription fields their event sources: `todoAdded` (every to-do
    added) and `todoChanged(id:)` (status or text changes, of one to-do when `id` is given)."""

    async def events(kind, accept):
        with hub.listen() as queue:
            while True:
                event_kind, value = await queue.get()
                if event_kind == kind and accept(value):
                    yield value

    def todo_added(root, info):
        return events("todoAdded", lambda value: True)

    def todo_changed(root, info, id=None):
        if id is not None and not todo_exists(id):
            raise GraphQLError(f"no to-do with id {id}")
        return events("todoChanged", lambda todo: id is None or todo["id"] == id)

    fields = schema.subscription_type.fields
    fields["todoAdded"].subscribe = todo_added
    fields["todoAdded"].resolve = lambda event, info: event
    fields["todoChanged"].subscribe = todo_changed
    fields["todoChanged"].resolve = lambda event, info, id=None: event


class Faults:
    """How the WebSocket side misbehaves, as POST /control sets it."""

    def __init__(self):
        self.lock = threading.Lock()
        self.ack_connections = True
        self.malformed_for = None  # a to-do id: its subscriptions' next event is sent malformed
        self.connections = set()  # (loop, connection) of every open socket

    def update(self, request):
        with self.lock:
            self.ack_connections = bool(request.get("ackConnections", self.ack_connections))
            self.malformed_for = request.get("malformedFor", self.malformed_for)
            connections = list(self.connections)
        for loop, connection in connections:
            if request.get("closeSockets"):  # as if the process died: no close frame
                loop.call_soon_threadsafe(connection.transport.abort)
            if request.get("sendGarbage"):
                asyncio.run_coroutine_threadsafe(connection.send("this is not JSON"), loop)

    def take_malformed(self, variables):
        with self.lock:
            if self.malformed_for is not None and (variables or {}).get("id") == self.malformed_for:
                self.malformed_for = None
                return True
            return False


async def run_operation(schema, root, request):
    """Runs a GraphQL request: an async iterator of results for a subscription, else a list of
    one result, or a list of GraphQL errors when the request is not valid."""
    try:
        document = parse(request.get("query", ""))
    except GraphQLError as error:
        return [error]
    errors = validate(schema, document)
    if errors:
        return errors
    arguments = dict(
        schema=schema,
        document=document,
        root_value=root,
        variable_values=request.get("variables"),
        operation_name=request.get("operationName"),
    )
    is_subscription = any(
        getattr(definition, "operation", None) is not None and definition.operation.value == "subscription"
        for definition in document.definitions
    )
    result = (subscribe if is_subscription else execute)(**arguments)
    if asyncio.iscoroutine(result):
        result = await result
    if hasattr(result, "__aiter__"):
        return result
    if hasattr(result, "initial_result"):
        return incremental_results(result)
    if is_subscription and result.errors:
        return result.errors
    return [result]


def is_errors(results):
    """Whether `run_operation` refused the request (its GraphQL errors)."""
    return isinstance(results, list) and bool(results) and isinstance(results[0], GraphQLError)


async def incremental_results(result):
    """The payloads of a `@defer` / `@stream` response, the initial one first."""
    yield result.initial_result
    async for payload in result.subsequent_results:
        yield payload


class GraphQLTransportWS:
    """One client's socket: connection_init / connection_ack, subscribe / next / error /
    complete for any number of operations at once, ping / pong."""

    def __init__(self, connection, schema, root, faults):
        self.connection = connection
        self.schema = schema
        self.root = root
        self.faults = faults
        self.acknowledged = False
        self.initialised = False
        self.operations = {}

    async def send(self, message):
        await self.connection.send(json.dumps(message))

    async def close(self, code, reason):
        await self.connection.close(code, reason)

    async def serve(self):
        try:
            message_text = await asyncio.wait_for(self.connection.recv(), timeout=3)
        except asyncio.TimeoutError:
            return await self.close(4408, "Connection initialisation timeout")
        while True:
            if not await self.handle(message_text):
                return
            message_text = await self.connection.recv()

    async def handle(self, text):
        try:
            message = json.loads(text)
            kind = message["type"]
        except (ValueError, KeyError, TypeError):
            await self.close(4400, "Invalid message received")
            return False
        if kind == "connection_init":
            if self.initialised:
                await self.close(4429, "Too many initialisation requests")
                return False
            self.initialised = True
            with self.faults.lock:
                acknowledge = self.faults.ack_connections
            if acknowledge:
                self.acknowledged = True
                await self.send({"type": "connection_ack"})
        elif kind == "ping":
            await self.send({"type": "pong"})
        elif kind == "pong":
            pass
        elif kind == "subscribe":
            if not self.acknowledged:
                await self.close(4401, "Unauthorized")
                return False
            operation_id = message.get("id")
            if operation_id in self.operations:
                await self.close(4409, f"Subscriber for {operation_id} already exists")
                return False
            payload = message.get("payload") or {}
            self.operations[operation_id] = asyncio.create_task(self.run(operation_id, payload))
        elif kind == "complete":
            task = self.operations.pop(message.get("id"), None)
            if task is not None:
                task.cancel()
        else:
            await self.close(4400, f"Unexpected message type {kind}")
            return False
        return True

    async def run(self, operation_id, payload):
        try:
            results = await run_operation(self.schema, self.root, payload)
            if is_errors(results):
                await self.send({"id": operation_id, "type": "error", "payload": [e.formatted for e in results]})
                return
            async for result in aiterate(results):
                if self.faults.take_malformed(payload.get("variables")):
                    await self.send({"id": operation_id, "type": "next", "payload": "not a GraphQL response"})
                    continue
                await self.send({"id": operation_id, "type": "next", "payload": result.formatted})
            await self.send({"id": operation_id, "type": "complete"})
        except asyncio.CancelledError:
            raise
        except Exception:  # the socket closed under it
            pass
        finally:
            self.operations.pop(operation_id, None)

    def stop(self):
        for task in self.operations.values():
            task.cancel()


async def aiterate(results):
    if hasattr(results, "__aiter__"):
        try:
            async for result in results:
                yield result
        finally:
            with contextlib.suppress(Exception):
                await results.aclose()
    else:
        for result in results:
            yield result


def start_websocket_server(host, port, schema, root, faults):
    """Serves graphql-transport-ws on its own thread and event loop; returns the port."""
    from websockets.asyncio.server import serve

    started = threading.Event()
    chosen = {}

    async def handler(connection):
        if connection.subprotocol != PROTOCOL:
            return await connection.close(4406, "Subprotocol not acceptable")
        loop = asyncio.get_running_loop()
        with faults.lock:
            faults.connections.add((loop, connection))
        protocol = GraphQLTransportWS(connection, schema, root, faults)
        try:
            await protocol.serve()
        except Exception:  # closed by the client or the network
            pass
        finally:
            protocol.stop()
            with faults.lock:
                faults.connections.discard((loop, connection))

    async def main():
        async with serve(handler, host, port, subprotocols=[PROTOCOL], compression=None) as server:
            chosen["port"] = server.sockets[0].getsockname()[1]
            started.set()
            await server.serve_forever()

    threading.Thread(target=lambda: asyncio.run(main()), daemon=True).start()
    started.wait(10)
    return chosen["port"]


def serve_event_stream(handler, schema, root, request):
    """Answers a request over Server-Sent Events: an event `next` per result, then `complete`.
    A comment every second finds out when the client has gone, which ends the operation."""

    def write(data):
        handler.wfile.write(data)
        handler.wfile.flush()

    async def stream():
        results = await run_operation(schema, root, request)
        if is_errors(results):
            write(b"event: next\ndata: " + json.dumps({"errors": [e.formatted for e in results]}).encode() + b"\n\n")
            return
        async for result in aiterate(results):
            write(b"event: next\ndata: " + json.dumps(result.formatted).encode() + b"\n\n")

    async def keep_alive():
        while True:
            await asyncio.sleep(1)
            write(b":\n\n")

    async def main():
        results = asyncio.create_task(stream())
        alive = asyncio.create_task(keep_alive())
        done, _ = await asyncio.wait({results, alive}, return_when=asyncio.FIRST_COMPLETED)
        for task in (results, alive):
            task.cancel()
        if results in done and results.exception() is None:
            write(b"event: complete\ndata:\n\n")

    handler.send_response(200)
    handler.send_header("Content-Type", "text/event-stream")
    handler.send_header("Cache-Control", "no-cache")
    handler.send_header("Connection", "close")
    handler.end_headers()
    with contextlib.suppress(OSError):
        asyncio.run(main())
    handler.close_connection = True
