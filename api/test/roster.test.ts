import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startMailWorker, type MailWorker } from '../src/mail/worker.ts'
import { afterAnswersDone } from '../src/platform/after-answer.ts'
import {
	apiForFile,
	call,
	login,
	registerStudent,
	startApi,
	uniqueEmail,
	verifyEmailOf,
	type TestApi,
} from './helpers.ts'
import { newMember, newOrganization } from './org-helpers.ts'
import { startSmtp, type TestSmtp } from './smtp.ts'

const api = apiForFile({ seed: false })

type Org = Awaited<ReturnType<typeof newOrganization>>

const HEADER = 'role,first name,last name,email,department,student number'

/** A school with departments, whose own address is verified unless `verified: false`. */
async function schoolWithDepartments(
	names = ['Mathematics', 'Sciences'],
	{ verified = true, on = api }: { verified?: boolean; on?: TestApi } = {},
) {
	const org = await newOrganization(on)
	if (verified) await verifyEmailOf(on, org.email)
	for (const departmentName of names) {
		const answer = await call(on, 'POST', '/organizations/create-department', {
			token: org.token,
			json: { departmentName },
		})
		expect(answer.status).toBe(201)
	}
	return org
}

const upload = (
	org: Org,
	text: string | Uint8Array<ArrayBuffer>,
	name = 'roster.csv',
	on: TestApi = api,
) => {
	const form = new FormData()
	form.set('file', new File([text], name, { type: 'text/csv' }))
	return call(on, 'POST', `/organizations/${org.id}/roster/imports`, {
		token: org.token,
		body: form,
	})
}

const rowsOf = (org: Org, importId: string, query = '?limit=100', on: TestApi = api) =>
	call(on, 'GET', `/organizations/${org.id}/roster/imports/${importId}${query}`, {
		token: org.token,
	})

async function confirm(org: Org, importId: string, on: TestApi = api) {
	const answer = await call(
		on,
		'POST',
		`/organizations/${org.id}/roster/imports/${importId}/confirm`,
		{
			token: org.token,
		},
	)
	await afterAnswersDone()
	return answer
}

const outboxTo = (email: string, on: TestApi = api) =>
	on.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).execute()

const membersOf = (org: Org) =>
	api.db
		.selectFrom('users')
		.select(['email', 'role', 'first_name', 'department_id', 'student_number'])
		.where('organization_id', '=', org.id)
		.orderBy('email')
		.execute()

describe('roster import', () => {
	test('a preview tells each row what will happen, with counts, and writes nothing', async () => {
		const org = await schoolWithDepartments()
		const member = await newMember(api, org.token, 'student')
		const existing = await registerStudent(api)
		const fresh = uniqueEmail('fresh')
		const teacher = uniqueEmail('teacher')
		const file = [
			HEADER,
			`student,Ada,Lovelace,${fresh},mathematics,S-1`,
			`teacher,Alan,Turing,${teacher.toUpperCase()},Sciences,`,
			`student,Pat,Member,${member.email},Mathematics,`,
			`student,Eve,Existing,${existing.email},Sciences,S-2`,
			'student,Bad,Email,not-an-email,Mathematics,',
			`student,No,Department,${uniqueEmail('nodept')},History,`,
			`student,Ada,Again,${fresh},Mathematics,`,
			`parent,Who,Knows,${uniqueEmail('parent')},Mathematics,`,
		].join('\n')
		const answer = await upload(org, file)
		expect(answer.status).toBe(201)
		const job = answer.body.import
		expect(job).toMatchObject({
			status: 'preview',
			fileName: 'roster.csv',
			counts: { rows: 8, create: 2, invite: 1, member: 1, invited: 0, error: 4 },
		})
		const page = await rowsOf(org, job.id)
		expect(page.status).toBe(200)
		expect(
			page.body.rows.map((row: { line: number; outcome: string; error?: string }) => [
				row.line,
				row.outcome,
				row.error,
			]),
		).toEqual([
			[2, 'create', undefined],
			[3, 'create', undefined],
			[4, 'member', undefined],
			[5, 'invite', undefined],
			[6, 'error', 'Enter a valid email address'],
			[7, 'error', 'Unknown department "History"'],
			[8, 'error', 'Duplicate in the file: this email is also on row 2'],
			[9, 'error', 'Role must be student or teacher'],
		])
		const errors = await rowsOf(org, job.id, '?show=errors')
		expect(errors.body.rows).toHaveLength(4)
		expect(errors.body.pagination.total).toBe(4)
		// Nothing written yet: no account, no invitation, no mail.
		expect(await membersOf(org)).toHaveLength(1)
		expect(await outboxTo(fresh)).toEqual([])
		const invitations = await api.db
			.selectFrom('organization_invitations')
			.select('id')
			.where('organization_id', '=', org.id)
			.execute()
		expect(invitations).toEqual([])
	})

	test('confirming creates accounts with a set-your-password mail and invites existing students; the same file again changes nothing', async () => {
		const org = await schoolWithDepartments()
		const existing = await registerStudent(api)
		const fresh = uniqueEmail('fresh')
		const teacher = uniqueEmail('teacher')
		// Semicolons and a byte order mark, as a spreadsheet in many countries saves them.
		const file = `\uFEFFRole;First name;Last name;Email;Department;Student number\r\nstudent;Ada;Lovelace;${fresh};Mathematics;S-1\r\nteacher;Alan;Turing;${teacher};sciences;\r\nstudent;Eve;Existing;${existing.email};Sciences;S-2\r\n`
		const preview = await upload(org, new TextEncoder().encode(file))
		expect(preview.status).toBe(201)
		expect(preview.body.import.counts).toMatchObject({ create: 2, invite: 1, error: 0 })

		const started = await confirm(org, preview.body.import.id)
		expect(started.status).toBe(202)
		expect(started.body.import.status).toBe('running')
		const done = await rowsOf(org, preview.body.import.id)
		expect(done.body.import).toMatchObject({ status: 'done', result: { create: 2, invite: 1 } })

		const departments = await api.db
			.selectFrom('departments')
			.select(['id', 'department_name'])
			.where('organization_id', '=', org.id)
			.execute()
		const idOf = (name: string) => departments.find((d) => d.department_name === name)?.id
		expect(await membersOf(org)).toEqual(
			[
				{
					email: fresh,
					role: 'student',
					first_name: 'Ada',
					department_id: idOf('Mathematics'),
					student_number: 'S-1',
				},
				{
					email: teacher,
					role: 'tutor',
					first_name: 'Alan',
					department_id: idOf('Sciences'),
					student_number: null,
				},
			].sort((a, b) => a.email.localeCompare(b.email)),
		)
		// The existing student is invited, never attached.
		const invitation = await api.db
			.selectFrom('organization_invitations')
			.selectAll()
			.where('organization_id', '=', org.id)
			.executeTakeFirstOrThrow()
		expect(invitation).toMatchObject({
			email: existing.email,
			status: 'pending',
			department_id: idOf('Sciences'),
			student_number: 'S-2',
		})

		// The new account's mail carries a set-your-password link, never a password; following it
		// sets the password and the account signs in.
		const [mail] = await outboxTo(fresh)
		expect(mail?.subject).toBe('Your TutorHub account: choose your password')
		const token = /reset-password\?token=([\w-]+)/.exec(mail?.text_body ?? '')?.[1]
		expect(token).toBeTruthy()
		const reset = await call(api, 'POST', '/account/reset-password', {
			json: { token, password: 'Copper-Lantern-77' },
		})
		expect(reset.status).toBe(200)
		expect((await login(api, fresh, 'Copper-Lantern-77')).answer.status).toBe(200)

		// The same file again: everyone is a member or already invited; nothing new is written.
		const again = await upload(org, new TextEncoder().encode(file))
		expect(again.body.import.counts).toMatchObject({
			create: 0,
			invite: 0,
			member: 2,
			invited: 1,
			error: 0,
		})
		expect((await confirm(org, again.body.import.id)).status).toBe(202)
		expect((await rowsOf(org, again.body.import.id)).body.import).toMatchObject({
			status: 'done',
			result: { create: 0, invite: 0 },
		})
		expect(await membersOf(org)).toHaveLength(2)
		expect(await outboxTo(fresh)).toHaveLength(2) // the welcome and the password-changed mail
		const invitations = await api.db
			.selectFrom('organization_invitations')
			.select('id')
			.where('organization_id', '=', org.id)
			.execute()
		expect(invitations).toHaveLength(1)

		// Accepting brings the roster's department and student number.
		await verifyEmailOf(api, existing.email)
		const accepted = await call(api, 'POST', `/users/invitations/${invitation.id}/accept`, {
			token: existing.token,
		})
		expect(accepted.status).toBe(200)
		const joined = await api.db
			.selectFrom('users')
			.select(['organization_id', 'department_id', 'student_number'])
			.where('email', '=', existing.email)
			.executeTakeFirstOrThrow()
		expect(joined).toEqual({
			organization_id: org.id,
			department_id: idOf('Sciences'),
			student_number: 'S-2',
		})
	})

	test('a failure mid-way writes none of the rows, and the job says it failed', async () => {
		const org = await schoolWithDepartments()
		const existing = await registerStudent(api)
		const fresh = uniqueEmail('fresh')
		const preview = await upload(
			org,
			[
				HEADER,
				`student,Ada,Lovelace,${fresh},Mathematics,`,
				`student,Eve,Existing,${existing.email},Sciences,`,
			].join('\n'),
		)
		// The invitations are written after the accounts: make that statement fail.
		await sql`CREATE FUNCTION roster_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
			BEGIN RAISE EXCEPTION 'disk full'; END $$`.execute(api.db)
		await sql`CREATE TRIGGER roster_test_fail BEFORE INSERT ON organization_invitations
			FOR EACH ROW EXECUTE FUNCTION roster_test_fail()`.execute(api.db)
		try {
			expect((await confirm(org, preview.body.import.id)).status).toBe(202)
		} finally {
			await sql`DROP TRIGGER roster_test_fail ON organization_invitations`.execute(api.db)
			await sql`DROP FUNCTION roster_test_fail()`.execute(api.db)
		}
		const job = await rowsOf(org, preview.body.import.id)
		expect(job.body.import).toMatchObject({
			status: 'failed',
			result: null,
			error: expect.stringContaining('nothing was changed'),
		})
		expect(await membersOf(org)).toEqual([])
		expect(await outboxTo(fresh)).toEqual([])
		const tokens = await api.db
			.selectFrom('account_tokens')
			.select('email')
			.where('email', '=', fresh)
			.execute()
		expect(tokens).toEqual([])
		// A failed job is not run again by a second confirmation.
		expect((await confirm(org, preview.body.import.id)).status).toBe(409)
	})

	test('a failure in a later batch keeps the batches before it, says so, and the same file again finishes the job (issue 38)', async () => {
		const org = await schoolWithDepartments()
		const existing = await registerStudent(api)
		const fresh = Array.from({ length: 150 }, () => uniqueEmail('batch'))
		const file = [
			HEADER,
			...fresh.map((email) => `student,Sam,Pupil,${email},Mathematics,`),
			`student,Eve,Existing,${existing.email},Sciences,`,
		].join('\n')
		const preview = await upload(org, file)
		// The second batch (rows 101 to 151) holds the invitation: make its statement fail.
		await sql`CREATE FUNCTION roster_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
			BEGIN RAISE EXCEPTION 'disk full'; END $$`.execute(api.db)
		await sql`CREATE TRIGGER roster_test_fail BEFORE INSERT ON organization_invitations
			FOR EACH ROW EXECUTE FUNCTION roster_test_fail()`.execute(api.db)
		try {
			expect((await confirm(org, preview.body.import.id)).status).toBe(202)
		} finally {
			await sql`DROP TRIGGER roster_test_fail ON organization_invitations`.execute(api.db)
			await sql`DROP FUNCTION roster_test_fail()`.execute(api.db)
		}
		expect((await rowsOf(org, preview.body.import.id)).body.import).toMatchObject({
			status: 'failed',
			error:
				'The import stopped after writing 100 rows. Upload the same file again to finish it: those rows show as already a member or already invited.',
		})
		expect(await membersOf(org)).toHaveLength(100)
		const again = await upload(org, file)
		expect(again.body.import.counts).toMatchObject({ member: 100, create: 50, invite: 1 })
		await confirm(org, again.body.import.id)
		expect((await rowsOf(org, again.body.import.id)).body.import).toMatchObject({
			status: 'done',
			result: { create: 50, invite: 1 },
		})
		expect(await membersOf(org)).toHaveLength(150)
	})

	test('a job left running by a stopped API process reads as failed, with nothing changed', async () => {
		const org = await schoolWithDepartments()
		const preview = await upload(
			org,
			[HEADER, `student,Ada,Lovelace,${uniqueEmail('fresh')},Mathematics,`].join('\n'),
		)
		const id = preview.body.import.id
		await api.db
			.updateTable('roster_imports')
			.set({ status: 'running', started_at: sql<Date>`now() - interval '9 minutes'` })
			.where('id', '=', id)
			.execute()
		expect((await rowsOf(org, id)).body.import.status).toBe('running')
		await api.db
			.updateTable('roster_imports')
			.set({ started_at: sql<Date>`now() - interval '11 minutes'` })
			.where('id', '=', id)
			.execute()
		expect((await rowsOf(org, id)).body.import).toMatchObject({
			status: 'failed',
			error: expect.stringContaining('nothing was changed'),
		})
		expect(await membersOf(org)).toEqual([])
	})

	test('two confirmations of one job at once apply it once', async () => {
		const org = await schoolWithDepartments()
		const emails = Array.from({ length: 20 }, () => uniqueEmail('pair'))
		const preview = await upload(
			org,
			[HEADER, ...emails.map((email) => `student,Sam,Pupil,${email},Mathematics,`)].join('\n'),
		)
		const answers = await Promise.all([
			confirm(org, preview.body.import.id),
			confirm(org, preview.body.import.id),
		])
		expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409])
		expect(answers.find((answer) => answer.status === 409)?.body.message).toBe(
			'This import was already confirmed',
		)
		expect(await membersOf(org)).toHaveLength(20)
		const mails = await api.db
			.selectFrom('mail_outbox')
			.select('id')
			.where('to_address', '=', sql<string>`ANY(${sql.val(emails)}::text[])`)
			.execute()
		expect(mails).toHaveLength(20)
	})

	test("another organization's import is refused, to read and to confirm", async () => {
		const org = await schoolWithDepartments()
		const other = await schoolWithDepartments()
		const preview = await upload(
			org,
			[HEADER, `student,Ada,Lovelace,${uniqueEmail('fresh')},Mathematics,`].join('\n'),
		)
		const id = preview.body.import.id
		const read = await call(api, 'GET', `/organizations/${other.id}/roster/imports/${id}`, {
			token: other.token,
		})
		expect(read.status).toBe(404)
		const confirmed = await call(
			api,
			'POST',
			`/organizations/${other.id}/roster/imports/${id}/confirm`,
			{ token: other.token },
		)
		expect(confirmed.status).toBe(404)
		// Naming the first organization in the path is refused too.
		const crossed = await call(api, 'GET', `/organizations/${org.id}/roster/imports/${id}`, {
			token: other.token,
		})
		expect(crossed.status).toBe(403)
		expect((await rowsOf(org, id)).body.import.status).toBe('preview')
	})

	test("a NUL byte or another control character in a cell is that row's error, never a 500 (issue 38)", async () => {
		const org = await schoolWithDepartments()
		const good = uniqueEmail('good')
		const file = [
			HEADER,
			`student\u0000,Ada,Lovelace,${uniqueEmail('nul')},Mathematics,`,
			`student,Ada\u0000,Lovelace,${uniqueEmail('nul')},Mathematics,`,
			`student,Ada,Lovelace,a\u0000${uniqueEmail('nul')},Mathematics,`,
			`student,Ada,Lovelace,${uniqueEmail('nul')},Mathe\u0000matics,`,
			`student,Ada,Lovelace,${uniqueEmail('esc')},Mathematics,S\u001b[31m1`,
			`student,Ada,Lovelace,${good},Mathematics,S-1`,
		].join('\n')
		const preview = await upload(org, file)
		expect(preview.status).toBe(201)
		expect(preview.body.import.counts).toMatchObject({ rows: 6, create: 1, error: 5 })
		const page = await rowsOf(org, preview.body.import.id)
		expect(page.body.rows.map((row: { error?: string }) => row.error)).toEqual([
			'Role contains a character that is not allowed',
			'First name contains a character that is not allowed',
			'Email contains a character that is not allowed',
			'Department contains a character that is not allowed',
			'Student number contains a character that is not allowed',
			undefined,
		])
		// The preview shows where the character was.
		expect(page.body.rows[1].firstName).toBe('Ada\uFFFD')
		expect((await confirm(org, preview.body.import.id)).status).toBe(202)
		expect((await rowsOf(org, preview.body.import.id)).body.import).toMatchObject({
			status: 'done',
			result: { create: 1, error: 5 },
		})
		expect((await membersOf(org)).map((member) => member.email)).toEqual([good])
		// A file's name is stored too: NUL in it is the file field's error.
		const named = await upload(
			org,
			`${HEADER}\nstudent,A,B,${uniqueEmail('n')},Mathematics,`,
			'a\u0000.csv',
		)
		expect(named.status).toBe(400)
		expect(named.body.errors).toEqual([{ path: 'file', msg: 'Must not contain a NUL character' }])
	})

	test("a role named like a property of every object (constructor, __proto__, toString) is the row's unknown role, and the rest imports (issue 38)", async () => {
		const org = await schoolWithDepartments()
		const good = uniqueEmail('good')
		const file = [
			HEADER,
			...['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'].map(
				(role) => `${role},Ada,Lovelace,${uniqueEmail('proto')},Mathematics,`,
			),
			`student,Ada,Lovelace,${good},Mathematics,`,
		].join('\n')
		const preview = await upload(org, file)
		expect(preview.status).toBe(201)
		expect(preview.body.import.counts).toMatchObject({ rows: 6, create: 1, error: 5 })
		const page = await rowsOf(org, preview.body.import.id)
		expect(page.body.rows.slice(0, 5).map((row: { error?: string }) => row.error)).toEqual(
			Array(5).fill('Role must be student or teacher'),
		)
		expect((await confirm(org, preview.body.import.id)).status).toBe(202)
		expect((await rowsOf(org, preview.body.import.id)).body.import).toMatchObject({
			status: 'done',
			result: { create: 1 },
		})
		expect((await membersOf(org)).map((member) => member.email)).toEqual([good])
	})

	test('a file that cannot be read is refused with its reason and stores nothing', async () => {
		const org = await schoolWithDepartments()
		const cases: [string | Uint8Array<ArrayBuffer>, string][] = [
			['name,email\nAda,ada@example.com\n', "The first line must name the template's columns"],
			[HEADER + '\n', 'The file has no rows under its header'],
			[Uint8Array.from([0xff, 0xfe, 0x41, 0x00]), 'The file is not UTF-8 text'],
			[`${HEADER}\nstudent,"Ada,Lovelace\n`, 'The file is not a readable CSV'],
			[
				[
					HEADER,
					...Array.from({ length: 10_001 }, (_, n) => `student,A,B,a${n}@example.com,Mathematics,`),
				].join('\n'),
				'The file has 10,001 rows: at most 10,000',
			],
		]
		for (const [text, message] of cases) {
			const answer = await upload(org, text)
			expect(answer.status, message).toBe(400)
			expect(answer.body.errors[0].path).toBe('file')
			expect(answer.body.errors[0].msg).toContain(message)
		}
		const tooLarge = await upload(org, 'x'.repeat(2 * 1024 * 1024 + 100 * 1024))
		expect(tooLarge.status).toBe(413)
		const jobs = await call(api, 'GET', `/organizations/${org.id}/roster/imports`, {
			token: org.token,
		})
		expect(jobs.body.imports).toEqual([])
	})

	test('the export writes the members in the template format, and importing it again changes nothing', async () => {
		const org = await schoolWithDepartments()
		const email = uniqueEmail('fresh')
		const preview = await upload(
			org,
			[HEADER, `student,Ada,Lovelace,${email},Mathematics,S-9`].join('\n'),
		)
		await confirm(org, preview.body.import.id)
		const template = await call(api, 'GET', `/organizations/${org.id}/roster/template`, {
			token: org.token,
		})
		expect(template.status).toBe(200)
		// (fetch's text() drops the byte order mark; the bytes are checked below.)
		expect(template.body.startsWith(`${HEADER}\r\n`)).toBe(true)
		const exported = await call(api, 'GET', `/organizations/${org.id}/roster/export`, {
			token: org.token,
		})
		expect(exported.status).toBe(200)
		expect(exported.headers.get('content-type')).toContain('text/csv')
		expect(exported.body).toBe(`${HEADER}\r\nstudent,Ada,Lovelace,${email},Mathematics,S-9\r\n`)
		const bytes = await fetch(`${api.baseUrl}/organizations/${org.id}/roster/export`, {
			headers: { authorization: `Bearer ${org.token}` },
		}).then((response) => response.arrayBuffer())
		expect([...new Uint8Array(bytes).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
		const again = await upload(org, exported.body)
		expect(again.body.import.counts).toMatchObject({
			rows: 1,
			member: 1,
			create: 0,
			invite: 0,
			error: 0,
		})
	})
})

describe('the mail a roster import causes is bounded by the organization’s trust (issue 38)', () => {
	// A second API whose mail leaves through a real SMTP server, three set-your-password mails an
	// hour per organization (1,000 by default).
	let mailApi: TestApi
	let smtp: TestSmtp
	let worker: MailWorker
	beforeAll(async () => {
		smtp = await startSmtp()
		mailApi = await startApi({ seed: false, config: { rosterMailsPerHour: 3 } })
		worker = startMailWorker({
			db: mailApi.db,
			smtpUrl: smtp.url,
			from: 'TutorHub <no-reply@tutorhub.test>',
			pollMs: 200,
			baseDelayMs: 100,
			log: () => {},
		})
	})
	afterAll(async () => {
		await worker.stop()
		await mailApi.close()
		await smtp.close()
	})

	const newRows = (count: number, prefix: string) =>
		Array.from({ length: count }, () => uniqueEmail(prefix))
	const fileOf = (emails: string[]) =>
		[HEADER, ...emails.map((email) => `student,Sam,Pupil,${email},Mathematics,`)].join('\n')

	test('an organization whose own address is not verified previews but cannot confirm: no account, no mail, until it verifies', async () => {
		const org = await schoolWithDepartments(['Mathematics'], { verified: false, on: mailApi })
		const emails = newRows(3, 'unverified')
		const preview = await upload(org, fileOf(emails), 'roster.csv', mailApi)
		expect(preview.status).toBe(201)
		const page = await rowsOf(org, preview.body.import.id, '?limit=100', mailApi)
		expect(page.body.limits).toEqual({
			addressVerified: false,
			mailsPerHour: 3,
			invitationsPerHour: 50,
		})
		const refused = await confirm(org, preview.body.import.id, mailApi)
		expect(refused.status).toBe(403)
		expect(refused.body.message).toBe(
			"Verify your organization's email address before you import: new people get a mail from TutorHub in your name, so we first need to know the address is yours. Open the link we mailed you (or send it again from the notice at the top of the page), then confirm the import.",
		)
		expect((await rowsOf(org, preview.body.import.id, '', mailApi)).body.import.status).toBe(
			'preview',
		)
		const written = await mailApi.db
			.selectFrom('users')
			.select('email')
			.where('email', 'in', emails)
			.execute()
		expect(written).toEqual([])
		for (const email of emails) expect(await outboxTo(email, mailApi)).toEqual([])

		// Once the address is verified, the same preview is confirmed and the mails go.
		await verifyEmailOf(mailApi, org.email)
		expect((await confirm(org, preview.body.import.id, mailApi)).status).toBe(202)
		const mail = await smtp.waitForMail((received) => received.to.includes(emails[0] as string))
		expect(mail.subject).toBe('Your TutorHub account: choose your password')
	})

	test('set-your-password mails go at most so many an hour per organization, the rest later in the outbox; the job says when the last goes', async () => {
		const org = await schoolWithDepartments(['Mathematics'], { on: mailApi })
		const emails = newRows(5, 'budget')
		const preview = await upload(org, fileOf(emails), 'roster.csv', mailApi)
		const before = Date.now()
		expect((await confirm(org, preview.body.import.id, mailApi)).status).toBe(202)
		const done = (await rowsOf(org, preview.body.import.id, '', mailApi)).body.import
		expect(done).toMatchObject({ status: 'done', result: { create: 5 } })
		// Three at once, then one every 20 minutes: the last 40 minutes from now.
		const until = new Date(done.mailsUntil).getTime()
		expect(until - before).toBeGreaterThan(39 * 60_000)
		expect(until - before).toBeLessThan(41 * 60_000)
		for (const email of emails.slice(0, 3)) {
			await smtp.waitForMail((received) => received.to.includes(email))
		}
		const waiting = await mailApi.db
			.selectFrom('mail_outbox')
			.select(['to_address', 'status', 'next_attempt_at'])
			.where('to_address', 'in', emails.slice(3))
			.orderBy('next_attempt_at')
			.execute()
		expect(waiting.map((mail) => mail.status)).toEqual(['pending', 'pending'])
		expect(waiting[0]!.next_attempt_at.getTime() - before).toBeGreaterThan(19 * 60_000)
		for (const email of emails.slice(3)) expect(smtp.mailsTo(email)).toEqual([])

		// The organization's next import waits behind this one's: its budget is shared.
		const more = newRows(1, 'budget-more')
		const second = await upload(org, fileOf(more), 'roster.csv', mailApi)
		await confirm(org, second.body.import.id, mailApi)
		const next = (await rowsOf(org, second.body.import.id, '', mailApi)).body.import
		expect(new Date(next.mailsUntil).getTime() - before).toBeGreaterThan(59 * 60_000)
		// Another organization's mails do not wait for it.
		const other = await schoolWithDepartments(['Mathematics'], { on: mailApi })
		const theirs = newRows(1, 'budget-other')
		const third = await upload(other, fileOf(theirs), 'roster.csv', mailApi)
		await confirm(other, third.body.import.id, mailApi)
		await smtp.waitForMail((received) => received.to.includes(theirs[0] as string))
	})
})

describe('a roster import’s invitations count against the organization’s 50 an hour (issue 38)', () => {
	test('55 existing students in one file: 50 invited, 5 rows say why not; a single invitation after is refused', async () => {
		const org = await schoolWithDepartments()
		// Students with accounts of their own (written directly: 55 sign-ups are not the point).
		const emails = Array.from({ length: 55 }, () => uniqueEmail('capped'))
		await api.db
			.insertInto('users')
			.values(
				emails.map((email) => ({
					role: 'student' as const,
					email,
					password_hash: 'not-a-hash',
					first_name: 'Sam',
					last_name: 'Pupil',
					profile: '{}',
				})),
			)
			.execute()
		const preview = await upload(
			org,
			[HEADER, ...emails.map((email) => `student,Sam,Pupil,${email},Mathematics,`)].join('\n'),
		)
		expect(preview.body.import.counts).toMatchObject({ invite: 50, error: 5 })
		const capped =
			'Not invited: your organization can send 50 invitations an hour and this file goes over that. Upload the same file again in an hour to invite this student.'
		const errors = await rowsOf(org, preview.body.import.id, '?show=errors')
		expect(
			errors.body.rows.map((row: { line: number; error: string }) => [row.line, row.error]),
		).toEqual([52, 53, 54, 55, 56].map((line) => [line, capped]))
		expect((await confirm(org, preview.body.import.id)).status).toBe(202)
		expect((await rowsOf(org, preview.body.import.id)).body.import).toMatchObject({
			status: 'done',
			result: { invite: 50, error: 5 },
		})
		const invitations = await api.db
			.selectFrom('organization_invitations')
			.select('email')
			.where('organization_id', '=', org.id)
			.execute()
		expect(invitations).toHaveLength(50)
		const single = await call(api, 'POST', `/organizations/${org.id}/students`, {
			token: org.token,
			json: { email: uniqueEmail('one-more') },
		})
		expect(single.status).toBe(429)
	})

	test('invitations sent one at a time leave the import the rest of the hour, counted again when it is confirmed', async () => {
		const org = await schoolWithDepartments()
		const emails = Array.from({ length: 10 }, () => uniqueEmail('later'))
		await api.db
			.insertInto('users')
			.values(
				emails.map((email) => ({
					role: 'student' as const,
					email,
					password_hash: 'not-a-hash',
					first_name: 'Sam',
					last_name: 'Pupil',
					profile: '{}',
				})),
			)
			.execute()
		for (let n = 0; n < 42; n++) {
			const sent = await call(api, 'POST', `/organizations/${org.id}/students`, {
				token: org.token,
				json: { email: uniqueEmail('single') },
			})
			expect(sent.status).toBe(201)
		}
		const preview = await upload(
			org,
			[HEADER, ...emails.map((email) => `student,Sam,Pupil,${email},Mathematics,`)].join('\n'),
		)
		expect(preview.body.import.counts).toMatchObject({ invite: 8, error: 2 })
		// Three more sent between the preview and the confirmation: five are left, not eight.
		for (let n = 0; n < 3; n++) {
			await call(api, 'POST', `/organizations/${org.id}/students`, {
				token: org.token,
				json: { email: uniqueEmail('single') },
			})
		}
		await confirm(org, preview.body.import.id)
		const job = await rowsOf(org, preview.body.import.id, '?show=errors')
		expect(job.body.import).toMatchObject({ status: 'done', result: { invite: 5, error: 5 } })
		expect(job.body.rows).toHaveLength(5)
		expect(job.body.pagination.total).toBe(5)
	})
})

describe('a big import leaves the API answering (issue 38)', () => {
	test('while 10,000 rows are confirmed, /health answers between batches, never only after the whole job', async () => {
		const org = await schoolWithDepartments()
		const emails = Array.from({ length: 10_000 }, (_, n) => `big-${n}-${uniqueEmail('big')}`)
		const preview = await upload(
			org,
			[HEADER, ...emails.map((email) => `student,Sam,Pupil,${email},Mathematics,`)].join('\n'),
		)
		expect(preview.body.import.counts).toMatchObject({ rows: 10_000, create: 10_000 })
		// Asked every 100 ms; the gap between two answers (or the last one and the job's end) is how
		// long a caller could wait, whether the request waited or could not even be sent.
		let running = true
		const answered: number[] = [performance.now()]
		const polling = (async () => {
			while (running) {
				const health = await call(api, 'GET', '/health')
				answered.push(performance.now())
				expect(health.status).toBe(200)
				await new Promise((resolve) => setTimeout(resolve, 100))
			}
		})()
		try {
			expect((await confirm(org, preview.body.import.id)).status).toBe(202)
			answered.push(performance.now())
		} finally {
			running = false
			await polling
		}
		expect((await rowsOf(org, preview.body.import.id, '?limit=1')).body.import).toMatchObject({
			status: 'done',
			result: { create: 10_000 },
		})
		answered.sort((a, b) => a - b)
		const took = (answered.at(-1) as number) - (answered[0] as number)
		const longest = Math.max(...answered.slice(1).map((at, n) => at - (answered[n] as number)))
		console.log(
			`health during the import: ${answered.length - 2} answers in ${Math.round(took)} ms, longest wait ${Math.round(longest)} ms`,
		)
		// It waited for the whole job, one transaction (21 s, issue 38); now for a batch of 100 rows
		// at most (a few hundred ms on a quiet machine). Bounded against the job's own time, so a
		// loaded machine that slows both does not fail it, and generously in seconds.
		expect(longest).toBeLessThan(took / 5)
		expect(longest).toBeLessThan(5000)
	}, 180_000)
})
