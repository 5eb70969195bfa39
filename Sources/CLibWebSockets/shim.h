#ifndef CLIBWEBSOCKETS_SHIM_H
#define CLIBWEBSOCKETS_SHIM_H

#include <libwebsockets.h>

/// The headroom lws_write needs before a payload (the LWS_PRE macro).
static inline size_t clws_pre(void) { return LWS_PRE; }

#endif
