#!/usr/bin/python3
"""Reads the running game's accessibility tree through AT-SPI, as a screen reader (Orca) does.

Run by tests/game/screen_reader.rs inside a D-Bus session with the AT-SPI bus enabled, on a
virtual X display where the game shows deal 1 of the patience named after the window's id
(klondike or freecell). It finds the game's application, its buttons and its places by their
labels; presses keys with xdotool and sees the focus follow the keyboard's selection; and hears
a move announced. Prints one "ok ..." line per finding and exits
0, or prints "FAILED ..." and exits 1. Every wait is for a condition, with a generous deadline
as a guard against a hang only.
"""

import subprocess
import sys
import time

import pyatspi
from gi.repository import GLib

DEADLINE = 90.0


def fail(why):
    print(f"FAILED {why}", flush=True)
    sys.exit(1)


def wait_for(what, check):
    """Polls `check` (pumping AT-SPI's events) until it gives an answer."""
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        context = GLib.MainContext.default()
        while context.pending():
            context.iteration(False)
        pyatspi.Registry.pumpQueuedEvents()
        found = check()
        if found:
            return found
        time.sleep(0.05)
    fail(f"never: {what}")


def nodes(root, depth=0):
    """Every node under `root` (the tree is small: a few hundred nodes)."""
    if root is None or depth > 12:
        return
    yield root
    try:
        children = [root.getChildAtIndex(i) for i in range(root.childCount)]
    except Exception:
        return
    for child in children:
        yield from nodes(child, depth + 1)


def the_game():
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        if app is not None and (app.name or "").lower() == "zodiac":
            return app
    return None


def named(app):
    return [(n.getRoleName(), n.name or "") for n in nodes(app)]


def key(window, k):
    subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True)
    subprocess.run(["xdotool", "key", k], check=True)


focused = []
announced = []


def on_event(event):
    try:
        if event.type.startswith("object:state-changed:focused") and event.detail1 == 1:
            focused.append(event.source.name or "")
        elif event.type.startswith("object:announcement"):
            announced.append(str(event.any_data))
        elif event.type.startswith("object:property-change:accessible-name"):
            # A live region's new words (where the announcement signal is not passed on).
            if event.source.getRoleName() == "status bar" or "status" in event.source.getRoleName():
                announced.append(event.source.name or "")
    except Exception as e:  # a node gone meanwhile
        print(f"note: {e}", flush=True)


def main():
    window = sys.argv[1]
    patience = sys.argv[2] if len(sys.argv) > 2 else "klondike"
    pyatspi.Registry.registerEventListener(
        on_event,
        "object:state-changed:focused",
        "object:announcement",
        "object:property-change:accessible-name",
    )
    app = wait_for("the game's application on the AT-SPI bus", the_game)
    print(f"ok application {app.name!r}", flush=True)

    def has(role_names, label):
        def check():
            return any(r in role_names and n == label for r, n in named(app))
        return check

    def places(labels):
        for label in labels:
            wait_for(f"the place {label!r}", has(("list item",), label))
        print("ok places: " + "; ".join(labels), flush=True)

    def focus(label, presses=1):
        for _ in range(presses):
            key(window, "Right")
        wait_for(f"the focus on {label!r}", lambda: label in focused)
        print(f"ok focus: {label}", flush=True)

    def heard(words):
        said = wait_for(
            f"{words!r} announced",
            lambda: next((a for a in announced if words in a), None),
        )
        print(f"ok announced: {said.strip()}", flush=True)

    def label(words):
        wait_for(f"the label {words!r}", has(("list item",), words))
        print(f"ok label: {words}", flush=True)

    for button in ["New", "Undo", "Redo", "Hint", "Show me", "Settings"]:
        wait_for(f"the button {button!r}", has(("push button",), button))
    print("ok buttons: New, Undo, Redo, Hint, Show me, Settings", flush=True)

    if patience == "freecell":
        c0 = "Column c0: J♦, K♦, 2♠, 4♣, 3♠, 6♦, 6♠"
        places(["Free cell r0, empty", "Free cell r3, empty", c0, "Foundation f0, clubs, empty"])
        # The arrows go round the table in the layout's order: the free cells, the
        # foundations, then the columns.
        focus("Free cell r0, empty")
        focus(c0, presses=8)
        # Enter picks the 6♠ up, Enter again sends it to its best place: a free cell.
        key(window, "Return")
        key(window, "Return")
        heard("6♠ from column c0 to free cell r0. Column c0 now shows 6♦.")
        label("Free cell r0: 6♠")
        return

    places([
        "Stock, 23 cards",
        "Waste, 1 card, top 4♥",
        "Column c0: Q♥",
        "Column c6: 6 face down, then A♠",
        "Foundation f0, clubs, empty",
    ])
    # The arrows go round the table in the layout's order, the stock then the waste: the focus
    # follows.
    focus("Stock, 23 cards")
    focus("Waste, 1 card, top 4♥")
    # D turns the stock: the move is announced, and the stock's label follows.
    key(window, "d")
    heard("Turned A♣ onto the waste.")
    label("Stock, 22 cards")


if __name__ == "__main__":
    main()
