// SQLite for Swift. Only SoftphoneControl imports this module.
#ifndef CSQLITE3_SHIM_H
#define CSQLITE3_SHIM_H
#include <sqlite3.h>
#endif
