"""Views, thin: they read with selectors and write with services."""
