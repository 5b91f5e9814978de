import { apiUrl } from '../playwright.config'
import { callApi, expect, logIn, logOut, test, uniqueEmail } from './fixtures'
import { buildTemplate, newTeacher } from './qa-helpers'

/** A live template made straight through the API, for journeys that are about taking it. */
async function activeTemplate(title: string, timeLimit: number) {
	const email = uniqueEmail('qa-api-teacher')
	await callApi('POST', '/auth/register-tutor', {
		firstName: 'Api',
		lastName: 'Teacher',
		email,
		password: 'a-good-password',
	})
	const login = await callApi('POST', '/auth/login', { email, password: 'a-good-password' })
	const created = await callApi(
		'POST',
		'/qa/create-template',
		{
			title,
			timeLimit,
			isActive: 1,
			questions: QUESTIONS.map((question, index) => ({
				id: index + 1,
				questionText: question.text,
				options: question.options.map((text, optionIndex) => ({
					text,
					isCorrect: optionIndex + 1 === question.correct,
				})),
			})),
		},
		login.body.user.accessToken,
	)
	expect(created.status).toBe(201)
	return created.body.template.id as string
}

async function newStudent() {
	const email = uniqueEmail('qa-student')
	const response = await fetch(`${apiUrl}/auth/register-student`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			firstName: 'Tess',
			lastName: 'Taker',
			email,
			password: 'a-good-password',
		}),
	})
	expect(response.status).toBe(201)
	return email
}

const QUESTIONS = [
	{ text: 'What is 2 + 2?', options: ['3', '4', '5', '6'], correct: 2 },
	{ text: 'Which is a prime number?', options: ['4', '6', '7', '9'], correct: 3 },
	{ text: 'What is 10 / 2?', options: ['2', '5', '8', '20'], correct: 2 },
]

test('a teacher builds and enables a three-question test; a student takes it against the clock', async ({
	page,
	context,
}, testInfo) => {
	const js = testInfo.project.name === 'js'
	// Two people, a reload and an offline spell: a long journey on a shared machine.
	test.slow()
	const title = `Arithmetic ${testInfo.project.name} ${Date.now()}`
	await newTeacher(page)
	await buildTemplate(page, title, QUESTIONS)
	await page
		.getByRole('row', { name: new RegExp(title) })
		.getByRole('button', { name: `Enable ${title}` })
		.click()
	await expect(
		page
			.getByRole('row', { name: new RegExp(title) })
			.getByRole('cell', { name: 'Active', exact: true }),
	).toBeVisible()
	await logOut(page)

	await logIn(page, await newStudent(), 'a-good-password')
	await page
		.getByRole('navigation', { name: 'Student navigation' })
		.getByRole('link', { name: 'Available tests' })
		.click()
	await page.getByRole('link', { name: `Take ${title}` }).click()
	await expect(page.getByRole('heading', { name: title })).toBeVisible()
	await page.getByRole('button', { name: 'Start test' }).click()
	await expect(page).toHaveURL(/\?session=/)
	const testUrl = page.url()

	const question = (n: number) =>
		page.getByRole('group', { name: new RegExp(`^Question ${n} of 3`) })
	if (js) {
		// The clock counts down from the server's deadline; it can be hidden; the deadline shows as a time.
		await expect(page.getByRole('timer')).toHaveText(/Time left: (10:00|9:\d\d)/)
		await expect(page.getByText(/Ends at \d{1,2}:\d\d (AM|PM)/)).toBeVisible()
		await page.getByRole('button', { name: 'Hide timer' }).click()
		await expect(page.getByRole('timer')).toHaveCount(0)
		await page.getByRole('button', { name: 'Show timer' }).click()
		await expect(page.getByRole('timer')).toBeVisible()
	} else {
		await expect(page.getByText(/Time limit: 10 minutes\. This test closes at/)).toBeVisible()
	}

	await question(1).getByRole('radio', { name: '4' }).check()
	await question(2).getByRole('radio', { name: '9' }).check()
	await question(2).getByRole('checkbox', { name: 'Flag question 2 for review' }).check()

	if (js) {
		await expect(page.getByTestId('review-counts')).toHaveText(
			'2 answered, 1 unanswered, 1 flagged',
		)
		await expect(page.getByText('All answers saved on the server.')).toBeVisible()
		// One at a time, and jump to any question.
		await page.getByLabel('One question at a time').check()
		await expect(question(1)).toBeVisible()
		await expect(question(2)).toBeHidden()
		await page.getByRole('link', { name: /Q3/ }).click()
		await expect(question(3)).toBeVisible()
		await expect(question(1)).toBeHidden()
		await page.getByLabel('All questions on one page').check()

		// Changes not yet on the server are kept locally and survive a reload.
		await question(2).getByRole('radio', { name: '7' }).check()
		const stored = await page.evaluate(() =>
			JSON.parse(localStorage.getItem('test_session_data') ?? 'null'),
		)
		expect(stored).toMatchObject({ answers: { 1: 2, 2: 3 }, flagged: [2], pendingSubmit: false })
		await page.reload()
		await expect(question(1).getByRole('radio', { name: '4' })).toBeChecked()
		await expect(question(2).getByRole('radio', { name: '7' })).toBeChecked()
		await expect(
			question(2).getByRole('checkbox', { name: 'Flag question 2 for review' }),
		).toBeChecked()
		await expect(page.getByTestId('review-counts')).toHaveText(
			'2 answered, 1 unanswered, 1 flagged',
		)
		await expect(page.getByText('All answers saved on the server.')).toBeVisible()

		// Offline: answers stay on this device; the submit waits for the connection.
		await context.setOffline(true)
		await expect(
			page.getByText('You are offline. Your answers will be saved locally.'),
		).toBeVisible()
		await question(3).getByRole('radio', { name: '5' }).check()
		await expect(
			page.getByText('Offline: 1 answer not yet saved on the server, kept on this device.'),
		).toBeVisible()
		await page.getByRole('button', { name: 'Submit test' }).click()
		await expect(
			page.getByText('You are offline. Test will be submitted when connection is restored.'),
		).toBeVisible()
		expect(page.url()).toBe(testUrl)
		await context.setOffline(false)
		await expect(page.getByText('Back online. Syncing test data...')).toBeVisible()
	} else {
		await question(3).getByRole('radio', { name: '5' }).check()
		await page.getByRole('button', { name: 'Submit test' }).click()
	}

	await expect(page.getByText('Test submitted successfully!')).toBeVisible()
	await expect(page).toHaveURL(/\/studentdashboard\/test-result\//)
	const score = js ? '3 / 3 (100%)' : '2 / 3 (67%)'
	await expect(page.getByTestId('score')).toHaveText(score)
	await expect(
		page.getByRole('listitem').filter({ hasText: 'Question 1: What is 2 + 2?' }),
	).toContainText('Correct')
	if (js) {
		expect(await page.evaluate(() => localStorage.getItem('test_session_data'))).toBeNull()
	} else {
		await expect(
			page.getByRole('listitem').filter({ hasText: 'Question 2: Which is a prime number?' }),
		).toContainText('Incorrect')
	}

	// The result is there once: one history entry, with its summary.
	await page
		.getByRole('navigation', { name: 'Student navigation' })
		.getByRole('link', { name: 'Test results' })
		.click()
	const rows = page.getByRole('row', { name: new RegExp(title) })
	await expect(rows).toHaveCount(1)
	await expect(rows).toContainText(score)
	await rows.getByRole('link', { name: `Summary of ${title}` }).click()
	await expect(page.getByRole('heading', { name: `Summary: ${title}` })).toBeVisible()
	await expect(page.getByText('Submitted', { exact: true })).toBeVisible()

	// The finished test is not open any more: its page goes to the result.
	await page.goto(testUrl)
	await expect(page).toHaveURL(/\/studentdashboard\/test-result\//)
})

test('the tests overview shows tests to take and the latest result; the seeded test is ready', async ({
	page,
}) => {
	// The seeded template, found through the API (other journeys add templates at the same time).
	const demo = await callApi('POST', '/auth/login', {
		email: 'student@example.com',
		password: 'DemoPass123!',
	})
	const list = await fetch(`${apiUrl}/qa/templates?limit=100&isActive=1`, {
		headers: { authorization: `Bearer ${demo.body.user.accessToken}` },
	}).then((response) => response.json())
	const seeded = list.templates.find(
		(template: { title: string }) => template.title === 'Algebra Foundations: quick check',
	)
	expect(seeded).toBeDefined()

	const title = `Overview ${Date.now()}`
	const templateId = await activeTemplate(title, 5)
	await logIn(page, await newStudent(), 'a-good-password')
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await page.goto(`/studentdashboard/test/${seeded.id}`)
	await expect(
		page.getByRole('heading', { name: 'Algebra Foundations: quick check' }),
	).toBeVisible()
	await expect(page.getByText('15 minutes')).toBeVisible()

	await page.goto(`/studentdashboard/test/${templateId}`)
	await page.getByRole('button', { name: 'Start test' }).click()
	await page
		.getByRole('group', { name: /^Question 1 of 3/ })
		.getByRole('radio', { name: '4' })
		.check()
	await page.getByRole('button', { name: 'Submit test' }).click()
	await expect(page.getByText('Test submitted successfully!')).toBeVisible()

	await page
		.getByRole('navigation', { name: 'Student navigation' })
		.getByRole('link', { name: 'Tests', exact: true })
		.click()
	await expect(page.getByRole('heading', { name: 'Tests to take' })).toBeVisible()
	await expect(page.getByRole('link', { name: /^Take / }).first()).toBeVisible()
	const latest = page.getByRole('table', { name: 'Your latest finished tests' })
	await expect(latest.getByRole('row', { name: new RegExp(title) })).toContainText('1 / 3 (33%)')
})

test('when time runs out the test submits itself, after telling screen readers at 1 minute', async ({
	page,
}, testInfo) => {
	test.skip(
		testInfo.project.name === 'no-js',
		'the countdown is a script; without it the server closes the test at its deadline',
	)
	const title = `Two minutes ${Date.now()}`
	const templateId = await activeTemplate(title, 2)
	await page.clock.install({ time: new Date() })
	await logIn(page, await newStudent(), 'a-good-password')
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await page.goto(`/studentdashboard/test/${templateId}`)
	await page.getByRole('button', { name: 'Start test' }).click()
	await expect(page.getByRole('timer')).toHaveText(/Time left: (2:00|1:5\d)/)
	const announcements = page.locator('[aria-live="polite"]').filter({ hasText: /minutes? left/ })
	await expect(announcements).toHaveCount(0)

	await page.clock.fastForward('01:05')
	await expect(page.getByRole('timer')).toHaveText(/Time left: 0:5\d/)
	await expect(announcements).toHaveText('1 minute left')
	await page
		.getByRole('group', { name: /^Question 1 of 3/ })
		.getByRole('radio', { name: '4' })
		.check()

	await page.clock.fastForward('01:00')
	await expect(page.getByText('Test submitted successfully!')).toBeVisible()
	await expect(page).toHaveURL(/\/studentdashboard\/test-result\//)
	await expect(page.getByTestId('score')).toHaveText('1 / 3 (33%)')
})
