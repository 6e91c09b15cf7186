// SPDX-License-Identifier: Apache-2.0
// Decides, from the compiler's arch macros, which generated assembly exists in
// this build. CTASM_NO_ASM (portable tiers only) turns all of it off.
#ifndef CTASM_INTERNAL_ASM_CONFIG_H
#define CTASM_INTERNAL_ASM_CONFIG_H

#if !defined(CTASM_NO_ASM)
#if defined(__x86_64__) || defined(_M_X64)
#define CTASM_X86_64_ASM 1
#elif defined(__aarch64__) || defined(_M_ARM64)
#define CTASM_AARCH64_ASM 1
#elif defined(__arm__) && defined(__ARM_ARCH) && __ARM_ARCH >= 7 && !defined(__ARM_ARCH_7M__) && \
    !defined(__ARM_ARCH_7EM__)
// A-profile ARMv7 only: the NEON code assumes an application processor.
#define CTASM_ARMV7_ASM 1
#endif
#endif

#endif  // CTASM_INTERNAL_ASM_CONFIG_H
