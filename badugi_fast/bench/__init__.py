"""``badugi bench``: badugi-fast against its peers on this machine, every evaluator's answers checked first.

- ``evaluators``: the evaluators (badugi-fast's, the reference, pokerkit, poker-equity, the numpy floor), the
  agreement check and the timing;
- ``pokerkit_games``: pokerkit playing Badugi with its own hand type and with ``badugi_fast.pokerkit``'s;
- ``machine``: what the figures were measured on;
- ``report``: one run of all of it, as a dict (what ``badugi bench --json`` prints);
- ``command``: the command line.

Nothing is imported here, so that ``badugi`` starts fast whatever subcommand runs.
"""
