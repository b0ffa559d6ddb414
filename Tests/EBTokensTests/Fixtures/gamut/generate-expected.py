#!/usr/bin/env python3
"""Writes gamut-mapping.json: CSS Color 4 gamut mapping of colors outside sRGB, computed by
ColorAide (https://facelessuser.github.io/coloraide/), an independent implementation, for
GamutMappingTests to compare ebtokens' own against.

ColorAide's `oklch-chroma` fit is CSS Color 4's binary search in OKLCH (JND 0.02 in deltaE OK,
epsilon 0.0001). Run once, by hand, with `pip install coloraide`; the output is committed.
"""
import json
import coloraide
from coloraide import Color

# (DTCG color space, components): one or more of each space that can leave sRGB, brand blues and
# "HDR" accents, colors beyond Display P3 and one lighter than white.
COLORS = [
    ("display-p3", [1, 0, 1]),
    ("display-p3", [0, 1, 0]),
    ("display-p3", [0.2, 0.4, 1]),
    ("display-p3", [1, 0.5, 0]),
    ("oklch", [0.7, 0.37, 328]),
    ("oklch", [0.6, 0.25, 264]),
    ("oklch", [0.9, 0.35, 140]),
    ("oklch", [0.45, 0.35, 264]),
    ("oklab", [0.7, 0.3, -0.1]),
    ("lab", [60, 110, -70]),
    ("lch", [50, 130, 30]),
    ("rec2020", [1, 0, 1]),
    ("rec2020", [0, 1, 0]),
    ("a98-rgb", [0, 1, 0]),
    ("prophoto-rgb", [1, 0, 1]),
    ("xyz-d65", [0.2, 0.6, 0.05]),
    ("xyz-d50", [0.3, 0.1, 0.9]),
]


def fit(space, components, gamut):
    """Gamma-encoded channels of the color mapped into `gamut` ("srgb" or "display-p3")."""
    color = Color(space, components).convert(gamut)
    return [round(value, 12) for value in color.fit(method="oklch-chroma").coords()]


cases = []
for space, components in COLORS:
    source = Color(space, components)
    assert not source.in_gamut("srgb", tolerance=0), (space, components)
    cases.append({
        "space": space,
        "components": components,
        "insideDisplayP3": source.in_gamut("display-p3", tolerance=0),
        "sRGB": fit(space, components, "srgb"),
        "displayP3": fit(space, components, "display-p3"),
    })

with open("gamut-mapping.json", "w") as output:
    json.dump({"generator": "coloraide " + coloraide.__version__ + ", oklch-chroma", "cases": cases}, output,
              indent=2)
    output.write("\n")
