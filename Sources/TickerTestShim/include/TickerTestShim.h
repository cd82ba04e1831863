#ifndef TICKERD_TEST_SHIM_H
#define TICKERD_TEST_SHIM_H

// A test-only LD_PRELOAD library that lets the real libserialport open pseudo-terminals.
//
// libserialport 0.1.1 looks a port up under /sys/class/tty/<name> (lstat, readlink) and reads the modem
// lines with TIOCMGET when it opens it; a pseudo-terminal has neither, so the library refuses it. This shim
// answers those two questions for /dev/pts/* as a plain (non-USB) tty would, and passes everything else
// through. It is never installed and never loaded by the daemon outside the tests.

/// Returns 1; lets a test check that the shim is loaded.
int tickerd_test_shim_loaded(void);

#endif
