// The system's SQLite (the SDK's on Apple platforms, libsqlite3-dev on Linux), for
// RelayPersistence. SQLITE_TRANSIENT is a cast macro Swift cannot import: a function gives it.
#include <sqlite3.h>

static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }
