"""What the game keeps in the data folder: the safe reader, the storage, the save and the settings."""
