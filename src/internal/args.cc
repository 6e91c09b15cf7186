// SPDX-License-Identifier: Apache-2.0
// See args.h: the slow path that names what is wrong.
#include "internal/args.h"

#include <stdio.h>
#include <stdlib.h>

namespace ctasm {

void misuse(const char *fn, const char *what) {
  fprintf(stderr, "ctasm: %s: %s\n", fn, what);
  abort();
}

void report_bad_buffers(const char *fn, const BufArg *args, size_t n, bool in_place) {
  char msg[160];
  for (size_t i = 0; i < n; i++) {
    if (args[i].p == nullptr) {
      snprintf(msg, sizeof(msg), "%s is NULL", args[i].name);
      misuse(fn, msg);
    }
    const uintptr_t a = reinterpret_cast<uintptr_t>(args[i].p);
    if (a + args[i].len < a || a + args[i].len == 0) {
      snprintf(msg, sizeof(msg), "%s wraps around the end of the address space", args[i].name);
      misuse(fn, msg);
    }
    if (args[i].len > UINTPTR_MAX / 2) {
      snprintf(msg, sizeof(msg), "%s is longer than half the address space", args[i].name);
      misuse(fn, msg);
    }
  }
  for (size_t i = 0; i < n; i++) {
    for (size_t j = i + 1; j < n; j++) {
      if (!args[i].written && !args[j].written) continue;
      const uintptr_t a = reinterpret_cast<uintptr_t>(args[i].p);
      const uintptr_t b = reinterpret_cast<uintptr_t>(args[j].p);
      if (a >= b + args[j].len || b >= a + args[i].len) continue;
      const bool in_out = in_place && i == 0 && j == 1;
      if (in_out && a == b) continue;
      snprintf(msg, sizeof(msg), "%s and %s overlap%s", args[i].name, args[j].name,
               in_out ? " without being equal (only in == out is allowed)" : "");
      misuse(fn, msg);
    }
  }
  misuse(fn,
         "bad buffer arguments");  // not reached: the fast check and this one agree
}

}  // namespace ctasm
