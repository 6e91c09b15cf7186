#!/usr/bin/env python3
"""Check that a library built with CTASM_PREFIX=P defines no unprefixed global symbol.

    util/check_prefix.py --prefix foo build/libctasm.a [more .a/.o/.so ...]

Lists the global defined symbols (nm) and accepts:
  - C names and assembly entry points starting with P_ (P_ctasm_aes_encrypt_block,
    P_vpaes_encrypt), with or without the Mach-O underscore;
  - C++ mangled names containing the namespace P_ctasm (internals, and templates
    instantiated on its types);
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
    if bare.startswith("_Z") and f"{len(ns)}{ns}" in bare:
        return "prefixed", None
    if bare.startswith(".refptr."):
        return classify(bare[len(".refptr."):], kind, prefix)
    if STD_WEAK_RE.match(bare) and (kind in WEAK_TYPES or not bare.startswith("DW.")):
        return "std", None
    if bare.startswith("_Z"):
        return None, f"C++ name outside namespace {ns}"
    return None, f"does not start with {prefix}_"


def main():
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
