import Relay

// A `@module` spread without `@match`: the story screen's attachment, keyed by the fragment.
let storyQuery = graphql("""
    query StoryQuery($id: ID!) {
      node(id: $id) {
        ...Story_story @alias(as: "story")
      }
    }
    """)

let story = graphql("""
    fragment Story_story on Story {
      title
      attachment {
        ...StoryPhoto_photo @module(name: "LargePhotoView")
      }
    }
    """)

let storyPhoto = graphql("""
    fragment StoryPhoto_photo on Photo {
      url
    }
    """)
