#!/usr/bin/env python3
"""No function in engine/, cli/, wire/ or web/ is longer than 120 lines (docs/contributing.md).

Usage: function_length.py SRC [LIMIT]. Finds every function body (a block opened on a line that
reads as a function's head: a name and its parameters, not a control statement, a class or a
lambda) and counts its lines from its opening brace to its closing one. Strings, characters and
comments are skipped when matching braces. Exits 1 naming every function over the limit.
"""
import pathlib
import re
import sys

CONTROL = re.compile(r"^\s*(if|for|while|switch|catch|do|else|return|case)\b")
HEAD = re.compile(r"[\w:~<>\]]+\s*\([^;]*\)\s*(const)?\s*(noexcept)?\s*(override)?\s*(->\s*[\w:<>]+\s*)?\{\s*$")


def code_only(text):
    """The text with strings, characters and comments blanked (newlines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
            i = j
        elif text.startswith('R"', i):
            m = re.match(r'R"([^(]*)\(', text[i:])
            end = text.find(")" + m.group(1) + '"', i) if m else -1
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
            i = j
        elif c == "'" and 0 < i < n - 1 and text[i - 1].isdigit() and text[i + 1].isdigit():
            out.append(c)  # a digit separator (600'000), not a character
            i += 1
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * (j - i - 1) + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def long_functions(path, limit):
    lines = code_only(path.read_text()).split("\n")
    found = []
    for k, line in enumerate(lines):
        # A head may span lines: join it with up to three lines above it.
        head = " ".join(l.strip() for l in lines[max(0, k - 3):k + 1])
        if not line.rstrip().endswith("{") or CONTROL.match(line) or "[" in line.split("(")[0]:
            continue
        if not HEAD.search(head) or re.search(r"\b(class|struct|namespace|enum)\b", line):
            continue
        depth, end = 0, None
        for j in range(k, len(lines)):
            depth += lines[j].count("{") - lines[j].count("}")
            if depth <= 0:
                end = j
                break
        if end is not None and end - k + 1 > limit:
            found.append((k + 1, end - k + 1, line.strip()))
    return found


def self_check(limit):
    """The check finds a function one line too long (with braces in strings and comments, a digit
    separator before it, and a head over two lines) and passes one at the limit."""
    import tempfile
    body = lambda n: "".join(f"  x += {i};  // }}\n" for i in range(n - 2))
    sample = ("namespace als {\n"
              "int sep() {\n  return 600'000;\n}\n"  # a digit separator is no character's quote
              "int Engine::too_long(int a,\n                     int b) const {\n" + body(limit + 1) + "}\n"
              'int fits(const char* s = "{") {\n' + body(limit) + "}\n}\n")
    with tempfile.TemporaryDirectory() as d:
        path = pathlib.Path(d) / "sample.cpp"
        path.write_text(sample)
        found = long_functions(path, limit)
    if [(line, length) for line, length, _ in found] != [(6, limit + 1)]:
        print(f"self-check failed: found {found}")
        return False
    return True


def main():
    src = pathlib.Path(sys.argv[1])
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else 120
    if not self_check(limit):
        return 1
    bad = 0
    for folder in ("engine", "cli", "wire", "web"):
        for path in sorted((src / folder).rglob("*")):
            if path.suffix not in (".cpp", ".h"):
                continue
            for line, length, head in long_functions(path, limit):
                print(f"{path.relative_to(src)}:{line}: {length} lines: {head}")
                bad += 1
    if bad:
        print(f"{bad} function(s) over {limit} lines")
        return 1
    print(f"no function in engine/, cli/, wire/ or web/ over {limit} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
