import type { Page } from '@playwright/test'
import { apiUrl } from '../playwright.config'
import { callApi, demoPassword, expect, test, uniqueEmail } from './fixtures'

// The teaching area in the school's language (issue 40, decision 063): a student whose browser
// asks for Arabic takes a timed test and hands in a task, right to left on a 360 px phone; a
// teacher whose browser asks for French grades it. The demo teacher teaches Algebra Foundations,
// where the demo student is enrolled; every run makes its own test and task.

const TEACHER = 'teacher@example.com'
const STUDENT = 'student@example.com'
const password = 'a-good-password'

const unique = (prefix: string) =>
	`${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

async function apiLogin(email: string, secret = demoPassword) {
	const answer = await callApi('POST', '/auth/login', { email, password: secret })
	expect(answer.status).toBe(200)
	return answer.body.user.accessToken as string
}

/** An active three-question test of `minutes` by a new teacher, straight through the API. */
async function activeTest(title: string, minutes: number) {
	const email = uniqueEmail('i18n-teacher')
	await callApi('POST', '/auth/register-tutor', {
		firstName: 'Amal',
		lastName: 'Haddad',
		email,
		password,
	})
	const created = await callApi(
		'POST',
		'/qa/create-template',
		{
			title,
			timeLimit: minutes,
			isActive: 1,
			questions: [1, 2, 3].map((id) => ({
				id,
				questionText: `${id} + ${id} = ?`,
				options: [id * 2, id * 2 + 1].map((value, index) => ({
					text: String(value),
					isCorrect: index === 0,
				})),
			})),
		},
		await apiLogin(email, password),
	)
	expect(created.status).toBe(201)
	return created.body.template.id as string
}

/** A task in the demo teacher's Algebra Foundations, due in three days. */
async function demoTask(title: string) {
	const token = await apiLogin(TEACHER)
	const headers = { authorization: `Bearer ${token}` }
	const courses = await fetch(`${apiUrl}/tasks/courses?search=Algebra`, { headers })
	const { courses: found } = (await courses.json()) as { courses: { id: string; title: string }[] }
	const course = found.find((each) => each.title === 'Algebra Foundations')
	expect(course).toBeTruthy()
	const form = new FormData()
	form.set('courseId', course!.id)
	form.set('title', title)
	form.set('taskType', 'homework')
	form.set('dueDate', new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString())
	const created = await fetch(`${apiUrl}/tasks/create-task`, {
		method: 'POST',
		headers,
		body: form,
	})
	expect(created.status).toBe(201)
	return ((await created.json()) as { task: { id: string } }).task.id
}

/**
 * Signs in through the login form by its fields' names, whatever language the page speaks, and
 * waits for the area's dashboard.
 */
async function signIn(page: Page, email: string) {
	await page.goto('/login')
	const form = page.locator('form:has(input[name="password"])')
	await form.locator('input[name="email"]').fill(email)
	await form.locator('input[name="password"]').fill(demoPassword)
	await form.locator('button:not([type="button"])').click()
	await expect(page).toHaveURL(/\/(studentdashboard|teachersdashboard)$/)
}

/** Nothing on the page is wider than the phone's screen. */
async function fitsTheScreen(page: Page) {
	await expect
		.poll(() => page.evaluate(() => document.documentElement.scrollWidth))
		.toBeLessThanOrEqual(360)
}

async function speaks(page: Page, lang: string, dir: 'rtl' | 'ltr') {
	await expect(page.locator('html')).toHaveAttribute('lang', lang)
	await expect(page.locator('html')).toHaveAttribute('dir', dir)
}

test.describe('a student whose browser asks for Arabic', () => {
	test.use({ locale: 'ar', viewport: { width: 360, height: 780 } })

	test('takes a timed test with a readable right-to-left timer and hands in a task', async ({
		page,
	}, testInfo) => {
		test.slow()
		const js = testInfo.project.name === 'js'
		const title = unique('حساب')
		const templateId = await activeTest(title, 10)
		const taskTitle = unique('ورقة الكسور')
		const taskId = await demoTask(taskTitle)

		await signIn(page, STUDENT)
		await page.goto(`/studentdashboard/test/${templateId}`)
		await speaks(page, 'ar', 'rtl')
		await expect(page.getByRole('heading', { name: title })).toBeVisible()
		// Arabic's plural for ten (few); Arabic as CLDR writes it now, with Western digits.
		await expect(page.getByText('10 دقائق', { exact: true })).toBeVisible()
		await expect(page.getByText(/يبدأ العدّ عند الضغط على «بدء الاختبار»/)).toBeVisible()
		await fitsTheScreen(page)
		await page.getByRole('button', { name: 'بدء الاختبار' }).click()
		await expect(page).toHaveURL(/\?session=/)

		if (js) {
			// The clock reads minutes on the left as on any clock, inside the screen.
			const clock = page.getByTestId('timer-clock')
			await expect(page.getByRole('timer')).toHaveText(/^الوقت المتبقي: (10:00|9:[0-5]\d)$/)
			await expect(clock).toHaveAttribute('dir', 'ltr')
			const order = await clock.evaluate((element) => {
				const text = element.firstChild!
				const range = document.createRange()
				const at = (index: number) => {
					range.setStart(text, index)
					range.setEnd(text, index + 1)
					return range.getBoundingClientRect().left
				}
				return { first: at(0), last: at((text.textContent ?? '').length - 1) }
			})
			expect(order.first).toBeLessThan(order.last)
			const box = await page.getByRole('timer').boundingBox()
			expect(box!.x).toBeGreaterThanOrEqual(0)
			expect(box!.x + box!.width).toBeLessThanOrEqual(360)
			await expect(page.getByText(/^ينتهي في /)).toBeVisible()
			await expect(page.getByRole('button', { name: 'إخفاء المؤقت' })).toBeVisible()
		} else {
			await expect(page.getByText(/^المدة المحددة: 10 دقائق\. يُغلق هذا الاختبار في/)).toBeVisible()
		}
		await speaks(page, 'ar', 'rtl')
		await fitsTheScreen(page)
		const first = page.getByRole('group', { name: /^السؤال 1 من 3: / })
		await first.getByRole('radio', { name: '2', exact: true }).check()
		await page.getByRole('button', { name: 'تسليم الاختبار' }).click()

		await expect(page).toHaveURL(/\/studentdashboard\/test-result\//)
		await expect(page.getByText('سُلِّم الاختبار بنجاح!')).toBeVisible()
		await expect(page.getByRole('heading', { name: `النتيجة: ${title}` })).toBeVisible()
		await expect(page.getByTestId('score')).toHaveText(/^1 \/ 3 \(33\u200e?%\u200e?\)$/)
		await expect(page.getByText('دون إجابة', { exact: true }).first()).toBeVisible()
		await speaks(page, 'ar', 'rtl')
		await fitsTheScreen(page)

		await page.goto(`/studentdashboard/task-details?taskId=${encodeURIComponent(taskId)}`)
		await expect(page.getByRole('heading', { name: taskTitle, level: 1 })).toBeVisible()
		await expect(page.getByText('قيد الانتظار', { exact: true })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'سلّم عملك' })).toBeVisible()
		await fitsTheScreen(page)
		await page
			.getByLabel('ملفك')
			.setInputFiles({ name: 'answers.txt', mimeType: 'text/plain', buffer: Buffer.from('x = 4') })
		await page.getByRole('button', { name: 'تسليم المهمة' }).click()
		await expect(page.getByText('سُلّمت المهمة بنجاح')).toBeVisible()
		await expect(page.getByText('تم التسليم', { exact: true })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'أعد تسليم عملك' })).toBeVisible()
		await speaks(page, 'ar', 'rtl')
		await fitsTheScreen(page)
	})
})

test.describe('a teacher whose browser asks for French', () => {
	test.use({ locale: 'fr' })

	test('grades a task on pages in French', async ({ page }) => {
		test.slow()
		const title = unique('Fiche de fractions')
		const taskId = await demoTask(title)
		// The demo student hands work in straight at the API.
		const work = new FormData()
		work.set('file', new Blob(['x = 4'], { type: 'text/plain' }), 'answers.txt')
		const submitted = await fetch(`${apiUrl}/tasks/${encodeURIComponent(taskId)}/submit`, {
			method: 'POST',
			headers: { authorization: `Bearer ${await apiLogin(STUDENT)}` },
			body: work,
		})
		expect(submitted.status).toBe(201)

		await signIn(page, TEACHER)
		await page.goto(`/teachersdashboard/tasks/submissions?taskId=${encodeURIComponent(taskId)}`)
		await speaks(page, 'fr', 'ltr')
		await expect(page).toHaveTitle(`${title} : rendus | TutorHub`)
		await expect(page.getByRole('heading', { name: `${title} : rendus` })).toBeVisible()
		await expect(page.getByText('Télécharger les rendus et les notes')).toBeVisible()
		await expect(page.getByText(/^Remis : 1, en attente : \d+, sur \d+ inscrits$/)).toBeVisible()
		await expect(page.getByText('Note moyenne : aucune pour l’instant')).toBeVisible()
		await expect(
			page.getByRole('table', { name: 'Répartition des notes (travaux notés : 0)' }),
		).toBeVisible()
		const row = page.getByRole('row', { name: /Sam Rivera/ })
		await row.getByRole('link', { name: /^Noter/ }).click()

		await expect(page.getByRole('heading', { name: 'Noter ce travail' })).toBeVisible()
		await expect(page.getByText('Travail remis')).toBeVisible()
		await page.getByLabel('Note (0-100)').fill('150')
		await page.getByRole('button', { name: 'Enregistrer la note' }).click()
		await expect(page.getByText('Saisissez une note de 0 à 100').first()).toBeVisible()
		await page.getByLabel('Note (0-100)').fill('88')
		await page.getByLabel('Appréciation (facultatif)').fill('Très bien.')
		await page.getByRole('button', { name: 'Enregistrer la note' }).click()
		await expect(page.getByText('Devoir noté avec succès')).toBeVisible()
		await speaks(page, 'fr', 'ltr')
	})
})
