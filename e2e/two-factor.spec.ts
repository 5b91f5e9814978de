import type { APIRequestContext } from '@playwright/test'
import { generate } from 'otplib'
import { apiUrl } from '../playwright.config'
import { registerAccount, password } from './course-helpers'
import { expect, logIn, logOut, test } from './fixtures'
import { linkIn, waitForMail } from './mailbox'

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
	// Said next to the field.
	await expect(section.getByLabel('Current password')).toHaveAccessibleDescription(
		/Your current password is not right/,
	)
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

/** An account with two-factor turned on at the API (by its owner, or by a thief with the password). */
async function withTwoFactor(request: APIRequestContext, firstName: string) {
	const { email } = await registerAccount(request, 'student', firstName)
	const login = await request.post(`${apiUrl}/auth/login`, { data: { email, password } })
	const token = ((await login.json()) as { user: { accessToken: string } }).user.accessToken
	const headers = { authorization: `Bearer ${token}` }
	const setup = await request.post(`${apiUrl}/account/two-factor/setup`, {
		headers,
		data: { currentPassword: password },
	})
	const { secret } = (await setup.json()) as { secret: string }
	const enabled = await request.post(`${apiUrl}/account/two-factor/enable`, {
		headers,
		data: { code: await codeOf(secret), currentPassword: password },
	})
	expect(enabled.status()).toBe(200)
	const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] }
	return { email, secret, recoveryCodes }
}

test('wrong codes from many addresses lock the code step; the page says when to try again, by the field', async ({
	page,
	request,
}) => {
	const { email, secret } = await withTwoFactor(request, 'Ilse')
	await logIn(page, email, password)
	await expect(page).toHaveURL(/\/login\/two-factor$/)

	// Someone else with the password sends ten wrong codes, each from its own address (vouched for
	// with the app's secret, as the app does for each browser).
	const login = await request.post(`${apiUrl}/auth/login`, { data: { email, password } })
	const { challenge } = (await login.json()) as { challenge: string }
	for (let address = 1; address <= 10; address++) {
		const wrong = await request.post(`${apiUrl}/auth/two-factor`, {
			headers: {
				'x-tutorhub-client-address': `192.0.2.${address}`,
				'x-tutorhub-proxy-secret': 'e2e-proxy-secret',
			},
			data: { challenge, code: '000000' },
		})
		expect(wrong.status()).toBe(401)
	}

	// The owner's right code waits too, and the page says for how long, next to the code field.
	await page.getByLabel('Code').fill(await codeOf(secret, 1))
	await page.getByRole('button', { name: 'Log in' }).click()
	const throttled =
		/Too many wrong codes were entered for this account\. Try again in \d+ (second|minute)s?\./
	await expect(page.getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription(throttled)
	await expect(page).toHaveURL(/\/login\/two-factor$/)
	await waitForMail(email, 'Wrong two-factor codes were entered for your TutorHub account')
})

test("an owner who can't use their codes asks by mail, waits three days, then logs in with the password", async ({
	page,
	request,
}) => {
	const { email } = await withTwoFactor(request, 'Oren')
	await logIn(page, email, password)
	await expect(page).toHaveURL(/\/login\/two-factor$/)
	await page.getByRole('button', { name: "I can't use my codes" }).click()
	await expect(
		page.getByText(
			'We sent a link to your email address. Follow it within an hour: two-factor sign-in then turns off three days later, and you log in with your password alone.',
		),
	).toBeVisible()

	const mail = await waitForMail(email, 'Turn off two-factor sign-in for your TutorHub account')
	// The link's visit changes nothing; its button starts the wait.
	await page.goto(linkIn(mail, '/two-factor-recovery'))
	await page.getByRole('button', { name: 'Start the three-day wait' }).click()
	await expect(page.getByText(/^Two-factor sign-in turns off on /)).toBeVisible()
	await waitForMail(email, 'Two-factor sign-in for your TutorHub account turns off in three days')

	// Meanwhile the login still asks for a code, and says when the request takes effect.
	await logIn(page, email, password)
	await expect(page).toHaveURL(/\/login\/two-factor$/)
	await expect(
		page.getByText(/A request to turn off two-factor sign-in for this account is waiting/),
	).toBeVisible()

	// Three days on (the API's test hook moves the request's time), the password is enough.
	const elapsed = await request.post(`${apiUrl}/__test/two-factor-recovery/elapse`, {
		data: { email },
	})
	expect(await elapsed.json()).toEqual({ elapsed: 1 })
	await logIn(page, email, password)
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await waitForMail(email, 'Two-factor sign-in was turned off for your TutorHub account')
})

test('a waiting request to turn two-factor off shows in the profile, and its owner cancels it there', async ({
	page,
	request,
}) => {
	const { email, secret, recoveryCodes } = await withTwoFactor(request, 'Pim')
	// Someone with the password and the mailbox starts the wait.
	const login = await request.post(`${apiUrl}/auth/login`, { data: { email, password } })
	const { challenge } = (await login.json()) as { challenge: string }
	await request.post(`${apiUrl}/auth/two-factor/recovery`, { data: { challenge } })
	const mail = await waitForMail(email, 'Turn off two-factor sign-in for your TutorHub account')
	const token = new URL(linkIn(mail, '/two-factor-recovery')).searchParams.get('token')
	const started = await request.post(`${apiUrl}/account/two-factor/recovery/start`, {
		data: { token },
	})
	expect(started.status()).toBe(200)

	// The owner logs in with a code, and the profile says what waits.
	await logIn(page, email, password)
	await expect(page.getByText(/A request to turn off two-factor sign-in/)).toBeVisible()
	await page.getByLabel('Code').fill(await codeOf(secret, 1))
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await page.goto('/studentdashboard/profile')
	const waiting = page
		.getByRole('status')
		.filter({ hasText: 'A request to turn it off is waiting' })
	await expect(waiting).toBeVisible()
	await waiting.getByLabel('Current password').fill(password)
	await waiting.getByLabel('Code from your app').fill('000000')
	await waiting.getByRole('button', { name: 'Cancel the request' }).click()
	await expect(waiting.getByLabel('Code from your app')).toHaveAccessibleDescription(
		new RegExp(WRONG_CODE.slice(0, 25)),
	)
	await waiting.getByLabel('Current password').fill(password)
	await waiting.getByLabel('Code from your app').fill(recoveryCodes[0] as string)
	await waiting.getByRole('button', { name: 'Cancel the request' }).click()
	await expect(page.getByText('Cancelled: two-factor sign-in stays on.').first()).toBeVisible()
	await expect(page.getByText('A request to turn it off is waiting')).toHaveCount(0)
})
