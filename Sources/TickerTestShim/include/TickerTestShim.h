#ifndef TICKERD_TEST_SHIM_H
#define TICKERD_TEST_SHIM_H
/// Test-only LD_PRELOAD shim; it exports interposed libc functions and nothing for Swift.
int tickerd_test_shim_loaded(void);
#endif
