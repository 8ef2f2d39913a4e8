/* Part of every vector machine model: hand-written C (runtime/common/), copied into each simulated
 * profile's library as out/<profile>/pto_<profile>_sim_core.h. What every simulator shares: the
 * unified buffer, faults and counters, element loads and stores, bounds and dtype checks, and
 * element arithmetic per the semantics contract. Not a header to include anywhere else: the
 * profile's simulator (pto_<profile>_sim.c) includes it once, after
 *   - its public header pto/pto_<profile>_sim.h, pto_<profile>_ops.h (the element operations and
 *     the integer dtypes, PTO_<PROFILE>_INTS) and its generated pto_<profile>_sim_tables.h
 *     (SIM_OPS, SIM_TAKES, SIM_ALU_FLOAT_OPS, SIM_ALU1_FLOAT_OPS, ...),
 *   - PTO(name) and PTO_(NAME): the profile's names, pto_<profile>_name and PTO_<PROFILE>_NAME,
 * and defines reset_machine() and on_issue(). Freestanding: no libc. */
#ifndef PTO_SIM_CORE_H
#define PTO_SIM_CORE_H

static void reset_machine(void); /* the machine's own state as kernels expect to find it */
static void on_issue(void);      /* after every issued instruction */

static _Alignas(64) uint8_t ub[PTO_(UB_BYTES)];

static struct {
    PTO(fault_handler) handler;
    void *context;
    PTO(stats) stats;
} sim;

/* The scalar unit's view of UB hand-over (flags): what the other unit wrote without one. */
static struct {
    int vector_written; /* vector stores to UB the scalar unit has not been flagged about */
    int scalar_written; /* scalar stores the vector unit has not been flagged about */
} su;

#define SIM_NAME(name) #name,
static const char *const op_names[] = { SIM_OPS(SIM_NAME) "scalar access" };
static const char *const rule_names[] = { SIM_RULES(SIM_NAME) };
#undef SIM_NAME
static const unsigned char elem_bytes[] = { SIM_ELEM_BYTES };

/* The dtypes each arithmetic instruction takes on this profile (bit d: pto_dtype d). */
static uint32_t takes(PTO(op) op)
{
#define SIM_TAKES_CASE(opcode, dtypes) case opcode: return dtypes;
    switch (op) {
    SIM_TAKES(SIM_TAKES_CASE)
    default: return 0;
    }
#undef SIM_TAKES_CASE
}

/* ---- faults ---- */

typedef struct { char *at, *end; } text;

static void put(text *t, const char *s)
{
    while (*s && t->at < t->end) *t->at++ = *s++;
}

static void put_u(text *t, uint64_t v)
{
    char digits[20];
    int n = 0;
    do digits[n++] = (char)('0' + v % 10); while ((v /= 10) != 0);
    while (n > 0 && t->at < t->end) *t->at++ = digits[--n];
}

/* Reports "<instruction>: <operand> <what> <value>; allowed: <allowed>" and returns 1. */
static int fault(PTO(op) op, PTO(hw_rule) rule, const char *operand, const char *what, uint64_t value,
                 const char *allowed)
{
    PTO(fault) f;
    text t;
    t.at = f.message;
    t.end = f.message + sizeof f.message - 1;
    f.rule = rule;
    f.op = op;
    f.instruction = op_names[op];
    put(&t, f.instruction);
    put(&t, ": ");
    if (operand) { put(&t, operand); put(&t, " "); }
    put(&t, what);
    put(&t, " ");
    put_u(&t, value);
    put(&t, "; allowed: ");
    put(&t, allowed);
    *t.at = '\0';
    if (sim.stats.faults++ == 0) PTO(_copy_bytes)(&sim.stats.first_fault, &f, sizeof f);
    if (sim.handler) sim.handler(&f, sim.context);
    else __builtin_trap(); /* a kernel broke a hardware rule */
    return 1;
}

/* ---- the public state calls ---- */

void *PTO(ub)(size_t *size)
{
    if (size) *size = sizeof ub;
    return ub;
}

#if PTO_(RESERVED_SCRATCH_BYTES)
void *PTO(scratch)(void) { return ub + PTO_(UB_TILE_BYTES); }
#endif

void PTO(sim_set_fault_handler)(PTO(fault_handler) handler, void *context)
{
    sim.handler = handler;
    sim.context = context;
}

PTO(fault_handler) PTO(sim_fault_handler)(void **context)
{
    if (context) *context = sim.context;
    return sim.handler;
}

void PTO(sim_stats)(PTO(stats) *out) { PTO(_copy_bytes)(out, &sim.stats, sizeof *out); }

void PTO(sim_reset)(void)
{
    unsigned char *s = (unsigned char *)&sim.stats;
    size_t k;
    for (k = 0; k < sizeof sim.stats; k++) s[k] = 0;
    su.vector_written = su.scalar_written = 0;
    reset_machine();
}

void PTO(sim_after_kernel)(void) { su.vector_written = 1; }

const char *PTO(hw_rule_name)(PTO(hw_rule) rule)
{
    return (unsigned)rule < PTO_(N_HW_RULES) ? rule_names[rule] : "unknown rule";
}

/* ---- operands ---- */

static uint32_t load(uintptr_t a, unsigned bytes)
{
    const unsigned char *p = (const unsigned char *)a;
    uint32_t v = 0;
    unsigned b;
    for (b = 0; b < bytes; b++) v |= (uint32_t)p[b] << (8 * b); /* the host is little-endian, like the device */
    return v;
}

static void store(uintptr_t a, unsigned bytes, uint32_t v)
{
    unsigned char *p = (unsigned char *)a;
    unsigned b;
    for (b = 0; b < bytes; b++) p[b] = (unsigned char)(v >> (8 * b));
}

/* the scalar unit's: up to 8 bytes (TCVT's i64) */
static uint64_t load64(uintptr_t a, unsigned bytes)
{
    const unsigned char *p = (const unsigned char *)a;
    uint64_t v = 0;
    unsigned b;
    for (b = 0; b < bytes; b++) v |= (uint64_t)p[b] << (8 * b);
    return v;
}

static void store64(uintptr_t a, unsigned bytes, uint64_t v)
{
    unsigned char *p = (unsigned char *)a;
    unsigned b;
    for (b = 0; b < bytes; b++) p[b] = (unsigned char)(v >> (8 * b));
}

/* TCVT's conversion of one element (pto_<profile>_cvt.h, the contract) between any two dtypes of
 * the table, chosen at run time: the conversion instructions' element operation. sat is ON or OFF. */
typedef struct { unsigned is_float, a, b, c; } sim_format;
#define SIM_FORMAT_FLOAT(eb, fb, finite) { 1u, eb, fb, finite }
#define SIM_FORMAT_INT(bits, sgn) { 0u, bits, sgn, 0u }
#define SIM_FORMAT_ROW(name, dtype, cls, ...) SIM_FORMAT_##cls(__VA_ARGS__),
static const sim_format sim_formats[] = { PTO_(FORMATS)(SIM_FORMAT_ROW) };
#undef SIM_FORMAT_ROW

static uint64_t sim_convert(pto_dtype dd, pto_dtype sd, uint64_t x, unsigned round, unsigned sat)
{
    const sim_format *d = &sim_formats[dd], *s = &sim_formats[sd];
    if (s->is_float && d->is_float) return PTO(_cvt_f2f)(x, s->a, s->b, s->c, d->a, d->b, d->c, round, sat);
    if (s->is_float) return PTO(_cvt_f2i)(x, s->a, s->b, s->c, d->a, d->b, round, sat);
    if (d->is_float) return PTO(_cvt_i2f)(x, s->a, s->b, d->a, d->b, d->c, round, sat);
    return PTO(_cvt_i2i)(x, s->a, s->b, d->a, d->b, round, sat);
}

static int in_ub(uintptr_t lo, uintptr_t hi) /* [lo, hi) */
{
    return lo >= (uintptr_t)ub && hi <= (uintptr_t)ub + sizeof ub && lo <= hi;
}

static int check_start(PTO(op) op, const char *name, uintptr_t a, unsigned align)
{
    if (!in_ub(a, a + 1)) return fault(op, PTO_(HW_UB_BOUNDS), name, "starts outside UB at host address", (uint64_t)a, "inside UB");
    if ((a - (uintptr_t)ub) % align) {
        return fault(op, PTO_(HW_ALIGN), name, "starts at UB byte", (uint64_t)(a - (uintptr_t)ub),
                     align == PTO_(BLOCK_BYTES) ? "a multiple of the block size" : "a multiple of its element or output unit");
    }
    return 0;
}

/* The bytes a load or store touches: [at, at + n) inside UB, at aligned to align. */
static int check_span(PTO(op) op, const char *name, uintptr_t at, uintptr_t n, unsigned align)
{
    if (check_start(op, name, at, align)) return 1;
    if (!in_ub(at, at + n)) return fault(op, PTO_(HW_UB_BOUNDS), name, "reaches past the end of UB; bytes", (uint64_t)n, "inside UB");
    return 0;
}

/* A scalar operand is a value (a register), passed by address: it must be there. */
static int check_given(PTO(op) op, const char *name, const void *p)
{
    return p == NULL ? fault(op, PTO_(HW_ARG), name, "is missing; address", 0, "a value") : 0;
}

static int check_dtype(PTO(op) op, pto_dtype dt)
{
    if ((unsigned)dt >= sizeof elem_bytes || !(takes(op) >> dt & 1u))
        return fault(op, PTO_(HW_ARG), NULL, "dtype", (uint64_t)dt, "a dtype spec/profiles.lua lists for this instruction");
    return 0;
}

/* an instruction that works on any element: every dtype but the conversion-only ones */
static int check_element(PTO(op) op, pto_dtype dt)
{
    if ((unsigned)dt >= sizeof elem_bytes || !(SIM_ELEMENT_DTYPES >> dt & 1u))
        return fault(op, PTO_(HW_ARG), NULL, "dtype", (uint64_t)dt, "a pto_dtype of elements (not a conversion-only one)");
    return 0;
}

static int check_width(PTO(op) op, unsigned bits)
{
#define SIM_WIDTH_CASE(w) if (bits == w) return 0;
    SIM_WIDTHS(SIM_WIDTH_CASE)
#undef SIM_WIDTH_CASE
    return fault(op, PTO_(HW_ARG), NULL, "element width in bits", bits, SIM_WIDTHS_ALLOWED);
}

static void issued(PTO(op) op, uint64_t repeats)
{
    sim.stats.instructions++;
    sim.stats.by_op[op]++;
    sim.stats.repeats += repeats;
    sim.stats.repeats_by_op[op] += repeats;
    on_issue();
}

/* ---- element arithmetic (the semantics contract) ---- */

static float as_float(pto_dtype dt, uint32_t v)
{
    if (dt == PTO_F16) return PTO(_f16_to_f32)((uint16_t)v);
    if (dt == PTO_BF16) return PTO(_bf16_to_f32)((uint16_t)v);
    return PTO(_float)(v);
}

static uint32_t from_float(pto_dtype dt, float f)
{
    if (dt == PTO_F16) return PTO(_f32_to_f16)(f);
    if (dt == PTO_BF16) return PTO(_f32_to_bf16)(f);
    return PTO(_bits)(f);
}

static int is_float(pto_dtype dt) { return dt == PTO_F32 || dt == PTO_F16 || dt == PTO_BF16; }

/* One element of an element-wise instruction: pto_<profile>__<op>_<dtype> of pto_<profile>_ops.h
 * (b: the second operand or the scalar; none for an instruction of one operand). Floats: an op of
 * two operands (SIM_ALU_FLOAT_OPS) rounds the exact f32 result once; an op of one operand
 * (SIM_ALU1_FLOAT_OPS) by its form: on the stored bits (exact: f16 and bf16 are not converted, a
 * NaN keeps its payload), rounding to each format itself, or the f32 op rounded once. Integers: the
 * ops of the dtype's signedness (SIM_ALU_SIGNED_OPS, SIM_ALU1_UNSIGNED_OPS, ...). */
static uint32_t alu(PTO(op) op, pto_dtype dt, uint32_t a, uint32_t b)
{
#define SIM_FLOAT_CASE(opcode, fn, T, name) case opcode: r = PTO(_##fn##_##name)(x, y); break;
#define SIM_ALU1_bits(fn) \
    return dt == PTO_F16 ? PTO(_##fn##_f16)((uint16_t)a) : dt == PTO_BF16 ? PTO(_##fn##_bf16)((uint16_t)a) \
                         : PTO(_bits)(PTO(_##fn##_f)(PTO(_float)(a)));
#define SIM_ALU1_format(fn) r = dt == PTO_F16 ? PTO(_##fn##_f16)(x) : dt == PTO_BF16 ? PTO(_##fn##_bf16)(x) : PTO(_##fn##_f)(x); break;
#define SIM_ALU1_round(fn) r = PTO(_##fn##_f)(x); break;
#define SIM_FLOAT1_CASE(opcode, fn, form) case opcode: SIM_ALU1_##form(fn)
#define SIM_INT_CASE(opcode, fn, T, name) case opcode: return (uint32_t)PTO(_##fn##_##name)((T)a, (T)b);
#define SIM_INT1_CASE(opcode, fn, T, name) case opcode: return (uint32_t)PTO(_##fn##_##name)((T)a);
#define SIM_INT_DTYPE(name, dtype, T, bits, sign)      \
    case dtype:                                        \
        switch (op) {                                  \
        SIM_ALU_##sign##_OPS(SIM_INT_CASE, T, name)    \
        SIM_ALU1_##sign##_OPS(SIM_INT1_CASE, T, name)  \
        default: return a;                             \
        }
    if (is_float(dt)) {
        float x = as_float(dt, a), y = as_float(dt, b), r;
        switch (op) {
        SIM_ALU_FLOAT_OPS(SIM_FLOAT_CASE, float, f)
        SIM_ALU1_FLOAT_OPS(SIM_FLOAT1_CASE)
        default: r = x; break;
        }
        return from_float(dt, r); /* one rounding of the exact f32 result (exact where r is of the format) */
    }
    switch (dt) {
    PTO_(INTS)(SIM_INT_DTYPE)
    default: return a;
    }
#undef SIM_FLOAT_CASE
#undef SIM_ALU1_bits
#undef SIM_ALU1_format
#undef SIM_ALU1_round
#undef SIM_FLOAT1_CASE
#undef SIM_INT_CASE
#undef SIM_INT1_CASE
#undef SIM_INT_DTYPE
}

/* Is op an element-wise instruction of one operand? */
static int is_unary(PTO(op) op)
{
#define SIM_IS_UNARY(opcode) case opcode:
    switch (op) {
    SIM_ALU_UNARY_OPS(SIM_IS_UNARY)
        return 1;
    default:
        return 0;
    }
#undef SIM_IS_UNARY
}

/* Is op a shift, whose count (its scalar, or on A5 each lane of b) is read as an unsigned number
 * of the element width? */
static int counts(PTO(op) op)
{
#define SIM_COUNT_CASE(opcode) case opcode:
    switch (op) {
    SIM_COUNT_OPS(SIM_COUNT_CASE)
        return 1;
    default:
        return 0;
    }
#undef SIM_COUNT_CASE
}

/* A shift's count must be below the element width: the hardware leaves wider counts unspecified,
 * so the kernels must not issue them. */
static int check_count_value(PTO(op) op, const char *operand, pto_dtype dt, uint32_t count)
{
    return count >= 8u * elem_bytes[dt] ? fault(op, PTO_(HW_ARG), operand, "shift count", count, "below the element width") : 0;
}

/* The same for a shift's scalar count (read as unsigned). */
static int check_count(PTO(op) op, pto_dtype dt, const void *scalar)
{
    if (!counts(op) || (unsigned)dt >= sizeof elem_bytes || !scalar) return 0; /* the instruction's own checks report these */
    return check_count_value(op, "scalar", dt, load((uintptr_t)scalar, elem_bytes[dt]));
}

/* Order key for vcmax (and A5's vcmp on integers): numeric order, -0 == +0, every NaN above
 * every number and equal to the others (with ties to the lowest lane, the first NaN wins).
 * Integers: their value. */
static int64_t key(pto_dtype dt, uint32_t v)
{
#define SIM_KEY_CASE(name, dtype, T, bits, sign) case dtype: return (T)v;
    if (is_float(dt)) {
        float x = as_float(dt, v);
        uint32_t u = PTO(_bits)(x);
        if (x != x) return INT64_MAX;
        if (x == 0) return 0;
        return u >> 31 ? -(int64_t)(u & 0x7fffffffu) : (int64_t)u;
    }
    switch (dt) {
    PTO_(INTS)(SIM_KEY_CASE)
    default: return 0;
    }
#undef SIM_KEY_CASE
}

/* A vcmp condition: a pto_<p>_cmp. */
static int check_cmp(PTO(op) op, unsigned cmp)
{
    return cmp > PTO_(GE) ? fault(op, PTO_(HW_ARG), NULL, "condition", cmp, "EQ, NE, LT, GT, LE or GE") : 0;
}

/* vcmp's condition on two lanes: IEEE comparison for floats (NaN is unordered: only NE holds),
 * exact comparison for integers. cmp is a pto_<p>_cmp, whose order every model shares:
 * EQ, NE, LT, GT, LE, GE. */
static int compare(pto_dtype dt, uint32_t a, uint32_t b, unsigned cmp)
{
    int lt, gt, eq;
    if (is_float(dt)) {
        float x = as_float(dt, a), y = as_float(dt, b);
        lt = x < y;
        gt = x > y;
        eq = x == y;
    } else {
        int64_t x = key(dt, a), y = key(dt, b);
        lt = x < y;
        gt = x > y;
        eq = x == y;
    }
    switch (cmp) {
    case 0: return eq;
    case 1: return !eq;
    case 2: return lt;
    case 3: return gt;
    case 4: return lt || eq;
    default: return gt || eq;
    }
}

/* The rank a row reduction orders lanes by: it takes the lowest lane of the largest rank.
 * vcmax ranks by key(), a reduction to the minimum (SIM_REDUCE_DOWN: vcmin) by key() reversed
 * with NaN still on top (a NaN counts as smaller than every number), so the first NaN wins
 * there too and -0 ties +0. */
static int64_t reduce_rank(PTO(op) op, pto_dtype dt, uint32_t v)
{
    const int64_t k = key(dt, v);
#define SIM_DOWN_CASE(opcode) case opcode: return k == INT64_MAX ? k : -k;
    switch (op) {
    SIM_REDUCE_DOWN(SIM_DOWN_CASE)
    default: return k;
    }
#undef SIM_DOWN_CASE
}

/* The element-wise instruction whose element op a fold (SIM_FOLDS: vcadd) applies, or N_OPS. */
static PTO(op) fold_lanes(PTO(op) op)
{
#define SIM_FOLD_CASE(fold, lanes) case fold: return lanes;
    switch (op) {
    SIM_FOLDS(SIM_FOLD_CASE)
    default: return PTO_(N_OPS);
    }
#undef SIM_FOLD_CASE
}

/* A fold's reduction of v[0, n), n >= 1, in place: the adjacent-pair tree of the semantics contract
 * (docs/contract.md §2): (v0 op v1), (v2 op v3), ...; an odd last value moves up a level
 * unchanged; repeated until one value is left. */
static uint32_t fold_tree(PTO(op) lanes, pto_dtype dt, uint32_t *v, uint32_t n)
{
    while (n > 1) {
        const uint32_t half = n / 2;
        uint32_t k;
        for (k = 0; k < half; k++) v[k] = alu(lanes, dt, v[2 * k], v[2 * k + 1]);
        if (n % 2) v[half] = v[n - 1];
        n -= half;
    }
    return v[0];
}

/* ---- packed bits in UB (compare results, selection masks): bit k is bit k % 8 of byte k / 8,
 * the least significant first ---- */

static int bit_at(uintptr_t at, uint64_t k)
{
    return (int)(load(at + (uintptr_t)(k / 8), 1) >> (k % 8) & 1u);
}

/* Bits 0 .. n-1 (n a multiple of 8) from `on`, one flag per bit. */
static void store_bits(uintptr_t at, const unsigned char *on, uint32_t n)
{
    uint32_t k, b;
    for (k = 0; k < n / 8; k++) {
        uint32_t v = 0;
        for (b = 0; b < 8; b++) v |= (uint32_t)(on[8 * k + b] != 0) << b;
        store(at + k, 1, v);
    }
}

/* ---- the scalar unit: loads and stores of UB, and the flags that hand UB data over between it
 * and the vector unit (kernels use it for what the vector unit has no instruction for) ---- */

void PTO(flag_v_to_s)(void) { su.vector_written = 0; sim.stats.flags++; }
void PTO(flag_s_to_v)(void) { su.scalar_written = 0; sim.stats.flags++; }

/* A vector instruction that reads or writes UB after scalar stores needs an S->V flag first. */
static int check_flags(PTO(op) op)
{
    return su.scalar_written ? fault(op, PTO_(HW_FLAG), NULL, "issued after scalar stores without an S->V flag; stores pending:", 1, "flag_s_to_v() first") : 0;
}

static int check_scalar(uintptr_t a, unsigned bytes, int is_store)
{
    const PTO(op) op = PTO_(N_OPS);
    if (!in_ub(a, a + bytes)) return fault(op, PTO_(HW_UB_BOUNDS), NULL, "address outside UB:", (uint64_t)a, "inside UB");
    if ((a - (uintptr_t)ub) % bytes) return fault(op, PTO_(HW_ALIGN), NULL, "at UB byte", (uint64_t)(a - (uintptr_t)ub), "naturally aligned");
    if (su.vector_written)
        return fault(op, PTO_(HW_FLAG), NULL, is_store ? "store after vector writes without a V->S flag; pending:" : "load after vector writes without a V->S flag; pending:", 1, "flag_v_to_s() first");
    return 0;
}

/* PTO(sld_b<w>) and PTO(sst_b<w>) for every width w of SIM_SCALAR_WIDTHS */
#define SIM_SCALAR_ACCESS(w)                                               \
    uint##w##_t PTO(sld_b##w)(const void *addr)                            \
    {                                                                      \
        if (check_scalar((uintptr_t)addr, w / 8, 0)) return 0;             \
        sim.stats.scalar_loads++;                                          \
        return (uint##w##_t)load64((uintptr_t)addr, w / 8);                \
    }                                                                      \
                                                                           \
    void PTO(sst_b##w)(void *addr, uint##w##_t value)                      \
    {                                                                      \
        if (check_scalar((uintptr_t)addr, w / 8, 1)) return;               \
        sim.stats.scalar_stores++;                                         \
        su.scalar_written = 1;                                             \
        store64((uintptr_t)addr, w / 8, value);                            \
    }
SIM_SCALAR_WIDTHS(SIM_SCALAR_ACCESS)
#undef SIM_SCALAR_ACCESS

#endif /* PTO_SIM_CORE_H */
