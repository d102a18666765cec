// OpenSSL (libssl, libcrypto) for Swift. Only SoftphoneAPNs imports this module.
#ifndef COPENSSL_SHIM_H
#define COPENSSL_SHIM_H
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

// Function-like macros Swift does not import, as functions.

static inline long copenssl_ctx_set_min_proto_version(SSL_CTX *context, int version) {
    return SSL_CTX_set_min_proto_version(context, version);
}
static inline long copenssl_ctx_set_max_proto_version(SSL_CTX *context, int version) {
    return SSL_CTX_set_max_proto_version(context, version);
}
static inline long copenssl_ctx_set_mode(SSL_CTX *context, long mode) {
    return SSL_CTX_set_mode(context, mode);
}
static inline long copenssl_ctx_set_options(SSL_CTX *context, long options) {
    return (long)SSL_CTX_set_options(context, (uint64_t)options);
}
static inline long copenssl_bio_pending(BIO *bio) { return BIO_pending(bio); }
static inline int copenssl_tls1_2_version(void) { return TLS1_2_VERSION; }
static inline int copenssl_tls1_3_version(void) { return TLS1_3_VERSION; }
static inline long copenssl_mode_partial_writes(void) {
    return SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER;
}
/// OpenSSL's ALPN selection callback answers with these.
static inline int copenssl_tlsext_ok(void) { return SSL_TLSEXT_ERR_OK; }
static inline int copenssl_tlsext_noack(void) { return SSL_TLSEXT_ERR_NOACK; }
static inline int copenssl_tlsext_alert_fatal(void) { return SSL_TLSEXT_ERR_ALERT_FATAL; }
#endif
