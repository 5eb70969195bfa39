#ifndef CLIBWEBSOCKETS_SHIM_H
#define CLIBWEBSOCKETS_SHIM_H

#include <libwebsockets.h>

/// The headroom lws_write needs before a payload (the LWS_PRE macro).
static inline size_t clws_pre(void) { return LWS_PRE; }

/// The context option that initialises OpenSSL, for TLS.
static inline uint64_t clws_option_ssl_global_init(void) { return LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT; }

/// The context option that listens on IPv4 only (lws 4.1.6 binds every address for an IPv4
/// literal otherwise).
static inline uint64_t clws_option_disable_ipv6(void) { return LWS_SERVER_OPTION_DISABLE_IPV6; }

/// The context option that fails context creation when the listening socket cannot be bound.
static inline uint64_t clws_option_fail_upon_unable_to_bind(void) { return LWS_SERVER_OPTION_FAIL_UPON_UNABLE_TO_BIND; }

/// The context option that runs lws on a libuv loop (here a foreign one the server drives).
static inline uint64_t clws_option_libuv(void) { return LWS_SERVER_OPTION_LIBUV; }

#endif
