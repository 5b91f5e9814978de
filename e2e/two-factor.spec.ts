import { generate } from 'otplib'
import { registerAccount, password } from './course-helpers'
import { expect, logIn, logOut, test } from './fixtures'
import { waitForMail } from './mailbox'

// Two-factor sign-in (issue 29, decision 033), JavaScript on and off: set up from the profile with
// the key the page shows (as an authenticator app reads it from the QR code), then log in with a
// code, with a recovery code, a code used twice refused, and turned off with the password and a
// recovery code.

const WRONG_CODE =
	'That code is not right. Enter the current code from your authenticator app, or one of your recovery codes.'

/** The code an authenticator app shows `steps` periods of 30 s from now. */
const codeOf = (secret: string, steps = 0) =>
	generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 })

test('two-factor sign-in: set up from the profile, log in with a code or a recovery code, turn off', async ({
	page,
	request,
}) => {
	const { email } = await registerAccount(request, 'student', 'Tova')
	await logIn(page, email, password)
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await page.goto('/studentdashboard/profile')
	const section = page.getByRole('region', { name: 'Two-factor sign-in' })
	// The set-up needs the current password (decision 053): a session alone starts nothing.
	await section.getByLabel('Current password').fill('Not-The-Password-1')
	await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
	await expect(section.getByText('Your current password is not right')).toBeVisible()
	await section.getByLabel('Current password').fill(password)
	await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
	await expect(
		section.getByRole('img', { name: 'QR code for your authenticator app' }),
	).toBeVisible()
	const secret = (await section.getByTestId('totp-key').textContent())?.trim() ?? ''
	expect(secret).toMatch(/^[A-Z2-7]{16,}$/)

	await section.getByLabel('Code from your app').fill('000000')
	await section.getByLabel('Current password').fill(password)
	await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
	await expect(section.getByText(WRONG_CODE, { exact: true })).toBeVisible()
	await section.getByLabel('Code from your app').fill(await codeOf(secret))
	await section.getByLabel('Current password').fill(password)
	await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
	const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
	await expect(codes).toHaveCount(10)
	const recovery = await codes.allTextContents()
	await waitForMail(email, 'Two-factor sign-in was turned on for your TutorHub account')
	await logOut(page)

	// The password alone leads to the second step; a wrong code is refused there.
	await logIn(page, email, password)
	await expect(page).toHaveURL(/\/login\/two-factor$/)
	await page.getByLabel('Code').fill('123456')
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page.getByText(WRONG_CODE).first()).toBeVisible()
	const code = await codeOf(secret, 1)
	await page.getByLabel('Code').fill(code)
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await logOut(page)

	// The same code again is refused; a recovery code works, once.
	await logIn(page, email, password)
	await page.getByLabel('Code').fill(code)
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page.getByText(WRONG_CODE).first()).toBeVisible()
	await page.getByLabel('Code').fill(recovery[0] as string)
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await waitForMail(email, 'A recovery code was used to log in to your TutorHub account')

	// Turning it off needs the password and a code (here another recovery code).
	await page.goto('/studentdashboard/profile')
	await section.getByLabel('Current password').fill(password)
	await section.getByLabel('Code from your app').fill(recovery[1] as string)
	await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click()
	await expect(section.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible()
	await waitForMail(email, 'Two-factor sign-in was turned off for your TutorHub account')
	await logOut(page)
	await logIn(page, email, password)
	await expect(page).toHaveURL(/\/studentdashboard$/)
})
