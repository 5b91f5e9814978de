import { apiUrl } from '../playwright.config'
import {
	demoPassword,
	expect,
	logIn,
	logOut,
	signUpOrganization,
	test,
	uniqueEmail,
} from './fixtures'

test('a student signs up, logs in, sees the dashboard and logs out', async ({ page }) => {
	const email = uniqueEmail('student')
	await page.goto('/signup/student')
	await page.getByLabel('First name').fill('Sam')
	await page.getByLabel('Last name').fill('Rivera')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password', { exact: true }).fill('a-good-password')
	await page.getByLabel('Confirm password').fill('a-good-password')
	await page.getByRole('button', { name: 'Create account' }).click()

	await expect(page).toHaveURL(/\/login\?email=/)
	await expect(page.getByText('Registered successfully')).toBeVisible()
	await expect(page.getByLabel('Email')).toHaveValue(email)
	await page.getByLabel('Password').fill('a-good-password')
	await page.getByRole('button', { name: 'Log in' }).click()

	await expect(page).toHaveURL(/\/studentdashboard$/)
	await expect(page.getByRole('heading', { name: 'Welcome, Sam Rivera' })).toBeVisible()
	// The dashboard shows the email, and so does the banner that asks a new account to verify it.
	await expect(page.getByRole('region', { name: 'Email verification' })).toContainText(email)
	await expect(page.getByText(email)).toHaveCount(2)
	await logOut(page)
	await page.goto('/studentdashboard')
	await expect(page).toHaveURL(/\/login\?redirectTo=%2Fstudentdashboard$/)
})

test('a teacher signs up, logs in, sees the dashboard and logs out', async ({ page }) => {
	const email = uniqueEmail('teacher')
	await page.goto('/signup/teacher')
	await page.getByLabel('First name').fill('Maya')
	await page.getByLabel('Last name').fill('Chen')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Subjects you teach (optional)').fill('Maths, Physics')
	await page.getByLabel('Password', { exact: true }).fill('a-good-password')
	await page.getByLabel('Confirm password').fill('a-good-password')
	await page.getByRole('button', { name: 'Create account' }).click()

	await expect(page.getByText('Registered successfully')).toBeVisible()
	await logIn(page, email, 'a-good-password')
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	await expect(page.getByRole('heading', { name: 'Welcome, Maya Chen' })).toBeVisible()
	await expect(page.getByText('Maths, Physics')).toBeVisible()
	await logOut(page)
})

test('an organization registers, logs in through organization login and logs out', async ({
	page,
}) => {
	const email = uniqueEmail('org')
	await signUpOrganization(page, {
		name: 'Riverside School',
		email,
		password: 'a-good-password',
		country: 'Kenya',
	})

	await expect(page).toHaveURL(/\/login\?as=organization/)
	await expect(page.getByText('Organization created successfully!')).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Organization log in' })).toBeVisible()
	await page.getByLabel('Password').fill('a-good-password')
	await page.getByRole('button', { name: 'Log in' }).click()

	await expect(page).toHaveURL(/\/organization\/dashboard$/)
	await expect(page.getByRole('heading', { name: 'Riverside School' })).toBeVisible()
	await logOut(page)
})

test('an unknown sign-up role shows the student form', async ({ page }) => {
	await page.goto('/signup/astronaut')
	await expect(page.getByRole('heading', { name: 'Create a student account' })).toBeVisible()
})

test('sign-up refuses bad input and a taken email, keeping what was typed', async ({ page }) => {
	await page.goto('/signup/student')
	await page.getByLabel('First name').fill('Sam')
	await page.getByLabel('Last name').fill('Rivera')
	await page.getByLabel('Email').fill('student@example.com')
	await page.getByLabel('Password', { exact: true }).fill('a-good-password')
	await page.getByLabel('Confirm password').fill('another-password')
	await page.getByRole('button', { name: 'Create account' }).click()
	await expect(page.getByText('Passwords do not match')).toBeVisible()

	await page.getByLabel('Password', { exact: true }).fill('a-good-password')
	await page.getByLabel('Confirm password').fill('a-good-password')
	await page.getByRole('button', { name: 'Create account' }).click()
	await expect(
		page.locator('form [role="alert"]').getByText('An account with this email already exists'),
	).toBeVisible()
	await expect(page.getByLabel('First name')).toHaveValue('Sam')
})

test('a wrong password shows the server message', async ({ page }) => {
	await logIn(page, 'student@example.com', 'not-the-password')
	await expect(
		page.locator('form [role="alert"]').getByText('Invalid email or password'),
	).toBeVisible()
	await expect(page).toHaveURL(/\/login/)
})

test('an invalid email is refused next to the field', async ({ page }) => {
	await page.goto('/login')
	await page.getByLabel('Email').fill('sam@example')
	await page.getByLabel('Password').fill('whatever')
	// The browser's own check would stop a plain submit; this asserts the app's rule.
	await page
		.locator('main form[method="post"]')
		.evaluate((form) => form.setAttribute('novalidate', ''))
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page.getByText('Enter a valid email address')).toBeVisible()
})

test('a student opening a teacher page lands on /unauthorized', async ({ page }) => {
	await logIn(page, 'student@example.com')
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await page.goto('/teachersdashboard')
	await expect(page).toHaveURL(/\/unauthorized$/)
	await page.goto('/organization/dashboard')
	await expect(page).toHaveURL(/\/unauthorized$/)
})

test('after login the user returns to the page they asked for, never to another site', async ({
	page,
}) => {
	await page.goto('/teachersdashboard')
	await expect(page).toHaveURL(/\/login\?redirectTo=%2Fteachersdashboard$/)
	await page.getByLabel('Email').fill('teacher@example.com')
	await page.getByLabel('Password').fill(demoPassword)
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	await logOut(page)

	await page.goto('/login?redirectTo=https%3A%2F%2Fevil.example%2F')
	await page.getByLabel('Email').fill('teacher@example.com')
	await page.getByLabel('Password').fill(demoPassword)
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/teachersdashboard$/)
})

test('an expired access token is refreshed without the user noticing', async ({ page }) => {
	await logIn(page, 'teacher@example.com')
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	const before = (await page.context().cookies()).find(
		(cookie) => cookie.name === '__session',
	)?.value
	// Access tokens live 12 s in the journeys and are refreshed when less than 5 s remain.
	await page.waitForTimeout(8_000)
	await page.goto('/teachersdashboard')
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible()
	await expect(page.getByText('teacher@example.com')).toBeVisible()
	const after = (await page.context().cookies()).find(
		(cookie) => cookie.name === '__session',
	)?.value
	expect(after).toBeTruthy()
	expect(after).not.toBe(before)
})

test('a failed refresh lands on /login with the session-expired toast', async ({
	page,
	request,
}) => {
	const email = uniqueEmail('expiring')
	const registered = await request.post(`${apiUrl}/auth/register-student`, {
		data: { firstName: 'Ex', lastName: 'Piring', email, password: 'a-good-password' },
	})
	expect(registered.status()).toBe(201)
	await logIn(page, email, 'a-good-password')
	await expect(page).toHaveURL(/\/studentdashboard$/)

	const revoked = await request.post(`${apiUrl}/__test/revoke-refresh-tokens`, { data: { email } })
	expect(revoked.ok()).toBe(true)
	await page.waitForTimeout(8_000)
	await page.goto('/studentdashboard')
	await expect(page).toHaveURL(/\/login\?redirectTo=%2Fstudentdashboard$/)
	await expect(page.getByText('Session expired. Please login again.')).toBeVisible()
})

test('sign-up refuses a common password next to the field and keeps what was typed', async ({
	page,
}) => {
	const email = uniqueEmail('common')
	await page.goto('/signup/student')
	await page.getByLabel('First name').fill('Casey')
	await page.getByLabel('Last name').fill('Common')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password', { exact: true }).fill('Password123')
	await page.getByLabel('Confirm password').fill('Password123')
	await page.getByRole('button', { name: 'Create account' }).click()

	const password = page.getByLabel('Password', { exact: true })
	await expect(password).toHaveAccessibleDescription(
		/This password is too common and easy to guess\. Choose another one\./,
	)
	await expect(page).toHaveURL(/\/signup\/student$/)
	await expect(page.getByLabel('Email')).toHaveValue(email)

	await password.fill('violet-harbour-lantern')
	await page.getByLabel('Confirm password').fill('violet-harbour-lantern')
	await page.getByRole('button', { name: 'Create account' }).click()
	await expect(page).toHaveURL(/\/login\?email=/)
})
