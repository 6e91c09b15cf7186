// SPDX-License-Identifier: Apache-2.0
// See stack_wipe.h.
#include "internal/stack_wipe.h"

#include "internal/ct.h"

namespace ctasm {

// `buf` is this frame's only local, so it starts just below the return
// address (and the few registers the prologue saves): where the frames of the
// caller's previous callee began.
void wipe_stack_below() {
  uint8_t buf[kStackWipeBytes];
  secure_wipe(buf, sizeof(buf));
}

}  // namespace ctasm
