"""Context of a vector machine model's templates (the public header and the simulator of an NPU
profile): the profile's instruction set from its spec, the width-generic data moves every model
has, and the hardware rules its simulator checks on every call."""
from cexpr import CTYPE
import lower
import reductions


# Per machine model (the profile's template folder): the hardware rules its simulator checks
# (name, what must hold; a broken rule is a fault naming it), the instructions it has besides
# the profile's arithmetic ISA, and what its "repeats" counter counts.
MODELS = {
    "a2a3": {
        "rules": [
            ("ub_bounds", "every byte an instruction or scalar access touches lies inside UB (vsel mode 2's selection "
                          "bits too, at the UB address CMPMASK[31:0] holds)"),
            ("align", "operand start addresses are block aligned, vcmpvs's and vcmpv's bits, vsel's selection bits "
                      "(modes 1 and 2) and set_cmpmask's source too (vcmax/vcmin/vcadd outputs: one output unit; "
                      "scalar access: natural)"),
            ("repeat", "a repeat count is at most max_repeat"),
            ("stride", "block and repeat strides are at most max_repeat_stride blocks"),
            ("mask", "norm mode selects at least one lane and none at or beyond E (all ones means every lane); "
                     "counter mode counts at least one element; vcmpvs and vcmpv (which take no mask) run in norm mode"),
            ("flag", "scalar access to UB written by vector instructions waits for a V->S flag, and vector "
                     "instructions after scalar stores wait for an S->V flag"),
            ("arg", "arguments are meaningful: a dtype the instruction takes here, a known order, pattern, "
                    "condition or width, an instruction of one operand; vcmpvs and vcmpv compare i32 for EQ only; "
                    "a shift count below the element width; vconv's rounding mode a pto_round and its "
                    "saturation ON or OFF"),
        ],
        # besides the ISA: width-generic moves, the compares (vcmp, vcmpvs, vcmpv: a dtype argument) and CMPMASK's load
        # and vconv (TCVT's conversion between two dtypes, their pair an argument)
        "moves": ["vbrcb", "vreducev2", "vector_dup", "vcopy", "vcmp", "vsel", "vcmpvs", "vcmpv", "set_cmpmask", "vconv"],
        "dup": "vector_dup",  # broadcasts a scalar (spec/ops.lua: scalar = "dup")
        "repeats": "repeats the instructions executed (a repeat processes up to 256 bytes)",
    },
    "a5": {
        "rules": [
            ("ub_bounds", "every byte a load or store touches lies inside UB"),
            ("align", "NORM and BLK addresses are block aligned; ONEPT addresses naturally aligned; psts and plds "
                      "addresses aligned to the bytes they move (VL / element bytes / 8)"),
            ("predicate", "an instruction that needs a predicate gets one made by plt (or a compare, plds or predicate "
                          "logic) for its element width"),
            ("flag", "scalar access to UB written by vector stores waits for a V->S flag, and vector loads and "
                     "stores after scalar stores wait for an S->V flag"),
            ("arg", "arguments are meaningful: a dtype the instruction takes here, a known mode, distribution, "
                    "condition or width, an instruction of one operand; a shift count below the element width "
                    "(vshls/vshrs: the scalar; vshl/vshr: every active lane of the count register); vcvt's dtypes "
                    "of 1, 2 or 4 bytes, its rounding mode a pto_round and its saturation ON or OFF"),
        ],
        "moves": ["plt", "pand", "pnot", "vlds", "vsts", "vcmp", "vsel", "vdup", "vbr", "vdintlv", "vcmps", "psts",
                  "plds", "vcvt"],
        "dup": "vbr",
        "repeats": "register operations: every instruction but predicate generation and logic (plt, pand, pnot); "
                   "predicate loads and stores (plds, psts) count as vlds and vsts do",
    },
}


def context(model, p):
    prof = model.profile(p)
    isa = prof["isa"] or {}
    ops = sorted(isa)
    dtypes = model.dtypes
    instrs = lower.instructions(model, p)
    op_rows = {o["name"]: o for o in model.ops}

    def alu_row(op):
        """An element-wise instruction's element op, the classes it is defined on and how it treats
        the float formats (spec/ops.lua): "bits" (exact on the stored bits: f16 and bf16 are not
        converted), "format" (per_format: rounds to each format itself) or "round" (the f32 op,
        rounded once to the format)."""
        o = op_rows[instrs[op]["op"]]
        return {"op": op, "fn": o["name"], "float": "float" in o["classes"], "signed": "signed" in o["classes"],
                "unsigned": "unsigned" in o["classes"],
                "form": "bits" if o["bits"] else "format" if o["per_format"] else "round"}

    typed = [{"op": op, "cls": instrs[op]["cls"], "dt": d, "T": CTYPE[d], "enum": dtypes[d]["enum"]}
             for op in ops for d in isa[op]]
    spec = MODELS[p]
    return {
        "prof": prof,
        "machine": prof["machine"],
        "machine_list": sorted(prof["machine"].items()),
        "rules": [{"name": n, "doc": doc} for n, doc in spec["rules"]],
        "repeats_doc": spec["repeats"],
        "opcodes": ops + spec["moves"],
        "isa": [{"op": op, "cls": instrs[op]["cls"], "dtypes": [dtypes[d]["enum"] for d in isa[op]]} for op in ops],
        "typed": typed,
        "widths": sorted({dtypes[d]["bits"] for op in ops for d in isa[op]}),
        # the scalar unit's loads and stores: every element width, bytes (a mask's bits come in bytes) and
        # 64 bits (TCVT's i64)
        "scalar_widths": sorted({8, 64} | {dtypes[d]["bits"] for op in ops for d in isa[op]}),
        "compared": [{"name": d["name"], "enum": d["enum"]} for d in model.dtype_list
                     if any(d["name"] in isa[op] for op in ops)],
        # element-wise instructions by the classes of dtypes their operation is defined on
        "alu_ops": [alu_row(op) for op in ops if instrs[op]["cls"] in ("binary", "scalar")],
        # element-wise instructions of one operand, by the same classes and, on floats, their form
        "unary_ops": [alu_row(op) for op in ops if instrs[op]["cls"] == "unary"],
        # shifts: their scalar is a count, below the element width (spec/ops.lua lower.count)
        "count_ops": [op for op in ops if instrs[op].get("count")],
        # the row reductions it has and their direction (down: the minimum wins)
        "reductions": [{"op": i, "down": reductions.REDUCTIONS[d["op"]]["better"] == "<"}
                       for i, d in sorted(instrs.items()) if d["cls"] == "reduce"],
        # the in-register folds (a row reduction of a value) and the element-wise instruction of their
        # operation, whose element op each step of the fold's tree applies
        "folds": [{"op": i, "lanes": d["lanes"]} for i, d in sorted(instrs.items()) if d["cls"] == "fold"],
        # lanes of the narrowest element the model moves: its register arrays' size
        "max_lanes": prof["machine"]["repeat_bytes"] * 8 // min(dtypes[d]["bits"] for op in ops for d in isa[op]),
    }
