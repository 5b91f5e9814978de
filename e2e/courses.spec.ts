import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import { courseAnswer, password, registerAccount, teacherWithCourse } from './course-helpers'
import { expect, logIn, test } from './fixtures'

/** A teacher signed in with a draft course of their own: the offline queue's journeys start here. */
async function signedInWithDraftCourse(page: Page, request: APIRequestContext) {
	const { teacher, course } = await teacherWithCourse(request, { isPublished: false })
	await logIn(page, teacher.email, password)
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	return { teacher, course }
}

/** The router has finished discovering the page's links before the network goes away. */
async function goOffline(page: Page, context: BrowserContext) {
	await page.waitForLoadState('networkidle')
	await context.setOffline(true)
}

test('a teacher creates, edits, publishes and deletes a course and the public catalogue follows', async ({
	page,
	request,
}) => {
	const teacher = await registerAccount(request, 'tutor', 'Maya')
	const title = `Botany ${Math.random().toString(36).slice(2, 8)}`
	await logIn(page, teacher.email, password)
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	await page
		.getByRole('navigation', { name: 'Teacher navigation' })
		.getByRole('link', { name: 'Courses' })
		.click()
	await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible()
	await expect(page.getByTestId('total-courses')).toHaveText('0')

	await page.getByRole('link', { name: 'Create course' }).click()
	await page.getByLabel('Title', { exact: true }).fill(title)
	await page.getByLabel('Description').fill('Plants, their parts and how they grow.')
	await page.getByLabel('Category').selectOption('Science')
	await page.getByLabel('Level').selectOption('Intermediate')
	await page.getByLabel('Price', { exact: true }).fill('25')
	await page.getByLabel('Modules (optional)').fill('Roots: water; minerals\nLeaves: photosynthesis')
	await page.getByRole('button', { name: 'Create course' }).click()
	await expect(page.getByText('Course created successfully!')).toBeVisible()
	await expect(page).toHaveURL(/\/teachersdashboard\/courses$/)
	await expect(page.getByTestId('total-courses')).toHaveText('1')
	const row = page.getByRole('row', { name: new RegExp(title) })
	await expect(row.getByRole('cell', { name: 'Draft' })).toBeVisible()

	// A draft is not in the public catalogue.
	await page.goto('/courses?category=Science')
	await expect(page.getByRole('heading', { name: 'Chemistry Essentials' })).toBeVisible()
	await expect(page.getByRole('heading', { name: title })).toHaveCount(0)

	await page.goto('/teachersdashboard/courses')
	await page.getByRole('link', { name: `Edit ${title}` }).click()
	await expect(page.getByLabel('Modules (optional)')).toHaveValue(
		'Roots: water; minerals\nLeaves: photosynthesis',
	)
	await page.getByLabel('Title', { exact: true }).fill(`${title} (updated)`)
	await page.getByRole('button', { name: 'Save changes' }).click()
	await expect(page.getByText('Course updated successfully')).toBeVisible()
	await expect(page.getByRole('link', { name: `${title} (updated)`, exact: true })).toBeVisible()

	await page.getByRole('button', { name: `Publish ${title} (updated)` }).click()
	await expect(
		page.getByRole('row', { name: new RegExp(title) }).getByRole('cell', { name: 'Published' }),
	).toBeVisible()
	await page.goto('/courses?category=Science')
	await expect(page.getByRole('heading', { name: `${title} (updated)` })).toBeVisible()

	await page.goto('/teachersdashboard/courses')
	await page.getByText(`Delete`, { exact: true }).click()
	await page.getByRole('button', { name: 'Yes, delete this course' }).click()
	await expect(page.getByText('Course deleted successfully')).toBeVisible()
	await expect(page.getByTestId('total-courses')).toHaveText('0')
	await expect(page.getByText('You have no courses yet.')).toBeVisible()
	await page.goto('/courses?category=Science')
	await expect(page.getByRole('heading', { name: 'Chemistry Essentials' })).toBeVisible()
	await expect(page.getByRole('heading', { name: `${title} (updated)` })).toHaveCount(0)
})

test('the course form refuses bad input and keeps what was typed', async ({ page, request }) => {
	const teacher = await registerAccount(request, 'tutor', 'Omar')
	await logIn(page, teacher.email, password)
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	await page.goto('/teachersdashboard/courses/form')
	await page.getByLabel('Title', { exact: true }).fill('Half a course')
	await page.getByLabel('Description').fill('Something')
	await page.getByLabel('Price', { exact: true }).fill('12.345')
	await page.getByRole('button', { name: 'Create course' }).click()
	await expect(page.getByText('Price must be an amount like 49 or 49.99')).toBeVisible()
	await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Half a course')
})

test("a student cannot edit a teacher's course", async ({ page, request }) => {
	const { course } = await teacherWithCourse(request)
	const student = await registerAccount(request, 'student', 'Sam')
	await logIn(page, student.email, password)
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await page.goto(`/teachersdashboard/courses/edit/${course.id}`)
	await expect(page).toHaveURL(/\/unauthorized$/)
	const response = await page.request.post(`/teachersdashboard/courses/edit/${course.id}`, {
		form: {
			title: 'Taken over',
			description: 'x',
			category: 'Arts',
			level: 'Beginner',
			price: '1',
			currency: 'USD',
		},
		maxRedirects: 0,
	})
	expect(response.status()).toBe(302)
	expect(response.headers().location).toBe('/unauthorized')
})

test("another teacher cannot open a teacher's course for editing", async ({ page, request }) => {
	const { course } = await teacherWithCourse(request)
	const other = await registerAccount(request, 'tutor', 'Otto')
	await logIn(page, other.email, password)
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	const response = await page.goto(`/teachersdashboard/courses/edit/${course.id}`)
	expect(response?.status()).toBe(403)
	await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible()
})

test('the catalogue filters by category and level in the URL, and pages', async ({ page }) => {
	await page.goto('/')
	await expect(page.getByRole('heading', { name: 'Featured courses' })).toBeVisible()
	await page
		.getByRole('navigation', { name: 'Main' })
		.getByRole('link', { name: 'Courses' })
		.click()
	await expect(page).toHaveURL(/\/courses$/)
	await page.getByLabel('Category').selectOption('Mathematics')
	await page.getByLabel('Level').selectOption('Advanced')
	await page.getByRole('button', { name: 'Show courses' }).click()
	await expect(page).toHaveURL(/\/courses\?category=Mathematics&level=Advanced$/)
	await expect(
		page.getByRole('heading', { name: 'Advanced Mathematics: Calculus and Linear Algebra' }),
	).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Algebra Foundations' })).toHaveCount(0)
	await page.getByRole('link', { name: 'Clear filters' }).click()
	await expect(page).toHaveURL(/\/courses$/)
	await expect(page.getByLabel('Category')).toHaveValue('')
	await page.goBack()
	await expect(page).toHaveURL(/level=Advanced/)
	await expect(page.getByLabel('Level')).toHaveValue('Advanced')
})

test('teacher course details show the sample course by default and a real one by id', async ({
	page,
	request,
}) => {
	const { teacher, course } = await teacherWithCourse(request)
	await logIn(page, teacher.email, password)
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	await page.goto('/teachersdashboard/course-details')
	await expect(
		page.getByRole('heading', { name: 'Advanced Mathematics: Calculus and Linear Algebra' }),
	).toBeVisible()
	await expect(page.getByText('This is a sample course')).toBeVisible()
	await expect(page.getByRole('heading', { name: '1. Limits and Continuity' })).toBeVisible()
	await page.goto('/teachersdashboard/courses')
	await page.getByRole('link', { name: course.title, exact: true }).click()
	await expect(page).toHaveURL(new RegExp(`course-details\\?courseId=${course.id}$`))
	await expect(page.getByRole('heading', { name: course.title, level: 1 })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Edit course' })).toBeVisible()
})

test('an organization sees its courses', async ({ page }) => {
	await logIn(page, 'organization@example.com', 'DemoPass123!', 'organization')
	await expect(page).toHaveURL(/\/organization\/dashboard$/)
	await page
		.getByRole('navigation', { name: 'Organization navigation' })
		.getByRole('link', { name: 'Courses' })
		.click()
	await expect(page.getByRole('row', { name: /SAT Math Preparation/ })).toBeVisible()
})

test('an update made offline is applied once the browser is back online', async ({
	page,
	request,
	context,
}, testInfo) => {
	test.skip(testInfo.project.name === 'no-js', 'The offline queue is a JavaScript island')
	const { teacher, course } = await signedInWithDraftCourse(page, request)
	await page.goto(`/teachersdashboard/courses/edit/${course.id}`)
	await expect(page.getByRole('heading', { name: `Edit ${course.title}` })).toBeVisible()

	await goOffline(page, context)
	await page.getByLabel('Title', { exact: true }).fill(`${course.title} offline`)
	await page.getByRole('button', { name: 'Save changes' }).click()
	await expect(page.getByText('You are offline. Changes will be saved locally.')).toBeVisible()
	await expect(page.getByText('One change is saved on this device')).toBeVisible()
	const queued = await page.evaluate(() =>
		JSON.parse(localStorage.getItem('course_offline_data') ?? '[]'),
	)
	expect(queued).toEqual([
		expect.objectContaining({
			type: 'UPDATE',
			timestamp: expect.any(Number),
			payload: expect.objectContaining({ title: `${course.title} offline` }),
		}),
	])
	expect((await courseAnswer(request, course.id, teacher.email)).course?.title).toBe(course.title)

	await context.setOffline(false)
	await expect(page.getByRole('heading', { name: `Edit ${course.title} offline` })).toBeVisible()
	await expect(page.getByText('One change is saved on this device')).toHaveCount(0)
	expect(await page.evaluate(() => localStorage.getItem('course_offline_data'))).toBeNull()
	expect((await courseAnswer(request, course.id, teacher.email)).course?.title).toBe(
		`${course.title} offline`,
	)

	// Nothing is replayed a second time.
	await page.goto('/teachersdashboard/courses')
	await expect(
		page.getByRole('link', { name: `${course.title} offline`, exact: true }),
	).toHaveCount(1)
	await expect(page.getByTestId('total-courses')).toHaveText('1')
})

test('a publish made offline shows on the row at once, marked, and reaches the server when back online', async ({
	page,
	request,
	context,
}, testInfo) => {
	test.skip(testInfo.project.name === 'no-js', 'The offline queue is a JavaScript island')
	const { teacher, course } = await signedInWithDraftCourse(page, request)
	await page.goto('/teachersdashboard/courses')
	const row = page.getByRole('row', { name: new RegExp(course.title) })
	await expect(row).toContainText('Draft')
	await goOffline(page, context)
	await row.getByRole('button', { name: `Publish ${course.title}` }).click()
	await expect(page.getByText('You are offline. Changes will be saved locally.')).toBeVisible()
	await expect(row).toContainText('Published')
	await expect(row.getByText('Changed offline: syncs when back online')).toBeVisible()
	await expect(row.getByRole('button', { name: `Unpublish ${course.title}` })).toBeVisible()
	expect((await courseAnswer(request, course.id, teacher.email)).course?.isPublished).toBe(false)

	await context.setOffline(false)
	await expect(row.getByText('Changed offline: syncs when back online')).toHaveCount(0)
	await expect(row).toContainText('Published')
	await expect
		.poll(async () => (await courseAnswer(request, course.id, teacher.email)).course?.isPublished)
		.toBe(true)
})

test('a delete made offline is marked on its row at once and reaches the server when back online', async ({
	page,
	request,
	context,
}, testInfo) => {
	test.skip(testInfo.project.name === 'no-js', 'The offline queue is a JavaScript island')
	const { teacher, course } = await signedInWithDraftCourse(page, request)
	await page.goto('/teachersdashboard/courses')
	await expect(page.getByTestId('total-courses')).toHaveText('1')
	await goOffline(page, context)
	await page.getByText('Delete', { exact: true }).click()
	await page.getByRole('button', { name: 'Yes, delete this course' }).click()
	await expect(page.getByText('You are offline. Changes will be saved locally.')).toBeVisible()
	await expect(page.getByTestId('total-courses')).toHaveText('0')
	const row = page.getByRole('row', { name: new RegExp(course.title) })
	await expect(row.getByText('Deleted offline: syncs when back online')).toBeVisible()
	await expect(row.getByRole('button', { name: `Publish ${course.title}` })).toHaveCount(0)
	await context.setOffline(false)
	await expect(page.getByText('You have no courses yet.')).toBeVisible()
	await expect
		.poll(async () => (await courseAnswer(request, course.id, teacher.email)).status)
		.toBe(404)
})
