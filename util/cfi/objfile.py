# SPDX-License-Identifier: Apache-2.0
"""What the LLVM tools tell us about one object: format, ISA, symbols, instructions."""

import re
import subprocess

from . import aarch64, armv7, x86

TOOLS = {"objdump": "llvm-objdump", "dwarfdump": "llvm-dwarfdump", "readobj": "llvm-readobj",
         "nm": "llvm-nm"}
ISA_MODULES = {"x86_64": x86, "aarch64": aarch64, "armv7": armv7}
INSN_RE = re.compile(r"^\s*([0-9a-f]+):\s+(.*)$")
DATA_RE = re.compile(r"^(<unknown>|\.(byte|short|word|long|quad|2byte|4byte|8byte)\b)")


class ObjError(Exception):
    pass


def run(tool, *args):
    cmd = [TOOLS[tool], *args]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True)
    except FileNotFoundError:
        raise ObjError(f"{cmd[0]} not found")
    if p.returncode != 0:
        raise ObjError(f"{' '.join(cmd)} failed: {p.stderr.strip()[:300]}")
    return p.stdout


class ObjFile:
    def __init__(self, path):
        self.path = path
        hdr = run("readobj", "--file-headers", path)
        fmt = re.search(r"^Format: (.*)$", hdr, re.M)
        arch = re.search(r"^Arch: (.*)$", hdr, re.M)
        if not fmt or not arch:
            raise ObjError("cannot read the file header")
        f, a = fmt.group(1).lower(), arch.group(1).strip()
        self.format = "elf" if f.startswith("elf") else "macho" if f.startswith("mach-o") else \
            "coff" if f.startswith("coff") else None
        self.isa = {"x86_64": "x86_64", "aarch64": "aarch64", "arm": "armv7", "thumb": "armv7"}.get(a)
        if self.format is None or self.isa is None:
            raise ObjError(f"unsupported object: format {fmt.group(1)}, arch {a}")
        self.mod = ISA_MODULES[self.isa]
        if self.isa == "x86_64":
            x86.set_abi(self.format == "coff")
        self._symbols()
        self._disassemble()

    def _symbols(self):
        self.sym_addr, self.names_at, self.functions = {}, {}, []
        for line in run("nm", "--defined-only", "-P", self.path).splitlines():
            parts = line.split()
            if len(parts) < 3 or parts[1] not in "Tt":
                continue
            name, typ, addr = parts[0], parts[1], int(parts[2], 16)
            self.sym_addr[name] = addr
            self.names_at.setdefault(addr, []).append((typ, name))
            if typ == "T":
                self.functions.append((addr, name))
        self.functions.sort()

    def name_at(self, addr):
        cands = sorted(self.names_at.get(addr, []))  # 'T' sorts before 't'
        cands = [c for c in cands if not c[1].startswith(("ltmp", "$", ".L", "L$"))] or cands
        return cands[0][1] if cands else f"<fn@{addr:#x}>"

    def _disassemble(self):
        args = ["-d", "--no-show-raw-insn"]
        if self.isa == "armv7" and self.format == "macho":
            # armv8 triple: the only one whose A32 decoder knows the crypto instructions
            args += ["--triple=armv8-apple-ios", "--mattr=+neon,+aes"]
        elif self.isa == "armv7":
            args += ["--mattr=+v8,+aes"]  # .ctasm_arch_ext aes (perlasm/xlate/Arm/Ext.pm)
        elif self.isa == "aarch64":
            args += ["--mattr=+aes"]
        text = run("objdump", *args, self.path)
        self.insns = {}
        section = None
        for line in text.splitlines():
            if line.startswith("Disassembly of section"):
                section = line.split("section", 1)[1].strip().rstrip(":")
                continue
            m = INSN_RE.match(line)
            if not m:
                continue
            body = m.group(2).split(self.mod.COMMENT, 1)[0] if self.mod.COMMENT != "#" else \
                re.split(r"\s#", m.group(2), 1)[0]
            body = body.replace("\t", " ").strip()
            body = re.sub(r"\s+", " ", body)
            addr = int(m.group(1), 16)
            if addr in self.insns:
                raise ObjError(f"more than one code section ({section}); addresses are ambiguous")
            self.insns[addr] = body
        self.addrs = sorted(self.insns)

    def next_addr(self, addr):
        import bisect
        i = bisect.bisect_right(self.addrs, addr)
        return self.addrs[i] if i < len(self.addrs) else None

    def is_data(self, addr):
        return bool(DATA_RE.match(self.insns[addr]))
