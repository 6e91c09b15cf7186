// SPDX-License-Identifier: Apache-2.0
// See stack_residue.h. The region is written and read with plain volatile
// loops inside one frame (no call between reading the stack pointer and the
// probed call, none between the call's return and the copy), so nothing but
// the probed call touches it.
#include "stack_residue.h"

#include <stdio.h>
#include <string.h>

#include <algorithm>
#include <unordered_map>

namespace ctasm_test {
namespace {

#if !defined(__GNUC__) && !defined(__clang__)
#error "stack_residue.cc reads the stack pointer with GNU inline assembly"
#endif

inline uintptr_t StackPointer() {
  uintptr_t sp;
#if defined(__x86_64__)
  __asm__ volatile("mov %%rsp, %0" : "=r"(sp));
#elif defined(__aarch64__) || defined(__arm__)
  __asm__ volatile("mov %0, sp" : "=r"(sp));
#else
#error "stack_residue.cc: no stack pointer read for this architecture"
#endif
  return sp;
}

constexpr uint8_t kCanary = 0xc5;

// Win64 callers reserve 32 bytes of home space above their stack pointer for
// the callee, which may store anything there: probe it too.
#if defined(_WIN64)
constexpr size_t kAboveSp = 32;
#else
constexpr size_t kAboveSp = 0;
#endif

// Grows the stack past the region the normal way (on Windows this commits its
// pages in order through the guard page), so the writes below the stack
// pointer land in mapped memory.
__attribute__((noinline)) void TouchStack() {
  volatile uint8_t buf[kStackProbeBytes + 8192];
  for (size_t i = sizeof(buf); i-- > 0;) buf[i] = 0;
}

__attribute__((noinline)) void RunOnCanary(const std::function<void()> *call, uint8_t *snapshot) {
  TouchStack();
  const uintptr_t top = StackPointer() + kAboveSp;
  volatile uint8_t *lo = reinterpret_cast<volatile uint8_t *>(top - kStackProbeBytes);
  for (size_t i = kStackProbeBytes; i-- > 0;) lo[i] = kCanary;
  (*call)();
  for (size_t i = 0; i < kStackProbeBytes; i++) snapshot[i] = lo[i];
}

struct WindowHash {
  size_t operator()(uint64_t v) const { return static_cast<size_t>(v ^ (v >> 29) ^ (v >> 47)); }
};

struct Origin {
  uint32_t secret;
  uint32_t offset;
};

uint64_t Load64(const uint8_t *p) {
  uint64_t v;
  memcpy(&v, p, 8);
  return v;
}

// Bytes of p[0..n) that differ from its most common byte value.
size_t BytesOffMode(const uint8_t *p, size_t n) {
  size_t count[256] = {0}, mode = 0;
  for (size_t i = 0; i < n; i++) mode = std::max(mode, ++count[p[i]]);
  return n - mode;
}

size_t DistinctBytes(const uint8_t *p, size_t n) {
  bool seen[256] = {false};
  size_t d = 0;
  for (size_t i = 0; i < n; i++) {
    if (!seen[p[i]]) d++;
    seen[p[i]] = true;
  }
  return d;
}

}  // namespace

std::string StackResidue::report() const {
  std::string s;
  if (overflowed) {
    s += "the call wrote " + std::to_string(depth) + " bytes below its caller, past the " +
         std::to_string(kStackProbeBytes - kStackProbeMargin) +
         " probed: enlarge kStackProbeBytes\n";
  }
  size_t shown = 0;
  for (const ResidueHit &h : hits) {
    if (++shown > 24) {
      s += "... " + std::to_string(hits.size() - 24) + " more\n";
      break;
    }
    char line[200];
    snprintf(line, sizeof(line),
             "%zu bytes of %s (from its byte %zu) left %zu bytes below the caller\n", h.len,
             h.secret.c_str(), h.secret_offset, h.depth);
    s += line;
  }
  return s;
}

StackSnapshot RunOnCanaryStack(const std::function<void()> &call) {
  StackSnapshot snap;
  snap.region.resize(kStackProbeBytes);
  RunOnCanary(&call, snap.region.data());
  return snap;
}

StackResidue FindSecrets(const StackSnapshot &stack, const std::vector<Secret> &secrets) {
  const std::vector<uint8_t> &region = stack.region;

  StackResidue res;
  size_t first = 0;  // lowest byte the call changed
  while (first < region.size() && region[first] == kCanary) first++;
  res.depth = region.size() - first;
  res.overflowed = first < kStackProbeMargin;

  // Every 16-byte window of every secret, keyed by its first 8 bytes; and the
  // 8-byte windows with enough distinct bytes.
  std::unordered_multimap<uint64_t, Origin, WindowHash> w16, w8;
  for (size_t s = 0; s < secrets.size(); s++) {
    const std::vector<uint8_t> &b = secrets[s].bytes;
    for (size_t o = 0; o + 8 <= b.size(); o++) {
      const Origin org{static_cast<uint32_t>(s), static_cast<uint32_t>(o)};
      if (o + 16 <= b.size() && BytesOffMode(&b[o], 16) >= 5) w16.emplace(Load64(&b[o]), org);
      if (DistinctBytes(&b[o], 8) >= 6) w8.emplace(Load64(&b[o]), org);
    }
  }

  // Scan the written part; merge runs of consecutive matches of one secret.
  size_t i = first;
  while (i + 8 <= region.size()) {
    const uint8_t *p = &region[i];
    const uint64_t key = Load64(p);
    bool found = false;
    Origin best{0, 0};
    size_t best_len = 0;
    auto try_table = [&](const std::unordered_multimap<uint64_t, Origin, WindowHash> &t, size_t n) {
      if (i + n > region.size()) return;
      auto range = t.equal_range(key);
      for (auto it = range.first; it != range.second; ++it) {
        const std::vector<uint8_t> &b = secrets[it->second.secret].bytes;
        if (memcmp(&b[it->second.offset], p, n) != 0) continue;
        // Extend the match as far as both go.
        size_t len = n;
        while (i + len < region.size() && it->second.offset + len < b.size() &&
               region[i + len] == b[it->second.offset + len]) {
          len++;
        }
        if (len > best_len) {
          best_len = len;
          best = it->second;
          found = true;
        }
      }
    };
    try_table(w16, 16);
    try_table(w8, 8);
    if (found) {
      res.hits.push_back({secrets[best.secret].name, best.offset, region.size() - i, best_len});
      i += best_len;
    } else {
      i++;
    }
  }
  return res;
}

}  // namespace ctasm_test
