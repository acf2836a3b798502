"""Fault switches for the mutant corpus (conformance/mutants/).

The clean reader runs with no fault active. A mutant is this same reader started with
`--fault <name>`: exactly one check point then behaves the way a plausible third-party bug
would. Keeping the faults beside the checks they break means every mutant differs from the
clean reader by one decision, the property mutation testing needs.
"""

ACTIVE = set()


def on(name):
    """True when the named fault is switched on for this process."""
    return name in ACTIVE
