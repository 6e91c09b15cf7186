// Symbol prefixing (CTASM_PREFIX=foo renames vpaes_encrypt to foo_vpaes_encrypt)
// so two copies of ctasm can be vendored into one binary. The generated
// assembly renames its globals the same way (docs/PERLASM.md); C++ sees those
// names through these macros. Include before declaring any assembly symbol.
// Placeholder scope: only the assembly entry points are renamed so far; the
// public ctasm_* API and the C++ namespace are not yet.
#ifndef CTASM_INTERNAL_PREFIX_H
#define CTASM_INTERNAL_PREFIX_H

#if defined(CTASM_PREFIX)
#define CTASM_PREFIX_CAT2_(a, b) a##_##b
#define CTASM_PREFIX_CAT_(a, b) CTASM_PREFIX_CAT2_(a, b)
#define CTASM_PREFIXED(name) CTASM_PREFIX_CAT_(CTASM_PREFIX, name)

#define vpaes_set_encrypt_key CTASM_PREFIXED(vpaes_set_encrypt_key)
#define vpaes_set_decrypt_key CTASM_PREFIXED(vpaes_set_decrypt_key)
#define vpaes_encrypt CTASM_PREFIXED(vpaes_encrypt)
#define vpaes_decrypt CTASM_PREFIXED(vpaes_decrypt)
#define vpaes_cbc_encrypt CTASM_PREFIXED(vpaes_cbc_encrypt)
#define vpaes_ctr32_encrypt_blocks CTASM_PREFIXED(vpaes_ctr32_encrypt_blocks)
#define vpaes_encrypt_key_to_bsaes CTASM_PREFIXED(vpaes_encrypt_key_to_bsaes)
#define vpaes_decrypt_key_to_bsaes CTASM_PREFIXED(vpaes_decrypt_key_to_bsaes)
#define bsaes_ctr32_encrypt_blocks CTASM_PREFIXED(bsaes_ctr32_encrypt_blocks)
#define bsaes_cbc_decrypt CTASM_PREFIXED(bsaes_cbc_decrypt)
#endif

#endif  // CTASM_INTERNAL_PREFIX_H
