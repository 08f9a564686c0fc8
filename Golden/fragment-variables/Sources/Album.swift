import Relay

// Relay's fragment variables in the syntax (relay.json's `enable_fragment_argument_transform`):
// the same as `@argumentDefinitions` and `@arguments`.
let album = graphql("""
    query AlbumQuery($id: ID!) {
      album(id: $id) {
        title
        ...AlbumPhotos_album(count: 3, thumbnailSize: 64)
      }
    }
    """)

let photos = graphql("""
    fragment AlbumPhotos_album($count: Int = 10, $thumbnailSize: Int!, $withCaptions: Boolean = true) on Album {
      photos(first: $count) {
        id
        url(size: $thumbnailSize)
        caption @include(if: $withCaptions)
      }
    }
    """)
