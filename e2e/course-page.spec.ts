import { expect, test } from './fixtures'
import { apiToken, registerAccount } from './course-helpers'
import { apiUrl } from '../playwright.config'

// Issue 16: a course can be read about before paying: its public page (description, outcomes,
// modules, schedule, teacher) from the catalogue, Buy from there; on a phone the checkout shows
// what is being bought above Pay.

test('a visitor reads a course before buying, then Buy leads through login to its checkout', async ({
	page,
	request,
}) => {
	const teacher = await registerAccount(request, 'tutor', 'Olive')
	const token = await apiToken(request, teacher.email)
	const title = `Pottery ${Math.random().toString(36).slice(2, 8)}`
	const created = await request.post(`${apiUrl}/courses/create-course`, {
		headers: { authorization: `Bearer ${token}` },
		data: {
			title,
			description: 'Throw, trim and glaze your first bowls.',
			category: 'Arts',
			level: 'Beginner',
			price: { amount: 60, currency: 'USD' },
			learningOutcomes: ['Centre clay on the wheel'],
			modules: [{ title: 'Wedging and centring', duration: '2 weeks', topics: ['Wedging'] }],
			isPublished: true,
		},
	})
	expect(created.status()).toBe(201)
	const { course } = (await created.json()) as { course: { id: string } }

	await page.goto(`/courses/${course.id}`)
	await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
	await expect(page.getByText('Throw, trim and glaze your first bowls.')).toBeVisible()
	await expect(page.getByRole('region', { name: 'What you will learn' })).toContainText(
		'Centre clay on the wheel',
	)
	await expect(page.getByRole('region', { name: 'Modules' })).toContainText('Wedging and centring')
	await expect(page.getByText(`by ${teacher.name}`)).toBeVisible()

	await page.getByRole('link', { name: `Buy course ${title}` }).click()
	await expect(page).toHaveURL(/\/login\?redirectTo=/)
	expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirectTo') ?? '')).toBe(
		`/course/${course.id}/checkout`,
	)
})

test('the catalogue offers each course’s details next to Buy', async ({ page }) => {
	await page.goto('/courses')
	const details = page.getByRole('link', { name: /^Details of / }).first()
	const name = (await details.getAttribute('href')) ?? ''
	expect(name).toMatch(/^\/courses\/[0-9a-f-]{36}$/)
	await details.click()
	await expect(page).toHaveURL(new RegExp(`${name}$`))
	await expect(page.getByRole('link', { name: /^Buy course / })).toBeVisible()
})

test('an unknown or unpublished course has no public page', async ({ page, request }) => {
	const missing = await page.goto('/courses/00000000-0000-4000-8000-000000000000')
	expect(missing?.status()).toBe(404)
	const teacher = await registerAccount(request, 'tutor', 'Hidden')
	const token = await apiToken(request, teacher.email)
	const created = await request.post(`${apiUrl}/courses/create-course`, {
		headers: { authorization: `Bearer ${token}` },
		data: {
			title: 'Draft course',
			description: 'Not yet.',
			category: 'Arts',
			level: 'Beginner',
			price: { amount: 10, currency: 'USD' },
			isPublished: false,
		},
	})
	const { course } = (await created.json()) as { course: { id: string } }
	const draft = await page.goto(`/courses/${course.id}`)
	expect(draft?.status()).toBe(404)
})

test('on a phone the checkout shows what is bought above Pay', async ({ page }) => {
	await page.setViewportSize({ width: 360, height: 740 })
	await page.goto('/login')
	await page.getByLabel('Email').fill('student@example.com')
	await page.getByLabel('Password').fill('DemoPass123!')
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await page.goto('/courses')
	const buy = page.getByRole('link', { name: /^Buy / }).first()
	await page.goto((await buy.getAttribute('href')) ?? '')
	const order = page.getByRole('heading', { name: 'Your order' })
	const pay = page
		.getByRole('button', { name: /^Pay |^Enrol for free/ })
		.or(page.getByText('You are already enrolled in this course.'))
	const orderBox = await order.boundingBox()
	const payBox = await pay.first().boundingBox()
	expect(orderBox && payBox && orderBox.y < payBox.y).toBe(true)
	await expect(page.getByRole('link', { name: 'About this course' })).toBeVisible()
})
