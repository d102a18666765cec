// libFuzzer's driver, from the toolchain's runtime (linked by -sanitize=fuzzer). The fuzz targets
// call it from their own main: SwiftPM names an executable's entry point after its module and
// points main at it, so libFuzzer's main cannot be the program's.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
