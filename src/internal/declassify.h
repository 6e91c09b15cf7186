// SPDX-License-Identifier: Apache-2.0
// Declassification: the few values the library computes from secrets and then
// makes public on purpose (an AEAD open's verdict: whether the tag matched,
// which the caller learns from the return value anyway). The constant-time
// test (tests/gcm_ct_test.cc) marks secrets undefined under valgrind and
// installs a hook that marks these values defined again, so the one branch on
// them is not reported; without a hook, declassify() does nothing.
#ifndef CTASM_INTERNAL_DECLASSIFY_H
#define CTASM_INTERNAL_DECLASSIFY_H

#include <stddef.h>

#include "internal/prefix.h"

namespace ctasm {

// The n bytes at p are public from now on.
void declassify(const void *p, size_t n);

namespace testing {
// Test-only, not exported: called by declassify(); nullptr (the default) for none.
using DeclassifyHook = void (*)(const void *p, size_t n);
void set_declassify_hook(DeclassifyHook hook);
}  // namespace testing

}  // namespace ctasm

#endif  // CTASM_INTERNAL_DECLASSIFY_H
