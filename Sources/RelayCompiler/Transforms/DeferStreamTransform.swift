import GraphQLParser

/// Relay's defer-stream transform: checks `@defer` and `@stream` and rewrites them as the server
/// will receive them. Each label is namespaced by the document it is written in
/// (`<document>$defer$<label>`, `<document>$stream$<label>`; without a label, the fragment's or
/// field's name with a hash of its arguments), so labels never collide between documents and a
/// label repeated within one is an error. `if: false` removes the directive; `if: true` and
/// `if: $variable` stay. The directive's arguments are printed in Relay's order (`label`, `if`,
/// `initialCount`, `useCustomizedBatch`).
///
/// The checks, with Relay's messages: `@defer` only on fragment spreads, `@stream` only on
/// fields of list type with `initialCount`, labels literal strings and unique, neither
/// directive inside client-only selections (nor `@defer` on a fragment of client fields only),
/// and, as the incremental-delivery proposal requires, neither on the root selection of a
/// mutation or subscription.
public enum DeferStreamTransform: ProgramTransform {
    public static let name = "DeferStream"
    static let deferName = "defer"
    static let streamName = "stream"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let fragments = program.fragmentsByName
        var clientOnly = ClientOnlyFragments(schema: context.schema, fragments: fragments)
        var program = program
        var diagnostics: [Diagnostic] = []
        for index in program.operations.indices {
            let operation = program.operations[index]
            var walker = Walker(document: operation.name, schema: context.schema, clientOnly: clientOnly)
            if operation.kind != .query { walker.rootKind = operation.kind.rawValue }
            program.operations[index].selections = walker.walk(
                operation.selections, parentType: operation.rootType, atRoot: true)
            diagnostics += walker.diagnostics + StreamConsistency.diagnostics(program.operations[index].selections)
            clientOnly = walker.clientOnly
        }
        for index in program.fragments.indices {
            let fragment = program.fragments[index]
            var walker = Walker(document: fragment.name, schema: context.schema, clientOnly: clientOnly)
            program.fragments[index].selections = walker.walk(
                fragment.selections, parentType: fragment.typeCondition, atRoot: false)
            diagnostics += walker.diagnostics + StreamConsistency.diagnostics(program.fragments[index].selections)
            clientOnly = walker.clientOnly
        }
        return TransformOutput(program, diagnostics)
    }

    /// The default label of a spread or field: its name, with a hash of its arguments when it
    /// has any (Relay's applied fragment name).
    static func defaultLabel(_ name: String, arguments: [IRArgument]) -> String {
        AppliedFragmentName.of(name, arguments: arguments)
    }

    /// `@defer` or `@stream` with `if: false`, which the server must not see.
    static func isDisabled(_ directive: IRDirective) -> Bool {
        (directive.name == deferName || directive.name == streamName) && directive.argument("if")?.value == .bool(false)
    }

    /// One document's walk.
    struct Walker {
        let document: String
        let schema: Schema
        var clientOnly: ClientOnlyFragments
        /// "mutation" or "subscription" while the walk is at such an operation's root selection.
        var rootKind: String?
        var diagnostics: [Diagnostic] = []
        private var labels: [String: SourceLocation] = [:]
        /// Inside a field a client schema extension defines.
        private var withinClientField = false

        init(document: String, schema: Schema, clientOnly: ClientOnlyFragments) {
            self.document = document
            self.schema = schema
            self.clientOnly = clientOnly
        }

        mutating func walk(_ selections: [IRSelection], parentType: String, atRoot: Bool) -> [IRSelection] {
            selections.map { selection in
                switch selection {
                case .scalarField(let field):
                    if let stream = field.directives.first(where: { $0.name == streamName }) {
                        diagnostics.append(
                            .error(
                                "Invalid use of @stream on scalar field '\(field.responseKey)'", at: stream.location))
                    }
                    return selection
                case .linkedField(var field):
                    let outer = withinClientField
                    withinClientField = outer || schema.isClientField(field.name, on: field.parentType)
                    field.selections = walk(field.selections, parentType: field.type.namedType, atRoot: false)
                    withinClientField = outer
                    if let index = field.directives.firstIndex(where: { $0.name == streamName }) {
                        let rewritten = stream(field.directives[index], on: field, atRoot: atRoot)
                        field.directives.replaceSubrange(index...index, with: rewritten.map { [$0] } ?? [])
                    }
                    if let key = field.connection?.key, field.connection?.stream != nil {
                        field.connection?.stream?.pageInfoLabel = "\(document)$\(deferName)$\(key)$pageInfo"
                    }
                    return .linkedField(field)
                case .inlineFragment(var fragment):
                    if let directive = fragment.directives.first(where: { $0.name == deferName }) {
                        diagnostics.append(
                            .error(
                                "Invalid use of @defer on an inline fragment. Relay only supports @defer on fragment "
                                    + "spreads.", at: directive.location))
                    }
                    fragment.selections = walk(fragment.selections, parentType: fragment.typeCondition, atRoot: atRoot)
                    return .inlineFragment(fragment)
                case .condition(var condition):
                    condition.selections = walk(condition.selections, parentType: parentType, atRoot: atRoot)
                    return .condition(condition)
                case .fragmentSpread(var spread):
                    if let index = spread.directives.firstIndex(where: { $0.name == deferName }) {
                        let rewritten = deferral(spread.directives[index], on: spread, atRoot: atRoot)
                        spread.directives.replaceSubrange(index...index, with: rewritten.map { [$0] } ?? [])
                    }
                    return .fragmentSpread(spread)
                }
            }
        }

        /// `@defer` as the server gets it, or nil when `if: false` removes it.
        private mutating func deferral(_ directive: IRDirective, on spread: IRFragmentSpread, atRoot: Bool)
            -> IRDirective?
        {
            guard !isDisabled(directive) else { return nil }
            checkServerOnly(directive, clientOnly: withinClientField || clientOnly.isClientOnly(spread.name))
            checkRoot(directive, atRoot: atRoot)
            let label = namespacedLabel(directive, default: defaultLabel(spread.name, arguments: spread.arguments))
            return rewritten(directive, label: label, order: ["if"])
        }

        /// `@stream` as the server gets it, or nil when `if: false` removes it.
        private mutating func stream(_ directive: IRDirective, on field: IRLinkedField, atRoot: Bool) -> IRDirective? {
            guard case .list = field.type.nullable else {
                diagnostics.append(
                    .error(
                        "Field '\(field.name)' is not of list type, therefore cannot use @stream directive.",
                        at: directive.location))
                return directive
            }
            guard !isDisabled(directive) else { return nil }
            guard directive.argument("initialCount") != nil else {
                diagnostics.append(.error("Missing required argument: `initialCount`", at: directive.location))
                return directive
            }
            checkServerOnly(
                directive, clientOnly: withinClientField || schema.isClientField(field.name, on: field.parentType))
            checkRoot(directive, atRoot: atRoot)
            let label = namespacedLabel(directive, default: defaultLabel(field.responseKey, arguments: field.arguments))
            return rewritten(directive, label: label, order: ["if", "initialCount", "useCustomizedBatch"])
        }

        /// `<document>$<directive>$<label>`, recorded so a repeat is reported.
        private mutating func namespacedLabel(_ directive: IRDirective, default defaultLabel: String) -> String {
            var label = defaultLabel
            if let argument = directive.argument("label") {
                if case .string(let literal) = argument.value {
                    label = literal
                } else {
                    diagnostics.append(
                        .error(
                            "Expected the 'label' value to @\(directive.name) to be a string literal if provided.",
                            at: directive.location))
                }
            }
            let namespaced = "\(document)$\(directive.name)$\(label)"
            if let first = labels[namespaced] {
                diagnostics.append(
                    .error(
                        "Invalid use of @\(directive.name), the provided label is not unique. Specify a unique "
                            + "'label' as a literal string.", at: first,
                        notes: [DiagnosticNote("related location", at: directive.location)]))
            } else {
                labels[namespaced] = directive.location
            }
            return namespaced
        }

        private func rewritten(_ directive: IRDirective, label: String, order: [String]) -> IRDirective {
            var result = directive
            let labelLocation = directive.argument("label")?.location ?? directive.location
            result.arguments = [IRArgument(name: "label", value: .string(label), type: nil, location: labelLocation)]
            result.arguments += order.compactMap { directive.argument($0) }
            return result
        }

        private mutating func checkServerOnly(_ directive: IRDirective, clientOnly: Bool) {
            guard clientOnly else { return }
            diagnostics.append(
                .error(
                    "Unexpected directive: '\(directive.name)'. This directive can only be used on fields/fragments "
                        + "that are fetched from the server schema, but it is used inside a client-only selection.",
                    at: directive.location))
        }

        private mutating func checkRoot(_ directive: IRDirective, atRoot: Bool) {
            guard atRoot, let rootKind, let type = rootType(rootKind) else { return }
            let name = directive.name == deferName ? "Defer" : "Stream"
            diagnostics.append(
                .error(
                    "\(name) directive cannot be used on root \(rootKind) type \"\(type)\".", at: directive.location))
        }

        private func rootType(_ kind: String) -> String? {
            kind == "mutation" ? schema.mutationType : schema.subscriptionType
        }
    }

    /// Which fragments select client schema extensions only (a `@defer` on them would defer
    /// nothing the server sends), worked out once per fragment.
    struct ClientOnlyFragments {
        let schema: Schema
        let fragments: [String: IRFragment]
        private var known: [String: Bool] = [:]

        init(schema: Schema, fragments: [String: IRFragment]) {
            self.schema = schema
            self.fragments = fragments
        }

        mutating func isClientOnly(_ name: String) -> Bool {
            guard schema.hasClientExtensions, let fragment = fragments[name] else { return false }
            if let answer = known[name] { return answer }
            known[name] = false  // a fragment reached again through itself decides nothing
            let answer = isClientOnly(fragment.selections, parentType: fragment.typeCondition)
            known[name] = answer
            return answer
        }

        private mutating func isClientOnly(_ selections: [IRSelection], parentType: String) -> Bool {
            guard !selections.isEmpty else { return false }
            return selections.allSatisfy { selection in
                switch selection {
                case .scalarField(let field):
                    return field.name == "__typename" || schema.isClientField(field.name, on: field.parentType)
                case .linkedField(let field):
                    return schema.isClientField(field.name, on: field.parentType)
                case .inlineFragment(let fragment):
                    return schema[fragment.typeCondition]?.isClientExtension == true
                        || isClientOnly(fragment.selections, parentType: fragment.typeCondition)
                case .condition(let condition):
                    return isClientOnly(condition.selections, parentType: parentType)
                case .fragmentSpread(let spread):
                    return isClientOnly(spread.name)
                }
            }
        }
    }

    /// Relay's selection-conflict rule for `@stream`: fields merged under one response key (in
    /// one selection, through inline fragments and conditions) either all stream or none does,
    /// since the server cannot both stream a list and send it whole.
    enum StreamConsistency {
        static func diagnostics(_ selections: [IRSelection]) -> [Diagnostic] {
            var diagnostics: [Diagnostic] = []
            check(selections, into: &diagnostics)
            return diagnostics
        }

        private static func check(_ selections: [IRSelection], into diagnostics: inout [Diagnostic]) {
            var fields: [String: [IRLinkedField]] = [:]
            var order: [String] = []
            collect(selections, into: &fields, &order)
            for key in order {
                let group = fields[key] ?? []
                let streamed = group.filter { $0.directives.contains { $0.name == streamName } }
                if !streamed.isEmpty, streamed.count < group.count, let first = group.first {
                    diagnostics.append(
                        .error(
                            "Field '\(key)' is marked with @stream in one place, and not marked in another place. "
                                + "Please use an alias to distinguish the two fields.", at: first.location))
                }
                check(group.flatMap(\.selections), into: &diagnostics)
            }
        }

        private static func collect(
            _ selections: [IRSelection], into fields: inout [String: [IRLinkedField]], _ order: inout [String]
        ) {
            for selection in selections {
                switch selection {
                case .linkedField(let field):
                    if fields[field.responseKey] == nil { order.append(field.responseKey) }
                    fields[field.responseKey, default: []].append(field)
                case .inlineFragment(let fragment): collect(fragment.selections, into: &fields, &order)
                case .condition(let condition): collect(condition.selections, into: &fields, &order)
                case .scalarField, .fragmentSpread: break
                }
            }
        }
    }
}
