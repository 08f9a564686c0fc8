/// Every word the JSON of a generated node spells, in one place: the `kind` of each selection
/// and argument, and the key of each member. The encoder writes them and the decoder reads them,
/// so the compiler and the runtime cannot disagree on a spelling.
///
/// The format follows Relay's artifacts: a selection is an object with a `kind`, or just a string
/// for a scalar field with neither alias nor arguments; members at their default are left out.
enum NodeKind: String, CaseIterable, Sendable {
    case scalarField = "ScalarField"
    case linkedField = "LinkedField"
    case fragmentSpread = "FragmentSpread"
    case inlineFragment = "InlineFragment"
    case condition = "Condition"
    case clientExtension = "ClientExtension"
    case requiredField = "RequiredField"
    case catchField = "CatchField"
    case aliasedInlineFragmentSpread = "AliasedInlineFragmentSpread"
    case inlineDataFragmentSpread = "InlineDataFragmentSpread"
    case linkedHandle = "LinkedHandle"
    case scalarHandle = "ScalarHandle"
    case relayResolver = "RelayResolver"
    case moduleComponent = "ModuleComponent"
    // Arguments.
    case literal = "Literal"
    case variable = "Variable"
    case listValue = "ListValue"
    case objectValue = "ObjectValue"
}

/// The member names of node objects.
enum NodeKey: String, CaseIterable, Sendable {
    case kind, name, alias, type, selections, args, storageKey, concreteType, plural
    case condition, passingValue, field, action, path, to
    case possibleTypes, deferred, argumentDefaults, localArguments
    case handle, key, filters, handleArgs
    case variableName, value, items, fields
    case throwOnFieldError, catchTo, metadata, abstractKey
    case connection, refetch, direction, count, cursor, backwardCount, backwardCursor
    case operation, fragmentPathInResult, identifierField
    case fragment, params, testSelectionTypes, variableDefaults
    case testIncremental, parts, label, parent
    case operationKind, id, text, clientVariables, incremental, schema
    case nullable, enumValues, moduleOperation
    case resolver, clientEdgeQuery, clientEdgeTarget, component
}
