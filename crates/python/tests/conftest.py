"""Shared fixtures: the godtab binary the module's answers are compared
with (GODTAB_BIN), and the repository (GODTAB_ROOT), both set by
`cargo xtask python`."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(os.environ.get("GODTAB_ROOT", pathlib.Path(__file__).resolve().parents[3]))


@pytest.fixture(scope="session")
def root():
    return ROOT


@pytest.fixture(scope="session")
def cli():
    """Runs the godtab command and returns its standard output."""
    binary = os.environ.get("GODTAB_BIN") or str(ROOT / "target/release/godtab")
    if not pathlib.Path(binary).exists():
        pytest.fail(f"no godtab binary at {binary}: run the tests with `cargo xtask python`")

    def run(*args, stdin=None, check=True):
        done = subprocess.run([binary, *args], input=stdin, capture_output=True, text=True)
        if check and done.returncode != 0:
            raise AssertionError(f"godtab {' '.join(args[:4])} ... failed: {done.stderr}")
        return done.stdout

    return run


@pytest.fixture(scope="session")
def cli_solutions(cli):
    """The CLI's answers (`solve --json`) for many states: one dict per
    state, in order, in batches that fit a command line."""

    def solve(table_args, states, batch=20000):
        answers = []
        for at in range(0, len(states), batch):
            out = cli("solve", *table_args, "--json", *states[at : at + batch], check=False)
            answers.extend(json.loads(line) for line in out.splitlines())
        assert len(answers) == len(states)
        return answers

    return solve
