"""One rule for letter case, a clear State() error, Records that check their
moves, colour names as text, to_move on a finished game, and
one vocabulary for cells, colours and the status line."""
import random

import numpy as np
import pytest

import polyreversi as pr
from polyreversi import vocabulary
from polyreversi.formats import json_record
from polyreversi.text import board_text


# -- letter case: text is read in any case, everywhere ---------------------------

@pytest.mark.parametrize("text", ["8X8", "Octagon", "OCTAGON", "10X10"])
def test_board_names_are_read_in_any_case(text):
    v = pr.Variant(text)
    assert v == pr.Variant(text.lower()) and v.board == text.lower()
    assert pr.Variant.parse(text + "/ANTI") == pr.Variant(text.lower(), anti=True)


def test_squares_variants_and_colours_are_read_in_any_case():
    v = pr.Variant("8X8", blocked=["H1"], handicap=1, handicap_color="WHITE")
    assert v == pr.Variant.parse("8x8/BLOCKED=h1/HANDICAP=1W") and str(v) == "8x8/handicap=1w/blocked=h1"
    s = pr.Variant().start()
    s.play("F5")
    assert s.moves() == [pr.Variant().square("f5")] and pr.Variant().square("PASS") == 64
    assert s.is_legal("D6") and s.why_illegal("A1") == s.why_illegal("a1")


def test_unknown_boards_are_refused_by_the_core_with_the_text_as_given():
    with pytest.raises(pr.VariantError, match=r"^board: unknown board '9X9'; allowed: 6x6, 8x8, 10x10, octagon$"):
        pr.Variant("9X9")
    with pytest.raises(pr.VariantError, match="board: expected text"):
        pr.Variant(8)


# -- how a State is made ---------------------------------------------------------

def test_state_constructor_says_how_a_state_is_made():
    for call in (lambda: pr.State(), lambda: pr.State(1, 2), lambda: pr.State(rules=None)):
        with pytest.raises(TypeError, match=r"Variant\(\.\.\.\)\.start\(\).*Variant\(\.\.\.\)\.position\("):
            call()
    # the ways that work still work, pickling included
    s = pr.Variant().start()
    s.play("f5")
    import pickle
    assert pickle.loads(pickle.dumps(s)) == s and s.copy() == s and s.child("d6").ply == 2


def test_state_python_methods_live_in_state_py():
    import polyreversi.state as state_module
    for name in ("__init__", "__str__", "__repr__", "__reduce_ex__", "record", "_repr_svg_"):
        assert getattr(pr.State, name).__module__ == state_module.__name__, name
    s = pr.Variant().start()
    assert s.record().moves == () and s._repr_svg_().startswith("<svg")


# -- Records check their moves when built ----------------------------------------

@pytest.mark.parametrize("moves, fragment", [
    ((99,), r"^moves\[0\]: square 99 is off the 8x8 grid"),
    ((37, -1), r"^moves\[1\]: square -1 is off the 8x8 grid"),
    ([37, 2**70], r"^moves\[1\]: square 1180591620717411303424 is off the 8x8 grid"),
    ([np.int64(65)], r"^moves\[0\]: square 65 is off"),
    (["f5", "k9"], r"^moves\[1\]: 'k9' is off the 8x8 grid"),
    ([True], r"^moves\[0\]: expected a square index or name"),
])
def test_record_refuses_moves_off_the_grid(moves, fragment):
    with pytest.raises(pr.RecordError, match=fragment):
        pr.Record("8x8", moves=moves)


def test_record_keeps_moves_on_the_grid_and_pass():
    assert pr.Record("8x8", moves=(37, 64)).moves == (37, 64)
    assert pr.Record("8x8", moves=[np.int16(37), "pass"]).moves == (37, 64)
    # legality is the replay's question: an illegal game can still be held and reported
    bad = pr.Record("8x8", moves=("a1",))
    with pytest.raises(pr.ReplayError, match="illegal move a1 at ply 0"):
        bad.replay()


# -- colours as text, to_move at the end -----------------------------------------

def test_colours_print_as_their_names_and_stay_ints():
    assert [str(c) for c in pr.Color] == ["Black", "White", "Red", "Green"] == list(vocabulary.COLOR_NAMES)
    assert f"{pr.Color.RED}" == "Red" and f"{pr.Color.RED:>5}" == "  Red" and f"{pr.Color.RED:d}" == "3"
    assert pr.Color.BLACK == 1 and int(pr.Color.GREEN) == 4 and repr(pr.Color.WHITE) == "<Color.WHITE: 2>"
    assert pr.Color.BLACK.name == "BLACK" and pr.Color["WHITE"] is pr.Color.WHITE


@pytest.mark.parametrize("variant", ["6x6", "8x8/3p", "octagon/4p"])
def test_to_move_on_a_finished_game_is_the_next_colour_after_the_last_move(variant):
    rng = random.Random(3)
    s = pr.Variant.parse(variant).start()
    last = None
    while not s.is_over():
        last = s.to_move
        s.play(rng.choice(s.legal_moves()))
    players = s.variant.players
    assert s.legal_moves() == [] and int(s.to_move) == int(last) % players + 1


# -- one vocabulary --------------------------------------------------------------

def test_one_cell_table_for_text_pictures_and_records():
    v = pr.Variant("octagon", 3, blocked=["c2"])
    s = v.start()
    text = board_text(s, coordinates=False)
    rows = [row.split(" ") for row in text.splitlines()]
    # the picture reads back to the board with the same table the JSON records use
    codes = np.array([[vocabulary.CELL_CODES[c] for c in row] for row in rows])
    assert (codes == s.board()).all()
    assert rows[0][0] == "-" and "#" in rows[1] and json_record.CELL_CHARS is vocabulary.CELL_CHARS
    assert (pr.EMPTY, pr.NEUTRAL, pr.BLOCKED, pr.CUT_OUT) == (0, 5, -1, -2)


def test_one_status_line_for_text_and_pictures():
    s = pr.Variant.parse("8x8/3p").start()
    line = "8x8/3p, ply 0, Black to move; Black 1, White 1, Red 1"
    assert vocabulary.status_line(s) == line and str(s).splitlines()[-1] == line
    assert f"<title>{line}</title>" in pr.svg.svg(s)


def test_policy_names_are_read_in_any_letter_case_as_all_text():
    import numpy as np

    greedy = pr.play_games("8x8", 4, policy="greedy", seed=3)
    assert np.array_equal(pr.play_games("8x8", 4, policy="GREEDY", seed=3).scores, greedy.scores)
    assert np.array_equal(pr.play_games("8x8", 4, policy=["Greedy", "gReEdY"], seed=3).scores, greedy.scores)
    assert np.array_equal(pr.Batch("8x8", 3).choose("Random", seed=1), pr.Batch("8x8", 3).choose("random", seed=1))
    with pytest.raises(ValueError, match=r"policy: unknown policy 'best'; allowed: 'random', 'greedy'"):
        pr.Batch("8x8", 2).choose("best")
    with pytest.raises(TypeError, match="policy: expected one of 'random', 'greedy', search:N, mcts:N, got None"):
        pr.Batch("8x8", 2).choose(None)
    with pytest.raises(TypeError, match=r"policy: expected a name \(random, greedy\) or a list of one per seat"):
        pr.play_games("8x8", 2, policy=None)


def test_searched_policies_are_read_as_the_plain_names_nothing_trimmed():
    import numpy as np

    assert np.array_equal(pr.Batch("8x8", 2).choose("SEARCH:2"), pr.Batch("8x8", 2).choose("search:2"))
    assert np.array_equal(pr.Batch("8x8/3p", 2).choose("Mcts:20", seed=4), pr.Batch("8x8/3p", 2).choose("mcts:20", seed=4))
    # A space is refused in every policy alike, as in "random " (a name is never trimmed).
    for spaced in ("search:3 ", " search:3", "mcts:20 "):
        with pytest.raises(ValueError, match=r"expected (search|mcts):N|unknown policy . search:3"):
            pr.Batch("8x8", 2).choose(spaced)
    with pytest.raises(ValueError, match="unknown policy 'random '"):
        pr.Batch("8x8", 2).choose("random ")
    # a count too long for int() is the policy's own error; an unknown name lists every form
    with pytest.raises(ValueError, match=r"expected mcts:N with N in 1\.\."):
        pr.Batch("8x8", 2).choose("mcts:" + "9" * 5000)
    with pytest.raises(ValueError, match="unknown policy 'uct:10'; allowed: 'random', 'greedy', search:N, mcts:N"):
        pr.Batch("8x8", 2).choose("uct:10")
