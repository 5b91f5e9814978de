import { demoPassword, expect, logIn, test } from './fixtures'
import { organizationCourseWithStudent } from './http/security-world'
import { enrolledCourse, registerAccount, signIn, uniqueWord } from './library-fixtures'

// Issue 16: the teacher's and organization's certificate pages name the enrolled student from
// their own record (the email in the address only has to match it), and issuing with JavaScript
// leaves the page's own address in the bar.

test('the certificate page names the enrolled student; another student’s email in the address is a 404 inside the area', async ({
	page,
}) => {
	const teacher = await registerAccount('tutor', 'Nora', 'Quill')
	const theo = await registerAccount('student', 'Theo', 'Grant')
	const mila = await registerAccount('student', 'Mila', 'Stone')
	const course = `Botany ${uniqueWord('b')}`
	const courseId = await enrolledCourse(teacher, [theo, mila], course)
	const page404 = `/teachersdashboard/certificate/${theo.id}/${courseId}/${teacher.id}/${encodeURIComponent(mila.email)}`

	await signIn(page, teacher.email)
	const refused = await page.goto(page404)
	expect(refused?.status()).toBe(404)
	await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
	await expect(page.getByRole('navigation', { name: 'Teacher navigation' })).toBeVisible()
	await expect(page.getByText('Mila Stone')).toHaveCount(0)
	await expect(page.getByText(mila.email)).toHaveCount(0)

	// The right email, in any letter case: Theo's own record, and issuing certifies Theo.
	await page.goto(
		`/teachersdashboard/certificate/${theo.id}/${courseId}/${teacher.id}/${encodeURIComponent(theo.email.toUpperCase())}`,
	)
	await expect(page.getByText(`Student: Theo Grant (${theo.email})`)).toBeVisible()
	await page.getByRole('button', { name: 'Mark course completed and issue certificate' }).click()
	await expect(page.getByText('Certificate issued successfully')).toBeVisible()
	await expect(page.getByText('Awarded to')).toBeVisible()
	await expect(page.getByText('Theo Grant').first()).toBeVisible()

	// Still a 404 once a certificate exists: the address never renames the student.
	await page.goto(page404)
	await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
	await expect(page.getByRole('heading', { name: course })).toHaveCount(0)
})

test('an organization issues a certificate and the address stays the page’s own, so a reload shows the page', async ({
	page,
}) => {
	const title = `Biology ${uniqueWord('a')}`
	const { organization, course } = await organizationCourseWithStudent(
		{ organization: 'issue-address', student: 'Address' },
		{ title, description: 'Cells and life.' },
	)

	await logIn(page, organization.email, demoPassword, 'organization')
	await expect(page).toHaveURL(/\/organization\/dashboard$/)
	await page.goto(`/organization/courses?course=${course.id}#class-list`)
	await page
		.getByRole('region', { name: `Students enrolled in ${title}` })
		.getByRole('link', { name: 'Certificate of Sec Address' })
		.click()
	await expect(page).toHaveURL(
		new RegExp(`/organization/certificate/[^/]+/${course.id}/${organization.api.id}/[^/]+$`),
	)
	const address = page.url()
	await page.getByRole('button', { name: 'Mark course completed and issue certificate' }).click()
	await expect(page.getByText('Certificate issued successfully')).toBeVisible()
	await expect(page.getByRole('heading', { name: title })).toBeVisible()
	// The same page (the email's @ may be written either way), never its data address.
	expect(decodeURIComponent(page.url())).toBe(decodeURIComponent(address))

	await page.reload()
	await expect(page.getByRole('heading', { name: title })).toBeVisible()
	await expect(page.getByText('Awarded to')).toBeVisible()
})
