// SPDX-License-Identifier: Apache-2.0
// The x86_64 ChaCha20-Poly1305 entry points through the ABI trampoline
// (tests/abi/abi_harness.h): random callee-saved registers (rbx, rbp, r12-r15,
// and on Win64 rdi, rsi, xmm6-xmm15, all of which these functions use), the
// seventh argument on the stack, and the results compared with a direct call.
// Lengths reach every path: the short batches, the one-batch tails and the
// 4- and 8-block loops; for the AEADs 0, 15, 100 (short), 300 (AVX2 pairs,
// SSSE3 4-block batch), 400 (AVX2 8-block short batch, 321-448 bytes), 1000
// and 1100 (the long paths; AVX2 with block 0 alone and with blocks 0-7 in
// one first batch). Registered with ABI_TEST, so AbiCoverage counts it.
// On SysV a second test checks the volatile registers the trampoline reports.
#include "internal/asm_config.h"

#if defined(CTASM_X86_64_ASM)
#include "abi/abi_harness.h"

#include <string.h>

#include <map>
#include <string>

#include <gtest/gtest.h>

#include "bochs512_coverage.h"
#include "chacha/internal.h"
#include "chacha_tiers.h"
#include "test_asm.h"
#include "test_util.h"

namespace {

// One tier's three functions (a macro so each CHECK_ABI names its function).
// ssuffix: the tier's stream function's (chacha-avx512ifma's is chacha-avx512's).
#define CHECK_CHACHA_TIER(tier, why, suffix, ssuffix)                                  \
  do {                                                                                 \
    if (!(tier).capable()) {                                                           \
      if (strcmp(#suffix, #ssuffix) == 0) ctasm_abi::NotRunnable("ctasm_chacha20_" #ssuffix, why); \
      ctasm_abi::NotRunnable("ctasm_chacha20_poly1305_seal_" #suffix, why);            \
      ctasm_abi::NotRunnable("ctasm_chacha20_poly1305_open_" #suffix, why);            \
      break;                                                                           \
    }                                                                                  \
    ctasm_test::TestRng rng(0xabc4);                                                   \
    static uint8_t in[1200], ad[40], out1[1200], out2[1200];                           \
    rng.fill(in, sizeof in);                                                           \
    rng.fill(ad, sizeof ad);                                                           \
    ctasm::ChachaState st;                                                             \
    for (auto &w : st.words) w = static_cast<uint32_t>(rng.next());                    \
    st.words[8] = 7;                                                                   \
    for (size_t len : {0u, 1u, 64u, 129u, 200u, 257u, 600u, 1100u}) {                  \
      CHECK_ABI(ctasm_chacha20_##ssuffix, out1, in + 1, len, &st);                     \
      ctasm_chacha20_##ssuffix(out2, in + 1, len, &st);                                \
      EXPECT_EQ(memcmp(out1, out2, len), 0) << len;                                    \
    }                                                                                  \
    st.words[8] = 0;                                                                   \
    for (size_t len : {0u, 15u, 100u, 300u, 400u, 1000u, 1100u}) {                     \
      uint8_t t1[16], t2[16];                                                          \
      const size_t ad_len = len % 39;                                                  \
      CHECK_ABI(ctasm_chacha20_poly1305_seal_##suffix, out1, t1, in, len, ad + 1, ad_len, \
                &st);                                                                  \
      ctasm_chacha20_poly1305_seal_##suffix(out2, t2, in, len, ad + 1, ad_len, &st);   \
      EXPECT_EQ(memcmp(out1, out2, len), 0) << len;                                    \
      EXPECT_EQ(memcmp(t1, t2, 16), 0) << len;                                         \
      CHECK_ABI(ctasm_chacha20_poly1305_open_##suffix, out1, t1, out2, len, ad + 1, ad_len, \
                &st);                                                                  \
      EXPECT_EQ(memcmp(out1, in, len), 0) << len;                                      \
      EXPECT_EQ(memcmp(t1, t2, 16), 0) << len;                                         \
    }                                                                                  \
  } while (0)

ABI_TEST(ChachaX86_64) {
  CHECK_CHACHA_TIER(ctasm::kChachaTierSsse3, "no SSSE3", ssse3, ssse3);
  CHECK_CHACHA_TIER(ctasm::kChachaTierAvx2, "no AVX2", avx2, avx2);
  if (ctasm_test::Avx512TierRunsOnlyInBochs(&ctasm::kChachaTierAvx512)) {
    // util/bochs512 calls the SysV and Win64 builds of these three with
    // callee-saved (and Win64 xmm6-15) canaries under Bochs: its last passing
    // run must say so for the generated file this build assembled.
    for (const char *fn : {"ctasm_chacha20_avx512", "ctasm_chacha20_poly1305_seal_avx512",
                           "ctasm_chacha20_poly1305_open_avx512"}) {
      ctasm_test::RequireBochs512(fn, "abi", "chacha20_poly1305_x86_64");
      ctasm_abi::Exercised().insert(fn);
    }
    ctasm_test::NoteAvx512NotRunHere("the ChaCha ABI trampoline test");
    ::testing::Test::RecordProperty("chacha_avx512", "not run here: util/bochs512");
  } else {
    CHECK_CHACHA_TIER(ctasm::kChachaTierAvx512, "no AVX-512 (CTASM_CPU)", avx512, avx512);
  }
  if (ctasm_test::Avx512TierRunsOnlyInBochs(&ctasm::kChachaTierAvx512Ifma)) {
    // util/bochs512 calls these two the same way (stage 6, SysV and Win64)
    for (const char *fn : {"ctasm_chacha20_poly1305_seal_avx512ifma", "ctasm_chacha20_poly1305_open_avx512ifma"}) {
      ctasm_test::RequireBochs512(fn, "abi", "chacha20_poly1305_x86_64");
      ctasm_abi::Exercised().insert(fn);
    }
    ctasm_test::NoteAvx512IfmaNotRunHere("the ChaCha ABI trampoline test");
    ::testing::Test::RecordProperty("chacha_avx512ifma", "not run here: util/bochs512");
  } else {
    CHECK_CHACHA_TIER(ctasm::kChachaTierAvx512Ifma, "no AVX-512 IFMA (CTASM_CPU)", avx512ifma, avx512);
  }
}

#if !defined(_WIN32)
// SysV: rdi, rsi and rax are volatile, so CHECK_ABI does not look at them, but
// the functions promise that no volatile register holding a secret-derived
// value survives the return (wipe_and_return zeroes rax, rdx, r8-r11; rdi and
// rsi may hold only pointers and counts). The trampoline reports rdi, rsi and
// rax after the call; each must be zero or an address inside (or one past) an
// argument buffer or the stack below this frame. A value derived from the key,
// such as h2 - 3 - borrow of the tag's reduction, is none of these. The stack
// window is wide (64 KiB), so each call is also made with four keys at the
// same buffers and stack depth: a pointer or count is the same for every key,
// a key-derived value that happens to land in the window is not.
using AeadFn = void (*)(uint8_t *, uint8_t *, const uint8_t *, size_t, const uint8_t *, size_t,
                        const ctasm::ChachaState *);
using StreamFn = void (*)(uint8_t *, const uint8_t *, size_t, const ctasm::ChachaState *);

struct Area {
  const void *p;
  size_t n;
};

bool PublicWord(uint64_t v, std::initializer_list<Area> areas) {
  if (v == 0) return true;
  const uintptr_t frame = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  if (v <= frame + 256 && v + 65536 >= frame) return true;  // the callee's frame
  for (const Area &a : areas) {
    const uintptr_t p = reinterpret_cast<uintptr_t>(a.p);
    if (v >= p && v <= p + a.n) return true;
  }
  return false;
}

struct RdiRsi {
  uint64_t rdi, rsi;
};

RdiRsi CheckVolatiles(const char *name, const void *fn, const uintptr_t *a, size_t n,
                      std::initializer_list<Area> areas) {
  ctasm_abi::Regs in, out;
  ctasm_abi::Args args;
  memset(&in, 0, sizeof in);
  memset(&out, 0, sizeof out);
  memset(&args, 0, sizeof args);
  for (size_t i = 0; i < n; i++) {
    if (i < 6) args.reg[i] = a[i];
    else args.stack[i - 6] = a[i];
  }
  ctasm_abi_call(&in, &out, fn, &args);
  EXPECT_EQ(out.rax, 0u) << name << ": rax not wiped";
  EXPECT_TRUE(PublicWord(out.gpr[6], areas)) << name << ": rdi = 0x" << std::hex << out.gpr[6];
  EXPECT_TRUE(PublicWord(out.gpr[7], areas)) << name << ": rsi = 0x" << std::hex << out.gpr[7];
  return {out.gpr[6], out.gpr[7]};
}

// rdi and rsi of one call with key 0, then the same call with keys 1-3.
void ExpectSameForEveryKey(std::map<std::string, RdiRsi> &first, int key, const std::string &call,
                           RdiRsi got) {
  if (key == 0) {
    first[call] = got;
    return;
  }
  EXPECT_EQ(first[call].rdi, got.rdi) << call << ": rdi depends on the key";
  EXPECT_EQ(first[call].rsi, got.rsi) << call << ": rsi depends on the key";
}

void CheckTierVolatiles(const ctasm::ChachaTier &tier, const char *name, StreamFn stream,
                        AeadFn seal, AeadFn open) {
  if (!tier.capable()) {  // no test is skipped: a CPU without the tier fails loudly
    ADD_FAILURE() << name << " tier not runnable on this CPU: its volatile registers are unchecked";
    return;
  }
  ctasm_test::TestRng rng(0x5a11);
  static uint8_t in[1200], ad[40], out[1200], ct[1200], tag[16];
  rng.fill(in, sizeof in);
  rng.fill(ad, sizeof ad);
  ctasm::ChachaState st;
  std::map<std::string, RdiRsi> first;
  for (int key = 0; key < 4; key++) {  // several keys: each tag reduction differs
    for (auto &w : st.words) w = static_cast<uint32_t>(rng.next());
    st.words[8] = 0;
    for (size_t len : {0u, 15u, 100u, 300u, 400u, 1000u, 1100u}) {
      SCOPED_TRACE(testing::Message() << name << " len " << len << " key " << key);
      const size_t ad_len = len % 39;
      std::initializer_list<Area> areas = {{in, sizeof in}, {ad, sizeof ad}, {out, sizeof out},
                                           {ct, sizeof ct}, {tag, sizeof tag}, {&st, sizeof st}};
      const uintptr_t s_args[] = {reinterpret_cast<uintptr_t>(ct), reinterpret_cast<uintptr_t>(tag),
                                  reinterpret_cast<uintptr_t>(in), len,
                                  reinterpret_cast<uintptr_t>(ad + 1), ad_len,
                                  reinterpret_cast<uintptr_t>(&st)};
      const std::string at = " len " + std::to_string(len);
      ExpectSameForEveryKey(first, key, "seal" + at,
                            CheckVolatiles("seal", reinterpret_cast<const void *>(seal), s_args, 7, areas));
      uint8_t want[16];
      seal(ct, want, in, len, ad + 1, ad_len, &st);
      const uintptr_t o_args[] = {reinterpret_cast<uintptr_t>(out), reinterpret_cast<uintptr_t>(tag),
                                  reinterpret_cast<uintptr_t>(ct), len,
                                  reinterpret_cast<uintptr_t>(ad + 1), ad_len,
                                  reinterpret_cast<uintptr_t>(&st)};
      ExpectSameForEveryKey(first, key, "open" + at,
                            CheckVolatiles("open", reinterpret_cast<const void *>(open), o_args, 7, areas));
      EXPECT_EQ(memcmp(out, in, len), 0);
      EXPECT_EQ(memcmp(tag, want, 16), 0);
      st.words[8] = 7;
      const uintptr_t c_args[] = {reinterpret_cast<uintptr_t>(out), reinterpret_cast<uintptr_t>(in),
                                  len, reinterpret_cast<uintptr_t>(&st)};
      ExpectSameForEveryKey(first, key, "chacha20" + at,
                            CheckVolatiles("chacha20", reinterpret_cast<const void *>(stream), c_args, 4, areas));
      st.words[8] = 0;
    }
  }
}

TEST(ChachaX86_64AbiTest, Ssse3VolatilesPublicAtReturn) {
  CheckTierVolatiles(ctasm::kChachaTierSsse3, "ssse3", ctasm_chacha20_ssse3,
                     ctasm_chacha20_poly1305_seal_ssse3, ctasm_chacha20_poly1305_open_ssse3);
}

TEST(ChachaX86_64AbiTest, Avx2VolatilesPublicAtReturn) {
  CheckTierVolatiles(ctasm::kChachaTierAvx2, "avx2", ctasm_chacha20_avx2,
                     ctasm_chacha20_poly1305_seal_avx2, ctasm_chacha20_poly1305_open_avx2);
}

TEST(ChachaX86_64AbiTest, Avx512VolatilesPublicAtReturn) {
  if (ctasm_test::Avx512TierRunsOnlyInBochs(&ctasm::kChachaTierAvx512)) {
    ctasm_test::NoteAvx512NotRunHere("ChachaX86_64AbiTest.Avx512VolatilesPublicAtReturn");
    ::testing::Test::RecordProperty("chacha_avx512", "not run here: util/bochs512");
    return;
  }
  CheckTierVolatiles(ctasm::kChachaTierAvx512, "avx512", ctasm_chacha20_avx512,
                     ctasm_chacha20_poly1305_seal_avx512, ctasm_chacha20_poly1305_open_avx512);
}

TEST(ChachaX86_64AbiTest, Avx512IfmaVolatilesPublicAtReturn) {
  if (ctasm_test::Avx512TierRunsOnlyInBochs(&ctasm::kChachaTierAvx512Ifma)) {
    ctasm_test::NoteAvx512IfmaNotRunHere("ChachaX86_64AbiTest.Avx512IfmaVolatilesPublicAtReturn");
    ::testing::Test::RecordProperty("chacha_avx512ifma", "not run here: util/bochs512");
    return;
  }
  CheckTierVolatiles(ctasm::kChachaTierAvx512Ifma, "avx512ifma", ctasm_chacha20_avx512,
                     ctasm_chacha20_poly1305_seal_avx512ifma, ctasm_chacha20_poly1305_open_avx512ifma);
}
#endif  // !_WIN32

}  // namespace
#endif  // CTASM_X86_64_ASM
