// SPDX-License-Identifier: Apache-2.0
// The portable GHASH tier's entry: the C++ of ghash_portable.cc, on every
// target. It computes on H and the data in C++, so its callers wipe the stack
// after it (kGhashCxx* flags).
#include "ghash/ghash_portable.h"
#include "ghash/internal.h"

namespace ctasm {
namespace {

bool always() { return true; }

}  // namespace

const GhashTier kGhashTierPortable = {
    kGhashImplPortable,
    "ghash-portable",
    always,
    ghash_portable::init,
    ghash_portable::gmult,
    ghash_portable::ghash,
    kGhashCxxInit | kGhashCxxData,
};

}  // namespace ctasm
