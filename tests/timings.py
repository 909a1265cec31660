"""Ladder JSON without its timings, so two runs of the same seeds compare equal."""


def without_timings(data: object) -> object:
    """A ladder's JSON without the seconds each game took (a measurement of the machine, not a result)."""
    if isinstance(data, dict):
        return {k: without_timings(v) for k, v in data.items() if k != "seconds_a_game"}
    if isinstance(data, list):
        return [without_timings(v) for v in data]
    return data
