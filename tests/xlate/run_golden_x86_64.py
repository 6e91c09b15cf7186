#!/usr/bin/env python3
"""Golden tests of perlasm/xlate/x86_64-xlate.pl.

tests/xlate/x86_64/NAME.s            input snippet
tests/xlate/x86_64/NAME.FLAVOUR.out  expected output for elf, macosx and nasm
tests/xlate/x86_64/errors/NAME.s     must fail; first line "# expect: TEXT" (every flavour)
                                     or "# expect[FLAVOUR]: TEXT" (that flavour only; the
                                     others must succeed), TEXT part of the error message

Exits non-zero on any mismatch and prints a unified diff. --update rewrites the
expected files from the current translator (review the diff before committing).

Cross-check (when gcc, nasm and objdump are installed): the instruction snippets and
perlasm/test/xlate-x86_64.pl and abi-x86_64.pl, with the .ctasm_proc prologues taken
out (and .ctasm_stack_arg replaced by one fixed load), are translated
to elf and nasm, assembled, disassembled and compared instruction by instruction: the
two flavours must encode the very same instructions. Every golden input is also
assembled for elf, macosx and nasm with its prologues and checked by
util/check_cfi.py, and the elf (gas) and macosx (clang) translations of every golden
input, both test scripts and the AES scripts are disassembled with llvm-objdump and
compared, prologues included (when clang and llvm-objdump are installed). `--crosscheck SCRIPT.pl ...`
does the same for any x86_64 perlasm script (e.g. perlasm/aes/vpaes-x86_64.pl).
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
XLATE = os.path.join(ROOT, "perlasm", "xlate", "x86_64-xlate.pl")
CASES = os.path.join(HERE, "x86_64")
FLAVOURS = ("elf", "macosx", "nasm")


def translate(flavour, path, env=None, cwd=None):
    with open(path, "rb") as f:
        p = subprocess.run(["perl", XLATE, flavour], stdin=f, capture_output=True,
                           env=dict(os.environ, **(env or {"LC_ALL": "C"})), cwd=cwd)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


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
    # Every function becomes a local one without keys: no prologue on any flavour.
    text = re.sub(r"(?m)^\s*\.ctasm_proc\s+(\w+).*$", r".ctasm_proc\t\1", text)
    # Stack argument offsets depend on the flavour's prologue: one fixed load instead.
    text = re.sub(r"(?m)^\s*\.ctasm_stack_arg\s+(\d+)\s*,\s*(%\w+)\s*$",
                  lambda m: "\tmovq\t%d(%%rsp), %s" % (8 * int(m.group(1)), m.group(2)), text)
    src = os.path.join(tmp, "x.s")
    with open(src, "w") as f:
        f.write(text)
    objs = {}
    for flavour, ext, cmd in (("elf", "S", ["gcc", "-c"]), ("nasm", "asm", ["nasm", "-f", "win64"])):
        rc, out, err = translate(flavour, src)
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
    for flavour, cmd in (("elf", ["gcc", "-c"]),
                         ("macosx", ["clang", "-target", "x86_64-apple-macos10.15", "-c"])):
        rc, out, err = translate(flavour, src)
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


def cfi_check(tmp):
    """Every golden input, with its prologues, assembled for all three flavours and run
    through util/check_cfi.py: the unwind data describes every instruction."""
    objs = []
    asm = {"elf": ["gcc", "-c"], "macosx": ["clang", "-target", "x86_64-apple-macos10.15", "-c"],
           "nasm": ["nasm", "-f", "win64"]}
    for name in sorted(os.listdir(CASES)):
        if not name.endswith(".s"):
            continue
        for flavour, cmd in asm.items():
            rc, out, err = translate(flavour, os.path.join(CASES, name))
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


def main():
    args = sys.argv[1:]
    if args and args[0] == "--crosscheck":
        tmp = tempfile.mkdtemp()
        try:
            ok = all([crosscheck(s, raw_perlasm(s, tmp), tmp) for s in args[1:]])
        finally:
            shutil.rmtree(tmp)
        return 0 if ok else 1
    update = "--update" in args
    failures = checks = 0
    for name in sorted(os.listdir(CASES)):
        if not name.endswith(".s"):
            continue
        src = os.path.join(CASES, name)
        for flavour in FLAVOURS:
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
            m = re.match(r"# expect(?:\[(\w+)\])?: (.*)", f.readline())
        if not m:
            print("FAIL errors/%s: no '# expect:' line" % name)
            failures += 1
            continue
        only, text = m.group(1), m.group(2).strip()
        for flavour in FLAVOURS:
            checks += 1
            rc, out, err = translate(flavour, src)
            if only and flavour != only:
                if rc != 0:
                    print("FAIL errors/%s [%s]: must translate, got:\n%s" % (name, flavour, err))
                    failures += 1
                continue
            if rc == 0 or text not in err or "input line" not in err:
                print("FAIL errors/%s [%s]: want an error containing %r, got rc=%d:\n%s"
                      % (name, flavour, text, rc, err))
                failures += 1
    if all(shutil.which(t) for t in ("gcc", "nasm", "objdump")):
        tmp = tempfile.mkdtemp()
        try:
            for name in ("insns_gpr.s", "insns_simd.s", "insns_avx512.s", "insns_forms.s",
                         "insns_string.s", "exprs.s", "proc_frames.s"):
                checks += 1
                with open(os.path.join(CASES, name)) as f:
                    failures += not crosscheck(name, f.read(), tmp)
            if shutil.which("clang") and shutil.which("llvm-objdump"):
                checks += 1
                failures += not cfi_check(tmp)
                for name in sorted(n for n in os.listdir(CASES) if n.endswith(".s")):
                    checks += 1
                    with open(os.path.join(CASES, name)) as f:
                        failures += not crosscheck_macho(name, f.read(), tmp)
                for script in ("xlate-x86_64.pl", "abi-x86_64.pl", "../aes/vpaes-x86_64.pl",
                               "../aes/bsaes-x86_64.pl"):
                    checks += 1
                    conf = os.path.normpath(os.path.join(ROOT, "perlasm", "test", script))
                    failures += not crosscheck_macho(os.path.basename(script),
                                                     raw_perlasm(conf, tmp), tmp)
            # The test-only scripts: xlate-x86_64.pl and abi-x86_64.pl (whose AVX-512
            # body CI may not be able to run: its encodings are checked here).
            for script in ("xlate-x86_64.pl", "abi-x86_64.pl"):
                checks += 1
                conf = os.path.join(ROOT, "perlasm", "test", script)
                failures += not crosscheck(script, raw_perlasm(conf, tmp), tmp)
        finally:
            shutil.rmtree(tmp)
    elif "--no-objects" in args:
        print("crosscheck not run (--no-objects): needs gcc, nasm and objdump")
    else:
        # A check that cannot run fails, with the reason (util/run_tests.sh installs the tools).
        print("FAIL crosscheck: needs gcc, nasm and objdump (or pass --no-objects)")
        failures += 1
    print("%d checks, %d failures" % (checks, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
