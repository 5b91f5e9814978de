import type { APIRequestContext, Page } from '@playwright/test'
import { apiUrl } from '../playwright.config'
import { expect, logIn, logOut, signUpOrganization, test, uniqueEmail } from './fixtures'
import { registerAccount } from './course-helpers'
import { confirmEmail, linkIn, mailsTo, waitForMail } from './mailbox'
import { createTaskOnPage } from './task-helpers'

// Accounts and mail (issue 19, decision 023), JavaScript on and off: every mail is received by a
// real SMTP server that the e2e servers start (scripts/e2e-servers.mjs), and read from there.

const PASSWORD = 'a-good-password'

async function apiToken(request: APIRequestContext, email: string) {
	const login = await request.post(`${apiUrl}/auth/login`, { data: { email, password: PASSWORD } })
	expect(login.status()).toBe(200)
	return (await login.json()).user.accessToken as string
}

function localInput(daysAhead: number) {
	const date = new Date(Date.now() + daysAhead * 86_400_000)
	const pad = (n: number) => String(n).padStart(2, '0')
	return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T17:00`
}

async function setNewPassword(page: Page, password: string) {
	await page.getByLabel('New password', { exact: true }).fill(password)
	await page.getByLabel('Confirm new password').fill(password)
	await page.getByRole('button', { name: 'Set new password' }).click()
}

test('forgot password: the mailed link sets a new password once, and the new one logs in', async ({
	page,
	request,
}) => {
	const email = uniqueEmail('forgetful')
	await registerAccount(request, 'student', 'Fern', email)

	await page.goto('/login')
	await page.getByRole('link', { name: 'Forgot password?' }).click()
	await expect(page).toHaveURL(/\/forgot-password$/)
	// A mistake is said next to the field.
	await page.getByLabel('Email').fill('not-an-email')
	await page.getByRole('button', { name: 'Send reset link' }).click()
	await expect(page.getByText('Enter a valid email address')).toBeVisible()
	await page.getByLabel('Email').fill(email)
	await page.getByRole('button', { name: 'Send reset link' }).click()
	const sent =
		'If an account with this email exists, we have sent it a link to choose a new password. The link works for one hour.'
	await expect(page.getByRole('status').filter({ hasText: sent })).toBeVisible()
	// An email without an account reads the same.
	await page.getByLabel('Email').fill(uniqueEmail('nobody'))
	await page.getByRole('button', { name: 'Send reset link' }).click()
	await expect(page.getByRole('status').filter({ hasText: sent })).toBeVisible()

	const mail = await waitForMail(email, 'Reset your TutorHub password')
	const link = linkIn(mail, '/reset-password')
	await page.goto(link)
	await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
	// Sign-up's rules: too short, then not matching.
	await setNewPassword(page, 'short')
	await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
	await page.getByLabel('New password', { exact: true }).fill('Fresh-Meadow-Lantern-7')
	await page.getByLabel('Confirm new password').fill('Fresh-Meadow-Lantern-8')
	await page.getByRole('button', { name: 'Set new password' }).click()
	await expect(page.getByText('Passwords do not match')).toBeVisible()
	await setNewPassword(page, 'Fresh-Meadow-Lantern-7')
	await expect(page).toHaveURL(/\/login$/)
	await expect(
		page.getByText('Your password has been reset. Log in with your new password.'),
	).toBeVisible()

	// The old password no longer works; the new one does.
	await logIn(page, email, PASSWORD)
	await expect(page.getByText('Invalid email or password').first()).toBeVisible()
	await logIn(page, email, 'Fresh-Meadow-Lantern-7')
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await logOut(page)

	// The link worked once.
	await page.goto(link)
	await expect(page.getByRole('alert')).toHaveText(
		'This password reset link is invalid, used or expired. Ask for a new one.',
	)
	await page.getByRole('link', { name: 'Ask for a new link' }).click()
	await expect(page).toHaveURL(/\/forgot-password$/)
})

test("forgot password from the organization's login resets the organization", async ({ page }) => {
	const email = uniqueEmail('org-forgetful')
	await signUpOrganization(page, {
		name: 'Forgetful School',
		email,
		password: PASSWORD,
		country: 'Kenya',
	})
	await expect(page).toHaveURL(/\/login\?as=organization/)

	await page.getByRole('link', { name: 'Forgot password?' }).click()
	await expect(page.getByRole('heading', { name: 'Organization: forgot password' })).toBeVisible()
	await page.getByLabel('Email').fill(email)
	await page.getByRole('button', { name: 'Send reset link' }).click()
	await expect(
		page.getByRole('status').filter({ hasText: 'If an account with this email exists' }),
	).toBeVisible()
	await page.goto(
		linkIn(await waitForMail(email, 'Reset your TutorHub password'), '/reset-password'),
	)
	await setNewPassword(page, 'Harbour-Organization-9')
	await expect(page).toHaveURL(/\/login\?as=organization$/)
	await logIn(page, email, 'Harbour-Organization-9', 'organization')
	await expect(page).toHaveURL(/\/organization\/dashboard$/)
})

test('email verification: a banner with Resend until the mailed link is followed', async ({
	page,
	request,
}) => {
	const email = uniqueEmail('newcomer')
	await page.goto('/signup/student')
	await page.getByLabel('First name').fill('Nina')
	await page.getByLabel('Last name').fill('Newcomer')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
	await page.getByLabel('Confirm password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Create account' }).click()
	await expect(page.getByText('Registered successfully')).toBeVisible()
	const first = await waitForMail(email, 'Confirm your TutorHub email address')

	await page.getByLabel('Password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page).toHaveURL(/\/studentdashboard$/)
	const banner = page.getByRole('region', { name: 'Email verification' })
	await expect(banner).toContainText(
		`Please confirm your email address: we sent a link to ${email}.`,
	)
	// Everything else is open meanwhile (decision 023), and the banner is on every page.
	await page.getByRole('link', { name: 'My courses' }).first().click()
	await expect(page).toHaveURL(/\/studentdashboard\/courses$/)
	await expect(banner).toBeVisible()

	await banner.getByRole('button', { name: 'Resend' }).click()
	await expect(page.getByText(`We sent a new verification link to ${email}.`)).toBeVisible()
	await expect(page).toHaveURL(/\/studentdashboard\/courses$/)
	const second = await waitForMail(email, 'Confirm your TutorHub email address', 2)

	// Only the newest link counts.
	await page.goto(linkIn(first, '/verify-email'))
	await expect(page.getByRole('alert')).toHaveText(
		'This verification link is invalid, used or expired. Ask for a new one from your dashboard.',
	)
	// A mail scanner or a chat preview fetching the link confirms nothing (issue 29).
	const scanned = await request.get(linkIn(second, '/verify-email'), { maxRedirects: 0 })
	expect(scanned.status()).toBe(200)
	await page.goto('/studentdashboard')
	await expect(banner).toBeVisible()
	await confirmEmail(page, linkIn(second, '/verify-email'))
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await expect(page.getByText('Your email address is verified.')).toBeVisible()
	await expect(banner).toHaveCount(0)
})

test('change password in the profile: the current one is needed, and the new one logs in', async ({
	page,
	request,
}) => {
	const email = uniqueEmail('changer')
	await registerAccount(request, 'tutor', 'Cato', email)
	await logIn(page, email, PASSWORD)
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	await page.goto('/teachersdashboard/profile')
	const section = page.getByRole('region', { name: 'Change password' })
	await section.getByLabel('Current password').fill('not-my-password')
	await section.getByLabel('New password', { exact: true }).fill('Quiet-River-Stone-5')
	await section.getByLabel('Confirm new password').fill('Quiet-River-Stone-5')
	await section.getByRole('button', { name: 'Change password' }).click()
	await expect(section.getByText('Your current password is not right').first()).toBeVisible()
	await section.getByLabel('Current password').fill(PASSWORD)
	await section.getByLabel('New password', { exact: true }).fill('Quiet-River-Stone-5')
	await section.getByLabel('Confirm new password').fill('Quiet-River-Stone-5')
	await section.getByRole('button', { name: 'Change password' }).click()
	await expect(
		page.getByText(
			'Password changed. Every other device signed in to your account was logged out.',
		),
	).toBeVisible()
	await waitForMail(email, 'Your TutorHub password was changed')
	await logOut(page)
	await logIn(page, email, 'Quiet-River-Stone-5')
	await expect(page).toHaveURL(/\/teachersdashboard$/)
})

test('changing the email in the profile verifies the new address before it counts', async ({
	page,
	request,
}) => {
	const email = uniqueEmail('mover')
	const newEmail = uniqueEmail('moved')
	await registerAccount(request, 'student', 'Milo', email)
	await logIn(page, email, PASSWORD)
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await page.goto('/studentdashboard/profile')
	const section = page.getByRole('region', { name: 'Email address' })
	await section.getByLabel('New email address').fill(newEmail)
	await section.getByLabel('Current password').fill(PASSWORD)
	await section.getByRole('button', { name: 'Change email address' }).click()
	await expect(
		page.getByText(`We sent a link to ${newEmail}. Your email address changes when you follow it.`),
	).toBeVisible()
	await expect(section).toContainText(`Waiting for you to confirm ${newEmail}`)

	await confirmEmail(
		page,
		linkIn(await waitForMail(newEmail, 'Confirm your new TutorHub email address'), '/verify-email'),
	)
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await expect(page.getByText('Your email address is verified.')).toBeVisible()
	await expect(page.getByRole('region', { name: 'Email verification' })).toHaveCount(0)
	await page.goto('/studentdashboard/profile')
	await expect(page.getByRole('region', { name: 'Email address' })).toContainText(
		`Your email address is ${newEmail} (verified).`,
	)
	await logOut(page)
	await logIn(page, newEmail, PASSWORD)
	await expect(page).toHaveURL(/\/studentdashboard$/)
})

test('a graded submission sends the student a mail, as their notification settings say', async ({
	page,
	request,
}) => {
	test.slow()
	const teacher = uniqueEmail('notifier')
	const student = uniqueEmail('notified')
	await registerAccount(request, 'tutor', 'Tess', teacher)
	await registerAccount(request, 'student', 'Noor', student)
	const course = `Optics ${Date.now().toString(36)}`
	const made = await request.post(`${apiUrl}/__test/enrolled-course`, {
		data: { tutorEmail: teacher, title: course, studentEmails: [student] },
	})
	expect(made.status()).toBe(201)

	// The student wants graded work but no new-task mails.
	await logIn(page, student, PASSWORD)
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await page.goto('/studentdashboard/profile')
	const settings = page.getByRole('region', { name: 'Email notifications' })
	await expect(settings.getByLabel('My submission is graded')).toBeChecked()
	await settings.getByLabel('A new task in one of my courses').uncheck()
	await settings.getByRole('button', { name: 'Save notification settings' }).click()
	await expect(page.getByText('Notification settings saved')).toBeVisible()
	await expect(settings.getByLabel('A new task in one of my courses')).not.toBeChecked()
	await expect(settings.getByLabel('My submission is graded')).toBeChecked()
	await logOut(page)

	const title = `Lens diagram ${Date.now().toString(36)}`
	await logIn(page, teacher, PASSWORD)
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	const taskId = await createTaskOnPage(page, course, title, localInput(2))
	const submitted = await request.post(`${apiUrl}/tasks/${taskId}/submit`, {
		headers: { Authorization: `Bearer ${await apiToken(request, student)}` },
		multipart: {
			file: { name: 'lens.txt', mimeType: 'text/plain', buffer: Buffer.from('f = 10 cm') },
		},
	})
	expect(submitted.status()).toBe(201)

	await page.getByRole('link', { name: `Submissions for ${title}` }).click()
	await page.getByRole('link', { name: 'Grade Noor Tester' }).click()
	await page.getByLabel('Grade (0-100)').fill('88')
	await page.getByRole('button', { name: 'Save grade' }).click()
	await expect(page.getByText('Task graded successfully')).toBeVisible()

	const mail = await waitForMail(student, `Your work on “${title}” is graded`)
	expect(mail.text).toContain(
		`Your submission for "${title}" in ${course} has been graded: 88 out of 100.`,
	)
	// The new task came first, and its mail was not sent: that notification is off.
	expect(mailsTo(student).filter((m) => m.subject.startsWith('New task'))).toEqual([])
	await logOut(page)

	await logIn(page, student, PASSWORD)
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await page.goto(linkIn(mail, '/studentdashboard/task-details'))
	await expect(page.getByText('Grade: 88 / 100')).toBeVisible()
})

test("a notification mail's unsubscribe link turns off its kind: with the page's button, or in one click by the mail client", async ({
	page,
	request,
}) => {
	const byButton = uniqueEmail('unsubscriber')
	const byClient = uniqueEmail('one-click')
	await registerAccount(request, 'student', 'Una', byButton)
	await registerAccount(request, 'student', 'Otto', byClient)
	const orgEmail = uniqueEmail('unsubscribe-school')
	const registered = await request.post(`${apiUrl}/organizations/register`, {
		multipart: {
			name: 'Unsubscribe School',
			email: orgEmail,
			password: PASSWORD,
			type: 'school',
			country: 'US',
		},
	})
	expect(registered.status()).toBe(201)
	const organizationId = (await registered.json()).id as string
	const orgLogin = await request.post(`${apiUrl}/auth/organization-login`, {
		data: { email: orgEmail, password: PASSWORD },
	})
	const orgToken = (await orgLogin.json()).user.accessToken as string
	for (const email of [byButton, byClient]) {
		const invited = await request.post(`${apiUrl}/organizations/${organizationId}/students`, {
			headers: { Authorization: `Bearer ${orgToken}` },
			data: { email },
		})
		expect(invited.status()).toBe(201)
	}
	const subject = /invites you to join/
	const invitationsOn = async (email: string) => {
		const account = await request.get(`${apiUrl}/account`, {
			headers: { Authorization: `Bearer ${await apiToken(request, email)}` },
		})
		return (await account.json()).account.notifications as Record<string, boolean>
	}

	// The footer's link opens a page that changes nothing until its button is pressed.
	const link = linkIn(await waitForMail(byButton, subject), '/unsubscribe')
	await page.goto(link)
	await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible()
	expect((await invitationsOn(byButton)).invitations).toBe(true)
	await page.getByRole('button', { name: 'Unsubscribe' }).click()
	await expect(
		page.getByText(
			"You will no longer get mails about organizations' invitations. You can turn them on again in your profile.",
		),
	).toBeVisible()
	expect(await invitationsOn(byButton)).toMatchObject({ invitations: false, newTask: true })
	expect((await invitationsOn(byClient)).invitations).toBe(true)

	// RFC 8058: the mail client posts List-Unsubscribe=One-Click to the same address, signed in as
	// nobody, with no page before it.
	const oneClick = linkIn(await waitForMail(byClient, subject), '/unsubscribe')
	const posted = await request.post(oneClick, { form: { 'List-Unsubscribe': 'One-Click' } })
	expect(posted.status()).toBe(200)
	expect(await invitationsOn(byClient)).toMatchObject({ invitations: false, sessions: true })

	// A link whose token was changed is refused, and says so.
	const forged = new URL(link)
	forged.searchParams.set('token', `${forged.searchParams.get('token')}x`)
	await page.goto(forged.href)
	await page.getByRole('button', { name: 'Unsubscribe' }).click()
	await expect(page.getByText('This unsubscribe link is not valid.')).toBeVisible()
})
