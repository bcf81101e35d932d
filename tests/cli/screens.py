"""What a pseudo-terminal showed, as the checks of tests/cli/cli_test.sh read it."""
import re


def read_screens(path, starts):
    """The text of a `script` transcript at `path` without colour codes or carriage returns, its
    lines, and its screens: each from a line starting with one of `starts` to the next prompt
    ("> "), prompt included."""
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\r", "", open(path, errors="replace").read())
    lines = text.split("\n")
    screens, cur = [], None
    for line in lines:
        if line.startswith(starts):
            cur = [line]
        elif cur is not None:
            cur.append(line)
            if line.startswith("> "):
                screens.append(cur)
                cur = None
    return text, lines, screens
