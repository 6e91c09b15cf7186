# SPDX-License-Identifier: Apache-2.0
"""Function sizes in bytes: assemble a file with the target's assembler, read symbols.

ELF symbols carry a size (`.size`); Mach-O and COFF ones do not, so there a function's
size is the distance to the next function symbol in the file, or to the end of the
text section for the last one (alignment padding included).
"""

import os
import shutil
import subprocess
import tempfile

from . import source

# target -> assemblers to try, first one found wins (targets.json).
ASSEMBLERS = {t["name"]: [t["assembler"]] + t["assembler_alt"] for t in source.TARGET_ROWS}
NM = ["llvm-nm", "llvm-nm-14"]
OBJDUMP = ["llvm-objdump", "llvm-objdump-14"]


def which_first(names):
    for n in names:
        p = shutil.which(n)
        if p:
            return p
    return None


def assembler_for(target):
    for cmd in ASSEMBLERS.get(target, []):
        if shutil.which(cmd[0]):
            return cmd
    return None


class SizeResult:
    def __init__(self, sizes=None, note=None, tool=None):
        self.sizes = sizes or {}  # function name -> bytes
        self.note = note          # why sizes are missing, if they are
        self.tool = tool


class Sizer:
    def __init__(self, workdir=None):
        self.cache = {}
        self.workdir = workdir

    def measure(self, target, path, data, functions, fmt):
        """Sizes of `functions` (names as split.py gives them) in `data` (file bytes)."""
        key = (target, path, data)
        if key not in self.cache:
            self.cache[key] = self._measure(target, path, data, set(functions), fmt)
        return self.cache[key]

    def _measure(self, target, path, data, functions, fmt):
        asm = assembler_for(target)
        if asm is None:
            names = " / ".join(c[0] for c in ASSEMBLERS.get(target, [])) or "(none known)"
            return SizeResult(note=f"assembler for {target} not installed ({names})")
        nm = which_first(NM)
        if nm is None:
            return SizeResult(note="llvm-nm not installed")
        with tempfile.TemporaryDirectory(prefix="asm_diff.", dir=self.workdir) as tmp:
            src = os.path.join(tmp, os.path.basename(path))
            obj = os.path.join(tmp, "out.o")
            with open(src, "wb") as f:
                f.write(data)
            proc = subprocess.run([*asm, src, "-o", obj], capture_output=True, cwd=tmp)
            if proc.returncode != 0:
                err = proc.stderr.decode("utf-8", "replace").strip().splitlines()
                first = next((l for l in err if "error" in l.lower()), err[0] if err else "")
                return SizeResult(note=f"{asm[0]} failed: {first.replace(tmp + os.sep, '')}",
                                  tool=asm[0])
            syms = read_symbols(nm, obj)
            text_end = text_section_size(obj)
        return SizeResult(sizes=function_sizes(syms, functions, fmt, text_end), tool=asm[0])


def read_symbols(nm, obj):
    """[(address, size, type letter, name)] of defined symbols, by address."""
    proc = subprocess.run([nm, "--defined-only", "--print-size", "-n", obj], capture_output=True)
    out = []
    for line in proc.stdout.decode("utf-8", "replace").splitlines():
        f = line.split()
        if len(f) == 4:
            try:
                out.append((int(f[0], 16), int(f[1], 16), f[2], f[3]))
            except ValueError:
                pass
    return out


def text_section_size(obj):
    tool = which_first(OBJDUMP)
    if tool is None:
        return None
    proc = subprocess.run([tool, "-h", obj], capture_output=True)
    for line in proc.stdout.decode("utf-8", "replace").splitlines():
        f = line.split()
        if len(f) >= 3 and f[0].isdigit() and f[1] in (".text", "__text"):
            try:
                return int(f[2], 16)
            except ValueError:
                return None
    return None


def function_sizes(syms, functions, fmt, text_end):
    def fname(sym):
        return sym[1:] if fmt == "macho" and sym.startswith("_") else sym

    code = [(a, s, n) for a, s, t, n in syms if t in "tT" and fname(n) in functions]
    sizes = {}
    for i, (addr, size, name) in enumerate(code):
        if size == 0:
            nxt = code[i + 1][0] if i + 1 < len(code) else text_end
            if nxt is None:
                continue
            size = nxt - addr
        sizes[fname(name)] = size
    # Functions placed in data sections (tables with a global name) keep the ELF size only.
    for a, s, t, n in syms:
        if t not in "tT" and fname(n) in functions and s:
            sizes.setdefault(fname(n), s)
    return sizes
