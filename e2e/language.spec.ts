import type { Page } from '@playwright/test'
import { callApi, expect, registerOrganization, test, uniqueEmail } from './fixtures'
import { password, registerAccount, signIn } from './library-fixtures'

// Issue 40 (decision 063): the language is chosen without JavaScript, in the order a course, the
// person, their organization, the visitor's choice, the browser.

async function chooseLanguage(page: Page, name: string, label = 'Language') {
	const footer = page.locator('footer')
	await footer.getByLabel(label).selectOption({ label: name })
	await footer.locator('form[action="/language"] button[type="submit"]').click()
}

test('a visitor picks a language in the footer and keeps it on the next page', async ({ page }) => {
	await page.setViewportSize({ width: 360, height: 740 })
	await page.goto('/pricing')
	await expect(page.locator('html')).toHaveAttribute('lang', 'en')
	await chooseLanguage(page, 'Español')
	await expect(page).toHaveURL(/\/pricing$/)
	await expect(page.locator('html')).toHaveAttribute('lang', 'es')
	await expect(page.locator('footer').getByLabel('Idioma')).toHaveValue('es')
	await expect(page.locator('footer').getByRole('button', { name: 'Cambiar idioma' })).toBeVisible()

	await chooseLanguage(page, 'العربية', 'Idioma')
	await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
	await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
	await expect(page.locator('footer').getByLabel('اللغة')).toHaveValue('ar')
	// Right to left at a phone's width: nothing wider than the screen.
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

	await page.goto('/about-us')
	await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
})

test("the browser's language is the default, and a choice outranks it", async ({ browser }) => {
	const context = await browser.newContext({ locale: 'fr-FR' })
	const page = await context.newPage()
	await page.goto('/')
	await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
	await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
	await chooseLanguage(page, 'English', 'Langue')
	await expect(page.locator('html')).toHaveAttribute('lang', 'en')
	await context.close()
})

test("a student's choice is kept on the account, on any device", async ({ page, browser }) => {
	const student = await registerAccount('student', 'Amal', 'Haddad')
	await signIn(page, student.email)
	await chooseLanguage(page, 'العربية')
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')

	// Another browser with no cookie of ours, asking for English: the account speaks Arabic.
	const other = await browser.newContext({ locale: 'en-US' })
	const elsewhere = await other.newPage()
	await signIn(elsewhere, student.email)
	await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'ar')
	await other.close()
})

test("an organization's default language speaks for its members who chose none", async ({
	page,
}) => {
	const organizationEmail = await registerOrganization('École Lumière', password)
	const login = await callApi('POST', '/auth/organization-login', {
		email: organizationEmail,
		password,
	})
	const token = login.body.user.accessToken as string
	expect((await callApi('PUT', '/account/language', { locale: 'fr' }, token)).status).toBe(200)
	const memberEmail = uniqueEmail('student')
	const member = await callApi(
		'POST',
		'/auth/register-student/organization',
		{ firstName: 'Léa', lastName: 'Martin', email: memberEmail, password },
		token,
	)
	expect(member.status).toBe(201)

	await signIn(page, memberEmail)
	await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
	await expect(page.locator('footer').getByLabel('Langue')).toHaveValue('fr')
})

test('a language the list does not hold changes nothing', async ({ page }) => {
	await page.goto('/contact-us')
	const answer = await page.request.post('/language', {
		form: { locale: 'de', redirectTo: '/contact-us' },
		headers: { Origin: new URL(page.url()).origin },
		maxRedirects: 0,
	})
	expect(answer.status()).toBe(302)
	expect(answer.headers()['set-cookie'] ?? '').not.toContain('lang=')
	await page.goto('/contact-us')
	await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})

test("a course's own language outranks the visitor's and the student's", async ({ page }) => {
	const teacher = await callApi('POST', '/auth/login', {
		email: 'teacher@example.com',
		password: 'DemoPass123!',
	})
	const token = teacher.body.user.accessToken as string
	const created = await callApi(
		'POST',
		'/courses/create-course',
		{
			title: `Conversation en français ${Date.now()}`,
			description: 'Une heure par semaine, en français.',
			category: 'Languages',
			level: 'Beginner',
			price: { amount: 0, currency: 'EUR' },
			locale: 'fr',
			isPublished: true,
		},
		token,
	)
	expect(created.status).toBe(201)
	const courseId = created.body.course.id as string
	await page.goto(`/courses/${courseId}`)
	await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
	// Off the course, the visitor's own language again.
	await page.goto('/pricing')
	await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})

test("a teacher sets the course's language in its form", async ({ page }) => {
	const teacher = await registerAccount('tutor', 'Inès', 'Moreau')
	const login = await callApi('POST', '/auth/login', { email: teacher.email, password })
	const created = await callApi(
		'POST',
		'/courses/create-course',
		{
			title: `Atelier d'écriture ${Date.now()}`,
			description: 'Écrire chaque semaine.',
			category: 'Languages',
			level: 'Beginner',
			price: { amount: 0, currency: 'EUR' },
			isPublished: true,
		},
		login.body.user.accessToken,
	)
	const courseId = created.body.course.id as string
	await signIn(page, teacher.email)
	await page.goto(`/teachersdashboard/courses/edit/${courseId}`)
	await page.getByLabel("Language of the course's pages").selectOption({ label: 'Français' })
	await page.getByRole('button', { name: 'Save changes' }).click()
	await expect(page.getByText('Course updated successfully')).toBeVisible()
	await page.goto(`/courses/${courseId}`)
	await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
	await page.goto(`/teachersdashboard/courses/edit/${courseId}`)
	await expect(page.getByLabel("Language of the course's pages")).toHaveValue('fr')
})
