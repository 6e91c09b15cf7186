# SPDX-License-Identifier: Apache-2.0
"""Compare the normalised instruction streams of one script's objects, flavour by flavour.

A function is a symbol in a code section that is not a local label (`.L`, `L$`, `L`+...
on Mach-O, `ltmp`, ARM mapping symbols), its name undecorated (Mach-O's leading `_`).
Code before the first function (ARMv7 tables in .text) is the pseudo-function
`<text-start>`. A location (a relocation target or a pc-relative address) becomes
`FUNC#k` (k-th kept instruction of FUNC at or after it), `FUNC#end`, or `DATA+off` for
a data section (.rodata/__const/.rdata are one kind), so layouts may differ where
the dropped instructions were.
"""

import bisect

from . import arm, objdump, x86
from .objdump import PLACEHOLDER

NORMALISERS = {"x86_64": x86.normalise, "aarch64": arm.normalise_a64, "armv7": arm.normalise_a32}
LOCAL_PREFIXES = (".L", "L$", "ltmp", "$", "L_")
DATA_KINDS = {".rodata": "rodata", "__const": "rodata", ".rdata": "rodata",
              ".text": "text", "__text": "text"}




def undecorate(obj, name):
    return name[1:] if obj.format == "macho" and name.startswith("_") else name


def functions(obj, sec):
    """[(name, start, end)] of one code section."""
    starts = sorted((addr, undecorate(obj, name)) for name, (s, addr, _g) in obj.symbols.items()
                    if s == sec.name and not name.startswith(LOCAL_PREFIXES)
                    and not (obj.format == "macho" and name.startswith("L")))
    first = sec.insns[0].addr if sec.insns else sec.vma
    out = []
    if not starts or starts[0][0] > first:
        out.append(("<text-start>", first))
    out += [(n, a) for a, n in starts]
    ends = [a for _n, a in out[1:]] + [sec.vma + sec.size]
    return [(n, a, e) for (n, a), e in zip(out, ends)]


class Normalised:
    """One object: {function: [(insn, key, target)]} plus the address index for targets."""

    def __init__(self, obj, flavour):
        self.obj, self.flavour = obj, flavour
        self.funcs, self.order, self.index = {}, [], {}
        for sec in obj.code_sections():
            fns = functions(obj, sec)
            for name, lo, hi in fns:
                insns = [i for i in sec.insns if lo <= i.addr < hi]
                if name == "<text-start>" and not insns:
                    continue
                sym = obj.symbols.get(("_" if obj.format == "macho" else "") + name)
                kept = NORMALISERS[obj.isa](obj, sec.name, insns, flavour, bool(sym and sym[2]))
                self.funcs[name] = kept
                self.order.append(name)
                off = lambda a: a - sec.vma  # noqa: E731
                self.index.setdefault(sec.name, []).append(
                    (off(lo), off(hi), name, [off(k[0].addr) for k in kept]))
        for spans in self.index.values():
            spans.sort()

    def token(self, loc):
        if loc is None:
            return ""
        sec, off = loc
        if sec is None or sec.startswith("extern:"):
            return f"{sec or '?'}{off:+#x}"
        for lo, hi, name, addrs in self.index.get(sec, []):
            if lo <= off < hi or (off == hi and not addrs):
                k = bisect.bisect_left(addrs, off)
                return f"{name}#{k}" if k < len(addrs) else f"{name}#end"
        return f"{DATA_KINDS.get(sec, sec)}{off:+#x}"

    def keys(self, name):
        return [key.replace(PLACEHOLDER, self.token(t)) for _ins, key, t in self.funcs[name]]


def load(path, isa, flavour):
    return Normalised(objdump.Object(path, isa), flavour)


def rodata(norm):
    """The read-only data sections' bytes, in section order, without the zero fill
    that ends them (alignment, which differs per object format)."""
    data = bytearray()
    for name, sec in norm.obj.sections.items():
        if DATA_KINDS.get(name) == "rodata":
            data += norm.obj.contents.get(name, b"")
    return bytes(data).rstrip(b"\0")


def compare(objs, label):
    """objs: [(flavour, Normalised)], first is the reference. Returns the first
    difference as a message, or None; and the number of instructions compared."""
    ref_flavour, ref = objs[0]
    count = 0
    ref_data = rodata(ref)
    for flavour, other in objs[1:]:
        data = rodata(other)
        if data != ref_data:
            k = next((i for i in range(min(len(data), len(ref_data))) if data[i] != ref_data[i]),
                     min(len(data), len(ref_data)))
            show = lambda d: f"{d[k]:#04x}" if k < len(d) else "end of data"  # noqa: E731
            return (f"{label}: read-only data differs at byte {k:#x}: {ref_flavour} "
                    f"{show(ref_data)} vs {flavour} {show(data)}"), count
        missing = [n for n in ref.order if n not in other.funcs]
        extra = [n for n in other.order if n not in ref.funcs]
        if missing or extra:
            return (f"{label}: functions differ: {ref_flavour} only {missing}, "
                    f"{flavour} only {extra}"), count
        for name in ref.order:
            a, b = ref.keys(name), other.keys(name)
            for k in range(max(len(a), len(b))):
                if k >= len(a) or k >= len(b) or a[k] != b[k]:
                    return _describe(label, name, k, (ref_flavour, ref, a), (flavour, other, b)), count
            count += len(a)
    return None, count


def _describe(label, name, k, *sides):
    parts = []
    for flavour, norm, keys in sides:
        kept = norm.funcs[name]
        if k < len(kept):
            ins = kept[k][0]
            start = kept[0][0].addr
            parts.append(f"{flavour} +{ins.addr - start:#x}: `{ins.text}` (compared as `{keys[k]}`)")
        else:
            parts.append(f"{flavour}: end of function")
    return f"{label}: {name}: instruction {k} differs: " + " vs ".join(parts)
