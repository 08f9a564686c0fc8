import Relay

/// A query whose node is written by hand, as JSON: for what the compiler does not write (a
/// damaged node, a handle of an app's handler). Its data is read untyped.
protocol HandWrittenQuery: Relay.Operation where Variables == EmptyVariables, Data == UntypedData {
    init()
}

extension HandWrittenQuery {
    var variables: EmptyVariables { EmptyVariables() }
    init(variables: EmptyVariables) { self.init() }
}

/// Data read without a generated type: the fields as the reader gave them.
struct UntypedData: SelectionData, Hashable {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    let __fields: SelectionFields
    init(data: SelectionFields) throws { __fields = data }
}
