import { courseAnswer, password, teacherWithCourse } from './course-helpers'
import { expect, logIn, test } from './fixtures'

// Offline (issue 10): 100 changes queued while offline are replayed once the browser is back:
// all applied, in order, none lost and none applied twice, even when an answer is lost and the
// page reloads in the middle of the replay, and when the 'online' event fires more than once.

const changes = 100

type Post = { title: string; status: number; repeat: boolean; lost: boolean }

test('100 course edits queued offline are applied once each, in order, after reconnecting', async ({
	page,
	request,
	context,
}, testInfo) => {
	test.skip(testInfo.project.name === 'no-js', 'the offline queue lives in browser storage')
	test.setTimeout(120_000)
	const { teacher, course } = await teacherWithCourse(request, { isPublished: false })
	const editPath = `/teachersdashboard/courses/edit/${course.id}`
	const titleOf = (index: number) => `${course.title} #${String(index).padStart(3, '0')}`
	const allTitles = Array.from({ length: changes }, (_, index) => titleOf(index + 1))
	const waiting = page.getByRole('status').filter({ hasText: 'saved on this device' })

	await logIn(page, teacher.email, password)
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	await page.goto(editPath)
	await expect(page.getByRole('heading', { name: `Edit ${course.title}` })).toBeVisible()
	// The router has finished discovering the page's links before the network goes away.
	await page.waitForLoadState('networkidle')

	// 100 edits through the form, each submitted with Enter as a keyboard user would.
	await context.setOffline(true)
	const title = page.getByLabel('Title', { exact: true })
	for (let index = 1; index <= changes; index++) {
		await title.fill(titleOf(index))
		await title.press('Enter')
		if (index === 1) await expect(waiting).toContainText('One change is saved on this device')
		else if (index % 25 === 0)
			await expect(waiting).toContainText(`${index} changes are saved on this device`)
	}
	const queued = await page.evaluate(
		() =>
			JSON.parse(localStorage.getItem('course_offline_data') ?? '[]') as {
				id: string
				payload: { title: string }
			}[],
	)
	expect(queued.map((item) => item.payload.title)).toEqual(allTitles)
	expect(new Set(queued.map((item) => item.id)).size).toBe(changes)
	// Nothing reached the server while offline.
	expect((await courseAnswer(request, course.id, teacher.email)).course?.title).toBe(course.title)

	// Every post the browser makes to the edit action from now on, with the server's answer. The
	// 30th change reaches the server and is applied, but its answer is lost on the way back (a
	// gateway gives up waiting: 408): the replay stops there and keeps it, to be sent again.
	const posts: Post[] = []
	const cut = titleOf(30)
	await page.route(`**${editPath}`, async (route) => {
		const sent = route.request()
		if (sent.method() !== 'POST') return route.fallback()
		const answer = await route.fetch({ maxRedirects: 0 })
		const post: Post = {
			title: new URLSearchParams(sent.postData() ?? '').get('title') ?? '',
			status: answer.status(),
			repeat: answer.headers()['x-offline-replay'] === 'repeat',
			lost: false,
		}
		post.lost = post.title === cut && !posts.some((earlier) => earlier.title === cut)
		posts.push(post)
		if (post.lost) await route.fulfill({ status: 408, body: '' })
		else await route.fulfill({ response: answer })
	})

	await context.setOffline(false)
	// A flaky connection fires 'online' again while the replay runs.
	await page.evaluate(() => {
		window.dispatchEvent(new Event('online'))
		window.dispatchEvent(new Event('online'))
	})
	await expect.poll(() => posts.some((post) => post.title === cut), { timeout: 30_000 }).toBe(true)
	await expect(waiting).toContainText(`${changes - 29} changes are saved on this device`)
	// The page reloads: the rest, the lost answer's change first, is sent from the reloaded page.
	await page.reload()

	await expect(page.getByRole('heading', { name: `Edit ${titleOf(changes)}` })).toBeVisible({
		timeout: 60_000,
	})
	await expect(waiting).toHaveCount(0)
	expect(await page.evaluate(() => localStorage.getItem('course_offline_data'))).toBeNull()
	// Another 'online' event and another reload send nothing more.
	await page.evaluate(() => window.dispatchEvent(new Event('online')))
	await page.reload()
	await expect(page.getByRole('heading', { name: `Edit ${titleOf(changes)}` })).toBeVisible()
	await page.waitForLoadState('networkidle')

	// None lost, in order: the titles in the order first sent are the 100 edits in the order made.
	expect([...new Set(posts.map((post) => post.title))]).toEqual(allTitles)
	for (const edit of allTitles) {
		const answers = posts
			.filter((post) => post.title === edit)
			.map(({ status, repeat, lost }) => ({ status, repeat, lost }))
		if (edit === cut) {
			// Sent twice; the server had applied the first and answered the second without applying it.
			expect(answers, edit).toEqual([
				{ status: 302, repeat: false, lost: true },
				{ status: 204, repeat: true, lost: false },
			])
		} else {
			// Sent once, applied: the action's redirect.
			expect(answers, edit).toEqual([{ status: 302, repeat: false, lost: false }])
		}
	}
	expect((await courseAnswer(request, course.id, teacher.email)).course?.title).toBe(
		titleOf(changes),
	)
})
