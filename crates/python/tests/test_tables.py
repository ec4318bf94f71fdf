"""Opening tables every way, states in every form, and errors as the
exceptions Python programs expect."""

import mmap

import numpy as np
import pytest

import godtab


@pytest.fixture(scope="module")
def eight():
    return godtab.builtin("eight-puzzle")


@pytest.fixture(scope="module")
def eight_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("tables") / "eight-puzzle.gtab"
    godtab.generate("eight-puzzle", path, progress=False)
    return path


def test_the_builtins_are_listed_and_described():
    assert godtab.builtins()[:3] == ["nine-digits", "nine-puzzle", "eight-puzzle"]
    info = godtab.builtin("nine-digits").info
    assert info["id"] == "nine-digits"
    assert info["kind"] == "complete" and info["encoding"] == "full"
    assert info["states"] == 362880 and info["reachable"] == 362880
    assert info["gods_number"] == 15
    assert sum(info["histogram"]) == 362880 and len(info["histogram"]) == 16
    assert info["moves"] == godtab.builtin("nine-digits").moves
    with pytest.raises(ValueError, match="unknown puzzle"):
        godtab.builtin("ten-digits")


def test_states_in_every_form_agree(eight):
    text = "2 3 4 1 5 x 7 6 8"
    values = [2, 3, 4, 1, 5, 0, 7, 6, 8]
    rows = [[2, 3, 4], [1, 5, 0], [7, 6, 8]]
    forms = [text, "23415x768", values, tuple(values), rows, np.array(values, dtype=np.uint8),
             np.array(rows), [2, 3, 4, 1, 5, "x", 7, 6, 8]]
    answers = {tuple(eight.solve(form)) for form in forms}
    assert answers == {tuple("ullddrurdllurdruldr")}
    assert {eight.distance(form) for form in forms} == {19}
    assert eight.parse(text) == values
    assert eight.format(rows) == text
    assert eight.goal() == [1, 2, 3, 4, 5, 6, 7, 8, 0]
    assert eight.distance(eight.goal()) == 0 and eight.solve(eight.goal()) == []


def test_unsolvable_states_answer_none(eight):
    assert eight.distance("1 2 3 4 5 6 8 7 x") is None
    assert eight.solve("1 2 3 4 5 6 8 7 x") is None
    assert eight.rank("1 2 3 4 5 6 8 7 x") is None


def test_bad_states_raise_value_error_with_the_librarys_message(eight):
    with pytest.raises(ValueError, match="expected 9 tiles, found 3"):
        eight.distance("1 2 3")
    with pytest.raises(ValueError):
        eight.distance([1, 1, 2, 3, 4, 5, 6, 7, 0])
    with pytest.raises(ValueError, match="cell 2: 300"):
        eight.distance([1, 300, 2, 3, 4, 5, 6, 7, 0])
    with pytest.raises(TypeError):
        eight.distance(3.5)
    with pytest.raises(ValueError, match="rank 181440 is past"):
        eight.unrank(181440)


def test_scrambles_lead_where_the_moves_say(eight):
    state = eight.scramble("u l")
    assert eight.distance(state) == 2
    assert eight.solve(state) == ["r", "d"]
    with pytest.raises(ValueError, match="move 2"):
        eight.scramble("u q")


def test_a_file_opens_mapped_and_answers_as_the_builtin(eight, eight_file):
    table = godtab.Table.open(eight_file)
    assert table.info["memory_mapped"] is True
    assert table.info["checksum"] == eight.info["checksum"]
    table.verify()
    assert table.solve("2 3 4 1 5 x 7 6 8") == eight.solve("2 3 4 1 5 x 7 6 8")
    assert "eight-puzzle" in repr(table)


def test_a_compressed_file_opens(tmp_path, eight):
    path = tmp_path / "eight.gtab.zst"
    godtab.generate("eight-puzzle", path, progress=False)
    assert path.stat().st_size < eight.info["bytes"]
    table = godtab.Table.open(path)
    assert table.info["memory_mapped"] is False
    assert table.info["checksum"] == eight.info["checksum"]


def test_buffers_of_every_kind_open_without_a_copy(eight_file, eight):
    data = eight_file.read_bytes()
    with open(eight_file, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as mapped:
        sources = [data, bytearray(data), memoryview(data), np.frombuffer(data, dtype=np.uint8), mapped]
        for source in sources:
            table = godtab.Table.from_bytes(source)
            assert table.distance("2 3 4 1 5 x 7 6 8") == 19, type(source)
            del table
    # While a table reads a bytearray, the bytearray cannot be resized.
    buffer = bytearray(data)
    table = godtab.Table.from_bytes(buffer)
    with pytest.raises(BufferError):
        buffer.extend(b"more")
    del table
    buffer.extend(b"more")


def test_damaged_tables_raise_table_error(eight_file):
    data = bytearray(eight_file.read_bytes())
    with pytest.raises(godtab.TableError, match="not a godtab table"):
        godtab.Table.from_bytes(b"hello")
    with pytest.raises(godtab.TableError):
        godtab.Table.from_bytes(data[: len(data) // 2])
    data[len(data) - 10] ^= 0xFF
    with pytest.raises(godtab.TableError, match="checksum"):
        godtab.Table.from_bytes(data)
    damaged = godtab.Table.from_bytes(data, verify=False)
    with pytest.raises(godtab.TableError, match="checksum"):
        damaged.verify()


def test_a_damaged_file_is_refused_at_open_as_the_cli_refuses_it(tmp_path, root, cli):
    good = tmp_path / "slide-2x5.gtab"
    godtab.generate(root / "data/puzzles/slide-2x5.toml", good, progress=False)
    data = bytearray(good.read_bytes())
    for at in range(10_000, 10_100):
        data[at] ^= 1 << (at % 8)
    bad = tmp_path / "damaged.gtab"
    bad.write_bytes(data)
    with open(bad, "rb") as f:
        mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    for opening in [lambda: godtab.Table.open(bad), lambda: godtab.Table.from_bytes(bytes(data)),
                    lambda: godtab.Table.from_bytes(mapped)]:
        with pytest.raises(godtab.TableError, match="checksum"):
            opening()
    sound = godtab.Table.open(good)
    assert cli("solve", "--table", str(bad), sound.format(sound.goal()), check=False) == ""
    # Skipping the check is asked for by name, and then the damage shows.
    unchecked = godtab.Table.open(bad, verify=False)
    wrong = 0
    for rank in range(0, 40_000):
        state = sound.unrank(rank)
        try:
            wrong += unchecked.distance(state) != sound.distance(state)
        except godtab.TableError:
            wrong += 1
    assert wrong > 0


def test_file_errors_raise_os_errors(tmp_path):
    with pytest.raises(FileNotFoundError):
        godtab.Table.open(tmp_path / "missing.gtab")
    with pytest.raises(OSError, match="folder"):
        godtab.Table.open(tmp_path)
    (tmp_path / "junk.gtab").write_bytes(b"\x89GODTAB\n" + bytes(100))
    with pytest.raises(godtab.TableError):
        godtab.Table.open(tmp_path / "junk.gtab")


def test_batches_check_their_shape_and_rows(eight):
    states = np.array([[1, 2, 3, 4, 5, 6, 7, 8, 0], [1, 2, 3, 4, 5, 6, 8, 7, 0], [1, 2, 3, 4, 5, 6, 7, 0, 8]],
                      dtype=np.uint8)
    assert eight.distances(states).tolist() == [0, -1, 1]
    # A view that is not contiguous answers the same.
    assert eight.distances(np.asfortranarray(states)).tolist() == [0, -1, 1]
    assert eight.distances(np.zeros((0, 9), dtype=np.uint8)).tolist() == []
    with pytest.raises(ValueError, match="3 columns"):
        eight.distances(np.zeros((2, 3), dtype=np.uint8))
    bad = states.copy()
    bad[2, 0] = 2
    with pytest.raises(ValueError, match="row 2"):
        eight.distances(bad)
    with pytest.raises(TypeError):
        eight.distances(states.astype(np.int64))


def test_compact_and_parity_tables_answer_as_the_full_one(tmp_path, eight):
    states = np.array([eight.unrank(r) for r in range(0, 181440, 97)], dtype=np.uint8)
    full = eight.distances(states)
    for encoding in ["compact", "parity"]:
        table = godtab.generate("eight-puzzle", tmp_path / f"{encoding}.gtab", encoding=encoding, progress=False)
        assert table.encoding == encoding
        assert np.array_equal(table.distances(states), full)
        for row in states[:50]:
            assert table.solve(row) == eight.solve(row)
    compact = godtab.generate("eight-puzzle", compact=True, progress=False)
    assert compact.encoding == "compact" and compact.info["bits_per_state"] == 2


def test_generate_reports_progress_and_stops_when_the_callback_raises(tmp_path):
    levels = []
    table = godtab.generate("nine-digits", tmp_path / "d.gtab", progress=levels.append)
    assert [level["depth"] for level in levels] == list(range(1, 16))
    assert levels[-1]["reached"] == 362880 and levels[-1]["total"] == 362880
    assert sum(level["found"] for level in levels) == 362880 - 1
    assert table.info["gods_number"] == 15

    class Enough(Exception):
        pass

    def stop(level):
        if level["depth"] == 3:
            raise Enough

    with pytest.raises(Enough):
        godtab.generate("eight-puzzle", tmp_path / "stopped.gtab", encoding="compact", progress=stop)
    # The table is not written; the run's progress is kept, and resumes.
    assert not (tmp_path / "stopped.gtab").exists()
    assert (tmp_path / "stopped.gtab.partial").exists()
    resumed = godtab.generate("eight-puzzle", tmp_path / "stopped.gtab", encoding="compact", resume=True,
                              progress=False)
    assert resumed.info["gods_number"] == 31
    assert not (tmp_path / "stopped.gtab.partial").exists()
    whole = godtab.generate("eight-puzzle", tmp_path / "whole.gtab", encoding="compact", progress=False)
    assert (tmp_path / "stopped.gtab").read_bytes() == (tmp_path / "whole.gtab").read_bytes()


def test_generate_shows_a_tqdm_bar_when_tqdm_is_installed(tmp_path, capsys):
    pytest.importorskip("tqdm")
    godtab.generate("nine-digits", tmp_path / "d.gtab")
    assert "states" in capsys.readouterr().err


def test_generate_refuses_bad_options_and_specs(tmp_path):
    with pytest.raises(ValueError, match="encoding"):
        godtab.generate("nine-digits", encoding="tiny")
    with pytest.raises(FileNotFoundError):
        godtab.generate(tmp_path / "missing.toml")
    spec = tmp_path / "bad.toml"
    spec.write_text('name = "bad"\nkind = "sliding"\nrows = 2\n')
    with pytest.raises(ValueError, match="bad.toml"):
        godtab.generate(spec)
    with pytest.raises(MemoryError, match="max_memory"):
        godtab.generate("nine-digits", max_memory=1000)
    with pytest.raises(ValueError, match="parity"):
        godtab.generate("nine-digits", encoding="parity")


def test_help_is_useful():
    assert "Solve permutation puzzles" in godtab.__doc__
    assert "distances" in godtab.Table.distances.__doc__
    assert "max_memory" in godtab.generate.__doc__


def run_python(code, tmp_path):
    """Runs `code` in a fresh interpreter (a signal that kills it must not
    kill the tests); its exit status and output."""
    import subprocess
    import sys
    import textwrap

    script = tmp_path / "script.py"
    script.write_text(textwrap.dedent(code))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    return done.returncode, done.stdout + done.stderr


def test_ctrl_c_after_generate_is_a_keyboard_interrupt_again(tmp_path):
    status, output = run_python("""
        import os, signal, godtab
        godtab.generate("nine-digits", "x.gtab", progress=False)
        try:
            try:
                os.kill(os.getpid(), signal.SIGINT)
                for _ in range(1000000):
                    pass
            finally:
                print("finally ran")
        except KeyboardInterrupt:
            print("KeyboardInterrupt raised")
    """, tmp_path)
    assert status == 0, output
    assert "finally ran" in output and "KeyboardInterrupt raised" in output


def test_ctrl_c_during_a_compact_generation_raises_and_the_run_resumes_to_the_same_bytes(tmp_path):
    status, output = run_python("""
        import os, signal, time, godtab
        def interrupt(level):
            if level["depth"] == 5:
                os.kill(os.getpid(), signal.SIGINT)
                # The caller's thread sees the signal while this level's
                # report waits (without the GIL).
                time.sleep(0.5)
        try:
            godtab.generate("eight-puzzle", "t.gtab", compact=True, progress=interrupt)
            print("not interrupted")
        except KeyboardInterrupt as e:
            print("KeyboardInterrupt raised:", e)
        print("partial kept" if os.path.exists("t.gtab.partial") else "no partial")
        print("no table" if not os.path.exists("t.gtab") else "table written")
        godtab.generate("eight-puzzle", "t.gtab", compact=True, resume=True, progress=False)
        godtab.generate("eight-puzzle", "whole.gtab", compact=True, progress=False)
        same = open("t.gtab", "rb").read() == open("whole.gtab", "rb").read()
        print("same bytes" if same else "different bytes")
    """, tmp_path)
    assert status == 0, output
    for line in ["KeyboardInterrupt raised", "partial kept", "no table", "same bytes"]:
        assert line in output, output
