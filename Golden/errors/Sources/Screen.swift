import Relay

let wrongName = graphql("""
    query TodoQuery { todo(id: "1") { id } }
    """)

let unknownField = graphql("""
    query ScreenQuery { todo(id: "1") { id txt } }
    """)

let unsupported = graphql("""
    fragment Screen_todo on Todo @preloadable { id }
    """)
