"""Django's date and time formats per language (``FORMAT_MODULE_PATH``): English dates written the European way."""
