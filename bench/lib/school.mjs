// The data-scale bench's school (issue 28), in SQL on top of the demo data: used by bench/scale.mjs
// to time the pages that grow with it and by the load model (bench/load.mjs) as the school whose
// busiest hour it plays. Kept by bench/lib/school-cache.mjs under a hash of this SQL.
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'

/** The school, in SQL, `s` times over; every row marked `scale-` so a run can be told apart. */
export const schoolSql = (s) => `
INSERT INTO users (role, email, password_hash, first_name, last_name, organization_id)
SELECT 'student', 'scale-student-' || n || '@example.com', 'x', 'Pupil' || (n % 97),
	'Scale ' || lpad(n::text, 7, '0'), o.id
FROM organizations o, generate_series(1, ${5000 * s}) AS n WHERE o.email = 'organization@example.com';

INSERT INTO scores (organization_id, student_id, subject, term, score)
SELECT u.organization_id, u.id, subject, term, (abs(hashtext(u.id::text || subject || term)) % 10001) / 100.0
FROM users u,
	(VALUES ('Art'), ('Biology'), ('English'), ('History'), ('Maths'), ('Physics')) AS subjects (subject),
	(VALUES ('Scale term 1'), ('Scale term 2'), ('Scale term 3')) AS terms (term)
WHERE u.email LIKE 'scale-student-%';

INSERT INTO courses (organization_id, title, is_published)
SELECT o.id, 'Scale course ' || lpad(n::text, 6, '0'), true
FROM organizations o, generate_series(1, ${2000 * s}) AS n WHERE o.email = 'organization@example.com';

INSERT INTO schedules (course_id, tutor_id, title, scheduled_date, start_time, duration, time_zone, starts_at, ends_at)
SELECT c.id, c.tutor_id, 'Scale session ' || n, to_char(at, 'YYYY-MM-DD'), to_char(at, 'HH24:MI'), 15, 'UTC',
	at, at + interval '15 minutes'
FROM (SELECT courses.id, courses.tutor_id FROM courses JOIN users ON users.id = courses.tutor_id
	WHERE users.email = 'teacher@example.com' ORDER BY courses.created_at LIMIT 1) c,
	generate_series(0, ${500 * s - 1}) AS n,
	LATERAL (SELECT date_trunc('week', now()) + n * (interval '7 days' / ${500 * s}) AS at) t;

INSERT INTO courses (tutor_id, title, is_published)
SELECT u.id, 'Scale class ' || lpad(n::text, 4, '0'), true
FROM users u, generate_series(1, 100) AS n WHERE u.email = 'teacher@example.com';

INSERT INTO enrollments (course_id, student_id)
SELECT c.id, u.id FROM courses c, users u
WHERE c.title LIKE 'Scale class %' AND u.email = 'student@example.com';

INSERT INTO tasks (course_id, created_by, title, task_type, due_date)
SELECT c.id, c.tutor_id, 'Scale task ' || n, 'homework', now() + (n - ${5 * s}) * interval '1 day'
FROM courses c, generate_series(1, ${10 * s}) AS n WHERE c.title LIKE 'Scale class %';

INSERT INTO announcements (author_id, author_type, author_name, course_id, title, body, created_at)
SELECT c.tutor_id, 'tutor', 'Scale Teacher', c.id, 'Scale news ' || n, 'Text.', now() - n * interval '1 hour'
FROM courses c, generate_series(1, ${22 * s}) AS n WHERE c.title LIKE 'Scale class %';

ANALYZE;
`

/** Runs `sql` on the school's database: a PostgreSQL URL or a PGlite data directory. */
export async function runSql(database, location, sql) {
	if (database === 'postgres') {
		const client = new pg.Client({ connectionString: location })
		await client.connect()
		try {
			return await client.query(sql)
		} finally {
			await client.end()
		}
	}
	const client = await PGlite.create({ dataDir: location, extensions: { pg_trgm } })
	try {
		return (await client.exec(sql)).at(-1)
	} finally {
		await client.close()
	}
}

/** Adds the school `scale` times over to the demo data in the database at `location`. */
export const generate = (database, location, scale) => runSql(database, location, schoolSql(scale))
