# SPDX-License-Identifier: Apache-2.0
"""Token-level mutations of a translator input, driven by one random.Random.

Each mutant gets one to three of: a number replaced (0, -1, huge, octal-looking,
an expression), a register replaced (x18, the stack pointer, callee-saved ones, other
widths), a mnemonic replaced (unknown, wrong suffix, a stack or return instruction),
a `.ctasm_proc` key duplicated, malformed or out of range, a raw directive inserted,
a line deleted, duplicated or swapped with the next, a label renamed, duplicated or
given a reserved name.
"""

import re

NUMBERS = ["0", "-1", "1", "010", "0x10", "4294967304", "0xffffffffffffffff", "18446744073709551616",
           "-9223372036854775808", "1+2<<3", "(1<<63)", "4081", "3841", "65536", "255", "256",
           "-0x80000000", "0b101", "1/0", "7%0", "~0", "08", "0x", "1e3"]
REGISTERS = {
    "x86_64": ["%rsp", "%rbp", "%rbx", "%r12", "%r15", "%rdi", "%rsi", "%rip", "%eax", "%ax", "%al",
               "%ah", "%r8d", "%xmm6", "%xmm15", "%ymm7", "%zmm31", "%k1", "%k0", "%cr0", "%fs", "%st"],
    "aarch64": ["x18", "w18", "sp", "wsp", "xzr", "x29", "x30", "x19", "lr", "fp", "v8", "q8", "d8",
                "x31", "ip0", "w31", "s31"],
    "armv7": ["sp", "pc", "lr", "r12", "r4", "r11", "ip", "fp", "d8", "q4", "d31", "r15", "r13",
              "apsr", "s0"],
}
MNEMONICS = {
    "x86_64": ["frobnicate", "ret", "push", "pushq", "pop", "leave", "enter", "cpuid", "lodsb",
               "rep stosb", "syscall", "int3", "addl", "addb", "movabs", "call", "jmp", "vpxord",
               "pushfq", "ud2", "xchg", "lea", "movq", "cmovz", "vzeroupper", "kmovw"],
    "aarch64": ["frobnicate", "ret", "br", "blr", "bl", "b", "adrp", "stp", "ldp", "svc", "hvc",
                "msr", "mrs", "retaa", "paciasp", "autiasp", "bti", "aese", "sha1c", "udf", "brk"],
    "armv7": ["frobnicate", "bx", "blx", "push", "pop", "vpush", "vpop", "ldm", "stmdb", "svc",
              "mrs", "msr", "aese.8", "vmull.p64", "bkpt", "movw", "movt", "ldr", "adr", "wfi"],
}
DIRECTIVES = {
    "x86_64": [".globl ctasm_x", ".type ctasm_x,@function", ".size ctasm_x,8", ".cfi_adjust_cfa_offset 8",
               ".section .data", ".text", ".byte 010", ".long 1+2<<3", ".quad 18446744073709551616",
               ".rept 2", ".endr", "#define FOO 1", "# if it works", ".ctasm_align 3", ".ctasm_align 0",
               ".ctasm_ret", ".ctasm_endproc", ".ctasm_rodata", ".ctasm_text", ".set x, 1",
               ".ctasm_stack_arg 7, %rax", ".ctasm_stack_arg 99, %rax", ".ctasm_adr %rax, memcpy",
               ".hidden ctasm_x", ".p2align 4", ".seh_endprologue", ".ctasm_proc ctasm_y, global"],
    "arm": [".globl ctasm_x", ".type ctasm_x,%function", ".size ctasm_x,8", ".cfi_def_cfa_offset 16",
            ".section .data", ".text", ".byte 010", ".word 1+2<<3", ".quad 18446744073709551616",
            ".rept 2", ".endr", "#define FOO x18", "# if it works", ".irp r,x18", ".ctasm_align 3",
            ".ctasm_ret", ".ctasm_endproc", ".ctasm_rodata", ".ctasm_text", ".set x, 1", ".req x18",
            ".ctasm_adr x0, memcpy", ".ctasm_arch_ext aes", ".ctasm_arch_ext sha2", ".arch armv8-a",
            ".inst 0xd503233f", ".ltorg", ".thumb", ".ctasm_proc ctasm_y, global"],
}
KEYS = ["args=6", "args=0", "args=17", "args=-1", "args=", "args=abc", "save=rbx,rbx", "save=rsp",
        "save=x19-x22,x18", "save=x19", "save=r4-r11,lr", "save=sp", "save=lr,lr", "vsave=d8-d15",
        "vsave=d7", "vsave=d8,d8", "frame=8", "frame=-8", "frame=4294967304", "frame=4081", "frame=3841",
        "frame=010", "frame=1+2", "align=32", "align=48", "align=64", "global", "global, global",
        "leaf", "broken_unwind", "frobnicate=1", "=", ",", "save="]
NAMES = ["linux", "unix", "rax", "x0", "r0", "rel", "qword", "sp", "CTASM_X", "__x", "_X", "mov",
         "ret", "WIN32", "arm", "aarch64", "__APPLE__", "ctasm_ok", "1f", ".Lfoo", "$x", "a.b"]
NUMBER_RE = re.compile(r"(?<![\w.$%])(-?(?:0x[0-9a-fA-F]+|\d+))(?![\w.])")
X86_REG_RE = re.compile(r"%[a-z][a-z0-9]*")
ARM_REG_RE = re.compile(r"\b(?:[xwvqdsbh]\d+|sp|wsp|xzr|wzr|lr|pc|ip|fp|r\d+)\b")
LABEL_DEF_RE = re.compile(r"^(\s*)(\.L[\w$]+):")
PROC_RE = re.compile(r"^(\s*\.ctasm_proc\s+)([\w$.]+)(.*)$")


def family(isa):
    return "x86_64" if isa == "x86_64" else "arm"


def _code_lines(lines):
    return [i for i, ln in enumerate(lines) if ln.strip() and not ln.lstrip().startswith(("#", "//", "@"))]


def _insn_lines(lines):
    return [i for i in _code_lines(lines)
            if not lines[i].lstrip().startswith(".") and not re.match(r"^\s*[\w.$]+:\s*$", lines[i])]


def number(rng, lines, isa):
    cands = [i for i in _code_lines(lines) if NUMBER_RE.search(lines[i])]
    if not cands:
        return False
    i = rng.choice(cands)
    ms = list(NUMBER_RE.finditer(lines[i]))
    m = rng.choice(ms)
    lines[i] = lines[i][:m.start()] + rng.choice(NUMBERS) + lines[i][m.end():]
    return True


def register(rng, lines, isa):
    rx = X86_REG_RE if isa == "x86_64" else ARM_REG_RE
    cands = [i for i in _insn_lines(lines) + [i for i in _code_lines(lines) if ".ctasm_adr" in lines[i]]
             if rx.search(lines[i])]
    if not cands:
        return False
    i = rng.choice(cands)
    m = rng.choice(list(rx.finditer(lines[i])))
    lines[i] = lines[i][:m.start()] + rng.choice(REGISTERS[isa]) + lines[i][m.end():]
    return True


def mnemonic(rng, lines, isa):
    cands = _insn_lines(lines)
    if not cands:
        return False
    i = rng.choice(cands)
    m = re.match(r"^(\s*)(\S+)(.*)$", lines[i], re.S)
    old = m.group(2)
    choice = rng.random()
    if isa == "x86_64" and choice < 0.3:  # wrong or missing suffix
        new = old[:-1] if old[-1] in "bwlq" and rng.random() < 0.5 else old + rng.choice("bwlq")
    elif isa != "x86_64" and choice < 0.2:  # a condition code or a flag-setting form
        new = old + rng.choice(["eq", "s", ".w", "ne"])
    else:
        new = rng.choice(MNEMONICS[isa])
    lines[i] = m.group(1) + new + m.group(3)
    return True


def proc_key(rng, lines, isa):
    cands = [i for i, ln in enumerate(lines) if PROC_RE.match(ln)]
    if not cands:
        return False
    i = rng.choice(cands)
    m = PROC_RE.match(lines[i])
    rest = m.group(3).rstrip("\n")
    keys = [k.strip() for k in rest.split(",") if k.strip()]
    op = rng.random()
    if op < 0.5 or not keys:
        keys.insert(rng.randrange(len(keys) + 1), rng.choice(KEYS))
    elif op < 0.7:
        keys.append(rng.choice(keys))  # duplicated
    elif op < 0.85:
        keys.pop(rng.randrange(len(keys)))
    else:
        name = rng.choice(NAMES)
        lines[i] = m.group(1) + name + rest + "\n"
        return True
    lines[i] = m.group(1) + m.group(2) + "".join(", " + k for k in keys) + "\n"
    return True


def directive(rng, lines, isa):
    i = rng.randrange(len(lines) + 1)
    lines.insert(i, "\t" + rng.choice(DIRECTIVES[family(isa)]) + "\n")
    return True


def line_edit(rng, lines, isa):
    cands = _code_lines(lines)
    if not cands:
        return False
    i = rng.choice(cands)
    op = rng.random()
    if op < 0.4:
        del lines[i]
    elif op < 0.7:
        lines.insert(i, lines[i])
    elif i + 1 < len(lines):
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    return True


def label(rng, lines, isa):
    defs = [i for i, ln in enumerate(lines) if LABEL_DEF_RE.match(ln)]
    if not defs:
        return False
    i = rng.choice(defs)
    name = LABEL_DEF_RE.match(lines[i]).group(2)
    op = rng.random()
    if op < 0.3:
        lines.insert(rng.randrange(len(lines) + 1), name + ":\n")  # defined twice
    elif op < 0.6:  # renamed definition: its uses become undefined
        lines[i] = lines[i].replace(name, name + "_x", 1)
    elif op < 0.8:  # a reserved or register-like name, everywhere
        new = rng.choice(NAMES)
        lines[:] = [re.sub(rf"(?<![\w$.]){re.escape(name)}(?![\w$])", new, ln) for ln in lines]
    else:  # a use of an undefined label
        j = rng.choice(_insn_lines(lines) or [i])
        lines[j] = lines[j].rstrip("\n") + ("+8\n" if rng.random() < 0.5 else "\n") \
            if name not in lines[j] else lines[j].replace(name, ".Lnowhere", 1)
    return True


MUTATORS = [number, number, register, register, mnemonic, proc_key, directive, line_edit, label]


def mutate(rng, text, isa):
    """A mutant of TEXT and the names of the mutations applied."""
    lines = text.splitlines(True)
    applied = []
    for _ in range(rng.choice((1, 1, 2, 3))):
        for _attempt in range(5):
            m = rng.choice(MUTATORS)
            if m(rng, lines, isa):
                applied.append(m.__name__)
                break
    return "".join(lines), applied
