/// Marks GraphQL text for the relay-swift compiler:
/// `private let query = graphql("""query TodoListQuery { … }""")`.
///
/// At run time it only returns its argument; the compiler finds these calls in the sources and
/// generates the typed Swift that code actually uses. The parameter is a `StaticString` so that
/// Swift itself rejects interpolation: the compiler must see the whole text.
@discardableResult
public func graphql(_ text: StaticString) -> StaticString {
    text
}
