# SPDX-License-Identifier: Apache-2.0
"""AArch64 and ARMv7: one function's instructions with what legitimately differs per
flavour taken out (docs/PERLASM.md, "Same code on every flavour").

AArch64: compared word by word like ARMv7 (data in .text again); `bti c`, `paciasp`,
`autiasp` (hint space: #34, #25, #29) and `nop` dropped; a pc-relative word (b, bl,
b.cond, cbz, tbz, ldr literal, adr) becomes its opcode bits and resolved target, a
relocated one its disassembly with the field resolved, and `adrp xN, L` +
`add xN, xN, :lo12:L` counts as `adr xN, L`.
ARMv7: compared word by word (Mach-O has no mapping symbols, so data in .text would
otherwise disassemble differently): nop words (`nop`, `mov r0, r0`) and zero words
ending a function (alignment fill) dropped, a B/BL word becomes its condition, link
bit and resolved target.
Both: bytes that llvm-objdump shows in pieces other than whole words (data in .text
whose length is no multiple of 4: ELF's mapping symbols give `.short`/`.byte`, Mach-O
`<unknown>` per byte) are put back together by address first (_whole_words): each
complete word a word, a trailing partial one its bytes.
"""

import re

from .objdump import PLACEHOLDER, Insn

# bti c, paciasp, autiasp (hint #34, #25, #29) and nop
A64_DROP_WORDS = {0xD503245F, 0xD503233F, 0xD50323BF, 0xD503201F}
A64_TARGET_RE = re.compile(r"^(\S+ (?:.*, )?)(0x[0-9a-f]+)(?: <[^>]*>)?$")
A64_LO12_RE = re.compile(r"#(-?(?:0x[0-9a-f]+|\d+))(\]?)$")
A32_NOPS = {0xE320F000, 0xE1A00000}


def _whole_words(insns):
    """insns with every run of unrelocated pieces that are not whole 4-byte words (and
    the words after them, until the run is word-aligned again) re-cut into the words
    of the bytes, so two object formats that split data differently read alike; what is
    left of a run at the end of the list (or before a relocated piece) stays one piece
    of its bytes, shown as `.bytes`, except at the end of the list (a function's end)
    where it is filled with zero bytes to a whole word: the zero fill up to the next
    word that ELF writes and Mach-O does not (alignment, like the zero words ARMv7 drops
    at a function's end)."""
    out, run, start = [], "", None

    def flush(last=False):
        nonlocal run, start
        if last and run:
            run += "0" * (-len(run) % 8)
        while len(run) >= 8:
            out.append(Insn(start, run[:8], ".word"))
            run, start = run[8:], start + 4
        if run:
            out.append(Insn(start, run, ".bytes " + run))
        run, start = "", None

    for ins in insns:
        if ins.relocs:
            flush()
            out.append(ins)
        elif len(ins.raw) != 8 or run:
            if not run:
                start = ins.addr
            run += ins.raw
            if len(run) % 8 == 0:
                flush()
        else:
            out.append(ins)
    flush(last=True)
    return out


def _relocs(ins):
    """(type, symbol, explicit addend) of the relocation that patches this instruction."""
    addend, main = 0, None
    for _off, typ, sym in ins.relocs:
        if typ == "ARM64_RELOC_ADDEND":
            addend = int(sym, 0)
        else:
            main = (typ, sym)
    return main, addend


def _sym_addend(text):
    m = re.match(r"^(.*?)([+-](?:0x[0-9a-f]+|\d+))?$", text)
    return m.group(1), int(m.group(2), 0) if m.group(2) else 0


def _a64_target(obj, section, ins, shown, imm):
    main, addend = _relocs(ins)
    if main is None:
        return obj.locate(shown, section) if shown is not None else None
    typ, sym = main
    name, a = _sym_addend(sym)
    sec, base = obj.symbol_location(name)
    if sec is None:
        return ("extern:" + name.lstrip("_"), a)
    if obj.format == "elf":
        return sec, base + a
    if obj.format == "macho":
        if "BRANCH26" in typ and shown is not None:
            return sec, base + addend + (shown - ins.addr)
        return sec, base + addend
    # COFF keeps the addend in the instruction's own field
    if "PAGEBASE" in typ:
        return sec, base + ((shown - (ins.addr & ~0xFFF)) >> 12)
    if "BRANCH" in typ and shown is not None:
        return sec, base + (shown - ins.addr)
    return sec, base + (imm or 0)


def _in_section(obj, section, addr):
    """A pc-relative target outside its own section is a data word that only looks
    like a branch: compared as a plain word, since where it lands depends on layout."""
    sec = obj.sections[section]
    return sec.vma <= addr <= sec.vma + sec.size


def _sext(v, bits):
    return (v ^ (1 << (bits - 1))) - (1 << (bits - 1))


def a64_pc_relative(w, addr):
    """(key without the offset, target address) of a pc-relative AArch64 word, else None.
    Decoded from the bits, so a data word reads the same whatever the disassembler
    makes of it (Mach-O has no mapping symbols)."""
    if (w & 0x7C000000) == 0x14000000:  # B, BL
        return f"{w & 0xFC000000:08x}", addr + (_sext(w & 0x3FFFFFF, 26) << 2)
    if (w & 0xFF000010) == 0x54000000 or (w & 0x7E000000) == 0x34000000 \
            or (w & 0x3B000000) == 0x18000000:  # B.cond, CBZ/CBNZ, LDR literal
        return f"{w & 0xFF00001F:08x}", addr + (_sext((w >> 5) & 0x7FFFF, 19) << 2)
    if (w & 0x7E000000) == 0x36000000:  # TBZ/TBNZ
        return f"{w & 0xFFF8001F:08x}", addr + (_sext((w >> 5) & 0x3FFF, 14) << 2)
    if (w & 0x9F000000) == 0x10000000:  # ADR: compared like adrp+add of the same place
        return f"adr x{w & 0x1F},", addr + _sext((((w >> 5) & 0x7FFFF) << 2) | ((w >> 29) & 3), 21)
    return None


def normalise_a64(obj, section, insns, flavour, is_global):
    """Words compared as words; pc-relative ones by their target; a word a relocation
    patches by its disassembly with the relocated field resolved."""
    out = []
    for ins in _whole_words(insns):
        t = ins.text
        w = int.from_bytes(bytes.fromhex(ins.raw), "little") if len(ins.raw) == 8 else None
        if w in A64_DROP_WORDS:
            continue
        key, target = (f"{w:08x}" if w is not None else ins.raw), None
        if ins.relocs:
            m = A64_TARGET_RE.match(t)
            lo = A64_LO12_RE.search(t)
            pc = a64_pc_relative(w, ins.addr) if w is not None else None
            if m:
                key = f"{pc[0]} {PLACEHOLDER}" if pc else m.group(1) + PLACEHOLDER
                target = _a64_target(obj, section, ins, int(m.group(2), 16), None)
            else:
                imm = int(lo.group(1), 0) if lo else 0
                key = A64_LO12_RE.sub(PLACEHOLDER + r"\2", t) if lo else t + " [reloc]"
                target = _a64_target(obj, section, ins, None, imm)
        elif w is not None:
            pc = a64_pc_relative(w, ins.addr)
            if pc and _in_section(obj, section, pc[1]):
                key = f"{pc[0]} {PLACEHOLDER}"
                target = obj.locate(pc[1], section)
        # adrp + add of the same register and location: the same address as adr
        if out and target is not None and re.match(r"^add (\w+), \1, " + re.escape(PLACEHOLDER) + "$", key):
            prev_ins, prev_key, prev_target = out[-1]
            reg = key.split(" ")[1].rstrip(",")
            if prev_key == f"adrp {reg}, {PLACEHOLDER}" and prev_target is not None:
                out[-1] = (prev_ins, f"adr {reg}, {PLACEHOLDER}", target)
                continue
        out.append((ins, key, target))
    return out


def _a32_branch_target(obj, section, ins, imm):
    main, _ = _relocs(ins)
    if main is None:
        return obj.locate(ins.addr + 8 + imm, section)
    _typ, sym = main
    name, a = _sym_addend(sym)
    sec, base = obj.symbol_location(name)
    if sec is None:
        return ("extern:" + name.lstrip("_"), a)
    if obj.format == "macho":  # the field holds target - (P + 8) relative to the symbol
        return sec, base + ins.addr + 8 + imm
    return sec, base + imm + 8  # ELF REL: the field is the addend


def normalise_a32(obj, section, insns, flavour, is_global):
    out = []
    for ins in _whole_words(insns):
        if len(ins.raw) != 8:
            out.append((ins, ins.raw, None))
            continue
        w = int.from_bytes(bytes.fromhex(ins.raw), "little")
        if w in A32_NOPS:
            continue
        cond = w >> 28
        if cond != 0xF and (w >> 25) & 7 == 5 and (ins.relocs or _in_section(
                obj, section, ins.addr + 8 + ((((w & 0xFFFFFF) ^ 0x800000) - 0x800000) << 2))):
            imm = ((w & 0xFFFFFF) ^ 0x800000) - 0x800000
            link = "l" if (w >> 24) & 1 else ""
            target = _a32_branch_target(obj, section, ins, imm << 2)
            out.append((ins, f"b{link}.{cond:x} {PLACEHOLDER}", target))
            continue
        out.append((ins, f"{w:08x}" + (" [reloc]" if ins.relocs else ""), None))
    while out and out[-1][1] == "00000000":  # zero fill up to the next alignment
        out.pop()
    return out
