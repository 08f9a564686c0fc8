/// Builds a `SyntaxTree` as the parser goes: appends nodes, turns finished lists of children
/// into entries of the list table, and interns names.
///
/// Lists are collected on one scratch stack: a list's children are pushed as they are parsed
/// (nested lists push and finish above them) and copied into the list table when the list ends.
struct SyntaxBuilder: ~Copyable {
    var nodes: [RawNode] = []
    /// Starts with the empty list at index 0.
    var lists: [UInt32] = [0]
    private var scratch: [UInt32] = []
    var names = NameInterner()

    init(estimatedBytes: Int) {
        // About one node per 8 bytes of typical GraphQL; growing past that is fine.
        nodes.reserveCapacity(max(16, estimatedBytes / 8))
        lists.reserveCapacity(max(16, estimatedBytes / 16))
        scratch.reserveCapacity(256)
    }

    @inline(__always)
    mutating func add(
        _ kind: NodeKind, _ range: SourceRange, flag: UInt8 = 0, a: UInt32 = noNode, b: UInt32 = noNode,
        c: UInt32 = noNode, d: UInt32 = noNode, e: UInt32 = noNode
    ) -> UInt32 {
        let id = UInt32(truncatingIfNeeded: nodes.count)
        nodes.append(RawNode(kind: kind, flag: flag, start: range.start, end: range.end, a: a, b: b, c: c, d: d, e: e))
        return id
    }

    /// Where a list that starts now begins on the scratch stack.
    var listMark: Int {
        @inline(__always) get { scratch.count }
    }

    @inline(__always)
    mutating func push(_ child: UInt32) {
        scratch.append(child)
    }

    /// Moves the children pushed since `mark` into the list table; returns the list's index
    /// (0, the shared empty list, when there are none).
    @inline(__always)
    mutating func finishList(from mark: Int) -> UInt32 {
        let count = scratch.count - mark
        guard count > 0 else { return 0 }
        let index = UInt32(truncatingIfNeeded: lists.count)
        lists.append(UInt32(truncatingIfNeeded: count))
        lists.append(contentsOf: scratch[mark...])
        scratch.removeSubrange(mark...)
        return index
    }

    /// Drops children a failed parse left above `mark`.
    mutating func resetList(to mark: Int) {
        if mark < scratch.count { scratch.removeSubrange(mark...) }
    }

    func finish(source: Source) -> SyntaxTree {
        SyntaxTree(
            source: source.text, sourceName: source.name, origin: source.origin, nodes: nodes, lists: lists,
            names: names.strings)
    }
}
