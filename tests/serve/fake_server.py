#!/usr/bin/env python3
"""A stand-in for `als serve` that misbehaves, for the clients' tests: Client(fake, [MODE]) runs
`fake_server.py serve MODE`, and the environments add their options before it (MODE is the last
argument). It greets, then by MODE:
  silent    says nothing more;
  dies      reads one line and exits with status 3 after a word on standard error;
  not_utf8  reads one line and answers with bytes that are not UTF-8;
  not_json  reads one line and answers with a line that is not JSON;
  not_object  reads one line and answers with a JSON list;
  huge      reads one line and answers with a line of 3 MB that never ends."""
import json
import sys
import time

mode = sys.argv[-1] if len(sys.argv) > 2 else ""  # argv[1] is "serve", as the clients run it
out = sys.stdout.buffer
out.write((json.dumps({"type": "hello", "protocol": 2, "protocols": [1, 2], "engine": "fake", "agents": [],
                       "messages": []}) + "\n").encode())
out.flush()
if mode == "silent":
    time.sleep(60)
    sys.exit(0)
sys.stdin.readline()
if mode == "dies":
    print("boom: the fake server fell over", file=sys.stderr, flush=True)
    sys.exit(3)
answers = {"not_utf8": b'{"type": "\xff\xfe"}\n', "not_json": b"hello, world\n", "not_object": b"[1, 2]\n",
           "huge": b'{"type": "' + b"a" * 3_000_000}
out.write(answers.get(mode, b""))
out.flush()
time.sleep(60)
