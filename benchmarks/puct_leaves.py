"""PUCT simulations per second with the shipped baseline network (NumPy), by leaves per
tree per round (virtual loss): one game (a seat's search) and 64 games at once (self-play).
Simulations per CPU second of this process (one thread; on a shared machine the wall
time is mostly other processes' turns), best of three.

    python benchmarks/puct_leaves.py
"""
import time


import polyreversi as pr
from polyreversi.baseline import make_baseline_model
from polyreversi.envs.puct import puct


def rate(source, net, simulations, leaves, repeat=3):
    best = 0.0
    for _ in range(repeat):
        started = time.process_time()
        result = puct(source, net.evaluate, simulations=simulations, leaves_per_game=leaves)
        best = max(best, result.simulations / (time.process_time() - started))
    return best, result


def main():
    net = make_baseline_model("6x6")
    state = pr.Variant.parse("6x6").start()
    batch = pr.Batch("6x6", 64, seed=1)
    print("| leaves per tree | 1 game, 400 simulations: sims per CPU s | 64 games, 64 simulations: sims per CPU s |")
    print("|---|---|---|")
    for leaves in (1, 2, 4, 8, 16):
        one, _ = rate(state, net, 400, leaves)
        many, _ = rate(batch, net, 64, leaves)
        print(f"| {leaves} | {one:,.0f} | {many:,.0f} |")


if __name__ == "__main__":
    main()
