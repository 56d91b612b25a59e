-- Finding "the game in this channel" without scanning the guild's games.
CREATE INDEX games_by_channel ON games (channel_id, game, status);
