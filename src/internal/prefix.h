// SPDX-License-Identifier: Apache-2.0
// Symbol prefixing: with CTASM_PREFIX=foo every global symbol of the library is
// renamed in the one compile, so two copies of ctasm (and OpenSSL) can share a
// binary. The generated assembly renames its globals itself (docs/PERLASM.md);
// C and C++ get the same names from two headers gen_asm.py writes from the
// lists it already has:
//   ctasm/ctasm_prefix.h      public ctasm_* names -> foo_ctasm_*, namespace
//                             ctasm -> foo_ctasm (ctasm.h includes it, so users
//                             compiled with the same -DCTASM_PREFIX match);
//   internal/prefix_asm.h     assembly entry points -> foo_vpaes_encrypt, ...
// Include this before declaring any assembly symbol. util/check_prefix.py
// checks a prefixed build for any global that escaped.
#ifndef CTASM_INTERNAL_PREFIX_H
#define CTASM_INTERNAL_PREFIX_H

#include "ctasm/ctasm_prefix.h"
#include "internal/prefix_asm.h"

#if defined(CTASM_PREFIX)
// foo_<name> for anything else that must be renamed by hand.
#define CTASM_PREFIXED(name) CTASM_PFX(CTASM_PREFIX, name)
#endif

#endif  // CTASM_INTERNAL_PREFIX_H
