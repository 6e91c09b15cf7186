# SPDX-License-Identifier: Apache-2.0
"""Object checks of perlasm/xlate/x86_64-xlate.pl for tests/xlate/run_golden.py.

When gcc, nasm and objdump are installed: the instruction snippets (ELF_NASM_SNIPPETS)
and perlasm/test/xlate-x86_64.pl and abi-x86_64.pl, with the .ctasm_proc prologues
taken out (and .ctasm_stack_arg replaced by one fixed load), are translated to elf and
nasm, assembled, disassembled and compared instruction by instruction: the two flavours
must encode the very same instructions. With clang and llvm-objdump too, every golden
input is also assembled for elf, macosx and nasm with its prologues and checked by
util/check_cfi.py, and the elf (gas) and macosx (clang) translations of every golden
input, both test scripts and the AES scripts are disassembled with llvm-objdump and
compared, prologues included. The assemblers are the target table's.
"""
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

from golden_common import ROOT, assembler, flavours_of, have, translate, translator

XLATE = translator("x86_64")
FLAVOURS = flavours_of("x86_64")
# The snippets whose elf and nasm translations must encode the same instructions once
# their prologues are taken out (the others test flavour-specific output).
ELF_NASM_SNIPPETS = ("insns_gpr.s", "insns_simd.s", "insns_avx512.s", "insns_convert.s", "insns_forms.s",
                     "insns_string.s", "exprs.s",
                     "proc_frames.s")
# Conformance scripts (perlasm/test/, whose AVX-512 body CI may not be able to run:
# its encodings are checked here) and the AES scripts, for the elf/macosx check.
TEST_SCRIPTS = ("perlasm/test/xlate-x86_64.pl", "perlasm/test/abi-x86_64.pl")
MACHO_SCRIPTS = TEST_SCRIPTS + ("perlasm/aes/vpaes-x86_64.pl", "perlasm/aes/bsaes-x86_64.pl")


def raw_perlasm(script, tmp):
    """Output of a perlasm script before translation: run a copy of the perlasm tree
    whose x86_64 translator just echoes its input."""
    tree = os.path.join(tmp, "tree")
    if not os.path.isdir(tree):
        shutil.copytree(os.path.join(ROOT, "perlasm"), os.path.join(tree, "perlasm"))
        with open(os.path.join(tree, "perlasm", "xlate", "x86_64-xlate.pl"), "w") as f:
            f.write("print while <STDIN>;\n")
    rel = os.path.relpath(os.path.abspath(script), ROOT)
    p = subprocess.run(["perl", os.path.join(tree, rel), "elf"], capture_output=True)
    if p.returncode != 0:
        raise RuntimeError("%s failed: %s" % (script, p.stderr.decode()))
    return p.stdout.decode()


def disassembly(obj):
    """Instructions only: branch targets and RIP displacements are relocation details
    that differ between ELF and COFF."""
    p = subprocess.run(["objdump", "-d", "-j", ".text", obj], capture_output=True, check=True)
    lines = []
    for line in p.stdout.decode().splitlines():
        parts = line.split("\t")
        if len(parts) < 3 or not re.match(r"\s+[0-9a-f]+:$", parts[0]):
            continue
        ins = re.sub(r"\s+#.*", "", parts[2])
        ins = re.sub(r"-?0x[0-9a-f]+\(%rip\)", "X(%rip)", ins)
        ins = re.sub(r" (0x)?[0-9a-f]+( <[^>]*>)?$", " T", ins)
        # Equivalent encodings the assemblers choose differently: NASM shortens
        # "mov $imm31, %r64" to the zero-extending 32-bit form; xchg is symmetric.
        m = re.match(r"mov\s+\$(0x[0-9a-f]+),%r([a-z]{2}|\d+)$", ins)
        if m and int(m.group(1), 16) < 2**31:
            r = m.group(2)
            ins = "mov    $%s,%%%s" % (m.group(1), "r" + r + "d" if r[0].isdigit() else "e" + r)
        m = re.match(r"xchg\s+(%\w+),(%\w+)$", ins)
        if m:
            ins = "xchg   %s,%s" % tuple(sorted(m.groups()))
        if ins.strip() == "endbr64":
            continue  # landing pads: elf/macosx only, by design
        # Alignment padding between functions (gas writes long nops, nasm short ones):
        # nops right after an unconditional exit are not code.
        if re.match(r"(data16 )*(cs )?nop[wl]?\b|xchg\s+%ax,%ax$", ins.strip()) and lines \
                and re.match(r"(ret|jmp|ud2)\b", lines[-1]):
            continue
        lines.append(ins + "\n")
    return lines


def crosscheck(name, text, tmp):
    """elf and nasm translations of TEXT (prologues removed) encode the same code."""
    # Every function becomes a local one without keys but the largest frame=: the same
    # one-instruction prologue on every flavour, and rsp operands stay inside the scratch
    # (X86_64/StackFrame.pm) whatever frame the function had.
    text = re.sub(r"(?m)^\s*\.ctasm_proc\s+(\w+).*$", r".ctasm_proc\t\1, frame=3840", text)
    # Stack argument offsets depend on the flavour's prologue: one fixed load instead.
    text = re.sub(r"(?m)^\s*\.ctasm_stack_arg\s+(\d+)\s*,\s*(%\w+)\s*$",
                  lambda m: "\tmovq\t%d(%%rsp), %s" % (8 * int(m.group(1)), m.group(2)), text)
    src = os.path.join(tmp, "x.s")
    with open(src, "w") as f:
        f.write(text)
    objs = {}
    for flavour, ext in (("elf", "S"), ("nasm", "asm")):
        cmd = assembler(flavour)
        rc, out, err = translate(XLATE, flavour, src)
        if rc != 0:
            print("FAIL crosscheck %s [%s]: %s" % (name, flavour, err))
            return False
        asm = os.path.join(tmp, "x.%s" % ext)
        with open(asm, "w") as f:
            f.write(out)
        obj = os.path.join(tmp, "x.%s.o" % flavour)
        p = subprocess.run(cmd + [asm, "-o", obj], capture_output=True)
        if p.returncode != 0:
            print("FAIL crosscheck %s [%s]: assembler: %s" % (name, flavour, p.stderr.decode()))
            return False
        objs[flavour] = disassembly(obj)
    if objs["elf"] != objs["nasm"] or not objs["elf"]:
        print("FAIL crosscheck %s: elf and nasm encode different instructions" % name)
        sys.stdout.writelines(difflib.unified_diff(objs["elf"], objs["nasm"], "elf", "nasm"))
        return False
    print("crosscheck %s: %d instructions identical" % (name, len(objs["elf"])))
    return True


def llvm_disassembly(obj):
    """llvm-objdump reads ELF and Mach-O alike; relocated fields normalised."""
    p = subprocess.run(["llvm-objdump", "-d", "--no-show-raw-insn", obj], capture_output=True,
                       check=True)
    lines = []
    for line in p.stdout.decode().splitlines():
        m = re.match(r"\s+[0-9a-f]+:\s+(.*)$", line)
        if not m:
            continue
        ins = re.sub(r"\s+", " ", re.sub(r"\s*#.*$", "", m.group(1)).strip())
        ins = re.sub(r"-?(0x[0-9a-f]+|\d+)?\(%rip\)", "X(%rip)", ins)
        ins = re.sub(r" (0x)?[0-9a-f]+ <[^>]*>$", " T", ins)
        m = re.match(r"(xchg[bwlq]?) (%\w+), (%\w+)$", ins)
        if m:  # symmetric: gas and clang pick either encoding
            ins = "%s %s, %s" % ((m.group(1),) + tuple(sorted(m.groups()[1:])))
        if re.match(r"(data16 )*(cs )?nop[wl]?\b|xchg %ax, %ax$", ins) and lines \
                and re.match(r"(ret|jmp|ud2)", lines[-1]):
            continue  # padding after an unconditional exit
        lines.append(ins + "\n")
    return lines


def crosscheck_macho(name, text, tmp):
    """elf (gas) and macosx (clang) translations of TEXT, prologues included, encode the
    same instructions: the two GAS flavours differ only in symbols and sections."""
    src = os.path.join(tmp, "m.s")
    with open(src, "w") as f:
        f.write(text)
    dis = {}
    for flavour in ("elf", "macosx"):
        cmd = assembler(flavour)
        rc, out, err = translate(XLATE, flavour, src)
        if rc != 0:
            print("FAIL crosscheck-macho %s [%s]: %s" % (name, flavour, err))
            return False
        asm = os.path.join(tmp, "m.%s.S" % flavour)
        with open(asm, "w") as f:
            f.write(out)
        p = subprocess.run(cmd + [asm, "-o", asm + ".o"], capture_output=True)
        if p.returncode != 0:
            print("FAIL crosscheck-macho %s [%s]: %s" % (name, flavour, p.stderr.decode()))
            return False
        dis[flavour] = llvm_disassembly(asm + ".o")
    if dis["elf"] != dis["macosx"] or not dis["elf"]:
        print("FAIL crosscheck-macho %s: elf and macosx encode different instructions" % name)
        sys.stdout.writelines(difflib.unified_diff(dis["elf"], dis["macosx"], "elf", "macosx"))
        return False
    print("crosscheck-macho %s: %d instructions identical" % (name, len(dis["elf"])))
    return True


def cfi_check(cases, tmp):
    """Every golden input, with its prologues, assembled for all three flavours and run
    through util/check_cfi.py: the unwind data describes every instruction."""
    objs = []
    asm = {flavour: assembler(flavour) for flavour in FLAVOURS}
    for name in sorted(os.listdir(cases)):
        if not name.endswith(".s"):
            continue
        for flavour, cmd in asm.items():
            rc, out, err = translate(XLATE, flavour, os.path.join(cases, name))
            src = os.path.join(tmp, "%s.%s.%s" % (name[:-2], flavour, "asm" if flavour == "nasm" else "S"))
            with open(src, "w") as f:
                f.write(out)
            obj = src + ".o"
            p = subprocess.run(cmd + [src, "-o", obj], capture_output=True)
            if rc != 0 or p.returncode != 0:
                print("FAIL cfi %s [%s]: %s%s" % (name, flavour, err, p.stderr.decode()))
                return False
            objs.append(obj)
    p = subprocess.run([sys.executable, os.path.join(ROOT, "util", "check_cfi.py"), "-q"] + objs,
                       capture_output=True, text=True)
    sys.stdout.write(p.stdout.replace(tmp + "/", ""))
    if p.returncode != 0:
        print("FAIL cfi: util/check_cfi.py rejects the unwind data of a golden output")
    return p.returncode == 0


def object_checks(cases, no_objects):
    """(checks, failures) of the object-level checks over the snippets in CASES."""
    checks = failures = 0
    if not have("gcc", "nasm", "objdump"):
        if no_objects:
            print("crosscheck not run (--no-objects): needs gcc, nasm and objdump")
            return 0, 0
        # A check that cannot run fails, with the reason (util/run_tests.sh installs the tools).
        print("FAIL crosscheck: needs gcc, nasm and objdump (or pass --no-objects)")
        return 1, 1
    tmp = tempfile.mkdtemp()
    try:
        for name in ELF_NASM_SNIPPETS:
            checks += 1
            with open(os.path.join(cases, name)) as f:
                failures += not crosscheck(name, f.read(), tmp)
        if have("clang", "llvm-objdump"):
            checks += 1
            failures += not cfi_check(cases, tmp)
            for name in sorted(n for n in os.listdir(cases) if n.endswith(".s")):
                checks += 1
                with open(os.path.join(cases, name)) as f:
                    failures += not crosscheck_macho(name, f.read(), tmp)
            for script in MACHO_SCRIPTS:
                checks += 1
                failures += not crosscheck_macho(os.path.basename(script),
                                                 raw_perlasm(os.path.join(ROOT, script), tmp), tmp)
        for script in TEST_SCRIPTS:
            checks += 1
            failures += not crosscheck(os.path.basename(script),
                                       raw_perlasm(os.path.join(ROOT, script), tmp), tmp)
    finally:
        shutil.rmtree(tmp)
    return checks, failures


def crosscheck_scripts(scripts):
    """--crosscheck SCRIPT.pl ...: the elf/nasm check for any x86_64 perlasm script."""
    tmp = tempfile.mkdtemp()
    try:
        results = [crosscheck(s, raw_perlasm(s, tmp), tmp) for s in scripts]
    finally:
        shutil.rmtree(tmp)
    return len(results), results.count(False)
