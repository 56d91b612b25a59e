-- The picture a thread message shows once this post went out (a digest of the rendered image;
-- '' when the post took it away, NULL when the post left the message's picture as it was): a
-- picture goes out only when it differs from the last one the thread shows, also after a
-- restart.
ALTER TABLE posts ADD COLUMN picture TEXT;
