// SPDX-License-Identifier: Apache-2.0
// Every ChaCha20-Poly1305 tier with the message, the AD, the output and the
// tag each ending at the last byte before an inaccessible page, then each
// starting at the first byte after one, then the inputs starting after one
// and the outputs ending at one: a tier that reads or writes one byte past or
// before a buffer (a 16- or 32-byte load of a tail, a mask one byte too wide,
// a tail read backwards from its end) faults here instead of passing
// unnoticed, as it would with a heap buffer. The AVX-512 short paths load and
// store a message's last piece under a byte mask, which must neither fault
// nor touch the next page. Results are checked against the portable tier on
// ordinary buffers.
#include <gtest/gtest.h>
#include <stdio.h>
#include <string.h>

#include <string>
#include <vector>

#include "chacha_tiers.h"
#include "test_util.h"

#if defined(_WIN32)
#include <windows.h>
#else
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace {

using ctasm::ChachaTier;
using ctasm_test::to_hex;

// Room for kMax bytes between two no-access pages.
class GuardedBuffer {
 public:
  static constexpr size_t kMax = 3 * 4096;
  GuardedBuffer() {
#if defined(_WIN32)
    SYSTEM_INFO si;
    GetSystemInfo(&si);
    page_ = si.dwPageSize;
#else
    page_ = static_cast<size_t>(sysconf(_SC_PAGESIZE));
#endif
    data_len_ = (kMax + page_ - 1) / page_ * page_;
#if defined(_WIN32)
    base_ = static_cast<uint8_t *>(
        VirtualAlloc(nullptr, data_len_ + 2 * page_, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE));
    DWORD old;
    ok_ = base_ != nullptr && VirtualProtect(base_, page_, PAGE_NOACCESS, &old) &&
          VirtualProtect(base_ + page_ + data_len_, page_, PAGE_NOACCESS, &old);
#else
    void *p = mmap(nullptr, data_len_ + 2 * page_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    base_ = p == MAP_FAILED ? nullptr : static_cast<uint8_t *>(p);
    ok_ = base_ != nullptr && mprotect(base_, page_, PROT_NONE) == 0 &&
          mprotect(base_ + page_ + data_len_, page_, PROT_NONE) == 0;
#endif
  }
  ~GuardedBuffer() {
    if (base_ == nullptr) return;
#if defined(_WIN32)
    VirtualFree(base_, 0, MEM_RELEASE);
#else
    munmap(base_, data_len_ + 2 * page_);
#endif
  }
  bool ok() const { return ok_; }
  // n bytes (n <= kMax) ending at the upper guard page, or starting at the
  // lower one.
  uint8_t *tail(size_t n) { return base_ + page_ + data_len_ - n; }
  uint8_t *head() { return base_ + page_; }
  uint8_t *at(bool end, size_t n) { return end ? tail(n) : head(); }

 private:
  size_t page_ = 0, data_len_ = 0;
  uint8_t *base_ = nullptr;
  bool ok_ = false;
};

class ChachaPageEndTest : public ::testing::TestWithParam<const ChachaTier *> {};

// Every length to 330 (the short paths, each tail of a 32-byte piece) and the
// batch edges past them, with AD lengths of every tail class.
std::vector<size_t> PageEndLengths() {
  std::vector<size_t> v;
  for (size_t n = 0; n <= 330; n++) v.push_back(n);
  for (size_t n : {383, 384, 385, 447, 448, 449, 511, 512, 513, 1023, 1024, 1025, 2047, 2048, 2049, 4113})
    v.push_back(n);
  return v;
}

TEST_P(ChachaPageEndTest, BuffersEndAtAGuardPage) {
  const ChachaTier &t = *GetParam(), &ref = ctasm::kChachaTierPortable;
  GuardedBuffer in_buf, out_buf, ad_buf, tag_buf;
  ASSERT_TRUE(in_buf.ok() && out_buf.ok() && ad_buf.ok() && tag_buf.ok()) << "could not map a guard page";
  ctasm_test::TestRng rng(0x9a9e);
  const size_t ad_lens[] = {0, 1, 13, 16, 17, 31};
  size_t i = 0;
  // 0: every buffer ends at a guard page; 1: every one starts after one; 2:
  // the message and AD start after one, the output and tag end at one
  for (int place : {0, 1, 2}) {
    const bool in_end = place == 0, out_end = place != 1;
    for (size_t len : PageEndLengths()) {
      ASSERT_LE(len, GuardedBuffer::kMax);
      const size_t ad_len = ad_lens[i++ % 6];
      SCOPED_TRACE(std::string(place == 0 ? "ending at" : place == 1 ? "starting after" : "inputs after, outputs at") +
                   " a guard page, len " + std::to_string(len) + ", ad " + std::to_string(ad_len));
      const std::vector<uint8_t> key = rng.bytes(32), nonce = rng.bytes(12), ad = rng.bytes(ad_len),
                                 pt = rng.bytes(len);
      const ctasm::ChachaState st = ctasm_test::ChachaStateOf(key.data(), 0, nonce.data());
      std::vector<uint8_t> want_ct(len + 1);
      uint8_t want_tag[16];
      uint8_t *tag = tag_buf.at(out_end, 16);
      ref.seal(want_ct.data(), want_tag, pt.data(), len, ad.data(), ad_len, &st);

      uint8_t *in = in_buf.at(in_end, len), *out = out_buf.at(out_end, len), *a = ad_buf.at(in_end, ad_len);
      if (len) memcpy(in, pt.data(), len);
      if (ad_len) memcpy(a, ad.data(), ad_len);
      t.seal(out, tag, in, len, a, ad_len, &st);
      ASSERT_EQ(to_hex(want_ct.data(), len), to_hex(out, len)) << t.name << " seal";
      ASSERT_EQ(to_hex(want_tag, 16), to_hex(tag, 16)) << t.name << " seal tag";

      if (len) memcpy(in, want_ct.data(), len);
      t.open(out, tag, in, len, a, ad_len, &st);
      ASSERT_EQ(to_hex(pt), to_hex(out, len)) << t.name << " open";
      ASSERT_EQ(to_hex(want_tag, 16), to_hex(tag, 16)) << t.name << " open tag";

      t.open(in, tag, in, len, a, ad_len, &st);
      ASSERT_EQ(to_hex(pt), to_hex(in, len)) << t.name << " open in place";
      ASSERT_EQ(to_hex(want_tag, 16), to_hex(tag, 16)) << t.name << " open in place tag";
      t.seal(in, tag, in, len, a, ad_len, &st);
      ASSERT_EQ(to_hex(want_ct.data(), len), to_hex(in, len)) << t.name << " seal in place";
      ASSERT_EQ(to_hex(want_tag, 16), to_hex(tag, 16)) << t.name << " seal in place tag";
    }
  }
}

#if defined(CTASM_X86_64_ASM)
// The AVX-512 tiers' masked tails meet a guard page only on AVX-512 hardware:
// util/bochs512 checks their output, not the page past it. Say so where they
// cannot run.
TEST(ChachaPageEnd, Avx512TiersRunHereOrSaySo) {
  for (const ChachaTier *t : {&ctasm::kChachaTierAvx512, &ctasm::kChachaTierAvx512Ifma}) {
    if (!ctasm_test::Avx512TierRunsOnlyInBochs(t)) continue;
    printf("note: %s is built but this CPU cannot run it: ChachaPageEndTest did not check its tails "
           "against a guard page (util/bochs512 checks their results only)\n", t->name);
    ::testing::Test::RecordProperty(t->name, "guard page not run here");
  }
}
#endif

INSTANTIATE_TEST_SUITE_P(Tiers, ChachaPageEndTest,
                         ::testing::ValuesIn(ctasm_test::AvailableChachaTiers()),
                         ctasm_test::ChachaTierTestName);

}  // namespace
