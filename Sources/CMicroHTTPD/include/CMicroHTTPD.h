#ifndef TICKERD_CMICROHTTPD_H
#define TICKERD_CMICROHTTPD_H

// libmicrohttpd for `tickerctl web`, behind one call that Swift can make: MHD_start_daemon takes its options
// as C variadic arguments, which Swift does not call. Everything else of libmicrohttpd is called directly.

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// The limits the server starts with (docs/WEB.md#limits).
struct cmhd_limits {
    /// Connections at once, from all addresses together; none per address.
    unsigned int connections;
    /// Bytes of memory per connection for reading a request's headers (and so the largest header).
    size_t connection_memory;
    /// Seconds a connection may stay idle before it is closed.
    unsigned int idle_seconds;
    /// Bytes of stack of each connection's thread.
    size_t thread_stack;
};

/// Starts a server with one thread per connection on `listen_fd` when it is 0 or more (a socket systemd
/// handed over), else bound to `address` (IPv6 addresses dual stack where `dual_stack` is not 0).
/// `handler` answers requests; `completed` is told when a request ends, with the pointer the handler set;
/// `connection` when a connection opens or closes. NULL when it cannot start (errno says why, where set).
struct MHD_Daemon *cmhd_start(
    int listen_fd, const struct sockaddr *address, socklen_t address_length, int dual_stack,
    struct cmhd_limits limits, MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, MHD_NotifyConnectionCallback connection);

/// The result codes as plain integers (the enum's constants are not all imported alike).
static inline enum MHD_Result cmhd_yes(void) { return MHD_YES; }
static inline enum MHD_Result cmhd_no(void) { return MHD_NO; }

/// The constants of libmicrohttpd's closed enums, which Swift imports under other names.
static inline enum MHD_ValueKind cmhd_header_kind(void) { return MHD_HEADER_KIND; }
static inline enum MHD_ValueKind cmhd_argument_kind(void) { return MHD_GET_ARGUMENT_KIND; }
static inline enum MHD_ResponseMemoryMode cmhd_must_copy(void) { return MHD_RESPMEM_MUST_COPY; }

/// Whether a connection notification says the connection started (else it closed).
static inline int cmhd_started(enum MHD_ConnectionNotificationCode code) {
    return code == MHD_CONNECTION_NOTIFY_STARTED;
}

/// The socket of `connection`, or -1.
static inline int cmhd_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/// The port `daemon` listens on (0 when it cannot tell).
static inline uint16_t cmhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

#endif
