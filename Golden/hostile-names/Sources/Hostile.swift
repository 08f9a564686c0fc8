import Relay

private let query = graphql("""
    query HostileQuery($id: ID!, $where: String, $class: Class, $filter: Where) {
      item(id: $id, where: $where) {
        id
        ID
        Id
        class
        self
        Type
        protocol
        init
        subscript
        default
        where
        _
        description
        hashValue
        name
        item { id self }
        Item { id class }
        ...Hostile_item
      }
      Item { id }
      items(class: $class) { id default }
      self { id }
      Type { Type self { Protocol } }
      class: item(id: "2") { id }
      Self: Item { id }
      search(where: $filter) { id }
    }
    """)

private let fragment = graphql("""
    fragment Hostile_item on Item {
      id
      self
      Type
      init
    }
    """)

private let variables = graphql("""
    query HostileVariablesQuery($self: ID!, $variableData: String, $hashValue: Class) {
      item(id: $self, where: $variableData) { id }
      items(class: $hashValue) { id }
    }
    """)
