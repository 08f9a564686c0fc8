@_spi(RelayGenerated) import RelayContract

extension Environment {
    /// Tells the store where to find a field it lacks, from data it has (relay-runtime's
    /// missing-field handlers): `user(id: "4")` is the record `4`, which a list query already
    /// wrote, so a detail screen opened from the list reads it at once, with no request.
    ///
    /// Handlers are asked, in order, by the availability check fetch policies and `check` run
    /// (`Configuration.missingFieldHandlers`); the first answer is written into the store, as a
    /// link from the field's record, and the check goes on through it.
    public struct MissingFieldHandler: Sendable {
        let answer: @Sendable (MissingField, RecordSource) -> Record.Value?

        /// For a field of an object type: the record it links to, or nil for no answer.
        public static func linked(_ handle: @escaping @Sendable (MissingField, RecordSource) -> DataID?) -> Self {
            MissingFieldHandler { field, records in
                guard field.kind == .linked else { return nil }
                return handle(field, records).map { .link($0) }
            }
        }

        /// For a list of objects: the records it links to, or nil for no answer.
        public static func pluralLinked(
            _ handle: @escaping @Sendable (MissingField, RecordSource) -> [DataID?]?
        ) -> Self {
            MissingFieldHandler { field, records in
                guard field.kind == .pluralLinked else { return nil }
                return handle(field, records).map { .links($0) }
            }
        }

        /// For a scalar field: its value, or nil for no answer.
        public static func scalar(_ handle: @escaping @Sendable (MissingField, RecordSource) -> VariableValue?) -> Self
        {
            MissingFieldHandler { field, records in
                guard field.kind == .scalar else { return nil }
                return handle(field, records).map { .scalar($0) }
            }
        }

        /// `node(id:)` on the query root is the record with that id, as in Relay's guide to
        /// filling in missing data.
        public static let node = linked { field, _ in
            guard field.parentID == .root, field.name == "node", case .string(let id)? = field.arguments["id"] else {
                return nil
            }
            return DataID(id)
        }

        /// `name(argument:)` on the query root (`user(id:)`, say) is the record whose id is that
        /// argument's value.
        public static func rootField(_ name: String, idArgument argument: String = "id") -> Self {
            linked { field, _ in
                guard field.parentID == .root, field.name == name, case .string(let id)? = field.arguments[argument]
                else { return nil }
                return DataID(id)
            }
        }
    }

    /// A field the store lacks, as missing-field handlers are asked about it.
    public struct MissingField: Sendable {
        /// Which handlers are asked: those made for this kind (`.scalar`, `.linked`, …).
        enum Kind: Sendable { case scalar, linked, pluralLinked }

        /// The field's name in the schema.
        public let name: String
        /// Its arguments, with the operation's variables substituted.
        public let arguments: [String: VariableValue]
        let kind: Kind
        /// The record that lacks it (`DataID.root` for the query's root fields).
        public let parentID: DataID
        public let parentTypename: String?
    }
}
