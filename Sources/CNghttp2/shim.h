// libnghttp2 for Swift. Only SoftphoneAPNs imports this module.
#ifndef CNGHTTP2_SHIM_H
#define CNGHTTP2_SHIM_H
#include <nghttp2/nghttp2.h>

/// NGHTTP2_DATA_FLAG_EOF and NGHTTP2_FLAG_END_STREAM are enum constants Swift imports with types
/// of their own; these give them as the plain integers the callbacks and frames carry.
static inline uint32_t cnghttp2_data_flag_eof(void) { return NGHTTP2_DATA_FLAG_EOF; }
static inline uint8_t cnghttp2_flag_end_stream(void) { return NGHTTP2_FLAG_END_STREAM; }
#endif
