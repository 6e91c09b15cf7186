// SPDX-License-Identifier: Apache-2.0
// Stack residue probe: what a call leaves in the dead stack below its caller.
//
// RunOnCanaryStack fills the kStackProbeBytes of stack just below its own
// frame with a canary, runs the call (whose frames, and those of everything it
// calls, land in that region), and copies the region out; FindSecrets scans
// it for any window of a secret's bytes. Every public function that handles
// keys, plaintext or key stream registers a case with it
// (tests/aes_residue_test.cc for AES); adding one is a line in that table.
#ifndef CTASM_TESTS_STACK_RESIDUE_H
#define CTASM_TESTS_STACK_RESIDUE_H

#include <stddef.h>
#include <stdint.h>

#include <functional>
#include <string>
#include <vector>

namespace ctasm_test {

// Bytes probed below the caller. A call that writes deeper than
// kStackProbeBytes - kStackProbeMargin fails the probe (it might hide a secret
// beyond the region).
constexpr size_t kStackProbeBytes = 48 * 1024;
constexpr size_t kStackProbeMargin = 4096;

// Bytes that must not remain in the stack after a public call returns.
struct Secret {
  std::string name;
  std::vector<uint8_t> bytes;
};

struct ResidueHit {
  std::string secret;    // which secret
  size_t secret_offset;  // where in it the matching window starts
  size_t depth;          // bytes below the caller where the window starts
  size_t len;            // window length
};

struct StackResidue {
  size_t depth = 0;         // how far below the caller the call wrote (first non-canary byte)
  bool overflowed = false;  // wrote within kStackProbeMargin of the region's end
  std::vector<ResidueHit> hits;
  // One line per finding, for test failure messages ("" when clean).
  std::string report() const;
};

// The stack region below the caller after `call` ran on it, canary-filled
// before (index 0 = lowest address).
struct StackSnapshot {
  std::vector<uint8_t> region;
};
StackSnapshot RunOnCanaryStack(const std::function<void()> &call);

// Scans what the call left for every window of 16 bytes of each secret (at
// any offset) in which at least 5 bytes differ from the most common one, and
// every window of 8 bytes with at least 6 distinct byte values (one spilled
// 64-bit word). The floors keep the zero padding of a key struct, next to a
// few key bytes, from matching small integers and pointers by chance; a
// window of real key material (random bytes, or bit planes of 0x00/0xff)
// passes them.
StackResidue FindSecrets(const StackSnapshot &stack, const std::vector<Secret> &secrets);

}  // namespace ctasm_test

#endif  // CTASM_TESTS_STACK_RESIDUE_H
