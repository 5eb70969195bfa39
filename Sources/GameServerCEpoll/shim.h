#ifndef CEPOLL_SHIM_H
#define CEPOLL_SHIM_H

// Linux's epoll, which Swift's Glibc module leaves out: game-load's open-loop relay floor
// waits with it, as the server's libuv loop does.
#include <sys/epoll.h>

#endif
