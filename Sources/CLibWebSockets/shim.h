#ifndef CLIBWEBSOCKETS_SHIM_H
#define CLIBWEBSOCKETS_SHIM_H

#include <libwebsockets.h>

/// The headroom lws_write needs before a payload (the LWS_PRE macro).
static inline size_t clws_pre(void) { return LWS_PRE; }

/// The context option that initialises OpenSSL, for TLS.
static inline uint64_t clws_option_ssl_global_init(void) { return LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT; }

#endif
