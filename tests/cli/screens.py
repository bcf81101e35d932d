"""What a pseudo-terminal showed, as the checks of tests/cli/cli_test.sh read it."""
import re


def read_screens(path, starts, echoed=True):
    """The text of a `script` transcript at `path` without colour codes or carriage returns, its
    lines, and its screens: each from a line starting with one of `starts` to the next prompt
    ("> "), prompt included. `echoed=False`: the terminal's echo was off, so what came after a
    prompt (cli/play.cpp's "> ", "> press Enter for the next battle " and "> press Enter for the game's
    summary ") continued its line; it is
    put on a line of its own, as the Enter typed there would."""
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\r", "", open(path, errors="replace").read())
    if not echoed:
        text = re.sub(r"(?m)^(> (?:press Enter for (?:the next battle|the game's summary) )?)", "\\1\n", text)
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
