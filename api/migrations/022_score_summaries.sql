-- Issue 28, big schools: analytics and result cards read these summaries instead of counting every
-- score of a term per request (decision 036). The database keeps them, in the same transaction
-- as every write that changes what they count: a statement on scores (the score input, any import,
-- a delete, a cascade), and a student joining, leaving or being deleted (only the scores of the
-- organization's current students count, as the GROUP BY over scores JOIN users did).

-- Per organization, term and subject: how many scores, their sum, and how many in each band
-- (the bands of bucketOf in api/src/scores/grades.ts: a boundary belongs to the upper band).
CREATE TABLE score_summaries (
	organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
	term text NOT NULL,
	subject text NOT NULL,
	scores integer NOT NULL DEFAULT 0,
	score_sum numeric NOT NULL DEFAULT 0,
	band_0_60 integer NOT NULL DEFAULT 0,
	band_60_70 integer NOT NULL DEFAULT 0,
	band_70_80 integer NOT NULL DEFAULT 0,
	band_80_90 integer NOT NULL DEFAULT 0,
	band_90_100 integer NOT NULL DEFAULT 0,
	PRIMARY KEY (organization_id, term, subject)
);

-- Per organization and term: how many students have at least one score (result cards' total).
-- Each write locks its terms' rows here first, so two writers of one term take turns.
CREATE TABLE score_term_students (
	organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
	term text NOT NULL,
	students integer NOT NULL DEFAULT 0,
	PRIMARY KEY (organization_id, term)
);

-- The statements that apply `changes` (rows of scores with a sign, +1 or -1) to the summaries. For a statement on
-- scores (`membership` false) only current students count, and a term's student count moves when
-- a student's first score in it comes or their last goes, told by counting their scores after
-- the statement. For a student joining or leaving (`membership` true) the caller names the
-- scores that come or go, and each of their terms gains or loses one student. Only live
-- organizations count. The terms' rows are locked (in one order) before anything is counted, so
-- the counts see every writer of those terms that committed before. A student's scores are found
-- by the student alone (the organization filtered after), so the planner never takes the
-- organization's term index, which holds every score of the term, to count one student's few.
-- The trigger runs them itself:
-- a trigger's transition tables (the statement's rows) are seen by its own function only.
CREATE FUNCTION score_summaries_statements(changes text, membership boolean) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
	member text := CASE WHEN membership THEN format('SELECT * FROM (%s) c', changes)
		ELSE format('SELECT c.* FROM (%s) c JOIN users u ON u.id = c.student_id '
			'AND u.organization_id = c.organization_id', changes) END;
	per_term text := CASE WHEN membership THEN
		'SELECT organization_id, term, count(DISTINCT student_id) * min(sign) AS delta
		FROM member GROUP BY organization_id, term'
	ELSE
		'SELECT organization_id, term, sum((after > 0)::int - ((after - net) > 0)::int) AS delta
		FROM (SELECT k.organization_id, k.term, k.net, (SELECT count(*) FILTER
					(WHERE scores.organization_id = k.organization_id) FROM scores
				WHERE scores.student_id = k.student_id AND scores.term = k.term) AS after
			FROM (SELECT organization_id, student_id, term, sum(sign) AS net FROM member
				GROUP BY organization_id, student_id, term HAVING sum(sign) <> 0) k) counted
		GROUP BY organization_id, term' END;
BEGIN
	RETURN ARRAY[format($sql$
		INSERT INTO score_term_students (organization_id, term)
		SELECT DISTINCT c.organization_id, c.term FROM (%s) c
		JOIN organizations o ON o.id = c.organization_id
		ORDER BY 1, 2
		ON CONFLICT DO NOTHING$sql$, changes),
	format($sql$
		SELECT 1 FROM score_term_students t
		WHERE (t.organization_id, t.term) IN (SELECT c.organization_id, c.term FROM (%s) c)
		ORDER BY t.organization_id, t.term FOR UPDATE$sql$, changes),
	format($sql$
		WITH member AS (%s),
		subjects AS (
			INSERT INTO score_summaries AS s (organization_id, term, subject, scores, score_sum,
				band_0_60, band_60_70, band_70_80, band_80_90, band_90_100)
			SELECT member.organization_id, term, subject, sum(sign), sum(sign * score),
				coalesce(sum(sign) FILTER (WHERE score < 60), 0),
				coalesce(sum(sign) FILTER (WHERE score >= 60 AND score < 70), 0),
				coalesce(sum(sign) FILTER (WHERE score >= 70 AND score < 80), 0),
				coalesce(sum(sign) FILTER (WHERE score >= 80 AND score < 90), 0),
				coalesce(sum(sign) FILTER (WHERE score >= 90), 0)
			FROM member JOIN organizations o ON o.id = member.organization_id
			GROUP BY member.organization_id, term, subject
			ORDER BY member.organization_id, term, subject
			ON CONFLICT (organization_id, term, subject) DO UPDATE SET
				scores = s.scores + excluded.scores,
				score_sum = s.score_sum + excluded.score_sum,
				band_0_60 = s.band_0_60 + excluded.band_0_60,
				band_60_70 = s.band_60_70 + excluded.band_60_70,
				band_70_80 = s.band_70_80 + excluded.band_70_80,
				band_80_90 = s.band_80_90 + excluded.band_80_90,
				band_90_100 = s.band_90_100 + excluded.band_90_100
		),
		per_term AS (%s)
		UPDATE score_term_students t SET students = t.students + per_term.delta
		FROM per_term
		WHERE t.organization_id = per_term.organization_id AND t.term = per_term.term
			AND per_term.delta <> 0$sql$, member, per_term)];
END $$;

CREATE FUNCTION scores_summarise() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	statement text;
	added text := 'SELECT organization_id, student_id, term, subject, score, 1 AS sign FROM new_rows';
	removed text := 'SELECT organization_id, student_id, term, subject, score, -1 AS sign FROM old_rows';
BEGIN
	FOREACH statement IN ARRAY score_summaries_statements(CASE TG_OP
		WHEN 'INSERT' THEN added
		WHEN 'DELETE' THEN removed
		ELSE added || ' UNION ALL ' || removed END, false) LOOP
		EXECUTE statement;
	END LOOP;
	RETURN NULL;
END $$;

CREATE TRIGGER scores_summarise_insert AFTER INSERT ON scores
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scores_summarise();
CREATE TRIGGER scores_summarise_update AFTER UPDATE ON scores
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION scores_summarise();
CREATE TRIGGER scores_summarise_delete AFTER DELETE ON scores
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION scores_summarise();

-- A student joining or leaving an organization brings or takes their scores in it (found by the
-- student, the organization filtered after, as above). A deleted
-- student's scores leave before the cascade deletes them (the scores trigger then finds no member
-- and changes nothing).
CREATE FUNCTION users_score_membership() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	statement text;
	of_student text := 'SELECT * FROM (SELECT organization_id, student_id, term, subject, score, '
		'%s AS sign FROM scores WHERE student_id = %L OFFSET 0) mine WHERE organization_id = %L';
BEGIN
	IF OLD.organization_id IS NOT NULL THEN
		FOREACH statement IN ARRAY score_summaries_statements(
			format(of_student, -1, OLD.id, OLD.organization_id), true) LOOP
			EXECUTE statement;
		END LOOP;
	END IF;
	IF TG_OP = 'DELETE' THEN
		RETURN OLD;
	END IF;
	IF NEW.organization_id IS NOT NULL THEN
		FOREACH statement IN ARRAY score_summaries_statements(
			format(of_student, 1, NEW.id, NEW.organization_id), true) LOOP
			EXECUTE statement;
		END LOOP;
	END IF;
	RETURN NULL;
END $$;

CREATE TRIGGER users_score_membership_update AFTER UPDATE OF organization_id ON users
	FOR EACH ROW WHEN (OLD.organization_id IS DISTINCT FROM NEW.organization_id)
	EXECUTE FUNCTION users_score_membership();
CREATE TRIGGER users_score_membership_delete BEFORE DELETE ON users
	FOR EACH ROW EXECUTE FUNCTION users_score_membership();

-- The summaries of the scores already there.
INSERT INTO score_summaries (organization_id, term, subject, scores, score_sum,
	band_0_60, band_60_70, band_70_80, band_80_90, band_90_100)
SELECT scores.organization_id, term, subject, count(*), sum(score),
	count(*) FILTER (WHERE score < 60),
	count(*) FILTER (WHERE score >= 60 AND score < 70),
	count(*) FILTER (WHERE score >= 70 AND score < 80),
	count(*) FILTER (WHERE score >= 80 AND score < 90),
	count(*) FILTER (WHERE score >= 90)
FROM scores JOIN users ON users.id = scores.student_id AND users.organization_id = scores.organization_id
GROUP BY scores.organization_id, term, subject;
INSERT INTO score_term_students (organization_id, term, students)
SELECT scores.organization_id, term, count(DISTINCT student_id)
FROM scores JOIN users ON users.id = scores.student_id AND users.organization_id = scores.organization_id
GROUP BY scores.organization_id, term;
