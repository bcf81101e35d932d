#!/usr/bin/env python3
"""The compiler holds the layers (docs/design.md): a file of a layer, compiled exactly as the build
compiles that layer's files, may include its own layer's headers and the layers' below, and the
build refuses it when it includes a header of a layer above (or of the command line).

Usage: layers_test.py BUILD_DIR SOURCE_DIR. Reads BUILD_DIR/compile_commands.json."""
import json, os, shlex, subprocess, sys, tempfile

build, src = sys.argv[1], os.path.abspath(sys.argv[2])
commands = json.load(open(os.path.join(build, "compile_commands.json")))

def compiles_file(c, layer_file):
    """Whether compile command c compiles layer_file: the file itself, or (a unity build) a
    generated file that includes it."""
    if c["file"].endswith(layer_file):
        return True
    if "-unity" not in c["file"]:
        return False
    path = os.path.join(c["directory"], c["file"])
    try:
        return any(line.strip().rstrip('>"').endswith(layer_file) for line in open(path))
    except OSError:
        return False

def flags_of(layer_file):
    """The compiler and flags the build uses for one source file, without its input and output."""
    for c in commands:
        if compiles_file(c, layer_file):
            args = shlex.split(c["command"])
            out, skip = [], False
            for a in args:
                if skip:
                    skip = False
                    continue
                if a in ("-o", "-MF", "-MQ", "-c"):
                    skip = a != "-c"
                    continue
                if a.endswith(".cpp"):
                    continue
                if a in ("-MD",):
                    continue
                out.append(a)
            return out, c["directory"]
    sys.exit(f"FAIL: {layer_file} is not in compile_commands.json")

passed = failed = 0
def compiles(layer_file, include):
    args, cwd = flags_of(layer_file)
    with tempfile.NamedTemporaryFile("w", suffix=".cpp", delete=False) as f:
        f.write(f'#include "{include}"\nint layers_probe();\nint layers_probe() {{ return 0; }}\n')
    try:
        r = subprocess.run(args + ["-fsyntax-only", f.name], cwd=cwd, capture_output=True, text=True)
        return r.returncode == 0
    finally:
        os.unlink(f.name)

def expect(layer_file, include, ok):
    global passed, failed
    got = compiles(layer_file, include)
    if got == ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: a file compiled as {layer_file} {'does not build' if ok else 'builds'} with #include \"{include}\"")

core, script, play, scenario = ("engine/core/engine.cpp", "engine/script/binding.cpp",
                                "engine/play/match/match.cpp", "engine/scenario/scenario.cpp")
present = "engine/present/view.cpp"
lab = "engine/lab/runs.cpp"
# Allowed: its own layer and the ones below (the check can pass).
expect(core, "engine.h", True)
expect(script, "engine.h", True)
expect(script, "loader.h", True)
expect(play, "engine.h", True)
expect(play, "mcts.h", True)
expect(scenario, "loader.h", True)
expect(scenario, "match.h", True)
expect(present, "projection.h", True)  # the renderers read the core's projection
expect(play, "view.h", True)
expect(scenario, "view.h", True)
expect(lab, "match.h", True)          # the lab plays games through the Match and the agents
expect(lab, "loader.h", True)         # ... of variants it loads
expect(lab, "comparison.h", True)
# Refused: a layer above, however the path is written (the check can fail).
for include in ("match.h", "play/match/match.h", "engine/play/match/match.h", "agents.h"):
    expect(core, include, False)
for include in ("loader.h", "sandbox.h", "script/loader.h", "scenario.h"):
    expect(core, include, False)
expect(core, "view.h", False)         # the core renders nothing
expect(script, "view.h", False)
for include in ("match.h", "loader.h", "agents.h"):
    expect(present, include, False)
expect(script, "match.h", False)     # script and play are side by side: neither sees the other
expect(play, "loader.h", False)
expect(play, "scenario.h", False)
expect(script, "scenario.h", False)
expect(core, "cli.h", False)          # the command line is above every layer
expect(core, "cli/cli.h", False)
for layer in (core, script, play, scenario, present):  # the lab is above every engine layer
    for include in ("runs.h", "compare.h", "lab/runs.h", "engine/lab/sweep.h"):
        expect(layer, include, False)
for include in ("cli.h", "tables.h", "screen.h", "cli/cli.h"):  # ... and below the command line
    expect(lab, include, False)
# The web face sees the engine and wire/ (records, protocol JSON), never the terminal's cli/; the
# engine and wire/ see neither face.
web, wire = "web/web_game.cpp", "wire/record.cpp"
for include in ("protocol.h", "record.h", "match.h", "projection.h", "view.h"):
    expect(web, include, True)
for include in ("cli.h", "screen.h", "tables.h", "input.h", "cli/cli.h"):
    expect(web, include, False)
for layer in (core, script, play, scenario, present, lab, wire):
    for include in ("server.h", "web_game.h", "web/server.h"):
        expect(layer, include, False)
for include in ("cli.h", "screen.h", "tables.h"):
    expect(wire, include, False)
# No engine file reaches another folder by a relative path (which no include folder can refuse).
for root, _, names in os.walk(os.path.join(src, "engine")):
    for n in names:
        for i, line in enumerate(open(os.path.join(root, n), errors="replace"), 1):
            parts = line.split('"')
            if line.startswith("#include \"") and len(parts) > 1 and "/" in parts[1]:
                failed += 1
                print(f"FAIL: {os.path.relpath(os.path.join(root, n), src)}:{i} includes by a path: {line.strip()}")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
