#!/usr/bin/env python3
"""Prove util/check_cfi.py is not vacuous: assemble every fixture here, then require
each *_good.* to pass and each *_bad_*.* to fail with the message its first line
names ("// expect: ..." or "; expect: ...").

    tests/cfi_fixtures/run.py        # exit 0 when every fixture behaves

The prefix of the file name picks the assembler (x86_64, aarch64, armv7: ELF;
win64: NASM; winarm64: clang for aarch64-pc-windows-msvc; macarm64: clang for arm64 Mach-O). Python 3 stdlib only.
"""

import glob
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKER = os.path.join(HERE, "..", "..", "util", "check_cfi.py")
ASSEMBLE = {
    "x86_64": ["gcc", "-c"],
    "aarch64": ["aarch64-linux-gnu-gcc", "-c"],
    "armv7": ["arm-linux-gnueabihf-gcc", "-march=armv7-a", "-mfpu=neon", "-c"],
    "win64": ["nasm", "-f", "win64"],
    "winarm64": ["clang", "--target=aarch64-pc-windows-msvc", "-c"],
    "macarm64": ["clang", "-target", "arm64-apple-macos11", "-c"],
}


def expectation(path):
    with open(path, encoding="utf-8") as f:
        first = f.readline()
    marker = "expect:"
    return first.split(marker, 1)[1].strip() if marker in first else None


def main():
    failures, count = [], 0
    with tempfile.TemporaryDirectory(prefix="cfi_fixtures.") as tmp:
        for src in sorted(glob.glob(os.path.join(HERE, "*.S")) + glob.glob(os.path.join(HERE, "*.asm"))):
            base = os.path.basename(src)
            kind = max((k for k in ASSEMBLE if base.startswith(k + "_")), key=len)
            obj = os.path.join(tmp, os.path.splitext(base)[0] + ".o")
            cmd = ASSEMBLE[kind] + [src, "-o", obj]
            p = subprocess.run(cmd, capture_output=True, text=True)
            if p.returncode != 0:
                failures.append(f"{base}: does not assemble: {p.stderr.strip()}")
                continue
            count += 1
            r = subprocess.run([sys.executable, CHECKER, obj], capture_output=True, text=True)
            bad = "_bad_" in base
            want = expectation(src)
            if not bad and r.returncode != 0:
                failures.append(f"{base}: good fixture rejected:\n{r.stdout}")
            elif bad and r.returncode == 0:
                failures.append(f"{base}: bad fixture passed:\n{r.stdout}")
            elif bad and (not want or want not in r.stdout):
                failures.append(f"{base}: flagged, but not with {want!r}:\n{r.stdout}")
            else:
                print(f"ok   {base}: {'flagged' if bad else 'passes'}")
    for f in failures:
        print("FAIL " + f)
    print(f"cfi_fixtures: {count} fixtures, {len(failures)} failures")
    return 1 if failures or count == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
