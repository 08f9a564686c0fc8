"""A new package depending on relay-swift by path, with the build plugin's minimal relay.json
(only "schema"), as the README shows it: the language server checks the app's own targets and
nothing of its dependencies, and the Swift side reads code, never comments or strings.

Run by `.ci/run` with the other end-to-end tests.
"""
import os
import pathlib
import tempfile

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from test_language_server import SCHEMA, client_in, open_uri, position_of

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
WORKSPACE = pathlib.Path(tempfile.mkdtemp(prefix="relay-swift-lsp-dependency-"))
APP = WORKSPACE / "BlogApp"
# relay-swift itself, where the README's manifest puts it (its tests and goldens hold GraphQL
# with deliberate errors), and a vendored package with a named pipe named like a Swift file:
# walking it would be reported, so a quiet server did not walk it.
os.symlink(REPOSITORY, WORKSPACE / "relay-swift")
(WORKSPACE / "Vendor" / "Sources" / "Vendor").mkdir(parents=True)
os.mkfifo(WORKSPACE / "Vendor" / "Sources" / "Vendor" / "Blocker.swift")
(WORKSPACE / "Vendor" / "Package.swift").write_text(
    'import PackageDescription\nlet package = Package(name: "Vendor", targets: [.target(name: "Vendor")])\n'
)

(APP / "Sources" / "BlogKit").mkdir(parents=True)
(APP / "Sources" / "BlogApp").mkdir(parents=True)
(APP / "Package.swift").write_text(
    """// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "BlogApp",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "../relay-swift"), .package(path: "../Vendor")],
    targets: [
        .target(
            name: "BlogKit", dependencies: [.product(name: "Relay", package: "relay-swift")],
            plugins: [.plugin(name: "RelayCompilerPlugin", package: "relay-swift")]),
        .executableTarget(name: "BlogApp", dependencies: ["BlogKit"]),
    ])
"""
)
(APP / "schema.graphql").write_text(SCHEMA)
(APP / "relay.json").write_text('{"schema": "schema.graphql"}')
POST_HEADER = '''\
import Relay

// PostHeader_todo is named here, in a comment, and { braces } do not count.
private let fragment = graphql("""
    fragment PostHeader_todo on Todo {
      text
      complete
    }
    """)

let label = "PostHeader_todo in a string { " + #"PostHeader_todo in a raw string"#
let interpolated = "\\(PostHeader_todo.self)"

struct PostHeader {
    let todo: any PostHeader_todo_Key
    var data: PostHeader_todo.Data?
}

extension PostHeader_todo.Data {
    var brace: String { "}" }
    var title: String { text }
}
'''
(APP / "Sources" / "BlogKit" / "PostHeader.swift").write_text(POST_HEADER)
(APP / "Sources" / "BlogApp" / "main.swift").write_text('import BlogKit\nprint("Blog")\n')
# A Relay Resolver declared in Swift, and operations reaching it and deferring a fragment.
(APP / "Sources" / "BlogKit" / "TodoSummaryResolver.swift").write_text('''\
/**
 * @RelayResolver Todo.summary: String
 * @rootFragment TodoSummaryResolver
 */
func summary(_ todo: TodoSummaryResolver.Data) -> String { todo.text }

private let fragment = graphql("""
    fragment TodoSummaryResolver on Todo { text }
    """)
''')
FEED = '''\
private let summaries = graphql("""
    query FeedQuery { viewer { todos(first: 3) { summary } } }
    """)
private let deferred = graphql("""
    query FeedDeferredQuery { viewer { todos(first: 3) { id ...PostHeader_todo @defer } } }
    """)
'''
(APP / "Sources" / "BlogKit" / "Feed.swift").write_text(FEED)
FEED_URI = (APP / "Sources" / "BlogKit" / "Feed.swift").as_uri()

dependency_client = client_in(APP, "dependency_client")
HEADER_URI = (APP / "Sources" / "BlogKit" / "PostHeader.swift").as_uri()


@pytest.mark.asyncio
async def test_only_the_apps_own_targets_are_checked(dependency_client: LanguageClient):
    client = dependency_client
    typo = POST_HEADER.replace("      complete\n", "      complet\n")
    diagnostics = await open_uri(client, HEADER_URI, typo)
    assert len(diagnostics) == 1 and "complet" in diagnostics[0].message, diagnostics
    assert diagnostics[0].range.start == position_of(typo, "complet")
    # The typo's quick fix.
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=HEADER_URI),
            range=diagnostics[0].range,
            context=types.CodeActionContext(diagnostics=diagnostics),
        )
    )
    assert "Change to 'complete'" in [action.title for action in actions or []], actions
    # Nothing published for a file outside the app, nothing said about the dependencies.
    outside = [uri for uri in client.diagnostics if not uri.startswith(APP.as_uri() + "/")]
    assert outside == [], outside
    assert client.messages == [], [message.message for message in client.messages]


async def locations(client, request, text, needle, offset=1):
    position = position_of(text, needle, offset)
    identifier = types.TextDocumentIdentifier(uri=HEADER_URI)
    if request == "references":
        return await client.text_document_references_async(
            types.ReferenceParams(
                text_document=identifier, position=position, context=types.ReferenceContext(include_declaration=True)
            )
        )
    return await client.text_document_definition_async(
        types.DefinitionParams(text_document=identifier, position=position)
    )


@pytest.mark.asyncio
async def test_rename_and_references_change_only_code(dependency_client: LanguageClient):
    client = dependency_client
    await open_uri(client, HEADER_URI, POST_HEADER)
    found = await locations(client, "references", POST_HEADER, "PostHeader_todo on")
    lines = sorted(location.range.start.line for location in found if location.uri == HEADER_URI)
    # The definition, the interpolation, the key, `Data` twice: never the comment or strings.
    assert lines == [4, 11, 14, 15, 18], lines
    assert [location.uri for location in found if location.uri != HEADER_URI] == [FEED_URI]
    edit = await client.text_document_rename_async(
        types.RenameParams(
            text_document=types.TextDocumentIdentifier(uri=HEADER_URI),
            position=position_of(POST_HEADER, "PostHeader_todo on", 1),
            new_name="PostHeader_post",
        )
    )
    edits = edit.changes[HEADER_URI]
    renamed = POST_HEADER.split("\n")
    for text_edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        line = renamed[text_edit.range.start.line]
        renamed[text_edit.range.start.line] = (
            line[: text_edit.range.start.character] + text_edit.new_text + line[text_edit.range.end.character :]
        )
    renamed = "\n".join(renamed)
    assert "// PostHeader_todo is named here, in a comment" in renamed
    assert '"PostHeader_todo in a string { " + #"PostHeader_todo in a raw string"#' in renamed
    assert '"\\(PostHeader_post.self)"' in renamed
    assert "any PostHeader_post_Key" in renamed and "extension PostHeader_post.Data" in renamed


@pytest.mark.asyncio
async def test_definition_from_swift_with_braces_in_strings(dependency_client: LanguageClient):
    client = dependency_client
    await open_uri(client, HEADER_URI, POST_HEADER)
    # `text` inside the extension, after a property whose string holds a `}`.
    found = await locations(client, "definition", POST_HEADER, "{ text }", 2)
    assert found is not None, "the extension's brace was closed by the one in the string"
    location = found[0] if isinstance(found, list) else found
    assert location.uri == HEADER_URI and location.range.start == position_of(POST_HEADER, "text\n")


async def printed(client, document_uri, text, needle):
    position = position_of(text, needle)
    return await client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            command="relay-swift.printOperation",
            arguments=[document_uri, {"line": position.line, "character": position.character}],
        )
    )


@pytest.mark.asyncio
async def test_print_operation_through_the_command_lines_compile(dependency_client: LanguageClient):
    client = dependency_client
    feed_uri = FEED_URI
    await open_uri(client, feed_uri, FEED)
    # A Relay Resolver field: its root fragment's fields are fetched, the field is not sent.
    summary = await printed(client, feed_uri, FEED, "FeedQuery")
    assert summary is not None and summary["name"] == "FeedQuery", summary
    assert "text" in summary["text"] and "summary" not in summary["text"], summary["text"]
    deferred = await printed(client, feed_uri, FEED, "FeedDeferredQuery")
    assert '@defer(label: "FeedDeferredQuery$defer$PostHeader_todo")' in deferred["text"], deferred["text"]
    # A .graphql file the editor opened, compiled with the project its folder belongs to.
    document = "query ExtraQuery { viewer { todos(first: 1) { ...PostHeader_todo } } }\n"
    document_uri = (APP / "Sources" / "BlogKit" / "Extra.graphql").as_uri()
    assert len(await open_uri(client, document_uri, document, "graphql")) == 0
    extra = await printed(client, document_uri, document, "ExtraQuery")
    assert "fragment PostHeader_todo on Todo" in extra["text"], extra["text"]
