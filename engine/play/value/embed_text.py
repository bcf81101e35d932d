"""Writes a C++ source file that holds a text file as a string (the build's step for the learned
value's shipped weights, scripts/value/standard.txt: ValueNet::standard).

    python3 engine/play/value/embed_text.py IN OUT NAME

OUT defines `const char NAME[]` and `const unsigned long NAME_size` (bytes, the final NUL aside)
in namespace als."""
import sys


def main():
    src, out, name = sys.argv[1:4]
    text = open(src, encoding="ascii").read()
    if ")als\"" in text:
        sys.exit(f"{src}: holds the raw string's end marker")
    pieces = [text[i:i + 16384] for i in range(0, len(text), 16384)] or [""]
    with open(out, "w", encoding="ascii") as f:
        f.write(f"// Generated from {src} by engine/play/value/embed_text.py at build time: do not edit.\n")
        f.write("namespace als {\n")
        f.write(f"extern const char {name}[];\nextern const unsigned long {name}_size;\n")
        f.write(f"const char {name}[] =\n")
        for p in pieces:
            f.write('R"als(' + p + ')als"\n')
        f.write(";\n")
        f.write(f"const unsigned long {name}_size = {len(text)};\n")
        f.write("}  // namespace als\n")


if __name__ == "__main__":
    main()
