#include "CICU.h"

#include <pthread.h>
#include <unicode/ubrk.h>
#include <unicode/udata.h>

static pthread_once_t data_access_once = PTHREAD_ONCE_INIT;

// Before ICU first loads data: from its data library only, never a search for single files.
static void read_data_from_the_library_only(void) {
    UErrorCode status = U_ZERO_ERROR;
    udata_setFileAccess(UDATA_NO_FILES, &status);
}

int32_t cicu_line_breaks(const uint16_t *text, int32_t length, int32_t *breaks, int32_t capacity) {
    pthread_once(&data_access_once, read_data_from_the_library_only);
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, "", (const UChar *)text, length, &status);
    if (iterator == NULL || U_FAILURE(status)) {
        if (iterator != NULL) ubrk_close(iterator);
        return -1;
    }
    int32_t count = 0;
    for (int32_t offset = ubrk_next(iterator); offset != UBRK_DONE && count < capacity;
         offset = ubrk_next(iterator)) {
        breaks[count++] = offset;
    }
    ubrk_close(iterator);
    return count;
}
