import { describe, expect, test, vi } from 'vitest'
import { EXPORT_FAILED, startExportCleanup } from '../src/exports/jobs.ts'
import { afterAnswersDone } from '../src/platform/after-answer.ts'
import { failJobsUnderWay } from '../src/platform/jobs.ts'
import { apiForFile, call, login } from './helpers.ts'
import { newMember, newOrganization } from './org-helpers.ts'

const api = apiForFile({ seed: false, config: { exportStreamLimit: 2 } })

type Org = Awaited<ReturnType<typeof newOrganization>>

/** A school of three students with scores in `term` (one has none in it). */
async function school(term = 'Term 1') {
	const org = await newOrganization(api)
	const students = []
	for (const [firstName, lastName] of [
		['Zoe', 'Adams'],
		['Yan', 'Brook'],
		['Xia', 'Cole'],
	] as const) {
		students.push(await newMember(api, org.token, 'student', { firstName, lastName }))
	}
	const saved = await call(api, 'PUT', `/organizations/${org.id}/scores`, {
		token: org.token,
		json: {
			term,
			scores: [
				{ studentId: students[0]!.id, subject: 'Maths', score: 91 },
				{ studentId: students[0]!.id, subject: '=cmd', score: 70.5 },
				{ studentId: students[1]!.id, subject: 'Maths', score: 55 },
			],
		},
	})
	expect(saved.status).toBe(200)
	return org
}

const start = (org: Org, kind: string, term: string, token = org.token) =>
	call(api, 'POST', `/organizations/${org.id}/exports`, { token, json: { kind, term } })

const jobOf = (org: Org, id: string) =>
	call(api, 'GET', `/organizations/${org.id}/exports/${id}`, { token: org.token })

const bytesOf = async (path: string, token: string) => {
	const response = await fetch(`${api.baseUrl}${path}`, {
		headers: { authorization: `Bearer ${token}` },
	})
	return {
		status: response.status,
		headers: response.headers,
		bytes: new Uint8Array(await response.arrayBuffer()),
	}
}

describe('background exports (decision 046)', () => {
	test('a job runs to done, its file is byte for byte the streamed export, and the organization is mailed', async () => {
		const org = await school()
		const list = await call(api, 'GET', `/organizations/${org.id}/exports`, { token: org.token })
		expect(list.status).toBe(200)
		expect(list.body).toMatchObject({ streamLimit: 2, keepDays: 7, exports: [] })

		for (const kind of ['scores', 'result-cards'] as const) {
			const started = await start(org, kind, 'Term 1')
			expect(started.status).toBe(202)
			expect(started.body.message).toBe('Export started')
			expect(started.body.export).toMatchObject({ kind, term: 'Term 1', status: 'queued' })
			await afterAnswersDone()

			const job = await jobOf(org, started.body.export.id)
			expect(job.status).toBe(200)
			expect(job.body.message).toBe('Export ready')
			const done = job.body.export
			expect(done).toMatchObject({
				status: 'done',
				students: kind === 'scores' ? 3 : 2,
				fileName: `${kind}-term-1.csv`,
				download: `/organizations/${org.id}/exports/${done.id}/file`,
				error: null,
			})

			const file = await bytesOf(done.download, org.token)
			const streamed = await bytesOf(
				`/organizations/${org.id}/${kind}/export?term=Term%201`,
				org.token,
			)
			expect(file.status).toBe(200)
			expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8')
			expect(file.headers.get('content-disposition')).toBe(
				`attachment; filename="${kind}-term-1.csv"`,
			)
			expect(file.headers.get('cache-control')).toBe('private, no-store')
			expect(Buffer.from(file.bytes).equals(Buffer.from(streamed.bytes))).toBe(true)
			expect(done.bytes).toBe(file.bytes.length)
		}

		const mails = await api.db
			.selectFrom('mail_outbox')
			.select(['subject', 'text_body', 'kind'])
			.where('to_address', '=', org.email)
			.where('kind', '=', 'export_ready')
			.execute()
		expect(mails).toHaveLength(2)
		expect(mails[0]!.subject).toBe('Your TutorHub export is ready')
		expect(mails[0]!.text_body).toContain('The score grid of Term 1 is ready as a CSV file.')
		expect(mails[0]!.text_body).toMatch(/\/organization\/exports\/[0-9a-f-]{36}/)
	})

	test('two starts of the same term and kind while one is under way make one job', async () => {
		const org = await school()
		// The job is held until both starts are answered, as a big term's would be.
		const put = api.storage.put
		let release = () => {}
		const held = new Promise<void>((resolve) => (release = resolve))
		api.storage.put = async (...args) => {
			await held
			return put(...args)
		}
		const [first, second] = await Promise.all([
			start(org, 'scores', 'Term 1'),
			start(org, 'scores', 'Term 1'),
		]).finally(() => {
			api.storage.put = put
			release()
		})
		expect([first.status, second.status]).toEqual([202, 202])
		expect(first.body.export.id).toBe(second.body.export.id)
		expect([first.body.message, second.body.message].sort()).toEqual([
			'Export started',
			'This export is already being prepared',
		])
		// Another kind is another job.
		const cards = await start(org, 'result-cards', 'Term 1')
		expect(cards.body.export.id).not.toBe(first.body.export.id)
		await afterAnswersDone()
		// Once done, a new start makes a new file (the scores may have changed).
		const again = await start(org, 'scores', 'Term 1')
		expect(again.body.message).toBe('Export started')
		expect(again.body.export.id).not.toBe(first.body.export.id)
		await afterAnswersDone()
		const jobs = await api.db
			.selectFrom('export_jobs')
			.select('status')
			.where('organization_id', '=', org.id)
			.execute()
		expect(jobs.map((job) => job.status)).toEqual(['done', 'done', 'done'])
	})

	test("another organization's export is not found, and others may not start one", async () => {
		const org = await school()
		const started = await start(org, 'scores', 'Term 1')
		await afterAnswersDone()
		const id = started.body.export.id as string
		const stranger = await newOrganization(api)
		for (const path of [`/exports/${id}`, `/exports/${id}/file`]) {
			const answer = await call(api, 'GET', `/organizations/${stranger.id}${path}`, {
				token: stranger.token,
			})
			expect(answer.status).toBe(404)
			expect(answer.body.error ?? answer.body.message).toBe('Export not found')
			const wrongPath = await call(api, 'GET', `/organizations/${org.id}${path}`, {
				token: stranger.token,
			})
			expect(wrongPath.status).toBe(403)
		}
		expect((await start(org, 'scores', 'Term 1', stranger.token)).status).toBe(403)
		const teacher = await newMember(api, org.token, 'tutor')
		const teacherLogin = await login(api, teacher.email, 'Lantern-Harbour-42')
		expect((await start(org, 'scores', 'Term 1', teacherLogin.token)).status).toBe(403)
		const bad = await start(org, 'grades', '')
		expect(bad.status).toBe(400)
	})

	test('a job that fails says so, keeps no file, and can be started again', async () => {
		const org = await school()
		const put = api.storage.put
		api.storage.put = () => Promise.reject(new Error('disk full'))
		try {
			const started = await start(org, 'scores', 'Term 1')
			await afterAnswersDone()
			const job = await jobOf(org, started.body.export.id)
			expect(job.body.message).toBe('Export failed')
			expect(job.body.export).toMatchObject({
				status: 'failed',
				download: null,
				error: 'The file could not be made. Prepare it again; if it fails again, contact us.',
			})
			const file = await call(
				api,
				'GET',
				`/organizations/${org.id}/exports/${started.body.export.id}/file`,
				{
					token: org.token,
				},
			)
			expect(file.status).toBe(404)
		} finally {
			api.storage.put = put
		}
		const again = await start(org, 'scores', 'Term 1')
		expect(again.body.message).toBe('Export started')
		await afterAnswersDone()
	})

	test('a job left under way by a stopped process reads as failed; finished jobs go after a week with their files', async () => {
		const org = await school()
		const started = await start(org, 'scores', 'Term 1')
		await afterAnswersDone()
		const id = started.body.export.id as string
		const { file_key } = await api.db
			.selectFrom('export_jobs')
			.select('file_key')
			.where('id', '=', id)
			.executeTakeFirstOrThrow()
		expect(await api.storage.get(file_key!)).not.toBeNull()
		const stopped = await api.db
			.insertInto('export_jobs')
			.values({ organization_id: org.id, kind: 'result-cards', term: 'Term 1', status: 'running' })
			.returning('id')
			.executeTakeFirstOrThrow()
		await api.db
			.updateTable('export_jobs')
			.set({ created_at: new Date(Date.now() - 2 * 3600_000) } as never)
			.where('id', '=', stopped.id)
			.execute()
		const read = await call(api, 'GET', `/organizations/${org.id}/exports/${stopped.id}`, {
			token: org.token,
		})
		expect(read.body.export.status).toBe('failed')

		await api.db
			.updateTable('export_jobs')
			.set({ finished_at: new Date(Date.now() - 8 * 86_400_000) })
			.where('id', '=', id)
			.execute()
		await start(org, 'result-cards', 'Term 1')
		await afterAnswersDone()
		expect(
			await api.db.selectFrom('export_jobs').select('id').where('id', '=', id).executeTakeFirst(),
		).toBeUndefined()
		const gone = await api.storage.get(file_key!)
		expect(gone).toBeNull()
	})

	test('a job still running when the API shuts down is written failed at once, and can be started again', async () => {
		const org = await school()
		// The file's write waits, as a big term's does: the job is running when the shutdown comes.
		const { put } = api.storage
		let release = () => {}
		const writing = new Promise<void>((resolve) => {
			release = resolve
		})
		api.storage.put = async (...args) => {
			await writing
			return put.apply(api.storage, args)
		}
		try {
			const started = await start(org, 'scores', 'Term 1')
			const id = started.body.export.id
			await vi.waitFor(async () =>
				expect((await jobOf(org, id)).body.export.status).toBe('running'),
			)

			await failJobsUnderWay()
			const stopped = await jobOf(org, id)
			expect(stopped.body.export).toMatchObject({ status: 'failed', error: EXPORT_FAILED })
			const again = await start(org, 'scores', 'Term 1')
			expect(again.status).toBe(202)
			expect(again.body.export.id).not.toBe(id)
		} finally {
			release()
			api.storage.put = put
		}
		await afterAnswersDone()
		// A job that ended is never written failed by a later shutdown.
		const [latest] = (
			await call(api, 'GET', `/organizations/${org.id}/exports`, { token: org.token })
		).body.exports
		expect(latest.status).toBe('done')
		await failJobsUnderWay()
		expect((await jobOf(org, latest.id)).body.export.status).toBe('done')
	})

	test('a finished export goes after a week with its file even when no other export comes', async () => {
		const org = await school()
		const started = await start(org, 'result-cards', 'Term 1')
		await afterAnswersDone()
		const { id } = started.body.export
		const { file_key } = await api.db
			.selectFrom('export_jobs')
			.select('file_key')
			.where('id', '=', id)
			.executeTakeFirstOrThrow()
		await api.db
			.updateTable('export_jobs')
			.set({ finished_at: new Date(Date.now() - 6 * 86_400_000) })
			.where('id', '=', id)
			.execute()
		const errors: unknown[] = []
		const sweep = () =>
			startExportCleanup(
				{ db: api.db, storage: api.storage },
				{ onError: (error) => errors.push(error) },
			).stop()
		await sweep()
		expect((await jobOf(org, id)).body.export.status).toBe('done')

		await api.db
			.updateTable('export_jobs')
			.set({ finished_at: new Date(Date.now() - 8 * 86_400_000) })
			.where('id', '=', id)
			.execute()
		await sweep()
		expect((await jobOf(org, id)).status).toBe(404)
		expect(await api.storage.get(file_key!)).toBeNull()
		expect(errors).toEqual([])
	})
})
