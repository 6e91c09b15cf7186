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
  dialect equals, per flavour, a one-flavour run of the translator; and its work counts
  (CTASM_XLATE_COUNTS, perlasm/xlate/XlateOutput.pm) show the work done once: no flavour
  checks or classifies an instruction text twice, and the later ARM flavours check none
  (they reuse the first one's results). This is the speed goal's regression guard that
  does not time anything (docs/INTERNALS.md, "Generation").

An error fixture runs its flavours in the order of the target table and reversed, so a
check result one flavour hands to the next (arm-xlate.pl) is tried in both directions.

Every perl run goes through util/perl_job_server.pl (gen_asm.py's PerlServers: modules
loaded once, a fork per run, the same bytes as `perl SCRIPT ARGS`), --jobs at a time:
perl's start-up was most of the cost of the ~800 runs.

    python3 tests/xlate/multi_flavour.py               # exit 1 on any mismatch
    python3 tests/xlate/multi_flavour.py arm scripts   # only these parts (x86_64, arm, scripts)
    python3 tests/xlate/multi_flavour.py --jobs 2      # runs at a time (default: CPU count)
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from golden_common import HERE, ROOT  # noqa: E402
from run_golden import SUITES  # noqa: E402

sys.path.insert(0, ROOT)
import gen_asm  # noqa: E402


class Runner:
    """Perl runs through the job server: (returncode, stdout bytes, stderr text)."""

    def __init__(self, servers):
        self.servers = servers

    def run(self, argv, stdin):
        rc, out, err = self.servers.run(argv, stdin, "test", " ".join(argv))
        return rc, out, err.decode("utf-8", "replace")

    def multi(self, xlate, flavours, stdin):
        """(returncode, stderr, {flavour: bytes or None}) of one several-flavours run;
        got["(counts)"]: {flavour: {counter: N}} of its work counts."""
        outs = {f: self.servers.scratch(f + ".out") for f in flavours}
        rc, out, err = self.run([xlate] + ["%s=%s" % (f, outs[f]) for f in flavours], stdin)
        got = {"(counts)": read_counts(outs[flavours[0]] + ".counts")}
        for f, path in outs.items():
            if os.path.exists(path):
                with open(path, "rb") as fh:
                    got[f] = fh.read()
                os.remove(path)
            else:
                got[f] = None
        if out:
            got["(stdout)"] = out
        return rc, err, got

    def single(self, xlate, flavour, stdin):
        return self.run([xlate, flavour], stdin)


def read_counts(path):
    """{flavour: {counter: N}} of a CTASM_XLATE_COUNTS file (removed), {} if none."""
    if not os.path.exists(path):
        return {}
    counts = {}
    with open(path) as f:
        for line in f:
            flavour, *fields = line.split()
            counts[flavour] = {k: int(v) for k, v in (x.split("=") for x in fields)}
    os.remove(path)
    return counts


# Comment markers of each ISA's dialect (perlasm/xlate/Xlate/Lex.pm); a statement that
# starts with '.' is a directive, "NAME:" at its start a label.
COMMENT = {"x86_64": re.compile(r"#.*"), "aarch64": re.compile(r"//.*"),
           "armv7": re.compile(r"(?://|@).*")}
LEADING_LABELS = re.compile(r"^(?:[.\w$]+\s*:\s*)+")


def instruction_statements(dialect, isa):
    """[(function, text)] of each instruction statement of a dialect (the function is the
    last .ctasm_proc's name): comments, directives, labels and blank lines left out. A
    line with a string literal is a directive's (.ascii, .asciz) and is left out whole."""
    fn, out = None, []
    for line in dialect.decode("utf-8", "replace").splitlines():
        if '"' in line or line.lstrip().startswith("#"):
            continue
        for st in COMMENT[isa].sub("", line).split(";"):
            st = LEADING_LABELS.sub("", st.strip())
            m = re.match(r"\.ctasm_proc\s+([\w.$]+)", st)
            fn = m.group(1) if m else fn
            if st and not st.startswith("."):
                out.append((fn, st))
    return out


def work_problems(script, isa, flavours, dialect, counts):
    """What the work counts of a script's several-flavours run say was done more than once.
    Bounds: distinct instruction texts classified or printed (x86_64) <= distinct
    instruction statements of the dialect; on ARM, where a statement is checked once per
    function, statements checked in full (the extension instructions, checked each time,
    left out) <= distinct (function, statement) pairs."""
    stmts = instruction_statements(dialect, isa)
    distinct = len(set(st for _fn, st in stmts))
    pairs = set(stmts)
    if sorted(counts) != sorted(flavours):
        return ["%s: work counts for %s, not %s" % (script, sorted(counts), flavours)]
    bad = []
    if isa == "x86_64":
        for f in flavours:
            for name in ("classified", "printed"):
                n = counts[f].get(name, 0)
                if n > distinct:
                    bad.append("%s [%s]: %s %d instructions, more than the %d distinct"
                               " instruction statements" % (script, f, name, n, distinct))
        return bad
    first, later = flavours[0], flavours[1:]
    total = counts[first].get("checked", 0) + counts[first].get("replayed", 0)
    full = counts[first].get("checked", 0) - counts[first].get("extension", 0)
    if full > len(pairs):
        bad.append("%s [%s]: checked %d statements, more than the %d distinct (function,"
                   " instruction statement) pairs" % (script, first, full, len(pairs)))
    # A later flavour checks again only the extension instructions (.ctasm_arch_ext,
    # whose printing keeps state), every time.
    for f in later:
        c = counts[f]
        again = c.get("checked", 0) - c.get("extension", 0)
        if again or c.get("checked", 0) + c.get("replayed", 0) != total:
            bad.append("%s [%s]: checked %d of %d statements again (the first flavour's results "
                       "were not reused)" % (script, f, again, total))
    return bad


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def snippet_check(r, suite, s, name):
    """[failure messages] of one golden snippet."""
    cases = os.path.join(HERE, suite)
    flavours = list(s["flavours"](name))
    rc, err, got = r.multi(s["xlate"], flavours, read_bytes(os.path.join(cases, name)))
    if rc != 0 or err.strip() or "(stdout)" in got:
        return ["%s %s: status %d, stderr %r" % (suite, name, rc, err[:300])]
    return ["%s %s [%s]: differs from the golden output" % (suite, name, f) for f in flavours
            if got[f] != read_bytes(os.path.join(cases, "%s.%s.out" % (name[:-2], f)))]


def error_check(r, suite, s, name, order, singles):
    """[failure messages] of one error fixture run in one flavour order. singles: flavour ->
    future of its one-flavour run (the flavours that must succeed)."""
    path = os.path.join(HERE, suite, "errors", name)
    with open(path) as f:
        only, text = s["expect"](f.readline())
    rc, err, got = r.multi(s["xlate"], order, read_bytes(path))
    bad = []
    if rc != 255:
        bad.append("status %d, not 255" % rc)
    if "uninitialized" in err:
        bad.append("perl warning: %r" % err[:300])
    for f in order:
        if only is None or f == only:
            if got[f] is not None:
                bad.append("[%s] wrote a file" % f)
            # The message names the translator, the flavour and the input line (x86_64
            # parses once: an error found then names the first flavour), as a direct
            # `perl` run would: the job server runs every translator in one process.
            named = re.compile(r"%s \((?:%s|%s)\): (?:input )?line [1-9]"
                               % (re.escape(os.path.basename(s["xlate"])), f, order[0]))
            if text not in err:
                bad.append("[%s] no message with %r" % (f, text))
            elif not any(named.match(line) for line in err.splitlines() if text in line):
                bad.append("[%s] message with %r not prefixed %r: %r"
                           % (f, text, named.pattern, err[:300]))
        else:
            single_rc, single_out, _ = singles[f].result()
            if single_rc != 0 or got[f] != single_out:
                bad.append("[%s] differs from its one-flavour run" % f)
    return ["%s errors/%s (%s): %s" % (suite, name, ",".join(order), "; ".join(bad))] if bad else []


def script_check(r, pool, script, isa):
    """[failure messages] of one manifest script; its one-flavour runs in parallel."""
    rc, dialect, err = r.run([script, "dialect"], None)
    if rc != 0 or err.strip():
        return ["%s dialect: status %d: %s" % (script, rc, err[:300])]
    xlate = os.path.join(ROOT, gen_asm.target_table.TRANSLATORS[isa])
    flavours = [fl for (i, fl, _e) in gen_asm.TARGETS.values() if i == isa]
    singles = {f: pool.submit(r.single, xlate, f, dialect) for f in flavours}
    rc, err, got = r.multi(xlate, flavours, dialect)
    bad = work_problems(script, isa, flavours, dialect, got["(counts)"]) if rc == 0 else []
    for f in flavours:
        single_rc, single_out, _ = singles[f].result()
        if rc != 0 or single_rc != 0 or got[f] != single_out:
            bad.append("%s [%s]: several-flavours run differs from the one-flavour run%s"
                       % (script, f, (": " + err[:300]) if err else ""))
    return bad


def checks(r, pool, parts):
    """Futures of every check, each giving its [failure messages], in a fixed order."""
    futs = []
    for suite, s in SUITES.items():
        if suite not in parts:
            continue
        for name in sorted(n for n in os.listdir(os.path.join(HERE, suite)) if n.endswith(".s")):
            futs.append(pool.submit(snippet_check, r, suite, s, name))
        errdir = os.path.join(HERE, suite, "errors")
        for name in sorted(n for n in os.listdir(errdir) if n.endswith(".s")):
            path = os.path.join(errdir, name)
            with open(path) as f:
                only, _text = s["expect"](f.readline())
            flavours = list(s["flavours"](name))
            # The one-flavour runs a fixture's succeeding flavours are compared with,
            # once for both orders.
            singles = {f: pool.submit(r.single, s["xlate"], f, read_bytes(path))
                       for f in flavours if only is not None and f != only}
            for order in (flavours, flavours[::-1]):
                if len(order) < 2 and order is not flavours:
                    continue
                futs.append(pool.submit(error_check, r, suite, s, name, order, singles))
    if "scripts" in parts:
        # The scripts' checks wait on their own one-flavour runs: a pool of their own,
        # so that they never hold every worker of the one they wait on.
        outer = concurrent.futures.ThreadPoolExecutor(max_workers=2)
        futs += [outer.submit(script_check, r, pool, script, isa)
                 for script, isa, _kind in gen_asm.MANIFEST]
        outer.shutdown(wait=False)
    return futs


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("parts", nargs="*", help="x86_64, arm, scripts (default: all)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()
    parts = args.parts or list(SUITES) + ["scripts"]
    unknown = [p for p in parts if p not in SUITES and p != "scripts"]
    if unknown:
        print("usage: multi_flavour.py [%s scripts]" % " ".join(SUITES), file=sys.stderr)
        return 2
    perl = shutil.which("perl")
    if perl is None:
        print("multi_flavour: perl not found on PATH", file=sys.stderr)
        return 2
    jobs = max(1, args.jobs)
    os.environ["CTASM_XLATE_COUNTS"] = "1"    # the job server's environment: every run
    total = bad = 0
    with tempfile.TemporaryDirectory(prefix="multi_flavour.") as tmp:
        servers = gen_asm.PerlServers(perl, jobs, tmp)
        try:
            with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
                for fut in checks(Runner(servers), pool, parts):
                    failures = fut.result()
                    total += 1
                    bad += bool(failures)
                    for msg in failures:
                        print("FAIL " + msg)
        except gen_asm.GenError as e:
            print("multi_flavour: %s" % e, file=sys.stderr)
            return 2
        finally:
            servers.close()
    print("multi_flavour: %d checks, %d failed" % (total, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
