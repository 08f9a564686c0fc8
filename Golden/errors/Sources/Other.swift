import Relay

let anonymous = graphql("{ todo { id } }")

let interpolated = graphql("query OtherQuery { todo(id: \(1)) { id } }")
