import Foundation
import GraphQLParser
@_spi(RelayGenerated) import RelayContract
import Testing

@testable import RelayCompiler

/// Relay-style transform fixtures: `TransformFixtures/<Transform>/<case>.graphql` is a document
/// over `TransformFixtures/schema.graphql` and its client extension `client-extensions.graphql`; `<case>.expected` is the program after every
/// transform of `TransformPipeline` up to and including `<Transform>` (its phase's predecessors
/// first), printed with `ProgramDump`, then the diagnostics. `UPDATE_GOLDEN=1 swift test` rewrites
/// the expected files. A new transform's fixtures are a folder named after it.
struct TransformFixtureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("TransformFixtures")
    static let schema = RelaySchema.load(
        [source("schema.graphql")], clientExtensions: [source("client-extensions.graphql")]
    ).schema

    private static func source(_ name: String) -> Source {
        Source((try? String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)) ?? "", name: name)
    }

    /// `<Transform>/<case>` for every fixture.
    static var cases: [String] {
        let manager = FileManager.default
        let folders = ((try? manager.contentsOfDirectory(atPath: root.path)) ?? []).filter {
            !$0.contains(".")
        }
        return folders.flatMap { folder in
            ((try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? [])
                .filter { $0.hasSuffix(".graphql") }.map { folder + "/" + $0.dropLast(".graphql".count) }
        }.sorted()
    }

    /// The transforms a fixture of `name` runs: its phase's chain up to and including it.
    static func chain(through name: String) -> [any ProgramTransform.Type]? {
        let phases = [
            TransformPipeline.common,
            TransformPipeline.common + TransformPipeline.reader,
            TransformPipeline.common + TransformPipeline.server,
            TransformPipeline.common + TransformPipeline.server + TransformPipeline.normalization,
            TransformPipeline.common + TransformPipeline.server + TransformPipeline.operationText,
        ]
        for phase in phases {
            if let index = phase.firstIndex(where: { $0.name == name }) { return Array(phase[...index]) }
        }
        return nil
    }

    static func run(_ fixture: String) throws -> String {
        let transformName = String(fixture.split(separator: "/")[0])
        let chain = try #require(Self.chain(through: transformName), "no transform named \(transformName)")
        let fileName = fixture.split(separator: "/")[1] + ".graphql"
        let text = try String(contentsOf: root.appendingPathComponent(fixture + ".graphql"), encoding: .utf8)
        let parsed = Parser.parse(Source(text, name: String(fileName)))
        // Relay's rules but its naming convention (fixtures are not Swift files).
        let rules = RelayValidation.rules.filter { $0 != RelayNamingRule.self }
        var diagnostics =
            parsed.diagnostics
            + Validator.validate([parsed.document], schema: schema, rules: rules, options: RelayValidation.options)
        var program = IRProgram(operations: [], fragments: [])
        if !diagnostics.containsErrors {
            let (built, buildDiagnostics) = IRBuilder.build([parsed.document], schema: schema)
            diagnostics += buildDiagnostics
            program = built
            for transform in chain {
                let output = transform.transform(program, TransformContext(schema: schema))
                program = output.program
                diagnostics += output.diagnostics
            }
        }
        let dump = ProgramDump.print(program)
        let errors = diagnostics.sortedByLocation().map { "# \($0.description)" }
        return ([dump].filter { !$0.isEmpty } + errors).joined(separator: "\n\n") + "\n"
    }

    @Test func thereAreFixturesForEveryCommonTransform() {
        let folders = Set(Self.cases.map { String($0.split(separator: "/")[0]) })
        for transform in TransformPipeline.common + TransformPipeline.reader + TransformPipeline.server
            + TransformPipeline.operationText
        {
            #expect(folders.contains(transform.name), "no fixture for \(transform.name)")
        }
        #expect(Self.cases.count >= 12)
    }

    @Test(arguments: cases)
    func fixture(_ fixture: String) throws {
        let produced = try Self.run(fixture)
        let expectedURL = Self.root.appendingPathComponent(fixture + ".expected")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
            try produced.write(to: expectedURL, atomically: true, encoding: .utf8)
        }
        let expected = try? String(contentsOf: expectedURL, encoding: .utf8)
        #expect(produced == expected, "\(fixture).expected differs; UPDATE_GOLDEN=1 rewrites it:\n\(produced)")
    }
}

/// A program as text for fixtures: each definition as `IRPrinter` prints it, with what the IR
/// holds beyond GraphQL shown as directives named `@__…`: fragment argument definitions
/// (`@__argumentDefinitions`), plural fragments and refetch queries, spread arguments
/// (`@__arguments`), `@connection` metadata (`@__connection`), store edits (`@__<handler>`),
/// field handles (`@__handle(handle:key:filters:)`),
/// `@required` (`@__required(action:path:)`), where its null may bubble to
/// (`@__childrenCanBubbleNull`), `@alias` (`@__alias`), `@inline` spreads (`@__inlineData`),
/// `@catch` (`@__catch(to:)`), `@throwOnFieldError` (`@__throwOnFieldError`) and the type code
/// reads a `@semanticNonNull` field as (`@__semanticType(type:)`).
enum ProgramDump {
    static func print(_ program: IRProgram) -> String {
        let program = annotated(program)
        return (program.operations.map(IRPrinter.print) + program.fragments.map(IRPrinter.print))
            .joined(separator: "\n\n")
    }

    /// A deferred spread: its fragment and the response keys of the selections that tell
    /// whether its data has arrived.
    static func deferred(_ spread: IRDeferredSpread) -> IRDirective {
        let keys = spread.selections.map { selection -> String in
            switch selection {
            case .scalarField(let field): field.responseKey
            case .linkedField(let field): field.responseKey
            case .fragmentSpread(let spread): "..." + spread.name
            case .inlineFragment(let fragment): "... on " + fragment.typeCondition
            case .condition: "(condition)"
            }
        }
        return directive(
            "__deferred",
            [argument("fragment", .string(spread.fragmentName)), argument("checks", .list(keys.map(IRValue.string)))])
    }

    /// A field handle as `@__handle(handle:key:filters:)`.
    static func handle(_ handle: IRFieldHandle) -> IRDirective {
        var arguments = [argument("handle", .string(handle.handle)), argument("key", .string(handle.key))]
        if let filters = handle.filters { arguments.append(argument("filters", .list(filters.map(IRValue.string)))) }
        return directive("__handle", arguments)
    }

    static func annotated(_ program: IRProgram) -> IRProgram {
        var program = program.rewritingSelections { selection in
            switch selection {
            case .fragmentSpread(var spread) where !spread.arguments.isEmpty:
                spread.directives.append(directive("__arguments", spread.arguments))
                return [.fragmentSpread(spread)]
            case .linkedField(var field):
                if let connection = field.connection {
                    var arguments = [argument("key", .string(connection.key))]
                    if let filters = connection.filters {
                        arguments.append(argument("filters", .list(filters.map(IRValue.string))))
                    }
                    field.directives.append(directive("__connection", arguments))
                }
                if let edit = field.storeEdit {
                    field.directives.append(directive("__" + edit.handler.rawValue, edit.arguments))
                }
                field.directives += field.handles.map(handle)
                if let required = field.required { field.directives.append(Self.required(required)) }
                if field.childrenCanBubbleNull { field.directives.append(directive("__childrenCanBubbleNull", [])) }
                field.directives += errorHandling(field.catchTo, field.semanticType)
                return [.linkedField(field)]
            case .inlineFragment(var fragment) where fragment.alias != nil:
                if let alias = fragment.alias {
                    fragment.directives.append(
                        directive(
                            "__alias",
                            [
                                argument("as", .string(alias.name)),
                                argument("selectionType", .string(alias.selectionType)),
                                argument("alwaysMatches", .bool(alias.alwaysMatches)),
                                argument("wrapsSpread", .bool(alias.wrapsSpread)),
                            ]))
                    fragment.directives += errorHandling(alias.catchTo, nil)
                    if let deferred = alias.deferred { fragment.directives.append(Self.deferred(deferred)) }
                }
                return [.inlineFragment(fragment)]
            case .inlineFragment(var fragment) where fragment.moduleImport != nil:
                if let module = fragment.moduleImport {
                    fragment.directives.append(
                        directive(
                            "__module",
                            [
                                argument("key", .string(module.key)),
                                argument("fragment", .string(module.fragmentName)),
                                argument("component", .string(module.componentName)),
                            ] + (module.isClient ? [argument("client", .bool(true))] : [])))
                }
                return [.inlineFragment(fragment)]
            case .inlineFragment(var fragment) where fragment.inlineData != nil:
                if let spread = fragment.inlineData {
                    var arguments = [argument("fragment", .string(spread.fragmentName))]
                    if !spread.arguments.isEmpty {
                        arguments.append(
                            argument(
                                "arguments",
                                .object(spread.arguments.map { IRObjectField(name: $0.name, value: $0.value) })))
                    }
                    fragment.directives.append(directive("__inlineData", arguments))
                }
                return [.inlineFragment(fragment)]
            case .scalarField(var field):
                if let edit = field.storeEdit {
                    field.directives.append(directive("__" + edit.handler.rawValue, edit.arguments))
                }
                field.directives += field.handles.map(handle)
                if let required = field.required { field.directives.append(Self.required(required)) }
                field.directives += errorHandling(field.catchTo, field.semanticType)
                return [.scalarField(field)]
            default:
                return [selection]
            }
        }
        for index in program.operations.indices {
            var operation = program.operations[index]
            if operation.childrenCanBubbleNull { operation.directives.append(directive("__childrenCanBubbleNull", [])) }
            operation.directives += errorHandling(
                operation.catchTo, nil, throwOnFieldError: operation.throwOnFieldError)
            program.operations[index] = operation
        }
        for index in program.fragments.indices {
            var fragment = program.fragments[index]
            if fragment.childrenCanBubbleNull { fragment.directives.append(directive("__childrenCanBubbleNull", [])) }
            fragment.directives += errorHandling(fragment.catchTo, nil, throwOnFieldError: fragment.throwOnFieldError)
            if !fragment.argumentDefinitions.isEmpty {
                let definitions = fragment.argumentDefinitions.map { definition in
                    var fields = [IRObjectField(name: "type", value: .string(definition.type.description))]
                    if let value = definition.defaultValue {
                        fields.append(IRObjectField(name: "defaultValue", value: value))
                    }
                    return argument(definition.name, .object(fields))
                }
                fragment.directives.append(directive("__argumentDefinitions", definitions))
            }
            if fragment.isPlural { fragment.directives.append(directive("__plural", [])) }
            if let query = fragment.refetchQueryName {
                fragment.directives.append(directive("__refetchable", [argument("queryName", .string(query))]))
            }
            program.fragments[index] = fragment
        }
        return program
    }

    private static let nowhere = SourceLocation(file: "", line: 0, column: 0)

    private static func errorHandling(_ catchTo: CatchTo?, _ semanticType: TypeRef?, throwOnFieldError: Bool = false)
        -> [IRDirective]
    {
        var directives: [IRDirective] = []
        if throwOnFieldError { directives.append(directive("__throwOnFieldError", [])) }
        if let catchTo { directives.append(directive("__catch", [argument("to", .enumValue(catchTo.rawValue))])) }
        if let semanticType {
            directives.append(directive("__semanticType", [argument("type", .string(semanticType.description))]))
        }
        return directives
    }

    private static func required(_ required: IRRequired) -> IRDirective {
        directive(
            "__required",
            [argument("action", .enumValue(required.action.name)), argument("path", .string(required.path))])
    }

    private static func directive(_ name: String, _ arguments: [IRArgument]) -> IRDirective {
        IRDirective(name: name, arguments: arguments, location: nowhere)
    }

    private static func argument(_ name: String, _ value: IRValue) -> IRArgument {
        IRArgument(name: name, value: value, type: nil, location: nowhere)
    }
}
