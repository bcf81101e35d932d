"""The counting checks of the serve tests (test_serve.py, test_env.py)."""
import sys

passed = failed = 0


def check(cond, what):
    """Counts one check; prints what failed."""
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {what}")


def finish():
    """Prints the counts and exits 1 if any check failed."""
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
