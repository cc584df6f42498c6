"""The shared output machinery of the command line (cli/output.py)."""
from __future__ import annotations

import io

import click
import pytest
from click.testing import CliRunner

from harp.cli.options import output_options
from harp.cli.output import MESSAGE_LIMIT, engine_errors, one_line, print_rows
from harp.errors import HarpError

ROWS = [{"game": "SH", "won": 3, "rate": 0.75}, {"game": "EH", "won": 1, "rate": None}]


def printed(**options) -> str:
    out = io.StringIO()
    print_rows(ROWS, file=out, **options)
    return out.getvalue()


def test_print_rows_simple_table():
    assert printed() == ("game      won    rate\n"
                         "------  -----  ------\n"
                         "SH          3    0.75\n"
                         "EH          1\n")


def test_print_rows_other_tabulate_format():
    assert printed(fmt="github").splitlines()[0] == "| game   |   won |   rate |"


def test_print_rows_csv():
    assert printed(csv_=True) == "game,won,rate\nSH,3,0.75\nEH,1,\n"


def test_print_rows_json():
    assert printed(json_=True) == ('[\n {"game": "SH", "won": 3, "rate": 0.75},\n'
                                   ' {"game": "EH", "won": 1, "rate": null}\n]\n')
    out = io.StringIO()
    print_rows([], json_=True, file=out)
    assert out.getvalue() == "[]\n"


def test_print_rows_headers_fix_the_columns():
    assert printed(csv_=True, headers=["won", "game"]) == "won,game\n3,SH\n1,EH\n"


def test_output_options_on_a_command():
    @click.command()
    @output_options
    def table(json_: bool, csv_: bool, fmt: str) -> None:
        print_rows(ROWS, json_=json_, csv_=csv_, fmt=fmt)

    runner = CliRunner()
    assert runner.invoke(table, ["--csv"]).stdout == "game,won,rate\nSH,3,0.75\nEH,1,\n"
    assert runner.invoke(table, ["--fmt", "plain"]).stdout.splitlines()[1] == "SH          3    0.75"
    bad = runner.invoke(table, ["--fmt", "nope"])
    assert bad.exit_code == 2 and bad.stderr.splitlines()[-1] == (
        "Error: Invalid value for '--fmt': unknown table format 'nope'; any of tabulate's "
        "formats, e.g. simple, github, grid, pipe, plain, rst")
    both = runner.invoke(table, ["--csv", "--fmt", "plain"])
    assert both.exit_code == 2 and both.stderr.splitlines()[-1] == (
        "Error: --csv and --fmt exclude each other: choose one output")


def test_engine_errors_become_one_line_click_exceptions():
    with pytest.raises(click.ClickException) as caught:
        with engine_errors():
            raise HarpError("first line\n  second line")
    assert caught.value.exit_code == 1
    assert caught.value.message == "first line second line"


def test_the_error_boundary_lets_a_bug_surface():
    """Only harp's own errors and OSError are answers; a ValueError is a bug."""
    with pytest.raises(ValueError, match="a bug"):
        with engine_errors():
            raise ValueError("a bug")


def test_one_line_is_clipped():
    message = one_line(HarpError("x" * 10_000))
    assert len(message) == MESSAGE_LIMIT and message.endswith("…")


def test_one_line_names_a_missing_file():
    assert one_line(FileNotFoundError(2, "No such file or directory", "x.txt")) == \
        "cannot open x.txt: No such file or directory"
