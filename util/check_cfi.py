#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Static unwind-data check for assembled objects (ELF, Mach-O, COFF; x86_64, AArch64, ARMv7).

    util/check_cfi.py [-q] OBJ...
    util/check_cfi.py [-q] --generated OUTDIR   # assemble generated/ for all 8 targets
                                                # into OUTDIR, then check those objects

For every function it follows the disassembly (llvm-objdump) along its control flow,
tracks the stack pointer and where each callee-saved register's entry value lives,
and compares that at every reachable instruction with what an unwinder would use:
the DWARF CFI rows (llvm-dwarfdump --eh-frame, which prints .debug_frame too) on
ELF and Mach-O, the decoded .pdata/.xdata (llvm-readobj --unwind) on Windows. On
Mach-O arm64 a compact unwind entry that does not say DWARF is what the unwinder
uses (ld64 drops the FDE): frameless-no-stack entries are checked, others refused.
ARMv7 ELF objects must also carry .ARM.exidx entries (what the ARM unwinder really
uses) matching the body state at every call. It also checks that every return or
tail call leaves a balanced frame and that all paths into an instruction agree.

Prints OK or the first mismatch per function, then
  check_cfi: N functions in M objects, K instructions checked, F failures
and exits 1 on any failure, including an object it cannot analyse.
Python 3 standard library + LLVM 14 tools only.
"""

import argparse
import os
import sys

sys.dont_write_bytecode = True  # keep util/ free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cfi import dwarf, ehabi, objfile, win  # noqa: E402
from cfi.walk import Result, walk  # noqa: E402


def check_dwarf(obj):
    text = objfile.run("dwarfdump", "--eh-frame", obj.path)
    fdes = dwarf.parse(text, obj.isa)
    fix_macho_pc(obj, fdes)
    results, covered = [], set()
    compact = compact_entries(obj)
    for f in fdes:
        if compact.get(f["lo"], (0, DWARF_MODE))[1] != DWARF_MODE:
            continue  # ld64 keeps the compact entry and drops this FDE: check what stays
        name = obj.name_at(f["lo"])
        covered.add(f["lo"])
        try:
            rows, initial = dwarf.rows(f, obj.isa)
        except dwarf.CfiError as e:
            r = Result(name, f["lo"], f["hi"])
            r.fail(f["lo"], "", str(e))
            results.append(r)
            continue
        results.append(walk(obj, name, f["lo"], f["hi"], rows, obj.mod.INITIAL))
    for addr, (end, enc) in sorted(compact.items()):
        if addr in covered or enc == DWARF_MODE:
            continue
        # Mach-O arm64: the unwinder uses a compact entry unless it says "DWARF" (ld64
        # drops the FDE then, and clang may write none). Frameless with no stack says
        # CFA = sp, return address in x30, which the walk checks at every instruction
        # (local functions too); the translator never needs another encoding.
        name = obj.name_at(addr)
        covered.add(addr)
        if enc != FRAMELESS_NO_STACK:
            r = Result(name, addr, end)
            r.fail(addr, obj.insns.get(addr, ""), f"compact unwind encoding {enc:#010x}, which only "
                   "describes the body: unwind data must be DWARF or frameless with no stack")
            results.append(r)
            continue
        row = [(addr, dwarf.State(cfa=0, cfa_reg="sp"))]
        results.append(walk(obj, name, addr, end, row, obj.mod.INITIAL))
    for addr, name in obj.functions:
        if addr not in covered:
            r = Result(name, addr, addr)
            r.fail(addr, obj.insns.get(addr, ""), "exported function has no CFI (FDE) at all")
            results.append(r)
    if obj.isa == "armv7" and obj.format == "elf":
        ehabi.check(obj, results, objfile.run("readobj", "--unwind", obj.path))
    return results


DWARF_MODE = 0x03000000  # UNWIND_ARM64_MODE_DWARF (FDE offset 0 in an object)
FRAMELESS_NO_STACK = 0x02000000  # UNWIND_ARM64_MODE_FRAMELESS, stack size 0


def compact_entries(obj):
    """Mach-O arm64: {start: (end, encoding)} of the __compact_unwind entries."""
    if obj.format != "macho" or obj.isa != "aarch64":
        return {}
    out, start, length = {}, None, None
    for line in objfile.run("objdump", "--unwind-info", obj.path).splitlines():
        f = line.split()
        if line.strip().startswith("start:"):
            start = int(f[1], 16)
        elif line.strip().startswith("length:"):
            length = int(f[1], 16)
        elif line.strip().startswith("compact encoding:"):
            if start is not None and length is not None:
                out[start] = (start + length, int(f[2], 16))
            start = length = None
    return out


def fix_macho_pc(obj, fdes):
    """dwarfdump does not apply Mach-O relocations: take each FDE's start from its
    relocation target when there is one, and wrap 32-bit addresses."""
    if obj.format != "macho":
        return
    if obj.isa == "armv7":
        for f in fdes:
            f["lo"] &= 0xFFFFFFFF
            f["hi"] &= 0xFFFFFFFF
        return
    relocs = {}
    sec = None
    for line in objfile.run("objdump", "-r", obj.path).splitlines():
        if line.startswith("RELOCATION RECORDS FOR"):
            sec = line.split("[", 1)[1].split("]", 1)[0]
            continue
        parts = line.split()
        if sec == "__eh_frame" and len(parts) == 3 and parts[1].endswith("_UNSIGNED"):
            relocs[int(parts[0], 16)] = parts[2]
    if not relocs:
        return
    for f in fdes:
        sym = relocs.get(f["offset"] + 8)
        if sym is None or sym not in obj.sym_addr:
            raise objfile.ObjError(f"FDE at {f['offset']:#x}: cannot resolve its start address")
        size = f["hi"] - f["lo"]
        f["lo"] = obj.sym_addr[sym]
        f["hi"] = f["lo"] + size


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# target -> assembler command (targets.json, docs/TOOLCHAIN.md); generated/<target>/* in
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import targets as target_table  # noqa: E402  (targets.json)

ASSEMBLERS = {t["name"]: t["assembler"] for t in target_table.ROWS}


def assemble_generated(out):
    """Assemble every generated/<target>/ file; return (objects, errors)."""
    import subprocess
    objs, errs = [], []
    for target, cmd in ASSEMBLERS.items():
        src_dir = os.path.join(ROOT, "generated", target)
        srcs = sorted(f for f in os.listdir(src_dir) if f.endswith((".S", ".asm"))) \
            if os.path.isdir(src_dir) else []
        if not srcs:
            errs.append(f"generated/{target}: no sources (run gen_asm.py)")
        os.makedirs(os.path.join(out, target), exist_ok=True)
        for f in srcs:
            obj = os.path.join(out, target, os.path.splitext(f)[0] + (".obj" if "win" in target else ".o"))
            p = subprocess.run(cmd + [os.path.join(src_dir, f), "-o", obj], capture_output=True, text=True)
            if p.returncode:
                errs.append(f"generated/{target}/{f}: does not assemble: {p.stderr.strip()[:300]}")
            else:
                objs.append(obj)
    return objs, errs


def is_deliberate_negative(name):
    """Functions that are wrong on purpose (negative fixtures of the unwind tests)."""
    return name.lstrip("_").startswith(("ctasm_unwind_neg_", "ctasm_unwind_win64_neg_"))


def check_object(path):
    obj = objfile.ObjFile(path)
    if obj.format == "coff":
        return win.check(obj)
    return check_dwarf(obj)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-q", "--quiet", action="store_true", help="print only failures and the summary")
    ap.add_argument("--generated", metavar="OUTDIR", help="assemble generated/ for every target first")
    ap.add_argument("objects", nargs="*")
    args = ap.parse_args()
    nfunc = ninsn = nfail = nneg = nneg_flagged = 0
    objects = list(args.objects)
    if args.generated:
        objs, errs = assemble_generated(args.generated)
        for e in errs:
            print(f"FAIL {e}")
        nfail += len(errs)
        objects += objs
    if not objects:
        ap.error("no objects to check")
    for path in objects:
        try:
            results = check_object(path)
        except (objfile.ObjError, dwarf.CfiError, win.WinError) as e:
            print(f"FAIL {path}: cannot analyse: {e}")
            nfail += 1
            continue
        if not results:
            print(f"FAIL {path}: no functions found")
            nfail += 1
            continue
        for r in results:
            if is_deliberate_negative(r.name):
                # perlasm/test/unwind-neg-x86_64.pl: wrong on purpose, for the dynamic
                # unwind test. Report whether this checker sees it; never count it.
                nneg += 1
                nneg_flagged += bool(r.error)
                if not args.quiet:
                    print(f"NEG  {path}: {r.name}: {'flagged' if r.error else 'not flagged'}")
                continue
            nfunc += 1
            ninsn += r.checked
            if r.error:
                nfail += 1
                addr, text, msg = r.error
                print(f"FAIL {path}: {r.name} at {addr:#x} `{text}`: {msg}")
            elif not args.quiet:
                print(f"OK   {path}: {r.name} ({r.checked} instructions)")
    print(f"check_cfi: {nfunc} functions in {len(objects)} objects, "
          f"{ninsn} instructions checked, {nfail} failures"
          + (f" ({nneg} deliberate negatives skipped, {nneg_flagged} of them flagged)" if nneg else ""))
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
