import Relay

let userAgeResolver = graphql(
    """
    fragment UserAgeResolver on User {
      birthYear
    }
    """)

/// Why `User.age` has no value.
struct AgeError: Error, CustomStringConvertible {
    var description: String
}

/// `User.age(inYear:)`: a resolver that throws is a field error, which `@catch` can hold.
func age(_ user: UserAgeResolver.Data, inYear: Int) throws -> Int? {
    guard let birthYear = user.birthYear else { return nil }
    guard inYear >= birthYear else { throw AgeError(description: "\(inYear) is before the user's birth") }
    return inYear - birthYear
}
