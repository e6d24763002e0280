"""Every file format of hand histories, read and written, and the site-neutral model of a hand as recorded.

- ``model``: a hand as a site recorded it (``Hand``, ``Seat``, ``Action``, ``Draw``), money in integer hundredths;
- ``registry``: the formats there are, and which one a hand header belongs to;
- one module per format: ``pokerstars`` (reader, writer, wordings), ``fulltilt``, ``merge``, ``kingsclub``,
  ``phh`` (reader and writer); ``builder``, ``lines`` and ``common`` hold what the text readers share.
"""
