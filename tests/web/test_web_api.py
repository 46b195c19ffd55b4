"""The web server's API and websocket protocol, through FastAPI's TestClient."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402
from web_helpers import pick_with_choice  # noqa: E402

from karn.web.app import MAX_MESSAGE, create_app  # noqa: E402


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(":memory:")) as c:
        yield c


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"seed": 11, **body})
    assert r.status_code == 201, r.text
    return dict(r.json())


def table(client: TestClient, game: str, token: str | None) -> dict[str, Any]:
    headers = {"x-karn-token": token} if token else {}
    r = client.get(f"/api/games/{game}", headers=headers)
    assert r.status_code == 200, r.text
    return dict(r.json())


def act(client: TestClient, game: str, token: str, option: str, **extra: Any) -> Any:
    return client.post(
        f"/api/games/{game}/actions", headers={"x-karn-token": token}, json={"option": option, **extra}
    )


def error_code(r: Any) -> str:
    return str(r.json()["error"]["code"])


def test_lobby_page_decks_and_assets(client: TestClient) -> None:
    assert "karn" in client.get("/").text
    decks = client.get("/api/decks").json()
    assert {"red_burn", "green_stompy"} <= {d["name"] for d in decks}
    css = client.get("/static/vendor/mana-font/mana.css")
    assert css.status_code == 200 and "ms-r" in css.text and "mana.woff2" in css.text
    assert client.get("/static/vendor/mana-font/mana.woff2").status_code == 200
    page = client.get("/table/whatever").text
    assert "table.js" in page and "cdn" not in page.lower() and "https://" not in page


def test_game_against_the_ai_starts_with_the_seats_prompt(client: TestClient) -> None:
    made = new_game(client, opponent="ai", deck="red_burn", opponent_deck="green_stompy")
    t = table(client, made["game"], made["token"])
    assert t["player"] == 0 and not t["spectator"]
    assert len(t["seats"][0]["hand"]) == 7
    assert t["seats"][0]["name"] == "You" and t["seats"][0]["player_name"] == "Player"
    assert t["seats"][1]["player_name"] == "Karn AI" and t["seats"][1]["hand_size"] == 7
    assert t["seats"][1]["hand"] == []
    # the AI has kept its hand or the human decides the mulligan first: either way the
    # human is asked (the AI never leaves a decision pending)
    assert t["prompt"] is not None and t["prompt"]["kind"] == "mulligan"
    assert t["prompt"]["default"] == "keep"


def test_a_whole_game_against_the_ai_over_http(client: TestClient) -> None:
    made = new_game(client, opponent="ai")
    rng = random.Random(1)
    for _ in range(3000):
        t = table(client, made["game"], made["token"])
        if t["over"]:
            break
        assert t["prompt"] is not None, "the server waits for the AI"
        option, choice = pick_with_choice(t, rng)
        r = act(client, made["game"], made["token"], option, version=t["version"], choice=choice)
        assert r.status_code == 200, r.text
    assert t["over"]


def test_spectator_sees_public_information_only(client: TestClient) -> None:
    made = new_game(client, opponent="friend")
    t = table(client, made["game"], None)
    assert t["spectator"] and t["player"] is None
    assert all(s["hand"] == [] for s in t["seats"]) and t["prompt"] is None
    assert [s["hand_size"] for s in t["seats"]] == [7, 7]
    assert t["seats"][0]["player_name"] == "Host"


def test_friend_seats_and_refusals_change_nothing(client: TestClient) -> None:
    made = new_game(client, opponent="friend", friend_name="Alice")
    game, tokens = made["game"], [made["token"], made["invite_token"]]
    seat_tables = [table(client, game, tok) for tok in tokens]
    decider = 0 if seat_tables[0]["prompt"] is not None else 1
    other = 1 - decider
    before = [table(client, game, tok) for tok in tokens]
    assert before[decider]["prompt"] is not None and before[other]["prompt"] is None
    refusals = [
        # an action from the seat that does not decide (117.1)
        (act(client, game, tokens[other], "keep"), 409, "not_your_decision"),
        # a wrong token
        (act(client, game, "not-a-token", "keep"), 403, "bad_token"),
        # unknown actions
        (act(client, game, tokens[decider], "fly:0:0"), 400, "unknown_action"),
        (act(client, game, tokens[decider], "garbage"), 400, "unknown_action"),
        (act(client, game, tokens[decider], "x" * 81), 400, "bad_action"),
        (act(client, game, tokens[decider], 17), 400, "bad_action"),
        # a stale version
        (act(client, game, tokens[decider], "keep", version=before[0]["version"] - 1), 409, "stale"),
        # malformed JSON, a non-object
        (
            client.post(
                f"/api/games/{game}/actions",
                headers={"x-karn-token": tokens[decider], "content-type": "application/json"},
                content=b"{not json",
            ),
            400,
            "bad_json",
        ),
        (
            client.post(f"/api/games/{game}/actions", headers={"x-karn-token": tokens[decider]}, json=[1]),
            400,
            "bad_json",
        ),
        # an oversized payload
        (
            client.post(
                f"/api/games/{game}/actions",
                headers={"x-karn-token": tokens[decider]},
                json={"option": "x" * (MAX_MESSAGE + 1)},
            ),
            413,
            "too_large",
        ),
        # no token at all
        (client.post(f"/api/games/{game}/actions", json={"option": "keep"}), 403, "bad_token"),
        # no such game
        (act(client, "nope", tokens[decider], "keep"), 404, "no_game"),
    ]
    for r, status, code in refusals:
        assert r.status_code == status, (code, r.text)
        assert error_code(r) == code
        assert r.json()["error"]["message"]
    after = [table(client, game, tok) for tok in tokens]
    assert after == before
    assert client.get(f"/api/games/{game}", headers={"x-karn-token": "bad"}).status_code == 403
    ok = act(client, game, tokens[decider], "keep", version=before[0]["version"])
    assert ok.status_code == 200 and ok.json()["version"] > before[0]["version"]


def test_lobby_refusals(client: TestClient) -> None:
    cases = [
        ({"opponent": "robot"}, "bad_request"),
        ({"deck": "no_such_deck"}, "bad_deck"),
        ({"opponent_deck": "no_such_deck"}, "bad_deck"),
        ({"deck_list": "4 Lightning Boltt\n56 Mountain"}, "bad_deck"),
        ({"deck_list": 5}, "bad_deck"),
        ({"name": "x" * 30}, "bad_request"),
        ({"seed": -1}, "bad_request"),
    ]
    for body, code in cases:
        r = client.post("/api/games", json=body)
        assert r.status_code == 400, (body, r.text)
        assert error_code(r) == code
    assert (
        "Lightning Bolt"
        in client.post("/api/games", json={"deck_list": "4 Lightning Boltt\n56 Mountain"}).text
    )


def test_a_pasted_deck_list(client: TestClient) -> None:
    made = new_game(client, opponent="ai", deck_list="4 Lightning Bolt\n4 Raging Goblin\n52 Mountain\n")
    t = table(client, made["game"], made["token"])
    assert {c["name"] for c in t["seats"][0]["hand"]} <= {"Lightning Bolt", "Raging Goblin", "Mountain"}


def test_a_pasted_deck_is_answered_with_what_karn_plays_of_it(client: TestClient) -> None:
    """Issue 15.5: the count of playable cards and the list of those that are not, card by
    card with the clause that stops it, never a wall of compiler text."""
    listing = "4 Lightning Bolt\n4 Fire // Ice\n1 Shahrazad\n51 Mountain\n"
    r = client.post("/api/decks/check", json={"deck_list": listing})
    assert r.status_code == 200
    report = r.json()
    assert report["cards"] == 60 and report["playable"] == 55
    assert [(u["count"], u["card"]) for u in report["unplayable"]] == [(4, "Fire // Ice"), (1, "Shahrazad")]
    assert "subgame" in report["unplayable"][1]["clause"]
    ok = client.post("/api/decks/check", json={"deck_list": "4 Lightning Bolt\n56 Mountain"}).json()
    assert ok["cards"] == ok["playable"] == 60 and ok["unplayable"] == []
    bad = client.post("/api/decks/check", json={"deck_list": "4 Lightning Boltt\n56 Mountain"})
    assert bad.status_code == 400 and error_code(bad) == "bad_deck"
    # making a game with it is refused with the same report
    refused = client.post("/api/games", json={"opponent": "ai", "deck_list": listing})
    assert refused.status_code == 400 and error_code(refused) == "unplayable_deck"
    error = refused.json()["error"]
    assert error["message"] == ("karn plays 55 of the 60 cards of this deck; not yet: Fire // Ice, Shahrazad")
    assert error["details"] == report | {"deck": error["details"]["deck"]}


def test_settings_pass_until_end_of_turn(client: TestClient) -> None:
    made = new_game(client, opponent="ai")
    game, token = made["game"], made["token"]
    r = client.post(
        f"/api/games/{game}/settings",
        headers={"x-karn-token": token},
        json={"settings": {"pass_until": "sometime"}},
    )
    assert r.status_code == 400 and error_code(r) == "bad_settings"
    r = client.post(
        f"/api/games/{game}/settings", headers={"x-karn-token": token}, json={"settings": {"colour": 1}}
    )
    assert r.status_code == 400 and "unknown settings" in r.json()["error"]["message"]
    r = client.post(
        f"/api/games/{game}/settings",
        headers={"x-karn-token": token},
        json={"settings": {"own_stops": ["tea_time"]}},
    )
    assert r.status_code == 400 and error_code(r) == "bad_settings"
    r = client.post(
        f"/api/games/{game}/settings",
        headers={"x-karn-token": token},
        json={"settings": {"pass_until": "my_turn"}},
    )
    assert r.status_code == 200
    assert r.json()["settings"]["pass_until"] == "my_turn"
    r = client.post(
        f"/api/games/{game}/settings",
        headers={"x-karn-token": token},
        json={"settings": {"show_mana_abilities": True}},
    )
    assert r.json()["settings"]["show_mana_abilities"] is True


def test_card_text_is_sent_with_the_cards(client: TestClient) -> None:
    made = new_game(client, opponent="ai", deck="red_burn")
    t = table(client, made["game"], made["token"])
    spell = next((c for c in t["seats"][0]["hand"] if c["name"] != "Mountain"), None)
    assert spell is not None and spell["type_line"] and spell["mana_cost"] and spell["text"]


@pytest.mark.cr("704.5a")
def test_rule_texts_from_the_bundled_rules(client: TestClient) -> None:
    r = client.get("/api/rules/704.5a")
    assert r.status_code == 200 and "0 or less life" in r.json()["text"]
    r = client.get("/api/rules/704.5zz")
    assert r.status_code == 404 and error_code(r) == "no_rule" and "704.5" in r.json()["error"]["message"]


def test_full_log_on_request(client: TestClient) -> None:
    made = new_game(client, opponent="ai")
    act(client, made["game"], made["token"], "keep")
    headers = {"x-karn-token": made["token"]}
    compact = table(client, made["game"], made["token"])["log"]
    full = client.get(f"/api/games/{made['game']}/log", headers=headers).json()
    assert len(full) >= len(compact) and all("rule" in line for line in full)


# ---------------------------------------------------------------------------- websockets


def test_websocket_hello_action_errors_and_reconnect(client: TestClient) -> None:
    made = new_game(client, opponent="friend")
    game, tokens = made["game"], [made["token"], made["invite_token"]]
    with client.websocket_connect(f"/ws/{game}") as ws0, client.websocket_connect(f"/ws/{game}") as ws1:
        ws0.send_json({"type": "hello", "token": tokens[0]})
        ws1.send_json({"type": "hello", "token": tokens[1]})
        t0, t1 = ws0.receive_json()["table"], ws1.receive_json()["table"]
        assert t0["player"] == 0 and t1["player"] == 1
        decider = 0 if t0["prompt"] is not None else 1
        ws = [ws0, ws1]
        # bad messages: each a clear error, the connection stays open, nothing changes
        ws[decider].send_text("{oops")
        assert ws[decider].receive_json()["code"] == "bad_json"
        ws[decider].send_json({"type": "dance"})
        assert ws[decider].receive_json()["code"] == "unknown_message"
        ws[decider].send_json({"type": "action", "option": "fly:1:2"})
        assert ws[decider].receive_json()["code"] == "unknown_action"
        ws[decider].send_text("x" * (MAX_MESSAGE + 10))
        assert ws[decider].receive_json()["code"] == "too_large"
        ws[1 - decider].send_json({"type": "action", "option": "keep"})
        assert ws[1 - decider].receive_json()["code"] == "not_your_decision"
        ws[decider].send_json({"type": "ping"})
        assert ws[decider].receive_json()["type"] == "pong"
        # a real action: both seats get their new table
        ws[decider].send_json({"type": "action", "option": "keep", "version": t0["version"]})
        n0, n1 = ws0.receive_json()["table"], ws1.receive_json()["table"]
        assert n0["version"] == n1["version"] > t0["version"]
    # reconnect: a new connection with the same token resumes where it was
    with client.websocket_connect(f"/ws/{game}") as again:
        again.send_json({"type": "hello", "token": tokens[0]})
        assert again.receive_json()["table"] == n0


def test_websocket_wrong_token_and_spectator(client: TestClient) -> None:
    made = new_game(client, opponent="friend")
    game = made["game"]
    with client.websocket_connect(f"/ws/{game}") as ws:
        ws.send_json({"type": "hello", "token": "wrong"})
        assert ws.receive_json()["code"] == "bad_token"
        ws.send_json({"type": "action", "option": "keep"})
        assert ws.receive_json()["code"] == "hello_first"
        ws.send_json({"type": "hello"})
        spectator = ws.receive_json()["table"]
        assert spectator["spectator"] and spectator["prompt"] is None
        assert all(s["hand"] == [] for s in spectator["seats"])
        ws.send_json({"type": "action", "option": "keep"})
        assert ws.receive_json()["code"] == "spectator"
    with client.websocket_connect("/ws/nope") as ws:
        assert ws.receive_json()["code"] == "no_game"


def test_the_vendored_mana_font_is_the_pinned_release() -> None:
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "scripts" / "vendor_mana_font.py"
    out = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "is vendored" in out.stdout


def test_karn_serve_refuses_a_bad_port(capsys: pytest.CaptureFixture[str]) -> None:
    from karn.ui.cli import main

    assert main(["serve", "--port", "70000"]) == 2
    assert "--port" in capsys.readouterr().err


@pytest.mark.cr("509.1a")
def test_blockers_are_picked_with_a_second_choice() -> None:
    """A blocker that could block several attackers needs its attacker as a second pick;
    without it the server says so and nothing changes."""
    from web_helpers import pick_with_choice as pick_answer

    from karn.web.rooms import Lobby, Refused
    from karn.web.store import GameStore

    lobby = Lobby(GameStore(":memory:"))
    room = lobby.create(["green_stompy", "white_weenie"], ["human", "human"], ["A", "B"], 0).room
    rng = random.Random(0)
    for _ in range(600):
        d = room.game.decision
        assert d is not None
        t = room.view(d.player)
        prompt = t["prompt"]
        several = [
            o
            for o in prompt["options"]
            if len([c for c in o.get("choices", []) if c["id"].startswith("block:")]) > 1
        ]
        if prompt["kind"] == "blockers" and several:
            break
        option, choice = pick_answer(t, rng)
        room.act(d.player, option, choice)
    else:
        pytest.fail("no blockers prompt with a choice of attackers")
    blocker = several[0]
    before = (room.version, room.game.state_hash())
    with pytest.raises(Refused) as refused:
        room.act(d.player, blocker["id"])
    assert refused.value.code == "needs_choice" and before == (room.version, room.game.state_hash())
    with pytest.raises(Refused):
        room.act(d.player, blocker["id"], "block:1:2")
    assert before == (room.version, room.game.state_hash())
    choice = blocker["choices"][1]
    room.act(d.player, blocker["id"], choice["id"])
    after = room.view(d.player)["prompt"]
    picked = next(o for o in after["options"] if o["id"] == blocker["id"])
    assert picked["selected"] and picked["detail"].startswith("blocking")
