"""``harp play``: scripts, --verbose, standard input, settings
(RULES B9), refusals naming the action and the rule, the interactive game."""
from __future__ import annotations

import json

from click.testing import CliRunner

from harp.cli import cli


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(cli, list(args), input=input)


def test_play_prints_final_position_score_moves_status():
    result = run("play", "EH1-N-AAAAAAF", "1>f 2>f d d", "--ascii")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[1] == "Foundations  f1 AS  f2 --  f3 AH  f4 --  f5 --  f6 --  f7 --  f8 --"
    assert lines[2:4] == ["Stock 57", "Waste 2, top QS"]
    assert lines[4:6] == ["1:", "2: 2S"]
    assert lines[-1] == "Score 25  Moves 4  Status open"


def test_play_json():
    data = json.loads(run("play", "EH1-N-AAAAAAF", "1>f", "2>f", "d", "d", "--json").stdout)
    assert (data["score"], data["moves"], data["status"]) == (25, 4, "open")
    assert data["waste"] == ["8D", "QS"] and len(data["stock"]) == 57
    assert data["columns"][1] == ["2S"] and data["face_down"][1] == 0


def test_play_refused_run_between_columns_names_action_rule_and_reminder():
    # RULES A1.3: column 6 holds the run 5S 4H after these 21 actions of deal 165.
    script = ("6>f 5>6 5>f d d d d w>f d d d d w>f d d d w>3 d w>f d w>4 6>4")
    result = run("play", "EH1-N-AAAAAFF", script)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == (
        "Error: action 22 (6>4): the run 5S…4H cannot move from column 6 to column 4: only "
        "its top card 4H moves (RULES A1.3). Reminder: in Easy Harp only the top card moves "
        "between columns; take a run apart card by card, starting with its last (exposed) card\n")


def test_play_without_interactive_rules_gives_a_one_line_reason():
    script = ("6>f 5>6 5>f d d d d w>f d d d d w>f d d d w>3 d w>f d w>4 6>4")
    result = run("play", "EH1-N-AAAAAFF", script, "--no-interactive-rules")
    assert result.exit_code == 1
    assert result.stderr == (
        "Error: action 22 (6>4): the run 5S…4H cannot move from column 6 to column 4: only "
        "its top card 4H moves (RULES A1.3)\n")


def test_play_double_click_setting():
    on = json.loads(run("play", "SH1-C4-AAAAAJ2", "tt8", "--json").stdout)
    assert on["foundations"][3] == "AC"
    off = run("play", "SH1-C4-AAAAAJ2", "tt8", "--no-double-click")
    assert off.exit_code == 1
    assert off.stderr == 'Error: action 1 (tt8): double tap is off (setting "double click") (RULES B9)\n'


def test_play_bad_notation_exits_1():
    result = run("play", "SH1-C2-AAAAAJ2", "8>f", "8>c")
    assert result.exit_code == 1
    assert result.stderr == ("Error: action 2 (8>c): no cell 'c' with 2 cells "
                             "(cells are a, b)\n")
    unknown = run("play", "SH1-C4-AAAAAJ2", "8>e")
    assert unknown.stderr == "Error: action 1 (8>e): unknown location 'e'\n"


def test_play_bad_code_exits_1():
    result = run("play", "SH1-C5-AAAAAJ2", "8>f")
    assert result.exit_code == 1
    assert result.stderr == ("Error: invalid deal code 'SH1-C5-AAAAAJ2': unknown variant 'C5' "
                             "for SH (expected C4 or C2 or C1)\n")


def test_play_verbose_prints_every_step():
    result = run("play", "SH1-C4-AAAAAJ2", "8>f", "7>2", "--verbose", "--ascii")
    assert result.exit_code == 0
    titles = [line for line in result.stdout.splitlines() if line.startswith(("Start", "Action"))]
    assert titles == ["Start", "Action 1: 8>f", "Action 2: 7>2"]
    assert result.stdout.count("Seahaven Towers, 4 cells") == 3
    assert result.stdout.endswith("Score 10  Moves 2  Status open\n\n")


def test_play_verbose_json_prints_one_object_per_position():
    lines = run("play", "SH1-C4-AAAAAJ2", "8>f", "7>2", "-v", "--json").stdout.splitlines()
    assert [json.loads(line)["moves"] for line in lines] == [0, 1, 2]


def test_play_verbose_stops_at_the_refused_action():
    result = run("play", "SH1-C4-AAAAAJ2", "8>f", "1>2", "-v", "--ascii")
    assert result.exit_code == 1
    assert "Action 1: 8>f" in result.stdout and "Action 2" not in result.stdout
    assert result.stderr.startswith("Error: action 2 (1>2): ")


def test_play_script_file_errors_name_file_and_line(tmp_path):
    script = tmp_path / "moves.txt"
    script.write_text("# opening\n8>f 7>2\n1>2\n")
    result = run("play", "SH1-C4-AAAAAJ2", "--script", str(script))
    assert result.exit_code == 1
    assert result.stderr == (f"Error: {script}: action 3 (1>2, line 3): 2S cannot go on 9S: a "
                             "card goes only on the next higher card of its own suit (RULES A2.3)\n")


def test_play_script_file(tmp_path):
    script = tmp_path / "moves.txt"
    script.write_text("8>f   # the ace of clubs\n7>2\n")
    data = json.loads(run("play", "SH1-C4-AAAAAJ2", "--script", str(script), "--json").stdout)
    assert (data["moves"], data["score"]) == (2, 10)


def test_play_script_from_standard_input():
    data = json.loads(run("play", "SH1-C4-AAAAAJ2", "--script", "-", "--json",
                          input="8>f\n7>2\n").stdout)
    assert data["moves"] == 2


def test_play_missing_script_file_exits_1(tmp_path):
    result = run("play", "SH1-C4-AAAAAJ2", "--script", str(tmp_path / "none.txt"))
    assert result.exit_code == 1
    assert result.stderr == f"Error: cannot open {tmp_path / 'none.txt'}: No such file or directory\n"


def test_play_record_on_standard_input():
    result = run("play", "--json", input="SH1-C4-AAAAAJ2 8>f 7>2\n")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["moves"] == 2


def test_play_record_on_standard_input_as_json_lines():
    result = run("play", "-", "--json", input='{"code": "EH1-N-AAAAAAF", "moves": "1>f d"}\n')
    assert json.loads(result.stdout)["score"] == 10


def test_play_corrupt_record_on_standard_input_exits_1():
    result = run("play", input='{"code": "EH1-N-AAAAAAF", "moves": \n')
    assert result.exit_code == 1
    assert result.stderr == ("Error: <stdin>: line 1: not valid JSON (Expecting value, "
                             "column 35)\n")


def test_play_empty_standard_input_exits_1():
    result = run("play", input="")
    assert result.exit_code == 1
    assert result.stderr == ("Error: <stdin>: no record found: a record is a deal code "
                             "followed by its moves\n")


def test_play_usage_errors_exit_2(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("8>f\n")
    both = run("play", "SH1-C4-AAAAAJ2", "7>2", "--script", str(script))
    assert both.exit_code == 2
    assert "give moves either as arguments or with --script, not both" in both.stderr
    record_and_script = run("play", "--load", str(script), "--script", str(script))
    assert record_and_script.exit_code == 2


def test_play_no_moves_and_not_a_terminal_prints_the_deal():
    result = run("play", "EH1-N-AAAAAAF", "--ascii")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == "Score 0  Moves 0  Status open"


# ------------------------------------------------------------------ interactive game

def interactive(code: str, typed: str, *extra: str):
    return run("play", code, "--interactive", "--ascii", *extra, input=typed)


def test_interactive_game_redraws_refuses_undoes_and_quits_without_saving():
    result = interactive("EH1-N-AAAAAAF", "1>f\n2>3\nu\nq\nn\n")
    assert result.exit_code == 0
    out = result.stdout
    # The start, then a redraw after each accepted action (none after the refusal).
    assert out.count("Easy Harp  EH1-N-AAAAAAF  (deal 5)") == 3
    assert ("Refused 2>3: AS cannot go on 3H: a card goes on a card of the other colour one "
            "rank higher (RULES A1.2)") in out
    assert "Score 10  Moves 1  Status open" in out
    assert out.endswith("Save this game as a record? [y/N]: n\n")


def test_interactive_game_taps_draws_and_lists_moves():
    result = interactive("EH1-N-AAAAAAF", "t1\ntt2\nd\nmoves\nscript\nhelp\nquit\n\n")
    out = result.stdout
    assert "Score 25  Moves 3  Status open" in out
    assert "1>f tt2 d" not in out        # the script is canonical
    assert "t1 tt2 d" in out
    assert "u                      undo the last action" in out


def test_interactive_game_shows_the_refused_reason_without_reminder_when_off():
    result = interactive("EH1-N-AAAAAFF",
                         "6>f 5>6 5>f d d d d w>f d d d d w>f d d d w>3 d w>f d w>4\n6>4\nq\n\n",
                         "--no-interactive-rules")
    assert ("Refused 6>4: the run 5S…4H cannot move from column 6 to column 4: only its top "
            "card 4H moves (RULES A1.3)\n") in result.stdout


def test_interactive_game_saves_a_record_that_replays(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = interactive("SH1-C4-AAAAAJ2", "8>f\n7>2\nq\ny\ngame.jsonl\n")
    assert result.exit_code == 0
    assert "Saved to game.jsonl: replay it with: harp replay game.jsonl" in result.stdout
    saved = (tmp_path / "game.jsonl").read_text()
    assert json.loads(saved) == {"code": "SH1-C4-AAAAAJ2", "moves": "8>f 7>2"}
    replayed = run("replay", "--check", "game.jsonl")
    assert replayed.exit_code == 0
    assert replayed.stdout.endswith("2 actions, all legal. Score 10, moves 2, status open.\n")


def test_interactive_game_saves_text_and_csv_records(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    interactive("SH1-C4-AAAAAJ2", "8>f\nq\ny\n\n")
    assert (tmp_path / "SH1-C4-AAAAAJ2.txt").read_text() == "SH1-C4-AAAAAJ2 8>f\n"
    interactive("SH1-C4-AAAAAJ2", "8>f\nq\ny\ngames.csv\n")
    interactive("SH1-C4-AAAAAJ2", "tt8\nq\ny\ngames.csv\n")
    assert (tmp_path / "games.csv").read_text() == (
        "code,moves\nSH1-C4-AAAAAJ2,8>f\nSH1-C4-AAAAAJ2,tt8\n")


def test_interactive_game_at_end_of_input_keeps_the_game_it_could_not_ask_about():
    """Input ends at the save question: no answer, so the record is printed
    (never lost unseen) and the exit code says it was not saved."""
    result = interactive("SH1-C4-AAAAAJ2", "8>f\n")
    assert result.exit_code == 1
    assert result.stdout.endswith("Save this game as a record? [y/N]: \n"
                                  "Not saved. The game's record, to keep by hand:\n"
                                  "SH1-C4-AAAAAJ2 8>f\n")
    assert "Traceback" not in result.output
    quiet = interactive("SH1-C4-AAAAAJ2", "")             # nothing played: nothing to keep
    assert quiet.exit_code == 0


def test_interactive_game_announces_a_win():
    from pathlib import Path

    from harp.recordfile import load_one_record
    record = load_one_record(str(Path(__file__).parent.parent / "examples" / "won-seahaven.txt"))
    moves = " ".join(record.script.split())
    result = interactive(record.code, moves + "\nn\n")
    assert "Won! Score 575 in 105 moves." in result.stdout


def test_interactive_hint_uses_the_solver_when_installed():
    from harp.cli.interactive import hint_text
    from harp import new_board
    text = hint_text(new_board("SH1-C4-AAAAAJ2"))
    assert text.startswith("Hint: ") and "winning line" in text


def test_interactive_why_shows_the_rule_behind_the_last_refusal():
    """The refusal cites RULES A2.3; ``why`` prints that section of the book,
    ``rules A2.5`` any section; bad notation points at RULES B7."""
    from harp.rulebook import rule_book
    book = rule_book()
    result = interactive("SH1-C4-AAAAAJ2", "why\n1>2\nwhy\n1>>\nwhy\nrules A2.5\nq\nn\n")
    assert result.exit_code == 0
    out = result.stdout
    assert "Nothing has been refused yet.\n" in out
    assert "Refused 1>2: 2S cannot go on TS: a card goes only on the next higher card of its " \
           "own suit (RULES A2.3)\n" in out
    after_first = out.split("(RULES A2.3)\n", 1)[1]
    assert after_first.split("SH1-C4-AAAAAJ2> ")[1] == "why\n" + book.section("A2.3").text
    assert book.section("B7").text in out
    assert book.section("A2.5").text in out


# ------------------------------------------------------------------ choosing the deal to play

def test_play_takes_deal_s_choice_of_a_daily_deal():
    played = run("play", "--daily", "--date", "2026-11-29", "--ascii")
    dealt = run("deal", "--daily", "--date", "2026-11-29", "--ascii")
    assert played.exit_code == 0 and played.stdout == dealt.stdout
    assert played.stdout.startswith("Easy Harp  EH1-N-AAADNG7  (deal 111839)\n")


def test_play_a_random_deal_of_the_game_and_cells_chosen():
    result = run("play", "--random", "--game", "sh", "--cells", "2", "--winnable", "--json")
    data = json.loads(result.stdout)
    assert result.exit_code == 0 and data["code"].startswith("SH1-C2-") and data["moves"] == 0
    assert len(data["cells"]) == 2


def test_play_line_starts_the_line_game():
    result = run("play", "--daily", "--date", "2026-11-29", "--line", "--ascii", input="q\n")
    assert result.exit_code == 0
    assert "Type help for the notation, q to quit." in result.stdout


def test_play_deal_choice_usage_errors_exit_2(tmp_path):
    for args, message in [
        (["SH1-C4-AAAAAJ2", "--random"], "give exactly one of CODE, --random or --daily"),
        (["--game", "sh"], "give exactly one of CODE, --random or --daily"),
        (["--daily", "--winnable"], "--winnable, --unwinnable and --min-cells choose a --random"),
        (["--random", "--load", str(tmp_path / "x.txt")],
         "--random and --daily start a new deal; --load, --script and MOVES go with a CODE"),
    ]:
        result = run("play", *args)
        assert result.exit_code == 2, args
        assert message in result.stderr, (args, result.stderr)
