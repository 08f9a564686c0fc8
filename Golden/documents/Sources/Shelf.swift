import Relay

// A Swift literal spreading a fragment defined in GraphQL/Book.graphql.
private let query = graphql("""
    query ShelfQuery($count: Int = 10) {
      viewer {
        name
        shelf(first: $count) {
          ...Book_book
        }
      }
    }
    """)

/// The titles of a reader's shelf, read through the document's fragment.
func titles(of data: ShelfQuery.Data, in environment: Environment) -> [String] {
    (data.viewer?.shelf ?? []).compactMap { environment.lookup(Book_book(key: $0)).data?.title }
}
