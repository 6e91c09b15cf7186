#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Check that a library built with CTASM_PREFIX=P defines no unprefixed global symbol.

    util/check_prefix.py --prefix foo build/libctasm.a [more .a/.o/.so ...]
    util/check_prefix.py --self-test     (the rules on fixed names)

Lists the global defined symbols (nm) and accepts:
  - C names and assembly entry points starting with P_ (P_ctasm_aes_encrypt_block,
    P_vpaes_encrypt), with or without the Mach-O underscore;
  - C++ mangled names of entities in the namespace P_ctasm (functions, data,
    vtables, typeinfo, guard variables and local statics of that namespace);
  - instantiations of C++ standard-library templates (std::, __gnu_cxx::), weak
    on ELF/Mach-O and COMDAT on COFF (where nm shows them as T/R): every copy
    of them is the same code, so the linker may keep any one;
  - MinGW's .refptr.<name> (a COMDAT pointer to <name>) when <name> passes.
Anything else would collide with a second copy of ctasm (or with OpenSSL, which
has its own vpaes_encrypt) and fails the check. Python 3 standard library + nm.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

# C++ standard-library template instances: std::..., __gnu_cxx::..., their
# typeinfo/vtables, and the (weak) personality routine reference.
STD_WEAK_RE = re.compile(r"^(_Z(N|NK)?(St|Sa|Sb|Ss|Si|So|Sd|9__gnu_cxx)|_ZT[ISV]N?(St|9__gnu_cxx)"
                         r"|DW\.ref\.__gxx_personality_v0$)")
WEAK_TYPES = set("WVu")


def nm_symbols(nm, path):
    """(name, type letter) of every global defined symbol."""
    proc = subprocess.run([nm, "-g", "--defined-only", "-P", path], capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"check_prefix: {nm} {path} failed: {proc.stderr.strip()}")
    syms = []
    for line in proc.stdout.splitlines():
        parts = line.split()
        # -P: "name type value size"; archive members appear as "lib.a[obj.o]:" lines.
        if len(parts) >= 2 and len(parts[1]) == 1 and not line.endswith(":"):
            syms.append((parts[0], parts[1]))
    return syms


def classify(name, kind, prefix):
    """("prefixed" | "std", None) for an acceptable symbol, else (None, reason)."""
    bare = name
    if name.startswith("__Z") or name.startswith(f"_{prefix}_"):
        bare = name[1:]  # Mach-O underscore
    if bare.startswith(prefix + "_"):
        return "prefixed", None
    ns = f"{prefix}_ctasm"
    # The entity itself must live in the namespace: a nested name N...E whose
    # first component is P_ctasm (after cv/ref qualifiers), possibly behind a
    # special-name prefix (vtable, typeinfo, guard variable, TLS wrapper) or as
    # a local static (Z<encoding>...). A name that only mentions P_ctasm in its
    # parameter types (foo(P_ctasm::X)) is an unprefixed global and fails.
    # (The length before the identifier makes the match exact.)
    if re.match(rf"_Z(?:T[VISHW]|GV|GR)?Z?N[rVKRO]*{len(ns)}{ns}", bare):
        return "prefixed", None
    if bare.startswith(".refptr."):
        return classify(bare[len(".refptr."):], kind, prefix)
    if STD_WEAK_RE.match(bare) and (kind in WEAK_TYPES or not bare.startswith("DW.")):
        return "std", None
    if bare.startswith("_Z"):
        return None, f"C++ name outside namespace {ns}"
    return None, f"does not start with {prefix}_"


# Names the rules must accept / reject with --prefix foo (run by --self-test).
SELF_TEST = [
    ("foo_ctasm_aes_encrypt_block", "T", True),
    ("_foo_vpaes_encrypt", "T", True),                # Mach-O underscore
    ("_ZN9foo_ctasm3aes4implEv", "T", True),
    ("_ZNK9foo_ctasm1X3getEv", "T", True),
    ("_ZTVN9foo_ctasm1XE", "V", True),
    ("_ZTIN9foo_ctasm1XE", "V", True),
    ("_ZZN9foo_ctasm1fEvE1x", "u", True),             # local static
    ("_ZGVZN9foo_ctasm1fEvE1x", "u", True),           # its guard
    (".refptr.foo_vpaes_encrypt", "R", True),
    ("_ZNSt6vectorIhSaIhEE9push_backERKh", "W", True),
    ("ctasm_vpaes_encrypt", "T", False),
    ("vpaes_encrypt", "T", False),
    ("ctasm_aes_encrypt_block", "T", False),
    ("_Z3fooN9foo_ctasm1XE", "T", False),             # global function taking a foo_ctasm type
    ("_ZN3bar1fEN9foo_ctasm1XE", "T", False),         # bar::f(foo_ctasm::X)
    ("_ZN10foo_ctasmX1fEv", "T", False),              # a longer namespace name
    ("_ZN5ctasm3aes4implEv", "T", False),
    (".refptr.vpaes_encrypt", "R", False),
]


def self_test():
    failures = 0
    for name, kind, want in SELF_TEST:
        got = classify(name, kind, "foo")[1] is None
        if got != want:
            failures += 1
            print(f"check_prefix self-test: {name} ({kind}) {'accepted' if got else 'rejected'}, "
                  f"should be {'accepted' if want else 'rejected'}")
    print(f"check_prefix self-test: {len(SELF_TEST)} names, {failures} wrong")
    return 1 if failures else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--prefix", required=True, help="the CTASM_PREFIX the library was built with")
    ap.add_argument("--nm", default=os.environ.get("NM", "nm"), help="nm to use (default: $NM or nm)")
    ap.add_argument("files", nargs="+", help="static/shared libraries or objects")
    args = ap.parse_args()
    if not re.fullmatch(r"[A-Za-z_]\w*", args.prefix):
        ap.error(f"--prefix {args.prefix!r} is not a C identifier")
    if shutil.which(args.nm) is None:
        ap.error(f"{args.nm} not found")

    bad, ok, std = [], 0, 0
    for path in args.files:
        syms = nm_symbols(args.nm, path)
        if not syms:
            bad.append((path, "(none)", "?", "no global symbols at all: wrong file?"))
        for name, kind in syms:
            what, why = classify(name, kind, args.prefix)
            if why:
                bad.append((path, name, kind, why))
            elif what == "std":
                std += 1
            else:
                ok += 1
    for path, name, kind, why in bad:
        print(f"{path}: {name} ({kind}): {why}")
    print(f"check_prefix: {len(args.files)} file(s), {ok} prefixed globals, {std} std:: "
          f"template instances, {len(bad)} unprefixed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
