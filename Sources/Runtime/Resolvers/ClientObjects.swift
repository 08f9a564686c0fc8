@_spi(RelayGenerated) import RelayContract

/// The objects a Relay Resolver's client edge leads to, as records the reader reads like the
/// store's (Relay's resolver cache makes these client records too):
/// - a strong model's object is made of its id and type (its fields are the model's resolvers),
///   unless the store has a record of that id;
/// - a weak model's object is the token of the value the resolver returned, under
///   `__relay_model_instance`, which its field resolvers turn back into the value;
/// - an output type's object is the data the resolver returned, an object (and a record)
///   for every object in it, under ids made from where it is read.
enum ClientObjects {
    /// The id of the object `value` (what the resolver gave) stands for, its record kept in
    /// `cache` unless the store has it; nil when `value` names none.
    static func register(
        _ value: VariableValue, as target: ReaderResolverField.ClientEdge.Target, type: String?, objectID: DataID,
        on parent: DataID, in source: RecordSource, cache: ResolverCache
    ) -> DataID? {
        switch target {
        case .server:
            guard case .string(let id) = value else { return nil }
            return DataID(id)
        case .client:
            var typename = type
            let id: String
            switch value {
            case .string(let string): id = string
            case .object(let fields):
                guard case .string(let string)? = fields["id"] else { return nil }
                id = string
                if case .string(let name)? = fields["__typename"] { typename = name }
            default: return nil
            }
            if !source.has(DataID(id)) {
                cache.keep(Record(id: DataID(id), typename: typename, fields: ["id": .scalar(.string(id))]), owner: nil)
            }
            return DataID(id)
        case .weak:
            guard case .string(let token) = value else { return nil }
            let record = Record(
                id: DataID(token), typename: type, fields: [modelInstanceField: .scalar(.string(token))])
            cache.keep(record, owner: DataID(token))
            return record.id
        case .output:
            guard case .object = value else { return nil }
            keepOutput(value, id: objectID, type: type, owner: parent, cache: cache)
            return objectID
        }
    }

    /// Keeps the records of an output type's data: the object's scalars, and links to a record
    /// per nested object.
    private static func keepOutput(
        _ value: VariableValue, id: DataID, type: String?, owner: DataID, cache: ResolverCache
    ) {
        guard case .object(let fields) = value else { return }
        var typename = type
        if case .string(let name)? = fields["__typename"] { typename = name }
        var record = Record(id: id, typename: typename)
        for (key, field) in fields {
            switch field {
            case .object:
                let child = DataID("\(id.rawValue):\(key)")
                keepOutput(field, id: child, type: nil, owner: owner, cache: cache)
                record.fields[key] = .link(child)
            case .list(let items) where items.contains(where: { if case .object = $0 { true } else { false } }):
                var links: [DataID?] = []
                for (index, item) in items.enumerated() {
                    guard case .object = item else {
                        links.append(nil)
                        continue
                    }
                    let child = DataID("\(id.rawValue):\(key):\(index)")
                    keepOutput(item, id: child, type: nil, owner: owner, cache: cache)
                    links.append(child)
                }
                record.fields[key] = .links(links)
            default:
                record.fields[key] = .scalar(field)
            }
        }
        cache.keep(record, owner: owner)
    }
}
