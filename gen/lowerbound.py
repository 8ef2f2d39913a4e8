"""Analytic lower bounds of what an NPU kernel must issue for one call, for the benchmark's
counter section (`ninja bench`): the work no kernel of the machine model can avoid.

A2A3 counts repeats (a repeat processes up to 256 bytes; the vector unit issues while earlier
repeats run, so time follows repeats): every output element needs a lane of some repeat, a
row-expand mode-1 column needs vbrcb's 8 rows per repeat, and an argmax (argmin) row needs one
vcmax (vcmin) repeat per E values at each level of its reduction tree (one repeat reduces to one
pair); a row fold needs a lane of a fold repeat for each element past its first E, then a vcadd
repeat, or the levels of its tree (gen/kinds/row_reduce.py); a conversion between dtypes of two
widths takes, in a repeat, either E consecutive elements of the wider operand's storage or at
most E / (its width ratio) lanes (gen/kinds/convert.py mixed_width_repeats).
Its instruction bound is one instruction per 255 repeats of each instruction the kernel needs.

A5 counts instructions (one register each): per register of output, a load of each full input, the
operation and the store, and one predicate (plt) a call. Elementwise regions whose rows are back to back run as one; expand rows
run one by one (a register cannot hold two rows' broadcast values), and each row needs its narrow
value in a register (mode 2: one block load; mode 1: one element load and a vdup), each
col-expand chunk its narrow row chunk. An argmax (argmin) row needs, as upstream's A5 scheme does,
a load, a vcmax (vcmin) and a vdintlv per chunk, and for every chunk after the first the merge
into the running pair: vadds (lane to column), vcmp and two vsel; then its stores. A row fold
needs a load per chunk, a fold per later chunk, the register's reduction (vcadd, or a vdintlv and
an operation per level of its tree) and a store.

Both add one instruction (one repeat) per scalar no instruction takes (spec/ops.lua scalar =
"dup": broadcast once per call). A math run on the scalar unit is bounded by one scalar load and
one store per element (metric "scalar").

Each kind's bound is its module's lower_bound (gen/kinds/<kind>.py); the helpers are here.
"""
import kinds
import lower


def ceil(a, b):
    return -(-a // b)


def runs(vr, vc, storage_cols, E):
    """Registers (A5) the valid region takes: one run when rows are back to back, else per row."""
    return ceil(vr * vc, E) if vc == storage_cols or vr == 1 else vr * ceil(vc, E)


def reduce_levels(vc, E):
    """Repeats per row of the vcmax (vcmin) reduction tree over vc values."""
    total, n = 0, vc
    while True:
        total += ceil(n, E)
        n = ceil(n, E)
        if n <= 1:
            return total


def a2a3(m, parts):
    """A2A3: the repeats of each part, and one instruction per max_repeat repeats of each."""
    return {"metric": "repeats", "value": sum(parts), "instructions": sum(ceil(x, m["max_repeat"]) for x in parts)}


def a5(value):
    """A5: instructions, and the predicate every register operation needs (one plt a call)."""
    return {"metric": "instructions", "value": value + 1, "instructions": 0}


def issued(step, dt):
    """The instructions a program step needs: a select (spec/ops.lua lower.select) three, the
    operation, the compare and vsel; a shift by a count per lane (A5) also the count's clamp and,
    where wide counts give 0, the compare and select of those lanes (npu._a5_counts); else one."""
    if step["cls"] == "select":
        return 3
    if step.get("count") and step["cls"] == "binary":
        return 2 if step["count"] == "sign" and dt["class"] == "signed" else 4
    return 1


def bound(inst, p, tup, vr, vc, storage_cols):
    """{"metric": "repeats" | "instructions", "value": the bound, "instructions": the A2A3
    instruction bound (0 for A5)}: the kind's (gen/kinds/<kind>.py lower_bound)."""
    m = inst.model.profile(p)["machine"]
    kind = kinds.of(inst)
    E = m["repeat_bytes"] // tup.dtype_of(kind.MAIN_OPERAND)["bytes"]
    prog = inst.program(p, inst.math_dtype(tup), tup.entry["form"])
    if prog["scalar_unit"]:  # no vector instruction takes the dtype: each element is loaded and stored once
        return {"metric": "scalar", "value": 2 * vr * vc, "instructions": 0}
    dups = sum(1 for s in prog["steps"] if s["cls"] == "dup")  # a scalar no instruction takes: broadcast once
    if hasattr(kind, "walks"):  # a kind whose kernels run programs: bounded per instruction
        # a select (spec/ops.lua lower.select) issues three: the operation, the compare, vsel; and
        # writes the bits' address for CMPMASK and loads it at least once
        steps = lower.compute_steps(prog)
        b = kind.lower_bound(m, p, tup, vr, vc, storage_cols, E, sum(issued(s, inst.model.dtypes[inst.math_dtype(tup)])
                                                                     for s in steps))
        selects = 2 * sum(s["cls"] == "select" for s in steps)
        b["value"] += selects
        b["instructions"] += selects
    else:
        b = kind.lower_bound(m, p, tup, vr, vc, storage_cols, E)
    b["value"] += dups
    if b["metric"] == "repeats":
        b["instructions"] += dups
    return b
