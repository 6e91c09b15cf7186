# SPDX-License-Identifier: Apache-2.0
"""One object as llvm-objdump sees it: sections, symbols, code and code relocations.

One llvm-objdump run per object (-h -t -d -r), so checking many small objects stays
cheap. Addresses are the object's own: section-relative on ELF and COFF, one address
space on Mach-O; a location is always kept as (section, offset).
"""

import re
import subprocess

OBJDUMP = "llvm-objdump"
# Disassembler options per ISA: one syntax for every object format (Mach-O arm64 would
# otherwise print Apple's `movi.16b`), and the crypto extension the ARM scripts enable.
DIS_ARGS = {
    "x86_64": [],
    "aarch64": ["--triple=aarch64-linux-gnu", "--mattr=+aes"],
    "armv7": ["--triple=armv8-linux-gnueabihf", "--mattr=+neon,+aes"],
}
PLACEHOLDER = "@T@"  # where a normaliser took a location out of an instruction
FORMATS = {"elf": "elf", "mach-o": "macho", "coff": "coff"}


class ObjError(Exception):
    pass


# Where llvm-objdump's comments start: AT&T operands never contain '#', ARM ones do.
COMMENT_RE = {"x86_64": re.compile(r"\s+#+\s*"), "aarch64": re.compile(r"\s+//\s*"),
              "armv7": re.compile(r"\s+@\s*")}


def _split_comment(isa, text):
    parts = COMMENT_RE[isa].split(text, 1)
    return parts[0], None, parts[1] if len(parts) > 1 else ""


class Insn:
    __slots__ = ("addr", "size", "raw", "text", "relocs", "target_hint")

    def __init__(self, addr, raw, text):
        self.addr, self.raw, self.text = addr, raw, text
        self.size = len(raw) // 2
        self.relocs = []  # (offset, type, symbol or "sym+addend" as printed)

    @property
    def next(self):
        return self.addr + self.size


class Section:
    __slots__ = ("index", "name", "size", "vma", "kind", "insns")

    def __init__(self, index, name, size, vma, kind):
        self.index, self.name, self.size, self.vma, self.kind = index, name, size, vma, kind
        self.insns = []


SECTION_RE = re.compile(r"^\s*(\d+)\s+(\S*)\s+([0-9a-f]+)\s+([0-9a-f]+)\s*(\S*)\s*$")
ELF_MACHO_SYM_RE = re.compile(r"^([0-9a-f]+)\s(.{7})\s(\S+)\s+(?:[0-9a-f]+\s+)?(?:\.hidden\s+|\.protected\s+|\.internal\s+)?(\S+)$")
COFF_SYM_RE = re.compile(r"^\[\s*\d+\]\(sec\s+(-?\d+)\).*\(scl\s+(\d+)\).*\s0x([0-9a-f]+)\s(\S+)$")
INSN_RE = re.compile(r"^\s*([0-9a-f]+):\s((?:[0-9a-f]{2} ?)+?)\s*\t(.*)$")
RELOC_RE = re.compile(r"^\s+([0-9a-f]+):\s+(\S+)\s+(\S+)\s*$")
CONTENTS_RE = re.compile(r"^Contents of section (.*):$")
HEXDUMP_RE = re.compile(r"^ ([0-9a-f]+) [0-9a-f]")
DIS_SECTION_RE = re.compile(r"^Disassembly of section (.*):$")


class Object:
    """sections: name -> Section; symbols: name -> (section name, address, is_global)."""

    def __init__(self, path, isa):
        self.path, self.isa = path, isa
        try:
            # -z: Mach-O would otherwise print runs of zero words as "..."
            p = subprocess.run([OBJDUMP, "-h", "-t", "-d", "-z", "-r", "-s", *DIS_ARGS[isa], path],
                               capture_output=True, text=True)
        except FileNotFoundError:
            raise ObjError(f"{OBJDUMP} not found (package llvm)")
        if p.returncode:
            raise ObjError(f"{OBJDUMP} {path}: {p.stderr.strip()[:300]}")
        self._parse(p.stdout)

    def _parse(self, text):
        m = re.search(r"file format (\S+)", text)
        fmt = next((v for k, v in FORMATS.items() if m and m.group(1).startswith(k)), None)
        if fmt is None:
            raise ObjError(f"{self.path}: unknown object format")
        self.format = fmt
        self.sections, by_index, self.symbols = {}, {}, {}
        part, cur, last = None, None, None
        self.contents = {}  # section name -> bytes (llvm-objdump -s)
        for line in text.splitlines():
            c = CONTENTS_RE.match(line)
            if c:
                part, cur = "s", c.group(1).split(",")[-1]
                self.contents[cur] = bytearray()
                continue
            if part == "s":
                h = HEXDUMP_RE.match(line)
                if h:
                    hexpart = line[len(h.group(1)) + 2:len(h.group(1)) + 2 + 35].replace(" ", "")
                    self.contents[cur] += bytes.fromhex(hexpart)
                    continue
                part = None
            if line.startswith("Sections:"):
                part = "h"
                continue
            if line.startswith("SYMBOL TABLE:"):
                part = "t"
                continue
            d = DIS_SECTION_RE.match(line)
            if d:
                part, name = "d", d.group(1)
                cur = self.sections.get(name) or self.sections.get(name.split(",")[-1])
                if cur is None:
                    raise ObjError(f"{self.path}: disassembly of unknown section {name}")
                continue
            if part == "h":
                s = SECTION_RE.match(line)
                if s and s.group(2):
                    sec = Section(int(s.group(1)), s.group(2), int(s.group(3), 16),
                                  int(s.group(4), 16), s.group(5))
                    self.sections[sec.name] = sec
                    by_index[sec.index] = sec
            elif part == "t":
                self._symbol(line, by_index)
            elif part == "d":
                i = INSN_RE.match(line)
                if i:
                    raw = i.group(2).replace(" ", "")
                    body, _, comment = _split_comment(self.isa, i.group(3))
                    last = Insn(int(i.group(1), 16), raw, re.sub(r"\s+", " ", body).strip())
                    # the "# 0x..." address llvm-objdump computes for a rip-relative operand
                    t = re.match(r"#* ?(0x[0-9a-f]+)", comment.strip())
                    last.target_hint = int(t.group(1), 16) if t else None
                    cur.insns.append(last)
                    continue
                r = RELOC_RE.match(line)
                if r and last is not None and r.group(2) != "TYPE":
                    last.relocs.append((int(r.group(1), 16), r.group(2), r.group(3)))

    def _symbol(self, line, by_index):
        if self.format == "coff":
            m = COFF_SYM_RE.match(line)
            if not m or int(m.group(1)) <= 0:
                return
            sec = by_index.get(int(m.group(1)) - 1)  # COFF section numbers start at 1
            if sec is None:
                return
            name = m.group(4)
            if name == sec.name:
                return
            self.symbols[name] = (sec.name, int(m.group(3), 16), m.group(2) == "2")
            return
        m = ELF_MACHO_SYM_RE.match(line)
        if not m:
            return
        flags, secname, name = m.group(2), m.group(3), m.group(4)
        secname = secname.split(",")[-1]
        if secname not in self.sections or "d" in flags[5:] or name == secname:
            return
        self.symbols[name] = (secname, int(m.group(1), 16), "g" in flags[:2])

    def code_sections(self):
        return [s for s in self.sections.values() if s.insns]

    def locate(self, addr, hint_section=None):
        """(section name, offset) of an object address; Mach-O shares one address space."""
        if self.format != "macho":
            return hint_section, addr - (self.sections[hint_section].vma if hint_section else 0)
        for s in self.sections.values():
            if s.vma <= addr < s.vma + max(s.size, 1):
                return s.name, addr - s.vma
        # outside every section (data in .text decoded as a branch): keep it comparable
        return hint_section, addr - (self.sections[hint_section].vma if hint_section else 0)

    def symbol_location(self, name):
        """(section, offset) of a symbol or of a section named in a relocation."""
        if name in self.symbols:
            sec, addr, _ = self.symbols[name]
            return sec, addr - self.sections[sec].vma
        base = name.split(",")[-1]
        if base in self.sections:
            return base, 0
        return None, 0
