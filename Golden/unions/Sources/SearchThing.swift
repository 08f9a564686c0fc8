import Relay

let thing = graphql("""
    fragment SearchThing_thing on Thing {
      label
    }
    """)
