#!/usr/bin/env python3
"""A stand-in for `als serve` that misbehaves, for the client's tests: run as Client(fake, [MODE])
runs it, `fake_server.py serve MODE`. MODE "silent" greets and then says nothing; "dies" greets,
reads one line and exits with status 3 after a word on standard error."""
import json
import sys
import time

mode = sys.argv[2] if len(sys.argv) > 2 else ""  # argv[1] is "serve", as the client runs it
print(json.dumps({"type": "hello", "protocol": 1, "engine": "fake", "agents": [], "messages": []}), flush=True)
if mode == "silent":
    time.sleep(60)
elif mode == "dies":
    sys.stdin.readline()
    print("boom: the fake server fell over", file=sys.stderr, flush=True)
    sys.exit(3)
