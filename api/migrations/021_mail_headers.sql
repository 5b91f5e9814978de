-- Extra headers a mail is sent with: a notification's List-Unsubscribe and List-Unsubscribe-Post
-- (RFC 8058 one-click unsubscribe), so a mail client can turn its kind off without a sign-in.
ALTER TABLE mail_outbox ADD COLUMN headers jsonb NOT NULL DEFAULT '{}'::jsonb;
