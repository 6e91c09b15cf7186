# SPDX-License-Identifier: Apache-2.0
"""x86_64: one function's instructions with what legitimately differs per flavour taken out.

The rules (docs/PERLASM.md, "Same code on every flavour") in the order applied:
  every flavour  endbr64 and nop-family padding dropped; stack allocations
                 (sub/add $N,%rsp, lea N(%rsp|%rbp),%rsp, mov %rbp,%rsp)
                 dropped, their sizes include
                 the Win64 save area and util/check_cfi.py checks them against the
                 unwind data; stack arguments read as ARGk (SysV: entry rsp+8+8(k-7),
                 Win64: entry rsp+40+8(k-5)); relocated or pc-relative operands become
                 a resolved location (compare.py)
  nasm           push %rdi/%rsi in the entry run and pop %rsi/%rdi in the run before a
                 ret; xmm6-15 saves to and restores from the stack in those runs; right
                 after the entry run, the argument moves rcx>rdi rdx>rsi r8>rdx r9>rcx,
                 stack>r8, stack>r9 (consecutive, in this order, any may be absent);
                 all of this for global functions only (local ones keep SysV)
"""

import re

from .objdump import PLACEHOLDER

NUM = r"-?(?:0x[0-9a-f]+|\d+)"
NOP_RE = re.compile(r"^(?:data16 |cs )*(?:nop[wlq]?\b.*|xchg %ax, %ax|int3)$")
ALLOC_RE = re.compile(rf"^(?:(?:sub|add)q? \${NUM}, %rsp|leaq? (?:{NUM})?\(%r[sb]p\), %rsp|movq? %rbp, %rsp)$")
PUSH_RE = re.compile(r"^pushq? %(\w+)$")
POP_RE = re.compile(r"^popq? %(\w+)$")
XMM_SAVE_RE = re.compile(rf"^v?mov(?:aps|dqa|ups|dqu) %xmm([6-9]|1[0-5]), (?:{NUM})?\(%r[sb]p\)$")
XMM_RESTORE_RE = re.compile(rf"^v?mov(?:aps|dqa|ups|dqu) (?:{NUM})?\(%r[sb]p\), %xmm([6-9]|1[0-5])$")
FRAME_RE = re.compile(r"^(?:movq? %rsp, %rbp|andq? \$-?\w+, %rsp)$")
ARG_MOVES = [re.compile(p) for p in (
    r"^movq? %rcx, %rdi$", r"^movq? %rdx, %rsi$", r"^movq? %r8, %rdx$", r"^movq? %r9, %rcx$",
    rf"^movq? (?:{NUM})?\(%r[sb]p\), %r8$", rf"^movq? (?:{NUM})?\(%r[sb]p\), %r9$")]
EXIT_RE = re.compile(r"^(?:rep )?retq?\b")
RIP_RE = re.compile(rf"(?:{NUM})?\(%rip\)")
BRANCH_RE = re.compile(r"^(j\w+|callq?|loop\w*|jrcxz|jecxz|xbegin) (0x[0-9a-f]+)(?: <[^>]*>)?$")
XCHG_RE = re.compile(r"^(xchg[bwlq]?) (%\w+), (%\w+)$")
STACK_OP_RE = re.compile(rf"({NUM})?\(%(rsp|rbp)\)")


def _is_entry_run(text):
    return bool(text == "endbr64" or PUSH_RE.match(text) or ALLOC_RE.match(text) or FRAME_RE.match(text)
                or XMM_SAVE_RE.match(text))


def _is_exit_run(text):
    return bool(POP_RE.match(text) or ALLOC_RE.match(text) or XMM_RESTORE_RE.match(text)
                or re.match(r"^movq? %rbp, %rsp$", text))


def _depth_step(text, depth):
    """Bytes below the entry rsp after one entry-run instruction (None: unknown)."""
    if depth is None:
        return None
    if PUSH_RE.match(text):
        return depth + 8
    m = re.match(rf"^subq? \$({NUM}), %rsp$", text)
    if m:
        return depth + int(m.group(1), 0)
    if re.match(r"^andq? ", text):
        return None
    return depth


def win64_dropped(insns):
    """Indices of the Win64-only instructions of one nasm function."""
    texts = [i.text for i in insns]
    drop = set()
    i = 0
    while i < len(texts) and _is_entry_run(texts[i]):
        m = PUSH_RE.match(texts[i])
        if (m and m.group(1) in ("rdi", "rsi")) or XMM_SAVE_RE.match(texts[i]):
            drop.add(i)
        i += 1
    k = 0
    while i < len(texts) and k < len(ARG_MOVES):
        if ARG_MOVES[k].match(texts[i]):
            drop.add(i)
            i += 1
        k += 1
    for j, t in enumerate(texts):
        if not EXIT_RE.match(t):
            continue
        b = j - 1
        while b >= 0 and _is_exit_run(texts[b]):
            m = POP_RE.match(texts[b])
            if (m and m.group(1) in ("rsi", "rdi")) or XMM_RESTORE_RE.match(texts[b]):
                drop.add(b)
            b -= 1
    return drop


def entry_depths(insns, win64):
    """(rsp depth, rbp depth) below the entry rsp once the entry run (and, on Win64,
    the argument moves) is done; None where unknown."""
    depth, rbp = 0, None
    for ins in insns:
        t = ins.text
        if _is_entry_run(t):
            if re.match(r"^movq? %rsp, %rbp$", t):
                rbp = depth
            depth = _depth_step(t, depth)
        elif not (win64 and any(p.match(t) for p in ARG_MOVES)):
            break
    return depth, rbp


def stack_arg(disp, base, depths, win64):
    """ARGk for a stack operand above the return address, else None."""
    depth = depths[0] if base == "rsp" else depths[1]
    if depth is None:
        return None
    above = disp - depth  # offset from the entry rsp (which points at the return address)
    if above < 8:
        return None
    if win64:
        if above < 40:
            return "HOME"
        return f"ARG{5 + (above - 40) // 8}" + (f"+{(above - 40) % 8}" if (above - 40) % 8 else "")
    return f"ARG{7 + (above - 8) // 8}" + (f"+{(above - 8) % 8}" if (above - 8) % 8 else "")


def normalise(obj, section, insns, flavour, is_global):
    """[(insn, key, target)]: key is the text compared, target a (section, offset) that
    compare.py turns into a function+index or data location. Only global functions get
    the Win64 ABI on nasm; local ones take SysV registers and stack from their callers."""
    win64 = flavour == "nasm" and is_global
    drop = win64_dropped(insns) if win64 else set()
    depths = entry_depths(insns, win64)
    out = []
    for n, ins in enumerate(insns):
        t = ins.text
        if n in drop or t == "endbr64" or NOP_RE.match(t) or ALLOC_RE.match(t):
            continue
        key, target = t, None
        m = BRANCH_RE.match(t)
        if m:
            shown = int(m.group(2), 16)
            key = f"{m.group(1)} {PLACEHOLDER}"
            target = branch_target(obj, section, ins, shown)
        elif RIP_RE.search(t):
            key = RIP_RE.sub(PLACEHOLDER + "(%rip)", t)
            target = rip_target(obj, section, ins)
        elif ins.relocs:
            key = t + " [reloc " + ",".join(r[1] for r in ins.relocs) + "]"
        key = _zero_extending_mov(key)
        m = XCHG_RE.match(key)
        if m:  # symmetric: assemblers pick either operand order
            key = f"{m.group(1)} " + ", ".join(sorted(m.group(2, 3)))
        if n not in drop and depths != (None, None):
            key = STACK_OP_RE.sub(lambda mm: _stack_sub(mm, depths, win64), key)
        out.append((ins, key, target))
    return out


GPR32 = {"rax": "eax", "rbx": "ebx", "rcx": "ecx", "rdx": "edx", "rsi": "esi", "rdi": "edi",
         "rbp": "ebp", "rsp": "esp", **{f"r{i}": f"r{i}d" for i in range(8, 16)}}


def _zero_extending_mov(key):
    """nasm writes `mov r64, imm` with 0 <= imm < 2^31 as the zero-extending 32-bit
    mov: the same value in the register, so compare it as that."""
    m = re.match(rf"^movq \$({NUM}), %(\w+)$", key)
    if m and m.group(2) in GPR32 and 0 <= int(m.group(1), 0) < 2**31:
        return f"movl ${m.group(1)}, %{GPR32[m.group(2)]}"
    return key


def _stack_sub(m, depths, win64):
    arg = stack_arg(int(m.group(1), 0) if m.group(1) else 0, m.group(2), depths, win64)
    return arg if arg else m.group(0)


def _sym_addend(text):
    m = re.match(r"^(.*?)([+-](?:0x[0-9a-f]+|\d+))?$", text)
    return m.group(1), int(m.group(2), 0) if m.group(2) else 0


def _field(ins, shown=None):
    """The relocated 32-bit field's value: the displacement, or branch target - next."""
    if shown is not None:
        return shown - ins.next
    m = re.search(rf"({NUM})?\(%rip\)", ins.text)
    return int(m.group(1), 0) if m and m.group(1) else 0


def _resolve(obj, section, ins, field):
    if not ins.relocs:
        return obj.locate(ins.next + field, section)
    off, typ, sym = ins.relocs[0]
    name, addend = _sym_addend(sym)
    sec, base = obj.symbol_location(name)
    if sec is None:
        return ("extern:" + name.lstrip("_"), addend)
    if obj.format == "elf":  # RELA: the field is 0, the addend counts from the field
        return sec, base + addend + (ins.next - off)
    if obj.format == "macho" and name not in obj.symbols:  # section-relative: as laid out
        return obj.locate(ins.next + field)
    adjust = int(typ.rsplit("_", 1)[1]) if re.search(r"REL32_\d$", typ) else 0
    return sec, base + field + (ins.next - off - 4) - adjust


def rip_target(obj, section, ins):
    return _resolve(obj, section, ins, _field(ins))


def branch_target(obj, section, ins, shown):
    return _resolve(obj, section, ins, _field(ins, shown))
