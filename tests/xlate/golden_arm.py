# SPDX-License-Identifier: Apache-2.0
"""Object checks of perlasm/xlate/arm-xlate.pl for tests/xlate/run_golden.py.

A missing assembler fails the run, naming it, unless --no-objects is given. Every
snippet and both conformance scripts (perlasm/test/xlate-armv{8,7}.pl) are assembled
for every flavour of their ISA with the target table's assembler, and the instructions
compared across the flavours of the ISA; the conformance objects are also checked for
the GNU property note (BTI|PAC) on linux64, .pdata/.xdata for every function on
win64, DWARF CFI for every function on the other flavours, and CTASM_PREFIX renaming
of every global symbol.
"""
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

from golden_common import ROOT, assembler, flavours_of, have, translate, translator

XLATE = translator("aarch64")
assert XLATE == translator("armv7"), "one ARM translator for both ISAs"
# A snippet's or error fixture's name prefix says which ISA's flavours it is for.
ISA_FLAVOURS = {"a64": flavours_of("aarch64"), "a32": flavours_of("armv7")}
ISA_FLAVOURS["all"] = ISA_FLAVOURS["a64"] + ISA_FLAVOURS["a32"]
CONFORMANCE = {"a64": "perlasm/test/xlate-armv8.pl", "a32": "perlasm/test/xlate-armv7.pl"}
ASSEMBLE = {f: assembler(f) for f in ISA_FLAVOURS["all"]}


def assemble(flavour, text, tmp, defines=()):
    src = os.path.join(tmp, "x.%s.S" % flavour)
    obj = os.path.join(tmp, "x.%s.o" % flavour)
    with open(src, "w") as f:
        f.write(text)
    p = subprocess.run(ASSEMBLE[flavour] + list(defines) + [src, "-o", obj], capture_output=True)
    return (obj if p.returncode == 0 else None), p.stderr.decode()


def run(cmd):
    return subprocess.run(cmd, capture_output=True, check=True).stdout.decode()


def check_object(flavour, obj, globals_, nfuncs):
    """Problems found in a conformance object (empty list when fine)."""
    bad = []
    if flavour == "linux64" and have("readelf"):
        notes = run(["readelf", "-n", obj])
        if "AArch64 feature: BTI, PAC" not in notes:
            bad.append("no GNU property note with BTI, PAC")
    if flavour in ("linux64", "linux32") and have("readelf"):
        if ".note.GNU-stack" not in run(["readelf", "-S", "-W", obj]):
            bad.append("no .note.GNU-stack")
    if flavour == "win64" and have("llvm-readobj"):
        n = len(re.findall(r"RuntimeFunction \{", run(["llvm-readobj", "--unwind", obj])))
        if n != nfuncs:
            bad.append("%d .pdata entries for %d functions" % (n, nfuncs))
    if flavour != "win64" and have("llvm-dwarfdump"):
        n = len(re.findall(r" FDE ", run(["llvm-dwarfdump", "--eh-frame", obj])))
        if n != nfuncs:
            bad.append("%d FDEs for %d functions" % (n, nfuncs))
    return bad


def disassembly(obj, triple):
    """Instructions of the text section with relocation details (branch targets,
    page addresses and offsets) taken out, which differ between object formats."""
    out = run(["llvm-objdump", "--triple=" + triple, "-d", "--no-show-raw-insn", obj])
    lines, after_adrp = [], False
    for line in out.splitlines():
        m = re.match(r"\s+[0-9a-f]+:\s+(\S+)\s*(.*)$", line)
        if not m:
            continue
        op, args = m.group(1), re.sub(r"\s*(@|//).*$", "", m.group(2))
        args = re.sub(r"0x[0-9a-f]+ <[^>]*>", "T", args)
        if op == "adrp":
            args = re.sub(r",.*", ", P", args)
        elif op == "add" and after_adrp:
            args = re.sub(r"#\S+$", "P", args)
        after_adrp = op == "adrp"
        lines.append("%s %s\n" % (op, args))
    return lines


def text_words(obj, section):
    """ARMv7: the words of the code section (tables included), with the target
    field of immediate branches masked (relocated differently per format)."""
    dump = obj + ".text.bin"
    run(["llvm-objcopy", "--dump-section", "%s=%s" % (section, dump), obj, obj + ".tmp"])
    with open(dump, "rb") as f:
        data = f.read()
    words = []
    for i in range(0, len(data) - 3, 4):
        w = int.from_bytes(data[i:i + 4], "little")
        if (w >> 25) & 7 == 5:  # B/BL/BLX (immediate)
            w &= 0xff000000
        words.append("%08x\n" % w)
    return words


def crosscheck(objs, what="conformance"):
    """Every flavour of an ISA encodes the same instructions (win64: less PAC)."""
    checks = failures = 0
    pairs = [("linux64", "ios64", "aarch64-linux-gnu"), ("linux64", "win64", "aarch64-linux-gnu"),
             ("linux32", "ios32", "armv7-linux-gnueabihf")]
    for a, b, triple in pairs:
        if a not in objs or b not in objs or not have("llvm-objdump"):
            continue
        checks += 1
        if triple.startswith("armv7"):
            if not have("llvm-objcopy"):
                continue
            da, db = text_words(objs[a], ".text"), text_words(objs[b], "__TEXT,__text")
        else:
            da, db = disassembly(objs[a], triple), disassembly(objs[b], triple)
        if b == "win64":  # no PAC on win64: see the flavour table
            da = [l for l in da if l not in ("hint #25\n", "hint #29\n")]
        if da != db or not da:
            failures += 1
            print("FAIL crosscheck %s %s vs %s: different instructions" % (what, a, b))
            sys.stdout.writelines(difflib.unified_diff(da, db, a, b))
        else:
            print("ok crosscheck %s %s vs %s: %d words/instructions identical" % (what, a, b, len(da)))
    return checks, failures


def cfi_check(objs, tmp):
    """util/check_cfi.py over the snippet objects of every flavour."""
    if not objs:
        print("FAIL cfi: no snippet objects to check")
        return False
    p = subprocess.run([sys.executable, os.path.join(ROOT, "util", "check_cfi.py"), "-q"] + objs,
                       capture_output=True, text=True)
    sys.stdout.write(p.stdout.replace(tmp + "/", ""))
    if p.returncode != 0:
        print("FAIL cfi: util/check_cfi.py rejects the unwind data of a golden output")
    return p.returncode == 0


def object_checks_in(cases, tmp, no_objects):
    checks = failures = 0
    tools = {f: have(ASSEMBLE[f][0]) for f in ASSEMBLE}
    if not all(tools.values()):
        missing = " ".join(f for f, ok in tools.items() if not ok)
        if no_objects:
            print("object checks not run (--no-objects) for: %s (assembler missing)" % missing)
        else:
            # A check that cannot run fails, with the reason (util/run_tests.sh installs the tools).
            print("FAIL object checks for: %s: assembler missing (or pass --no-objects)" % missing)
            failures += 1
    cfi_objs = []
    for name in sorted(os.listdir(cases)):
        if not name.endswith(".s"):
            continue
        snippet = {}
        for flavour in ISA_FLAVOURS[name[:3]]:
            if not tools[flavour]:
                continue
            checks += 1
            rc, out, err = translate(XLATE, flavour, os.path.join(cases, name))
            obj, aerr = assemble(flavour, out, tmp) if rc == 0 else (None, err)
            if not obj:
                failures += 1
                print("FAIL assemble %s [%s]:\n%s" % (name, flavour, aerr))
                continue
            snippet[flavour] = os.path.join(tmp, "%s.%s.o" % (name, flavour))
            os.rename(obj, snippet[flavour])
        # Every accepted golden input means the same on every flavour of its ISA.
        c, f = crosscheck(snippet, name)
        checks, failures = checks + c, failures + f
        cfi_objs += sorted(snippet.values())
    # ... and its unwind data describes every instruction (Mach-O compact unwind too).
    checks += 1
    failures += not cfi_check(cfi_objs, tmp)
    objs = {}
    for isa, script in sorted(CONFORMANCE.items()):
        for flavour in ISA_FLAVOURS[isa]:
            if not tools[flavour]:
                continue
            checks += 1
            p = subprocess.run(["perl", os.path.join(ROOT, script), flavour], capture_output=True)
            text = p.stdout.decode()
            procs = re.findall(r"^\s*\.(?:cfi_startproc|seh_proc)\b", text, re.M)
            globals_ = re.findall(r"^#define _?(\w+) CTASM_PFX\(", text, re.M)
            obj, aerr = assemble(flavour, text, tmp) if p.returncode == 0 else (None, p.stderr.decode())
            if not obj:
                failures += 1
                print("FAIL assemble %s [%s]:\n%s" % (script, flavour, aerr))
                continue
            objs[flavour] = os.path.join(tmp, "conf.%s.o" % flavour)
            os.rename(obj, objs[flavour])
            bad = check_object(flavour, objs[flavour], globals_, len(procs))
            if have("llvm-nm"):
                u = "_" if flavour.startswith("ios") else ""
                pobj, aerr = assemble(flavour, text, tmp, ["-DCTASM_PREFIX=pfx"])
                syms = set(run(["llvm-nm", "--defined-only", "-g", pobj]).split()) if pobj else set()
                missing = [g for g in globals_ if "%spfx_%s" % (u, g) not in syms]
                if not globals_ or missing or any(s.startswith(u + "ctasm_") for s in syms):
                    bad.append("CTASM_PREFIX renaming: missing %s; globals %s" % (missing, sorted(syms)))
            if bad:
                failures += 1
                print("FAIL %s [%s]: %s" % (script, flavour, "; ".join(bad)))
            else:
                print("ok %s [%s]: %d functions, %d globals" % (script, flavour, len(procs), len(globals_)))
    c, f = crosscheck(objs)
    return checks + c, failures + f


def crosscheck_scripts(scripts):
    """--crosscheck SCRIPT.pl ...: translate a perlasm script (ISA from its name:
    *armv8* is AArch64, anything else ARMv7) for every flavour of its ISA,
    assemble, and compare the instructions across flavours."""
    tmp = tempfile.mkdtemp()
    failures = checks = 0
    try:
        for script in scripts:
            isa = "a64" if "armv8" in os.path.basename(script) else "a32"
            objs = {}
            for flavour in ISA_FLAVOURS[isa]:
                checks += 1
                p = subprocess.run(["perl", script, flavour], capture_output=True)
                obj, err = assemble(flavour, p.stdout.decode(), tmp) if p.returncode == 0 \
                    else (None, p.stderr.decode())
                if not obj:
                    failures += 1
                    print("FAIL %s [%s]:\n%s" % (script, flavour, err))
                    continue
                objs[flavour] = os.path.join(tmp, "%s.%s.o" % (os.path.basename(script), flavour))
                os.rename(obj, objs[flavour])
            c, f = crosscheck(objs)
            checks, failures = checks + c, failures + f
    finally:
        shutil.rmtree(tmp)
    return checks, failures


def samples_current(cases):
    """(checks, failures): the instruction-table samples (tests/xlate/arm_insn_samples.pl,
    one instruction per form; assembled and compared with the other snippets) are current."""
    failures = 0
    for isa in ("a64", "a32"):
        want = subprocess.run(["perl", os.path.join(ROOT, "tests", "xlate", "arm_insn_samples.pl"), isa],
                              capture_output=True, check=True).stdout.decode()
        with open(os.path.join(cases, "%s_insns.s" % isa)) as f:
            if f.read() != want:
                failures += 1
                print("FAIL %s_insns.s is stale: perl tests/xlate/arm_insn_samples.pl %s > "
                      "tests/xlate/arm/%s_insns.s" % (isa, isa, isa))
    return 2, failures


def object_checks(cases, no_objects):
    """(checks, failures) of the object-level checks over the snippets in CASES."""
    c0, f0 = samples_current(cases)
    tmp = tempfile.mkdtemp()
    try:
        c, f = object_checks_in(cases, tmp, no_objects)
        return c + c0, f + f0
    finally:
        shutil.rmtree(tmp)
