-- The dev outbox shows the sender and Reply-To a pool's EmailConfiguration asks for (issue 24).
ALTER TABLE outbox_messages ADD COLUMN from_address text;
ALTER TABLE outbox_messages ADD COLUMN reply_to text;
