#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Tests of util/asm_diff.py on fixture revisions (fixtures/README.txt describes them),
and of util/check_reproducible.sh on tiny fake trees.

    python3 tests/asm_diff/run.py            # builds a scratch git repo in a temp dir
    python3 tests/asm_diff/run.py --keep     # keep it and print its path (debugging)
    python3 tests/asm_diff/run.py --real     # also run on this repository's own history

Exits 1 when any check fails. Sizes are checked for the assemblers that are installed.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOOL = os.path.join(ROOT, "util", "asm_diff.py")
FIXTURES = os.path.join(HERE, "fixtures")
REVS = sorted((d for d in os.listdir(FIXTURES) if d.startswith("r") and d[1:].isdigit()),
              key=lambda d: int(d[1:]))
GIT_ENV = {"GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "asm_diff test",
           "GIT_AUTHOR_EMAIL": "asm_diff@test.invalid", "GIT_COMMITTER_NAME": "asm_diff test",
           "GIT_COMMITTER_EMAIL": "asm_diff@test.invalid", "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z",
           "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z"}


class Checker:
    def __init__(self):
        self.passed = 0
        self.failed = []

    def check(self, cond, what, context=""):
        if cond:
            self.passed += 1
        else:
            self.failed.append(what)
            print(f"FAIL: {what}")
            if context:
                print("  ---- output ----\n  " + context.rstrip().replace("\n", "\n  "))

    def has(self, out, text, what):
        self.check(text in out, f"{what}: expected {text!r}", out)

    def lacks(self, out, text, what):
        self.check(text not in out, f"{what}: unexpected {text!r}", out)


def git(repo, *args):
    env = dict(os.environ, HOME=repo, **GIT_ENV)
    subprocess.run(["git", "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false",
                    *args], cwd=repo, env=env, check=True, capture_output=True)


def build_repo(repo):
    """One commit per fixture revision, tagged r0, r1, ..."""
    git(repo, "init", "-q")
    for rev in REVS:
        src = os.path.join(FIXTURES, rev)
        for dirpath, _dirs, files in os.walk(src):
            for fn in files:
                if fn == "DELETED" and dirpath == src:
                    continue
                rel = os.path.relpath(os.path.join(dirpath, fn), src)
                os.makedirs(os.path.join(repo, os.path.dirname(rel)), exist_ok=True)
                shutil.copyfile(os.path.join(dirpath, fn), os.path.join(repo, rel))
        deleted = os.path.join(src, "DELETED")
        if os.path.exists(deleted):
            with open(deleted) as f:
                for line in f:
                    if line.strip():
                        os.remove(os.path.join(repo, line.strip()))
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", f"fixture {rev}")
        git(repo, "tag", rev)


def run(repo, *args, cwd=None):
    proc = subprocess.run([sys.executable, TOOL, *args], cwd=cwd or repo, capture_output=True,
                          text=True, env=dict(os.environ, LC_ALL="C"))
    return proc.returncode, proc.stdout + proc.stderr


def row(out, name):
    """The status-table row of function `name` (whitespace-collapsed), or ''."""
    for line in out.splitlines():
        f = line.split()
        if f and f[0] == name:
            return " ".join(f)
    return ""


def section(out, script):
    """The lines of one script's section of the report."""
    start = out.find(f"== {script} ")
    if start < 0:
        return ""
    end = out.find("\n== ", start + 1)
    return out[start:] if end < 0 else out[start:end]


def have(tool):
    return shutil.which(tool) is not None


def test_consistent_change(c, repo):
    rc, out = run(repo, "r0", "r1")
    c.check(rc == 0, "r0..r1 exits 0", out)
    foo = section(out, "perlasm/demo/foo-x86_64.pl")
    c.has(foo, "[x86_64]: changed", "r0..r1 foo changed")
    c.has(foo, "targets: x86_64-linux changed, x86_64-apple changed, x86_64-win changed", "r0..r1 targets")
    c.check(row(foo, "foo_add").startswith("foo_add changed changed changed"), "r0..r1 foo_add row", foo)
    c.check(row(foo, "foo_sub").startswith("foo_sub = = ="), "r0..r1 foo_sub row", foo)
    c.lacks(out, "WARNING", "r0..r1 consistent change")
    c.has(out, "0 warnings", "r0..r1 summary")
    c.has(foo, "-- diff on x86_64-linux", "r0..r1 default target")
    c.has(foo, "--- a/generated/x86_64-linux/foo-x86_64.S:foo_add", "r0..r1 diff header")
    c.has(foo, "-\tleaq\t(%rdi,%rsi),%rax\n+\tmovq\t%rdi,%rax\n+\taddq\t%rsi,%rax", "r0..r1 diff body")
    c.lacks(foo, "foo_sub.S:foo_sub", "r0..r1 no diff of unchanged function")
    c.lacks(foo, "<b>", "r0..r1 comments hidden by default")
    c.has(section(out, "perlasm/demo/bar-armv8.pl") or out, "unchanged: perlasm/demo/bar-armv8.pl",
          "r0..r1 bar unchanged")
    if have("gcc") and have("llvm-nm"):
        c.check(row(foo, "foo_add").endswith("5 -> 7 (+2)"), "r0..r1 foo_add ELF size 5 -> 7", foo)
        c.check(row(foo, "foo_sub").endswith(" 7"), "r0..r1 foo_sub ELF size 7", foo)
    # Another representative target: the same change seen through NASM and Mach-O.
    rc, out = run(repo, "--target", "x86_64-win", "r0", "r1")
    c.has(out, "-\tlea\trax,[rcx+rdx]\n+\tmov\trax,rcx\n+\tadd\trax,rdx", "r0..r1 --target x86_64-win diff")
    if have("nasm") and have("llvm-nm"):
        c.check(row(out, "foo_add").endswith("16 -> 16") or row(out, "foo_add").endswith(" 16"),
                "r0..r1 COFF size of foo_add = distance to foo_sub (16)", out)
    rc, out = run(repo, "--target", "x86_64-apple", "--all-lines", "r0", "r1")
    c.has(out, "+// foo_add(a, b) = a + b; <b>&amp; \"quoted\"</b>", "r0..r1 --all-lines keeps comments")
    c.has(out, "a/generated/x86_64-apple/foo-x86_64.S:foo_add", "r0..r1 --target x86_64-apple")
    if have("clang") and have("llvm-nm"):
        c.check(row(out, "foo_sub").endswith(" 7"), "r0..r1 Mach-O size of last function (section end)", out)


def test_inconsistent_change(c, repo):
    rc, out = run(repo, "r1", "r2")
    c.check(rc == 0, "r1..r2 exits 0 despite the warning", out)
    bar = section(out, "perlasm/demo/bar-armv8.pl")
    c.has(bar, "WARNING: perlasm/demo/bar-armv8.pl: changed on aarch64-linux but not on aarch64-apple",
          "r1..r2 script-level warning")
    c.has(bar, "WARNING: perlasm/demo/bar-armv8.pl: bar_mix: changed on aarch64-linux; unchanged on aarch64-apple",
          "r1..r2 function-level warning")
    c.check(row(bar, "bar_mix").startswith("bar_mix changed ="), "r1..r2 bar_mix row", bar)
    c.has(bar, "-- diff on aarch64-linux", "r1..r2 aarch64 script uses the aarch64 linux target")
    c.has(bar, "-\teor\tx0, x0, x1\n+\torr\tx0, x0, x1", "r1..r2 diff")
    c.has(out, "2 warnings", "r1..r2 warning count")
    foo = section(out, "perlasm/demo/foo-x86_64.pl")
    c.has(foo, "header/whitespace only", "r1..r2 whitespace-only edit is not a change")
    c.lacks(foo, "WARNING", "r1..r2 whitespace-only edit gives no warning")
    rc, out = run(repo, "--strict", "r1", "r2")
    c.check(rc == 1, "--strict exits 1 on a warning", out)
    rc, out = run(repo, "--target", "aarch64-apple", "r1", "r2")
    c.has(out, "aarch64-apple did not change; showing aarch64-linux", "r1..r2 unchanged target falls back")


def test_added_removed_function(c, repo):
    rc, out = run(repo, "r2", "r3")
    foo = section(out, "perlasm/demo/foo-x86_64.pl")
    c.check(row(foo, "foo_mul").startswith("foo_mul added added added"), "r2..r3 foo_mul added", foo)
    c.check(row(foo, "foo_sub").startswith("foo_sub removed removed removed"), "r2..r3 foo_sub removed", foo)
    c.check(row(foo, "foo_add").startswith("foo_add = = ="), "r2..r3 foo_add same", foo)
    c.lacks(out, "WARNING", "r2..r3 consistent add/remove")
    c.has(foo, "+++ b/generated/x86_64-linux/foo-x86_64.S:foo_mul", "r2..r3 added function diff")
    c.has(foo, "+\timulq\t%rsi,%rax", "r2..r3 added body")
    c.has(foo, "-\tsubq\t%rsi,%rax", "r2..r3 removed body")
    if have("gcc") and have("llvm-nm"):
        c.check(row(foo, "foo_mul").endswith("- -> 8"), "r2..r3 foo_mul size - -> 8", foo)
        c.check(row(foo, "foo_sub").endswith("7 -> -"), "r2..r3 foo_sub size 7 -> -", foo)
    rc, out = run(repo, "--no-size", "r2", "r3")
    c.lacks(out, "bytes on", "--no-size has no size column")


def test_new_script(c, repo):
    rc, out = run(repo, "r3", "r4")
    baz = section(out, "perlasm/demo/baz-x86_64.pl")
    c.has(baz, "[x86_64]: new script", "r3..r4 baz new")
    c.check(row(baz, "baz_zero").startswith("baz_zero added added added"), "r3..r4 baz_zero row", baz)
    c.lacks(baz, "WARNING", "r3..r4 baz on every target: no warning")
    qux = section(out, "perlasm/demo/qux-armv8.pl")
    c.has(qux, "WARNING: perlasm/demo/qux-armv8.pl: no file on aarch64-apple (exists on aarch64-linux)",
          "r3..r4 qux only on linux: warning")
    c.has(out, "1 warning\n", "r3..r4 one warning")
    rc, out = run(repo, "r5", "r6")
    c.has(section(out, "perlasm/demo/baz-x86_64.pl"), "[x86_64]: removed script", "r5..r6 baz removed")
    c.lacks(out, "WARNING", "r5..r6 removed everywhere: no warning")


def test_no_change(c, repo):
    rc, out = run(repo, "r4", "r5")
    c.check(rc == 0, "r4..r5 exits 0", out)
    c.lacks(out, "\n== ", "r4..r5 no script section")
    c.has(out, "4 scripts: 4 unchanged; 0 warnings", "r4..r5 summary")


def test_work_tree(c, repo):
    rc, out = run(repo)
    c.has(out, "HEAD (", "default A is HEAD")
    c.has(out, "-> work tree", "default B is the work tree")
    c.has(out, "unchanged", "clean work tree")
    path = os.path.join(repo, "generated/x86_64-linux/foo-x86_64.S")
    with open(path) as f:
        orig = f.read()
    try:
        with open(path, "w") as f:
            f.write(orig.replace("\timulq\t%rsi,%rax\n", "\timulq\t%rsi,%rax\n\tnop\n"))
        rc, out = run(repo, cwd=os.path.join(repo, "generated"))  # from a subdirectory
        c.check(row(out, "foo_mul").startswith("foo_mul changed = ="), "work tree foo_mul changed on linux", out)
        c.has(out, "WARNING: perlasm/demo/foo-x86_64.pl: foo_mul: changed on x86_64-linux; "
              "unchanged on x86_64-apple, x86_64-win", "work tree inconsistent warning")
        c.has(out, "+\tnop", "work tree diff")
        html = os.path.join(repo, "review.html")
        rc, out = run(repo, "--html", html, "--all-lines", "r0")
        c.check(rc == 0 and os.path.exists(html), "--html writes the page", out)
        page = open(html, encoding="utf-8").read()
        c.has(page, "<!DOCTYPE html>", "html doctype")
        c.has(page, "&lt;b&gt;&amp;amp; &quot;quoted&quot;&lt;/b&gt;", "html escapes the fixture comment")
        c.lacks(page, "<b>&amp;", "html has no raw fixture markup")
        c.lacks(page, "<script", "html has no script")
        c.lacks(page, "http", "html is self-contained")
        c.has(page, 'class="warn"', "html shows the warning")
        c.has(page, 'class="ins"', "html marks insertions")
    finally:
        with open(path, "w") as f:
            f.write(orig)


def test_errors(c, repo):
    rc, out = run(repo, "no-such-rev")
    c.check(rc == 2 and "bad revision 'no-such-rev'" in out, "bad revision: exit 2 and message", out)
    rc, out = run(repo, "r0", "r1", "extra")
    c.check(rc == 2, "too many arguments: exit 2", out)
    with tempfile.TemporaryDirectory() as empty:
        rc, out = run(repo, "-C", empty)
        c.check(rc == 2 and "not inside a git repository" in out, "not a repository: exit 2", out)
    rc, out = run(repo, "--script", "nothing-like-this", "r0", "r1")
    c.check(rc == 2, "--script matching nothing: exit 2", out)
    rc, out = run(repo, "--script", "bar", "r1", "r2")
    c.check(rc == 0 and "foo-x86_64" not in out and "bar-armv8" in out, "--script filters", out)


def test_real_history(c):
    """The tool on this repository itself: the newest commit that touched generated/
    against its parent, and HEAD against the work tree."""
    proc = subprocess.run(["git", "-C", ROOT, "log", "--format=%h", "-n", "1", "--", "generated/"],
                          capture_output=True, text=True)
    rev = proc.stdout.strip()
    if not rev:
        print("real history: no commit touches generated/ (skipped)")
        return
    parent = subprocess.run(["git", "-C", ROOT, "rev-parse", "--verify", "--quiet", f"{rev}~1"],
                            capture_output=True, text=True).stdout.strip()
    if not parent:
        print(f"real history: {rev} has no parent (skipped)")
        return
    rc, out = run(ROOT, parent, rev, "--max-lines", "20")
    c.check(rc == 0 and "asm_diff: generated/" in out, f"real history {parent[:7]}..{rev} runs", out[-3000:])
    c.check("== perlasm/" in out, f"real history {parent[:7]}..{rev} reports a perlasm script", out[-3000:])
    rc, out = run(ROOT, "--no-size")
    c.check(rc == 0, "real HEAD vs work tree runs", out[-3000:])
    print(f"real history: {parent[:7]}..{rev}: {out.count(chr(10))} lines of report")


FAKE_GEN = """#!/usr/bin/env python3
# A stand-in gen_asm.py for testing util/check_reproducible.sh: mode.txt says what
# leaks into its output.
import os, sys
root = os.path.dirname(os.path.abspath(__file__))
mode = open(os.path.join(root, "mode.txt")).read().strip()
extra = {"stable": "", "tz": os.environ.get("TZ", ""), "path": root,
         "locale": os.environ.get("LC_ALL", "")}[mode]
os.makedirs(os.path.join(root, "generated", "x86_64-linux"), exist_ok=True)
with open(os.path.join(root, "generated", "x86_64-linux", "a.S"), "w") as f:
    f.write("// generated by gen_asm.py from perlasm/a.pl; do not edit\\n// " + extra + "\\n")
with open(os.path.join(root, "generated", "sources.json"), "w") as f:
    f.write("{}\\n")
"""


def test_check_reproducible(c, tmp):
    """util/check_reproducible.sh on a tiny fake tree whose gen_asm.py leaks TZ,
    the checkout path or the locale into its output, or not at all."""
    script = os.path.join(ROOT, "util", "check_reproducible.sh")
    for mode, want_rc, want in (("stable", 0, "check_reproducible: ok: 2 generated files"),
                                ("tz", 1, "NOT REPRODUCIBLE: generated/x86_64-linux/a.S (the two runs differ)"),
                                ("path", 1, "NOT REPRODUCIBLE: generated/x86_64-linux/a.S"),
                                ("locale", 1, "NOT REPRODUCIBLE: generated/x86_64-linux/a.S"),
                                ("stale", 1, "DIFFERS FROM THE TREE: generated/x86_64-linux/a.S")):
        tree = os.path.join(tmp, f"fake-{mode}")
        os.makedirs(os.path.join(tree, "util"))
        shutil.copy(script, os.path.join(tree, "util"))
        with open(os.path.join(tree, "gen_asm.py"), "w") as f:
            f.write(FAKE_GEN)
        with open(os.path.join(tree, "mode.txt"), "w") as f:
            f.write("stable\n" if mode == "stale" else mode + "\n")
        subprocess.run([sys.executable, os.path.join(tree, "gen_asm.py")], check=True)
        if mode == "stale":  # the tree's generated/ no longer matches its generator
            with open(os.path.join(tree, "generated", "x86_64-linux", "a.S"), "a") as f:
                f.write("// hand edit\n")
        git(tree, "init", "-q")
        git(tree, "add", "-A")
        git(tree, "commit", "-q", "-m", "fake")
        if mode == "stable":  # an uncommitted edit is part of the tree that is checked
            with open(os.path.join(tree, "NOTES"), "w") as f:
                f.write("untracked\n")
        proc = subprocess.run(["bash", os.path.join(tree, "util", "check_reproducible.sh")],
                              capture_output=True, text=True)
        out = proc.stdout + proc.stderr
        c.check(proc.returncode == want_rc and want in out,
                f"check_reproducible.sh, generator mode {mode}: exit {want_rc} and {want!r}", out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--keep", action="store_true", help="keep the scratch repository")
    ap.add_argument("--real", action="store_true", help="also run on this repository's history")
    args = ap.parse_args()
    c = Checker()
    tmp = tempfile.mkdtemp(prefix="asm_diff_test.")
    try:
        repo = os.path.join(tmp, "repo")
        os.mkdir(repo)
        build_repo(repo)
        for t in (test_consistent_change, test_inconsistent_change, test_added_removed_function,
                  test_new_script, test_no_change, test_work_tree, test_errors):
            t(c, repo)
        test_check_reproducible(c, tmp)
        if args.real:
            test_real_history(c)
    finally:
        if args.keep:
            print(f"scratch repository kept: {tmp}/repo")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    missing = [t for t in ("gcc", "nasm", "clang", "llvm-nm") if not have(t)]
    if missing:
        print(f"note: size checks skipped for missing tools: {' '.join(missing)}")
    print(f"asm_diff tests: {c.passed} passed, {len(c.failed)} failed")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
