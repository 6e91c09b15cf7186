#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Check that each object built from generated/<target> exports exactly the symbols
generated/sources.json promises for its source file (file_symbols).

    # objects of a CMake build (found as .../generated/<target>/<file>.o or .obj)
    check_symbols.py --target x86_64-linux --build-dir build/x86_64-linux
    # assemble every generated file of a target first, then check
    check_symbols.py --target aarch64-apple --out build/asm/aarch64-apple \\
        --assemble "clang -target arm64-apple-macos11" [--prefix ctasmtest]

With --prefix P the objects are assembled with -DCTASM_PREFIX=P and every symbol
must be P_<name>. Mach-O's leading underscore is stripped before comparing.
Every exported symbol must also be hidden (ELF) or private_extern (Mach-O).
Uses llvm-nm, which reads ELF, Mach-O and COFF alike. Python 3 stdlib only.
"""

import argparse
import concurrent.futures
import json
import os
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APPLE_FORMAT = "macho"


def defined_globals(nm, obj, strip_underscore):
    proc = subprocess.run([nm, "-g", "--defined-only", "-P", obj], capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{nm} {obj} failed: {proc.stderr.strip()}")
    names = set()
    for line in proc.stdout.splitlines():
        fields = line.split()
        if not fields:
            continue
        name = fields[0]
        if strip_underscore and name.startswith("_"):
            name = name[1:]
        names.add(name)
    return names


def visible_exports(nm, obj, fmt):
    """Defined globals that are not hidden (ELF) / private_extern (Mach-O): they would
    leak out of a shared library. COFF has no such notion; nothing to check."""
    if fmt == "elf":
        readelf = os.path.join(os.path.dirname(nm), "llvm-readelf") if os.sep in nm else "llvm-readelf"
        out = subprocess.run([readelf, "-s", "--wide", obj], capture_output=True, text=True, check=True).stdout
        leaks = []
        for line in out.splitlines():
            f = line.split()
            # Num: Value Size Type Bind Vis Ndx Name
            if len(f) >= 8 and f[4] in ("GLOBAL", "WEAK") and f[6] != "UND" and f[5] != "HIDDEN":
                leaks.append(f[7])
        return leaks
    if fmt == APPLE_FORMAT:
        out = subprocess.run([nm, "-m", "-g", "--defined-only", obj], capture_output=True, text=True,
                             check=True).stdout
        return [line.split()[-1] for line in out.splitlines()
                if " external " in line and "private external" not in line]
    return []


def assemble(cmd, src, obj, prefix):
    os.makedirs(os.path.dirname(obj), exist_ok=True)
    define = [f"-DCTASM_PREFIX={prefix}"] if prefix else []
    if src.endswith(".asm"):
        argv = ["nasm", "-f", "win64"] + define + ["-o", obj, src]
    else:
        argv = shlex.split(cmd) + define + ["-c", src, "-o", obj]
    proc = subprocess.run(argv, capture_output=True, text=True)
    if proc.returncode != 0:
        return f"assembling failed: {' '.join(argv)}\n{proc.stderr.strip()}"
    return None


def find_objects(build_dir, rel_sources):
    index = {}
    for dirpath, _dirs, files in os.walk(build_dir):
        for fn in files:
            if fn.endswith((".o", ".obj")):
                full = os.path.join(dirpath, fn)
                index.setdefault(os.path.splitext(full)[0].replace(os.sep, "/"), []).append(full)
    return {src: sorted(o for stem, objs in index.items() if stem.endswith("/" + src) for o in objs)
            for src in rel_sources}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sources", default=os.path.join(ROOT, "generated", "sources.json"))
    ap.add_argument("--target", required=True)
    ap.add_argument("--build-dir", help="check the objects of this CMake build")
    ap.add_argument("--assemble", help="compiler command that assembles a .S (e.g. \"clang -target ...\")")
    ap.add_argument("--out", help="where --assemble puts the objects")
    ap.add_argument("--prefix", default="", help="assemble with -DCTASM_PREFIX=PREFIX and expect PREFIX_name")
    ap.add_argument("--no-test-asm", action="store_true", help="only the library's asm (build without tests)")
    ap.add_argument("--nm", default="llvm-nm")
    args = ap.parse_args()
    if bool(args.build_dir) == bool(args.assemble):
        ap.error("give exactly one of --build-dir and --assemble")
    if args.assemble and not args.out:
        ap.error("--assemble needs --out")

    with open(args.sources, encoding="utf-8") as f:
        target = json.load(f)["targets"][args.target]
    files = target["asm"] + ([] if args.no_test_asm else target["test_asm"])
    strip = target.get("format") == APPLE_FORMAT
    failures = []
    objects = {}
    if args.assemble:
        jobs = {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            for src in files:
                obj = os.path.join(args.out, os.path.basename(src) + ".o")
                objects[src] = [obj]
                jobs[src] = pool.submit(assemble, args.assemble, os.path.join(ROOT, src), obj, args.prefix)
        for src, fut in jobs.items():
            err = fut.result()
            if err:
                failures.append(f"{src}: {err}")
                objects[src] = []
    else:
        objects = find_objects(args.build_dir, files)
        for src, objs in objects.items():
            if not objs:
                failures.append(f"{src}: no object built from it under {args.build_dir}")

    checked = 0
    for src in files:
        want = {(args.prefix + "_" + s) if args.prefix else s for s in target["file_symbols"][src]}
        for obj in objects.get(src, []):
            checked += 1
            try:
                have = defined_globals(args.nm, obj, strip)
            except RuntimeError as e:
                failures.append(str(e))
                continue
            try:
                leaks = visible_exports(args.nm, obj, target.get("format"))
            except (subprocess.CalledProcessError, OSError) as e:
                leaks = [f"(visibility check failed: {e})"]
            if have != want:
                failures.append(f"{obj}: exports differ from sources.json: "
                                f"missing {sorted(want - have)}, unexpected {sorted(have - want)}")
            elif leaks:
                failures.append(f"{obj}: not hidden/private_extern: {sorted(leaks)}")
            else:
                print(f"ok   {obj}: {len(have)} symbols")
    for f_ in failures:
        print(f"FAIL {f_}")
    label = args.target + (f" (prefix {args.prefix})" if args.prefix else "")
    print(f"check_symbols: {label}: {checked} objects checked, {len(failures)} failed")
    return 1 if failures or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
