# SPDX-License-Identifier: Apache-2.0
"""Windows unwind data (llvm-readobj --unwind) turned into the same per-address rows.

x86_64: the UNWIND_CODEs describe the prologue; in the body the unwinder uses the
full prologue state; in an epilogue (add/lea rsp, pops, ret) it emulates the code
itself, so there we only require that epilogue to have the canonical shape.
AArch64: the prologue and epilogue-scope opcodes are decoded by readobj into the
instructions they stand for; we run those through the AArch64 tracker to get rows.
"""

import re

from . import aarch64, objfile, x86
from .state import State
from .walk import Result, walk


class WinError(Exception):
    pass


def _blocks(text, key):
    """Split readobj output into RuntimeFunction blocks."""
    out, cur, depth = [], None, 0
    for line in text.splitlines():
        s = line.strip()
        if s == "RuntimeFunction {":
            cur, depth = [], 1
            continue
        if cur is not None:
            depth += s.count("{") - s.count("}")
            if depth <= 0:
                out.append(cur)
                cur = None
            else:
                cur.append(s)
    return out


def _addr(obj, field):
    """'sym +0x13 (0x10)' or 'sym (0x0)' -> address of sym + offset."""
    m = re.match(r"([^\s(]+)(?:\s*\+(0x[0-9a-fA-F]+))?\s*\(", field)
    if not m or m.group(1) not in obj.sym_addr:
        raise WinError(f"cannot resolve {field!r}")
    return obj.sym_addr[m.group(1)] + (int(m.group(2), 16) if m.group(2) else 0)


def check(obj):
    text = objfile.run("readobj", "--unwind", obj.path)
    blocks = _blocks(text, "RuntimeFunction")
    results, covered = [], set()
    for b in blocks:
        fields = {}
        for s in b:
            k, _, v = s.partition(":")
            fields.setdefault(k.strip(), v.strip())
        try:
            if obj.isa == "x86_64":
                lo, hi, name, rows, skip = _x64(obj, b, fields)
            elif obj.isa == "aarch64":
                lo, hi, name, rows, skip = _arm64(obj, b, fields)
            else:
                raise WinError(f"Windows unwind data for {obj.isa} is not supported")
        except WinError as e:
            r = Result(fields.get("StartAddress", fields.get("Function", "?")), 0, 0)
            r.fail(0, "", str(e))
            results.append(r)
            continue
        covered.add(lo)
        results.append(walk(obj, name, lo, hi, rows, obj.mod.INITIAL, skip=skip, check_pac=False))
    for addr, name in obj.functions:
        if addr not in covered:
            # no .pdata: Windows treats it as a leaf, so it must not touch the stack
            hi = next((a for a, _ in obj.functions if a > addr), max(obj.addrs) + 1)
            results.append(walk(obj, name, addr, hi, [(addr, obj.mod.INITIAL.copy())],
                                obj.mod.INITIAL, check_pac=False))
    return results


X64_REGS = {"RAX", "RCX", "RDX", "RBX", "RSP", "RBP", "RSI", "RDI"} | {f"R{i}" for i in range(8, 16)}


def _x64(obj, b, fields):
    lo = _addr(obj, fields["StartAddress"])
    hi = _addr(obj, fields["EndAddress"])
    name = obj.name_at(lo)
    if "CHAININFO" in " ".join(b):
        raise WinError("chained unwind info is not supported")
    codes = []
    for s in b:
        m = re.match(r"0x([0-9A-F]+): (\w+)\s*(.*)$", s)
        if m:
            codes.append((int(m.group(1), 16), m.group(2), m.group(3)))
    codes.reverse()  # readobj lists them last-first; execution order is the reverse
    # Save offsets are from the frame base: rsp after the whole prologue, or with a
    # frame register, that register minus 16*FrameOffset (= rsp at SET_FPREG).
    total = 8
    for _, op, args in codes:
        if op == "PUSH_NONVOL":
            total += 8
        elif op in ("ALLOC_SMALL", "ALLOC_LARGE"):
            total += int(re.search(r"size=(\d+)", args).group(1))
        elif op == "SET_FPREG":
            break
    freg = fields.get("FrameRegister", "-")
    freg = "-" if freg == "-" else freg.split()[0].lower()
    foff = int(fields.get("FrameOffset", "0x0"), 0) * 16 if freg != "-" else 0
    st = State(cfa=8, saved={"rip": -8})
    rows = [(lo, st.copy())]
    for off, op, args in codes:
        if op == "PUSH_NONVOL":
            reg = re.search(r"reg=(\w+)", args).group(1).lower()
            st.cfa += 8
            st.saved[reg] = -st.cfa
        elif op in ("ALLOC_SMALL", "ALLOC_LARGE"):
            st.cfa += int(re.search(r"size=(\d+)", args).group(1))
        elif op == "SET_FPREG":
            if freg == "-":
                raise WinError("SET_FPREG without a frame register")
            # CFA = freg + (CFA - rsp) - 16*FrameOffset from here on
            st.cfa_reg, st.cfa = freg, st.cfa - foff
        elif op in ("SAVE_NONVOL", "SAVE_NONVOL_FAR", "SAVE_XMM128", "SAVE_XMM128_FAR"):
            reg = re.search(r"reg=(\w+)", args).group(1).lower()
            o = int(re.search(r"offset=(0x[0-9A-Fa-f]+|\d+)", args).group(1), 0)
            st.saved[reg] = o - total  # offsets are from rsp after the whole prologue
        else:
            raise WinError(f"unwind code {op} is not supported")
        if rows[-1][0] == lo + off:
            rows[-1] = (lo + off, st.copy())
        else:
            rows.append((lo + off, st.copy()))
    if freg != "-" and not any(op == "SET_FPREG" for _, op, _ in codes):
        raise WinError("a frame register without SET_FPREG")
    prolog = int(fields.get("PrologSize", "0"))
    if codes and max(o for o, _, _ in codes) > prolog:
        raise WinError("an unwind code lies beyond PrologSize")
    return lo, hi, name, rows, _x64_epilogues(obj, lo, hi)


def _x64_epilogues(obj, lo, hi):
    """Addresses inside canonical epilogues, except each epilogue's first instruction."""
    skip = set()
    addrs = [a for a in obj.addrs if lo <= a < hi]
    for i, a in enumerate(addrs):
        if not re.match(r"(ret|rep ret|jmp)", obj.insns[a]):
            continue
        target = x86.flow(obj.insns[a])[1]
        if target is not None and lo <= target < hi:
            continue  # a jump inside the function ends no epilogue
        j = i
        while j > 0 and re.match(r"popq? %r\w+$", obj.insns[addrs[j - 1]]):
            j -= 1
        if j > 0 and re.match(r"(addq? \$\w+, %rsp|leaq? -?\w*\(%r[sb]p\), %rsp)$",
                              obj.insns[addrs[j - 1]]):
            j -= 1
        skip.update(addrs[j + 1:i + 1])
    return skip


def _arm64(obj, b, fields):
    lo = _addr(obj, fields["Function"])
    # A packed .pdata entry (RegI/RegF/CR/FrameSize, no .xdata) is printed with a
    # FunctionLength and a prologue listing too, but in another shape: refuse it
    # rather than read its prologue as empty. (arm-xlate.pl writes no packed entry,
    # Arm/SehUnpacked.pm.)
    if "FunctionLength" not in fields or "ExceptionRecord" not in fields:
        raise WinError("packed unwind data is not supported (RegI=%s RegF=%s CR=%s FrameSize=%s)"
                       % tuple(fields.get(k, "?") for k in ("RegI", "RegF", "CR", "FrameSize")))
    hi = lo + int(fields["FunctionLength"])
    name = obj.name_at(lo)
    prologue, scopes, cur = [], [], None
    section = None
    for s in b:
        if s.startswith("Prologue ["):
            section = "pro"
            continue
        if s.startswith("EpilogueScope {"):
            cur = {"ops": []}
            scopes.append(cur)
            section = "epi"
            continue
        if s.startswith("StartOffset:") and cur is not None:
            cur["start"] = int(s.split(":")[1])
            continue
        m = re.match(r"0x[0-9a-f]+\s*;\s*(.*)$", s)
        if m and section == "pro":
            prologue.append(m.group(1))
        elif m and section == "epi":
            cur["ops"].append(m.group(1))
    ops = _expand([o for o in prologue if o != "end"])
    st = aarch64.INITIAL.copy()
    rows = [(lo, st.copy())]
    addr = lo
    for op in ops:
        st = _apply(st, op)
        addr += 4
        rows.append((addr, st.copy()))
    body = st
    for sc in scopes:
        eops = list(reversed(_expand([o for o in sc["ops"] if o != "end"])))
        st = body.copy()
        a = lo + 4 * sc["start"]
        rows.append((a, st.copy()))
        for op in eops:
            st = _apply(st, op)
            a += 4
            rows.append((a, st.copy()))
        rows.append((a + 4, body.copy()))  # past the ret: back to the body state
    if fields.get("EpiloguePacked") == "Yes":
        # one epilogue ending the function; its opcodes are the prologue's from
        # EpilogueOffset on, as loads, in listing order, followed by the ret
        if int(fields.get("EpilogueOffset", "0")) != 0:
            raise WinError("a packed epilogue with a nonzero EpilogueOffset is not supported")
        eops = [_to_epilogue(o) for o in _expand([o for o in prologue if o != "end"])]
        eops.reverse()
        st = body.copy()
        a = hi - 4 * (len(eops) + 1)
        rows.append((a, st.copy()))
        for op in eops:
            st = _apply(st, op)
            a += 4
            rows.append((a, st.copy()))
    rows.sort(key=lambda r: r[0])
    dedup = {}
    for a, s in rows:
        dedup[a] = s
    return lo, hi, name, sorted(dedup.items()), set()


# A register pair save/restore that 'save next' can follow: at [sp, #off], or the
# first one, which moves sp (save_regp_x/save_fregp_x: [sp, #-N]!, restored by
# [sp], #N) and leaves the pair at [sp, #0].
_PAIR = re.compile(r"(stp|ldp) ([xd])(\d+), [xd](\d+), \[sp(?:, #(\d+)\]|, #-\d+\]!|\], #\d+)$")


def _expand(ops):
    """Listing order in, execution order out (prologues are listed last-first).
    'save next'/'restore next' stand for the register pair after the entry that
    follows it in the listing (x19,x20 then x21,x22; d8,d9 then d10,d11), one
    slot (16 bytes) further."""
    out = []
    for op in reversed(ops):
        if op in ("save next", "restore next"):
            prev = out[-1] if out else ""
            m = _PAIR.match(prev)
            if not m:
                raise WinError(f"cannot expand {op!r} after {prev!r}")
            v, r, n = m.group(1), m.group(2), int(m.group(4)) + 1
            off = int(m.group(5) or 0) + 16
            out.append(f"{v} {r}{n}, {r}{n + 1}, [sp, #{off}]")
        else:
            out.append(op)
    return out


def _to_epilogue(op):
    """A prologue opcode's instruction -> the epilogue instruction that undoes it."""
    m = re.match(r"(stp|str) (.*), \[sp, #-(\d+)\]!$", op)
    if m:
        return f"{'ldp' if m.group(1) == 'stp' else 'ldr'} {m.group(2)}, [sp], #{m.group(3)}"
    if op.startswith("sub sp"):
        return "add" + op[3:]
    return re.sub(r"^stp ", "ldp ", re.sub(r"^str ", "ldr ", op))


def _apply(st, op):
    op = re.sub(r"^(sub|add) sp, #", r"\1 sp, sp, #", op)
    if op == "nop":
        return st
    try:
        return aarch64.step(st, op)
    except aarch64.Unsupported as e:
        raise WinError(f"unwind opcode {op!r}: {e}")
