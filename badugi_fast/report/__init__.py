"""``badugi report``: one self-contained HTML page of a run of hand histories (the ``report`` extra: Jinja2 and
matplotlib). ``gather`` collects what the page needs where the hands are scored; ``page.render`` writes it."""
