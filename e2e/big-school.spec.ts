import { request } from '@playwright/test'
import { apiUrl } from '../playwright.config'
import { expect, logIn, test, uniqueEmail } from './fixtures'

// Issue 28: an organization's score pages read one page at a time and still show the right
// numbers. The school (45 students, two terms of three subjects) is made through the API.

const password = 'a-good-password'
const TERMS = ['Term 1', 'Term 2']
const SUBJECTS = ['Art', 'Maths', 'Science']
const BANDS = ['0-60', '60-70', '70-80', '80-90', '90-100'] as const
// Quarter points, spread over every band, fixed so failures repeat.
const scoreOf = (student: number, subject: number, term: number) =>
	((student * 37 + subject * 53 + term * 71) % 401) / 4
const bandOf = (score: number) =>
	score >= 90
		? '90-100'
		: score >= 80
			? '80-90'
			: score >= 70
				? '70-80'
				: score >= 60
					? '60-70'
					: '0-60'
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
const shown = (value: number) => String(Math.round(value * 100) / 100)

async function school() {
	const api = await request.newContext()
	const email = uniqueEmail('bigschool')
	try {
		const registered = await api.post(`${apiUrl}/organizations/register`, {
			multipart: { name: 'Big School', email, password, type: 'school', country: 'NL' },
		})
		expect(registered.status()).toBe(201)
		const signIn = async () => {
			const login = await api.post(`${apiUrl}/auth/organization-login`, {
				data: { email, password },
			})
			return ((await login.json()) as { user: { id: string; accessToken: string } }).user
		}
		const first = await signIn()
		const id = first.id
		let accessToken = first.accessToken
		const students: { id: string; name: string }[] = []
		for (let n = 0; n < 45; n++) {
			// Tokens live seconds in the journeys: a fresh one every few calls.
			if (n % 15 === 0) accessToken = (await signIn()).accessToken
			const lastName = `Row ${String(n).padStart(2, '0')}`
			const member = await api.post(`${apiUrl}/auth/register-student/organization`, {
				headers: { authorization: `Bearer ${accessToken}` },
				data: { firstName: 'Pat', lastName, email: uniqueEmail('row'), password },
			})
			expect(member.status()).toBe(201)
			students.push({
				id: ((await member.json()) as { user: { id: string } }).user.id,
				name: `Pat ${lastName}`,
			})
		}
		accessToken = (await signIn()).accessToken
		for (const [t, term] of TERMS.entries()) {
			const saved = await api.put(`${apiUrl}/organizations/${id}/scores`, {
				headers: { authorization: `Bearer ${accessToken}` },
				data: {
					term,
					scores: students.flatMap((student, s) =>
						SUBJECTS.map((subject, j) => ({
							studentId: student.id,
							subject,
							score: scoreOf(s, j, t),
						})),
					),
				},
			})
			expect(saved.status()).toBe(200)
		}
		return { email, students }
	} finally {
		await api.dispose()
	}
}

test('score grid, result cards and analytics of a school larger than a page', async ({ page }) => {
	test.setTimeout(120_000)
	const { email, students } = await school()
	await logIn(page, email, password, 'organization')
	await expect(page).toHaveURL(/\/organization\/dashboard$/)

	// The grid's second page (the latest term, Term 2): its students with their own scores.
	await page.goto('/organization/score-input?page=2')
	await expect(page.getByRole('table', { name: 'Scores for Term 2' })).toBeVisible()
	for (const s of [20, 27, 39]) {
		for (const [j, subject] of SUBJECTS.entries()) {
			await expect(
				page.getByRole('textbox', { name: `${subject} score for ${students[s]!.name}` }),
			).toHaveValue(shown(scoreOf(s, j, 1)))
		}
	}
	await expect(
		page.getByRole('textbox', { name: `Maths score for ${students[19]!.name}` }),
	).toHaveCount(0)
	await expect(
		page.getByRole('textbox', { name: `Maths score for ${students[40]!.name}` }),
	).toHaveCount(0)

	// Result cards of Term 1: 45 in all, 20 a page; the third page has the last five.
	await page.goto('/organization/result-cards?term=Term%201')
	const table = page.getByRole('table', { name: /^Result cards for Term 1/ })
	await expect(table.getByText('Result cards for Term 1 (45)')).toBeVisible()
	await expect(table.getByRole('rowheader')).toHaveCount(20)
	const pages = page.getByRole('navigation', { name: 'Result card pages' })
	await pages.getByRole('link', { name: 'Next page' }).click()
	await expect(pages.getByText('Page 2 of 3')).toBeVisible()
	await pages.getByRole('link', { name: 'Next page' }).click()
	await expect(pages.getByText('Page 3 of 3')).toBeVisible()
	await expect(table.getByRole('rowheader')).toHaveText(
		students.slice(40).map((student) => student.name),
	)
	for (const s of [40, 44]) {
		const values = SUBJECTS.map((_, j) => scoreOf(s, j, 0))
		await expect(
			table.getByRole('row', {
				name: `${students[s]!.name} ${shown(mean(values))} ${bandOf(mean(values))}`,
			}),
		).toHaveCount(1)
	}
	await page.getByRole('link', { name: `Open the result card of ${students[42]!.name}` }).click()
	const card = page.getByRole('article', { name: `Result card: ${students[42]!.name}` })
	const values = SUBJECTS.map((_, j) => scoreOf(42, j, 0))
	await expect(card.getByTestId('result-card-average')).toHaveText(shown(mean(values)))
	await expect(pages.getByText('Page 3 of 3')).toBeVisible()

	// Analytics: each term's average and every band's count, as computed from the scores.
	await page.goto('/organization/analytics')
	const performance = page.getByRole('table', { name: 'Performance over time' })
	for (const t of [0, 1]) {
		const all = students.flatMap((_, s) => SUBJECTS.map((_, j) => scoreOf(s, j, t)))
		await expect(
			performance.getByRole('row', { name: `${TERMS[t]} ${shown(mean(all))} 135`, exact: true }),
		).toHaveCount(1)
	}
	const everything = [0, 1].flatMap((t) =>
		students.flatMap((_, s) => SUBJECTS.map((_, j) => scoreOf(s, j, t))),
	)
	const distribution = page.getByRole('table', { name: 'Grade distribution, all terms' })
	for (const band of BANDS) {
		const count = everything.filter((value) => bandOf(value) === band).length
		await expect(
			distribution.getByRole('row', { name: `${band} ${count}`, exact: true }),
		).toHaveCount(1)
	}
})
