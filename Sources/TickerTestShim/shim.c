#define _GNU_SOURCE
#include "TickerTestShim.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

static const char pts_class[] = "/sys/class/tty/pts/";

int tickerd_test_shim_loaded(void) { return 1; }

static int is_pts_class_path(const char *path) {
    return path != NULL && strncmp(path, pts_class, sizeof pts_class - 1) == 0;
}

// A sysfs class entry is a symbolic link into /sys/devices; say so for pts entries.
static void fake_class_link(struct stat *buf) {
    memset(buf, 0, sizeof *buf);
    buf->st_mode = S_IFLNK | 0777;
}

int __lxstat(int version, const char *path, struct stat *buf) {
    if (is_pts_class_path(path)) {
        fake_class_link(buf);
        return 0;
    }
    static int (*real)(int, const char *, struct stat *);
    if (real == NULL) real = (int (*)(int, const char *, struct stat *))dlsym(RTLD_NEXT, "__lxstat");
    if (real == NULL) {
        errno = ENOSYS;
        return -1;
    }
    return real(version, path, buf);
}

int lstat(const char *path, struct stat *buf) {
    if (is_pts_class_path(path)) {
        fake_class_link(buf);
        return 0;
    }
    static int (*real)(const char *, struct stat *);
    if (real == NULL) real = (int (*)(const char *, struct stat *))dlsym(RTLD_NEXT, "lstat");
    if (real == NULL) {
        errno = ENOSYS;
        return -1;
    }
    return real(path, buf);
}

ssize_t readlink(const char *path, char *target, size_t size) {
    if (is_pts_class_path(path)) {
        char link[256];
        int n = snprintf(link, sizeof link, "../../devices/virtual/tty/pts%s", path + sizeof pts_class - 1);
        if (n < 0 || (size_t)n >= sizeof link) {
            errno = ENAMETOOLONG;
            return -1;
        }
        size_t copy = (size_t)n < size ? (size_t)n : size;
        memcpy(target, link, copy);
        return (ssize_t)copy;
    }
    static ssize_t (*real)(const char *, char *, size_t);
    if (real == NULL) real = (ssize_t (*)(const char *, char *, size_t))dlsym(RTLD_NEXT, "readlink");
    if (real == NULL) {
        errno = ENOSYS;
        return -1;
    }
    return real(path, target, size);
}

int ioctl(int fd, unsigned long request, ...) {
    va_list args;
    va_start(args, request);
    void *argument = va_arg(args, void *);
    va_end(args);
    static int (*real)(int, unsigned long, ...);
    if (real == NULL) real = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
    if (real == NULL) {
        errno = ENOSYS;
        return -1;
    }
    int result = real(fd, request, argument);
    int modem_request = request == TIOCMGET || request == TIOCMSET || request == TIOCMBIS || request == TIOCMBIC;
    if (result < 0 && (errno == ENOTTY || errno == EINVAL) && modem_request) {
        // A pseudo-terminal has no modem lines: report DSR and CTS up, as a cable that is plugged in would.
        if (request == TIOCMGET && argument != NULL) *(int *)argument = TIOCM_DSR | TIOCM_CTS | TIOCM_CAR;
        errno = 0;
        return 0;
    }
    return result;
}
