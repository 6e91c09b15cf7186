#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Golden tests of both perlasm translators (perlasm/xlate/x86_64-xlate.pl and
arm-xlate.pl), with the flavours and assemblers of the target table (targets.json).

    python3 tests/xlate/run_golden.py                 # every translator
    python3 tests/xlate/run_golden.py x86_64          # one suite: x86_64 or arm
    python3 tests/xlate/run_golden.py --list          # the suite names
    python3 tests/xlate/run_golden.py --update [SUITE]  # rewrite the .out files (review the diff)
    python3 tests/xlate/run_golden.py --crosscheck SCRIPT.pl ...  # any perlasm script
    ... --no-objects                                  # skip the object checks when an
                                                      # assembler is missing (else they fail)

Fixtures, per suite directory tests/xlate/<suite>/:

x86_64/NAME.s               input snippet, translated for every x86_64 flavour
x86_64/NAME.FLAVOUR.out     expected output (elf, macosx, nasm)
x86_64/errors/NAME.s        must fail; first line "# expect: TEXT" (every flavour) or
                            "# expect[FLAVOUR]: TEXT" (that flavour only; the others must
                            succeed), TEXT part of the error message, which must also
                            name the "input line"
arm/a64_NAME.s, a32_NAME.s  AArch64 snippet (linux64, ios64, win64) or ARMv7 (linux32, ios32)
arm/NAME.FLAVOUR.out        expected output (NAME includes the a64_/a32_ prefix)
arm/errors/{a64,a32,all}_NAME.s
                            must fail in each flavour of its ISA(s); first line
                            "// expect: TEXT", TEXT part of the error message, which
                            must also carry the input line number ("line N:")

Every snippet's output must also be the same under another locale, working directory,
time zone and Perl hash seed. The object checks of each translator are in
golden_x86_64.py and golden_arm.py. Exits non-zero on any mismatch, printing a unified
diff.
"""
import difflib
import os
import re
import sys

from golden_common import HERE, ROOT, flavours_of, translate, translator

import golden_arm
import golden_x86_64


def x86_64_flavours(name):
    return flavours_of("x86_64")


def arm_flavours(name):
    return golden_arm.ISA_FLAVOURS.get(name[:3], ())


def x86_64_expect(first_line):
    """(only-this-flavour or None, TEXT) of an error fixture, or None if malformed."""
    m = re.match(r"# expect(?:\[(\w+)\])?: (.*)", first_line)
    return (m.group(1), m.group(2).strip()) if m else None


def arm_expect(first_line):
    m = re.match(r"// expect: (.*)", first_line)
    return (None, m.group(1).strip()) if m else None


# suite -> how its fixtures are read. flavours(file name): the flavours a snippet or
# error fixture is translated for; expect(first line): its expected error; located(err):
# the error names the input line; rejects_flavour(err): the translator's refusal of an
# unknown flavour; objects: the translator's object checks.
SUITES = {
    "x86_64": {
        "xlate": translator("x86_64"), "flavours": x86_64_flavours, "expect": x86_64_expect,
        "bad_fixture": "no '# expect:' line",
        "located": lambda err: "input line" in err, "objects": golden_x86_64,
        "rejects_flavour": lambda err: "usage:" in err,
    },
    "arm": {
        "xlate": translator("aarch64"), "flavours": arm_flavours, "expect": arm_expect,
        "bad_fixture": "needs an a64_/a32_/all_ prefix and a '// expect:' line",
        "located": lambda err: re.search(r"line \d+:", err) is not None, "objects": golden_arm,
        "rejects_flavour": lambda err: "unknown flavour" in err,
    },
}


def golden(suite, update):
    """(checks, failures) of the snippets: expected output, determinism."""
    s, cases = SUITES[suite], os.path.join(HERE, suite)
    checks = failures = 0
    for name in sorted(os.listdir(cases)):
        if not name.endswith(".s"):
            continue
        src = os.path.join(cases, name)
        for flavour in s["flavours"](name):
            checks += 1
            rc, out, err = translate(s["xlate"], flavour, src)
            want_path = os.path.join(cases, "%s.%s.out" % (name[:-2], flavour))
            if rc != 0:
                print("FAIL %s [%s]: translator failed:\n%s" % (name, flavour, err))
                failures += 1
                continue
            # Deterministic: another locale, working directory and hash seed, same bytes.
            rc2, out2, _ = translate(s["xlate"], flavour, src,
                                     {"LC_ALL": "C.UTF-8", "PERL_HASH_SEED": "7",
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
    return checks, failures


def errors(suite):
    """(checks, failures) of errors/: each must fail with its expected message."""
    s, errdir = SUITES[suite], os.path.join(HERE, suite, "errors")
    checks = failures = 0
    for name in sorted(os.listdir(errdir)):
        if not name.endswith(".s"):
            continue
        src = os.path.join(errdir, name)
        with open(src) as f:
            expect = s["expect"](f.readline())
        flavours = s["flavours"](name)
        if not expect or not flavours:
            print("FAIL errors/%s: %s" % (name, s["bad_fixture"]))
            failures += 1
            continue
        only, text = expect
        for flavour in flavours:
            checks += 1
            rc, out, err = translate(s["xlate"], flavour, src)
            if only and flavour != only:
                if rc != 0:
                    print("FAIL errors/%s [%s]: must translate, got:\n%s" % (name, flavour, err))
                    failures += 1
                continue
            if rc == 0 or text not in err or not s["located"](err):
                print("FAIL errors/%s [%s]: want an error containing %r, got rc=%d:\n%s"
                      % (name, flavour, text, rc, err))
                failures += 1
    return checks, failures


def unknown_flavour(suite):
    """(checks, failures): the translator rejects a flavour it does not know."""
    s, cases = SUITES[suite], os.path.join(HERE, suite)
    snippet = sorted(n for n in os.listdir(cases) if n.endswith(".s"))[0]
    rc, _, err = translate(s["xlate"], "linux128", os.path.join(cases, snippet))
    if rc == 0 or not SUITES[suite]["rejects_flavour"](err):
        print("FAIL %s: unknown flavour accepted" % suite)
        return 1, 1
    return 1, 0


def run_suite(suite, update, no_objects):
    checks = failures = 0
    parts = [golden(suite, update), errors(suite)]
    parts.append(unknown_flavour(suite))
    if not update:
        parts.append(SUITES[suite]["objects"].object_checks(os.path.join(HERE, suite), no_objects))
    for c, f in parts:
        checks, failures = checks + c, failures + f
    print("%s: %d passed, %d failed" % (suite, checks - failures, failures))
    return checks, failures


def crosscheck_scripts(scripts):
    """x86_64 scripts by name (*x86_64*), the rest ARM (golden_arm decides the ISA)."""
    x86 = [s for s in scripts if "x86_64" in os.path.basename(s)]
    arm = [s for s in scripts if s not in x86]
    checks = failures = 0
    for module, group in ((golden_x86_64, x86), (golden_arm, arm)):
        if group:
            c, f = module.crosscheck_scripts(group)
            checks, failures = checks + c, failures + f
    print("%d passed, %d failed" % (checks - failures, failures))
    return 1 if failures else 0


def main(argv):
    if argv[:1] == ["--crosscheck"]:
        return crosscheck_scripts(argv[1:])
    if argv == ["--list"]:
        print("\n".join(SUITES))
        return 0
    update = "--update" in argv
    no_objects = "--no-objects" in argv
    suites = [a for a in argv if not a.startswith("--")] or list(SUITES)
    unknown = [s for s in suites if s not in SUITES]
    if unknown:
        print("run_golden: unknown suite %s (known: %s)" % (" ".join(unknown), " ".join(SUITES)),
              file=sys.stderr)
        return 2
    failures = 0
    for suite in suites:
        failures += run_suite(suite, update, no_objects)[1]
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
