# SPDX-License-Identifier: Apache-2.0
"""tests/xlate/fuzz.py --self-test: every verdict and the main finding classes are
reachable, with the real translators and with stand-ins that misbehave on purpose."""

import os
import re

from . import oracle

LEAF = {"x86_64": ".ctasm_text\n.ctasm_proc\tctasm_st_leaf, global, args=1\n"
                  "\tmovq\t%rdi, %rax\n\txorq\t%rdx, %rax\n\t.ctasm_ret\n.ctasm_endproc\n",
        "aarch64": ".ctasm_text\n.ctasm_proc\tctasm_st_leaf, global, save=x29,x30\n"
                   "\teor\tx0, x0, x2\n\t.ctasm_ret\n.ctasm_endproc\n"}
REFUSED = ".ctasm_text\n.ctasm_proc\tctasm_st_bad, global, args=1\n\tfrobnicate\t%rax\n" \
          "\t.ctasm_ret\n.ctasm_endproc\n"
# Stand-in translators: (perl source, the class of finding it must produce)
STAND_INS = [
    ('print STDERR "something went wrong\\n"; exit 2;', "refusal-without-line"),
    ('open(my $f, ">", $ARGV[1]); print $f "x\\n"; close $f;'
     ' print STDERR "x86_64-xlate.pl ($ARGV[0]): input line 1: no\\n"; exit 1;', "refusal-wrote-output"),
    ('use warnings; my $x; my $y = "a" . $x; open(my $f, ">", $ARGV[1]); print $f "x\\n";', "perl-warning"),
    ('kill "SEGV", $$;', "crash"),
    ('if ($ARGV[0] eq "nasm") { print STDERR "x86_64-xlate.pl (nasm): input line 3: no\\n"; exit 1 }'
     ' open(my $f, ">", $ARGV[1]); print $f "\\n"; close $f;', "refused-on-some-flavours"),
]


def run(run_one, tmp_root):
    problems = []

    def expect(what, text, isa, want_kind, want_cls=None):
        kind, finding = run_one(text, isa, tmp_root)
        cls = finding.cls if finding else None
        ok = kind == want_kind and (want_cls is None or cls == want_cls)
        print(f"{'ok  ' if ok else 'FAIL'} self-test {what}: {kind}" + (f" {finding.signature}" if finding else ""))
        if not ok:
            problems.append(f"{what}: want {want_kind} {want_cls or ''}, got {kind} {cls or ''}")

    for isa, text in LEAF.items():
        expect(f"{isa} leaf", text, isa, "accepted")
    expect("unknown mnemonic", REFUSED, "x86_64", "refused")
    for n, (perl, cls) in enumerate(STAND_INS):
        path = os.path.join(tmp_root, f"stand_in_{n}.pl")
        with open(path, "w", encoding="utf-8") as f:
            f.write(perl + "\n")
        oracle.TRANSLATOR_OVERRIDE["x86_64"] = path
        try:
            expect(f"stand-in {cls}", LEAF["x86_64"], "x86_64", "finding", cls)
        finally:
            oracle.TRANSLATOR_OVERRIDE.clear()
    edits = [("x86_64", "nasm", r"(xor\w*\s.*)rdx", r"\1rsi", "flavours-differ"),
             ("x86_64", "macosx", r"\bxorq\b", "frobq", "does-not-assemble"),
             ("aarch64", "win64", r"(eor\s+x0, x0, )x2", r"\1x3", "flavours-differ"),
             ("aarch64", "ios64", r"\.cfi_offset\s+w?x?30.*", "", "cfi")]
    for isa, flavour, old, new, cls in edits:
        oracle.POSTPROCESS = lambda f, t, fl=flavour, o=old, n=new: re.sub(o, n, t) if f == fl else t
        try:
            expect(f"{flavour} output edited ({cls})", LEAF[isa], isa, "finding", cls)
        finally:
            oracle.POSTPROCESS = None
    print(f"fuzz self-test: {'FAILED: ' + '; '.join(problems) if problems else 'every verdict reachable'}")
    return 1 if problems else 0
