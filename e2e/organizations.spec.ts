import type { Page } from '@playwright/test'
import { apiUrl } from '../playwright.config'
import { expect, logIn, signUpOrganization, test, uniqueEmail } from './fixtures'
import { confirmEmail, linkIn, waitForMail } from './mailbox'

const password = 'a-good-password'

/** Registers a fresh organization through the sign-up page and logs in through organization login. */
async function registerAndLogIn(page: Page, name: string) {
	const email = uniqueEmail('org')
	await signUpOrganization(page, { name, email, password, country: 'Kenya' })
	await expect(page.getByText('Organization created successfully!')).toBeVisible()
	await logIn(page, email, password, 'organization')
	await expect(page).toHaveURL(/\/organization\/dashboard$/)
	await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
	return email
}

async function addMember(page: Page, kind: 'teacher' | 'student', first: string, last: string) {
	const form = page.getByRole('region', { name: `Register a new ${kind}` })
	await form.getByLabel('First name').fill(first)
	await form.getByLabel('Last name').fill(last)
	await form.getByLabel('Email').fill(uniqueEmail(first.toLowerCase()))
	await form.getByLabel('Password').fill(password)
	await form.getByRole('button', { name: `Add ${kind}` }).click()
	// Two adds in a row can show two of these toasts at once.
	await expect(page.getByText('Registered successfully').first()).toBeVisible()
	await expect(page.getByRole('cell', { name: `${first} ${last}`, exact: true })).toBeVisible()
}

function scoreCell(page: Page, subject: string, student: string) {
	return page.getByRole('textbox', { name: `${subject} score for ${student}` })
}

test('an organization runs departments, people, scores, result cards and analytics', async ({
	page,
}) => {
	const name = `Hillview School ${Date.now().toString(36)}`
	await registerAndLogIn(page, name)

	// Departments: create, refuse a duplicate, rename, delete with confirmation.
	await page
		.getByRole('navigation', { name: 'Organization navigation' })
		.getByRole('link', { name: 'Departments' })
		.click()
	// The dashboard has a quick form with the same label: wait until the page has changed.
	await expect(page.getByRole('heading', { name: 'Departments', level: 1 })).toBeVisible()
	await expect(page.getByText('No departments yet.')).toBeVisible()
	await page.getByLabel('Department name').fill('Mathematics')
	await page.getByRole('button', { name: 'Create department' }).click()
	await expect(page.getByText('Department created successfully', { exact: true })).toBeVisible()
	await expect(page.getByRole('cell', { name: 'Mathematics', exact: true })).toBeVisible()
	await page.getByLabel('Department name').fill('mathematics')
	await page.getByRole('button', { name: 'Create department' }).click()
	await expect(
		page
			.getByRole('region', { name: 'Create a department' })
			.getByRole('alert')
			.filter({ hasText: 'A department with this name already exists' }),
	).toBeVisible()
	await page.getByRole('link', { name: 'Rename Mathematics' }).click()
	await page.getByLabel('New department name').fill('Maths and statistics')
	await page.getByRole('button', { name: 'Save name' }).click()
	await expect(page.getByText('Department updated successfully', { exact: true })).toBeVisible()
	await expect(page.getByRole('cell', { name: 'Maths and statistics', exact: true })).toBeVisible()
	await page.getByLabel('Department name').fill('Sciences')
	await page.getByRole('button', { name: 'Create department' }).click()
	await expect(page.getByRole('cell', { name: 'Sciences', exact: true })).toBeVisible()
	await page.getByRole('link', { name: 'Delete Sciences' }).click()
	await expect(page.getByRole('heading', { name: 'Delete Sciences?' })).toBeVisible()
	await page.getByRole('button', { name: 'Delete department' }).click()
	await expect(page.getByText('Department deleted successfully', { exact: true })).toBeVisible()
	await expect(page.getByRole('cell', { name: 'Sciences', exact: true })).toHaveCount(0)

	// People: a teacher and two students.
	await page.goto('/organization/teachers')
	await addMember(page, 'teacher', 'Tess', 'Turner')
	await page.goto('/organization/students')
	await addMember(page, 'student', 'Ada', 'Adams')
	await addMember(page, 'student', 'Ben', 'Brown')
	await page.getByLabel('Search by name or email').fill('ben')
	await page.getByRole('button', { name: 'Search' }).click()
	await expect(page.getByRole('cell', { name: 'Ben Brown', exact: true })).toBeVisible()
	await expect(page.getByRole('cell', { name: 'Ada Adams', exact: true })).toHaveCount(0)

	// The dashboard counts them.
	await page.goto('/organization/dashboard')
	await expect(page.getByTestId('teachers-total')).toContainText('1')
	await expect(page.getByTestId('students-total')).toContainText('2')
	await expect(page.getByTestId('departments-total')).toContainText('1')
	await page.getByLabel('New department name').fill('Languages')
	await page.getByRole('button', { name: 'Add department' }).click()
	await expect(page.getByText('department created successfully!', { exact: true })).toBeVisible()
	await expect(page.getByTestId('departments-total')).toContainText('2')
	await expect(
		page.getByRole('region', { name: 'Departments' }).getByText('Languages'),
	).toBeVisible()

	// Scores: one bad cell and nothing is saved; corrected, all are.
	await page.goto('/organization/score-input')
	await page.getByLabel('Term').fill('Term 1 2026')
	await page.getByLabel('Subjects').fill('Maths, Art')
	await page.getByRole('button', { name: 'Show score grid' }).click()
	await expect(page.getByRole('table', { name: 'Scores for Term 1 2026' })).toBeVisible()
	await scoreCell(page, 'Maths', 'Ada Adams').fill('95')
	await scoreCell(page, 'Art', 'Ada Adams').fill('850')
	await scoreCell(page, 'Maths', 'Ben Brown').fill('55')
	await scoreCell(page, 'Art', 'Ben Brown').fill('72')
	await page.getByRole('button', { name: 'Save scores' }).click()
	await expect(page.getByText('1 score needs correcting. Nothing was saved.')).toBeVisible()
	await expect(scoreCell(page, 'Art', 'Ada Adams')).toHaveAttribute('aria-invalid', 'true')
	await expect(scoreCell(page, 'Art', 'Ada Adams')).toHaveAccessibleDescription(
		/Enter a score from 0 to 100/,
	)
	await expect(scoreCell(page, 'Maths', 'Ben Brown')).toHaveValue('55')
	await scoreCell(page, 'Art', 'Ada Adams').fill('85')
	await page.getByRole('button', { name: 'Save scores' }).click()
	await expect(page.getByText('Scores saved successfully')).toBeVisible()
	await expect(scoreCell(page, 'Art', 'Ada Adams')).toHaveValue('85')
	await expect(scoreCell(page, 'Maths', 'Ada Adams')).toHaveValue('95')

	// Result card: Ada's average is 90, in the 90-100 band.
	await page.getByRole('link', { name: 'Result cards' }).click()
	await expect(
		page.getByRole('heading', { name: 'Students with scores in Term 1 2026' }),
	).toBeVisible()
	await page.getByRole('link', { name: 'Open the result card of Ada Adams' }).click()
	const card = page.getByRole('article', { name: 'Result card: Ada Adams' })
	await expect(card).toBeVisible()
	await expect(card.getByTestId('result-card-average')).toHaveText('90')
	await expect(card.getByRole('row', { name: 'Average 90 90-100' })).toBeVisible()
	await expect(card.getByRole('row', { name: 'Art 85 80-90' })).toBeVisible()

	// Analytics: the four scores in their bands, in the table read by screen readers.
	await page.getByRole('link', { name: 'Analytics' }).click()
	const distribution = page.getByRole('table', { name: 'Grade distribution, all terms' })
	for (const [band, count] of [
		['0-60', '1'],
		['60-70', '0'],
		['70-80', '1'],
		['80-90', '1'],
		['90-100', '1'],
	]) {
		await expect(
			distribution.getByRole('row', { name: `${band} ${count}`, exact: true }),
		).toHaveCount(1)
	}
	const performance = page.getByRole('table', { name: 'Performance over time' })
	await expect(performance.getByRole('row', { name: 'Term 1 2026 76.75 4' })).toHaveCount(1)
	await expect(
		page.getByRole('table', { name: 'Enrolment over time' }).getByRole('row').last(),
	).toContainText('2')
})

test('an organization invites an existing student, who accepts; it updates its settings and deletes itself', async ({
	page,
}) => {
	const name = `Lakeside Academy ${Date.now().toString(36)}`
	const orgEmail = await registerAndLogIn(page, name)

	const studentEmail = uniqueEmail('existing')
	const registered = await fetch(`${apiUrl}/auth/register-student`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ firstName: 'Eve', lastName: 'Existing', email: studentEmail, password }),
	})
	expect(registered.status).toBe(201)

	await page.goto('/organization/students')
	const invite = async (email: string) => {
		const form = page.getByRole('region', { name: 'Invite an existing student' })
		// The previous invitation's toast first goes, so the one seen below is this one's.
		await expect(page.getByText('Invitation sent')).toHaveCount(0)
		await form.getByLabel('Student’s email').fill(email)
		await form.getByRole('button', { name: 'Send invitation' }).click()
		await expect(page.getByText('Invitation sent')).toBeVisible()
	}
	// An email with no account is answered the same: the organization learns nothing of accounts.
	const nobody = uniqueEmail('nobody')
	await invite(nobody)
	const waiting = page.getByRole('region', { name: 'Invitations waiting for an answer' })
	await expect(waiting.getByText(nobody)).toBeVisible()
	await waiting.getByRole('button', { name: `Cancel the invitation to ${nobody}` }).click()
	await expect(page.getByText('Invitation cancelled')).toBeVisible()
	await expect(waiting.getByText(nobody)).toHaveCount(0)

	// Until the student accepts, they are not a member: only the email shows, as an invitation.
	await invite(studentEmail)
	await expect(waiting.getByText(studentEmail)).toBeVisible()
	await expect(page.getByRole('cell', { name: 'Eve Existing', exact: true })).toHaveCount(0)

	const student = await page
		.context()
		.browser()!
		.newContext({
			javaScriptEnabled: test.info().project.name !== 'no-js',
		})
	const studentPage = await student.newPage()
	await logIn(studentPage, studentEmail, password)
	const invitations = studentPage.getByRole('region', { name: 'Invitations' })
	// Until the student proves the mailbox is theirs, they learn only that an invitation waits.
	await expect(invitations).toContainText(
		'An organization has invited you to join it. Confirm your email address to see and answer the invitation',
	)
	await expect(invitations.getByText(name)).toHaveCount(0)
	await confirmEmail(
		studentPage,
		linkIn(await waitForMail(studentEmail, 'Confirm your TutorHub email address'), '/verify-email'),
	)
	await expect(studentPage.getByText('Your email address is verified.')).toBeVisible()
	await expect(
		invitations.getByText(`${name} invited you to join their organization`),
	).toBeVisible()
	await invitations.getByRole('button', { name: `Accept the invitation from ${name}` }).click()
	await expect(studentPage.getByText('Invitation accepted')).toBeVisible()
	await expect(studentPage.getByRole('region', { name: 'Invitations' })).toHaveCount(0)
	await student.close()

	await page.reload()
	await expect(page.getByRole('cell', { name: 'Eve Existing', exact: true })).toBeVisible()
	await expect(waiting.getByText(studentEmail)).toHaveCount(0)
	// Removing a member asks first.
	await page.getByText('Remove', { exact: true }).click()
	await page.getByRole('button', { name: 'Yes, remove this student' }).click()
	await expect(page.getByText('Student removed from the organization')).toBeVisible()
	await expect(page.getByRole('cell', { name: 'Eve Existing', exact: true })).toHaveCount(0)

	await page.getByRole('link', { name: 'Settings' }).click()
	await page.getByLabel('Website (optional)').fill('not a website')
	await page.getByRole('button', { name: 'Save changes' }).click()
	await expect(page.getByText('Enter a full web address, like https://example.org')).toBeVisible()
	const renamed = `${name} Trust`
	await page.getByLabel('Organization name').fill(renamed)
	await page.getByLabel('Website (optional)').fill('https://lakeside.example')
	await page.getByRole('button', { name: 'Save changes' }).click()
	await expect(page.getByText('Organization updated successfully')).toBeVisible()
	await expect(page.getByText(`Signed in as ${renamed}`)).toBeVisible()
	await expect(page.getByLabel('Website (optional)')).toHaveValue('https://lakeside.example')

	await page.getByLabel(`Type ${renamed} to confirm`).fill(name)
	await page.getByRole('button', { name: 'Delete organization' }).click()
	await expect(page.getByText('The name does not match. Type it exactly as shown.')).toBeVisible()
	await page.getByLabel(`Type ${renamed} to confirm`).fill(renamed)
	await page.getByRole('button', { name: 'Delete organization' }).click()
	await expect(page.getByText('Organization deleted successfully')).toBeVisible()
	await expect(page).toHaveURL(/\/$/)
	await page.goto('/organization/dashboard')
	await expect(page).toHaveURL(/\/login\?redirectTo=/)
	await logIn(page, orgEmail, password, 'organization')
	await expect(page.getByText('Invalid email or password').first()).toBeVisible()
})

test('the demo organization sees its seeded data and another organization’s pages stay its own', async ({
	page,
}) => {
	await logIn(page, 'organization@example.com', 'DemoPass123!', 'organization')
	await expect(page).toHaveURL(/\/organization\/dashboard$/)
	await expect(page.getByTestId('departments-total')).toContainText('3')
	await page.goto('/organization/result-cards?term=Term%201%202026')
	await expect(page.getByRole('rowheader', { name: 'Olivia Chen' })).toBeVisible()
	await page.goto('/organization/departments?edit=00000000-0000-4000-8000-000000000000')
	await expect(page.getByRole('main').getByText('Department not found')).toBeVisible()
})

test('settings saved while offline are sent once the browser is back online', async ({
	page,
	context,
}, testInfo) => {
	test.skip(testInfo.project.name === 'no-js', 'The offline queue is a JavaScript island')
	const name = `Offline College ${Date.now().toString(36)}`
	await registerAndLogIn(page, name)
	await page.goto('/organization/settings')
	await expect(page.getByLabel('Organization name')).toHaveValue(name)
	// The router discovers the routes behind visible links with a fetch; let that finish first.
	await page.waitForLoadState('networkidle')

	await context.setOffline(true)
	await page.getByLabel('Organization name').fill(`${name} North`)
	await page.getByRole('button', { name: 'Save changes' }).click()
	await expect(page.getByText('You are offline. Changes will be saved locally.')).toBeVisible()
	await expect(page.getByText('One change is saved on this device')).toBeVisible()
	const queued = await page.evaluate(() =>
		JSON.parse(localStorage.getItem('organization_offline_data') ?? '[]'),
	)
	expect(queued).toEqual([
		expect.objectContaining({
			type: 'UPDATE',
			timestamp: expect.any(Number),
			action: '/organization/settings',
			payload: expect.objectContaining({ intent: 'update', name: `${name} North` }),
		}),
	])

	await context.setOffline(false)
	await expect(page.getByText(`Signed in as ${name} North`)).toBeVisible()
	await expect(page.getByText('One change is saved on this device')).toHaveCount(0)
	expect(await page.evaluate(() => localStorage.getItem('organization_offline_data'))).toBeNull()
	await page.reload()
	await expect(page.getByLabel('Organization name')).toHaveValue(`${name} North`)
})
