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

/// The user's age in a given year; throws for a year before the user's birth.
///
/// @RelayResolver User.age(inYear: Int!): Int
/// @rootFragment UserAgeResolver
func age(_ user: UserAgeResolver.Data, inYear: Int) throws -> Int? {
    guard let birthYear = user.birthYear else { return nil }
    guard inYear >= birthYear else { throw AgeError(description: "\(inYear) is before the user's birth") }
    return inYear - birthYear
}
