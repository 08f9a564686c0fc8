import Relay

/// An app's own scalar type: the schema's `Color`, written `#rrggbb`.
public struct RGBColor: GraphQLScalar {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public init(scalarValue: VariableValue) throws {
        guard case .string(let text) = scalarValue, text.utf8.count == 7, text.hasPrefix("#"),
            let rgb = UInt32(text.dropFirst(), radix: 16)
        else { throw ScalarValueError("expected #rrggbb") }
        self.init(red: UInt8(rgb >> 16), green: UInt8((rgb >> 8) & 0xFF), blue: UInt8(rgb & 0xFF))
    }

    public var variableValue: VariableValue {
        let hex = String((UInt32(red) << 16) | (UInt32(green) << 8) | UInt32(blue), radix: 16)
        return .string("#" + String(repeating: "0", count: 6 - hex.count) + hex)
    }
}
