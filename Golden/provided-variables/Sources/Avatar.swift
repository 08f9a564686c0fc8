import Relay

// Provided variables: the fragment's `size` and `showName` come from providers, not from the
// spreads; every operation reaching the fragment sends them as
// `__relay_internal__pv__AvatarSize` and `__relay_internal__pv__ShowNames`.
let avatarFragment = graphql("""
    fragment Avatar_user on User
      @refetchable(queryName: "AvatarRefetchQuery")
      @argumentDefinitions(
        size: {type: "Int!", provider: "AvatarSize"}
        showName: {type: "Boolean!", provider: "ShowNames.relayprovider"}
      ) {
      avatar(size: $size)
      name @include(if: $showName)
    }
    """)

/// The avatar size every screen asks for: one value while the app runs, since records read
/// with it are stored under it.
public enum AvatarSize: VariableData.Provider {
    public static func get() -> Int { 64 }
}

/// Whether avatars show their user's name.
public enum ShowNames: VariableData.Provider {
    public static func get() -> Bool { true }
}
