#!/usr/bin/env python3
"""Golden tests of perlasm/xlate/arm-xlate.pl.

tests/xlate/arm/a64_NAME.s          AArch64 snippet: linux64, ios64, win64
tests/xlate/arm/a32_NAME.s          ARMv7 snippet: linux32, ios32
tests/xlate/arm/NAME.FLAVOUR.out    expected output (NAME includes the a64_/a32_ prefix)
tests/xlate/arm/errors/{a64,a32,all}_NAME.s
                                    must fail in each flavour of its ISA(s); first line
                                    "// expect: TEXT", TEXT part of the error message,
                                    which must also carry the input line number

Exits non-zero on any mismatch and prints a unified diff.  `--crosscheck
SCRIPT.pl ...` assembles any ARM perlasm script for every flavour of its ISA and
compares the instructions across flavours (e.g. perlasm/aes/vpaes-armv8.pl).  --update rewrites the
expected files from the current translator (review the diff before committing).

Object checks (a missing assembler fails the run, naming it, unless --no-objects
is given): every
snippet and both conformance scripts (perlasm/test/xlate-armv{8,7}.pl) are
assembled for every flavour and the instructions compared across the flavours of
the ISA (--crosscheck below); the conformance objects are also checked for the
GNU property note (BTI|PAC) on linux64, .pdata/.xdata for every function on
win64, DWARF CFI for every function on the other flavours, and CTASM_PREFIX
renaming of every global symbol.
"""
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
XLATE = os.path.join(ROOT, "perlasm", "xlate", "arm-xlate.pl")
CASES = os.path.join(HERE, "arm")
ISA_FLAVOURS = {"a64": ("linux64", "ios64", "win64"), "a32": ("linux32", "ios32")}
ISA_FLAVOURS["all"] = ISA_FLAVOURS["a64"] + ISA_FLAVOURS["a32"]
CONFORMANCE = {"a64": "perlasm/test/xlate-armv8.pl", "a32": "perlasm/test/xlate-armv7.pl"}
ASSEMBLE = {
    "linux64": ["aarch64-linux-gnu-gcc", "-march=armv8-a", "-c"],
    "ios64": ["clang", "-target", "arm64-apple-macos11", "-c"],
    "win64": ["clang", "--target=aarch64-pc-windows-msvc", "-c"],
    "linux32": ["arm-linux-gnueabihf-gcc", "-march=armv7-a", "-mfpu=neon", "-c"],
    "ios32": ["clang", "-target", "armv7-apple-ios9", "-mfpu=neon", "-c"],
}


def translate(flavour, path, env=None, cwd=None):
    with open(path, "rb") as f:
        p = subprocess.run(["perl", XLATE, flavour], stdin=f, capture_output=True,
                           env=dict(os.environ, **(env or {"LC_ALL": "C"})), cwd=cwd)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def have(*tools):
    return all(shutil.which(t) for t in tools)


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


def object_checks(tmp):
    checks = failures = 0
    tools = {f: have(ASSEMBLE[f][0]) for f in ASSEMBLE}
    if not all(tools.values()):
        missing = " ".join(f for f, ok in tools.items() if not ok)
        if "--no-objects" in sys.argv[1:]:
            print("object checks not run (--no-objects) for: %s (assembler missing)" % missing)
        else:
            # A check that cannot run fails, with the reason (util/run_tests.sh installs the tools).
            print("FAIL object checks for: %s: assembler missing (or pass --no-objects)" % missing)
            failures += 1
    for name in sorted(os.listdir(CASES)):
        if not name.endswith(".s"):
            continue
        snippet = {}
        for flavour in ISA_FLAVOURS[name[:3]]:
            if not tools[flavour]:
                continue
            checks += 1
            rc, out, err = translate(flavour, os.path.join(CASES, name))
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
    print("%d passed, %d failed" % (checks - failures, failures))
    return 1 if failures else 0


def main():
    if sys.argv[1:2] == ["--crosscheck"]:
        return crosscheck_scripts(sys.argv[2:])
    update = "--update" in sys.argv[1:]
    failures = checks = 0
    for name in sorted(os.listdir(CASES)):
        if not name.endswith(".s"):
            continue
        src = os.path.join(CASES, name)
        for flavour in ISA_FLAVOURS[name[:3]]:
            checks += 1
            rc, out, err = translate(flavour, src)
            want_path = os.path.join(CASES, "%s.%s.out" % (name[:-2], flavour))
            if rc != 0:
                print("FAIL %s [%s]: translator failed:\n%s" % (name, flavour, err))
                failures += 1
                continue
            # Deterministic: another locale, working directory and hash seed, same bytes.
            rc2, out2, _ = translate(flavour, src, {"LC_ALL": "C.UTF-8", "PERL_HASH_SEED": "7",
                                                    "TZ": "Asia/Tokyo"}, cwd="/")
            if rc2 != 0 or out2 != out:
                print("FAIL %s [%s]: output depends on locale/cwd/hash seed" % (name, flavour))
                failures += 1
            if update:
                with open(want_path, "w") as f:
                    f.write(out)
                continue
            try:
                with open(want_path) as f:
                    want = f.read()
            except FileNotFoundError:
                want = ""
            if out != want:
                failures += 1
                print("FAIL %s [%s]" % (name, flavour))
                sys.stdout.writelines(difflib.unified_diff(
                    want.splitlines(True), out.splitlines(True),
                    os.path.relpath(want_path, ROOT), "translator output"))
    errdir = os.path.join(CASES, "errors")
    for name in sorted(os.listdir(errdir)):
        if not name.endswith(".s"):
            continue
        src = os.path.join(errdir, name)
        with open(src) as f:
            m = re.match(r"// expect: (.*)", f.readline())
        if not m or name[:3] not in ISA_FLAVOURS:
            print("FAIL errors/%s: needs an a64_/a32_/all_ prefix and a '// expect:' line" % name)
            failures += 1
            continue
        text = m.group(1).strip()
        for flavour in ISA_FLAVOURS[name[:3]]:
            checks += 1
            rc, out, err = translate(flavour, src)
            if rc == 0 or text not in err or not re.search(r"line \d+:", err):
                print("FAIL errors/%s [%s]: want an error containing %r, got rc=%d:\n%s"
                      % (name, flavour, text, rc, err))
                failures += 1
    # The instruction-table samples (one per form, assembled below) are current.
    for isa in ("a64", "a32"):
        checks += 1
        want = subprocess.run(["perl", os.path.join(HERE, "arm_insn_samples.pl"), isa],
                              capture_output=True, check=True).stdout.decode()
        with open(os.path.join(CASES, "%s_insns.s" % isa)) as f:
            if f.read() != want:
                failures += 1
                print("FAIL %s_insns.s is stale: perl tests/xlate/arm_insn_samples.pl %s > "
                      "tests/xlate/arm/%s_insns.s" % (isa, isa, isa))
    checks += 1
    rc, _, err = translate("linux128", os.path.join(CASES, "a64_leaf.s"))
    if rc == 0 or "unknown flavour" not in err:
        print("FAIL unknown flavour accepted")
        failures += 1
    if not update:
        tmp = tempfile.mkdtemp()
        try:
            c, f = object_checks(tmp)
        finally:
            shutil.rmtree(tmp)
        checks += c
        failures += f
    print("%d passed, %d failed" % (checks - failures, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
