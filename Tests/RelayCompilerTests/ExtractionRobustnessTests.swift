import Foundation
import GraphQLParser
import RelayCompiler
import TestSupport
import Testing

/// The extractor reads half-typed Swift on every build: random damage to real files must give
/// literals or diagnostics, never a crash or a hang.
struct ExtractionRobustnessTests {
    @Test func fiveThousandMutatedSwiftFilesExtractWithoutCrashing() throws {
        let directory = ExtractionTests.fixtures
        let seeds = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted().map {
            Array(try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8).utf8)
        }
        #expect(!seeds.isEmpty)
        var random = SeededRandom(seed: 0xE87_2AC7)
        let pieces = Array("\"#\\(){}/*\n`\"\"\"".utf8)
        var literals = 0
        var diagnostics = 0
        for round in 0..<5_000 {
            var bytes = seeds[round % seeds.count]
            for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes[position] = pieces[Int.random(in: 0..<pieces.count, using: &random)]
                case 1: bytes.remove(at: position)
                case 2: bytes.removeSubrange(position...)
                default: bytes.insert(pieces[Int.random(in: 0..<pieces.count, using: &random)], at: position)
                }
            }
            let result = GraphQLLiteralExtractor.extract(from: String(decoding: bytes, as: UTF8.self), file: "M.swift")
            literals += result.literals.count
            diagnostics += result.diagnostics.count
            // Every literal's text maps back into the file.
            for literal in result.literals {
                _ = Parser.parse(literal.source).diagnostics.map(\.description)
            }
        }
        print("Extraction robustness: 5000 mutants, \(literals) literals, \(diagnostics) diagnostics")
        #expect(literals > 0)
        #expect(diagnostics > 0)
    }
}
