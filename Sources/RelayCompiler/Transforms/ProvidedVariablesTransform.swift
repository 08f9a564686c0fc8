import GraphQLParser

/// Relay's provided variables: a fragment argument declared with a provider
/// (`@argumentDefinitions(showName: {type: "Boolean!", provider: "ShowNames"})`) is not passed by
/// spreads; the runtime asks the provider for it. As Relay's provided_variable_fragment_transform,
/// each becomes a global variable named after its provider, `__relay_internal__pv__ShowNames`,
/// which every operation reaching the fragment declares (after its own variables) and code
/// generation leaves out of `Variables`. One provider, one type; two providers whose names differ
/// only in characters the variable name drops are an error.
public enum ProvidedVariablesTransform: ProgramTransform {
    public static let name = "ProvidedVariables"

    /// What every provided variable's name starts with (Relay's).
    public static let prefix = "__relay_internal__pv__"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        guard program.fragments.contains(where: { $0.argumentDefinitions.contains { $0.provider != nil } }) else {
            return TransformOutput(program)
        }
        var program = program
        var diagnostics: [Diagnostic] = []
        /// Each global name's first definition, to check the others against.
        var byName: [String: IRVariableDefinition] = [:]
        for index in program.fragments.indices {
            var fragment = program.fragments[index]
            var bindings: [String: IRValue] = [:]
            for definition in fragment.argumentDefinitions {
                guard let provider = definition.provider else { continue }
                if swiftTypeName(provider) == nil {
                    diagnostics.append(
                        .error(
                            "Provider '\(provider)' of provided variable '\(definition.name)' names no Swift type: "
                                + "name a type conforming to VariableData.Provider.", at: definition.location))
                }
                var global = definition
                global.name = globalName(provider)
                bindings[definition.name] = .variable(global.name)
                if let first = byName[global.name] {
                    if first.provider != provider {
                        diagnostics.append(
                            .error(
                                "Modules '\(first.provider ?? "")' and '\(provider)' used by provided variables have "
                                    + "indistinguishable names. (All non ascii-alphanumeric characters are stripped "
                                    + "in Relay transform)", at: definition.location))
                    } else if first.type != definition.type {
                        diagnostics.append(
                            .error(
                                "All provided variables using module '\(provider)' must declare the same type. "
                                    + "Expected '\(first.type)' but found '\(definition.type)'",
                                at: definition.location))
                    }
                } else {
                    byName[global.name] = global
                }
                if !fragment.providedVariables.contains(where: { $0.name == global.name }) {
                    fragment.providedVariables.append(global)
                }
            }
            guard !bindings.isEmpty else { continue }
            fragment.argumentDefinitions.removeAll { $0.provider != nil }
            fragment.selections = renaming(fragment.selections, bindings)
            program.fragments[index] = fragment
        }
        program.operations = declaringProvidedVariables(program.operations, fragments: program.fragments)
        return TransformOutput(program, diagnostics)
    }

    /// `operations`, each declaring (after its own variables) the provided variables of the
    /// fragments it reaches, in the order first met.
    static func declaringProvidedVariables(_ operations: [IROperation], fragments: [IRFragment]) -> [IROperation] {
        guard fragments.contains(where: { !$0.providedVariables.isEmpty }) else { return operations }
        let byName = Dictionary(fragments.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let spreads = byName.mapValues { IRProgram.spreadNames(in: $0.selections) }
        return operations.map { operation in
            var operation = operation
            var declared = Set(operation.variables.map(\.name))
            for fragment in reachableFragments(from: IRProgram.spreadNames(in: operation.selections), spreads: spreads)
            {
                for variable in byName[fragment]?.providedVariables ?? [] where declared.insert(variable.name).inserted
                {
                    var definition = variable
                    definition.location = operation.location
                    operation.variables.append(definition)
                }
            }
            return operation
        }
    }

    /// `__relay_internal__pv__` and the provider's name without the characters that are not ASCII
    /// letters, digits or `_` (`"./Flags.relayprovider"` → `__relay_internal__pv__Flagsrelayprovider`).
    public static func globalName(_ provider: String) -> String {
        prefix + String(decoding: provider.utf8.filter(isNameByte), as: UTF8.self)
    }

    /// The Swift type a provider names: the last component of a Relay module path, without a
    /// `.relayprovider`, `.js` or `.ts` extension (`"../Flags/ShowNames.relayprovider"` →
    /// `ShowNames`), or a type name as written (`Settings.ShowNames`); nil when that is not a
    /// Swift type name.
    public static func swiftTypeName(_ provider: String) -> String? {
        var name = provider.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? provider
        for suffix in [".relayprovider", ".js", ".ts"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        let isTypeName = parts.allSatisfy { part in
            guard let first = part.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
                return false
            }
            return part.utf8.allSatisfy { isNameByte($0) }
        }
        return isTypeName ? name : nil
    }

    /// An ASCII letter, digit or `_`.
    static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }

    /// True for a variable the runtime fills in from a provider.
    public static func isProvided(_ name: String) -> Bool { name.hasPrefix(prefix) }

    /// The fragments `roots` spread, directly or through others, each once in the order first met.
    static func reachableFragments(from roots: [String], spreads: [String: [String]]) -> [String] {
        var seen: Set<String> = []
        var order: [String] = []
        var stack = Array(roots.reversed())
        while let name = stack.popLast() {
            guard seen.insert(name).inserted else { continue }
            order.append(name)
            stack += (spreads[name] ?? []).reversed()
        }
        return order
    }

    /// The selections with each local variable in `bindings` replaced, wherever it is used.
    static func renaming(_ selections: [IRSelection], _ bindings: [String: IRValue]) -> [IRSelection] {
        selections.map { selection in
            switch selection {
            case .scalarField(var field):
                field.arguments = field.arguments.map { $0.substituting(bindings) }
                field.directives = field.directives.map { $0.substituting(bindings) }
                return .scalarField(field)
            case .linkedField(var field):
                field.arguments = field.arguments.map { $0.substituting(bindings) }
                field.directives = field.directives.map { $0.substituting(bindings) }
                field.selections = renaming(field.selections, bindings)
                return .linkedField(field)
            case .inlineFragment(var fragment):
                fragment.directives = fragment.directives.map { $0.substituting(bindings) }
                fragment.selections = renaming(fragment.selections, bindings)
                return .inlineFragment(fragment)
            case .condition(var condition):
                if case .variable(let local) = condition.value, case .variable(let global)? = bindings[local] {
                    condition.value = .variable(global)
                }
                condition.selections = renaming(condition.selections, bindings)
                return .condition(condition)
            case .fragmentSpread(var spread):
                spread.arguments = spread.arguments.map { $0.substituting(bindings) }
                spread.directives = spread.directives.map { $0.substituting(bindings) }
                return .fragmentSpread(spread)
            }
        }
    }
}

// MARK: What this feature keeps on IR nodes

extension IRFragment {
    /// The provided variables it reads, by their global names (`ProvidedVariablesTransform`):
    /// every operation reaching it declares them.
    public var providedVariables: [IRVariableDefinition] {
        get { metadata[FragmentProvidedVariablesKey.self] }
        set { metadata[FragmentProvidedVariablesKey.self] = newValue }
    }
}

private enum FragmentProvidedVariablesKey: IRMetadataKey {
    static let defaultValue: [IRVariableDefinition] = []
}

extension IRVariableDefinition {
    /// A provided variable's provider (`@argumentDefinitions(x: {type:, provider: "Flags"})`):
    /// the Swift type whose `get()` the runtime calls for its value.
    public var provider: String? {
        get { metadata[VariableDefinitionProviderKey.self] }
        set { metadata[VariableDefinitionProviderKey.self] = newValue }
    }
}

private enum VariableDefinitionProviderKey: IRMetadataKey {
    static let defaultValue: String? = nil
}
