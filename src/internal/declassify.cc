// SPDX-License-Identifier: Apache-2.0
// See declassify.h.
#include "internal/declassify.h"

#include <atomic>

namespace ctasm {
namespace {
std::atomic<testing::DeclassifyHook> g_hook{nullptr};
}  // namespace

void declassify(const void *p, size_t n) {
  if (testing::DeclassifyHook hook = g_hook.load(std::memory_order_acquire)) hook(p, n);
}

namespace testing {
void set_declassify_hook(DeclassifyHook hook) { g_hook.store(hook, std::memory_order_release); }
}  // namespace testing

}  // namespace ctasm
