#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Smoke test for ctasm-speed: it runs, prints bssl-format lines, and its -json
output parses and feeds util/perf_table.py. No timing assertion anywhere.

    tests/speed_smoke_test.py [--emulator "qemu-aarch64 -L /usr/aarch64-linux-gnu"] CTASM_SPEED

With --emulator the binary runs through it (and -tiers re-executions too, via
CTASM_SPEED_WRAPPER). Prints "N passed, N failed" last; exits 1 on any failure.
"""

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

BSSL_LINE = re.compile(r"^Did (\d+) (.+) operations in (\d+)us \((\d+\.\d) ops/sec\)"
                       r"(?:: (\d+\.\d) MB/s)?(?:; OpenSSL (\d+\.\d) (?:MB/s|ops/sec); ratio (\d+\.\d\d))?$")
RECORD_KEYS = {"library", "impl", "tier", "operation", "name", "description", "size", "ops", "us",
               "wall_us", "cpu_us", "ops_per_sec", "mb_per_s", "ref_cycles_per_op",
               "ref_cycles_per_byte"}
HERE = os.path.dirname(os.path.abspath(__file__))
PERF_TABLE = os.path.join(HERE, os.pardir, "util", "perf_table.py")
NOTES_BEGIN = "<!-- hand-written notes: util/perf_table.py keeps what is between these markers -->"
NOTES_END = "<!-- end of the hand-written notes -->"

passed = 0
failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {what}")
    return ok


def run(cmd, env=None, timeout=600):
    e = dict(os.environ)
    e.update(env or {})
    e.setdefault("WINEDEBUG", "-all")
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          env=e, timeout=timeout, check=False)


def check_lines(stdout, label, compare):
    did = [l for l in stdout.splitlines() if l.startswith("Did ")]
    check(len(did) > 0, f"{label}: no 'Did' lines")
    for l in did:
        m = BSSL_LINE.match(l)
        if not check(m is not None, f"{label}: not bssl format: {l!r}"):
            continue
        check(int(m.group(1)) > 0 and int(m.group(3)) > 0, f"{label}: zero ops or time: {l!r}")
        if compare:
            check(m.group(7) is not None, f"{label}: no ratio: {l!r}")
    return did


def check_json(path, label, n_lines, tiers, compare):
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        check(False, f"{label}: -json output does not parse: {e}")
        return None
    check(doc.get("tool") == "ctasm-speed", f"{label}: tool field")
    res = doc.get("results", [])
    ours = [r for r in res if r.get("library") == "ctasm"]
    check(len(ours) == n_lines, f"{label}: {len(ours)} ctasm records for {n_lines} lines")
    for r in res:
        check(RECORD_KEYS <= set(r), f"{label}: record lacks {sorted(RECORD_KEYS - set(r))}")
    check(len({r["tier"] for r in ours}) == tiers, f"{label}: expected {tiers} tier(s)")
    if compare:
        theirs = [r for r in res if r.get("library") == "openssl"]
        check(len(theirs) == len(ours), f"{label}: OpenSSL records {len(theirs)} != {len(ours)}")
        check(all("ratio_vs_openssl" in r for r in ours), f"{label}: ratio missing in records")
    return doc


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--emulator", default="")
    p.add_argument("binary")
    a = p.parse_args()
    prefix = shlex.split(a.emulator)
    # qemu-user cannot start a foreign binary without binfmt_misc, so -tiers
    # re-executions go through it too; a Windows program under wine spawns
    # Windows programs itself.
    wine = any(os.path.basename(w).startswith("wine") for w in prefix)  # also "setarch ... wine"
    env = {"CTASM_SPEED_WRAPPER": a.emulator} if a.emulator and not wine else {}
    exe = prefix + [a.binary]
    quick = ["-timeout", "0.002", "-chunks", "16,1350,8192"]

    lst = run(exe + ["-list"], env)
    check(lst.returncode == 0, f"-list exit {lst.returncode}: {lst.stderr}")
    tiers = [l.split()[1] for l in lst.stdout.splitlines() if l.startswith("tier ")]
    compare = "compare openssl" in lst.stdout.splitlines()
    check(len(tiers) >= 2, "-list shows fewer than two tiers")

    check(run(exe + ["-bogus"], env).returncode != 0, "an unknown option is accepted")

    with tempfile.TemporaryDirectory() as tmp:
        # One tier in process, filtered.
        j1 = os.path.join(tmp, "one.json")
        clock = ["-clock", "cpu"] if "-clock" in run(exe + ["-help"], env).stdout else []
        r = run(exe + quick + clock + ["-filter", "AES-128-CTR", "-json", j1], env)
        check(r.returncode == 0, f"plain run exit {r.returncode}: {r.stderr}")
        did = check_lines(r.stdout, "plain", False)
        check(all("AES-128-CTR" in l for l in did), "-filter let other operations through")
        check(len(did) == 3, f"plain run: {len(did)} lines for 3 chunk sizes")
        check_json(j1, "plain", len(did), 1, False)

        # Every tier (re-executed), with OpenSSL when built in.
        j2 = os.path.join(tmp, "all.json")
        cmd = exe + quick + ["-rounds", "3", "-tiers", "all", "-json", j2]
        if compare:
            cmd += ["-compare", "openssl"]
        r = run(cmd, env)
        check(r.returncode == 0, f"-tiers all exit {r.returncode}: {r.stderr}")
        did = check_lines(r.stdout, "tiers", compare)
        ran = [l for l in r.stdout.splitlines() if l.startswith("# tier ") and "skipped" not in l]
        doc = check_json(j2, "tiers", len(did), len(ran), compare)
        check(len(ran) >= 2, f"only {len(ran)} tier(s) ran")
        check(not any(n.endswith(".part") for n in os.listdir(tmp)), "fragment files left behind")

        # The page generator accepts it.
        if doc is not None:
            md, svg = os.path.join(tmp, "P.md"), os.path.join(tmp, "p.svg")
            # a page with hand-written notes between the markers: regenerating
            # keeps them (docs/PERFORMANCE.md's measurement notes)
            note = "## A hand-written note\n\nSeal 1.23x, measured by hand.\n"
            with open(md, "w", encoding="utf-8") as f:
                f.write(f"old table\n{NOTES_BEGIN}\n{note}{NOTES_END}\n## Method\n")
            g = run([sys.executable, PERF_TABLE, j2, "--md", md, "--svg", svg])
            check(g.returncode == 0, f"perf_table.py exit {g.returncode}: {g.stderr}")
            if g.returncode == 0:
                text = open(md, encoding="utf-8").read()
                check("| AES-128-CTR | 8192 |" in text, "PERFORMANCE.md lacks the AES-128-CTR row")
                check("old table" not in text, "perf_table.py kept the old table")
                check(f"{NOTES_BEGIN}\n{note}{NOTES_END}" in text and
                      text.index(NOTES_BEGIN) < text.index("## Method"),
                      "perf_table.py dropped the hand-written notes (or moved them past ## Method)")
                import xml.etree.ElementTree as ET
                try:
                    ET.parse(svg)
                    check(True, "")
                except ET.ParseError as e:
                    check(False, f"chart is not well-formed XML: {e}")

    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
