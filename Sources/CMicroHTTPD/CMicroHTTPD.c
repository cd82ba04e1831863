#include "CMicroHTTPD.h"

#include <arpa/inet.h>
#include <netinet/in.h>

struct MHD_Daemon *cmhd_start(
    int listen_fd, const struct sockaddr *address, socklen_t address_length, int dual_stack,
    struct cmhd_limits limits, MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, MHD_NotifyConnectionCallback connection)
{
    unsigned int flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL
        | MHD_USE_ERROR_LOG;
    struct MHD_OptionItem options[] = {
        {MHD_OPTION_CONNECTION_LIMIT, limits.connections, NULL},
        {MHD_OPTION_PER_IP_CONNECTION_LIMIT, 0, NULL},
        {MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)limits.connection_memory, NULL},
        {MHD_OPTION_CONNECTION_TIMEOUT, limits.idle_seconds, NULL},
        {MHD_OPTION_THREAD_STACK_SIZE, (intptr_t)limits.thread_stack, NULL},
        {MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)completed, handler_context},
        {MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)connection, handler_context},
        {listen_fd >= 0 ? MHD_OPTION_LISTEN_SOCKET : MHD_OPTION_SOCK_ADDR,
            listen_fd >= 0 ? listen_fd : 0, listen_fd >= 0 ? NULL : (void *)address},
        {MHD_OPTION_END, 0, NULL},
    };
    (void)address_length;
    if (listen_fd < 0 && address->sa_family == AF_INET6) {
        flags |= dual_stack ? MHD_USE_DUAL_STACK : MHD_USE_IPv6;
    }
    uint16_t port = 0;
    if (listen_fd < 0) {
        port = address->sa_family == AF_INET6 ? ntohs(((const struct sockaddr_in6 *)address)->sin6_port)
                                              : ntohs(((const struct sockaddr_in *)address)->sin_port);
    }
    return MHD_start_daemon(
        flags, port, NULL, NULL, handler, handler_context, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}
