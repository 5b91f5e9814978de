import { generate } from 'otplib'
import { expect, demoPassword, logIn, logOut, test } from './fixtures'
import { registerOrganization } from './http/security-world'

// Issue 29, decision 037, JavaScript on and off: an organization requires two-factor sign-in of its
// teachers in its settings; a teacher without it is sent to the set-up after signing in (and one
// already signed in, at their next page) and reaches nothing else until it is on.

async function teacherOf(organization: Awaited<ReturnType<typeof registerOrganization>>) {
	const email = `tfa-teacher-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`
	await organization.api.ok('POST', '/auth/register-tutor/organization', {
		firstName: 'Tess',
		lastName: 'Factor',
		email,
		password: demoPassword,
	})
	return email
}

test('an organization requires two-factor of its teachers; a teacher sets it up before anything else', async ({
	page,
}) => {
	const organization = await registerOrganization('tfa-school')
	const early = await teacherOf(organization)
	const later = await teacherOf(organization)

	// Signed in before the requirement: the next page is the set-up.
	await logIn(page, early, demoPassword)
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	await organization.api.ok('PUT', `/organizations/${organization.api.id}/teacher-two-factor`, {
		teachersNeedTwoFactor: true,
	})
	await page.goto('/teachersdashboard/tasks')
	await expect(page).toHaveURL(/\/teachersdashboard\/two-factor$/)
	await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible()
	await logOut(page)

	// The organization's settings show the switch, and turn it off and on again.
	await logIn(page, organization.email, demoPassword, 'organization')
	await expect(page).toHaveURL(/\/organization\/dashboard$/)
	await page.goto('/organization/settings')
	const setting = page.getByRole('region', { name: 'Two-factor sign-in for teachers' })
	const box = setting.getByRole('checkbox', { name: /Require two-factor sign-in of our teachers/ })
	await expect(box).toBeChecked()
	await box.uncheck()
	await setting.getByRole('button', { name: 'Save two-factor setting' }).click()
	await expect(page.getByText('Your teachers no longer need two-factor sign-in.')).toBeVisible()
	await expect(box).not.toBeChecked()
	await box.check()
	await setting.getByRole('button', { name: 'Save two-factor setting' }).click()
	await expect(page.getByText(/Your teachers now need two-factor sign-in/)).toBeVisible()
	await expect(box).toBeChecked()
	await logOut(page)

	// A teacher signing in lands on the set-up, and every other page sends them back to it.
	await logIn(page, later, demoPassword)
	await expect(page).toHaveURL(/\/teachersdashboard\/two-factor$/)
	await page.goto('/teachersdashboard/courses')
	await expect(page).toHaveURL(/\/teachersdashboard\/two-factor$/)
	const section = page.getByRole('region', { name: 'Two-factor sign-in' })
	await section.getByLabel('Current password').fill(demoPassword)
	await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
	const secret = (await section.getByTestId('totp-key').textContent())?.trim() ?? ''
	expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
	await section.getByLabel('Code from your app').fill(await generate({ secret }))
	await section.getByLabel('Current password').fill(demoPassword)
	await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
	await expect(
		section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
	).toHaveCount(10)
	await page.getByRole('link', { name: 'Continue to your dashboard' }).click()
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	await page.goto('/teachersdashboard/courses')
	await expect(page).toHaveURL(/\/teachersdashboard\/courses$/)
})
