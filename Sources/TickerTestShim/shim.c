#include "TickerTestShim.h"
int tickerd_test_shim_loaded(void) { return 1; }
