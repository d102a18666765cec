import COpenSSL

/// An `EVP_PKEY` OpenSSL has read, freed with its owner.
///
/// `@unchecked Sendable`: the key is never changed once read; OpenSSL allows signing and
/// verifying with one key from several threads.
final class APNsKey: @unchecked Sendable {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { EVP_PKEY_free(pointer) }
}
