/// Fields that end up under the same response key can be merged: same field, same arguments,
/// compatible types, and sub-selections that merge too (graphql-js's algorithm, with its
/// caches of collected fields and compared fragment pairs).
///
/// When one response key is selected many times, fields with identical text under the same
/// parent type are compared once: a selection that repeats a field costs a pass over its copies,
/// not a comparison of every pair.
public final class OverlappingFieldsCanBeMergedRule: SelectionSetVisitor {
    public static let name = "OverlappingFieldsCanBeMergedRule"
    private unowned let context: ValidationContext
    private var cache: [ValidationContext.NodeKey: FieldMap] = [:]
    private var comparedFragmentPairs = PairSet()
    /// (field collection, fragment) pairs already compared: fragments that spread themselves
    /// under fields would otherwise lead back to the same comparison forever.
    private var comparedFieldsAndFragments: [ObjectIdentifier: [Int: Bool]] = [:]
    /// The document's fragments by number (name order), and each one's collected fields, so
    /// that comparing fragment pairs, quadratic in the fragments spread together, looks up
    /// integers rather than hashing names.
    private let fragmentNumbers: [String: Int]
    private let fragmentDefinitions: [FragmentDefinition]
    private var fragmentFieldMaps: [FieldMap?]

    public init(context: ValidationContext) {
        self.context = context
        fragmentDefinitions = context.fragments.sorted { $0.key < $1.key }.map(\.value)
        fragmentNumbers = Dictionary(uniqueKeysWithValues: fragmentDefinitions.enumerated().map { ($1.name.value, $0) })
        fragmentFieldMaps = Array(repeating: nil, count: fragmentDefinitions.count)
    }

    public func enterSelectionSet(_ selectionSet: SelectionSet) {
        if Self.hasOnlyDistinctFields(selectionSet) { return }
        var conflicts: [Conflict] = []
        let fieldMap = fieldsAndFragmentNames(context.parentType, selectionSet)
        collectConflictsWithin(&conflicts, fieldMap)
        let fragments = fieldMap.fragments
        // Pairs of fragments are compared only when both could conflict with another fragment:
        // a selection spreading thousands of fragments would otherwise cost millions of pairs.
        let comparable =
            fragments.count > Self.pairwiseLimit && !Self.comparesEveryFragmentPair
            ? contested(fragments) : fragments.map { _ in true }
        let comparablePositions = fragments.indices.filter { comparable[$0] }
        for (i, fragment) in fragments.enumerated() where !hasEnough(conflicts) {
            collectConflictsBetweenFieldsAndFragment(&conflicts, false, fieldMap, fragment)
            guard comparable[i] else { continue }
            for j in comparablePositions where j > i && !hasEnough(conflicts) {
                collectConflictsBetweenFragments(&conflicts, false, fragment, fragments[j])
            }
        }
        for conflict in conflicts {
            context.report(
                "Fields \"\(conflict.reason.responseName)\" conflict because \(conflict.reason.message). Use different aliases on the fields to fetch both if this was intentional.",
                at: conflict.fields1 + conflict.fields2)
        }
    }

    /// Fields only, each under its own response key: nothing in the set can conflict, and
    /// sub-selections are checked when the walk reaches them. Most selection sets are like this.
    static func hasOnlyDistinctFields(_ selectionSet: SelectionSet) -> Bool {
        let selections = selectionSet.selections
        guard selections.count <= 64 else { return false }
        var seen: [UInt32] = []
        seen.reserveCapacity(selections.count)
        for selection in selections {
            guard case .field(let field) = selection else { return false }
            let key = field.responseKey.internedIndex
            if seen.contains(key) { return false }
            seen.append(key)
        }
        return true
    }

    /// Fields only, under distinct response keys, at every level (`node { id name }`): two
    /// copies of a field with such a selection, of the same type, always merge.
    static func isDistinctFieldTree(_ selectionSet: SelectionSet) -> Bool {
        guard hasOnlyDistinctFields(selectionSet) else { return false }
        return selectionSet.selections.allSatisfy { selection in
            guard case .field(let field) = selection, let nested = field.selectionSet else { return true }
            return isDistinctFieldTree(nested)
        }
    }

    // MARK: Model

    struct FieldEntry {
        var parentType: SchemaType?
        var node: Field
        var definition: SchemaField?
    }

    /// The fields of a selection set by response key, in first-seen order, and the fragments
    /// it spreads (by number; spreads of unknown fragments are left out). Small maps (most
    /// selection sets) are searched linearly; a dictionary index is built only for large ones.
    final class FieldMap {
        private(set) var keys: [String] = []
        private(set) var groups: [[FieldEntry]] = []
        private var index: [String: Int]?
        var fragments: [Int] = []

        private static let indexThreshold = 12

        func position(of key: String) -> Int? {
            if let index { return index[key] }
            return keys.firstIndex(of: key)
        }

        func fields(for key: String) -> [FieldEntry]? {
            position(of: key).map { groups[$0] }
        }

        func append(_ entry: FieldEntry, under key: String) {
            if let position = position(of: key) {
                groups[position].append(entry)
                return
            }
            keys.append(key)
            groups.append([entry])
            if index != nil {
                index?[key] = keys.count - 1
            } else if keys.count > Self.indexThreshold {
                index = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
            }
        }
    }

    indirect enum ReasonDetail {
        case message(String)
        case subfields([Reason])
    }

    struct Reason {
        var responseName: String
        var detail: ReasonDetail

        var message: String {
            switch detail {
            case .message(let text): text
            case .subfields(let reasons):
                reasons.map { "subfields \"\($0.responseName)\" conflict because \($0.message)" }
                    .joined(separator: " and ")
            }
        }
    }

    struct Conflict {
        var reason: Reason
        var fields1: [Field]
        var fields2: [Field]
    }

    /// Fragment pairs already compared, and whether under mutually exclusive parents.
    struct PairSet {
        private var data: [UInt64: Bool] = [:]

        private static func key(_ a: Int, _ b: Int) -> UInt64 {
            UInt64(truncatingIfNeeded: min(a, b)) << 32 | UInt64(truncatingIfNeeded: max(a, b))
        }

        func has(_ a: Int, _ b: Int, _ mutuallyExclusive: Bool) -> Bool {
            guard let stored = data[Self.key(a, b)] else { return false }
            // "Not exclusive" is the stronger comparison and covers the exclusive one.
            return mutuallyExclusive ? true : stored == mutuallyExclusive
        }

        mutating func add(_ a: Int, _ b: Int, _ mutuallyExclusive: Bool) {
            data[Self.key(a, b)] = mutuallyExclusive
        }
    }

    // MARK: Collecting fields

    private func fieldsAndFragmentNames(_ parentType: SchemaType?, _ selectionSet: SelectionSet) -> FieldMap {
        let key = ValidationContext.NodeKey(selectionSet)
        if let cached = cache[key] { return cached }
        let map = FieldMap()
        var seenFragments: Set<Int> = []
        collect(parentType, selectionSet, into: map, seenFragments: &seenFragments)
        cache[key] = map
        return map
    }

    /// The collected fields of fragment number `fragment`.
    private func fieldMap(ofFragment fragment: Int) -> FieldMap {
        if let map = fragmentFieldMaps[fragment] { return map }
        let definition = fragmentDefinitions[fragment]
        let map = fieldsAndFragmentNames(context.schema[definition.typeCondition.name.value], definition.selectionSet)
        fragmentFieldMaps[fragment] = map
        return map
    }

    private func collect(
        _ parentType: SchemaType?, _ selectionSet: SelectionSet, into map: FieldMap, seenFragments: inout Set<Int>
    ) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                let definition =
                    parentType.flatMap {
                        $0.kind == .object || $0.kind == .interface ? $0.field(field.name.value) : nil
                    }
                let key = field.responseKey.value
                map.append(FieldEntry(parentType: parentType, node: field, definition: definition), under: key)
            case .fragmentSpread(let spread):
                if let number = fragmentNumbers[spread.name.value], seenFragments.insert(number).inserted {
                    map.fragments.append(number)
                }
            case .inlineFragment(let fragment):
                let type = fragment.typeCondition.map { context.schema[$0.name.value] } ?? parentType
                collect(type, fragment.selectionSet, into: map, seenFragments: &seenFragments)
            }
        }
    }

    // MARK: Fragments that cannot conflict

    /// Set by tests to check that skipping fragments changes no result.
    @TaskLocal static var comparesEveryFragmentPair = false

    /// For each of the fragments spread into one selection set, whether it can conflict with
    /// another fragment reachable from that set. It cannot when it spreads no fragments and
    /// each of its fields, under a response key another reachable fragment selects too, merges
    /// with every field under that key by construction: all are the same field with the same
    /// arguments and type, with sub-selections of fields only whose own response keys are,
    /// recursively, alike (`MergeTree`). Such fields may select different sub-fields
    /// (`node { a: name }`, `node { b: name }`): the union has no two fields under one key that
    /// differ, so no pair can conflict. A place where fields do differ makes only the
    /// fragments that reach it comparable. The cost is linear in the fields, not quadratic in
    /// the fragments.
    private func contested(_ fragments: [Int]) -> [Bool] {
        var reachable: [Int] = []
        var seen: Set<Int> = []
        var pending = fragments
        while let fragment = pending.popLast() {
            guard seen.insert(fragment).inserted else { continue }
            reachable.append(fragment)
            pending += fieldMap(ofFragment: fragment).fragments
        }
        // Per response key: the first fragment selecting it, whether another one does too, and
        // the merged shape of every field under it.
        var keys: [String: (fragment: Int, shared: Bool, tree: MergeTree)] = [:]
        for fragment in reachable {
            let map = fieldMap(ofFragment: fragment)
            for (key, fields) in zip(map.keys, map.groups) {
                for field in fields {
                    let type = field.definition?.type.description ?? "?"
                    if let entry = keys[key] {
                        entry.tree.add(field.node, type: type)
                        if entry.fragment != fragment, !entry.shared { keys[key]?.shared = true }
                    } else {
                        keys[key] = (fragment, false, MergeTree(field.node, type: type))
                    }
                }
            }
        }
        return fragments.map { fragment in
            let map = fieldMap(ofFragment: fragment)
            guard map.fragments.isEmpty else { return true }
            return zip(map.keys, map.groups).contains { key, fields in
                guard let entry = keys[key], entry.shared else { return false }
                return fields.contains { entry.tree.reachesDifference($0.node) }
            }
        }
    }

    /// The fields selected under one response key, merged: their field name, arguments and
    /// type, and their sub-fields by response key. A node `differs` when two of its fields
    /// differ in any of these or in having a sub-selection, or one's sub-selection has
    /// anything but fields: only fields that reach such a node can conflict.
    final class MergeTree {
        let name: String
        let arguments: String
        /// The schema type at the top (below it, one field of one parent type has one type).
        let type: String
        var children: [String: MergeTree]?
        var differs = false

        init(_ field: Field, type: String) {
            name = field.name.value
            arguments = Self.argumentText(field)
            self.type = type
            if field.selectionSet != nil { children = [:] }
            addSubfields(of: field)
        }

        func add(_ field: Field, type: String) {
            guard !differs else { return }
            if field.name.value != name || type != self.type || Self.argumentText(field) != arguments
                || (field.selectionSet == nil) != (children == nil)
            {
                differs = true
                return
            }
            addSubfields(of: field)
        }

        private func addSubfields(of field: Field) {
            guard let selectionSet = field.selectionSet, !differs else { return }
            for selection in selectionSet.selections {
                guard case .field(let subfield) = selection else {
                    differs = true
                    return
                }
                let key = subfield.responseKey.value
                if let child = children?[key] {
                    child.add(subfield, type: "")
                } else {
                    children?[key] = MergeTree(subfield, type: "")
                }
            }
        }

        /// Whether `field` (one of the fields merged here) reaches a node that differs.
        func reachesDifference(_ field: Field) -> Bool {
            if differs { return true }
            guard let selectionSet = field.selectionSet else { return false }
            return selectionSet.selections.contains { selection in
                guard case .field(let subfield) = selection else { return true }
                return children?[subfield.responseKey.value]?.reachesDifference(subfield) ?? true
            }
        }

        private static func argumentText(_ field: Field) -> String {
            field.arguments.map { $0.name.value + ":" + canonicalText($0.value) }.sorted().joined(separator: ",")
        }
    }

    // MARK: Comparing

    /// Whether `conflicts` already exceed what validation will report before it aborts: one
    /// response key selected with thousands of different fields conflicts millions of times.
    /// (Near the limit, a conflict's list of conflicting subfields is cut at the same count.)
    private func hasEnough(_ conflicts: [Conflict]) -> Bool {
        conflicts.count > context.remainingErrors
    }

    private func collectConflictsWithin(_ conflicts: inout [Conflict], _ map: FieldMap) {
        for (key, fields) in zip(map.keys, map.groups) where !hasEnough(conflicts) {
            guard fields.count > 1 else { continue }
            if fields.count <= Self.pairwiseLimit {
                for i in fields.indices {
                    for j in fields.indices where j > i {
                        if let conflict = findConflict(false, key, fields[i], fields[j]) { conflicts.append(conflict) }
                    }
                }
            } else {
                collectConflictsWithinLargeGroup(&conflicts, key, fields)
            }
        }
    }

    /// Up to this many fields under one response key are compared pair by pair.
    private static let pairwiseLimit = 16

    /// A response key selected many times: identical copies of a field (same parent type, same
    /// text) merge with each other, so one of each is compared with one of each other.
    private func collectConflictsWithinLargeGroup(_ conflicts: inout [Conflict], _ key: String, _ fields: [FieldEntry])
    {
        var representatives: [FieldEntry] = []
        var copies: [[FieldEntry]] = []
        var indexBySignature: [String: Int] = [:]
        for entry in fields {
            let signature = (entry.parentType?.name ?? "") + "|" + Printer.print(Selection.field(entry.node))
            if let index = indexBySignature[signature] {
                copies[index].append(entry)
            } else {
                indexBySignature[signature] = representatives.count
                representatives.append(entry)
                copies.append([entry])
            }
        }
        for i in representatives.indices where !hasEnough(conflicts) {
            for j in representatives.indices where j > i && !hasEnough(conflicts) {
                guard findConflict(false, key, representatives[i], representatives[j]) != nil else { continue }
                // Reported once per pair of copies, as comparing every pair would.
                for first in copies[i] where !hasEnough(conflicts) {
                    for second in copies[j] where !hasEnough(conflicts) {
                        if let conflict = findConflict(false, key, first, second) { conflicts.append(conflict) }
                    }
                }
            }
        }
    }

    private func collectConflictsBetween(
        _ conflicts: inout [Conflict], _ mutuallyExclusive: Bool, _ map1: FieldMap, _ map2: FieldMap
    ) {
        for (key, fields1) in zip(map1.keys, map1.groups) where !hasEnough(conflicts) {
            guard let fields2 = map2.fields(for: key) else { continue }
            for field1 in fields1 where !hasEnough(conflicts) {
                for field2 in fields2 where !hasEnough(conflicts) {
                    if let conflict = findConflict(mutuallyExclusive, key, field1, field2) {
                        conflicts.append(conflict)
                    }
                }
            }
        }
    }

    /// Conflicts between a collection of fields and a fragment, including the fragments it
    /// spreads; each (collection, fragment) pair is compared once.
    private func collectConflictsBetweenFieldsAndFragment(
        _ conflicts: inout [Conflict], _ mutuallyExclusive: Bool, _ map: FieldMap, _ fragment: Int
    ) {
        let key = ObjectIdentifier(map)
        if let stored = comparedFieldsAndFragments[key]?[fragment], mutuallyExclusive || stored == mutuallyExclusive {
            return
        }
        comparedFieldsAndFragments[key, default: [:]][fragment] = mutuallyExclusive
        let map2 = fieldMap(ofFragment: fragment)
        if map === map2 { return }
        collectConflictsBetween(&conflicts, mutuallyExclusive, map, map2)
        for referenced in map2.fragments {
            collectConflictsBetweenFieldsAndFragment(&conflicts, mutuallyExclusive, map, referenced)
        }
    }

    private func collectConflictsBetweenFragments(
        _ conflicts: inout [Conflict], _ mutuallyExclusive: Bool, _ fragment1: Int, _ fragment2: Int
    ) {
        if fragment1 == fragment2 { return }
        if comparedFragmentPairs.has(fragment1, fragment2, mutuallyExclusive) { return }
        comparedFragmentPairs.add(fragment1, fragment2, mutuallyExclusive)
        let map1 = fieldMap(ofFragment: fragment1)
        let map2 = fieldMap(ofFragment: fragment2)
        collectConflictsBetween(&conflicts, mutuallyExclusive, map1, map2)
        for referenced in map2.fragments {
            collectConflictsBetweenFragments(&conflicts, mutuallyExclusive, fragment1, referenced)
        }
        for referenced in map1.fragments {
            collectConflictsBetweenFragments(&conflicts, mutuallyExclusive, referenced, fragment2)
        }
    }

    private func findConflictsBetweenSubSelectionSets(
        _ mutuallyExclusive: Bool, _ type1: SchemaType?, _ set1: SelectionSet, _ type2: SchemaType?,
        _ set2: SelectionSet
    ) -> [Conflict] {
        var conflicts: [Conflict] = []
        let map1 = fieldsAndFragmentNames(type1, set1)
        let map2 = fieldsAndFragmentNames(type2, set2)
        collectConflictsBetween(&conflicts, mutuallyExclusive, map1, map2)
        for fragment in map2.fragments {
            collectConflictsBetweenFieldsAndFragment(&conflicts, mutuallyExclusive, map1, fragment)
        }
        for fragment in map1.fragments {
            collectConflictsBetweenFieldsAndFragment(&conflicts, mutuallyExclusive, map2, fragment)
        }
        for fragment1 in map1.fragments {
            for fragment2 in map2.fragments {
                collectConflictsBetweenFragments(&conflicts, mutuallyExclusive, fragment1, fragment2)
            }
        }
        return conflicts
    }

    private func findConflict(
        _ parentsMutuallyExclusive: Bool, _ responseName: String, _ field1: FieldEntry, _ field2: FieldEntry
    ) -> Conflict? {
        let node1 = field1.node
        let node2 = field2.node
        // With `typenameHasNoParentType`, `__typename` belongs to no object type (as in Relay).
        let typenameHasNoParent =
            context.options.typenameHasNoParentType
            && (node1.name.value == "__typename" || node2.name.value == "__typename")
        let mutuallyExclusive =
            parentsMutuallyExclusive
            || (!typenameHasNoParent && field1.parentType?.name != field2.parentType?.name
                && field1.parentType?.kind == .object && field2.parentType?.kind == .object)
        if !mutuallyExclusive {
            let name1 = node1.name.value
            let name2 = node2.name.value
            if name1 != name2 {
                return Conflict(
                    reason: Reason(
                        responseName: responseName,
                        detail: .message("\"\(name1)\" and \"\(name2)\" are different fields")),
                    fields1: [node1], fields2: [node2])
            }
            if !sameArguments(node1, node2) {
                return Conflict(
                    reason: Reason(responseName: responseName, detail: .message("they have differing arguments")),
                    fields1: [node1], fields2: [node2])
            }
        }
        let type1 = field1.definition?.type
        let type2 = field2.definition?.type
        // Identical types never conflict: most pairs compared are the same field twice.
        if let type1, let type2, type1 != type2, typesConflict(type1, type2) {
            return Conflict(
                reason: Reason(
                    responseName: responseName,
                    detail: .message("they return conflicting types \"\(type1)\" and \"\(type2)\"")),
                fields1: [node1], fields2: [node2])
        }
        guard let set1 = node1.selectionSet, let set2 = node2.selectionSet else { return nil }
        let conflicts = findConflictsBetweenSubSelectionSets(
            mutuallyExclusive, type1.flatMap { context.schema[$0.namedType] }, set1,
            type2.flatMap { context.schema[$0.namedType] }, set2)
        guard !conflicts.isEmpty else { return nil }
        return Conflict(
            reason: Reason(responseName: responseName, detail: .subfields(conflicts.map(\.reason))),
            fields1: [node1] + conflicts.flatMap(\.fields1), fields2: [node2] + conflicts.flatMap(\.fields2))
    }

    private func sameArguments(_ node1: Field, _ node2: Field) -> Bool {
        let arguments1 = node1.arguments
        let arguments2 = node2.arguments
        if arguments1.isEmpty || arguments2.isEmpty { return arguments1.isEmpty && arguments2.isEmpty }
        // A fragment's local variable has its value only once the fragment's arguments are
        // applied: the compiler compares such arguments then (as Relay does), not here.
        let locals = context.options.fragmentVariablesDirective == nil ? [] : context.fragmentLocalVariableNames
        if !locals.isEmpty,
            arguments1.contains(where: { Self.reads($0.value, anyOf: locals) })
                || arguments2.contains(where: { Self.reads($0.value, anyOf: locals) })
        {
            return true
        }
        guard arguments1.count == arguments2.count else { return false }
        var values2: [String: Value] = [:]
        for argument in arguments2 { values2[argument.name.value] = argument.value }
        return arguments1.allSatisfy { argument in
            guard let value2 = values2[argument.name.value] else { return false }
            return Self.canonicalText(argument.value) == Self.canonicalText(value2)
        }
    }

    static func reads(_ value: Value, anyOf names: Set<String>) -> Bool {
        switch value {
        case .variable(let variable): names.contains(variable.name.value)
        case .list(let list): list.values.contains { reads($0, anyOf: names) }
        case .object(let object): object.fields.contains { reads($0.value, anyOf: names) }
        default: false
        }
    }

    /// The value printed with object fields sorted by name, so field order does not matter.
    static func canonicalText(_ value: Value) -> String {
        switch value {
        case .list(let list): "[" + list.values.map(canonicalText).joined(separator: ", ") + "]"
        case .object(let object):
            "{"
                + object.fields.sorted { Suggestions.naturalCompare($0.name.value, $1.name.value) < 0 }
                .map { $0.name.value + ": " + canonicalText($0.value) }.joined(separator: ", ") + "}"
        default: Printer.print(value)
        }
    }

    private func typesConflict(_ type1: TypeRef, _ type2: TypeRef) -> Bool {
        switch (type1, type2) {
        case (.list(let inner1), .list(let inner2)): return typesConflict(inner1, inner2)
        case (.list, _), (_, .list): return true
        case (.nonNull(let inner1), .nonNull(let inner2)): return typesConflict(inner1, inner2)
        case (.nonNull, _), (_, .nonNull): return true
        case (.named(let name1), .named(let name2)):
            let leaf1 = context.schema[name1]?.kind.isLeaf ?? false
            let leaf2 = context.schema[name2]?.kind.isLeaf ?? false
            return (leaf1 || leaf2) && name1 != name2
        }
    }
}
