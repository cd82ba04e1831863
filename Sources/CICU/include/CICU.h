#ifndef TICKERD_CICU_H
#define TICKERD_CICU_H

// ICU's line breaking (UAX #14, with dictionaries for Thai, Lao, Khmer and Burmese), as the one call
// TickerCore makes. Debian builds ICU with versioned symbols (`ubrk_open` is a macro for `ubrk_open_72`,
// which Swift does not import), and ICU's own types would clash with the copy of ICU's headers that
// Foundation brings along; so this header shows only C's integer types, and ICU stays inside CICU.c.

#include <stdint.h>

/// Stores in `breaks` the places where a line of `length` UTF-16 code units of `text` may break, in code
/// units from its start, in order, the end of the text last (so at most `length` of them), as ICU's line
/// break iterator with the root locale's rules finds them (`ubrk_open(UBRK_LINE, "", …)`, `ubrk_next`).
/// Returns how many it stored, at most `capacity`, or -1 when ICU (libicuuc, of the version of the headers
/// built with) could not be opened or could not open its rules.
///
/// The first call opens ICU (`dlopen`): a daemon that never breaks a line never maps it. ICU reads its rules
/// and dictionaries only from its data library (libicudata, mapped into memory), never from single files: the
/// first call sets `udata_setFileAccess(UDATA_NO_FILES)`, once.
int32_t cicu_line_breaks(const uint16_t *text, int32_t length, int32_t *breaks, int32_t capacity);

#endif
