import { readFile } from 'node:fs/promises'
import { demoPassword, expect, logIn, logOut, test } from './fixtures'
import { organizationCourseWithStudent } from './http/security-world'
import { enrolledCourse, registerAccount, signIn, uniqueWord } from './library-fixtures'

test('a student who completed a course downloads a valid PDF certificate whose link confirms it; a tampered id is not genuine', async ({
	page,
}) => {
	const teacher = await registerAccount('tutor', 'Maya', 'Lopez')
	const student = await registerAccount('student', 'Theo', 'Grant')
	const course = `Statistics ${uniqueWord('s')}`
	const courseId = await enrolledCourse(teacher, [student], course)

	await signIn(page, teacher.email)
	await page.goto(`/teachersdashboard/report-card/${student.id}`)
	await expect(page.getByRole('heading', { name: 'Report cards: Theo Grant' })).toBeVisible()
	await page.getByRole('link', { name: `Certificate: ${course}` }).click()
	await expect(page).toHaveURL(
		new RegExp(`/teachersdashboard/certificate/${student.id}/${courseId}/${teacher.id}/`),
	)
	await expect(page.getByRole('heading', { name: 'No certificate yet' })).toBeVisible()
	await page.getByRole('button', { name: 'Mark course completed and issue certificate' }).click()
	await expect(page.getByText('Certificate issued successfully')).toBeVisible()
	await expect(page.getByRole('heading', { name: course })).toBeVisible()
	await expect(page.getByText('Awarded to')).toBeVisible()
	await logOut(page)

	await signIn(page, student.email)
	await page.getByRole('link', { name: 'Certificates' }).click()
	await expect(page.getByRole('heading', { name: course })).toBeVisible()
	const downloading = page.waitForEvent('download')
	await page.getByRole('link', { name: `Download the certificate for ${course} as PDF` }).click()
	const pdf = await readFile(await (await downloading).path())
	expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
	const link = /\/URI \((http[^)]+)\)/.exec(pdf.toString('latin1'))?.[1]
	expect(link).toMatch(/\/verify\/certificate\/[A-Za-z0-9_-]{22}$/)
	const verifyUrl = new URL(link ?? '')
	expect(verifyUrl.origin).toBe(new URL(page.url()).origin)

	await logOut(page)
	await page.goto(verifyUrl.pathname)
	await expect(page.getByRole('heading', { name: 'Genuine certificate' })).toBeVisible()
	await expect(page.getByText('Theo Grant')).toBeVisible()
	await expect(page.getByText(course)).toBeVisible()

	const publicId = verifyUrl.pathname.split('/').pop() ?? ''
	const tampered = `${publicId.slice(0, -1)}${publicId.endsWith('A') ? 'B' : 'A'}`
	await page.goto(`/verify/certificate/${tampered}`)
	await expect(page.getByRole('heading', { name: 'Not genuine' })).toBeVisible()
})

test('a teacher writes a report card; the student sees it across courses and its link verifies it', async ({
	page,
}) => {
	const teacher = await registerAccount('tutor', 'Iris', 'Novak')
	const student = await registerAccount('student', 'Leo', 'Brandt')
	const course = `Geography ${uniqueWord('g')}`
	const courseId = await enrolledCourse(teacher, [student], course)

	await signIn(page, teacher.email)
	await page.goto(`/teachersdashboard/report-card/${student.id}/${courseId}`)
	await expect(page.getByText('No report card yet.')).toBeVisible()
	await page.getByLabel('Overall score (0 to 100)').fill('120')
	await page.getByRole('button', { name: 'Save report card' }).click()
	await expect(page.getByText('Enter the overall score from 0 to 100')).toBeVisible()
	await page.getByLabel('Overall score (0 to 100)').fill('88')
	await page.getByLabel('Subject 1').fill('Map reading')
	await page.getByLabel('Score 1').fill('93')
	await page.getByLabel('Remark 1').fill('Excellent')
	await page.getByLabel('Comments (optional)').fill('A strong term.')
	await page.getByRole('button', { name: 'Save report card' }).click()
	await expect(page.getByText('Report card saved successfully')).toBeVisible()
	await expect(page.getByRole('article', { name: `Report card for ${course}` })).toContainText(
		'Grade B',
	)
	await logOut(page)

	await signIn(page, student.email)
	await page.getByRole('link', { name: 'Report cards' }).click()
	await expect(page.getByText('Average across courses: 88/100')).toBeVisible()
	const card = page.getByRole('article', { name: `Report card for ${course}` })
	await expect(card.getByRole('rowheader', { name: 'Map reading' })).toBeVisible()
	await card.getByRole('link', { name: 'Verification page' }).click()
	await expect(page.getByRole('heading', { name: 'Genuine report card' })).toBeVisible()
	await expect(page.getByText('A strong term.')).toBeVisible()
})

test('an organization finds a student in its course’s class list and issues the certificate there', async ({
	page,
}) => {
	const title = `Chemistry ${uniqueWord('c')}`
	const { organization, student, course } = await organizationCourseWithStudent(
		{ organization: 'class-list', student: 'Pupil' },
		{ title, description: 'Atoms, bonds and reactions.' },
	)

	await logIn(page, organization.email, demoPassword, 'organization')
	await expect(page).toHaveURL(/\/organization\/dashboard$/)
	await page
		.getByRole('navigation', { name: 'Organization navigation' })
		.getByRole('link', { name: 'Courses' })
		.click()
	await page.getByRole('link', { name: `View students of ${title}` }).click()
	const classList = page.getByRole('region', { name: `Students enrolled in ${title}` })
	await expect(classList.getByRole('cell', { name: 'Sec Pupil', exact: true })).toBeVisible()
	await expect(classList.getByRole('cell', { name: student.email })).toBeVisible()
	await classList.getByRole('link', { name: 'Certificate of Sec Pupil' }).click()
	await expect(page).toHaveURL(
		new RegExp(`/organization/certificate/[^/]+/${course.id}/${organization.api.id}/`),
	)
	await expect(page.getByRole('heading', { name: 'No certificate yet' })).toBeVisible()
	await page.getByRole('button', { name: 'Mark course completed and issue certificate' }).click()
	await expect(page.getByText('Certificate issued successfully')).toBeVisible()
	await expect(page.getByRole('heading', { name: title })).toBeVisible()
	await expect(page.getByText('Awarded to')).toBeVisible()

	await page.getByRole('link', { name: 'Students of the course' }).click()
	await expect(page.getByRole('region', { name: `Students enrolled in ${title}` })).toBeVisible()
})
