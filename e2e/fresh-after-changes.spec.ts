import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test'
import { apiUrl } from '../playwright.config'
import { apiToken, password, payAtApi, registerAccount, teacherWithCourse } from './course-helpers'
import { expect, logIn, test } from './fixtures'

// Issue 16: the app caches upstream answers for 5 minutes, so every change must make stale what
// it changes, for every user it touches, and a full page reload must never show what the user
// knows is stale (docs/decisions/018).

const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0')

/** A course with one task, one upcoming session and one announcement, and its teacher. */
async function courseWithWork(request: APIRequestContext) {
	const { teacher, course } = await teacherWithCourse(request, { category: 'Arts', price: 40 })
	const headers = { authorization: `Bearer ${await apiToken(request, teacher.email)}` }
	const suffix = course.title.split(' ').pop()
	const work = {
		task: `Colour wheel ${suffix}`,
		session: `Wet on wet ${suffix}`,
		announcement: `Bring brushes ${suffix}`,
	}
	const made = await Promise.all([
		request.post(`${apiUrl}/tasks/create-task`, {
			headers,
			multipart: {
				courseId: course.id,
				title: work.task,
				taskType: 'homework',
				dueDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
			},
		}),
		request.post(`${apiUrl}/schedule/create`, {
			headers,
			multipart: {
				courseId: course.id,
				title: work.session,
				scheduledDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
				startTime: '16:00',
				duration: '60',
				timeZone: 'UTC',
			},
		}),
		request.post(`${apiUrl}/announcements`, {
			headers,
			data: {
				title: work.announcement,
				body: 'Two round brushes and a flat one.',
				courseId: course.id,
			},
		}),
	])
	for (const answer of made) expect(answer.status(), await answer.text()).toBe(201)
	return { teacher, course, work }
}

/** The teacher, signed in in a browser of their own (same JavaScript setting as the test's). */
async function teacherBrowser(browser: Browser, testInfo: TestInfo, email: string) {
	const context = await browser.newContext({
		baseURL: testInfo.project.use.baseURL,
		javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
	})
	const page = await context.newPage()
	await logIn(page, email, password)
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	return { page, close: () => context.close() }
}

const yourStudents = (page: Page) => page.getByRole('region', { name: 'Your students' })

/**
 * Each test's start: a course with its work, a new student signed in on `page` (the test's
 * browser) and its teacher in a browser of their own, who has no student yet.
 */
async function studentAndTeacher(
	{ page, request, browser }: { page: Page; request: APIRequestContext; browser: Browser },
	testInfo: TestInfo,
	name: string,
) {
	const { teacher, course, work } = await courseWithWork(request)
	const student = await registerAccount(request, 'student', name)
	const teacherView = await teacherBrowser(browser, testInfo, teacher.email)
	await expect(yourStudents(teacherView.page).getByText('No students yet.')).toBeVisible()
	await logIn(page, student.email, password)
	await expect(page).toHaveURL(/\/studentdashboard$/)
	return { course, work, student, teacherView }
}

async function studentSeesNoWork(page: Page) {
	await page.goto('/studentdashboard/tasks')
	await expect(page.getByText('No tasks yet.')).toBeVisible()
	await page.goto('/studentdashboard/sessions')
	await expect(page.getByText('No upcoming sessions.').first()).toBeVisible()
	await page.goto('/studentdashboard/announcements')
	await expect(page.getByText('No announcements yet.')).toBeVisible()
}

test('after buying, the course’s task, session and announcement show at once, and the teacher sees the student', async ({
	page,
	request,
	browser,
}, testInfo) => {
	const { course, work, student, teacherView } = await studentAndTeacher(
		{ page, request, browser },
		testInfo,
		'Nia',
	)
	await studentSeesNoWork(page)

	await page.goto(`/course/${course.id}/checkout`)
	await page.getByLabel('Name on card').fill('Nia Tester')
	await page.getByLabel('Card number').fill('4242 4242 4242 4242')
	await page.getByLabel('Expiry (MM/YY)').fill(`12/${nextYear}`)
	await page.getByLabel('Security code (CVC)').fill('123')
	await page.getByRole('button', { name: /^Pay \$/ }).click()
	await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible()

	await page.goto('/studentdashboard/tasks')
	await expect(page.getByText(work.task)).toBeVisible()
	await page.goto('/studentdashboard/sessions')
	await expect(page.getByText(work.session).first()).toBeVisible()
	await page.goto('/studentdashboard/announcements')
	await expect(page.getByText(work.announcement)).toBeVisible()

	// The teacher moves on to the dashboard again (not a reload): the new student is there.
	await teacherView.page.goto('/teachersdashboard/courses')
	await teacherView.page.goto('/teachersdashboard')
	await expect(yourStudents(teacherView.page).getByText(student.name)).toBeVisible()
	await teacherView.close()
})

test('a payment settled where the app cannot see it shows on a full page reload', async ({
	page,
	request,
	browser,
}, testInfo) => {
	const { course, work, student, teacherView } = await studentAndTeacher(
		{ page, request, browser },
		testInfo,
		'Oli',
	)
	await page.goto('/studentdashboard/tasks')
	await expect(page.getByText('No tasks yet.')).toBeVisible()

	// The provider confirms straight to the API (as Stripe's webhook does): the app sees nothing.
	await payAtApi(request, student, course.id)

	await page.reload()
	await expect(page.getByText(work.task)).toBeVisible()
	await teacherView.page.reload()
	await expect(yourStudents(teacherView.page).getByText(student.name)).toBeVisible()
	await teacherView.close()
})

test('a payment the provider settles at the API shows everywhere once the student’s processing page sees it', async ({
	page,
	request,
	browser,
}, testInfo) => {
	const { course, work, student, teacherView } = await studentAndTeacher(
		{ page, request, browser },
		testInfo,
		'Pax',
	)
	await studentSeesNoWork(page)

	// As with Stripe: the checkout opens the payment, the provider's webhook settles it at the API,
	// and the browser comes back to the processing page.
	const payment = await payAtApi(request, student, course.id)
	await page.goto(`/courses/${course.id}/processing/${payment.id}`)
	await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible()

	await page.goto('/studentdashboard/tasks')
	await expect(page.getByText(work.task)).toBeVisible()
	await page.goto('/studentdashboard/sessions')
	await expect(page.getByText(work.session).first()).toBeVisible()
	await page.goto('/studentdashboard/announcements')
	await expect(page.getByText(work.announcement)).toBeVisible()
	// Away and back (the same address again could count as a reload).
	await teacherView.page.goto('/teachersdashboard/courses')
	await teacherView.page.goto('/teachersdashboard')
	await expect(yourStudents(teacherView.page).getByText(student.name)).toBeVisible()
	await teacherView.close()
})
