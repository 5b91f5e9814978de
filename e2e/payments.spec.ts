import type { Page } from '@playwright/test'
import { apiUrl } from '../playwright.config'
import {
	apiToken,
	courseAnswer,
	password,
	registerAccount,
	teacherWithCourse,
} from './course-helpers'
import { demoPassword, expect, logIn, test } from './fixtures'

const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0')

async function payWithCard(page: Page, cardNumber: string) {
	await page.getByLabel('Name on card').fill('Sam Tester')
	await page.getByLabel('Card number').fill(cardNumber)
	await page.getByLabel('Expiry (MM/YY)').fill(`12/${nextYear}`)
	await page.getByLabel('Security code (CVC)').fill('123')
	await page.getByRole('button', { name: /^Pay \$/ }).click()
}

test('a visitor buys a course with the success card and sees it under their courses', async ({
	page,
	request,
}) => {
	const { teacher, course } = await teacherWithCourse(request, { category: 'Arts', price: 45 })
	const student = await registerAccount(request, 'student', 'Sam')

	await page.goto('/courses?category=Arts')
	await page.getByRole('link', { name: `Buy ${course.title}` }).click()
	// A visitor logs in first and comes back to the checkout.
	await expect(page).toHaveURL(/\/login\?redirectTo=/)
	await page.getByLabel('Email').fill(student.email)
	await page.getByLabel('Password').fill(password)
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page).toHaveURL(new RegExp(`/course/${course.id}/checkout$`))
	await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()
	await expect(page.getByText(course.title)).toBeVisible()

	await payWithCard(page, '4242 4242 4242 4242')
	await expect(page).toHaveURL(new RegExp(`/courses/${course.id}/success\\?payment=[0-9a-f-]{36}$`))
	await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible()
	await expect(page.getByText(`You are now enrolled in ${course.title}.`)).toBeVisible()

	await page.getByRole('link', { name: 'My courses' }).first().click()
	await expect(page).toHaveURL(/\/studentdashboard\/courses$/)
	await expect(page.getByRole('heading', { name: course.title })).toBeVisible()
	await page.getByRole('link', { name: `Open ${course.title}` }).click()
	await expect(page.getByText('You are enrolled')).toBeVisible()
	expect((await courseAnswer(request, course.id, teacher.email)).course?.enrolledStudents).toBe(1)

	// Buying again is not offered.
	await page.goto(`/course/${course.id}/checkout`)
	await expect(page.getByText('You are already enrolled in this course.')).toBeVisible()
})

test('the declined card lands on the failed page and enrols nothing', async ({ page, request }) => {
	const { teacher, course } = await teacherWithCourse(request, { category: 'Arts', price: 30 })
	const student = await registerAccount(request, 'student', 'Dee')
	await logIn(page, student.email, password)
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await page.goto(`/course/${course.id}/checkout`)
	await payWithCard(page, '4000 0000 0000 0002')
	await expect(page).toHaveURL(new RegExp(`/courses/${course.id}/failed\\?payment=`))
	await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible()
	await expect(page.getByText('Your card was declined.')).toBeVisible()
	expect((await courseAnswer(request, course.id, teacher.email)).course?.enrolledStudents).toBe(0)
	await page.goto('/studentdashboard/courses')
	await expect(page.getByText('You are not enrolled in any course yet.')).toBeVisible()

	// Try again with the insufficient-funds card: another failure, with its own reason.
	await page.goto(`/course/${course.id}/checkout`)
	await payWithCard(page, '4000000000009995')
	await expect(page.getByText('Your card has insufficient funds.')).toBeVisible()
	await page.getByRole('link', { name: 'Try again' }).click()
	await expect(page).toHaveURL(new RegExp(`/course/${course.id}/checkout$`))
})

test('the last seat taken while paying: the failed page says why, and nothing is charged', async ({
	page,
	request,
}) => {
	const teacher = await registerAccount(request, 'tutor', 'Tess')
	const created = await request.post(`${apiUrl}/courses/create-course`, {
		headers: { authorization: `Bearer ${await apiToken(request, teacher.email)}` },
		data: {
			title: `One seat ${Math.random().toString(36).slice(2, 8)}`,
			description: 'Only one student fits in this course.',
			category: 'Arts',
			level: 'Beginner',
			price: { amount: 30, currency: 'USD' },
			maxStudents: 1,
			isPublished: true,
		},
	})
	expect(created.status()).toBe(201)
	const { course } = (await created.json()) as { course: { id: string; title: string } }
	const [ana, ben] = await Promise.all([
		registerAccount(request, 'student', 'Ana'),
		registerAccount(request, 'student', 'Ben'),
	])
	const checkout = async (email: string) => {
		const answer = await request.post(`${apiUrl}/payments/checkout`, {
			headers: { authorization: `Bearer ${await apiToken(request, email)}` },
			data: { courseId: course.id },
		})
		return ((await answer.json()) as { payment: { id: string } }).payment
	}
	// Ben opened his checkout while the seat was free; Ana then paid for it first.
	await checkout(ben.email)
	const anas = await checkout(ana.email)
	const paid = await request.post(`${apiUrl}/payments/${anas.id}/pay`, {
		headers: { authorization: `Bearer ${await apiToken(request, ana.email)}` },
		data: {
			cardNumber: '4242424242424242',
			expMonth: 12,
			expYear: 2000 + Number(nextYear),
			cvc: '123',
			name: 'Ana Tester',
		},
	})
	expect(paid.status()).toBe(200)

	await logIn(page, ben.email, password)
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await page.goto(`/course/${course.id}/checkout`)
	await payWithCard(page, '4242 4242 4242 4242')
	await expect(page).toHaveURL(new RegExp(`/courses/${course.id}/failed\\?payment=`))
	await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible()
	await expect(
		page.getByText(
			'This course filled up before your payment went through. You have not been charged.',
		),
	).toBeVisible()
	expect((await courseAnswer(request, course.id, teacher.email)).course?.enrolledStudents).toBe(1)
	await page.goto('/studentdashboard/courses')
	await expect(page.getByText('You are not enrolled in any course yet.')).toBeVisible()
})

test('the card form refuses a mistyped number without charging', async ({
	page,
	request,
}, testInfo) => {
	const { course } = await teacherWithCourse(request, { category: 'Arts' })
	const student = await registerAccount(request, 'student', 'Lee')
	await logIn(page, student.email, password)
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await page.goto(`/course/${course.id}/checkout`)
	await payWithCard(page, '4242 4242 4242 4241')
	await expect(page.getByText('Enter a valid card number')).toBeVisible()
	await expect(page).toHaveURL(new RegExp(`/course/${course.id}/checkout$`))
	// Without JavaScript the server answered: it never sends the card number back into the page.
	if (testInfo.project.name === 'no-js')
		await expect(page.getByLabel('Card number')).toHaveValue('')
	await expect(page.getByLabel('Name on card')).toHaveValue('Sam Tester')
})

test('a teacher sets up payment receiving', async ({ page, request }) => {
	const teacher = await registerAccount(request, 'tutor', 'Pat')
	await logIn(page, teacher.email, password)
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	await page
		.getByRole('navigation', { name: 'Teacher navigation' })
		.getByRole('link', { name: 'Payment setup' })
		.click()
	await expect(page.getByTestId('payout-status')).toHaveText(/Not set up/)
	await page.getByRole('button', { name: 'Set up payments' }).click()
	await expect(page).toHaveURL(/\/teachersdashboard\/stripe\/complete-onboarding$/)
	await expect(page.getByText('Your payout account is ready.')).toBeVisible()
	await page.getByRole('link', { name: 'Back to payment setup' }).click()
	await expect(page.getByTestId('payout-status')).toHaveText(/Ready/)
})

test('an organization sets up payment receiving', async ({ page }) => {
	await logIn(page, 'organization@example.com', 'DemoPass123!', 'organization')
	await expect(page).toHaveURL(/\/organization\/dashboard$/)
	await page.goto('/organization/payment-setup')
	await expect(page.getByRole('heading', { name: 'Payment setup' })).toBeVisible()
	const setUp = page.getByRole('button', { name: /Set up payments|Continue setup/ })
	if (await setUp.count()) await setUp.click()
	else await page.goto('/organization/stripe/complete-onboarding')
	await expect(page).toHaveURL(/\/organization\/stripe\/complete-onboarding$/)
	await expect(page.getByText('Your payout account is ready.')).toBeVisible()
})

test('a teacher finds their own student by email; another teacher and a student may not', async ({
	page,
	request,
}) => {
	await logIn(page, 'teacher@example.com', demoPassword)
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	await page.goto('/courses/find-student')
	await page.getByLabel('Student email').fill('student@example.com')
	await page.getByRole('button', { name: 'Find student' }).click()
	await expect(page.getByRole('heading', { name: 'Sam Rivera' })).toBeVisible()
	await page.getByLabel('Student email').fill('nobody-here@example.com')
	await page.getByRole('button', { name: 'Find student' }).click()
	await expect(page.locator('form [role="alert"]').getByText('Student not found')).toBeVisible()

	// A teacher the student has no course with learns nothing, not even that the account exists.
	const stranger = await registerAccount(request, 'tutor', 'Fay')
	await page.context().clearCookies()
	await logIn(page, stranger.email, password)
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	await page.goto('/courses/find-student')
	await page.getByLabel('Student email').fill('student@example.com')
	await page.getByRole('button', { name: 'Find student' }).click()
	await expect(page.locator('form [role="alert"]').getByText('Student not found')).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Sam Rivera' })).toHaveCount(0)

	const student = await registerAccount(request, 'student', 'Kim')
	await page.context().clearCookies()
	await logIn(page, student.email, password)
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await page.goto('/courses/find-student')
	await expect(page).toHaveURL(/\/unauthorized$/)
})

test('the processing page follows a payment until the provider confirms it', async ({
	page,
	request,
}, testInfo) => {
	const { course } = await teacherWithCourse(request, { category: 'Arts' })
	const student = await registerAccount(request, 'student', 'Pia')
	await logIn(page, student.email, password)
	await expect(page).toHaveURL(/\/studentdashboard$/)
	const token = await apiToken(request, student.email)
	const started = await request.post(`${apiUrl}/payments/checkout`, {
		headers: { authorization: `Bearer ${token}` },
		data: { courseId: course.id },
	})
	const { payment } = (await started.json()) as { payment: { id: string } }

	await page.goto(`/courses/${course.id}/processing/${payment.id}`)
	await expect(page.getByRole('heading', { name: 'Processing your payment…' })).toBeVisible()
	// The provider confirms while the page waits.
	const paid = await request.post(`${apiUrl}/payments/${payment.id}/pay`, {
		headers: { authorization: `Bearer ${token}` },
		data: {
			cardNumber: '4242424242424242',
			expMonth: 12,
			expYear: new Date().getFullYear() + 2,
			cvc: '123',
			name: 'Pia Tester',
		},
	})
	expect(paid.status()).toBe(200)
	// With JavaScript the page asks again by itself; without it, the reader presses "Check again".
	if (testInfo.project.name === 'no-js')
		await page.getByRole('link', { name: 'Check again' }).click()
	await expect(page).toHaveURL(new RegExp(`/courses/${course.id}/success\\?payment=[0-9a-f-]{36}$`))
	await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible()
})
