"""End to end in a real headless Chromium (Debian's ``chromium``) through Playwright.

A whole game against the AI clicked through in the page; a game between two browser
contexts as two seats; reconnecting after closing a page; a spectator. Screenshots
of the table are saved in ``test-artifacts/e2e/`` (or ``$KARN_ARTIFACTS``).

Skipped, with the reason printed, only when no browser can be found: ``.ci/run``
installs Debian's chromium.
"""

from __future__ import annotations

import os
import random
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
uvicorn = pytest.importorskip("uvicorn")

from web_helpers import public_names  # noqa: E402

from karn.web.app import create_app  # noqa: E402

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("KARN_ARTIFACTS", ROOT / "test-artifacts")) / "e2e"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def _skip(reason: str) -> None:
    print(f"\nSKIPPED the browser tests: {reason}", flush=True)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, Any]]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = create_app(":memory:")
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert srv.started, "the server did not start"
    yield f"http://127.0.0.1:{port}", app
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as e:
        _skip(f"playwright is not installed ({e})")
    executable = _chromium()
    if executable is None:
        _skip("no chromium on this machine (apt-get install chromium)")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield b
        b.close()


def version(page: Any) -> int:
    return int(page.evaluate("() => (typeof table !== 'undefined' && table) ? table.version : -1"))


def wait_table(page: Any) -> None:
    page.wait_for_function("() => typeof table !== 'undefined' && table !== null", timeout=30_000)


def wait_change(page: Any, before: int, timeout: float = 20_000) -> bool:
    try:
        page.wait_for_function(
            f"() => (table && table.version > {before}) || document.querySelector('#prompt .flash')",
            timeout=timeout,
        )
    except Exception:
        return False
    return version(page) > before


def click_something(page: Any, rng: random.Random) -> None:
    """Like a person: play a card from hand when one is playable, else take the default."""
    playable = page.locator("#hand .card.actionable")
    if playable.count() and rng.random() < 0.8:
        playable.nth(rng.randrange(playable.count())).click()
        menu = page.locator("#menu:not([hidden]) .option")
        if menu.count():
            menu.first.click()
        return
    targets = page.locator(".player.actionable .pname, #board .card.actionable")
    default = page.locator("#prompt .option.default")
    if default.count():
        default.first.click()
    elif targets.count():
        targets.first.click()
    else:
        page.locator("#prompt .option").first.click()


def shot(page: Any, name: str) -> None:
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path))
    print(f"screenshot: {path}")


def test_a_whole_game_against_the_ai_clicked_through(server: tuple[str, Any], browser: Any) -> None:
    url, _app = server
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(url + "/")
    page.wait_for_selector("#deck option", state="attached")
    page.fill("#name", "Tester")
    page.select_option("#deck", "red_burn")
    page.select_option("#opponent-deck", "green_stompy")
    shot(page, "lobby")
    page.click("#start")
    page.wait_for_url("**/table/**")
    wait_table(page)
    page.wait_for_selector("#prompt .option")
    assert page.locator("#hand .card").count() == 7
    assert page.locator("#side-top .card-back").count() == 7
    shot(page, "ai-game-start")
    rng = random.Random(7)
    stuck = 0
    took_midgame = False
    for _ in range(1500):
        if page.evaluate("() => table.over"):
            break
        before = version(page)
        if page.locator("#prompt .option").count() == 0:
            wait_change(page, before)
            continue
        click_something(page, rng)
        if not wait_change(page, before):
            stuck += 1
            page.locator("#prompt .option.default, #prompt .option").first.click()
            wait_change(page, before)
        shot_arrows(page, "stack-targeting-arrows")
        if (
            not took_midgame
            and page.evaluate("() => table.turn") >= 5
            and page.locator("#board .card").count() >= 6
        ):
            page.locator("#side-bottom .card, #side-top .card").first.hover()
            shot(page, "ai-game-midgame-hover")
            took_midgame = True
    assert page.evaluate("() => table.over"), "the game did not end"
    assert "Game over" in page.inner_text("#prompt")
    shot(page, "ai-game-over")
    page.click("#log a.rule >> nth=0")
    page.wait_for_selector("#rule-tip:not([hidden])")
    page.close()


_arrows_taken: list[str] = []


def shot_arrows(page: Any, name: str) -> None:
    """A screenshot of the first table showing a spell's targeting arrow."""
    if not _arrows_taken and page.locator("#stack .card").count() and page.locator("#arrows line").count():
        page.mouse.move(600, 450)  # no card tooltip over the arrow
        page.wait_for_timeout(100)
        shot(page, name)
        _arrows_taken.append(name)


def _play(pages: list[Any], n: int, rng: random.Random) -> None:
    """Whichever seat must decide clicks, n times."""
    for _ in range(n):
        for page in pages:
            shot_arrows(page, "stack-targeting-arrows")
            if page.locator("#prompt .option").count():
                before = version(page)
                click_something(page, rng)
                if not wait_change(page, before, 10_000):
                    page.locator("#prompt .option.default, #prompt .option").first.click()
                    wait_change(page, before, 10_000)
                break
        else:
            time.sleep(0.1)


def test_two_seats_reconnect_and_a_spectator(server: tuple[str, Any], browser: Any) -> None:
    url, app = server
    host = browser.new_context(viewport={"width": 1400, "height": 900})
    guest = browser.new_context(viewport={"width": 1400, "height": 900})
    watcher = browser.new_context(viewport={"width": 1400, "height": 900})
    a = host.new_page()
    a.goto(url + "/")
    a.wait_for_selector("#deck option", state="attached")
    a.check("input[name=opponent][value=friend]")
    a.fill("#name", "Hosting")
    a.click("#start")
    a.wait_for_selector("#invite:not([hidden])")
    invite = a.input_value("#invite-url")
    game_id = invite.split("/table/")[1].split("#")[0]
    shot(a, "friend-invite")
    a.click("#my-table")
    wait_table(a)
    b = guest.new_page()
    b.goto(invite)
    wait_table(b)
    assert a.evaluate("() => table.player") == 0 and b.evaluate("() => table.player") == 1
    rng = random.Random(3)
    _play([a, b], 40, rng)
    room = app.state.lobby.get(game_id)
    for _ in range(200):  # play on until a targeted spell is on the stack (for its arrow), or a while
        if _arrows_taken or room.game.is_over():
            break
        _play([a, b], 1, rng)
    for page, seat in ((a, 0), (b, 1)):
        page.wait_for_function("v => table.version >= v", arg=room.version)
        other = room.game.state.players[1 - seat]
        hidden = {room.game.state.objects[i].name for i in [*other.hand, *other.library]}
        content = page.content()
        # names the public log has said (a card returned to a hand was seen) may show
        said = " ".join(e.text for e in room.game.public_observation(log_from=0).log)
        allowed = public_names(room.game, seat) | {n for n in hidden if n in said}
        assert not {n for n in hidden - allowed if n in content}
        assert page.locator("#side-top .card-back").count() == min(len(other.hand), 12)
        assert page.locator("#hand .card").count() == len(room.game.state.players[seat].hand)
    shot(a, "two-seats-host")
    shot(b, "two-seats-guest")

    # reconnect: close the guest's page, let the game go on, open it again
    b.close()
    _play([a], 3, rng)
    b = guest.new_page()
    b.goto(invite)
    wait_table(b)
    b.wait_for_function("v => table.version >= v", arg=room.version)
    assert b.evaluate("() => table.version") == room.version
    assert b.evaluate("() => table.player") == 1
    assert b.locator("#hand .card").count() == len(room.game.state.players[1].hand)
    shot(b, "two-seats-guest-reconnected")

    # a spectator: public information only
    w = watcher.new_page()
    w.goto(f"{url}/watch/{game_id}")
    wait_table(w)
    assert w.evaluate("() => table.spectator")
    assert w.locator("#hand .card").count() == 0
    assert w.locator("#prompt .option").count() == 0
    assert "Spectating" in w.inner_text("#topbar")
    assert w.locator(".card-back").count() == min(len(room.game.state.players[0].hand), 12) + min(
        len(room.game.state.players[1].hand), 12
    )
    _play([a, b], 4, rng)
    w.wait_for_function("v => table.version >= v", arg=room.version)
    shot(w, "spectator")
    for ctx in (host, guest, watcher):
        ctx.close()


def test_a_pasted_deck_is_answered_with_what_karn_plays(server: tuple[str, Any], browser: Any) -> None:
    """Issue 15.5 in the page: typing a deck list shows how many of its cards karn plays and
    each card it can't play yet; starting a game with it is refused with the same list."""
    url, _app = server
    page = browser.new_page()
    page.goto(url + "/")
    page.fill("#deck-list", "4 Lightning Bolt\n4 Fire // Ice\n52 Mountain\n")
    page.wait_for_selector("#deck-report .warn", timeout=20_000)
    report = page.inner_text("#deck-report")
    assert "karn plays 56 of these 60 cards; not yet:" in report
    assert "4 Fire // Ice" in report
    assert page.is_checked("input[name=deck-source][value=pasted]")
    page.click("#start")
    page.wait_for_function("() => document.querySelector('#error').textContent.length > 0", timeout=20_000)
    assert "karn plays 56 of the 60 cards of this deck; not yet: Fire // Ice" in page.inner_text("#error")
    shot(page, "lobby-deck-report")
    page.fill("#deck-list", "4 Lightning Bolt\n56 Mountain\n")
    page.wait_for_selector("#deck-report .ok", timeout=20_000)
    assert "karn plays all 60 cards of this deck." in page.inner_text("#deck-report")
    page.close()
