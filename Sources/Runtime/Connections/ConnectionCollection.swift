/// A generated `@connection` type whose edges select `node`: a random-access collection of the
/// nodes, in edge order (edges or nodes that are null are left out), so a list shows a
/// connection directly: `ForEach(user.friends) { friend in … }`. The nodes are gathered once,
/// when the data is read.
public protocol ConnectionCollection: RandomAccessCollection where Index == Int {
    var nodes: [Element] { get }
}

extension ConnectionCollection {
    public var startIndex: Int { nodes.startIndex }
    public var endIndex: Int { nodes.endIndex }
    public subscript(position: Int) -> Element { nodes[position] }
}
