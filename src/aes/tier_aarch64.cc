// SPDX-License-Identifier: Apache-2.0
// The AArch64 NEON tier: vpaes-armv8 for everything (perlasm/aes/vpaes-armv8.pl).
#include "aes/internal.h"
#include "aes/tier_vpaes.h"

#if defined(CTASM_AARCH64_ASM)
namespace ctasm {
using namespace vpaes_tier;

const AesTier kAesTierVpaesArmv8 = {
    kAesImplVpaesArmv8,  "vpaes-armv8",       vpaes_capable,  set_encrypt_key,
    set_decrypt_key,     ctasm_vpaes_encrypt, ctasm_vpaes_decrypt, encrypt_blocks,
    decrypt_blocks,      cbc_encrypt,         cbc_decrypt,    ctr32,
    nullptr,             0,
};

}  // namespace ctasm
#endif  // CTASM_AARCH64_ASM
