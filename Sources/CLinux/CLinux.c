#define _GNU_SOURCE
#include "CLinux.h"

#include <errno.h>
#include <fcntl.h>
#include <pty.h>
#include <spawn.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/spi/spidev.h>

int clinux_timerfd_create_monotonic(void) {
    return timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
}

int clinux_timerfd_arm(int fd, int64_t first_ns, int64_t interval_ns) {
    struct itimerspec spec;
    memset(&spec, 0, sizeof spec);
    spec.it_value.tv_sec = first_ns / 1000000000;
    spec.it_value.tv_nsec = first_ns % 1000000000;
    if (first_ns > 0 && spec.it_value.tv_sec == 0 && spec.it_value.tv_nsec == 0) {
        spec.it_value.tv_nsec = 1;
    }
    spec.it_interval.tv_sec = interval_ns / 1000000000;
    spec.it_interval.tv_nsec = interval_ns % 1000000000;
    return timerfd_settime(fd, 0, &spec, NULL);
}

int clinux_timerfd_arm_absolute(int fd, int64_t deadline_ns) {
    struct itimerspec spec;
    memset(&spec, 0, sizeof spec);
    // A zero it_value would disarm the timer; the earliest instant there is means "now" just as well.
    if (deadline_ns < 1) {
        deadline_ns = 1;
    }
    spec.it_value.tv_sec = deadline_ns / 1000000000;
    spec.it_value.tv_nsec = deadline_ns % 1000000000;
    return timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL);
}

int clinux_epoll_create(void) {
    return epoll_create1(EPOLL_CLOEXEC);
}

int clinux_epoll_watch(int epfd, int fd, int32_t token) {
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = EPOLLIN;
    event.data.u32 = (uint32_t)token;
    if (epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &event) == 0) {
        return 0;
    }
    if (errno != EEXIST) {
        return -1;
    }
    return epoll_ctl(epfd, EPOLL_CTL_MOD, fd, &event);
}

int clinux_epoll_unwatch(int epfd, int fd) {
    return epoll_ctl(epfd, EPOLL_CTL_DEL, fd, NULL);
}

int clinux_epoll_wait(int epfd, int32_t *tokens, uint32_t *events, int capacity, int timeout_ms) {
    struct epoll_event ready[16];
    if (capacity > 16) {
        capacity = 16;
    }
    int count = epoll_wait(epfd, ready, capacity, timeout_ms);
    for (int i = 0; i < count; i++) {
        tokens[i] = (int32_t)ready[i].data.u32;
        events[i] = ready[i].events;
    }
    return count;
}

static void lifecycle_set(sigset_t *set) {
    sigemptyset(set);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGHUP);
}

int clinux_signalfd_for_lifecycle(void) {
    sigset_t set;
    lifecycle_set(&set);
    signal(SIGPIPE, SIG_IGN);
    if (pthread_sigmask(SIG_BLOCK, &set, NULL) != 0) {
        return -1;
    }
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

int clinux_signalfd_read(int fd) {
    struct signalfd_siginfo info;
    ssize_t n = read(fd, &info, sizeof info);
    if (n == (ssize_t)sizeof info) {
        return (int)info.ssi_signo;
    }
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        return 0;
    }
    return -1;
}

void clinux_unblock_lifecycle_signals(void) {
    sigset_t set;
    lifecycle_set(&set);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

int clinux_openpty_raw(int *master, int *slave, char *name, int name_len) {
    char path[128];
    struct termios tio;
    if (openpty(master, slave, path, NULL, NULL) != 0) {
        return -1;
    }
    if (tcgetattr(*slave, &tio) == 0) {
        cfmakeraw(&tio);
        tcsetattr(*slave, TCSANOW, &tio);
    }
    fcntl(*master, F_SETFD, FD_CLOEXEC);
    fcntl(*slave, F_SETFD, FD_CLOEXEC);
    if (name != NULL && name_len > 0) {
        strncpy(name, path, (size_t)name_len - 1);
        name[name_len - 1] = '\0';
    }
    return 0;
}

int clinux_tty_output_queued(int fd) {
    int n = 0;
    return ioctl(fd, TIOCOUTQ, &n) == 0 ? n : -1;
}

int clinux_set_pipe_size(int fd, int size) {
    return fcntl(fd, F_SETPIPE_SZ, size);
}

int clinux_tty_exclusive(int fd) {
    return ioctl(fd, TIOCEXCL);
}

int clinux_tty_nonexclusive(int fd) {
    return ioctl(fd, TIOCNXCL);
}

int clinux_terminal_size(int fd, int *columns, int *rows) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) {
        return -1;
    }
    *columns = size.ws_col;
    *rows = size.ws_row;
    return 0;
}

short clinux_posix_spawn_setsid(void) {
    return POSIX_SPAWN_SETSID;
}

int clinux_spi_configure(int fd, uint32_t speed_hz) {
    uint8_t mode = SPI_MODE_0;
    uint8_t bits = 8;
    if (ioctl(fd, SPI_IOC_WR_MODE, &mode) < 0) return -1;
    if (ioctl(fd, SPI_IOC_WR_BITS_PER_WORD, &bits) < 0) return -1;
    if (ioctl(fd, SPI_IOC_WR_MAX_SPEED_HZ, &speed_hz) < 0) return -1;
    return 0;
}
