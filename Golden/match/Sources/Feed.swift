import Relay

// The server answers each story's attachment with the view the app should use, among the
// types the app supports (`supported`, added by the compiler): a photo or a poll here; a link
// is never sent to this app.
let feed = graphql("""
    query FeedQuery {
      feed {
        id
        title
        attachment @match {
          ...FeedPhoto_photo @module(name: "PhotoView")
          ...FeedPoll_poll @module(name: "PollView")
        }
      }
    }
    """)

let photo = graphql("""
    fragment FeedPhoto_photo on Photo {
      url
      width
    }
    """)

let poll = graphql("""
    fragment FeedPoll_poll on Poll {
      question
      options
    }
    """)
