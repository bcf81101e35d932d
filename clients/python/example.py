#!/usr/bin/env python3
"""Plays whole games of Air, Land & Sea through ``als serve`` with a simple policy of its own.

Usage: example.py [--als PATH] [--games N] [--opponent AGENT] [--both] [--cards SET] [--rules RULE]...

For each game it prints the same last line as ``als play``: ``game over: player N wins A-B``.
With ``--both`` the client plays both seats (the same policy for each).
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Dict, List

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from als_client import Client  # noqa: E402


class Policy:
    """Deploys its strongest card when it can (by the game's card table), never withdraws, and at
    an ability's question reads what the question is for (its prompt) before choosing.

    It sees only what its player may see: ``view`` shows the opponent's unknown cards as "?".
    """

    def __init__(self, client: Client) -> None:
        self.client = client
        self.prompts: List[str] = []

    def __call__(self, view: Dict[str, Any], legal: List[str], decision: Dict[str, Any]) -> str:
        table = self.client.game.get("card_table", {}) if self.client.game else {}
        strength = lambda action: table.get(action.split()[1], {}).get("strength", 0)  # noqa: E731
        if decision.get("prompt"):  # an ability's question, in the player's words
            self.prompts.append(decision["prompt"])
            if "bottom of the deck" in decision["prompt"]:  # a mulligan: give up the weakest card
                cards = [a for a in legal if a != "choose none"]
                if cards:
                    return min(cards, key=strength)
        deploys = [a for a in legal if a.startswith("deploy ")]
        if deploys:
            return max(deploys, key=strength)
        playable = [a for a in legal if a != "withdraw"]
        return playable[0] if playable else legal[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--als", default="als", help="path of the als program (default: als on PATH)")
    parser.add_argument("--games", type=int, default=1, help="games to play (default 1)")
    parser.add_argument("--opponent", default="random", help="the built-in agent to play against (default random)")
    parser.add_argument("--both", action="store_true", help="play both seats from this client")
    parser.add_argument("--cards", help="card set (a bundled name or a folder)")
    parser.add_argument("--rules", action="append", default=[], help="house rule (repeatable)")
    parser.add_argument("--seed", type=int, help="seed of the first game (the next ones follow from it)")
    parser.add_argument("--allow-path", action="append", default=[], help="a folder of card sets or rules named by path")
    args = parser.parse_args()

    serve_args = ["--p1", "external", "--p2", "external" if args.both else args.opponent]
    if args.cards:
        serve_args += ["--cards", args.cards]
    for rule in args.rules:
        serve_args += ["--rules", rule]
    if args.seed is not None:
        serve_args += ["--seed", str(args.seed)]
    for folder in args.allow_path:
        serve_args += ["--allow-path", folder]
    wins = 0
    with Client(args.als, serve_args) as client:
        policy = Policy(client)
        for _ in range(args.games):
            result = client.play(policy)
            if result["type"] != "game_over":
                print(f"game abandoned: {result.get('reason')}", file=sys.stderr)
                return 1
            wins += result["winner"] == 1
            print(result["line"])
        if client.errors:
            print(f"the server refused {len(client.errors)} message(s): {client.errors[0]['message']}", file=sys.stderr)
            return 1
    if not args.both:
        print(f"# this policy won {wins} of {args.games} against {args.opponent}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
