"""The examples of docs/python.md run (briefly) and print what the page shows."""
import os
import re
import subprocess
import sys

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "examples", "python")


def run(name, *args):
    out = subprocess.run([sys.executable, os.path.join(EXAMPLES, name), *args], capture_output=True, text=True,
                         timeout=240)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_reinforce_reports_a_learning_curve():
    out = run("reinforce.py", "--games", "96", "--envs", "16", "--batch", "16", "--report", "48")
    rows = [line for line in out.splitlines() if re.match(r"^\s+\d+\s+\d+\.\d%", line)]
    assert len(rows) == 2 and rows[-1].split()[0] == "96"


def test_pimc_plays_with_the_engines_determinization():
    out = run("pimc.py", "--games", "4", "--samples", "2")
    assert re.search(r"pimc \(2 samples\) vs random: \d of 4 games \(\d+%; 95% Wilson \d+%-\d+%\)", out)
