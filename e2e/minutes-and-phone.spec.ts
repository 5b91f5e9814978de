import { callApi, expect, test } from './fixtures'
import { password, registerAccount, signIn } from './library-fixtures'

const PHONE_ERROR = 'Enter a phone number of 7 to 15 digits, for example +1 555 010 1234'

test('a one-minute test says "1 minute" in the list, before it starts and while it runs', async ({
	page,
}) => {
	const teacher = await registerAccount('tutor', 'Ola', 'Nord')
	const login = await callApi('POST', '/auth/login', { email: teacher.email, password })
	const title = `Quick check ${Date.now().toString(36)}`
	const created = await callApi(
		'POST',
		'/qa/create-template',
		{
			title,
			timeLimit: 1,
			isActive: 1,
			questions: [
				{
					id: 1,
					questionText: 'What is 3 + 4?',
					options: [
						{ text: '7', isCorrect: true },
						{ text: '8', isCorrect: false },
					],
				},
			],
		},
		login.body.user.accessToken,
	)
	expect(created.status).toBe(201)

	const student = await registerAccount('student', 'Ida', 'Lund')
	await signIn(page, student.email)
	const main = page.getByRole('main')
	// The newest tests come first.
	await page.goto('/studentdashboard/qa/templates')
	const card = page
		.getByRole('listitem')
		.filter({ has: page.getByRole('heading', { name: title }) })
	await expect(card).toContainText('1 question · 1 minute')
	await expect(card).not.toContainText('minutes')

	await page.goto(`/studentdashboard/test/${created.body.template.id}`)
	await expect(page.getByRole('heading', { name: title })).toBeVisible()
	await expect(main.getByText('1 minute', { exact: true })).toBeVisible()
	await expect(main).not.toContainText('1 minutes')
	await page.getByRole('button', { name: 'Start test' }).click()
	await expect(page.getByRole('button', { name: 'Submit test' })).toBeVisible()
	// With JavaScript a running clock takes the place of this sentence.
	if (!test.info().project.use.javaScriptEnabled)
		await expect(main.getByText(/Time limit: 1 minute\./)).toBeVisible()
	await expect(main).not.toContainText('1 minutes')
})

test('a phone field takes only a phone number, with the reason next to it', async ({ page }) => {
	const student = await registerAccount('student', 'Noor', 'Haddad')
	await signIn(page, student.email)
	await page.goto('/studentdashboard/profile')
	const phone = page.getByLabel('Phone (optional)')
	await phone.fill('call me after six')
	await page.getByRole('button', { name: 'Save profile' }).click()
	await expect(page.getByText(PHONE_ERROR)).toBeVisible()
	await expect(phone).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByText('Profile updated successfully')).toHaveCount(0)

	await phone.fill('+1 555 010 1234')
	await page.getByRole('button', { name: 'Save profile' }).click()
	await expect(page.getByText('Profile updated successfully')).toBeVisible()
	await expect(page.getByText('+1 555 010 1234', { exact: true })).toBeVisible()
	await expect(page.getByText(PHONE_ERROR)).toHaveCount(0)
})

test('sign-up refuses a phone that is not a number and creates no account', async ({ page }) => {
	await page.goto('/signup/student')
	await page.getByLabel('First name').fill('Rui')
	await page.getByLabel('Last name').fill('Costa')
	const email = `rui-${Date.now().toString(36)}@example.com`
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Phone (optional)').fill('12')
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByLabel('Confirm password').fill(password)
	await page.getByRole('button', { name: 'Create account' }).click()
	await expect(page.getByText(PHONE_ERROR)).toBeVisible()
	const login = await callApi('POST', '/auth/login', { email, password })
	expect(login.status).toBe(401)
})
