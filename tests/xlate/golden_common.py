# SPDX-License-Identifier: Apache-2.0
"""What the golden runner (tests/xlate/run_golden.py) and its per-translator object
checks share: the translators and their flavours and assemblers, from the target
table (targets.json through util/targets.py), and running a translator."""
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "util"))
import targets as target_table  # noqa: E402


def flavours_of(isa):
    """The translator flavours of an ISA family, in target-table order."""
    return tuple(r["flavour"] for r in target_table.ROWS if r["isa"] == isa)


def assembler(flavour):
    """The command that assembles one translated file of FLAVOUR (then SRC -o OBJ)."""
    for r in target_table.ROWS:
        if r["flavour"] == flavour:
            return list(r["assembler"])
    raise KeyError("no target has flavour %s" % flavour)


def translator(isa):
    return os.path.join(ROOT, target_table.TRANSLATORS[isa])


def translate(xlate, flavour, path, env=None, cwd=None):
    """(returncode, stdout, stderr) of XLATE FLAVOUR < PATH (LC_ALL=C unless env)."""
    with open(path, "rb") as f:
        p = subprocess.run(["perl", xlate, flavour], stdin=f, capture_output=True,
                           env=dict(os.environ, **(env or {"LC_ALL": "C"})), cwd=cwd)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def have(*tools):
    return all(shutil.which(t) for t in tools)
