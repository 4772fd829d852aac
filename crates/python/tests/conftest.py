"""Shared paths: the repository's testdata/ (the tests run from any folder)."""

import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
TESTDATA = ROOT / "testdata"


@pytest.fixture
def testdata() -> pathlib.Path:
    return TESTDATA
