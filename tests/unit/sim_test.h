/* What the simulator unit tests share (test_a2a3_sim.c, test_a5_sim.c): a fault recorder, a
 * fresh machine per test, and the checks that a broken rule is one fault that changes nothing
 * and that, without a handler, a fault traps. Include pto/pto_<p>_sim.h and define SIM(name)
 * (pto_<p>_name) and SIM_C(NAME) (PTO_<P>_NAME) before including it. */
#ifndef PTOGEN_SIM_TEST_H
#define PTOGEN_SIM_TEST_H

#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

static SIM(fault) last;
static int n_faults;

static void record(const SIM(fault) *f, void *context)
{
    (void)context;
    last = *f;
    n_faults++;
}

static uint8_t *ub;
static float *f32; /* UB viewed as floats, for readable tests */

static int setup(void **state)
{
    (void)state;
    ub = SIM(ub)(NULL);
    f32 = (float *)(void *)ub;
    memset(ub, 0, SIM_C(UB_BYTES));
    SIM(sim_reset)();
    SIM(sim_set_fault_handler)(record, NULL);
    n_faults = 0;
    return 0;
}

static SIM(stats) stats(void)
{
    SIM(stats) s;
    SIM(sim_stats)(&s);
    return s;
}

/* The call faulted once, on rule `want`, and nothing in UB changed. */
#define EXPECT_FAULT(want, call)                                                                      \
    do {                                                                                              \
        static uint8_t before[SIM_C(UB_BYTES)];                                                       \
        memcpy(before, ub, sizeof before);                                                            \
        n_faults = 0;                                                                                 \
        call;                                                                                         \
        assert_int_equal(n_faults, 1);                                                                \
        if (last.rule != (want)) fail_msg("expected rule %s, got %s: %s", SIM(hw_rule_name)(want),    \
                                          SIM(hw_rule_name)(last.rule), last.message);                \
        assert_memory_equal(before, ub, sizeof before);                                               \
    } while (0)

/* Without a handler, `breaks` (which breaks a rule) must kill its process with SIGILL. */
static void expect_trap(void (*breaks)(void))
{
    pid_t pid = fork();
    int status;
    assert_true(pid >= 0);
    if (pid == 0) {
        signal(SIGILL, SIG_DFL); /* cmocka catches it in the parent's test */
        SIM(sim_set_fault_handler)(NULL, NULL);
        breaks();
        _exit(0); /* not reached */
    }
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGILL);
}

#endif
