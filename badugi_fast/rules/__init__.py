"""The rules of a hand of Badugi as a state machine: betting structures, the table's rules, the engine, its events.

The one account of a hand's betting: the simulator plays hands through it, and recorded hands are replayed through
it. It knows no file format.
"""
