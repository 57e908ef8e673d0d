#!/usr/bin/python3
"""Listens to every AT-SPI event a screen reader hears (focus, names, announcements, states,
children) and does nothing else: the cost of a screen reader listening, for
scripts/bench-window SCREEN_READER=1. Runs until it is killed."""

import pyatspi


def heard(event):
    pass


pyatspi.Registry.registerEventListener(
    heard,
    "object:state-changed",
    "object:announcement",
    "object:property-change",
    "object:children-changed",
    "focus:",
    "window:",
)
pyatspi.Registry.start()
