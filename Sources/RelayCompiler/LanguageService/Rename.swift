import GraphQLParser

/// A change to a file an editor applies: the text at `location` becomes `newText`.
public struct TextEdit: Hashable, Sendable {
    public var location: SourceLocation
    public var newText: String
}

/// Why a rename was refused: it would leave the project not compiling, or renames what the
/// server does not rename.
public struct RenameRefusal: Error, Equatable, Sendable {
    public var message: String

    public init(message: String) {
        self.message = message
    }
}

/// Rename (Relay's language server's rename): a fragment or an operation across the project's
/// GraphQL and the Swift code naming its generated types, or a variable within its operation.
extension LanguageWorkspace {
    /// The edits renaming what the cursor is on to `newName`, or why not: the name is not a
    /// GraphQL name, another definition has it, it breaks the file's naming rule, or the
    /// renamed thing is not one the server renames.
    public func rename(in file: String, atByte offset: Int, to newName: String) -> Result<[TextEdit], RenameRefusal> {
        guard let (source, inner) = graphQL(in: file, atByte: offset), let schema else {
            return .failure(RenameRefusal(message: "there is nothing to rename here"))
        }
        let document = Parser.parse(source, options: configuration.parseOptions).document
        guard let target = referenceTarget(in: document, source: source, at: inner, schema: schema) else {
            return .failure(RenameRefusal(message: "there is nothing to rename here"))
        }
        let name = newName.hasPrefix("$") ? String(newName.dropFirst()) : newName
        guard Self.isGraphQLName(name) else {
            return .failure(RenameRefusal(message: "'\(newName)' is not a GraphQL name"))
        }
        let references = graphQLReferences(in: file, atByte: offset, includeDeclaration: true)?.locations ?? []
        switch target {
        case .fragment(let old), .operation(let old):
            if let problem = namingProblem(renaming: target, to: name) {
                return .failure(RenameRefusal(message: problem))
            }
            let graphQLEdits = references.map { TextEdit(location: $0, newText: name) }
            return .success(
                (graphQLEdits + swiftEdits(renaming: old, to: name, isFragment: target == .fragment(old))).sorted {
                    $0.location < $1.location
                })
        case .variable(let old, let start):
            switch variableProblem(renaming: old, to: name, definitionAt: start, in: document) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let operationName):
                let swiftEdits = operationName.map { swiftLabelEdits(of: $0, renaming: old, to: name) } ?? []
                return .success(references.map { TextEdit(location: $0, newText: "$" + name) } + swiftEdits)
            }
        case .fragmentArgument(let old, let fragment):
            if let problem = fragmentArgumentProblem(renaming: old, to: name, of: fragment) {
                return .failure(RenameRefusal(message: problem))
            }
            // `$old` in the fragment becomes `$name`; declarations and `@arguments` keys `name`.
            return .success(
                references.map { location in
                    let isVariable = location.endColumn - location.column == old.utf8.count + 1
                    return TextEdit(location: location, newText: isVariable ? "$" + name : name)
                })
        case .field, .type:
            return .failure(
                RenameRefusal(message: "schema fields and types are renamed in the schema, not in the app's GraphQL"))
        }
    }

    /// The name a rename at the offset would change (LSP's `prepareRename`): nil where there is
    /// nothing the server renames.
    public func renameLocation(in file: String, atByte offset: Int) -> SourceLocation? {
        guard let (source, inner) = graphQL(in: file, atByte: offset), let schema, let text = text(of: file) else {
            return nil
        }
        let document = Parser.parse(source, options: configuration.parseOptions).document
        switch referenceTarget(in: document, source: source, at: inner, schema: schema) {
        case .fragment, .operation, .variable, .fragmentArgument: break
        default: return nil
        }
        let cursor = LineTable(text).position(ofByte: offset)
        return references(in: file, atByte: offset).first {
            $0.file == file && $0.line == cursor.line && $0.column <= cursor.column && cursor.column <= $0.endColumn
        }
    }

    static func isGraphQLName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return name.utf8.allSatisfy(isNameByte)
    }

    /// A byte of a GraphQL name (or a Swift identifier's ASCII): a letter, a digit or `_`.
    static func isNameByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Why a fragment or operation cannot take the name: one is defined with it, or the
    /// file's naming rule refuses it.
    private func namingProblem(renaming target: ReferenceTarget, to name: String) -> String? {
        var definedIn: String?
        var taken = false
        for (file, document) in documents() {
            for definition in document.definitions {
                switch definition {
                case .fragment(let fragment):
                    if fragment.name.value == name { taken = true }
                    if target == .fragment(fragment.name.value) { definedIn = file }
                case .operation(let operation):
                    if operation.name?.value == name { taken = true }
                    if let value = operation.name?.value, target == .operation(value) { definedIn = file }
                default: continue
                }
            }
        }
        if taken { return "there is already an operation or fragment named \(name)" }
        guard let file = definedIn, isProjectFile(file) else { return nil }
        let module = ModuleName.forFile(file)
        let fileName = file.split(separator: "/").last.map(String.init) ?? file
        switch target {
        case .fragment:
            if configuration.requiresFileNamePrefix, !name.hasPrefix(module) {
                return "fragments in \(fileName) must start with '\(module)'"
            }
        case .operation(let old):
            let suffix = ["Query", "Mutation", "Subscription"].first { old.hasSuffix($0) } ?? ""
            if !name.hasSuffix(suffix) || (configuration.requiresFileNamePrefix && !name.hasPrefix(module)) {
                let start = configuration.requiresFileNamePrefix ? "start with '\(module)' and " : ""
                return "operations in \(fileName) must \(start)end with '\(suffix)'"
            }
        default: break
        }
        return nil
    }

    /// Why a variable cannot take the name (another of its operation has it, or it is not the
    /// definition's own: a fragment's variable without `@argumentDefinitions` is its operation's);
    /// else the operation's name, whose Swift initializers take the variable by label.
    private func variableProblem(
        renaming old: String, to name: String, definitionAt start: UInt32, in document: Document
    )
        -> Result<String?, RenameRefusal>
    {
        for definition in document.definitions {
            switch definition {
            case .operation(let operation) where operation.range.start == start:
                if operation.variableDefinitions.contains(where: { $0.variable.name.value == name }) {
                    return .failure(RenameRefusal(message: "the operation already has a variable $\(name)"))
                }
                return .success(operation.name?.value)
            case .fragment(let fragment) where fragment.range.start == start:
                if fragment.variableDefinitions.contains(where: { $0.variable.name.value == old }) {
                    return .failure(
                        RenameRefusal(message: "fragment variables in the syntax (`fragment F($x: …)`) are not renamed")
                    )
                }
                return .failure(
                    RenameRefusal(
                        message: "$\(old) is not an argument of \(fragment.name.value) (it has no @argumentDefinitions "
                            + "for it): rename it on the operations that declare it"))
            default: continue
            }
        }
        return .success(nil)
    }

    /// Why a fragment's argument cannot take the name: the fragment declares it already, or it
    /// is `@refetchable` (its arguments are the refetch query's variables, which Swift passes
    /// by label).
    private func fragmentArgumentProblem(renaming old: String, to name: String, of fragment: String) -> String? {
        guard let entry = fragmentIndex()[fragment] else { return "\(fragment) is not defined in the project" }
        if FragmentArguments.definitions(of: entry.definition).contains(where: { $0.name.value == name }) {
            return "\(fragment) already has an argument \(name)"
        }
        if entry.definition.directives.contains(where: { $0.name.value == "refetchable" }) {
            return "\(fragment) is @refetchable: its arguments are its refetch query's variables, which Swift passes "
                + "by label; renaming them there is not done"
        }
        return nil
    }

    /// The edits to Swift code naming a renamed definition's generated types: `Name` (the type,
    /// its `Data`), and for a fragment `Name_Key` and `fragment_Name`.
    private func swiftEdits(renaming old: String, to name: String, isFragment: Bool) -> [TextEdit] {
        let renamed = [old: name, old + "_Key": name + "_Key", "fragment_" + old: "fragment_" + name]
        return swiftUses(of: old, isFragment: isFragment).map { use in
            TextEdit(location: use.location, newText: renamed[use.generatedName] ?? name)
        }
    }

    /// Where Swift code names an operation's or a fragment's generated types, with the name
    /// written there.
    func swiftUses(of name: String, isFragment: Bool) -> [(location: SourceLocation, generatedName: String)] {
        let names = isFragment ? [name, name + "_Key", "fragment_" + name] : [name]
        return projectSwiftFiles.flatMap { file -> [(location: SourceLocation, generatedName: String)] in
            guard let code = swiftCode(of: file) else { return [] }
            let found = code.identifierRanges(anyOf: names)
            guard !found.isEmpty else { return [] }
            let lines = LineTable(utf8: code.bytes)
            return found.map { (SourceLocation(file: file, range: $0.range, lines: lines), $0.name) }
        }
    }

    /// The edits renaming the label `old` to `name` in Swift calls of an operation's
    /// initializers, `Operation(old: …)` and `Operation.Variables(old: …)`. Other Swift uses
    /// of the variable (a read of `variables.old`, an inferred `.init(old:)`) are not found.
    private func swiftLabelEdits(of operation: String, renaming old: String, to name: String) -> [TextEdit] {
        projectSwiftFiles.flatMap { file -> [TextEdit] in
            guard let code = swiftCode(of: file) else { return [] }
            let labels = code.labels(old, inCallsOf: operation)
            guard !labels.isEmpty else { return [] }
            let lines = LineTable(utf8: code.bytes)
            return labels.map { TextEdit(location: SourceLocation(file: file, range: $0, lines: lines), newText: name) }
        }
    }
}
