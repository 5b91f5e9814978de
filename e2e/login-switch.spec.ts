import { registerOrganization, registerUser } from './http/security-world'
import { demoPassword, expect, logIn, test } from './fixtures'

// Issue 16: people and organizations log in separately. The right email and password on the
// wrong login say which login they belong to and offer the switch; a wrong password says only
// "Invalid email or password", so no account is revealed.

test('an organization’s email and password under “Student or teacher” offer the organization login', async ({
	page,
}) => {
	const organization = await registerOrganization('switch-org')

	await logIn(page, organization.email, 'Not-The-Password-9')
	await expect(
		page.locator('form [role="alert"]').getByText('Invalid email or password'),
	).toBeVisible()
	await expect(page.getByRole('link', { name: 'Switch to organization log in' })).toHaveCount(0)

	await logIn(page, organization.email, demoPassword)
	await expect(page).toHaveURL(/\/login$/)
	await expect(
		page
			.locator('form [role="alert"]')
			.getByText('This email and password belong to an organization: log in as an organization'),
	).toBeVisible()
	await page.getByRole('link', { name: 'Switch to organization log in' }).click()
	await expect(page).toHaveURL(/\/login\?as=organization$/)
	await expect(page.getByRole('heading', { name: 'Organization log in' })).toBeVisible()
	await expect(page.getByText('belong to an organization')).toHaveCount(0)
	await page.getByLabel('Email').fill(organization.email)
	await page.getByLabel('Password').fill(demoPassword)
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page).toHaveURL(/\/organization\/dashboard$/)
})

test('a teacher’s email and password under “Organization” offer the student or teacher login, keeping where they were going', async ({
	page,
}) => {
	const teacher = await registerUser('tutor', 'Switch')

	await page.goto('/teachersdashboard/library')
	await expect(page).toHaveURL(/\/login\?redirectTo=/)
	await page
		.getByRole('navigation', { name: 'Account type' })
		.getByRole('link', { name: 'Organization' })
		.click()
	await expect(page.getByRole('heading', { name: 'Organization log in' })).toBeVisible()
	await page.getByLabel('Email').fill(teacher.email)
	await page.getByLabel('Password').fill(demoPassword)
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(
		page
			.locator('form [role="alert"]')
			.getByText(
				'This email and password belong to a student or teacher: log in as a student or teacher',
			),
	).toBeVisible()
	await page.getByRole('link', { name: 'Switch to student or teacher log in' }).click()
	await expect(page.getByRole('heading', { name: 'Log in', exact: true })).toBeVisible()
	await page.getByLabel('Email').fill(teacher.email)
	await page.getByLabel('Password').fill(demoPassword)
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page).toHaveURL(/\/teachersdashboard\/library$/)
})
