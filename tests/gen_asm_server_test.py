#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""gen_asm.py's Perl job server under faults, in a copy of the repository.

Three runs of `gen_asm.py --check` in a `git archive` copy of HEAD plus the
working tree's perlasm/, util/ and gen_asm.py (so uncommitted edits are tested):
  clean      exit 0: every module preloads, a script module that uses perlasm/lib
             included (ChachaAvx512.pm uses Perlasm.pm);
  warning    a module warns while it loads: exit 2 with the warning, within the
             timeout (it used to hang: the failed jobs kept their workers);
  unloadable a module that loads in a job but not in the server: exit 2 naming it
             (without the preload every job compiles its modules, ~1.5x the CPU,
             and nothing else would show it).
Prints "gen_asm_server: N checks, F failed"; exit 1 on any failure."""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULE = "perlasm/chacha/ChachaAvx512.pm"
TIMEOUT = 120


def copy_tree(dst):
    archive = subprocess.run(["git", "-C", ROOT, "archive", "HEAD"], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", dst], input=archive, check=True)
    for sub in ("perlasm", "util"):
        shutil.rmtree(os.path.join(dst, sub))
        shutil.copytree(os.path.join(ROOT, sub), os.path.join(dst, sub),
                        ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(os.path.join(ROOT, "gen_asm.py"), dst)


def run_check(tree):
    try:
        p = subprocess.run([sys.executable, "gen_asm.py", "--check"], cwd=tree,
                           capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, f"no exit within {TIMEOUT} s"
    return p.returncode, p.stdout + p.stderr


def plant(tree, line):
    """Insert `line` after the module's `use warnings;` (its first statement)."""
    path = os.path.join(tree, MODULE)
    with open(path) as f:
        src = f.read()
    anchor = "use warnings;\n"
    if anchor not in src:
        raise SystemExit(f"gen_asm_server: {MODULE} has no '{anchor.strip()}' to plant after")
    with open(path, "w") as f:
        f.write(src.replace(anchor, anchor + line + "\n", 1))
    return src


def main():
    checks, failed = 0, 0

    def expect(name, ok, detail):
        nonlocal checks, failed
        checks += 1
        if not ok:
            failed += 1
            print(f"FAIL {name}: {detail}")
        else:
            print(f"ok   {name}")

    with tempfile.TemporaryDirectory(prefix="gen_asm_server.") as tree:
        copy_tree(tree)
        rc, out = run_check(tree)
        expect("clean", rc == 0, f"exit {rc}: {out[-800:]}")

        orig = plant(tree, 'warn "planted warning\\n";')
        rc, out = run_check(tree)
        expect("warning", rc == 2 and "planted warning" in out, f"exit {rc}: {out[-800:]}")
        with open(os.path.join(tree, MODULE), "w") as f:
            f.write(orig)

        plant(tree, 'BEGIN { die "planted: not here\\n" if $0 =~ /perl_job_server/ }')
        rc, out = run_check(tree)
        expect("unloadable", rc == 2 and "did not preload" in out and MODULE in out,
               f"exit {rc}: {out[-800:]}")
    print(f"gen_asm_server: {checks} checks, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
