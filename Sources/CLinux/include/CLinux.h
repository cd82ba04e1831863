#ifndef TICKERD_CLINUX_H
#define TICKERD_CLINUX_H

// The Linux interfaces that `import Glibc` does not expose on this toolchain, as small inline wrappers
// with fixed (non-variadic) signatures that Swift can call.

#include <signal.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <termios.h>

/// timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC).
int clinux_timerfd_create_monotonic(void);

/// Arms `fd` to fire first after `first_ns` and then every `interval_ns` nanoseconds (0: one-shot).
int clinux_timerfd_arm(int fd, int64_t first_ns, int64_t interval_ns);

/// Arms `fd` to fire once when its clock reaches `deadline_ns` (TFD_TIMER_ABSTIME); a deadline already past
/// fires at once.
int clinux_timerfd_arm_absolute(int fd, int64_t deadline_ns);

/// epoll_create1(EPOLL_CLOEXEC); the descriptor or -1.
int clinux_epoll_create(void);

/// Watches `fd` for input (EPOLLIN; hang-ups and errors always come) under `token`, replacing an earlier
/// watch of the same descriptor (EPOLL_CTL_ADD, else EPOLL_CTL_MOD). Returns 0 or -1.
int clinux_epoll_watch(int epfd, int fd, int32_t token);

/// Stops watching `fd` (EPOLL_CTL_DEL). Returns 0 or -1.
int clinux_epoll_unwatch(int epfd, int fd);

/// epoll_wait for up to `timeout_ms` (-1: no limit): stores the token and the event bits (the same bits as
/// poll's POLLIN, POLLERR, POLLHUP) of up to `capacity` (at most 16) ready descriptors; the count or -1.
int clinux_epoll_wait(int epfd, int32_t *tokens, uint32_t *events, int capacity, int timeout_ms);

/// Blocks SIGTERM, SIGINT, SIGHUP (and SIGPIPE, ignored) in the calling thread and returns a
/// non-blocking signalfd for the first three.
int clinux_signalfd_for_lifecycle(void);

/// Reads one signalfd record; returns the signal number, 0 when none is pending, -1 on error.
int clinux_signalfd_read(int fd);

/// Unblocks the lifecycle signals again (used by child processes before exec).
void clinux_unblock_lifecycle_signals(void);

/// openpty() with the slave in raw mode; returns 0 or -1 (errno set). `name` gets the slave path.
int clinux_openpty_raw(int *master, int *slave, char *name, int name_len);

/// ioctl(fd, TIOCOUTQ): bytes still queued for output on a tty, or -1.
int clinux_tty_output_queued(int fd);

/// Sets the pipe buffer size with fcntl(F_SETPIPE_SZ); returns the new size or -1.
int clinux_set_pipe_size(int fd, int size);

/// ioctl(fd, TIOCEXCL): no further opens of this terminal (except by root). Returns 0 or -1.
int clinux_tty_exclusive(int fd);

/// ioctl(fd, TIOCNXCL): allow other opens again (before closing, so a reopen by a non-root user succeeds
/// when the device is still there). Returns 0 or -1.
int clinux_tty_nonexclusive(int fd);

/// Size of the terminal on `fd` in character cells; returns 0 or -1.
int clinux_terminal_size(int fd, int *columns, int *rows);

/// Sets an spidev device up for a MAX7219 chain: SPI mode 0 (SPI_IOC_WR_MODE), 8 bits per word
/// (SPI_IOC_WR_BITS_PER_WORD) and the clock `speed_hz` (SPI_IOC_WR_MAX_SPEED_HZ), in that order, stopping at the
/// first that fails. Returns 0 or -1 (errno set: ENOTTY when `fd` is not an spidev device).
int clinux_spi_configure(int fd, uint32_t speed_hz);

/// POSIX_SPAWN_SETSID (a GNU extension the Swift importer does not see): the child starts a session of its own.
short clinux_posix_spawn_setsid(void);

#endif
