#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Mutation fuzzer of the translators, checking the promise (docs/PERLASM.md).

    tests/xlate/fuzz.py                  # what the test command runs: --self-test,
                                         # --check-fixtures, then the first 200 mutants
                                         # of seed 1 (every one; 600 s backstop)
    tests/xlate/fuzz.py --minutes 30     # a longer run of mutants only (any --seed gives
                                         # another sequence)
    tests/xlate/fuzz.py --seeds-only     # the unmutated seeds must all be accepted
    tests/xlate/fuzz.py --check-fixtures # each known finding's fixture still shows it
    tests/xlate/fuzz.py --replay ISA FILE  # classify one input (a finding, a fixture)
    tests/xlate/fuzz.py --self-test      # every verdict reachable (stand-in translators)

Seeds: the golden inputs (tests/xlate/x86_64/*.s, tests/xlate/arm/*.s) and every
perlasm script's dialect, one function per seed (fuzzing/seeds.py). Each mutant
(fuzzing/mutate.py; mutant i of seed S is the same on every run) is translated for
every flavour of its ISA and classified (fuzzing/oracle.py): refused with its line,
or accepted and then assembled for every target, compared across flavours
(util/check_flavours.py) and checked by util/check_cfi.py. Anything else is a
finding, written with its class to the findings directory (default
build/fuzz-findings/: NNN-CLASS.s the input, .txt what happened), minimised by lines
when its class is new (numbered from 000; known ones from 500, as found).

tests/xlate/fuzz_findings/known.json lists the finding classes known today, each with
a minimal input and what should happen instead; a run is red only for a class not on
the list. The list is meant to shrink to empty as the translators are fixed: when a
fixture no longer reproduces (--check-fixtures says so), delete its entry.
At most two processes run at once (--jobs).
"""

import argparse
import json
import os
import random
import re
import shutil
import sys
import tempfile
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from fuzzing import minimise, mutate, oracle, seeds, selftest  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
KNOWN = os.path.join(HERE, "fuzz_findings", "known.json")
DEFAULT_TOTAL_S = 600.0  # a backstop, not a budget: the test command runs all its mutants
# (about 40 s idle). A 90 s budget stopped loaded runs after 81-147 mutants, so a local
# run could pass where an idle CI machine, reaching mutant 146, failed.
DEFAULT_MUTANTS = 200  # the test command's mutants of seed 1 (a deterministic prefix)


def load_known():
    with open(KNOWN, encoding="utf-8") as f:
        entries = json.load(f)["known"]
    for e in entries:
        e["re"] = re.compile(e["signature"])
    return entries


def known_entry(known, finding):
    return next((e for e in known if e["re"].search(finding.signature)), None)


def run_one(text, isa, tmp_root):
    tmp = tempfile.mkdtemp(dir=tmp_root)
    try:
        return oracle.verdict(text, isa, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def mutants(all_seeds, seed):
    """The deterministic, endless sequence of (index, seed, mutant text, mutations)."""
    i = 0
    while True:
        rng = random.Random(f"{seed}:{i}")
        s = rng.choice(all_seeds)
        text, applied = mutate.mutate(rng, s.text, s.isa)
        yield i, s, text, applied
        i += 1


def fuzz(args, known, tmp_root, deadline):
    all_seeds = seeds.all_seeds()
    counts = {"refused": 0, "accepted": 0, "finding": 0}
    classes = {}  # signature -> [count, first (seed, text, mutations, finding)]
    gen = mutants(all_seeds, args.seed)
    submitted = 0
    with ThreadPoolExecutor(args.jobs) as pool:
        running = {}
        while True:
            while (len(running) < args.jobs and time.monotonic() < deadline and
                   (args.mutants is None or submitted < args.mutants)):
                i, s, text, applied = next(gen)
                submitted += 1
                running[pool.submit(run_one, text, s.isa, tmp_root)] = (i, s, text, applied)
            if not running:
                break
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for fut in done:
                i, s, text, applied = running.pop(fut)
                kind, finding = fut.result()
                counts[kind] += 1
                if finding:
                    entry = classes.setdefault(finding.signature, [0, (i, s, text, applied, finding)])
                    entry[0] += 1
    return counts, classes, len(all_seeds)


def write_finding(out_dir, n, sig, count, first, text, is_known):
    i, s, _orig, applied, finding = first
    os.makedirs(out_dir, exist_ok=True)
    slug = re.sub(r"[^\w]+", "-", finding.cls)[:40]
    base = os.path.join(out_dir, f"{n:03d}-{slug}")
    comment = "#" if s.isa == "x86_64" else "//" if s.isa == "aarch64" else "@"
    with open(base + ".s", "w", encoding="utf-8") as f:
        f.write(text)
    with open(base + ".txt", "w", encoding="utf-8") as f:
        f.write(f"isa: {s.isa}\nclass: {finding.cls}\nsignature: {sig}\nknown: {is_known}\n"
                f"seen: {count} mutants\nfirst: mutant {i} of {s.name} ({', '.join(applied)})\n"
                f"what happened: {finding}\n"
                f"comment leader for a fixture: {comment}\n")
    return base


def report(args, known, counts, classes, nseeds, elapsed, tmp_root):
    total = sum(counts.values())
    new = []
    print(f"fuzz: seed {args.seed}, {nseeds} seeds, {total} mutants in {elapsed:.0f} s: "
          f"{counts['refused']} refused with their line, {counts['accepted']} accepted and clean, "
          f"{counts['finding']} findings in {len(classes)} signatures")
    by_class = {}
    for sig, (count, first) in sorted(classes.items()):
        entry = known_entry(known, first[4])
        key = entry["name"] if entry else "NEW " + first[4].cls
        by_class.setdefault(key, [0, 0])
        by_class[key][0] += count
        by_class[key][1] += 1
        if entry is None:
            new.append((sig, count, first))
    for key, (count, nsig) in sorted(by_class.items()):
        print(f"  {count:5d} mutants, {nsig:3d} signatures: {key}")
    n_known = 0
    for sig, (count, first) in sorted(classes.items()):
        if known_entry(known, first[4]):  # known: the first input as it was, not minimised
            write_finding(args.findings, 500 + n_known, sig, count, first, first[2], True)
            n_known += 1
    for n, (sig, count, first) in enumerate(new):
        i, s, text, applied, finding = first
        small = text
        if n < args.minimise:
            small = minimise.minimise(
                text, lambda t: _same(run_one(t, s.isa, tmp_root), sig), budget_s=args.minimise_seconds)
        base = write_finding(args.findings, n, sig, count, first, small, False)
        print(f"NEW finding {sig}\n    {finding}\n    input: {os.path.relpath(base, ROOT)}.s "
              f"(mutant {i} of {s.name}: {', '.join(applied)})")
    print(f"fuzz: {len(new)} new finding signatures" + ("" if new else "; every finding is a known class"))
    return 1 if new else 0


def _same(result, sig):
    kind, finding = result
    return kind == "finding" and finding.signature == sig


def check_fixtures(known, tmp_root):
    """Each known entry's fixture must still produce a finding of that entry."""
    still, fixed, bad = 0, [], []
    for e, fixture in [(e, f) for e in known for f in [e["fixture"]] + ([e["fixture_also"]]
                                                                      if "fixture_also" in e else [])]:
        with open(os.path.join(HERE, "fuzz_findings", fixture), encoding="utf-8") as f:
            text = f.read()
        kind, finding = run_one(text, fixture.split(".")[0], tmp_root)
        if kind == "finding" and e["re"].search(finding.signature):
            still += 1
            print(f"still  {e['name']}: {finding.signature}")
        elif kind == "finding":
            bad.append(e["name"])
            print(f"OTHER  {e['name']}: now {finding.signature}: update its signature")
        else:
            fixed.append(e["name"])
            print(f"FIXED? {e['name']}: {kind}: delete it from known.json (and keep its fixture "
                  "as a golden test if it is worth one)")
    print(f"fuzz fixtures: {still} reproduce, {len(fixed)} no longer do, {len(bad)} changed")
    return 1 if bad else 0


def seeds_only(tmp_root):
    bad = 0
    all_seeds = seeds.all_seeds()
    for s in all_seeds:
        kind, finding = run_one(s.text, s.isa, tmp_root)
        if kind != "accepted":
            bad += 1
            print(f"seed {s.name}: {kind}: {finding}")
    print(f"fuzz seeds: {len(all_seeds)} seeds, {bad} not accepted cleanly")
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, help="time budget of the mutants (default: what is "
                    "left of 600 s after the self-test and the fixtures)")
    ap.add_argument("--minutes", type=float, help="time budget of the mutants in minutes")
    ap.add_argument("--mutants", type=int, help="stop after the first N mutants of the seed "
                    "(default: the test command's %d; none with --seconds/--minutes)" % DEFAULT_MUTANTS)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--jobs", type=int, default=2, choices=(1, 2))
    ap.add_argument("--findings", default=os.path.join(ROOT, "build", "fuzz-findings"))
    ap.add_argument("--minimise", type=int, default=5, help="new signatures to minimise (default 5)")
    ap.add_argument("--minimise-seconds", type=float, default=20.0)
    ap.add_argument("--check-fixtures", action="store_true")
    ap.add_argument("--seeds-only", action="store_true")
    ap.add_argument("--self-test", action="store_true", help="show every verdict is reachable")
    ap.add_argument("--replay", nargs=2, metavar=("ISA", "FILE"), help="classify one input")
    args = ap.parse_args()
    if args.minutes is not None:
        args.seconds = args.minutes * 60
    start = time.monotonic()
    known = load_known()
    tmp_root = tempfile.mkdtemp(prefix="ctasm-fuzz-")
    try:
        if args.check_fixtures:
            return check_fixtures(known, tmp_root)
        if args.self_test:
            return selftest.run(run_one, tmp_root)
        if args.seeds_only:
            return seeds_only(tmp_root)
        if args.replay:
            with open(args.replay[1], encoding="utf-8") as f:
                kind, finding = run_one(f.read(), args.replay[0], tmp_root)
            print(f"{kind}" + (f": {finding.signature}\n{finding}" if finding else ""))
            return 1 if finding else 0
        status = 0
        if args.seconds is None:  # the test command's run: the checks of the checker first
            # A fixed prefix of seed 1's mutants, checked green when the known list was
            # last updated, so the run's verdict does not depend on the machine's
            # speed (a slow machine stops early at the time budget, on a prefix of it).
            if args.mutants is None:
                args.mutants = DEFAULT_MUTANTS
            status |= selftest.run(run_one, tmp_root)
            status |= check_fixtures(known, tmp_root)
            args.seconds = max(20.0, DEFAULT_TOTAL_S - (time.monotonic() - start))
        if os.path.isdir(args.findings):
            shutil.rmtree(args.findings)
        t0 = time.monotonic()
        counts, classes, nseeds = fuzz(args, known, tmp_root, t0 + args.seconds)
        status |= report(args, known, counts, classes, nseeds, time.monotonic() - t0, tmp_root)
        return status
    finally:
        shutil.rmtree(tmp_root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
