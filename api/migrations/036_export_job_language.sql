-- Issue 40 (decision 064): a background export writes its file's headers in the language of whoever
-- asked for it, as the streamed download does from its request; the job keeps that language (its
-- `Accept-Language` when queued). Null: English, as every job before.
ALTER TABLE export_jobs ADD COLUMN locale TEXT;
