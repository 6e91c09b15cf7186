# SPDX-License-Identifier: Apache-2.0
"""The promise as an oracle: what one input does on every flavour of its ISA.

verdict(text, isa, tmp) returns ("refused", None), ("accepted", None) or
("finding", Finding). Refused means every flavour exited non-zero with one error line
`XLATE (FLAVOUR): [input ]line N: ...` (N a line of the input; the input line may be
echoed on a second, indented line) and wrote no output file. Accepted means every
flavour exited 0 with nothing on stderr, the output assembles for every target of the
ISA, util/check_flavours.py finds no difference and util/check_cfi.py no failure.
Everything else is a finding; its signature (class, flavour, a message with numbers
and names taken out) is what the known list matches.
"""

import os
import re
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.join(ROOT, "util"))
sys.dont_write_bytecode = True
import check_cfi  # noqa: E402
import check_flavours  # noqa: E402
import targets as target_table  # noqa: E402

# util/check_cfi.py keeps the ABI of the object being checked in module state
# (cfi.x86.set_abi), so two threads must not check objects at the same time.
CFI_LOCK = threading.Lock()
ERROR_RE = re.compile(r"^(?:x86_64|arm)-xlate\.pl \((\w+)\): (?:input )?line (\d+): \S")


class Finding:
    def __init__(self, cls, flavour, detail, full=None):
        self.cls, self.flavour, self.detail = cls, flavour, detail.strip()
        self.full = full or detail

    @property
    def signature(self):
        return f"{self.cls}:{self.flavour}:{generalise(self.detail)}"

    def __str__(self):
        return f"{self.cls} [{self.flavour}]: {self.full.strip()}"


def generalise(msg):
    """A message with what varies from mutant to mutant taken out."""
    msg = msg.splitlines()[0] if msg else ""
    msg = re.sub(r"/tmp/\S+|\S+\.(?:S|asm|o|obj)\b", "F", msg)
    msg = re.sub(r"`[^`']*'|`[^`]*`|'[^']*'|\"[^\"]*\"", "Q", msg)
    msg = re.sub(r"(?:0x[0-9a-f]+|\b\d+\b)", "N", msg)
    msg = re.sub(r"\b(?:ctasm_|_ctasm_)?[\w$.]*ctasm\w*|\.L[\w$]+|L\$[\w$]+", "S", msg)
    return msg[:120]


# Test hooks (tests/xlate/fuzz.py --self-test): another translator, and an edit of
# one flavour's output, so every class of finding is shown to be reachable.
TRANSLATOR_OVERRIDE = {}
POSTPROCESS = None


def translate(isa, flavour, text, out):
    xlate = TRANSLATOR_OVERRIDE.get(isa) or os.path.join(ROOT, target_table.TRANSLATORS[isa])
    if os.path.exists(out):
        os.unlink(out)
    try:
        p = subprocess.run(["perl", xlate, flavour, out], input=text.encode("utf-8"),
                           capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        return Finding("hang", flavour, "translator ran for more than 60 s")
    err = p.stderr.decode("utf-8", "replace")
    nlines = len(text.splitlines())
    if p.returncode < 0:
        return Finding("crash", flavour, f"signal/status {p.returncode}: {err}")
    if p.returncode == 0:
        if err.strip():
            return Finding("perl-warning", flavour, err)
        if not os.path.isfile(out) or not os.path.getsize(out):
            return Finding("no-output", flavour, "exit 0 but no output file")
        if POSTPROCESS:
            with open(out, encoding="utf-8") as f:
                edited = POSTPROCESS(flavour, f.read())
            with open(out, "w", encoding="utf-8") as f:
                f.write(edited)
        return None
    lines = err.rstrip("\n").splitlines()
    if os.path.exists(out):
        return Finding("refusal-wrote-output", flavour, lines[0] if lines else "")
    m = ERROR_RE.match(lines[0]) if lines else None
    if not m or m.group(1) != flavour:
        return Finding("refusal-without-line", flavour, err or f"status {p.returncode}, no message")
    if not 1 <= int(m.group(2)) <= nlines:
        return Finding("refusal-line-out-of-range", flavour, lines[0])
    if len(lines) > 2 or (len(lines) == 2 and not lines[1][:1].isspace()):
        return Finding("refusal-not-one-line", flavour, err)
    return "refused"


def verdict(text, isa, tmp):
    rows = check_flavours.flavours_of(isa)
    outcomes = {}
    for t in rows:
        src = os.path.join(tmp, f"m-{t['name']}{t['ext']}")
        r = translate(isa, t["flavour"], text, src)
        if isinstance(r, Finding):
            return "finding", r
        outcomes[t["flavour"]] = (t, src, r)
    refused = [f for f, (_t, _s, r) in outcomes.items() if r == "refused"]
    if len(refused) == len(rows):
        return "refused", None
    if refused:
        accepted = [f for f in outcomes if f not in refused]
        return "finding", Finding("refused-on-some-flavours", ",".join(refused),
                                  f"accepted on {','.join(accepted)}")
    srcs = [(t, s) for t, s, _r in outcomes.values()]
    return accepted_checks(isa, srcs, tmp)


def accepted_checks(isa, srcs, tmp):
    objs = []
    for t, src in srcs:
        obj = os.path.join(tmp, check_flavours.object_name(t, "m-" + t["name"]))
        err = check_flavours.assemble(t, src, obj)
        if err:
            return "finding", Finding("does-not-assemble", t["flavour"], assembler_error(err), err)
        objs.append((t, obj))
    try:
        msg, _n = check_flavours.compare_objects(isa, [(t["flavour"], o) for t, o in objs], "mutant")
    except check_flavours.objdump.ObjError as e:
        return "finding", Finding("unreadable-object", "?", str(e))
    if msg:
        m = re.search(r"vs (\w+)[ :]", msg)
        return "finding", Finding("flavours-differ", m.group(1) if m else "?", _differ_detail(msg), msg)
    for t, obj in objs:
        try:
            with CFI_LOCK:
                results = check_cfi.check_object(obj)
        except Exception as e:  # noqa: BLE001  (any analysis failure is a finding)
            return "finding", Finding("cfi-unreadable", t["flavour"], f"{type(e).__name__}: {e}")
        for r in results:
            if r.error and not check_cfi.is_deliberate_negative(r.name):
                addr, text, why = r.error
                return "finding", Finding("cfi", t["flavour"], f"`{text}`: {why}")
    return "accepted", None


def assembler_error(err):
    """The first error line of gas, clang or nasm, without its file:line: prefix."""
    for line in err.splitlines():
        m = re.search(r":\d+:(?:\d+:)? (?:[Ee]rror|fatal): (.*)$", line)
        if m:
            return m.group(1)
    return err.splitlines()[-1] if err.strip() else "no message"


def _differ_detail(msg):
    """`mnemonic` on the reference vs on the other flavour: the stable part of the message."""
    ins = re.findall(r"`([^`]*)` \(compared", msg)
    keys = re.findall(r"\(compared as `([^`]*)`\)", msg)
    words = [i.split(" ")[0] for i in ins]
    if "functions differ" in msg:
        return "functions differ"
    if "read-only data differs" in msg:
        return "read-only data"
    # a stack operand on both sides: where the frame or the arguments are (a class of its own)
    stack = len(keys) == 2 and all(re.search(r"ARG\d|HOME|\(%r[sb]p\)|\[sp", k) for k in keys)
    return " vs ".join(f"<{w}>" for w in words) + (" stack" if stack else "")
