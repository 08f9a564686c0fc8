/// What every schema has without declaring it: the standard scalars and directives, the
/// introspection types, and the meta-fields `__typename`, `__schema` and `__type`.
enum BuiltIns {
    static let scalarNames: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]
    static let directiveNames: Set<String> = ["include", "skip", "deprecated", "specifiedBy", "oneOf"]

    /// The built-in definitions as SDL (the GraphQL specification's, descriptions shortened).
    static let sdl = """
        "The `String` scalar type represents textual data, represented as UTF-8 character sequences."
        scalar String
        "The `Int` scalar type represents non-fractional signed whole numeric values between -(2^31) and 2^31 - 1."
        scalar Int
        "The `Float` scalar type represents signed double-precision fractional values."
        scalar Float
        "The `Boolean` scalar type represents `true` or `false`."
        scalar Boolean
        "The `ID` scalar type represents a unique identifier, serialized as a String."
        scalar ID

        "Directs the executor to include this field or fragment only when the `if` argument is true."
        directive @include("Included when true." if: Boolean!) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT
        "Directs the executor to skip this field or fragment when the `if` argument is true."
        directive @skip("Skipped when true." if: Boolean!) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT
        "Marks an element of a GraphQL schema as no longer supported."
        directive @deprecated(reason: String = "No longer supported") on FIELD_DEFINITION | ARGUMENT_DEFINITION | INPUT_FIELD_DEFINITION | ENUM_VALUE
        "Exposes a URL that specifies the behavior of this scalar."
        directive @specifiedBy(url: String!) on SCALAR
        "Indicates exactly one field must be supplied and this field must not be `null`."
        directive @oneOf on INPUT_OBJECT

        type __Schema {
          description: String
          types: [__Type!]!
          queryType: __Type!
          mutationType: __Type
          subscriptionType: __Type
          directives: [__Directive!]!
        }

        type __Type {
          kind: __TypeKind!
          name: String
          description: String
          specifiedByURL: String
          fields(includeDeprecated: Boolean = false): [__Field!]
          interfaces: [__Type!]
          possibleTypes: [__Type!]
          enumValues(includeDeprecated: Boolean = false): [__EnumValue!]
          inputFields(includeDeprecated: Boolean = false): [__InputValue!]
          ofType: __Type
          isOneOf: Boolean
        }

        enum __TypeKind { SCALAR OBJECT INTERFACE UNION ENUM INPUT_OBJECT LIST NON_NULL }

        type __Field {
          name: String!
          description: String
          args(includeDeprecated: Boolean = false): [__InputValue!]!
          type: __Type!
          isDeprecated: Boolean!
          deprecationReason: String
        }

        type __InputValue {
          name: String!
          description: String
          type: __Type!
          defaultValue: String
          isDeprecated: Boolean!
          deprecationReason: String
        }

        type __EnumValue {
          name: String!
          description: String
          isDeprecated: Boolean!
          deprecationReason: String
        }

        type __Directive {
          name: String!
          description: String
          isRepeatable: Boolean!
          locations: [__DirectiveLocation!]!
          args(includeDeprecated: Boolean = false): [__InputValue!]!
        }

        enum __DirectiveLocation {
          QUERY MUTATION SUBSCRIPTION FIELD FRAGMENT_DEFINITION FRAGMENT_SPREAD INLINE_FRAGMENT
          VARIABLE_DEFINITION SCHEMA SCALAR OBJECT FIELD_DEFINITION ARGUMENT_DEFINITION INTERFACE UNION
          ENUM ENUM_VALUE INPUT_OBJECT INPUT_FIELD_DEFINITION
        }
        """

    /// The built-in types and directives, parsed once per process.
    static let document: Document = Parser.parse(Source(sdl, name: "<built-in>")).document

    /// A schema of only the built-ins, for checks that need them without a schema.
    static let schema: Schema = SchemaBuilder.build([Document]())

    static let typenameField = SchemaField(
        name: "__typename", description: SchemaDescription("The name of the current Object type at runtime."),
        arguments: [],
        type: .nonNull(.named("String")), deprecationReason: nil, definition: nil)
    static func recordIDField(named name: String) -> SchemaField {
        SchemaField(
            name: name,
            description: SchemaDescription("The record's id in the client's store (never sent to the server)."),
            arguments: [], type: .nonNull(.named("ID")), deprecationReason: nil, definition: nil)
    }
    static let schemaField = SchemaField(
        name: "__schema", description: SchemaDescription("Access the current type schema of this server."),
        arguments: [],
        type: .nonNull(.named("__Schema")), deprecationReason: nil, definition: nil)
    static let typeField = SchemaField(
        name: "__type", description: SchemaDescription("Request the type information of a single type."),
        arguments: [
            SchemaInputValue(
                name: "name", description: SchemaDescription(nil), type: .nonNull(.named("String")), defaultValue: nil,
                deprecationReason: nil, definition: nil)
        ],
        type: .named("__Type"), deprecationReason: nil, definition: nil)
}
