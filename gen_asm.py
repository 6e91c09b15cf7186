#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Regenerate generated/ from perlasm/ for every target, or check it is current.

    python3 gen_asm.py                 # regenerate everything
    python3 gen_asm.py vpaes armv7     # only (script, target) jobs matching every filter
    python3 gen_asm.py --check         # write nothing; list stale/missing/extra files, exit 1 if any

Perl runs only here, never at build time. Besides the assembly it writes
generated/sources.{json,cmake,bzl,gni,mk} so another build can vendor ctasm
without Perl, and the CTASM_PREFIX renaming headers include/ctasm/ctasm_prefix.h
and src/internal/prefix_asm.h (tests/test_prefix_asm.h for the test-only assembly).
Python 3 standard library only.
"""

import argparse
import concurrent.futures
import heapq
import json
import os
import re
import shutil
import subprocess
import queue
import resource
import sys
import tempfile
import threading
import time

# The manifest: every perlasm script, the ISA family it is written for, and
# whether it belongs to the library ("crypto") or only to the test binary ("test").
MANIFEST = [
    ("perlasm/aes/vpaes-x86_64.pl", "x86_64", "crypto"),
    ("perlasm/aes/bsaes-x86_64.pl", "x86_64", "crypto"),
    ("perlasm/ghash/ghash-ssse3-x86_64.pl", "x86_64", "crypto"),
    ("perlasm/chacha/chacha20_poly1305_x86_64.pl", "x86_64", "crypto"),
    ("perlasm/test/xlate-x86_64.pl", "x86_64", "test"),
    ("perlasm/test/abi-x86_64.pl", "x86_64", "test"),
    ("perlasm/test/unwind-neg-x86_64.pl", "x86_64", "test"),
    ("perlasm/aes/vpaes-armv8.pl", "aarch64", "crypto"),
    ("perlasm/ghash/ghash-neon-armv8.pl", "aarch64", "crypto"),
    ("perlasm/chacha/chacha20_poly1305_armv8.pl", "aarch64", "crypto"),
    ("perlasm/test/xlate-armv8.pl", "aarch64", "test"),
    ("perlasm/test/abi-armv8.pl", "aarch64", "test"),
    ("perlasm/test/poly1305-armv8.pl", "aarch64", "test"),
    ("perlasm/aes/vpaes-armv7.pl", "armv7", "crypto"),
    ("perlasm/aes/bsaes-armv7.pl", "armv7", "crypto"),
    ("perlasm/ghash/ghash-neon-armv7.pl", "armv7", "crypto"),
    ("perlasm/chacha/chacha20_poly1305_armv7.pl", "armv7", "crypto"),
    ("perlasm/test/xlate-armv7.pl", "armv7", "test"),
    ("perlasm/test/abi-armv7.pl", "armv7", "test"),
]

# The target table (targets.json, through util/targets.py):
# target -> (ISA family, perlasm flavour, file extension).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "util"))
import targets as target_table  # noqa: E402

TARGETS = {t["name"]: (t["isa"], t["flavour"], t["ext"]) for t in target_table.ROWS}
# Mach-O prefixes C symbols with '_'; sources.json lists the C names.
APPLE_TARGETS = {t["name"] for t in target_table.ROWS if t["object"] == "macho"}

KINDS = ("crypto", "test")
ROOT = os.path.dirname(os.path.abspath(__file__))
GEN = "generated"
SOURCES_FILES = ("sources.json", "sources.cmake", "sources.bzl", "sources.gni", "sources.mk")
# CTASM_PREFIX renaming for C/C++ (README "Symbol prefixes"): the public names, and
# the assembly entry points the C++ code calls. Written here because both lists come
# from files this script already reads.
PUBLIC_PREFIX_H = "include/ctasm/ctasm_prefix.h"
ASM_PREFIX_H = "src/internal/prefix_asm.h"
# The same renaming for the test-only assembly (kind "test"), for ctasm's own tests
# (tests/test_asm.h includes it); not part of the library, so in no sources list.
TEST_PREFIX_H = "tests/test_prefix_asm.h"

# An export line: blanks, .globl/.global/global, blanks, the name. Matched at the start
# of each line that contains "glob" (every such keyword does), not by one re.M search
# over the whole file, which tries every character of ~2.6 MB (ten times slower).
GLOBL_RE = re.compile(r"[^\S\n]*(?:\.globl|\.global|global)[^\S\n]+([A-Za-z_.$][\w.$]*)")


class GenError(Exception):
    pass


def load_manifest(path):
    if path is None:
        return list(MANIFEST)
    with open(path, encoding="utf-8") as f:
        entries = json.load(f)
    return [tuple(e) for e in entries]


def validate_manifest(manifest):
    seen = {}
    for script, isa, kind in manifest:
        if kind not in KINDS:
            raise GenError(f"manifest: {script}: kind must be one of {KINDS}, not {kind!r}")
        if isa not in {t[0] for t in TARGETS.values()}:
            raise GenError(f"manifest: {script}: unknown ISA family {isa!r}")
        stem = os.path.splitext(os.path.basename(script))[0]
        if (isa, stem) in seen:
            raise GenError(f"manifest: {script} and {seen[isa, stem]} both produce {stem}")
        seen[isa, stem] = script
        if not os.path.isfile(os.path.join(ROOT, script)):
            raise GenError(f"manifest script {script} does not exist")


def jobs_for(manifest):
    """Every (script, kind, target, output path), in manifest then table order."""
    jobs = []
    for script, isa, kind in manifest:
        stem = os.path.splitext(os.path.basename(script))[0]
        for target, (t_isa, _flavour, ext) in TARGETS.items():
            if t_isa == isa:
                jobs.append((script, kind, target, f"{GEN}/{target}/{stem}{ext}"))
    return jobs


def header(script, ext):
    comment = ";" if ext == ".asm" else "//"
    return (f"{comment} generated by gen_asm.py from {script}; do not edit\n"
            f"{comment} SPDX-License-Identifier: Apache-2.0\n")


def perl_env():
    env = dict(os.environ)
    # Same bytes whatever the caller's locale, time zone or Perl hash seed.
    env.update(LC_ALL="C", LANG="C", TZ="UTC", PERL_HASH_SEED="0", PERL_PERTURB_KEYS="0")
    env.pop("LANGUAGE", None)
    return env


class ServerWorker:
    """One worker of util/perl_job_server.pl: the pipes a job request goes down and
    its reply comes back on."""

    def __init__(self, requests, replies, log):
        self.stdin, self.stdout, self.log = requests, replies, log


class PerlServers:
    """One util/perl_job_server.pl with a worker per thread: it loads the perlasm
    modules once, forks the workers, and each forks per job, which saves perl's
    start-up (about 60 ms) on each of the ~30 runs. A job sees what `perl SCRIPT ARGS`
    would (same $0, @ARGV, environment, working directory), so the bytes are the same."""

    def __init__(self, perl, count, tmpdir):
        self.perl, self.tmpdir = perl, tmpdir
        self.idle = queue.SimpleQueue()
        self.all = []
        self.count = 0
        self.lock = threading.Lock()
        self.cpu = {}  # stage -> [CPU seconds of its jobs, job count]
        self.jobs_cpu = []  # (CPU seconds, stage, what) of every job
        self.dead = None  # why the server stopped, once it has
        log = os.path.join(tmpdir, "server.err")
        pairs, theirs = [], []
        for _ in range(count):
            req_r, req_w = os.pipe()
            rep_r, rep_w = os.pipe()
            pairs.append((req_w, rep_r))
            theirs += [req_r, rep_w]
        with open(log, "wb") as err:
            self.proc = subprocess.Popen(
                [perl, "util/perl_job_server.pl", "--workers",
                 ",".join(f"{theirs[2 * i]}:{theirs[2 * i + 1]}" for i in range(count))],
                cwd=ROOT, env=perl_env(), stdin=subprocess.DEVNULL, stderr=err,
                pass_fds=theirs)
        for fd in theirs:
            os.close(fd)
        for req_w, rep_r in pairs:
            worker = ServerWorker(os.fdopen(req_w, "wb"), os.fdopen(rep_r, "rb"), log)
            self.all.append(worker)
            self.idle.put(worker)

    def scratch(self, suffix):
        """A fresh file name in the scratch directory."""
        with self.lock:
            self.count += 1
            return os.path.join(self.tmpdir, f"{self.count}.{suffix}")

    def run(self, argv, stdin, stage, what):
        files = [self.scratch(x) for x in ("in", "out", "err")]
        with open(files[0], "wb") as f:
            f.write(stdin or b"")
        proc = self.idle.get()
        if self.dead:  # every worker stopped with the server: fail at once, do not wait
            self.idle.put(proc)
            raise GenError(self.dead)
        try:
            proc.stdin.write(("\t".join(["run"] + files + argv) + "\n").encode())
            proc.stdin.flush()
            reply = proc.stdout.readline().decode()
        except OSError:
            reply = ""
        if not reply.startswith("status "):
            why = read_abs(proc.log).decode("utf-8", "replace").rstrip()
            self.dead = "util/perl_job_server.pl stopped: " + (why or "(no message)")
            self.idle.put(proc)  # a job waiting for a worker must not wait forever
            raise GenError(self.dead)
        self.idle.put(proc)
        out, err = (read_abs(files[1]), read_abs(files[2]))
        for path in files:
            os.remove(path)
        fields = reply.split()
        cpu = float(fields[3]) if len(fields) >= 4 and fields[2] == "cpu" else 0.0
        with self.lock:
            total = self.cpu.setdefault(stage, [0.0, 0])
            total[0] += cpu
            total[1] += 1
            self.jobs_cpu.append((cpu, stage, what))
        return int(fields[1]), out, err

    def close(self):
        for worker in self.all:
            worker.stdin.close()
        self.proc.wait()
        for worker in self.all:
            worker.stdout.close()
        # What the server said while every job still ran (a module it could not
        # preload): the caller fails on it once the jobs' own errors are reported.
        self.said = read_abs(os.path.join(self.tmpdir, "server.err")).decode("utf-8", "replace").rstrip()


def read_abs(path):
    with open(path, "rb") as f:
        return f.read()


def run_perl(servers, argv, what, stage, stdin=None, prints=True):
    returncode, stdout, stderr = servers.run(argv, stdin, stage, what)
    if returncode != 0:
        msg = stderr.decode("utf-8", "replace").rstrip() or "(no message)"
        raise GenError(f"{what} failed with status {returncode}:\n{msg}")
    if stderr.strip():
        # A warning means the output may be wrong.
        raise GenError(f"{what} wrote to stderr:\n" + stderr.decode("utf-8", "replace").rstrip())
    if prints and not stdout.strip():
        raise GenError(f"{what} printed nothing")
    return stdout


def check_perlasm_script(script):
    """Every script writes through perlasm/lib/Perlasm.pm, so it can print its
    dialect once (the "dialect" flavour) for every flavour of its ISA."""
    if b"Perlasm::open_output(" not in (read(script) or b""):
        raise GenError(f"{script}: does not open its output with Perlasm::open_output "
                       "(docs/PERLASM.md, 'Invocation')")


def run_dialect(servers, script):
    return run_perl(servers, [script, "dialect"], f"perl {script} dialect", "generate")


def run_translate(servers, script, targets, dialect):
    """Every target of one ISA in one translator run (FLAVOUR=OUTFILE ...), so that
    what does not depend on the flavour is done once (perlasm/xlate/XlateOutput.pm).
    Returns target -> text."""
    isa = TARGETS[targets[0]][0]
    xlate = target_table.TRANSLATORS[isa]
    outs = [servers.scratch(f"{t}.out") for t in targets]
    flavours = [TARGETS[t][1] for t in targets]
    what = f"perl {xlate} {','.join(flavours)} on {script}'s dialect"
    run_perl(servers, [xlate] + [f"{f}={o}" for f, o in zip(flavours, outs)], what,
             f"translate {isa}", stdin=dialect, prints=False)
    result = {}
    for t, f, o in zip(targets, flavours, outs):
        text = read_abs(o) if os.path.exists(o) else b""
        if os.path.exists(o):
            os.remove(o)
        if not text.strip():
            raise GenError(f"{what}: flavour {f} (target {t}) printed nothing")
        result[t] = text
    return result



def export_lines(text):
    """The names of text's export lines, in order."""
    i = text.find("glob")
    while i >= 0:
        start = text.rfind("\n", 0, i) + 1
        end = text.find("\n", i)
        end = len(text) if end < 0 else end
        # (match() at pos: no '^' in the pattern, which would mean the string's start)
        m = GLOBL_RE.match(text, start, end)
        if m:
            yield m.group(1)
        i = text.find("glob", end)


def exported_symbols(text, target):
    names = set()
    for name in export_lines(text):
        if target in APPLE_TARGETS and name.startswith("_"):
            name = name[1:]
        names.add(name)
    return sorted(names)


def library_files():
    def walk(top, exts):
        found = []
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
            dirnames.sort()
            for fn in filenames:
                if fn.endswith(exts):
                    found.append(os.path.relpath(os.path.join(dirpath, fn), ROOT).replace(os.sep, "/"))
        return sorted(found)

    inc = os.path.join(ROOT, "include", "ctasm")
    public = sorted(f"include/ctasm/{fn}" for fn in (os.listdir(inc) if os.path.isdir(inc) else [])
                    if re.search(r"\.h(pp|h)?$", fn))
    # The prefix headers are listed even before their first write, so one run suffices.
    return {
        "sources": walk("src", (".cc",)),
        "public_headers": sorted(set(public) | {PUBLIC_PREFIX_H}),
        "internal_headers": sorted(set(walk("src", (".h", ".hpp", ".inc"))) | {ASM_PREFIX_H}),
    }


def public_names(public_headers):
    """Every ctasm_* identifier of the C public headers (functions, struct tags,
    typedefs) but the private struct members: what CTASM_PREFIX must rename."""
    names = set()
    for path in public_headers:
        if path == PUBLIC_PREFIX_H or not path.endswith(".h"):
            continue
        text = (read(path) or b"").decode("utf-8", "replace")
        # Comments, string literals and #include lines name no symbol.
        text = re.sub(r'/\*.*?\*/|//[^\n]*|"(?:[^"\\\n]|\\.)*"|(?m:^\s*#\s*include[^\n]*)',
                      " ", text, flags=re.S)
        names |= {n for n in re.findall(r"\b(ctasm_\w+)", text) if not n.startswith("ctasm_private_")}
    return sorted(names)


def prefix_header(guard, doc, names):
    lines = ["/* SPDX-License-Identifier: Apache-2.0 */",
             "/* generated by gen_asm.py; do not edit.", f" * {doc}. */",
             f"#ifndef {guard}", f"#define {guard}", "", "#if defined(CTASM_PREFIX)",
             "/* Same definitions as the block at the top of every generated .S file. */",
             "#define CTASM_PFX2(p,n) p##_##n", "#define CTASM_PFX(p,n) CTASM_PFX2(p,n)"]
    lines += [f"#define {n} CTASM_PFX(CTASM_PREFIX, {n})" for n in names]
    lines += ["#endif", "", f"#endif /* {guard} */", ""]
    return "\n".join(lines)


def render_prefix_headers(data):
    public = public_names(data["public_headers"]) + ["ctasm"]  # + the C++ namespace
    asm = sorted({s for t in data["targets"].values() for s in t["symbols"]})
    test_asm = sorted({s for t in data["targets"].values() for s in t["test_symbols"]})
    return {
        PUBLIC_PREFIX_H: prefix_header(
            "CTASM_CTASM_PREFIX_H", "With CTASM_PREFIX=foo, the public C names become "
            "foo_<name>\n * and the C++ namespace ctasm becomes foo_ctasm (ctasm.h includes this)",
            sorted(public)).encode(),
        ASM_PREFIX_H: prefix_header(
            "CTASM_INTERNAL_PREFIX_ASM_H", "With CTASM_PREFIX=foo, the assembly entry points "
            "of every\n * target become foo_<name>, as the generated files name them", asm).encode(),
        TEST_PREFIX_H: prefix_header(
            "CTASM_TESTS_TEST_PREFIX_ASM_H", "With CTASM_PREFIX=foo, the test-only assembly "
            "entry points\n * (perlasm/test/) of every target become foo_<name>, as the "
            "generated files name them", test_asm).encode(),
    }


def sources_data(jobs, outputs):
    """The vendoring lists. outputs: path -> bytes (text of every generated file)."""
    targets = {}
    for target, (isa, flavour, ext) in TARGETS.items():
        t = {"arch": isa, "flavour": flavour, "format": target_table.TARGETS[target]["object"],
             "os": target_table.TARGETS[target]["os"],
             "asm": [], "test_asm": [],
             "symbols": [], "test_symbols": [], "file_symbols": {}}
        for script, kind, job_target, path in jobs:
            if job_target != target:
                continue
            syms = exported_symbols(outputs[path].decode("utf-8", "replace"), target) \
                if path in outputs else []
            prefix = "" if kind == "crypto" else "test_"
            if kind == "crypto":
                # Safe default names: a plain vpaes_encrypt would collide with (or
                # silently bind to) OpenSSL's or BoringSSL's own (docs/PERLASM.md).
                bad = [s for s in syms if not s.startswith("ctasm_")]
                if bad:
                    raise GenError(f"{script}: library symbols must start with ctasm_: "
                                   + ", ".join(bad))
            t[prefix + "asm"].append(path)
            t[prefix + "symbols"] = sorted(set(t[prefix + "symbols"]) | set(syms))
            t["file_symbols"][path] = syms
        targets[target] = t
    data = {"generator": "gen_asm.py", "version": 1, "targets": targets}
    data.update(library_files())
    return data


def cmake_list(name, items):
    body = "".join(f"\n  {i}" for i in items)
    return f"set({name}{body}\n)\n"


def star_list(name, items):  # Starlark and GN share list syntax
    body = "".join(f'\n    "{i}",' for i in items)
    return f"{name} = [{body}\n]\n" if items else f"{name} = []\n"


def make_list(name, items):
    body = "".join(f" \\\n  {i}" for i in items)
    return f"{name} :={body}\n"


def var(target, kind, upper):
    n = f"{'ctasm_test_asm' if kind == 'test' else 'ctasm_asm'}_{target.replace('-', '_')}"
    return n.upper() if upper else n


def render_sources(data):
    note = "generated by gen_asm.py; do not edit. Paths are relative to the ctasm root."
    files = {"sources.json": json.dumps(data, indent=2, sort_keys=True) + "\n"}
    for fname, comment, fmt, upper in (("sources.cmake", "#", cmake_list, True),
                                       ("sources.bzl", "#", star_list, False),
                                       ("sources.gni", "#", star_list, False),
                                       ("sources.mk", "#", make_list, True)):
        parts = [f"{comment} {note}\n{comment} SPDX-License-Identifier: Apache-2.0\n"]
        lib = (("ctasm_sources", "sources"), ("ctasm_public_headers", "public_headers"),
               ("ctasm_internal_headers", "internal_headers"))
        for name, key in lib:
            parts.append(fmt(name.upper() if upper else name, data[key]))
        for target, t in data["targets"].items():
            parts.append(fmt(var(target, "crypto", upper), t["asm"]))
            parts.append(fmt(var(target, "test", upper), t["test_asm"]))
        if fname == "sources.cmake":
            # The target table, for cmake/ctasm_target.cmake: which target a
            # toolchain's ISA and OS (linux, apple, win) build.
            parts.append(cmake_list("CTASM_TARGET_LIST", list(data["targets"])))
            for target, t in data["targets"].items():
                v = target.replace("-", "_").upper()
                parts.append(f"set(CTASM_TARGET_{v}_ISA {t['arch']})\n"
                             f"set(CTASM_TARGET_{v}_OS {t['os']})\n")
        files[fname] = "\n".join(parts)
    return {f"{GEN}/{k}": v.encode() for k, v in files.items()}


def read(path):
    try:
        with open(os.path.join(ROOT, path), "rb") as f:
            return f.read()
    except FileNotFoundError:
        return None


def existing_generated():
    """Generated asm on disk: every file under generated/<dir>/."""
    found = set()
    gen = os.path.join(ROOT, GEN)
    if os.path.isdir(gen):
        for d in sorted(os.listdir(gen)):
            if os.path.isdir(os.path.join(gen, d)):
                for fn in os.listdir(os.path.join(gen, d)):
                    found.add(f"{GEN}/{d}/{fn}")
    return found


def cpu_seconds(who):
    r = resource.getrusage(who)
    return r.ru_utime + r.ru_stime


def report_cpu(servers, start, children_before, every_job):
    """The regression guard for the speed goal (README "Regenerating"): CPU seconds
    per stage, which other processes' load does not inflate the way it does wall time.
    Perl's jobs are timed by util/perl_job_server.pl; the servers themselves (start-up,
    module preloading, forking) are what remains of all children's CPU."""
    jobs = sum(c for c, _n in servers.cpu.values())
    children = cpu_seconds(resource.RUSAGE_CHILDREN) - children_before
    own = cpu_seconds(resource.RUSAGE_SELF)
    parts = [f"{stage} {c:.2f} ({n})" for stage, (c, n) in sorted(servers.cpu.items())]
    parts += [f"perl servers {max(0.0, children - jobs):.2f}", f"python {own:.2f}"]
    print(f"gen_asm: cpu {children + own:.2f}s = " + " + ".join(parts)
          + f"; wall {time.monotonic() - start:.2f}s")
    if every_job:
        for cpu, stage, what in sorted(servers.jobs_cpu, key=lambda j: (-j[0], j[2])):
            print(f"  {cpu:6.3f}s  {stage:18s} {what}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("filters", nargs="*", help="substrings; a job runs when its script path "
                    "or target contains every one")
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if anything differs")
    ap.add_argument("--manifest", help="JSON file [[script, isa, kind], ...] replacing the built-in "
                    "manifest (for testing gen_asm.py itself)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--times", action="store_true", help="also list the CPU time of every perl job, "
                    "slowest first")
    args = ap.parse_args()
    start = time.monotonic()
    # A launcher's children (a pyenv shim runs some, then execs python) stay in this
    # process's child rusage: not gen_asm.py's.
    children_before = cpu_seconds(resource.RUSAGE_CHILDREN)

    try:
        manifest = load_manifest(args.manifest)
        validate_manifest(manifest)
        perl = shutil.which("perl")
        if perl is None:
            raise GenError("perl not found on PATH; install it (Debian: apt-get install perl)")
        jobs = jobs_for(manifest)
        selected = [j for j in jobs if all(f in j[0] or f in j[2] for f in args.filters)]
        if args.filters and not selected:
            raise GenError(f"no (script, target) job matches {' '.join(args.filters)}")

        # Each script runs once per ISA (its dialect), then its translator once for
        # all the flavours of the ISA.
        outputs = {}
        failures = []
        workers = max(1, args.jobs)
        with tempfile.TemporaryDirectory(prefix="gen_asm.") as tmpdir, \
                concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
            servers = PerlServers(perl, workers, tmpdir)
            stats = servers
            try:
                futs = {}
                by_script = {}
                for s, _k, t, p in selected:
                    by_script.setdefault(s, []).append((t, p))
                # At most one job per worker in flight, the costliest ready one next, so
                # no core waits at the end on a big translation queued late: dialects
                # first (they unlock the translations; biggest script first), then the
                # translations by dialect size times flavours.
                ready = []  # heap of (0 for a dialect | 1, -cost, order, job)
                order = iter(range(1 << 30))

                def offer(kind, cost, job):
                    heapq.heappush(ready, (kind, -cost, next(order), job))

                def fill():
                    while ready and len(futs) < workers:
                        fn, fargs, tag = heapq.heappop(ready)[3]
                        futs[pool.submit(fn, servers, *fargs)] = tag

                for s in by_script:
                    check_perlasm_script(s)
                    offer(0, os.path.getsize(os.path.join(ROOT, s)), (run_dialect, (s,), (s, None, None)))
                fill()
                while futs:
                    done, _ = concurrent.futures.wait(futs, return_when=concurrent.futures.FIRST_COMPLETED)
                    for fut in done:
                        script, target, path = futs.pop(fut)
                        try:
                            result = fut.result()
                        except GenError as e:
                            failures.append(str(e))
                            continue
                        if target is None:  # a dialect: translate it for its targets
                            targets = [t for t, _p in by_script[script]]
                            offer(1, len(result) * len(targets),
                                  (run_translate, (script, targets, result), (script, targets, None)))
                        else:
                            for t, p in by_script[script]:
                                outputs[p] = header(script, os.path.splitext(p)[1]).encode() + result[t]
                    fill()
            finally:
                servers.close()
        if failures:
            raise GenError("\n".join(sorted(set(failures))))
        if servers.said:
            raise GenError("every job ran, but util/perl_job_server.pl said:\n" + servers.said)

        # Jobs outside the filter keep their file on disk; it still feeds the sources lists.
        all_outputs = dict(outputs)
        for _s, _k, _t, path in jobs:
            if path not in all_outputs:
                old = read(path)
                if old is not None:
                    all_outputs[path] = old
        wanted = dict(outputs)
        data = sources_data(jobs, all_outputs)
        wanted.update(render_sources(data))
        wanted.update(render_prefix_headers(data))
        extra = sorted(existing_generated() - {p for *_, p in jobs}) if not args.filters else []
    except GenError as e:
        print(f"gen_asm: error: {e}", file=sys.stderr)
        return 2

    report_cpu(stats, start, children_before, args.times)
    if args.check:
        stale = sorted(p for p, b in wanted.items() if read(p) not in (None, b))
        missing = sorted(p for p in wanted if read(p) is None)
        for label, paths in (("stale", stale), ("missing", missing), ("extra", extra)):
            for p in paths:
                print(f"{label}: {p}")
        bad = len(stale) + len(missing) + len(extra)
        print(f"gen_asm: check: {len(wanted) - len(stale) - len(missing)} up to date, "
              f"{len(stale)} stale, {len(missing)} missing, {len(extra)} extra, "
              f"{time.monotonic() - start:.2f}s")
        if bad:
            print("gen_asm: run `python3 gen_asm.py` and commit generated/", file=sys.stderr)
        return 1 if bad else 0

    written = unchanged = 0
    for path, data in sorted(wanted.items()):
        if read(path) == data:
            unchanged += 1
            continue
        full = os.path.join(ROOT, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        tmp = full + ".tmp"
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, full)
        written += 1
    for path in extra:
        os.remove(os.path.join(ROOT, path))
        print(f"gen_asm: removed {path} (no manifest entry produces it)")
    print(f"gen_asm: {written} written, {unchanged} unchanged, {time.monotonic() - start:.2f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
