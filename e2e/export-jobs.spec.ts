import { request } from '@playwright/test'
import { parse } from 'csv-parse/sync'
import { readFile } from 'node:fs/promises'
import { apiUrl } from '../playwright.config'
import { expect, logIn, test, uniqueEmail } from './fixtures'
import { uniqueWord } from './library-fixtures'

// Issue 28 (docs/decisions/046): a term with more students than EXPORT_STREAM_LIMIT (2 for the
// test servers, scripts/e2e-servers.mjs) has its CSV file prepared in the background. The
// organization presses "Prepare the file (CSV)", lands on the job's page, which updates by itself
// (JavaScript) or on "Check again" (without), and downloads the file when it is ready.

const password = 'Lantern-Harbour-42'

/** An organization of three students (one over the limit) with scores in one term. */
async function bigSchool() {
	const api = await request.newContext()
	try {
		const call = async (method: string, path: string, data: unknown, token?: string) => {
			const answer = await api.fetch(`${apiUrl}${path}`, {
				method,
				...(data instanceof FormData ? { multipart: data } : { data }),
				headers: token ? { authorization: `Bearer ${token}` } : {},
			})
			if (answer.status() >= 300) throw new Error(`${method} ${path}: ${answer.status()}`)
			return answer.json()
		}
		const email = uniqueEmail('bigorg')
		const form = new FormData()
		for (const [key, value] of Object.entries({
			name: 'Big School',
			email,
			password,
			type: 'school',
			country: 'NL',
		}))
			form.append(key, value)
		await call('POST', '/organizations/register', form)
		const { user } = await call('POST', '/auth/organization-login', { email, password })
		const token = user.accessToken as string
		const ids: string[] = []
		for (const [firstName, lastName] of [
			['Ada', 'Ames'],
			['Bea', 'Bloom'],
			['Cy', 'Crane'],
		] as const) {
			const member = await call(
				'POST',
				'/auth/register-student/organization',
				{ firstName, lastName, email: uniqueEmail(firstName.toLowerCase()), password },
				token,
			)
			ids.push(member.user.id)
		}
		const term = `Term ${uniqueWord('t')}`
		await call(
			'PUT',
			`/organizations/${user.id}/scores`,
			{
				term,
				scores: ids.map((studentId, at) => ({ studentId, subject: 'Maths', score: 70 + at })),
			},
			token,
		)
		return { email, term }
	} finally {
		await api.dispose()
	}
}

test('an organization prepares a big term’s score grid in the background and downloads it', async ({
	page,
	javaScriptEnabled,
}) => {
	const { email, term } = await bigSchool()
	await logIn(page, email, password, 'organization')
	await page.waitForURL(/\/organization\//)
	await page.goto(`/organization/score-input?${new URLSearchParams({ term }).toString()}`)
	await expect(page.getByRole('link', { name: /Download scores for/ })).toHaveCount(0)
	await expect(
		page.getByText(`${term} has 3 students: the file is prepared in the background`),
	).toBeVisible()
	await page.getByRole('button', { name: 'Prepare the file (CSV)' }).click()
	await page.waitForURL(/\/organization\/exports\/[0-9a-f-]{36}$/)
	const jobUrl = page.url()
	await expect(page.getByRole('heading', { name: `Export of scores: ${term}` })).toBeVisible()

	const download = page.getByRole('link', { name: `Download scores for ${term} (CSV)` })
	if (javaScriptEnabled) {
		await expect(download).toBeVisible({ timeout: 20_000 })
	} else {
		await expect(async () => {
			if (await page.getByRole('link', { name: 'Check again' }).isVisible())
				await page.getByRole('link', { name: 'Check again' }).click()
			await expect(download).toBeVisible({ timeout: 500 })
		}).toPass({ timeout: 20_000 })
	}
	await expect(page.getByText('The file is ready. 3 students')).toBeVisible()
	const [file] = await Promise.all([page.waitForEvent('download'), download.click()])
	expect(file.suggestedFilename()).toMatch(/^scores-term-t[\w-]*\.csv$/)
	const rows = parse(await readFile(await file.path()), { bom: true }) as string[][]
	expect(rows).toEqual([
		['Student', 'Email', 'Term', 'Maths'],
		['Ada Ames', expect.stringContaining('ada'), term, '70'],
		['Bea Bloom', expect.stringContaining('bea'), term, '71'],
		['Cy Crane', expect.stringContaining('cy'), term, '72'],
	])

	// Preparing it again once it is done makes a new file; another organization's link is 404.
	const other = await bigSchool()
	await page.context().clearCookies()
	await logIn(page, other.email, password, 'organization')
	await page.waitForURL(/\/organization\//)
	const stranger = await page.goto(jobUrl)
	expect(stranger?.status()).toBe(404)
})

test('a big term’s result cards are prepared the same way', async ({ page }) => {
	const { email, term } = await bigSchool()
	await logIn(page, email, password, 'organization')
	await page.waitForURL(/\/organization\//)
	await page.goto(`/organization/result-cards?${new URLSearchParams({ term }).toString()}`)
	await page.getByRole('button', { name: 'Prepare the file (CSV)' }).click()
	await page.waitForURL(/\/organization\/exports\//)
	await expect(page.getByRole('heading', { name: `Export of result cards: ${term}` })).toBeVisible()
	await expect(async () => {
		await page.reload()
		await expect(
			page.getByRole('link', { name: `Download result cards for ${term} (CSV)` }),
		).toBeVisible({ timeout: 500 })
	}).toPass({ timeout: 20_000 })
})
