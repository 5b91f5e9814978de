-- A student has at most one payment in flight per course: a second checkout (a double click, a
-- second tab) answers the one already open instead of opening another that could be charged too.
-- Older duplicates still open are closed first, the newest kept.
WITH ranked AS (
	SELECT id, row_number() OVER (PARTITION BY student_id, course_id ORDER BY created_at DESC, id) AS rank
	FROM payments
	WHERE course_id IS NOT NULL AND status IN ('requires_payment', 'processing')
)
UPDATE payments
SET status = 'failed',
	failure_code = 'superseded',
	failure_message = 'A newer payment for this course replaced this one. You have not been charged.',
	updated_at = now()
FROM ranked
WHERE payments.id = ranked.id AND ranked.rank > 1;

CREATE UNIQUE INDEX payments_one_in_flight_idx ON payments (student_id, course_id)
	WHERE status IN ('requires_payment', 'processing');
