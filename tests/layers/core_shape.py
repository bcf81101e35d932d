#!/usr/bin/env python3
"""The core keeps the rules (docs/design.md, "Layers"): the Engine class declares at most 60 public
member functions (texts, verbs' changes, names, digests and encodings live in types of their own),
no field of the game's state is named for a bundled card, and no file under engine/ is over 900
lines.

Usage: core_shape.py SOURCE_DIR."""
import os, re, sys

src = sys.argv[1]
failed = passed = 0

def check(ok, message):
    global failed, passed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL: " + message)

def public_functions(header, cls):
    """The member functions (constructors included) a class's public sections declare, nested
    types' members left out."""
    text = re.sub(r"//[^\n]*", "", open(header).read())
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    start = text.index("class %s {" % cls)
    k = text.index("{", start) + 1
    depth, access, stmt, found = 1, "private", "", []
    while depth > 0:
        ch = text[k]
        if ch == "{":
            if depth == 1 and access == "public" and "(" in stmt and not re.match(r"\s*(class|struct|enum)\b", stmt):
                found.append(" ".join(stmt.split()))
            if depth == 1:
                stmt = ""
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 1:
                stmt = ""
        elif depth == 1:
            if ch == ";":
                head = stmt.strip()
                if (access == "public" and "(" in head and "=" not in head.split("(")[0]
                        and not re.match(r"(using|typedef|static constexpr|friend|class|struct)\b", head)):
                    found.append(" ".join(head.split()))
                stmt = ""
            elif ch == ":" and re.fullmatch(r"\s*(public|private|protected)\s*", stmt):
                access, stmt = stmt.strip(), ""
            else:
                stmt += ch
        k += 1
    return found

engine_h = os.path.join(src, "engine", "core", "engine.h")
funcs = public_functions(engine_h, "Engine")
check(len(funcs) <= 60, f"engine/core/engine.h: class Engine declares {len(funcs)} public member functions (at most 60)")
check(len(funcs) >= 20, f"the count of Engine's public functions read {len(funcs)}: the parser lost its way")

# No state field named for a card: the identifiers of state.h against every bundled card's id.
ids = set()
for root, _, names in os.walk(os.path.join(src, "cards")):
    for n in names:
        if n.endswith(".lua") and n != "set.lua":
            ids.add(n[:-4])
check(len(ids) >= 18, f"found {len(ids)} bundled card ids under cards/")
state = re.sub(r"//[^\n]*", "", open(os.path.join(src, "engine", "core", "state.h")).read())
for word in sorted(set(re.findall(r"\b[a-z][a-z0-9_]*\b", state))):
    named = [i for i in ids if i in word]
    check(not named, f"engine/core/state.h: '{word}' is named for card {named[0] if named else ''}")

for root, _, names in os.walk(os.path.join(src, "engine")):
    for n in names:
        if n.endswith((".cpp", ".h")):
            path = os.path.join(root, n)
            lines = sum(1 for _ in open(path, errors="replace"))
            check(lines <= 900, f"{os.path.relpath(path, src)} has {lines} lines (at most 900)")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
