/// What a `GeneratedDataCheck` found, and what each operation's run cost.
public struct GeneratedDataReport: Sendable {
    /// One problem: the operation run, the definition read (the operation or a fragment), the
    /// shape, where in its data, and what.
    public struct Finding: Sendable, Hashable, CustomStringConvertible {
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// Normalizing threw, a read failed, or the generated type did not decode the data.
            case error
            /// The read is missing data that the response had.
            case missingData = "missing data"
            /// The data read is not what was sent.
            case difference
        }

        public var kind: Kind
        public var operation: String
        public var definition: String
        /// The index of the shape in the check's shapes.
        public var shape: Int
        public var path: String
        public var message: String

        public var description: String {
            let place = definition == operation ? operation : "\(operation) → \(definition)"
            return "\(place) [shape \(shape)] \(kind.rawValue)\(path.isEmpty ? "" : " at \(path)"): \(message)"
        }
    }

    /// One operation in one shape.
    public struct Run: Sendable, Hashable {
        public var operation: String
        public var shape: Int
        /// The records the response held (its objects).
        public var records: Int
        /// The response's size as JSON (all its payloads').
        public var bytes: Int
        /// The payloads it came in: 1, or the first and the later parts of `@defer` and `@stream`.
        public var payloads: Int
        /// The fragments read (each record and fragment once).
        public var fragmentsRead: Int
        /// Parsing the JSON and normalizing it into the store.
        public var normalizeTime: Duration
        /// Reading the operation and every fragment it reaches, raw and as generated types.
        public var readTime: Duration
    }

    public var runs: [Run] = []
    public var findings: [Finding] = []
    /// The fragments the check was given that no operation's data led to, sorted: a fragment
    /// only a screen not yet written spreads, or one on a type no response had.
    public var unreachedFragments: [String] = []

    /// The fragments read so far, by name.
    var reachedFragments: Set<String> = []

    /// The findings of each kind.
    public func count(of kind: Finding.Kind) -> Int { findings.filter { $0.kind == kind }.count }
}
