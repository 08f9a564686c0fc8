import GraphQLParser
import Testing

@testable import RelayCompiler

/// `customScalarTypes`: how a mapping names its Swift type and the module generated files import.
struct CustomScalarTypeTests {
    @Test func aStringNamesTheTypeAndItsModule() {
        #expect(CustomScalarType("Foundation.Date") == CustomScalarType(name: "Foundation.Date", module: "Foundation"))
        #expect(CustomScalarType("Billing.Money") == CustomScalarType(name: "Billing.Money", module: "Billing"))
        #expect(CustomScalarType("Date") == CustomScalarType(name: "Date", module: "Foundation"))
        #expect(CustomScalarType("URL").module == "Foundation")
        #expect(CustomScalarType("Decimal").module == "Foundation")
        #expect(CustomScalarType("String").module == nil)
        #expect(CustomScalarType("Money").module == nil)
    }

    @Test func relayJSONTakesAStringOrANameAndModule() throws {
        func json(_ text: String) throws -> ConfigurationJSON {
            try ConfigurationJSON.parse(Array(text.utf8), file: "relay.json")
        }
        let types = try CompilerConfiguration.customScalarTypes(
            json(
                #"{"DateTime": "Date", "Money": {"name": "Money", "module": "Billing"}, "Cents": {"name": "Billing.Cents"}}"#
            ))
        #expect(types["DateTime"] == CustomScalarType(name: "Date", module: "Foundation"))
        #expect(types["Money"] == CustomScalarType(name: "Money", module: "Billing"))
        #expect(types["Cents"] == CustomScalarType(name: "Billing.Cents", module: nil))
        for bad in [
            #"{"DateTime": 3}"#, #"{"DateTime": {"module": "Foundation"}}"#,
            #"{"DateTime": {"name": "Date", "path": "x"}}"#,
            #"{"DateTime": ""}"#, #""Date""#,
        ] {
            #expect(throws: Diagnostic.self) { try CompilerConfiguration.customScalarTypes(json(bad)) }
        }
    }

    @Test func importsAreRelayThenTheScalarsModulesOnceEachInOrder() {
        let mapping = SwiftTypeMapping(customScalars: [
            "DateTime": "Date", "Url": "Foundation.URL", "Money": CustomScalarType(name: "Money", module: "Billing"),
            "Cents": "Int", "Own": CustomScalarType(name: "Own", module: "Relay"),
        ])
        #expect(mapping.imports(naming: ["String", "Todo"]) == ["Relay"])
        #expect(
            mapping.imports(naming: ["Url", "DateTime", "Money", "Cents", "Own"]) == ["Relay", "Billing", "Foundation"])
    }
}
