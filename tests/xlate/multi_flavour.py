#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Both translators' several-flavours run (FLAVOUR=OUTFILE ..., perlasm/xlate/XlateOutput.pm,
what gen_asm.py uses) against independent answers:

- every golden snippet (tests/xlate/<suite>/*.s): each flavour's file equals the golden
  NAME.FLAVOUR.out (written by one-flavour runs);
- every error fixture (tests/xlate/<suite>/errors/*.s): the run fails (status 255); each
  flavour that must fail writes no file and the expected message is on stderr; a flavour that
  must succeed (x86_64 "# expect[FLAVOUR]") writes the file a one-flavour run prints;
- every perlasm script of gen_asm.py's manifest: the several-flavours translation of its
  dialect equals, per flavour, a one-flavour run of the translator.

An error fixture runs its flavours in the order of the target table and reversed, so a
check result one flavour hands to the next (arm-xlate.pl) is tried in both directions.

    python3 tests/xlate/multi_flavour.py               # exit 1 on any mismatch
    python3 tests/xlate/multi_flavour.py arm scripts   # only these parts (x86_64, arm, scripts)
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from golden_common import HERE, ROOT  # noqa: E402
from run_golden import SUITES  # noqa: E402

sys.path.insert(0, ROOT)
import gen_asm  # noqa: E402

ENV = dict(os.environ, LC_ALL="C", PERL_HASH_SEED="0", PERL_PERTURB_KEYS="0")


def run_multi(xlate, flavours, stdin, tmp):
    """(returncode, stderr, {flavour: bytes or None}) of one several-flavours run."""
    outs = {f: os.path.join(tmp, f + ".out") for f in flavours}
    for path in outs.values():
        if os.path.exists(path):
            os.remove(path)
    p = subprocess.run(["perl", xlate] + ["%s=%s" % (f, outs[f]) for f in flavours],
                       input=stdin, capture_output=True, env=ENV)
    got = {}
    for f, path in outs.items():
        got[f] = open(path, "rb").read() if os.path.exists(path) else None
    if p.stdout:
        got["(stdout)"] = p.stdout
    return p.returncode, p.stderr.decode("utf-8", "replace"), got


def run_single(xlate, flavour, stdin):
    p = subprocess.run(["perl", xlate, flavour], input=stdin, capture_output=True, env=ENV)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def snippets(suite, s, tmp):
    checks = failures = 0
    cases = os.path.join(HERE, suite)
    for name in sorted(n for n in os.listdir(cases) if n.endswith(".s")):
        flavours = list(s["flavours"](name))
        src = open(os.path.join(cases, name), "rb").read()
        rc, err, got = run_multi(s["xlate"], flavours, src, tmp)
        checks += 1
        if rc != 0 or err.strip() or "(stdout)" in got:
            print("FAIL %s %s: status %d, stderr %r" % (suite, name, rc, err[:300]))
            failures += 1
            continue
        for f in flavours:
            want = open(os.path.join(cases, "%s.%s.out" % (name[:-2], f)), "rb").read()
            if got[f] != want:
                print("FAIL %s %s [%s]: differs from the golden output" % (suite, name, f))
                failures += 1
    return checks, failures


def errors(suite, s, tmp):
    checks = failures = 0
    errdir = os.path.join(HERE, suite, "errors")
    for name in sorted(n for n in os.listdir(errdir) if n.endswith(".s")):
        path = os.path.join(errdir, name)
        src = open(path, "rb").read()
        only, text = s["expect"](open(path).readline())
        flavours = list(s["flavours"](name))
        for order in (flavours, flavours[::-1]):
            if len(order) < 2 and order is not flavours:
                continue
            checks += 1
            rc, err, got = run_multi(s["xlate"], order, src, tmp)
            bad = []
            if rc != 255:
                bad.append("status %d, not 255" % rc)
            for f in order:
                if only is None or f == only:
                    if got[f] is not None:
                        bad.append("[%s] wrote a file" % f)
                    # (x86_64 parses once: an error found then names the first flavour)
                    if text not in err:
                        bad.append("[%s] no message with %r" % (f, text))
                else:
                    single_rc, single_out, _ = run_single(s["xlate"], f, src)
                    if single_rc != 0 or got[f] != single_out:
                        bad.append("[%s] differs from its one-flavour run" % f)
            if bad:
                print("FAIL %s errors/%s (%s): %s" % (suite, name, ",".join(order), "; ".join(bad)))
                failures += 1
    return checks, failures


def scripts(tmp):
    checks = failures = 0
    for script, isa, _kind in gen_asm.MANIFEST:
        p = subprocess.run(["perl", script, "dialect"], cwd=ROOT, capture_output=True, env=ENV)
        if p.returncode != 0:
            print("FAIL %s dialect: %s" % (script, p.stderr.decode()[:300]))
            failures += 1
            continue
        xlate = os.path.join(ROOT, gen_asm.target_table.TRANSLATORS[isa])
        flavours = [fl for (i, fl, _e) in gen_asm.TARGETS.values() if i == isa]
        rc, err, got = run_multi(xlate, flavours, p.stdout, tmp)
        for f in flavours:
            checks += 1
            single_rc, single_out, _ = run_single(xlate, f, p.stdout)
            if rc != 0 or single_rc != 0 or got[f] != single_out:
                print("FAIL %s [%s]: several-flavours run differs from the one-flavour run%s"
                      % (script, f, (": " + err[:300]) if err else ""))
                failures += 1
    return checks, failures


def main():
    parts = sys.argv[1:] or list(SUITES) + ["scripts"]
    unknown = [p for p in parts if p not in SUITES and p != "scripts"]
    if unknown:
        print("usage: multi_flavour.py [%s scripts]" % " ".join(SUITES), file=sys.stderr)
        return 2
    total = bad = 0
    with tempfile.TemporaryDirectory(prefix="multi_flavour.") as tmp:
        for suite, s in SUITES.items():
            if suite not in parts:
                continue
            for part in (snippets, errors):
                c, f = part(suite, s, tmp)
                total, bad = total + c, bad + f
        if "scripts" in parts:
            c, f = scripts(tmp)
            total, bad = total + c, bad + f
    print("multi_flavour: %d checks, %d failed" % (total, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
