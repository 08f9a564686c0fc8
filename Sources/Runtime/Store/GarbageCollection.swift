@_spi(RelayGenerated) import RelayContract
import Synchronization

/// The operations whose data the store keeps: those retained now, plus the most recently
/// released ones (a buffer, so going back to a screen just left needs no network).
struct Retention {
    struct Root {
        let selections: [NormalizationSelection]
        let variables: VariableData
        /// The operation's identity (name and variables), whose write times staleness keeps
        /// while it is retained.
        var key: String? = nil
        /// For what storage restored: the records it keeps, in place of selections to follow.
        var restored: Set<DataID>? = nil
    }

    /// How many released operations stay reachable.
    let releaseBufferSize: Int
    private var retained: [Int: Root] = [:]
    private var released: [Root] = []
    private var nextID = 0

    init(releaseBufferSize: Int) {
        self.releaseBufferSize = max(0, releaseBufferSize)
    }

    mutating func retain(_ root: Root) -> Int {
        defer { nextID += 1 }
        retained[nextID] = root
        return nextID
    }

    /// Keeps what storage restored as one released operation: it stays reachable until that
    /// many operations are released after it, so the app's screens can retain their queries.
    mutating func restore(keeping ids: Set<DataID>) {
        guard releaseBufferSize > 0 else { return }
        released.append(Root(selections: [], variables: VariableData(), restored: ids))
    }

    /// The identity of a retained operation.
    func key(of id: Int) -> String? {
        retained[id]?.key
    }

    /// Stops retaining an operation, and keeps it in the release buffer unless told not to;
    /// false when it was released already.
    mutating func release(_ id: Int, keepingInBuffer: Bool = true) -> Bool {
        guard let root = retained.removeValue(forKey: id) else { return false }
        guard keepingInBuffer else { return true }
        released.append(root)
        if released.count > releaseBufferSize { released.removeFirst(released.count - releaseBufferSize) }
        return true
    }

    /// Retained first, in retain order, then the buffer; the order only affects speed.
    var roots: [Root] { retained.keys.sorted().compactMap { retained[$0] } + released }
}

/// Finds the records an operation's normalization selections reach from the root, following
/// links field by field (with the operation's variables), and `@connection`s through their
/// client records.
struct ReferenceMarker {
    let source: RecordSource
    /// Asked what each handle keeps reachable.
    let handlers: FieldHandlers
    private(set) var marked: Set<DataID> = [.root]

    init(source: RecordSource, handlers: FieldHandlers = .builtIn) {
        self.source = source
        self.handlers = handlers
    }

    mutating func mark(_ root: Retention.Root) {
        if let restored = root.restored { marked.formUnion(restored) }
        mark(root.selections, in: .root, variables: root.variables)
    }

    /// Records to keep however they are reached (what live subscriptions read).
    mutating func mark(_ ids: some Sequence<DataID>) {
        marked.formUnion(ids)
    }

    private mutating func mark(_ selections: [NormalizationSelection], in id: DataID, variables: VariableData) {
        guard let record = source[id] else { return }
        for selection in selections {
            switch selection {
            case .scalarField:
                continue
            case .linkedField(let field):
                let key =
                    field.storageKey ?? storageKey(fieldName: field.name, arguments: field.args, variables: variables)
                follow(record[key], field.selections, variables: variables)
            case .inlineFragment(let fragment):
                mark(fragment.selections, in: id, variables: variables)
            case .clientExtension(let nested):
                mark(nested, in: id, variables: variables)
            case .condition(let variable, let passingValue, let nested):
                if variables[variable] == .bool(passingValue) { mark(nested, in: id, variables: variables) }
            case .handle(let handle):
                guard
                    let (value, nested) = handlers.handler(for: handle)?.reachable(
                        through: handle, in: record, siblings: selections, variables: variables)
                else { continue }
                follow(value, nested, variables: variables)
            }
        }
    }

    private mutating func follow(
        _ value: Record.Value?, _ selections: [NormalizationSelection], variables: VariableData
    ) {
        switch value {
        case .link(let id?)?:
            marked.insert(id)
            mark(selections, in: id, variables: variables)
        case .links(let ids)?:
            for id in ids.compactMap({ $0 }) {
                marked.insert(id)
                mark(selections, in: id, variables: variables)
            }
        default:
            return
        }
    }
}

/// Hands back a retained operation: `dispose()` releases it (once; later calls do nothing).
public final class Disposable: Sendable {
    private let action: @Sendable () -> Void
    private let isDisposed = Atomic(false)

    init(_ action: @escaping @Sendable () -> Void) {
        self.action = action
    }

    public func dispose() {
        let wasDisposed = isDisposed.exchange(true, ordering: .acquiringAndReleasing)
        if !wasDisposed { action() }
    }
}
