"""The environments read ``blocked=random`` as the command line does: one reader
(polyreversi.variant.parse_with_draw), the same results and the same refusals."""
import pytest

from polyreversi import VariantError
from polyreversi.envs.spec import EnvSpec
from polyreversi.variant import Variant, parse_with_draw


@pytest.mark.parametrize("text", ["8x8", "octagon/4p/blocked=random", "10x10/blocked=random2",
                                  "8x8/BLOCKED=RANDOM3", "6x6/anti/blocked=random4", "8x8/blocked=b2,g7"])
def test_same_reading_as_the_variant_parser(text):
    variant, draw = parse_with_draw(text)
    spec = EnvSpec.parse(text)
    assert spec.variant == variant
    assert spec.random_blocked == (None if draw is None else 0 if draw == "random" else draw)


@pytest.mark.parametrize("text", ["8x8/blocked=random0", "8x8/blocked=random5", "octagon/blocked=random12"])
def test_a_draw_count_outside_1_to_4_is_refused_with_the_parsers_words(text):
    with pytest.raises(VariantError) as parser:
        parse_with_draw(text)
    with pytest.raises(VariantError) as env:
        EnvSpec.parse(text)
    assert str(env.value) == str(parser.value)
    assert "draw 1 to 4 squares" in str(env.value)


@pytest.mark.parametrize("text", ["8x8/blocked=random/blocked=random2", "8x8/blocked=random/blocked=b2"])
def test_a_draw_twice_or_beside_listed_squares_is_refused(text):
    with pytest.raises(VariantError, match="blocked=random"):
        EnvSpec.parse(text)


def test_a_variant_and_not_text():
    assert EnvSpec.parse(Variant("8x8")) == EnvSpec(Variant("8x8"))
    with pytest.raises(TypeError, match="^variant: expected a Variant, an EnvSpec or text .*, got int$"):
        EnvSpec.parse(8)
