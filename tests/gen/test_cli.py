"""CLI robustness: every mistake on the command line is one `ptogen: ...` line plus a hint and
exit 2, a closed pipe is quiet, and no input ever produces a Python traceback."""
import os
import subprocess
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PTOGEN = os.path.join(ROOT, "gen", "ptogen")
HINT = "run 'gen/ptogen --help' for usage"


def ptogen(*args, env=None):
    return subprocess.run([sys.executable, PTOGEN] + list(args), capture_output=True, text=True,
                          env=dict(os.environ, **(env or {})))


def ptogen_patched(patch, *args, env=None):
    """Run ptogen's main() in a fresh interpreter after `patch` (Python source, `ptogen` in scope):
    the way to make a genuine internal failure happen on demand."""
    code = ("import importlib.util, importlib.machinery, sys\n"
            f"loader = importlib.machinery.SourceFileLoader('ptogen', {PTOGEN!r})\n"
            "ptogen = importlib.util.module_from_spec(importlib.util.spec_from_loader('ptogen', loader))\n"
            "loader.exec_module(ptogen)\n"
            f"{patch}\n"
            f"sys.exit(ptogen.main(['ptogen'] + {list(args)!r}))\n")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=dict(os.environ, **(env or {})))


class CliCase(unittest.TestCase):
    def assertNoTraceback(self, r):
        self.assertNotIn("Traceback", r.stdout + r.stderr)

    def assertUsageError(self, r, *needles):
        """Exit 2, nothing on stdout, stderr exactly `ptogen: <message>` then the hint."""
        self.assertNoTraceback(r)
        self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
        self.assertEqual(r.stdout, "")
        lines = r.stderr.splitlines()
        self.assertEqual(len(lines), 2, r.stderr)
        self.assertTrue(lines[0].startswith("ptogen: "), lines[0])
        self.assertEqual(lines[1], HINT)
        for n in needles:
            self.assertIn(n, lines[0])

    def check(self, instr, *operands, profile="cpu"):
        return ptogen("check", instr, "--profile", profile, *operands)


class Help(CliCase):
    def test_help_flags_print_the_full_help(self):
        for flag in ("--help", "-h"):
            with self.subTest(flag=flag):
                r = ptogen(flag)
                self.assertEqual(r.returncode, 0)
                self.assertIn("gen/ptogen check INSTR", r.stdout)
                self.assertIn("Exit status:", r.stdout)

    def test_help_after_a_command(self):
        r = ptogen("check", "--help")
        self.assertEqual(r.returncode, 0)
        self.assertIn("gen/ptogen list", r.stdout)

    def test_no_arguments_print_the_full_help_as_a_usage_error(self):
        r = ptogen()
        self.assertEqual(r.returncode, 2)
        self.assertIn("gen/ptogen check INSTR", r.stderr)

    def test_usage_errors_give_a_hint_not_the_help(self):
        r = ptogen("frob")
        self.assertUsageError(r, "unknown command 'frob'", "allowed: list, check")
        self.assertNotIn("OPERAND is", r.stderr)


class Pipes(CliCase):
    def test_closed_pipe_is_quiet(self):
        p = subprocess.Popen([sys.executable, PTOGEN, "list"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
        p.stdout.close()  # before ptogen writes (it loads the specs first): every write meets EPIPE
        err = p.stderr.read()
        p.stderr.close()
        self.assertIn(p.wait(), (0, 141))
        self.assertEqual(err, "")

    def test_list_into_head(self):
        r = subprocess.run(f"'{sys.executable}' '{PTOGEN}' list | head -1", shell=True, capture_output=True,
                           text=True)
        self.assertEqual(r.stderr, "")
        self.assertEqual(len(r.stdout.splitlines()), 1)


class InternalErrors(CliCase):
    BOOM = "ptogen.M.verify = lambda *a: 1 / 0"
    CALL = ("check", "tmaxs", "--profile", "cpu", "dst=f32:ND:4x8", "src=same:dst")

    def test_a_bug_is_one_line_and_exit_3(self):
        r = ptogen_patched(self.BOOM, *self.CALL)
        self.assertEqual(r.returncode, 3, r.stderr)
        self.assertNoTraceback(r)
        self.assertRegex(r.stderr, r"^ptogen: internal error: ZeroDivisionError: division by zero \(at \S+:\d+\)")
        self.assertEqual(len(r.stderr.splitlines()), 1)

    def test_debug_shows_the_traceback(self):
        r = ptogen_patched(self.BOOM, *self.CALL, env={"PTOGEN_DEBUG": "1"})
        self.assertEqual(r.returncode, 3)
        self.assertIn("Traceback", r.stderr)
        self.assertIn("ptogen: internal error: ZeroDivisionError", r.stderr)

    def test_the_patch_harness_runs_ptogen_normally(self):
        r = ptogen_patched("pass", *self.CALL)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("legal on cpu: tmaxs f32", r.stdout)


if __name__ == "__main__":
    unittest.main()
