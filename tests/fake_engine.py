"""A tiny NBoard/GTP engine for the client's tests, well-behaved or hostile.

    python tests/fake_engine.py nboard|gtp [MODE]

    python tests/fake_engine.py replay TRANSCRIPT

``replay`` plays back a recorded session (``> `` lines expected, ``< `` lines
answered; tests/data/nboard_ntest_session.txt) and exits with status 2 at the
first command that differs from the recording.

MODE: ``good`` (plays the first legal move; NBoard hint gives every move a value),
``illegal`` (answers a square that is not legal), ``nonsense`` (answers text that is
no move), ``hang`` (never answers a move, nor exits when its input ends), ``die`` (exits at the first move),
``flood`` (writes endless junk instead of a move), ``mute`` (never answers the
greeting), ``error`` (GTP: ``?`` to genmove).
"""
import sys

import polyreversi as pr
from polyreversi.formats import ggf


def out(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def bad_move(state, mode):
    if mode == "illegal":
        taken = [m for m in range(state.variant.n ** 2) if not state.is_legal(m)]
        return state.variant.square_name(taken[0])
    if mode == "nonsense":
        return "banana"
    if mode == "hang":  # and ignores the end of its input: only a signal ends it
        import time
        while True:
            time.sleep(1)
    if mode == "die":
        sys.stderr.write("fake engine: dying on purpose\n")
        sys.stderr.flush()
        sys.exit(3)
    if mode == "flood":
        while True:
            out("junk " * 10)
    return None


def nboard(mode):
    state = pr.Variant().start()
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if mode == "mute":
            continue
        if words[0] == "ping":
            out(f"pong {words[1]}")
        elif words[:2] == ["set", "depth"]:
            out("set myname Fake")
        elif words[:2] == ["set", "game"]:
            state = ggf.parse_game(line.split(None, 2)[2]).replay().final
        elif words[0] == "go":
            bad = bad_move(state, mode)
            move = bad or pr.players._example(state)
            move = "PA" if state.legal_moves() == [state.PASS] and not bad else move
            out(f"=== {move.upper()}/0.50/0.01")
        elif words[0] == "hint":
            out("status Analyzing")
            for i, m in enumerate(state.legal_moves()):
                out(f"search {state.variant.square_name(m).upper()} {-i}.0 0 3")
            out("status")


def gtp(mode):
    state = pr.Variant().start()
    said = []  # mode clock: the time commands it was sent
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        ident = ""
        if words[0].isdigit():
            ident, words = words[0], words[1:]
        if mode == "mute":
            continue
        cmd, args = words[0], words[1:]
        reply, ok = "", True
        if cmd == "list_commands":
            clock = ["time_settings", "time_left"] if mode == "clock" else []
            reply = "\n".join(["protocol_version", "name", "boardsize", "clear_board", "play", "genmove", "quit", *clock])
        elif cmd in ("time_settings", "time_left") and mode == "clock":
            said.append(" ".join(args) if cmd == "time_settings" else "left " + args[1])
        elif cmd == "name":
            reply = "Fake"
        elif cmd == "boardsize":
            state = pr.Variant(f"{args[0]}x{args[0]}").start()
        elif cmd == "clear_board":
            state = state.initial()
        elif cmd == "play":
            state.play(args[1])
        elif cmd == "genmove":
            if mode == "error":
                ok, reply = False, "cannot think"
            elif mode == "clock":  # refuses, saying the clock it was given (short: errors are cut)
                ok, reply = False, "; ".join(said)
            else:
                bad = bad_move(state, mode)
                move = bad or state.variant.square_name(state.legal_moves()[0])
                if not bad:
                    state.play(move)
                reply = move
        elif cmd == "quit":
            out(f"={ident}\n")
            return
        else:
            ok, reply = False, "unknown command"
        out(f"{'=' if ok else '?'}{ident} {reply}\n")


def replay(path):
    sent, blocks = [], [[]]
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("> "):
                sent.append(line[2:])
                blocks.append([])
            elif line.startswith("<"):
                blocks[-1].append(line[2:])
    for reply in blocks[0]:
        out(reply)
    for expected, replies in zip(sent, blocks[1:]):
        got = sys.stdin.readline().rstrip("\n")
        if got != expected:
            sys.stderr.write(f"replay: expected {expected!r}, got {got!r}\n")
            sys.exit(2)
        for reply in replies:
            out(reply)
    sys.stdin.read()


if __name__ == "__main__":
    protocol = sys.argv[1]
    if protocol == "replay":
        replay(sys.argv[2])
        sys.exit(0)
    mode = sys.argv[2] if len(sys.argv) > 2 else "good"
    (nboard if protocol == "nboard" else gtp)(mode)
