#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Build the util/bochs512 boot image and run it under Bochs (AVX-512 emulated).

  python3 util/bochs512/run.py [--build-dir DIR] [--timeout SECONDS] [--cpu MODEL] [-v]

Builds boot.S + payload.c + wide.c + trampoline.S + the x86_64 ELF object of
generated/x86_64-linux/abi-x86_64.S into a flat disk image, boots it in a headless
Bochs (the debugger build Debian ships: the command file 'c' starts it; display rfb
with no wait, nothing connects), reads the payload's port 0xe9 output from Bochs's
stdout and exits 0 only if it printed BX-END status=0 and no FAIL line."""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# Disk geometry: 2 cylinders x 16 heads x 63 sectors (about 1 MiB), flat image.
CYL, HEADS, SPT = 2, 16, 63

CFLAGS = ["-O2", "-ffreestanding", "-nostdlib", "-fno-pic", "-fno-pie", "-mno-red-zone",
          "-mgeneral-regs-only", "-fno-stack-protector", "-fno-asynchronous-unwind-tables",
          "-fcf-protection=none", "-mcmodel=small", "-Wall", "-Wextra", "-Werror"]


def sh(cmd, **kw):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    if r.returncode:
        sys.stderr.write("$ %s\n%s" % (" ".join(cmd), r.stdout))
        raise SystemExit("bochs512: build step failed")
    return r.stdout


def build(bdir):
    objs = []
    for src in ("boot.S", "payload.c", "wide.c", "trampoline.S"):
        path = os.path.join(HERE, src)
        if not os.path.exists(path):
            continue
        obj = os.path.join(bdir, src.replace(".", "_") + ".o")
        sh(["gcc", "-c"] + CFLAGS + ["-I", bdir, "-o", obj, path])
        objs.append(obj)
    return objs


def link(bdir, objs):
    elf = os.path.join(bdir, "image.elf")
    sh(["ld", "-m", "elf_x86_64", "-nostdlib", "-static", "--no-relax", "-z", "noexecstack",
        "-z", "max-page-size=4096", "-T", os.path.join(HERE, "link.ld"), "-o", elf] + objs)
    img = os.path.join(bdir, "image.bin")
    sh(["objcopy", "-O", "binary", "--only-section=.boot", "--only-section=.text",
        "--only-section=.rodata", "--only-section=.eh_frame", "--only-section=.data", elf, img])
    data = open(img, "rb").read()
    size = CYL * HEADS * SPT * 512
    if len(data) > size:
        raise SystemExit("bochs512: image is %d bytes, more than the disk" % len(data))
    if data[510:512] != b"\x55\xaa":
        raise SystemExit("bochs512: no boot signature at 510")
    disk = os.path.join(bdir, "disk.img")
    with open(disk, "wb") as f:
        f.write(data + b"\0" * (size - len(data)))
    return disk


def bochsrc(bdir, disk, cpu):
    rc = os.path.join(bdir, "bochsrc")
    with open(rc, "w") as f:
        f.write("""megs: 32
romimage: file=/usr/share/bochs/BIOS-bochs-latest
vgaromimage: file=/usr/share/vgabios/vgabios.bin
cpu: model=%s, count=1, reset_on_triple_fault=0
display_library: rfb, options="timeout=0"
ata0: enabled=1, ioaddr1=0x1f0, ioaddr2=0x3f0, irq=14
ata0-master: type=disk, path="%s", mode=flat, cylinders=%d, heads=%d, spt=%d
boot: disk
log: "%s"
panic: action=fatal
error: action=report
info: action=report
debug: action=ignore
port_e9_hack: enabled=1
speaker: enabled=0
mouse: enabled=0
""" % (cpu, disk, CYL, HEADS, SPT, os.path.join(bdir, "bochs.log")))
    dbg = os.path.join(bdir, "debugger.cmd")
    with open(dbg, "w") as f:
        f.write("c\nquit\n")
    return rc, dbg


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build-dir", help="keep the build here (default: a temp dir, removed)")
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--cpu", default="tigerlake")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    bochs = shutil.which("bochs-bin")
    if not bochs:
        raise SystemExit("bochs512: bochs-bin not found (apt-get install bochs bochs-term bochsbios vgabios)")
    tmp = None
    bdir = args.build_dir
    if bdir:
        os.makedirs(bdir, exist_ok=True)
    else:
        tmp = tempfile.mkdtemp(prefix="bochs512-")
        bdir = tmp
    try:
        t0 = time.time()
        disk = link(bdir, build(bdir))
        rc, dbg = bochsrc(bdir, disk, args.cpu)
        t1 = time.time()
        try:
            r = subprocess.run([bochs, "-q", "-f", rc, "-rc", dbg], stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=bdir,
                               timeout=args.timeout)
            out, timed_out = r.stdout.decode("latin-1"), False
        except subprocess.TimeoutExpired as e:
            out, timed_out = (e.stdout or b"").decode("latin-1"), True
        t2 = time.time()
        # Bochs's own lines (banner, debugger prompt) are mixed in; the payload's
        # lines are the ones with our prefixes.
        lines = [l for l in out.splitlines()
                 if re.match(r"(PASS|FAIL|SKIP|BX-|CPUID|XCR0|SUMMARY|STEP|NOTE)", l)]
        for l in (out.splitlines() if args.verbose else lines):
            print(l)
        fails = [l for l in lines if l.startswith("FAIL") or l.startswith("BX-EXCEPTION")]
        end = [l for l in lines if l.startswith("BX-END")]
        ok = True
        if timed_out:
            print("bochs512: FAIL: Bochs timed out after %.0f s" % args.timeout)
            ok = False
        if not end:
            print("bochs512: FAIL: the payload never reached BX-END")
            ok = False
        elif end[-1] != "BX-END status=0":
            print("bochs512: FAIL: %s" % end[-1])
            ok = False
        if fails:
            print("bochs512: FAIL: %d failing line(s)" % len(fails))
            ok = False
        npass = len([l for l in lines if l.startswith("PASS")])
        print("bochs512: %s: %d PASS, %d FAIL; build %.1f s, Bochs %.1f s (cpu=%s)"
              % ("OK" if ok else "FAILED", npass, len(fails), t1 - t0, t2 - t1, args.cpu))
        if not ok and not args.verbose:
            log = os.path.join(bdir, "bochs.log")
            if os.path.exists(log):
                print("--- last lines of bochs.log ---")
                print("\n".join(open(log, errors="replace").read().splitlines()[-15:]))
        return 0 if ok else 1
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
