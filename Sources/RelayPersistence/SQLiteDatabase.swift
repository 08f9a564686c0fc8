import CSQLite

/// A connection to an SQLite file: statements run, rows read, errors thrown with SQLite's
/// message. Used by one owner at a time (the store's lock), opened in SQLite's serialized mode.
final class SQLiteDatabase {
    private let handle: OpaquePointer

    /// What SQLite reported, with its result code.
    struct Failure: Error, CustomStringConvertible {
        let code: Int32
        let message: String
        var description: String { "\(message) (SQLite code \(code))" }
        /// The file is not a database, or is damaged.
        var isUnreadable: Bool { code == SQLITE_NOTADB || code == SQLITE_CORRUPT }
    }

    init(path: String) throws(Failure) {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let handle { sqlite3_close_v2(handle) }
            throw Failure(code: code, message: message)
        }
        self.handle = handle
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs statements that return no rows.
    func execute(_ sql: String) throws(Failure) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw failure(code) }
    }

    func prepare(_ sql: String) throws(Failure) -> Statement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw failure(code) }
        return Statement(statement, database: self)
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func transaction(_ body: () throws -> Void) throws {
        try execute("BEGIN IMMEDIATE")
        do {
            try body()
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    fileprivate func failure(_ code: Int32) -> Failure {
        Failure(code: code, message: String(cString: sqlite3_errmsg(handle)))
    }

    /// A prepared statement: bind, step through rows, reset to run again.
    final class Statement {
        private let statement: OpaquePointer
        private let database: SQLiteDatabase

        fileprivate init(_ statement: OpaquePointer, database: SQLiteDatabase) {
            self.statement = statement
            self.database = database
        }

        deinit {
            sqlite3_finalize(statement)
        }

        /// Binds values to the parameters, in order (String, Int, Double, or nil for NULL).
        func bind(_ values: [Any?]) throws(Failure) {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
            for (offset, value) in values.enumerated() {
                let index = Int32(offset + 1)
                let code: Int32
                switch value {
                case let text as String: code = sqlite3_bind_text(statement, index, text, -1, csqlite_transient())
                case let number as Int: code = sqlite3_bind_int64(statement, index, Int64(number))
                case let number as Double: code = sqlite3_bind_double(statement, index, number)
                default: code = sqlite3_bind_null(statement, index)
                }
                guard code == SQLITE_OK else { throw database.failure(code) }
            }
        }

        /// Ends the current run, so the statement holds no read of the file.
        func reset() {
            sqlite3_reset(statement)
        }

        /// Runs the statement with `values` to its end (no rows wanted).
        func run(_ values: [Any?] = []) throws(Failure) {
            try bind(values)
            while try step() {}
        }

        /// Advances to the next row; false at the end.
        func step() throws(Failure) -> Bool {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            case let code: throw database.failure(code)
            }
        }

        func text(_ column: Int32) -> String? {
            guard let bytes = sqlite3_column_text(statement, column) else { return nil }
            return String(cString: bytes)
        }

        func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }

        func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }

        func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
    }
}
