// The school the load model plays: the data-scale bench's school (bench/lib/school.mjs) with what
// its busiest hour needs on top. Its pupils can sign in (the demo student's password), each is in
// three of 500 classes of about 30 (so a course, its tasks and its announcements are theirs), 250
// teachers (load-teacher-N, the demo teacher's password) teach two classes each, every class has
// five sessions, 60 classes have a live room, and the ids the journeys pick from are read once before
// the run.
import { join } from 'node:path'
import { launch } from '../../scripts/launch.mjs'
import { startTempPostgres } from '../../scripts/temp-postgres.mjs'
import { schoolCache, currentMigrations, seedDay } from '../lib/school-cache.mjs'
import { runSql, schoolSql } from '../lib/school.mjs'

/** What the load model adds to the data-scale school. */
export const LOAD_SQL = `
-- The data-scale school has 100 classes of about 150 pupils; a school of 5,000 pupils has about 500
-- classes of 30 (a register of 150 would cost five times a real one). Classes 101 to 500, each with
-- the tasks and news of the first hundred.
INSERT INTO courses (tutor_id, title, is_published)
SELECT u.id, 'Scale class ' || lpad(n::text, 4, '0'), true
FROM users u, generate_series(101, 500) AS n WHERE u.email = 'teacher@example.com';

INSERT INTO tasks (course_id, created_by, title, task_type, due_date)
SELECT c.id, c.tutor_id, 'Scale task ' || n, 'homework', now() + (n - 5) * interval '1 day'
FROM courses c, generate_series(1, 10) AS n
WHERE c.title LIKE 'Scale class %' AND c.title > 'Scale class 0100';

INSERT INTO announcements (author_id, author_type, author_name, course_id, title, body, created_at)
SELECT c.tutor_id, 'tutor', 'Scale Teacher', c.id, 'Scale news ' || n, 'Text.', now() - n * interval '1 hour'
FROM courses c, generate_series(1, 22) AS n
WHERE c.title LIKE 'Scale class %' AND c.title > 'Scale class 0100';

UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = 'student@example.com')
WHERE email LIKE 'scale-student-%';

INSERT INTO enrollments (course_id, student_id)
SELECT c.id, u.id
FROM users u
CROSS JOIN LATERAL (
	SELECT id FROM courses WHERE title LIKE 'Scale class %' ORDER BY title
	OFFSET (substring(u.email from 'scale-student-([0-9]+)')::int % 498) LIMIT 3
) c
WHERE u.email LIKE 'scale-student-%'
ON CONFLICT DO NOTHING;

-- 250 teachers of two classes each (load-teacher-N teaches Scale classes 2N-1 and 2N), with the
-- demo teacher's password and organization: teachers sign in as themselves, not all as one account.
INSERT INTO users (role, email, password_hash, first_name, last_name, organization_id)
SELECT 'tutor', 'load-teacher-' || n || '@example.com', t.password_hash, 'Teacher' || (n % 89),
	'Load ' || lpad(n::text, 3, '0'), t.organization_id
FROM users t, generate_series(1, 250) AS n WHERE t.email = 'teacher@example.com';

UPDATE courses c SET tutor_id = u.id FROM users u
WHERE c.title LIKE 'Scale class %'
	AND u.email = 'load-teacher-' || (substring(c.title from 'Scale class ([0-9]+)')::int + 1) / 2 || '@example.com';
UPDATE tasks t SET created_by = c.tutor_id FROM courses c
WHERE c.id = t.course_id AND c.title LIKE 'Scale class %';
UPDATE announcements a SET author_id = c.tutor_id FROM courses c
WHERE c.id = a.course_id AND c.title LIKE 'Scale class %';

-- Five sessions of each class, one a day, the latest begun this hour: a register to take.
INSERT INTO schedules (course_id, tutor_id, title, scheduled_date, start_time, duration, time_zone, starts_at, ends_at)
SELECT c.id, c.tutor_id, 'Load session ' || d, to_char(at, 'YYYY-MM-DD'), to_char(at, 'HH24:MI'), 45, 'UTC',
	at, at + interval '45 minutes'
FROM courses c, generate_series(0, 4) AS d,
	LATERAL (SELECT date_trunc('hour', now()) - d * interval '1 day' AS at) t
WHERE c.title LIKE 'Scale class %';

-- The homework reminders already given, as in a school in use (given as tasks come due, a few a
-- minute): a fresh copy would give 15,000 at the API's start and mail them during the first steps,
-- about 70 s of one core on PGlite and a steady tenth of a core after (decision 061).
INSERT INTO reminders (kind, subject_id, recipient_id, event_at)
SELECT 'task_due', t.id, e.student_id, t.due_date
FROM tasks t JOIN courses c ON c.id = t.course_id JOIN enrollments e ON e.course_id = c.id
WHERE c.title LIKE 'Scale class %' AND t.due_date > now() - interval '1 day'
ON CONFLICT DO NOTHING;

-- Rooms enough for 1,800 pupils in rooms of 30 (7,200 active people at the model's mix): the
-- room pupils fill them 30 at a time (decision 078).
INSERT INTO rooms (course_id, owner_id, kind, title)
SELECT id, tutor_id, 'classroom', 'Load room ' || title
FROM courses WHERE title LIKE 'Scale class %' ORDER BY title LIMIT 60;

ANALYZE;
`

/**
 * The school of `database` at `scale` in `parts` (`data`, and `postgres` for PostgreSQL's cluster):
 * copied from BENCH_DATA_CACHE when it holds today's, else made (the API's first start migrates
 * and seeds the demo, then the SQL runs with the API stopped) and kept there when it is set.
 * Answers PostgreSQL running when it had to start it.
 */
export async function prepareLoadSchool({ database, scale, parts, ports, cacheRoot, log }) {
	const cache =
		cacheRoot && schoolCache(cacheRoot, `load-${database}`, scale, schoolSql(scale) + LOAD_SQL)
	const stale = cache?.staleness()
	if (cache && !stale) {
		cache.restore(parts)
		log(`reused the kept school ${cache.dir} (generated ${cache.meta().generatedAt})`)
		return null
	}
	const seeded = { ...seedDay(), migrations: currentMigrations() }
	let postgres = parts.postgres ? await startTempPostgres({ dataDir: parts.postgres }) : null
	const product = await launch({
		appPort: ports.app,
		apiPort: ports.api,
		dataDir: parts.data,
		env: postgres ? { DATABASE_URL: postgres.url } : {},
		quiet: true,
	})
	await product.stop()
	const started = performance.now()
	const location = postgres ? postgres.url : join(parts.data, 'db')
	await runSql(database, location, schoolSql(scale) + LOAD_SQL)
	const seconds = Math.round((performance.now() - started) / 1000)
	log(`generated the ×${scale} school in ${seconds} s`)
	if (cache) {
		await postgres?.stop()
		postgres = null
		cache.keep(parts, { ...seeded, generatedAt: new Date().toISOString(), seconds })
		log(`kept in ${cache.dir}`)
	}
	return postgres
}

/** The ids the journeys pick from, read before the run. */
export async function schoolIds(database, location) {
	const rows = async (sql) => (await runSql(database, location, sql)).rows
	const [{ count }] = await rows(
		`SELECT count(*)::int AS count FROM users WHERE email LIKE 'scale-student-%'`,
	)
	const templates = await rows(`SELECT id FROM qa_templates WHERE is_active ORDER BY created_at`)
	// Three tasks still open in each class, for the pupils' submissions.
	const tasks = await rows(`
		SELECT id, course_id FROM (
			SELECT t.id, t.course_id, row_number() OVER (PARTITION BY t.course_id ORDER BY t.due_date) AS n
			FROM tasks t JOIN courses c ON c.id = t.course_id
			WHERE c.title LIKE 'Scale class %' AND t.due_date > now() + interval '1 day'
		) open WHERE n <= 3`)
	// Each teacher's sessions and classes, by their email.
	const sessions = await rows(`
		SELECT s.id, u.email FROM schedules s JOIN users u ON u.id = s.tutor_id
		WHERE u.email LIKE 'load-teacher-%' ORDER BY s.starts_at`)
	const teaching = await rows(`
		SELECT c.id, u.email FROM courses c JOIN users u ON u.id = c.tutor_id
		WHERE u.email LIKE 'load-teacher-%' ORDER BY c.title`)
	const publicCourses = await rows(`
		SELECT id FROM courses WHERE is_published AND organization_id IS NULL
		ORDER BY created_at LIMIT 50`)
	// In LOAD_SQL's order: pupil n is in the three classes from place n % 498.
	const classes = await rows(`
		SELECT id FROM courses WHERE title LIKE 'Scale class %' ORDER BY title`)
	// The live rooms (one per class of the first 60) and 30 of each class's pupils.
	const roomRows = await rows(`
		SELECT r.id, u.email FROM rooms r
		CROSS JOIN LATERAL (
			SELECT u.email FROM enrollments e JOIN users u ON u.id = e.student_id
			WHERE e.course_id = r.course_id AND u.email LIKE 'scale-student-%'
			ORDER BY u.email LIMIT 30
		) u
		WHERE r.title LIKE 'Load room %' ORDER BY r.title, u.email`)
	const rooms = new Map()
	for (const { id, email } of roomRows) {
		if (!rooms.has(id)) rooms.set(id, [])
		rooms.get(id).push(email)
	}
	const tasksByCourse = new Map()
	for (const task of tasks) {
		if (!tasksByCourse.has(task.course_id)) tasksByCourse.set(task.course_id, [])
		tasksByCourse.get(task.course_id).push(task.id)
	}
	const byTeacher = (list) => {
		const map = new Map()
		for (const { id, email } of list) map.set(email, [...(map.get(email) ?? []), id])
		return map
	}
	return {
		students: count,
		teachers: new Set(teaching.map((row) => row.email)).size,
		sessionsByTeacher: byTeacher(sessions),
		classesByTeacher: byTeacher(teaching),
		templateId: templates[0]?.id,
		tasksByCourse,
		rooms: [...rooms].map(([id, pupils]) => ({ id, pupils })),
		publicCourses: publicCourses.map((row) => row.id),
		classes: classes.map((row) => row.id),
	}
}
