#include "CICU.h"

#include <dlfcn.h>
#include <pthread.h>
#include <unicode/ubrk.h>
#include <unicode/udata.h>
#include <unicode/uvernum.h>

// ICU is opened on the first call, not linked: a panel that never wraps a line (one zone, or lines that fit)
// never maps its 1.8 MB of code and data. Debian's ICU versions its symbols (`ubrk_open` is a macro for
// `ubrk_open_72`): the names looked up are the macros' expansions, of the version the headers are.
#define CICU_STRING(name) #name
#define CICU_SYMBOL(name) CICU_STRING(name)
#define CICU_LIBRARY "libicuuc.so." CICU_SYMBOL(U_ICU_VERSION_MAJOR_NUM)

typedef void (*set_file_access_function)(UDataFileAccess, UErrorCode *);
typedef UBreakIterator *(*open_function)(UBreakIteratorType, const char *, const UChar *, int32_t, UErrorCode *);
typedef int32_t (*next_function)(UBreakIterator *);
typedef void (*close_function)(UBreakIterator *);

static pthread_once_t loaded_once = PTHREAD_ONCE_INIT;
static open_function icu_open;
static next_function icu_next;
static close_function icu_close;

// Opens ICU and, before it first loads data, tells it to read its data library only, never single files.
static void load_icu(void) {
    void *library = dlopen(CICU_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
    set_file_access_function set_file_access =
        (set_file_access_function)dlsym(library, CICU_SYMBOL(udata_setFileAccess));
    open_function open = (open_function)dlsym(library, CICU_SYMBOL(ubrk_open));
    next_function next = (next_function)dlsym(library, CICU_SYMBOL(ubrk_next));
    close_function close = (close_function)dlsym(library, CICU_SYMBOL(ubrk_close));
    if (set_file_access == NULL || open == NULL || next == NULL || close == NULL) return;
    UErrorCode status = U_ZERO_ERROR;
    set_file_access(UDATA_NO_FILES, &status);
    icu_open = open;
    icu_next = next;
    icu_close = close;
}

int32_t cicu_line_breaks(const uint16_t *text, int32_t length, int32_t *breaks, int32_t capacity) {
    pthread_once(&loaded_once, load_icu);
    if (icu_open == NULL) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = icu_open(UBRK_LINE, "", (const UChar *)text, length, &status);
    if (iterator == NULL || U_FAILURE(status)) {
        if (iterator != NULL) icu_close(iterator);
        return -1;
    }
    int32_t count = 0;
    for (int32_t offset = icu_next(iterator); offset != UBRK_DONE && count < capacity;
         offset = icu_next(iterator)) {
        breaks[count++] = offset;
    }
    icu_close(iterator);
    return count;
}
