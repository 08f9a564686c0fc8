"""`relay-swift-compiler lsp` driven by a real Language Server Protocol client (pytest-lsp):
diagnostics as a Swift file's GraphQL is edited without saving, completion, hover, go to
definition (also from Swift names of generated code), find references and rename across files,
code actions, inlay hints, document and workspace symbols, print operation, a `.graphql` file
and the `.graphql` documents of relay.json.

Run by `.ci/run`; by hand:
    RELAY_SWIFT_COMPILER=.build/debug/relay-swift-compiler python -m pytest Tests/LanguageServerEndToEnd
"""
import asyncio
import os
import pathlib
import subprocess
import tempfile

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

COMPILER = os.environ.get("RELAY_SWIFT_COMPILER", ".build/debug/relay-swift-compiler")
PROJECT = pathlib.Path(tempfile.mkdtemp(prefix="relay-swift-lsp-"))

SCHEMA = '''\
type Query { viewer: User }
"A person using the app."
type User { id: ID! todos(first: Int, status: Status): [Todo!]! }
"Something to do."
type Todo {
  id: ID!
  "What there is to do."
  text: String!
  complete: Boolean!
}
enum Status { OPEN DONE }
'''

TODO_LIST = '''\
import Relay

private let query = graphql("""
    query TodoListQuery($status: Status) {
      viewer {
        todos(first: 10, status: $status) {
          id
          ...TodoRow_todo
        }
      }
    }
    """)
'''

TODO_ROW = '''\
import Relay

// The row of one to-do.
private let fragment = graphql("""
    fragment TodoRow_todo on Todo {
      text
      complete
    }
    """)
'''


def write_project():
    (PROJECT / "Sources").mkdir(parents=True, exist_ok=True)
    (PROJECT / "schema.graphql").write_text(SCHEMA)
    (PROJECT / "relay.json").write_text('{"src": "Sources", "schema": "schema.graphql"}')
    (PROJECT / "Sources" / "TodoList.swift").write_text(TODO_LIST)
    (PROJECT / "Sources" / "TodoRow.swift").write_text(TODO_ROW)


write_project()


def client_in(root, name, capabilities=None):
    """A fixture named `name`: a client of a server whose workspace is the folder `root`."""

    @pytest_lsp.fixture(config=ClientServerConfig(server_command=[os.path.abspath(COMPILER), "lsp"]), name=name)
    async def workspace_client(lsp_client: LanguageClient):
        await lsp_client.initialize_session(
            types.InitializeParams(capabilities=capabilities or types.ClientCapabilities(), root_uri=root.as_uri())
        )
        yield
        await lsp_client.shutdown_session()

    return workspace_client


client = client_in(PROJECT, "client")
# A client that applies workspace edits creating files.
creating_client = client_in(
    PROJECT,
    "creating_client",
    types.ClientCapabilities(
        workspace=types.WorkspaceClientCapabilities(
            workspace_edit=types.WorkspaceEditClientCapabilities(
                document_changes=True, resource_operations=[types.ResourceOperationKind.Create]
            )
        )
    ),
)


def uri(name):
    return (PROJECT / "Sources" / name).as_uri()


async def published_after(client, document_uri, action):
    """Does `action`, then returns the diagnostics the server publishes for the document after it.

    The client keeps the latest publication of every document (`client.diagnostics`, filled by
    pytest-lsp whether or not a test waits): forgetting the document's entry first and waiting
    for a new one cannot miss a publication that arrives while the test is busy, as waiting for
    the next notification could on a loaded machine. The server publishes every open document
    after each change, so the entry comes back; a minute without it fails the test."""
    client.diagnostics.pop(document_uri, None)
    action()

    async def published():
        while document_uri not in client.diagnostics:
            await asyncio.sleep(0.01)
        return client.diagnostics[document_uri]

    return await asyncio.wait_for(published(), timeout=60)


async def open_document(client, name, text, language="swift"):
    """Opens the project's Sources/`name`; the diagnostics published for it."""
    return await open_uri(client, uri(name), text, language)


async def open_uri(client, document_uri, text, language="swift"):
    """Opens the document at `document_uri` with `text`; the diagnostics published for it."""
    return await published_after(
        client,
        document_uri,
        lambda: client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(uri=document_uri, language_id=language, version=1, text=text)
            )
        ),
    )


def change(client, name, version, text):
    return lambda: client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(name), version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


def position_of(text, needle, offset=0):
    """The LSP position of `needle` in `text` (plus `offset` characters)."""
    index = text.index(needle) + offset
    line = text.count("\n", 0, index)
    return types.Position(line=line, character=index - (text.rfind("\n", 0, index) + 1))


@pytest.mark.asyncio
async def test_diagnostics_follow_unsaved_edits(client: LanguageClient):
    assert len(await open_document(client, "TodoList.swift", TODO_LIST)) == 0
    typo = TODO_LIST.replace("          id\n", "          idd\n")
    diagnostics = await published_after(client, uri("TodoList.swift"), change(client, "TodoList.swift", 2, typo))
    assert len(diagnostics) == 1, diagnostics
    assert "idd" in diagnostics[0].message
    # The misspelled field's line and column in the Swift file.
    assert diagnostics[0].range.start == position_of(typo, "idd")
    fixed = await published_after(client, uri("TodoList.swift"), change(client, "TodoList.swift", 3, TODO_LIST))
    assert len(fixed) == 0


async def completion_labels(client, name, text, needle, offset=0):
    """The labels the server completes at `needle` (plus `offset`) of an open Swift file."""
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(name)), position=position_of(text, needle, offset)
        )
    )
    return set() if result is None else {item.label for item in result.items}


@pytest.mark.asyncio
async def test_completion_lists_the_fields_of_the_type_at_the_cursor(client: LanguageClient):
    await open_document(client, "TodoList.swift", TODO_LIST)
    labels = await completion_labels(client, "TodoList.swift", TODO_LIST, "          id\n", 10)
    assert {"id", "text", "complete", "__typename"} <= labels, labels
    assert "viewer" not in labels
    # Arguments of the field whose parentheses the cursor is in, and the variables.
    assert await completion_labels(client, "TodoList.swift", TODO_LIST, "todos(", 6) == {"first", "status"}
    labels = await completion_labels(client, "TodoList.swift", TODO_LIST, "status: $status", 8)
    assert {"$status", "OPEN", "DONE"} <= labels, labels
    # Outside the GraphQL, nothing: sourcekit-lsp answers there.
    assert await completion_labels(client, "TodoList.swift", TODO_LIST, "import Relay", 3) == set()


@pytest.mark.asyncio
async def test_hover_shows_the_type_and_description(client: LanguageClient):
    await open_document(client, "TodoRow.swift", TODO_ROW)
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri("TodoRow.swift")),
            position=position_of(TODO_ROW, "      text", 8),
        )
    )
    assert "Todo.text: String!" in hover.contents.value
    assert "What there is to do." in hover.contents.value
    assert hover.range.start == position_of(TODO_ROW, "      text", 6)


@pytest.mark.asyncio
async def test_references_of_a_fragment_and_of_a_field_span_both_files(client: LanguageClient):
    await open_document(client, "TodoList.swift", TODO_LIST)
    await open_document(client, "TodoRow.swift", TODO_ROW)

    async def references(name, text, needle, offset, declaration=True):
        result = await client.text_document_references_async(
            types.ReferenceParams(
                text_document=types.TextDocumentIdentifier(uri=uri(name)),
                position=position_of(text, needle, offset),
                context=types.ReferenceContext(include_declaration=declaration),
            )
        )
        return sorted((pathlib.Path(types_uri(r.uri)).name, r.range.start.line, r.range.start.character) for r in result)

    # The fragment, from its spread: the definition in TodoRow.swift and the spread.
    found = await references("TodoList.swift", TODO_LIST, "...TodoRow_todo", 5)
    row = position_of(TODO_ROW, "TodoRow_todo on")
    spread = position_of(TODO_LIST, "TodoRow_todo\n")
    assert found == sorted([("TodoRow.swift", row.line, row.character), ("TodoList.swift", spread.line, spread.character)])
    assert await references("TodoList.swift", TODO_LIST, "...TodoRow_todo", 5, declaration=False) == [
        ("TodoList.swift", spread.line, spread.character)
    ]
    # A schema field: its selection, and its declaration in the schema.
    found = await references("TodoRow.swift", TODO_ROW, "      text", 8)
    text = position_of(TODO_ROW, "      text", 6)
    schema_line = SCHEMA.splitlines().index("  text: String!")
    assert found == sorted([("TodoRow.swift", text.line, text.character), ("schema.graphql", schema_line, 2)])


@pytest.mark.asyncio
async def test_document_and_workspace_symbols_name_operations_and_fragments(client: LanguageClient):
    await open_document(client, "TodoList.swift", TODO_LIST)
    await open_document(client, "TodoRow.swift", TODO_ROW)
    outline = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri("TodoList.swift")))
    )
    assert [(symbol.name, symbol.detail) for symbol in outline] == [("TodoListQuery", "query")]
    assert outline[0].selection_range.start == position_of(TODO_LIST, "TodoListQuery")
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="todo"))
    # The project's definitions, then the schema's types and fields (schema search).
    assert [symbol.name for symbol in found] == [
        "TodoListQuery", "TodoRow_todo", "Todo", "User.todos", "Todo.id", "Todo.text", "Todo.complete"
    ]
    assert found[2].kind == types.SymbolKind.Class
    assert found[2].location.uri == (PROJECT / "schema.graphql").as_uri()
    row = next(symbol for symbol in found if symbol.name == "TodoRow_todo")
    assert row.location.uri == uri("TodoRow.swift")
    assert row.location.range.start == position_of(TODO_ROW, "TodoRow_todo")


@pytest.mark.asyncio
async def test_rename_a_fragment_edits_both_files_and_the_project_compiles(client: LanguageClient):
    await open_document(client, "TodoList.swift", TODO_LIST)
    await open_document(client, "TodoRow.swift", TODO_ROW)
    position = position_of(TODO_ROW, "TodoRow_todo on", 3)
    prepared = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=types.TextDocumentIdentifier(uri=uri("TodoRow.swift")), position=position)
    )
    assert prepared.start == position_of(TODO_ROW, "TodoRow_todo on")
    edit = await client.text_document_rename_async(
        types.RenameParams(
            text_document=types.TextDocumentIdentifier(uri=uri("TodoRow.swift")), position=position, new_name="TodoRow_item"
        )
    )
    assert sorted(pathlib.Path(types_uri(document)).name for document in edit.changes) == ["TodoList.swift", "TodoRow.swift"]
    # The edits applied to a copy of the project, which the compiler then checks.
    copy = pathlib.Path(tempfile.mkdtemp(prefix="relay-swift-lsp-renamed-"))
    (copy / "Sources").mkdir()
    (copy / "schema.graphql").write_text(SCHEMA)
    (copy / "relay.json").write_text('{"src": "Sources", "schema": "schema.graphql"}')
    for name, text in [("TodoList.swift", TODO_LIST), ("TodoRow.swift", TODO_ROW)]:
        renamed = apply_edits(text, edit.changes.get(uri(name), []))
        assert "TodoRow_todo" not in renamed
        (copy / "Sources" / name).write_text(renamed)
    checked = subprocess.run(
        [os.path.abspath(COMPILER), "--config", str(copy / "relay.json"), "--check"], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    # A name another definition has is refused, with the reason.
    with pytest.raises(Exception, match="already an operation or fragment named TodoListQuery"):
        await client.text_document_rename_async(
            types.RenameParams(
                text_document=types.TextDocumentIdentifier(uri=uri("TodoRow.swift")),
                position=position,
                new_name="TodoListQuery",
            )
        )


@pytest.mark.asyncio
async def test_rename_a_fragment_argument_edits_the_arguments_of_its_spreads(client: LanguageClient):
    row = TODO_ROW.replace(
        "TodoRow_todo on Todo {\n      text\n",
        'TodoRow_todo on Todo @argumentDefinitions(full: {type: "Boolean", defaultValue: false}) {\n'
        "      text @include(if: $full)\n",
    )
    listing = TODO_LIST.replace("...TodoRow_todo\n", "...TodoRow_todo @arguments(full: true)\n")
    assert len(await open_document(client, "TodoRow.swift", row)) == 0
    assert len(await open_document(client, "TodoList.swift", listing)) == 0
    edit = await client.text_document_rename_async(
        types.RenameParams(
            text_document=types.TextDocumentIdentifier(uri=uri("TodoList.swift")),
            position=position_of(listing, "full: true", 1),
            new_name="detailed",
        )
    )
    renamed_row = apply_edits(row, edit.changes[uri("TodoRow.swift")])
    assert '@argumentDefinitions(detailed: {type: "Boolean"' in renamed_row
    assert "text @include(if: $detailed)" in renamed_row
    assert "...TodoRow_todo @arguments(detailed: true)" in apply_edits(listing, edit.changes[uri("TodoList.swift")])


def apply_edits(text, edits):
    """`text` with LSP text edits applied (UTF-16 columns; these texts are ASCII)."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        start = offsets[edit.range.start.line] + edit.range.start.character
        end = offsets[edit.range.end.line] + edit.range.end.character
        text = text[:start] + edit.new_text + text[end:]
    return text


@pytest.mark.asyncio
async def test_print_operation_gives_the_full_text_the_server_gets(client: LanguageClient):
    await open_document(client, "TodoList.swift", TODO_LIST)
    await open_document(client, "TodoRow.swift", TODO_ROW)
    position = position_of(TODO_LIST, "viewer")
    printed = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            command="relay-swift.printOperation",
            arguments=[uri("TodoList.swift"), {"line": position.line, "character": position.character}],
        )
    )
    assert printed["name"] == "TodoListQuery"
    assert "query TodoListQuery(\n  $status: Status\n) {" in printed["text"], printed["text"]
    assert "fragment TodoRow_todo on Todo" in printed["text"], printed["text"]


@pytest.mark.asyncio
async def test_a_code_action_applied_fixes_the_diagnostic_it_was_offered_for(client: LanguageClient):
    await open_document(client, "TodoRow.swift", TODO_ROW)
    typo = TODO_ROW.replace("      complete\n", "      complet\n")
    diagnostics = await published_after(client, uri("TodoRow.swift"), change(client, "TodoRow.swift", 2, typo))
    assert len(diagnostics) == 1, diagnostics
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri("TodoRow.swift")),
            range=diagnostics[0].range,
            context=types.CodeActionContext(diagnostics=diagnostics),
        )
    )
    fix = next(action for action in actions if action.title == "Change to 'complete'")
    assert fix.kind == types.CodeActionKind.QuickFix
    fixed_text = apply_edits(typo, fix.edit.changes[uri("TodoRow.swift")])
    assert fixed_text == TODO_ROW
    fixed = await published_after(client, uri("TodoRow.swift"), change(client, "TodoRow.swift", 3, fixed_text))
    assert len(fixed) == 0


async def fix(client, name, text, version, title):
    """Applies the code action `title` offered for the document's first diagnostic; the text
    after it and the diagnostics published then."""
    diagnostics = client.diagnostics.get(uri(name), [])
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(name)),
            range=diagnostics[0].range,
            context=types.CodeActionContext(diagnostics=diagnostics),
        )
    )
    action = next((action for action in actions if action.title == title), None)
    assert action, [action.title for action in actions]
    fixed = apply_edits(text, action.edit.changes[uri(name)])
    return fixed, await published_after(client, uri(name), change(client, name, version, fixed))


@pytest.mark.asyncio
async def test_code_actions_declare_a_variable_then_add_the_alias_relay_asks_for(client: LanguageClient):
    await open_document(client, "TodoRow.swift", TODO_ROW)
    listing = TODO_LIST.replace("...TodoRow_todo\n", "...TodoRow_todo @include(if: $full)\n")
    diagnostics = await open_document(client, "TodoList.swift", listing)
    assert [d.message for d in diagnostics] == ['Variable "$full" is not defined by operation "TodoListQuery".']
    listing, diagnostics = await fix(client, "TodoList.swift", listing, 2, "Declare $full: Boolean! on TodoListQuery")
    assert "query TodoListQuery($status: Status, $full: Boolean!) {" in listing
    # Now valid, the project is transformed: a spread fetched on a condition needs `@alias`.
    assert [d.message.split(".")[0] for d in diagnostics] == ["Expected `@alias` directive"], diagnostics
    listing, diagnostics = await fix(client, "TodoList.swift", listing, 3, "Add @alias")
    assert "...TodoRow_todo @alias @include(if: $full)" in listing
    assert len(diagnostics) == 0


@pytest.mark.asyncio
async def test_a_missing_fragment_is_created_in_a_new_file(creating_client: LanguageClient):
    client = creating_client
    listing = TODO_LIST.replace("...TodoRow_todo\n", "...TodoRow_todo\n          ...TodoBadge_todo\n")
    diagnostics = await open_document(client, "TodoList.swift", listing)
    assert [diagnostic.message for diagnostic in diagnostics] == [
        'Unknown fragment "TodoBadge_todo". Did you mean "TodoRow_todo"?'
    ]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri("TodoList.swift")),
            range=diagnostics[0].range,
            context=types.CodeActionContext(diagnostics=diagnostics),
        )
    )
    assert [action.title for action in actions] == [
        "Change to 'TodoRow_todo'",
        "Create fragment TodoBadge_todo on Todo in a new file TodoBadge.swift",
    ]
    create = actions[1]
    creation, document_edit = create.edit.document_changes
    assert creation.kind == "create" and creation.uri == uri("TodoBadge.swift")
    assert document_edit.text_document.uri == uri("TodoBadge.swift")
    badge = apply_edits("", document_edit.edits)
    assert "fragment TodoBadge_todo on Todo {\n      id\n    }" in badge
    # The new file opened with that text: the spread's diagnostic is gone.
    await open_document(client, "TodoBadge.swift", badge)
    fixed = await published_after(client, uri("TodoList.swift"), change(client, "TodoList.swift", 2, listing))
    assert len(fixed) == 0


@pytest.mark.asyncio
async def test_inlay_hints_show_field_types(client: LanguageClient):
    await open_document(client, "TodoRow.swift", TODO_ROW)
    hints = await client.text_document_inlay_hint_async(
        types.InlayHintParams(
            text_document=types.TextDocumentIdentifier(uri=uri("TodoRow.swift")),
            range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=20, character=0)),
        )
    )
    found = {(hint.position.line, hint.position.character, hint.label) for hint in hints}
    text = position_of(TODO_ROW, "      text", 10)
    complete = position_of(TODO_ROW, "      complete", 14)
    assert found == {(text.line, text.character, ": String!"), (complete.line, complete.character, ": Boolean!")}


def types_uri(value):
    """The path of a file URI."""
    return value.removeprefix("file://")


async def definition_at(client, document_uri, position):
    """The (first) location go to definition answers at `position` of the document."""
    result = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=document_uri), position=position)
    )
    return result[0] if isinstance(result, list) else result


@pytest.mark.asyncio
async def test_definition_of_a_fragment_is_in_another_file(client: LanguageClient):
    await open_document(client, "TodoList.swift", TODO_LIST)
    location = await definition_at(client, uri("TodoList.swift"), position_of(TODO_LIST, "...TodoRow_todo", 5))
    assert location.uri == uri("TodoRow.swift")
    assert location.range.start == position_of(TODO_ROW, "TodoRow_todo")
    # A schema type: its definition in the schema file.
    location = await definition_at(client, uri("TodoRow.swift"), position_of(TODO_ROW, "on Todo", 4))
    assert location.uri == (PROJECT / "schema.graphql").as_uri()
    assert location.range.start.line == SCHEMA.splitlines().index('"Something to do."')


@pytest.mark.asyncio
async def test_folding_ranges_fold_nested_selections(client: LanguageClient):
    await open_document(client, "TodoList.swift", TODO_LIST)
    ranges = await client.text_document_folding_range_async(
        types.FoldingRangeParams(text_document=types.TextDocumentIdentifier(uri=uri("TodoList.swift")))
    )
    lines = TODO_LIST.split("\n")
    viewer, todos = lines.index("      viewer {"), lines.index("        todos(first: 10, status: $status) {")
    assert [(r.start_line, r.end_line) for r in ranges] == [(viewer, viewer + 4), (todos, todos + 2)]


@pytest.mark.asyncio
async def test_swift_names_of_generated_code_lead_to_their_graphql(client: LanguageClient):
    listing = TODO_LIST + (
        "\nfunc count(of data: TodoListQuery.Data) -> Int { data.viewer?.todos.count ?? 0 }\n"
        "let row: (any TodoRow_todo_Key)? = nil\n"
    )
    assert len(await open_document(client, "TodoList.swift", listing)) == 0
    # A `Data` property read from a value whose type the file writes: the field's selection.
    location = await definition_at(client, uri("TodoList.swift"), position_of(listing, "todos.count", 1))
    assert location.uri == uri("TodoList.swift")
    assert location.range.start == position_of(listing, "todos(first")
    # A fragment's key: hover shows the fragment, go to definition lands on it.
    position = position_of(listing, "TodoRow_todo_Key", 3)
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri("TodoList.swift")), position=position)
    )
    assert hover.contents.value.startswith("`fragment TodoRow_todo on Todo` (TodoRow.swift:5)"), hover.contents.value
    assert "```graphql\nfragment TodoRow_todo on Todo {\n  text\n  complete\n}\n```" in hover.contents.value
    location = await definition_at(client, uri("TodoList.swift"), position)
    assert location.uri == uri("TodoRow.swift")
    assert location.range.start == position_of(TODO_ROW, "TodoRow_todo")


@pytest.mark.asyncio
async def test_a_graphql_file_gets_diagnostics_and_completion(client: LanguageClient):
    text = "query ExtraQuery { viewer { todos { ...TodoRow_todo nme } } }\n"
    document_uri = (PROJECT / "Extra.graphql").as_uri()
    diagnostics = await open_uri(client, document_uri, text, language="graphql")
    assert [d.message for d in diagnostics if "nme" in d.message], diagnostics
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=document_uri), position=position_of(text, "nme")
        )
    )
    assert "text" in {item.label for item in result.items}


# A project whose relay.json lists a folder of GraphQL documents.
DOCUMENTS = pathlib.Path(tempfile.mkdtemp(prefix="relay-swift-lsp-documents-"))
TODO_FIELDS = """\
# The fields every to-do view shows.
fragment TodoFields_todo on Todo {
  text
  complete
}
"""
(DOCUMENTS / "Sources").mkdir()
(DOCUMENTS / "GraphQL").mkdir()
(DOCUMENTS / "schema.graphql").write_text(SCHEMA)
(DOCUMENTS / "relay.json").write_text('{"src": "Sources", "schema": "schema.graphql", "documents": ["GraphQL"]}')
(DOCUMENTS / "GraphQL" / "TodoFields.graphql").write_text(TODO_FIELDS)
(DOCUMENTS / "Sources" / "TodoList.swift").write_text(TODO_LIST.replace("...TodoRow_todo", "...TodoFields_todo"))
documents_client = client_in(DOCUMENTS, "documents_client")


@pytest.mark.asyncio
async def test_a_document_of_relay_json_is_a_source_of_the_project(documents_client: LanguageClient):
    client = documents_client
    listing = TODO_LIST.replace("...TodoRow_todo", "...TodoFields_todo")
    listing_uri = (DOCUMENTS / "Sources" / "TodoList.swift").as_uri()
    fields_uri = (DOCUMENTS / "GraphQL" / "TodoFields.graphql").as_uri()
    assert len(await open_uri(client, listing_uri, listing)) == 0, "the document's fragment is known to the Swift file"
    location = await definition_at(client, listing_uri, position_of(listing, "...TodoFields_todo", 5))
    assert location.uri == fields_uri
    assert location.range.start == position_of(TODO_FIELDS, "TodoFields_todo")
    # The document's unsaved text is compiled with the project: an unknown field in it.
    diagnostics = await open_uri(client, fields_uri, TODO_FIELDS.replace("  complete\n", "  completed\n"), "graphql")
    assert [d.message for d in diagnostics] == ['Cannot query field "completed" on type "Todo". Did you mean "complete"?']
    assert diagnostics[0].range.start == types.Position(line=3, character=2)


def watched_files_changed(client, *paths):
    return lambda: client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=path.as_uri(), type=types.FileChangeType.Changed) for path in paths]
        )
    )


@pytest.mark.asyncio
async def test_files_changed_on_disk_are_read_again(client: LanguageClient):
    assert len(await open_document(client, "TodoList.swift", TODO_LIST)) == 0
    row = PROJECT / "Sources" / "TodoRow.swift"
    try:
        # Another tool renames the fragment the open file spreads.
        row.write_text(TODO_ROW.replace("TodoRow_todo", "TodoRow_item"))
        diagnostics = await published_after(client, uri("TodoList.swift"), watched_files_changed(client, row))
        assert [d for d in diagnostics if "TodoRow_todo" in d.message], diagnostics
    finally:
        row.write_text(TODO_ROW)
    assert len(await published_after(client, uri("TodoList.swift"), watched_files_changed(client, row))) == 0


@pytest.mark.asyncio
async def test_a_changed_relay_json_is_read_again(client: LanguageClient):
    assert len(await open_document(client, "TodoList.swift", TODO_LIST)) == 0
    configuration = PROJECT / "relay.json"
    original = configuration.read_text()
    try:
        configuration.write_text('{"src": "Sources", "schema": "schema.graphql",}')
        diagnostics = await published_after(
            client, configuration.as_uri(), watched_files_changed(client, configuration)
        )
        assert len(diagnostics) == 1 and "trailing comma" in diagnostics[0].message, diagnostics
        assert diagnostics[0].range.start == position_of(configuration.read_text(), ",}")
    finally:
        configuration.write_text(original)
    restored = await published_after(client, configuration.as_uri(), watched_files_changed(client, configuration))
    assert len(restored) == 0


# A package set up for the build plugin: relay.json has only "schema", and the GraphQL is in a
# target's folder, as the README shows it.
PACKAGE = pathlib.Path(tempfile.mkdtemp(prefix="relay-swift-lsp-package-"))
(PACKAGE / "Sources" / "App").mkdir(parents=True)
(PACKAGE / "Package.swift").write_text(
    "// swift-tools-version:6.1\nimport PackageDescription\n"
    'let package = Package(name: "App", targets: [.executableTarget(name: "App")])\n'
)
(PACKAGE / "schema.graphql").write_text(SCHEMA)
(PACKAGE / "relay.json").write_text('{"schema": "schema.graphql"}')
(PACKAGE / "Sources" / "App" / "TodoList.swift").write_text(TODO_LIST)
(PACKAGE / "Sources" / "App" / "TodoRow.swift").write_text(TODO_ROW)


package_client = client_in(PACKAGE, "package_client")


@pytest.mark.asyncio
async def test_a_schema_only_relay_json_checks_the_package_targets(package_client: LanguageClient):
    client = package_client
    document_uri = (PACKAGE / "Sources" / "App" / "TodoList.swift").as_uri()
    typo = TODO_LIST.replace("          id\n", "          idd\n")
    diagnostics = await open_uri(client, document_uri, typo)
    assert len(diagnostics) == 1 and "idd" in diagnostics[0].message, diagnostics
    assert diagnostics[0].range.start == position_of(typo, "idd")
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=document_uri), position=position_of(typo, "idd")
        )
    )
    assert result is not None and {"id", "text", "complete"} <= {item.label for item in result.items}
    # The fragment in the target's other file is known (no unknown-fragment error above).
    assert client.messages == [], [m.message for m in client.messages]


async def shown_message(client):
    """The first `window/showMessage` the server sent (waiting a minute at most)."""

    async def first():
        while not client.messages:
            await asyncio.sleep(0.01)
        return client.messages[0]

    return await asyncio.wait_for(first(), timeout=60)


# A folder with a relay.json but no Swift file to check, and one with no relay.json at all.
NOTHING_TO_CHECK = pathlib.Path(tempfile.mkdtemp(prefix="relay-swift-lsp-empty-"))
(NOTHING_TO_CHECK / "schema.graphql").write_text(SCHEMA)
(NOTHING_TO_CHECK / "relay.json").write_text('{"src": "Sources", "schema": "schema.graphql"}')
(NOTHING_TO_CHECK / "Sources").mkdir()
NO_CONFIGURATION = pathlib.Path(tempfile.mkdtemp(prefix="relay-swift-lsp-none-"))
MISSING_SOURCES = pathlib.Path(tempfile.mkdtemp(prefix="relay-swift-lsp-missing-"))
(MISSING_SOURCES / "schema.graphql").write_text(SCHEMA)
(MISSING_SOURCES / "relay.json").write_text('{"src": "Sorces", "schema": "schema.graphql"}')


empty_client = client_in(NOTHING_TO_CHECK, "empty_client")


unconfigured_client = client_in(NO_CONFIGURATION, "unconfigured_client")


misconfigured_client = client_in(MISSING_SOURCES, "misconfigured_client")


@pytest.mark.asyncio
async def test_no_swift_files_to_check_is_shown_to_the_user(empty_client: LanguageClient):
    message = await shown_message(empty_client)
    assert message.type == types.MessageType.Warning
    assert "no Swift files in Sources" in message.message and '"src"' in message.message, message.message


@pytest.mark.asyncio
async def test_a_source_folder_that_does_not_exist_is_shown_to_the_user(misconfigured_client: LanguageClient):
    message = await shown_message(misconfigured_client)
    assert message.type == types.MessageType.Warning
    assert "Sorces' does not exist" in message.message and '"src"' in message.message, message.message


@pytest.mark.asyncio
async def test_no_relay_json_is_shown_to_the_user(unconfigured_client: LanguageClient):
    message = await shown_message(unconfigured_client)
    assert message.type == types.MessageType.Warning
    assert "no relay.json in" in message.message and "not checked" in message.message, message.message


# A monorepo's relay.config.json (no relay.json) with two projects, each with its own schema.
MONOREPO = pathlib.Path(tempfile.mkdtemp(prefix="relay-swift-lsp-monorepo-"))
(MONOREPO / "App").mkdir()
(MONOREPO / "Admin").mkdir()
(MONOREPO / "app.graphql").write_text(SCHEMA)
(MONOREPO / "admin.graphql").write_text("type Query { users: [String] }\n")
(MONOREPO / "relay.config.json").write_text(
    '{"sources": {"App": "app", "Admin": "admin"},'
    ' "projects": {"app": {"schema": "app.graphql", "language": "typescript"}, "admin": {"schema": "admin.graphql"}}}'
)
(MONOREPO / "App" / "TodoList.swift").write_text(TODO_LIST)
(MONOREPO / "App" / "TodoRow.swift").write_text(TODO_ROW)
ADMIN_USERS = 'import Relay\n\nprivate let query = graphql("query UsersQuery { users viewer { id } }")\n'
(MONOREPO / "Admin" / "Users.swift").write_text(ADMIN_USERS)


monorepo_client = client_in(MONOREPO, "monorepo_client")


@pytest.mark.asyncio
async def test_each_project_of_a_monorepo_checks_its_own_files(monorepo_client: LanguageClient):
    client = monorepo_client
    # The app's file is clean against the app's schema (its fragment is in the same project).
    app_uri = (MONOREPO / "App" / "TodoList.swift").as_uri()
    assert len(await open_uri(client, app_uri, TODO_LIST)) == 0
    # The admin's schema has no `viewer`: the admin file is checked against its own schema.
    admin_uri = (MONOREPO / "Admin" / "Users.swift").as_uri()
    diagnostics = await open_uri(client, admin_uri, ADMIN_USERS)
    assert len(diagnostics) == 1 and '"viewer"' in diagnostics[0].message, diagnostics
    assert client.messages == [], [m.message for m in client.messages]
