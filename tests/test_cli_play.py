"""``harp play``: scripts, --verbose, standard input, settings
(RULES B9), refusals naming the action and the rule, the interactive game."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from harp import read_records
from harp.display import with_suit_letters

from helpers import invoke, invoke_ok, refused


def test_play_prints_final_position_score_moves_status():
    lines = invoke_ok("play", "EH1-N-AAAAAAF", "1>f 2>f d d", "--ascii").splitlines()
    assert lines[1] == "Foundations  f1 AS  f2 --  f3 AH  f4 --  f5 --  f6 --  f7 --  f8 --"
    assert lines[2:4] == ["Stock 57", "Waste 2, top QS"]
    assert lines[4:6] == ["1:", "2: 2S"]
    assert lines[-1] == "Score 25  Moves 4  Status open"


def test_play_json():
    data = json.loads(invoke_ok("play", "EH1-N-AAAAAAF", "1>f", "2>f", "d", "d", "--json"))
    assert (data["score"], data["moves"], data["status"]) == (25, 4, "open")
    assert data["waste"] == ["8D", "QS"] and len(data["stock"]) == 57
    assert data["columns"][1] == ["2S"] and data["face_down"][1] == 0


def test_play_refused_run_between_columns_names_action_rule_and_reminder():
    # RULES A1.3: column 6 holds the run 5S 4H after these 21 actions of deal 165.
    script = ("6>f 5>6 5>f d d d d w>f d d d d w>f d d d w>3 d w>f d w>4 6>4")
    refused(["play", "EH1-N-AAAAAFF", script], 1,
            "action 22 (6>4): the run 5S…4H cannot move from column 6 to column 4: only its top "
            "card 4H moves (RULES A1.3). Reminder: in Easy Harp only the top card moves between "
            "columns; take a run apart card by card, starting with its last (exposed) card")


@pytest.mark.parametrize("args, message", [
    # Each refusal cites the rule that refuses it: the waste's top card
    # (A1.5), a foundation's (A1.10), one card at a time onto a foundation
    # (A1.7), a count that is not the rules' (B7), a double tap that sends
    # no cell card to another cell (B5).
    (["EH1-N-AAAAAAF", "d 2:w>9"], "action 2 (2:w>9): 2 cards cannot move from the waste: "
     "only one card moves at a time (RULES A1.5)"),
    (["EH1-N-AAAAAAF", "1>f 2:f1>2"], "action 2 (2:f1>2): 2 cards cannot move from a "
     "foundation: only one card moves at a time (RULES A1.10)"),
    (["EH1-N-AAAAAAF", "2:1>f"], "action 1 (2:1>f): 2 cards cannot move to a foundation: only "
     "one card moves at a time (RULES A1.7)"),
    (["--load", "examples/seahaven-capacity.txt", "7:7>10"], "action 49 (7:7>10): this move "
     "takes 8 cards from column 7 to column 10, not 7 (RULES B7)"),
    (["SH1-C4-AAAAAJ2", "tta"], "action 1 (tta): 5D has no place on a foundation or a column, "
     "and a double tap sends no cell card to another cell (RULES B5)"),
])
def test_a_refusal_cites_the_rule_that_refuses_it(args, message, monkeypatch):
    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    refused(["play", *args, "--ascii"], 1, message)


def test_play_without_interactive_rules_gives_a_one_line_reason():
    script = ("6>f 5>6 5>f d d d d w>f d d d d w>f d d d w>3 d w>f d w>4 6>4")
    refused(["play", "EH1-N-AAAAAFF", script, "--no-interactive-rules"], 1,
            "action 22 (6>4): the run 5S…4H cannot move from column 6 to column 4: only its top "
            "card 4H moves (RULES A1.3)")


def test_play_double_click_setting():
    on = json.loads(invoke_ok("play", "SH1-C4-AAAAAJ2", "tt8", "--json"))
    assert on["foundations"][3] == "AC"
    refused(["play", "SH1-C4-AAAAAJ2", "tt8", "--no-double-click"], 1,
            'action 1 (tt8): double tap is off (setting "double click") (RULES B9)')


def test_play_bad_notation_exits_1():
    refused(["play", "SH1-C2-AAAAAJ2", "8>f", "8>c"], 1,
            "action 2 (8>c): no cell 'c': Seahaven with 2 cells has only cells a and b "
            "(RULES A2.7)")
    refused(["play", "SH1-C4-AAAAAJ2", "8>e"], 1, "action 1 (8>e): unknown location 'e'")


def test_play_bad_code_exits_1():
    refused(["play", "SH1-C5-AAAAAJ2", "8>f"], 1, "invalid deal code 'SH1-C5-AAAAAJ2': unknown "
            "variant 'C5' for SH (expected C4 or C2 or C1)")


def test_play_verbose_prints_every_step():
    out = invoke_ok("play", "SH1-C4-AAAAAJ2", "8>f", "7>2", "--verbose", "--ascii")
    # Each position as ``show`` prints it, under its title, a blank line after.
    assert out == "".join(
        f"{title}\n{invoke_ok('show', 'SH1-C4-AAAAAJ2', *moves, '--ascii')}\n"
        for title, moves in [("Start", []), ("Action 1: 8>f", ["8>f"]),
                             ("Action 2: 7>2", ["8>f", "7>2"])])


def test_play_verbose_json_prints_one_object_per_position():
    lines = invoke_ok("play", "SH1-C4-AAAAAJ2", "8>f", "7>2", "-v", "--json").splitlines()
    assert [json.loads(line)["moves"] for line in lines] == [0, 1, 2]


def test_play_verbose_stops_at_the_refused_action():
    result = invoke("play", "SH1-C4-AAAAAJ2", "8>f", "1>2", "-v", "--ascii")
    assert result.exit_code == 1
    assert result.stdout == invoke_ok("play", "SH1-C4-AAAAAJ2", "8>f", "-v", "--ascii")
    assert result.stderr == ("Error: action 2 (1>2): 2S cannot go on TS: a card goes only on "
                             "the next higher card of its own suit (RULES A2.3)\n")


def test_play_script_file_errors_name_file_and_line(tmp_path):
    script = tmp_path / "moves.txt"
    script.write_text("# opening\n8>f 7>2\n1>2\n")
    refused(["play", "SH1-C4-AAAAAJ2", "--script", str(script)], 1,
            f"{script}: line 3: action 3 (1>2): 2S cannot go on 9S: a card goes only on the "
            "next higher card of its own suit (RULES A2.3)")


def test_play_script_file(tmp_path):
    script = tmp_path / "moves.txt"
    script.write_text("8>f   # the ace of clubs\n7>2\n")
    data = json.loads(invoke_ok("play", "SH1-C4-AAAAAJ2", "--script", str(script), "--json"))
    assert (data["moves"], data["score"]) == (2, 10)


def test_play_script_from_standard_input():
    data = json.loads(invoke_ok("play", "SH1-C4-AAAAAJ2", "--script", "-", "--json",
                                input="8>f\n7>2\n"))
    assert data == json.loads(invoke_ok("play", "SH1-C4-AAAAAJ2", "8>f", "7>2", "--json"))
    assert (data["moves"], data["score"]) == (2, 10)


def test_play_missing_script_file_exits_1(tmp_path):
    refused(["play", "SH1-C4-AAAAAJ2", "--script", str(tmp_path / "none.txt")], 1,
            f"cannot open {tmp_path / 'none.txt'}: No such file or directory")


def test_play_record_on_standard_input():
    data = json.loads(invoke_ok("play", "--json", input="SH1-C4-AAAAAJ2 8>f 7>2\n"))
    assert data == json.loads(invoke_ok("play", "SH1-C4-AAAAAJ2", "8>f", "7>2", "--json"))


def test_play_record_on_standard_input_as_json_lines():
    data = json.loads(invoke_ok("play", "-", "--json",
                                input='{"code": "EH1-N-AAAAAAF", "moves": "1>f d"}\n'))
    assert (data["code"], data["score"], data["moves"], data["waste"]) == (
        "EH1-N-AAAAAAF", 10, 2, ["8D"])


def test_play_corrupt_record_on_standard_input_exits_1():
    refused(["play"], 1, "<stdin>: line 1: not valid JSON (Expecting value, column 35)",
            input='{"code": "EH1-N-AAAAAAF", "moves": \n')


def test_play_empty_standard_input_exits_1():
    refused(["play"], 1, "<stdin>: no record found: a record is a deal code followed by its "
            "moves (RULES B8)", input="")


def test_play_usage_errors_exit_2(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("8>f\n")
    refused(["play", "SH1-C4-AAAAAJ2", "7>2", "--script", str(script)], 2,
            "give moves either as arguments or with --script, not both")
    refused(["play", "--load", str(script), "--script", str(script)], 2,
            "give either --load or --script, not both")


def test_play_no_moves_and_not_a_terminal_prints_the_deal():
    """The board as ``harp deal`` prints it, without the atlas's verdict."""
    dealt = invoke_ok("deal", "EH1-N-AAAAAAF", "--ascii")
    assert dealt.endswith("\nWinnable  yes\n")
    assert invoke_ok("play", "EH1-N-AAAAAAF", "--ascii") == dealt.removesuffix("Winnable  yes\n")


# ------------------------------------------------------------------ interactive game

def interactive(code: str, typed: str, *extra: str):
    return invoke("play", code, "--interactive", "--ascii", *extra, input=typed)


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
    assert result.exit_code == 0
    out = result.stdout
    assert "Score 25  Moves 3  Status open\nEH1-N-AAAAAAF> moves\n" in out
    # The legal actions in the engine's order; the script as typed (taps stay taps).
    assert "EH1-N-AAAAAAF> moves\n2>f 2>5 2>3 8>6 f3>2 d\n" in out
    assert "EH1-N-AAAAAAF> script\nt1 tt2 d\n" in out
    assert "\n  u                      undo the last action\n" in out


def test_a_command_with_a_wrong_argument_gets_its_usage_not_a_move_error():
    result = interactive("EH1-N-AAAAAAF", "rules\nmoves 3\nq\n")
    assert result.exit_code == 0
    assert ("EH1-N-AAAAAAF> rules\nUsage: rules SECTION, e.g. rules A1.3 or rules foundations "
            "(harp rules prints the whole book)\n"
            "EH1-N-AAAAAAF> moves 3\nUsage: moves (the legal actions; no argument)\n") in result.stdout
    assert "Refused" not in result.stdout


def test_rules_of_signs_alone_is_refused_in_the_line_game_as_by_harp_rules():
    """``rules -`` printed every section with a dash in its text (A1.4
    face-down, B5 tie-breaks, ...): no word was asked for, as ``harp rules
    -`` says."""
    result = interactive("SH1-C4-AAAAAJ2", "rules -\nrules ...\nq\n")
    assert result.exit_code == 0
    assert ("SH1-C4-AAAAAJ2> rules -\n'-' has no letter or digit: give a section id (A2.5) "
            "or a word\n"
            "SH1-C4-AAAAAJ2> rules ...\n'...' has no letter or digit: give a section id "
            "(A2.5) or a word\n") in result.stdout
    assert "###" not in result.stdout


def test_interactive_game_shows_the_refused_reason_without_reminder_when_off():
    result = interactive("EH1-N-AAAAAFF",
                         "6>f 5>6 5>f d d d d w>f d d d d w>f d d d w>3 d w>f d w>4\n6>4\nq\n\n",
                         "--no-interactive-rules")
    assert result.exit_code == 0
    assert ("EH1-N-AAAAAFF> 6>4\nRefused 6>4: the run 5S…4H cannot move from column 6 to column 4: only its top "
            "card 4H moves (RULES A1.3)\n") in result.stdout


def test_interactive_game_saves_a_record_that_replays(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = interactive("SH1-C4-AAAAAJ2", "8>f\n7>2\nq\ny\ngame.jsonl\n")
    assert result.exit_code == 0
    assert "Saved to game.jsonl: replay it with: harp replay game.jsonl" in result.stdout
    saved = (tmp_path / "game.jsonl").read_text()
    assert json.loads(saved) == {"code": "SH1-C4-AAAAAJ2", "moves": "8>f 7>2"}
    assert invoke_ok("replay", "--check", "game.jsonl").endswith(
        "2 actions, all legal. Score 10, moves 2, status open.\n")


def test_interactive_game_saves_text_and_csv_records(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert interactive("SH1-C4-AAAAAJ2", "8>f\nq\ny\n\n").exit_code == 0
    assert (tmp_path / "SH1-C4-AAAAAJ2.txt").read_text() == "SH1-C4-AAAAAJ2 8>f\n"
    assert interactive("SH1-C4-AAAAAJ2", "8>f\nq\ny\ngames.csv\n").exit_code == 0
    assert interactive("SH1-C4-AAAAAJ2", "tt8\nq\ny\ngames.csv\n").exit_code == 0
    assert (tmp_path / "games.csv").read_text() == (
        "code,moves\nSH1-C4-AAAAAJ2,8>f\nSH1-C4-AAAAAJ2,tt8\n")


def test_interactive_game_at_end_of_input_keeps_the_game_it_could_not_ask_about():
    """Input ends at the save question: no answer, so the record is printed
    (never lost unseen) and the exit code says it was not saved."""
    result = interactive("SH1-C4-AAAAAJ2", "8>f\n")
    assert (result.exit_code, result.stderr) == (1, "")
    assert result.stdout.endswith("Score 10  Moves 1  Status open\nSH1-C4-AAAAAJ2> \n"
                                  "Your SH-C4 games: played 1, won 0 (0 %), best score 10, "
                                  "streak 0 (best 0)\n"
                                  "Save this game as a record? [y/N]: \n"
                                  "Not saved. The game's record, to keep by hand:\n"
                                  "SH1-C4-AAAAAJ2 8>f\n")
    quiet = interactive("SH1-C4-AAAAAJ2", "")             # nothing played: nothing to keep
    assert (quiet.exit_code, quiet.stderr) == (0, "")
    assert quiet.stdout.endswith("Type help for the notation, q to quit.\nSH1-C4-AAAAAJ2> \n")


def test_interactive_game_announces_a_win():
    text = (Path(__file__).parent.parent / "examples" / "won-seahaven.txt").read_text()
    (_, record), = read_records(text.splitlines(keepends=True), "text")
    moves = " ".join(record.script.split())
    result = interactive(record.code, moves + "\nn\n")
    assert result.exit_code == 0
    assert result.stdout.endswith("Score 575  Moves 105  Status won\nWon! Score 575 in 105 moves.\n"
                                  "Your SH-C4 games: played 1, won 1 (100 %), best score 575, "
                                  "streak 1 (best 1)\n"
                                  "Save this game as a record? [y/N]: n\n")


def test_interactive_hint_is_the_first_action_of_the_solvers_line():
    """``hint`` in the game names the first action of the line ``harp hint``
    finds with the same limits, and its length."""
    line = json.loads(invoke_ok("hint", "SH1-C4-AAAAAJ2", "--json"))
    assert line["outcome"] == "solved" and line["hint"] == line["script"].split()[0]
    result = interactive("SH1-C4-AAAAAJ2", "hint\nq\nn\n")
    assert result.exit_code == 0
    assert (f"SH1-C4-AAAAAJ2> hint\nHint: {line['hint']} (the first of a winning line of "
            f"{line['length']} actions)\nSH1-C4-AAAAAJ2> q\n") in result.stdout


def test_hint_n_follows_the_line_in_force_and_limits_only_a_new_search():
    """``hint N`` while the player follows the line in force names that
    line's next action, whatever N (it said "No winning line found within
    the limits (max states 1 reached)" and dropped the line); N limits a
    new search only: the first hint of a game, or one off the line."""
    line = json.loads(invoke_ok("hint", "SH1-C4-AAAAAJ2", "--json"))["script"].split()
    result = interactive("SH1-C4-AAAAAJ2", f"hint\nhint 1\n{line[0]}\nhint 1\nhint 100000\n"
                                           "hint\nq\nn\n")
    assert result.exit_code == 0
    said = [part.split("\n")[1] for part in result.stdout.split("SH1-C4-AAAAAJ2> hint")[1:]]
    first = f"Hint: {line[0]} (the first of a winning line of {len(line)} actions)"
    goes_on = f"Hint: {line[1]} (the line goes on: {len(line) - 1} actions to a win)"
    assert said == [first, first, goes_on, goes_on, goes_on]
    result = interactive("SH1-C4-AAAAAJ2", "hint 1\nq\nn\n")
    assert ("SH1-C4-AAAAAJ2> hint 1\nNo winning line found within the limits (max states 1 "
            "reached); the position may still be won: try hint 10 for a longer search.\n"
            ) in result.stdout


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
    # --ascii: the book's cards in letters, as the board's (7H goes only on 8H)
    letters = with_suit_letters(book.section("A2.3").text)
    assert letters != book.section("A2.3").text
    assert after_first.split("SH1-C4-AAAAAJ2> ")[1] == "why\n" + letters
    assert with_suit_letters(book.section("B7").text) in out
    assert with_suit_letters(book.section("A2.5").text) in out


def test_the_line_game_names_cards_as_its_board_does():
    """With suit symbols on the board, a refusal names its cards with them
    too, and the rule book keeps its own; what the player typed is echoed
    as typed."""
    from harp.rulebook import rule_book
    result = invoke("play", "SH1-C4-AAAAAJ2", "--interactive", input="1>2\nwhy\nq\nn\n")
    assert result.exit_code == 0 and " 1: 7♣ J♦ 9♥ 7♠ 2♠" in result.stdout
    assert ("Refused 1>2: 2♠ cannot go on T♠: a card goes only on the next higher card of its "
            "own suit (RULES A2.3)\n") in result.stdout
    assert rule_book().section("A2.3").text in result.stdout


# ------------------------------------------------------------------ choosing the deal to play

def test_play_takes_deal_s_choice_of_a_daily_deal():
    played = invoke_ok("play", "--daily", "--date", "2026-11-29", "--ascii")
    dealt = invoke_ok("deal", "--daily", "--date", "2026-11-29", "--ascii").splitlines()
    # deal ends with the atlas's verdict (deal 111839 is in the Easy Harp
    # atlas); the game never tells the player whether it can be won
    assert dealt[-1] == "Winnable  yes"
    assert played.splitlines() == dealt[:-1]
    assert played.startswith("Easy Harp  EH1-N-AAADNG7  (deal 111839)\n")


def test_play_a_random_deal_of_the_game_and_cells_chosen():
    data = json.loads(invoke_ok("play", "--random", "--game", "sh", "--cells", "2", "--winnable",
                                "--json"))
    assert data["code"].startswith("SH1-C2-") and data["moves"] == 0
    assert len(data["cells"]) == 2


def test_play_line_starts_the_line_game():
    out = invoke_ok("play", "--daily", "--date", "2026-11-29", "--line", "--ascii", input="q\n")
    assert out.endswith("Score 0  Moves 0  Status open\nType help for the notation, q to quit.\n"
                        "EH1-N-AAADNG7> q\n")


def test_play_deal_choice_usage_errors_exit_2(tmp_path):
    for args, message in [
        (["SH1-C4-AAAAAJ2", "--random"], "give exactly one of CODE, --random or --daily"),
        (["--game", "sh"], "give exactly one of CODE, --random or --daily"),
        (["--daily", "--winnable"], "--winnable, --unwinnable and --min-cells choose a --random "
         "deal; the daily deal is the same for everyone, winnable or not (RULES B4), and "
         "'harp decode CODE' says whether a deal can be won"),
        (["--random", "--load", str(tmp_path / "x.txt")],
         "--random and --daily start a new deal; --load, --script and MOVES go with a CODE"),
    ]:
        refused(["play", *args], 2, message)


# ------------------------------------------------------------------ the line game's words and files

def test_the_line_games_file_name_may_start_with_a_tilde(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    result = interactive("SH1-C4-AAAAAJ2", "8>f\nq\ny\n~/x1.txt\n")
    saved = tmp_path / "home" / "x1.txt"
    assert result.exit_code == 0
    assert f"Saved to {saved}: replay it with: harp replay {saved}\n" in result.stdout
    assert saved.read_text() == "SH1-C4-AAAAAJ2 8>f\n"
    result = interactive("SH1-C4-AAAAAJ2", "8>f\nq\ny\n~\n\n")       # the home folder
    assert f"Not saved: cannot open {tmp_path / 'home'}: it is a folder\n" in result.stdout
    assert result.exit_code == 1 and not (tmp_path / "~").exists()


def test_the_line_games_file_named_dash_is_a_file_not_the_output(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = interactive("SH1-C4-AAAAAJ2", "8>f\nq\ny\n-\n")
    assert result.exit_code == 0
    assert "Saved to ./-: replay it with: harp replay ./-\n" in result.stdout
    assert (tmp_path / "-").read_text() == "SH1-C4-AAAAAJ2 8>f\n"


def test_a_hint_one_action_from_the_win_counts_one_action():
    text = (Path(__file__).parent.parent / "examples" / "won-seahaven.txt").read_text()
    (_, record), = read_records(text.splitlines(keepends=True), "text")
    moves = record.script.split()
    result = invoke("play", record.code, " ".join(moves[:-2]), "-i", "--ascii",
                    input=f"hint\n{moves[-2]}\nhint\nq\nn\n")
    assert result.exit_code == 0
    assert f"Hint: {moves[-2]} (the first of a winning line of 2 actions)\n" in result.stdout
    assert f"Hint: {moves[-1]} (the line goes on: 1 action to a win)\n" in result.stdout


def test_a_deal_lost_from_its_start_says_there_is_nothing_to_undo():
    # Deal 29463 with 1 cell cannot be won (the atlas; the solver proves it).
    result = interactive("SH1-C1-AAAA4YX", "hint\n4>f\nhint\nq\nn\n")
    assert result.exit_code == 0
    first, second = result.stdout.split("SH1-C1-AAAA4YX> hint\n")[1:]
    assert first.startswith("Lost: no line of play wins from here (RULES C8), and there is "
                            "nothing to undo: quit (q) and play another deal.\n")
    assert second.startswith("Lost: no line of play wins from here (RULES C8); undo (u) to an "
                             "earlier position.\n")


@pytest.mark.parametrize("options, named", [
    (["-i", "--json"], "--json is"),
    (["--line", "--verbose"], "--verbose is"),
    (["-i", "-v", "--json"], "--json and --verbose are"),
])
def test_options_of_a_printed_position_are_refused_by_the_interactive_game(options, named):
    refused(["play", "SH1-C4-AAAAAJ2", *options], 2,
            f"{named} for printed positions, not for the interactive game (--interactive, "
            "--line, or no MOVES in a terminal)", input="8>f\nq\nn\n")


@pytest.mark.parametrize("args, flag, what", [
    (["-i"], "--interactive", "record"),
    (["-", "-i"], "--interactive", "record"),
    (["--load", "-", "-i"], "--interactive", "record"),
    (["--line"], "--line", "record"),
    (["-", "--line"], "--line", "record"),
    (["SH1-C4-AAAAAJ2", "--script", "-", "--line", "-i"], "--line", "script"),
])
def test_an_interactive_game_refuses_a_record_or_script_read_from_its_piped_input(args, flag,
                                                                                 what):
    option = "--script" if what == "script" else "--load"
    refused(["play", *args], 2, f"{flag} reads the game's moves from standard input, which "
            f"the {what} would use up: give the {what} as a file ({option} FILE)",
            input="SH1-C4-AAAAAJ2 8>f\nq\nn\n")


def test_the_line_game_shows_what_reveal_reveals():
    result = invoke("play", "EH1-N-AAAAAAF", "--line", "--ascii", "--reveal", input="q\n")
    assert result.exit_code == 0
    assert "\nStock 59: 8D QS QH " in result.stdout and "\n9: 5C 8S 6S 2C JS TS KH 2H TC\n" \
        in result.stdout


# ------------------------------------------------------------------ the line game's statistics

def stats_file() -> Path:
    import os
    return Path(os.environ["XDG_DATA_HOME"]) / "harp" / "stats.json"


def test_the_line_game_counts_each_game_left_with_an_action_and_shows_them():
    """As the full-screen game counts: played when left with an action,
    not when left untouched; ``stats`` shows every game's line."""
    shown = interactive("SH1-C4-AAAAAJ2", "stats\nq\n")
    assert "SH1-C4-AAAAAJ2> stats\nNo game played yet.\n" in shown.stdout
    assert "Your " not in shown.stdout and not stats_file().exists()
    interactive("SH1-C4-AAAAAJ2", "8>f\nq\nn\n")
    interactive("EH1-N-AAAAAAF", "1>f\nq\nn\n")
    shown = interactive("SH1-C4-AAAAAJ2", "stats\nq\n")
    assert ("SH1-C4-AAAAAJ2> stats\nEH     played 1, won 0 (0 %), best score 10, streak 0 (best 0)\n"
            "SH-C4  played 1, won 0 (0 %), best score 10, streak 0 (best 0)\n") in shown.stdout
    assert json.loads(stats_file().read_text())["games"]["SH-C4"]["played"] == 1


def test_the_line_game_does_not_count_a_won_game_resumed_again(tmp_path):
    text = (Path(__file__).parent.parent / "examples" / "won-seahaven.txt").read_text()
    (_, record), = read_records(text.splitlines(keepends=True), "text")
    (tmp_path / "won.txt").write_text(f"{record.code} {record.script}\n")
    result = invoke("play", "--load", str(tmp_path / "won.txt"), "--line", input="q\n")
    assert result.exit_code == 0 and "Your " not in result.stdout
    assert not stats_file().exists()


def test_the_line_game_says_a_damaged_statistics_file_and_leaves_it():
    stats_file().parent.mkdir(parents=True)
    stats_file().write_text("{not json")
    result = interactive("SH1-C4-AAAAAJ2", "8>f\nq\nn\n")
    assert result.exit_code == 0
    assert (f"Statistics not saved: the statistics file {stats_file()} is damaged (it is not "
            "JSON at line 1, column 2); it is left as it is: move it away to start new "
            "statistics\n") in result.stdout
    assert stats_file().read_text() == "{not json"


def test_the_line_game_clips_a_long_refused_token():
    """A pasted line of 100 000 characters made a refusal as long."""
    result = interactive("SH1-C4-AAAAAJ2", "x" * 100_000 + "\nq\n")
    refusal, = [line for line in result.stdout.splitlines() if "Refused" in line]
    assert refusal == (f"Refused {'x' * 59}…: cannot read '{'x' * 59}…': "
                       "expected X>Y, N:X>Y, d, tX, ttX or u")


def test_the_line_game_names_a_refused_token_once():
    """A notation error names its text; the refusal names it already
    ("Refused 1>c: '1>c': no cell 'c'..." said it twice)."""
    result = interactive("SH1-C1-AAAAAJ2", "1>c\nq\nn\n")
    refusal, = [line for line in result.stdout.splitlines() if "Refused" in line]
    assert refusal.endswith("Refused 1>c: no cell 'c': Seahaven with 1 cell has only cell a "
                            "(RULES A2.7)")
