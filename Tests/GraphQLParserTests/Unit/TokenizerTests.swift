import GraphQLParser
import Testing

struct TokenizerTests {
    @Test func forEachTokenVisitsEveryTokenThroughTheEnd() {
        var kinds: [TokenKind] = []
        let count = Tokenizer.forEachToken(in: Source("query { a(b: 1) }")) { kinds.append($0.kind) }
        #expect(count == 10)
        #expect(
            kinds == [
                .name, .braceLeft, .name, .parenLeft, .name, .colon, .int, .parenRight, .braceRight, .endOfFile,
            ])
    }
}
