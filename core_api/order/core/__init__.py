"""The order records and their state machine, shared by every order feature."""
