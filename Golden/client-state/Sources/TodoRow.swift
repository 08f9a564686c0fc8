import Relay

let todoRowFragment = graphql("""
    fragment TodoRow_todo on Todo {
      text
      complete
      isSelected
      localNote
    }
    """)
