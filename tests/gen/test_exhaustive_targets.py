"""Every long target of tests/exhaustive.py's table follows the protocol: a sample of about 4,096
of its inputs in two shards of two processes each, merged (the whole runs in ninja exhaustive)."""
import contextlib
import io
import os
import sys
import tempfile
import unittest

from tests.gen import scratch

sys.path.insert(0, os.path.join(scratch.ROOT, "tests"))
import exhaustive  # noqa: E402

SAMPLED = 4096  # inputs per target


class LongTargets(unittest.TestCase):
    def test_each_follows_the_protocol(self):
        for t in exhaustive.TARGETS:
            with self.subTest(target=t.name), tempfile.TemporaryDirectory(prefix="ptogen-long-") as tmp:
                sample = str(max(1, t.inputs // SAMPLED))
                files, out = [os.path.join(tmp, f"{k}.json") for k in (1, 2)], io.StringIO()
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
                    rcs = [exhaustive.main(["exhaustive.py", "run", "--only", t.name, "--shard", f"{k}/2", "--jobs", "2",
                                            "--sample", sample, "--out", f], [t]) for k, f in zip((1, 2), files)]
                    rcs.append(exhaustive.main(["exhaustive.py", "merge", *files], [t]))
                self.assertEqual(rcs, [0, 0, 0], out.getvalue())
                self.assertIn(f"{t.name} ", out.getvalue())


if __name__ == "__main__":
    unittest.main()
