import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { parse } from 'csv-parse/sync'
import { apiUrl } from '../playwright.config'
import { expect, logIn, test, uniqueEmail } from './fixtures'
import { confirmEmail, linkIn, mailsTo, waitForMail } from './mailbox'

// Issue 31: an organization imports a roster file with good and bad rows, checks the preview,
// confirms, and the new people choose their passwords from their mails and sign in. The same
// journey with JavaScript (the job page polls its status) and without (a plain refresh).

const password = 'a-good-password-31'

async function apiCall(path: string, init: RequestInit & { token?: string } = {}) {
	const { token, ...rest } = init
	const response = await fetch(`${apiUrl}${path}`, {
		...rest,
		headers: {
			...(token && { authorization: `Bearer ${token}` }),
			...(typeof rest.body === 'string' && { 'content-type': 'application/json' }),
		},
	})
	expect(response.ok, `${path}: ${response.status}`).toBe(true)
	return response.json()
}

/** A fresh school with two departments, and a student who already has an account elsewhere. */
async function school() {
	const email = uniqueEmail('roster-school')
	const form = new FormData()
	for (const [key, value] of Object.entries({
		name: 'Roster Valley School',
		email,
		password,
		type: 'school',
		country: 'Kenya',
	}))
		form.set(key, value)
	await apiCall('/organizations/register', { method: 'POST', body: form })
	const { user } = await apiCall('/auth/organization-login', {
		method: 'POST',
		body: JSON.stringify({ email, password }),
	})
	for (const departmentName of ['Mathematics', 'Sciences']) {
		await apiCall('/organizations/create-department', {
			method: 'POST',
			token: user.accessToken,
			body: JSON.stringify({ departmentName }),
		})
	}
	const existing = uniqueEmail('roster-existing')
	await apiCall('/auth/register-student', {
		method: 'POST',
		body: JSON.stringify({ firstName: 'Esi', lastName: 'Existing', email: existing, password }),
	})
	return { email, existing }
}

async function downloadCsv(page: Page, linkName: string) {
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('link', { name: linkName }).click(),
	])
	const bytes = await readFile(await download.path())
	expect([...bytes.subarray(0, 3)], 'UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf])
	return parse(bytes, { bom: true }) as string[][]
}

test('an organization imports a roster: preview with errors, confirm, mails, sign-in, export', async ({
	page,
	javaScriptEnabled,
}) => {
	const { email, existing } = await school()
	const newStudent = uniqueEmail('roster-new')
	const newTeacher = uniqueEmail('roster-teacher')
	await logIn(page, email, password, 'organization')
	await expect(page).toHaveURL(/\/organization\/dashboard$/)
	// Seen before the import: the list must not stay as it was cached then.
	await page.goto('/organization/students')
	await expect(page.getByText('No students yet. Add one below.')).toBeVisible()
	await page
		.getByRole('navigation', { name: 'Organization navigation' })
		.getByRole('link', { name: 'Roster' })
		.click()
	await expect(page.getByRole('heading', { name: 'Roster', level: 1 })).toBeVisible()
	expect((await downloadCsv(page, 'Download the template (CSV)'))[0]).toEqual([
		'role',
		'first name',
		'last name',
		'email',
		'department',
		'student number',
	])

	// A file that is not the template's is refused, with its reason by the field.
	await page.getByLabel('Roster file (CSV)').setInputFiles({
		name: 'wrong.csv',
		mimeType: 'text/csv',
		buffer: Buffer.from('name,email\nAda,ada@example.com\n', 'utf8'),
	})
	await page.getByRole('button', { name: 'Upload and preview' }).click()
	await expect(
		page.getByText("The first line must name the template's columns", { exact: false }).first(),
	).toBeVisible()
	await expect(page.getByLabel('Roster file (CSV)')).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByText('No imports yet.')).toBeVisible()

	// Semicolons and a byte order mark, as a spreadsheet saves them in much of the world.
	const file = [
		'\uFEFFrole;first name;last name;email;department;student number',
		`student;Nia;Newton;${newStudent};Mathematics;S-100`,
		`teacher;Tomas;Teach;${newTeacher};sciences;`,
		`student;Esi;Existing;${existing};Sciences;S-101`,
		'student;Bad;Address;not-an-address;Mathematics;',
		`student;Lost;Dept;${uniqueEmail('roster-lost')};History;`,
		`student;Nia;Twice;${newStudent};Mathematics;`,
	].join('\r\n')
	await page.getByLabel('Roster file (CSV)').setInputFiles({
		name: 'valley.csv',
		mimeType: 'text/csv',
		buffer: Buffer.from(file, 'utf8'),
	})
	await page.getByRole('button', { name: 'Upload and preview' }).click()

	await expect(page.getByRole('heading', { name: 'Roster import', level: 1 })).toBeVisible()
	await expect(page).toHaveURL(/\/organization\/roster\/imports\/[0-9a-f-]{36}$/)
	await expect(
		page.getByRole('status').filter({ hasText: 'Preview: nothing has been written yet' }),
	).toBeVisible()
	const rows = page.getByRole('region', { name: 'Rows of the file, scrollable table' })
	const row = (line: number) =>
		rows
			.getByRole('row')
			.filter({ has: page.getByRole('cell', { name: String(line), exact: true }) })
	await expect(row(2)).toContainText('New account, mailed a link to choose a password')
	await expect(row(3)).toContainText('New account, mailed a link to choose a password')
	await expect(row(4)).toContainText('Invitation to an existing account')
	await expect(row(5)).toContainText('Enter a valid email address')
	await expect(row(6)).toContainText('Unknown department "History"')
	await expect(row(7)).toContainText('Duplicate in the file: this email is also on row 2')
	await page.getByRole('link', { name: 'Show only rows with errors (3)' }).click()
	await expect(rows.getByRole('row')).toHaveCount(4)

	// A new organization mails nobody in bulk until its own address is verified (issue 38).
	await expect(
		page.getByRole('note').filter({
			hasText: "Verify your organization's email address to import",
		}),
	).toBeVisible()
	await expect(page.getByRole('button', { name: 'Confirm import' })).toHaveCount(0)
	const importPage = page.url()
	await confirmEmail(
		page,
		linkIn(await waitForMail(email, 'Confirm your TutorHub email address'), '/verify-email'),
	)
	await expect(page.getByText('Your email address is verified.')).toBeVisible()
	await page.goto(importPage)
	await expect(page.getByRole('note')).toHaveCount(0)

	await page.getByRole('button', { name: 'Confirm import' }).click()
	const finished = page.getByRole('status').filter({ hasText: 'Import finished.' })
	if (javaScriptEnabled) {
		// The page asks for the job's status by itself.
		await expect(finished).toBeVisible({ timeout: 15_000 })
	} else {
		await expect(async () => {
			await page.reload()
			await expect(finished).toBeVisible({ timeout: 1000 })
		}).toPass({ timeout: 15_000 })
	}
	await expect(page.getByRole('button', { name: 'Confirm import' })).toHaveCount(0)
	await page.goto('/organization/students')
	await expect(page.getByRole('cell', { name: 'Nia Newton', exact: true })).toBeVisible()

	// The existing student is invited, the new people mailed a link to choose a password.
	await waitForMail(existing, 'An organization invites you to join it on TutorHub')
	const mail = await waitForMail(newStudent, 'Your TutorHub account: choose your password')
	expect(mail.text).not.toContain(password)
	await page
		.getByRole('navigation', { name: 'Organization navigation' })
		.getByRole('link', { name: 'Roster' })
		.click()
	await expect(page.getByRole('heading', { name: 'Roster', level: 1 })).toBeVisible()
	const exported = await downloadCsv(page, 'Download the roster (CSV)')
	expect(exported).toContainEqual(['student', 'Nia', 'Newton', newStudent, 'Mathematics', 'S-100'])
	expect(exported).toContainEqual(['teacher', 'Tomas', 'Teach', newTeacher, 'Sciences', ''])
	await page.getByRole('button', { name: 'Log out' }).click()
	await expect(page).toHaveURL(/\/login$/)

	await page.goto(linkIn(mail, '/reset-password'))
	await page.getByLabel('New password', { exact: true }).fill('Roster-Meadow-Lantern-31')
	await page.getByLabel('Confirm new password').fill('Roster-Meadow-Lantern-31')
	await page.getByRole('button', { name: 'Set new password' }).click()
	await expect(page).toHaveURL(/\/login$/)
	await logIn(page, newStudent, 'Roster-Meadow-Lantern-31')
	await expect(page).toHaveURL(/\/studentdashboard$/)
})

test('a school mails its new people at most so many an hour: the page says so before and after, and the rest wait', async ({
	page,
	javaScriptEnabled,
}) => {
	const { email } = await school()
	await logIn(page, email, password, 'organization')
	await expect(page).toHaveURL(/\/organization\/dashboard$/)
	await confirmEmail(
		page,
		linkIn(await waitForMail(email, 'Confirm your TutorHub email address'), '/verify-email'),
	)
	await expect(page.getByText('Your email address is verified.')).toBeVisible()
	await page.goto('/organization/roster')
	// The e2e API sends two such mails an hour per organization (scripts/e2e-servers.mjs).
	const people = ['roster-first', 'roster-second', 'roster-third'].map((name) => uniqueEmail(name))
	await page.getByLabel('Roster file (CSV)').setInputFiles({
		name: 'three.csv',
		mimeType: 'text/csv',
		buffer: Buffer.from(
			[
				'role,first name,last name,email,department,student number',
				...people.map((address, n) => `student,Pupil,Number${n + 1},${address},Mathematics,`),
			].join('\n'),
			'utf8',
		),
	})
	await page.getByRole('button', { name: 'Upload and preview' }).click()
	await expect(page.getByRole('heading', { name: 'Roster import', level: 1 })).toBeVisible()
	await expect(
		page.getByText(
			'New people get their mail to choose a password at most 2 an hour: the first 2 of these 3 go at once, the rest over the next hour.',
			{ exact: false },
		),
	).toBeVisible()

	await page.getByRole('button', { name: 'Confirm import' }).click()
	const finished = page.getByRole('status').filter({ hasText: 'Import finished.' })
	if (javaScriptEnabled) {
		await expect(finished).toBeVisible({ timeout: 15_000 })
	} else {
		await expect(async () => {
			await page.reload()
			await expect(finished).toBeVisible({ timeout: 1000 })
		}).toPass({ timeout: 15_000 })
	}
	await expect(
		page.getByText(
			/^3 mails to choose a password are on their way, at most 2 an hour: the last goes out around \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M/,
		),
	).toBeVisible()
	// Two now; the third is due half an hour later, so it is not in the mailbox.
	await waitForMail(people[0] as string, 'Your TutorHub account: choose your password')
	await waitForMail(people[1] as string, 'Your TutorHub account: choose your password')
	expect(mailsTo(people[2] as string)).toEqual([])
	// The accounts are there already: the third person can use "Forgot password?" meanwhile.
	await page.goto('/organization/students')
	await expect(page.getByRole('cell', { name: 'Pupil Number3', exact: true })).toBeVisible()
})
