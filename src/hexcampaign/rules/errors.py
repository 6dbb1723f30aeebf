"""The one exception a player can cause by asking for something the rules forbid."""


class IllegalAction(Exception):
    """A refused action. The message is a sentence that names the rule, e.g.
    "Cliff: no movement across a cliff hexside"."""

    def __init__(self, reason: str, rule: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rule = rule

    def __str__(self) -> str:
        return self.reason
