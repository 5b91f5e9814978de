import type { Page } from '@playwright/test'
import { demoPassword, expect, logIn, test } from './fixtures'
import {
	organizationCourseWithStudent,
	registerOrganization,
	registerUser,
} from './http/security-world'
import { enrolledCourse, registerAccount, signIn, uniqueWord } from './library-fixtures'

// Issue 16: a refused or missing page inside a dashboard (a file link, an address no page
// claims, a refused form post) is the area's own 403 or 404 page, in HTML with the area's
// navigation, never raw JSON text nor a bare page.

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

async function expectAreaPage(
	page: Page,
	area: string,
	heading: 'Access denied' | 'Page not found',
) {
	await expect(page.getByRole('heading', { name: heading })).toBeVisible()
	await expect(page.getByRole('navigation', { name: `${area} navigation` })).toBeVisible()
	await expect(page.getByText('You do not have permission to do this')).toHaveCount(0)
}

/** An organization's free course with one enrolled student and that student's certificate. */
async function organizationCertificate(prefix: string) {
	const { organization, student, course } = await organizationCourseWithStudent(
		{ organization: prefix, student: prefix },
		{ title: `Physics ${uniqueWord('p')}`, description: 'Forces.' },
	)
	const { certificate } = await organization.api.ok('POST', '/certificates', {
		courseId: course.id,
		studentId: student.api.id,
	})
	return { organization, certificate: certificate as { id: string } }
}

test('another organization’s certificate PDF is the Access denied page inside the organization area', async ({
	page,
}) => {
	const { certificate } = await organizationCertificate('pdf-owner')
	const other = await registerOrganization('pdf-other')

	await logIn(page, other.email, demoPassword, 'organization')
	await expect(page).toHaveURL(/\/organization\/dashboard$/)
	const refused = await page.goto(`/organization/certificates/${certificate.id}/pdf`)
	expect(refused?.status()).toBe(403)
	expect(refused?.headers()['content-type']).toMatch(/^text\/html/)
	await expectAreaPage(page, 'Organization', 'Access denied')
	const missing = await page.goto(`/organization/certificates/${UNKNOWN_ID}/pdf`)
	expect(missing?.status()).toBe(404)
	await expectAreaPage(page, 'Organization', 'Page not found')
	// The navigation still works from there.
	await page
		.getByRole('navigation', { name: 'Organization navigation' })
		.getByRole('link', { name: 'Courses' })
		.click()
	await expect(page).toHaveURL(/\/organization\/courses$/)
})

test('students’ and teachers’ file links answer their area’s 403 and 404 pages', async ({
	page,
}) => {
	const teacher = await registerUser('tutor', 'Files')
	const owner = await registerAccount('student', 'Olive', 'Owner')
	const other = await registerAccount('student', 'Otto', 'Other')
	const courseId = await enrolledCourse(
		{ id: teacher.api.id, email: teacher.email, name: 'Sec Files' },
		[owner, other],
		`Art ${uniqueWord('a')}`,
	)
	const { certificate } = await teacher.api.ok('POST', '/certificates', {
		courseId,
		studentId: owner.id,
	})

	await signIn(page, other.email)
	expect((await page.goto(`/studentdashboard/certificates/${certificate.id}/pdf`))?.status()).toBe(
		403,
	)
	await expectAreaPage(page, 'Student', 'Access denied')
	expect((await page.goto(`/studentdashboard/library/${UNKNOWN_ID}/file`))?.status()).toBe(404)
	await expectAreaPage(page, 'Student', 'Page not found')
	expect(
		(await page.goto(`/studentdashboard/task-details/file?taskId=${UNKNOWN_ID}`))?.status(),
	).toBe(404)
	await expectAreaPage(page, 'Student', 'Page not found')
	expect((await page.goto('/studentdashboard/task-details/file'))?.status()).toBe(404)
	await expectAreaPage(page, 'Student', 'Page not found')
	await page.getByRole('button', { name: 'Log out' }).click()
	await expect(page).toHaveURL(/\/login$/)

	// A teacher's library file removed after the list was shown: its link shows the 404 page.
	const title = `Removed worksheet ${uniqueWord('w')}`
	const form = new FormData()
	for (const [name, value] of Object.entries({
		title,
		subject: 'Mathematics',
		resourceType: 'worksheet',
	}))
		form.append(name, value)
	form.append('file', new Blob(['Practice\n'], { type: 'text/plain' }), 'sheet.txt')
	const { resource } = await teacher.api.ok('POST', '/resources/upload', form)
	await logIn(page, teacher.email, demoPassword)
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	await page.goto('/teachersdashboard/library')
	await expect(page.getByRole('heading', { name: title })).toBeVisible()
	await teacher.api.ok('DELETE', `/resources/${resource.id}`)
	await page.getByRole('link', { name: `Download ${title}` }).click()
	await expectAreaPage(page, 'Teacher', 'Page not found')
	expect((await page.goto(`/teachersdashboard/tasks/file?taskId=${UNKNOWN_ID}`))?.status()).toBe(
		404,
	)
	await expectAreaPage(page, 'Teacher', 'Page not found')
	expect((await page.goto(`/teachersdashboard/certificates/${UNKNOWN_ID}/pdf`))?.status()).toBe(404)
	await expectAreaPage(page, 'Teacher', 'Page not found')
})

test('an address no page claims under an area is the 404 page with the area’s navigation', async ({
	page,
}) => {
	const teacher = await registerAccount('tutor', 'Lost', 'Teacher')
	await signIn(page, teacher.email)
	const missing = await page.goto('/teachersdashboard/no-such-page')
	expect(missing?.status()).toBe(404)
	await expectAreaPage(page, 'Teacher', 'Page not found')
	expect((await page.goto('/conference/no-such-room/at-all'))?.status()).toBe(404)
	await expectAreaPage(page, 'Live room', 'Page not found')
	// A link there still works.
	await page.getByRole('link', { name: 'Teacher dashboard' }).click()
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	// Outside the areas the plain 404 page stays.
	expect((await page.goto('/no-such-page'))?.status()).toBe(404)
	await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
})

test('a form post the page refuses shows the 404 page inside the area, and changes nothing', async ({
	page,
}) => {
	const teacher = await registerAccount('tutor', 'Ivy', 'Post')
	const theo = await registerAccount('student', 'Theo', 'Post')
	const mila = await registerAccount('student', 'Mila', 'Post')
	const courseId = await enrolledCourse(teacher, [theo, mila], `Poetry ${uniqueWord('p')}`)
	const certificatePage = (email: string) =>
		`/teachersdashboard/certificate/${theo.id}/${courseId}/${teacher.id}/${encodeURIComponent(email)}`

	await signIn(page, teacher.email)
	await page.goto(certificatePage(theo.email))
	await expect(page.getByRole('heading', { name: 'No certificate yet' })).toBeVisible()
	// The page's form, aimed at the same student under another student's email (as a stale or
	// edited address would): the post is refused as the page itself is.
	await page
		.locator('main form[method="post"]')
		.last()
		.evaluate((form, action) => form.setAttribute('action', action), certificatePage(mila.email))
	await page.getByRole('button', { name: 'Mark course completed and issue certificate' }).click()
	await expectAreaPage(page, 'Teacher', 'Page not found')
	await page.goto(certificatePage(theo.email))
	await expect(page.getByRole('heading', { name: 'No certificate yet' })).toBeVisible()
})
