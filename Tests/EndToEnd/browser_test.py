"""Browser test: headless Chromium plays through the browser client.

Two browser sessions log in as guests, match, and play tic-tac-toe to a win, then Connect Four
to a win; a third traces a word on the word-grid cube; a fourth places a fleet against the
Battleship bot, fires, and resigns. Each game is drawn by its own script,
loaded by the lobby from the server's list of games. Screenshots go to the folder given
(default: a temporary one).

Usage: python3 Tests/EndToEnd/browser_test.py PATH_TO_GAME_SERVER [SCREENSHOT_DIR]
"""
import os
import re
import subprocess
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from axe_selenium_python import Axe
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as condition
from selenium.webdriver.support.ui import Select, WebDriverWait


def browser():
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def accessible(driver, where):
    """axe-core (as axe-selenium-python bundles it) finds no violation rated serious or critical
    on the page as it is."""
    axe = Axe(driver)
    axe.inject()
    found = [(v["id"], v["impact"], [node["target"] for node in v["nodes"]][:3])
             for v in axe.run()["violations"] if v["impact"] in ("serious", "critical")]
    assert not found, (where, found)


def contrast(first, second):
    """WCAG's contrast ratio of two CSS colours as getComputedStyle writes them (rgb or rgba)."""
    def luminance(color):
        channels = [int(x) / 255 for x in re.findall(r"[\d.]+", color)[:3]]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def wait(driver, predicate, seconds=10):
    # NB: The client redraws on every view, so an element found a moment ago may be gone.
    return WebDriverWait(driver, seconds, ignored_exceptions=[StaleElementReferenceException]).until(predicate)


def click(driver, selector):
    """Clicks what the selector finds now, finding it again if a redraw replaced it."""
    def attempt(d):
        d.find_element(By.CSS_SELECTOR, selector).click()
        return True
    wait(driver, attempt)


def log_in(driver, url, name):
    driver.get(url)
    wait(driver, condition.element_to_be_clickable((By.ID, "guest")))
    driver.find_element(By.ID, "name").send_keys(name)
    driver.find_element(By.ID, "guest").click()
    wait(driver, condition.visibility_of_element_located((By.ID, "lobby")))


def status(driver):
    return driver.find_element(By.ID, "ttt-status").text


def play_tic_tac_toe(url, shots):
    alice, bob = browser(), browser()
    try:
        log_in(alice, url, "alice")
        log_in(bob, url, "bob")
        alice.find_element(By.ID, "queue").click()
        wait(alice, lambda d: "Looking" in d.find_element(By.ID, "status").text)
        bob.find_element(By.ID, "queue").click()
        for driver in (alice, bob):
            wait(driver, condition.visibility_of_element_located((By.ID, "tictactoe")))
        assert "you are X" in status(alice), status(alice)
        # During the game: Resign, not Rematch; leaving asks first, and staying stays.
        assert alice.find_element(By.ID, "ttt-resign").is_displayed()
        assert not alice.find_element(By.ID, "rematch").is_displayed()
        click(alice, "#tictactoe .leave")
        assert "lose" in alice.switch_to.alert.text
        alice.switch_to.alert.dismiss()
        assert alice.find_element(By.ID, "tictactoe").is_displayed()
        # Quick chat: a fixed phrase reaches the other player; the switch hides others' phrases.
        click(alice, '#chat-say button[data-phrase="goodLuck"]')
        wait(bob, lambda d: d.find_element(By.ID, "chat-log").text == "alice: Good luck!")
        wait(alice, lambda d: d.find_element(By.ID, "chat-log").text == "You: Good luck!")
        click(bob, "#chat-mute")
        assert bob.find_element(By.ID, "chat-mute").get_attribute("aria-pressed") == "false"
        click(bob, "#chat-mute")
        moves = [(alice, 0, 0), (bob, 1, 0), (alice, 0, 1), (bob, 1, 1), (alice, 0, 2)]
        for number, (driver, row, column) in enumerate(moves, start=1):
            wait(driver, lambda d: "Your move" in status(d))
            # The tab's title says whose move it is.
            other = bob if driver is alice else alice
            assert driver.title == "Your move · Games" and other.title == "Games", (driver.title, other.title)
            click(driver, f'#board button[aria-label^="row {row + 1} column {column + 1},"]')
            wait(alice, lambda d: sum(b.text != "" for b in d.find_elements(By.CSS_SELECTOR, "#board button")) == number)
            # The board is updated in place: the focus stays on the cell just played, whose
            # label now says what it holds.
            mark = "X" if driver is alice else "O"
            wait(driver, lambda d: d.execute_script("return document.activeElement.getAttribute('aria-label')")
                 == f"row {row + 1} column {column + 1}, {mark}")
            if number == 1:
                # The arrow keys move the focus from cell to cell, as the board lies.
                alice.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
                alice.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
                assert alice.execute_script("return document.activeElement.getAttribute('aria-label')").startswith("row 2 column 2,")
                # A taken cell is refused in the board's words (rows and columns from 1).
                wait(bob, lambda d: "Your move" in status(d))
                click(bob, '#board button[aria-label^="row 1 column 1,"]')
                wait(bob, lambda d: d.find_element(By.ID, "error").text == "Row 1, column 1 is taken.")
        wait(alice, lambda d: status(d) == "You win!")
        wait(bob, lambda d: status(d) == "You lose.")
        assert len(alice.find_elements(By.CSS_SELECTOR, "#board button.line")) == 3
        # After it: Rematch, not Resign.
        assert alice.find_element(By.ID, "rematch").is_displayed()
        assert not alice.find_element(By.ID, "ttt-resign").is_displayed()
        wait(alice, lambda d: d.find_element(By.ID, "result").text.startswith("Your tictactoe rating"))
        accessible(alice, "tic-tac-toe's result")
        alice.save_screenshot(os.path.join(shots, "tictactoe-alice.png"))
        bob.save_screenshot(os.path.join(shots, "tictactoe-bob.png"))
        # A rematch offer says so to the other; once taken, the last game's rating line goes.
        click(alice, "#rematch")
        wait(bob, lambda d: d.find_element(By.ID, "offer").is_displayed())
        # NB: The banner names who asked (a table of four has more than one opponent).
        assert bob.find_element(By.ID, "offer-text").text == "alice offers a rematch.", bob.find_element(By.ID, "offer-text").text
        assert status(bob) == "You lose.", status(bob)
        assert not alice.find_element(By.ID, "offer").is_displayed()
        accessible(bob, "a rematch offer")
        bob.save_screenshot(os.path.join(shots, "tictactoe-offer.png"))
        assert bob.find_element(By.ID, "series").text == "Series, 1 game: alice 1 · you 0", bob.find_element(By.ID, "series").text
        click(bob, "#accept-rematch")
        wait(alice, lambda d: status(d) == "Waiting for X.")
        assert alice.find_element(By.ID, "result").text == ""
        assert not bob.find_element(By.ID, "offer").is_displayed()
        # Alice's browser goes away: Bob is told she is away, with the time her seat is kept
        # counting down, and not only "Waiting for X".
        alice.quit()
        wait(bob, lambda d: re.fullmatch(r"alice is away\. Seat kept: \d+ s left\.", d.find_element(By.ID, "presence").text))
        bob.save_screenshot(os.path.join(shots, "tictactoe-away.png"))
        # Bob leaves, and replays the first game from his history: from its start, by the keys
        # and the buttons, the board as he saw it; a click on it sends nothing.
        click(bob, "#tictactoe .leave")
        bob.switch_to.alert.accept()
        wait(bob, condition.visibility_of_element_located((By.ID, "lobby")))
        wait(bob, lambda d: d.find_elements(By.CSS_SELECTOR, "#history button"))
        # The row says the result, against whom, the game, how it moved the rating, and when.
        first = bob.find_elements(By.CSS_SELECTOR, "#history li")[-1].text
        assert re.match(r"Lost against alice · tictactoe · rating −\d+ · \w", first), first
        bob.find_elements(By.CSS_SELECTOR, "#history button")[-1].click()
        wait(bob, condition.visibility_of_element_located((By.ID, "replay")))
        marks = lambda d: sum(b.text != "" for b in d.find_elements(By.CSS_SELECTOR, "#board button"))
        step = lambda d: d.find_element(By.ID, "replay-step").text
        wait(bob, lambda d: step(d) == "Start (5 moves)" and marks(d) == 0)
        bob.switch_to.active_element.send_keys(Keys.END)
        wait(bob, lambda d: step(d) == "Move 5 of 5" and marks(d) == 5 and status(d) == "You lose.")
        bob.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
        wait(bob, lambda d: step(d) == "Move 4 of 5" and marks(d) == 4)
        click(bob, '#board button[aria-label^="row 3 column 3,"]')
        click(bob, "#replay-back")
        wait(bob, lambda d: step(d) == "Move 3 of 5" and marks(d) == 3)
        assert bob.find_element(By.ID, "error").text == ""
        assert not bob.find_element(By.ID, "ttt-resign").is_displayed()
        accessible(bob, "a replay")
        bob.save_screenshot(os.path.join(shots, "tictactoe-replay.png"))
        click(bob, "#replay-close")
        wait(bob, condition.visibility_of_element_located((By.ID, "lobby")))
        assert not bob.find_element(By.ID, "replay").is_displayed()
    finally:
        for driver in (alice, bob):
            try:
                driver.quit()
            except Exception:
                pass


def play_connect_four(url, shots):
    alice, bob = browser(), browser()
    try:
        for driver, name in ((alice, "ann"), (bob, "ben")):
            log_in(driver, url, name)
            # NB: The lobby lists what the server's `games` message lists.
            wait(driver, lambda d: "connectfour" in [o.get_attribute("value") for o in d.find_elements(By.CSS_SELECTOR, "#variant option")])
            Select(driver.find_element(By.ID, "variant")).select_by_value("connectfour")
        alice.find_element(By.ID, "queue").click()
        wait(alice, lambda d: "Looking" in d.find_element(By.ID, "status").text)
        bob.find_element(By.ID, "queue").click()
        for driver in (alice, bob):
            wait(driver, condition.visibility_of_element_located((By.ID, "connectfour")))
        def c4_status(d):
            return d.find_element(By.ID, "c4-status").text
        assert "you are X" in c4_status(alice), c4_status(alice)
        # Seats by name, and a bar for each with its rating, red's marked to move with the move
        # clock counting down from the view's deadline.
        wait(bob, lambda d: "X (red): ann" in d.find_element(By.ID, "c4-players").text
             and "O (yellow): ben" in d.find_element(By.ID, "c4-players").text)
        bars = [bar.text for bar in bob.find_elements(By.CSS_SELECTOR, "#bars .bar")]
        assert re.fullmatch(r"Red ?ann · 1200\nTo move: \d+ s left\.", bars[0]) and re.fullmatch(r"Yellow ?ben \(you\) · 1200", bars[1]), bars
        wait(alice, lambda d: re.fullmatch(r"To move: \d+ s left\.", d.find_element(By.CSS_SELECTOR, "#bars .to-move .clock").text))
        # Alice stacks four in column 1; Bob answers in column 2.
        moves = [(alice, 0), (bob, 1), (alice, 0), (bob, 1), (alice, 0), (bob, 1), (alice, 0)]
        for number, (driver, column) in enumerate(moves, start=1):
            wait(driver, lambda d: "Your move" in c4_status(d))
            click(driver, f'#c4-board button[data-column="{column}"]')
            wait(alice, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#c4-board button.X, #c4-board button.O")) == number)
            # The board is drawn again, the focus kept on the cell clicked (the top of its column).
            wait(driver, lambda d: (d.execute_script("return document.activeElement.getAttribute('aria-label')") or "").startswith(f"row 1 column {column + 1}"))
        wait(alice, lambda d: c4_status(d) == "You win!")
        wait(bob, lambda d: c4_status(d) == "You lose.")
        # The results panel: each player's rating change; the clock stopped.
        wait(alice, lambda d: d.find_element(By.ID, "result").text == "Your connectfour rating: 1216 (+16).")
        wait(bob, lambda d: d.find_element(By.ID, "result").text == "Your connectfour rating: 1184 (-16).")
        assert alice.find_elements(By.CSS_SELECTOR, "#bars .to-move") == []
        # The discs fell to the bottom, and the four in a row are marked.
        assert len(alice.find_elements(By.CSS_SELECTOR, '#c4-board button.line')) == 4
        # The winning ring stands out 3:1 against red and yellow discs alike, and so does the
        # focus ring against the board (WCAG 1.4.11, which axe does not check).
        ring = alice.execute_script(
            "return getComputedStyle(document.querySelector('#c4-board button.line')).boxShadow")
        ring_color = re.match(r"rgba?\([^)]*\)", ring).group(0)
        for disc in ("X", "O"):
            fill = alice.execute_script(
                f"return getComputedStyle(document.querySelector('#c4-board button.{disc}')).backgroundColor")
            assert contrast(ring_color, fill) >= 3, (disc, ring_color, fill)
        alice.execute_script("document.querySelector('#c4-board button').focus()")
        alice.switch_to.active_element.send_keys(Keys.TAB)
        focus, board = alice.execute_script(
            "return [getComputedStyle(document.activeElement).outlineColor,"
            " getComputedStyle(document.getElementById('c4-board')).backgroundColor]")
        assert contrast(focus, board) >= 3, (focus, board)
        assert alice.find_elements(By.CSS_SELECTOR, '#c4-board button[aria-label="row 6 column 1: X"]')
        assert alice.find_elements(By.CSS_SELECTOR, '#c4-board button[aria-label="row 6 column 2: O"]')
        alice.save_screenshot(os.path.join(shots, "connectfour-alice.png"))
        bob.save_screenshot(os.path.join(shots, "connectfour-bob.png"))
    finally:
        alice.quit()
        bob.quit()


def trace_a_word(url, shots):
    carol, watcher = browser(), browser()
    try:
        # Someone already in the lobby sees Carol's game appear on the live list, unasked.
        log_in(watcher, url, "wendy")
        # NB: The list as it was before Carol's game (earlier tests' games may be on it).
        wait(watcher, lambda d: d.find_elements(By.CSS_SELECTOR, "#rooms li") and "carol" not in d.find_element(By.ID, "rooms").text)
        log_in(carol, url, "carol")
        Select(carol.find_element(By.ID, "variant")).select_by_value("wordgrid/race")
        carol.find_element(By.ID, "play-bot").click()
        wait(carol, condition.visibility_of_element_located((By.ID, "wordgrid")))
        faces = carol.find_elements(By.CSS_SELECTOR, "#cube polygon")
        assert len(faces) == 81, len(faces)
        # Three faces of the front wall in a row: they touch, so they make a path.
        faces = ("2,2,0,right", "2,2,1,right", "2,2,2,right")
        for face in faces:
            click(carol, f'#cube polygon[data-face="{face}"]')
        clicked = carol.find_element(By.ID, "word").text
        # The same word traced by dragging across the faces (a finger's way), with a line through
        # them in order.
        click(carol, "#clear-word")
        offsets = carol.execute_script("""
            const cube = document.getElementById("cube").getBoundingClientRect();
            return arguments[0].map((face) => {
              const r = document.querySelector(`#cube polygon[data-face="${face}"]`).getBoundingClientRect();
              return [r.left + r.width / 2 - (cube.left + cube.width / 2), r.top + r.height / 2 - (cube.top + cube.height / 2)];
            });""", list(faces))
        cube = carol.find_element(By.ID, "cube")
        drag = ActionChains(carol).move_to_element_with_offset(cube, *offsets[0]).click_and_hold()
        for offset in offsets[1:]:
            drag = drag.move_to_element_with_offset(cube, *offset)
        drag.release().perform()
        assert carol.find_element(By.ID, "word").text == clicked, (carol.find_element(By.ID, "word").text, clicked)
        assert len(carol.find_elements(By.CSS_SELECTOR, "#cube polyline.wg-path")) == 1
        word = carol.find_element(By.ID, "word").text
        assert re.fullmatch(r"[a-z]{3,6}", word), word
        assert len(carol.find_elements(By.CSS_SELECTOR, "#cube polygon.selected")) == 3
        # A chosen face stands out from every other (each side's colour, worn or not) at 3:1
        # (WCAG 1.4.11), and its letter from it.
        chosen, letter = carol.execute_script(
            "const chosen = document.querySelector('#cube polygon.selected');"
            "return [getComputedStyle(chosen).fill, getComputedStyle(chosen.nextElementSibling).fill]")
        others = carol.execute_script(
            "const face = document.createElementNS('http://www.w3.org/2000/svg', 'polygon');"
            "document.getElementById('cube').append(face);"
            "const fills = ['right', 'top', 'left'].flatMap((side) => ['', ' worn'].map((wear) => {"
            "  face.setAttribute('class', side + wear); return getComputedStyle(face).fill; }));"
            "face.remove(); return fills")
        assert len(set(others)) == 6 and all(contrast(chosen, other) >= 3 for other in others), (chosen, others)
        assert contrast(letter, chosen) >= 4.5, (letter, chosen)
        carol.save_screenshot(os.path.join(shots, "wordgrid-trace.png"))
        carol.find_element(By.ID, "submit-word").click()
        # Either the word scores, or the server says why not, beside the word.
        wait(carol, lambda d: "was refused: " in d.find_element(By.ID, "wg-refused").text
             or d.find_element(By.CSS_SELECTOR, "#players tr td:nth-child(2)").text != "0")
        wait(carol, lambda d: re.fullmatch(r"Race: \d+ s left\.", d.find_element(By.ID, "wg-clock").text))
        # Carol removes the corner cube by hand, once asked: it shrinks and fades where it was (its
        # three faces drawn going, then gone), and the cubes behind it show.
        carol.execute_script(
            "window.goneSeen = 0; new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach("
            "(node) => { if (node.classList && node.classList.contains('gone')) window.goneSeen += 1; })))"
            ".observe(document.getElementById('cube'), { childList: true })")
        # (The corner's top chosen by keyboard: Tab reaches a letter, Enter chooses it, and the
        # focus stays on it as the cube is drawn again.)
        carol.execute_script("document.querySelector('#cube polygon[data-face=\"2,2,2,top\"]').focus()")
        carol.switch_to.active_element.send_keys(Keys.ENTER)
        wait(carol, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#cube polygon.selected")) == 1)
        assert carol.execute_script("return document.activeElement.dataset.face") == "2,2,2,top"
        assert carol.switch_to.active_element.get_attribute("aria-pressed") == "true"
        assert carol.execute_script("return getComputedStyle(document.activeElement).outlineStyle") == "solid"
        carol.save_screenshot(os.path.join(shots, "wordgrid-keyboard.png"))
        click(carol, "#remove-cube")
        assert "Remove the cube of the letter" in carol.switch_to.alert.text
        carol.switch_to.alert.accept()
        wait(carol, lambda d: d.execute_script("return window.goneSeen") == 3)
        wait(carol, lambda d: not d.find_elements(By.CSS_SELECTOR, "#cube polygon.gone"))
        assert not carol.find_elements(By.CSS_SELECTOR, '#cube polygon[data-face="2,2,2,top"]')
        assert len(carol.find_elements(By.CSS_SELECTOR, "#cube polygon")) == 78
        # The watcher finds the game on the list of live games (pushed: no click), and watches it.
        wait(watcher, lambda d: "wordgrid (race): carol vs easy bot" in d.find_element(By.ID, "rooms").text)
        watcher.save_screenshot(os.path.join(shots, "live-games.png"))
        click(watcher, "#rooms button")
        wait(watcher, condition.visibility_of_element_located((By.ID, "wordgrid")))
        wait(watcher, lambda d: "carol" in d.find_element(By.ID, "players").text)
    finally:
        carol.quit()
        watcher.quit()


def sink_a_fleet(url, shots):
    """Battleship against a bot: a fleet placed at random and sent out, three shots fired at the
    enemy's waters (each marked), then a resignation, confirmed, that loses."""
    fiona = browser()
    try:
        log_in(fiona, url, "fiona")
        wait(fiona, lambda d: "battleship" in [o.get_attribute("value") for o in d.find_elements(By.CSS_SELECTOR, "#variant option")])
        Select(fiona.find_element(By.ID, "variant")).select_by_value("battleship")
        fiona.find_element(By.ID, "play-bot").click()
        wait(fiona, condition.visibility_of_element_located((By.ID, "battleship")))
        wait(fiona, lambda d: "Place your carrier" in d.find_element(By.ID, "bs-status").text)
        wait(fiona, lambda d: re.fullmatch(r"Placing: \d+ s left\.", d.find_element(By.ID, "bs-clock").text))
        assert fiona.find_element(By.ID, "bs-send").get_attribute("disabled") is not None
        click(fiona, "#bs-random")
        assert len(fiona.find_elements(By.CSS_SELECTOR, "#bs-own .bs-ship")) == 17
        click(fiona, "#bs-send")
        wait(fiona, lambda d: "Your shot" in d.find_element(By.ID, "bs-status").text, seconds=20)
        assert len(fiona.find_elements(By.CSS_SELECTOR, "#bs-own .bs-ship, #bs-own .bs-hit, #bs-own .bs-sunk")) == 17
        for number, square in enumerate(("A1", "E5", "J10"), start=1):
            wait(fiona, lambda d: "Your shot" in d.find_element(By.ID, "bs-status").text, seconds=20)
            click(fiona, f'#bs-enemy button[aria-label="{square}"]')
            wait(fiona, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#bs-enemy .bs-miss, #bs-enemy .bs-hit, #bs-enemy .bs-sunk")) == number)
        # WCAG 1.4.11: a ship stands out from the water at 3:1, and the mark of a shot (a dot, a
        # cross) from its square.
        colours = fiona.execute_script(
            "const s = (q, p) => getComputedStyle(document.querySelector(q))[p];"
            "return [s('#bs-own .bs-ship', 'backgroundColor'), s('#bs-enemy .bs-sea', 'backgroundColor'),"
            " [...document.querySelectorAll('.bs-miss, .bs-hit, .bs-sunk')].map((b) => [getComputedStyle(b).color, getComputedStyle(b).backgroundColor])]")
        assert contrast(colours[0], colours[1]) >= 3, colours
        assert colours[2] and all(contrast(mark, square) >= 3 for mark, square in colours[2]), colours[2]
        # The shot clock is shown once: in the bar of the side to fire, not again below.
        wait(fiona, lambda d: "Your shot" in d.find_element(By.ID, "bs-status").text, seconds=20)
        wait(fiona, lambda d: re.fullmatch(r"To move: \d+ s left\.", d.find_element(By.CSS_SELECTOR, "#bars .to-move .clock").text))
        assert fiona.find_element(By.ID, "bs-clock").text == ""
        fiona.save_screenshot(os.path.join(shots, "battleship-fiona.png"))
        click(fiona, "#bs-resign")
        fiona.switch_to.alert.accept()
        wait(fiona, lambda d: d.find_element(By.ID, "bs-status").text == "You lose: you resigned.")
        assert fiona.find_element(By.ID, "bs-rematch").is_displayed()
    finally:
        fiona.quit()


def race_for_three(url, shots):
    """A private word-grid race for three: the lobby shows who came, and the host starts it."""
    dora, eve = browser(), browser()
    try:
        for driver, name in ((dora, "dora"), (eve, "eve")):
            log_in(driver, url, name)
            wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#variant option"))
            assert not driver.find_element(By.ID, "players-label").is_displayed()
            wait(driver, lambda d: "wordgrid/race" in [o.get_attribute("value") for o in d.find_elements(By.CSS_SELECTOR, "#variant option")])
            Select(driver.find_element(By.ID, "variant")).select_by_value("wordgrid/race")
        # The race seats 2 to 4: the lobby offers a number of players (tic-tac-toe, first, did not).
        wait(dora, condition.visibility_of_element_located((By.ID, "players-count")))
        Select(dora.find_element(By.ID, "players-count")).select_by_value("3")
        dora.find_element(By.ID, "create-room").click()
        wait(dora, lambda d: "invite code" in d.find_element(By.ID, "status").text)
        code = dora.find_element(By.ID, "status").text.rsplit(" ", 1)[-1]
        eve.find_element(By.ID, "code").send_keys(code)
        eve.find_element(By.ID, "join-room").click()
        for driver in (dora, eve):
            wait(driver, lambda d: "dora, eve (2 of 3)" in d.find_element(By.ID, "status").text)
        assert not eve.find_element(By.ID, "start-room").is_displayed()
        wait(dora, condition.visibility_of_element_located((By.ID, "start-room")))
        dora.save_screenshot(os.path.join(shots, "wordgrid-lobby.png"))
        dora.find_element(By.ID, "start-room").click()
        for driver in (dora, eve):
            wait(driver, condition.visibility_of_element_located((By.ID, "wordgrid")))
            wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#players tr")) == 2)
        eve.save_screenshot(os.path.join(shots, "wordgrid-race-for-three.png"))
    finally:
        dora.quit()
        eve.quit()


def invite_by_link(url, shots):
    """A private game shared by link: the host's invite link opens the page on the game for a
    friend, who joins once logged in; the game's watch link lets a third watch it. A resignation
    says who resigned; a declined rematch leaves. The sound switch is remembered."""
    hana, ivan, june = browser(), browser(), browser()
    try:
        log_in(hana, url, "hana")
        click(hana, "#create-room")
        wait(hana, lambda d: d.find_element(By.ID, "invite").is_displayed())
        invite = hana.find_element(By.ID, "invite-url").get_attribute("href")
        assert re.fullmatch(re.escape(url) + r"\?join=[A-Za-z0-9]+", invite), invite
        ivan.get(invite)
        wait(ivan, lambda d: "to join the private game" in d.find_element(By.ID, "login-hint").text)
        assert "?" not in ivan.current_url, ivan.current_url
        ivan.find_element(By.ID, "name").send_keys("ivan")
        ivan.find_element(By.ID, "guest").click()
        for driver in (hana, ivan):
            wait(driver, condition.visibility_of_element_located((By.ID, "tictactoe")))
        watch = ivan.find_element(By.ID, "watch-url").get_attribute("href")
        assert re.fullmatch(re.escape(url) + r"\?watch=room-[0-9a-f]{16}", watch), watch
        june.get(watch)
        june.find_element(By.ID, "name").send_keys("june")
        june.find_element(By.ID, "guest").click()
        wait(june, lambda d: d.find_element(By.ID, "ttt-status").text.startswith("Watching:"))
        click(hana, "#ttt-resign")
        hana.switch_to.alert.accept()
        wait(hana, lambda d: status(d) == "You lose: you resigned.")
        wait(ivan, lambda d: status(d) == "You win: hana resigned!")
        wait(june, lambda d: status(d).endswith("wins: hana resigned."))
        click(ivan, "#rematch")
        wait(hana, lambda d: d.find_element(By.ID, "offer").is_displayed())
        click(hana, "#decline-rematch")
        wait(hana, condition.visibility_of_element_located((By.ID, "lobby")))
        wait(ivan, lambda d: d.find_element(By.ID, "presence").text == "hana left the game.")
        # The sound switch: off, and still off after a reload.
        assert hana.find_element(By.ID, "sound").text == "Sound on"
        click(hana, "#sound")
        assert hana.find_element(By.ID, "sound").get_attribute("aria-pressed") == "false"
        hana.refresh()
        wait(hana, lambda d: d.find_element(By.ID, "sound").text == "Sound off")
    finally:
        for driver in (hana, ivan, june):
            driver.quit()


def log_in_with_enter(url, shots):
    """The log-in is a form: Enter logs in; the password is cleared once it has done its work and
    at log-out. Controls are 44 px tall at least and keyboard focus shows a 3 px ring. The
    player's clock is announced at whole minutes and at 10 s."""
    driver = browser()
    try:
        driver.get(url)
        wait(driver, condition.element_to_be_clickable((By.ID, "register")))
        accessible(driver, "log-in")
        driver.find_element(By.ID, "name").send_keys("kim")
        driver.find_element(By.ID, "password").send_keys("correct horse 42")
        driver.find_element(By.ID, "register").click()
        wait(driver, condition.visibility_of_element_located((By.ID, "lobby")))
        assert driver.find_element(By.ID, "password").get_attribute("value") == ""
        # The player's own clock is told to a screen reader at each whole minute left and at 10 s
        # (a countdown of the client's, on an element of the test's).
        announced = lambda d: d.find_element(By.ID, "announce").get_attribute("textContent")
        driver.execute_script(
            "const p = document.createElement('p'); document.body.append(p);"
            "GameClient.countdown(p, Date.now() + 60400, 'To move', 'Your move')")
        wait(driver, lambda d: announced(d) == "Your move: 1 minute left.")
        driver.execute_script(
            "const p = document.createElement('p'); document.body.append(p);"
            "GameClient.countdown(p, Date.now() + 10400, 'To move', 'Your move')")
        wait(driver, lambda d: announced(d) == "Your move: 10 seconds left.")
        # The bot's strength is a choice among the chosen game's levels.
        wait(driver, lambda d: "tictactoe" in [o.get_attribute("value") for o in d.find_elements(By.CSS_SELECTOR, "#variant option")])
        Select(driver.find_element(By.ID, "variant")).select_by_value("tictactoe")
        levels = [o.get_attribute("value") for o in driver.find_elements(By.CSS_SELECTOR, "#bot-level option")]
        assert levels == ["random", "perfect"], levels
        for control in ("queue", "play-bot", "logout"):
            height = driver.execute_script(f"return document.getElementById('{control}').getBoundingClientRect().height")
            assert height >= 44, (control, height)
        driver.execute_script("document.getElementById('variant').focus()")
        driver.switch_to.active_element.send_keys(Keys.TAB)
        focused = driver.execute_script("const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth]")
        assert focused == ["solid", "3px"], focused
        driver.save_screenshot(os.path.join(shots, "lobby-focus.png"))
        driver.find_element(By.ID, "logout").click()
        wait(driver, condition.visibility_of_element_located((By.ID, "login")))
        assert driver.find_element(By.ID, "password").get_attribute("value") == ""
        driver.find_element(By.ID, "password").send_keys("correct horse 42" + Keys.ENTER)
        wait(driver, condition.visibility_of_element_located((By.ID, "lobby")))
        assert driver.find_element(By.ID, "me").text == "kim"
        assert driver.find_element(By.ID, "password").get_attribute("value") == ""
    finally:
        driver.quit()


def fits_a_phone(url, shots):
    """At 360 by 740 (a phone), every screen keeps to the width, with no sideways scrolling: the
    log-in, the lobby, and each game against a bot; Connect Four's columns stay 44 px wide. Leaving
    a game in progress asks first, and accepting leaves it."""
    driver = browser()
    try:
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride", {"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": True})

        def width(d):
            return d.execute_script("return document.documentElement.scrollWidth")

        driver.get(url)
        wait(driver, condition.element_to_be_clickable((By.ID, "guest")))
        assert width(driver) <= 360, ("log-in", width(driver))
        log_in(driver, url, "pat")
        assert width(driver) <= 360, ("lobby", width(driver))
        accessible(driver, "lobby")
        driver.save_screenshot(os.path.join(shots, "phone-lobby.png"))
        for choice, section in (("tictactoe", "tictactoe"), ("connectfour", "connectfour"), ("battleship", "battleship"),
                                ("wordgrid/race", "wordgrid")):
            wait(driver, lambda d: choice in [o.get_attribute("value") for o in d.find_elements(By.CSS_SELECTOR, "#variant option")])
            Select(driver.find_element(By.ID, "variant")).select_by_value(choice)
            driver.find_element(By.ID, "play-bot").click()
            wait(driver, condition.visibility_of_element_located((By.ID, section)))
            wait(driver, lambda d: d.execute_script(f"return GameClient.current && GameClient.current.game === '{section}'"))
            assert width(driver) <= 360, (choice, width(driver))
            accessible(driver, choice)
            if section == "connectfour":
                cells = driver.execute_script(
                    "return [...document.querySelectorAll('#c4-board button')].map((b) => b.getBoundingClientRect().width)")
                assert len(cells) == 42 and min(cells) >= 44, cells
            driver.save_screenshot(os.path.join(shots, f"phone-{section}.png"))
            click(driver, f"#{section} .leave")
            driver.switch_to.alert.accept()
            wait(driver, condition.visibility_of_element_located((By.ID, "lobby")))
        # A replay of the first of those games keeps to the width too, its controls 44 px tall.
        wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#history button")) == 4)
        driver.find_elements(By.CSS_SELECTOR, "#history button")[-1].click()
        wait(driver, condition.visibility_of_element_located((By.ID, "replay")))
        wait(driver, lambda d: d.find_element(By.ID, "tictactoe").is_displayed())
        assert width(driver) <= 360, ("replay", width(driver))
        sizes = driver.execute_script(
            "return [...document.querySelectorAll('#replay button')].map((b) => Math.min(b.getBoundingClientRect().width, b.getBoundingClientRect().height))")
        assert min(sizes) >= 44, sizes
        driver.save_screenshot(os.path.join(shots, "phone-replay.png"))
        click(driver, "#replay-close")
        wait(driver, condition.visibility_of_element_located((By.ID, "lobby")))
    finally:
        driver.quit()


def main():
    server = sys.argv[1]
    shots = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="screenshots-")
    os.makedirs(shots, exist_ok=True)
    process = subprocess.Popen(
        [server, "serve", "--port", "0", "--data", tempfile.mkdtemp(), "--threads", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        port = next(int(found.group(1)) for found in (
            re.search(r"listening on \S+:(\d+)$", process.stdout.readline().strip()) for _ in range(20)) if found)
        url = f"http://127.0.0.1:{port}/"
        play_tic_tac_toe(url, shots)
        log_in_with_enter(url, shots)
        invite_by_link(url, shots)
        fits_a_phone(url, shots)
        play_connect_four(url, shots)
        trace_a_word(url, shots)
        sink_a_fleet(url, shots)
        race_for_three(url, shots)
    finally:
        process.terminate()
        process.wait(timeout=10)
    print(f"browser test passed; screenshots in {shots}")


if __name__ == "__main__":
    main()
