/* SPDX-License-Identifier: Apache-2.0 */
#include "payload.h"
int bx_step_trap(struct bx_frame *f) { (void)f; return 0; }
int bx_stage2_wide(void) { return 0; }
