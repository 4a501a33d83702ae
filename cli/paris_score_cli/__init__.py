"""The ``paris-score`` command line: a thin click front end over :mod:`paris_score`."""
